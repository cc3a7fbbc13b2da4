"""Samurai (Oops, You Did It Again) and their bases Sakura Garden and Shogun's Palace: each
card's ability, scripted strictly on a described board; the engine's event of a card going
from play to a discard pile (engine/facts/from_play.py) and the duels of Heart of the Battle,
Honorable Combat and Shogun's Palace (engine/mechanics/duels.py), checked by what a player sees.

Rulings checked here (see the module docstrings of cards/oops/samurai.py and samurai_bases.py):
"you" of a minion that left play is its controller as it left; Bushi's power is its power as it
left (at a scoring, before the first card left); cards leaving with the same scoring still
answer; duel ties destroy both minions / give both players the VP or the cards; once per turn
on a base is once per turn for each player.
"""

from smashup.engine.facts.from_play import TO_DISCARD
from smashup.testing import (
    card_id,
    decision,
    options,
    pass_until_main,
    play,
    played_for_nothing,
    power,
    scenario,
    where,
)

S = "samurai"
SHOGUN = f"{S}/shogun"
BUSHI = f"{S}/bushi"
RONIN = f"{S}/ronin"
CHAN = f"{S}/samurai-chan"
CODE = f"{S}/code-of-bushido"
HAIKU = f"{S}/final-haiku"
HEART = f"{S}/heart-of-the-battle"
ANCESTORS = f"{S}/honor-the-ancestors"
FALLEN = f"{S}/honor-the-fallen"
COMBAT = f"{S}/honorable-combat"
WAY = f"{S}/way-of-the-warrior"
YOKAI = f"{S}/yokai-attack"

OASIS = "jungle-oasis"  # breakpoint 12, VP 2/0/0, no ability
BRAIN = "the-central-brain"  # breakpoint 19, +1 power to each minion here
SAKURA = "sakura-garden"
PALACE = "shoguns-palace"

REX = "dinosaurs/king-rex"  # power 7, no ability
INVADER = "aliens/invader"  # power 3; on play, gain 1 VP
COLLECTOR = "aliens/collector"  # power 2
WALKER = "zombies/walker"  # power 2
WARBOT = "robots/warbot"  # power 4, cannot be destroyed
FIRST_MATE = "pirates/first-mate"  # power 2; after its base scores, may move elsewhere
STARS = "ninjas/seeing-stars"  # destroy a minion of power 3 or less
SACRIFICE = "wizards/sacrifice"  # one of your minions: draw its power, destroy it
BEAM_UP = "aliens/beam-up"  # return a minion to its owner's hand
DISINTEGRATOR = "aliens/disintegrator"  # a minion of power 3 or less to its deck bottom
AUGMENT = "dinosaurs/augmentation"  # a minion +4 until end of turn
SUMMON = "wizards/summon"  # an extra minion
TOOTH = "dinosaurs/tooth-and-claw-and-guns"  # other players' cards cannot affect the minion
HIDDEN_NINJA = "ninjas/hidden-ninja"  # Special before a base scores: play a minion there


def theirs(card: str, **more: object) -> dict:
    return {"card": card, "controller": 1, **more}


def hand(game, p: int = 0) -> list[str]:
    return sorted(game.state.names[c] for c in game.state.hands[p])


def counters(game, name: str) -> int:
    return game.state.counters.get(card_id(game, name), 0)


FILLER = "zombies/mall-crawl"  # what the decks hold, to count draws


def deck(n: int = 6) -> list[str]:
    return [FILLER] * n


def decks(n: int = 6) -> list[list[str]]:
    return [deck(n), deck(n)]


def finish(game):
    """Go on to the next Play Cards decision: every optional window passes, and when several
    abilities wait, the first resolves first."""
    while game.request is not None and decision(game)[1] == "order":
        play(game, options(game)[0])
        if decision(game)[1] != "order":
            pass_until_main(game)
    return pass_until_main(game)


def score_oasis(game):
    """Player 0 ends the turn: Jungle Oasis (in slot 0) scores; then on to the next turn."""
    play(game, "end")
    return finish(game)


def to_discard_events(game) -> list[dict]:
    return [e for e in game.events if e["kind"] == TO_DISCARD]


# ---- the engine's "from play to a discard pile" event -------------------------------------------


