"""Computer players. An agent sees only its seat's share: ``act(view)`` gets a
``SeatView`` (``game.seat_view(player)``) — the observation, the legal options with their
texts, and ``sample(seed)`` for determinised games to look ahead in — and returns the
index of its choice. No agent is handed the real game.

>>> import smashup
>>> from smashup.agents import RandomAgent
>>> game = smashup.Game.new({"factions": [["aliens", "ninjas"], ["ninjas", "aliens"]], "seed": 5})
>>> agent = RandomAgent(seed=1)
>>> view = game.seat_view(game.current_player)
>>> agent.act(view) in game.legal_actions()
True
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from ..engine.api.worlds import SeatView
from .heuristic import HeuristicAgent
from .random_agent import RandomAgent

if TYPE_CHECKING:
    from ..engine.api.game import Game


class Agent(Protocol):
    """Anything that picks one of ``view.legal_actions()`` for the seat ``view.player``.

    ``needs_view``: whether it reads the observation and samples worlds (an agent that does
    not is handed a lighter view, without them)."""

    needs_view: bool

    def act(self, view: SeatView) -> int: ...


def view_for(game: Game, player: int, agent: Agent) -> SeatView:
    """The seat view ``agent`` needs of ``game`` for ``player``."""
    full = bool(getattr(agent, "needs_view", True))
    return game.seat_view(player, observation=full, sampler=full)


def decide(game: Game, agent: Agent) -> int:
    """Ask ``agent`` for the current decision of ``game``, through its seat's view only."""
    return agent.act(view_for(game, game.current_player, agent))


__all__ = ["Agent", "HeuristicAgent", "RandomAgent", "SeatView", "decide", "view_for"]
