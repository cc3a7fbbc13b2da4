"""Revealing cards from the top of a deck until one qualifies (no reshuffle part-way), and
playing extra cards off the top of the deck."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..core.context import Ctx
from ..core.defs import AbilityGen
from ..core.state import State
from ..rules.decks import reveal, shuffle_deck, top_cards
from ..rules.zones import discard_card, relocate
from .given_plays import play_specific


def reveal_until(g: State, player: int, pred: Callable[[int], bool]) -> int | None:
    """Reveal cards from the top of ``player``'s deck until one passes ``pred``.

    An empty deck is first refilled from the discard pile (``decks.top_cards``); if the deck runs
    out while revealing, revealing stops, with no reshuffle (EMD rulebook, "Draw 2 Cards":
    "If you are revealing cards until a condition is fulfilled ... if the deck runs out
    first, stop revealing"). Revealed cards wait in ``("revealed", p)`` (neither deck nor
    discard pile nor in play). Returns the card found, or None.
    """
    top_cards(g, player, 1)
    while g.decks[player]:
        card = g.decks[player][0]
        relocate(g, card, ("revealed", player))
        reveal(g, (card,))
        if pred(card):
            return card
    return None


def shuffle_back_revealed(g: State, player: int) -> None:
    """Shuffle the unused revealed cards into their owner's deck."""
    left = list(g.zones.get(("revealed", player), ()))
    if not left:
        return
    for card in left:
        relocate(g, card, ("deck", g.owner[card]))
    for p in sorted({g.owner[c] for c in left}):
        shuffle_deck(g, p)


def play_off_top(ctx: Ctx, kind: str, n: int = 1, pred: Callable[[int], bool] | None = None,
                 slots: Any = None) -> AbilityGen:
    """"Play ``n`` extra ``kind`` off the top of your deck" (``pred`` narrows the kind).

    Each time: reveal until a qualifying card, then play it (a card that cannot be played
    is discarded). Afterwards the unused revealed cards are shuffled into the deck.
    Returns the cards played.
    """
    g = ctx.g
    p = ctx.player
    defs = g.defs
    played: list[int] = []
    for _ in range(n):
        found = reveal_until(g, p, lambda c: defs[c].kind == kind and (pred is None or pred(c)))
        if found is None:
            break
        if (yield from play_revealed(ctx, found, p, slots)):
            played.append(found)
    shuffle_back_revealed(g, p)
    return played


def play_revealed(ctx: Ctx, card: int, player: int, slots: Any = None) -> AbilityGen:
    """Play a card revealed from the top of a deck (it counts as played off the top: Secret
    Volcano Headquarters, Raiding Party); one that cannot be played is discarded instead.
    Returns True if it was played."""
    g = ctx.g
    g.used.add(("off_top", card))
    ok = yield from play_specific(ctx, card, player, slots)
    g.used.discard(("off_top", card))
    if not ok:
        discard_card(g, card, reason="could not be played")
    return bool(ok)


def played_off_top(g: State, card: int) -> bool:
    """Is ``card`` being played off the top of a deck (for "if this was played off the
    top of a deck")?"""
    return ("off_top", card) in g.used
