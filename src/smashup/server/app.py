"""The web server of ``smashup serve``: the lobby's HTTP API, one WebSocket per seat, the
computer seats, and the static browser client. The protocol is in docs/web-protocol.md.

Every decision goes the same way, whoever makes it: checked by its room, committed to the
store, applied, and only then sent to everyone, each connection getting its own seat's view.
Computer seats think in a thread pool, off the event loop, so one slow agent stalls no game.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import secrets
import time
from collections.abc import AsyncIterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket

from ..engine.setup import SetupError
from .catalog import catalog
from .room import SPECTATOR, Refused, Room, new_spec
from .store import DuplicateDecision, GameStore, StoredGame

STATIC = Path(__file__).parent / "static"
MESSAGE_LIMIT = 4096
"""The largest message a client may send, in characters (a decision is far smaller)."""
BODY_LIMIT = 16_384
RATE = 20.0
"""Messages a second a connection may send on average, in bursts of up to ``BURST``."""
BURST = 40.0
QUEUE_LIMIT = 200
"""A client this many messages behind is not reading: it is dropped (and may reconnect)."""
CLOSE_SUPERSEDED, CLOSE_REFUSED, CLOSE_UNKNOWN = 4001, 4003, 4004

log = logging.getLogger("smashup.server")


class Connection:
    """One WebSocket: whose view it gets, how many log lines it has had, its send queue
    (so that a slow reader holds up nobody) and its allowance of messages."""

    def __init__(self, ws: WebSocket, viewer: int) -> None:
        self.ws = ws
        self.viewer = viewer
        self.sent_lines = 0
        self.queue: asyncio.Queue[tuple[str, int | None]] = asyncio.Queue()
        self.allowance = BURST
        self.last = time.monotonic()

    def send(self, message: dict[str, Any]) -> None:
        if self.queue.qsize() >= QUEUE_LIMIT:
            self.close(CLOSE_REFUSED)
            return
        self.queue.put_nowait((json.dumps(message, separators=(",", ":")), None))

    def close(self, code: int) -> None:
        self.queue.put_nowait(("", code))

    def error(self, code: str, message: str) -> None:
        self.send({"type": "error", "code": code, "message": message})

    def allowed(self) -> bool:
        """A token bucket: ``RATE`` messages a second, bursts of ``BURST``."""
        now = time.monotonic()
        self.allowance = min(BURST, self.allowance + (now - self.last) * RATE)
        self.last = now
        if self.allowance < 1:
            return False
        self.allowance -= 1
        return True

    async def write(self) -> None:
        try:
            while True:
                text, code = await self.queue.get()
                if code is not None:
                    await self.ws.close(code)
                    return
                await self.ws.send_text(text)
        except Exception as err:  # the socket went away: the reader ends too
            log.debug("a connection's writer ends: %r", err)


class GameServer:
    """The rooms, their connections and computer players, over one store."""

    def __init__(self, store: GameStore, allowed_origins: tuple[str, ...] = (),
                 pace: float = 0.0, agent_threads: int = 2, chosen_seeds: bool = False
                 ) -> None:
        self.store = store
        # a creator who chose the seed could work out every deal: for tests and replays only
        self.chosen_seeds = chosen_seeds
        self.allowed_origins = {o.rstrip("/") for o in allowed_origins}
        self.pace = pace  # seconds a computer seat waits before each decision (to be followed)
        self.rooms: dict[str, Room] = {}
        self.connections: dict[str, set[Connection]] = {}
        self.seat_connection: dict[tuple[str, int], Connection] = {}
        self.locks: dict[str, asyncio.Lock] = {}
        self.thinking: dict[str, int] = {}
        self.computers: dict[str, asyncio.Task[None]] = {}
        self.executor = ThreadPoolExecutor(agent_threads, thread_name_prefix="agent")

    # ---- lifetime -----------------------------------------------------------------------

    def resume(self) -> None:
        """Every game still being played, rebuilt where it was; computer seats carry on.
        A finished game stays in the store until someone opens it (``room``)."""
        for stored in self.store.games(finished=False):
            self._restore(stored)

    def _restore(self, stored: StoredGame) -> Room | None:
        try:
            room = Room.restore(stored.id, stored.spec, stored.log)
        except (Refused, SetupError, ValueError) as err:
            log.error("game %s cannot be resumed: %s", stored.id, err)
            return None
        self._add(room)
        return room

    def room(self, game_id: str) -> Room | None:
        """The game ``game_id``, read from the store if it is not in memory (a finished
        game after a restart, or once nobody was watching it)."""
        room = self.rooms.get(game_id)
        if room is None:
            stored = self.store.game(game_id)
            room = self._restore(stored) if stored is not None else None
        return room

    def forget_if_done(self, room: Room) -> None:
        """A finished game nobody is looking at leaves memory (it stays in the store)."""
        if room.stage == "over" and not self.connections.get(room.id):
            for table in (self.rooms, self.connections, self.locks, self.computers,
                          self.thinking):
                table.pop(room.id, None)

    def _add(self, room: Room) -> None:
        self.rooms[room.id] = room
        self.connections[room.id] = set()
        self.locks[room.id] = asyncio.Lock()
        self.kick_computer(room)

    async def shutdown(self) -> None:
        for task in self.computers.values():
            task.cancel()
        self.executor.shutdown(wait=False, cancel_futures=True)
        self.store.close()  # checkpoints SQLite's write-ahead log into the file

    # ---- the lobby ------------------------------------------------------------------------

    def create(self, body: Any) -> dict[str, Any]:
        """A new game from the lobby's request (SetupError says what is wrong with it)."""
        if not isinstance(body, dict):
            raise SetupError("expected a JSON object")
        known = {"seats", "mode", "factions", "bases", "hotseat", "seed"}
        unknown = sorted(set(body) - known)
        if unknown:
            raise SetupError(f"unknown fields: {', '.join(unknown)}")
        seed = body.get("seed")
        if seed is not None and not self.chosen_seeds:
            raise SetupError("seed: this server deals at random; a chosen seed would let its "
                             "chooser work out every deal (start it with --chosen-seeds "
                             "for tests)")
        if seed is not None and (not isinstance(seed, int) or isinstance(seed, bool)):
            raise SetupError("seed: a whole number")
        spec = new_spec(body.get("seats"), body.get("mode", "random"), body.get("factions"),
                        body.get("bases", "factions"), seed)
        tokens: list[str | None] = spec.pop("tokens")
        game_id = secrets.token_urlsafe(9)
        room = Room(game_id, spec)  # SetupError for factions the engine refuses: not stored
        self.store.create(game_id, spec)
        self._add(room)
        seats = [{"seat": p, "name": s.name, "kind": s.kind, "token": tokens[p]}
                 for p, s in enumerate(room.seats)]
        people = [t for t in tokens if t]
        return {"id": game_id, "seats": seats,
                "links": [f"/game/{game_id}#token={t}" if t else None for t in tokens],
                "hotseat_link": f"/game/{game_id}#tokens={','.join(people)}" if people else None,
                "spectate_link": f"/game/{game_id}"}

    def summary(self, room: Room) -> dict[str, Any]:
        return {"id": room.id, "stage": room.stage, "seq": room.seq,
                "seats": self._seats(room)}

    def _seats(self, room: Room) -> list[dict[str, Any]]:
        return [{**row, "connected": (room.id, row["seat"]) in self.seat_connection}
                for row in room.seat_rows()]

    # ---- deciding -------------------------------------------------------------------------

    async def decide(self, room: Room, seat: int, seq: Any, entry: Any) -> None:
        """Check, store, apply, broadcast: Refused (nothing changed) when it may not be."""
        async with self.locks[room.id]:
            room.check_decision(seat, seq, entry)
            try:
                self.store.append(room.id, room.seq, entry)
            except DuplicateDecision:  # only another server process could have taken it
                raise Refused("stale", "that decision was already made") from None
            try:
                room.apply(entry)
            except Exception:
                self.store.remove_last(room.id, room.seq)
                log.exception("game %s: decision %r failed", room.id, entry)
                raise Refused("illegal", "the game could not take that decision") from None
            if room.stage == "over":
                self.store.finish(room.id)
            self.broadcast(room)
            self.forget_if_done(room)
        self.kick_computer(room)

    def kick_computer(self, room: Room) -> None:
        """Start the room's computer players if one decides now and none is thinking."""
        task = self.computers.get(room.id)
        if room.computer_to_move() is None or (task is not None and not task.done()):
            return
        self.computers[room.id] = asyncio.get_running_loop().create_task(self._computers(room))

    async def _computers(self, room: Room) -> None:
        loop = asyncio.get_running_loop()
        while (seat := room.computer_to_move()) is not None:
            if self.pace:
                await asyncio.sleep(self.pace)
            seq = room.seq
            view, entry = room.computer_choice(seat)
            if entry is None:
                self.thinking[room.id] = seat
                self.broadcast(room)
                try:
                    index = await loop.run_in_executor(self.executor,
                                                       room.agents[seat].act, view)
                except Exception:  # a broken agent must not stall the game: first option
                    log.exception("game %s: computer seat %d failed to decide", room.id, seat)
                    index = 0
                finally:
                    self.thinking.pop(room.id, None)
                entry = view.texts[index]
            try:
                await self.decide(room, seat, seq, entry)
            except Refused as err:  # the game moved on meanwhile (it should not): look again
                log.warning("game %s: computer seat %d: %s", room.id, seat, err)
                await asyncio.sleep(0.1)

    # ---- telling ----------------------------------------------------------------------------

    def broadcast(self, room: Room) -> None:
        for conn in self.connections[room.id]:
            self.send_view(room, conn)

    def send_view(self, room: Room, conn: Connection) -> None:
        message = room.view(conn.viewer, conn.sent_lines)
        message["seats"] = self._seats(room)
        message["thinking"] = self.thinking.get(room.id)
        conn.sent_lines += len(message["log"])
        conn.send(message)

    # ---- a connection -------------------------------------------------------------------------

    def origin_ok(self, ws: WebSocket) -> bool:
        """A browser page of another site may not drive a seat: its Origin must be ours (a
        client that is not a browser sends none)."""
        origin = ws.headers.get("origin")
        if origin is None:
            return True
        if origin.rstrip("/") in self.allowed_origins:
            return True
        return urlsplit(origin).netloc.lower() == ws.headers.get("host", "").lower()

    async def connect(self, ws: WebSocket) -> None:
        if not self.origin_ok(ws):
            await ws.close(CLOSE_REFUSED)  # before accepting: the handshake is refused
            return
        await ws.accept()
        room = self.room(ws.path_params["game_id"])
        if room is None:
            await self._refuse(ws, CLOSE_UNKNOWN, "no such game")
            return
        token = ws.query_params.get("token")
        viewer = SPECTATOR if not token else room.check(token)
        if viewer is None:
            await self._refuse(ws, CLOSE_REFUSED, "this link's seat token is not valid")
            self.forget_if_done(room)  # it may have been read back from the store for this
            return
        conn = Connection(ws, viewer)
        writer = asyncio.get_running_loop().create_task(conn.write())
        if viewer != SPECTATOR:
            older = self.seat_connection.get((room.id, viewer))
            if older is not None:
                older.error("superseded", "this seat was opened in another tab or window")
                older.close(CLOSE_SUPERSEDED)
            self.seat_connection[(room.id, viewer)] = conn
        self.connections[room.id].add(conn)
        self.broadcast(room)  # the newcomer's first view, and everyone sees who is here
        try:
            await self._read(room, conn)
        finally:
            self.connections[room.id].discard(conn)
            if self.seat_connection.get((room.id, viewer)) is conn:
                del self.seat_connection[(room.id, viewer)]
                self.broadcast(room)
            conn.close(1000)
            await writer
            self.forget_if_done(room)

    async def _refuse(self, ws: WebSocket, code: int, message: str) -> None:
        await ws.send_text(json.dumps({"type": "error", "code": "refused", "message": message}))
        await ws.close(code)

    async def _read(self, room: Room, conn: Connection) -> None:
        while True:
            message = await conn.ws.receive()
            if message["type"] == "websocket.disconnect":
                return
            raw = message.get("text")
            if raw is None:
                raw = (message.get("bytes") or b"").decode("utf-8", "replace")
            if not conn.allowed():
                conn.error("rate_limited", "too many messages: slow down")
                continue
            if len(raw) > MESSAGE_LIMIT:
                conn.error("too_large", f"a message may be at most {MESSAGE_LIMIT} characters")
                continue
            await self._handle(room, conn, raw)

    async def _handle(self, room: Room, conn: Connection, raw: str) -> None:
        try:
            msg = json.loads(raw)
        except ValueError:
            conn.error("malformed", "a message must be a JSON object")
            return
        kind = msg.get("type") if isinstance(msg, dict) else None
        if kind == "ping":
            conn.send({"type": "pong"})
            return
        if kind not in ("act", "pick"):
            conn.error("malformed", "a message's type is act, pick or ping")
            return
        if conn.viewer == SPECTATOR:
            conn.error("spectator", "a spectator cannot decide anything")
            return
        value = msg.get("option") if kind == "act" else msg.get("faction")
        entry = value if kind == "act" or not isinstance(value, str) else "pick:" + value
        try:
            await self.decide(room, conn.viewer, msg.get("seq"), entry)
        except Refused as err:
            conn.error(err.code, str(err))
            if err.code == "stale":
                self.send_view(room, conn)


