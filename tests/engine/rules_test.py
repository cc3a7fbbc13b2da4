"""Rules tests: each checks one passage of the rulebooks, on test-only cards and bases.

Rulebooks: Core = Smash Up core set; EMD = Excellent Movies, Dudes!; Oops = Oops, You Did It
Again.
"""

from __future__ import annotations

import pytest

from smashup import Game, SetupError, testing_cards
from smashup.testing import (
    base_breakpoint,
    base_power,
    card_id,
    decision,
    options,
    play,
    power,
    scenario,
    where,
)

R = "test-rigs/"


@pytest.fixture(autouse=True, scope="module")
def _test_cards():
    """The test-only cards exist while this module's tests run."""
    with testing_cards.registered():
        yield

TWO = ["test-dock", "test-lot"]  # high breakpoints: nothing scores by accident
FILLER = [[R + "maybe"] * 4, [R + "maybe"] * 4]  # decks to draw from (no reshuffle)


def end_turn(game: Game) -> None:
    """End the current player's Play Cards phase (nothing scores, nothing to discard)."""
    play(game, "end")


def vp_events(game: Game) -> list[tuple[int, int]]:
    return [(e["player"], e["amount"]) for e in game.events if e["kind"] == "vp"]


# ---- setup ------------------------------------------------------------------------------------


def test_setup_deals_one_base_per_player_plus_one_and_five_cards():
    """Core, 'Set Up': draw one base per player plus one; each player draws five cards."""
    for n in (2, 3, 4):
        game = Game.new({"factions": [["test-rigs", "aliens"]] * n, "seed": n,
                         "bases": ["test"]})
        g = game.state
        assert len(g.bases) == n + 1
        assert [len(h) for h in g.hands] == [5] * n
        assert len(g.base_deck) == 5 - (n + 1)


def test_opening_hand_without_minions_is_shown_discarded_and_redrawn_once():
    """Core, 'Set Up' (the 2012 rule, setup "mulligan": "2012"): with no minion in the
    opening hand, show it, discard it and draw a new hand of five; the second hand must be
    kept (here it has no minion either)."""
    game = Game.new({"factions": [["test-props", "test-scenery"], ["test-rigs", "aliens"]],
                     "seed": 5, "bases": ["test"], "mulligan": "2012"})
    g = game.state
    assert len(g.hands[0]) == 5 and len(g.discards[0]) == 5 and len(g.decks[0]) == 30


def test_opening_hand_with_a_minion_is_kept():
    """Core, 'Set Up': only a hand with no minion is redrawn; a hand with one is kept."""
    kept = redrawn = 0
    for seed in range(30):
        g = Game.new({"factions": [["test-rigs", "test-props"], ["test-rigs", "aliens"]],
                      "seed": seed, "bases": ["test"], "mulligan": "2012"}).state
        for p in range(2):
            if g.discards[p]:
                assert len(g.discards[p]) == 5
                assert not any(g.defs[c].kind == "minion" for c in g.discards[p])
                redrawn += 1
            else:
                assert any(g.defs[c].kind == "minion" for c in g.hands[p])
                kept += 1
    assert kept and redrawn


def test_current_mulligan_is_optional_and_shuffles_the_old_hand_into_the_deck():
    """Science Fiction Double Feature, 'Set Up' (a change to the previous rules, repeated in
    Excellent Movies, Dudes!): with no minion in the opening hand you MAY show it, draw a new
    hand, and shuffle the old hand into your deck; the second hand must be kept."""
    setup = {"factions": [["test-props", "test-scenery"], ["test-rigs", "aliens"]],
             "seed": 5, "bases": ["test"], "first_player": 0}
    game = Game.new(setup)
    assert (game.current_player, game.request.kind) == (0, "mulligan")
    old = set(game.state.hands[0])
    play(game, "choice:redraw")
    g = game.state
    assert len(g.hands[0]) == 5 and not g.discards[0] and len(g.decks[0]) == 35
    assert old <= set(g.decks[0]) and not old & set(g.hands[0])
    # the new hand has no minion either, but it must be kept: no second offer
    assert game.request.kind == "main"

    kept = Game.new(setup)
    hand = list(kept.state.hands[0])
    play(kept, "choice:keep")
    assert kept.state.hands[0] == hand and kept.request.kind == "main"


