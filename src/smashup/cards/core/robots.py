"""Robots: swarms of little Microbots that feed each other extra plays, plus a few big bots."""

from __future__ import annotations

from ..api import Faction
from ..helpers import (
    AbilityGen,
    Ctx,
    Event,
    State,
    Trigger,
    changes_only,
    choose_base,
    choose_many,
    choose_minion_to_destroy,
    destroy,
    draw,
    extra_play,
    has_lost_abilities,
    itself,
    minions_of,
    minions_played_this_turn,
    play_extra_now,
    power,
    relocate,
    reveal,
    shuffle_deck,
    top_card,
)

robots = Faction("Robots", "core")

ALPHA = "robots/microbot-alpha"


def _named_microbot(g: State, card: int) -> bool:
    return g.defs[card].name.startswith("Microbot")


def controls_alpha(g: State, player: int) -> bool:
    """Does ``player`` control a Microbot Alpha in play that has its abilities (one that lost
    them, Bruiser/The Touch, makes no Microbots)?"""
    return any(g.defs[m].key == ALPHA and g.controller[m] == player
               and not (g.effects and has_lost_abilities(g, m))
               for ms in g.minions for m in ms)


def is_microbot(g: State, card: int) -> bool:
    """A Microbot: a card whose name says so, or (only while in play) any minion of a player
    who controls Microbot Alpha."""
    if _named_microbot(g, card):
        return True
    return g.is_minion_in_play(card) and controls_alpha(g, g.controller[card])


def first_minion_this_turn(g: State, player: int) -> bool:
    """Is the minion just played the first one ``player`` played during this turn (their own
    turn or another player's)?"""
    return minions_played_this_turn(g, player) == 1


def _extra_if_first(ctx: Ctx) -> AbilityGen:
    if first_minion_this_turn(ctx.g, ctx.player):
        yield from extra_play(ctx, "minion")


# ---- Nukebot ---------------------------------------------------------------------------------


def _nukebot_who(g: State, me: int, ev: Event) -> list[int]:
    return [ev["controller"]] if ev["card"] == me else []


def _nukebot_blast(ctx: Ctx, ev: Event) -> AbilityGen:
    g = ctx.g
    slot = ev["slot"]
    for m in list(g.minions[slot]):
        if g.controller[m] != ctx.player and g.loc[m] == ("minion", slot):
            yield from destroy(ctx, m)


robots.minion(
    "Nukebot", power=5,
    text="Ongoing: if it gets destroyed, it takes every opposing minion at its base down "
         "with it.",
    triggers=(Trigger("destroyed", _nukebot_who, _nukebot_blast),),
)

# ---- Warbot ----------------------------------------------------------------------------------

robots.minion("Warbot", power=4, count=2, text="Ongoing: nothing can destroy this minion.",
              cannot_destroy=lambda g, me, target: target == me)

# ---- Hoverbot --------------------------------------------------------------------------------


@robots.minion("Hoverbot", power=3, count=3,
               text="Show everyone your top card. A minion may be played right away as an extra "
                    "minion; anything else stays on top of your deck.")
def hoverbot(ctx: Ctx) -> AbilityGen:
    g = ctx.g
    top = top_card(g, ctx.player)
    if top is None:
        return
    reveal(g, [top])
    if g.defs[top].kind == "minion":
        yield from play_extra_now(ctx, "minion", cards=[top],
                                  prompt="Play the revealed minion as an extra minion?")


# ---- Zapbot ----------------------------------------------------------------------------------


@robots.minion("Zapbot", power=2, count=4,
               text="Grants a bonus minion play, limited to a minion of printed power 2 or below.")
def zapbot(ctx: Ctx) -> AbilityGen:
    yield from extra_play(ctx, "minion", "power_le", 2)


# ---- the Microbots ---------------------------------------------------------------------------


@changes_only(itself)
def _alpha_power(g: State, me: int, minion: int) -> int:
    if minion != me:
        return 0
    return sum(1 for m in minions_of(g, g.controller[me]) if m != me and is_microbot(g, m))


robots.minion(
    "Microbot Alpha", power=1,
    text="Ongoing: +1 power for each other Microbot you have in play. Every minion you have "
         "in play counts as a Microbot.",
    power_mod=_alpha_power,
)


def _was_microbot(g: State, card: int, player: int) -> bool:
    return _named_microbot(g, card) or controls_alpha(g, player)


def _archive_who(g: State, me: int, ev: Event) -> list[int]:
    card = ev["card"]
    if g.defs[card].kind != "minion":
        return []
    if card == me:
        return [ev["controller"]]
    p = g.controller[me]
    return [p] if ev["controller"] == p and _was_microbot(g, card, p) else []


def _archive_draw(ctx: Ctx, ev: Event) -> AbilityGen:
    draw(ctx.g, ctx.player)
    return
    yield


robots.minion(
    "Microbot Archive", power=1,
    text="Ongoing: each time one of your Microbots is destroyed (this one too), draw a card.",
    triggers=(Trigger("destroyed", _archive_who, _archive_draw),),
)


def _fixer_power(g: State, me: int, minion: int) -> int:
    return 1 if g.controller[minion] == g.controller[me] and is_microbot(g, minion) else 0


@robots.minion("Microbot Fixer", power=1, count=2,
               text="Opening minion of your turn? Then a bonus minion play is yours. "
                    "Ongoing: every Microbot you control is 1 stronger.",
               power_mod=_fixer_power)
def microbot_fixer(ctx: Ctx) -> AbilityGen:
    yield from _extra_if_first(ctx)


@robots.minion("Microbot Guard", power=1, count=2,
               text="Count your minions at this base; a minion here weaker than that count "
                    "is destroyed (your pick).")
def microbot_guard(ctx: Ctx) -> AbilityGen:
    g = ctx.g
    slot = ctx.slot
    if slot is None:
        return
    mine = len(minions_of(g, ctx.player, slot))
    target = yield from choose_minion_to_destroy(ctx, "Destroy a minion here", where=slot,
                                                 pred=lambda m: power(g, m) < mine)
    if target is not None:
        yield from destroy(ctx, target)


@robots.minion("Microbot Reclaimer", power=1, count=2,
               text="Opening minion of your turn? Then a bonus minion play is yours. "
                    "Afterwards pick Microbots (none is fine) in your discard pile to mix back "
                    "into your deck.")
def microbot_reclaimer(ctx: Ctx) -> AbilityGen:
    g = ctx.g
    p = ctx.player
    yield from _extra_if_first(ctx)
    bots = [c for c in g.discards[p] if _named_microbot(g, c)]
    picked = yield from choose_many(ctx, bots, "Shuffle which Microbots into your deck?")
    if picked:
        for c in picked:
            relocate(g, c, ("deck", p))
        shuffle_deck(g, p)


# ---- Tech Center -----------------------------------------------------------------------------


@robots.action("Tech Center", count=2,
               text="Pick a base and draw a card for each minion you have there.")
def tech_center(ctx: Ctx) -> AbilityGen:
    g = ctx.g
    slot = yield from choose_base(ctx, "Draw a card for each of your minions at which base?")
    if slot is not None:
        n = len(minions_of(g, ctx.player, slot))
        if n:
            draw(g, ctx.player, n)


__all__ = ["controls_alpha", "first_minion_this_turn", "is_microbot", "robots"]
