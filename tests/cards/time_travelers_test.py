"""Time Travelers (Science Fiction Double Feature) and their bases Portal Room and The Nexus:
each card's ability, scripted strictly on a described board."""

from smashup.narrate import Narrator
from smashup.testing import (
    base_power,
    card_id,
    decision,
    options,
    pass_until_main,
    play,
    scenario,
    where,
)

OASIS = "jungle-oasis"  # breakpoint 12, VP 2/0/0, no ability
BRAIN = "the-central-brain"  # +1 power to each minion here
TORTUGA = "tortuga"
LIBRARY = "the-great-library"

TT = "time-travelers"
DOCTOR = f"{TT}/doctor-when"
REPEATER = f"{TT}/repeater-perfect"
RAIDER = f"{TT}/time-raider"
JUMPER = f"{TT}/jumper"
GIGAWATTS = f"{TT}/1-21-gigawatts"
DO_OVER = f"{TT}/do-over"
SLIP = f"{TT}/into-the-time-slip"
ASTOUNDING = f"{TT}/its-astounding"
FIELD = f"{TT}/stasis-field"
FLEETING = f"{TT}/time-is-fleeting"
WALK = f"{TT}/time-walk"
WORMHOLE = f"{TT}/wormhole"


def theirs(card: str, **more) -> dict:
    return {"card": card, "controller": 1, **more}


def names(game, cards) -> list[str]:
    return sorted(game.state.names[c] for c in cards)


def hand(game, p: int = 0) -> list[str]:
    return names(game, game.state.hands[p])


def discard(game, p: int = 0) -> list[str]:
    return names(game, game.state.discards[p])


def deck(game, p: int = 0) -> list[str]:
    """The deck, top card first."""
    return [game.state.names[c] for c in game.state.decks[p]]


KING_AND_MASTER = ("dinosaurs/king-rex", "ninjas/ninja-master")  # 12 power: Jungle Oasis scores


def ready_oasis(*minions: object) -> dict:
    """Jungle Oasis with these minions on it (12 power or more: ready to score)."""
    return {"base": OASIS, "minions": list(minions)}


def base_discard(game) -> list[str]:
    return [game.state.base_names[b] for b in game.state.base_discard]


def bases(game) -> list[str]:
    return [game.state.base_names[b] for b in game.state.bases]


# ---- Doctor When -------------------------------------------------------------------------------


def test_doctor_when_returns_another_minion_and_replays_it_anywhere_at_once():
    game = scenario(hands=[[DOCTOR], []],
                    bases=[{"base": OASIS, "minions": ["aliens/invader"]}, BRAIN])
    play(game, f"play {DOCTOR}#1 @ base:{OASIS}")
    # only the other minion of its player: not itself
    assert options(game) == ["aliens/invader#1", "skip"]
    play(game, "aliens/invader#1")
    assert options(game) == [f"play aliens/invader#1 @ base:{OASIS}",
                             f"play aliens/invader#1 @ base:{BRAIN}", "skip"]
    play(game, f"play aliens/invader#1 @ base:{BRAIN}")
    assert where(game, "aliens/invader#1") == f"minion@base:{BRAIN}"
    # played again: its on-play ability happens again (core Invader: gain 1 VP)
    assert game.state.vp == [1, 0]


def test_doctor_when_may_decline_to_return_anything():
    game = scenario(hands=[[DOCTOR], []],
                    bases=[{"base": OASIS, "minions": ["aliens/invader"]}, BRAIN])
    play(game, f"play {DOCTOR}#1 @ base:{OASIS}", "skip")
    assert where(game, "aliens/invader#1") == f"minion@base:{OASIS}"
    assert decision(game) == (0, "main")


def test_doctor_when_with_no_other_minion_of_yours_asks_nothing():
    game = scenario(hands=[[DOCTOR], []],
                    bases=[{"base": OASIS, "minions": [theirs("aliens/invader")]}, BRAIN])
    play(game, f"play {DOCTOR}#1 @ base:{OASIS}")
    assert decision(game) == (0, "main")
    assert where(game, "aliens/invader#1") == f"minion@base:{OASIS}"


def test_doctor_when_replay_is_now_or_never():
    """Clarification: play the extra minion immediately or not at all. Declining leaves no
    extra play for later in the phase."""
    game = scenario(hands=[[DOCTOR], []],
                    bases=[{"base": OASIS, "minions": ["aliens/invader"]}, BRAIN])
    play(game, f"play {DOCTOR}#1 @ base:{OASIS}", "aliens/invader#1", "skip")
    assert where(game, "aliens/invader#1") == "hand:0"
    assert options(game) == ["end"]  # the normal minion play went on Doctor When
    assert game.state.grants == [] and game.state.minion_plays == 0


