"""The browser game's server attacked as a stranger on the internet would (issue 25), over real
loopback connections: each attack below is refused with a clear answer, changes nothing, and
leaves no traceback. The fuzz of the socket protocol is in fuzz_test.py.

- no seat token in anything the server prints, at its most verbose level;
- no request that exhausts it: computer seats by level only, games per address a minute,
  games open at once, spectators per game, a computer seat's time to decide, a spectator's
  join costing the same however many watch, deeply nested JSON;
- no cross-site use: a Host allowlist (DNS rebinding), Origin by scheme, host and port, and
  JSON only on the API;
- close codes that mean one thing: a slow reader's (come back) is not a refused token's.
"""

from __future__ import annotations

import asyncio
import json
import logging
import os
import socket
import sqlite3
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import websockets
from wire_client import Client, Records, play_randomly, watch

from smashup.server.limits import Limits
from smashup.server.live import NO_LIMITS, LiveServer, post_json
from smashup.server.room import SPECTATOR, new_spec
from smashup.server.store import SQLiteStore, backup
from tool_modules import load_loadtest

ROOT = Path(__file__).resolve().parents[2]
TWO_PEOPLE = {"seats": [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bob"}],
              "factions": [["aliens", "ninjas"], ["robots", "zombies"]], "seed": 11}




@pytest.fixture
def records(server: LiveServer) -> Iterator[Records]:
    """Attached once the server has set up its logging (which replaces handlers)."""
    handler = Records()
    loggers = [logging.getLogger(name) for name in ("uvicorn", "uvicorn.error", "smashup")]
    for logger in loggers:
        logger.addHandler(handler)
    yield handler
    for logger in loggers:
        logger.removeHandler(handler)


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    with LiveServer(tmp_path_factory.mktemp("security") / "games.db") as live:
        yield live


def run(coro: Any) -> Any:
    return asyncio.run(coro)


def stored_log(server: LiveServer, game_id: str) -> list[str]:
    db = sqlite3.connect(server.store.path)
    try:
        return [e for (e,) in db.execute(
            "SELECT entry FROM decisions WHERE game = ? ORDER BY seq", (game_id,))]
    finally:
        db.close()


def request(url: str, data: bytes | None = None, **headers: str) -> tuple[int, Any]:
    """(status, JSON answer) of a GET, or a POST of ``data``, with ``headers``."""
    req = urllib.request.Request(url, data=data, method="GET" if data is None else "POST",
                                 headers=headers)
    try:
        with urllib.request.urlopen(req, timeout=10) as answer:
            return answer.status, json.loads(answer.read() or b"null")
    except urllib.error.HTTPError as err:
        body = err.read()
        return err.code, json.loads(body) if body.startswith(b"{") else body.decode()


def raw_http(port: int, text: str) -> str:
    """Send ``text`` as it is (a Host header urllib would not send) and read the status line."""
    with socket.create_connection(("127.0.0.1", port), timeout=10) as sock:
        sock.sendall(text.encode())
        answer = b""
        while b"\r\n" not in answer:
            chunk = sock.recv(4096)
            if not chunk:
                break
            answer += chunk
    return answer.split(b"\r\n")[0].decode()


async def closed_with(client: Client) -> tuple[int | None, list[dict[str, Any]]]:
    """Read until the server closes: its close code and what it sent before."""
    with pytest.raises(websockets.ConnectionClosed):
        while True:
            await client.receive()
    return client.ws.close_code, client.messages


# ---- 1. no secret in any log --------------------------------------------------------------


def test_no_seat_token_is_printed_at_the_most_verbose_log_level(tmp_path: Path) -> None:
    """``smashup serve --log-level trace`` (uvicorn's every ASGI message, the WebSocket
    library's every frame and handshake header) runs two whole games between people, with a
    spectator, plus every way a client might put a token where it could be logged: in the
    address as the old page did, a wrong one, one in a malformed join, one inside a
    decision. Nothing the server printed holds any token, or even a third of one."""
    tool = load_loadtest()
    server = tool.ServerProcess(tmp_path / "games.db", tool.free_port(), tmp_path / "out.log",
                                log_level="trace")
    server.start()
    tokens: list[str] = []
    try:
        games = [tool.http_json(f"{server.url}/api/games", {**TWO_PEOPLE, "seed": seed})
                 for seed in (5, 6)]
        tokens = [s["token"] for g in games for s in g["seats"]]

        async def attempts() -> None:
            game, token = games[0]["id"], tokens[0]
            old = Client(server.ws_url, game, join=False)
            old.url += f"?token={token}"  # as the page before this fix did
            async with old:
                assert (await closed_with(old))[0] == 4003
            async with Client(server.ws_url, game, join=False) as odd:
                await odd.send({"type": "join", "token": token, "pad": "x" * 90})
                await odd.view()
                await odd.send({"type": "act", "seq": 0, "option": token})
                assert (await odd.error())["code"] in ("illegal", "not_your_turn")
                await odd.send({"type": "join", "token": token})
                assert (await odd.error())["code"] == "malformed"
            async with Client(server.ws_url, game, token[::-1]) as wrong:
                assert (await closed_with(wrong))[0] == 4003
            async with Client(server.ws_url, game, join=False) as garbled:
                await garbled.send(f'{{"type": "join", "token": ["{token}"]}}')
                assert (await closed_with(garbled))[0] == 4002

        async def play(game: dict[str, Any], seed: int) -> None:
            seats = [Client(server.ws_url, game["id"], s["token"]) for s in game["seats"]]
            async with seats[0] as ann, seats[1] as bob, \
                    Client(server.ws_url, game["id"]) as spectator:
                ends = await asyncio.gather(play_randomly(ann, seed), play_randomly(bob, seed + 1),
                                            watch(spectator))
                assert all(v["stage"] == "over" for v in ends)

        async def everything() -> None:
            await attempts()
            await asyncio.gather(play(games[0], 1), play(games[1], 3))
        run(everything())
    finally:
        server.stop()
    printed = (tmp_path / "out.log").read_text(errors="replace")
    assert "TRACE" in printed and '"WebSocket /ws/' in printed  # it was verbose indeed
    assert len(printed.splitlines()) > 1000
    for token in tokens:
        for start in range(0, len(token) - 10):
            assert token[start:start + 11] not in printed, "a seat token was printed"


# ---- 2. no request can exhaust the server ---------------------------------------------------


@pytest.mark.parametrize("kind", ["ismcts:600s", "ismcts:100000", "heuristic", "random"])
def test_a_computer_seat_is_chosen_by_level_only(server: LiveServer, kind: str) -> None:
    before = len(server.store.games())
    with pytest.raises(ValueError, match="unknown seat kind .* human, easy, normal, hard"):
        server.create({"seats": [{"kind": "human"}, {"kind": kind}]})
    assert len(server.store.games()) == before
    server.create({"seats": [{"kind": "human"}, {"kind": "hard"}]})  # a level is welcome


def test_games_created_per_address_a_minute_are_limited(tmp_path: Path) -> None:
    """Three games a minute from one address: the fourth is refused with 429, a clear
    message and Retry-After; another client (its address given by the proxy in front,
    X-Forwarded-For, believed from loopback only) is not held up by the first."""
    with LiveServer(tmp_path / "games.db", limits=Limits(games_per_minute=3)) as live:
        for _ in range(3):
            live.create(TWO_PEOPLE)
        body = json.dumps(TWO_PEOPLE).encode()
        status, answer = request(f"{live.url}/api/games", body,
                                 **{"Content-Type": "application/json"})
        assert status == 429
        assert "at most 3 games a minute" in answer["error"]
        assert len(live.store.games()) == 3
        other = post_json(f"{live.url}/api/games", TWO_PEOPLE,
                          headers={"X-Forwarded-For": "203.0.113.7"})
        assert other["id"]


def test_games_open_at_once_are_limited(tmp_path: Path) -> None:
    with LiveServer(tmp_path / "games.db", limits=Limits(games_per_minute=0, open_games=2)
                    ) as live:
        live.create(TWO_PEOPLE)
        live.create(TWO_PEOPLE)
        with pytest.raises(ValueError, match="2 games at once, as many as it allows"):
            live.create(TWO_PEOPLE)
        assert len(live.store.games()) == 2


def test_spectators_per_game_are_limited_and_seats_still_join(tmp_path: Path) -> None:
    with LiveServer(tmp_path / "games.db", limits=Limits(games_per_minute=0, spectators=2)
                    ) as live:
        game = live.create(TWO_PEOPLE)

        async def scenario() -> None:
            async with Client(live.ws_url, game["id"]) as one, \
                    Client(live.ws_url, game["id"]) as two:
                await one.view()
                await two.view()
                async with Client(live.ws_url, game["id"]) as three:
                    code, messages = await closed_with(three)
                    assert code == 4009
                    assert messages[-1]["code"] == "full"
                    assert "2 spectators, as many as it allows" in messages[-1]["message"]
                async with Client(live.ws_url, game["id"], game["seats"][0]["token"]) as ann:
                    assert (await ann.view())["seat"] == 0
            async with Client(live.ws_url, game["id"]) as later:  # a place was freed
                assert (await later.view())["seat"] is None
        run(scenario())


def test_a_spectator_joining_sends_nothing_to_those_already_watching(server: LiveServer
                                                                     ) -> None:
    """Forty spectators join one after another: each gets its own first view and nobody
    else is sent anything for it (the server used to send every watcher a fresh view at
    each join: 200 joins cost 20,000 views). A decision then reaches each watcher once."""
    game = server.create(TWO_PEOPLE)
    tokens = [s["token"] for s in game["seats"]]

    async def scenario() -> None:
        watchers: list[Client] = []
        try:
            for _ in range(40):
                watcher = Client(server.ws_url, game["id"])
                await watcher.__aenter__()
                watchers.append(watcher)
                await watcher.view()
            async with Client(server.ws_url, game["id"], tokens[0]) as ann, \
                    Client(server.ws_url, game["id"], tokens[1]) as bob:
                views = [await ann.view(), await bob.view()]
                decider = views[0]["observation"]["decision"]["player"]
                view = views[decider]
                mover = (ann, bob)[decider]
                await mover.decide({"type": "act", "seq": view["seq"],
                                    "option": view["options"][0]["text"]})
                for watcher in watchers:
                    await watcher.send({"type": "ping"})
                for watcher in watchers:
                    while (await watcher.receive())["type"] != "pong":
                        pass
                for watcher in watchers:
                    # the first view; two seats coming (each is news: "connected"); the
                    # decision; nothing for the other spectators' joins
                    kinds = [(m["type"], m.get("seq")) for m in watcher.messages]
                    assert kinds[-1] == ("pong", None)
                    seqs = [seq for kind, seq in kinds if kind == "view"]
                    assert len(seqs) == 4, kinds
                    assert seqs[-1] == view["seq"] + 1
        finally:
            for watcher in watchers:
                await watcher.__aexit__()
    run(scenario())


def test_a_computer_seats_decision_is_bounded_in_time_whatever_the_game(tmp_path: Path
                                                                        ) -> None:
    """A game kept in the store from before the lobby offered levels only, whose computer
    seats would think 4 s a decision, on a server that gives a decision 0.3 s: every
    decision comes within a second of the previous (the seat plays at random when late),
    and the server says so in its log (a warning, not an error)."""
    db = tmp_path / "games.db"
    spec = new_spec([{"kind": "easy"}, {"kind": "easy"}], seed=3)
    del spec["tokens"]
    for seat in spec["seats"]:
        seat["kind"] = "ismcts:4s"
    store = SQLiteStore(db)
    store.create("slow", spec)
    store.close()
    limits = Limits(games_per_minute=0, think_seconds=0.3)
    with LiveServer(db, limits=limits) as live:

        async def gaps() -> list[float]:
            async with Client(live.ws_url, "slow") as watcher:
                view = await watcher.view()
                seq, since, found = view["seq"], time.monotonic(), []
                while len(found) < 6:
                    view = await watcher.view()
                    if view["seq"] > seq:
                        found.append(time.monotonic() - since)
                        seq, since = view["seq"], time.monotonic()
                return found
        assert max(run(gaps())) < 1.0


def test_opening_a_finished_game_again_and_again_does_not_replay_it_each_time(
        tmp_path: Path) -> None:
    """A finished game leaves memory once nobody watches it, and is read back (replayed from
    its stored log, which costs as much as playing it) when opened. Asked for its summary
    twenty times, the server replays it once."""
    with LiveServer(tmp_path / "games.db") as live:
        game = live.create({"seats": [{"kind": "easy"}, {"kind": "easy"}], "seed": 4})

        async def to_the_end() -> None:
            async with Client(live.ws_url, game["id"]) as spectator:
                await watch(spectator)
        run(to_the_end())
        rooms = live.app.state.server.rooms
        deadline = time.monotonic() + 5
        while game["id"] in rooms and time.monotonic() < deadline:
            time.sleep(0.02)
        assert game["id"] not in rooms
        reads: list[str] = []
        read = live.store.game

        def counted(game_id: str) -> Any:
            reads.append(game_id)
            return read(game_id)
        live.store.game = counted  # type: ignore[method-assign]
        for _ in range(20):
            status, summary = request(f"{live.url}/api/games/{game['id']}")
            assert status == 200 and summary["stage"] == "over"
        assert len(reads) <= 1


def test_deeply_nested_json_gets_a_clean_error(server: LiveServer, records: Records) -> None:
    """A few thousand ``[`` on the socket (in a join, and after it) and on the HTTP API: an
    error that says what is wrong, the connection still open, the game unchanged, and no
    traceback in the server's log (it used to be a RecursionError and an HTTP 500)."""
    game = server.create(TWO_PEOPLE)
    deep = "[" * 4000 + "]" * 0

    async def scenario() -> None:
        async with Client(server.ws_url, game["id"], join=False) as stranger:
            await stranger.send(deep)
            code, messages = await closed_with(stranger)
            assert code == 4002 and messages[-1]["code"] == "malformed"
        async with Client(server.ws_url, game["id"], game["seats"][0]["token"]) as ann:
            view = await ann.view()
            for message in (deep, '{"type": "act", "seq": 0, "option": ' + "[" * 4000,
                            '{"type": "ping", "x": ' + "{\"a\": " * 2000 + "1" + "}" * 2001):
                await ann.send(message[:4096])
                error = await ann.error()
                assert error["code"] == "malformed" and "nested" in error["message"]
            await ann.send({"type": "ping"})
            assert (await ann.receive())["type"] == "pong"
            assert view["seq"] == len(stored_log(server, game["id"]))
    run(scenario())
    for body in ("[" * 10_000, '{"seats": ' + "[" * 10_000):
        status, answer = request(f"{server.url}/api/games", body.encode(),
                                 **{"Content-Type": "application/json"})
        assert status == 400 and "nested" in answer["error"]
    assert not records.failures()


# ---- 3. no cross-site use ---------------------------------------------------------------------


def test_the_api_takes_json_only(server: LiveServer) -> None:
    """What a form of another site can post without asking first (text/plain,
    application/x-www-form-urlencoded, multipart) is refused, whatever it holds."""
    before = len(server.store.games())
    body = json.dumps(TWO_PEOPLE).encode()
    for media in ("text/plain", "application/x-www-form-urlencoded",
                  "multipart/form-data; boundary=x"):
        status, answer = request(f"{server.url}/api/games", body, **{"Content-Type": media})
        assert status == 415 and "application/json" in answer["error"]
    status, _ = request(f"{server.url}/api/games", body)  # no content type at all
    assert status == 415
    assert len(server.store.games()) == before


def test_the_api_refuses_a_page_of_another_site(server: LiveServer) -> None:
    game = server.create(TWO_PEOPLE)
    before = len(server.store.games())
    body = json.dumps(TWO_PEOPLE).encode()
    port = server.port
    for origin in ("http://evil.example", f"https://127.0.0.1:{port}",
                   f"http://127.0.0.1:{port + 1}", "null"):
        status, answer = request(f"{server.url}/api/games", body, Origin=origin,
                                 **{"Content-Type": "application/json"})
        assert status == 403 and "another site" in answer["error"], origin
        assert request(f"{server.url}/api/games/{game['id']}", Origin=origin)[0] == 403
    assert len(server.store.games()) == before
    status, _ = request(f"{server.url}/api/games", body, Origin=f"http://127.0.0.1:{port}",
                        **{"Content-Type": "application/json"})
    assert status == 201  # the server's own page


def test_the_socket_checks_the_origins_scheme_host_and_port(server: LiveServer) -> None:
    game = server.create(TWO_PEOPLE)
    token = game["seats"][0]["token"]
    port = server.port

    async def connect(origin: str) -> None:
        async with Client(server.ws_url, game["id"], token, origin=origin) as client:
            await client.view()
    for origin in (f"https://127.0.0.1:{port}", f"http://127.0.0.1:{port + 1}",
                   f"http://localhost.evil.example:{port}", "null"):
        with pytest.raises(websockets.InvalidStatus) as refused:
            run(connect(origin))
        assert refused.value.response.status_code == 403, origin
    run(connect(f"http://127.0.0.1:{port}"))
    run(connect(f"http://localhost:{port}".replace("localhost", "127.0.0.1")))


def test_a_request_for_another_host_name_is_refused(server: LiveServer) -> None:
    """DNS rebinding: a page of evil.example whose name now points at 127.0.0.1 sends
    ``Host: evil.example``; the server answers only to the names it was given (by default
    the address it listens on, and localhost). Pages, the API and sockets alike."""
    game = server.create(TWO_PEOPLE)
    port = server.port
    upgrade = ("Upgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Version: 13\r\n"
               "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n")
    for host in (f"evil.example:{port}", "evil.example", f"127.0.0.1.evil.example:{port}"):
        for path in ("/", f"/api/games/{game['id']}", "/api/catalog"):
            line = raw_http(port, f"GET {path} HTTP/1.1\r\nHost: {host}\r\n"
                                  "Connection: close\r\n\r\n")
            assert " 400 " in line, (host, path, line)
        line = raw_http(port, f"GET /ws/{game['id']} HTTP/1.1\r\nHost: {host}\r\n{upgrade}\r\n")
        assert " 403 " in line, (host, line)
    for host in (f"127.0.0.1:{port}", f"localhost:{port}", "LOCALHOST"):
        line = raw_http(port, f"GET /api/catalog HTTP/1.1\r\nHost: {host}\r\n"
                              "Connection: close\r\n\r\n")
        assert " 200 " in line, (host, line)
    line = raw_http(port, f"GET /ws/{game['id']} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n"
                          f"{upgrade}\r\n")
    assert " 101 " in line


# ---- 4. close codes that mean one thing ---------------------------------------------------------


def masked_text_frame(text: str) -> bytes:
    """A client's text frame (masked, as a client must), for a message under 126 bytes."""
    data = text.encode()
    mask = os.urandom(4)
    return (bytes([0x81, 0x80 | len(data)]) + mask
            + bytes(b ^ mask[i % 4] for i, b in enumerate(data)))


def close_code_in(stream: bytes) -> int | None:
    """The code of the close frame among the server's (unmasked) frames in ``stream``."""
    at = 0
    while at + 2 <= len(stream):
        opcode, length = stream[at] & 0x0F, stream[at + 1] & 0x7F
        at += 2
        if length == 126:
            length, at = int.from_bytes(stream[at:at + 2], "big"), at + 2
        elif length == 127:
            length, at = int.from_bytes(stream[at:at + 8], "big"), at + 8
        if opcode == 0x8:
            return int.from_bytes(stream[at:at + 2], "big")
        at += length
    return None


def test_a_slow_reader_is_closed_with_a_code_of_its_own(tmp_path: Path) -> None:
    """A spectator that stops reading (a raw socket with a small receive buffer) while four
    computer players play fast falls behind; the server drops what waited for it and closes
    it with 4008 ("come back"), not with 4003, which says that a token was refused."""
    limits = Limits(games_per_minute=0, queue=5)
    with LiveServer(tmp_path / "games.db", limits=limits) as live:
        game = live.create({"seats": [{"kind": "easy"}] * 4, "seed": 8})
        server = live.app.state.server

        def dropped() -> bool:
            return any(c.closing and c.viewer == SPECTATOR
                       for c in list(server.connections.get(game["id"], ())))

        with socket.socket() as slow:
            slow.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 2048)
            slow.settimeout(10)
            slow.connect(("127.0.0.1", live.port))
            slow.sendall(f"GET /ws/{game['id']} HTTP/1.1\r\nHost: 127.0.0.1:{live.port}\r\n"
                         "Upgrade: websocket\r\nConnection: Upgrade\r\n"
                         "Sec-WebSocket-Version: 13\r\n"
                         "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n".encode())
            answer = b""
            while b"\r\n\r\n" not in answer:
                answer += slow.recv(1)  # the handshake's answer, and not a byte more
            assert b" 101 " in answer
            slow.sendall(masked_text_frame('{"type":"join"}'))
            deadline = time.monotonic() + 30
            while not dropped():
                assert time.monotonic() < deadline, "the slow reader was never dropped"
                time.sleep(0.05)
            stream = b""
            while chunk := slow.recv(65536):
                stream += chunk
                if close_code_in(stream) is not None:
                    break
        assert close_code_in(stream) == 4008


