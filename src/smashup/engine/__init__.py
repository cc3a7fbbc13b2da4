"""The rules engine: state, turn flow, scoring, decisions. No third-party imports."""

from importlib.machinery import EXTENSION_SUFFIXES

from .api.game import Game
from .api.saves import ReplayError
from .api.setup import SetupError
from .core.defs import REGISTRY, BaseDef, CardDef, Source
from .core.requests import IllegalAction, Request
from .turn import flow as _flow

COMPILED: bool = str(_flow.__file__).endswith(tuple(EXTENSION_SUFFIXES))
"""Whether the engine runs compiled by mypyc (``make compile``) rather than as Python source."""

__all__ = ["COMPILED", "REGISTRY", "BaseDef", "CardDef", "Game", "IllegalAction", "ReplayError",
           "Request", "SetupError", "Source"]