def test_doctor_when_returns_a_controlled_minion_to_its_owner_with_no_replay():
    """Ruling: "your minions" are those you control; a minion returns to its owner's hand,
    so one you only control cannot be played again by you."""
    game = scenario(hands=[[DOCTOR], []],
                    bases=[{"base": OASIS, "minions": [
                        {"card": "aliens/invader", "owner": 1, "controller": 0}]}, BRAIN])
    play(game, f"play {DOCTOR}#1 @ base:{OASIS}", "aliens/invader#1")
    assert where(game, "aliens/invader#1") == "hand:1"
    assert decision(game) == (0, "main")


def test_doctor_when_returns_a_minion_under_smoke_bomb_and_the_bomb_is_discarded():
    """Core interaction: Smoke Bomb shields its minion from other players' actions only;
    Doctor When is a minion of the same player, so it still returns the minion, and the
    action on it goes to the discard pile."""
    game = scenario(hands=[[DOCTOR], []],
                    bases=[{"base": OASIS, "minions": [
                        {"card": "aliens/invader", "attached": ["ninjas/smoke-bomb"]}]}, BRAIN])
    play(game, f"play {DOCTOR}#1 @ base:{OASIS}", "aliens/invader#1", "skip")
    assert where(game, "aliens/invader#1") == "hand:0"
    assert where(game, "ninjas/smoke-bomb#1") == "discard:0"


# ---- Repeater Perfect --------------------------------------------------------------------------


def test_repeater_perfect_puts_a_chosen_action_on_top_of_the_deck_for_all_to_know():
    """Ruling: the action came face up out of a discard pile, so every player knows it is the
    top card (until that deck is shuffled)."""
    game = scenario(hands=[[REPEATER], []], decks=[["zombies/walker"], []],
                    discards=[["aliens/beam-up", "aliens/crop-circles", "zombies/walker"], []],
                    bases=[OASIS, BRAIN])
    play(game, f"play {REPEATER}#1 @ base:{OASIS}")
    # actions only, and no way to skip: the ability is not a "may"
    assert options(game) == ["aliens/beam-up#1", "aliens/crop-circles#1"]
    play(game, "aliens/crop-circles#1")
    assert deck(game) == ["aliens/crop-circles#1", "zombies/walker#1"]
    crop = card_id(game, "aliens/crop-circles#1")
    assert all(crop in seen for seen in game.state.known)  # everyone saw it go there


def test_repeater_perfect_with_no_action_in_the_discard_pile_does_nothing():
    game = scenario(hands=[[REPEATER], []], discards=[["zombies/walker"], []],
                    bases=[OASIS, BRAIN])
    play(game, f"play {REPEATER}#1 @ base:{OASIS}")
    assert decision(game) == (0, "main")
    assert discard(game) == ["zombies/walker#1"]


# ---- Time Raider -------------------------------------------------------------------------------


def test_time_raider_talent_puts_a_discard_on_the_bottom_of_the_deck_once_a_turn():
    game = scenario(decks=[["zombies/walker"], []],
                    discards=[["aliens/beam-up", "ninjas/ninja-master"], []],
                    bases=[{"base": OASIS, "minions": [RAIDER]}, BRAIN])
    play(game, f"use {RAIDER}#1")
    assert options(game) == ["aliens/beam-up#1", "ninjas/ninja-master#1"]  # any card, no skip
    play(game, "ninjas/ninja-master#1")
    assert deck(game) == ["zombies/walker#1", "ninjas/ninja-master#1"]
    assert f"use {RAIDER}#1" not in options(game)  # once per turn


def test_time_raider_talent_is_not_offered_with_an_empty_discard_pile():
    game = scenario(bases=[{"base": OASIS, "minions": [RAIDER]}, BRAIN])
    assert options(game) == ["end"]


# ---- Jumper ------------------------------------------------------------------------------------


def test_jumper_destroyed_may_go_back_to_its_hand():
    """Core interaction: Ninja Master destroys it."""
    board = dict(hands=[[], ["ninjas/ninja-master"]], current=1,
                 bases=[{"base": OASIS, "minions": [JUMPER]}, BRAIN])
    game = scenario(**board)
    play(game, f"play ninjas/ninja-master#1 @ base:{OASIS}", f"{JUMPER}#1")
    assert decision(game) == (0, "may")  # Jumper's controller decides
    play(game, "yes")
    assert where(game, f"{JUMPER}#1") == "hand:0"

    declined = scenario(**board)
    play(declined, f"play ninjas/ninja-master#1 @ base:{OASIS}", f"{JUMPER}#1", "no")
    assert where(declined, f"{JUMPER}#1") == "discard:0"


def test_jumper_goes_to_hand_from_a_scored_base_and_its_actions_still_go():
    game = scenario(decks=[["zombies/walker"] * 2, []],
                    bases=[ready_oasis({"card": JUMPER, "attached": ["dinosaurs/upgrade"]},
                                       "ninjas/ninja-master", "aliens/invader"), BRAIN])
    play(game, "end")
    assert decision(game) == (0, "may")
    play(game, "yes")
    assert where(game, f"{JUMPER}#1") == "hand:0"
    assert where(game, "dinosaurs/upgrade#1") == "discard:0"
    assert where(game, "ninjas/ninja-master#1") == "discard:0"


