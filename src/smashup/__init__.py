"""smashup: a rule-exact Smash Up engine, computer players and tools.

>>> import smashup
>>> game = smashup.Game.new({"factions": [["aliens", "ninjas"], ["ninjas", "aliens"]], "seed": 3})
>>> len(game.state.bases)
3
"""

# ``smashup.agents``, ``smashup.narrate`` and ``smashup.testing`` work after ``import smashup``
from . import agents, narrate, testing
from . import cards as _cards  # noqa: F401  (registers every implemented card)
from .engine import REGISTRY, Game, IllegalAction, ReplayError, Request, SetupError

__all__ = ["REGISTRY", "Game", "IllegalAction", "ReplayError", "Request", "SetupError", "agents",
           "narrate", "testing"]
