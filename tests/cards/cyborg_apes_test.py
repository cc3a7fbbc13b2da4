"""Cyborg Apes (Science Fiction Double Feature) and their bases Monkey Lab and Primate Park:
each card's ability, scripted strictly on a described board."""

from smashup.testing import (
    base_power,
    card_id,
    decision,
    options,
    pass_until_main,
    play,
    power,
    scenario,
    where,
)

OASIS = "jungle-oasis"  # breakpoint 12, no ability
BRAIN = "the-central-brain"  # +1 power to each minion here
TORTUGA = "tortuga"
DECK = ["zombies/walker"] * 8

APES = "cyborg-apes"
CYBERBACK = f"{APES}/cyberback"
CLYDE = f"{APES}/clyde-2-0"
BABOOM = f"{APES}/baboom"
GEORGE = f"{APES}/furious-george"
CYBEREVOLUTION = f"{APES}/cyberevolution"
FLYING = f"{APES}/flying-monkey"
BANANAS = f"{APES}/going-bananas"
JUICED = f"{APES}/juiced-up"
UPLINK = f"{APES}/missing-uplink"
BACK = f"{APES}/monkey-on-your-back"
SEE_DO = f"{APES}/monkey-see-monkey-do"
SHIELDING = f"{APES}/shielding"


def theirs(card: str, **more) -> dict:
    return {"card": card, "controller": 1, **more}


def mine(card: str, *attached: str) -> dict:
    return {"card": card, "attached": list(attached)}


def hand(game, p: int = 0) -> list[str]:
    g = game.state
    return sorted(g.names[c] for c in g.hands[p])


# ---- Cyberback ---------------------------------------------------------------------------------


def test_cyberback_plays_an_action_from_the_discard_pile_onto_itself_with_the_action_play():
    game = scenario(
        hands=[[CYBEREVOLUTION], []],
        discards=[[JUICED, "aliens/beam-up"], []],
        bases=[{"base": OASIS, "minions": [CYBERBACK, theirs(BABOOM)]}, BRAIN],
    )
    opts = options(game)
    # from the discard pile: only onto Cyberback, and only actions that go on a minion
    assert f"play {JUICED}#1 on {CYBERBACK}#1" in opts
    assert f"play {JUICED}#1 on {BABOOM}#1" not in opts
    assert "play aliens/beam-up#1" not in opts
    play(game, f"play {JUICED}#1 on {CYBERBACK}#1")
    assert where(game, f"{JUICED}#1") == f"on:{CYBERBACK}#1"
    assert power(game, f"{CYBERBACK}#1") == 5 + 2
    # it used the turn's action play: the hand's action cannot follow
    assert options(game) == ["end"]


def test_cyberback_may_be_used_for_every_action_play_the_player_has():
    """Ruling: Cyberback names no limit, so it works for each action play (not once a turn)."""
    game = scenario(
        discards=[[JUICED, CYBEREVOLUTION], []],
        bases=[{"base": OASIS, "minions": [CYBERBACK]}, BRAIN],
        plays={"minion": 1, "action": 2},
    )
    play(game, f"play {JUICED}#1 on {CYBERBACK}#1",
         f"play {CYBEREVOLUTION}#1 on {CYBERBACK}#1")
    assert power(game, f"{CYBERBACK}#1") == 5 + 4 + 3


def test_cyberback_offers_nothing_without_an_action_play_or_to_another_player():
    spent = scenario(discards=[[JUICED], []], plays={"minion": 1, "action": 0},
                     bases=[{"base": OASIS, "minions": [CYBERBACK]}, BRAIN])
    assert options(spent) == ["end"]
    # an opponent's Cyberback lets only its controller play from their own discard pile
    other = scenario(discards=[[JUICED], []],
                     bases=[{"base": OASIS, "minions": [theirs(CYBERBACK)]}, BRAIN])
    assert options(other) == ["end"]


def test_cyberback_leaving_play_stops_its_offer():
    game = scenario(hands=[["aliens/beam-up"], []], discards=[[JUICED], []],
                    bases=[{"base": OASIS, "minions": [CYBERBACK]}, BRAIN],
                    plays={"minion": 1, "action": 2})
    play(game, "play aliens/beam-up#1")  # Cyberback is the only minion: back to hand
    assert where(game, f"{CYBERBACK}#1") == "hand:0"
    assert not any(o.startswith(f"play {JUICED}") for o in options(game))