def test_jumper_returned_to_hand_asks_nothing():
    game = scenario(hands=[["aliens/supreme-overlord"], []],
                    bases=[{"base": OASIS, "minions": [theirs(JUMPER)]}, BRAIN])
    play(game, f"play aliens/supreme-overlord#1 @ base:{OASIS}", f"{JUMPER}#1")
    assert where(game, f"{JUMPER}#1") == "hand:1"
    assert decision(game) == (0, "main")


def test_jumper_controlled_by_another_player_goes_to_its_owners_hand():
    """Ruling: the player who controls Jumper decides; the card goes to its owner's hand."""
    game = scenario(hands=[[], ["ninjas/seeing-stars"]], current=1,
                    bases=[{"base": OASIS, "minions": [
                        {"card": JUMPER, "owner": 1, "controller": 0}]}, BRAIN])
    play(game, "play ninjas/seeing-stars#1")
    assert decision(game) == (0, "may")
    play(game, "yes")
    assert where(game, f"{JUMPER}#1") == "hand:1"


# ---- 1.21 Gigawatts ----------------------------------------------------------------------------

GIGA_PILE = ["aliens/beam-up", "aliens/crop-circles", "zombies/walker", "ninjas/ninja-master"]


def test_gigawatts_shuffles_all_minions_or_all_actions_never_both():
    """Clarification: the "or" is exclusive: either the actions or the minions."""
    game = scenario(hands=[[GIGAWATTS], []], discards=[GIGA_PILE, []], bases=[OASIS, BRAIN])
    play(game, f"play {GIGAWATTS}#1")
    assert options(game) == ["choice:minions", "choice:actions"]
    play(game, "choice:minions")
    assert sorted(deck(game)) == ["ninjas/ninja-master#1", "zombies/walker#1"]
    assert discard(game) == ["aliens/beam-up#1", "aliens/crop-circles#1", f"{GIGAWATTS}#1"]

    actions = scenario(hands=[[GIGAWATTS], []], discards=[GIGA_PILE, []], bases=[OASIS, BRAIN])
    play(actions, f"play {GIGAWATTS}#1", "choice:actions")
    assert sorted(deck(actions)) == ["aliens/beam-up#1", "aliens/crop-circles#1"]
    assert discard(actions) == ["ninjas/ninja-master#1", f"{GIGAWATTS}#1", "zombies/walker#1"]


def test_gigawatts_with_one_kind_in_the_pile_asks_nothing_and_shuffles():
    """Ruling: only a kind of card the discard pile holds is offered (choosing an empty kind
    would do nothing), so with one kind there is no question."""
    game = scenario(hands=[[GIGAWATTS], []], decks=[["zombies/walker"] * 3, []],
                    discards=[["aliens/beam-up", "aliens/crop-circles"], []], bases=[OASIS, BRAIN])
    play(game, f"play {GIGAWATTS}#1")
    assert decision(game) == (0, "main")
    assert sorted(deck(game)) == ["aliens/beam-up#1", "aliens/crop-circles#1",
                                  "zombies/walker#1", "zombies/walker#2", "zombies/walker#3"]
    assert any(ev["kind"] == "shuffled" and ev["player"] == 0 for ev in game.events)
    assert discard(game) == [f"{GIGAWATTS}#1"]  # not shuffled in itself: it was resolving


def test_gigawatts_with_an_empty_discard_pile_does_nothing():
    game = scenario(hands=[[GIGAWATTS], []], decks=[["zombies/walker"], []], bases=[OASIS, BRAIN])
    play(game, f"play {GIGAWATTS}#1")
    assert not any(ev["kind"] == "shuffled" for ev in game.events)
    assert discard(game) == [f"{GIGAWATTS}#1"]


def test_gigawatts_is_shown_with_its_printed_name():
    """Clarification: "Gigawatts is pronounced with a J." It changes nothing in play; what
    players read is the printed spelling, in options and in labels."""
    game = scenario(hands=[[GIGAWATTS], []], bases=[OASIS, BRAIN])
    assert f"play {GIGAWATTS}#1" in options(game)
    g = game.state
    gig = card_id(game, f"{GIGAWATTS}#1")
    assert g.defs[gig].name == "1.21 Gigawatts"
    labels = [game.action_label(a) for a in game.legal_actions()]
    assert "Play 1.21 Gigawatts" in labels


# ---- Do Over! ----------------------------------------------------------------------------------


def test_do_over_returns_your_minion_and_may_replay_it_at_once():
    """Core interaction: the replayed Invader's on-play ability happens again."""
    game = scenario(hands=[[DO_OVER], []],
                    bases=[{"base": OASIS, "minions": ["aliens/invader", theirs("zombies/walker")]},
                           BRAIN])
    play(game, f"play {DO_OVER}#1")
    # your minion only, and mandatory: with one candidate it is chosen without asking
    assert options(game) == [f"play aliens/invader#1 @ base:{OASIS}",
                             f"play aliens/invader#1 @ base:{BRAIN}", "skip"]
    play(game, f"play aliens/invader#1 @ base:{BRAIN}")
    assert where(game, "aliens/invader#1") == f"minion@base:{BRAIN}"
    assert game.state.vp == [1, 0]
    assert game.state.minion_plays == 1  # the replay was an extra: the normal play is left


