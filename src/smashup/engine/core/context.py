"""``Ctx``: what an ability knows while it runs (the game, its card or base, its player).

Card definitions name it in their types (``defs.Ability``), so it lives with them in core.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .defs import Source
from .requests import SourceRef

if TYPE_CHECKING:
    from .state import State


class Ctx:
    """What an ability knows while it runs: the game, its card and its player."""

    __slots__ = ("g", "me", "player", "is_base", "special")

    def __init__(
        self, g: State, me: int, player: int, is_base: bool = False, special: bool = False
    ) -> None:
        self.g = g
        self.me = me  # card id, or the base's slot for a base ability
        self.player = player
        self.is_base = is_base
        self.special = special  # a Special from hand: its extra plays are now or never

    @property
    def source(self) -> Source:
        if self.is_base:
            return Source(None, None, "base")
        return Source(self.me, self.player, self.g.defs[self.me].kind)

    @property
    def ref(self) -> SourceRef:
        """This ability's card or base, as the source of the decisions it asks for."""
        if not self.is_base:
            return self.me
        bases = self.g.bases
        return ("base", bases[self.me]) if 0 <= self.me < len(bases) else None

    @property
    def slot(self) -> int | None:
        """The base this ability's card is at (or the base itself)."""
        return self.me if self.is_base else self.g.slot_of(self.me)

    def others(self) -> list[int]:
        """The other players, clockwise from this ability's player."""
        n = self.g.nplayers
        return [(self.player + i) % n for i in range(1, n)]