def test_cyberback_with_an_archmage_extra_action_plays_two_actions_from_the_discard_pile():
    """Core interaction (extra plays): the extra action of the Archmage's talent also pays
    for a play from the discard pile onto Cyberback."""
    game = scenario(discards=[[JUICED, CYBEREVOLUTION], []],
                    bases=[{"base": OASIS, "minions": [CYBERBACK]},
                           {"base": BRAIN, "minions": ["wizards/archmage"]}])
    play(game, "use wizards/archmage#1")
    play(game, f"play {JUICED}#1 on {CYBERBACK}#1", f"play {CYBEREVOLUTION}#1 on {CYBERBACK}#1")
    assert where(game, f"{CYBEREVOLUTION}#1") == f"on:{CYBERBACK}#1"
    assert options(game) == ["end"]


# ---- Clyde 2.0 ---------------------------------------------------------------------------------


def board_with_clyde(**more) -> dict:
    fields = dict(
        hands=[["aliens/supreme-overlord"], []],
        bases=[{"base": OASIS, "minions": [CLYDE, mine("aliens/invader", CYBEREVOLUTION)]},
               {"base": BRAIN, "minions": [mine("aliens/scout", JUICED)]}],
    )
    fields.update(more)
    return fields


def test_clyde_may_put_an_action_leaving_with_its_minion_into_your_hand():
    game = scenario(**board_with_clyde())
    play(game, f"play aliens/supreme-overlord#1 @ base:{BRAIN}", "aliens/invader#1")
    assert decision(game) == (0, "may")
    play(game, "yes")
    assert where(game, f"{CYBEREVOLUTION}#1") == "hand:0"
    assert where(game, "aliens/invader#1") == "hand:0"


def test_clyde_declined_the_action_goes_to_the_discard_pile():
    game = scenario(**board_with_clyde())
    play(game, f"play aliens/supreme-overlord#1 @ base:{BRAIN}", "aliens/invader#1", "no")
    assert where(game, f"{CYBEREVOLUTION}#1") == "discard:0"


def test_clyde_saves_an_action_destroyed_by_itself_and_not_one_at_another_base():
    game = scenario(
        hands=[[], [BANANAS]], current=1,
        bases=[{"base": OASIS, "minions": [CLYDE, mine("aliens/invader", CYBEREVOLUTION)]},
               {"base": BRAIN, "minions": [mine("aliens/scout", JUICED)]}],
    )
    play(game, f"play {BANANAS}#1", f"base:{OASIS}")
    assert decision(game) == (0, "may")  # Clyde's player decides on their own action
    play(game, "yes")
    assert where(game, f"{CYBEREVOLUTION}#1") == "hand:0"
    game = scenario(
        hands=[[], [BANANAS]], current=1,
        bases=[{"base": OASIS, "minions": [CLYDE]},
               {"base": BRAIN, "minions": [mine("aliens/scout", JUICED)]}],
    )
    play(game, f"play {BANANAS}#1", f"base:{BRAIN}")
    assert where(game, f"{JUICED}#1") == "discard:0"  # not at Clyde's base: no choice
    assert decision(game) == (1, "main")


def test_clyde_does_not_save_other_players_actions():
    game = scenario(
        hands=[["aliens/supreme-overlord"], []],
        bases=[{"base": OASIS, "minions": [
            CLYDE, mine("aliens/invader", {"card": CYBEREVOLUTION, "owner": 1,
                                           "controller": 1})]}, BRAIN],
    )
    play(game, f"play aliens/supreme-overlord#1 @ base:{BRAIN}", "aliens/invader#1")
    assert where(game, f"{CYBEREVOLUTION}#1") == "discard:1"
    assert decision(game) == (0, "main")


def test_clyde_saves_its_own_actions_when_it_is_destroyed():
    """Ruling: Clyde and the actions on it leave at once, so Clyde still offers them."""
    game = scenario(hands=[["wizards/sacrifice"], []], decks=[DECK, []],
                    bases=[{"base": OASIS, "minions": [mine(CLYDE, JUICED)]}, BRAIN])
    play(game, "play wizards/sacrifice#1")
    assert decision(game) == (0, "may")
    play(game, "yes")
    assert where(game, f"{JUICED}#1") == "hand:0"
    assert where(game, f"{CLYDE}#1") == "discard:0"


