"""Moving a card between zones, the one way every card changes place (``relocate``), and what
leaving play takes with it: counters, effects, attached actions, stored cards. No decisions
here and no "not affected" checks: the effects that call these have made them."""

from __future__ import annotations

from typing import Final

from ..core.events import emit
from ..core.kinds import EFFECT_KINDS
from ..core.state import PLAY_ZONES, Loc, State
from ..facts import from_play
from ..facts.abilities import note_leaving
from ..facts.arrivals import note_arrival


def relocate(g: State, card: int, dest: Loc, top: bool = False) -> None:
    """Move a card between zones, keeping ``loc`` right; cleans up cards leaving play.

    ``top`` puts it at index 0 (the top of a deck), otherwise at the end.
    """
    src = g.loc[card]
    gone = from_play.report(g, card, src, dest)  # from play to a discard pile (from_play.py)
    g.zone_list(src).remove(card)
    if src[0] in PLAY_ZONES and dest[0] not in PLAY_ZONES:
        leave_play(g, card, dest)
    elif dest[0] in PLAY_ZONES and src[0] not in PLAY_ZONES:
        note_arrival(g, card)  # in play since the turn began, or not (arrivals.py)
    zone = g.zone_list(dest)
    if top:
        zone.insert(0, card)
    else:
        zone.append(card)
    g.loc[card] = dest
    if dest[0] == "deck":
        for seen in g.known:
            seen.discard(card)
    elif dest[0] == "hand" and (src[0] in PUBLIC_ZONES):
        # everyone saw which card went from the table into that hand
        for seen in g.known:
            seen.add(card)
    if gone is not None:
        from_play.queue_watches(g, emit(g, from_play.TO_DISCARD, **gone))


PUBLIC_ZONES: Final = PLAY_ZONES | {"discard", "stasis"}


def leave_play(g: State, card: int, dest: Loc | None = None) -> None:
    """A card leaves play: its counters, effects and attached cards go; so do the cards
    stored under it, unless its own leaving ability deals with them (``keeps_stored``)."""
    note_leaving(g, card)  # (engine/facts/abilities.py: one that lost its abilities stays silent)
    g.counters.pop(card, None)
    if g.effects:
        g.effects = [e for e in g.effects
                     if e[1] != card or EFFECT_KINDS[e[0]].ends_with != "card"]
    on = g.attached.get(card)
    if on:
        for action in list(on):
            to_owner(g, action, "discard")
            emit(g, "discarded", card=action, player=g.owner[action], reason="host left play")
    g.attached.pop(card, None)
    stored = g.zones.get(("stored", card))
    if stored and not (dest is not None and dest[0] in LEAVING_ZONES and keeps_stored(g, card)):
        for it in list(stored):
            to_owner(g, it, "discard")
    g.controller[card] = g.owner[card]


LEAVING_ZONES: Final = frozenset({"discard", "hand", "deck"})
"""Where a card goes when it leaves play with an event its own triggers answer (destroyed,
discarded, returned, placed: ``triggers.LEAVE_PLAY_EVENTS``)."""


def keeps_stored(g: State, card: int) -> bool:
    """Does ``card``'s own leaving ability play or discard the cards stored under it (a hook of
    the kind "keeps_stored", ``engine/mechanics/storage.py``)? Then they wait under it, out of play,
    until that ability has resolved."""
    return any(c == card and fn(g, c) for c, fn, _ in g.tables.card_hooks.get("keeps_stored", ()))


def to_owner(g: State, card: int, zone: str, top: bool = False) -> None:
    """Put a card into its owner's hand, deck or discard pile (or the box)."""
    if zone == "box":
        relocate(g, card, ("box",))
    else:
        relocate(g, card, (zone, g.owner[card]), top=top)


def discard_card(g: State, card: int, reason: str = "") -> None:
    """Discard a card from wherever it is to its owner's discard pile."""
    to_owner(g, card, "discard")
    emit(g, "discarded", card=card, player=g.owner[card], reason=reason)


DESTROYED_AT: Final = "destroyed_at"
"""``used`` key ``(DESTROYED_AT, slot, base, card)``: ``card`` was destroyed this turn at the
base ``base`` in ``slot`` (Roy: "if a Wraith has been destroyed here this turn")."""


def note_destroyed(g: State, card: int, slot: int | None) -> None:
    """Remember for the rest of the turn where ``card`` was destroyed."""
    if slot is not None and 0 <= slot < len(g.bases):
        g.used.add((DESTROYED_AT, slot, g.bases[slot], card))


def destroyed_here_this_turn(g: State, slot: int) -> list[int]:
    """The cards destroyed this turn at the base now in ``slot`` (not at a base it replaced)."""
    base = g.bases[slot]
    return sorted(u[3] for u in g.used
                  if u and u[0] == DESTROYED_AT and u[1] == slot and u[2] == base)
