"""Aliens: each card's ability, scripted strictly on a described board."""

import pytest

from smashup import IllegalAction
from smashup.testing import options, play, scenario, where

BASES = ["jungle-oasis", "the-central-brain"]


def test_invader_gains_1_vp():
    game = scenario(hands=[["aliens/invader"], []], bases=BASES)
    play(game, "play aliens/invader#1 @ base:jungle-oasis")
    assert game.state.vp == [1, 0]


def test_supreme_overlord_may_return_any_minion_or_decline():
    board = dict(
        hands=[["aliens/supreme-overlord"], []],
        bases=[{"base": "jungle-oasis",
                "minions": [{"card": "ninjas/tiger-assassin", "controller": 1}]},
               "the-central-brain"],
    )
    game = scenario(**board)
    play(game, "play aliens/supreme-overlord#1 @ base:the-central-brain")
    assert "skip" in options(game)
    play(game, "ninjas/tiger-assassin#1")
    assert where(game, "ninjas/tiger-assassin#1") == "hand:1"

    declined = scenario(**board)
    play(declined, "play aliens/supreme-overlord#1 @ base:the-central-brain", "skip")
    assert where(declined, "ninjas/tiger-assassin#1") == "minion@base:jungle-oasis"


def test_an_illegal_action_raises_and_changes_nothing():
    game = scenario(hands=[["aliens/invader"], []], bases=BASES)
    before = game.state.fingerprint()
    with pytest.raises(IllegalAction):
        game.apply("play aliens/invader#1 @ base:tortuga")
    with pytest.raises(IllegalAction):
        game.apply(99)
    assert game.state.fingerprint() == before