def test_clyde_saves_every_action_on_its_base_when_the_base_scores():
    """Ruling: scoring clears the base at once, so Clyde (first in the list) still covers the
    actions on the minions after it."""
    game = scenario(
        decks=[DECK, DECK],
        bases=[{"base": OASIS, "minions": [
            mine(CLYDE, JUICED), mine("dinosaurs/king-rex", CYBEREVOLUTION)]}, BRAIN],
    )
    play(game, "end")
    asked = 0
    while decision(game)[1] == "may":
        asked += 1
        play(game, "yes")
    assert asked == 2
    assert where(game, f"{JUICED}#1") == "hand:0"
    assert where(game, f"{CYBEREVOLUTION}#1") == "hand:0"
    assert where(game, "dinosaurs/king-rex#1") == "discard:0"


# ---- Baboom ------------------------------------------------------------------------------------


def test_baboom_talent_plays_an_extra_action_onto_itself():
    game = scenario(hands=[[CYBEREVOLUTION, JUICED], []],
                    bases=[{"base": OASIS, "minions": [BABOOM, "aliens/invader"]}, BRAIN])
    play(game, f"use {BABOOM}#1")
    # only onto Baboom, and either action in hand
    assert options(game) == [f"play {CYBEREVOLUTION}#1 on {BABOOM}#1",
                             f"play {JUICED}#1 on {BABOOM}#1"]
    play(game, f"play {CYBEREVOLUTION}#1 on {BABOOM}#1")
    assert power(game, f"{BABOOM}#1") == 6
    # the normal action play is still there, and the talent is spent for the turn
    opts = options(game)
    assert f"play {JUICED}#1 on aliens/invader#1" in opts
    assert f"use {BABOOM}#1" not in opts


def test_baboom_talent_is_not_offered_without_an_action_that_can_go_on_it():
    game = scenario(hands=[["aliens/beam-up", UPLINK], []],
                    bases=[{"base": OASIS, "minions": [theirs(BABOOM), "aliens/invader"]},
                           {"base": BRAIN, "minions": [BABOOM]}])
    # Beam Up is a standard action; Missing Uplink fits only a minion of the player: it can go
    # on their own Baboom, not on the opponent's (whose talent is not theirs to use anyway)
    assert f"use {BABOOM}#2" in options(game)
    assert f"use {BABOOM}#1" not in options(game)
    game = scenario(hands=[["aliens/beam-up"], []],
                    bases=[{"base": OASIS, "minions": [BABOOM]}, BRAIN])
    assert f"use {BABOOM}#1" not in options(game)


# ---- Furious George ----------------------------------------------------------------------------


def test_furious_george_grows_with_each_action_on_it_whoever_played_it():
    game = scenario(hands=[[CYBEREVOLUTION], []],
                    bases=[{"base": OASIS, "minions": [
                        mine(GEORGE, {"card": UPLINK, "owner": 1, "controller": 1})]}, BRAIN])
    assert power(game, f"{GEORGE}#1") == 2 + 1
    play(game, f"play {CYBEREVOLUTION}#1 on {GEORGE}#1")
    assert power(game, f"{GEORGE}#1") == 2 + 2 + 3


def test_furious_george_shrinks_when_an_action_leaves_it():
    game = scenario(hands=[[], [BANANAS]], current=1,
                    bases=[{"base": OASIS, "minions": [mine(GEORGE, CYBEREVOLUTION)]}, BRAIN])
    assert power(game, f"{GEORGE}#1") == 6
    play(game, f"play {BANANAS}#1", f"base:{OASIS}")
    assert power(game, f"{GEORGE}#1") == 2


# ---- Cyberevolution ----------------------------------------------------------------------------


def test_cyberevolution_gives_three_power_and_moves_with_its_minion():
    game = scenario(hands=[[CYBEREVOLUTION, "aliens/invasion"], []],
                    bases=[{"base": OASIS, "minions": [theirs("aliens/invader")]}, BRAIN],
                    plays={"minion": 1, "action": 2})
    play(game, f"play {CYBEREVOLUTION}#1 on aliens/invader#1")
    assert power(game, "aliens/invader#1") == 6
    play(game, "play aliens/invasion#1")  # the one minion, to the one other base
    assert power(game, "aliens/invader#1") == 3 + 3 + 1  # the Central Brain adds its +1
    assert base_power(game, BRAIN, 1) == 7


