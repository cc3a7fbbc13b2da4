"""What stands between an effect and its target: "instead" abilities (``replaced``), "not
affected" and one-time shields (``affects``, ``absorbed``), and ``resolve``, through which
every ability resolution goes so that a shield's cover lasts for that resolution alone."""

from __future__ import annotations

from typing import Any, Final

from ..core.context import Ctx
from ..core.defs import AbilityGen, Replacement, Source
from ..core.events import emit
from ..core.requests import (
    Option,
    Request,
    TriggerOption,
)
from ..core.state import PLAY_ZONES, State
from ..facts.abilities import NONE_LOST, copy_lost, lost_abilities
from ..facts.copies import copied_replacements
from ..facts.query import base_cancelled, can_affect
from .zones import note_destroyed, to_owner


def replacements_for(g: State, events: tuple[str, ...]) -> list[tuple[Replacement, int, bool]]:
    """The "instead" abilities in force for any of ``events``: (replacement, card id or base
    slot, is it a base)."""
    found: list[tuple[Replacement, int, bool]] = []
    tables = g.tables
    lost = lost_abilities(g) if g.effects else NONE_LOST  # (engine/facts/abilities.py)
    for card in tables.hook_cards["replacements"]:
        if g.loc[card][0] in PLAY_ZONES and card not in lost:
            found.extend((rep, card, False) for rep in g.defs[card].replacements
                         if rep.event in events)
    if g.effects:  # "instead" abilities a card copied (engine/facts/copies.py)
        found.extend((rep, host, False) for rep, host in copied_replacements(g)
                     if rep.event in events and not (lost and copy_lost(g, host, lost)))
    bases = tables.list_bases["replacements"]
    if bases:
        for slot, bid in enumerate(g.bases):
            if bid in bases and not base_cancelled(g, slot):
                found.extend((rep, slot, True) for rep in g.base_defs[bid].replacements
                             if rep.event in events)
    return found


def replaced(ctx: Ctx, target: int, events: tuple[str, ...]) -> AbilityGen:
    """Before an effect does one of ``events`` (``kinds.REPLACEABLE``) to ``target``: let the
    "instead" abilities that apply replace it. Returns True when one did (the effect then
    does nothing more). When several apply at once the current player picks which first.
    While they run, ``replacing(g)`` names the effect being replaced."""
    g = ctx.g
    candidates = replacements_for(g, events) if g.tables.hook_cards["replacements"] or \
        g.tables.list_bases["replacements"] else []
    if not candidates:
        return False
    outer = g.misc.get(REPLACING)
    g.misc[REPLACING] = (ctx.me, ctx.is_base, g.turn)
    done = False
    while candidates:
        ready = [c for c in candidates if c[0].applies(g, c[1], target)]
        if not ready:
            break
        chosen = ready[0]
        if len(ready) > 1:
            names = [g.base_names[g.bases[me]] if is_base else g.names[me]
                     for _, me, is_base in ready]
            opts: list[Option] = [TriggerOption("trigger", i, n) for i, n in enumerate(names)]
            pick = yield Request(g.current, "order", "Choose which effect applies first", opts)
            chosen = ready[pick.nth]
        candidates.remove(chosen)
        rep, me, is_base = chosen
        owner = g.controller[me] if not is_base else g.current
        rep_ctx = Ctx(g, me, owner, is_base)
        if (yield from resolve(rep_ctx, rep.run(rep_ctx, target))):
            done = True
            break
    if outer is None:
        g.misc.pop(REPLACING, None)
    else:
        g.misc[REPLACING] = outer
    return done


REPLACING: Final = ("rule", "replacing")
"""``misc`` key, while "instead" abilities are asked: the effect they would replace, as
(its card id or base slot, is it a base, the turn)."""


def replacing(g: State) -> tuple[Any, ...] | None:
    """The effect that the "instead" ability now running would replace: (its card id or base
    slot, is it a base, the turn). An ability that may replace "one of" several things one
    effect does at once (Medical Officer) remembers it."""
    cause = g.misc.get(REPLACING)
    return None if cause is None else tuple(cause)


def affects(g: State, target: int, src: Source) -> bool:
    """Does ``src`` actually affect ``target`` now? ("not affected" effects and spent
    shields say no.) Effect helpers ask this just before they change a card."""
    return can_affect(g, target, src) and not absorbed(g, target, src)


ABSORBED: Final = "absorbed"
"""``misc`` key ``(ABSORBED, card)``: the minions a one-time shield covered when it took an
ability of ``card``; kept for that one resolution only (``resolve``)."""


def resolve(ctx: Ctx, ability: AbilityGen) -> AbilityGen:
    """Resolve one ability of ``ctx``'s card (its play, talent, Special, trigger, "instead"
    ability...): every ability resolution goes through here. What a one-time shield absorbed
    from that card (``absorbed``) belongs to this resolution alone: not to an earlier or a
    later one of the same card, nor to one this one sets off (that keeps its own).
    Returns what the ability returns."""
    if ctx.is_base:
        return (yield from ability)
    g, key = ctx.g, (ABSORBED, ctx.me)
    outer = g.misc.pop(key, None)
    result = yield from ability
    if outer is None:
        g.misc.pop(key, None)
    else:
        g.misc[key] = outer
    return result


def absorbed(g: State, target: int, src: Source) -> bool:
    """A one-time shield (a hook at the point "absorbs", as the 2012 Hideout registers)
    stops ``src`` affecting ``target``: the first time, the shield card is destroyed and
    remembers which minions it covered, so the rest of that card's resolution (``resolve``)
    cannot affect them either."""
    shields = g.tables.card_hooks["absorbs"]
    if src.card is None or not shields:
        return False
    covered = g.misc.get((ABSORBED, src.card))
    if covered is not None and target in covered:
        return True
    for card, fn, zones in shields:
        if g.loc[card][0] not in zones or not fn(g, card, target, src):
            continue
        g.misc[(ABSORBED, src.card)] = tuple(m for ms in g.minions for m in ms
                                               if fn(g, card, m, src))
        slot, controller = g.slot_of(card), g.controller[card]
        to_owner(g, card, "discard")
        note_destroyed(g, card, slot)
        emit(g, "destroyed", card=card, slot=slot, owner=g.owner[card], controller=controller,
             by=controller, was="base_action")
        return True
    return False
