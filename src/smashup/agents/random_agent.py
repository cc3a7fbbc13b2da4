"""The random agent: a uniformly random legal option at every decision."""

from __future__ import annotations

import random

from ..engine.api.worlds import SeatView


class RandomAgent:
    """Picks uniformly among the legal options, from its own seeded RNG (reproducible)."""

    needs_view = False  # it reads nothing but the number of options

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def act(self, view: SeatView) -> int:
        if not view.texts:
            raise ValueError("this seat has nothing to decide now")
        return self.rng.randrange(len(view.texts))
