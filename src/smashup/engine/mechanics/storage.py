"""Stored cards whose host's own ability uses them as it leaves play (guide §4.8).

The rule: when a card leaves play, the cards stored under it are discarded "unless an ability
says otherwise". Ancient Sumerian God and Demon Dogs say otherwise: they play stored cards
after leaving play. Such a card answers the hook kind ``keeps_stored`` (``(g, me) -> bool``);
when it then leaves play to a discard pile, a hand or a deck (with an event its own triggers
answer: ``effects.LEAVE_PLAY_EVENTS``), ``effects.leave_play`` leaves its stored cards under it,
out of play, and the card's leaving trigger plays what it may (``play_stored``) and must then
discard the rest (``discard_stored``). Leaving play any other way (the box, stasis) discards
them at once, as the rule says.
"""

from __future__ import annotations

from typing import Any, Final

from ..core.defs import AbilityGen
from ..core.kinds import HookKind, register_hook_kind, register_point
from ..core.requests import (
    SKIP,
    Option,
    Request,
)
from ..core.state import State
from ..rules.effects import Ctx, discard_card
from ..rules.plays import play_card
from .expansions import play_options, stored_cards

KEEPS_STORED: Final = register_point(
    "keeps_stored", "(g, me) -> bool: when this card leaves play, the cards stored under it "
                    "stay there for its own leaving ability (engine/mechanics/storage.py)")
register_hook_kind(HookKind(KEEPS_STORED, KEEPS_STORED, doc="a card in play"))


def keep_stored(g: State, me: int) -> bool:
    """A ``keeps_stored`` hook for a card that always deals with its stored cards."""
    return True


def discard_stored(g: State, host: int) -> list[int]:
    """Discard whatever is still stored under ``host``; returns those cards."""
    left = stored_cards(g, host)
    for card in left:
        discard_card(g, card, reason="host left play")
    return left


def play_stored(ctx: Ctx, host: int, kind: str, slots: Any = None, prompt: str = ""
                ) -> AbilityGen:
    """Offer ``ctx.player`` to play one of the cards of ``kind`` stored under ``host`` as an
    extra card, at one of ``slots`` (None: any base). Returns the play option taken (its card
    is ``option.card``), or None when declined or when none can be played."""
    g = ctx.g
    opts: list[Option] = [opt for card in stored_cards(g, host) if g.defs[card].kind == kind
                          for opt in play_options(g, card, ctx.player, slots)]
    if not opts:
        return None
    choice = yield Request(ctx.player, "play_extra",
                           prompt or f"Play a stored {kind} as an extra {kind}?",
                           [*opts, SKIP], ctx.ref)
    if choice.tag == "skip":
        return None
    yield from play_card(g, ctx.player, choice.card, choice, "stored")
    return choice
