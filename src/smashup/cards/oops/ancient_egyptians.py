"""Ancient Egyptians (Oops, You Did It Again): they hide cards beside the bases and dig them
up at the right moment (burying and uncovering, guide §4.5: ``engine/mechanics/burying.py``).

Rulings taken here (each tested in tests/cards/ancient_egyptians_test.py):

- Blessing of Anubis, Tomb Trap and You Can Take It With You, played from hand, are shown to
  everyone and buried beside a base of their player's choice (guide R). Uncovered, they are
  played again and only their "when uncovered" part happens, at that base
  (``being_uncovered``); one uncovered this turn cannot be buried again, so if it comes back
  to hand and is played again the same turn it is simply discarded. One that cannot be played
  when uncovered (actions barred) is discarded and does nothing.
- "Here" on an uncovered card is the base it was buried at. Blessing gives +2 to the minions
  you control there at that moment (one played there later is not affected); Plague of
  Locusts likewise -1 to the other players' minions at the chosen base as it resolves, and
  as a Special it may pick any base (its text names none), offered only with a target.
- Pharaoh draws after any player's buried card is uncovered, not after its own uncovering.
  Its Special (before its base scores) is offered only while its controller has a buried card
  there; the uncovered card is played at once, so a minion adds its power to that scoring.
- Priest of Anubis counts any card its controller has buried at its base (shown or not).
- Mummy's Special (errata) works only for a Mummy on the base as it scores (a buried Mummy has
  no abilities; one dug up before scoring, by Pharaoh say, may: the card beats "not reburied
  at once", clarification). It goes, shown, straight from play to another base.
- Lost Knowledge and Seal the Tomb offer only a way that does something: burying needs a card
  in hand, uncovering a buried card of yours. Lost Knowledge uncovers anywhere; as a Special it
  is offered before a base scores only when one of its ways does something. Seal the Tomb buries
  one or two cards at one base, or uncovers one or two of yours at one base.
- Mummy Strength looks for a buried card of anyone at its minion's base.
"""

from __future__ import annotations

from ..api import Faction
from ..helpers import (
    AbilityGen,
    ChoiceOption,
    Ctx,
    Event,
    Request,
    Special,
    State,
    Talent,
    Trigger,
    add_effect,
    being_uncovered,
    buried_cards,
    bury,
    can_affect,
    can_bury,
    changes_only,
    choose_base,
    choose_card,
    choose_minion_to_boost,
    choose_minion_to_destroy,
    controller_only,
    destroy,
    draw,
    host_of,
    its_host,
    itself,
    may,
    minions_matching,
    play_through_special,
    power,
    remove_counters,
    slot_is,
    special_slot,
    uncover,
    until_end_of_turn,
    window_slot,
    your_minions,
)

egyptians = Faction("Ancient Egyptians", "oops-you-did-it-again")


# ---- burying and uncovering, as these cards do it ---------------------------------------------


def has_buried(g: State, slot: int, player: int) -> bool:
    """Has ``player`` a card buried beside the base in ``slot``?"""
    return any(g.controller[c] == player for c in g.zones.get(("buried", slot), ()))


def buriable_hand(g: State, player: int) -> list[int]:
    """The cards of ``player``'s hand that may be buried now (not one uncovered this turn)."""
    return [c for c in g.hands[player] if can_bury(g, c)]


def bury_from_hand(ctx: Ctx, slot: int | None = None) -> AbilityGen:
    """Bury a card from your hand (face down) beside ``slot``, or a base you pick.
    Returns the card, or None when the hand is empty."""
    g = ctx.g
    card = yield from choose_card(ctx, buriable_hand(g, ctx.player), "Bury which card from "
                                  "your hand?")
    if card is None:
        return None
    if slot is None:
        slot = yield from choose_base(ctx, "Bury it beside which base?")
    if slot is None or not bury(ctx, card, slot):
        return None
    return card


def uncover_one(ctx: Ctx, slot: int | None = None, optional: bool = False) -> AbilityGen:
    """Uncover one of your buried cards (at ``slot``, or anywhere); it is played at once.
    Returns the card, or None."""
    mine = buried_cards(ctx.g, slot, ctx.player)
    card = yield from choose_card(ctx, mine, "Uncover which of your buried cards?", optional,
                                  kind="uncover")
    if card is not None:
        yield from uncover(ctx, card)
    return card


def bury_self(ctx: Ctx) -> AbilityGen:
    """"Bury this card": when played from hand, show it and bury it beside a base of your
    choice (returns None). When it is being played because it was uncovered, it stays put and
    the base's slot is returned: the caller does the "when uncovered" part there."""
    slot = being_uncovered(ctx.g, ctx.me)
    if slot is not None:
        return slot
    if not can_bury(ctx.g, ctx.me):  # dug up earlier this turn: it is simply discarded
        return None
    where = yield from choose_base(ctx, "Bury this card beside which base?")
    if where is not None:
        bury(ctx, ctx.me, where, show=True)
    return None


