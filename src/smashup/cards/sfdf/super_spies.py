"""Super Spies (Science Fiction Double Feature), in the revised printing: Informant in place
of Spy, an Operative that buries, a Mindraker that is a standard action.

Rulings taken here (each tested in tests/cards/super_spies_test.py):

- Looking at cards of a deck leaves them in place; only the looker learns them, and keeps
  knowing where they are until that deck is shuffled (``engine/mechanics/looking.py``). A deck that
  is
  empty is first refilled from its discard pile; a shorter deck shows what it has.
- Cards put back "in any order" are picked one at a time; on top, the first pick becomes the
  top card; on the bottom, the last pick becomes the bottom card. Operative puts the cards it
  looked at back at the end they came from.
- "Special: before a base scores" actions (Live and Let Chum, The Base is Not Enough) do
  nothing when played in the Play Cards phase, like Hidden Ninja.
- From Q With Love in your Play Cards phase: you choose at once whether the extra play is a
  minion or an action (and may then play it later that phase); at any other time it is one
  extra card of either kind, played at once or not at all.
- Discards are Forever and The Spy Who Ditched Me compare printed powers (the discarded
  minions are no longer in play).
- Mindraker looks at face-down cards a group at a time (those beside one base, those under
  one card): a card cannot be offered by name before it is seen. After it looked at two or
  more cards of one player in a group, that player may rearrange them, and then the looker
  no longer knows which is which (the engine forgets them for the looker).
- Permit to Kill: the player of the card puts the revealed non-minions back on top in the
  order they choose, face up for all to see; the chosen player may be one who discarded
  nothing.
"""

from __future__ import annotations

from ..api import Faction
from ..helpers import (
    BOTTOM,
    EITHER,
    TOP,
    AbilityGen,
    ChoiceOption,
    Ctx,
    Event,
    Play,
    PlayAtOption,
    Request,
    Special,
    State,
    Trigger,
    action_targets,
    arrange,
    ask_player,
    asks_anyway,
    buried_cards,
    bury,
    can_be_destroyed,
    choose_base,
    choose_card,
    choose_minion_to_boost,
    choose_minion_to_destroy,
    counted,
    destroy,
    discard_card,
    draw,
    emit,
    extra_play,
    grant_extra,
    hidden_from,
    in_play_phase,
    knows_place,
    look_and_arrange,
    look_at_deck,
    look_teaches,
    may,
    minion_targets,
    minions_matching,
    offer_plays,
    place_counters,
    play_extra_now,
    play_through_special,
    power,
    printed_power,
    reveal,
    reveal_until,
    shuffle_back_revealed,
    special_slot,
    take_control,
    to_owner,
    top_cards,
    until_end_of_turn,
    window_slot,
    your_minions,
)

spies = Faction("Super Spies", "science-fiction-double-feature")


def _mine(g: State, player: int) -> list[int]:
    return [m for ms in g.minions for m in ms if g.controller[m] == player]


# ---- minions ---------------------------------------------------------------------------------


def _agent_who(g: State, me: int, ev: Event) -> list[int]:
    controller = g.controller[me]
    if ev["type"] == "action" and ev["player"] != controller:
        return [controller]
    return []


def _agent_makes_discard(ctx: Ctx, ev: Event) -> AbilityGen:
    g = ctx.g
    victim = ev["player"]
    card = yield from choose_card(ctx, list(g.hands[victim]), "Discard a card (Secret Agent)",
                                  player=victim, kind="discard")
    if card is not None:
        discard_card(g, card, reason="Secret Agent")


spies.minion(
    "Secret Agent", power=5,
    text="Ongoing: whenever an opponent plays an action, once it has resolved that opponent "
         "throws away a card of their choice from hand.",
    triggers=(Trigger("played", _agent_who, _agent_makes_discard, outlives_card=True),),
)


def _playable_actions(g: State, player: int) -> bool:
    return any(g.defs[c].kind == "action" and action_targets(g, c, player)
               for c in g.hands[player])


