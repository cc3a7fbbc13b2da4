"""Transferring an action: relocating it, still in play, from one card to another (EMD rules,
"Transfer"). Funkman, Roy, Ectoplasm One and Resurgence transfer actions.

An action played on a base goes onto another base; an action played on a minion goes onto
another minion (for "to another base": a minion at another base). Transferring is not
playing: no on-play ability happens and the card keeps its controller; what it does while in
play (a breakpoint change, power on its minion) follows it. It affects the action, and the
minion it goes onto ("it has an action on it"), so either being protected from the ability
stops it; every destination offered can be reached. Each transfer emits ``transferred``
(card, src and dest slots, the minion it went onto, if any, and who did it).
"""

from __future__ import annotations

from collections.abc import Iterable

from ..core.context import Ctx
from ..core.defs import AbilityGen
from ..core.events import emit
from ..core.requests import (
    SKIP,
    BaseOption,
    CardOption,
    Option,
    Request,
    new_option,
)
from ..core.state import State
from ..facts.query import can_affect
from ..rules.protection import affects
from ..rules.zones import relocate


def transfer_options(ctx: Ctx, card: int, slots: Iterable[int] | None = None) -> list[Option]:
    """Where this ability may transfer action ``card`` now: ``("base", slot)`` for an action on
    a base, ``("card", minion)`` for one on a minion; only at ``slots`` if given (default:
    every other base), never where it is already."""
    g = ctx.g
    loc = g.loc[card]
    if g.defs[card].kind != "action" or loc[0] not in ("base_action", "on"):
        return []
    src = ctx.source
    if not can_affect(g, card, src):
        return []
    here = g.slot_of(card)
    wanted = [s for s in range(len(g.bases)) if s != here] if slots is None else \
        [s for s in slots if 0 <= s < len(g.bases)]
    if loc[0] == "base_action":
        return [new_option(BaseOption, ("base", s)) for s in wanted if s != here]
    return [new_option(CardOption, ("card", m)) for s in wanted for m in g.minions[s]
            if m != loc[1] and can_affect(g, m, src)]


def can_transfer(ctx: Ctx, card: int, slots: Iterable[int] | None = None) -> bool:
    return bool(transfer_options(ctx, card, slots))


def transfer_action(ctx: Ctx, card: int, dest: Option) -> bool:
    """Transfer action ``card`` to ``dest`` (an option of ``transfer_options``). Returns True
    if it went (False, changing nothing, when the ability may not affect it now)."""
    g = ctx.g
    loc = g.loc[card]
    if loc[0] not in ("base_action", "on") or not affects(g, card, ctx.source):
        return False
    src_slot = g.slot_of(card)
    slot: int | None
    if isinstance(dest, BaseOption):
        slot = dest.slot
        relocate(g, card, ("base_action", slot))
        onto = None
    else:
        assert isinstance(dest, CardOption)  # (a minion: transfer_options)
        onto = dest.card
        if g.loc[onto][0] != "minion" or not affects(g, onto, ctx.source):
            return False
        relocate(g, card, ("on", onto))
        slot = g.slot_of(onto)
    emit(g, "transferred", card=card, src=src_slot, dest=slot, onto=onto, by=ctx.player)
    return True


def choose_transfer(ctx: Ctx, card: int, slots: Iterable[int] | None = None,
                    prompt: str = "", optional: bool = False) -> AbilityGen:
    """Choose where to transfer ``card`` (among ``slots``, if given) and transfer it; a single
    destination is taken without asking unless ``optional``. Returns True if it went."""
    opts = transfer_options(ctx, card, slots)
    if not opts:
        return False
    if optional:
        opts.append(SKIP)
    if len(opts) == 1:
        choice = opts[0]
    else:
        choice = yield Request(ctx.player, "transfer",
                               prompt or f"Transfer {ctx.g.defs[card].name} where?", opts,
                               ctx.ref)
    if choice.tag == "skip":
        return False
    return transfer_action(ctx, card, choice)


def actions_at(g: State, slot: int) -> list[int]:
    """The actions at a base: those played on it, then those on its minions."""
    return list(g.base_actions[slot]) + [a for m in g.minions[slot]
                                         for a in g.attached.get(m, ())
                                         if g.defs[a].kind == "action"]
