"""Computed facts: power, breakpoints, protection, who may play where.

Nothing here is stored: each answer is computed from printed values plus the
continuous effects of cards in play and the temporary effects in the state.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any, Final

from ..core.defs import Source
from ..core.kinds import (
    EFFECT_KINDS,
    ONE_TARGET_VALUES,
    PlayCondition,
    effects_for,
    register_play_condition,
)
from ..core.state import PLAY_ZONES, State
from .abilities import NONE_LOST, copy_lost, lost_abilities
from .copies import copied_hooks

Hooked = tuple[Callable[..., Any], int, bool]
"""A continuous hook in force: (its function, the card id or base slot, is it a base)."""


def base_cancelled(g: State, slot: int) -> bool:
    """True when the base's abilities are cancelled (e.g. by Jammed Signal)."""
    if g.effects:
        for kind, eff in effects_for(g, "cancels_base"):
            if kind.value(g, eff, slot):
                return True
    loc = g.loc
    entries = g.tables.card_hooks["cancels_base"]
    lost = lost_abilities(g) if entries and g.effects else NONE_LOST
    for card, fn, zones in entries:
        if loc[card][0] in zones and card not in lost and fn(g, card, slot):
            return True
    if entries and g.effects:
        return any(fn(g, host, slot) for host, fn, _ in copied_hooks(g, "cancels_base"))
    return False


def hooks(g: State, point: str) -> list[Hooked]:
    """The continuous hooks that answer ``point`` now (``kinds.POINTS``): of cards in the
    zones where their kind works, and of bases whose abilities are not cancelled."""
    found: list[Hooked] = []
    tables = g.tables
    entries = tables.card_hooks.get(point)
    if entries:
        loc = g.loc
        # minions that lost their abilities answer nothing (engine/facts/abilities.py)
        lost = lost_abilities(g) if g.effects else NONE_LOST
        for card, fn, zones in entries:
            if loc[card][0] in zones and (not lost or card not in lost):
                found.append((fn, card, False))
        if g.effects:  # cards that copied another card's abilities (engine/facts/copies.py)
            found.extend((fn, host, False) for host, fn, _ in copied_hooks(g, point)
                         if not lost or not copy_lost(g, host, lost))
    bases = tables.base_hooks.get(point)
    if bases:
        for slot, bid in enumerate(g.bases):
            fns = bases.get(bid)
            if fns and not base_cancelled(g, slot):
                for fn in fns:
                    found.append((fn, slot, True))
    return found


def source_of(g: State, hooked: Hooked) -> Source:
    _, me, is_base = hooked
    if is_base:
        return Source(None, None, "base")
    return Source(me, g.controller[me], g.defs[me].kind)


def can_affect(g: State, target: int, src: Source, shields: list[Hooked] | None = None) -> bool:
    """May ``src`` affect ``target``? ("not affected by" effects say no.)"""
    if src.kind == "rule":
        return True
    if shields is None:
        shields = hooks(g, "protects")
    for fn, me, _ in shields:
        if fn(g, me, target, src):
            return False
    return True


def printed_power(g: State, minion: int, skip: Callable[..., Any] | None = None,
                  found: list[Hooked] | None = None) -> int:
    """The power printed on a minion, as the rules count it: the card's number, unless a
    hook at the point ``printed_power`` changes it (Mimic) while the minion is in play.
    ``skip``: a hook function to leave out (Mimic reads the others' printed powers without
    its own kind, so that two Mimics never feed each other). ``found``: the ``printed_power``
    hooks in force, when the caller has them already."""
    value = g.defs[minion].power
    if g.tables.card_hooks["printed_power"] and g.loc[minion][0] in PLAY_ZONES:
        for fn, me, _ in hooks(g, "printed_power") if found is None else found:
            if fn is not skip:
                value = fn(g, me, minion, value)
    return int(value)


