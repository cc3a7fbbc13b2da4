"""Playing a sweep: the same rows on any backend and any number of workers, a killed run
resumed with nothing lost or counted twice, and any game replayed alone."""

from __future__ import annotations

import json
import os
import signal
import sqlite3
import subprocess
import sys
import time

import pyarrow.parquet as pq
import pytest

from smashup.cli.main import main
from smashup.engine.api.setup import SetupError
from smashup.lab.plan import Plan
from smashup.lab.runner import Progress, play_batch, run_lab
from smashup.lab.store import LabStore, encode_row
from smashup.lab.version import code_version

FOUR = ["aliens", "ninjas", "robots", "wizards"]
SIX = FOUR + ["pirates", "zombies"]


def rows_of(folder):
    store = LabStore(folder)
    try:
        return store.rows()
    finally:
        store.close()


def test_a_sweep_stores_one_row_per_planned_game(tmp_path):
    plan = Plan.make(factions=SIX, games_per_matchup=2)
    summary = run_lab(str(tmp_path), plan, workers=1, progress=False)
    rows = rows_of(tmp_path)
    assert summary["planned"] == summary["played"] == summary["stored"] == len(rows) == 90
    assert sorted(r["key"] for r in rows) == sorted(g.key for g in plan.games())
    for r in rows:
        assert r["winner"] is not None and r["capped"] is None and r["error"] is None
        assert r["winner_deck"] == r["seats"][r["winner"]]
        assert max(r["vp"]) == r["vp"][r["winner"]] >= 15  # the winner has 15 VP or more
        assert r["agents"] == ["random", "random"] and r["decisions"] > 0
        assert r["code"] == code_version() == summary["code"]  # the code that played it


def test_the_same_rows_for_one_worker_or_several(tmp_path):
    plan = Plan.make(factions=SIX, games_per_matchup=2)
    run_lab(str(tmp_path / "one"), plan, workers=1, progress=False)
    run_lab(str(tmp_path / "two"), plan, workers=2, batch_size=3, progress=False)
    assert rows_of(tmp_path / "one") == rows_of(tmp_path / "two")


def test_any_game_replays_alone_from_its_seed(tmp_path):
    plan = Plan.make(factions=SIX, games_per_matchup=2, agents=["random"])
    run_lab(str(tmp_path), plan, workers=1, progress=False)
    stored = {r["key"]: r for r in rows_of(tmp_path)}
    one = [g for g in plan.games()][17]
    rows, _ = play_batch({"agents": ["random", "random"], "bases": "all",
                          "turn_cap": plan.turn_cap}, [one])
    assert rows[0] == encode_row(stored[one.key])
    assert main(["lab", "replay", str(tmp_path), one.key,
                 "--save", str(tmp_path / "game.json")]) == 0
    assert main(["replay", str(tmp_path / "game.json")]) == 0


def test_running_again_plays_nothing_twice(tmp_path):
    plan = Plan.make(factions=FOUR, games_per_matchup=2)
    run_lab(str(tmp_path), plan, workers=1, progress=False)
    again = run_lab(str(tmp_path), None, workers=1, progress=False)
    assert again["played"] == 0 and again["stored"] == 6


def test_a_folder_holding_another_sweep_is_refused_and_kept(tmp_path):
    run_lab(str(tmp_path), Plan.make(factions=FOUR), workers=1, progress=False)
    before = rows_of(tmp_path)
    with pytest.raises(SetupError, match="holds another sweep .*seed 0 there, 3 here"):
        run_lab(str(tmp_path), Plan.make(factions=FOUR, seed=3), workers=1)
    assert rows_of(tmp_path) == before


def test_a_killed_run_resumes_with_no_game_lost_or_counted_twice(tmp_path):
    """kill -9 in the middle of a sweep, then the same command again: the stored rows are
    exactly those of a sweep that was never interrupted."""
    folder = tmp_path / "killed"
    command = [sys.executable, "-m", "smashup.cli.main", "lab", "run", "--out", str(folder),
               "--factions", ",".join(SIX), "--games-per-matchup", "8", "--workers", "1",
               "--batch-size", "2", "--quiet"]
    proc = subprocess.Popen(command, start_new_session=True, stdout=subprocess.DEVNULL)
    db = folder / "games.sqlite"
    stored = 0
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and proc.poll() is None:
        if db.exists():
            try:
                with sqlite3.connect(db) as con:
                    stored = con.execute("SELECT count(*) FROM games").fetchone()[0]
            except sqlite3.OperationalError:  # the table is still being made
                stored = 0
            if stored >= 4:
                break
        time.sleep(0.02)
    os.killpg(proc.pid, signal.SIGKILL)
    proc.wait()
    with sqlite3.connect(db) as con:
        kept = con.execute("SELECT count(*) FROM games").fetchone()[0]
    assert 4 <= kept < 360, "the run was killed in the middle"
    done = subprocess.run(command + ["--json"], capture_output=True, text=True, check=True)
    summary = json.loads(done.stdout)
    assert summary["stored_before"] == kept
    assert summary["played"] == 360 - kept and summary["stored"] == 360
    whole = tmp_path / "whole"
    run_lab(str(whole), Plan.make(factions=SIX, games_per_matchup=8), workers=1,
            progress=False)
    assert rows_of(folder) == rows_of(whole)