# ---- Flying Monkey -----------------------------------------------------------------------------


def scoring_oasis(attached: str = FLYING, **more) -> dict:
    fields = dict(
        decks=[DECK, DECK],
        bases=[{"base": OASIS, "minions": [mine("dinosaurs/king-rex", attached),
                                           "dinosaurs/king-rex"]}, BRAIN, TORTUGA],
        base_deck=["the-homeworld"],
    )
    fields.update(more)
    return fields


def test_flying_monkey_carries_its_minion_away_after_the_base_scores():
    game = scenario(**scoring_oasis())
    play(game, "end")
    assert options(game) == [f"trigger {FLYING}#1", "pass"]
    play(game, f"trigger {FLYING}#1")
    # the scored base is no destination, and the base that will replace it is not there yet
    assert options(game) == [f"base:{BRAIN}", f"base:{TORTUGA}"]
    play(game, f"base:{TORTUGA}")
    assert where(game, "dinosaurs/king-rex#1") == f"minion@base:{TORTUGA}"
    assert where(game, f"{FLYING}#1") == "discard:0"
    assert where(game, "dinosaurs/king-rex#2") == "discard:0"
    assert game.state.vp[0] == 2  # the king still scored the base for its player


def test_flying_monkey_cannot_go_to_the_base_that_replaces_the_scored_one():
    """Clarification: the minion may not move to the base that replaces the scored base."""
    game = scenario(**scoring_oasis())
    play(game, "end", f"trigger {FLYING}#1")
    assert "base:the-homeworld" not in options(game)
    assert f"base:{OASIS}" not in options(game)


def test_flying_monkey_declined_leaves_its_minion_to_be_discarded():
    game = scenario(**scoring_oasis())
    play(game, "end", "pass")
    assert where(game, "dinosaurs/king-rex#1") == "discard:0"
    assert where(game, f"{FLYING}#1") == "discard:0"


def test_flying_monkey_shares_the_after_scoring_window_with_a_scout():
    """Core interaction (Specials in scoring windows): the Scout's "after scoring" and Flying
    Monkey's wait in the same Me First! window; the player uses both, in the order chosen."""
    game = scenario(
        decks=[DECK, DECK],
        bases=[{"base": OASIS, "minions": [mine("dinosaurs/king-rex", FLYING), "aliens/scout",
                                           "dinosaurs/armor-stego"]}, BRAIN],
    )
    play(game, "end")
    assert sorted(options(game)) == sorted([f"trigger {FLYING}#1", "trigger aliens/scout#1",
                                            "pass"])
    play(game, "trigger aliens/scout#1")
    assert where(game, "aliens/scout#1") == "hand:0"
    # the opponent has nothing to use and passes unasked; the window comes back to player 0
    assert options(game) == [f"trigger {FLYING}#1", "pass"]
    play(game, f"trigger {FLYING}#1")
    assert where(game, "dinosaurs/king-rex#1") == f"minion@base:{BRAIN}"


# ---- Going Bananas -----------------------------------------------------------------------------


def test_going_bananas_destroys_other_players_actions_on_the_base_and_its_minions():
    game = scenario(
        hands=[[BANANAS], []],
        bases=[{"base": OASIS,
                "minions": [mine("aliens/invader", JUICED,
                                 {"card": CYBEREVOLUTION, "owner": 1, "controller": 1}),
                            theirs("aliens/scout", attached=[{"card": UPLINK, "owner": 1}])],
                "actions": [{"card": "aliens/jammed-signal", "owner": 1, "controller": 1}]},
               {"base": BRAIN, "minions": [theirs("aliens/collector",
                                                  attached=[{"card": SHIELDING, "owner": 1}])]}],
    )
    play(game, f"play {BANANAS}#1", f"base:{OASIS}")
    assert where(game, f"{CYBEREVOLUTION}#1") == "discard:1"
    assert where(game, f"{UPLINK}#1") == "discard:1"
    assert where(game, "aliens/jammed-signal#1") == "discard:1"
    assert where(game, f"{JUICED}#1") == "on:aliens/invader#1"  # your own action stays
    assert where(game, f"{SHIELDING}#1") == "on:aliens/collector#1"  # another base


