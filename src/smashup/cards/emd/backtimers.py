"""Backtimers (Excellent Movies, Dudes!): cards parked in stasis that come back later.

Every card uses stasis (engine/mechanics/stasis.py, guide §4.7). Rulings taken here (each
tested in
tests/cards/backtimers_test.py):

- "Your cards in stasis" are those in your stasis zone (you put them there). A card that left
  stasis this turn cannot go back at once, so it is never offered for stasis that turn.
- Each stasis counter removed is its own trigger (clarification): the engine's own removals
  take one counter at a time, and a trigger told of several counters at once answers each.
- Sidelined Girlfriend played from stasis: its on-play ability resolves first (it cannot put
  itself back in stasis), then it gets its +1 power counter; it stays on its base.
- Help From the Past: the card taken from the discard pile is revealed (EMD: a card taken from
  a discard pile is revealed), so everyone knows what is stored. Letter From Another Time
  searches the deck: the card found is revealed too (clarification), the deck is shuffled.
  Played from stasis, the host is discarded first, then the stored card may be played at once
  as an extra card; if it is not played, it is discarded with its host.
- Lightning Strike soaks up counters removed from your other cards in stasis (optional, each
  removal); its breakpoint cut spends one of your action plays (the free one or an
  unconditional extra: ``spend_play``), needs at least one counter on it, is capped at 5 and
  lasts until the end of the turn even though the card is discarded at once.
- Future Almanac? and Lightning Strike played from stasis are just discarded (no on-play).
- Will Have to Do and Lifelong Bully offer only a choice that can do something.
"""

from __future__ import annotations

from ..api import Faction
from ..helpers import (
    TOP,
    AbilityGen,
    ChoiceOption,
    Ctx,
    Event,
    Special,
    State,
    Talent,
    Trigger,
    add_effect,
    add_stasis,
    arrange,
    ask,
    can_enter_stasis,
    can_spend_play,
    choose_base,
    choose_card,
    choose_many,
    choose_minion_to_boost,
    choose_your_minion,
    discard_card,
    discard_from_stasis,
    draw,
    in_play_phase,
    in_stasis,
    look_at_deck,
    may,
    minions_matching,
    place_counters,
    place_in_stasis,
    play_specific,
    remove_stasis,
    reveal,
    spend_play,
    stasis_cards,
    stasis_emptied_this_turn,
    store,
    stored_cards,
    top_cards,
    toward_aim,
    until_end_of_turn,
    your_minions,
)
from ..sfdf.shapeshifters import search_deck

backtimers = Faction("Backtimers", "excellent-movies-dudes")

STRIKE_CAP = 5
"""Lightning Strike lowers a breakpoint by at most this much."""


# ---- shared pieces ---------------------------------------------------------------------------


def stash_from_hand(ctx: Ctx, counters: int, optional: bool) -> AbilityGen:
    """Put a card from your hand into stasis with ``counters`` stasis counters (Alex P.
    McGlide, 99 MPH, Alternate Present). Returns the card, or None."""
    g = ctx.g
    hand = [c for c in g.hands[ctx.player] if can_enter_stasis(g, c)]
    card = yield from choose_card(ctx, hand, f"Put which card from your hand into stasis with "
                                             f"{counters} stasis counters?", optional)
    if card is not None:
        place_in_stasis(ctx, card, counters)
    return card


def stash_one_of(ctx: Ctx, cards: list[int], counters: int) -> AbilityGen:
    """You may put one of ``cards`` (looked at or revealed on your deck) into stasis."""
    g = ctx.g
    card = yield from choose_card(ctx, [c for c in cards if can_enter_stasis(g, c)],
                                  f"Put one of them into stasis with {counters} stasis "
                                  "counters?", optional=True)
    if card is not None:
        place_in_stasis(ctx, card, counters)
    return card


def my_minions_on_bases(ctx: Ctx) -> list[int]:
    """Your minions on a base that this ability may give a +1 power counter."""
    return your_minions(ctx)


def counter_on_my_minion(ctx: Ctx) -> AbilityGen:
    """Place a +1 power counter on one of your minions on a base."""
    target = yield from choose_your_minion(ctx,
                                           "Place a +1 power counter on which of your minions?")
    if target is not None:
        place_counters(ctx, target, 1)


def removed_from_me(g: State, me: int, ev: Event) -> bool:
    return bool(ev["card"] == me)


def just_discard(ctx: Ctx) -> AbilityGen:
    """Played from stasis: nothing happens; the card is discarded (the stasis rule)."""
    return
    yield


# ---- minions ---------------------------------------------------------------------------------


