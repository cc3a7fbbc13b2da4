"""Where the server keeps its games: each game's setup and its append-only log of decisions.

The whole server talks to ``GameStore`` only, so another database needs one new class
(docs/deployment.md). ``SQLiteStore`` is the embedded default: every ``append`` is committed
before it returns, and the server broadcasts a decision only after that, so a ``kill -9``
loses nothing a player was shown.

>>> store = SQLiteStore(":memory:")
>>> store.create("g1", {"seats": []})
>>> store.append("g1", 0, "pick:aliens")
>>> store.append("g1", 0, "pick:ninjas")
Traceback (most recent call last):
...
smashup.server.store.DuplicateDecision: game g1 already has decision 0
>>> [(g.id, g.log) for g in store.games()]
[('g1', ['pick:aliens'])]
"""

from __future__ import annotations

import json
import sqlite3
import threading
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol


class DuplicateDecision(Exception):
    """A decision at a number the game already has: it would be applied twice."""


@dataclass
class StoredGame:
    id: str
    spec: dict[str, Any]  # what the lobby asked for, seats' tokens (hashed) and seed included
    log: list[str]


class GameStore(Protocol):
    """The few things the server needs of a database."""

    def create(self, game_id: str, spec: dict[str, Any]) -> None: ...

    def append(self, game_id: str, seq: int, entry: str) -> None:
        """Record decision number ``seq`` (from 0) durably, or DuplicateDecision."""
        ...

    def remove_last(self, game_id: str, seq: int) -> None:
        """Take back decision ``seq`` (only when the engine refused it after all: a bug)."""
        ...

    def finish(self, game_id: str) -> None:
        """Mark a game over: a restart then leaves it in the store until someone opens it."""
        ...

    def games(self, finished: bool = True) -> list[StoredGame]:
        """Every game with its whole log, oldest first (``finished=False``: the games still
        being played, which a restart resumes)."""
        ...

    def game(self, game_id: str) -> StoredGame | None:
        """One game with its whole log (None: no such game)."""
        ...

    def close(self) -> None: ...


SCHEMA = """
CREATE TABLE IF NOT EXISTS games (
    id TEXT PRIMARY KEY,
    spec TEXT NOT NULL,
    over INTEGER NOT NULL DEFAULT 0,
    created REAL NOT NULL DEFAULT (julianday('now'))
);
CREATE TABLE IF NOT EXISTS decisions (
    game TEXT NOT NULL REFERENCES games(id),
    seq INTEGER NOT NULL,
    entry TEXT NOT NULL,
    PRIMARY KEY (game, seq)
);
"""


class SQLiteStore:
    """The store in one SQLite file (``:memory:`` for tests). WAL keeps readers off the
    writer's back; synchronous=NORMAL loses nothing when the process dies, only (rarely)
    the last commits when the whole machine does."""

    def __init__(self, path: str | Path) -> None:
        self.path = str(path)
        self._lock = threading.Lock()  # one connection, used from the event loop's thread
        self._db = sqlite3.connect(self.path, check_same_thread=False, isolation_level=None)
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.execute("PRAGMA synchronous=NORMAL")
        self._db.executescript(SCHEMA)

    def create(self, game_id: str, spec: dict[str, Any]) -> None:
        with self._lock:
            self._db.execute("INSERT INTO games (id, spec) VALUES (?, ?)",
                             (game_id, json.dumps(spec)))

    def append(self, game_id: str, seq: int, entry: str) -> None:
        with self._lock:
            try:
                self._db.execute("INSERT INTO decisions (game, seq, entry) VALUES (?, ?, ?)",
                                 (game_id, seq, entry))
            except sqlite3.IntegrityError:
                raise DuplicateDecision(f"game {game_id} already has decision {seq}") from None

    def remove_last(self, game_id: str, seq: int) -> None:
        with self._lock:
            self._db.execute("DELETE FROM decisions WHERE game = ? AND seq = ?", (game_id, seq))

    def finish(self, game_id: str) -> None:
        with self._lock:
            self._db.execute("UPDATE games SET over = 1 WHERE id = ?", (game_id,))

    def games(self, finished: bool = True) -> list[StoredGame]:
        which = "" if finished else "WHERE over = 0"
        with self._lock:
            rows = self._db.execute(
                f"SELECT id, spec FROM games {which} ORDER BY created, id").fetchall()
            logs: dict[str, list[str]] = {gid: [] for gid, _ in rows}
            for gid, entry in self._db.execute(
                    "SELECT game, entry FROM decisions ORDER BY game, seq"):
                if gid in logs:
                    logs[gid].append(entry)
        return [StoredGame(gid, json.loads(spec), logs[gid]) for gid, spec in rows]

    def game(self, game_id: str) -> StoredGame | None:
        with self._lock:
            row = self._db.execute("SELECT spec FROM games WHERE id = ?", (game_id,)).fetchone()
        if row is None:
            return None
        return StoredGame(game_id, json.loads(row[0]), self.log(game_id))

    def log(self, game_id: str) -> list[str]:
        with self._lock:
            return [e for (e,) in self._db.execute(
                "SELECT entry FROM decisions WHERE game = ? ORDER BY seq", (game_id,))]

    def close(self) -> None:
        """Done with the file (closing twice is harmless)."""
        with self._lock:
            self._db.close()


def backup(source: str | Path, dest: str | Path) -> int:
    """Copy the SQLite file ``source`` to ``dest`` with SQLite's online backup, which reads
    a consistent copy while a server goes on writing (a plain file copy of a database in WAL
    mode may miss or tear the latest commits); the number of games in the copy."""
    if Path(source).resolve() == Path(dest).resolve():
        raise ValueError("the backup must go to another file")
    if not Path(source).exists():
        raise ValueError(f"{source}: no such database")
    src = sqlite3.connect(str(source))  # the backup only reads it
    try:
        out = sqlite3.connect(str(dest))
        try:
            src.backup(out)
            (games,) = out.execute("SELECT count(*) FROM games").fetchone()
            return int(games)
        finally:
            out.close()
    finally:
        src.close()
