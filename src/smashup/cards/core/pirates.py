"""Pirates: they sail their own minions (and everyone else's) from base to base."""

from __future__ import annotations

from ..api import Faction
from ..helpers import (
    AbilityGen,
    Ctx,
    Event,
    PlayOption,
    Replacement,
    Special,
    State,
    Trigger,
    add_effect,
    ask_player,
    choose_base,
    choose_card,
    choose_destination,
    choose_faction,
    choose_minion_to_destroy,
    choose_minion_to_move,
    controller_only,
    destinations,
    destroy,
    faction_of,
    has_minion_at,
    minions_matching,
    minions_of,
    movable,
    move_minion,
    move_to_other_base,
    play_card,
    power,
    slot_is,
    until_end_of_turn,
    window_slot,
)

pirates = Faction("Pirates", "core")


# ---- minions ---------------------------------------------------------------------------------


def _king_may_sail(g: State, me: int, slot: int | None) -> bool:
    """May the Pirate King move to the scoring base (Hideout, Mark of Sleep may forbid it)?"""
    return slot is not None and slot in destinations(Ctx(g, me, g.controller[me]), me)


def _king_sees(g: State, me: int, ev: Event) -> list[int]:
    return [g.controller[me]] if _king_may_sail(g, me, window_slot(g, ev)) else []


def _king_sails(ctx: Ctx, ev: Event) -> AbilityGen:
    slot = window_slot(ctx.g, ev)
    if slot is not None and _king_may_sail(ctx.g, ctx.me, slot):
        yield from move_minion(ctx, ctx.me, slot)
    return
    yield


pirates.minion(
    "Pirate King", power=5,
    text="Special: when some other base is about to score, this minion can sail over and"
         " join it first.",
    triggers=(Trigger("before_score", _king_sees, _king_sails, optional=True),),
)


def _buccaneer_key(me: int) -> tuple[str, int]:
    return ("buccaneer", me)


def _buccaneer_applies(g: State, me: int, target: int) -> bool:
    # with nowhere it may move to, there is no "instead" to offer
    return (target == me and _buccaneer_key(me) not in g.used
            and movable(Ctx(g, me, g.controller[me]), me))


def _buccaneer_escapes(ctx: Ctx, target: int) -> AbilityGen:
    g = ctx.g
    dest = yield from choose_destination(ctx, ctx.me, "Move Buccaneer to another base instead of"
                                         " its destruction?", optional=True)
    if dest is None or not (yield from move_minion(ctx, ctx.me, dest)):
        return False
    g.used.add(_buccaneer_key(ctx.me))
    return True


pirates.minion(
    "Buccaneer", power=4, count=2,
    text="Ongoing: the first time in a turn it faces destruction, it can escape to a"
         " different base and stay in play.",
    replacements=(Replacement("destroy", _buccaneer_applies, _buccaneer_escapes),),
)


@pirates.minion("Cut Lass", power=3, count=3,
                text="Optionally wipe out one minion at this base that currently has 2 power or"
                     " less.")
def cut_lass(ctx: Ctx) -> AbilityGen:
    g = ctx.g
    target = yield from choose_minion_to_destroy(ctx, "Destroy a minion here of power 2 or less",
                                                 where=ctx.slot, pred=lambda m: power(g, m) <= 2,
                                                 optional=True)
    if target is not None:
        yield from destroy(ctx, target)


def _mate_may_jump(g: State, me: int, ev: Event) -> bool:
    return slot_is(g, me, ev) and movable(Ctx(g, me, g.controller[me]), me)


def _mate_jumps_ship(ctx: Ctx, ev: Event) -> AbilityGen:
    # the scored base still holds its slot, so its replacement cannot be picked
    yield from move_to_other_base(ctx, ctx.me, "Move First Mate to which base?")


pirates.minion(
    "First Mate", power=2, count=4,
    text="Special: once its base has scored, it can hop to a different base rather than be"
         " cleared away with the rest.",
    triggers=(Trigger("after_score", controller_only(_mate_may_jump), _mate_jumps_ship,
                      optional=True),),
)


# ---- actions ---------------------------------------------------------------------------------


@pirates.action("Broadside", count=2,
                text="At a base where you have a minion, destroy every minion of power 2 or less"
                     " that one player controls there.")
def broadside(ctx: Ctx) -> AbilityGen:
    g = ctx.g
    slot = yield from choose_base(ctx, "Fire on which base?",
                                  pred=lambda s: has_minion_at(g, ctx.player, s))
    if slot is None:
        return
    victim = yield from ask_player(ctx, "Destroy whose weak minions there?",
                                   [(ctx.player + i) % g.nplayers for i in range(g.nplayers)])
    targets = minions_matching(ctx, where=slot,
                               pred=lambda m: g.controller[m] == victim and power(g, m) <= 2)
    for m in targets:
        yield from destroy(ctx, m)