def test_a_hand_with_a_minion_is_never_offered_a_mulligan():
    """Science Fiction Double Feature, 'Set Up': only a hand with no minion may be redrawn."""
    for seed in range(20):
        game = Game.new({"factions": [["test-rigs", "aliens"], ["test-rigs", "ninjas"]],
                         "seed": seed, "bases": ["test"]})
        g = game.state
        no_minion = [p for p in range(2)
                     if not any(g.defs[c].kind == "minion" for c in g.hands[p])]
        if game.request.kind == "mulligan":
            assert game.current_player in no_minion
        else:
            assert not no_minion


# ---- playing cards ----------------------------------------------------------------------------


def test_one_free_minion_and_one_free_action_in_any_order():
    """Core, 'Play Cards': play one minion, one action, or one of each, in any order."""
    game = scenario(hands=[[R + "dummy", R + "dummy", R + "maybe", R + "maybe"], []], bases=TWO)
    play(game, f"play {R}maybe#1", "no")
    assert not any(o.startswith(f"play {R}maybe") for o in options(game))
    play(game, f"play {R}dummy#1 @ base:test-dock")
    assert options(game) == ["end"]


def test_extra_minion_in_the_play_phase_may_be_played_later():
    """EMD, 'Extra': an extra card given during the Play Cards phase may be played later in
    that phase; it is not counted against the normal one minion."""
    game = scenario(hands=[[R + "reinforce", R + "dummy", R + "dummy", R + "dummy"], []],
                    bases=TWO)
    play(game, f"play {R}reinforce#1")
    assert decision(game) == (0, "main")  # nothing to play right now
    play(game, f"play {R}dummy#1 @ base:test-dock", f"play {R}dummy#2 @ base:test-lot")
    assert not any(o.startswith(f"play {R}dummy") for o in options(game))


def test_extra_minion_from_a_special_must_be_played_at_once():
    """Core, 'Me First!': if your Special lets you play extra cards, play them immediately or
    not at all (EMD, 'Extra': even during your Play Cards phase)."""
    game = scenario(hands=[[R + "rush", R + "dummy", R + "dummy"], []], bases=TWO)
    play(game, f"special {R}rush#1")
    assert decision(game) == (0, "play_extra")
    play(game, "skip")
    play(game, f"play {R}dummy#1 @ base:test-dock")  # the normal minion play
    assert not any(o.startswith(f"play {R}dummy") for o in options(game))


def test_extra_minion_outside_your_play_phase_is_now_or_never():
    """Core, 'Void Where Prohibited': extra plays gained while a base is being scored must be
    played immediately or not at all."""
    game = scenario(hands=[[], [R + "rush", R + "dummy"]],
                    bases=[{"base": "test-yard", "minions": [R + "heavy", R + "heavy"]},
                           "test-lot"])
    end_turn(game)
    assert decision(game) == (1, "me_first")
    play(game, f"special {R}rush#1")
    assert decision(game) == (1, "play_extra")
    play(game, f"play {R}dummy#1 @ base:test-yard")
    # the minion joined before the base scored: player 1 is runner-up there
    assert game.state.vp == [4, 2]


def test_talent_once_per_turn_and_again_next_turn():
    """EMD, 'Talent': usable once during the Play Cards phase of each of your turns."""
    game = scenario(hands=[[], []], decks=[[R + "dummy"] * 6, [R + "dummy"] * 6],
                    bases=[{"base": "test-dock", "minions": [R + "talent-bot"]}, "test-lot"])
    play(game, f"use {R}talent-bot#1")
    assert len(game.state.hands[0]) == 1
    assert f"use {R}talent-bot#1" not in options(game)
    end_turn(game)  # player 1's turn: no talent for them
    assert decision(game) == (1, "main")
    assert f"use {R}talent-bot#1" not in options(game)
    end_turn(game)
    assert f"use {R}talent-bot#1" in options(game)


# ---- scoring ----------------------------------------------------------------------------------


def test_base_scores_when_total_power_reaches_breakpoint():
    """Core, 'The Big Score': a base scores if the total power there equals or exceeds its
    breakpoint; the winner and runner-up get the base's first and second VP."""
    board = dict(hands=[[R + "zero-bot", R + "dummy"], []], base_deck=["test-plaza"],
                 bases=[{"base": "test-yard",
                         "minions": [R + "heavy", {"card": R + "dummy", "controller": 1}]},
                        "test-lot"])
    short = scenario(**board)
    play(short, f"play {R}zero-bot#1 @ base:test-yard", "end")  # 7 of 8: no scoring
    assert short.state.vp == [0, 0]
    game = scenario(**board)
    play(game, f"play {R}dummy#1 @ base:test-yard", "end")  # exactly 8 of 8
    assert game.state.vp == [4, 2]
    assert "base:test-plaza" in [b["id"] for b in game.observation(0)["bases"]]


