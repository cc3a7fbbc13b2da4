"""smashup: a rule-exact Smash Up engine, computer players and tools.

>>> import smashup
>>> game = smashup.Game.new({"factions": [["aliens", "ninjas"], ["ninjas", "aliens"]], "seed": 3})
>>> len(game.state.bases)
3
"""

from . import cards as _cards  # noqa: F401  (registers every implemented card)
from .engine import REGISTRY, Game, IllegalAction, Request, SetupError

__all__ = ["REGISTRY", "Game", "IllegalAction", "Request", "SetupError"]
