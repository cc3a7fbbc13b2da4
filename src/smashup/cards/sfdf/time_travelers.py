"""Time Travelers (Science Fiction Double Feature): cards that come back, go round again and
bend the order of turns and bases.

Rulings taken here (each tested in tests/cards/time_travelers_test.py):

- "Your minion" is a minion you control. A minion returned to hand goes to its owner's hand;
  Doctor When and Do Over! offer to play it again only if it is in your hand then, at once
  (clarification) and at any base.
- Jumper: its controller decides; it goes to its owner's hand. It works whenever it would go
  from play to the discard pile: destroyed, or discarded when its base has scored.
- Cards put on a deck from a discard pile (Repeater Perfect, Time Raider, Time Walk itself)
  were seen by everyone: everyone knows where they lie until that deck is shuffled.
- 1.21 Gigawatts offers only a kind of card the discard pile holds; with none, it does
  nothing. Wormhole shuffles each chosen minion into its owner's deck.
- Into the Time Slip may return any card in play (``query.cards_in_play``): a minion, an action
  on a base or on a minion, or a buried card (Oops: buried cards are affected by abilities that
  target "cards"; one hidden from you is picked by its place, and goes to the hand of the
  player who buried it, its owner while buried); not a card in stasis or a stored card (EMD:
  only abilities that mention them affect them).
- Time is Fleeting and Wormhole can only be played through their Special, after a base
  scores; It's Astounding cannot play them from the discard pile either.
- Stasis Field: "your turn" is the turn of the player who controls it.
"""

from __future__ import annotations

from ..api import Faction
from ..helpers import (
    AbilityGen,
    BaseCardOption,
    ChoiceOption,
    Ctx,
    Event,
    Option,
    Replacement,
    Special,
    State,
    Talent,
    Trigger,
    ask,
    can_affect,
    can_be_returned,
    cards_in_play,
    choose_card,
    choose_card_in_play,
    choose_many,
    choose_minion_to_return,
    controller_only,
    destroy,
    draw,
    emit,
    extra_play,
    knows_place,
    may,
    place_on_deck,
    play_extra_now,
    play_through_special,
    replace_with,
    return_to_hand,
    shuffle_deck,
    special_slot,
    take_into_hand,
    to_owner,
    window_slot,
    your_minions,
)

travelers = Faction("Time Travelers", "science-fiction-double-feature")


def _return_and_replay(ctx: Ctx, minion: int) -> AbilityGen:
    """Return ``minion`` to its owner's hand; if it is now in this player's hand, they may
    play it again at once as an extra minion (Doctor When, Do Over!)."""
    g = ctx.g
    if not (yield from return_to_hand(ctx, minion)):
        return
    if g.loc[minion] == ("hand", ctx.player):
        yield from play_extra_now(ctx, "minion", cards=[minion],
                                  prompt=f"Play {g.defs[minion].name} again as an extra minion?")


def _discard_to_deck(ctx: Ctx, card: int, bottom: bool) -> AbilityGen:
    """Put a card from a discard pile on its owner's deck, where everyone saw it go."""
    if (yield from place_on_deck(ctx, card, bottom=bottom)):
        knows_place(ctx.g, [card])


# ---- minions ---------------------------------------------------------------------------------


@travelers.minion("Doctor When", power=5,
                  text="You may send one of your other minions in play back to your hand, then "
                       "at once play it again as an extra minion if you like.")
def doctor_when(ctx: Ctx) -> AbilityGen:
    g = ctx.g
    target = yield from choose_minion_to_return(
        ctx, "Return which other minion of yours to your hand?", optional=True,
        pred=lambda m: m != ctx.me and g.controller[m] == ctx.player)
    if target is not None:
        yield from _return_and_replay(ctx, target)


@travelers.minion("Repeater Perfect", power=4, count=2,
                  text="An action of your choice comes out of your discard pile to become the "
                       "top card of your deck.")
def repeater_perfect(ctx: Ctx) -> AbilityGen:
    g = ctx.g
    actions = [c for c in g.discards[ctx.player] if g.defs[c].kind == "action"]
    card = yield from choose_card(ctx, actions, "Put which action on top of your deck?")
    if card is not None:
        yield from _discard_to_deck(ctx, card, bottom=False)


def _raider_can(g: State, me: int) -> bool:
    return bool(g.discards[g.controller[me]])


def _raider_talent(ctx: Ctx) -> AbilityGen:
    card = yield from choose_card(ctx, ctx.g.discards[ctx.player],
                                  "Put which card from your discard pile under your deck?")
    if card is not None:
        yield from _discard_to_deck(ctx, card, bottom=True)


travelers.minion("Time Raider", power=3, count=3,
                 text="Talent: slide one card from your discard pile under your deck.",
                 talent=Talent(_raider_talent, _raider_can))


def _jumper_applies(g: State, me: int, target: int) -> bool:
    return target == me


def _jumper_jumps(ctx: Ctx, target: int) -> AbilityGen:
    g = ctx.g
    if not (yield from may(ctx, "Take Jumper back into your hand instead of the discard pile?")):
        return False
    take_into_hand(g, target, reason="Jumper")
    return True


travelers.minion("Jumper", power=2, count=4,
                 text="Ongoing: whenever this minion would leave play for the discard pile, you "
                      "may take it back into your hand.",
                 replacements=(Replacement("discard", _jumper_applies, _jumper_jumps),))


# ---- actions ---------------------------------------------------------------------------------


@travelers.action("1.21 Gigawatts",
                  text="Pick minions or actions (one kind only): every card of that kind in your "
                       "discard pile is shuffled back into your deck.")
