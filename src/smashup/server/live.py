"""A server running in a background thread on a free loopback port, for tests and the load
test: ``with LiveServer(db) as server: server.url``. Everything stays on 127.0.0.1."""

from __future__ import annotations

import asyncio
import json
import socket
import threading
import time
import urllib.request
from collections.abc import Callable
from pathlib import Path
from types import TracebackType
from typing import Any

import uvicorn

from .app import create_app
from .guard import default_hosts
from .limits import Limits
from .store import SQLiteStore

NO_LIMITS = Limits(games_per_minute=0, open_games=0, spectators=0)
"""What tests create and watch is not limited unless a test says so (every test client comes
from the same address)."""


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


class LiveServer:
    """uvicorn serving ``create_app`` over the SQLite file ``db`` (``:memory:`` is fine);
    tests may choose their games' seeds."""

    def __init__(self, db: str | Path = ":memory:", pace: float = 0.0,
                 agent_threads: int = 2, port: int | None = None,
                 limits: Limits = NO_LIMITS) -> None:
        self.store = SQLiteStore(db)
        self.app = create_app(self.store, pace=pace, agent_threads=agent_threads,
                              chosen_seeds=True, limits=limits,
                              allowed_hosts=default_hosts("127.0.0.1"))
        self.port = port or free_port()
        config = uvicorn.Config(self.app, host="127.0.0.1", port=self.port, log_level="warning",
                                ws_max_size=65_536, access_log=False, lifespan="on")
        self._server = uvicorn.Server(config)
        self._thread = threading.Thread(target=self._run, daemon=True)
        self.loop: asyncio.AbstractEventLoop | None = None

    def _run(self) -> None:
        asyncio.run(self._serve())

    async def _serve(self) -> None:
        self.loop = asyncio.get_running_loop()
        await self._server.serve()

    def call(self, fn: Callable[[], Any]) -> None:
        """Run ``fn`` on the server's event loop (its state belongs to that thread)."""
        assert self.loop is not None, "the server is not running"
        self.loop.call_soon_threadsafe(fn)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def ws_url(self) -> str:
        return f"ws://127.0.0.1:{self.port}"

    def __enter__(self) -> LiveServer:
        self._thread.start()
        deadline = time.monotonic() + 10
        while not self._server.started:
            if time.monotonic() > deadline or not self._thread.is_alive():
                raise RuntimeError("the test server did not start")
            time.sleep(0.01)
        return self

    def __exit__(self, kind: type[BaseException] | None, err: BaseException | None,
                 tb: TracebackType | None) -> None:
        self._server.should_exit = True
        self._thread.join(10)
        self.store.close()

    def create(self, body: dict[str, Any]) -> dict[str, Any]:
        """POST /api/games; the answer (ValueError with the server's message on a 4xx)."""
        return post_json(f"{self.url}/api/games", body)


def post_json(url: str, body: Any, headers: dict[str, str] | None = None) -> dict[str, Any]:
    request = urllib.request.Request(url, data=json.dumps(body).encode(), method="POST",
                                     headers={"Content-Type": "application/json",
                                              **(headers or {})})
    try:
        with urllib.request.urlopen(request, timeout=30) as answer:
            data: dict[str, Any] = json.loads(answer.read())
            return data
    except urllib.error.HTTPError as err:
        raise ValueError(json.loads(err.read()).get("error", str(err))) from None