def _alex_can(g: State, me: int) -> bool:
    if not stasis_emptied_this_turn(g):
        return False
    ctx = Ctx(g, me, g.controller[me])
    return bool(my_minions_on_bases(ctx))


def _alex_talent(ctx: Ctx) -> AbilityGen:
    yield from counter_on_my_minion(ctx)


@backtimers.minion("Alex P. McGlide", power=5,
                   text="You may put a card from your hand into stasis with two stasis "
                        "counters. Talent: once some card has lost its final stasis counter "
                        "this turn, you may give one of your minions a +1 power counter.",
                   talent=Talent(_alex_talent, _alex_can))
def alex_p_mcglide(ctx: Ctx) -> AbilityGen:
    yield from stash_from_hand(ctx, 2, optional=True)


def _prof_who(g: State, me: int, ev: Event) -> list[int]:
    p = g.controller[me]
    return [p] if ev["player"] == p and stasis_cards(g, p) else []


def _prof_nudges(ctx: Ctx, ev: Event) -> AbilityGen:
    g = ctx.g
    card = yield from choose_card(ctx, stasis_cards(g, ctx.player),
                                  "Take a stasis counter off, or add one to, which card?")
    if card is None:
        return
    choice = ChoiceOption("choice", "add")
    if g.stasis.get(card, 0):
        choice = yield from ask(ctx.player, "choose", f"Take a stasis counter off "
                                f"{g.defs[card].name}, or add one?",
                                [ChoiceOption("choice", "remove"), ChoiceOption("choice", "add")],
                                ctx.ref)
    if choice.word == "remove":
        remove_stasis(g, card, 1)
    else:
        add_stasis(ctx, card, 1)


backtimers.minion("Zany Prof", power=4, count=2,
                  text="Ongoing: as each of your turns begins, you may take one stasis counter "
                       "off one of your cards in stasis, or put one more on it.",
                  triggers=(Trigger("start_turn", _prof_who, _prof_nudges, optional=True),))


@backtimers.minion("Lifelong Bully", power=3, count=3,
                   text="Choose one: one of your cards in stasis gets one more stasis counter; "
                        "or peek at your deck's top two cards, optionally put one of them into "
                        "stasis with two stasis counters, and put the others back on top in the "
                        "order you like.")
def lifelong_bully(ctx: Ctx) -> AbilityGen:
    g = ctx.g
    p = ctx.player
    modes: list[ChoiceOption] = []
    if stasis_cards(g, p):
        modes.append(ChoiceOption("choice", "add-counter"))
    if g.decks[p] or g.discards[p]:
        modes.append(ChoiceOption("choice", "look"))
    if not modes:
        return
    mode = modes[0]
    if len(modes) > 1:
        mode = yield from ask(p, "choose", "Add a stasis counter to a card in stasis, or look "
                              "at the top two cards of your deck?", modes, ctx.ref)
    if mode.word == "add-counter":
        card = yield from choose_card(ctx, stasis_cards(g, p),
                                      "Add a stasis counter to which card?")
        if card is not None:
            add_stasis(ctx, card, 1)
        return
    cards = look_at_deck(g, p, 2, p)
    stashed = yield from stash_one_of(ctx, cards, 2)
    yield from arrange(ctx, [c for c in cards if c != stashed], p, TOP)


def _girlfriend_who(g: State, me: int, ev: Event) -> list[int]:
    if not removed_from_me(g, me, ev):
        return []
    p = g.controller[me]
    return [p] if my_minions_on_bases(Ctx(g, me, p)) else []


def _girlfriend_boosts(ctx: Ctx, ev: Event) -> AbilityGen:
    for _ in range(int(ev["amount"])):  # each counter removed is a trigger of its own
        yield from counter_on_my_minion(ctx)


def _girlfriend_returns(ctx: Ctx) -> AbilityGen:
    """Played from stasis: as an extra minion (its on-play first), then a +1 power counter;
    it stays where it was played."""
    if (yield from play_specific(ctx, ctx.me, ctx.player,
                                 prompt="Play Sidelined Girlfriend from stasis")):
        place_counters(ctx, ctx.me, 1)


@backtimers.minion("Sidelined Girlfriend", power=2, count=4,
                   text="You may put this minion into stasis with one stasis counter. Special: "
                        "each time a stasis counter comes off this card, you may give a +1 "
                        "power counter to one of your minions on a base. Played from stasis, it "
                        "comes in as an extra minion and gets a +1 power counter.",
                   triggers=(Trigger("stasis_removed", _girlfriend_who, _girlfriend_boosts,
                                     optional=True),),
                   leave_stasis=_girlfriend_returns)
