"""Ninjas: sudden destruction and minions that appear just before a base scores."""

from __future__ import annotations

from ..api import Faction
from ..helpers import (
    AbilityGen,
    Ctx,
    Event,
    PlayAtOption,
    Source,
    Special,
    State,
    Talent,
    Trigger,
    add_effect,
    can_affect,
    can_be_returned,
    changes_only,
    choose_base,
    choose_card,
    choose_many,
    choose_minion_to_destroy,
    choose_minion_to_move,
    destroy,
    host_of,
    its_host,
    minion_targets,
    minions_matching,
    move_to_other_base,
    owner_of,
    play_card,
    play_extra_now,
    play_phase_minions,
    play_through_special,
    power,
    return_to_hand,
    special_slot,
    until_start_of_turn,
    window_slot,
)

ninjas = Faction("Ninjas", "core")


# ---- minions ---------------------------------------------------------------------------------


@ninjas.minion("Ninja Master", power=5,
               text="On play, you may pick a minion at this base (itself included) and destroy it.")
def ninja_master(ctx: Ctx) -> AbilityGen:
    target = yield from choose_minion_to_destroy(
        ctx, "Destroy a minion at this base", where=ctx.slot, optional=True)
    if target is not None:
        yield from destroy(ctx, target)


@ninjas.minion("Tiger Assassin", power=4, count=2,
               text="On play, you may pick any minion whose power is 3 or lower and destroy it.")
def tiger_assassin(ctx: Ctx) -> AbilityGen:
    g = ctx.g
    target = yield from choose_minion_to_destroy(ctx, "Destroy a minion of power 3 or less",
                                                 pred=lambda m: power(g, m) <= 3, optional=True)
    if target is not None:
        yield from destroy(ctx, target)


def _shinobi_key(g: State, player: int, slot: int) -> tuple[str, int, int, int]:
    return ("shinobi", player, slot, g.bases[slot])


def _shinobi_can(g: State, me: int, ev: Event, holder: int) -> bool:
    slot = window_slot(g, ev)
    return (slot is not None and _shinobi_key(g, holder, slot) not in g.used
            and bool(minion_targets(g, me, holder, [slot])))


def _shinobi_jump(ctx: Ctx, ev: Event) -> AbilityGen:
    g = ctx.g
    slot = ev["slot"]
    g.used.add(_shinobi_key(g, ctx.player, slot))
    yield from play_card(g, ctx.player, ctx.me, PlayAtOption("play", ctx.me, "base", slot))


ninjas.minion(
    "Shinobi", power=3, count=3,
    text="Special: as a base is about to score, you may play this minion from your hand at that "
         "base; each player may do so with one Shinobi per scoring.",
    specials=(Special("before_score", _shinobi_can, _shinobi_jump),),
)


def _acolyte_can(g: State, me: int) -> bool:
    """Both halves or neither (clarification): only when some minion could then be played at
    its base, the Acolyte itself (back in hand) included, if it comes back to this player's
    hand: it goes to its owner's (``return_to_hand``), so not when another player owns it."""
    slot = g.slot_of(me)
    p = g.controller[me]
    if play_phase_minions(g) != 0 or slot is None:
        return False
    if not can_affect(g, me, Source(me, p, "minion")) or not can_be_returned(g, me):
        return False  # it could not go back to hand
    back = [me] if owner_of(g, me) == p else []
    return any(minion_targets(g, c, p, [slot]) for c in [*back, *g.hands[p]]
               if g.defs[c].kind == "minion")


def _acolyte_swap(ctx: Ctx) -> AbilityGen:
    slot = ctx.slot
    if slot is None or not (yield from return_to_hand(ctx, ctx.me)):
        return
    yield from play_extra_now(ctx, "minion", slots=[slot], optional=False,
                              prompt="Play an extra minion here")


ninjas.minion(
    "Ninja Acolyte", power=2, count=4,
    text="Talent: usable only before you have played a minion in your Play Cards phase; this "
         "minion goes back to your hand and you immediately play an extra minion at its base.",
    talent=Talent(_acolyte_swap, _acolyte_can),
)


# ---- actions ---------------------------------------------------------------------------------


def _at_end(g: State, me: int, ev: Event) -> list[int]:
    return [g.controller[me]]


def _assassinate(ctx: Ctx, ev: Event) -> AbilityGen:
    host = host_of(ctx.g, ctx.me)
    if host is not None:
        yield from destroy(ctx, host)


ninjas.action(
    "Assassin", play_on="minion",
    text="Attach to a minion. When the turn ends, the minion it is attached to is destroyed.",
    triggers=(Trigger("end_turn", _at_end, _assassinate),),
)


@ninjas.action("Disguise",
               text="Swap one or two of your minions at a single base: first play that many extra"
                    " minions there, then the chosen ones go back to your hand.")
