"""A lab's folder: its plan (``plan.json``) and one row per played game (``games.sqlite``).

Every finished batch of games is written in one SQLite transaction, and a game's key is the
table's primary key: a run killed at any moment keeps every batch it committed, loses only
the games in flight, and a resumed run plays exactly the games that have no row yet.
``games.parquet`` is a columnar copy of the rows for data tools (written when pyarrow is
installed).
"""

from __future__ import annotations

import contextlib
import functools
import itertools
import json
import sqlite3
from collections.abc import Callable, Iterable, Iterator, Sequence
from pathlib import Path
from typing import Any, ParamSpec, TypeVar

from ..engine.api.setup import SetupError
from ..engine.core.validate import clip
from .plan import Plan

P = ParamSpec("P")
T = TypeVar("T")

PLAN_FILE = "plan.json"
DB_FILE = "games.sqlite"
PARQUET_FILE = "games.parquet"

GAME_COLUMNS = ("key", "matchup", "number", "seed", "players", "seats", "agents", "winner",
                "winner_deck", "vp", "turns", "decisions", "capped", "error", "code")
"""One row per game. ``seats`` (decks), ``agents`` (specs) and ``vp`` are lists in seat
order; ``winner`` is a seat, or empty for a game stopped by a cap or an error; ``code`` is
the fingerprint of the code that played it (see version.py; empty in rows stored before it
was recorded)."""
LIST_COLUMNS = ("seats", "agents", "vp")
_LIST_INDEX = tuple(GAME_COLUMNS.index(c) for c in LIST_COLUMNS)

_SCHEMA = """
CREATE TABLE IF NOT EXISTS games (
    key TEXT PRIMARY KEY, matchup INTEGER NOT NULL, number INTEGER NOT NULL,
    seed INTEGER NOT NULL, players INTEGER NOT NULL, seats TEXT NOT NULL,
    agents TEXT NOT NULL, winner INTEGER, winner_deck TEXT, vp TEXT NOT NULL,
    turns INTEGER NOT NULL, decisions INTEGER NOT NULL, capped TEXT, error TEXT,
    code TEXT);
CREATE TABLE IF NOT EXISTS runs (
    id INTEGER PRIMARY KEY, backend TEXT NOT NULL, workers INTEGER NOT NULL,
    compiled INTEGER NOT NULL, games INTEGER NOT NULL DEFAULT 0,
    wall_s REAL NOT NULL DEFAULT 0, cpu_s REAL NOT NULL DEFAULT 0,
    finished INTEGER NOT NULL DEFAULT 0);
CREATE TABLE IF NOT EXISTS meta (name TEXT PRIMARY KEY, value TEXT NOT NULL);
"""

Row = tuple[Any, ...]
"""A game row as stored: the values of GAME_COLUMNS, its lists as JSON text."""


def encode_row(record: dict[str, Any]) -> Row:
    """A game's record as a stored row (workers encode, so the driver only inserts)."""
    return tuple(json.dumps(record[c], separators=(",", ":")) if c in LIST_COLUMNS
                 else record[c] for c in GAME_COLUMNS)


def _named(method: Callable[P, T]) -> Callable[P, T]:
    """A method whose database errors name the database's file."""
    @functools.wraps(method)
    def wrapper(*args: P.args, **kwargs: P.kwargs) -> T:
        store = args[0]
        assert isinstance(store, LabStore)
        with store.errors_named():
            return method(*args, **kwargs)
    return wrapper


