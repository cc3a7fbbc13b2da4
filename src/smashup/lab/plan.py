"""What a balance sweep plays: its decks, its matchups and a seed for every game.

A *deck* is two factions, written ``"aliens+ninjas"`` (sorted). A *matchup* is one table
of decks, one deck per seat, no faction shared. Two players sweep every matchup (every
deck against every deck it shares no faction with), or a seeded sample of them; with three
or four players the tables are always a sample, as there are far too many to play all.

The first seat plays first. Game ``i`` of a matchup rotates the decks one seat per game
(from a first seating drawn from the matchup alone), so an even number of games per
two-player matchup plays both seat orders equally. Its seed
is derived from the lab's seed, the matchup and ``i`` alone, so any one game can be
replayed without the others.

>>> len(all_decks(["aliens", "ninjas", "robots"]))
3
>>> plan = Plan.make(factions=["aliens", "ninjas", "robots", "wizards"], games_per_matchup=2)
>>> [m.decks for m in plan.matchups()]
[('aliens+ninjas', 'robots+wizards'), ('aliens+robots', 'ninjas+wizards'), \
('aliens+wizards', 'ninjas+robots')]
>>> sorted(g.seats for g in plan.games() if g.matchup == 0)
[('aliens+ninjas', 'robots+wizards'), ('robots+wizards', 'aliens+ninjas')]
"""

from __future__ import annotations

import hashlib
import itertools
import random
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..engine.api.setup import Setup, SetupError, same_faction
from ..sim import DEFAULT_TURN_CAP, implemented_factions, make_agent

PLAN_VERSION = 1


def deck_name(factions: Sequence[str]) -> str:
    """The name of a two-faction deck: its factions sorted, joined by ``+``."""
    return "+".join(sorted(factions))


def deck_factions(deck: str) -> list[str]:
    """The two factions of a deck name."""
    return deck.split("+")


def all_decks(factions: Sequence[str]) -> list[str]:
    """Every two-faction deck of ``factions`` (two printings of one faction never pair)."""
    pool = sorted(set(factions))
    return [deck_name(pair) for pair in itertools.combinations(pool, 2)
            if not same_faction(*pair)]


def lab_factions() -> list[str]:
    """The factions a sweep uses by default: each implemented faction in one printing."""
    return [f for f in implemented_factions() if "@" not in f]


def _disjoint(decks: Sequence[str]) -> bool:
    factions = [f.split("@")[0] for d in decks for f in deck_factions(d)]
    return len(factions) == len(set(factions))


@dataclass(frozen=True)
class Matchup:
    """One table of decks (seat order of its first game) and its place in the plan."""

    index: int
    decks: tuple[str, ...]


@dataclass(frozen=True)
class PlannedGame:
    """One game of the plan: its key, its matchup, the decks in seat order and its seed."""

    key: str
    matchup: int
    number: int
    seats: tuple[str, ...]
    seed: int