def test_a_refused_token_keeps_its_code(server: LiveServer) -> None:
    game = server.create(TWO_PEOPLE)

    async def scenario() -> tuple[int | None, list[dict[str, Any]]]:
        async with Client(server.ws_url, game["id"], "not-" + "x" * 28) as wrong:
            return await closed_with(wrong)
    code, messages = run(scenario())
    assert code == 4003 and messages[-1]["code"] == "refused"


def test_a_socket_that_never_joins_or_joins_wrongly_is_closed(server: LiveServer) -> None:
    game = server.create(TWO_PEOPLE)

    async def scenario(first: Any) -> int | None:
        async with Client(server.ws_url, game["id"], join=False) as client:
            await client.send(first)
            return (await closed_with(client))[0]
    for first in ({"type": "act", "seq": 0, "option": "end"}, {"type": "join", "token": 7},
                  {"type": "join", "token": "x" * 500}, "join", b"\xff\xfe"):
        assert run(scenario(first)) == 4002, first


# ---- hosting: the backup ------------------------------------------------------------------------


def test_a_backup_taken_while_games_are_played_holds_every_game(tmp_path: Path) -> None:
    """``smashup serve --backup`` (store.backup, SQLite's online backup API) copies the file
    while the server writes to it: the copy opens, passes SQLite's integrity check, and
    holds each game with a log that is a prefix of the live one."""
    with LiveServer(tmp_path / "games.db", limits=NO_LIMITS) as live:
        games = [live.create({"seats": [{"kind": "easy"}, {"kind": "easy"}], "seed": s})
                 for s in (1, 2, 3)]
        time.sleep(0.5)  # they are playing
        copy = tmp_path / "copy.db"
        assert backup(live.store.path, copy) == 3
        con = sqlite3.connect(copy)
        try:
            assert con.execute("PRAGMA integrity_check").fetchone() == ("ok",)
            for game in games:
                kept = [e for (e,) in con.execute(
                    "SELECT entry FROM decisions WHERE game = ? ORDER BY seq", (game["id"],))]
                assert kept and stored_log(live, game["id"])[:len(kept)] == kept
        finally:
            con.close()
    with pytest.raises(ValueError, match="another file"):
        backup(copy, copy)