def test_current_player_chooses_which_ready_base_scores_first():
    """Core, 'The Big Score': if more than one base is ready, the current player chooses
    which one scores first."""
    game = scenario(hands=[[], []], base_deck=["test-dock", "test-lot"],
                    bases=[{"base": "test-yard", "minions": [R + "heavy", R + "heavy"]},
                           {"base": "test-plaza", "minions": [R + "heavy", R + "heavy"]},
                           "test-field"])
    end_turn(game)
    assert decision(game) == (0, "score")
    assert sorted(options(game)) == ["base:test-plaza", "base:test-yard"]
    play(game, "base:test-plaza")
    assert vp_events(game) == [(0, 5), (0, 4)]


def test_once_chosen_a_base_scores_even_if_power_drops():
    """Core, 'The Big Score': if the total power drops below the breakpoint after the base
    was chosen, it still finishes scoring."""
    game = scenario(hands=[[], [R + "ambush"]], decks=FILLER,
                    bases=[{"base": "test-yard",
                            "minions": [R + "heavy", R + "dummy",
                                        {"card": R + "dummy", "controller": 1}]}, "test-lot"])
    end_turn(game)
    assert decision(game) == (1, "me_first")
    play(game, f"special {R}ambush#1", f"{R}heavy#1")
    assert where(game, f"{R}heavy#1") == "discard:0"
    assert game.state.vp == [4, 4]  # 2 against 2 on a base below its breakpoint


def test_before_scoring_mandatory_abilities_first_in_current_players_order():
    """EMD, 'Me First!': abilities that do not say "may" resolve first, in the order the
    current player chooses; then the optional ones."""
    game = scenario(hands=[[], []], decks=[[R + "dummy"] * 3, [R + "dummy"] * 3],
                    bases=[{"base": "test-yard",
                            "minions": [R + "heavy", R + "chime", R + "hopeful",
                                        {"card": R + "chime", "controller": 1}]}, "test-lot"])
    end_turn(game)
    assert decision(game) == (0, "order")
    assert options(game) == [f"trigger {R}chime#1", f"trigger {R}chime#2"]
    play(game, f"trigger {R}chime#2")
    assert vp_events(game) == [(1, 1), (0, 1)]
    assert decision(game) == (0, "me_first")
    assert options(game) == [f"trigger {R}hopeful#1", "pass"]
    play(game, f"trigger {R}hopeful#1")
    assert game.state.vp == [1 + 4, 1 + 2]


def test_after_scoring_abilities_happen_before_cards_are_discarded():
    """Core, 'Back to Your Corners': after scoring, players may use "after" abilities; then
    the cards still on the base go to the discard pile."""
    game = scenario(hands=[[], []], decks=FILLER,
                    bases=[{"base": "test-yard", "minions": [R + "heavy", "aliens/scout"]},
                           "test-lot"])
    end_turn(game)
    assert decision(game) == (0, "me_first")
    play(game, "trigger aliens/scout#1")
    assert where(game, "aliens/scout#1") == "hand:0"
    assert where(game, f"{R}heavy#1") == "discard:0"


def test_ties_share_the_best_place_and_skip_the_next():
    """Core, 'Tie Fighter': with 10, 10 and 5 power the two with 10 both get first place
    and the one with 5 gets third place, not second."""
    game = scenario(players=3, hands=[[], [], []],
                    bases=[{"base": "test-dock", "minions": [
                        R + "heavy", R + "heavy",
                        {"card": R + "heavy", "controller": 1},
                        {"card": R + "heavy", "controller": 1},
                        {"card": R + "heavy", "controller": 2}]}, "test-lot", "test-field"])
    end_turn(game)
    assert game.state.vp == [3, 3, 1]