def disguise(ctx: Ctx) -> AbilityGen:
    g = ctx.g
    p = ctx.player

    def mine(m: int) -> bool:  # (and it can go back to the hand: not in a Posse)
        return g.controller[m] == p and can_be_returned(g, m)

    def playable(slot: int) -> int:
        return sum(1 for c in g.hands[p] if g.defs[c].kind == "minion"
                   and minion_targets(g, c, p, [slot]))

    # both halves are required: only a base where a minion of yours can be swapped qualifies
    slot = yield from choose_base(ctx, "Disguise minions at which base?",
                                  pred=lambda s: bool(minions_matching(ctx, s, mine))
                                  and playable(s) > 0)
    if slot is None:
        return
    first = yield from choose_card(ctx, minions_matching(ctx, slot, mine),
                                   "Choose a minion to return")
    chosen = [first]
    if playable(slot) >= 2:
        second = yield from choose_card(
            ctx, [m for m in minions_matching(ctx, slot, mine) if m != first],
            "Choose a second minion to return (or skip)", optional=True)
        if second is not None:
            chosen.append(second)
    for _ in chosen:
        yield from play_extra_now(ctx, "minion", slots=[slot], optional=False,
                                  prompt="Play an extra minion here")
    for m in chosen:
        if g.loc[m] == ("minion", slot):
            yield from return_to_hand(ctx, m)


def _hidden_ninja_can(g: State, me: int, ev: Event, holder: int) -> bool:
    slot = window_slot(g, ev)
    return slot is not None and any(
        g.defs[c].kind == "minion" and minion_targets(g, c, holder, [slot])
        for c in g.hands[holder])


@ninjas.action("Hidden Ninja",
               text="Special: as a base is about to score, you may use this to play a minion from"
                    " your hand at that base.",
               specials=(Special("before_score", _hidden_ninja_can, play_through_special),))
def hidden_ninja(ctx: Ctx) -> AbilityGen:
    # Played normally (not through its Special) it does nothing.
    slot = special_slot(ctx)  # the scoring base, where its ability sends the minion
    if slot is not None:
        yield from play_extra_now(ctx, "minion", slots=[slot], optional=False,
                                  prompt="Play a minion at the base that is scoring")


def _infiltrate_talent(ctx: Ctx) -> AbilityGen:
    g = ctx.g
    slot = ctx.slot
    if slot is None:
        return
    if (yield from destroy(ctx, ctx.me)):
        add_effect(g, "cancel_base", slot, True, until_start_of_turn(ctx.player), ctx.player)


@ninjas.action(
    "Infiltrate", count=2, play_on="base",
    text="Attach to a base; you may destroy one other action attached to that base. Talent: "
         "destroy this card; the base's ability is then cancelled until your next turn starts.",
    talent=Talent(_infiltrate_talent),
)
def infiltrate(ctx: Ctx) -> AbilityGen:
    g = ctx.g
    slot = ctx.slot
    if slot is None:
        return
    others = [a for a in g.base_actions[slot] if a != ctx.me and can_affect(g, a, ctx.source)]
    target = yield from choose_card(ctx, others, "Destroy another action on this base",
                                    optional=True)
    if target is not None:
        yield from destroy(ctx, target)


@changes_only(its_host)
def _poison_mod(g: State, me: int, minion: int) -> int:
    return -4 if g.loc[me] == ("on", minion) else 0


@ninjas.action("Poison", play_on="minion", power_mod=_poison_mod,
               text="Attach to a minion and destroy as many of the actions on it as you like. "
                    "While attached, that minion has 4 less power (never below 0).")
def poison(ctx: Ctx) -> AbilityGen:
    g = ctx.g
    host = host_of(g, ctx.me)
    if host is None:
        return
    others = [a for a in g.attached.get(host, ()) if a != ctx.me and can_affect(g, a, ctx.source)]
    for action in (yield from choose_many(ctx, others, "Destroy actions on this minion")):
        yield from destroy(ctx, action)


@ninjas.action("Seeing Stars", count=2,
               text="Pick a minion whose power is 3 or lower and destroy it.")
def seeing_stars(ctx: Ctx) -> AbilityGen:
    g = ctx.g
    target = yield from choose_minion_to_destroy(ctx, "Destroy a minion of power 3 or less",
                                                 pred=lambda m: power(g, m) <= 3)
    if target is not None:
        yield from destroy(ctx, target)


def _own_minion(g: State, me: int, target: int, player: int) -> bool:
    return g.controller[target] == player


def _smoke(g: State, me: int, target: int, source: Source) -> bool:
    return (g.loc[me] == ("on", target) and source.kind == "action"
            and source.player is not None and source.player != g.controller[me])


ninjas.action("Smoke Bomb", play_on="minion", can_target=_own_minion, protects=_smoke,
              text="Attach to a minion you control. While attached, actions controlled by other "
                   "players cannot affect that minion.")


@ninjas.action("Way of Deception",
               text="Pick a minion you control and move it to a different base.")
def way_of_deception(ctx: Ctx) -> AbilityGen:
    g = ctx.g
    target = yield from choose_minion_to_move(ctx, "Move which of your minions?",
                                              pred=lambda m: g.controller[m] == ctx.player)
    if target is not None:
        yield from move_to_other_base(ctx, target)
