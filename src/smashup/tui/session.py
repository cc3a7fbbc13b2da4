"""A game with its seats (who plays each player), saving and loading — no Textual here.

A seat is ``human`` or a computer player: a level (``easy``, ``normal``, ``hard``,
``expert``, see ``smashup.sim.LEVELS``) or any agent spec ``smashup.sim.make_agent`` knows
(``heuristic`` and ``random``, the names older saves use, or ``ismcts:500``). A seat keeps the
kind it was given, so a game saves as it was set up; labels name computer seats by their
level.

A saved file is the engine's replayable game (``Game.to_dict()``) with the seats under an
extra ``"seats"`` key, so ``Game.from_dict`` reads it as it is.

>>> import smashup
>>> game = smashup.Game.new({"factions": [["aliens", "ninjas"], ["robots", "wizards"]], "seed": 4})
>>> session = Session(game, ["human", "hard"])
>>> session.humans, session.seat_label(1)
([0], 'Player 2 (computer, hard)')
>>> Session.from_dict(session.to_dict()).seats
['human', 'hard']
>>> seat_name("heuristic"), seat_name("ismcts:20")
('computer, normal', 'computer, ismcts:20')
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .. import sim
from ..agents import Agent
from ..engine.api.game import Game
from ..engine.api.setup import Setup, SetupError
from ..sim import implemented_factions

LEVELS = tuple(sim.LEVELS)
"""The computer opponents, weakest first: ``easy``, ``normal``, ``hard``, ``expert``. Those
that cannot play here (the expert level without numpy or its model:
``smashup.sim.level_unavailable``) are not offered, and asking for one says why."""
DEFAULT_COMPUTER = "normal"
"""The level of a computer seat nobody chose (``computer``, ``ai`` and ``cpu`` mean it too)."""
SEAT_KINDS = ("human", *LEVELS)
"""The seats; older saves' ``heuristic`` and ``random`` (and any other agent spec) are read
as well, see ``check_seat``."""
ALIASES = {"computer": DEFAULT_COMPUTER, "ai": DEFAULT_COMPUTER, "cpu": DEFAULT_COMPUTER}


def check_seat(kind: str) -> str:
    """The seat kind ``kind`` names (``computer`` is the normal level), or ValueError when
    it names neither a person nor a computer player ``smashup.sim.make_agent`` can build, or
    a level that cannot play here (saying what it is missing)."""
    kind = kind.strip().lower()
    kind = ALIASES.get(kind, kind)
    if kind == "human":
        return kind
    if kind in sim.LEVELS and (why := sim.level_unavailable(kind)) is not None:
        raise ValueError(why)
    try:
        sim.make_agent(kind, 0)  # cheap: building an agent does not search yet
    except SetupError:
        offered = ("human", *sim.available_levels())
        raise ValueError(f"unknown seat kind {kind!r}; use {', '.join(offered)} (or an "
                         "agent such as heuristic, random or ismcts:500)") from None
    return kind


OLDER_KINDS = ("heuristic", "random")
"""The computer seats' names before the levels, still read from saves and ``--seats``."""


def seat_level(kind: str) -> str:
    """A computer seat's level, an older name's too (``heuristic`` is the agent of the
    normal level), or else its spec (``ismcts:20``). Only the older names are mapped: a spec
    that equals a level's (``ismcts:1000``) may still play differently (the hard level also
    caps its thinking time), so it is not named after the level."""
    if kind in sim.LEVELS or kind not in OLDER_KINDS:
        return kind
    return next((level for level, spec in sim.LEVELS.items() if spec == kind), kind)


def seat_name(kind: str) -> str:
    """How a seat is named in labels: ``human`` or ``computer, hard``."""
    return "human" if kind == "human" else f"computer, {seat_level(kind)}"


def parse_seats(text: str, players: int | None = None) -> list[str]:
    """``"human,hard"`` -> ``["human", "hard"]`` (``computer`` means the normal level)."""
    seats = [check_seat(s) for s in text.split(",") if s.strip()]
    if players is not None and len(seats) != players:
        raise ValueError(f"{len(seats)} seats given for {players} players")
    if not 2 <= len(seats) <= 4:
        raise ValueError("Smash Up is for 2 to 4 players")
    return seats


def make_agent(kind: str, seed: int) -> Agent | None:
    """The computer player of a seat (None for a human seat). ``smashup.sim.make_agent``
    builds it, so the levels mean here what they mean to ``simulate`` and ``arena``."""
    if kind == "human":
        return None
    return sim.make_agent(kind, seed)


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
        return f"Player {player + 1} ({seat_name(self.seats[player])})"

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
        if not isinstance(seats, list) or not all(isinstance(s, str) for s in seats):
            raise ValueError(f"bad 'seats' in a saved game: {seats!r}")
        try:  # older saves name computer seats heuristic and random: still read
            kinds = [check_seat(s) for s in seats]
        except ValueError as err:
            raise ValueError(f"bad 'seats' in a saved game: {err}") from None
        return cls(game, kinds)

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