def test_two_tied_for_second_leave_no_third_place():
    """Core, 'Tie Fighter': if two players tie for runner-up, no one gets third place."""
    game = scenario(players=4, hands=[[], [], [], []],
                    bases=[{"base": "test-yard", "minions": [
                        R + "heavy",
                        {"card": R + "dummy", "controller": 1},
                        {"card": R + "dummy", "controller": 2},
                        {"card": R + "zero-bot", "controller": 3}]},
                        "test-lot", "test-field", "test-dock", "test-plaza"])
    end_turn(game)
    assert game.state.vp == [4, 2, 2, 0]


def test_unclaimed_places_give_nothing_and_a_place_needs_a_minion_or_power():
    """EMD, 'Awarding VP': with fewer than three players on a base no one gets the unclaimed
    places; you need at least one minion or 1 power there, and a 0-power minion is enough."""
    lone = scenario(players=3, hands=[[], [], []],
                    bases=[{"base": "test-plaza", "minions": [R + "heavy", R + "heavy"]},
                           "test-lot", "test-field", "test-dock"])
    end_turn(lone)
    assert lone.state.vp == [5, 0, 0]
    zero = scenario(players=3, hands=[[], [], []],
                    bases=[{"base": "test-plaza", "minions": [
                        R + "heavy", R + "heavy", {"card": R + "zero-bot", "controller": 1}]},
                        "test-lot", "test-field", "test-dock"])
    end_turn(zero)
    assert zero.state.vp == [5, 3, 0]


def test_one_power_without_a_minion_earns_a_place():
    """Oops, 'Awarding VP': at least one minion *or 1 power* on a base earns VP."""
    game = scenario(hands=[[R + "banner"], []],
                    bases=[{"base": "test-plaza",
                            "minions": [{"card": R + "heavy", "controller": 1},
                                        {"card": R + "heavy", "controller": 1}]}, "test-lot"])
    play(game, f"play {R}banner#1", "base:test-plaza", "end")
    assert game.state.vp == [3, 5]


def test_scored_cards_go_to_their_owners_discard_piles_without_being_destroyed():
    """Core, 'Back to Your Corners': cards still on a scored base go to their owners'
    discard piles; this does not destroy them."""
    game = scenario(hands=[[], []], decks=FILLER,
                    bases=[{"base": "test-yard", "minions": [
                        R + "heavy", {"card": R + "heavy", "owner": 1, "controller": 0,
                                      "attached": [{"card": R + "boost", "owner": 1}]}]},
                        "test-lot"])
    end_turn(game)
    assert game.state.vp == [4, 0]  # both minions counted for their controller
    assert where(game, f"{R}heavy#1") == "discard:0"
    assert where(game, f"{R}heavy#2") == "discard:1"
    assert where(game, f"{R}boost#1") == "discard:1"
    assert not [e for e in game.events if e["kind"] == "destroyed"]


def test_scored_base_is_replaced_and_the_base_discard_reshuffled_when_needed():
    """EMD, 'Back to Your Corners': put the scored base on the base discard pile and replace
    it with the top base card; shuffle the base discard pile if the deck ran out."""
    game = scenario(hands=[[], []], base_deck=[], base_discard=["test-field"],
                    bases=[{"base": "test-yard", "minions": [R + "heavy", R + "heavy"]},
                           "test-lot"])
    end_turn(game)
    g = game.state
    in_play = {g.base_names[b] for b in g.bases}
    deck = {g.base_names[b] for b in g.base_deck}
    assert in_play | deck == {"base:test-lot", "base:test-field", "base:test-yard"}
    assert len(in_play) == 2 and len(deck) == 1 and g.base_discard == []


# ---- Me First! --------------------------------------------------------------------------------


def test_me_first_goes_round_until_all_pass_in_sequence():
    """Core, 'Me First!': starting with the current player and going clockwise until all
    pass in sequence; if you pass and another player uses a Special, you may still use one."""
    minions = [R + "dummy", R + "dummy", {"card": R + "dummy", "controller": 1},
               {"card": R + "dummy", "controller": 2}]
    game = scenario(players=3, hands=[[R + "ambush"], [R + "ambush"], [R + "ambush"]],
                    bases=[{"base": "test-yard", "minions": minions},
                           "test-lot", "test-field", "test-dock"])
    end_turn(game)
    assert decision(game) == (0, "me_first")
    play(game, "pass")
    assert decision(game) == (1, "me_first")
    play(game, f"special {R}ambush#2", f"{R}dummy#3")
    assert decision(game) == (2, "me_first")
    play(game, "pass")
    assert decision(game) == (0, "me_first")  # passed before, asked again after an action
    play(game, "pass")
    # player 1 has nothing left, so 2, 0 and 1 have passed in sequence: the base scores
    assert game.state.vp == [4, 0, 2]


