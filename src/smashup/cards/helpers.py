"""Effect helpers for card modules: the engine's vocabulary plus common patterns.

Card modules import what they need from here, never from engine internals.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from ..engine.defs import AbilityGen, Event, Replacement, Special, Talent, Trigger
from ..engine.effects import (
    Ctx,
    add_effect,
    choose_base,
    choose_card,
    choose_many,
    choose_minion,
    destroy,
    discard_card,
    draw,
    emit,
    gain_vp,
    grant_extra,
    may,
    minions_matching,
    move_minion,
    place_counters,
    place_on_deck,
    relocate,
    remove_counters,
    return_to_hand,
    reveal,
    shuffle_deck,
    to_owner,
    top_card,
    transfer_counters,
    until_end_of_turn,
    until_end_of_your_turn,
    until_start_of_turn,
)
from ..engine.flow import minion_targets, play_card, play_extra_now
from ..engine.query import (
    all_minions,
    breakpoint,
    can_affect,
    has_minion_at,
    minions_of,
    player_power,
    power,
    total_power,
)
from ..engine.requests import Request
from ..engine.state import State

__all__ = [
    "AbilityGen", "Ctx", "Event", "Replacement", "Request", "Special", "State", "Talent",
    "Trigger", "add_effect", "all_minions", "ask_player", "breakpoint", "can_affect",
    "choose_base", "choose_card", "choose_many", "choose_minion", "destroy", "discard_card",
    "draw", "emit", "extra_play", "gain_vp", "grant_extra", "has_minion_at", "here",
    "in_play_phase", "may", "minion_targets", "minions_matching", "minions_of", "move_minion",
    "move_to_other_base", "place_counters", "place_on_deck", "play_card", "play_extra_now",
    "player_power", "power", "relocate", "remove_counters", "return_to_hand", "reveal",
    "shuffle_deck", "slot_is", "to_owner", "top_card", "total_power", "transfer_counters",
    "until_end_of_turn", "until_end_of_your_turn", "until_start_of_turn", "controller_only",
]


def in_play_phase(g: State, player: int) -> bool:
    """Is it ``player``'s own Play Cards phase, outside any scoring?"""
    return g.phase == "play" and g.current == player and g.scoring is None


def extra_play(
    ctx: Ctx, kind: str = "minion", check: str = "any", arg: Any = None, slots: Any = None
) -> AbilityGen:
    """"Play an extra minion/action": usable later in your Play Cards phase, otherwise
    (another player's turn, scoring, a Special) it must be played immediately or not at all.
    """
    g = ctx.g
    if in_play_phase(g, ctx.player):
        grant_extra(g, ctx.player, kind, check, arg)
        return None
    from ..engine.query import GRANT_CHECKS

    test = GRANT_CHECKS[check]
    return (yield from play_extra_now(
        ctx, kind, slots=slots, pred=lambda c: test(g, c, -1, arg) if check != "at" else True))


def ask_player(ctx: Ctx, prompt: str, players: Sequence[int] | None = None) -> AbilityGen:
    """Choose a player (asked only when there is more than one candidate)."""
    candidates = list(ctx.others() if players is None else players)
    if not candidates:
        return None
    if len(candidates) == 1:
        return candidates[0]
    choice = yield Request(ctx.player, "choose_player", prompt,
                           [("player", p) for p in candidates], ctx.me)
    return choice[1]


def move_to_other_base(ctx: Ctx, minion: int, prompt: str = "Move it to which base?",
                       optional: bool = False) -> AbilityGen:
    """Choose another base and move ``minion`` there. Returns True if it moved."""
    start = ctx.g.slot_of(minion)
    dest = yield from choose_base(ctx, prompt, pred=lambda s: s != start, optional=optional)
    if dest is None:
        return False
    return move_minion(ctx, minion, dest)


def here(ctx: Ctx) -> int | None:
    """The base this ability's card is at."""
    return ctx.slot


def slot_is(g: State, me: int, ev: Event) -> bool:
    """Did the event happen at the base where card ``me`` is?"""
    return g.slot_of(me) == ev.get("slot")


def controller_only(cond: Callable[[State, int, Event], bool]) -> Callable[[State, int, Event],
                                                                           list[int]]:
    """A trigger's ``who``: the card's controller, when ``cond`` holds."""
    def who(g: State, me: int, ev: Event) -> list[int]:
        return [g.controller[me]] if cond(g, me, ev) else []
    return who
