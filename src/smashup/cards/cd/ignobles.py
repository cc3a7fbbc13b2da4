"""Ignobles (Cease and Desist): minions handed to other players, and taken back.

Control versus ownership (guide §4.10): "your minions" are those you control; "a minion you
own" is one from your deck, whoever controls it now. A control change here lasts until the
minion leaves play or changes hands again (``engine/mechanics/control.py``); the actions on a minion
keep their own controllers; a minion leaving play goes to its owner.

Rulings taken here (each tested in tests/cards/ignobles_test.py):

- "Take control of a minion you own" (Activate the Spy, Banner Call, Foot of the King,
  Inevitable Betrayal): the clarification makes minions you own that others control targets;
  one you control already would change nothing, so only those others control are offered.
- "Give control ... to do Y" (Aunt of Drakes, Sneaky Squire, Repaying Debts, Hostage
  Exchange): if the minion does not change hands (a protection stops it), nothing else
  happens. The minion is picked first, then the player who gets it.
- Hostage Exchange compares current powers: the minion you take may have at most the power
  your hostage had when you handed it over; it cannot be the hostage itself. The hostage goes
  even when that player has no minion to take in exchange ("do X to do Y" needs X, not Y).
- Red Birthday Party: the powers are read once, when the party starts (the minion you own
  and all minions at its base with less power then), and those minions are destroyed, the
  one you own first. A minion that cannot be destroyed is not offered as the one you own.
- Fate of the Favorites and Out of Sight: each player in turn, you first, picks one of the
  minions they own (wherever it is and whoever controls it) that the card can destroy or
  return; a player who owns none is skipped.
- Inevitable Betrayal played in the Play Cards phase does nothing (no base is scoring), like
  Hidden Ninja.
- Betrothed: its owner gains the VP when the base it is on scores and a player other than
  the owner is among the winners while controlling it, however that player got control
  (clarification); tied winners included.
"""

from __future__ import annotations

from ..api import Faction
from ..helpers import (
    AbilityGen,
    Ctx,
    Event,
    Special,
    State,
    Talent,
    Trigger,
    ask_player,
    can_affect,
    can_be_destroyed,
    change_control,
    choose_card,
    choose_many,
    choose_minion,
    choose_minion_to_destroy,
    choose_minion_to_return,
    destroy,
    draw,
    extra_play,
    gain_vp,
    give_control,
    minions_matching,
    owned_not_controlled,
    play_through_special,
    players_from,
    power,
    return_to_hand,
    special_slot,
    take_control_of_own,
    window_slot,
    your_minions,
)

ignobles = Faction("Ignobles", "cease-and-desist")


# ---- shared moves ------------------------------------------------------------------------------


def _yours(ctx: Ctx) -> list[int]:
    """Minions this ability's player controls that it may affect."""
    return your_minions(ctx)


def _reclaimable(ctx: Ctx, slot: int | None = None) -> list[int]:
    """Minions this ability's player owns, others control, and it may affect (at ``slot``)."""
    mine = set(owned_not_controlled(ctx.g, ctx.player))
    return minions_matching(ctx, slot, lambda m: m in mine)


def _hand_over(ctx: Ctx, what: str) -> AbilityGen:
    """Give one of your minions to another player (both picked); True if it changed hands."""
    minion = yield from choose_card(ctx, _yours(ctx), f"Give which of your minions away "
                                    f"({what})?", kind="choose_minion")
    if minion is None:
        return False
    to = yield from ask_player(ctx, f"Give {ctx.g.defs[minion].name} to which player?",
                               about=(minion,))
    return to is not None and give_control(ctx, minion, to)


def _hand_self_over(ctx: Ctx, what: str) -> AbilityGen:
    """"You may give control of this minion to another player": True if it changed hands."""
    to = yield from ask_player(ctx, f"Give this minion to another player{what}?", optional=True)
    return to is not None and give_control(ctx, ctx.me, to)


def _reclaim_one(ctx: Ctx, slot: int | None = None) -> AbilityGen:
    """Take back control of one minion you own (at ``slot``) that another player controls."""
    target = yield from choose_card(ctx, _reclaimable(ctx, slot),
                                    "Take back control of which minion you own?",
                                    kind="choose_minion")
    if target is not None:
        take_control_of_own(ctx, target)


# ---- minions -----------------------------------------------------------------------------------


def _aunt_can(g: State, me: int) -> bool:
    return bool(_yours(Ctx(g, me, g.controller[me])))


def _aunt_talent(ctx: Ctx) -> AbilityGen:
    if (yield from _hand_over(ctx, "then draw a card and play an extra action")):
        draw(ctx.g, ctx.player, 1)
        yield from extra_play(ctx, "action")


ignobles.minion("Aunt of Drakes", power=5,
                text="Talent: hand one of your minions (this one too) over to another player; if "
                     "you do, draw a card and gain an extra action.",
                talent=Talent(_aunt_talent, _aunt_can))


def _foot_who(g: State, me: int, ev: Event) -> list[int]:
    p = g.controller[me]
    if ev["player"] != p or not _reclaimable(Ctx(g, me, p)):
        return []
    return [p]


def _foot_reclaims(ctx: Ctx, ev: Event) -> AbilityGen:
    yield from _reclaim_one(ctx)


ignobles.minion("Foot of the King", power=4, count=2,
                text="Ongoing: as your turn ends, you may reclaim one minion that belongs to you "
                     "from whoever controls it.",
                triggers=(Trigger("end_turn", _foot_who, _foot_reclaims, optional=True),))


def _betrothed_who(g: State, me: int, ev: Event) -> list[int]:
    holder, owner = g.controller[me], g.owner[me]
    if g.loc[me] != ("minion", ev["slot"]) or holder == owner or holder not in ev["winners"]:
        return []
    return [owner]


