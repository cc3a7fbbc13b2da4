"""Duels (Oops, You Did It Again): two minions face off, each side may add a card from hand.

Card modules use ``duel`` through ``smashup.cards.helpers``.
"""

from __future__ import annotations

from typing import Any

from .defs import AbilityGen
from .effects import Ctx, emit, relocate, reveal
from .mechanics import play_specific
from .pending import resolve_pending
from .query import power
from .requests import Option, Request
from .state import State

# ---- duels -----------------------------------------------------------------------------------

DUEL = ("duel",)
"""``misc`` key of the duel under way: (challenger, challenged)."""


def in_duel(g: State, minion: int) -> bool:
    return minion in g.misc.get(DUEL, ())


def resolve_now(g: State, kind: str, **data: Any) -> AbilityGen:
    """Emit an event and resolve what answers it now (Me First!), keeping the abilities
    already waiting for later."""
    saved = g.pending
    g.pending = []
    emit(g, kind, **data)
    yield from resolve_pending(g)
    g.pending = saved + g.pending


def duel(ctx: Ctx, challenger: int, challenged: int) -> AbilityGen:
    """Two minions duel. Each controller (challenger first) may put a card from hand face
    down; both are revealed; actions are played, other cards go back to hand. Then the
    higher power wins. Returns ``(winners, losers)`` (a tie puts both minions in both), or
    None when no duel happens or it stops (the minions no longer share a base).
    """
    g = ctx.g
    if DUEL in g.misc:
        return None  # two duels may not happen at the same time
    slot = g.slot_of(challenger)
    if not g.is_minion_in_play(challenger) or not g.is_minion_in_play(challenged) \
            or slot != g.slot_of(challenged) or challenger == challenged:
        return None
    g.misc[DUEL] = (challenger, challenged)
    yield from resolve_now(g, "duel", stage="start", challenger=challenger,
                           challenged=challenged, slot=slot)
    placed: list[tuple[int, int]] = []
    for minion in (challenger, challenged):
        p = g.controller[minion]
        hand = g.hands[p]
        if not hand:
            continue
        opts: list[Option] = [("card", c) for c in hand] + [("skip",)]
        choice = yield Request(p, "duel_card", "Place a card face down for the duel?", opts,
                               ctx.ref)
        if choice[0] == "card":
            relocate(g, choice[1], ("duel", p))
            placed.append((p, choice[1]))
            emit(g, "duel_card", player=p)
    if placed:
        reveal(g, [c for _, c in placed])
    for p, card in placed:
        if g.defs[card].kind == "action":
            ok = yield from play_specific(Ctx(g, card, p), card, p)
            if ok:
                continue
        relocate(g, card, ("hand", p))
    a, b = g.misc[DUEL]
    yield from resolve_now(g, "duel", stage="resolved", challenger=a, challenged=b, slot=slot)
    g.misc.pop(DUEL, None)
    if not (g.is_minion_in_play(a) and g.is_minion_in_play(b) and g.slot_of(a) == g.slot_of(b)):
        emit(g, "duel_stopped", challenger=a, challenged=b)
        return None
    pa, pb = power(g, a), power(g, b)
    if pa == pb:
        result: tuple[tuple[int, ...], tuple[int, ...]] = ((a, b), (a, b))
    elif pa > pb:
        result = ((a,), (b,))
    else:
        result = ((b,), (a,))
    emit(g, "duel_result", challenger=a, challenged=b, winners=result[0], losers=result[1])
    return result