def sidelined_girlfriend(ctx: Ctx) -> AbilityGen:
    g = ctx.g
    if g.loc[ctx.me][0] != "minion" or not can_enter_stasis(g, ctx.me):
        return
    if (yield from may(ctx, "Put Sidelined Girlfriend into stasis with one stasis counter?")):
        place_in_stasis(ctx, ctx.me, 1)


# ---- actions ---------------------------------------------------------------------------------


@backtimers.action("99 MPH", count=2,
                   text="A card from your hand goes into stasis with two stasis counters; then "
                        "draw one card.")
def ninety_nine_mph(ctx: Ctx) -> AbilityGen:
    yield from stash_from_hand(ctx, 2, optional=False)
    draw(ctx.g, ctx.player, 1)


@backtimers.action("Back From the Future", count=2,
                   text="Show everyone your deck's top three cards; you may put one of them into "
                        "stasis with two stasis counters, and the others go back on top in the "
                        "order you like.")
def back_from_the_future(ctx: Ctx) -> AbilityGen:
    g = ctx.g
    p = ctx.player
    cards = top_cards(g, p, 3)
    if not cards:
        return
    reveal(g, cards)
    stashed = yield from stash_one_of(ctx, cards, 2)
    yield from arrange(ctx, [c for c in cards if c != stashed], p, TOP, public=True)


@backtimers.action("Disrupt the Space-Time Continuum",
                   text="Pick no more than two cards from your hand; each goes into stasis with "
                        "as many stasis counters as the number of cards you picked.")
def disrupt_the_space_time_continuum(ctx: Ctx) -> AbilityGen:
    g = ctx.g
    hand = [c for c in g.hands[ctx.player] if can_enter_stasis(g, c)]
    picked = yield from choose_many(ctx, hand, "Pick up to two cards to put into stasis", 2)
    for card in picked:
        place_in_stasis(ctx, card, len(picked))


def _almanac_who(g: State, me: int, ev: Event) -> list[int]:
    return [g.controller[me]] if removed_from_me(g, me, ev) else []


def _almanac_draws(ctx: Ctx, ev: Event) -> AbilityGen:
    draw(ctx.g, ctx.player, int(ev["amount"]))  # a card per counter taken off
    return
    yield


@backtimers.action("Future Almanac?",
                   text="This card goes into stasis with three stasis counters. Special: each "
                        "time you take a stasis counter off it, draw a card. Played from "
                        "stasis, it is simply discarded.",
                   triggers=(Trigger("stasis_removed", _almanac_who, _almanac_draws),),
                   leave_stasis=just_discard)
def future_almanac(ctx: Ctx) -> AbilityGen:
    place_in_stasis(ctx, ctx.me, 3)
    return
    yield


def _stores_on_entry(g: State, me: int, ev: Event, has_source: bool) -> list[int]:
    return [g.controller[me]] if ev["card"] == me and ev["entered"] and has_source else []


def _help_who(g: State, me: int, ev: Event) -> list[int]:
    return _stores_on_entry(g, me, ev, bool(g.discards[g.controller[me]]))


def _help_stores(ctx: Ctx, ev: Event) -> AbilityGen:
    card = yield from choose_card(ctx, list(ctx.g.discards[ctx.player]),
                                  "Store which card from your discard pile?")
    if card is not None:  # taken from a discard pile: shown to everyone
        store(ctx, card, ctx.me, show=True)


def play_stored(ctx: Ctx) -> AbilityGen:
    """Played from stasis: discard this card, then you may play a card stored under it as an
    extra card, at once (what is not played goes to the discard pile with its host)."""
    g = ctx.g
    discard_card(g, ctx.me, reason="left stasis")
    stored = stored_cards(g, ctx.me)
    if len(stored) > 1:
        card = yield from choose_card(ctx, stored, "Play which stored card?", optional=True)
        stored = [] if card is None else [card]
    if stored:
        yield from play_specific(ctx, stored[0], ctx.player, optional=True,
                                 prompt=f"Play the stored {g.defs[stored[0]].name} as an extra "
                                        "card?")


@backtimers.action("Help From the Past",
                   text="This card goes into stasis with three stasis counters. Special: as it "
                        "enters stasis, tuck a card from your discard pile under it. Played "
                        "from stasis, it is discarded and you may play the tucked card as an "
                        "extra card.",
                   triggers=(Trigger("stasis", _help_who, _help_stores),),
                   leave_stasis=play_stored)
def help_from_the_past(ctx: Ctx) -> AbilityGen:
    place_in_stasis(ctx, ctx.me, 3)
    return
    yield


