"""Changerbots (Cease and Desist): robots that transform with talents, lose their abilities
for raw power, and hand talents to each other through the actions bolted onto them.

General mechanics this faction uses (engine modules, tested in tests/cards/changerbots_test.py):
losing abilities and talents an action grants (``engine/facts/abilities.py``), where a minion moved
from this turn (``engine/facts/moves.py``).

Rulings where the texts leave a question open (each tested in tests/cards/changerbots_test.py):

- Leader Two must pick another of your minions if you have one (anywhere).
- Solarshout's talent may be used even with no action in hand; the -2 lasts even if it then
  loses its abilities (clarification).
- Bruiser and The Touch: the minion loses its own abilities and those actions gave it before
  (Flighterizer, Passengers, The Touch), not what actions on it do themselves (Cesium Armor's
  +2 and protection, Matrix of Bossiness); abilities gained later are kept (clarification).
  Bruiser can be destroyed until the start of your next turn; The Touch's loss lasts until the
  end of the turn.
- Huffie and Flighterizer's talent is offered only when the minion can move somewhere.
- Change Into A Gun may be played on your minion with no target there (guide R:); then it
  only gives -2. The target is a minion other than its host, of power 4 or less with the
  host's -2 already counted; it is destroyed if there is one (not a "may").
- Change Up and Roll On played in the Play Cards phase does nothing (like Hidden Ninja: its
  Special gives the time of its ability, not of playing the card); its Special is offered when
  at least one of your minions elsewhere could move to the scoring base.
- Matrix of Bossiness counts as directly increasing power (the C&D clarification counts a
  raised printed power), although on a minion printed above 5 it lowers the printed power.
- Passengers: "the previous base" is the base its minion left in its most recent move this
  turn (guide R:); the talent is offered when another of your minions there could come.
"""

from __future__ import annotations

from ..api import Faction
from ..helpers import (
    AbilityGen,
    Ctx,
    Event,
    HookKind,
    Special,
    State,
    Talent,
    Trigger,
    add_effect,
    can_be_destroyed,
    changes_only,
    choose_base,
    choose_many,
    choose_minion,
    choose_minion_to_destroy,
    choose_your_minion,
    controller_only,
    destinations,
    destroy,
    extra_play,
    host_of,
    its_host,
    lose_abilities,
    minions_matching,
    movable,
    move_minion,
    move_to_other_base,
    play_through_special,
    power,
    previous_base,
    register_hook_kind,
    special_slot,
    toward_aim,
    until_end_of_turn,
    until_start_of_turn,
)

changerbots = Faction("Changerbots", "cease-and-desist")


def _own_minion(g: State, me: int, target: int, player: int) -> bool:
    return g.controller[target] == player


# ---- Leader Two ------------------------------------------------------------------------------


@changerbots.minion("Leader Two", power=6,
                    text="Another minion of yours is 2 stronger until this turn is over.")
def leader_two(ctx: Ctx) -> AbilityGen:
    g = ctx.g
    target = yield from choose_your_minion(ctx, "Which of your other minions gets +2 power?",
                                           pred=lambda m: m != ctx.me)
    if target is not None:
        add_effect(g, "power", target, 2, until_end_of_turn(g), ctx.player)


# ---- Solarshout ------------------------------------------------------------------------------


def _solarshout_talent(ctx: Ctx) -> AbilityGen:
    g = ctx.g
    yield from extra_play(ctx, "action")
    add_effect(g, "power", ctx.me, -2, until_end_of_turn(g), ctx.player)


changerbots.minion(
    "Solarshout", power=4, count=2,
    text="Talent: you get an extra action play; this minion is 2 weaker for the rest of the turn.",
    talent=Talent(_solarshout_talent),
)

# ---- Bruiser ---------------------------------------------------------------------------------


def _bruiser_stands(g: State, me: int, target: int) -> bool:
    return target == me


def _bruiser_talent(ctx: Ctx) -> AbilityGen:
    g = ctx.g
    until = until_start_of_turn(ctx.player)
    add_effect(g, "power", ctx.me, 2, until, ctx.player)
    lose_abilities(g, ctx.me, until, ctx.player)
    return
    yield


