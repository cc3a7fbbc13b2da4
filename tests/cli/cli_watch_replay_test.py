"""`smashup watch` and `smashup replay`: a readable log, saved games that replay."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from smashup.cli.main import main


def test_watch_plays_a_whole_game(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["watch", "--seed", "4", "--factions", "aliens,ninjas", "robots,wizards"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Smash Up: 2 players, seed 4")
    assert "Turn 1: Player " in out
    assert " plays " in out
    assert " scores: " in out
    assert "wins the game with" in out


def test_watch_save_then_replay_tells_the_same_story(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    save = tmp_path / "game.json"
    assert main(["watch", "--seed", "9", "--players", "3", "--save", str(save)]) == 0
    watched = capsys.readouterr().out
    data = json.loads(save.read_text())
    assert data["format"] == "smashup-game/2"
    assert data["setup"]["seed"] == 9
    assert len(data["setup"]["factions"]) == 3
    assert main(["replay", str(save)]) == 0
    replayed = capsys.readouterr().out
    assert replayed == watched


def test_replay_json_gives_the_final_state(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    save = tmp_path / "game.json"
    main(["watch", "--seed", "2", "--save", str(save)])
    capsys.readouterr()
    assert main(["replay", str(save), "--json"]) == 0
    state = json.loads(capsys.readouterr().out)
    assert state["over"] is True
    assert state["winner"] is not None
    assert state["vp"][state["winner"]] >= 15


def test_replay_of_a_decision_that_does_not_fit(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    save = tmp_path / "game.json"
    save.write_text(json.dumps({
        "format": "smashup-game/1",
        "setup": {"factions": [["aliens", "ninjas"], ["ninjas", "aliens"]], "seed": 1},
        "actions": ["end", "play nobody/nothing#1"],
    }))
    assert main(["replay", str(save)]) == 2
    err = capsys.readouterr().err
    assert "decision 2 ('play nobody/nothing#1') does not fit" in err


@pytest.mark.parametrize(("content", "message"), [
    ("", "is not valid JSON"),
    ('{"actions": []}', "save.setup: missing; a saved game needs 'setup' and 'actions'"),
    ('{"format": "other/9", "setup": {}}', "unknown saved-game format"),
    ('{"setup": {"factions": [["aliens", "kittens"], ["ninjas", "aliens"]]}}',
     "unknown faction 'kittens'"),
    ('{"setup": {"factions": [["aliens", "ninjas"], ["ninjas", "aliens"]]}, "actions": 3}',
     "save.actions: expected a list of decision texts, got 3"),
])
def test_malformed_saved_games(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], content: str, message: str
) -> None:
    path = tmp_path / "bad.json"
    path.write_text(content)
    assert main(["replay", str(path)]) == 2
    err = capsys.readouterr().err
    assert message in err
    assert "Traceback" not in err


def test_watch_rejects_unknown_factions_and_mismatched_players(
    capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["watch", "--factions", "aliens,kittens", "ninjas,robots"]) == 2
    assert "unknown faction 'kittens'" in capsys.readouterr().err
    assert main(["watch", "--players", "3", "--factions", "aliens,ninjas", "robots,wizards"]) == 2
    assert "2 pairs for 3 players" in capsys.readouterr().err
    assert main(["watch", "--factions", "aliens"]) == 2
    assert "one 'a,b' pair per player" in capsys.readouterr().err


def test_watch_turn_cap_is_reported(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["watch", "--seed", "1", "--turn-cap", "3"]) == 0
    assert "Stopped after 3 turns (the turn cap) without a winner" in capsys.readouterr().out


def test_usage_errors_exit_2(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["no-such-command"]) == 2
    assert main(["simulate", "--games", "many"]) == 2
    assert "invalid int value" in capsys.readouterr().err
