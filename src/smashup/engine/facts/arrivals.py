"""When a card came into play: "if this card was on a base at the start of the turn".

A card that comes into play (played, put there, back from stasis or from being buried: any
move from outside play into play) is noted for the rest of the turn in ``State.used``, which
every turn starts without; ``zones.relocate`` notes it. A card in play without that note has
been in play since the turn began. Moving a minion from one base to another, or an action
from one card or base to another, keeps it in play, so it keeps the condition ("on a base",
not "on this base": guide §4.3); a card that leaves play and comes back this turn does not.
Cards put on the bases by a scenario count as in play before the turn began.
"""

from __future__ import annotations

from typing import Final

from ..core.state import PLAY_ZONES, State

ARRIVED: Final = "arrived"
"""``used`` key ``(ARRIVED, card)``: the card came into play during the current turn."""


def note_arrival(g: State, card: int) -> None:
    """``card`` has just come into play."""
    g.used.add((ARRIVED, card))


def arrived_this_turn(g: State, card: int) -> bool:
    """Did ``card`` come into play during the current turn (whether or not it is still there)?"""
    return (ARRIVED, card) in g.used


def on_base_since_turn_began(g: State, card: int) -> bool:
    """Is ``card`` in play on a base (a minion, or an action on a base or on a minion) and has
    it been in play since the start of the current turn?"""
    return g.loc[card][0] in PLAY_ZONES and (ARRIVED, card) not in g.used