def test_do_over_replay_is_now_or_never():
    """Clarification: play the extra minion immediately or not at all."""
    game = scenario(hands=[[DO_OVER], []],
                    bases=[{"base": OASIS, "minions": ["aliens/invader", "zombies/walker"]}, BRAIN],
                    plays={"minion": 0, "action": 1})
    play(game, f"play {DO_OVER}#1")
    assert options(game) == ["aliens/invader#1", "zombies/walker#1"]  # no skip: it must return
    play(game, "zombies/walker#1", "skip")
    assert where(game, "zombies/walker#1") == "hand:0"
    assert options(game) == ["end"]  # no extra play kept for later


def test_do_over_with_no_minion_of_yours_in_play_does_nothing():
    game = scenario(hands=[[DO_OVER], []],
                    bases=[{"base": OASIS, "minions": [theirs("zombies/walker")]}, BRAIN])
    play(game, f"play {DO_OVER}#1")
    assert decision(game) == (0, "main")
    assert where(game, "zombies/walker#1") == f"minion@base:{OASIS}"


# ---- Into the Time Slip ------------------------------------------------------------------------


def test_into_the_time_slip_returns_any_card_in_play_to_its_owner():
    board = dict(hands=[[SLIP], []],
                 bases=[{"base": OASIS, "minions": [
                     theirs("zombies/walker", attached=[{"card": "dinosaurs/upgrade", "owner": 0}]),
                     {"card": "aliens/invader", "owner": 1, "controller": 0}],
                     "actions": [theirs("zombies/overrun", owner=1)]}, BRAIN])
    game = scenario(**board)
    play(game, f"play {SLIP}#1")
    assert options(game) == ["zombies/walker#1", "aliens/invader#1", "zombies/overrun#1",
                             "dinosaurs/upgrade#1"]  # no skip
    play(game, "dinosaurs/upgrade#1")  # an action on a minion
    assert where(game, "dinosaurs/upgrade#1") == "hand:0"

    base_action = scenario(**board)
    play(base_action, f"play {SLIP}#1", "zombies/overrun#1")  # an action on a base
    assert where(base_action, "zombies/overrun#1") == "hand:1"

    controlled = scenario(**board)
    play(controlled, f"play {SLIP}#1", "aliens/invader#1")  # to its owner, not its controller
    assert where(controlled, "aliens/invader#1") == "hand:1"


def test_into_the_time_slip_cannot_touch_a_minion_under_another_players_smoke_bomb():
    """Core interaction: Smoke Bomb keeps other players' actions off its minion."""
    game = scenario(hands=[[SLIP], []],
                    bases=[{"base": OASIS, "minions": [
                        theirs("zombies/walker", attached=["ninjas/smoke-bomb"]),
                        theirs("aliens/invader")]}, BRAIN])
    play(game, f"play {SLIP}#1")
    # the Smoke Bomb itself is not protected, the minion under it is
    assert options(game) == ["aliens/invader#1", "ninjas/smoke-bomb#1"]


def test_into_the_time_slip_reaches_buried_cards_not_stored_or_stasis_cards():
    """Ruling (query.cards_in_play): "a card in play" includes a card buried beside a base (Oops
    rulebook, Burying: buried cards "are affected by abilities that target 'cards'"); a card
    stored under a card or in stasis is not offered (EMD rulebook: stored cards "cannot be
    affected by abilities that do not mention stored cards"; cards in stasis may not be
    affected by "any ability that does not refer to stasis"). The buried card, hidden from
    the player, is offered by its place only."""
    board = dict(hands=[[SLIP], []],
                 stasis=[[], ["zombies/walker"]],
                 bases=[{"base": OASIS,
                         "minions": [{"card": "aliens/invader", "controller": 1,
                                      "stored": [{"card": "aliens/probe", "owner": 1}]}],
                         "buried": [{"card": "ninjas/shinobi", "controller": 1}]}, BRAIN])
    game = scenario(**board)
    play(game, f"play {SLIP}#1")
    assert options(game) == ["aliens/invader#1", f"choice:face-down-at-{OASIS}-of-player-2"]
    play(game, f"choice:face-down-at-{OASIS}-of-player-2")
    assert where(game, "ninjas/shinobi#1") == "hand:1"  # its owner's hand
    assert where(game, "aliens/invader#1") == f"minion@base:{OASIS}"
    assert where(game, "aliens/probe#1") == "stored:aliens/invader#1"
    assert where(game, "zombies/walker#1") == "stasis:1"

    minion = scenario(**board)
    play(minion, f"play {SLIP}#1", "aliens/invader#1")
    assert where(minion, "aliens/invader#1") == "hand:1"