def test_going_bananas_on_a_base_without_other_players_actions_does_nothing():
    game = scenario(hands=[[BANANAS], []],
                    bases=[{"base": OASIS, "minions": [mine("aliens/invader", JUICED)]}, BRAIN])
    play(game, f"play {BANANAS}#1", f"base:{OASIS}")
    assert where(game, f"{JUICED}#1") == "on:aliens/invader#1"
    assert where(game, f"{BANANAS}#1") == "discard:0"


# ---- Juiced Up ---------------------------------------------------------------------------------


def test_juiced_up_counts_every_action_on_its_minion_including_itself():
    game = scenario(hands=[[JUICED, CYBEREVOLUTION], []],
                    bases=[{"base": OASIS, "minions": ["aliens/invader"]}, BRAIN],
                    plays={"minion": 1, "action": 2})
    play(game, f"play {JUICED}#1 on aliens/invader#1")
    assert power(game, "aliens/invader#1") == 3 + 2
    play(game, f"play {CYBEREVOLUTION}#1 on aliens/invader#1")
    assert power(game, "aliens/invader#1") == 3 + 4 + 3


# ---- Missing Uplink ----------------------------------------------------------------------------


def test_missing_uplink_goes_only_on_your_own_minion():
    game = scenario(hands=[[UPLINK], []],
                    bases=[{"base": OASIS, "minions": ["aliens/invader",
                                                       theirs("aliens/scout")]}, BRAIN])
    assert options(game) == [f"play {UPLINK}#1 on aliens/invader#1", "end"]


def test_missing_uplink_draws_after_the_hand_limit_is_checked():
    """Clarification: the end of the turn comes after the Draw 2 Cards phase, so the hand
    limit is not checked again after Missing Uplink's card."""
    game = scenario(hands=[["aliens/beam-up"] * 9, []], decks=[DECK, DECK],
                    bases=[{"base": OASIS, "minions": [mine("aliens/scout", UPLINK)]}, BRAIN])
    play(game, "end")
    assert decision(game) == (0, "discard")  # 11 cards: down to 10
    play(game, "aliens/beam-up#1")
    assert decision(game) == (1, "main")
    assert len(game.state.hands[0]) == 11  # the extra card came after the check


def test_missing_uplink_draws_nothing_at_the_end_of_another_players_turn():
    game = scenario(hands=[[], []], decks=[DECK, DECK], current=1,
                    bases=[{"base": OASIS, "minions": [mine("aliens/scout", UPLINK)]}, BRAIN])
    play(game, "end")
    assert len(game.state.hands[0]) == 0
    play(game, "end")  # player 0's own turn ends: 2 cards and the Uplink's one
    assert len(game.state.hands[0]) == 3


# ---- Monkey on Your Back -----------------------------------------------------------------------


def test_monkey_on_your_back_talent_destroys_a_weak_opposing_minion_here_then_goes_under():
    game = scenario(
        decks=[DECK, []],
        bases=[{"base": OASIS, "minions": [mine("aliens/invader", BACK), theirs("aliens/scout"),
                                           theirs("dinosaurs/king-rex"), "aliens/collector"]},
               {"base": BRAIN, "minions": [theirs("aliens/collector")]}],
    )
    play(game, f"use {BACK}#1")
    # Scout only: King Rex is too strong, the Collector here is yours, the other is elsewhere
    assert where(game, "aliens/scout#1") == "discard:1"
    assert game.state.decks[0][-1] == card_id(game, f"{BACK}#1")
    assert where(game, f"{BACK}#1") == "deck:0"


def test_monkey_on_your_back_talent_offers_a_choice_and_is_absent_without_targets():
    game = scenario(decks=[DECK, []],
                    bases=[{"base": OASIS, "minions": [mine("aliens/invader", BACK),
                                                       theirs("aliens/scout"),
                                                       theirs("aliens/collector")]}, BRAIN])
    play(game, f"use {BACK}#1")
    assert options(game) == ["aliens/scout#1", "aliens/collector#1"]
    lonely = scenario(bases=[{"base": OASIS, "minions": [mine("aliens/invader", BACK),
                                                         theirs("dinosaurs/king-rex")]}, BRAIN])
    assert f"use {BACK}#1" not in options(lonely)