def create_app(store: GameStore, allowed_origins: tuple[str, ...] = (), pace: float = 0.0,
               agent_threads: int = 2, chosen_seeds: bool = False) -> Starlette:
    """The ASGI application, serving the games in ``store`` (resumed when it starts);
    ``chosen_seeds`` lets a game's creator give its seed (tests)."""
    server = GameServer(store, allowed_origins, pace, agent_threads, chosen_seeds)

    @contextlib.asynccontextmanager
    async def lifespan(_: Starlette) -> AsyncIterator[None]:
        server.resume()
        yield
        await server.shutdown()

    async def page(_: Request) -> Response:
        return FileResponse(STATIC / "index.html", headers={"Cache-Control": "no-cache"})

    async def get_catalog(_: Request) -> Response:
        return JSONResponse(catalog())

    async def create_game(request: Request) -> Response:
        body = await request.body()
        if len(body) > BODY_LIMIT:
            return JSONResponse({"error": "request too large"}, status_code=413)
        try:
            return JSONResponse(server.create(json.loads(body)), status_code=201)
        except ValueError as err:  # SetupError, or JSON that does not parse
            return JSONResponse({"error": str(err)}, status_code=400)

    async def game_summary(request: Request) -> Response:
        room = server.room(request.path_params["game_id"])
        if room is None:
            return JSONResponse({"error": "no such game"}, status_code=404)
        summary = server.summary(room)
        server.forget_if_done(room)
        return JSONResponse(summary)

    app = Starlette(routes=[
        Route("/", page),
        Route("/game/{game_id}", page),
        Route("/api/catalog", get_catalog),
        Route("/api/games", create_game, methods=["POST"]),
        Route("/api/games/{game_id}", game_summary),
        WebSocketRoute("/ws/{game_id}", server.connect),
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
    ], lifespan=lifespan)
    app.state.server = server
    return app
