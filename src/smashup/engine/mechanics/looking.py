"""Looking at cards of a deck and putting them back in a chosen order.

"Look at the top three cards of any deck", "look at two cards from the top or the bottom of
your deck ... return the rest in any order", "place them on the top and/or bottom": the
cards stay in the deck while they are looked at; only the looker learns them (``State.known``)
and keeps knowing them, where they were put back, until that deck is shuffled
(``decks.shuffle_deck`` forgets them). Players who did not look learn nothing: an
``arranged`` event tells them how many cards went where, never which.

The cards looked at are ``decks.top_cards``: a deck that is empty, or runs out part-way, is
topped up from its discard pile and the look keeps going, as for drawing (EMD: "in the middle
of drawing, revealing, or looking"); a deck and discard pile together shorter than the number
asked for show what they have.
"""

from __future__ import annotations

from collections.abc import Iterable

from ..core.context import Ctx
from ..core.defs import AbilityGen
from ..core.events import emit
from ..core.requests import (
    CardOption,
    ChoiceOption,
    Option,
    Request,
    new_option,
)
from ..core.state import State
from ..rules.decks import top_cards


def look_at_deck(g: State, owner: int, n: int, viewer: int, bottom: bool = False) -> list[int]:
    """``viewer`` looks at the top (or ``bottom``) ``n`` cards of ``owner``'s deck, which
    stay where they are. Returns them, the nearest to that end first."""
    cards = top_cards(g, owner, n, bottom)
    if cards:
        g.known[viewer].update(cards)
        emit(g, "looked", player=viewer, owner=owner, cards=tuple(cards), count=len(cards),
             end="bottom" if bottom else "top", private=viewer)
    return cards


def look_teaches(g: State, owner: int, n: int, viewer: int, bottom: bool = False) -> bool:
    """Would ``viewer`` learn something by looking at the top (``bottom``) ``n`` cards of
    ``owner``'s deck? (Not when they already know every one of them; a deck shorter than
    ``n`` with a discard pile is topped up from it first, a shuffle they cannot know.)"""
    deck = g.decks[owner]
    if n <= 0:
        return False
    if len(deck) < n and g.discards[owner]:
        return True
    window = deck[-n:] if bottom else deck[:n]
    return any(c not in g.known[viewer] for c in window)


TOP, BOTTOM, EITHER = "top", "bottom", "either"
"""Where ``arrange`` puts cards back: on top, on the bottom, or each on the top or bottom."""


def arrange(ctx: Ctx, cards: Iterable[int], owner: int, end: str = TOP,
            public: bool = False) -> AbilityGen:
    """``ctx.player`` puts ``cards`` (looked at in ``owner``'s deck, wherever they were in
    it) back in the order they choose: on top (``TOP``), on the bottom (``BOTTOM``) or each
    on the top or the bottom (``EITHER``). Cards are picked one at a time: those put on top
    stack from the top down (the first pick becomes the top card), those put on the bottom
    go under the deck one after another (the last pick becomes the bottom card). A last card
    with one place to go needs no decision.

    The player who arranged them knows where they are; the others, who did not see the new
    order, forget where they were (unless ``public``: cards shown face up to everyone, whose
    new order everyone sees)."""
    if end not in (TOP, BOTTOM, EITHER):
        raise ValueError(f"arrange: end must be {TOP!r}, {BOTTOM!r} or {EITHER!r}, not {end!r}")
    g = ctx.g
    left = [c for c in cards if g.loc[c] == ("deck", owner)]
    if not left:
        return None
    top: list[int] = []
    bottom: list[int] = []
    while left:
        if len(left) == 1 and end != EITHER:
            pick = left[0]
        else:
            opts: list[Option] = [new_option(CardOption, ("card", c)) for c in left]
            choice = yield Request(ctx.player, "arrange", "Choose the next card to put back "
                                   f"on {_whose_deck(ctx.player, owner)}", opts, ctx.ref)
            pick = choice.card
        left.remove(pick)
        to_bottom = end == BOTTOM
        if end == EITHER:
            where = yield Request(ctx.player, "arrange", f"Put {g.defs[pick].name} on the top "
                                  f"or the bottom of {_whose_deck(ctx.player, owner)}?",
                                  [ChoiceOption("choice", TOP), ChoiceOption("choice", BOTTOM)],
                                  ctx.ref, (pick,))
            to_bottom = where.word == BOTTOM
        (bottom if to_bottom else top).append(pick)
    moved = set(top) | set(bottom)
    deck = g.decks[owner]
    deck[:] = top + [c for c in deck if c not in moved] + bottom
    for p in range(g.nplayers):
        if p == ctx.player or public:
            g.known[p].update(moved)
        else:
            g.known[p].difference_update(moved)
    emit(g, "arranged", player=ctx.player, owner=owner, top=len(top), bottom=len(bottom))
    return None


def look_and_arrange(ctx: Ctx, owner: int, n: int, end: str = TOP, from_bottom: bool = False,
                     keep_order: bool = False) -> AbilityGen:
    """Look at the top (``from_bottom``: bottom) ``n`` cards of ``owner``'s deck and put
    them back in any order (see ``arrange``; looked at on the bottom, "in any order" puts
    them back on the bottom); with ``keep_order`` they go back as they were. Returns the
    cards looked at."""
    cards = look_at_deck(ctx.g, owner, n, ctx.player, from_bottom)
    if cards and not keep_order:
        yield from arrange(ctx, cards, owner, BOTTOM if from_bottom and end == TOP else end)
    return cards


def restack_top(g: State, owner: int, cards: Iterable[int]) -> None:
    """``cards``, just put on top of ``owner``'s deck one after another, end up in the order
    given, the first on top ("place five cards from your hand on top of your deck in any
    order"). Cards no longer on that deck are left out."""
    order = [c for c in cards if g.loc[c] == ("deck", owner)]
    deck = g.decks[owner]
    deck[:] = order + [c for c in deck if c not in order]


def knows_place(g: State, cards: Iterable[int], players: Iterable[int] | None = None) -> None:
    """Cards seen going into a deck from a face-up zone (a discard pile): the players who
    saw it (default all) know where they are, as for cards seen going into a hand."""
    shown = tuple(cards)
    for p in range(g.nplayers) if players is None else players:
        g.known[p].update(shown)


def _whose_deck(player: int, owner: int) -> str:
    """``your deck`` or ``Player 2's deck``: the deck a prompt is about, said plainly."""
    return "your deck" if owner == player else f"Player {owner + 1}'s deck"
