"""The rules engine: state, turn flow, scoring, decisions. No third-party imports."""

from importlib.machinery import EXTENSION_SUFFIXES

from . import flow as _flow
from .defs import REGISTRY, BaseDef, CardDef, Source
from .game import Game
from .requests import IllegalAction, Request
from .saves import ReplayError
from .setup import SetupError

COMPILED: bool = str(_flow.__file__).endswith(tuple(EXTENSION_SUFFIXES))
"""Whether the engine runs compiled by mypyc (``make compile``) rather than as Python source."""

__all__ = ["COMPILED", "REGISTRY", "BaseDef", "CardDef", "Game", "IllegalAction", "ReplayError",
           "Request", "SetupError", "Source"]