def printed_powers(g: State, minions: Iterable[int],
                   skip: Callable[..., Any] | None = None) -> list[int]:
    """``printed_power`` of each of ``minions``, the hooks in force looked up once for all of
    them (Mimic reads every minion's printed power)."""
    found = hooks(g, "printed_power") if g.tables.card_hooks["printed_power"] else None
    return [printed_power(g, m, skip, found) for m in minions]


def power(g: State, minion: int, mods: list[Hooked] | None = None,
          shields: list[Hooked] | None = None, printed: list[Hooked] | None = None) -> int:
    """Current power of a minion in play (never below 0). ``mods``, ``shields`` and
    ``printed``: the ``power_mod``, ``protects`` and ``printed_power`` hooks in force, when the
    caller has them already (one position, many minions)."""
    if g.tables.card_hooks["printed_power"]:  # a card in the game changes printed power
        value = printed_power(g, minion, found=printed) + g.counters.get(minion, 0)
    else:
        value = g.defs[minion].power + g.counters.get(minion, 0)
    if mods is None:
        mods = hooks(g, "power_mod")
    for hooked in mods:
        delta = hooked[0](g, hooked[1], minion)
        if delta:
            if shields is None:
                shields = hooks(g, "protects")
            if not shields or can_affect(g, minion, source_of(g, hooked), shields):
                value += delta
    if g.effects:
        for eff in g.effects:
            kind = EFFECT_KINDS[eff[0]]
            if kind.point == "power_mod":
                value += kind.value(g, eff, minion)
    return value if value > 0 else 0


Scope = Callable[[State, int], "int | None"]
"""Given the card (or base slot) a ``power_mod`` hook belongs to, the one minion it can change
(``itself``, ``its_host``) or the one base where it can change minions (``its_base``,
``this_base``); None: none now."""
ONE_MINION_MODS: Final[dict[Callable[..., Any], Scope]] = {}
"""``power_mod`` and ``printed_power`` hooks declared (``changes_only``) to change at most one
minion's power."""
ONE_BASE_MODS: Final[dict[Callable[..., Any], Scope]] = {}
"""``power_mod`` hooks declared (``changes_only_at``) to change only minions at one base."""


def itself(g: State, me: int) -> int | None:
    """The card with the ability ("this minion is stronger")."""
    return me


def its_host(g: State, me: int) -> int | None:
    """The minion the card is attached to ("while attached, it is stronger")."""
    loc = g.loc[me]
    return int(loc[1]) if loc[0] == "on" else None


def its_base(g: State, me: int) -> int | None:
    """The base the card is at ("minions at its base are stronger")."""
    return g.slot_of(me)


def this_base(g: State, slot: int) -> int | None:
    """A base's own slot ("minions here are stronger": a base's ability)."""
    return slot


def changes_only(minion: Scope) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """Declares, of a ``power_mod`` hook function, that it answers 0 for every minion but
    ``minion(g, me)`` (of a ``printed_power`` one, that it passes every other minion's value on
    unchanged): ``powers`` then asks it about that minion alone (``power`` still asks it about
    every minion, and tests/engine/powers_test.py checks that they agree)."""
    def declare(fn: Callable[..., Any]) -> Callable[..., Any]:
        ONE_MINION_MODS[fn] = minion
        return fn
    return declare


def changes_only_at(base: Scope) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """Declares, of a ``power_mod`` hook function, that it answers 0 for every minion that is
    not at base ``base(g, me)`` (as ``changes_only`` does for one minion)."""
    def declare(fn: Callable[..., Any]) -> Callable[..., Any]:
        ONE_BASE_MODS[fn] = base
        return fn
    return declare