def _letter_who(g: State, me: int, ev: Event) -> list[int]:
    p = g.controller[me]
    return _stores_on_entry(g, me, ev, bool(g.decks[p] or g.discards[p]))


def _letter_stores(ctx: Ctx, ev: Event) -> AbilityGen:
    found = yield from search_deck(ctx, lambda c: True, "Store which card from your deck?")
    if found is not None:  # a searched card is revealed (clarification)
        store(ctx, found, ctx.me, show=True)


@backtimers.action("Letter From Another Time",
                   text="This card goes into stasis with three stasis counters. Special: as it "
                        "enters stasis, find any card in your deck, show it and tuck it under "
                        "this card. Played from stasis, it is discarded and you may play the "
                        "tucked card as an extra card.",
                   triggers=(Trigger("stasis", _letter_who, _letter_stores),),
                   leave_stasis=play_stored)
def letter_from_another_time(ctx: Ctx) -> AbilityGen:
    place_in_stasis(ctx, ctx.me, 3)
    return
    yield


def _strike_soaks_who(g: State, me: int, ev: Event) -> list[int]:
    p = g.controller[me]
    return [p] if ev["card"] != me and ev["player"] == p and in_stasis(g, me) else []


def _strike_soaks(ctx: Ctx, ev: Event) -> AbilityGen:
    add_stasis(ctx, ctx.me, int(ev["amount"]))
    return
    yield


def _strike_can(g: State, card: int, ev: Event, holder: int) -> bool:
    return (g.loc[card] == ("stasis", holder) and g.stasis.get(card, 0) > 0
            and in_play_phase(g, holder) and can_spend_play(g, holder, "action")
            and bool(g.bases))


def _strike(ctx: Ctx, ev: Event) -> AbilityGen:
    g = ctx.g
    cut = min(g.stasis.get(ctx.me, 0), STRIKE_CAP)
    slot = yield from choose_base(ctx, f"Lower which base's breakpoint by {cut}?")
    if slot is None or not spend_play(g, ctx.player, "action"):
        return
    add_effect(g, "breakpoint", slot, -cut, until_end_of_turn(g), ctx.player)
    discard_from_stasis(g, ctx.me, "spent")


@backtimers.action("Lightning Strike",
                   text="This card goes into stasis with two stasis counters. Special: whenever "
                        "you take stasis counters off your other cards, you may move them onto "
                        "this one. In your Play Cards phase you may spend an action play to "
                        "lower a base's breakpoint by this card's stasis counters (5 at most) "
                        "until the turn ends, then discard this card. Played from stasis, it "
                        "is simply discarded.",
                   triggers=(Trigger("stasis_removed", _strike_soaks_who, _strike_soaks,
                                     optional=True),),
                   specials=(Special("play_phase", _strike_can, _strike, zone="stasis"),),
                   leave_stasis=just_discard)
def lightning_strike(ctx: Ctx) -> AbilityGen:
    place_in_stasis(ctx, ctx.me, 2)
    return
    yield


@backtimers.action("Will Have to Do", boosts_power=True,
                   text="Choose one: give your minions up to two +1 power counters in total; or "
                        "take up to two stasis counters in total off your cards in stasis.")
def will_have_to_do(ctx: Ctx) -> AbilityGen:
    g = ctx.g
    p = ctx.player
    modes: list[ChoiceOption] = []
    if my_minions_on_bases(ctx):
        modes.append(ChoiceOption("choice", "power-counters"))
    if any(g.stasis.get(c, 0) for c in stasis_cards(g, p)):
        modes.append(ChoiceOption("choice", "stasis-counters"))
    if not modes:
        return
    # played on condition that it raises certain minions: the counters, when they can
    modes = toward_aim(g, ctx.me, modes, lambda mode: my_minions_on_bases(ctx)
                       if mode.word == "power-counters" else ())
    mode = modes[0]
    if len(modes) > 1:
        mode = yield from ask(p, "choose", "Place +1 power counters on your minions, or take "
                              "stasis counters off your cards in stasis?", modes, ctx.ref)
    for i in range(2):
        if mode.word == "power-counters":
            target = yield from choose_minion_to_boost(
                ctx, f"Place a +1 power counter on which of your minions? ({i + 1}/2)",
                minions_matching(ctx, pred=lambda m: g.controller[m] == p), optional=True)
            if target is None:
                return
            place_counters(ctx, target, 1)
        else:
            card = yield from choose_card(
                ctx, [c for c in stasis_cards(g, p) if g.stasis.get(c, 0)],
                f"Take a stasis counter off which card? ({i + 1}/2)", optional=True)
            if card is None:
                return
            remove_stasis(g, card, 1)
