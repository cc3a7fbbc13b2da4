"""A lab's folder: its plan (``plan.json``) and one row per played game (``games.sqlite``).

Every finished batch of games is written in one SQLite transaction, and a game's key is the
table's primary key: a run killed at any moment keeps every batch it committed, loses only
the games in flight, and a resumed run plays exactly the games that have no row yet.
``games.parquet`` is a columnar copy of the rows for data tools (written when pyarrow is
installed).
"""

from __future__ import annotations

import itertools
import json
import sqlite3
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any

from ..engine.setup import SetupError
from .plan import Plan

PLAN_FILE = "plan.json"
DB_FILE = "games.sqlite"
PARQUET_FILE = "games.parquet"

GAME_COLUMNS = ("key", "matchup", "number", "seed", "players", "seats", "agents", "winner",
                "winner_deck", "vp", "turns", "decisions", "capped", "error")
"""One row per game. ``seats`` (decks), ``agents`` (specs) and ``vp`` are lists in seat
order; ``winner`` is a seat, or empty for a game stopped by a cap or an error."""
LIST_COLUMNS = ("seats", "agents", "vp")

_SCHEMA = """
CREATE TABLE IF NOT EXISTS games (
    key TEXT PRIMARY KEY, matchup INTEGER NOT NULL, number INTEGER NOT NULL,
    seed INTEGER NOT NULL, players INTEGER NOT NULL, seats TEXT NOT NULL,
    agents TEXT NOT NULL, winner INTEGER, winner_deck TEXT, vp TEXT NOT NULL,
    turns INTEGER NOT NULL, decisions INTEGER NOT NULL, capped TEXT, error TEXT);
CREATE TABLE IF NOT EXISTS runs (
    id INTEGER PRIMARY KEY, backend TEXT NOT NULL, workers INTEGER NOT NULL,
    compiled INTEGER NOT NULL, games INTEGER NOT NULL DEFAULT 0,
    wall_s REAL NOT NULL DEFAULT 0, cpu_s REAL NOT NULL DEFAULT 0,
    finished INTEGER NOT NULL DEFAULT 0);
"""


