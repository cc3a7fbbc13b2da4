"""Strict inputs (issue 15): every malformed setup, scenario or save is a clear error naming
the bad field, an impossible position is refused, and the API checks indices everywhere."""

from __future__ import annotations

import json
from typing import Any

import pytest

from smashup import Game, IllegalAction, ReplayError, SetupError
from smashup.engine import ReplayError as EngineReplayError
from smashup.testing import check_expect, pass_until_main, play, scenario, where

TWO = [["aliens", "ninjas"], ["robots", "wizards"]]
BASES = ["jungle-oasis", "the-central-brain"]


def setup_error(setup: Any) -> str:
    with pytest.raises(SetupError) as err:
        Game.new(setup)
    return str(err.value)


def scenario_error(**fields: Any) -> str:
    with pytest.raises(SetupError) as err:
        scenario(**fields)
    return str(err.value)


# ---- setups ------------------------------------------------------------------------------------


@pytest.mark.parametrize(("setup", "message"), [
    (5, "setup: expected an object, got 5"),
    ({"factions": [1, 2]}, "setup.factions[0]: expected a list of two faction names, got 1"),
    ({"factions": [["aliens", "ninjas"], ["robots", ["wizards"]]]},
     "setup.factions[1][1]: expected a faction name, got a list"),
    ({"factions": [["aliens", "kittens"], ["robots", "wizards"]]},
     "setup.factions[0][1]: unknown faction 'kittens'"),
    ({"factions": TWO, "seed": "abc"}, "setup.seed: expected a whole-number seed, got 'abc'"),
    ({"factions": TWO, "seed": 1.5}, "setup.seed: expected a whole-number seed, got 1.5"),
    ({"factions": TWO, "seed": True}, "setup.seed: expected a whole-number seed, got true"),
    ({"factions": TWO, "bases": [5]}, "setup.bases[0]: expected a base set or base name, got 5"),
    ({"factions": TWO, "first_player": 7},
     "setup.first_player: expected a player number from 0 to 1, got 7"),
    ({"factions": TWO, "sede": 3}, "setup.sede: unknown field"),
    ({"factions": [["aliens", "aliens"], ["robots", "wizards"]]},
     "setup.factions[0]: a player needs two different factions"),
])
def test_a_bad_setup_names_the_bad_field(setup: Any, message: str) -> None:
    assert message in setup_error(setup)


# ---- scenarios ---------------------------------------------------------------------------------


@pytest.mark.parametrize(("fields", "message"), [
    ({"bases": [5]}, "scenario.bases[0]: expected a base name, got 5"),
    ({"vp": 5}, "scenario.vp: expected one number per player, got 5"),
    ({"vp": [1, "x"]}, "scenario.vp[1]: expected a number of VP, got 'x'"),
    ({"seed": "abc"}, "scenario.seed: expected a whole-number seed, got 'abc'"),
    ({"current": 7}, "scenario.current: expected a player number from 0 to 1, got 7"),
    ({"plays": []}, "scenario.plays: expected an object"),
    ({"factions": [1, 2]}, "scenario.factions[0]: expected a list of faction names, got 1"),
    ({"factions": [[["aliens"]], []]},
     "scenario.factions[0][0]: expected a faction name, got a list"),
    ({"hand": [["aliens/invader"], []]}, "scenario.hand: unknown field"),
    ({"hands": [["aliens/invader"], [], []]},
     "scenario.hands: expected 2 items (one list per player), got 3"),
    ({"hands": [[{"card": "aliens/invader", "counter": 1}], []]},
     "scenario.hands[0][0].counter: unknown field"),
    ({"bases": [{"base": "jungle-oasis", "minon": []}]}, "scenario.bases[0].minon: unknown field"),
    ({"plays": {"minions": 2}}, "scenario.plays.minions: unknown field"),
])
def test_a_bad_scenario_names_the_bad_field(fields: dict[str, Any], message: str) -> None:
    assert message in scenario_error(**{"bases": BASES, **fields})


