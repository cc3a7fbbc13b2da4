"""Extramorphs (Excellent Movies, Dudes!): aliens that hatch out of the top of the deck.

Rulings where the texts leave a question open (each tested in tests/cards/extramorphs_test.py):

- "Off the top of your deck" (guide §4.2): the power is chosen, and a "may" decided, before
  anything is revealed; cards are revealed until the first minion that qualifies, which is then
  played (a card that cannot be played is discarded); the other revealed cards are shuffled back.
  A power filter reads the number printed on the card; "of that power" is an exact match.
- "If this card was on a base at the start of the turn" (Chestbreaker, Nuke It From Orbit, Head
  Grabber) holds for a card in play since the turn began, wherever it has moved since
  (engine/facts/arrivals.py).
- Searches: Hive Queen and Egg Field show their player the Egg Fields (Head Grabbers) of the deck
  as choices, like Scry; a card taken from the deck is shown to everyone and the deck is then
  shuffled. Hive Queen's Egg Field goes into the hand without counting as a draw.
- Hive Queen's talent lasts until the start of its player's next turn even if Hive Queen leaves
  play, and catches minions that arrive later at a base with that player's Egg Field, while it
  lasts (clarification); "your Egg Field" is one that player controls, on the base.
- Extradrone may follow the moved minion only to that minion's new base, and only if it is still
  where it was played. Alien Life Form's and Extradrone's counters come after the rest of their
  ability, whatever happened to the other minion.
- Five by Five puts back as many cards as the hand holds, up to five, one at a time: the first
  chosen becomes the top card. Close Encounters' card goes on top too. Only their player knows
  which cards went back, until the deck is shuffled.
- Nuke It From Orbit destroys every other card on its base one by one (actions on minions, then
  actions on the base, then minions, then buried cards: "all other cards" includes them, Oops
  rulebook, Burying); those that cannot be destroyed are discarded with the base
  (engine/rules/timeline.py ``destroy_base``). Nuke goes to the box, only when its talent is used
  (clarification).
- Head Grabber has no official text: this is the reconstruction of guide §7.1, marked
  provisional wherever it is shown. Its talent needs its host to be one of its player's minions,
  or Head Grabber to have been in play since the turn began; destroying the host is the price
  ("to"): a host that cannot be destroyed is never offered, and Head Grabber goes to the discard
  pile with it.
- None of these actions directly increases a minion's power (``boosts_power`` stays False).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..api import Faction
from ..helpers import (
    AbilityGen,
    ChoiceOption,
    Ctx,
    EffectKind,
    Option,
    Play,
    PlayOnOption,
    Source,
    State,
    Talent,
    action_targets,
    add_effect,
    ask,
    can_affect,
    can_be_destroyed,
    cards_in_play,
    choose_base,
    choose_card,
    choose_destination,
    choose_many,
    choose_minion_to_destroy,
    choose_minion_to_move,
    deck_to_search,
    destinations,
    destroy,
    destroy_base,
    draw,
    emit,
    extra_play,
    host_of,
    knows_place,
    may,
    move_minion,
    move_to_other_base,
    offer_plays,
    on_base_since_turn_began,
    place_counters,
    place_on_deck,
    play_off_top,
    played_off_top,
    power,
    register_effect_kind,
    relocate,
    remove_counters,
    restack_top,
    reveal,
    shuffle_deck,
    take_into_hand,
    to_box,
    to_own_deck_top,
    until_start_of_turn,
)

extramorphs = Faction("Extramorphs", "excellent-movies-dudes")

EGG_FIELD = "extramorphs/egg-field"
HEAD_GRABBER = "extramorphs/head-grabber"


# ---- shared helpers --------------------------------------------------------------------------


def choose_power(ctx: Ctx, powers: Sequence[int], prompt: str) -> AbilityGen:
    """Name one of ``powers`` (options ``choice:power-N``); returns it."""
    if len(powers) == 1:
        return powers[0]
    opts: list[Option] = [ChoiceOption("choice", f"power-{n}") for n in powers]
    choice = yield from ask(ctx.player, "choose", prompt, opts, ctx.ref)
    return int(choice.word.rsplit("-", 1)[1])


def hatch(ctx: Ctx, slot: int, pred_power: str, n: int) -> AbilityGen:
    """Play an extra minion off the top of your deck at ``slot``: of printed power exactly
    ``n`` (``pred_power`` "eq") or ``n`` or less ("le"). Returns the minions played."""
    g = ctx.g
    if pred_power == "eq":
        return (yield from play_off_top(ctx, "minion", pred=lambda c: g.defs[c].power == n,
                                        slots=(slot,)))
    return (yield from play_off_top(ctx, "minion", pred=lambda c: g.defs[c].power <= n,
                                    slots=(slot,)))


def _can_hatch(g: State, player: int) -> bool:
    """Is there a deck (or a discard pile to refill it) to play a minion off?"""
    return bool(g.decks[player] or g.discards[player])


def _fetch_to_hand(ctx: Ctx, key: str, prompt: str) -> AbilityGen:
    """"You may search your deck and/or discard pile for X and put it into your hand": the
    player sees the copies in both as choices; one taken from the deck is shown to everyone,
    and the deck is then shuffled."""
    g = ctx.g
    p = ctx.player
    found = [c for zone in (deck_to_search(g, p, refill=False), g.discards[p]) for c in zone
             if g.defs[c].key == key]
    card = yield from choose_card(ctx, sorted(found), prompt, optional=True)
    if card is None:
        return
    from_deck = g.loc[card][0] == "deck"
    reveal(g, (card,))
    take_into_hand(g, card, reason=g.defs[ctx.me].name)
    if from_deck and len(g.decks[p]) > 1:
        shuffle_deck(g, p)


def _put_on_top(ctx: Ctx, card: int) -> None:
    """A card from the hand goes on top of this player's own deck (a card another player
    owns too: it stays with this player, as the Vikings' clarifications say); only this
    player learns which."""
    to_own_deck_top(ctx.g, card, ctx.player)


# ---- Hive Queen's -1: a temporary effect that also catches minions arriving later ---------------


def _aura_value(g: State, eff: tuple[Any, ...], minion: int) -> int:
    """``("aura_where_card", card key, delta, expiry, player)``: ``delta`` to other players'
    minions at bases where ``player`` controls a card named by the key."""
    player = eff[4]
    loc = g.loc[minion]
    if loc[0] != "minion" or g.controller[minion] == player:
        return 0
    slot = loc[1]
    key = eff[1]
    here = g.base_actions[slot] + [a for m in g.minions[slot] for a in g.attached.get(m, ())]
    if any(g.defs[c].key == key and g.controller[c] == player for c in here):
        return int(eff[2])
    return 0


AURA = register_effect_kind(EffectKind("aura_where_card", "power_mod", _aura_value))
"""Until it expires, other players' minions at each base where the effect's player has a
given card have their power changed; it lasts even if its source leaves play and applies to
minions played or moved there later (Hive Queen)."""


# ---- minions ---------------------------------------------------------------------------------


def _queen_talent(ctx: Ctx) -> AbilityGen:
    g = ctx.g
    add_effect(g, AURA.name, EGG_FIELD, -1, until_start_of_turn(ctx.player), ctx.player)
    return
    yield


@extramorphs.minion("Hive Queen", power=5,
                    text="You may look through your deck and discard pile for an Egg Field and "
                         "take it into your hand. Talent: until your next turn starts, minions "
                         "of other players at each base holding one of your Egg Fields get -1 "
                         "power.",
                    talent=Talent(_queen_talent))
def hive_queen(ctx: Ctx) -> AbilityGen:
    yield from _fetch_to_hand(ctx, EGG_FIELD, "Take which Egg Field into your hand?")


def _life_form_can(g: State, me: int) -> bool:
    return g.counters.get(me, 0) > 0 and bool(destinations(Ctx(g, me, g.controller[me]), me))


def _life_form_talent(ctx: Ctx) -> AbilityGen:
    dest = yield from choose_destination(ctx, ctx.me, "Move Alien Life Form to which base?")
    if dest is not None and remove_counters(ctx, ctx.me, 1):
        yield from move_minion(ctx, ctx.me, dest)


@extramorphs.minion("Alien Life Form", power=4, count=2,
                    text="You may destroy a minion here whose power is 3 or less. If it came off "
                         "the top of a deck, it gets two +1 power counters. Talent: take one +1 "
                         "counter off it to move it to a different base.",
                    talent=Talent(_life_form_talent, _life_form_can))
def alien_life_form(ctx: Ctx) -> AbilityGen:
    g = ctx.g
    off_top = played_off_top(g, ctx.me)
    slot = ctx.slot
    if slot is not None:
        target = yield from choose_minion_to_destroy(
            ctx, "Destroy which minion of power 3 or less here?", where=slot,
            pred=lambda m: power(g, m) <= 3, optional=True)
        if target is not None:
            yield from destroy(ctx, target)
    if off_top:
        place_counters(ctx, ctx.me, 2)


@extramorphs.minion("Extradrone", power=3, count=3,
                    text="You may send a minion of another player with power 3 or less from "
                         "here to a different base, and then you may send this minion after it. "
                         "If it came off the top of a deck, it gets a +1 power counter.")
def extradrone(ctx: Ctx) -> AbilityGen:
    g = ctx.g
    me = ctx.me
    off_top = played_off_top(g, me)
    slot = ctx.slot
    if slot is not None:
        target = yield from choose_minion_to_move(
            ctx, "Move which minion of another player (power 3 or less) away from here?",
            where=slot, pred=lambda m: g.controller[m] != ctx.player and power(g, m) <= 3,
            optional=True)
        dest = None
        if target is not None:
            dest = yield from choose_destination(ctx, target, "Move it to which base?")
        if dest is not None and (yield from move_minion(ctx, target, dest)) \
                and g.loc[me] == ("minion", slot) and dest in destinations(ctx, me) \
                and (yield from may(ctx, "Move Extradrone to that base too?")):
            yield from move_minion(ctx, me, dest)
    if off_top:
        place_counters(ctx, me, 1)


def _chest_can(g: State, me: int) -> bool:
    return (g.is_minion_in_play(me) and on_base_since_turn_began(g, me)
            and can_affect(g, me, Source(me, g.controller[me], "minion")))


def _chest_talent(ctx: Ctx) -> AbilityGen:
    slot = ctx.slot
    if slot is None or not (yield from place_on_deck(ctx, ctx.me, bottom=True)):
        return
    knows_place(ctx.g, [ctx.me])  # everyone saw it go under the deck
    n = yield from choose_power(ctx, (3, 4), "Hatch a minion of which power?")
    yield from hatch(ctx, slot, "eq", n)


extramorphs.minion("Chestbreaker", power=2, count=4,
                   text="Talent: if it has been on a base since this turn began, tuck it under "
                        "your deck, name power 3 or 4, and play an extra minion with exactly "
                        "that power off the top of your deck at this base.",
                   talent=Talent(_chest_talent, _chest_can))


# ---- actions ---------------------------------------------------------------------------------


@extramorphs.action("Close Encounters",
                    text="Take the top card of your deck into hand; then, if you wish, return "
                         "any one hand card face down onto the deck. Gain a bonus action play.")
def close_encounters(ctx: Ctx) -> AbilityGen:
    g = ctx.g
    draw(g, ctx.player, 1)
    card = yield from choose_card(ctx, list(g.hands[ctx.player]),
                                  "Put which card from your hand on top of your deck?",
                                  optional=True)
    if card is not None:
        _put_on_top(ctx, card)
    yield from extra_play(ctx, "action")


@extramorphs.action("Distress Call", text="Pick any minion and shift it to a different base.")
def distress_call(ctx: Ctx) -> AbilityGen:
    target = yield from choose_minion_to_move(ctx, "Move which minion?")
    if target is not None:
        yield from move_to_other_base(ctx, target)


def _egg_can(g: State, me: int) -> bool:
    return _can_hatch(g, g.controller[me])


def _egg_talent(ctx: Ctx) -> AbilityGen:
    slot = ctx.slot
    if slot is not None:
        yield from hatch(ctx, slot, "le", 2)


@extramorphs.action("Egg Field", count=2, play_on="base",
                    text="Play on a base. You may find a Head Grabber in your hand, deck or "
                         "discard pile and play it as an extra action on a minion here with "
                         "power 3 or less. Talent: play an extra minion of power 2 or less off "
                         "the top of your deck here.",
                    talent=Talent(_egg_talent, _egg_can))
def egg_field(ctx: Ctx) -> AbilityGen:
    g = ctx.g
    p = ctx.player
    slot = ctx.slot
    if slot is None:
        return
    grabbers = sorted(c for zone in (g.hands[p], deck_to_search(g, p, refill=False),
                                     g.discards[p]) for c in zone
                      if g.defs[c].key == HEAD_GRABBER)
    in_deck = {c for c in grabbers if g.loc[c][0] == "deck"}
    opts: list[Play] = [o for c in grabbers for o in action_targets(g, c, p)
                        if isinstance(o, PlayOnOption) and g.slot_of(o.target) == slot]
    played = yield from offer_plays(ctx, p, opts, True,
                                    "Play a Head Grabber on a minion here as an extra action?")
    if played in in_deck and len(g.decks[p]) > 1:
        shuffle_deck(g, p)


@extramorphs.action("Five by Five",
                    text="Pull five cards into your hand, then stack five hand cards back onto "
                         "your deck in whatever order suits you.")
def five_by_five(ctx: Ctx) -> AbilityGen:
    g = ctx.g
    p = ctx.player
    draw(g, p, 5)
    stacked: list[int] = []
    while len(stacked) < 5 and g.hands[p]:
        hand = g.hands[p]
        if len(hand) == 1:
            card = hand[0]
        else:
            prompt = ("Put which card on top of your deck?" if not stacked else
                      "Put which card under the one(s) just put back?")
            card = yield from choose_card(ctx, list(hand), prompt)
        stacked.append(card)
        _put_on_top(ctx, card)
    restack_top(g, p, stacked)  # the first chosen is the top card


@extramorphs.action("Game Over, Dude!",
                    text="Pick any base and a number from 0 to 4; turn over cards from your "
                         "deck until a minion printed with that number appears, and play it "
                         "there as an extra minion.")
def game_over_dude(ctx: Ctx) -> AbilityGen:
    slot = yield from choose_base(ctx, "Hatch a minion at which base?")
    if slot is None:
        return
    n = yield from choose_power(ctx, (0, 1, 2, 3, 4), "Hatch a minion of which power?")
    yield from hatch(ctx, slot, "eq", n)


def _grabber_on(g: State, me: int, target: int, player: int) -> bool:
    return g.is_minion_in_play(target) and power(g, target) <= 3


def _grabber_can(g: State, me: int) -> bool:
    host = host_of(g, me)
    if host is None:
        return False
    player = g.controller[me]
    return ((g.controller[host] == player or on_base_since_turn_began(g, me))
            and can_be_destroyed(g, host) and can_affect(g, host, Source(me, player, "action")))


def _grabber_talent(ctx: Ctx) -> AbilityGen:
    g = ctx.g
    host = host_of(g, ctx.me)
    slot = ctx.slot
    if host is None or slot is None or not (yield from destroy(ctx, host)):
        return
    n = yield from choose_power(ctx, (0, 1, 2, 3, 4), "Hatch a minion of which power?")
    yield from hatch(ctx, slot, "eq", n)


extramorphs.action("Head Grabber", count=2, play_on="minion", provisional=True,
                   can_target=_grabber_on,
                   text="Play on a minion of power 3 or less. Talent (if it sits on your minion, "
                        "or has been in play since this turn began): destroy that minion to name "
                        "a power from 0 to 4 and play an extra minion of exactly that power off "
                        "the top of your deck at its base.",
                   talent=Talent(_grabber_talent, _grabber_can))


_NUKE_ORDER = ("on", "base_action", "minion", "buried")
"""Nuke It From Orbit destroys the other cards on its base in this order (by zone): the actions
on minions, the actions on the base, the minions, the buried cards."""


def _nuke_can(g: State, me: int) -> bool:
    return g.loc[me][0] == "base_action" and on_base_since_turn_began(g, me)


def _nuke_talent(ctx: Ctx) -> AbilityGen:
    g = ctx.g
    slot = ctx.slot
    if slot is None:
        return
    here = [c for c in cards_in_play(g, slot) if c != ctx.me]
    for layer in _NUKE_ORDER:
        for card in [c for c in here if g.loc[c][0] == layer]:
            if g.slot_of(card) == slot:
                yield from destroy(ctx, card)
    to_box(g, ctx.me)
    yield from destroy_base(ctx, slot)


extramorphs.action("Nuke It From Orbit", play_on="base",
                   text="Play on a base. Talent: if it has been on this base since the turn "
                        "began, wipe out the base and every other card there; a new base takes "
                        "its place as usual, and this card leaves the game (to the box).",
                   talent=Talent(_nuke_talent, _nuke_can))


@extramorphs.action("Time to Go",
                    text="Pick as many as three cards in your discard pile and shuffle them "
                         "into your deck.")
def time_to_go(ctx: Ctx) -> AbilityGen:
    g = ctx.g
    p = ctx.player
    picked = yield from choose_many(ctx, list(g.discards[p]),
                                    "Shuffle which cards from your discard pile into your deck?",
                                    limit=3)
    if not picked:
        return
    for card in picked:
        relocate(g, card, ("deck", p))
    emit(g, "shuffled_in", player=p, cards=tuple(picked), reason="Time to Go")
    shuffle_deck(g, p)
