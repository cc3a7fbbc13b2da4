"""Which face-down cards a seat may not see: buried cards (known to who buried them) and
stored cards (known to their host's controller). Views, prompts and face-down choices ask
here."""

from __future__ import annotations

from ..core.state import PLAY_ZONES, State


def stored_viewer(g: State, card: int) -> int:
    """The player who may look at a stored card: the controller of its host."""
    return g.controller[g.loc[card][1]]


def hidden_from(g: State, card: int, viewer: int) -> bool:
    """Is a buried or stored card hidden from ``viewer`` (-1: a spectator, who sees none)?"""
    kind = g.loc[card][0]
    if viewer < 0 and kind in ("buried", "stored"):
        return True
    if kind == "buried":
        return g.controller[card] != viewer and card not in g.known[viewer]
    if kind == "stored":
        return stored_viewer(g, card) != viewer and card not in g.known[viewer]
    return kind not in PLAY_ZONES and kind not in ("stasis", "discard", "revealed")