@pirates.action("Cannon", text="Pick zero, one or two minions anywhere with 2 power or less;"
                               " they are destroyed.")
def cannon(ctx: Ctx) -> AbilityGen:
    g = ctx.g
    for _ in range(2):
        target = yield from choose_minion_to_destroy(ctx, "Destroy a minion of power 2 or less",
                                                     pred=lambda m: power(g, m) <= 2, optional=True)
        if target is None:
            return
        yield from destroy(ctx, target)


def _sail_own(ctx: Ctx, limit: int | None) -> AbilityGen:
    """Move up to ``limit`` (None: any number) of your minions, each to a base of your choice."""
    g = ctx.g
    moved: list[int] = []
    while limit is None or len(moved) < limit:
        mine = yield from choose_minion_to_move(
            ctx, "Move which of your minions?", optional=True,
            pred=lambda m: g.controller[m] == ctx.player and m not in moved)
        if mine is None:
            return
        moved.append(mine)
        yield from move_to_other_base(ctx, mine)


@pirates.action("Dinghy", count=2,
                text="Relocate as many as two of your minions, each to any base but its own.")
def dinghy(ctx: Ctx) -> AbilityGen:
    yield from _sail_own(ctx, 2)


def _full_sail_special(ctx: Ctx, ev: Event) -> AbilityGen:
    yield from play_card(ctx.g, ctx.player, ctx.me, PlayOption("play", ctx.me))


@pirates.action(
    "Full Sail",
    text="Move as many of your minions as you like to other bases. Special: you may play this"
         " just before a base scores.",
    specials=(Special("before_score", lambda g, c, ev, p: window_slot(g, ev) is not None,
                      _full_sail_special),),
)
def full_sail(ctx: Ctx) -> AbilityGen:
    yield from _sail_own(ctx, None)


@pirates.action("Powderkeg",
                text="Destroy one of your minions, and with it every minion at its base whose"
                     " power is not greater than its power.")
def powderkeg(ctx: Ctx) -> AbilityGen:
    g = ctx.g
    mine = yield from choose_card(ctx, minions_of(g, ctx.player), "Blow up which of your minions?")
    slot = None if mine is None else g.slot_of(mine)
    if mine is None or slot is None:
        return
    limit = power(g, mine)
    caught = [m for m in g.minions[slot] if m != mine and power(g, m) <= limit]
    yield from destroy(ctx, mine)
    for m in caught:
        yield from destroy(ctx, m)


@pirates.action("Sea Dogs",
                text="Name a faction; move every minion of that faction that other players control"
                     " from one base to another.")
def sea_dogs(ctx: Ctx) -> AbilityGen:
    g = ctx.g

    def theirs(slot: int, named: str | None = None) -> list[int]:
        """Other players' minions at ``slot`` (of the named faction) that could be moved."""
        return [m for m in g.minions[slot] if g.controller[m] != ctx.player
                and (named is None or faction_of(g, m) == named) and movable(ctx, m)]

    def can_go(src: int, dest: int, named: str) -> bool:
        return any(dest in destinations(ctx, m) for m in theirs(src, named))

    named = yield from choose_faction(ctx, sorted({faction_of(g, m) for s in range(len(g.bases))
                                                   for m in theirs(s)}))
    if named is None:
        return
    src = yield from choose_base(ctx, "Move them from which base?",
                                 pred=lambda s: bool(theirs(s, named)))
    if src is None:
        return
    dest = yield from choose_base(ctx, "Move them to which base?",
                                  pred=lambda s: can_go(src, s, named))
    if dest is None:
        return
    for m in theirs(src, named):
        yield from move_minion(ctx, m, dest)


@pirates.action("Shanghai", text="Move a minion another player controls to another base.")
def shanghai(ctx: Ctx) -> AbilityGen:
    g = ctx.g
    target = yield from choose_minion_to_move(ctx, "Move which minion?",
                                              pred=lambda m: g.controller[m] != ctx.player)
    if target is not None:
        yield from move_to_other_base(ctx, target)


@pirates.action("Swashbuckling", boosts_power=True,
                text="Each minion you have in play gets +1 power until the end of the turn.")
def swashbuckling(ctx: Ctx) -> AbilityGen:
    g = ctx.g
    p = ctx.player
    for m in minions_matching(ctx, pred=lambda m: g.controller[m] == p):
        add_effect(g, "power", m, 1, until_end_of_turn(g), p)
    return
    yield


__all__ = ["pirates"]
