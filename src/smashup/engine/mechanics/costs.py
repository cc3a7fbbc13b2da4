"""The box, and "do X to do Y" costs: the card put out of the game for good, and a discard
that is paid in full or not at all."""

from __future__ import annotations

from collections.abc import Callable

from ..core.context import Ctx
from ..core.defs import AbilityGen
from ..core.events import emit
from ..core.requests import (
    CardOption,
    ChoiceOption,
    Request,
)
from ..core.state import State
from ..rules.choosing import asks_anyway
from ..rules.zones import discard_card, relocate


def to_box(g: State, card: int) -> None:
    """Put a card in the box: out of the game for good. Nothing can prevent it."""
    relocate(g, card, ("box",))
    emit(g, "boxed", card=card, owner=g.owner[card])


def discard_to(ctx: Ctx, n: int, prompt: str = "", pred: Callable[[int], bool] | None = None
               ) -> AbilityGen:
    """"Discard ``n`` cards to ...": discards only if ``n`` qualifying cards can go, else
    nothing. Returns True when the cost was paid (then do the rest of the ability).

    A forced pick is made without asking, and a hand too small for the cost is not asked
    at all; in a seat-safe game both are asked (the short hand may only answer that it
    cannot pay), so that whether a choice comes does not show the hand."""
    g = ctx.g
    hand = g.hands[ctx.player]
    pool = [c for c in hand if pred is None or pred(c)]
    ask_anyway = asks_anyway(g)
    if len(pool) < n:
        if ask_anyway:
            yield Request(ctx.player, "discard", f"Fewer than {n} cards in your hand qualify",
                          [ChoiceOption("choice", "cannot-pay")], ctx.ref)
        return False
    for i in range(n):
        left = [c for c in hand if pred is None or pred(c)]
        if len(left) == n - i and not ask_anyway:
            pick = left[0]
        else:
            choice = yield Request(ctx.player, "discard", prompt or f"Discard a card ({i + 1}/{n})",
                                   [CardOption("card", c) for c in left], ctx.ref)
            pick = choice.card
        discard_card(g, pick, reason="cost")
    return True