def test_into_the_time_slip_with_nothing_in_play_does_nothing():
    game = scenario(hands=[[SLIP], []], bases=[OASIS, BRAIN])
    play(game, f"play {SLIP}#1")
    assert decision(game) == (0, "main")
    assert discard(game) == [f"{SLIP}#1"]


# ---- It's Astounding ---------------------------------------------------------------------------


def test_its_astounding_plays_an_action_from_the_discard_pile_before_it_is_discarded():
    """Clarification: the extra action is played at once, before It's Astounding goes to the
    discard pile (so it can never play itself)."""
    game = scenario(hands=[[ASTOUNDING], []], decks=[["zombies/walker"] * 2, []],
                    discards=[["aliens/invader", "wizards/mystic-studies"], []],
                    bases=[OASIS, BRAIN])
    play(game, f"play {ASTOUNDING}#1")
    assert options(game) == ["play wizards/mystic-studies#1", "skip"]  # actions only
    play(game, "play wizards/mystic-studies#1")
    assert hand(game) == ["zombies/walker#1", "zombies/walker#2"]  # Mystic Studies drew 2
    pile = [game.state.names[c] for c in game.state.discards[0]]
    assert pile == ["aliens/invader#1", "wizards/mystic-studies#1", f"{ASTOUNDING}#1"]
    assert game.state.action_plays == 0 and game.state.grants == []  # spent at once


def test_its_astounding_may_be_declined_and_offers_no_special_only_action():
    game = scenario(hands=[[ASTOUNDING], []], discards=[[FLEETING, WORMHOLE, "aliens/probe"], []],
                    bases=[OASIS, BRAIN])
    play(game, f"play {ASTOUNDING}#1")
    assert options(game) == ["play aliens/probe#1", "skip"]
    play(game, "skip")
    assert where(game, "aliens/probe#1") == "discard:0"


# ---- Stasis Field ------------------------------------------------------------------------------


def test_stasis_field_keeps_its_base_from_scoring_until_its_players_next_turn():
    """Ruling: "your turn" is the turn of the player who controls Stasis Field. It has nothing
    to do with stasis counters (guide §5.1)."""
    game = scenario(hands=[[FIELD], []], decks=[["zombies/walker"] * 6, ["zombies/walker"] * 6],
                    bases=[ready_oasis(*KING_AND_MASTER),
                           BRAIN])
    play(game, f"play {FIELD}#1 @ base:{OASIS}")
    assert base_power(game, OASIS) == 12  # at its breakpoint
    play(game, "end")
    assert game.state.vp == [0, 0]  # and no score
    # player 1's turn began: not the field's player, so it stays
    assert decision(game) == (1, "main")
    assert where(game, f"{FIELD}#1") == f"action@base:{OASIS}"
    play(game, "end")  # the base still does not score at the end of player 1's turn
    assert game.state.vp == [0, 0]
    # player 0's turn began: the field is destroyed; the base scores at the end of the turn
    assert decision(game) == (0, "main")
    assert where(game, f"{FIELD}#1") == "discard:0"
    play(game, "end")
    assert game.state.vp == [2, 0]


def test_stasis_field_destroyed_early_lets_its_base_score():
    """Core interaction: Infiltrate, played on that base, may destroy another action there;
    with the field gone, the base scores at the end of that very turn."""
    game = scenario(hands=[[], ["ninjas/infiltrate"]], current=1,
                    decks=[["zombies/walker"] * 4, ["zombies/walker"] * 4],
                    bases=[{**ready_oasis(*KING_AND_MASTER),
                            "actions": [{"card": FIELD, "owner": 0, "controller": 0}]}, BRAIN])
    play(game, f"play ninjas/infiltrate#1 @ base:{OASIS}")
    assert options(game) == [f"{FIELD}#1", "skip"]
    play(game, f"{FIELD}#1")
    assert where(game, f"{FIELD}#1") == "discard:0"
    play(game, "end")
    assert game.state.vp == [2, 0]


def test_stasis_field_holds_only_its_own_base():
    game = scenario(hands=[[FIELD], []], decks=[["zombies/walker"] * 4, []],
                    bases=[ready_oasis(*KING_AND_MASTER),
                           BRAIN])
    play(game, f"play {FIELD}#1 @ base:{BRAIN}", "end")
    assert game.state.vp == [2, 0]


# ---- Time is Fleeting --------------------------------------------------------------------------


def fleeting_board(**fields) -> dict:
    fields.setdefault("hands", [[FLEETING], []])
    fields.setdefault("decks", [["zombies/walker"] * 4, ["zombies/walker"] * 4])
    return dict(bases=[ready_oasis(*KING_AND_MASTER), BRAIN], base_deck=[TORTUGA],
                base_discard=[LIBRARY, "the-mothership"], **fields)


