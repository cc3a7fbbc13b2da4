"""`smashup scenario`: set up a position from a file and run its script strictly."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from smashup.cli.main import main

EXAMPLES = Path(__file__).resolve().parents[2] / "docs" / "examples"
EXAMPLE = EXAMPLES / "invader-scores.json"

BOARD = {
    "hands": [["aliens/invader"], []],
    "bases": ["jungle-oasis", "the-central-brain"],
}


def write(tmp_path: Path, data: object, name: str = "s.json") -> str:
    path = tmp_path / name
    path.write_text(json.dumps(data) if not isinstance(data, str) else data)
    return str(path)


def test_documented_example_runs(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["scenario", str(EXAMPLE), "--json"]) == 0
    state = json.loads(capsys.readouterr().out)
    # Invader's 1 VP, then Jungle Oasis scores: 2 VP to the winner, nothing to second place
    assert state["vp"] == [6, 5]
    assert [b["id"] for b in state["bases"]] == ["base:rhodes-plaza-mall", "base:the-central-brain"]
    assert "aliens/invader#1" in state["players"][0]["discard"]
    assert state["current"] == 1
    assert state["decision"]["kind"] == "main"
    assert "end" in state["decision"]["options"]
    assert state["history"] == ["play aliens/invader#1 @ base:jungle-oasis", "end"]


def test_every_example_file_runs(capsys: pytest.CaptureFixture[str]) -> None:
    files = sorted(EXAMPLES.glob("*.json"))
    assert files
    for path in files:
        assert main(["scenario", str(path)]) == 0, path
    # the log numbers players from 1, like the other commands (the file's player 0)
    assert "Player 1 plays Invader on Jungle Oasis." in capsys.readouterr().out


def test_fields_at_top_level(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = write(tmp_path, {**BOARD, "script": ["play aliens/invader#1 @ base:jungle-oasis"]})
    assert main(["scenario", path, "--json"]) == 0
    state = json.loads(capsys.readouterr().out)
    assert state["vp"] == [1, 0]
    minions = state["bases"][0]["minions"]
    assert [(m["id"], m["power"], m["controller"]) for m in minions] == [
        ("aliens/invader#1", 3, 0)]


def test_complete_state_shows_every_hidden_zone(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = write(tmp_path, {"scenario": {**BOARD, "hands": [["aliens/invader"], ["aliens/scout"]],
                                         "decks": [["aliens/collector"], ["aliens/abduction"]]}})
    assert main(["scenario", path, "--json"]) == 0
    state = json.loads(capsys.readouterr().out)
    assert state["players"][1]["hand"] == ["aliens/scout#1"]
    assert state["players"][0]["deck"] == ["aliens/collector#1"]
    assert state["players"][1]["deck"] == ["aliens/abduction#1"]
    assert state["history"] == []


def test_illegal_step_names_the_step_and_the_legal_options(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = write(tmp_path, {"scenario": BOARD, "script": [
        "play aliens/invader#1 @ base:jungle-oasis",
        "play aliens/invader#1 @ base:the-central-brain",
    ]})
    status = main(["scenario", path])
    captured = capsys.readouterr()
    assert status == 2
    assert "step 2 ('play aliens/invader#1 @ base:the-central-brain') is not legal" in captured.err
    assert "legal options: end" in captured.err
    assert "Traceback" not in captured.err


def test_step_after_the_game_is_over(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    board = {**BOARD, "vp": [14, 0]}
    script = ["play aliens/invader#1 @ base:jungle-oasis", "end", "end"]
    status = main(["scenario", write(tmp_path, {"scenario": board, "script": script})])
    assert status == 2
    assert "step 3 ('end'): the game is already over" in capsys.readouterr().err


@pytest.mark.parametrize(("content", "message"), [
    ("{not json", "is not valid JSON"),
    ("[1, 2]", "a scenario file holds a JSON object"),
    ('{"bases": ["jungle-oasis"], "hands": [["aliens/nobody"], []]}', "unknown card"),
    ('{"scenario": {"bases": ["jungle-oasis"]}, "script": "end"}',
     "script: expected a list of decision texts, got 'end'"),
])
def test_bad_files_give_clear_errors(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], content: str, message: str
) -> None:
    status = main(["scenario", write(tmp_path, content)])
    err = capsys.readouterr().err
    assert status == 2
    assert message in err
    assert "Traceback" not in err


def test_missing_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["scenario", str(tmp_path / "nowhere.json")]) == 2
    assert "cannot read" in capsys.readouterr().err


def test_the_board_shows_stasis_counters_stored_and_buried_cards(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The complete board of `smashup scenario` names every card, the new zones included."""
    board = {"bases": [{"base": "jungle-oasis",
                        "minions": [{"card": "action-heroes/kickboxbro", "counters": 2,
                                     "stored": ["aliens/probe"]}],
                        "buried": ["aliens/invader"]}, "the-central-brain"],
             "stasis": [[], [{"card": "backtimers/future-almanac", "stasis": 2}]]}
    assert main(["scenario", write(tmp_path, {"scenario": board, "script": []})]) == 0
    out = capsys.readouterr().out
    assert ("action-heroes/kickboxbro#1 (Player 1, power 7) [2 +1 counters] "
            "[stored: aliens/probe#1]") in out
    assert "buried: aliens/invader#1" in out
    assert "in stasis: backtimers/future-almanac#1 (2 stasis)" in out