@pytest.mark.parametrize(("fields", "message"), [
    ({"current": -1}, "scenario.current: expected a player number from 0 to 1, got -1"),
    ({"vp": [-1, 0]}, "scenario.vp[0]: expected a number of VP from 0 to 999, got -1"),
    ({"turn": 0}, "scenario.turn: expected a turn number from 1 to 9999, got 0"),
    ({"plays": {"minion": -1}}, "scenario.plays.minion: expected a number of plays from 0 to 99"),
    ({"actions_played": -2}, "scenario.actions_played: expected a number of cards from 0 to 99"),
    ({"seed": 2.0}, "scenario.seed: expected a whole-number seed, got 2.0"),
    ({"seed": False}, "scenario.seed: expected a whole-number seed, got false"),
    ({"bases": [{"base": "jungle-oasis",
                 "minions": [{"card": "aliens/invader", "counters": -1}]}]},
     "scenario.bases[0].minions[0].counters: expected a number of +1 power counters from 0 to 999"),
    ({"factions": [["aliens"], []],
      "hands": [["aliens/supreme-overlord", "aliens/supreme-overlord"], []]},
     "player 0 owns 2 copies of aliens/supreme-overlord; its faction has 1"),
    ({"hands": [["aliens/invader#1"], ["aliens/invader#1"]]},
     "scenario.hands[1][0].card: aliens/invader#1 is listed twice"),
    ({"bases": [{"base": "jungle-oasis", "minions": ["aliens/beam-up"]}]},
     "scenario.bases[0].minions[0]: aliens/beam-up is an action, but only minions go here"),
    ({"bases": [{"base": "jungle-oasis",
                 "minions": [{"card": "aliens/invader", "attached": ["aliens/scout"]}]}]},
     "scenario.bases[0].minions[0].attached[0]: aliens/scout is a minion, but only actions"),
    ({"bases": ["jungle-oasis", "tortuga", "the-central-brain", "rhodes-plaza-mall"]},
     "scenario.bases: a 2-player game has 1 to 3 bases in play, got 4"),
    ({"stasis": [[{"card": "aliens/invader", "stasis": -1}], []]},
     "scenario.stasis[0][0].stasis: expected a number of stasis counters from 0 to 999"),
])
def test_an_impossible_position_is_refused(fields: dict[str, Any], message: str) -> None:
    assert message in scenario_error(**{"bases": BASES, **fields})


def test_a_card_named_with_the_wrong_number_is_refused() -> None:
    assert ("scenario.hands[0][0].card: this card is aliens/invader#1 (copies are numbered in "
            "order of appearance), not aliens/invader#2") in scenario_error(
        bases=BASES, hands=[["aliens/invader#2"], []])


def test_the_scenario_wrapper_takes_no_other_field() -> None:
    assert "setup.script: unknown field" in setup_error({"scenario": {"bases": BASES},
                                                          "script": []})


def test_a_deeply_nested_scenario_is_described_not_recursed() -> None:
    deep: Any = "x"
    for _ in range(100_000):
        deep = [deep]
    assert "scenario.hands: expected 2 items" in scenario_error(bases=BASES, hands=deep)
    assert "scenario.bases[0]: expected a base name, got a list" in scenario_error(bases=[deep])


# ---- stasis, buried and stored cards in a scenario -------------------------------------------


def test_cards_can_be_placed_in_stasis_buried_and_stored() -> None:
    game = scenario(
        bases=[{"base": "jungle-oasis",
                "minions": [{"card": "aliens/invader", "stored": ["ninjas/shinobi"]}],
                "buried": [{"card": "aliens/scout", "controller": 1}]},
               "the-central-brain"],
        stasis=[[{"card": "aliens/collector", "stasis": 2}], []])
    assert where(game, "ninjas/shinobi#1") == "stored:aliens/invader#1"
    assert where(game, "aliens/scout#1") == "buried@base:jungle-oasis"
    assert where(game, "aliens/collector#1") == "stasis:0"
    assert game.observation(1)["stasis"][0][0]["stasis"] == 2
    # a buried card is seen by whoever buried it only; a stored card by its host's controller
    assert game.observation(1)["bases"][0]["buried"] == ["aliens/scout#1"]
    assert game.observation(0)["bases"][0]["buried"] == ["hidden"]
    assert game.observation(0)["bases"][0]["minions"][0]["stored"] == ["ninjas/shinobi#1"]
    assert game.observation(1)["bases"][0]["minions"][0]["stored"] == ["hidden"]