def test_the_event_names_controller_power_and_what_left_with_the_minion():
    """A destroyed minion: one ``to_discard`` event with its controller, its power as it left
    (counters and attachments included) and the actions that went with it; those actions have
    their own event naming their host. A returned minion has none."""
    game = scenario(hands=[[STARS, BEAM_UP], []], decks=decks(), plays={"minion": 1, "action": 2},
                    bases=[{"base": OASIS, "minions": [
                        {"card": CHAN, "counters": 1, "attached": [HAIKU]}, INVADER]}, BRAIN])
    play(game, f"play {STARS}#1", f"{CHAN}#1")
    events = to_discard_events(game)
    assert options(game) == [f"trigger {CHAN}#1", f"trigger {HAIKU}#1"]  # which first
    play(game, f"trigger {CHAN}#1")
    haiku, chan = card_id(game, f"{HAIKU}#1"), card_id(game, f"{CHAN}#1")
    assert [(e["card"], e["type"], e["host"]) for e in events] == [
        (haiku, "action", chan), (chan, "minion", None)]
    assert events[1]["power"] == 3 and events[1]["controller"] == 0
    assert events[1]["attached"] == (haiku,) and events[1]["slot"] == 0
    play(game, f"play {BEAM_UP}#1")  # the Invader, the only minion left
    assert to_discard_events(game) == [] and where(game, f"{INVADER}#1") == "hand:0"


# ---- Shogun ------------------------------------------------------------------------------------


def test_shogun_gains_a_counter_when_another_of_your_minions_is_destroyed():
    game = scenario(hands=[[STARS], []], decks=decks(),
                    bases=[{"base": OASIS, "minions": [SHOGUN]},
                           {"base": BRAIN, "minions": [WALKER]}])
    play(game, f"play {STARS}#1")  # the only minion of power 3 or less
    assert where(game, f"{WALKER}#1") == "discard:0"
    assert counters(game, f"{SHOGUN}#1") == 1 and power(game, f"{SHOGUN}#1") == 6


def test_shogun_ignores_other_players_minions_and_minions_returned_to_hand():
    game = scenario(hands=[[STARS, BEAM_UP], []], decks=decks(), plays={"minion": 1, "action": 2},
                    bases=[{"base": OASIS, "minions": [SHOGUN, theirs(COLLECTOR), INVADER]},
                           BRAIN])
    play(game, f"play {STARS}#1", f"{COLLECTOR}#1")
    play(game, f"play {BEAM_UP}#1", f"{INVADER}#1")
    assert counters(game, f"{SHOGUN}#1") == 0


def test_shogun_counts_a_minion_discarded_after_its_base_scored():
    """Clarification: a minion going to the discard pile from play includes both being
    discarded after scoring, and being destroyed. Shogun elsewhere gains a counter for each of
    your minions cleared from the scored base."""
    game = scenario(decks=decks(), bases=[{"base": OASIS, "minions": [REX, BUSHI, theirs(WALKER)]},
                                          {"base": BRAIN, "minions": [SHOGUN]}])
    score_oasis(game)
    assert where(game, f"{REX}#1") == "discard:0"
    assert counters(game, f"{SHOGUN}#1") == 2  # King Rex and Bushi, not the other player's


def test_shogun_leaving_with_the_same_scoring_gains_nothing():
    """Ruling: Shogun leaving with the same scoring gains no counter (none can go on a card out
    of play), though the others cleared with it went to the discard pile."""
    game = scenario(decks=decks(), bases=[{"base": OASIS, "minions": [SHOGUN, REX]}, BRAIN])
    score_oasis(game)
    assert where(game, f"{SHOGUN}#1") == "discard:0" and game.state.counters == {}


# ---- Bushi -------------------------------------------------------------------------------------


def test_bushi_destroyed_with_five_power_gains_you_a_vp():
    game = scenario(hands=[[SACRIFICE], []], decks=decks(),
                    bases=[{"base": OASIS, "minions": [{"card": BUSHI, "counters": 1}]}, BRAIN])
    play(game, f"play {SACRIFICE}#1")
    assert where(game, f"{BUSHI}#1") == "discard:0"
    assert game.state.vp == [1, 0] and len(hand(game)) == 5  # Sacrifice drew its power, 5


def test_bushi_with_four_power_gains_nothing_and_returned_gains_nothing():
    game = scenario(hands=[[SACRIFICE, BEAM_UP], []], decks=decks(),
                    plays={"minion": 1, "action": 2},
                    bases=[{"base": OASIS, "minions": [BUSHI, {"card": BUSHI, "counters": 2}]},
                           BRAIN])
    play(game, f"play {BEAM_UP}#1", f"{BUSHI}#2")  # 6 power, but back to the hand
    play(game, f"play {SACRIFICE}#1")  # the last one, with 4 power
    assert where(game, f"{BUSHI}#1") == "discard:0" and game.state.vp == [0, 0]


