"""Duels (Oops, You Did It Again): two minions at one base face off; each side may add a card
from hand, face down; then the higher power wins.

The order of events (guide §4.6, R:):

1. the challenger's card names the two minions (``duel``); a duel cannot start while another
   is under way (``DUEL`` in ``misc``), nor between minions at different bases;
2. ``duel`` stage ``start``: what answers a duel starting resolves now (Pinkerton's counter
   comes before any card is placed);
3. the challenger's controller, then the defender's, may place a card from hand face down
   (zone ``("duel", player)``: in no play zone, hidden from the others, ``duel_card`` is
   private to the placer); any card may be placed, a minion being a bluff;
4. the challenger's card is revealed and resolved, then the defender's: an action is played
   as part of the duel (no action play spent); a card that is not an action, or an action
   that cannot be played now, goes back to its hand;
5. ``duel`` stage ``resolved``: a window for duel Specials (Deputy may wait until the reveal);
6. the minions must still share a base (a change of control does not matter), else the duel
   stops without result (``duel_stopped``, None);
7. current powers are compared (``duel_result``): ``(winners, losers)``, a tie putting both
   minions in both ("both sides get all the effects").

What winning and losing mean is the starting card's: ``duel_and_destroy`` destroys the losers
with the starting card's own ability (protection depends on that card's type; a base destroys
as a base). Being in a duel does not affect a minion, so protection never stops a challenge.
"""

from __future__ import annotations

from typing import Any, Final

from ..core.context import Ctx
from ..core.defs import AbilityGen
from ..core.events import emit
from ..core.requests import (
    SKIP,
    CardOption,
    Option,
    Request,
    new_option,
)
from ..core.state import State
from ..facts.query import power
from ..rules.decks import reveal
from ..rules.moving import destroy
from ..rules.pending import resolve_pending
from ..rules.zones import relocate
from .given_plays import play_specific

DUEL: Final = ("duel",)
"""``misc`` key of the duel under way: (challenger, challenged, whether the challenger's side
placed a card, whether the defender's side did)."""


def in_duel(g: State, minion: int) -> bool:
    """Is ``minion`` one of the two minions of the duel under way?"""
    d = g.misc.get(DUEL)
    return d is not None and minion in d[:2]


def duel_under_way(g: State) -> tuple[int, int, bool, bool] | None:
    """The duel under way: (challenger, challenged, placed by each side), or None."""
    d = g.misc.get(DUEL)
    return None if d is None else (int(d[0]), int(d[1]), bool(d[2]), bool(d[3]))


def resolve_now(g: State, kind: str, **data: Any) -> AbilityGen:
    """Emit an event and resolve what answers it now (Me First!), keeping the abilities
    already waiting for later."""
    saved = g.pending
    g.pending = []
    emit(g, kind, **data)
    yield from resolve_pending(g)
    g.pending = saved + g.pending


def can_duel(g: State, challenger: int, challenged: int) -> bool:
    """Could these two minions start a duel now (both in play at one base, no duel under
    way)?"""
    return (DUEL not in g.misc and challenger != challenged
            and g.is_minion_in_play(challenger) and g.is_minion_in_play(challenged)
            and g.slot_of(challenger) == g.slot_of(challenged))


def duel_opponents(g: State, challenger: int, player: int) -> list[int]:
    """The minions ``challenger`` may call out for ``player`` (whose card or base starts the
    duel: "another player's minion"): at the challenger's base, controlled neither by
    ``player`` nor by the challenger's controller, and never the challenger itself. They
    differ once control changed: after So-so Corral's minion was handed over (Sneaky Squire,
    Betrothed), the minion is another player's and must not be offered as its own opponent,
    nor a minion of its new controller (Oops rulebook, Duels: the two minions' "controllers
    may each place a card", two sides). Being in a duel does not affect a minion, so
    protection does not matter. Every duel's opponents come from here."""
    if not g.is_minion_in_play(challenger):
        return []
    slot = g.loc[challenger][1]
    if slot >= len(g.bases):
        return []
    controller = g.controller
    side = controller[challenger]
    return [m for m in g.minions[slot] if m != challenger and controller[m] != player
            and controller[m] != side]