def _mole_who(g: State, me: int, ev: Event) -> list[int]:
    p = g.controller[me]
    slot = window_slot(g, ev)
    if slot is None or g.slot_of(me) != slot:
        return []
    # offered only with an action to play; in a seat-safe game always, so that being offered
    # does not show the hand (the extra play may then only be skipped)
    return [p] if asks_anyway(g) or _playable_actions(g, p) else []


def _mole_plays(ctx: Ctx, ev: Event) -> AbilityGen:
    yield from play_extra_now(ctx, "action", prompt="Play an extra action")


spies.minion(
    "Mole", power=4, count=2,
    text="Special: as the base it is on is about to score, you may play one more action.",
    triggers=(Trigger("before_score", _mole_who, _mole_plays, optional=True),),
)


@spies.minion("Operative", power=3, count=3,
              text="Peek at the two top or the two bottom cards of your deck; you may bury one "
                   "of them at a base of your choice and put the other(s) back in the order "
                   "you like.")
def operative(ctx: Ctx) -> AbilityGen:
    g = ctx.g
    if not g.decks[ctx.player] and not g.discards[ctx.player]:
        return
    end = yield Request(ctx.player, "choose", "Look at the top or the bottom of your deck?",
                        [ChoiceOption("choice", "top"), ChoiceOption("choice", "bottom")], ctx.ref)
    from_bottom = end.word == "bottom"
    cards = look_at_deck(g, ctx.player, 2, ctx.player, from_bottom)
    if not cards:
        return
    buried = yield from choose_card(ctx, cards, "Bury one of these cards?", optional=True)
    if buried is not None:
        slot = yield from choose_base(ctx, f"Bury {g.defs[buried].name} at which base?")
        if slot is not None and bury(ctx, buried, slot):
            cards.remove(buried)
    yield from arrange(ctx, cards, ctx.player, BOTTOM if from_bottom else TOP)


@spies.minion("Informant", power=2, count=4,
              text="Peek at the three top cards of a deck of your choice. Your own deck: put "
                   "them back on its top and/or bottom in the order you like; anyone else's: "
                   "put them back unchanged.")
def informant(ctx: Ctx) -> AbilityGen:
    g = ctx.g
    # your own deck may always be rearranged; another deck only shows its cards, so it is
    # offered only when you do not know them all already
    decks = [p for p in range(g.nplayers) if (g.decks[p] or g.discards[p])
             and (p == ctx.player or look_teaches(g, p, 3, ctx.player))]
    owner = yield from ask_player(ctx, "Look at whose deck?", decks)
    if owner is None:
        return
    yield from look_and_arrange(ctx, owner, 3, EITHER, keep_order=owner != ctx.player)


# ---- actions ---------------------------------------------------------------------------------


@spies.action("Discards are Forever",
              text="Every opponent turns over cards from their deck until a minion shows and "
                   "discards that minion. Then you may put a minion from your discard pile on "
                   "top of your deck if its power does not exceed that of one of those minions.")
def discards_are_forever(ctx: Ctx) -> AbilityGen:
    g = ctx.g
    most = -1
    for q in ctx.others():
        found = reveal_until(g, q, lambda c: g.defs[c].kind == "minion")
        if found is not None:
            most = max(most, printed_power(g, found))
            discard_card(g, found, reason="Discards are Forever")
        shuffle_back_revealed(g, q)
    pool = [c for c in g.discards[ctx.player]
            if g.defs[c].kind == "minion" and printed_power(g, c) <= most]
    card = yield from choose_card(ctx, pool, "Put a minion from your discard pile on top of "
                                  "your deck?", optional=True)
    if card is not None:
        discard_to_deck_top(g, card)


def discard_to_deck_top(g: State, card: int) -> None:
    """A card goes from a discard pile (face up) to the top of its owner's deck: everyone saw
    it go there."""
    to_owner(g, card, "deck", top=True)
    knows_place(g, [card])
    emit(g, "placed", card=card, slot=None, dest="deck top", src="discard")