def test_bushi_discarded_after_scoring_counts_its_power_on_the_base():
    """Clarification: a minion going to the discard pile from play includes both being
    discarded after scoring, and being destroyed. Ruling: its power as it left, before the first
    card left the base: at The Central Brain (+1 each) each Bushi had 5, so each controller gains
    1 VP besides the base's VP."""
    game = scenario(decks=decks(),
                    bases=[OASIS, {"base": BRAIN, "minions": [REX, REX, BUSHI, theirs(BUSHI)]}])
    play(game, "end")
    finish(game)
    assert where(game, f"{BUSHI}#1") == "discard:0" and where(game, f"{BUSHI}#2") == "discard:1"
    assert game.state.vp == [4 + 1, 2 + 1]


def test_bushi_at_scoring_counts_the_actions_on_it_as_it_leaves():
    """Ruling: the minions and the actions on them leave a scored base at once, so Bushi's
    power as it left counts its Upgrade (+2): 4 + 2 = 6, and its controller gains 1 VP."""
    game = scenario(decks=decks(),
                    bases=[{"base": OASIS, "minions": [
                        REX, {"card": BUSHI, "attached": ["dinosaurs/upgrade"]}]}, BRAIN])
    play(game, "end")
    finish(game)
    assert where(game, f"{BUSHI}#1") == "discard:0"
    assert game.state.vp == [2 + 1, 0]


# ---- Ronin -------------------------------------------------------------------------------------


def test_ronin_alone_may_take_two_counters():
    game = scenario(hands=[[RONIN], []], bases=[{"base": OASIS, "minions": [theirs(REX)]}, BRAIN])
    play(game, f"play {RONIN}#1 @ base:{OASIS}")
    assert decision(game) == (0, "may")
    play(game, "yes")
    assert counters(game, f"{RONIN}#1") == 2 and power(game, f"{RONIN}#1") == 5


def test_ronin_may_decline():
    game = scenario(hands=[[RONIN], []], bases=[OASIS, BRAIN])
    play(game, f"play {RONIN}#1 @ base:{OASIS}", "no")
    assert power(game, f"{RONIN}#1") == 3 and decision(game) == (0, "main")


def test_ronin_with_another_minion_of_yours_there_asks_nothing():
    """Ruling: Ronin asks only when it is your only minion at its base (other players' minions
    there do not matter: see the first Ronin test)."""
    game = scenario(hands=[[RONIN], []], bases=[{"base": OASIS, "minions": [WALKER]}, BRAIN])
    play(game, f"play {RONIN}#1 @ base:{OASIS}")
    assert decision(game) == (0, "main") and power(game, f"{RONIN}#1") == 3


# ---- Samurai-Chan ------------------------------------------------------------------------------


def test_samurai_chan_destroyed_draws_a_card():
    game = scenario(hands=[[STARS], []], decks=decks(),
                    bases=[{"base": OASIS, "minions": [CHAN]}, BRAIN])
    play(game, f"play {STARS}#1")  # the only minion of power 3 or less
    assert hand(game) == [f"{FILLER}#1"]


def test_samurai_chan_discarded_after_scoring_draws_a_card():
    """Clarification: a minion going to the discard pile from play includes both being
    discarded after scoring, and being destroyed. Player 2's Samurai-Chan on the scored base
    draws them a card (they draw nothing else on player 1's turn)."""
    game = scenario(decks=decks(), bases=[{"base": OASIS, "minions": [REX, REX, theirs(CHAN)]},
                                          BRAIN])
    play(game, "end")
    assert where(game, f"{CHAN}#1") == "discard:1" and len(game.state.hands[1]) == 1


def test_samurai_chan_placed_on_a_deck_draws_nothing():
    game = scenario(hands=[[DISINTEGRATOR], []], decks=decks(),
                    bases=[{"base": OASIS, "minions": [CHAN]}, BRAIN])
    play(game, f"play {DISINTEGRATOR}#1")
    assert where(game, f"{CHAN}#1") == "deck:0" and hand(game) == []


def test_samurai_chan_controlled_by_another_player_draws_for_that_player():
    """Control changed (owner player 1, controlled by player 2): the player who controlled it
    as it left draws; the card goes to its owner's discard pile."""
    game = scenario(hands=[[STARS], []], decks=decks(),
                    bases=[{"base": OASIS, "minions": [{"card": CHAN, "owner": 0,
                                                        "controller": 1}]}, BRAIN])
    play(game, f"play {STARS}#1")
    assert where(game, f"{CHAN}#1") == "discard:0"
    assert hand(game) == [] and len(game.state.hands[1]) == 1


# ---- Code of Bushido ---------------------------------------------------------------------------


def test_code_of_bushido_shares_three_counters_as_you_like():
    """Errata and ruling: three single picks among your minions, the same one may be picked
    again."""
    game = scenario(hands=[[CODE], []],
                    bases=[{"base": OASIS, "minions": [WALKER, theirs(REX)]},
                           {"base": BRAIN, "minions": [RONIN]}])
    play(game, f"play {CODE}#1")
    assert options(game) == [f"{WALKER}#1", f"{RONIN}#1"]  # yours only
    play(game, f"{WALKER}#1", f"{WALKER}#1", f"{RONIN}#1")
    assert counters(game, f"{WALKER}#1") == 2 and counters(game, f"{RONIN}#1") == 1
    assert decision(game) == (0, "main")