class LabStore:
    """The rows of one lab folder."""

    def __init__(self, folder: str | Path) -> None:
        self.folder = Path(folder)
        self.db = sqlite3.connect(self.folder / DB_FILE)
        # a write-ahead log: a committed batch survives the lab's process being killed, and
        # a commit costs a third of the default journal's (the driver of a big cluster
        # writes tens of thousands of rows a second); only a crash of the whole machine
        # may lose the last batches, which a resumed run then plays again
        self.db.execute("PRAGMA journal_mode=WAL")
        self.db.execute("PRAGMA synchronous=NORMAL")
        self.db.executescript(_SCHEMA)

    @classmethod
    def open(cls, folder: str | Path, plan: Plan | None = None) -> tuple[LabStore, Plan]:
        """Open (or, given a plan, create) a lab folder. A folder that holds another plan
        is refused, so that no run mixes two sweeps."""
        path = Path(folder)
        plan_path = path / PLAN_FILE
        if plan_path.exists():
            try:
                saved = Plan.from_json(json.loads(plan_path.read_text(encoding="utf-8")))
            except (ValueError, SetupError) as err:
                raise SetupError(f"{plan_path} is not a usable lab plan: {err}") from None
            if plan is not None and plan != saved:
                changed = [k for k, v in plan.to_json().items() if saved.to_json()[k] != v]
                raise SetupError(f"{path} holds another sweep (it differs in "
                                 f"{', '.join(changed)}): run the same options to resume "
                                 "it, or choose another --out folder")
            plan = saved
        elif plan is None:
            raise SetupError(f"{path} is not a lab folder (it has no {PLAN_FILE})")
        else:
            path.mkdir(parents=True, exist_ok=True)
            tmp = plan_path.with_suffix(".tmp")
            tmp.write_text(json.dumps(plan.to_json(), indent=1), encoding="utf-8")
            tmp.replace(plan_path)
        return cls(path), plan

    def count(self, where: str | None = None) -> int:
        """Stored games: all, those that raised (``"error"``) or those capped (``"capped"``;
        a game both capped and raised counts as raised)."""
        condition = {None: "1", "error": "error IS NOT NULL",
                     "capped": "capped IS NOT NULL AND error IS NULL"}[where]
        (n,) = self.db.execute(f"SELECT count(*) FROM games WHERE {condition}").fetchone()
        return int(n)

    def games_per_matchup(self) -> dict[int, int]:
        return dict(self.db.execute("SELECT matchup, count(*) FROM games GROUP BY matchup"))

    def numbers_of(self, matchup: int) -> set[int]:
        """The stored games' numbers of one matchup."""
        cur = self.db.execute("SELECT number FROM games WHERE matchup = ?", (matchup,))
        return {n for (n,) in cur}

    def add(self, rows: Iterable[dict[str, Any]], run_id: int, cpu_s: float,
            wall_s: float) -> int:
        """Store a finished batch and its cost in one transaction; returns its size."""
        values = [tuple(json.dumps(r[c]) if c in LIST_COLUMNS else r[c] for c in GAME_COLUMNS)
                  for r in rows]
        with self.db:
            self.db.executemany(
                f"INSERT INTO games VALUES ({', '.join('?' * len(GAME_COLUMNS))})", values)
            self.db.execute("UPDATE runs SET games = games + ?, cpu_s = cpu_s + ?, "
                            "wall_s = ? WHERE id = ?", (len(values), cpu_s, wall_s, run_id))
        return len(values)

    def start_run(self, backend: str, workers: int, compiled: bool) -> int:
        with self.db:
            cur = self.db.execute("INSERT INTO runs (backend, workers, compiled) "
                                  "VALUES (?, ?, ?)", (backend, workers, int(compiled)))
        return int(cur.lastrowid or 0)

    def finish_run(self, run_id: int, wall_s: float) -> None:
        with self.db:
            self.db.execute("UPDATE runs SET finished = 1, wall_s = ? WHERE id = ?",
                            (wall_s, run_id))

    def runs(self) -> list[dict[str, Any]]:
        cur = self.db.execute("SELECT * FROM runs ORDER BY id")
        names = [d[0] for d in cur.description]
        return [dict(zip(names, row, strict=True)) for row in cur]

    def iter_rows(self) -> Iterator[dict[str, Any]]:
        """Every stored game, in plan order, one at a time."""
        cur = self.db.execute(f"SELECT {', '.join(GAME_COLUMNS)} FROM games "
                              "ORDER BY matchup, number")
        return (_record(row) for row in cur)

    def row(self, key: str) -> dict[str, Any] | None:
        """One stored game by its key, or None."""
        found = self.db.execute(f"SELECT {', '.join(GAME_COLUMNS)} FROM games WHERE key = ?",
                                (key,)).fetchone()
        return None if found is None else _record(found)

    def rows(self) -> list[dict[str, Any]]:
        """Every stored game, in plan order."""
        return list(self.iter_rows())

    def close(self) -> None:
        self.db.close()


def _record(row: tuple[Any, ...]) -> dict[str, Any]:
    record = dict(zip(GAME_COLUMNS, row, strict=True))
    for c in LIST_COLUMNS:
        record[c] = json.loads(record[c])
    return record


PARQUET_ROWS = 100_000
"""Rows per Parquet row group: the file is written a group at a time."""


def write_parquet(rows: Iterable[dict[str, Any]], path: str | Path) -> bool:
    """The rows as a Parquet file, written a row group at a time; False (and nothing
    written) without pyarrow."""
    try:
        import pyarrow as pa
        import pyarrow.parquet as pq
    except ImportError:
        return False
    types = {"key": pa.string(), "matchup": pa.int32(), "number": pa.int32(),
             "seed": pa.int64(), "players": pa.int8(), "seats": pa.list_(pa.string()),
             "agents": pa.list_(pa.string()), "winner": pa.int8(),
             "winner_deck": pa.string(), "vp": pa.list_(pa.int16()), "turns": pa.int32(),
             "decisions": pa.int32(), "capped": pa.string(), "error": pa.string()}
    schema = pa.schema([(c, types[c]) for c in GAME_COLUMNS])
    tmp = Path(path).with_suffix(".tmp")
    with pq.ParquetWriter(tmp, schema) as writer:
        rows = iter(rows)
        first = True
        while True:
            group = list(itertools.islice(rows, PARQUET_ROWS))
            if group or first:  # a folder with no game yet still gets its (empty) file
                writer.write_table(pa.table(
                    {c: pa.array([r[c] for r in group], type=types[c]) for c in GAME_COLUMNS},
                    schema=schema))
            first = False
            if len(group) < PARQUET_ROWS:
                break
    tmp.replace(path)
    return True