def test_time_is_fleeting_picks_the_replacement_from_the_base_discard_pile():
    game = scenario(**fleeting_board())
    play(game, "end")
    assert decision(game) == (0, "me_first")
    assert options(game) == [f"special {FLEETING}#1", "pass"]
    play(game, f"special {FLEETING}#1")
    # the base that just scored is not in the pile yet, so it cannot be chosen
    assert options(game) == [f"base:{LIBRARY}", "base:the-mothership"]
    play(game, "base:the-mothership")
    pass_until_main(game)
    assert bases(game) == ["base:the-mothership", f"base:{BRAIN}"]
    assert [game.state.base_names[b] for b in game.state.base_deck] == [f"base:{TORTUGA}"]
    assert base_discard(game) == [f"base:{LIBRARY}", f"base:{OASIS}"]
    assert where(game, f"{FLEETING}#1") == "discard:0"


def test_time_is_fleeting_cannot_choose_the_base_that_just_scored():
    """Clarification: you may not choose the same base that just scored. With only that base
    to come into the pile, Time is Fleeting is not offered at all."""
    game = scenario(**{**fleeting_board(), "base_discard": []})
    play(game, "end")
    assert game.state.vp == [2, 0]
    assert decision(game) == (1, "main")  # no window was offered
    assert bases(game) == [f"base:{TORTUGA}", f"base:{BRAIN}"]
    assert where(game, f"{FLEETING}#1") == "hand:0"


def test_time_is_fleeting_may_be_used_on_another_players_turn_and_declined():
    game = scenario(**fleeting_board(current=1))
    play(game, "end")
    assert decision(game) == (0, "me_first")
    play(game, "pass")
    pass_until_main(game)
    assert bases(game) == [f"base:{TORTUGA}", f"base:{BRAIN}"]


def test_time_is_fleeting_cannot_be_played_in_the_play_cards_phase():
    game = scenario(**fleeting_board())
    assert options(game) == ["end"]
    assert game.why_not(card_id(game, f"{FLEETING}#1")) == (
        "it is played only through its Special, when its text says")


# ---- Time Walk ---------------------------------------------------------------------------------


def test_time_walk_gives_an_extra_minion_and_action_draws_two_and_goes_under_the_deck():
    """Clarification: in your Play Cards phase the extra plays need not come before the draw;
    here they are used on the cards drawn. Ruling: everyone saw Time Walk go under the deck,
    so everyone knows where it is."""
    game = scenario(hands=[[WALK], []],
                    decks=[["dinosaurs/king-rex", "aliens/probe", "ninjas/shinobi"], []],
                    bases=[OASIS, BRAIN], plays={"minion": 0, "action": 1})
    play(game, f"play {WALK}#1")
    assert hand(game) == ["aliens/probe#1", "dinosaurs/king-rex#1"]
    assert deck(game) == ["ninjas/shinobi#1", f"{WALK}#1"]  # on the bottom, not discarded
    walk = card_id(game, f"{WALK}#1")
    assert all(walk in seen for seen in game.state.known)
    play(game, f"play dinosaurs/king-rex#1 @ base:{OASIS}")  # the extra minion, after the draw
    assert "play aliens/probe#1" in options(game)  # and the extra action


def test_time_walk_outside_play_cards_must_use_its_extras_before_drawing():
    """Clarification: played outside your Play Cards phase (here through a Mole of the Super
    Spies, as a base is about to score), the extra minion and action are played at once or
    not at all, before the 2 cards are drawn."""
    game = scenario(hands=[[WALK, "dinosaurs/armor-stego", "aliens/probe"], []],
                    decks=[["ninjas/shinobi", "ninjas/ninja-acolyte"], []],
                    bases=[ready_oasis("super-spies/mole", "dinosaurs/king-rex", "aliens/invader"),
                           BRAIN],
                    plays={"minion": 0, "action": 0})
    play(game, "end", "trigger super-spies/mole#1", f"play {WALK}#1")
    assert decision(game) == (0, "play_extra")
    assert f"play dinosaurs/armor-stego#1 @ base:{OASIS}" in options(game)
    assert hand(game) == ["aliens/probe#1", "dinosaurs/armor-stego#1"]  # nothing drawn yet
    play(game, f"play dinosaurs/armor-stego#1 @ base:{BRAIN}")
    assert options(game) == ["play aliens/probe#1", "skip"]
    play(game, "skip")
    assert hand(game) == ["aliens/probe#1", "ninjas/ninja-acolyte#1", "ninjas/shinobi#1"]
    assert game.state.grants == []


# ---- Wormhole ----------------------------------------------------------------------------------


def test_wormhole_shuffles_any_number_of_your_minions_there_into_your_deck():
    """Core interaction: a Special in a scoring window. The minions shuffled in do not go to
    the discard pile with the rest."""
    game = scenario(hands=[[WORMHOLE], []], decks=[["zombies/walker"] * 4, []],
                    bases=[ready_oasis(*KING_AND_MASTER, theirs("aliens/invader")), BRAIN])
    play(game, "end")
    assert options(game) == [f"special {WORMHOLE}#1", "pass"]
    play(game, f"special {WORMHOLE}#1")
    # only your minions there; any number
    assert options(game) == ["dinosaurs/king-rex#1", "ninjas/ninja-master#1", "done"]
    play(game, "dinosaurs/king-rex#1", "done")
    assert where(game, "dinosaurs/king-rex#1") == "deck:0"
    assert any(ev["kind"] == "shuffled" and ev["player"] == 0 for ev in game.events)
    pass_until_main(game)
    assert where(game, "ninjas/ninja-master#1") == "discard:0"
    assert where(game, "aliens/invader#1") == "discard:1"
    assert game.state.vp == [2, 0]  # it is played after the VP are awarded