def test_code_of_bushido_with_no_minion_of_yours_is_played_and_does_nothing():
    """Core rulebook, "Void Where Prohibited": a card may be played even if its ability can't
    happen."""
    game = scenario(hands=[[CODE], []], bases=[{"base": OASIS, "minions": [theirs(REX)]}, BRAIN])
    assert played_for_nothing(game, f"{CODE}#1")


# ---- Final Haiku -------------------------------------------------------------------------------


def test_final_haiku_goes_only_on_your_minion():
    game = scenario(hands=[[HAIKU], []],
                    bases=[{"base": OASIS, "minions": [WALKER, theirs(REX)]}, BRAIN])
    assert options(game) == [f"play {HAIKU}#1 on {WALKER}#1", "end"]


def test_final_haiku_gives_your_minions_two_power_when_its_minion_is_destroyed():
    """Ruling: the +2 goes to the minions its player controls as it resolves, until the end of
    the turn."""
    game = scenario(hands=[[STARS], []], decks=decks(),
                    bases=[{"base": OASIS, "minions": [{"card": WALKER, "attached": [HAIKU]},
                                                       REX, theirs(INVADER)]},
                           {"base": BRAIN, "minions": [RONIN]}])
    play(game, f"play {STARS}#1", f"{WALKER}#1")
    assert where(game, f"{HAIKU}#1") == "discard:0"
    assert power(game, f"{REX}#1") == 9 and power(game, f"{RONIN}#1") == 3 + 1 + 2
    assert power(game, f"{INVADER}#1") == 3  # not the other player's
    play(game, "end")
    pass_until_main(game)
    assert power(game, f"{REX}#1") == 7  # until the end of the turn


def test_final_haiku_answers_its_minion_discarded_after_scoring():
    """Clarification: a minion going to the discard pile from play includes both being
    discarded after scoring, and being destroyed. Final Haiku leaves with it and still gives
    your minions on the other bases +2 for the rest of the turn."""
    game = scenario(decks=decks(),
                    bases=[{"base": OASIS, "minions": [REX, {"card": BUSHI, "attached": [HAIKU]},
                                                       REX]},
                           {"base": BRAIN, "minions": [RONIN, theirs(WALKER)]}])
    play(game, "end")
    boosts = [(game.state.names[e["target"]], e["value"]) for e in game.events
              if e["kind"] == "effect" and e["effect"] == "power"]
    assert boosts == [(f"{RONIN}#1", 2)]  # your minion left in play, not player 2's


# ---- Heart of the Battle -----------------------------------------------------------------------


def heart_board(mine: object, foe: object, their_hand: list[str] | None = None) -> dict:
    return dict(hands=[[HEART], their_hand or []], decks=decks(),
                bases=[{"base": OASIS, "minions": [REX, REX, mine, theirs(foe)]}, BRAIN])


def test_heart_of_the_battle_is_played_only_before_a_base_scores():
    """Ruling: only through its Special (not in the Play Cards phase)."""
    game = scenario(**heart_board(BUSHI, INVADER))
    assert options(game) == ["end"]
    play(game, "end")
    assert options(game) == [f"special {HEART}#1", "pass"]


def test_heart_of_the_battle_duel_destroys_the_loser():
    game = scenario(**heart_board(BUSHI, INVADER))
    play(game, "end", f"special {HEART}#1")
    assert options(game) == [f"{REX}#1", f"{REX}#2", f"{BUSHI}#1"]
    play(game, f"{BUSHI}#1")  # the only other player's minion there is picked at once
    assert where(game, f"{INVADER}#1") == "discard:1"
    assert where(game, f"{BUSHI}#1") == "discard:0"  # then cleared with the scored base


def test_heart_of_the_battle_tie_destroys_both():
    """Ruling (guide §4.6): on a tie both sides get the duel's effects, so both minions are
    destroyed."""
    game = scenario(hands=[[HEART, STARS], []], decks=decks(),
                    bases=[{"base": OASIS, "minions": [REX, REX, INVADER, theirs(INVADER)]},
                           {"base": BRAIN, "minions": [SHOGUN]}])
    play(game, "end", f"special {HEART}#1", f"{INVADER}#1")
    assert decision(game) == (0, "duel_card")  # you may add a card face down (player 2 has none)
    play(game, "skip")  # 3 against 3
    assert where(game, f"{INVADER}#1") == "discard:0" and where(game, f"{INVADER}#2") == "discard:1"
    assert counters(game, f"{SHOGUN}#1") == 1  # Shogun saw your Invader destroyed
    assert options(game) == [f"trigger {SHOGUN}#1", f"trigger {SHOGUN}#1/2"]  # the Rexes go


