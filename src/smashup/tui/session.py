"""A game with its seats (who plays each player), saving and loading — no Textual here.

A saved file is the engine's replayable game (``Game.to_dict()``) with the seats under an
extra ``"seats"`` key, so ``Game.from_dict`` reads it as it is.

>>> import smashup
>>> game = smashup.Game.new({"factions": [["aliens", "ninjas"], ["robots", "wizards"]], "seed": 4})
>>> session = Session(game, ["human", "heuristic"])
>>> session.humans, session.seat_label(1)
([0], 'Player 2 (computer)')
>>> Session.from_dict(session.to_dict()).seats
['human', 'heuristic']
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..agents import Agent, HeuristicAgent, RandomAgent
from ..engine.game import Game
from ..engine.setup import Setup
from ..sim import implemented_factions

SEAT_KINDS = ("human", "heuristic", "random")
"""A seat is played by a person at this terminal or by a computer player."""
SEAT_NAMES = {"human": "human", "heuristic": "computer", "random": "random computer"}


def parse_seats(text: str, players: int | None = None) -> list[str]:
    """``"human,heuristic"`` -> ``["human", "heuristic"]`` (``computer`` means heuristic)."""
    seats = [s.strip().lower() for s in text.split(",") if s.strip()]
    seats = ["heuristic" if s in ("computer", "ai", "cpu") else s for s in seats]
    bad = [s for s in seats if s not in SEAT_KINDS]
    if bad:
        raise ValueError(f"unknown seat kind {', '.join(bad)}; use {', '.join(SEAT_KINDS)}")
    if players is not None and len(seats) != players:
        raise ValueError(f"{len(seats)} seats given for {players} players")
    if not 2 <= len(seats) <= 4:
        raise ValueError("Smash Up is for 2 to 4 players")
    return seats


def make_agent(kind: str, seed: int) -> Agent | None:
    """The computer player of a seat (None for a human seat)."""
    if kind == "heuristic":
        return HeuristicAgent(seed=seed)
    if kind == "random":
        return RandomAgent(seed=seed)
    return None


def new_setup(
    factions: list[list[str]], seed: int, bases: str | list[str] = "factions",
    first_player: int | None = None,
) -> Setup:
    # a game people play: seat-safe (everyone is asked in every Me First! window)
    setup: Setup = {"factions": factions, "seed": seed, "bases": bases, "seat_safe": True}
    if first_player is not None:
        setup["first_player"] = first_player
    return setup


@dataclass
class Session:
    """One game being played: the engine's game and the kind of each seat."""

    game: Game
    seats: list[str]
    agents: dict[int, Agent] = field(default_factory=dict)

    def __post_init__(self) -> None:
        n = self.game.state.nplayers
        if len(self.seats) != n:
            raise ValueError(f"{len(self.seats)} seats for a {n}-player game")
        seed = int(self.game.setup.get("seed", 0) or 0)
        for p, kind in enumerate(self.seats):
            agent = make_agent(kind, seed * 10 + p)
            if agent is not None:
                self.agents.setdefault(p, agent)

    @property
    def humans(self) -> list[int]:
        return [p for p, kind in enumerate(self.seats) if kind == "human"]

    def is_human(self, player: int) -> bool:
        return 0 <= player < len(self.seats) and self.seats[player] == "human"

    def seat_label(self, player: int) -> str:
        kind = self.seats[player]
        return f"Player {player + 1} ({SEAT_NAMES.get(kind, kind)})"

    # ---- saving ------------------------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        return {**self.game.to_dict(), "seats": list(self.seats)}

    def save(self, path: str | Path) -> Path:
        target = Path(path)
        target.write_text(json.dumps(self.to_dict(), indent=1) + "\n", encoding="utf-8")
        return target

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Session:
        game = Game.from_dict(data)
        seats = data.get("seats") or ["human"] * game.state.nplayers
        if not isinstance(seats, list) or not all(s in SEAT_KINDS for s in seats):
            raise ValueError(f"bad 'seats' in a saved game: {seats!r}")
        return cls(game, list(seats))

    @classmethod
    def load(cls, path: str | Path) -> Session:
        try:
            data = json.loads(Path(path).read_text(encoding="utf-8"))
        except json.JSONDecodeError as err:
            raise ValueError(f"{path} is not valid JSON: {err.msg}") from None
        return cls.from_dict(data)


@dataclass
class SetupConfig:
    """What the setup screen (or the command line) asked for."""

    seats: list[str]
    mode: str = "random"  # "random", "choose" or "draft" (see smashup.tui.draft)
    factions: list[list[str]] | None = None  # fixed pairs: no choosing at all
    bases: str | list[str] = "factions"  # "factions", "all" or a list of sets
    seed: int | None = None

    def game_seed(self) -> int:
        if self.seed is None:
            self.seed = random.SystemRandom().randrange(1, 1_000_000)
        return self.seed

    def start(self, factions: list[list[str]], first_player: int | None = None) -> Session:
        """A new game with these factions."""
        setup = new_setup(factions, self.game_seed(), self.bases, first_player)
        return Session(Game.new(setup), list(self.seats))


def faction_pool() -> list[str]:
    """Every implemented faction a player may choose."""
    return implemented_factions()