# ---- drawing, revealing, hand limit -------------------------------------------------------------


def test_draw_reshuffles_the_discard_pile_when_the_deck_runs_out():
    """Core, 'Draw 2 Cards': if you need to draw and your deck is empty, shuffle your
    discard pile to make a new deck and keep drawing."""
    game = scenario(hands=[[], []], decks=[[R + "dummy"], []],
                    discards=[[R + "heavy", R + "heavy", R + "heavy"], []], bases=TWO)
    end_turn(game)
    g = game.state
    assert len(g.hands[0]) == 2 and len(g.decks[0]) == 2 and g.discards[0] == []
    assert where(game, f"{R}dummy#1") == "hand:0"


def test_revealing_until_stops_when_the_deck_runs_out():
    """EMD, 'Draw 2 Cards' (exception): revealing until a condition is met stops when the
    deck runs out, without reshuffling the discard pile."""
    game = scenario(hands=[[R + "launcher"], []], decks=[[R + "maybe", R + "maybe"], []],
                    discards=[[R + "dummy"], []], bases=TWO)
    play(game, f"play {R}launcher#1")
    assert where(game, f"{R}dummy#1") == "discard:0"
    assert len(game.state.decks[0]) == 2  # the revealed cards went back
    assert decision(game) == (0, "main")


def test_hand_limit_applies_only_after_drawing():
    """Core, 'Draw 2 Cards': after drawing you may hold at most 10 cards; more than 10 at
    other times is fine."""
    game = scenario(hands=[[R + "maybe"] * 11, []], decks=[[R + "dummy"] * 3, []],
                    bases=TWO)
    play(game, f"play {R}maybe#1", "yes")
    assert len(game.state.hands[0]) == 11  # over the limit during the turn: fine
    end_turn(game)
    assert decision(game) == (0, "discard")
    play(game, f"{R}maybe#2", f"{R}maybe#3")
    assert decision(game) == (0, "discard")
    play(game, f"{R}maybe#4")
    assert len(game.state.hands[0]) == 10
    assert decision(game) == (1, "main")


# ---- end of turn, victory -----------------------------------------------------------------------


def test_until_end_of_turn_effects_expire_at_the_end_of_the_turn():
    """EMD, 'End Turn': effects that last until the end of the turn expire then."""
    game = scenario(hands=[[R + "boost"], []],
                    bases=[{"base": "test-dock", "minions": [R + "dummy"]}, "test-lot"])
    play(game, f"play {R}boost#1")
    assert power(game, f"{R}dummy#1") == 5
    end_turn(game)
    assert power(game, f"{R}dummy#1") == 2


def test_winner_is_decided_at_the_end_of_the_turn_not_when_15_vp_is_reached():
    """Core, 'Game Over, Man!': at the end of a turn in which someone reached 15 VP, the
    player with the most VP wins; the turn is finished first."""
    game = scenario(hands=[[R + "maybe"] * 11, []], decks=[[R + "dummy"] * 2, []], vp=[14, 0],
                    bases=[{"base": "test-yard", "minions": [R + "heavy", R + "heavy"]},
                           "test-lot"])
    end_turn(game)
    assert game.state.vp == [18, 0]
    assert not game.is_over and decision(game) == (0, "discard")  # still drawing
    play(game, f"{R}maybe#1", f"{R}maybe#2", f"{R}maybe#3")
    assert game.is_over and game.result == {"winner": 0, "vp": [18, 0]}


def test_most_vp_wins_even_when_it_is_not_the_current_player():
    """Core, 'Game Over, Man!': the player with the most VP wins."""
    game = scenario(hands=[[], []], vp=[15, 16], bases=TWO)
    end_turn(game)
    assert game.is_over and game.result == {"winner": 1, "vp": [15, 16]}


def test_a_tie_for_most_vp_means_more_turns():
    """Core, 'Game Over, Man!': if there is a tie for the most VP, keep playing turns."""
    game = scenario(hands=[[], []], vp=[15, 15], bases=TWO)
    end_turn(game)
    assert not game.is_over and decision(game) == (1, "main")


# ---- control, limits, the box, costs, "can't" ---------------------------------------------------