def test_heart_of_the_battle_the_other_player_may_turn_the_duel_with_an_action():
    game = scenario(**heart_board(BUSHI, INVADER, their_hand=[AUGMENT]))
    play(game, "end", f"special {HEART}#1", f"{BUSHI}#1")
    assert decision(game) == (1, "duel_card")
    play(game, f"{AUGMENT}#1")
    play(game, f"{INVADER}#1")  # Augmentation: +4 to the Invader (7 against 4)
    assert where(game, f"{BUSHI}#1") == "discard:0"
    assert [e["card"] for e in game.events if e["kind"] == "destroyed"] == [
        card_id(game, f"{BUSHI}#1")]


def test_heart_of_the_battle_loser_that_cannot_be_destroyed_stays():
    """Protection (Robots: Warbot cannot be destroyed): being in a duel is not being affected,
    so the Warbot may be challenged; it loses and stays, and scores with the base."""
    game = scenario(hands=[[HEART], []], decks=decks(),
                    bases=[{"base": OASIS, "minions": [REX, INVADER, INVADER, theirs(WARBOT)]},
                           BRAIN])
    play(game, "end", f"special {HEART}#1", f"{REX}#1")
    result = next(e for e in game.events if e["kind"] == "duel_result")
    assert result["losers"] == (card_id(game, f"{WARBOT}#1"),)
    assert not [e for e in game.events if e["kind"] == "destroyed"]
    assert where(game, f"{WARBOT}#1") == "discard:1"  # cleared with the scored base
    assert game.state.vp == [2, 0]


def test_heart_of_the_battle_needs_a_minion_of_another_player_there():
    game = scenario(hands=[[HEART], []], decks=decks(),
                    bases=[{"base": OASIS, "minions": [REX, REX]},
                           {"base": BRAIN, "minions": [theirs(INVADER)]}])
    play(game, "end")
    assert decision(game) == (1, "main")  # no window was offered to player 1


# ---- Honor the Ancestors -----------------------------------------------------------------------


def test_honor_the_ancestors_counter_and_one_minion_back_in_two_players():
    """Clarification: in a 2-player game you shuffle one minion into your deck."""
    game = scenario(hands=[[ANCESTORS], []], discards=[[WALKER, INVADER, STARS], []],
                    bases=[{"base": OASIS, "minions": [RONIN]}, BRAIN])
    play(game, f"play {ANCESTORS}#1")  # one minion of yours: the counter goes on it at once
    assert counters(game, f"{RONIN}#1") == 1
    assert options(game) == [f"{WALKER}#1", f"{INVADER}#1", "done"]
    play(game, f"{INVADER}#1")
    assert where(game, f"{INVADER}#1") == "deck:0" and where(game, f"{WALKER}#1") == "discard:0"
    assert decision(game) == (0, "main")  # one only


def test_honor_the_ancestors_in_three_players_shuffles_two():
    """Clarification: in a 3-player game two minions (one per other player)."""
    game = scenario(players=3, hands=[[ANCESTORS], [], []],
                    discards=[[WALKER, INVADER, COLLECTOR], [], []],
                    bases=[{"base": OASIS, "minions": [RONIN]}, BRAIN, "tortuga"])
    play(game, f"play {ANCESTORS}#1", f"{WALKER}#1", f"{COLLECTOR}#1")
    assert [where(game, f"{c}#1") for c in (WALKER, INVADER, COLLECTOR)] == [
        "deck:0", "discard:0", "deck:0"]


def test_honor_the_ancestors_may_shuffle_none():
    """Ruling: the counter is not optional; the shuffling is, and with none chosen the deck is
    left alone."""
    game = scenario(hands=[[ANCESTORS], []], discards=[[WALKER], []],
                    bases=[{"base": OASIS, "minions": [RONIN, BUSHI]}, BRAIN])
    play(game, f"play {ANCESTORS}#1", f"{BUSHI}#1", "done")
    assert counters(game, f"{BUSHI}#1") == 1 and where(game, f"{WALKER}#1") == "discard:0"


# ---- Honor the Fallen --------------------------------------------------------------------------