def powers(g: State, slots: Iterable[int] | None = None, mods: list[Hooked] | None = None,
           shields: list[Hooked] | None = None,
           printed: list[Hooked] | None = None) -> list[list[int]]:
    """The current power of every minion at each base of ``slots`` (default: every slot), in
    the order of ``g.minions[slot]``: for each minion exactly what ``power`` gives, computed
    in one pass over the position. The hooks in force are looked up once, each modifier's
    source once, and each modifier is asked about the minions it can change (every minion,
    or those its declaration names: ``changes_only``, ``changes_only_at``), so a whole
    position costs much less than a ``power`` call per minion (observations read every
    minion's power at every step). ``mods``, ``shields``, ``printed``: as for ``power``."""
    minions = g.minions
    asked_slots = range(len(minions)) if slots is None else list(slots)
    rows = [minions[s] for s in asked_slots]
    # (loops over lists and ranges here, not chain or zip: compiled, those run as C, where
    # the generic iterators box every item)
    flat: list[int] = []
    for row in rows:
        flat.extend(row)
    defs = g.defs
    if g.tables.card_hooks["printed_power"]:  # a card in the game changes printed power
        if printed is None:
            printed = hooks(g, "printed_power")
    else:
        printed = None
    values = [defs[m].power for m in flat]
    # (a minion is found in ``flat`` with list.index: a position has a dozen minions or so,
    # and a modifier or two names one of them, so that beats building a dict of places)
    if printed:
        if all(hooked[0] in ONE_MINION_MODS for hooked in printed):
            # each changes one minion's printed power (Mimic its own, Matrix of Bossiness its
            # host's): in hook order, as printed_power folds them
            loc = g.loc
            for fn, me, _ in printed:
                target = ONE_MINION_MODS[fn](g, me)
                if target is not None and target in flat and loc[target][0] in PLAY_ZONES:
                    i = flat.index(target)
                    values[i] = fn(g, me, target, values[i])
            values = [int(v) for v in values]
        else:
            values = [printed_power(g, m, found=printed) for m in flat]
    counters = g.counters
    if counters:
        values = [values[i] + counters.get(flat[i], 0) for i in range(len(flat))]
    if mods is None:
        mods = hooks(g, "power_mod")
    spans: dict[int, range] | None = None
    for hooked in mods:
        fn, me, _ = hooked
        # (place in ``flat``, change) of the minions it is asked about
        changes: Iterable[tuple[int, int]]
        only = ONE_MINION_MODS.get(fn)
        if only is not None:  # it can change one minion only: ask about that one
            target = only(g, me)
            if target is None or target not in flat:
                continue
            delta = fn(g, me, target)
            if not delta:
                continue
            changes = ((flat.index(target), delta),)
        else:
            base_of = ONE_BASE_MODS.get(fn)
            if base_of is not None:  # it can change minions at one base only: ask about those
                if spans is None:
                    spans = {}
                    start = 0
                    for s, row in zip(asked_slots, rows, strict=True):
                        spans[s] = range(start, start + len(row))
                        start += len(row)
                slot = base_of(g, me)
                changes = [(i, fn(g, me, flat[i]))
                           for i in (() if slot is None else spans.get(slot, ()))]
            else:
                deltas = [fn(g, me, m) for m in flat]
                if not any(deltas):  # (most modifiers change one minion or a few)
                    continue
                changes = enumerate(deltas)
        src: Source | None = None
        for i, delta in changes:
            if delta:
                if shields is None:
                    shields = hooks(g, "protects")
                if shields:
                    if src is None:
                        src = source_of(g, hooked)
                    if not can_affect(g, flat[i], src, shields):
                        continue
                values[i] += delta
    if g.effects:
        for eff in g.effects:
            kind = EFFECT_KINDS[eff[0]]
            if kind.point == "power_mod":
                value = kind.value
                if value in ONE_TARGET_VALUES:  # only its target can change
                    if eff[1] in flat:
                        values[flat.index(eff[1])] += value(g, eff, eff[1])
                else:
                    values = [v + value(g, eff, m) for v, m in zip(values, flat, strict=True)]
    if values and min(values) < 0:
        values = [v if v > 0 else 0 for v in values]
    out: list[list[int]] = []
    at = 0
    for row in rows:
        end = at + len(row)
        out.append(values[at:end])
        at = end
    return out


