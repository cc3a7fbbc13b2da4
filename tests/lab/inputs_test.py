"""Bad input to the lab: refused with a message that names what is wrong, exit status 2,
nothing changed."""

from __future__ import annotations

import sqlite3

import pytest

from smashup.cli.main import main
from smashup.lab.plan import Plan
from smashup.lab.runner import run_lab

FOUR = ["aliens", "ninjas", "robots", "wizards"]


@pytest.mark.parametrize("args, message", [
    (["--games-per-matchup", "0"], "games per matchup must be at least 1"),
    (["--games-per-matchup", "-3"], "games per matchup must be at least 1"),
    (["--turn-cap", "0"], "turn cap must be at least 1"),
    (["--sample", "0"], "sample must be at least 1"),
])
def test_a_zero_is_refused_not_replaced_by_the_default(tmp_path, capsys, args, message):
    out = tmp_path / "lab"
    assert main(["lab", "run", "--out", str(out), "--factions", ",".join(FOUR), *args]) == 2
    assert message in capsys.readouterr().err
    assert not out.exists()


def test_an_out_that_is_a_file_is_named(tmp_path, capsys):
    afile = tmp_path / "notes.txt"
    afile.write_text("mine")
    assert main(["lab", "run", "--out", str(afile), "--factions", ",".join(FOUR)]) == 2
    err = capsys.readouterr().err
    assert f"{afile} is a file" in err and "internal error" not in err
    assert afile.read_text() == "mine"
    assert main(["lab", "report", str(afile)]) == 2
    assert f"{afile} is a file" in capsys.readouterr().err


def test_a_corrupt_database_is_named_on_run_and_report(tmp_path, capsys):
    run_lab(str(tmp_path), Plan.make(factions=FOUR), workers=1, progress=False)
    for extra in ("games.sqlite-wal", "games.sqlite-shm"):
        (tmp_path / extra).unlink(missing_ok=True)
    (tmp_path / "games.sqlite").write_bytes(b"not a database at all " * 100)
    for command in (["lab", "run", "--out", str(tmp_path), "--quiet"],
                    ["lab", "report", str(tmp_path)],
                    ["lab", "replay", str(tmp_path), "x #0"]):
        assert main(command) == 2
        err = capsys.readouterr().err
        assert f"{tmp_path / 'games.sqlite'} is not a usable lab database" in err
        assert "internal error" not in err


@pytest.mark.parametrize("damage", [
    "UPDATE games SET seats = 'not json' WHERE number = 0 AND matchup = 1",
    "UPDATE games SET winner = 7 WHERE number = 0 AND matchup = 1",
    "UPDATE games SET vp = '[1]' WHERE number = 0 AND matchup = 1",
])
def test_a_damaged_row_is_named_with_its_file_and_game(tmp_path, capsys, damage):
    run_lab(str(tmp_path), Plan.make(factions=FOUR), workers=1, progress=False)
    with sqlite3.connect(tmp_path / "games.sqlite") as con:
        con.execute(damage)
        (key,) = con.execute("SELECT key FROM games WHERE matchup = 1").fetchone()
    assert main(["lab", "report", str(tmp_path)]) == 2
    err = capsys.readouterr().err
    assert f"{tmp_path / 'games.sqlite'}: the row of game {key!r} is damaged" in err
    assert not (tmp_path / "report.html").exists()


def test_a_damaged_plan_is_named(tmp_path, capsys):
    run_lab(str(tmp_path), Plan.make(factions=FOUR), workers=1, progress=False)
    (tmp_path / "plan.json").write_text("{not json")
    assert main(["lab", "run", "--out", str(tmp_path), "--quiet"]) == 2
    assert f"{tmp_path / 'plan.json'} is not a usable lab plan" in capsys.readouterr().err
