"""Move history: where each minion moved from this turn (Passengers: "the previous base").

``moving.move_minion`` records every move. One ``misc`` entry holds the turn's moves, as
(turn, ((minion, base it left, the base card there then), ...)), the most recent move of each
minion only; a new turn starts it afresh, so the history costs one small entry at most.
"""

from __future__ import annotations

from typing import Final

from ..core.state import State

MOVES: Final = ("rule", "moves_this_turn")
"""``misc`` key: ``(turn, ((minion, slot it left, base card in that slot), ...))``."""


def record_move(g: State, minion: int, from_slot: int) -> None:
    """``minion`` has just moved away from the base in ``from_slot``."""
    turn, moves = g.misc.get(MOVES, (-1, ()))
    kept = tuple(m for m in moves if m[0] != minion) if turn == g.turn else ()
    g.misc[MOVES] = (g.turn, kept + ((minion, from_slot, g.bases[from_slot]),))


def previous_base(g: State, minion: int) -> int | None:
    """The slot of the base ``minion`` left in its most recent move this turn, while that
    base is still in play and the minion is not back there; None if it did not move."""
    turn, moves = g.misc.get(MOVES, (-1, ()))
    if turn != g.turn:
        return None
    for m, slot, base in moves:
        if m == minion:
            if (slot < len(g.bases) and g.bases[slot] == base
                    and g.loc[minion] != ("minion", slot)):
                return int(slot)
            return None
    return None

