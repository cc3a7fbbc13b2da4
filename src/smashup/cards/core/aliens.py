"""Aliens: they bounce minions back to hands and swap the bases themselves."""

from __future__ import annotations

from ..api import Faction
from ..helpers import (
    AbilityGen,
    BaseCardOption,
    Ctx,
    Event,
    State,
    Trigger,
    ask,
    ask_player,
    can_be_returned,
    choose_base,
    choose_card,
    choose_minion,
    choose_minion_to_move,
    choose_minion_to_return,
    controller_only,
    discard_card,
    extra_play,
    gain_vp,
    move_to_other_base,
    place_on_deck,
    power,
    return_to_hand,
    reveal,
    slot_is,
    swap_base,
)

aliens = Faction("Aliens", "core")


@aliens.minion("Supreme Overlord", power=5,
               text="On play, you may pick any minion in play and send it back to its owner's "
                    "hand.")
def supreme_overlord(ctx: Ctx) -> AbilityGen:
    target = yield from choose_minion_to_return(ctx, "Return a minion to its owner's hand",
                                                optional=True)
    if target is not None:
        yield from return_to_hand(ctx, target)


@aliens.minion("Invader", power=3, count=2, text="On play, you gain one victory point.")
def invader(ctx: Ctx) -> AbilityGen:
    gain_vp(ctx.g, ctx.player, 1, reason="Invader")
    return
    yield


def _scout_may_go_home(g: State, me: int, ev: Event) -> bool:
    # Form a Posse keeps it from going back to the hand; another player's Tooth and Claw on it
    # keeps even its own ability off it (offered only if it could do something: pending.py)
    return slot_is(g, me, ev) and can_be_returned(g, me)


def _scout_home(ctx: Ctx, ev: Event) -> AbilityGen:
    yield from return_to_hand(ctx, ctx.me)
    return
    yield


aliens.minion(
    "Scout", power=3, count=3,
    text="Special: once the base it sits on has scored, you may take this card back into your "
         "hand instead of discarding it.",
    triggers=(Trigger("after_score", controller_only(_scout_may_go_home), _scout_home,
                      optional=True),),
)


@aliens.minion("Collector", power=2, count=4,
               text="On play, you may send one minion here whose power is 3 or lower back to its "
                    "owner's hand.")
def collector(ctx: Ctx) -> AbilityGen:
    g = ctx.g
    target = yield from choose_minion_to_return(ctx, "Return a minion of power 3 or less",
                                                where=ctx.slot, pred=lambda m: power(g, m) <= 3,
                                                optional=True)
    if target is not None:
        yield from return_to_hand(ctx, target)


@aliens.action("Abduction", text="Send one minion in play back to its owner's hand; you also get "
                                 "one extra minion play.")
def abduction(ctx: Ctx) -> AbilityGen:
    target = yield from choose_minion_to_return(ctx, "Return a minion to its owner's hand")
    if target is not None:
        yield from return_to_hand(ctx, target)
    yield from extra_play(ctx, "minion")


@aliens.action("Beam Up", count=2, text="Send one minion in play back to its owner's hand.")
def beam_up(ctx: Ctx) -> AbilityGen:
    target = yield from choose_minion_to_return(ctx, "Return a minion to its owner's hand")
    if target is not None:
        yield from return_to_hand(ctx, target)


@aliens.action("Crop Circles",
               text="Pick a base: every minion there goes back to its owner's hand.")
def crop_circles(ctx: Ctx) -> AbilityGen:
    slot = yield from choose_base(ctx, "Return every minion on which base?")
    if slot is not None:
        for m in list(ctx.g.minions[slot]):
            yield from return_to_hand(ctx, m)


@aliens.action("Disintegrator", count=2,
               text="Tuck one minion with power 3 or less under its owner's deck.")
def disintegrator(ctx: Ctx) -> AbilityGen:
    g = ctx.g
    target = yield from choose_minion(ctx, "Put a minion of power 3 or less under its owner's deck",
                                      pred=lambda m: power(g, m) <= 3)
    if target is not None:
        yield from place_on_deck(ctx, target, bottom=True)


@aliens.action("Invasion", text="Pick any minion and move it to a different base.")
def invasion(ctx: Ctx) -> AbilityGen:
    target = yield from choose_minion_to_move(ctx, "Move which minion?")
    if target is not None:
        yield from move_to_other_base(ctx, target)


def _jams(g: State, me: int, slot: int) -> bool:
    return g.slot_of(me) == slot


aliens.action("Jammed Signal", play_on="base",
              text="Attach to a base. As long as it stays, the base's abilities count as "
                   "cancelled.",
              cancels_base=_jams)


@aliens.action("Probe",
               text="Look at another player's hand; pick a minion there for them to discard.")
def probe(ctx: Ctx) -> AbilityGen:
    g = ctx.g
    victim = yield from ask_player(ctx, "Whose hand do you look at?")
    if victim is None:
        return
    hand = list(g.hands[victim])
    reveal(g, hand, to=[ctx.player])
    minions = [c for c in hand if g.defs[c].kind == "minion"]
    chosen = yield from choose_card(ctx, minions, "Choose a minion for them to discard")
    if chosen is not None:
        discard_card(g, chosen, reason="Probe")


@aliens.action("Terraforming",
               text="Swap a base in play for a base you pick from the base deck (cards on it "
                    "stay); you may play an extra minion there.")
def terraforming(ctx: Ctx) -> AbilityGen:
    g = ctx.g
    if not g.base_deck:
        return
    slot = yield from choose_base(ctx, "Swap which base?")
    if slot is None:
        return
    opts = [BaseCardOption("base_card", b) for b in g.base_deck]
    if len(opts) == 1:
        choice = opts[0]
    else:
        choice = yield from ask(ctx.player, "choose_base_card",
                                "Choose the new base from the base deck", opts, ctx.me)
    swap_base(g, slot, choice.base)
    yield from extra_play(ctx, "minion", "at", slot, slots=[slot])
