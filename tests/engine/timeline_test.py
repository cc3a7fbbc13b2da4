"""Turn order and the base deck outside the normal flow (engine/rules/timeline.py): extra turns, the
point "cannot score", a scored base's replacement chosen from the base discard pile, and
standard actions that may only be played through their Special."""

from smashup.engine.rules.plays import action_targets
from smashup.engine.rules.timeline import (
    CANNOT_SCORE,
    extra_turns_queued,
    in_extra_turn,
    next_player,
    replace_with,
    take_extra_turns,
)
from smashup.testing import card_id, options, pass_until_main, play, power, scenario

WALKERS = ["zombies/walker"] * 8


def test_extra_turns_come_newest_first_then_the_ordinary_order_resumes():
    game = scenario(players=3, bases=["jungle-oasis", "tortuga", "the-central-brain",
                                      "the-great-library"])
    g = game.state
    take_extra_turns(g, [2])
    assert extra_turns_queued(g) == (2,) and not in_extra_turn(g)
    g.current = next_player(g)  # player 0's turn ends: player 2's extra turn
    assert g.current == 2 and in_extra_turn(g)
    take_extra_turns(g, [2, 0])  # won during that extra turn: they come right after it
    order = []
    for _ in range(4):
        g.current = next_player(g)
        order.append(g.current)
    # 2 and 0 (the newest extra turns), then player 1, whose turn came after player 0's
    assert order == [2, 0, 1, 2]
    assert not in_extra_turn(g) and extra_turns_queued(g) == ()


def test_until_your_next_turn_ends_when_your_extra_turn_starts():
    """Guide §4.14: an extra turn is a complete turn, so "until the start of your next turn"
    ends at its start. Core Infiltrate cancels The Central Brain (+1 power) until then."""
    game = scenario(decks=[WALKERS] * 2,
                    bases=[{"base": "portal-room", "minions": [
                        "dinosaurs/king-rex", "dinosaurs/king-rex", "ninjas/ninja-master",
                        {"card": "aliens/invader", "controller": 1}]},
                        {"base": "the-central-brain", "minions": ["ninjas/shinobi"],
                         "actions": ["ninjas/infiltrate"]}, "jungle-oasis"])
    assert power(game, "ninjas/shinobi#1") == 3 + 1
    play(game, "use ninjas/infiltrate#1")
    assert power(game, "ninjas/shinobi#1") == 3  # the Brain's +1 is cancelled
    play(game, "end")  # Portal Room scores; player 0 won it
    pass_until_main(game)
    assert (game.state.turn, game.state.current) == (2, 0)
    assert power(game, "ninjas/shinobi#1") == 3 + 1


def test_the_cannot_score_point_is_asked_by_the_scoring_check():
    game = scenario(hands=[["time-travelers/stasis-field"], []],
                    bases=[{"base": "jungle-oasis", "minions": ["dinosaurs/king-rex",
                                                                "ninjas/ninja-master"]},
                           "tortuga"])
    assert CANNOT_SCORE.point == "cannot_score"
    from smashup.engine.turn.flow import ready_bases

    assert ready_bases(game.state) == [0]
    play(game, "play time-travelers/stasis-field#1 @ base:jungle-oasis")
    assert ready_bases(game.state) == []


def test_a_chosen_replacement_may_come_from_the_base_discard_pile():
    game = scenario(decks=[WALKERS] * 2, base_deck=["tortuga"],
                    base_discard=["the-great-library"],
                    bases=[{"base": "jungle-oasis", "minions": ["dinosaurs/king-rex",
                                                                "ninjas/ninja-master"]},
                           "the-central-brain"])
    g = game.state
    library = g.base_discard[0]
    replace_with(g, 0, library)
    play(game, "end")
    assert [g.base_names[b] for b in g.bases] == ["base:the-great-library",
                                                   "base:the-central-brain"]
    assert [g.base_names[b] for b in g.base_deck] == ["base:tortuga"]
    assert [g.base_names[b] for b in g.base_discard] == ["base:jungle-oasis"]


def test_a_standard_action_whose_can_target_refuses_is_offered_no_play():
    """A standard action's ``can_target`` (asked with slot -1) says whether it may be played
    now: Wormhole never, outside its Special; an ordinary standard action always."""
    game = scenario(hands=[["time-travelers/wormhole", "aliens/probe"], []],
                    bases=["jungle-oasis", "tortuga"])
    g = game.state
    assert action_targets(g, card_id(game, "time-travelers/wormhole#1"), 0) == []
    assert action_targets(g, card_id(game, "aliens/probe#1"), 0) == [
        ("play", card_id(game, "aliens/probe#1"))]
    assert options(game) == ["play aliens/probe#1", "end"]
