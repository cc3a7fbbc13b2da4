"""What one seat may know: visibility, per-seat events and decision texts, prompts as the
other seats see them. (Determinised worlds and the seat view handed to computer players, built
on these, are ``worlds.py``'s.)

A *viewer* is a player number, ``-1`` for a spectator (public information only) or None for
an omniscient reader (a replay, a test). See docs/architecture.md, "Hidden information".
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any, Final

from ..core.defs import Event
from ..core.requests import (
    BaseCardOption,
    CardOption,
    Option,
    PlayAtOption,
    PlayOnOption,
    PlayOption,
    Request,
    SpecialOption,
    TalentOption,
    source_name,
)
from ..core.state import PLAY_ZONES, State
from ..facts.hidden import hidden_from

HIDDEN_CARD: Final = "a card"
"""What a per-seat event or decision text shows in place of a card that seat may not see."""

CARD_FIELDS: Final = frozenset({"card", "cards", "other", "host", "challenger", "challenged"})
"""Event fields that hold card ids (one id, or a tuple of ids); a few more in some events
(``card_fields``: ``target`` is a base slot in others, ``winners`` players after scoring)."""
CARD_TARGETS: Final = frozenset({"power", "power_off_turn"})
"""Temporary effects (``effect`` events) whose target is a card."""

FACE_UP: Final = PLAY_ZONES | {"discard", "stasis", "revealed", "aside", "box"}
"""Zones whose cards everyone sees (``aside`` holds cards being played, shown or uncovered)."""

KIND_WORDS: Final = {
    "main": "is taking their turn",
    "me_first": "may use an ability now (Me First!)",
    "mulligan": "is looking at their opening hand",
    "order": "is choosing which ability resolves next",
    "score": "is choosing which base scores first",
    "discard": "is choosing a card to discard",
}


# ---- visibility ------------------------------------------------------------------------------


def visible_to(g: State, card: int, viewer: int | None) -> bool:
    """May ``viewer`` see which card ``card`` is, where it is now?"""
    if viewer is None:
        return True
    loc = g.loc[card]
    kind: str = loc[0]
    if kind in FACE_UP:
        return True
    if viewer < 0:
        return False
    if kind in ("buried", "stored"):
        return not hidden_from(g, card, viewer)
    if kind in ("hand", "duel") and loc[1] == viewer:
        return True
    return card in g.known[viewer]


def option_cards(opt: Option) -> tuple[int, ...]:
    """The card ids an option names."""
    if isinstance(opt, PlayOnOption):
        return (opt.card, opt.target)
    if isinstance(opt, (CardOption, TalentOption, SpecialOption, PlayOption, PlayAtOption)):
        return (opt.card,)
    return ()


DIGITS: Final = "0123456789"
BASE_NAME_GOES_ON: Final = DIGITS + "abcdefghijklmnopqrstuvwxyz-"


def replace_name(text: str, name: str, goes_on: str) -> str:
    """``text`` with each whole occurrence of ``name`` (one not followed by a character of
    ``goes_on``, which would make it part of a longer name) replaced by the placeholder.
    (A scan with ``str.find``: a regular expression per name costs a compile per card.)"""
    pieces: list[str] = []
    start = pos = 0
    size = len(name)
    while True:
        at = text.find(name, pos)
        if at < 0:
            break
        end = at + size
        if end < len(text) and text[end] in goes_on:
            pos = at + 1  # part of a longer name: look further on
            continue
        pieces.append(text[start:at])
        pieces.append(HIDDEN_CARD)
        start = pos = end
    if not pieces:
        return text
    pieces.append(text[start:])
    return "".join(pieces)


def mask_names(g: State, text: str, cards: Iterable[int]) -> str:
    """``text`` with the names of ``cards`` replaced by the placeholder."""
    for c in cards:
        text = replace_name(text, g.names[c], DIGITS)
    return text


def secret_texts(g: State, hidden_before: dict[int, list[int]], text: str,
                 base: int | None = None, decider: int = -1) -> dict[int, str]:
    """After a decision: its text as each seat that may not know the choice sees it.

    ``hidden_before`` lists, per other seat, the chosen cards it could not see before the
    decision; a card the decision made public (a card played, discarded) is named. ``base``:
    a base the decider chose in the base deck (School of Wizardry), named to nobody else
    while it is still there."""
    masked: dict[int, str] = {}
    for seat, cards in hidden_before.items():
        still = [c for c in cards if not visible_to(g, c, seat)]
        if still:
            masked[seat] = mask_names(g, text, still)
    if base is not None and base in g.base_deck:
        name = g.base_names[base]
        for seat in [*range(g.nplayers), -1]:
            if seat != decider:
                masked[seat] = replace_name(masked.get(seat, text), name, BASE_NAME_GOES_ON)
    return masked


def hidden_base(g: State, opt: Option) -> int | None:
    """The base ``opt`` chooses in the base deck (which only the decider sees), if any."""
    if isinstance(opt, BaseCardOption) and opt.base in g.base_deck:
        return opt.base
    return None


def hidden_choice(g: State, opt: Option, decider: int) -> dict[int, list[int]]:
    """Per seat other than ``decider`` (and the spectator, -1): the cards of ``opt`` it
    cannot see now (empty when the option names no card)."""
    cards = option_cards(opt)
    if not cards or all(g.loc[c][0] in FACE_UP for c in cards):
        return {}
    found: dict[int, list[int]] = {}
    for seat in [*range(g.nplayers), -1]:
        if seat != decider:
            hidden = [c for c in cards if not visible_to(g, c, seat)]
            if hidden:
                found[seat] = hidden
    return found


# ---- events and prompts ----------------------------------------------------------------------


def card_fields(ev: Event) -> list[str]:
    """The fields of ``ev`` that hold card ids."""
    fields = [k for k in ev if k in CARD_FIELDS]
    kind = ev["kind"]
    if kind == "duel_result":
        fields += ["winners", "losers"]
    elif kind == "to_discard":  # the cards that left play with it (engine/facts/from_play.py)
        fields += ["attached", "with"]
    if ev.get("target") is not None and (
            kind == "played" or (kind == "effect" and ev.get("effect") in CARD_TARGETS)):
        fields.append("target")
    return fields


def _mask_value(value: Any) -> Any:
    if isinstance(value, int) and not isinstance(value, bool):
        return HIDDEN_CARD
    if isinstance(value, (tuple, list)):
        return tuple(_mask_value(v) for v in value)
    return value


def event_hidden(ev: Event, viewer: int | None, players: int | None = None) -> bool:
    """Does ``ev`` name cards ``viewer`` may not learn? (Cards shown to some players only,
    cards drawn, cards stored or buried face down.) A spectator (-1) sees the cards shown to
    all ``players`` (unknown: none)."""
    if viewer is None:
        return False
    if ev["kind"] == "revealed":
        to = ev.get("to", ())
        if viewer < 0:
            return players is None or len(set(to)) < players
        return viewer not in to
    if viewer < 0 and ev["kind"] in ("buried", "stored"):
        return True  # a spectator sees no buried or stored card, even one shown as it went
    private = ev.get("private")
    # shown to a few players (engine/mechanics/borrowed.py: taken cards)
    if isinstance(private, tuple):
        return viewer not in private
    return private is not None and private != viewer


def mask_event(ev: Event, viewer: int | None, players: int | None = None) -> Event:
    """A copy of ``ev`` as ``viewer`` may see it: hidden card ids become placeholders
    (``players``: see ``event_hidden``)."""
    if not event_hidden(ev, viewer, players):
        return _copy_event(ev)
    fields = card_fields(ev)
    if ev["kind"] == "stored":  # the card it went under is in play, face up: only it is hidden
        fields.remove("host")
    return {k: _mask_value(v) if k in fields else _copy_value(v) for k, v in ev.items()}


def _copy_value(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: _copy_value(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_copy_value(v) for v in value]
    return value  # ints, strings, tuples of them: immutable


def _copy_event(ev: Event) -> Event:
    return {k: _copy_value(v) for k, v in ev.items()}


def mask_events(events: Sequence[Event], viewer: int | None, players: int | None = None
                ) -> list[Event]:
    return [mask_event(ev, viewer, players) for ev in events]


def event_cards(ev: Event) -> list[int]:
    """The card ids an event names (placeholders left out)."""
    found: list[int] = []
    for key in card_fields(ev):
        value = ev.get(key)
        values = value if isinstance(value, (tuple, list)) else (value,)
        found.extend(v for v in values if isinstance(v, int) and not isinstance(v, bool))
    return found


def public_prompt(g: State, req: Request, viewer: int | None) -> str:
    """The prompt of ``req`` as ``viewer`` sees it: the deciding seat (and an omniscient
    reader) reads the real prompt; the others read who is choosing, for which visible card."""
    if viewer is None or viewer == req.player:
        return req.prompt
    who = f"Player {req.player + 1}"
    name = source_name(g, req.source, viewer)
    if name is not None:
        return f"{who} is choosing for {name}"
    return f"{who} {KIND_WORDS.get(req.kind, 'is choosing')}"