def test_monkey_on_your_back_cannot_target_a_warbot_and_fits_only_your_minion():
    """Core interaction (protection against destruction): a Warbot cannot be destroyed, so
    the talent has no target; the card itself goes only on your own minion."""
    game = scenario(hands=[[BACK], []],
                    bases=[{"base": OASIS, "minions": ["aliens/invader",
                                                       theirs("robots/warbot")]}, BRAIN],
                    plays={"minion": 1, "action": 1})
    assert options(game) == [f"play {BACK}#1 on aliens/invader#1", "end"]
    play(game, f"play {BACK}#1 on aliens/invader#1")
    assert f"use {BACK}#1" not in options(game)


def test_monkey_on_your_back_talent_belongs_to_the_action_controller_on_a_taken_minion():
    """Core interaction (control): on a minion whose control changed, the talent is still
    used by the action's controller, against the others' minions there."""
    game = scenario(decks=[DECK, []],
                    bases=[{"base": OASIS, "minions": [
                        {"card": "aliens/invader", "owner": 1, "controller": 0,
                         "attached": [BACK]}, theirs("aliens/scout")]}, BRAIN])
    play(game, f"use {BACK}#1")
    assert where(game, "aliens/scout#1") == "discard:1"
    assert where(game, "aliens/invader#1") == f"minion@base:{OASIS}"


def test_monkey_on_your_back_goes_under_the_deck_even_when_a_buccaneer_escapes():
    """Core interaction (protection against destruction). Ruling: destroying and tucking the
    card under the deck are independent, so the card goes under even when the Buccaneer
    escapes its destruction to another base."""
    game = scenario(decks=[DECK, []],
                    bases=[{"base": OASIS, "minions": [mine("aliens/invader", BACK),
                                                       theirs("pirates/buccaneer")]}, BRAIN])
    play(game, f"use {BACK}#1")
    assert decision(game) == (1, "choose_base")  # the Buccaneer's player may move it instead
    play(game, f"base:{BRAIN}")
    assert where(game, "pirates/buccaneer#1") == f"minion@base:{BRAIN}"
    assert where(game, f"{BACK}#1") == "deck:0"


def test_monkey_on_your_back_cannot_reach_a_minion_its_owner_shielded():
    game = scenario(bases=[{"base": OASIS, "minions": [
        mine("aliens/invader", BACK),
        theirs("aliens/scout", attached=[{"card": SHIELDING, "owner": 1}])]}, BRAIN])
    assert f"use {BACK}#1" not in options(game)


# ---- Monkey See, Monkey Do ---------------------------------------------------------------------


def test_monkey_see_monkey_do_keeps_chosen_actions_and_shuffles_the_rest_back():
    game = scenario(hands=[[SEE_DO], []],
                    decks=[[JUICED, "aliens/invader", CYBEREVOLUTION, "aliens/scout",
                            "aliens/beam-up", "dinosaurs/king-rex"], []],
                    bases=[OASIS, BRAIN])
    play(game, f"play {SEE_DO}#1")
    shown = [ev for ev in game.events if ev["kind"] == "revealed"]
    assert len(shown) == 1 and len(shown[0]["cards"]) == 5 and shown[0]["to"] == (0, 1)
    # only the three revealed actions may be kept (King Rex, sixth, is not revealed)
    assert options(game) == [f"{JUICED}#1", f"{CYBEREVOLUTION}#1", "aliens/beam-up#1", "done"]
    play(game, f"{JUICED}#1", "aliens/beam-up#1", "done")
    assert hand(game) == ["aliens/beam-up#1", f"{JUICED}#1"]
    assert len(game.state.decks[0]) == 4
    assert where(game, f"{CYBEREVOLUTION}#1") == "deck:0"


def test_monkey_see_monkey_do_may_keep_nothing_and_reveals_a_short_deck():
    game = scenario(hands=[[SEE_DO], []], decks=[[JUICED, "aliens/invader"], []],
                    bases=[OASIS, BRAIN])
    play(game, f"play {SEE_DO}#1", "done")
    assert hand(game) == []
    assert sorted(where(game, n) for n in (f"{JUICED}#1", "aliens/invader#1")) == \
        ["deck:0", "deck:0"]


# ---- Shielding ---------------------------------------------------------------------------------