@spies.action("For My Eyes Only", count=2,
              text="Peek at your deck's five top cards and put them back on its top and/or "
                   "bottom in the order you like.")
def for_my_eyes_only(ctx: Ctx) -> AbilityGen:
    yield from look_and_arrange(ctx, ctx.player, 5, EITHER)


def _extra_minion_or_action(ctx: Ctx) -> AbilityGen:
    """"Play an extra minion or action": one extra card of either kind."""
    g = ctx.g
    if in_play_phase(g, ctx.player) and not ctx.special:
        kind = yield Request(ctx.player, "choose", "Take the extra play as a minion or an action?",
                             [ChoiceOption("choice", "minion"), ChoiceOption("choice", "action")],
                             ctx.ref)
        grant_extra(g, ctx.player, kind.word)
        return
    opts: list[Play] = []
    for c in g.hands[ctx.player]:
        if g.defs[c].kind == "minion":
            opts.extend(PlayAtOption("play", c, "base", s)
                        for s in minion_targets(g, c, ctx.player))
        else:
            opts.extend(action_targets(g, c, ctx.player))
    yield from offer_plays(ctx, ctx.player, opts, True, "Play an extra minion or action")


@spies.action("From Q With Love",
              text="Draw twice. You may then throw away a card from hand to get one extra play, "
                   "minion or action.")
def from_q_with_love(ctx: Ctx) -> AbilityGen:
    g = ctx.g
    draw(g, ctx.player, 2)
    if not g.hands[ctx.player]:
        return
    if not (yield from may(ctx, "Discard a card to play an extra minion or action?")):
        return
    card = yield from choose_card(ctx, list(g.hands[ctx.player]), "Discard which card?",
                                  kind="discard")
    if card is None:
        return
    discard_card(g, card, reason="cost")
    yield from _extra_minion_or_action(ctx)


def _chum_targets(ctx: Ctx, slot: int) -> list[int]:
    g = ctx.g
    return minions_matching(ctx, slot, lambda m: power(g, m) <= 4 and can_be_destroyed(g, m))


def _chum_can(g: State, me: int, ev: Event, holder: int) -> bool:
    slot = window_slot(g, ev)
    return slot is not None and bool(_chum_targets(Ctx(g, me, holder), slot))


@spies.action("Live and Let Chum",
              text="Special: as a base is about to score, wipe out one minion there whose power "
                   "is 4 or lower.",
              specials=(Special("before_score", _chum_can, play_through_special),))
def live_and_let_chum(ctx: Ctx) -> AbilityGen:
    slot = special_slot(ctx)
    if slot is None:
        return  # played in the Play Cards phase: no base is scoring
    target = yield from choose_minion_to_destroy(
        ctx, "Destroy a minion of power 4 or less there", where=slot,
        pred=lambda m: power(ctx.g, m) <= 4)
    if target is not None:
        yield from destroy(ctx, target)


def _face_down_groups(g: State, viewer: int) -> list[tuple[str, list[int]]]:
    """The buried and stored cards hidden from ``viewer``, by where they lie: beside one base,
    or under one card (with the words for the place)."""
    groups: list[tuple[str, list[int]]] = []
    for slot, bid in enumerate(g.bases):
        cards = [c for c in buried_cards(g, slot) if hidden_from(g, c, viewer)]
        if cards:
            groups.append((f"buried at {g.base_defs[bid].name}", cards))
    for loc, cards in sorted(g.zones.items(), key=repr):
        if loc[0] == "stored":
            hidden = [c for c in cards if hidden_from(g, c, viewer)]
            if hidden:
                groups.append((f"stored under {g.defs[loc[1]].name}", hidden))
    return groups


@spies.action("Mindraker",
              text="See the hands of all opponents and as many face-down buried or stored cards "
                   "as you wish. Then draw a card and play one more action.")
