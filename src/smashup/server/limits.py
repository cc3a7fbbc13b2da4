"""What one client may ask of the server, so that none can exhaust it for the others: games
created per address a minute, games open at once, spectators per game, how long a computer
seat may think, and how far behind a reader may fall. ``smashup serve`` sets each with a flag
(docs/deployment.md); 0 turns a count off.

>>> window = PerMinute(2)
>>> window.take("1.2.3.4", now=0.0), window.take("1.2.3.4", now=1.0)
(0.0, 0.0)
>>> window.take("1.2.3.4", now=2.0), window.take("5.6.7.8", now=2.0)
(58.0, 0.0)
>>> window.take("1.2.3.4", now=60.5)
0.0
"""

from __future__ import annotations

import time
from collections import deque
from dataclasses import dataclass


@dataclass(frozen=True)
class Limits:
    games_per_minute: int = 10
    """Games one client address may create in any minute (0: no limit)."""
    open_games: int = 500
    """Games not yet over that the server holds at once (0: no limit)."""
    spectators: int = 100
    """Spectators one game may have at once (0: no limit)."""
    think_seconds: float = 10.0
    """The longest a computer seat's decision may take, waiting for a thread included; past
    it the seat plays an option at random this once."""
    queue: int = 200
    """Messages a connection may be behind before it is dropped as a slow reader."""


class PerMinute:
    """A sliding window of one minute per key: at most ``limit`` takes in any 60 seconds."""

    WINDOW_S = 60.0
    FORGET_AT = 10_000  # keys held before the idle ones are swept out

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self.times: dict[str, deque[float]] = {}

    def take(self, key: str, now: float | None = None) -> float:
        """0.0 when ``key`` may go ahead (and it is counted), else the seconds to wait."""
        if self.limit <= 0:
            return 0.0
        now = time.monotonic() if now is None else now
        if len(self.times) > self.FORGET_AT:
            self.times = {k: q for k, q in self.times.items() if q and q[-1] > now - self.WINDOW_S}
        recent = self.times.setdefault(key, deque())
        while recent and recent[0] <= now - self.WINDOW_S:
            recent.popleft()
        if len(recent) >= self.limit:
            return recent[0] + self.WINDOW_S - now
        recent.append(now)
        return 0.0
