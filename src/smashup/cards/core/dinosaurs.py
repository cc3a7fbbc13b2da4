"""Dinosaurs: big bodies, bigger power boosts, and lasers for the little ones."""

from __future__ import annotations

from ..api import Faction
from ..helpers import (
    AbilityGen,
    Ctx,
    Source,
    State,
    Talent,
    add_effect,
    changes_only,
    changes_only_at,
    choose_card,
    choose_minion_to_boost,
    choose_minion_to_destroy,
    destroy,
    discard_card,
    host_of,
    its_base,
    its_host,
    minions_matching,
    minions_of,
    power,
    printed_power,
    until_end_of_turn,
    until_end_of_your_turn,
    until_start_of_turn,
)

dinosaurs = Faction("Dinosaurs", "core")


# ---- minions ---------------------------------------------------------------------------------

dinosaurs.minion("King Rex", power=7)  # no ability, on purpose


@dinosaurs.minion("Lasertops", power=4, count=2,
                  text="Optionally wipe out one minion at this base if the number printed on"
                       " it is at most 2 (bonuses do not count).")
def lasertops(ctx: Ctx) -> AbilityGen:
    g = ctx.g
    target = yield from choose_minion_to_destroy(
        ctx, "Destroy a minion here of printed power 2 or less", where=ctx.slot,
        pred=lambda m: printed_power(g, m) <= 2, optional=True)
    if target is not None:
        yield from destroy(ctx, target)


def _stego_armor(ctx: Ctx) -> AbilityGen:
    g = ctx.g
    add_effect(g, "power_off_turn", ctx.me, 2, until_start_of_turn(ctx.player), ctx.player)
    return
    yield


dinosaurs.minion(
    "Armor Stego", power=3, count=3,
    text="Talent: until your next turn starts, this minion has +2 power while it is not your turn.",
    talent=Talent(_stego_armor),
)


RAPTOR = "dinosaurs/war-raptor"


@changes_only_at(its_base)
def _raptor_pack(g: State, me: int, minion: int) -> int:
    """Each War Raptor gives +1 to every War Raptor at its base, itself included: so a
    minion that copied this ability (Copycat) raises the War Raptors there but not itself,
    as copying brings no name (Copycat clarification)."""
    if g.defs[minion].key != RAPTOR:
        return 0
    slot = g.slot_of(me)
    return 1 if slot is not None and g.slot_of(minion) == slot else 0


dinosaurs.minion(
    "War Raptor", power=2, count=4,
    text="Ongoing: +1 power for every War Raptor at this base, itself included.",
    power_mod=_raptor_pack,
)


# ---- actions ---------------------------------------------------------------------------------


@dinosaurs.action("Augmentation", count=2, boosts_power=True,
                  text="A minion gets +4 power until your turn ends.")
def augmentation(ctx: Ctx) -> AbilityGen:
    g = ctx.g
    target = yield from choose_minion_to_boost(ctx, "Give which minion +4 power?")
    if target is not None:
        add_effect(g, "power", target, 4, until_end_of_your_turn(g, ctx.player), ctx.player)


@dinosaurs.action("Howl", count=2, boosts_power=True,
                  text="Each minion you have in play gets +1 power until your turn ends.")
def howl(ctx: Ctx) -> AbilityGen:
    g = ctx.g
    p = ctx.player
    for m in minions_matching(ctx, pred=lambda m: g.controller[m] == p):
        add_effect(g, "power", m, 1, until_end_of_your_turn(g, p), p)
    return
    yield


@dinosaurs.action("Natural Selection",
                  text="Pick one of your minions; destroy a minion at its base that has less power"
                       " than it.")
def natural_selection(ctx: Ctx) -> AbilityGen:
    g = ctx.g
    mine = yield from choose_card(ctx, minions_of(g, ctx.player), "Choose one of your minions")
    if mine is None:
        return
    strength = power(g, mine)
    target = yield from choose_minion_to_destroy(ctx, "Destroy a minion there with less power",
                                                 where=g.slot_of(mine),
                                                 pred=lambda m: power(g, m) < strength)
    if target is not None:
        yield from destroy(ctx, target)


@dinosaurs.action("Rampage",
                  text="Pick one of your minions: its base's breakpoint drops by that minion's"
                       " current power until the end of the turn.")
def rampage(ctx: Ctx) -> AbilityGen:
    g = ctx.g
    mine = yield from choose_card(ctx, minions_of(g, ctx.player),
                                  "Lower the breakpoint of its base by which minion's power?")
    slot = None if mine is None else g.slot_of(mine)
    if mine is None or slot is None:
        return
    # the reduction is fixed now: later changes to the minion's power do not alter it
    add_effect(g, "breakpoint", slot, -power(g, mine), until_end_of_turn(g), ctx.player)


@dinosaurs.action("Survival of the Fittest",
                  text="At every base where some minion has more power than another, destroy a"
                       " minion with the lowest power there (you break ties).")
def survival_of_the_fittest(ctx: Ctx) -> AbilityGen:
    g = ctx.g
    for slot in range(len(g.bases)):
        powers = {m: power(g, m) for m in g.minions[slot]}
        if len(powers) < 2:
            continue
        low = min(powers.values())
        if low == max(powers.values()):
            continue
        weakest = {m for m, pw in powers.items() if pw == low}
        target = yield from choose_minion_to_destroy(
            ctx, "Destroy which of the weakest minions here?", where=slot,
            pred=weakest.__contains__)
        if target is not None:
            yield from destroy(ctx, target)


def _claw_shields(g: State, me: int, target: int, src: Source) -> bool:
    return (target == host_of(g, me) and src.player is not None
            and src.player != g.controller[me])


dinosaurs.action(
    "Tooth and Claw...and Guns", play_on="minion",
    text="Play on a minion. Ongoing: cards of players other than you cannot affect that minion.",
    protects=_claw_shields,
)


@changes_only(its_host)
def _upgrade(g: State, me: int, minion: int) -> int:
    return 2 if minion == host_of(g, me) else 0


dinosaurs.action("Upgrade", play_on="minion", boosts_power=True,
                 text="Attach to any minion; while attached, it is 2 stronger.", power_mod=_upgrade)


def _preserve_shields(g: State, me: int, target: int, src: Source) -> bool:
    owner = g.controller[me]
    return (src.kind == "action" and src.player is not None and src.player != owner
            and g.loc[target][0] == "minion" and g.controller[target] == owner
            and g.slot_of(target) == g.slot_of(me))


@dinosaurs.action("Wildlife Preserve", play_on="base",
                  text="Play on a base. Ongoing: other players' actions cannot affect your minions"
                       " here; their actions already on those minions are discarded.",
                  protects=_preserve_shields)
def wildlife_preserve(ctx: Ctx) -> AbilityGen:
    g = ctx.g
    slot = ctx.slot
    if slot is None:
        return
    for m in minions_of(g, ctx.player, slot):
        for action in list(g.attached.get(m, ())):
            if g.controller[action] != ctx.player:
                discard_card(g, action, reason="Wildlife Preserve")
    return
    yield


__all__ = ["dinosaurs"]
