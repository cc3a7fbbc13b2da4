"""The rules engine: state, turn flow, scoring, decisions. No third-party imports."""

from .defs import REGISTRY, BaseDef, CardDef, Source
from .game import Game
from .requests import IllegalAction, Request
from .saves import ReplayError
from .setup import SetupError

__all__ = ["REGISTRY", "BaseDef", "CardDef", "Game", "IllegalAction", "ReplayError", "Request",
           "SetupError", "Source"]
