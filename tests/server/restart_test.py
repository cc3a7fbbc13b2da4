"""Nothing is lost after ``kill -9``: a ``smashup serve`` process killed in the middle of two
games (one against a computer seat, one between two people) comes back on the same file with
both games exactly as the players last saw them, no decision lost or made twice, and both
games can be played on to the end."""

import asyncio
import json
import random
import sqlite3
import time
from pathlib import Path
from types import ModuleType
from typing import Any

import websockets

from smashup.server.room import Room
from tool_modules import load_loadtest

ROOT = Path(__file__).resolve().parents[2]
DECISION_CAP = 3000
STEP_TIMEOUT_S = 15.0
TO_THE_END_TIMEOUT_S = 60.0




def plain(value: Any) -> Any:
    """As it comes over the wire (tuples become lists)."""
    return json.loads(json.dumps(value))


def stored(db: Path, game_id: str) -> tuple[dict[str, Any], list[int], list[str]]:
    """A game's spec, its decisions' numbers and its decisions, as kept in the file."""
    con = sqlite3.connect(f"{db.resolve().as_uri()}?mode=ro", uri=True)
    try:
        (spec,) = con.execute("SELECT spec FROM games WHERE id = ?", (game_id,)).fetchone()
        rows = con.execute("SELECT seq, entry FROM decisions WHERE game = ? ORDER BY seq",
                           (game_id,)).fetchall()
    finally:
        con.close()
    return json.loads(spec), [s for s, _ in rows], [e for _, e in rows]


class Player:
    """One person's seat over a WebSocket: every message read as it comes (in the
    background), the latest view and the highest seq seen kept."""

    def __init__(self, table: "Table", seat: int, token: str) -> None:
        self.table, self.seat, self.token = table, seat, token
        self.ws: Any = None
        self.reader: asyncio.Task[None] | None = None
        self.latest: dict[str, Any] = {}
        self.first: dict[str, Any] = {}  # the first view on this connection
        self.max_seq = -1
        self.errors: list[str] = []
        self.thinking = asyncio.Event()  # set by a view that shows a computer seat thinking

    async def connect(self, ws_url: str) -> dict[str, Any]:
        self.latest, self.first, self.errors = {}, {}, []
        self.ws = await websockets.connect(f"{ws_url}/ws/{self.table.id}",
                                           proxy=None, open_timeout=10, close_timeout=2)
        await self.ws.send(json.dumps({"type": "join", "token": self.token}))
        self.reader = asyncio.create_task(self._read())
        await self.table.until(lambda: bool(self.first), "the first view")
        return self.first

    async def _read(self) -> None:
        try:
            async for raw in self.ws:
                msg = json.loads(raw)
                if msg["type"] == "view":
                    self.latest = msg
                    self.first = self.first or msg
                    self.max_seq = max(self.max_seq, msg["seq"])
                    if msg["thinking"] is not None:
                        self.thinking.set()
                elif msg["type"] == "error":
                    self.errors.append(msg["code"])
                self.table.changed.set()
        except websockets.ConnectionClosed:
            pass
        finally:
            self.table.changed.set()

    async def send(self, seq: int, option: str) -> None:
        await self.ws.send(json.dumps({"type": "act", "seq": seq, "option": option}))

    async def act(self, seq: int, option: str) -> None:
        """Decide, and wait until a view shows it taken (sending again when rate limited)."""
        seen = len(self.errors)
        await self.send(seq, option)
        while True:
            if self.max_seq > seq:
                return
            if len(self.errors) > seen:
                code = self.errors[seen]
                seen += 1
                assert code == "rate_limited", f"decision {seq} {option!r} refused: {code}"
                await asyncio.sleep(0.1)
                await self.send(seq, option)
                continue
            await self.table.wait(f"decision {seq} taken")

    async def close(self) -> None:
        if self.ws is not None:
            await self.ws.close()
        if self.reader is not None:
            await self.reader


class Table:
    """A game's person seats, played at random (seeded)."""

    def __init__(self, created: dict[str, Any], seed: int) -> None:
        self.id: str = created["id"]
        self.players = [Player(self, s["seat"], s["token"]) for s in created["seats"]
                        if s["token"]]
        self.rng = random.Random(seed)
        self.changed = asyncio.Event()
        self.decisions = 0

    async def wait(self, what: str) -> None:
        self.changed.clear()
        try:  # asyncio.timeout, not wait_for: on 3.11 that can swallow a task's cancelling
            async with asyncio.timeout(STEP_TIMEOUT_S):
                await self.changed.wait()
        except TimeoutError:
            raise AssertionError(f"game {self.id}: no message while waiting for {what}") from None

    async def until(self, ready: Any, what: str) -> None:
        while not ready():
            await self.wait(what)

    def decider(self) -> Player | None:
        for p in self.players:
            if p.latest.get("options") and p.latest["seq"] == self.seq:
                return p
        return None

    @property
    def seq(self) -> int:
        return max(p.max_seq for p in self.players)

    @property
    def over(self) -> bool:
        return any(p.latest.get("stage") == "over" for p in self.players)

    async def step(self) -> None:
        """One decision of a person's seat (after any computer seats' turns)."""
        await self.until(lambda: self.over or self.decider() is not None, "a seat's options")
        player = self.decider()
        if player is None:
            return
        view = player.latest
        await player.act(view["seq"], self.rng.choice(view["options"])["text"])
        self.decisions += 1

    async def play(self, decisions: int) -> None:
        for _ in range(decisions):
            if self.over:
                return
            await self.step()