@dataclass(frozen=True)
class Plan:
    """A whole sweep, as plain data (saved as ``plan.json`` in the lab's folder)."""

    decks: tuple[str, ...]
    agents: tuple[str, ...] = ("random",)
    players: int = 2
    games_per_matchup: int = 1
    sample: int | None = None
    seed: int = 0
    bases: str = "all"
    turn_cap: int = DEFAULT_TURN_CAP
    version: int = PLAN_VERSION
    _matchups: list[Matchup] = field(default_factory=list, compare=False, repr=False)

    @classmethod
    def make(cls, factions: Sequence[str] | None = None, decks: Sequence[str] | None = None,
             agents: Sequence[str] = ("random",), players: int = 2,
             games_per_matchup: int = 1, sample: int | None = None, seed: int = 0,
             bases: str = "all", turn_cap: int = DEFAULT_TURN_CAP) -> Plan:
        """A checked plan: ``decks`` as named, or every deck of ``factions`` (default: every
        implemented faction). Raises SetupError naming what is wrong."""
        if decks is None:
            decks = all_decks(factions if factions is not None else lab_factions())
        known = set(implemented_factions())
        for deck in decks:
            parts = deck_factions(deck)
            if len(parts) != 2 or any(p not in known for p in parts) or same_faction(*parts):
                raise SetupError(f"{deck!r} is not a deck: two different implemented "
                                 "factions joined by '+', e.g. aliens+ninjas")
        if len(set(decks)) != len(decks):
            raise SetupError("a deck is named twice")
        if not 2 <= players <= 4:
            raise SetupError("Smash Up is for 2 to 4 players")
        if games_per_matchup < 1:
            raise SetupError("games per matchup must be at least 1")
        if sample is not None and sample < 1:
            raise SetupError("the sample must be at least 1 matchup")
        if players > 2 and sample is None:
            raise SetupError(f"{players}-player tables are too many to play all: "
                             "give a sample size")
        if bases not in ("all", "factions"):
            raise SetupError(f"bases must be 'all' or 'factions', not {bases!r}")
        if turn_cap < 1:
            raise SetupError("the turn cap must be at least 1")
        if not agents or len(agents) > players:
            raise SetupError(f"name 1 to {players} agents (a shorter list repeats by seat)")
        for spec in agents:
            make_agent(spec, 0)  # an unknown agent fails here, before any game
        plan = cls(decks=tuple(sorted(decks)), agents=tuple(agents), players=players,
                   games_per_matchup=games_per_matchup, sample=sample, seed=seed,
                   bases=bases, turn_cap=turn_cap)
        if not plan.matchups():
            raise SetupError(f"these {len(decks)} decks make no {players}-player table "
                             "without a shared faction")
        return plan

    # ---- plain data ---------------------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        return {"version": self.version, "decks": list(self.decks),
                "agents": list(self.agents), "players": self.players,
                "games_per_matchup": self.games_per_matchup, "sample": self.sample,
                "seed": self.seed, "bases": self.bases, "turn_cap": self.turn_cap}

    @classmethod
    def from_json(cls, data: Any) -> Plan:
        """A plan read back from ``plan.json``, checked again."""
        if not isinstance(data, dict) or data.get("version") != PLAN_VERSION:
            raise SetupError(f"not a lab plan of version {PLAN_VERSION}")
        fields = ("decks", "agents", "players", "games_per_matchup", "sample", "seed",
                  "bases", "turn_cap")
        try:
            return cls.make(**{name: data[name] for name in fields})
        except KeyError as missing:
            raise SetupError(f"the plan lacks {missing}") from None

    def differences_beyond_growth(self, saved: Plan) -> list[str]:
        """What sets this plan apart from ``saved`` other than growing it; empty when it
        only grows it. A sweep grows by more games per table or (playing every table) by
        more decks: each game's seating and seed depend on its table and number alone, so
        the games already played are games of the grown sweep too."""
        found = []
        for name in ("agents", "players", "sample", "seed", "bases", "turn_cap"):
            if getattr(self, name) != getattr(saved, name):
                found.append(f"{name} {getattr(saved, name)!r} there, {getattr(self, name)!r}"
                             " here")
        if self.games_per_matchup < saved.games_per_matchup:
            found.append(f"{saved.games_per_matchup} games per matchup there, "
                         f"{self.games_per_matchup} here: a sweep grows, never shrinks")
        if self.decks != saved.decks:
            missing = sorted(set(saved.decks) - set(self.decks))
            if missing:
                found.append(f"{len(missing)} of its decks are not in this plan "
                             f"({', '.join(missing[:3])}{', ...' if len(missing) > 3 else ''})")
            elif self.sample is not None:
                found.append("other decks in a sampled sweep (a sample of more decks picks "
                             "other tables)")
        return found

    # ---- what it plays ------------------------------------------------------------------

    def matchups(self) -> list[Matchup]:
        """Every matchup, or the sample, in a fixed order."""
        if not self._matchups:
            self._matchups.extend(self._plan_matchups())
        return self._matchups

    def _plan_matchups(self) -> list[Matchup]:
        tables: list[tuple[str, ...]]
        if self.players == 2 and self.sample is None:
            tables = [t for t in itertools.combinations(self.decks, 2) if _disjoint(t)]
        elif self.players == 2:
            every = [t for t in itertools.combinations(self.decks, 2) if _disjoint(t)]
            rng = random.Random(f"lab-sample/{self.seed}")
            tables = sorted(rng.sample(every, min(self.sample or 0, len(every))))
        else:
            tables = self._sample_tables()
        return [Matchup(i, tuple(t)) for i, t in enumerate(tables)]

    def _sample_tables(self) -> list[tuple[str, ...]]:
        """``sample`` different tables of ``players`` decks with no faction shared."""
        rng = random.Random(f"lab-sample/{self.seed}/{self.players}")
        wanted = self.sample or 0
        found: set[tuple[str, ...]] = set()
        tries = 0
        while len(found) < wanted and tries < wanted * 50:
            tries += 1
            table = tuple(sorted(rng.sample(self.decks, self.players)))
            if _disjoint(table):
                found.add(table)
        return sorted(found)

    def games(self) -> Iterator[PlannedGame]:
        """Every game of the plan, matchup by matchup."""
        for m in self.matchups():
            for number in range(self.games_per_matchup):
                yield self.game(m.index, number)

    def game(self, matchup: int, number: int) -> PlannedGame:
        """Game ``number`` of a matchup: its seating and seed depend on the table and the
        number alone."""
        decks = self.matchups()[matchup].decks
        table = " vs ".join(decks)
        # where the rotation starts depends on the table alone: with one game per
        # matchup, the decks named first still go first only half the time
        shift = (game_seed(self.seed, table) + number) % self.players
        key = f"{table} #{number}"
        return PlannedGame(key, matchup, number, decks[shift:] + decks[:shift],
                           game_seed(self.seed, key))

    def total_games(self) -> int:
        return len(self.matchups()) * self.games_per_matchup

    def seat_agents(self) -> list[str]:
        """Each seat's agent spec (a shorter list repeats)."""
        return [self.agents[p % len(self.agents)] for p in range(self.players)]

    def setup(self, game: PlannedGame) -> Setup:
        """The engine setup of one planned game."""
        return seated_setup(game.seats, game.seed, self.bases)


def seated_setup(seats: Sequence[str], seed: int, bases: str) -> Setup:
    """A game of these decks in seat order, the first seat playing first (so a seat is a
    place in the turn order, and the rotation of seats plays every order)."""
    return {"factions": [deck_factions(d) for d in seats], "seed": seed, "bases": bases,
            "first_player": 0}


def game_seed(lab_seed: int, key: str) -> int:
    """A game's seed from the lab's seed and the game's key alone (53 bits).

    >>> game_seed(0, "aliens+ninjas vs robots+wizards #0") == game_seed(0, \
"aliens+ninjas vs robots+wizards #0")
    True
    """
    digest = hashlib.sha256(f"{lab_seed}/{key}".encode()).hexdigest()
    return int(digest[:13], 16)
