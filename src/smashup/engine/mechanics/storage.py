"""Stored cards (guide §4.8): cards stored face down under a host (``store``), and those a
host's own ability uses as it leaves play.

The rule: when a card leaves play, the cards stored under it are discarded "unless an ability
says otherwise". Ancient Sumerian God and Demon Dogs say otherwise: they play stored cards
after leaving play. Such a card answers the hook kind ``keeps_stored`` (``(g, me) -> bool``);
when it then leaves play to a discard pile, a hand or a deck (with an event its own triggers
answer: ``triggers.LEAVE_PLAY_EVENTS``), ``zones.leave_play`` leaves its stored cards under it,
out of play, and the card's leaving trigger plays what it may (``play_stored``) and must then
discard the rest (``discard_stored``). Leaving play any other way (the box, stasis) discards
them at once, as the rule says.
"""

from __future__ import annotations

from typing import Any, Final

from ..core.context import Ctx
from ..core.defs import AbilityGen
from ..core.events import emit
from ..core.kinds import HookKind, register_hook_kind, register_point
from ..core.requests import (
    SKIP,
    Option,
    Request,
)
from ..core.state import State
from ..facts.query import can_affect
from ..rules.decks import reveal
from ..rules.plays import play_card
from ..rules.zones import discard_card, relocate
from .given_plays import play_options

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


def store(ctx: Ctx, card: int, host: int, show: bool = False) -> bool:
    """Store ``card`` face down under ``host`` (revealed first when ``show``: the ability
    limits what may be stored)."""
    g = ctx.g
    if g.in_play(card) and not can_affect(g, card, ctx.source):
        return False
    relocate(g, card, ("stored", host))
    g.controller[card] = ctx.player
    face_down(g, card, ctx.player, show)
    emit(g, "stored", card=card, host=host, player=ctx.player,
         private=None if show else ctx.player)
    return True


def stored_cards(g: State, host: int) -> list[int]:
    return list(g.zones.get(("stored", host), ()))


def face_down(g: State, card: int, player: int, show: bool) -> None:
    """Hide ``card`` from all but ``player`` (or, ``show``, reveal it to all): a card going
    face down under a host or beside a base."""
    if show:
        reveal(g, (card,))
    else:
        for p in range(g.nplayers):
            if p != player:
                g.known[p].discard(card)
