"""``emit``: every change of the position records an event here.

An event of a kind some ability answers (``Tables.trigger_kinds``) is handed to the trigger
collector, which the rules layer registers when it is imported (``rules/triggers.py``:
``set_trigger_collector``); the queries and marks below the rules emit events too, so the
collector is a slot filled from above rather than an import of it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .defs import Event
from .state import Pending, State

TriggerCollector = Callable[[State, Event], None]


def _no_collector(g: State, ev: Event) -> None:
    raise RuntimeError(f"event {ev['kind']!r} has triggered abilities to queue, but no trigger "
                       "collector is registered (import smashup.engine.rules.triggers)")


_collect_triggers: TriggerCollector = _no_collector
"""The collector of the abilities that answer an event (set by ``set_trigger_collector``)."""


def set_trigger_collector(fn: TriggerCollector) -> None:
    """Register the function that queues the triggered abilities answering an event (once)."""
    global _collect_triggers
    if _collect_triggers is not _no_collector and _collect_triggers is not fn:
        raise ValueError("a trigger collector is already registered")
    _collect_triggers = fn


def emit(g: State, kind: str, **data: Any) -> Event:
    """Record an event and queue the triggered abilities that answer it."""
    ev: Event = {"kind": kind, **data}
    g.events.append(ev)
    tables = g.tables
    if kind in tables.trigger_kinds:
        _collect_triggers(g, ev)
    if kind in tables.special_kinds:
        g.pending.append(Pending("window", -1, ev))
    return ev
