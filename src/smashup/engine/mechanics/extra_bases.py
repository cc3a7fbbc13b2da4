"""A base added to those in play for the rest of the game (Weird New Worlds, guide §4.14).

``add_base(g)`` puts the top base of the base deck into play in a new slot, after the others
(the base discard pile is shuffled into an empty base deck first, as when a scored base is
replaced). From then on there is one more base in play than the usual players + 1: every
base still scores and is replaced one for one, and the slots of the bases already in play do
not change. Nothing in the flow counts bases: scoring, plays, moves and views go over
``range(len(g.bases))``.
"""

from __future__ import annotations

from ..core.events import emit
from ..core.state import State
from ..rules.timeline import draw_base


def add_base(g: State) -> int | None:
    """Put the top base of the base deck into play in a new slot; returns the slot, or None
    when no base is left in the base deck or its discard pile."""
    new = draw_base(g)
    if new is None:
        return None
    g.bases.append(new)
    g.minions.append([])
    g.base_actions.append([])
    slot = len(g.bases) - 1
    emit(g, "base_added", slot=slot, base=new)
    return slot