def gigawatts(ctx: Ctx) -> AbilityGen:
    g = ctx.g
    p = ctx.player
    kinds = [k for k in ("minion", "action") if any(g.defs[c].kind == k for c in g.discards[p])]
    if not kinds:
        return
    kind = kinds[0]
    if len(kinds) > 1:
        opts: list[Option] = [ChoiceOption("choice", f"{k}s") for k in kinds]
        choice = yield from ask(p, "choose", "Shuffle all your minions or all your actions from "
                                "your discard pile into your deck?", opts, ctx.ref)
        kind = choice.word[:-1]
    cards = [c for c in g.discards[p] if g.defs[c].kind == kind]
    for c in cards:
        to_owner(g, c, "deck")
    emit(g, "shuffled_in", player=p, cards=tuple(cards), reason="1.21 Gigawatts")
    shuffle_deck(g, p)


@travelers.action("Do Over!", count=2,
                  text="Pick up a minion you control from a base. Straight away it may come back "
                       "into play as an extra minion, if you wish.")
def do_over(ctx: Ctx) -> AbilityGen:
    g = ctx.g
    target = yield from choose_minion_to_return(ctx, "Return which of your minions to your hand?",
                                                pred=lambda m: g.controller[m] == ctx.player)
    if target is not None:
        yield from _return_and_replay(ctx, target)


def _slip_targets(ctx: Ctx) -> list[int]:
    g = ctx.g
    src = ctx.source
    return [c for c in cards_in_play(g) if can_affect(g, c, src) and can_be_returned(g, c)]


@travelers.action("Into the Time Slip", count=2,
                  text="Any one card in play goes back to the hand of the player who owns it.")
def into_the_time_slip(ctx: Ctx) -> AbilityGen:
    card = yield from choose_card_in_play(ctx, _slip_targets(ctx),
                                          "Return which card in play to its owner's hand?")
    if card is not None:
        yield from return_to_hand(ctx, card)


@travelers.action("It's Astounding",
                  text="Straight away, you may play an action out of your discard pile as an "
                       "extra action.")
def its_astounding(ctx: Ctx) -> AbilityGen:
    g = ctx.g
    yield from play_extra_now(ctx, "action", cards=list(g.discards[ctx.player]),
                              prompt="Play an action from your discard pile as an extra action")


def _field_holds(g: State, me: int, slot: int) -> bool:
    return g.loc[me] == ("base_action", slot)


def _field_owner_turn(g: State, me: int, ev: Event) -> bool:
    return bool(ev["player"] == g.controller[me])


def _field_ends(ctx: Ctx, ev: Event) -> AbilityGen:
    yield from destroy(ctx, ctx.me)


travelers.action("Stasis Field", play_on="base",
                 text="Play on a base. Ongoing: this base does not score, however much power is "
                      "here. When your next turn begins, destroy this card.",
                 hooks={"cannot_score": _field_holds},
                 triggers=(Trigger("start_turn", controller_only(_field_owner_turn),
                                   _field_ends),))


def _fleeting_can(g: State, me: int, ev: Event, holder: int) -> bool:
    return window_slot(g, ev) is not None and bool(g.base_discard)


@travelers.action("Time is Fleeting", special_only=True,
                  text="Special: once a base has scored, if the base discard pile holds a base, "
                       "play this: you pick the base from that pile that takes the scored base's "
                       "place, rather than the top of the base deck.",
                  specials=(Special("after_score", _fleeting_can, play_through_special),))
def time_is_fleeting(ctx: Ctx) -> AbilityGen:
    g = ctx.g
    slot = special_slot(ctx)
    if slot is None or not g.base_discard:
        return
    chosen = g.base_discard[0]
    if len(g.base_discard) > 1:
        opts: list[Option] = [BaseCardOption("base_card", b) for b in g.base_discard]
        choice = yield from ask(ctx.player, "choose_base_card",
                                "Which base from the base discard pile replaces the scored one?",
                                opts, ctx.ref)
        chosen = choice.base
    replace_with(g, slot, chosen)


@travelers.action("Time Walk",
                  text="You gain an extra minion play and an extra action play this turn, then "
                       "draw two cards. This card then goes under your deck, not to your discard "
                       "pile.")
def time_walk(ctx: Ctx) -> AbilityGen:
    g = ctx.g
    yield from extra_play(ctx, "minion")
    yield from extra_play(ctx, "action")
    draw(g, ctx.player, 2)
    if g.loc[ctx.me] == ("aside", ctx.player):
        yield from _discard_to_deck(ctx, ctx.me, bottom=True)


def _wormhole_minions(ctx: Ctx, slot: int) -> list[int]:
    return your_minions(ctx, slot)


def _wormhole_can(g: State, me: int, ev: Event, holder: int) -> bool:
    slot = window_slot(g, ev)
    return slot is not None and bool(_wormhole_minions(Ctx(g, me, holder), slot))


@travelers.action("Wormhole", special_only=True,
                  text="Special: once a base has scored, play this to shuffle as many of your "
                       "minions there as you like into your deck.",
                  specials=(Special("after_score", _wormhole_can, play_through_special),))
def wormhole(ctx: Ctx) -> AbilityGen:
    g = ctx.g
    slot = special_slot(ctx)
    if slot is None:
        return
    picked = yield from choose_many(ctx, _wormhole_minions(ctx, slot),
                                    "Shuffle which of your minions there into your deck?")
    decks = []
    for m in picked:
        if (yield from place_on_deck(ctx, m)):
            decks.append(g.owner[m])
    for p in dict.fromkeys(decks):
        shuffle_deck(g, p)