def mindraker(ctx: Ctx) -> AbilityGen:
    g = ctx.g
    for q in ctx.others():
        if g.hands[q]:
            reveal(g, list(g.hands[q]), to=[ctx.player])
    for place, cards in _face_down_groups(g, ctx.player):
        count = counted(len(cards), "card")
        if not (yield from may(ctx, f"Look at the {count} face down {place}?")):
            continue
        reveal(g, cards, to=[ctx.player])
        for owner in sorted({g.controller[c] for c in cards}):
            theirs = [c for c in cards if g.controller[c] == owner]
            if len(theirs) > 1 and (yield from may(
                    ctx, f"Rearrange your face-down cards {place} so that Player "
                         f"{ctx.player + 1} cannot tell which is which?", player=owner)):
                g.known[ctx.player].difference_update(theirs)
    draw(g, ctx.player, 1)
    yield from extra_play(ctx, "action")


@spies.action("Permit to Kill", boosts_power=True,
              text="Every opponent shows their deck's two top cards and discards each minion "
                   "among them; the rest go back on top in the order you like. Pick one of "
                   "those opponents: you get two +1 power counters to spread over your minions "
                   "per minion they discarded.")
def permit_to_kill(ctx: Ctx) -> AbilityGen:
    g = ctx.g
    lost: dict[int, int] = {}
    for q in ctx.others():
        shown = top_cards(g, q, 2)
        if not shown:
            lost[q] = 0
            continue
        reveal(g, shown)
        minions = [c for c in shown if g.defs[c].kind == "minion"]
        for c in minions:
            discard_card(g, c, reason="Permit to Kill")
        lost[q] = len(minions)
        yield from arrange(ctx, [c for c in shown if c not in minions], q, public=True)
    chosen = yield from ask_player(ctx, "Count the minions which player discarded?")
    if chosen is None:
        return
    for i in range(2 * lost[chosen]):
        mine = your_minions(ctx)
        target = yield from choose_minion_to_boost(
            ctx, f"Place a +1 power counter ({i + 1}/{2 * lost[chosen]}) on which of your "
                 "minions?", mine)
        if target is None:
            return
        place_counters(ctx, target)


def _grab_targets(ctx: Ctx, slot: int) -> list[int]:
    g = ctx.g
    return minions_matching(ctx, slot, lambda m: power(g, m) <= 3
                            and g.controller[m] != ctx.player)


def _grab_can(g: State, me: int, ev: Event, holder: int) -> bool:
    slot = window_slot(g, ev)
    return slot is not None and bool(_grab_targets(Ctx(g, me, holder), slot))


@spies.action("The Base is Not Enough",
              text="Special: as a base is about to score, a minion there of power 3 or lower "
                   "becomes yours for the rest of the turn.",
              specials=(Special("before_score", _grab_can, play_through_special),))
def the_base_is_not_enough(ctx: Ctx) -> AbilityGen:
    g = ctx.g
    slot = special_slot(ctx)
    if slot is None:
        return  # played in the Play Cards phase: no base is scoring
    target = yield from choose_card(ctx, _grab_targets(ctx, slot),
                                    "Take control of which minion of power 3 or less?",
                                    kind="choose_minion")
    if target is not None:
        take_control(ctx, target, until_end_of_turn(g))


@spies.action("The Spy Who Ditched Me", count=2, boosts_power=True,
              text="Every opponent discards a minion from hand, or shows everyone a hand with no "
                   "minion. Unless each of them discarded a minion of power 3 or more, put a +1 "
                   "power counter on every minion of yours.")
def the_spy_who_ditched_me(ctx: Ctx) -> AbilityGen:
    g = ctx.g
    someone_spared = False
    for q in ctx.others():
        minions = [c for c in g.hands[q] if g.defs[c].kind == "minion"]
        if not minions:
            if g.hands[q]:
                reveal(g, list(g.hands[q]))
            someone_spared = True
            continue
        card = yield from choose_card(ctx, minions, "Discard a minion", player=q, kind="discard")
        discard_card(g, card, reason="The Spy Who Ditched Me")
        if printed_power(g, card) < 3:
            someone_spared = True
    if someone_spared:
        for m in _mine(g, ctx.player):
            place_counters(ctx, m)