def test_cards_leaving_play_go_to_their_owners_zones():
    """EMD, 'Control': a minion you control counts for you, but when it leaves play it goes
    to its owner's hand, deck or discard pile."""
    board = dict(hands=[[R + "zap"], []],
                 bases=[{"base": "test-dock",
                         "minions": [{"card": R + "heavy", "owner": 1, "controller": 0}]},
                        "test-lot"])
    game = scenario(**board)
    assert base_power(game, "test-dock", 0) == 5 and base_power(game, "test-dock", 1) == 0
    play(game, f"play {R}zap#1")
    assert where(game, f"{R}heavy#1") == "discard:1"
    board["hands"] = [["aliens/supreme-overlord"], []]
    bounced = scenario(**board)
    play(bounced, "play aliens/supreme-overlord#1 @ base:test-lot", f"{R}heavy#1")
    assert where(bounced, f"{R}heavy#1") == "hand:1"


def test_power_and_breakpoints_never_go_below_zero():
    """EMD, 'Rules to Remember': minion power and base breakpoints are never below zero."""
    game = scenario(hands=[[R + "drain", R + "sink"], []], plays={"action": 2},
                    bases=[{"base": "test-dock", "minions": [R + "dummy", R + "heavy"]},
                           "test-lot"])
    play(game, f"play {R}drain#1", f"{R}dummy#1")
    assert power(game, f"{R}dummy#1") == 0
    assert base_power(game, "test-dock") == 5  # not 5 - 8
    play(game, f"play {R}sink#1", "base:test-lot")
    assert base_breakpoint(game, "test-lot") == 0


def test_a_card_in_the_box_is_out_of_the_game():
    """EMD, 'The box': a card put in the box is out for the rest of the game; no ability
    can prevent it (here: a minion that cannot be destroyed)."""
    game = scenario(hands=[[R + "crate"], []],
                    bases=[{"base": "test-dock",
                            "minions": [{"card": R + "sturdy", "counters": 2,
                                         "attached": [R + "boost"]}]}, "test-lot"])
    play(game, f"play {R}crate#1")
    assert where(game, f"{R}sturdy#1") == "box"
    assert where(game, f"{R}boost#1") == "discard:0"
    assert game.state.counters.get(card_id(game, f"{R}sturdy#1"), 0) == 0


def test_do_x_to_do_y_does_nothing_if_x_cannot_be_done():
    """EMD, 'To': "do X to do Y" — if X is thwarted (not enough cards to discard) you do
    none of X, and not Y."""
    board = dict(bases=[{"base": "test-dock", "minions": [{"card": R + "heavy",
                                                         "controller": 1}]}, "test-lot"])
    poor = scenario(hands=[[R + "pricey-shot", R + "maybe"], []], **board)
    play(poor, f"play {R}pricey-shot#1")
    assert where(poor, f"{R}maybe#1") == "hand:0"
    assert where(poor, f"{R}heavy#1") == "minion@base:test-dock"
    rich = scenario(hands=[[R + "pricey-shot", R + "maybe", R + "maybe"], []], **board)
    play(rich, f"play {R}pricey-shot#1")
    assert where(rich, f"{R}maybe#1") == "discard:0" and where(rich, f"{R}maybe#2") == "discard:0"
    assert where(rich, f"{R}heavy#1") == "discard:1"


def test_cannot_beats_can():
    """Core, 'Void Where Prohibited': if cards conflict, the one that says you can't beats
    the one that says you can (a destroy effect against "cannot be destroyed")."""
    game = scenario(hands=[[R + "zap"], []],
                    bases=[{"base": "test-dock", "minions": [{"card": R + "sturdy",
                                                             "controller": 1}]}, "test-lot"])
    play(game, f"play {R}zap#1")
    assert where(game, f"{R}sturdy#1") == "minion@base:test-dock"


def test_a_player_cannot_take_two_printings_of_the_same_faction():
    """Core, 'Set Up': "one player can't play with two copies of the same faction" — the 2012
    Tricksters and the current Tricksters are one faction; two players may each take one."""
    with pytest.raises(SetupError, match="two different factions"):
        Game.new({"factions": [["tricksters", "tricksters@original"], ["aliens", "ninjas"]]})
    game = Game.new({"factions": [["tricksters", "aliens"], ["tricksters@original", "ninjas"]]})
    assert game.state.nplayers == 2
