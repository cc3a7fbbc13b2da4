"""Effect helpers for card modules: the engine's vocabulary plus common patterns.

Card modules import what they need from here, never from engine internals.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from ..engine.defs import (
    AbilityGen,
    Event,
    PlaySource,
    Replacement,
    Source,
    Special,
    Talent,
    Trigger,
    faction_key,
)
from ..engine.effects import (
    Ctx,
    add_effect,
    ask,
    asks_anyway,
    choose_base,
    choose_card,
    choose_destination,
    choose_many,
    choose_minion,
    choose_minion_to_destroy,
    choose_minion_to_move,
    destinations,
    destroy,
    discard_card,
    draw,
    emit,
    gain_vp,
    grant_extra,
    may,
    minions_matching,
    movable,
    move_minion,
    move_to_other_base,
    place_counters,
    place_on_deck,
    relocate,
    remove_counters,
    replaced,
    return_to_hand,
    reveal,
    shuffle_deck,
    swap_base,
    to_owner,
    top_card,
    transfer_counters,
    until_end_of_turn,
    until_end_of_your_turn,
    until_start_of_turn,
)
from ..engine.flow import ranks
from ..engine.kinds import (
    EffectKind,
    HookKind,
    PlayCondition,
    ReplaceableEvent,
    play_condition,
    register_effect_kind,
    register_hook_kind,
    register_play_condition,
    register_replaceable,
)
from ..engine.plays import action_targets, minion_targets, play_card, play_extra_now
from ..engine.query import (
    all_minions,
    breakpoint,
    can_affect,
    can_be_destroyed,
    has_minion_at,
    minions_of,
    minions_played_this_turn,
    play_phase_minions,
    player_power,
    power,
    total_power,
)
from ..engine.requests import Option, Request
from ..engine.state import State

__all__ = [
    "AbilityGen", "Ctx", "EffectKind", "Event", "HookKind", "Option", "PlayCondition",
    "ReplaceableEvent", "Replacement", "Request", "Source", "Special", "State", "Talent",
    "register_effect_kind", "register_hook_kind", "register_play_condition",
    "register_replaceable", "replaced", "play_through_special", "special_slot",
    "Trigger", "add_effect", "all_minions", "ask", "ask_player", "asks_anyway", "breakpoint",
    "can_affect",
    "choose_base", "choose_card", "choose_many", "choose_minion", "destroy", "discard_card",
    "draw", "emit", "extra_play", "gain_vp", "grant_extra", "has_minion_at",
    "in_play_phase", "may", "minion_targets", "minions_matching", "minions_of", "move_minion",
    "move_to_other_base", "place_counters", "place_on_deck", "play_card", "play_extra_now",
    "action_targets",
    "player_power", "power", "ranks", "relocate", "remove_counters", "return_to_hand", "reveal",
    "shuffle_deck", "slot_is", "swap_base", "play_phase_minions", "to_owner", "top_card",
    "total_power", "transfer_counters",
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
    if in_play_phase(g, ctx.player) and not ctx.special:
        grant_extra(g, ctx.player, kind, check, arg)
        return None
    test = play_condition(check).allows
    if check == "at" and slots is None:
        slots = (arg,)  # "an extra minion there": only at that base
    return (yield from play_extra_now(
        ctx, kind, slots=slots, pred=lambda c: test(g, c, -1, arg) if check != "at" else True))


SPECIAL_SLOT = "special_slot"
"""``misc`` key (with the card): the base of the window an action was played in through its
Special (``play_through_special``, read back by ``special_slot``)."""


def play_through_special(ctx: Ctx, ev: Event) -> AbilityGen:
    """A Special that plays this action from hand at once, in a window at a base (before or
    after it scores): its on-play ability finds that base with ``special_slot``."""
    ctx.g.misc[(SPECIAL_SLOT, ctx.me)] = ev["slot"]
    yield from play_card(ctx.g, ctx.player, ctx.me, ("play", ctx.me))


def special_slot(ctx: Ctx) -> int | None:
    """The base of the window this action was played in through its Special; None when it was
    played the ordinary way (such actions then do nothing)."""
    slot = ctx.g.misc.pop((SPECIAL_SLOT, ctx.me), None)
    return None if slot is None else int(slot)


def ask_player(ctx: Ctx, prompt: str, players: Sequence[int] | None = None) -> AbilityGen:
    """Choose a player (asked only when there is more than one candidate)."""
    candidates = list(ctx.others() if players is None else players)
    if not candidates:
        return None
    if len(candidates) == 1:
        return candidates[0]
    choice = yield Request(ctx.player, "choose_player", prompt,
                           [("player", p) for p in candidates], ctx.ref)
    return choice[1]


def slot_is(g: State, me: int, ev: Event) -> bool:
    """Did the event happen at the base where card ``me`` is?"""
    return g.slot_of(me) == ev.get("slot")


def controller_only(cond: Callable[[State, int, Event], bool]) -> Callable[[State, int, Event],
                                                                           list[int]]:
    """A trigger's ``who``: the card's controller, when ``cond`` holds."""
    def who(g: State, me: int, ev: Event) -> list[int]:
        return [g.controller[me]] if cond(g, me, ev) else []
    return who


def faction_of(g: State, card: int) -> str:
    """The faction key of a card (``"pirates"``, ``"tricksters@original"``)."""
    d = g.defs[card]
    return faction_key(d.faction, d.variant)


def choose_faction(ctx: Ctx, keys: Sequence[str], prompt: str = "Name a faction") -> AbilityGen:
    """"Name a faction" among ``keys`` (asked only when there is more than one).
    Options read ``faction:<key>``. Returns the key, or None when there is none."""
    if not keys:
        return None
    if len(keys) == 1:
        return keys[0]
    choice = yield Request(ctx.player, "choose_faction", prompt,
                           [("faction", k) for k in keys], ctx.ref)
    return choice[1]


__all__ += ["can_be_destroyed", "choose_destination", "choose_faction", "choose_minion_to_destroy",
            "choose_minion_to_move",
            "destinations", "faction_of", "minions_played_this_turn", "movable"]


def discard_random(g: State, player: int, n: int = 1, reason: str = "") -> list[int]:
    """``player`` discards ``n`` cards at random from their hand (fewer if the hand is short)."""
    from ..engine import rng

    gone: list[int] = []
    for _ in range(n):
        hand = g.hands[player]
        if not hand:
            break
        g.rng, i = rng.below(g.rng, len(hand))
        card = hand[i]
        discard_card(g, card, reason=reason or "random discard")
        gone.append(card)
    return gone


def take_into_hand(g: State, card: int, reason: str = "") -> None:
    """Place a card (e.g. from a discard pile) into its owner's hand; not a draw."""
    src = g.loc[card][0]
    to_owner(g, card, "hand")
    emit(g, "placed", card=card, slot=None, dest="hand", src=src, reason=reason)