def _place_card(g: State, side: int, ctx: Ctx) -> AbilityGen:
    """The controller of the minion on ``side`` (0 challenger, 1 defender) may put a card
    from hand face down. Returns the card, or None."""
    d = g.misc[DUEL]
    p = g.controller[d[side]]
    hand = g.hands[p]
    if not hand:  # the size of a hand is public: asking nobody shows nothing
        return None
    opts: list[Option] = [new_option(CardOption, ("card", c)) for c in hand]
    opts.append(SKIP)
    choice = yield Request(p, "duel_card", "Place a card face down for the duel?", opts, ctx.ref)
    if choice.tag != "card":
        return None
    card = choice.card
    relocate(g, card, ("duel", p))
    flags = list(d)
    flags[2 + side] = True
    g.misc[DUEL] = tuple(flags)
    emit(g, "duel_card", player=p, card=card, private=p, side=side)
    return card


def _reveal_and_play(ctx: Ctx, card: int) -> AbilityGen:
    """Reveal a dueling card; play it if it is an action that can be played now (as part of
    the duel, no play spent), else return it to its hand."""
    g = ctx.g
    p = g.loc[card][1]
    reveal(g, (card,), by=p)
    if g.defs[card].kind == "action":
        if (yield from play_specific(Ctx(g, card, p), card, p,
                                     prompt=f"Play {g.defs[card].name} in the duel")):
            return
    if g.loc[card] == ("duel", p):
        relocate(g, card, ("hand", p))
        emit(g, "duel_back", player=p, card=card)


def duel(ctx: Ctx, challenger: int, challenged: int) -> AbilityGen:
    """``challenger`` duels ``challenged`` (see the module's notes). Returns ``(winners,
    losers)`` (a tie puts both minions in both), or None when no duel happens (another is under
    way, the minions are not at one base) or it stops (they no longer share a base)."""
    g = ctx.g
    if not can_duel(g, challenger, challenged):
        if DUEL in g.misc:
            emit(g, "duel_refused", challenger=challenger, challenged=challenged)
        return None
    slot = g.slot_of(challenger)
    g.misc[DUEL] = (challenger, challenged, False, False)
    yield from resolve_now(g, "duel", stage="start", challenger=challenger,
                           challenged=challenged, slot=slot, by=ctx.player)
    placed = []
    for side in (0, 1):
        card = yield from _place_card(g, side, ctx)
        if card is not None:
            placed.append(card)
    for card in placed:
        if g.loc[card][0] == "duel":
            yield from _reveal_and_play(ctx, card)
    yield from resolve_now(g, "duel", stage="resolved", challenger=challenger,
                           challenged=challenged, slot=slot, by=ctx.player)
    g.misc.pop(DUEL, None)
    a, b = challenger, challenged
    if not (g.is_minion_in_play(a) and g.is_minion_in_play(b) and g.slot_of(a) == g.slot_of(b)):
        emit(g, "duel_stopped", challenger=a, challenged=b)
        return None
    pa, pb = power(g, a), power(g, b)
    result: tuple[tuple[int, ...], tuple[int, ...]]
    if pa == pb:
        result = ((a, b), (a, b))
    elif pa > pb:
        result = ((a,), (b,))
    else:
        result = ((b,), (a,))
    emit(g, "duel_result", challenger=a, challenged=b, winners=result[0], losers=result[1],
         powers=(pa, pb), slot=g.slot_of(a))
    return result


def duel_and_destroy(ctx: Ctx, challenger: int, challenged: int) -> AbilityGen:
    """A duel whose losers are destroyed by the starting card's ability (both on a tie).
    Returns the duel's result (None: no duel)."""
    result = yield from duel(ctx, challenger, challenged)
    if result is not None:
        for loser in result[1]:
            yield from destroy(ctx, loser)
    return result
