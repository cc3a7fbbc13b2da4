"""Stasis (guide §4.7, Backtimers): a card held in front of a player with stasis counters; one
comes off at the start of its controller's turn, and with none left it may be played as an
extra card (or is discarded at the end of the turn). The two rule steps, removing counters and
discarding spent cards, wait with the abilities (``core.rule_steps``)."""

from __future__ import annotations

from typing import Any, Final

from ..core.context import Ctx
from ..core.defs import AbilityGen, Event
from ..core.events import emit
from ..core.requests import (
    Option,
    Play,
    PlayOption,
)
from ..core.rule_steps import Rule, register_rule
from ..core.state import State
from ..facts.query import can_affect
from ..rules.decks import reveal
from ..rules.plays import play_card, refuse_barred
from ..rules.protection import resolve
from ..rules.triggers import queue_triggers
from ..rules.zones import discard_card, relocate
from .given_plays import play_options

REMOVE_COUNTERS: Final = "stasis"
"""The rule step a turn's start queues for its player (``core.rule_steps``): remove a stasis
counter from each of your cards in stasis."""

DISCARD_SPENT: Final = "stasis_discard"
"""The rule step a turn's end queues: discard the cards in stasis with no counters left."""


def in_stasis(g: State, card: int) -> bool:
    return bool(g.loc[card][0] == "stasis")


def stasis_cards(g: State, player: int) -> list[int]:
    """``player``'s cards in stasis (in front of them)."""
    return list(g.zones.get(("stasis", player), ()))


def can_enter_stasis(g: State, card: int) -> bool:
    """May the card be put in stasis now? Not when it is there already or left it this turn
    (cards leaving stasis may not immediately re-enter it)."""
    return not in_stasis(g, card) and ("left_stasis", card) not in g.used


def place_in_stasis(ctx: Ctx, card: int, n: int) -> bool:
    """Place ``n`` stasis counters on a card (from hand, deck, discard pile or play),
    putting it in stasis, face up. A card that left stasis this turn may not go straight
    back. Returns True if it went.

    The player who put it there controls it in stasis (guide §4.7: removes its counters and
    plays it; it still goes to its owner's zones), so it lies in their stasis zone: only a
    card they control but do not own (Time-Traveling Car) lies apart from its owner. A card
    leaving a base for stasis loses its counters and attached cards (``zones.relocate``)."""
    g = ctx.g
    if n <= 0 or not can_enter_stasis(g, card):
        return False
    if g.in_play(card) and not can_affect(g, card, ctx.source):
        return False
    holder = ctx.player
    relocate(g, card, ("stasis", holder))
    g.controller[card] = holder
    g.stasis[card] = n
    reveal(g, (card,))
    _stasis_triggers(g, emit(g, "stasis", card=card, player=holder, amount=n, entered=True))
    return True


def add_stasis(ctx: Ctx, card: int, n: int = 1) -> bool:
    """Add stasis counters to a card already in stasis."""
    g = ctx.g
    if n <= 0 or not in_stasis(ctx.g, card):
        return False
    g.stasis[card] = g.stasis.get(card, 0) + n
    _stasis_triggers(g, emit(g, "stasis", card=card, player=g.controller[card], amount=n,
                             entered=False))
    return True


def remove_stasis(g: State, card: int, n: int = 1) -> int:
    """Remove up to ``n`` stasis counters from a card in stasis; returns how many."""
    have = g.stasis.get(card, 0)
    if not in_stasis(g, card) or not have or n <= 0:
        return 0
    n = min(n, have)
    g.stasis[card] = have - n
    if have == n:
        g.used.add(("stasis_emptied", card))
    ev = emit(g, "stasis_removed", card=card, player=g.controller[card], amount=n,
              last=have == n)
    _stasis_triggers(g, ev)
    return n


def stasis_emptied_this_turn(g: State) -> bool:
    """Did any card have its last stasis counter removed this turn?"""
    return any(u[0] == "stasis_emptied" for u in g.used if u)


def _stasis_triggers(g: State, ev: Event) -> None:
    """Cards in stasis answer stasis events (their other abilities are off)."""
    for zone, cards in g.zones.items():
        if zone[0] != "stasis":
            continue
        for card in cards:
            queue_triggers(g, card, g.defs[card].triggers, ev)


def leave_stasis(g: State, card: int) -> None:
    g.stasis.pop(card, None)
    g.used.add(("left_stasis", card))


def discard_from_stasis(g: State, card: int, reason: str) -> None:
    """A card leaves stasis for its owner's discard pile, with the cards stored under it."""
    leave_stasis(g, card)
    discard_card(g, card, reason=reason)
    for stored in list(g.zones.get(("stored", card), ())):
        discard_card(g, stored, reason="host left play")


def stasis_options(g: State, player: int) -> list[Option]:
    """Play Cards options: a card of yours in stasis with no counters, as an extra card.

    A card with its own leave-stasis instruction is still played, as its kind: under "no
    actions" (Mark of Sleep) an action is not offered, and a minion only while some base
    accepts it (``query.play_barred``, through ``play_options``)."""
    opts: list[Option] = []
    for card in g.zones.get(("stasis", player), ()):
        if g.stasis.get(card, 0):
            continue
        ways = play_options(g, card, player)
        if g.defs[card].leave_stasis is not None:
            if ways:
                opts.append(PlayOption("play", card))
        else:
            opts.extend(ways)
    return opts


def play_from_stasis(g: State, player: int, choice: Play) -> AbilityGen:
    """Play a card out of stasis: its own leaving instructions (then it is discarded unless
    they put it elsewhere), or else an ordinary extra play."""
    card = choice.card
    leave_stasis(g, card)
    hook = g.defs[card].leave_stasis
    if hook is not None:
        # its own instruction replaces the ordinary play, not the restrictions on playing it
        refuse_barred(g, player, card, g.defs[card].kind, None)
        relocate(g, card, ("aside", player))
        emit(g, "left_stasis", card=card, player=player)
        ctx = Ctx(g, card, player)
        yield from resolve(ctx, hook(ctx))
        if g.loc[card] == ("aside", player):
            discard_card(g, card, reason="left stasis")
    else:
        emit(g, "left_stasis", card=card, player=player)
        yield from play_card(g, player, card, choice, "stasis")
    if not g.in_play(card):
        for stored in list(g.zones.get(("stored", card), ())):
            discard_card(g, stored, reason="host left play")


def _remove_stasis_rule(g: State, player: int, arg: Any, ev: Event) -> AbilityGen:
    for card in stasis_cards(g, player):
        remove_stasis(g, card, 1)
    return
    yield


def _discard_spent_rule(g: State, player: int, arg: Any, ev: Event) -> AbilityGen:
    for p in range(g.nplayers):
        for card in stasis_cards(g, p):
            if not g.stasis.get(card, 0):
                discard_from_stasis(g, card, "stasis ended")
    return
    yield


register_rule(REMOVE_COUNTERS, Rule(
    "rule:remove-stasis-counters", _remove_stasis_rule,
    label="Remove a stasis counter from each of your cards in stasis"))
register_rule(DISCARD_SPENT, Rule(
    "rule:discard-spent-stasis", _discard_spent_rule,
    label="Discard the cards in stasis with no counters left"))
