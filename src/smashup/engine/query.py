"""Computed facts: power, breakpoints, protection, who may play where.

Nothing here is stored: each answer is computed from printed values plus the
continuous effects of cards in play and the temporary effects in the state.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .defs import Source
from .state import PLAY_ZONES, State

Hooked = tuple[Any, int, bool]  # (definition, me, is_base)




def base_cancelled(g: State, slot: int) -> bool:
    """True when the base's abilities are cancelled (e.g. by Jammed Signal)."""
    for eff in g.effects:
        if eff[0] == "cancel_base" and eff[1] == slot:
            return True
    loc = g.loc
    for card in g.tables.hook_cards["cancels_base"]:
        if loc[card][0] in PLAY_ZONES:
            fn = g.defs[card].cancels_base
            if fn is not None and fn(g, card, slot):
                return True
    return False


def hooks(g: State, attr: str) -> list[Hooked]:
    """Cards in play and active bases that have the continuous hook ``attr``."""
    found: list[Hooked] = []
    tables = g.tables
    cards = tables.hook_cards[attr]
    if cards:
        loc = g.loc
        defs = g.defs
        for card in cards:
            if loc[card][0] in PLAY_ZONES:
                found.append((defs[card], card, False))
    bases = tables.hook_bases[attr]
    if bases:
        for slot, bid in enumerate(g.bases):
            if bid in bases and not base_cancelled(g, slot):
                found.append((g.base_defs[bid], slot, True))
    return found


def source_of(g: State, hooked: Hooked) -> Source:
    definition, me, is_base = hooked
    if is_base:
        return Source(None, None, "base")
    return Source(me, g.controller[me], definition.kind)


def can_affect(g: State, target: int, src: Source, shields: list[Hooked] | None = None) -> bool:
    """May ``src`` affect ``target``? ("not affected by" effects say no.)"""
    if src.kind == "rule":
        return True
    if shields is None:
        shields = hooks(g, "protects")
    for definition, me, _ in shields:
        if definition.protects(g, me, target, src):
            return False
    return True


def power(g: State, minion: int, mods: list[Hooked] | None = None) -> int:
    """Current power of a minion in play (never below 0)."""
    d = g.defs[minion]
    value = d.power + g.counters.get(minion, 0)
    if mods is None:
        mods = hooks(g, "power_mod")
    shields = None
    for hooked in mods:
        delta = hooked[0].power_mod(g, hooked[1], minion)
        if delta:
            if shields is None:
                shields = hooks(g, "protects")
            if not shields or can_affect(g, minion, source_of(g, hooked), shields):
                value += delta
    for eff in g.effects:
        if eff[0] == "power" and eff[1] == minion:
            value += eff[2]
        elif eff[0] == "power_off_turn" and eff[1] == minion and g.current != eff[4]:
            # "+X power during other players' turns" (eff[4]: the player it belongs to)
            value += eff[2]
    return value if value > 0 else 0




def player_power(g: State, slot: int, player: int, mods: list[Hooked] | None = None) -> int:
    """A player's total power at a base."""
    if mods is None:
        mods = hooks(g, "power_mod")
    total = 0
    controller = g.controller
    for m in g.minions[slot]:
        if controller[m] == player:
            total += power(g, m, mods)
    for eff in g.effects:
        if eff[0] == "player_power" and eff[1] == slot and eff[4] == player:
            total += eff[2]
    return total if total > 0 else 0


def total_power(g: State, slot: int, mods: list[Hooked] | None = None) -> int:
    if mods is None:
        mods = hooks(g, "power_mod")
    return sum(player_power(g, slot, p, mods) for p in range(g.nplayers))


def breakpoint(g: State, slot: int) -> int:
    """Current breakpoint of the base in ``slot`` (never below 0)."""
    value = g.base_defs[g.bases[slot]].breakpoint
    for definition, me, _ in hooks(g, "breakpoint_mod"):
        value += definition.breakpoint_mod(g, me, slot)
    for eff in g.effects:
        if eff[0] == "breakpoint" and eff[1] == slot:
            value += eff[2]
    return value if value > 0 else 0


def actions_forbidden(g: State, player: int) -> bool:
    """Is ``player`` barred from playing actions now?"""
    return action_bar(g, player) is not None


def special_allowed(g: State, card: int, player: int) -> bool:
    """May ``player`` use ``card``'s Special now, as far as restrictions go? An action's
    Special plays that action, so a player who cannot play actions (Mark of Sleep) cannot."""
    return g.defs[card].kind != "action" or not (g.effects and actions_forbidden(g, player))