class LabStore:
    """The rows of one lab folder."""

    def __init__(self, folder: str | Path) -> None:
        self.folder = Path(folder)
        self.path = self.folder / DB_FILE
        with self.errors_named():
            self.db = sqlite3.connect(self.path)
            self._prepare()

    def _prepare(self) -> None:
        # a write-ahead log: a committed batch survives the lab's process being killed, and
        # a commit costs a third of the default journal's (the driver of a big cluster
        # writes tens of thousands of rows a second); only a crash of the whole machine
        # may lose the last batches, which a resumed run then plays again
        self.db.execute("PRAGMA journal_mode=WAL")
        self.db.execute("PRAGMA synchronous=NORMAL")
        self.db.executescript(_SCHEMA)
        columns = {name for _, name, *_ in self.db.execute("PRAGMA table_info(games)")}
        if "code" not in columns:  # a folder from before the code was recorded per row
            with self.db:
                self.db.execute("ALTER TABLE games ADD COLUMN code TEXT")

    @contextlib.contextmanager
    def errors_named(self) -> Iterator[None]:
        """A damaged database (or one that cannot be opened) as a SetupError naming its
        file, instead of an internal error."""
        try:
            yield
        except sqlite3.DatabaseError as err:
            raise SetupError(f"{self.path} is not a usable lab database ({err}): move it "
                             "away to start the sweep again, or restore it") from None

    @classmethod
    def open(cls, folder: str | Path, plan: Plan | None = None) -> tuple[LabStore, Plan]:
        """Open (or, given a plan, create) a lab folder. A plan that only grows the
        folder's (more games per table, more decks) replaces it, and the stored games stay:
        they are the same games. Any other plan is refused, so that no run mixes two
        sweeps."""
        path = Path(folder)
        plan_path = path / PLAN_FILE
        saved = read_plan(path)
        if saved is not None:
            if plan is not None and plan != saved:
                differences = plan.differences_beyond_growth(saved)
                if differences:
                    raise SetupError(f"{path} holds another sweep ({'; '.join(differences)})"
                                     ": run the same options to resume it, or choose "
                                     "another --out folder")
                _write_plan(plan_path, plan)
            else:
                plan = saved
        elif plan is None:
            raise SetupError(f"{path} is not a lab folder (it has no {PLAN_FILE})")
        else:
            try:
                path.mkdir(parents=True, exist_ok=True)
            except OSError as err:
                raise SetupError(f"cannot make the lab folder {path}: {err.strerror}") from None
            _write_plan(plan_path, plan)
        store = cls(path)
        try:
            store.number_matchups(plan)
        except BaseException:
            store.close()
            raise
        return store, plan

    @_named
    def number_matchups(self, plan: Plan) -> None:
        """Give every stored game its matchup's place in ``plan``. A grown plan places the
        tables anew; the numbering is redone (idempotently) whenever the plan it was made
        for is not the folder's, so a run killed while growing a sweep is still sound."""
        wanted = json.dumps(plan.to_json(), sort_keys=True)
        found = self.db.execute("SELECT value FROM meta WHERE name = 'numbered_for'").fetchone()
        if found is not None and found[0] == wanted:
            return
        with self.db:
            if self.db.execute("SELECT 1 FROM games LIMIT 1").fetchone() is not None:
                self.db.execute("CREATE TEMP TABLE IF NOT EXISTS places "
                                "(name TEXT PRIMARY KEY, place INTEGER NOT NULL)")
                self.db.execute("DELETE FROM places")
                self.db.executemany("INSERT INTO places VALUES (?, ?)",
                                    ((" vs ".join(m.decks), m.index) for m in plan.matchups()))
                self.db.execute(
                    "UPDATE games SET matchup = coalesce((SELECT place FROM places WHERE "
                    "name = substr(games.key, 1, instr(games.key, ' #') - 1)), -1)")
            self.db.execute("INSERT OR REPLACE INTO meta VALUES ('numbered_for', ?)",
                            (wanted,))

    @_named
    def count(self, where: str | None = None) -> int:
        """Stored games: all, those that raised (``"error"``) or those capped (``"capped"``;
        a game both capped and raised counts as raised)."""
        condition = {None: "1", "error": "error IS NOT NULL",
                     "capped": "capped IS NOT NULL AND error IS NULL"}[where]
        (n,) = self.db.execute(f"SELECT count(*) FROM games WHERE {condition}").fetchone()
        return int(n)

    @_named
    def games_per_matchup(self) -> dict[int, int]:
        return dict(self.db.execute("SELECT matchup, count(*) FROM games GROUP BY matchup"))

    @_named
    def numbers_of(self, matchup: int) -> set[int]:
        """The stored games' numbers of one matchup."""
        cur = self.db.execute("SELECT number FROM games WHERE matchup = ?", (matchup,))
        return {n for (n,) in cur}

    @_named
    def add(self, rows: Sequence[Row], run_id: int, cpu_s: float, wall_s: float) -> int:
        """Store a finished batch of encoded rows and its cost in one transaction; returns
        its size."""
        with self.db:
            self.db.executemany(_INSERT, rows)
            self.db.execute("UPDATE runs SET games = games + ?, cpu_s = cpu_s + ?, "
                            "wall_s = ? WHERE id = ?", (len(rows), cpu_s, wall_s, run_id))
        return len(rows)

    @_named
    def start_run(self, backend: str, workers: int, compiled: bool) -> int:
        with self.db:
            cur = self.db.execute("INSERT INTO runs (backend, workers, compiled) "
                                  "VALUES (?, ?, ?)", (backend, workers, int(compiled)))
        return int(cur.lastrowid or 0)

    @_named
    def finish_run(self, run_id: int, wall_s: float) -> None:
        with self.db:
            self.db.execute("UPDATE runs SET finished = 1, wall_s = ? WHERE id = ?",
                            (wall_s, run_id))

    @_named
    def runs(self) -> list[dict[str, Any]]:
        cur = self.db.execute("SELECT * FROM runs ORDER BY id")
        names = [d[0] for d in cur.description]
        return [dict(zip(names, row, strict=True)) for row in cur]

    def iter_rows(self) -> Iterator[dict[str, Any]]:
        """Every stored game, in plan order, one at a time."""
        with self.errors_named():
            cur = self.db.execute(f"SELECT {', '.join(GAME_COLUMNS)} FROM games "
                                  "ORDER BY matchup, number")
            for row in cur:
                yield self._record(row)

    @_named
    def row(self, key: str) -> dict[str, Any] | None:
        """One stored game by its key, or None."""
        found = self.db.execute(f"SELECT {', '.join(GAME_COLUMNS)} FROM games WHERE key = ?",
                                (key,)).fetchone()
        return None if found is None else self._record(found)

    def rows(self) -> list[dict[str, Any]]:
        """Every stored game, in plan order."""
        return list(self.iter_rows())

    def close(self) -> None:
        self.db.close()

    def _record(self, row: Row) -> dict[str, Any]:
        """A stored row as a record, checked: a damaged row is named, not a crash."""
        record = dict(zip(GAME_COLUMNS, row, strict=True))
        try:
            for c in LIST_COLUMNS:
                record[c] = json.loads(record[c])
            _check_record(record)
        except (ValueError, TypeError) as err:
            raise SetupError(f"{self.path}: the row of game {clip(str(record['key']))!r} is "
                             f"damaged ({err}): delete it and run the sweep again to play "
                             "it anew") from None
        return record