def player_power(g: State, slot: int, player: int, mods: list[Hooked] | None = None,
                 shields: list[Hooked] | None = None) -> int:
    """A player's total power at a base."""
    if mods is None:
        mods = hooks(g, "power_mod")
    if shields is None and mods:
        shields = hooks(g, "protects")
    total = 0
    controller = g.controller
    for m in g.minions[slot]:
        if controller[m] == player:
            total += power(g, m, mods, shields)
    if g.effects:
        for kind, eff in effects_for(g, "player_power"):
            total += kind.value(g, eff, slot, player)
    return total if total > 0 else 0


def players_power(g: State, slot: int, mods: list[Hooked] | None = None,
                  shields: list[Hooked] | None = None) -> list[int]:
    """Every player's total power at a base (``player_power`` of each), in one pass over its
    minions (an evaluation reads them all)."""
    if mods is None:
        mods = hooks(g, "power_mod")
    if shields is None and mods:
        shields = hooks(g, "protects")
    totals = [0] * g.nplayers
    controller = g.controller
    for m in g.minions[slot]:
        totals[controller[m]] += power(g, m, mods, shields)
    if g.effects:
        for kind, eff in effects_for(g, "player_power"):
            for p in range(g.nplayers):
                totals[p] += kind.value(g, eff, slot, p)
    return [t if t > 0 else 0 for t in totals]


def every_players_power(g: State, mods: list[Hooked] | None = None,
                        shields: list[Hooked] | None = None,
                        rows: list[list[int]] | None = None) -> list[list[int]]:
    """``players_power`` of every base, from one ``powers`` pass over the position (a
    search's evaluation reads them all at every leaf, the score phase at every check): each
    player's minions' powers added up, then the temporary effects on a player's total, and
    a total below 0 counted as 0. ``mods``, ``shields``: as for ``power``; ``rows``: that
    pass (``powers(g, None, mods, shields)``) when the caller has it already."""
    controller = g.controller
    nplayers = g.nplayers
    totals_changed = effects_for(g, "player_power") if g.effects else []
    out: list[list[int]] = []
    if rows is None:
        rows = powers(g, None, mods, shields)
    minions = g.minions
    for slot in range(len(minions)):
        row, values = minions[slot], rows[slot]
        totals = [0] * nplayers
        for i in range(len(row)):
            totals[controller[row[i]]] += values[i]
        if totals_changed:
            for kind, eff in totals_changed:
                for p in range(nplayers):
                    totals[p] += kind.value(g, eff, slot, p)
            totals = [t if t > 0 else 0 for t in totals]
        out.append(totals)
    return out


def total_power(g: State, slot: int, mods: list[Hooked] | None = None,
                shields: list[Hooked] | None = None) -> int:
    if mods is None:
        mods = hooks(g, "power_mod")
    if shields is None and mods:
        shields = hooks(g, "protects")
    if not g.effects:
        # no temporary effect: no player's total can fall below 0 (each minion's power is at
        # least 0), so the players' totals add up to the minions' powers
        total = 0
        for m in g.minions[slot]:
            total += power(g, m, mods, shields)
        return total
    return sum(player_power(g, slot, p, mods, shields) for p in range(g.nplayers))


def breakpoint(g: State, slot: int, mods: list[Hooked] | None = None) -> int:
    """Current breakpoint of the base in ``slot`` (never below 0). ``mods``: the
    ``breakpoint_mod`` hooks in force, when the caller has them already."""
    value = g.base_defs[g.bases[slot]].breakpoint
    for fn, me, _ in hooks(g, "breakpoint_mod") if mods is None else mods:
        value += fn(g, me, slot)
    if g.effects:
        for kind, eff in effects_for(g, "breakpoint_mod"):
            value += kind.value(g, eff, slot)
    return value if value > 0 else 0


def actions_forbidden(g: State, player: int) -> bool:
    """Is ``player`` barred from playing actions now?"""
    return action_bar(g, player) is not None


