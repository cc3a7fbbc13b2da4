"""Choosing factions: each player in turn, at random, or the "Kickin' It Queensberry" draft.

Core rulebook aside, "Kickin' It Queensberry": a random first player picks one faction, then
play goes clockwise; once everyone holds one, the last player picks a second and the picks run
back in reverse order. There is one box of each faction, so a faction taken is gone (a printing
variant such as ``tricksters@original`` counts as the same faction as ``tricksters``), unless
there are too few factions to go round.

>>> draft = Draft.queensberry(3, ["aliens", "ninjas", "pirates", "robots", "wizards", "zombies"],
...                           first=1)
>>> draft.order
[1, 2, 0, 0, 2, 1]
>>> for faction in ["ninjas", "robots", "aliens", "pirates", "zombies", "wizards"]:
...     draft.pick(faction)
>>> draft.factions()
[['aliens', 'pirates'], ['ninjas', 'wizards'], ['robots', 'zombies']]
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field

MODES = ("random", "choose", "draft")
"""How factions are chosen: at random, each player picks two in seat order, or the draft."""


def family(key: str) -> str:
    """The faction a key stands for (``tricksters@original`` -> ``tricksters``)."""
    return key.split("@", 1)[0]


def queensberry_order(players: int, first: int) -> list[int]:
    """Who picks at each step of the draft: clockwise from ``first``, then back."""
    if not 2 <= players <= 4 or not 0 <= first < players:
        raise ValueError(f"bad draft: {players} players, first player {first}")
    round_one = [(first + i) % players for i in range(players)]
    return round_one + round_one[::-1]


def in_turn_order(players: int, first: int = 0) -> list[int]:
    """Each player picks both factions, one player after the other."""
    seats = [(first + i) % players for i in range(players)]
    return [p for p in seats for _ in range(2)]


@dataclass
class Draft:
    """The picks so far; ``current`` picks next from ``available()``."""

    players: int
    pool: list[str]
    order: list[int]
    picks: list[list[str]] = field(default_factory=list)
    step: int = 0

    def __post_init__(self) -> None:
        self.pool = sorted(set(self.pool))
        if not self.picks:
            self.picks = [[] for _ in range(self.players)]
        families = {family(f) for f in self.pool}
        if len(families) < 2:
            raise ValueError("at least two factions are needed")
        # one box of each faction: taken factions are gone while there are enough to go round
        self.exclusive = len(families) >= 2 * self.players

    @classmethod
    def queensberry(cls, players: int, pool: Sequence[str], first: int) -> Draft:
        return cls(players, list(pool), queensberry_order(players, first))

    @classmethod
    def in_turn(cls, players: int, pool: Sequence[str], first: int = 0) -> Draft:
        return cls(players, list(pool), in_turn_order(players, first))

    @property
    def done(self) -> bool:
        return self.step >= len(self.order)

    @property
    def current(self) -> int:
        """The player who picks now (-1 once the draft is over)."""
        return -1 if self.done else self.order[self.step]

    def available(self) -> list[str]:
        """The factions the current player may pick."""
        if self.done:
            return []
        own = {family(f) for f in self.picks[self.current]}
        taken = {family(f) for pf in self.picks for f in pf} if self.exclusive else own
        return [f for f in self.pool if family(f) not in taken | own]

    def pick(self, faction: str) -> None:
        if faction not in self.available():
            raise ValueError(f"{faction!r} cannot be picked now; choose one of "
                             + ", ".join(self.available()))
        self.picks[self.current].append(faction)
        self.step += 1

    def pick_random(self, rng: random.Random) -> str:
        faction = rng.choice(self.available())
        self.pick(faction)
        return faction

    def factions(self) -> list[list[str]]:
        """Two factions per player, once the draft is over."""
        if not self.done:
            raise ValueError("the draft is not over")
        return [list(pf) for pf in self.picks]


def random_factions(players: int, pool: Sequence[str], rng: random.Random) -> list[list[str]]:
    """Two factions per player at random, by the same rules as a draft."""
    draft = Draft.in_turn(players, pool)
    while not draft.done:
        draft.pick_random(rng)
    return draft.factions()
