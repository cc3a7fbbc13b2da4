"""The command line as a new user meets it: player numbers, the card list's columns, and
``import smashup`` giving what the README shows."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from smashup.cli.main import main
from smashup.cli.views import card_table
from smashup.engine.api.listing import card_list

EXAMPLE = Path(__file__).resolve().parents[2] / "docs" / "examples" / "invader-scores.json"


def test_scenario_numbers_players_from_1_like_the_other_commands(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["scenario", str(EXAMPLE)]) == 0
    out = capsys.readouterr().out
    assert "  Player 1 plays Invader on Jungle Oasis." in out  # the file's player 0
    assert "Jungle Oasis scores: Player 1 first (2 VP) and Player 2 second (0 VP)." in out
    assert "Turn 6, Player 2 (play phase); VP Player 1: 6, Player 2: 5" in out
    assert "  Player 1: hand aliens/collector#1" in out
    assert "Player 2 to decide (main)" in out
    assert "Player 0" not in out


@pytest.mark.parametrize("width", [60, 80, 100, 140])
def test_the_card_list_fits_the_width_and_keeps_its_columns(width: int) -> None:
    lines = card_table(card_list(), width)
    assert all(len(line) <= width for line in lines), max(lines, key=len)
    # every card row starts its type column at the same place, long names included
    rows = [re.match(r"  \d+x .*? (minion \d+|action)(\s|$)", line) for line in lines]
    starts = {row.start(1) for row in rows if row}
    assert len(starts) == 1 and len([row for row in rows if row]) > 100


def test_a_long_card_text_wraps_under_its_own_column() -> None:
    lines = card_table(card_list(), 100)
    i = next(i for i, line in enumerate(lines) if "Supreme Overlord" in line)
    column = lines[i].index("On play")
    assert lines[i + 1][:column].strip() == ""  # the rest of the text, under its first line
    assert lines[i + 1][column:].strip()


def test_import_smashup_gives_agents_narrate_and_testing() -> None:
    code = ("import smashup; "
            "print(smashup.agents.RandomAgent.__name__, smashup.narrate.Narrator.__name__, "
            "smashup.testing.scenario.__name__)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True).stdout
    assert out.split() == ["RandomAgent", "Narrator", "scenario"]


def test_scenario_shows_which_card_or_base_asks(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # The Great Library scores at the end of the turn: "may draw a card", asked by the base
    path = tmp_path / "library.json"
    path.write_text(json.dumps({
        "bases": [{"base": "the-great-library",
                   "minions": [{"card": "dinosaurs/king-rex", "counters": 15}]},
                  "jungle-oasis"],
        "decks": [["dinosaurs/howl"] * 2, []],
        "script": ["end"]}))
    assert main(["scenario", str(path)]) == 0
    assert "Player 1 to decide (may): The Great Library: Draw a card?" in capsys.readouterr().out