def test_honor_the_fallen_draws_for_your_minions_here_only():
    game = scenario(hands=[[STARS, STARS, STARS], []], decks=decks(),
                    plays={"minion": 1, "action": 3},
                    bases=[{"base": OASIS, "minions": [WALKER, theirs(INVADER)],
                            "actions": [FALLEN]},
                           {"base": BRAIN, "minions": [COLLECTOR]}])
    play(game, f"play {STARS}#1", f"{INVADER}#1")  # not yours
    play(game, f"play {STARS}#2", f"{COLLECTOR}#1")  # not here
    assert hand(game) == [f"{STARS}#3"]
    play(game, f"play {STARS}#3")  # the Walker, the last minion of power 3 or less
    assert hand(game) == [f"{FILLER}#1"]


def test_honor_the_fallen_draws_for_each_of_your_minions_when_its_base_scores():
    """Clarification: a minion going to the discard pile from play includes both being
    discarded after scoring, and being destroyed. Honor the Fallen leaves with the base and
    still draws once for each of your minions."""
    game = scenario(decks=decks(8),
                    bases=[{"base": OASIS, "minions": [REX, BUSHI, CHAN], "actions": [FALLEN]},
                           BRAIN])
    score_oasis(game)
    # 3 for Honor the Fallen, 1 for Samurai-Chan, and the 2 of the draw phase
    assert len(game.state.hands[0]) == 3 + 1 + 2


# ---- Honorable Combat --------------------------------------------------------------------------


def test_honorable_combat_only_where_another_player_has_more_power():
    """Ruling: offered only when a base qualifies: you have a minion there and a player with
    strictly more power than you there has one too."""
    game = scenario(hands=[[COMBAT], []],
                    bases=[{"base": OASIS, "minions": [BUSHI, theirs(INVADER)]},
                           {"base": BRAIN, "minions": [WALKER, theirs(REX)]}])
    assert options(game) == [f"play {COMBAT}#1", "end"]
    play(game, f"play {COMBAT}#1")  # only The Central Brain qualifies: no question asked
    assert game.state.vp == [0, 1]  # the Walker (3) lost to King Rex (8): no hands, no cards


def test_honorable_combat_the_winners_controller_gains_a_vp():
    game = scenario(hands=[[COMBAT, AUGMENT], []],
                    bases=[{"base": OASIS, "minions": [theirs(INVADER)]},
                           {"base": BRAIN, "minions": [WALKER, theirs(REX)]}])
    play(game, f"play {COMBAT}#1", f"{AUGMENT}#1", f"{WALKER}#1")
    # Augmentation: Walker 2 + 1 + 4 = 7 against King Rex 7 + 1 = 8: the Rex wins
    assert game.state.vp == [0, 1]
    assert where(game, f"{WALKER}#1") == f"minion@base:{BRAIN}"  # nobody is destroyed


def test_honorable_combat_tie_gives_both_a_vp():
    """Ruling (guide §4.6): on a tie both controllers gain 1 VP."""
    game = scenario(hands=[[COMBAT], []],
                    bases=[{"base": OASIS, "minions": [INVADER, theirs(INVADER), theirs(WALKER)]},
                           BRAIN])
    play(game, f"play {COMBAT}#1", f"{INVADER}#2")
    assert game.state.vp == [1, 1]


def test_honorable_combat_when_no_base_qualifies_is_played_and_does_nothing():
    """Core rulebook, "Void Where Prohibited": a card may be played even if its ability can't
    happen. No base is offered where the other player has as much power or less, nor where you
    have no minion."""
    game = scenario(hands=[[COMBAT], []],
                    bases=[{"base": OASIS, "minions": [REX, theirs(INVADER)]},
                           {"base": BRAIN, "minions": [theirs(REX)]}])
    assert played_for_nothing(game, f"{COMBAT}#1")


# ---- Way of the Warrior ------------------------------------------------------------------------


def test_way_of_the_warrior_gives_three_power_and_a_card_if_the_minion_falls():
    game = scenario(hands=[[WAY, SACRIFICE], []], decks=decks(), plays={"minion": 1, "action": 2},
                    bases=[{"base": OASIS, "minions": [WALKER]}, BRAIN])
    play(game, f"play {WAY}#1")
    assert power(game, f"{WALKER}#1") == 5
    play(game, f"play {SACRIFICE}#1")
    assert len(hand(game)) == 5 + 1  # Sacrifice draws 5, Way of the Warrior 1


def test_way_of_the_warrior_draws_when_its_minion_is_cleared_by_scoring():
    """Clarification: a minion going to the discard pile from play includes both being
    discarded after scoring, and being destroyed."""
    game = scenario(hands=[[WAY], []], decks=decks(),
                    bases=[{"base": OASIS, "minions": [REX, WALKER]}, BRAIN])
    play(game, f"play {WAY}#1", f"{WALKER}#1", "end")
    assert len(game.state.hands[0]) == 1 + 2


