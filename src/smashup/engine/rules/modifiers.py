"""Changes that are not moves: temporary effects and their expiries, +1 power counters,
extra plays, victory points, and swapping a base for one of the base deck."""

from __future__ import annotations

from typing import Any

from ..core import rng
from ..core.context import Ctx
from ..core.events import emit
from ..core.kinds import EFFECT_KINDS, play_condition
from ..core.state import State
from ..facts.boosts import note_boost
from ..facts.redirects import PLAYING
from .protection import affects


def add_effect(
    g: State, kind: str, target: Any, value: Any, expiry: tuple[Any, ...], player: int
) -> None:
    """A temporary effect, e.g. ``add_effect(g, "power", m, 2, until_end_of_turn(g), p)``;
    ``kind`` is a registered effect kind (``kinds.EFFECT_KINDS``)."""
    if kind not in EFFECT_KINDS:
        raise ValueError(f"unknown effect kind {kind!r}; register it with "
                         "kinds.register_effect_kind")
    g.effects.append((kind, target, value, expiry, player))
    if kind == "power" and isinstance(value, int) and value > 0 and PLAYING in g.misc:
        note_boost(g, target)  # an action directly increasing power (boosts.py)
    emit(g, "effect", effect=kind, target=target, value=value, player=player)


def until_end_of_turn(g: State) -> tuple[Any, ...]:
    return ("end", g.turn)


def until_end_of_your_turn(g: State, player: int) -> tuple[Any, ...]:
    """"Until the end of your turn": on another player's turn, the end of your next turn."""
    return ("end", g.turn) if g.current == player else ("end_of", player)


def until_start_of_turn(player: int) -> tuple[Any, ...]:
    return ("start_of", player)


def place_counters(ctx: Ctx, card: int, n: int = 1) -> bool:
    """Place ``n`` +1 power counters on a card in play."""
    g = ctx.g
    if not g.in_play(card) or not affects(g, card, ctx.source):
        return False
    g.counters[card] = g.counters.get(card, 0) + n
    if n > 0 and PLAYING in g.misc:
        note_boost(g, card)
    emit(g, "counters", card=card, amount=n)
    return True


def remove_counters(ctx: Ctx, card: int, n: int = 1) -> int:
    """Remove up to ``n`` counters; returns how many came off."""
    g = ctx.g
    have = g.counters.get(card, 0)
    if not have or not affects(g, card, ctx.source):
        return 0
    n = min(n, have)
    g.counters[card] = have - n
    emit(g, "counters", card=card, amount=-n)
    return n


def transfer_counters(ctx: Ctx, src: int, dest: int, n: int = 1) -> int:
    """Transfer counters between cards in play (both must be affectable)."""
    g = ctx.g
    if not g.in_play(dest) or not affects(g, dest, ctx.source):
        return 0
    moved = remove_counters(ctx, src, n)
    if moved:
        g.counters[dest] = g.counters.get(dest, 0) + moved
        if PLAYING in g.misc:
            note_boost(g, dest)
        emit(g, "counters", card=dest, amount=moved)
    return moved


def grant_extra(g: State, player: int, kind: str, check: str = "any", arg: Any = None) -> None:
    """An extra minion or action play this turn (usable later in the phase)."""
    if player != g.current:
        return
    play_condition(check)  # a registered condition (ValueError otherwise)
    if kind == "minion" and check == "any":
        g.minion_plays += 1
    elif kind == "action" and check == "any":
        g.action_plays += 1
    else:
        g.grants.append((kind, check, arg))
    emit(g, "extra", player=player, type=kind, check=check)


def gain_vp(g: State, player: int, n: int, reason: str = "") -> None:
    g.vp[player] += n
    emit(g, "vp", player=player, amount=n, reason=reason)


def end_base_effects(g: State, slot: int) -> None:
    """The base in ``slot`` leaves play (scored, swapped): effects aimed at it end."""
    if g.effects:
        g.effects = [e for e in g.effects
                     if e[1] != slot or EFFECT_KINDS[e[0]].ends_with != "base"]


def swap_base(g: State, slot: int, new: int) -> None:
    """Swap the base in ``slot`` with base card ``new`` from the base deck; the old base is
    shuffled into the base deck. Cards on the base stay where they are."""
    old = g.bases[slot]
    g.base_deck.remove(new)
    g.base_deck.append(old)
    g.bases[slot] = new
    end_base_effects(g, slot)
    g.rng = rng.shuffle(g.rng, g.base_deck)
    emit(g, "base_swapped", slot=slot, old=old, new=new)
