"""Bad command-line input (issue 15): exit status 2 with one clear message, never an internal
error, and nothing played or written first; scenario files with an ``expect`` section."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from smashup.cli.main import main

BOARD = {"hands": [["aliens/invader"], []], "bases": ["jungle-oasis", "the-central-brain"]}


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def write(tmp_path: Path, data: object, name: str = "f.json") -> str:
    path = tmp_path / name
    if isinstance(data, bytes):
        path.write_bytes(data)
    else:
        path.write_text(data if isinstance(data, str) else json.dumps(data))
    return str(path)


def refused(capsys: pytest.CaptureFixture[str], message: str, *argv: str) -> str:
    status, out, err = run(capsys, *argv)
    assert status == 2, err
    assert message in err
    assert "internal error" not in err and "Traceback" not in err
    return out


def test_a_turn_cap_below_1_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    out = refused(capsys, "--turn-cap must be at least 1, not 0", "watch", "--turn-cap", "0")
    assert out == ""  # nothing was played
    refused(capsys, "--turn-cap must be at least 1", "simulate", "--games", "1",
            "--turn-cap", "-3")


def test_more_agents_than_seats_are_refused(capsys: pytest.CaptureFixture[str]) -> None:
    refused(capsys, "--agents names 3 agents for 2 players", "simulate", "--games", "1",
            "--agents", "random,heuristic,random")
    refused(capsys, "--agents: unknown agent 'genius'", "simulate", "--games", "1",
            "--agents", "random,genius")


def test_watch_refuses_a_save_path_it_cannot_write_before_playing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = refused(capsys, "cannot write", "watch", "--seed", "1",
                  "--save", str(tmp_path / "no-such-folder" / "game.json"))
    assert out == ""  # refused before the game, not after it
    refused(capsys, "it is a folder", "watch", "--seed", "1", "--save", str(tmp_path))


def test_a_faction_twice_in_one_pair_is_refused_like_an_unknown_faction(
    capsys: pytest.CaptureFixture[str]
) -> None:
    # `play` checks it before the full-screen game starts
    refused(capsys, "--factions aliens,aliens: a player needs two different factions",
            "play", "--factions", "aliens,aliens", "robots,wizards")
    refused(capsys, "--factions tricksters,tricksters@original: a player needs two different",
            "watch", "--factions", "tricksters,tricksters@original", "robots,wizards")


def test_a_faction_shared_by_two_players_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    refused(capsys, "aliens is given to players 1 and 2", "watch", "--factions",
            "aliens,ninjas", "aliens,wizards")
    refused(capsys, "aliens is given to players 1 and 2", "simulate", "--games", "1",
            "--factions", "aliens,ninjas", "aliens,wizards")


def test_replay_of_a_file_that_is_not_utf8(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    refused(capsys, "is not UTF-8 text", "replay", write(tmp_path, b'{"setup": "\xff\xfe"}'))


@pytest.mark.parametrize("command", ["replay", "scenario"])
def test_deeply_nested_json_is_a_clear_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], command: str
) -> None:
    refused(capsys, "nested too deeply", command, write(tmp_path, "[" * 100_000 + "]" * 100_000))


def test_a_long_bad_decision_is_not_echoed_whole(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bad = "z" * 1000
    save = {"format": "smashup-game/1",
            "setup": {"factions": [["aliens", "ninjas"], ["robots", "wizards"]], "seed": 1},
            "actions": [bad]}
    refused(capsys, "(940 more characters)", "replay", write(tmp_path, save))
    status, _, err = run(capsys, "scenario", write(tmp_path, {"scenario": BOARD, "script": [bad]},
                                                 "s.json"))
    assert status == 2 and "(940 more characters)" in err and "z" * 100 not in err


def test_an_edited_save_names_the_first_decision_that_differs(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "game.json"
    assert run(capsys, "watch", "--seed", "5", "--turn-cap", "2", "--save", str(path))[0] == 0
    data = json.loads(path.read_text())
    data["checks"][2] = "ffffffff"
    path.write_text(json.dumps(data))
    refused(capsys, "save.actions[2]: decision 3", "replay", str(path))


@pytest.mark.parametrize(("data", "message"), [
    ({**BOARD, "hand": [["aliens/invader"], []]}, "scenario.hand: unknown field"),
    ({"scenario": BOARD, "scripts": []}, "scripts: unknown field"),
    ({"scenario": {**BOARD, "bases": [5]}}, "scenario.bases[0]: expected a base name, got 5"),
    ({"scenario": {**BOARD, "vp": [0, "3"]}}, "scenario.vp[1]: expected a number of VP, got '3'"),
    ({"scenario": BOARD, "expect": {"vps": [1, 0]}}, "expect.vps: unknown field"),
])
def test_a_misspelt_or_malformed_scenario_file_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], data: object, message: str
) -> None:
    refused(capsys, message, "scenario", write(tmp_path, data))


def test_a_scenario_file_with_expectations_that_hold_exits_0(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = {"scenario": BOARD, "script": ["play aliens/invader#1 @ base:jungle-oasis"],
            "expect": {"vp": [1, 0], "where": {"aliens/invader#1": "minion@base:jungle-oasis"},
                       "decision": {"player": 0, "kind": "main"}}}
    status, out, _ = run(capsys, "scenario", write(tmp_path, data))
    assert status == 0
    assert "All expectations hold." in out


def test_a_scenario_file_with_failed_expectations_exits_1_listing_them(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = {"scenario": BOARD, "script": ["play aliens/invader#1 @ base:jungle-oasis"],
            "expect": {"vp": [2, 0], "where": {"aliens/invader#1": "hand:0"},
                       "decision": {"kind": "me_first"}}}
    for extra in ([], ["--json"]):
        status, _, err = run(capsys, "scenario", write(tmp_path, data), *extra)
        assert status == 1
        assert "3 expectation(s) failed" in err
        assert "expect.vp: expected [2, 0], got [1, 0]" in err
        assert ("expect.where['aliens/invader#1']: expected 'hand:0', got "
                "'minion@base:jungle-oasis'") in err
        assert "expect.decision.kind: expected 'me_first', got 'main'" in err