def test_wormhole_needs_a_minion_of_yours_there_and_cannot_be_played_normally():
    game = scenario(hands=[[WORMHOLE], []], decks=[["zombies/walker"] * 4, []],
                    bases=[ready_oasis(theirs("dinosaurs/king-rex"), theirs("ninjas/ninja-master")),
                           {"base": BRAIN, "minions": ["aliens/invader"]}])
    assert options(game) == ["end"]
    play(game, "end")
    assert decision(game) == (1, "main")  # no window for player 0
    assert where(game, f"{WORMHOLE}#1") == "hand:0"


def test_wormhole_any_number_includes_none():
    game = scenario(hands=[[WORMHOLE], []], decks=[["zombies/walker"] * 4, []],
                    bases=[ready_oasis(*KING_AND_MASTER), BRAIN])
    play(game, "end", f"special {WORMHOLE}#1", "done")
    pass_until_main(game)
    assert where(game, "dinosaurs/king-rex#1") == "discard:0"
    assert where(game, f"{WORMHOLE}#1") == "discard:0"


# ---- Portal Room -------------------------------------------------------------------------------

PORTAL = "portal-room"  # breakpoint 22, VP 2/3/1
WALKERS = ["zombies/walker"] * 8


def portal(*minions: object) -> dict:
    return {"base": PORTAL, "minions": list(minions)}


def turns(game, n: int) -> list[tuple[int, int]]:
    """(turn, player) of the next ``n`` turns, each ended at once."""
    seen = []
    for _ in range(n):
        pass_until_main(game)
        seen.append((game.state.turn, game.state.current))
        play(game, "end")
    return seen


def test_portal_room_winner_takes_an_extra_turn_after_the_current_one():
    """Portal Room: the winner's extra turn comes right after the current turn; then play goes
    on with the player who would have been next (guide §4.14: a complete turn)."""
    game = scenario(players=3, decks=[WALKERS] * 3,
                    bases=[portal("dinosaurs/king-rex", "dinosaurs/king-rex",
                                  theirs("ninjas/ninja-master"), theirs("aliens/invader"),
                                  {"card": "zombies/walker", "controller": 2}),
                           OASIS, BRAIN, TORTUGA])
    play(game, "end")  # 14 + 8 + 2 = 24: it scores; player 0 wins 2 VP, player 1 3, player 2 1
    assert game.state.vp == [2, 3, 1]
    assert (game.state.turn, game.state.current) == (2, 0)  # player 0 again: the extra turn
    assert game.state.misc.get(("rule", "resume_turn")) == 1
    assert turns(game, 4) == [(2, 0), (3, 1), (4, 2), (5, 0)]


def test_portal_room_on_another_players_turn_puts_the_winner_next():
    game = scenario(players=3, current=1, decks=[WALKERS] * 3,
                    bases=[portal("dinosaurs/king-rex", "dinosaurs/king-rex",
                                  "ninjas/ninja-master", theirs("aliens/invader")),
                           OASIS, BRAIN, TORTUGA])
    play(game, "end")
    # player 0's extra turn, then player 2, whose turn came after player 1's anyway
    assert turns(game, 3) == [(2, 0), (3, 2), (4, 0)]


def test_portal_room_tied_winners_each_take_one_in_turn_order():
    """Ruling (guide §4.14): tied winners each take an extra turn, the current player first,
    then clockwise."""
    game = scenario(players=3, current=1, decks=[WALKERS] * 3,
                    bases=[portal("dinosaurs/king-rex", "ninjas/ninja-master",
                                  theirs("dinosaurs/king-rex"), theirs("ninjas/ninja-master")),
                           OASIS, BRAIN, TORTUGA])
    play(game, "end")
    assert game.state.vp == [2, 2, 0]
    assert turns(game, 4) == [(2, 1), (3, 0), (4, 2), (5, 0)]


def test_portal_room_extra_turn_starts_and_ends_like_any_turn():
    """An extra turn is a complete turn: start-of-turn abilities happen (Stasis Field is
    destroyed at the start of its player's extra turn) and the plays are fresh."""
    game = scenario(hands=[[FIELD], []], decks=[WALKERS] * 2,
                    bases=[portal("dinosaurs/king-rex", "dinosaurs/king-rex",
                                  "ninjas/ninja-master", theirs("aliens/invader")),
                           OASIS, BRAIN])
    play(game, f"play {FIELD}#1 @ base:{OASIS}", "end")
    assert (game.state.turn, game.state.current) == (2, 0)
    assert where(game, f"{FIELD}#1") == "discard:0"
    assert (game.state.minion_plays, game.state.action_plays) == (1, 1)


