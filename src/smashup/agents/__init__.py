"""Computer players. An agent only uses the public ``Game`` API.

>>> import smashup
>>> from smashup.agents import RandomAgent
>>> game = smashup.Game.new({"factions": [["aliens", "ninjas"], ["ninjas", "aliens"]], "seed": 5})
>>> agent = RandomAgent(seed=1)
>>> agent.act(game) in game.legal_actions()
True
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from .heuristic import HeuristicAgent
from .random_agent import RandomAgent

if TYPE_CHECKING:
    from ..engine.game import Game


class Agent(Protocol):
    """Anything that picks one of ``game.legal_actions()`` for ``game.current_player``."""

    def act(self, game: Game) -> int: ...


__all__ = ["Agent", "HeuristicAgent", "RandomAgent"]
