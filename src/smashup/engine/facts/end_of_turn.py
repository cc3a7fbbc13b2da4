"""Where minions were played this turn, and end-of-turn abilities that outlive their source.

* **Where minions were played**: ``plays.play_card`` notes, for the rest of the turn, the base
  card each player played a minion on (``State.used``, which every turn starts without), so an
  ability can ask at the end of the turn whether a player played a minion there, even once
  that minion moved away or that base scored and left play (Spikey Chair Room).
* **End-of-turn steps that outlive their source**: a card set registers a function
  ``(g, event) -> None`` (``register_end_of_turn``) that the flow calls as every turn ends,
  with the turn's "end_turn" event, before the end-of-turn abilities resolve. It queues rule
  steps (``rule_steps.RULES``, e.g. with ``rule_steps.rule_entry``) for the players it names;
  they then wait with the other end-of-turn abilities (optional ones in Me First!). A base that
  scored this turn is gone, yet its "at the end of any turn" ability still happens this way.

The flow imports this module; it imports only the state.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

from ..core.state import State

PLAYED_AT: Final = "played_minion_at"
"""``used`` key ``(PLAYED_AT, player, base card)``: ``player`` played a minion on that base
this turn."""

EndOfTurn = Callable[[State, dict[str, Any]], None]

END_OF_TURN: Final[dict[str, EndOfTurn]] = {}
"""The registered end-of-turn functions, by name, called in the order they were registered."""


def note_minion_played(g: State, player: int, slot: int) -> None:
    """``player`` has just played a minion on the base in ``slot``."""
    g.used.add((PLAYED_AT, player, g.bases[slot]))


def played_minion_at(g: State, player: int, base: int) -> bool:
    """Has ``player`` played a minion on base card ``base`` this turn (wherever the minion and
    the base are now)?"""
    return (PLAYED_AT, player, base) in g.used


def register_end_of_turn(name: str, fn: EndOfTurn) -> None:
    """Have ``fn(g, event)`` called as every turn ends (a name registered twice is an
    error)."""
    if name in END_OF_TURN:
        raise ValueError(f"end-of-turn step {name!r} is already registered")
    END_OF_TURN[name] = fn


def queue_end_of_turn(g: State, ev: dict[str, Any]) -> None:
    """The turn is ending (``ev``: its "end_turn" event): let every registered function queue
    its steps."""
    for fn in END_OF_TURN.values():
        fn(g, ev)