def test_shielding_destroys_other_players_actions_already_on_its_minion():
    """Clarification: when played, Shielding destroys other players' actions on the minion,
    since they affect it."""
    game = scenario(hands=[[SHIELDING], []],
                    bases=[{"base": OASIS, "minions": [mine(
                        "aliens/invader", JUICED,
                        {"card": CYBEREVOLUTION, "owner": 1, "controller": 1})]}, BRAIN])
    play(game, f"play {SHIELDING}#1 on aliens/invader#1")
    assert where(game, f"{CYBEREVOLUTION}#1") == "discard:1"
    assert where(game, f"{JUICED}#1") == "on:aliens/invader#1"
    assert power(game, "aliens/invader#1") == 3 + 4  # Juiced Up counts itself and Shielding


def test_shielding_keeps_other_players_actions_off_its_minion():
    game = scenario(hands=[[], ["aliens/beam-up", CYBEREVOLUTION]], current=1,
                    bases=[{"base": OASIS, "minions": [mine("aliens/invader", SHIELDING),
                                                       "aliens/scout"]}, BRAIN],
                    plays={"minion": 1, "action": 2})
    opts = options(game)
    assert f"play {CYBEREVOLUTION}#1 on aliens/invader#1" not in opts
    assert f"play {CYBEREVOLUTION}#1 on aliens/scout#1" in opts
    play(game, "play aliens/beam-up#1")  # the only minion Beam Up may take is the Scout
    assert where(game, "aliens/scout#1") == "hand:0"
    assert where(game, "aliens/invader#1") == f"minion@base:{OASIS}"


def test_shielding_does_not_stop_other_players_minions():
    game = scenario(hands=[[], ["aliens/supreme-overlord"]], current=1,
                    bases=[{"base": OASIS, "minions": [mine("aliens/invader", SHIELDING)]},
                           BRAIN])
    play(game, f"play aliens/supreme-overlord#1 @ base:{BRAIN}", "aliens/invader#1")
    assert where(game, "aliens/invader#1") == "hand:0"
    assert where(game, f"{SHIELDING}#1") == "discard:0"


def test_shielding_protects_the_other_actions_on_its_minion_but_not_itself():
    """Clarification: Shielding does not protect itself. Ruling: Going Bananas settles what it
    can reach before destroying, so the action Shielding covered stays."""
    game = scenario(hands=[[], [BANANAS]], current=1,
                    bases=[{"base": OASIS, "minions": [mine("aliens/invader", SHIELDING,
                                                            JUICED)]}, BRAIN])
    play(game, f"play {BANANAS}#1", f"base:{OASIS}")
    assert where(game, f"{SHIELDING}#1") == "discard:0"
    assert where(game, f"{JUICED}#1") == "on:aliens/invader#1"


def test_two_shieldings_on_one_minion_protect_each_other():
    """Clarification: with both Shieldings on the same minion, they protect each other."""
    game = scenario(hands=[[], [BANANAS]], current=1,
                    bases=[{"base": OASIS, "minions": [mine("aliens/invader", SHIELDING,
                                                            SHIELDING, JUICED)]}, BRAIN])
    play(game, f"play {BANANAS}#1", f"base:{OASIS}")
    for card in (f"{SHIELDING}#1", f"{SHIELDING}#2", f"{JUICED}#1"):
        assert where(game, card) == "on:aliens/invader#1"


def test_shielding_counts_other_players_from_its_own_controller():
    """Ruling: "other players" are counted from Shielding's controller. Played on an
    opponent's minion it destroys that opponent's own actions there and keeps theirs off."""
    game = scenario(hands=[[SHIELDING], [CYBEREVOLUTION]],
                    bases=[{"base": OASIS, "minions": [theirs(
                        "aliens/invader", attached=[{"card": JUICED, "owner": 1}])]}, BRAIN])
    play(game, f"play {SHIELDING}#1 on aliens/invader#1")
    assert where(game, f"{JUICED}#1") == "discard:1"
    play(game, "end")
    pass_until_main(game)
    assert decision(game) == (1, "main")
    assert not any(o.startswith(f"play {CYBEREVOLUTION}") for o in options(game))


def test_shielding_blocks_an_assassin_played_by_another_player():
    """Core interaction (protection against destruction): Ninjas' Assassin cannot go on a
    Shielded minion, so it is not offered there."""
    game = scenario(hands=[[], ["ninjas/assassin"]], current=1,
                    bases=[{"base": OASIS, "minions": [mine("aliens/invader", SHIELDING),
                                                       "aliens/scout"]}, BRAIN])
    opts = options(game)
    assert "play ninjas/assassin#1 on aliens/invader#1" not in opts
    assert "play ninjas/assassin#1 on aliens/scout#1" in opts