def special_allowed(g: State, card: int, player: int) -> bool:
    """May ``player`` use ``card``'s Special now, as far as restrictions go? An action's
    Special plays that action, so a player who cannot play actions (Mark of Sleep) cannot."""
    return g.defs[card].kind != "action" or not play_barred(g, player, "action")


def action_bar(g: State, player: int) -> tuple[Any, ...] | None:
    """The temporary effect that bars ``player`` from playing actions now, if any:
    ``("no_actions", source card, when, expiry, player)``; ``when`` "own_turn" bars them only
    on their own turns."""
    for kind, eff in effects_for(g, "no_actions"):
        if kind.value(g, eff, player):
            return eff
    return None


def can_be_destroyed(g: State, target: int) -> bool:
    for fn, me, _ in hooks(g, "cannot_destroy"):
        if fn(g, me, target):
            return False
    if g.effects:  # "cannot be destroyed until the end of the turn" (engine/facts/guards.py)
        for kind, eff in effects_for(g, "cannot_destroy"):
            if kind.value(g, eff, target):
                return False
    return True


def can_be_returned(g: State, target: int) -> bool:
    """May ``target`` be returned to a hand now? (Temporary effects of the point
    ``cannot_return``: Form a Posse, engine/facts/guards.py.)"""
    if g.effects:
        for kind, eff in effects_for(g, "cannot_return"):
            if kind.value(g, eff, target):
                return False
    return True


def move_forbidden(g: State, card: int, slot: int, player: int) -> bool:
    """Does an effect forbid ``player`` moving ``card`` to ``slot`` (Mark of Sleep's "cannot
    move minions", Hideout's "cannot move minions to this base")?"""
    return any(test(g, it, card, slot, player) for test, it in _move_bars(g))


def _move_bars(g: State) -> list[tuple[Callable[..., Any], Any]]:
    """What may forbid a move now: the ``forbids_move`` hooks in force and temporary effects,
    as (test, its card or effect); each is asked ``test(g, it, card, slot, player)``."""
    bars: list[tuple[Callable[..., Any], Any]] = [
        (fn, me) for fn, me, _ in hooks(g, "forbids_move")]
    if g.effects:
        bars.extend((kind.value, eff) for kind, eff in effects_for(g, "forbids_move"))
    return bars


def move_destinations(g: State, card: int, player: int, src: Source) -> list[int]:
    """The bases ``player`` may move minion ``card`` to now with an ability of ``src``: any
    base but its own that no effect forbids, provided ``src`` may affect the minion at all.
    Move options are drawn from these, so every move offered takes effect."""
    loc = g.loc[card]
    if loc[0] != "minion" or not can_affect(g, card, src):
        return []
    bars = _move_bars(g)  # (the same test as move_forbidden, looked up once for every base)
    return [s for s in range(len(g.bases)) if s != loc[1]
            and not any(test(g, it, card, s, player) for test, it in bars)]


def play_barred(g: State, player: int, kind: str, card: int = -1, slot: int = -1,
                forbid: list[Hooked] | None = None) -> bool:
    """Does a restriction in force bar ``player`` playing a card of ``kind`` ("minion" or
    "action", the face it is played as) now: ``card`` at the base ``slot``, for a minion?

    The one restriction check of every way of playing a card: from the hand, as an extra,
    off the top of a deck, from a discard pile, out of stasis (even by the card's own
    leave-stasis instruction), stored or uncovered, through a Special, on any player's turn
    (``plays.action_targets``, ``plays.minion_targets``, ``stasis.stasis_options``,
    ``special_allowed``; ``plays.play_card`` refuses a play it bars). "No actions" (Mark of
    Sleep) bars every action of the player; a minion is barred at a base where a card or an
    effect forbids it (Overrun, Block the Path). ``forbid``: the "forbids_play" hooks in
    force, when the caller has them already."""
    if kind == "action":
        return bool(g.effects) and actions_forbidden(g, player)
    if slot < 0:
        return False
    for fn, me, _ in hooks(g, "forbids_play") if forbid is None else forbid:
        if fn(g, me, card, slot, player):
            return True
    return effect_forbids_play(g, card, slot, player)