def test_way_of_the_warrior_ends_when_the_minion_leaves_another_way():
    """Ruling: returned to the hand, the minion is a new card when played again: no +3, no
    card when it is destroyed later."""
    game = scenario(hands=[[WAY, BEAM_UP, STARS], []], decks=decks(),
                    bases=[{"base": OASIS, "minions": [WALKER]}, BRAIN],
                    plays={"minion": 1, "action": 3})
    play(game, f"play {WAY}#1", f"play {BEAM_UP}#1")
    assert hand(game) == [f"{STARS}#1", f"{WALKER}#1"]  # back in hand: no card
    play(game, f"play {WALKER}#1 @ base:{OASIS}", "choice:keep")  # again: 2 power, no watch
    assert power(game, f"{WALKER}#1") == 2
    play(game, f"play {STARS}#1")
    assert hand(game) == []


def test_way_of_the_warrior_ends_with_the_turn():
    """Ruling: both parts last until the end of the turn."""
    game = scenario(hands=[[WAY], [STARS]], decks=decks(),
                    bases=[{"base": OASIS, "minions": [WALKER]}, BRAIN])
    play(game, f"play {WAY}#1", "end")
    pass_until_main(game)
    assert power(game, f"{WALKER}#1") == 2
    play(game, f"play {STARS}#1")  # player 2 destroys it on their turn
    assert where(game, f"{WALKER}#1") == "discard:0" and len(hand(game)) == 2


# ---- Yokai Attack! -----------------------------------------------------------------------------


def test_yokai_attack_destroys_your_minion_for_an_extra_minion_and_action():
    game = scenario(hands=[[YOKAI, INVADER, STARS], []], decks=decks(),
                    bases=[{"base": OASIS, "minions": [CHAN, theirs(COLLECTOR)]}, BRAIN],
                    plays={"minion": 0, "action": 1})
    play(game, f"play {YOKAI}#1")  # the only minion of yours: destroyed at once
    assert where(game, f"{CHAN}#1") == "discard:0" and f"{FILLER}#1" in hand(game)
    play(game, f"play {INVADER}#1 @ base:{BRAIN}", f"play {STARS}#1")  # the Collector
    assert where(game, f"{COLLECTOR}#1") == "discard:1"


def test_yokai_attack_when_your_minions_cannot_be_destroyed_is_played_and_does_nothing():
    """Protection (Robots: Warbot cannot be destroyed; Dinosaurs: Tooth and Claw... and Guns
    keeps other players' cards off a minion) leaves nothing Yokai Attack! could destroy; it is
    played all the same (Core rulebook, "Void Where Prohibited": a card may be played even if
    its ability can't happen) and does nothing: no extra plays."""
    game = scenario(hands=[[YOKAI], []],
                    bases=[{"base": OASIS, "minions": [WARBOT, theirs(REX)]}, BRAIN])
    assert played_for_nothing(game, f"{YOKAI}#1")
    mixed = scenario(hands=[[YOKAI], []],
                     bases=[{"base": OASIS, "minions": [WARBOT, WALKER]}, BRAIN])
    play(mixed, f"play {YOKAI}#1")  # Walker is the only one it may destroy
    assert where(mixed, f"{WALKER}#1") == "discard:0"


# ---- Sakura Garden -----------------------------------------------------------------------------


def test_sakura_garden_draws_the_first_time_each_turn_for_each_player():
    """Clarification: a minion going to the discard pile from play includes both being
    discarded after scoring, and being destroyed (here: destroyed). Once per turn for each
    player: player 2's minion draws them a card too."""
    game = scenario(hands=[[STARS, STARS, STARS], []], decks=decks(),
                    plays={"minion": 1, "action": 3},
                    bases=[{"base": SAKURA, "minions": [WALKER, COLLECTOR, theirs(INVADER)]},
                           BRAIN])
    play(game, f"play {STARS}#1", f"{WALKER}#1")
    assert hand(game) == [f"{STARS}#2", f"{STARS}#3", f"{FILLER}#1"]
    play(game, f"play {STARS}#2", f"{COLLECTOR}#1")
    assert len(hand(game)) == 2  # not a second time
    play(game, f"play {STARS}#3")  # the Invader, the last one of power 3 or less
    assert len(game.state.hands[1]) == 1


def test_sakura_garden_also_draws_after_it_scores():
    """Clarification: this also triggers after this base scores (once, for the first minion)."""
    game = scenario(decks=decks(),
                    bases=[{"base": SAKURA, "minions": [REX, REX, INVADER, theirs(WALKER)]},
                           BRAIN])
    play(game, "end")
    assert options(game) == ["trigger base:sakura-garden", "trigger base:sakura-garden/2"]
    finish(game)  # (one for each player)
    assert len(game.state.hands[0]) == 1 + 2 and len(game.state.hands[1]) == 1