def check_log(db: Path, game_id: str) -> tuple[dict[str, Any], list[str]]:
    """The stored decisions are numbered 0..k-1: none lost in between, none made twice."""
    spec, seqs, log = stored(db, game_id)
    assert seqs == list(range(len(seqs))), f"game {game_id}: stored seqs {seqs}"
    return spec, log


def test_nothing_is_lost_or_made_twice_after_kill_9(tmp_path: Path) -> None:
    """Two games, one against a computer seat (normal) and one between two people, are played
    a while over WebSockets; the server is killed with SIGKILL while the computer seat is to
    move and just after a person sent a decision, then started again on the same file (and
    that twice).
    Reconnecting with the same links: every game is at least where any of its players last
    saw it; the kept decisions have no gap and no double; each seat's first view is the
    stored game's (rebuilt by Room.restore), and so was the last view before the kill; the
    decision sent just before the kill was either taken once or not at all (then it can be
    sent again); and both games play on to their end."""
    tool = load_loadtest()
    db = tmp_path / "games.db"
    port = tool.free_port()
    server = tool.ServerProcess(db, port, tmp_path / "server.log")
    server.start()
    try:
        asyncio.run(kill_and_restart(tool, server, db))
    finally:
        server.stop()


async def kill_and_restart(tool: ModuleType, server: Any, db: Path) -> None:
    started = time.monotonic()
    api = f"{server.url}/api/games"
    vs_computer = Table(await asyncio.to_thread(tool.http_json, api, {
        "seats": [{"kind": "human", "name": "Ann"}, {"kind": "normal"}], "mode": "random",
        "seed": 11}), seed=1)
    two_people = Table(await asyncio.to_thread(tool.http_json, api, {
        "seats": [{"kind": "human", "name": "Bo"}, {"kind": "human", "name": "Cy"}],
        "mode": "random", "seed": 12}), seed=2)
    tables = [vs_computer, two_people]
    for player in (p for t in tables for p in t.players):
        await player.connect(server.ws_url)

    # twice: a while of both games, then the kill: at once after a person's decision (it
    # is most likely not read yet), then a moment after one (most likely taken)
    for kill_after in (0.0, 0.05):
        seq_before = vs_computer.seq
        await asyncio.gather(vs_computer.play(15), two_people.play(40))
        assert vs_computer.seq > seq_before + 15  # the computer seat played its turns too
        await kill_and_check(server, db, vs_computer, two_people, kill_after)

    # and on to the end
    async def to_the_end(table: Table) -> None:
        await table.play(DECISION_CAP)
        await table.until(lambda: table.over, "the end of the game")

    await asyncio.wait_for(asyncio.gather(*(to_the_end(t) for t in tables)),
                           TO_THE_END_TIMEOUT_S)
    for table in tables:
        spec, log = check_log(db, table.id)
        assert table.seq == len(log)
        assert Room.restore(table.id, spec, log).stage == "over"
        for player in table.players:
            await player.close()
    assert time.monotonic() - started < TO_THE_END_TIMEOUT_S


async def kill_and_check(server: Any, db: Path, vs_computer: Table, two_people: Table,
                         kill_after: float) -> None:
    """SIGKILL while the computer seat thinks, ``kill_after`` seconds after a person sent a
    decision; restart, reconnect, and check that nothing was lost or made twice."""
    tables = [vs_computer, two_people]
    await two_people.until(lambda: two_people.decider() is not None, "a seat's options")
    sender = two_people.decider()
    assert sender is not None
    last_seq = sender.latest["seq"]
    last_option = two_people.rng.choice(sender.latest["options"])["text"]
    ann = vs_computer.players[0]
    ann.thinking.clear()

    async def ann_plays() -> None:
        for _ in range(200):
            await vs_computer.step()

    playing = asyncio.create_task(ann_plays())
    await asyncio.wait_for(ann.thinking.wait(), STEP_TIMEOUT_S)
    await sender.send(last_seq, last_option)
    await asyncio.sleep(kill_after)
    server.kill()
    playing.cancel()
    await asyncio.gather(playing, return_exceptions=True)

    for player in (p for t in tables for p in t.players):
        await asyncio.wait_for(player.close(), STEP_TIMEOUT_S)  # read all that was sent
    seen = {t.id: t.seq for t in tables}
    last_views = {(t.id, p.seat): p.latest for t in tables for p in t.players}

    # the same file, the same port, the same links
    server.start()
    for table in tables:
        for player in table.players:
            first = await player.connect(server.ws_url)
            assert first["seq"] >= seen[table.id], "a decision shown before the kill is lost"
        spec, log = check_log(db, table.id)
        for player in table.players:
            first = player.first
            assert len(log) >= first["seq"]
            room = Room.restore(table.id, spec, log[:first["seq"]])
            assert first["observation"] == plain(room.view(player.seat)["observation"])
            before = last_views[(table.id, player.seat)]
            room = Room.restore(table.id, spec, log[:before["seq"]])
            assert before["observation"] == plain(room.view(player.seat)["observation"])

    # the decision sent just before the kill: taken once, or not at all
    _, log = check_log(db, two_people.id)
    assert len(log) in (last_seq, last_seq + 1)  # no computer seat: nobody else decides
    assert two_people.seq == len(log)
    if len(log) == last_seq + 1:
        assert log[last_seq] == last_option
        await sender.send(last_seq, last_option)  # sent again: refused, not made twice
        await two_people.until(lambda: "stale" in sender.errors, "the stale refusal")
        assert len(check_log(db, two_people.id)[1]) == last_seq + 1
    else:
        await sender.act(last_seq, last_option)  # the same decision, sent again
        assert check_log(db, two_people.id)[1][last_seq] == last_option