def action_bar(g: State, player: int) -> tuple[Any, ...] | None:
    """The temporary effect that bars ``player`` from playing actions now, if any:
    ``("no_actions", source card, when, expiry, player)``; ``when`` "own_turn" bars them only
    on their own turns."""
    for eff in g.effects:
        if eff[0] == "no_actions" and eff[4] == player and (eff[2] is None or
                                                              g.current == player):
            return eff
    return None


def can_be_destroyed(g: State, target: int) -> bool:
    for definition, me, _ in hooks(g, "cannot_destroy"):
        if definition.cannot_destroy(g, me, target):
            return False
    return True


def move_forbidden(g: State, card: int, slot: int, player: int) -> bool:
    """Does an effect forbid ``player`` moving ``card`` to ``slot`` (Mark of Sleep's "cannot
    move minions", Hideout's "cannot move minions to this base")?"""
    for eff in g.effects:
        if eff[0] == "no_move" and eff[4] == player:
            return True
    for definition, me, _ in hooks(g, "forbids_move"):
        if definition.forbids_move(g, me, card, slot, player):
            return True
    return False


def move_destinations(g: State, card: int, player: int, src: Source) -> list[int]:
    """The bases ``player`` may move minion ``card`` to now with an ability of ``src``: any
    base but its own that no effect forbids, provided ``src`` may affect the minion at all.
    Move options are drawn from these, so every move offered takes effect."""
    loc = g.loc[card]
    if loc[0] != "minion" or not can_affect(g, card, src):
        return []
    if any(eff[0] == "no_move" and eff[4] == player for eff in g.effects):
        return []
    forbid = hooks(g, "forbids_move")  # (the same test as move_forbidden, hooks looked up once)
    return [s for s in range(len(g.bases)) if s != loc[1]
            and not any(h[0].forbids_move(g, h[1], card, s, player) for h in forbid)]


def play_forbidden(g: State, card: int, slot: int, player: int) -> bool:
    """Does an effect forbid ``player`` playing minion ``card`` at ``slot``?"""
    for definition, me, _ in hooks(g, "forbids_play"):
        if definition.forbids_play(g, me, card, slot, player):
            return True
    return False


def minions_of(g: State, player: int, slot: int | None = None) -> list[int]:
    """Minions controlled by ``player`` (at ``slot``, or anywhere)."""
    slots = range(len(g.bases)) if slot is None else (slot,)
    return [m for s in slots for m in g.minions[s] if g.controller[m] == player]


def all_minions(g: State) -> list[int]:
    return [m for ms in g.minions for m in ms]


def has_minion_at(g: State, player: int, slot: int) -> bool:
    return any(g.controller[m] == player for m in g.minions[slot])






def off_turn_key(player: int) -> tuple[str, int]:
    """``misc`` key: ``(turn, count)`` of the minions ``player`` played during another
    player's turn (the current player's own count is ``minions_played``)."""
    return ("off_turn_minions", player)


def count_off_turn_minion(g: State, player: int) -> None:
    """``player`` played a minion during another player's turn: count it for this turn."""
    turn, n = g.misc.get(off_turn_key(player), (g.turn, 0))
    g.misc[off_turn_key(player)] = (g.turn, n + 1 if turn == g.turn else 1)


def minions_played_this_turn(g: State, player: int) -> int:
    """How many minions ``player`` has played during the current turn, whoever's turn it is
    ("the first minion you played this turn" counts plays on other players' turns too)."""
    if player == g.current:
        return int(g.minions_played)
    turn, n = g.misc.get(off_turn_key(player), (-1, 0))
    return int(n) if turn == g.turn else 0


START_MINIONS = ("start_minions",)
"""``misc`` key: how many minions the current player played before their Play Cards phase."""


def play_phase_minions(g: State) -> int:
    """Minions the current player has played this turn since their Play Cards phase began
    (minions played at the start of the turn do not count)."""
    return int(g.minions_played - g.misc.get(START_MINIONS, 0))


def players_from(g: State, first: int) -> list[int]:
    """Players in turn order starting with ``first`` (clockwise)."""
    n = g.nplayers
    return [(first + i) % n for i in range(n)]


GrantCheck = Callable[[State, int, int, Any], bool]
"""(g, card, slot, arg) -> may this grant be used to play ``card`` at ``slot``?"""

GRANT_CHECKS: dict[str, GrantCheck] = {
    "any": lambda g, card, slot, arg: True,
    "power_le": lambda g, card, slot, arg: g.defs[card].power <= arg,
    "at": lambda g, card, slot, arg: slot == arg,
    "named": lambda g, card, slot, arg: g.defs[card].key == arg,
    # a base where player ``arg`` has no minions (when the minion is played)
    "no_own_minion": lambda g, card, slot, arg: slot >= 0 and not has_minion_at(g, arg, slot),
}