def _choose_way(ctx: Ctx, burying: bool, uncovering: bool) -> AbilityGen:
    """"Bury ... OR uncover ...": the way that does something, asked when both do."""
    if burying and uncovering:
        choice = yield Request(ctx.player, "choose_mode", "Bury or uncover?",
                               [ChoiceOption("choice", "bury"), ChoiceOption("choice", "uncover")],
                               ctx.ref)
        return choice.word
    return "bury" if burying else "uncover" if uncovering else None


# ---- minions ---------------------------------------------------------------------------------


def _pharaoh_draws_who(g: State, me: int, ev: Event) -> list[int]:
    return [g.controller[me]] if ev["card"] != me and g.in_play(me) else []


def _pharaoh_draws(ctx: Ctx, ev: Event) -> AbilityGen:
    draw(ctx.g, ctx.player, 1)
    return
    yield


def _pharaoh_may_uncover(g: State, me: int, ev: Event) -> bool:
    return slot_is(g, me, ev) and window_slot(g, ev) is not None and \
        has_buried(g, ev["slot"], g.controller[me])


def _pharaoh_uncovers(ctx: Ctx, ev: Event) -> AbilityGen:
    yield from uncover_one(ctx, ev["slot"])


egyptians.minion(
    "Pharaoh", power=5,
    text="Ongoing: each time some other buried card is dug up, you draw a card. Special: as "
         "this base is about to score, you may dig up one of your cards buried beside it.",
    triggers=(Trigger("uncovered", _pharaoh_draws_who, _pharaoh_draws),
              Trigger("before_score", controller_only(_pharaoh_may_uncover), _pharaoh_uncovers,
                      optional=True)))


@changes_only(itself)
def _priest_power(g: State, me: int, minion: int) -> int:
    loc = g.loc[me]
    return 2 if minion == me and loc[0] == "minion" and has_buried(g, loc[1], g.controller[me]) \
        else 0


egyptians.minion("Priest of Anubis", power=4, count=2, power_mod=_priest_power,
                 text="Ongoing: 2 stronger while a card of yours lies buried beside its base.")


def _engineer_can(g: State, me: int) -> bool:
    return bool(buriable_hand(g, g.controller[me]))


def _engineer_talent(ctx: Ctx) -> AbilityGen:
    if ctx.slot is not None:
        yield from bury_from_hand(ctx, ctx.slot)


@egyptians.minion("Pyramid Engineer", power=3, count=3,
                  talent=Talent(_engineer_talent, _engineer_can),
                  text="You may dig up one of your cards buried beside this base. Talent: bury "
                       "a card from your hand beside this base.")
def pyramid_engineer(ctx: Ctx) -> AbilityGen:
    if ctx.slot is not None:
        yield from uncover_one(ctx, ctx.slot, optional=True)


def _mummy_may(g: State, me: int, ev: Event) -> bool:
    return slot_is(g, me, ev) and len(g.bases) > 1 and \
        can_affect(g, me, Ctx(g, me, g.controller[me]).source)


def _mummy_reburies(ctx: Ctx, ev: Event) -> AbilityGen:
    here = ev["slot"]
    dest = yield from choose_base(ctx, "Bury the Mummy beside which other base?",
                                  pred=lambda s: s != here)
    if dest is not None:
        bury(ctx, ctx.me, dest, show=True, again=True)


egyptians.minion(
    "Mummy", power=2, count=4,
    text="Special, when its base has just scored: it may go face down under a different base.",
    triggers=(Trigger("after_score", controller_only(_mummy_may), _mummy_reburies,
                      optional=True),))


# ---- actions ---------------------------------------------------------------------------------


@changes_only(its_host)
def _curse_power(g: State, me: int, minion: int) -> int:
    return -2 if host_of(g, me) == minion else 0


@egyptians.action("Ancient Curse", count=2, play_on="minion", power_mod=_curse_power,
                  text="Attach to a minion. You may strip one +1 power counter from it; while "
                       "attached, it loses 2 power.")
def ancient_curse(ctx: Ctx) -> AbilityGen:
    g = ctx.g
    host = host_of(g, ctx.me)
    if host is not None and g.counters.get(host, 0) and can_affect(g, host, ctx.source) and \
            (yield from may(ctx, f"Remove a +1 power counter from {g.defs[host].name}?")):
        remove_counters(ctx, host, 1)


@egyptians.action("Blessing of Anubis", boosts_power=True,
                  text="Bury this card. Special: when it is dug up, each of your minions at that "
                       "base is 2 stronger until the turn ends.")
def blessing_of_anubis(ctx: Ctx) -> AbilityGen:
    slot = yield from bury_self(ctx)
    if slot is None:
        return
    g = ctx.g
    for m in your_minions(ctx, slot):
        add_effect(g, "power", m, 2, until_end_of_turn(g), ctx.player)


