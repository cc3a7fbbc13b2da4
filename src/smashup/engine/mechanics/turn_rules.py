"""The rule steps of the expansion mechanics that a turn's start and end queue (the turn flow
calls these): promised extra plays, stasis counters, uncovering, spent stasis cards."""

from __future__ import annotations

from ..core.defs import Event
from ..core.rule_steps import rule_entry
from ..core.state import State
from .burying import UNCOVER, buried_cards
from .next_turn import start_next_turn
from .stasis import DISCARD_SPENT, REMOVE_COUNTERS


def queue_start_rules(g: State, ev: Event) -> None:
    """Start of a turn: the current player must remove a stasis counter from each of their
    cards in stasis (mandatory) and may uncover one buried card (optional). Extra plays
    promised for this turn (``next_turn.py``) are granted."""
    p = g.current
    start_next_turn(g)
    if any(g.stasis.get(c, 0) for c in g.zones.get(("stasis", p), ())):
        g.pending.append(rule_entry(p, REMOVE_COUNTERS, ev, False))
    if buried_cards(g, player=p):
        g.pending.append(rule_entry(p, UNCOVER, ev, True))


def queue_end_rules(g: State, ev: Event) -> None:
    """End of a turn: cards in stasis with no counters left are discarded."""
    for zone, cards in g.zones.items():
        if zone[0] == "stasis" and any(not g.stasis.get(c, 0) for c in cards):
            g.pending.append(rule_entry(g.current, DISCARD_SPENT, ev, False))
            return