def _betrothed_pays(ctx: Ctx, ev: Event) -> AbilityGen:
    gain_vp(ctx.g, ctx.player, 1, reason="Betrothed")
    return
    yield


@ignobles.minion("Betrothed", power=3, count=3,
                 text="You may hand this minion over to another player. Ongoing: if a player "
                      "other than its owner wins its base while controlling it, the owner gains "
                      "1 VP.",
                 triggers=(Trigger("after_score", _betrothed_who, _betrothed_pays),))
def betrothed(ctx: Ctx) -> AbilityGen:
    yield from _hand_self_over(ctx, "")


@ignobles.minion("Sneaky Squire", power=2, count=4,
                 text="You may hand this minion over to another player; if you do, you may play "
                      "an extra minion.")
def sneaky_squire(ctx: Ctx) -> AbilityGen:
    if (yield from _hand_self_over(ctx, " and play an extra minion")):
        yield from extra_play(ctx, "minion")


# ---- actions -----------------------------------------------------------------------------------


@ignobles.action("Activate the Spy", count=2,
                 text="Regain control of a minion that belongs to you. You may play an extra "
                      "action.")
def activate_the_spy(ctx: Ctx) -> AbilityGen:
    yield from _reclaim_one(ctx)
    yield from extra_play(ctx, "action")


@ignobles.action("Banner Call",
                 text="Regain control of as many minions that belong to you as you like.")
def banner_call(ctx: Ctx) -> AbilityGen:
    picked = yield from choose_many(ctx, _reclaimable(ctx),
                                    "Take back control of which minions you own?")
    for minion in picked:
        take_control_of_own(ctx, minion)


def _owned_by(g: State, player: int) -> set[int]:
    return {m for ms in g.minions for m in ms if g.owner[m] == player}


@ignobles.action("Fate of the Favorites",
                 text="Every player, starting with you, destroys a minion they are the owner of.")
def fate_of_the_favorites(ctx: Ctx) -> AbilityGen:
    g = ctx.g
    for p in players_from(g, ctx.player):
        theirs = _owned_by(g, p)
        target = yield from choose_minion_to_destroy(
            ctx, "Destroy which minion you own?", pred=theirs.__contains__, player=p)
        if target is not None:
            yield from destroy(ctx, target)


@ignobles.action("Hostage Exchange",
                 text="Hand one of your minions over to another player; if you do, take control "
                      "of one of their minions whose power is no greater than its.")
def hostage_exchange(ctx: Ctx) -> AbilityGen:
    g = ctx.g
    hostage = yield from choose_card(ctx, _yours(ctx), "Give which of your minions as a "
                                     "hostage?", kind="choose_minion")
    if hostage is None:
        return
    to = yield from ask_player(ctx, f"Give {g.defs[hostage].name} to which player?",
                               about=(hostage,))
    worth = power(g, hostage)
    if to is None or not give_control(ctx, hostage, to):
        return
    target = yield from choose_minion(
        ctx, f"Take control of which minion of power {worth} or less?",
        pred=lambda m: m != hostage and g.controller[m] == to and power(g, m) <= worth)
    if target is not None:
        change_control(ctx, target, ctx.player, "taken")


def _betrayal_can(g: State, me: int, ev: Event, holder: int) -> bool:
    slot = window_slot(g, ev)
    return slot is not None and bool(_reclaimable(Ctx(g, me, holder), slot))


@ignobles.action("Inevitable Betrayal",
                 text="Special: as a base is about to score, regain control of a minion there "
                      "that belongs to you.",
                 specials=(Special("before_score", _betrayal_can, play_through_special),))
def inevitable_betrayal(ctx: Ctx) -> AbilityGen:
    slot = special_slot(ctx)
    if slot is not None:  # played through its Special (otherwise no base is scoring)
        yield from _reclaim_one(ctx, slot)


@ignobles.action("Out of Sight",
                 text="Every player, starting with you, returns a minion they are the owner of "
                      "to their hand.")
def out_of_sight(ctx: Ctx) -> AbilityGen:
    g = ctx.g
    for p in players_from(g, ctx.player):
        theirs = _owned_by(g, p)
        target = yield from choose_minion_to_return(ctx, "Return which minion you own to your "
                                                    "hand?", pred=theirs.__contains__, player=p)
        if target is not None:
            yield from return_to_hand(ctx, target)


@ignobles.action("Red Birthday Party",
                 text="Destroy a minion that belongs to you, and with it every minion at that "
                      "base weaker than it.")
def red_birthday_party(ctx: Ctx) -> AbilityGen:
    g = ctx.g
    mine = _owned_by(g, ctx.player)
    host = yield from choose_minion_to_destroy(ctx, "Destroy which minion you own?",
                                               pred=lambda m: m in mine)
    if host is None:
        return
    slot = g.slot_of(host)
    assert slot is not None  # a minion in play
    worth = power(g, host)
    src = ctx.source
    weaker = [m for m in g.minions[slot] if m != host and power(g, m) < worth
              and can_affect(g, m, src) and can_be_destroyed(g, m)]
    yield from destroy(ctx, host)
    for m in weaker:
        yield from destroy(ctx, m)


@ignobles.action("Repaying Debts", count=2,
                 text="Pay off a rival with one of your minions (they control it from now on); "
                      "then draw 2 cards and gain an extra minion play.")
def repaying_debts(ctx: Ctx) -> AbilityGen:
    if (yield from _hand_over(ctx, "then draw two cards and play an extra minion")):
        draw(ctx.g, ctx.player, 2)
        yield from extra_play(ctx, "minion")