def test_where_answers_in_one_form_for_every_zone() -> None:
    game = scenario(
        hands=[["aliens/invader"], []], decks=[[], ["aliens/scout"]],
        discards=[["aliens/collector"], []],
        bases=[{"base": "jungle-oasis",
                "minions": [{"card": "ninjas/ninja-master", "attached": ["ninjas/poison"]}],
                "actions": ["aliens/jammed-signal"]}, "the-central-brain"])
    assert [where(game, n) for n in ("aliens/invader#1", "aliens/scout#1", "aliens/collector#1",
                                     "ninjas/ninja-master#1", "ninjas/poison#1",
                                     "aliens/jammed-signal#1")] == [
        "hand:0", "deck:1", "discard:0", "minion@base:jungle-oasis", "on:ninjas/ninja-master#1",
        "action@base:jungle-oasis"]


# ---- the API checks its arguments --------------------------------------------------------------


@pytest.mark.parametrize("call", [
    lambda g: g.action_text(-1), lambda g: g.action_text(999), lambda g: g.action_label(-1),
    lambda g: g.action_label(999), lambda g: g.apply(999), lambda g: g.apply(-1),
])
def test_every_index_is_checked_like_apply(call: Any) -> None:
    game = Game.new({"factions": TWO, "seed": 3})
    with pytest.raises(IllegalAction, match="out of range 0.."):
        call(game)


@pytest.mark.parametrize("player", [5, -1, -2, True, "0"])  # spectators: spectator_observation
def test_observation_of_a_player_not_in_the_game_is_refused(player: Any) -> None:
    game = Game.new({"factions": TWO, "seed": 3})
    with pytest.raises(IllegalAction, match="is not in this game"):
        game.observation(player)


def test_a_long_bad_decision_is_not_echoed_whole() -> None:
    game = Game.new({"factions": TWO, "seed": 3})
    with pytest.raises(IllegalAction) as err:
        game.apply("x" * 1000)
    assert "(940 more characters)" in str(err.value)
    assert "x" * 100 not in str(err.value)


# ---- saves -------------------------------------------------------------------------------------


def played(n: int) -> Game:
    game = Game.new({"factions": TWO, "seed": 11})
    for _ in range(n):
        game.apply(0)
    return game


def test_a_save_names_its_format_and_the_final_position() -> None:
    game = played(12)
    data = game.to_dict()
    assert data["format"] == "smashup-game/2"
    assert len(data["checks"]) == 12 and len(data["fingerprint"]) == 16
    again = Game.from_json(game.to_json())
    assert again.state.fingerprint() == game.state.fingerprint()


def test_a_version_1_save_still_loads() -> None:
    game = played(12)
    old = {"format": "smashup-game/1", "setup": game.setup, "actions": game.history}
    assert Game.from_dict(old).state.fingerprint() == game.state.fingerprint()


def test_an_edited_save_names_the_first_decision_that_differs() -> None:
    game = played(12)
    data = game.to_dict()
    data["setup"]["seed"] = 12  # another shuffle: the same decisions reach other positions
    with pytest.raises(ReplayError, match=r"save.actions\[\d+\]: decision \d+ \(.*\) "
                                          "(leads to another position|does not fit)"):
        Game.from_dict(data)
    data = game.to_dict()
    data["checks"][4] = "00000000"
    with pytest.raises(ReplayError, match=r"save.actions\[4\]: decision 5 .* leads to another "
                                          "position than the saved game's"):
        Game.from_dict(data)
    data = game.to_dict()
    data["fingerprint"] = "0" * 16
    with pytest.raises(ReplayError, match="save.fingerprint: the replay does not reach"):
        Game.from_dict(data)


@pytest.mark.parametrize(("text", "message"), [
    (b"\xff\xfe{}", "save: not UTF-8 text"),
    ("[" * 100_000 + "]" * 100_000, "save: the JSON is nested too deeply"),
    ('{"setup": {}, "actions": [], "extra": 1}', "save.extra: unknown field"),
    ('{"setup": {"factions": [["aliens", "ninjas"], ["robots", "wizards"]]}, "actions": [5]}',
     "save.actions[0]: expected a decision text, got 5"),
    ('{"format": "smashup-game/2", "setup": {}, "actions": []}', "save.checks: missing"),
    ('{"setup": {"factions": [1, 2]}}', "save.setup.factions[0]: expected a list"),
    ('{"setup": {"scenario": {"bases": [5]}}}', "save.setup.scenario.bases[0]: expected a base"),
])
def test_a_malformed_save_is_a_replay_error(text: Any, message: str) -> None:
    with pytest.raises(ReplayError, match=message.replace("[", r"\[").replace("]", r"\]")):
        Game.from_json(text)


