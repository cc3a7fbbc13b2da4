"""Replacing the base that is being scored, and scoring goes on (Unicrave; guide §4.14).

``replace_scoring_base`` is a step for a "before this base scores" ability: the top base of
the base deck takes the slot of the base being scored, with every card there (minions,
actions on the base and on minions, buried cards stay where they are: the slot keeps them),
and the replaced base goes to the base discard pile. ``flow.score_base`` reads the slot's
base again once the "before scoring" abilities are done, so the VP awarded and the "when
scored" and "after scoring" abilities are the new base's, and it scores whatever its own
breakpoint (the C&D rulebook's Unicrave example: it scores even below the new breakpoint).

The "before scoring" window is still open when the new base arrives, so its own "before this
base scores" abilities are queued now (as if it had been there when the window opened), and
Specials may still be used. Effects aimed at the old base end with it (as when a base is
swapped, ``modifiers.swap_base``). The event is ``scoring_base_replaced`` (slot, old, new),
not ``base_replaced``, which means "scored and replaced".
"""

from __future__ import annotations

from ..core.events import emit
from ..core.state import State
from ..facts.query import base_cancelled
from ..rules.modifiers import end_base_effects
from ..rules.timeline import draw_base
from ..rules.triggers import queue_triggers


def replace_scoring_base(g: State, slot: int) -> int | None:
    """The top base of the base deck replaces the base being scored in ``slot`` (the base
    discard pile is shuffled into an empty base deck first, as when a scored base is
    replaced). Returns the new base card, or None when no base is left (nothing changes).
    A ValueError, with nothing changed, if the base in ``slot`` is not being scored."""
    if g.scoring != slot or not 0 <= slot < len(g.bases):
        raise ValueError(f"the base in slot {slot} is not being scored")
    new = draw_base(g)
    if new is None:
        return None
    old = g.bases[slot]
    g.bases[slot] = new
    end_base_effects(g, slot)
    g.base_discard.append(old)
    emit(g, "scoring_base_replaced", slot=slot, old=old, new=new)
    triggers = g.base_defs[new].triggers
    if triggers and not base_cancelled(g, slot):  # the window its abilities answer is open
        queue_triggers(g, slot, triggers, {"kind": "before_score", "slot": slot, "base": new},
                       base=new)
    return int(new)
