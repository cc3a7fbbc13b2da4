"""Sweeps that grow: more games per table, or more factions, in the same folder play only
the new games and keep the first ones (they are the same games)."""

from __future__ import annotations

import json

import pytest

from smashup.cli.main import main
from smashup.engine.api.setup import SetupError
from smashup.lab.plan import Plan
from smashup.lab.runner import run_lab
from smashup.lab.store import LabStore

FOUR = ["aliens", "ninjas", "robots", "wizards"]
SIX = FOUR + ["pirates", "zombies"]


def rows_of(folder):
    store = LabStore(folder)
    try:
        return store.rows()
    finally:
        store.close()


def test_more_games_per_table_plays_only_the_new_games(tmp_path):
    run_lab(str(tmp_path / "grown"), Plan.make(factions=FOUR, games_per_matchup=2),
            workers=1, progress=False)
    first = {r["key"]: r for r in rows_of(tmp_path / "grown")}
    grown = run_lab(str(tmp_path / "grown"), Plan.make(factions=FOUR, games_per_matchup=4),
                    workers=1, progress=False)
    assert grown["stored_before"] == 6 and grown["played"] == 6 and grown["stored"] == 12
    rows = rows_of(tmp_path / "grown")
    assert all(first[k] == r for r in rows if (k := r["key"]) in first)  # kept as they were
    run_lab(str(tmp_path / "fresh"), Plan.make(factions=FOUR, games_per_matchup=4),
            workers=1, progress=False)
    assert rows == rows_of(tmp_path / "fresh")


def test_more_factions_plays_only_the_new_tables_and_renumbers_the_old(tmp_path):
    run_lab(str(tmp_path / "grown"), Plan.make(factions=FOUR, games_per_matchup=2),
            workers=1, progress=False)
    grown = run_lab(str(tmp_path / "grown"), Plan.make(factions=SIX, games_per_matchup=2),
                    workers=2, batch_size=4, progress=False)
    assert grown["stored_before"] == 6 and grown["played"] == 90 - 6
    run_lab(str(tmp_path / "fresh"), Plan.make(factions=SIX, games_per_matchup=2),
            workers=1, progress=False)
    # the same rows, the first tables' games given their places in the bigger sweep
    assert rows_of(tmp_path / "grown") == rows_of(tmp_path / "fresh")
    saved = json.loads((tmp_path / "grown" / "plan.json").read_text())
    assert len(saved["decks"]) == 15


def test_on_the_command_line_an_option_alone_grows_the_folders_sweep(tmp_path, capsys):
    out = str(tmp_path)
    assert main(["lab", "run", "--out", out, "--factions", ",".join(FOUR),
                 "--games-per-matchup", "2", "--workers", "1", "--quiet"]) == 0
    capsys.readouterr()
    assert main(["lab", "run", "--out", out, "--games-per-matchup", "3", "--workers", "1",
                 "--json"]) == 0
    summary = json.loads(capsys.readouterr().out)
    assert (summary["stored_before"], summary["played"], summary["stored"]) == (6, 3, 9)
    assert json.loads((tmp_path / "plan.json").read_text())["decks"] == [
        "aliens+ninjas", "aliens+robots", "aliens+wizards", "ninjas+robots",
        "ninjas+wizards", "robots+wizards"]


@pytest.mark.parametrize("plan, message", [
    (Plan.make(factions=FOUR, games_per_matchup=1), "grows, never shrinks"),
    (Plan.make(factions=["aliens", "ninjas", "robots", "pirates"], games_per_matchup=2),
     "are not in this plan"),
    (Plan.make(factions=FOUR, games_per_matchup=2, agents=["heuristic"]), "agents"),
    (Plan.make(factions=FOUR, games_per_matchup=2, turn_cap=50), "turn_cap"),
])
def test_a_plan_that_does_more_than_grow_is_refused(tmp_path, plan, message):
    run_lab(str(tmp_path), Plan.make(factions=FOUR, games_per_matchup=2), workers=1,
            progress=False)
    before = rows_of(tmp_path)
    with pytest.raises(SetupError, match=message):
        run_lab(str(tmp_path), plan, workers=1, progress=False)
    assert rows_of(tmp_path) == before
    assert json.loads((tmp_path / "plan.json").read_text())["games_per_matchup"] == 2


def test_a_sampled_sweep_does_not_grow_by_decks(tmp_path):
    """A sample of more decks draws other tables: its first games are not its games."""
    run_lab(str(tmp_path), Plan.make(factions=FOUR, sample=2), workers=1, progress=False)
    with pytest.raises(SetupError, match="sampled sweep"):
        run_lab(str(tmp_path), Plan.make(factions=SIX, sample=2), workers=1)
    more = run_lab(str(tmp_path), Plan.make(factions=FOUR, sample=2, games_per_matchup=2),
                   workers=1, progress=False)
    assert more["played"] == 2 and more["stored"] == 4


def test_a_folder_from_before_the_code_was_recorded_opens_and_grows(tmp_path):
    """Rows stored without the ``code`` column keep their values; new rows record it."""
    import sqlite3

    run_lab(str(tmp_path), Plan.make(factions=FOUR), workers=1, progress=False)
    with sqlite3.connect(tmp_path / "games.sqlite") as con:
        con.execute("ALTER TABLE games DROP COLUMN code")  # the folder as older labs left it
    grown = run_lab(str(tmp_path), Plan.make(factions=FOUR, games_per_matchup=2), workers=1,
                    progress=False)
    assert grown["played"] == 3
    codes = [r["code"] for r in rows_of(tmp_path)]
    assert codes.count(None) == 3 and codes.count(grown["code"]) == 3