# ---- Monkey Lab --------------------------------------------------------------------------------


def test_monkey_lab_adds_one_per_action_on_each_minion_there():
    game = scenario(hands=[[CYBEREVOLUTION, "aliens/invasion"], []],
                    bases=[{"base": "monkey-lab", "minions": [mine(GEORGE, JUICED),
                                                              "aliens/scout"]}, OASIS],
                    plays={"minion": 1, "action": 2})
    assert power(game, f"{GEORGE}#1") == 2 + 1 + 2 + 1
    assert power(game, "aliens/scout#1") == 3
    play(game, f"play {CYBEREVOLUTION}#1 on {GEORGE}#1")
    assert power(game, f"{GEORGE}#1") == 2 + 2 + 4 + 3 + 2
    play(game, "play aliens/invasion#1", f"{GEORGE}#1")  # to the one other base
    assert power(game, f"{GEORGE}#1") == 2 + 2 + 4 + 3  # away from the Lab


# ---- Primate Park ------------------------------------------------------------------------------


def park(**more) -> dict:
    fields = dict(
        decks=[DECK, DECK],
        bases=[{"base": "primate-park", "minions": [
            mine("dinosaurs/king-rex", JUICED, CYBEREVOLUTION),
            mine("dinosaurs/king-rex", SHIELDING),
            theirs("aliens/invader", attached=[{"card": UPLINK, "owner": 1},
                                               {"card": FLYING, "owner": 0, "controller": 0}])]},
            OASIS],
    )
    fields.update(more)
    return fields


def test_primate_park_winner_takes_back_chosen_actions_on_minions_there():
    game = scenario(**park())
    play(game, "end")
    assert decision(game) == (0, "me_first")
    play(game, "trigger base:primate-park")
    # every action of the winner, on any minion there (Flying Monkey sits on the opponent's)
    assert sorted(options(game)) == sorted([f"{JUICED}#1", f"{CYBEREVOLUTION}#1",
                                            f"{SHIELDING}#1", f"{FLYING}#1", "done"])
    play(game, f"{JUICED}#1", f"{SHIELDING}#1", "done")
    pass_until_main(game)
    assert where(game, f"{JUICED}#1") == "hand:0"
    assert where(game, f"{SHIELDING}#1") == "hand:0"
    assert where(game, f"{CYBEREVOLUTION}#1") == "discard:0"
    assert where(game, f"{UPLINK}#1") == "discard:1"  # the loser gets nothing back


def test_primate_park_declined_everything_is_discarded():
    game = scenario(**park())
    play(game, "end", "pass")
    pass_until_main(game)
    assert where(game, f"{JUICED}#1") == "discard:0"
    assert where(game, f"{SHIELDING}#1") == "discard:0"


def test_primate_park_is_not_offered_to_a_winner_with_no_action_there():
    game = scenario(decks=[DECK, DECK],
                    bases=[{"base": "primate-park", "minions": [
                        "dinosaurs/king-rex", "dinosaurs/king-rex", "dinosaurs/king-rex",
                        theirs("aliens/invader", attached=[{"card": UPLINK, "owner": 1}])]},
                        OASIS])
    play(game, "end")
    assert where(game, f"{UPLINK}#1") == "discard:1"
    assert decision(game) == (1, "main")


# ---- the engine mechanics the faction brought ------------------------------------------------


def test_engine_actions_leaving_with_their_minion_are_a_replaceable_discard():
    """The actions on a minion that leaves play go "from play to the discard pile": a
    returned or destroyed host offers each of them to "discard" replacements (Clyde)."""
    game = scenario(hands=[["aliens/beam-up"], []],
                    bases=[{"base": OASIS, "minions": [CLYDE, mine("aliens/invader", JUICED,
                                                                   CYBEREVOLUTION)]}, BRAIN])
    play(game, "play aliens/beam-up#1", "aliens/invader#1")
    play(game, "yes", "no")
    assert where(game, f"{JUICED}#1") == "hand:0"
    assert where(game, f"{CYBEREVOLUTION}#1") == "discard:0"