changerbots.minion(
    "Bruiser", power=2, count=3,
    text="Ongoing: it cannot be destroyed. Talent: until your next turn begins, it has +2 power "
         "but no abilities at all, this protection included.",
    cannot_destroy=_bruiser_stands,
    talent=Talent(_bruiser_talent),
)

# ---- Huffie (and Flighterizer's talent) ------------------------------------------------------


def _can_hop(g: State, me: int) -> bool:
    return movable(Ctx(g, me, g.controller[me]), me)


def _hop(ctx: Ctx) -> AbilityGen:
    """Move this minion to another base; it is 1 weaker until the end of the turn."""
    g = ctx.g
    yield from move_to_other_base(ctx, ctx.me, "Move this minion to which base?")
    if g.in_play(ctx.me):
        add_effect(g, "power", ctx.me, -1, until_end_of_turn(g), ctx.player)


changerbots.minion(
    "Huffie", power=3, count=4,
    text="Talent: it drives to a different base, losing 1 power until the turn is over.",
    talent=Talent(_hop, _can_hop),
)

# ---- Cesium Armor ----------------------------------------------------------------------------


@changes_only(its_host)
def _armor_power(g: State, me: int, minion: int) -> int:
    return 2 if minion == host_of(g, me) else 0


def _armor_holds(g: State, me: int, target: int) -> bool:
    return target == host_of(g, me)


changerbots.action(
    "Cesium Armor", play_on="minion", boosts_power=True,
    text="Attach to any minion: while attached, it is 2 stronger and nothing can destroy it.",
    power_mod=_armor_power, cannot_destroy=_armor_holds,
)

# ---- Change Into A Gun -----------------------------------------------------------------------


@changes_only(its_host)
def _gun_power(g: State, me: int, minion: int) -> int:
    return -2 if minion == host_of(g, me) else 0


def _gun_turn_starts(g: State, me: int, ev: Event) -> bool:
    return bool(ev["player"] == g.controller[me])


def _gun_drops(ctx: Ctx, ev: Event) -> AbilityGen:
    yield from destroy(ctx, ctx.me)


@changerbots.action(
    "Change Into A Gun", count=2, play_on="minion", can_target=_own_minion,
    text="Attach to your minion and shoot down another minion at its base with 4 power or "
         "less. While attached, the host is 2 weaker; at the start of your turn this card "
         "is destroyed.",
    power_mod=_gun_power,
    triggers=(Trigger("start_turn", controller_only(_gun_turn_starts), _gun_drops),),
)
def change_into_a_gun(ctx: Ctx) -> AbilityGen:
    g = ctx.g
    host = host_of(g, ctx.me)
    if host is None:
        return
    slot = g.slot_of(host)
    victims = set(minions_matching(ctx, slot, lambda m: m != host and power(g, m) <= 4
                                   and can_be_destroyed(g, m)))
    target = yield from choose_minion_to_destroy(ctx, "Shoot which minion of power 4 or less?",
                                                 where=slot, pred=victims.__contains__)
    if target is not None:
        yield from destroy(ctx, target)


# ---- Change Up and Roll On -------------------------------------------------------------------


def _rollers(ctx: Ctx, slot: int) -> list[int]:
    """Your minions at other bases that could move to ``slot``."""
    g = ctx.g
    return [m for s, ms in enumerate(g.minions) if s != slot for m in ms
            if g.controller[m] == ctx.player and slot in destinations(ctx, m)]


def _roll_on_can(g: State, card: int, ev: Event, holder: int) -> bool:
    slot = ev.get("slot")
    return isinstance(slot, int) and bool(_rollers(Ctx(g, card, holder), slot))


@changerbots.action(
    "Change Up and Roll On",
    text="Special, as a base is about to score: roll as many of your minions as you like over "
         "to it; each one that comes is 1 weaker until the turn ends.",
    specials=(Special("before_score", _roll_on_can, play_through_special),),
)
def change_up_and_roll_on(ctx: Ctx) -> AbilityGen:
    g = ctx.g
    slot = special_slot(ctx)
    if slot is None:
        return
    chosen = yield from choose_many(ctx, _rollers(ctx, slot), "Move which of your minions there?")
    for m in chosen:
        if (yield from move_minion(ctx, m, slot)):
            add_effect(g, "power", m, -1, until_end_of_turn(g), ctx.player)


