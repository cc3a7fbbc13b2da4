"""Aliens: they bounce minions back to hands and swap the bases themselves."""

from __future__ import annotations

from ..api import Faction
from ..helpers import (
    Ctx,
    Event,
    State,
    Trigger,
    ask_player,
    choose_base,
    choose_card,
    choose_minion,
    controller_only,
    discard_card,
    extra_play,
    gain_vp,
    move_to_other_base,
    place_on_deck,
    power,
    return_to_hand,
    reveal,
    shuffle_deck,
    slot_is,
)

aliens = Faction("Aliens", "core")


@aliens.minion("Supreme Overlord", power=5,
               text="You may return any minion to its owner's hand.")
def supreme_overlord(ctx: Ctx):
    target = yield from choose_minion(ctx, "Return a minion to its owner's hand", optional=True)
    if target is not None:
        return_to_hand(ctx, target)


@aliens.minion("Invader", power=3, count=2, text="You gain 1 VP.")
def invader(ctx: Ctx):
    gain_vp(ctx.g, ctx.player, 1, reason="Invader")
    return
    yield


def _scout_home(ctx: Ctx, ev: Event):
    return_to_hand(ctx, ctx.me)
    return
    yield


aliens.minion(
    "Scout", power=3, count=3,
    text="Special: after the base it is on scores, you may return this minion to your hand.",
    triggers=(Trigger("after_score", controller_only(slot_is), _scout_home, optional=True),),
)


@aliens.minion("Collector", power=2, count=4,
               text="You may return a minion of power 3 or less from this base to its owner's hand.")
def collector(ctx: Ctx):
    g = ctx.g
    target = yield from choose_minion(ctx, "Return a minion of power 3 or less", where=ctx.slot,
                                      pred=lambda m: power(g, m) <= 3, optional=True)
    if target is not None:
        return_to_hand(ctx, target)


@aliens.action("Abduction", text="Return a minion to its owner's hand, then play an extra minion.")
def abduction(ctx: Ctx):
    target = yield from choose_minion(ctx, "Return a minion to its owner's hand")
    if target is not None:
        return_to_hand(ctx, target)
    yield from extra_play(ctx, "minion")


@aliens.action("Beam Up", count=2, text="Return a minion to its owner's hand.")
def beam_up(ctx: Ctx):
    target = yield from choose_minion(ctx, "Return a minion to its owner's hand")
    if target is not None:
        return_to_hand(ctx, target)


@aliens.action("Crop Circles", text="Pick a base: every minion there goes back to its owner's hand.")
def crop_circles(ctx: Ctx):
    slot = yield from choose_base(ctx, "Return every minion on which base?")
    if slot is not None:
        for m in list(ctx.g.minions[slot]):
            return_to_hand(ctx, m)


@aliens.action("Disintegrator", count=2,
               text="Put a minion of power 3 or less on the bottom of its owner's deck.")
def disintegrator(ctx: Ctx):
    g = ctx.g
    target = yield from choose_minion(ctx, "Put a minion of power 3 or less under its owner's deck",
                                      pred=lambda m: power(g, m) <= 3)
    if target is not None:
        place_on_deck(ctx, target, bottom=True)


@aliens.action("Invasion", text="Move a minion to another base.")
def invasion(ctx: Ctx):
    target = yield from choose_minion(ctx, "Move which minion?")
    if target is not None:
        yield from move_to_other_base(ctx, target)


def _jams(g: State, me: int, slot: int) -> bool:
    return g.slot_of(me) == slot


aliens.action("Jammed Signal", play_on="base",
              text="Play on a base. Ongoing: that base's abilities are cancelled.",
              cancels_base=_jams)


@aliens.action("Probe",
               text="Look at another player's hand; pick a minion there for them to discard.")
def probe(ctx: Ctx):
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
               text="Swap a base in play for a base you pick from the base deck (cards on it stay);"
                    " you may play an extra minion there.")
def terraforming(ctx: Ctx):
    g = ctx.g
    slot = yield from choose_base(ctx, "Swap which base?")
    if slot is None or not g.base_deck:
        return
    opts = [("base_card", b) for b in g.base_deck]
    choice = yield from _ask(ctx, "Choose the new base from the base deck", opts)
    new = choice[1]
    old = g.bases[slot]
    g.base_deck.remove(new)
    g.base_deck.append(old)
    g.bases[slot] = new
    from ...engine import rng

    g.rng = rng.shuffle(g.rng, g.base_deck)
    from ..helpers import emit

    emit(g, "base_swapped", slot=slot, old=old, new=new)
    yield from extra_play(ctx, "minion", "at", slot, slots=[slot])


def _ask(ctx: Ctx, prompt: str, opts: list):
    from ..helpers import Request

    if len(opts) == 1:
        return opts[0]
    choice = yield Request(ctx.player, "choose", prompt, opts, ctx.me)
    return choice


__all__ = ["aliens", "shuffle_deck"]