def test_sakura_garden_ignores_minions_returned_and_minions_elsewhere():
    game = scenario(hands=[[BEAM_UP, STARS], []], decks=decks(), plays={"minion": 1, "action": 2},
                    bases=[{"base": SAKURA, "minions": [WALKER]},
                           {"base": BRAIN, "minions": [COLLECTOR]}])
    play(game, f"play {BEAM_UP}#1", f"{WALKER}#1", f"play {STARS}#1")
    assert where(game, f"{COLLECTOR}#1") == "discard:0" and hand(game) == [f"{WALKER}#1"]


# ---- Shogun's Palace ---------------------------------------------------------------------------


def palace_board(**more: object) -> dict:
    return dict(hands=[[BUSHI, INVADER], []], decks=decks(),
                bases=[{"base": PALACE, "minions": [theirs(WALKER)]}, BRAIN], **more)


def test_shoguns_palace_duel_after_you_play_a_minion_winner_draws_two():
    """The minion's controller may start the duel after the minion resolved; the loser is not
    destroyed."""
    game = scenario(**palace_board())
    play(game, f"play {BUSHI}#1 @ base:{PALACE}")
    assert decision(game) == (0, "me_first")
    play(game, f"trigger base:{PALACE}")
    assert decision(game) == (0, "duel_card")
    play(game, "skip")  # Bushi 4 against the Walker 2
    assert hand(game) == [f"{INVADER}#1", f"{FILLER}#1", f"{FILLER}#2"]
    assert where(game, f"{WALKER}#1") == f"minion@base:{PALACE}"  # the loser stays


def test_shoguns_palace_may_be_declined_and_is_once_per_turn():
    """Ruling: declining does not use up the turn's duel; once used, no other duel that turn."""
    game = scenario(hands=[[BUSHI, INVADER, RONIN], [COLLECTOR]], decks=decks(),
                    bases=[{"base": PALACE, "minions": [theirs(WALKER)]}, BRAIN],
                    plays={"minion": 3, "action": 1})
    play(game, f"play {BUSHI}#1 @ base:{PALACE}", "pass")
    play(game, f"play {INVADER}#1 @ base:{PALACE}")  # declined: still there this turn
    play(game, f"trigger base:{PALACE}", "skip")
    assert decision(game) == (1, "duel_card")
    play(game, "skip")  # the Invader 3 against the Walker 2
    assert hand(game) == [f"{RONIN}#1", f"{FILLER}#1", f"{FILLER}#2"]
    play(game, f"play {RONIN}#1 @ base:{PALACE}")  # used this turn: no duel offered
    assert decision(game) == (0, "main")


def test_shoguns_palace_with_a_minion_that_plays_another_here_duel_order_is_yours():
    """Clarification: a minion played here that plays other minions here (Hoverbot) - their
    duels are chosen by the minion's controller after the minions are played and resolved,
    the last one first. Only one duel a turn: you pick which (here the Samurai-Chan's, the
    later one); a tie makes both controllers draw two cards."""
    game = scenario(hands=[["robots/hoverbot"], []], decks=[[CHAN, *deck()], deck()],
                    bases=[{"base": PALACE, "minions": [theirs(WALKER)]}, BRAIN])
    play(game, f"play robots/hoverbot#1 @ base:{PALACE}", f"play {CHAN}#1 @ base:{PALACE}")
    assert options(game) == [f"trigger base:{PALACE}", f"trigger base:{PALACE}/2", "pass"]
    play(game, f"trigger base:{PALACE}/2")  # no hands: the duel resolves at once
    duel = next(e for e in game.events if e["kind"] == "duel")
    assert duel["challenger"] == card_id(game, f"{CHAN}#1")
    assert len(hand(game)) == 2 and len(game.state.hands[1]) == 2  # 2 against 2: a tie
    assert decision(game) == (0, "main")  # the Hoverbot's duel is no longer offered


def test_honor_the_fallen_draws_nothing_for_a_minion_that_sails_away_as_its_base_scores():
    """Pirates' First Mate moves to another base instead of going to the discard pile with the
    scored base: Honor the Fallen there draws only for the minion that was discarded."""
    game = scenario(decks=decks(),
                    bases=[{"base": OASIS, "minions": [REX, REX, FIRST_MATE], "actions": [FALLEN]},
                           BRAIN])
    play(game, "end")
    assert decision(game) == (0, "me_first")
    play(game, f"trigger {FIRST_MATE}#1")  # the only other base: it goes there at once
    assert options(game) == [f"trigger {FALLEN}#1", f"trigger {FALLEN}#1/2"]  # two, not three
    finish(game)
    assert where(game, f"{FIRST_MATE}#1") == f"minion@base:{BRAIN}"
    assert len(game.state.hands[0]) == 2 + 2  # the two Rexes, and the draw phase