_INSERT = f"INSERT INTO games VALUES ({', '.join('?' * len(GAME_COLUMNS))})"


def _check_record(r: dict[str, Any]) -> None:
    """Raise ValueError unless the record is one a game could have stored."""
    seats, players = r["seats"], r["players"]
    if not (isinstance(players, int) and 2 <= players <= 4):
        raise ValueError(f"players is {players!r}")
    for name in ("seats", "agents", "vp"):
        if not isinstance(r[name], list) or len(r[name]) != players:
            raise ValueError(f"{name} is not a list of {players}")
    if not all(isinstance(d, str) and d.count("+") == 1 for d in seats):
        raise ValueError("seats are not decks")
    if not all(isinstance(v, int) for v in r["vp"]):
        raise ValueError("vp are not numbers")
    winner = r["winner"]
    if winner is not None and not (isinstance(winner, int) and 0 <= winner < players):
        raise ValueError(f"winner is {winner!r}")
    for name in ("matchup", "number", "turns", "decisions"):
        if not isinstance(r[name], int):
            raise ValueError(f"{name} is {r[name]!r}")


def read_plan(folder: str | Path) -> Plan | None:
    """The plan of a lab folder, None when it has none; a damaged one is named."""
    path = Path(folder)
    plan_path = path / PLAN_FILE
    if path.exists() and not path.is_dir():
        raise SetupError(f"{path} is a file, not a lab folder: choose another folder")
    if not plan_path.exists():
        return None
    try:
        return Plan.from_json(json.loads(plan_path.read_text(encoding="utf-8")))
    except (ValueError, SetupError, OSError) as err:
        raise SetupError(f"{plan_path} is not a usable lab plan: {err}") from None


def _write_plan(plan_path: Path, plan: Plan) -> None:
    tmp = plan_path.with_suffix(".tmp")
    tmp.write_text(json.dumps(plan.to_json(), indent=1), encoding="utf-8")
    tmp.replace(plan_path)


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
             "decisions": pa.int32(), "capped": pa.string(), "error": pa.string(),
             "code": pa.string()}
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
