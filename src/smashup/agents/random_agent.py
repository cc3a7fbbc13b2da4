"""The random agent: a uniformly random legal option at every decision."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ..engine.game import Game


class RandomAgent:
    """Picks uniformly among the legal options, from its own seeded RNG (reproducible)."""

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def act(self, game: Game) -> int:
        req = game.request
        if req is None:
            raise ValueError("the game is over: there is nothing to decide")
        return self.rng.randrange(len(req.options))
