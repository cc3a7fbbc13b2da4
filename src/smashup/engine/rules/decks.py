"""Decks: shuffling, the top cards (the one place for the empty-deck rule), searching,
drawing and revealing."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

from ..core import rng
from ..core.events import emit
from ..core.state import State
from .zones import relocate

SHUFFLE_PLAN: Final = ("rule", "shuffle_plan")
"""``misc`` key of a determinised world only (``worlds.WorldSampler``): per deck shuffle to
come, whose deck and the cards, in order, that come out on top (the cards the seat saw
drawn from it after that shuffle in the real game); the rest is shuffled freely."""


def shuffle_deck(g: State, player: int) -> None:
    deck = g.decks[player]
    _shuffle(g, player, deck)
    for seen in g.known:  # nobody knows where a card of a shuffled deck is any more
        seen.difference_update(deck)
    emit(g, "shuffled", player=player)


def _shuffle(g: State, player: int, cards: list[int]) -> None:
    """Shuffle ``cards`` (of ``player``'s deck) in place; in a determinised world, as the
    world's plan for that deck's next shuffle says (``SHUFFLE_PLAN``)."""
    g.rng = rng.shuffle(g.rng, cards)
    plan = g.misc.get(SHUFFLE_PLAN)
    if plan is not None:
        for i, (whose, top) in enumerate(plan):
            if whose == player:  # this deck's next planned shuffle
                first = [c for c in top if c in cards]
                cards[:] = first + [c for c in cards if c not in first]
                g.misc[SHUFFLE_PLAN] = plan[:i] + plan[i + 1:]
                break


def top_cards(g: State, owner: int, n: int, bottom: bool = False) -> list[int]:
    """The top ``n`` cards of ``owner``'s deck (``bottom``: the bottom ``n``), the nearest to
    that end first. They stay in the deck: the caller draws, reveals, looks at or takes them.
    Every card that reads a deck's top cards does it here (tests/engine/deck_top_scan_test.py).

    The empty-deck rule, written once: a deck that holds fewer than ``n`` cards, empty or
    running out part-way, is topped up from its owner's discard pile, shuffled, and the count
    keeps going into it (core: "shuffle your discard pile ... Start drawing from there"; SFDF,
    Oops: "shuffle your discard pile to make your new deck, and keep going"; EMD: also "in the
    middle of drawing, revealing, or looking"). The cards already counted are in hand, not in
    the discard pile: they stay where they are, on top (``bottom``: underneath), and only the
    discard pile is shuffled. The group is counted before any of it moves, so none of its
    cards is shuffled back in. A deck and discard pile together short of ``n`` give what
    there is. (Revealing *until* something shows stops at the deck's end instead:
    ``revealing.reveal_until``; a search sees the deck as it is: ``deck_to_search``.)"""
    if n <= 0:
        return []
    deck = g.decks[owner]
    pile = g.discards[owner]
    if len(deck) < n and pile:
        g.discards[owner] = []
        for c in pile:
            g.loc[c] = ("deck", owner)
        _shuffle(g, owner, pile)
        for seen in g.known:  # the shuffled cards: nobody knows their order
            seen.difference_update(pile)
        if bottom:
            deck[:0] = pile
        else:
            deck.extend(pile)
        emit(g, "shuffled", player=owner)
    return list(reversed(deck[-n:])) if bottom else deck[:n]


def top_card(g: State, player: int, refill: bool = True) -> int | None:
    """The top card of a deck (``top_cards`` of one: an empty deck is refilled from the
    discard pile, unless not ``refill``), or None."""
    if not refill:
        return g.decks[player][0] if g.decks[player] else None
    top = top_cards(g, player, 1)
    return top[0] if top else None


def deck_to_search(g: State, owner: int, refill: bool = True) -> list[int]:
    """The cards of ``owner``'s deck as a search sees them, top first (a copy). An empty deck
    is refilled from the discard pile first (EMD: "If a deck is empty when you need to start
    ... searching for ... cards from it, then shuffle its discard pile"); a search sees the
    whole deck at once and never reshuffles part-way ("but not when searching"). Not
    ``refill``: a search of "your deck and/or discard pile" takes an empty deck as it is (the
    discard pile is searched as it lies; making it the deck first would offer the same cards
    and take away the choice of searching the discard pile alone)."""
    if refill:
        top_cards(g, owner, 1)
    return list(g.decks[owner])


def cards_to_search(g: State, owner: int) -> list[int]:
    """The cards a search of ``owner``'s deck would see, in no order, without shuffling
    anything (for checks that must not change the game): the deck, or the discard pile
    that would become an empty deck."""
    return list(g.decks[owner] or g.discards[owner])


def draw(g: State, player: int, n: int = 1) -> list[int]:
    """Draw ``n`` cards (``top_cards``: the discard pile is reshuffled when the deck runs
    out part-way)."""
    drawn = top_cards(g, player, n)
    for card in drawn:
        relocate(g, card, ("hand", player))
    if drawn:
        emit(g, "drew", player=player, count=len(drawn), cards=tuple(drawn), private=player)
    return drawn


def reveal(g: State, cards: Iterable[int], to: Iterable[int] | None = None,
           by: int | None = None) -> None:
    """Show cards to some players (default all); they become known to them.

    The event says whose card showed them (``by``; by default the one player shown them, or
    else the current player) and where each card was (``places``), so that a card can answer
    another player's card seeing into its hand or deck (Dynamite Surprise)."""
    shown = tuple(cards)
    viewers = list(range(g.nplayers)) if to is None else list(to)
    for p in viewers:
        g.known[p].update(shown)
    if by is None:
        by = viewers[0] if len(viewers) == 1 else g.current
    emit(g, "revealed", cards=shown, to=tuple(viewers), by=by,
         places=tuple(g.loc[c] for c in shown))
