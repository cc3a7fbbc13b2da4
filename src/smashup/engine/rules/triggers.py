"""Triggered abilities: which abilities answer an event, queued to wait for their turn
(``pending.py`` resolves them). Registers the trigger collector that ``core.events.emit``
calls for every event some ability answers."""

from __future__ import annotations

from typing import Final

from ..core.defs import Event, Trigger
from ..core.events import set_trigger_collector
from ..core.state import PLAY_ZONES, Pending, State
from ..facts import from_play
from ..facts.abilities import NONE_LOST, copy_lost, left_without_abilities, lost_abilities
from ..facts.copies import copies_in_force
from ..facts.query import base_cancelled

LEAVE_PLAY_EVENTS: Final = frozenset({"destroyed", "returned", "placed", "discarded",
                               from_play.TO_DISCARD})
"""Events of a card leaving a base; its own triggers for them fire from where it went."""


def collect_triggers(g: State, ev: Event) -> None:
    """Queue the abilities (of cards in play and active bases) that answer ``ev``."""
    defs = g.defs
    kind = ev["kind"]
    loc = g.loc
    # a card that has just left play still answers the event of its own leaving
    # ("after this minion is destroyed, ..."); not a buried card, whose abilities wait until it
    # is uncovered (Oops, Burying: "A buried card's abilities may not be triggered")
    gone = ev.get("card") if kind in LEAVE_PLAY_EVENTS and ev.get("slot") is not None \
        and ev.get("was") != "buried" else None
    lost = lost_abilities(g) if g.effects else NONE_LOST  # (engine/facts/abilities.py)
    for card in g.tables.trigger_cards.get(kind, ()):
        if loc[card][0] not in PLAY_ZONES and card != gone and not (
                gone is not None and from_play.answers(ev, card)) or card in lost:
            continue
        if card == gone and left_without_abilities(g, card):
            continue
        queue_triggers(g, card, defs[card].triggers, ev)
    if g.effects:  # triggers a card copied (engine/facts/copies.py), numbered after its own
        for host, d in copies_in_force(g):
            if not lost or not copy_lost(g, host, lost):
                queue_triggers(g, host, d.triggers, ev, len(defs[host].triggers))
    bases = g.tables.trigger_bases.get(kind)
    if not bases:
        return
    slots = [(s, b) for s, b in enumerate(g.bases) if b in bases]
    if kind == "base_replaced" and ev.get("old") in bases:
        # "after this base scores and is replaced": the old base answers too
        slots.append((ev["slot"], ev["old"]))
    for slot, bid in slots:
        if bid == ev.get("old") and kind == "base_replaced":
            if ev.get("cancelled"):  # the scored base's abilities were cancelled
                continue
        elif base_cancelled(g, slot):
            continue
        queue_triggers(g, slot, g.base_defs[bid].triggers, ev, base=bid)


def queue_triggers(g: State, me: int, triggers: tuple[Trigger, ...], ev: Event, first: int = 0,
                   base: int = -1) -> None:
    """Queue those of ``triggers`` that answer ``ev``, for each player they name: triggers of
    card ``me`` (or, given ``base``, of the base card ``base`` in slot ``me``); ``first`` is the
    index of the first of them among their card's triggers."""
    kind = ev["kind"]
    for idx, trig in enumerate(triggers):
        if trig.event == kind:
            for p in trig.who(g, me, ev):
                g.pending.append(Pending("trigger", p, ev, trig.optional, me, base >= 0,
                                         first + idx, base))


# every event some ability answers comes here from core.events.emit (which cannot import this)
set_trigger_collector(collect_triggers)