def test_portal_room_the_game_may_end_before_the_extra_turn():
    """The winner is checked at the end of the turn, before any extra turn."""
    game = scenario(decks=[WALKERS] * 2, vp=[13, 0],
                    bases=[portal("dinosaurs/king-rex", "dinosaurs/king-rex",
                                  "ninjas/ninja-master", theirs("aliens/invader")),
                           OASIS, BRAIN])
    play(game, "end")
    assert game.is_over and game.state.winner == 0


def test_portal_room_extra_turn_shows_in_observations_and_the_narration():
    game = scenario(hands=[[WORMHOLE], []], decks=[WALKERS] * 2,
                    bases=[portal("dinosaurs/king-rex", "dinosaurs/king-rex",
                                  "ninjas/ninja-master", theirs("aliens/invader")),
                           OASIS, BRAIN])
    play(game, "end")
    assert decision(game) == (0, "me_first")  # Wormhole's window, after the extra turn was won
    assert game.observation(1)["extra_turns"] == [0]
    assert game.spectator_observation()["extra_turns"] == [0]
    told = Narrator(game, viewer=1).narrate(game.events)
    assert "Player 1 will take an extra turn after this one." in told
    play(game, "pass")
    pass_until_main(game)
    assert game.observation(0)["extra_turns"] == []


# ---- The Nexus ---------------------------------------------------------------------------------

NEXUS = "the-nexus"  # breakpoint 19, VP 3/3/2


def nexus_board(**fields) -> dict:
    fields.setdefault("decks", [WALKERS] * 2)
    return dict(bases=[{"base": NEXUS, "minions": [*KING_AND_MASTER, "aliens/supreme-overlord",
                                                   theirs("zombies/walker")]}, BRAIN],
                base_deck=[TORTUGA], base_discard=[LIBRARY, "the-mothership"], **fields)


def test_the_nexus_winner_may_put_a_discarded_base_on_top_and_it_replaces_the_nexus():
    game = scenario(**nexus_board())
    play(game, "end")
    assert decision(game) == (0, "me_first")  # the winner only
    play(game, "trigger base:the-nexus")
    assert options(game) == [f"base:{LIBRARY}", "base:the-mothership"]
    play(game, f"base:{LIBRARY}")
    told = Narrator(game, viewer=1).narrate(game.events)
    assert ("The Great Library goes from the base discard pile to the top of the base deck."
            in told)
    pass_until_main(game)
    assert bases(game) == [f"base:{LIBRARY}", f"base:{BRAIN}"]
    assert [game.state.base_names[b] for b in game.state.base_deck] == [f"base:{TORTUGA}"]
    assert base_discard(game) == ["base:the-mothership", f"base:{NEXUS}"]


def test_the_nexus_may_be_declined_and_needs_a_base_in_the_discard_pile():
    game = scenario(**nexus_board())
    play(game, "end", "pass")
    pass_until_main(game)
    assert bases(game) == [f"base:{TORTUGA}", f"base:{BRAIN}"]

    empty = scenario(**{**nexus_board(), "base_discard": []})
    play(empty, "end")
    assert decision(empty) == (1, "main")  # nothing offered: the pile was empty
    assert bases(empty) == [f"base:{TORTUGA}", f"base:{BRAIN}"]


def test_the_nexus_tied_winners_each_may_restack():
    """Ruling: "the winner" on a base means each tied winner; each may put a base on top, and
    the last one put there replaces The Nexus."""
    board = nexus_board()
    board["bases"] = [{"base": NEXUS, "minions": [*KING_AND_MASTER,
                                                  theirs("dinosaurs/king-rex"),
                                                  theirs("ninjas/ninja-master")]}, BRAIN]
    game = scenario(**board)
    play(game, "end", "trigger base:the-nexus", f"base:{LIBRARY}")
    assert decision(game) == (1, "me_first")
    play(game, "trigger base:the-nexus")  # one base left there: no choice
    pass_until_main(game)
    assert bases(game) == ["base:the-mothership", f"base:{BRAIN}"]
    assert [game.state.base_names[b] for b in game.state.base_deck] == [f"base:{LIBRARY}",
                                                                        f"base:{TORTUGA}"]


def test_time_is_fleeting_wins_over_the_nexus_restack():
    """Ruling: Time is Fleeting names the base that replaces the scored one, so a base The
    Nexus put on top of the base deck stays there for the next replacement."""
    game = scenario(**nexus_board(hands=[[FLEETING], []]))
    play(game, "end", "trigger base:the-nexus", f"base:{LIBRARY}",
         f"special {FLEETING}#1")  # one base left in the pile: chosen without asking
    pass_until_main(game)
    assert bases(game) == ["base:the-mothership", f"base:{BRAIN}"]
    assert [game.state.base_names[b] for b in game.state.base_deck] == [f"base:{LIBRARY}",
                                                                        f"base:{TORTUGA}"]
