"""A test client of the browser game's WebSocket protocol (docs/web-protocol.md): one
connection (which sends its seat's token in its first message, ``join``), every message it
got, and a random player on top."""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import random
from collections.abc import Callable
from typing import Any

import websockets

TIMEOUT = 20.0


class Client:
    """One WebSocket to a game, as a seat (``token``) or a spectator."""

    def __init__(self, ws_url: str, game_id: str, token: str | None = None,
                 origin: str | None = None, join: bool = True, **options: Any) -> None:
        self.url = f"{ws_url}/ws/{game_id}"
        self.token = token
        self.origin = origin
        self.join = join  # send the join message on connecting (a test may send its own)
        self.options = options  # for websockets.connect
        self.messages: list[dict[str, Any]] = []
        self.raw: list[str] = []
        self.ws: Any = None

    async def __aenter__(self) -> Client:
        headers = {"Origin": self.origin} if self.origin else None
        self.ws = await websockets.connect(self.url, additional_headers=headers,
                                           max_size=2**24, proxy=None, **self.options)
        if self.join:
            with contextlib.suppress(websockets.ConnectionClosed):  # refused before joining
                await self.send({"type": "join", "token": self.token})
        return self

    async def __aexit__(self, *_: object) -> None:
        await self.ws.close()

    async def receive(self, timeout: float = TIMEOUT) -> dict[str, Any]:
        text = await asyncio.wait_for(self.ws.recv(), timeout)
        self.raw.append(text)
        message: dict[str, Any] = json.loads(text)
        self.messages.append(message)
        return message

    async def view(self, timeout: float = TIMEOUT) -> dict[str, Any]:
        """The next view (errors are kept in ``messages`` and skipped)."""
        while True:
            message = await self.receive(timeout)
            if message["type"] == "view":
                return message

    async def error(self, timeout: float = TIMEOUT) -> dict[str, Any]:
        """The next error (views are skipped)."""
        while True:
            message = await self.receive(timeout)
            if message["type"] == "error":
                return message

    async def send(self, message: Any) -> None:
        await self.ws.send(message if isinstance(message, str | bytes) else json.dumps(message))

    async def act(self, seq: int, option: str) -> None:
        await self.send({"type": "act", "seq": seq, "option": option})

    async def decide(self, message: dict[str, Any]) -> dict[str, Any]:
        """Send a decision and wait for the view after it; when told to slow down, wait
        and send it again (any other error fails the test)."""
        await self.send(message)
        while True:
            answer = await self.receive()
            if answer["type"] == "view" and answer["seq"] > message["seq"]:
                return answer
            if answer["type"] == "error":
                assert answer["code"] == "rate_limited", answer
                await asyncio.sleep(0.1)
                await self.send(message)

    async def until(self, seq: int) -> dict[str, Any]:
        """The first view at ``seq`` or later."""
        while True:
            view = await self.view()
            if view["seq"] >= seq:
                return view


async def play_randomly(client: Client, seed: int, cap: int = 5000,
                        on_view: Callable[[dict[str, Any]], None] | None = None
                        ) -> dict[str, Any]:
    """Answer every decision of this seat at random until the game is over; the last view.
    ``on_view`` is called with each view the seat acts on or waits at."""
    rng = random.Random(seed)
    view = await client.view()
    for _ in range(cap):
        if on_view is not None:
            on_view(view)
        if view["stage"] == "over":
            return view
        if view["options"]:
            option = rng.choice(view["options"])["text"]
            view = await client.decide({"type": "act", "seq": view["seq"], "option": option})
        elif view["draft"] and view["draft"]["available"]:
            pick = rng.choice(view["draft"]["available"])
            view = await client.decide({"type": "pick", "seq": view["seq"], "faction": pick})
        else:
            view = await client.view()
    raise AssertionError(f"the game went on past {cap} views")


async def watch(client: Client) -> dict[str, Any]:
    """Views until the game is over; the last one."""
    while True:
        view = await client.view()
        if view["stage"] == "over":
            return view


class Records(logging.Handler):
    """Every log record of the in-process server (uvicorn's and ours)."""

    def __init__(self) -> None:
        super().__init__(logging.DEBUG)
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)

    def failures(self) -> list[str]:
        return [f"{r.name}: {r.getMessage()}" for r in self.records
                if r.levelno >= logging.ERROR or r.exc_info]