def test_replay_error_is_exported_from_the_engine_too() -> None:
    assert EngineReplayError is ReplayError


def test_a_bad_decision_in_a_save_is_clipped() -> None:
    game = played(0)
    data = {"format": "smashup-game/1", "setup": game.setup, "actions": ["y" * 1000]}
    with pytest.raises(ReplayError) as err:
        Game.from_dict(data)
    assert "y" * 100 not in str(err.value)


def test_a_save_round_trips_through_json_text() -> None:
    game = played(5)
    assert json.loads(game.to_json())["actions"] == game.history


# ---- scenario test helpers ---------------------------------------------------------------------


def test_pass_until_main_declines_every_window_up_to_the_next_play_cards_decision() -> None:
    # player 1 holds Shinobi: in the Me First! window before Jungle Oasis scores they pass
    game = scenario(
        hands=[["aliens/invader"], ["ninjas/shinobi"]],
        decks=[["aliens/scout"] * 2, ["ninjas/ninja-acolyte"] * 2],
        bases=[{"base": "jungle-oasis", "minions": [
            {"card": "aliens/supreme-overlord", "controller": 0},
            {"card": "ninjas/ninja-master", "controller": 1, "counters": 1}]}, "tortuga"],
        vp=[3, 0])
    play(game, "play aliens/invader#1 @ base:jungle-oasis", "end")
    assert game.request is not None and game.request.kind == "me_first"
    pass_until_main(game)
    assert game.request is not None and game.request.kind == "main"
    assert game.current_player == 1
    assert game.state.vp == [6, 0]  # Invader's 1 VP, then Jungle Oasis's 2 for first place
    assert where(game, "ninjas/shinobi#1") == "hand:1"


def test_pass_until_main_stops_at_a_decision_that_cannot_be_declined() -> None:
    game = scenario(hands=[["aliens/invader"] * 3 + ["aliens/scout"] * 3 + ["aliens/collector"] * 4,
                           []], decks=[["aliens/invasion", "aliens/probe"], []], bases=BASES)
    play(game, "end")  # draw 2: 12 cards, discard down to 10
    with pytest.raises(AssertionError, match="cannot decline"):
        pass_until_main(game)


def test_check_expect_reports_each_mismatch() -> None:
    game = scenario(hands=[["aliens/invader"], []], bases=BASES)
    play(game, "play aliens/invader#1 @ base:jungle-oasis")
    assert check_expect(game, {
        "vp": [1, 0], "where": {"aliens/invader#1": "minion@base:jungle-oasis"},
        "power": {"aliens/invader#1": 3}, "total_power": {"jungle-oasis": 3},
        "player_power": {"jungle-oasis": [3, 0]}, "breakpoint": {"jungle-oasis": 12},
        "decision": {"player": 0, "kind": "main"}}) == []
    assert check_expect(game, {"vp": [0, 0], "power": {"aliens/invader#1": 5},
                               "decision": None}) == [
        "expect.vp: expected [0, 0], got [1, 0]",
        "expect.power['aliens/invader#1']: expected 5, got 3",
        "expect.decision: expected the game to be over, got a main decision for player 0"]


def test_a_malformed_expectation_is_a_setup_error() -> None:
    game = scenario(bases=BASES)
    with pytest.raises(SetupError, match="expect.vps: unknown field"):
        check_expect(game, {"vps": [0, 0]})
    with pytest.raises(SetupError, match=r"expect.where\['aliens/nobody#1'\]: no card"):
        check_expect(game, {"where": {"aliens/nobody#1": "hand:0"}})


def test_the_test_cards_are_importable_from_the_package() -> None:
    from smashup.engine.core.defs import REGISTRY
    from smashup.testing_cards import registered

    with registered():
        game = scenario(hands=[["test-rigs/zap"], []], bases=["test-plaza", "test-yard"])
        assert where(game, "test-rigs/zap#1") == "hand:0"
    assert "test-rigs" not in REGISTRY.factions
