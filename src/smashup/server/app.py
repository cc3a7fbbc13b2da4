"""The web server of ``smashup serve``: the lobby's HTTP API, one WebSocket per seat, the
computer seats, and the static browser client. The protocol is in docs/web-protocol.md.

Every decision goes the same way, whoever makes it: checked by its room, committed to the
store, applied, and only then sent to everyone, each connection getting its own seat's view.
Computer seats think in a thread pool, off the event loop, so one slow agent stalls no game.

What a stranger may do is bounded (``limits.Limits``): games created per address and open at
once, spectators per game, a computer seat's time to decide, a slow reader's backlog. A
request must name one of the server's hosts and come from its own page (``guard``); a seat
token travels only in a socket's first message, never in an address, so no log holds one.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import random
import secrets
import time
from collections import OrderedDict
from collections.abc import AsyncIterator, Awaitable, Callable, Iterable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket

from ..engine.api.setup import SetupError
from ..help_topics import topics_json
from ..sim import make_agent
from .catalog import catalog
from .guard import AllowedHosts, HostGuard, Origin, load_json, origin_allowed, origin_of
from .limits import Limits, PerMinute
from .room import SPECTATOR, Refused, Room, new_spec
from .store import DuplicateDecision, GameStore, StoredGame

STATIC = Path(__file__).parent / "static"
MESSAGE_LIMIT = 4096
"""The largest message a client may send, in characters (a decision is far smaller)."""
BODY_LIMIT = 16_384
RATE = 20.0
"""Messages a second a connection may send on average, in bursts of up to ``BURST``."""
BURST = 40.0
DEFAULT_LIMITS = Limits()
RECENTLY_DONE = 32
"""Finished games kept in memory once nobody looks at them (replaying one costs far more)."""
JOIN_TIMEOUT_S = 10.0
"""How long a new socket may take to send its ``join`` message."""
TOKEN_LIMIT = 200
"""The longest seat token a ``join`` may carry (ours are 32 characters)."""
CLOSE_SUPERSEDED = 4001  # another tab took the seat: final
CLOSE_PROTOCOL = 4002  # no join message, or a bad one: final
CLOSE_REFUSED = 4003  # the token is not this game's, or the page is another site's: final
CLOSE_UNKNOWN = 4004  # no such game: final
CLOSE_SLOW = 4008  # the client fell too far behind reading: reconnect
CLOSE_FULL = 4009  # the game has as many spectators as it allows: final (try later)

log = logging.getLogger("smashup.server")


class Connection:
    """One WebSocket: whose view it gets, how many log lines it has had, its send queue
    (so that a slow reader holds up nobody) and its allowance of messages."""

    def __init__(self, ws: WebSocket, viewer: int, queue_limit: int = Limits.queue) -> None:
        self.ws = ws
        self.viewer = viewer
        self.sent_lines = 0
        self.queue: asyncio.Queue[tuple[str, int | None]] = asyncio.Queue()
        self.queue_limit = queue_limit
        self.closing = False  # a close is queued: nothing more is sent
        self.allowance = BURST
        self.last = time.monotonic()

    def send(self, message: dict[str, Any]) -> None:
        self.send_text(encode(message))

    def send_text(self, text: str) -> None:
        if self.closing:
            return
        if self.queue.qsize() >= self.queue_limit:
            # not reading: what waits is dropped, and the close says "come back"
            while not self.queue.empty():
                self.queue.get_nowait()
            self.close(CLOSE_SLOW)
            return
        self.queue.put_nowait((text, None))

    def close(self, code: int) -> None:
        if not self.closing:
            self.closing = True
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

    def __init__(self, store: GameStore, allowed_origins: Iterable[str] = (),
                 pace: float = 0.0, agent_threads: int = 2, chosen_seeds: bool = False,
                 limits: Limits = DEFAULT_LIMITS) -> None:
        self.store = store
        # a creator who chose the seed could work out every deal: for tests and replays only
        self.chosen_seeds = chosen_seeds
        self.allowed_origins = parse_origins(allowed_origins)
        self.pace = pace  # seconds a computer seat waits before each decision (to be followed)
        # games whose computer seats play on without the pace until a person decides: one
        # of its people asked to skip ahead ("hurry")
        self.hurried: set[str] = set()
        self.limits = limits
        self.created = PerMinute(limits.games_per_minute)
        self.rooms: dict[str, Room] = {}
        self.connections: dict[str, set[Connection]] = {}
        self.spectators: dict[str, int] = {}
        self.recently_done: OrderedDict[str, Room] = OrderedDict()
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
        if room is None and (room := self.recently_done.pop(game_id, None)) is not None:
            self._add(room)
        elif room is None:
            stored = self.store.game(game_id)
            room = self._restore(stored) if stored is not None else None
        return room

    def forget_if_done(self, room: Room) -> None:
        """A finished game nobody is looking at leaves memory (it stays in the store); the
        last few are kept aside, so that opening one again and again (its summary, say)
        does not replay it from the store each time."""
        if room.stage == "over" and not self.connections.get(room.id):
            for table in (self.rooms, self.connections, self.locks, self.computers,
                          self.thinking, self.spectators):
                table.pop(room.id, None)
            self.hurried.discard(room.id)
            self.recently_done[room.id] = room
            while len(self.recently_done) > RECENTLY_DONE:
                self.recently_done.popitem(last=False)

    def _add(self, room: Room) -> None:
        self.rooms[room.id] = room
        self.connections[room.id] = set()
        self.spectators[room.id] = 0
        self.locks[room.id] = asyncio.Lock()
        self.kick_computer(room)

    async def shutdown(self) -> None:
        for task in self.computers.values():
            task.cancel()
        self.executor.shutdown(wait=False, cancel_futures=True)
        self.store.close()  # checkpoints SQLite's write-ahead log into the file

    # ---- the lobby ------------------------------------------------------------------------

    def open_games(self) -> int:
        return sum(1 for room in self.rooms.values() if room.stage != "over")

    def create(self, body: Any, client: str = "") -> dict[str, Any]:
        """A new game from the lobby's request, made by the client at address ``client``
        (SetupError says what is wrong with it, Busy which limit it meets)."""
        limit = self.limits.open_games
        if limit and self.open_games() >= limit:
            raise Busy(503, f"this server holds {limit} games at once, as many as it allows: "
                            "try again when one has ended", 60)
        wait = self.created.take(client)
        if wait:
            raise Busy(429, f"at most {self.limits.games_per_minute} games a minute may be "
                            f"created from one address: try again in {wait:.0f} s", wait)
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
            if seat not in room.agents:  # a person decided: the pace is kept again
                self.hurried.discard(room.id)
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
            if self.pace and room.id not in self.hurried:
                await asyncio.sleep(self.pace)
            seq = room.seq
            view, entry = room.computer_choice(seat)
            if entry is None:
                self.thinking[room.id] = seat
                self.broadcast(room)
                try:
                    index = await asyncio.wait_for(
                        loop.run_in_executor(self.executor, room.agents[seat].act, view),
                        self.limits.think_seconds)
                except TimeoutError:  # (a thread cannot be stopped: it ends on its own)
                    log.warning("game %s: computer seat %d took over %g s: it plays an option "
                                "at random this time", room.id, seat, self.limits.think_seconds)
                    # the late thread keeps the old agent: the seat gets a fresh one
                    room.agents[seat] = make_agent(room.seats[seat].kind,
                                                   room.seed * 10 + seat + 1000 * room.seq)
                    index = random.Random(f"late/{room.seed}/{seq}").randrange(len(view.texts))
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
        """Every connection's view of ``room``: made and encoded once for all the
        connections of one viewer that have had the same log lines (every spectator, as a
        rule), so a broadcast costs one view per seat, however many watch."""
        groups: dict[tuple[int, int], list[Connection]] = {}
        for conn in self.connections[room.id]:
            if not conn.closing:
                groups.setdefault((conn.viewer, conn.sent_lines), []).append(conn)
        seats = self._seats(room)
        for (viewer, sent), conns in groups.items():
            self._send_view(room, viewer, sent, conns, seats)

    def send_view(self, room: Room, conn: Connection) -> None:
        self._send_view(room, conn.viewer, conn.sent_lines, [conn], self._seats(room))

    def _send_view(self, room: Room, viewer: int, sent: int, conns: list[Connection],
                   seats: list[dict[str, Any]]) -> None:
        message = room.view(viewer, sent)
        message["seats"] = seats
        message["thinking"] = self.thinking.get(room.id)
        # seconds between a computer seat's steps: the page shows each step at least so long
        message["pace"] = 0.0 if room.id in self.hurried else self.pace
        text = encode(message)
        for conn in conns:
            conn.sent_lines = sent + len(message["log"])
            conn.send_text(text)

    # ---- a connection -------------------------------------------------------------------------

    async def connect(self, ws: WebSocket) -> None:
        """One socket, from its handshake to its end: the page's origin is checked, then
        its first message says who it is (``join``, with a seat's token or none)."""
        if not origin_allowed(ws.scope, self.allowed_origins):
            await ws.close(CLOSE_REFUSED)  # before accepting: the handshake is refused
            return
        await ws.accept()
        room = self.room(ws.path_params["game_id"])
        if room is None:
            await self._refuse(ws, CLOSE_UNKNOWN, "no such game")
            return
        viewer = await self._join(ws, room)
        limit = self.limits.spectators
        if (viewer == SPECTATOR and limit
                and self.spectators.get(room.id, 0) >= limit):
            await self._refuse(ws, CLOSE_FULL, f"this game has {limit} spectators, as many "
                               "as it allows: try again later", code="full")
            viewer = None
        if viewer is None:
            self.forget_if_done(room)  # it may have been read back from the store for this
            return
        await self._serve(room, ws, viewer)

    async def _join(self, ws: WebSocket, room: Room) -> int | None:
        """The seat (or SPECTATOR) the socket's ``join`` names; None once refused."""
        if "token" in ws.query_params:
            await self._refuse(ws, CLOSE_REFUSED, "a seat's token goes in the join message, "
                               "never in the address (reload the page)")
            return None
        try:
            async with asyncio.timeout(JOIN_TIMEOUT_S):
                message = await ws.receive()
        except TimeoutError:
            await self._refuse(ws, CLOSE_PROTOCOL, "expected a join message", code="malformed")
            return None
        if message["type"] == "websocket.disconnect":
            return None
        try:
            msg = load_json(message.get("text") or message.get("bytes") or b"")
        except ValueError:
            msg = None
        token = msg.get("token") if isinstance(msg, dict) else None
        if (not isinstance(msg, dict) or msg.get("type") != "join"
                or not (token is None or isinstance(token, str) and len(token) < TOKEN_LIMIT)):
            await self._refuse(ws, CLOSE_PROTOCOL, 'the first message is {"type": "join", '
                               '"token": a seat\'s token or null}', code="malformed")
            return None
        viewer = SPECTATOR if not token else room.check(token)
        if viewer is None:
            await self._refuse(ws, CLOSE_REFUSED, "this link's seat token is not valid")
        return viewer

    async def _serve(self, room: Room, ws: WebSocket, viewer: int) -> None:
        conn = Connection(ws, viewer, self.limits.queue)
        writer = asyncio.get_running_loop().create_task(conn.write())
        current = self.rooms.get(room.id)
        if current is None:  # a finished game, forgotten while this socket joined
            self._add(room)
        else:
            room = current
        self.connections[room.id].add(conn)
        if viewer == SPECTATOR:
            self.spectators[room.id] += 1
            self.send_view(room, conn)  # nobody else's view changes
        else:
            older = self.seat_connection.get((room.id, viewer))
            if older is not None:
                older.error("superseded", "this seat was opened in another tab or window")
                older.close(CLOSE_SUPERSEDED)
            self.seat_connection[(room.id, viewer)] = conn
            self.broadcast(room)  # the newcomer's first view, and everyone sees who is here
        try:
            await self._read(room, conn)
        finally:
            self.connections[room.id].discard(conn)
            if viewer == SPECTATOR:
                self.spectators[room.id] -= 1
            if self.seat_connection.get((room.id, viewer)) is conn:
                del self.seat_connection[(room.id, viewer)]
                self.broadcast(room)
            conn.close(1000)
            await writer
            self.forget_if_done(room)

    async def _refuse(self, ws: WebSocket, close: int, message: str, code: str = "refused"
                      ) -> None:
        with contextlib.suppress(Exception):  # the client may have gone already
            await ws.send_text(encode({"type": "error", "code": code, "message": message}))
            await ws.close(close)

    async def _read(self, room: Room, conn: Connection) -> None:
        while not conn.closing:
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
            msg = load_json(raw)
        except ValueError as err:
            conn.error("malformed", f"a message must be a JSON object ({err})")
            return
        kind = msg.get("type") if isinstance(msg, dict) else None
        if kind == "ping":
            conn.send({"type": "pong"})
            return
        if kind == "join":
            conn.error("malformed", "this connection has joined already")
            return
        if kind not in ("act", "pick", "hurry"):
            conn.error("malformed", "a message's type is act, pick, hurry or ping")
            return
        if conn.viewer == SPECTATOR:
            conn.error("spectator", "a spectator cannot decide anything")
            return
        if kind == "hurry":  # skip ahead: computer seats play on unpaced until a person decides
            if room.id in self.rooms and room.id not in self.hurried:
                self.hurried.add(room.id)
                self.broadcast(room)  # every page drops its pace now ("pace": 0)
            return
        value = msg.get("option") if kind == "act" else msg.get("faction")
        entry = value if kind == "act" or not isinstance(value, str) else "pick:" + value
        try:
            await self.decide(room, conn.viewer, msg.get("seq"), entry)
        except Refused as err:
            conn.error(err.code, str(err))
            if err.code == "stale":
                self.send_view(room, conn)


class Busy(Exception):
    """A request that meets one of the server's limits: its HTTP status, what to tell the
    client, and the seconds after which it may try again."""

    def __init__(self, status: int, message: str, retry_after: float) -> None:
        super().__init__(message)
        self.status = status
        self.retry_after = retry_after


def encode(message: dict[str, Any]) -> str:
    return json.dumps(message, separators=(",", ":"))


def parse_origins(urls: Iterable[str]) -> set[Origin]:
    """The origins of ``--allow-origin``: ValueError for one that is not an http(s) URL."""
    origins = set()
    for url in urls:
        origin = origin_of(url)
        if origin is None:
            raise ValueError(f"--allow-origin {url!r}: give a page's origin, such as "
                             "https://smashup.example.org")
        origins.add(origin)
    return origins


def refusal(status: int, message: str, **headers: str) -> JSONResponse:
    return JSONResponse({"error": message}, status_code=status, headers=headers or None)


Handler = Callable[[Request], Awaitable[Response]]


def api(server: GameServer, handler: Handler) -> Handler:
    """An API endpoint that a page of another site may not use: its ``Origin``, when it sends
    one, must be this server's own page (or one of ``--allow-origin``), and what it posts
    must be JSON (a form of another site cannot send that without asking first)."""

    async def guarded(request: Request) -> Response:
        if not origin_allowed(request.scope, server.allowed_origins):
            return refusal(403, "requests from a page of another site are refused")
        if request.method == "POST":
            media = request.headers.get("content-type", "").split(";")[0].strip().lower()
            if media != "application/json":
                return refusal(415, "send the request as JSON (Content-Type: "
                                    "application/json)")
        return await handler(request)

    return guarded


async def read_body(request: Request) -> bytes | None:
    """The request's body, or None once it is over ``BODY_LIMIT`` (read no further)."""
    declared = request.headers.get("content-length", "")
    if declared.isdigit() and int(declared) > BODY_LIMIT:
        return None
    body = bytearray()
    async for chunk in request.stream():
        body += chunk
        if len(body) > BODY_LIMIT:
            return None
    return bytes(body)


def create_app(store: GameStore, allowed_origins: Iterable[str] = (), pace: float = 0.0,
               agent_threads: int = 2, chosen_seeds: bool = False,
               limits: Limits = DEFAULT_LIMITS, allowed_hosts: Iterable[str] = ("*",)
               ) -> Starlette:
    """The ASGI application, serving the games in ``store`` (resumed when it starts);
    ``chosen_seeds`` lets a game's creator give its seed (tests). It answers requests for
    ``allowed_hosts`` only (``guard.AllowedHosts``); ``.state.server`` is its GameServer."""
    server = GameServer(store, allowed_origins, pace, agent_threads, chosen_seeds, limits)

    @contextlib.asynccontextmanager
    async def lifespan(_: Starlette) -> AsyncIterator[None]:
        server.resume()
        yield
        await server.shutdown()

    async def page(_: Request) -> Response:
        return FileResponse(STATIC / "index.html", headers={"Cache-Control": "no-cache"})

    async def get_catalog(_: Request) -> Response:
        return JSONResponse(catalog())

    async def get_help(_: Request) -> Response:
        return JSONResponse({"topics": topics_json()})

    async def create_game(request: Request) -> Response:
        body = await read_body(request)
        if body is None:
            return refusal(413, f"a request may be at most {BODY_LIMIT} bytes")
        client = request.client.host if request.client else ""
        try:
            return JSONResponse(server.create(load_json(body), client), status_code=201)
        except Busy as busy:
            return refusal(busy.status, str(busy), **{
                "Retry-After": str(max(1, round(busy.retry_after)))})
        except ValueError as err:  # SetupError, or JSON that does not parse
            return refusal(400, str(err))

    async def game_summary(request: Request) -> Response:
        room = server.room(request.path_params["game_id"])
        if room is None:
            return refusal(404, "no such game")
        summary = server.summary(room)
        server.forget_if_done(room)
        return JSONResponse(summary)

    app = Starlette(routes=[
        Route("/", page),
        Route("/game/{game_id}", page),
        Route("/api/catalog", api(server, get_catalog)),
        Route("/api/help", api(server, get_help)),
        Route("/api/games", api(server, create_game), methods=["POST"]),
        Route("/api/games/{game_id}", api(server, game_summary)),
        WebSocketRoute("/ws/{game_id}", server.connect),
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
    ], lifespan=lifespan,
        middleware=[Middleware(HostGuard, allowed=AllowedHosts(allowed_hosts))])
    app.state.server = server
    return app
