"""Saved games: a whole game (setup, seed, decisions) round-trips through JSON (DESIGN req. 6)."""

from __future__ import annotations

import json
import random

import pytest

from smashup import Game, ReplayError
from smashup.sim import implemented_factions, random_factions


def random_game(seed: int, players: int, cap: int = 400) -> Game:
    rng = random.Random(seed)
    factions = random_factions(rng, players, implemented_factions())
    game = Game.new({"factions": factions, "seed": seed, "bases": "all"})
    while not game.is_over and game.state.turn <= cap:
        game.apply(rng.choice(game.legal_actions()))
    return game


@pytest.mark.parametrize(("seed", "players"), [(1, 2), (2, 3), (3, 4), (4, 2)])
def test_a_whole_game_replays_to_the_same_position(seed: int, players: int) -> None:
    game = random_game(seed, players)
    text = game.to_json()
    data = json.loads(text)
    assert data["format"] == "smashup-game/2"
    assert len(data["checks"]) == len(data["actions"])
    assert data["setup"]["seed"] == seed
    assert data["actions"] == game.history
    again = Game.from_json(text)
    assert again.state.fingerprint() == game.state.fingerprint()
    assert again.history == game.history
    assert again.is_over == game.is_over
    assert again.result == game.result


def test_a_game_saved_midway_goes_on_like_the_original() -> None:
    game = Game.new({"factions": [["aliens", "ninjas"], ["ninjas", "aliens"]], "seed": 21})
    rng = random.Random(21)
    for _ in range(60):
        game.apply(rng.choice(game.legal_actions()))
    copy = Game.from_json(game.to_json())
    assert copy.state.fingerprint() == game.state.fingerprint()
    assert copy.action_texts() == game.action_texts()
    for _ in range(60):
        if game.is_over:
            break
        action = rng.choice(game.legal_actions())
        game.apply(action)
        copy.apply(action)
        assert copy.state.fingerprint() == game.state.fingerprint()


def test_a_scenario_game_round_trips() -> None:
    game = Game.new({"scenario": {"hands": [["aliens/invader"], []],
                                  "bases": ["jungle-oasis", "the-central-brain"]}})
    game.apply("play aliens/invader#1 @ base:jungle-oasis")
    again = Game.from_json(game.to_json())
    assert again.state.fingerprint() == game.state.fingerprint()
    assert again.state.vp == [1, 0]


def test_malformed_json_is_a_clear_error() -> None:
    with pytest.raises(ValueError, match="a saved game must be JSON"):
        Game.from_json("{not json")


def test_missing_setup_is_a_clear_error() -> None:
    with pytest.raises(ValueError, match="a saved game needs 'setup' and 'actions'"):
        Game.from_json('{"actions": ["end"]}')


def test_actions_must_be_decision_texts() -> None:
    with pytest.raises(ReplayError, match="save.actions: expected a list of decision texts"):
        Game.from_dict({"setup": {"factions": [["aliens", "ninjas"], ["ninjas", "aliens"]]},
                        "actions": "end"})


def test_unknown_format_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown saved-game format"):
        Game.from_dict({"format": "smashup-game/99", "setup": {}, "actions": []})


def test_a_bad_setup_is_a_replay_error_naming_the_field() -> None:
    with pytest.raises(ReplayError,
                       match=r"save.setup.factions\[0\]\[1\]: unknown faction 'kittens'"):
        Game.from_dict({"setup": {"factions": [["aliens", "kittens"], ["ninjas", "aliens"]]},
                        "actions": []})


def test_a_decision_that_does_not_fit_names_its_number() -> None:
    game = Game.new({"factions": [["aliens", "ninjas"], ["ninjas", "aliens"]], "seed": 5})
    data = {"format": "smashup-game/1", "setup": game.setup,
            "actions": ["end", "play aliens/nobody#1 @ base:nowhere"]}
    with pytest.raises(ReplayError, match=r"decision 2 \('play aliens/nobody#1"):
        Game.from_dict(data)