def play_forbidden(g: State, card: int, slot: int, player: int) -> bool:
    """Does a restriction forbid ``player`` playing minion ``card`` at ``slot``?"""
    return play_barred(g, player, "minion", card, slot)


def effect_forbids_play(g: State, card: int, slot: int, player: int) -> bool:
    """Does a temporary effect forbid ``player`` playing ``card`` at ``slot``?"""
    if g.effects:
        for kind, eff in effects_for(g, "forbids_play"):
            if kind.value(g, eff, card, slot, player):
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


def cards_in_play(g: State, slot: int | None = None, player: int | None = None) -> list[int]:
    """The cards in play that an ability naming "a card" (in play, here, on a base) reaches:
    at ``slot`` (else at every base), controlled by ``player`` if given. Every card whose text
    says "card" where others say "minion" or "action" draws its candidates from here.

    Per base: its minions, the actions on the base, the actions on its minions, and the cards
    buried beside it. Oops rulebook (Burying, Status): a buried card "is not affected by
    abilities that target minions, actions, or any other card type. They are affected by
    abilities that target 'cards'." Not stored cards nor cards in stasis: they are in play,
    but the EMD rulebook lets only abilities that mention them affect them (Stored Cards:
    they "cannot be affected by abilities that do not mention stored cards"; Being in stasis,
    3: they may not be affected by "any ability that does not refer to stasis")."""
    slots = range(len(g.bases)) if slot is None else (slot,)
    found: list[int] = []
    for s in slots:
        minions = g.minions[s]
        found.extend(minions)
        found.extend(g.base_actions[s])
        for m in minions:
            found.extend(g.attached.get(m, ()))
        found.extend(g.zones.get(("buried", s), ()))
    if player is not None:
        controller = g.controller
        return [c for c in found if controller[c] == player]
    return found


def is_buried(g: State, card: int) -> bool:
    return bool(g.loc[card][0] == "buried")


def owner_of(g: State, card: int) -> int:
    """Who counts as the card's owner now: whose hand it goes back to, whose "a card you own"
    it is. A buried card's controller (Oops, Burying: "its controller is considered its owner
    until it is uncovered or discarded"), else its owner."""
    return g.controller[card] if g.loc[card][0] == "buried" else g.owner[card]


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


START_MINIONS: Final = ("start_minions",)
"""``misc`` key: how many minions the current player played before their Play Cards phase."""


def play_phase_minions(g: State) -> int:
    """Minions the current player has played this turn since their Play Cards phase began
    (minions played at the start of the turn do not count)."""
    return int(g.minions_played - g.misc.get(START_MINIONS, 0))


def players_from(g: State, first: int) -> list[int]:
    """Players in turn order starting with ``first`` (clockwise)."""
    n = g.nplayers
    return [(first + i) % n for i in range(n)]


def _named(g: State, key: Any) -> str:
    return next((d.name for d in g.defs if d.key == key), str(key))


def _at(g: State, slot: Any) -> str:
    if isinstance(slot, int) and 0 <= slot < len(g.bases):
        return "at " + g.base_defs[g.bases[slot]].name
    return "at a base"


for _cond in (
    PlayCondition("any", lambda g, card, slot, arg: True, lambda g, arg: ""),
    PlayCondition("power_le", lambda g, card, slot, arg: g.defs[card].power <= arg,
                  lambda g, arg: f"of power {arg} or less"),
    PlayCondition("at", lambda g, card, slot, arg: slot == arg, _at),
    PlayCondition("named", lambda g, card, slot, arg: g.defs[card].key == arg,
                  lambda g, arg: "named " + _named(g, arg)),
    # a base where player ``arg`` has no minions (when the minion is played)
    PlayCondition("no_own_minion",
                  lambda g, card, slot, arg: slot >= 0 and not has_minion_at(g, arg, slot),
                  lambda g, arg: "at a base where you have no minions"),
):
    register_play_condition(_cond)