# ---- Flighterizer ----------------------------------------------------------------------------

changerbots.action(
    "Flighterizer", play_on="minion", can_target=_own_minion,
    text="Attach to your minion. It gains this talent: it drives to a different base, losing 1 "
         "power until the turn is over.",
    talent=Talent(_hop, _can_hop, granted=True),
)

# ---- Form Mergacon ---------------------------------------------------------------------------


@changerbots.action("Form Mergacon", boosts_power=True,
                    text="Pick a base: the minions you have there right now are 1 stronger "
                         "until the turn ends.")
def form_mergacon(ctx: Ctx) -> AbilityGen:
    g = ctx.g
    def yours_at(s: int) -> list[int]:
        return [m for m in g.minions[s] if g.controller[m] == ctx.player]

    # played on condition that it raises certain minions: a base where one is, when there is
    mine = toward_aim(g, ctx.me, [s for s in range(len(g.bases)) if yours_at(s)], yours_at)
    slot = yield from choose_base(ctx, "Your minions at which base get +1 power?",
                                  pred=mine.__contains__)
    if slot is None:
        return
    for m in list(g.minions[slot]):
        if g.controller[m] == ctx.player:
            add_effect(g, "power", m, 1, until_end_of_turn(g), ctx.player)


# ---- Matrix of Bossiness ---------------------------------------------------------------------

PRINTED_AS_FIVE = register_hook_kind(HookKind(
    "printed_power_five", "printed_power",
    doc="an action on a minion whose printed power then counts as 5 (Matrix of Bossiness)"))


@changes_only(its_host)
def _matrix_printed(g: State, me: int, minion: int, value: int) -> int:
    return 5 if minion == host_of(g, me) else value


changerbots.action(
    "Matrix of Bossiness", play_on="minion", can_target=_own_minion, boosts_power=True,
    text="Attach to your minion: while attached, its printed power counts as 5.",
    hooks={PRINTED_AS_FIVE.name: _matrix_printed},
)

# ---- Passengers ------------------------------------------------------------------------------


def _passengers(g: State, me: int) -> list[int]:
    """Your other minions at the base ``me`` left in its latest move this turn, that could
    come to where it is now."""
    here = g.slot_of(me)
    prev = previous_base(g, me)
    if here is None or prev is None:
        return []
    ctx = Ctx(g, me, g.controller[me])
    return [m for m in g.minions[prev] if m != me and g.controller[m] == ctx.player
            and here in destinations(ctx, m)]


def _passengers_can(g: State, me: int) -> bool:
    return bool(_passengers(g, me))


def _passengers_talent(ctx: Ctx) -> AbilityGen:
    g = ctx.g
    here = g.slot_of(ctx.me)
    riders = set(_passengers(g, ctx.me))
    rider = yield from choose_minion(ctx, "Which of your minions comes along?",
                                     pred=riders.__contains__)
    if rider is not None and here is not None:
        yield from move_minion(ctx, rider, here)


changerbots.action(
    "Passengers", play_on="minion",
    text="Attach to any minion. It gains this talent: if it has moved this turn, one more of "
         "your minions follows it from the base it just left.",
    talent=Talent(_passengers_talent, _passengers_can, granted=True),
)

# ---- The Touch -------------------------------------------------------------------------------


def _touch_talent(ctx: Ctx) -> AbilityGen:
    g = ctx.g
    until = until_end_of_turn(g)
    add_effect(g, "power", ctx.me, 3, until, ctx.player)
    lose_abilities(g, ctx.me, until, ctx.player)
    return
    yield


changerbots.action(
    "The Touch", count=2, play_on="minion", can_target=_own_minion,
    text="Attach to your minion. It gains this talent: until the turn ends, +3 power and no "
         "other abilities.",
    talent=Talent(_touch_talent, granted=True),
)

__all__ = ["changerbots"]