def test_ray_plays_the_same_games_as_local_processes(tmp_path):
    """A real local Ray instance with 2 CPUs."""
    plan = Plan.make(factions=SIX, games_per_matchup=2)
    local = run_lab(str(tmp_path / "local"), plan, workers=2, progress=False)
    ray = run_lab(str(tmp_path / "ray"), plan, backend="ray", workers=2, batch_size=5,
                  progress=False)
    assert ray["backend"] == "ray" and ray["played"] == local["played"] == 90
    assert rows_of(tmp_path / "ray") == rows_of(tmp_path / "local")
    assert ray["cpu_s"] > 0


def test_the_rows_are_also_a_parquet_file(tmp_path):
    run_lab(str(tmp_path), Plan.make(factions=SIX), workers=1, progress=False)
    table = pq.read_table(tmp_path / "games.parquet")
    assert table.num_rows == 45  # 15 decks of six factions: 45 tables
    assert table.column_names[:4] == ["key", "matchup", "number", "seed"]
    assert table.to_pylist() == rows_of(tmp_path)


def test_the_progress_line_shows_share_rate_and_eta():
    now = [100.0]
    bar = Progress(total=1000, done=200, stream=None, clock=lambda: now[0])
    now[0] = 110.0
    bar.advance(100)  # 100 games in 10 s: 700 left at 10 games/s
    line = bar.line()
    assert "300/1000 games" in line and "30.0%" in line
    assert "10.0 games/s" in line and "ETA 1m10s" in line


def test_lab_run_on_the_command_line(tmp_path, capsys):
    out = str(tmp_path / "lab")
    assert main(["lab", "run", "--out", out, "--factions", ",".join(FOUR), "--workers", "1",
                 "--json"]) == 0
    summary = json.loads(capsys.readouterr().out)
    assert summary["stored"] == 3 and summary["agents"] == ["random", "random"]
    assert main(["lab", "run", "--out", out, "--quiet"]) == 0  # the folder's own plan
    assert "3 of 3 games stored" in capsys.readouterr().out


@pytest.mark.parametrize("args, message", [
    (["--factions", "aliens,unicorns,ninjas"], "is not a deck"),
    (["--decks", "aliens+ninjas", "--factions", "aliens,ninjas"], "not both"),
    (["--players", "3"], "give a sample size"),
    (["--workers", "0"], "at least 1"),
    (["--agents", "genius"], "unknown agent"),
])
def test_lab_run_refuses_bad_options_and_writes_nothing(tmp_path, capsys, args, message):
    out = tmp_path / "lab"
    assert main(["lab", "run", "--out", str(out), *args]) == 2
    assert message in capsys.readouterr().err
    assert not out.exists()


def test_lab_replay_names_a_missing_game(tmp_path, capsys):
    run_lab(str(tmp_path), Plan.make(factions=FOUR), workers=1, progress=False)
    assert main(["lab", "replay", str(tmp_path), "aliens+ninjas vs nobody #0"]) == 2
    assert "no game 'aliens+ninjas vs nobody #0'" in capsys.readouterr().err


def test_a_resumed_run_plays_exactly_the_missing_games_of_each_matchup(tmp_path):
    plan = Plan.make(factions=SIX, games_per_matchup=4)
    run_lab(str(tmp_path), plan, workers=1, progress=False)
    whole = rows_of(tmp_path)
    with sqlite3.connect(tmp_path / "games.sqlite") as con:  # lose parts of two matchups
        con.execute("DELETE FROM games WHERE (matchup = 0 AND number IN (1, 3)) "
                    "OR matchup = 2")
    again = run_lab(str(tmp_path), None, workers=2, batch_size=3, progress=False)
    assert again["stored_before"] == 180 - 6 and again["played"] == 6
    assert rows_of(tmp_path) == whole


def test_the_parquet_file_is_written_a_row_group_at_a_time(tmp_path, monkeypatch):
    from smashup.lab import store

    monkeypatch.setattr(store, "PARQUET_ROWS", 20)
    run_lab(str(tmp_path), Plan.make(factions=SIX), workers=1, progress=False)
    parquet = pq.ParquetFile(tmp_path / "games.parquet")
    assert parquet.metadata.num_row_groups == 3  # 45 rows: 20 + 20 + 5
    assert parquet.read().to_pylist() == rows_of(tmp_path)


def test_any_agent_plays_a_sweep_and_is_recorded_with_its_results(tmp_path):
    plan = Plan.make(factions=FOUR, agents=["ismcts:5", "heuristic"])
    summary = run_lab(str(tmp_path), plan, workers=1, progress=False)
    assert summary["agents"] == ["ismcts:5", "heuristic"]
    rows = rows_of(tmp_path)
    assert len(rows) == 3 and all(r["agents"] == ["ismcts:5", "heuristic"] for r in rows)
    assert json.loads((tmp_path / "plan.json").read_text())["agents"] == ["ismcts:5",
                                                                          "heuristic"]