__all__ += ["PlaySource", "discard_random", "take_into_hand"]


# expansion mechanics (engine/mechanics.py): the box, "do X to do Y", revealing until,
# playing off the top of the deck, stasis, stored cards, burying, duels
from ..engine.duels import duel, in_duel  # noqa: E402
from ..engine.mechanics import (  # noqa: E402
    add_stasis,
    buried_cards,
    bury,
    discard_to,
    in_stasis,
    owner_of,
    place_in_stasis,
    play_off_top,
    play_specific,
    played_off_top,
    remove_stasis,
    reveal_until,
    shuffle_back_revealed,
    stasis_cards,
    stasis_emptied_this_turn,
    store,
    stored_cards,
    to_box,
    uncover,
    uncovered_at,
)

__all__ += [
    "add_stasis", "bury", "buried_cards", "discard_to", "duel", "in_duel", "in_stasis",
    "owner_of", "place_in_stasis", "play_off_top", "play_specific", "played_off_top",
    "remove_stasis", "reveal_until", "shuffle_back_revealed", "stasis_cards",
    "stasis_emptied_this_turn", "store", "stored_cards", "to_box", "uncover", "uncovered_at",
]

# looking at cards of a deck and arranging them (engine/looking.py); temporary control
# (engine/control.py)
from ..engine.control import controlled_for_now, take_control  # noqa: E402
from ..engine.looking import (  # noqa: E402
    BOTTOM,
    EITHER,
    TOP,
    arrange,
    knows_place,
    look_and_arrange,
    look_at_deck,
    look_teaches,
)
from ..engine.mechanics import hidden_from, play_revealed  # noqa: E402
from ..engine.plays import offer_plays  # noqa: E402

__all__ += [
    "BOTTOM", "EITHER", "TOP", "arrange", "controlled_for_now", "hidden_from", "knows_place",
    "look_and_arrange", "look_at_deck", "look_teaches", "offer_plays", "play_revealed",
    "take_control",
]

# copied abilities (engine/copies.py) and printed power that abilities change (Mimic)
from ..engine.copies import WHILE_IN_PLAY, copy_abilities, copy_sources  # noqa: E402
from ..engine.query import printed_power  # noqa: E402

__all__ += ["WHILE_IN_PLAY", "copy_abilities", "copy_sources", "printed_power"]


# actions attached to minions (Cyborg Apes count them, move them, protect them)
def host_of(g: State, card: int) -> int | None:
    """The minion an action is attached to (None: it is not on a minion)."""
    loc = g.loc[card]
    return int(loc[1]) if loc[0] == "on" else None


def actions_on(g: State, minion: int) -> list[int]:
    """The actions attached to a minion, in the order they were played on it."""
    return [c for c in g.attached.get(minion, ()) if g.defs[c].kind == "action"]


__all__ += ["actions_on", "host_of"]

# turn order and the base deck outside the normal flow (engine/timeline.py): extra turns,
# bases that cannot score, a scored base's replacement chosen from the base discard pile
from ..engine.timeline import (  # noqa: E402
    CANNOT_SCORE,
    base_to_deck_top,
    cannot_score,
    extra_turns_queued,
    in_extra_turn,
    replace_with,
    take_extra_turns,
)

__all__ += ["CANNOT_SCORE", "base_to_deck_top", "cannot_score", "extra_turns_queued",
            "in_extra_turn", "replace_with", "take_extra_turns"]