def _knowledge_ways(g: State, me: int, player: int) -> tuple[bool, bool]:
    """(can bury, can uncover) for Lost Knowledge in ``player``'s hands."""
    return any(c != me for c in buriable_hand(g, player)), bool(buried_cards(g, None, player))


def _knowledge_can(g: State, me: int, ev: Event, holder: int) -> bool:
    return window_slot(g, ev) is not None and any(_knowledge_ways(g, me, holder))


@egyptians.action("Lost Knowledge",
                  text="Bury a card from your hand, or dig up one of your buried cards. Special: "
                       "this may also be played as a base is about to score.",
                  specials=(Special("before_score", _knowledge_can, play_through_special),))
def lost_knowledge(ctx: Ctx) -> AbilityGen:
    special_slot(ctx)  # any base will do, whichever way it was played
    way = yield from _choose_way(ctx, *_knowledge_ways(ctx.g, ctx.me, ctx.player))
    if way == "bury":
        yield from bury_from_hand(ctx)
    elif way == "uncover":
        yield from uncover_one(ctx)


@egyptians.action("Mummy Strength", boosts_power=True,
                  text="Pick one of your minions: until the turn ends it is 4 stronger if any "
                       "card lies buried beside its base, else 2 stronger.")
def mummy_strength(ctx: Ctx) -> AbilityGen:
    g = ctx.g
    target = yield from choose_minion_to_boost(ctx, "Strengthen which of your minions?",
                                               your_minions(ctx))
    if target is None:
        return
    slot = g.slot_of(target)
    boost = 4 if slot is not None and g.zones.get(("buried", slot)) else 2
    add_effect(g, "power", target, boost, until_end_of_turn(g), ctx.player)


def _locust_targets(ctx: Ctx, slot: int) -> list[int]:
    return minions_matching(ctx, slot, lambda m: ctx.g.controller[m] != ctx.player)


def _locusts_can(g: State, me: int, ev: Event, holder: int) -> bool:
    ctx = Ctx(g, me, holder)
    return window_slot(g, ev) is not None and any(
        _locust_targets(ctx, s) for s in range(len(g.bases)))


@egyptians.action("Plague of Locusts",
                  text="Pick a base: until the turn ends, every minion there that another "
                       "player controls is 1 weaker. Special: this may also be played as a base "
                       "is about to score.",
                  specials=(Special("before_score", _locusts_can, play_through_special),))
def plague_of_locusts(ctx: Ctx) -> AbilityGen:
    special_slot(ctx)  # any base will do, whichever way it was played
    g = ctx.g
    slot = yield from choose_base(ctx, "Send the locusts to which base?",
                                  pred=lambda s: bool(_locust_targets(ctx, s)))
    if slot is None:
        return
    for m in _locust_targets(ctx, slot):
        add_effect(g, "power", m, -1, until_end_of_turn(g), ctx.player)


@egyptians.action("Seal the Tomb",
                  text="Bury one or two cards from your hand beside one base, or dig up one or "
                       "two of your buried cards beside one base.")
def seal_the_tomb(ctx: Ctx) -> AbilityGen:
    g = ctx.g
    p = ctx.player
    way = yield from _choose_way(ctx, bool(buriable_hand(g, p)), bool(buried_cards(g, None, p)))
    if way == "bury":
        first = yield from choose_card(ctx, buriable_hand(g, p), "Bury which card from your hand?")
        slot = yield from choose_base(ctx, "Bury it beside which base?")
        if first is None or slot is None:
            return
        bury(ctx, first, slot)
        second = yield from choose_card(ctx, buriable_hand(g, p), "Bury a second card there?",
                                        optional=True)
        if second is not None:
            bury(ctx, second, slot)
    elif way == "uncover":
        slot = yield from choose_base(ctx, "Dig up beside which base?",
                                      pred=lambda s: has_buried(g, s, p))
        if slot is not None and (yield from uncover_one(ctx, slot)) is not None:
            yield from uncover_one(ctx, slot, optional=True)


def _trap_target(g: State, m: int) -> bool:
    return power(g, m) <= 4


@egyptians.action("Tomb Trap", count=2,
                  text="Goes face down under a base. Special, on being uncovered: you may destroy "
                       "one minion with power 4 or less at that base.")
def tomb_trap(ctx: Ctx) -> AbilityGen:
    slot = yield from bury_self(ctx)
    if slot is None:
        return
    target = yield from choose_minion_to_destroy(
        ctx, "Destroy which minion of power 4 or less?", where=slot,
        pred=lambda m: _trap_target(ctx.g, m), optional=True)
    if target is not None:
        yield from destroy(ctx, target)


@egyptians.action("You Can Take It With You",
                  text="Goes face down under a base. Special, on being uncovered: you draw 3 "
                       "cards.")
def you_can_take_it_with_you(ctx: Ctx) -> AbilityGen:
    if (yield from bury_self(ctx)) is not None:
        draw(ctx.g, ctx.player, 3)


__all__ = ["buriable_hand", "bury_from_hand", "bury_self", "egyptians", "has_buried", "uncover_one"]
