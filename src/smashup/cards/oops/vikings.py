"""Vikings (Oops, You Did It Again): raiders who carry off other players' cards and stack their
own deck to hit harder.

Rulings taken here (each tested in tests/cards/vikings_test.py):

- Borrowed cards (``engine/mechanics/borrowed.py``, guide §4.10, the clarification): a card taken
into
  your hand stays there until it goes somewhere public; you play it and control it, and when it
  leaves play or is discarded it goes to its owner's pile. Put on top of your deck (Raider,
  Huscarl, Berserk, Longhouse) a card you don't own goes on *your* deck and stays with you.
- Pillage: a card at random (the game's RNG) from another player's hand; only you and that
  player learn which. Played while no other player has a card in hand, it does nothing.
- Shield Maiden, Raiding Party (and Drakkar): the cards are revealed to everyone; "power N or
  less" is the printed power of the card in the deck. A card Shield Maiden does not take stays
  on top, known to all.
- Raiding Party: its extra card is a specific card, so it is played at once or not at all; only
  revealed cards that can be played somewhere are offered. The others go back on top in the
  order you choose, seen by everyone. A deck of fewer than three cards shows what it has (an
  empty one is refilled from its discard pile first).
- Cast the Runes: only you see that hand (a reveal to you alone); you put the two deck cards
  back in any order; the extra action may wait until later in your turn.
- Ransack (guide R): any action in play your card may affect, on a minion or a base, or any
  player's buried card. A face-down card hidden from you is chosen by its place (one option per
  base and burying player, the card then drawn at random among them): the option never names
  it; only you and the player who buried it learn it.
- Valkyrie: a minion from any other player's discard pile, taken in full view.
- Viking Funeral (guide R): it answers its minion's going from play to a discard pile
  (destroyed, discarded with its base after scoring...) although it leaves play with it; the
  player who played the funeral gains 1 VP, and if they own the minion and it is still in the
  discard pile, it goes to the box. Returned to a hand or put in a deck, nothing happens.
- Berserk gives +3 (the cards.json text; its errata mark is doubted there). Berserk and Combat
  Training directly increase power (``boosts_power``, guide §4.12).
- Raider puts one to three cards on the deck (at least one: a talent that puts none would do
  nothing); the last one placed ends on top. Talents are offered only while you have a card in
  hand to put on your deck. Berserk may always be played (rulebook: even if its ability can't
  happen); "do X to do Y", it puts a card on the deck only when it has a minion of yours to
  give the +3 to, and does nothing otherwise.
"""

from __future__ import annotations

from ..api import Faction
from ..helpers import (
    TOP,
    AbilityGen,
    Ctx,
    Event,
    Play,
    PlayAtOption,
    State,
    Talent,
    Trigger,
    action_targets,
    add_effect,
    arrange,
    ask_player,
    can_affect,
    cards_in_play,
    choose_card,
    choose_card_in_play,
    choose_many,
    choose_minion_to_boost,
    draw,
    extra_play,
    gain_vp,
    look_and_arrange,
    may,
    minion_targets,
    minions_of,
    offer_plays,
    pick_random,
    power,
    replaced,
    reveal,
    take_card,
    to_box,
    to_own_deck_top,
    top_card,
    top_cards,
    until_end_of_turn,
    your_minions,
)

vikings = Faction("Vikings", "oops-you-did-it-again")


# ---- shared patterns -------------------------------------------------------------------------


def has_cards_to_reveal(g: State, player: int) -> bool:
    """Could the top of ``player``'s deck be revealed (an empty deck is refilled first)?"""
    return bool(g.decks[player] or g.discards[player])


def small_enough(g: State, card: int, most: int) -> bool:
    """An action, or a minion of printed power ``most`` or less."""
    d = g.defs[card]
    return d.kind == "action" or (d.kind == "minion" and d.power <= most)


def raid_deck_top(ctx: Ctx, optional: bool) -> AbilityGen:
    """Reveal the top card of another player's deck; if it is an action or a minion of power 3
    or less, it goes into ``ctx.player``'s hand (``optional``: if they wish), else it stays on
    top (Shield Maiden, Drakkar)."""
    g = ctx.g
    victim = yield from ask_player(ctx, "Reveal the top card of whose deck?",
                                   [q for q in ctx.others() if has_cards_to_reveal(g, q)])
    card = None if victim is None else top_card(g, victim)
    if card is None:
        return
    reveal(g, (card,))
    if not small_enough(g, card, 3):
        return
    if optional and not (yield from may(ctx, f"Draw {g.defs[card].name}?")):
        return
    source = g.base_defs[g.bases[ctx.me]] if ctx.is_base else g.defs[ctx.me]
    take_card(g, card, ctx.player, reason=source.name)


def stack_from_hand(ctx: Ctx, prompt: str) -> AbilityGen:
    """``ctx.player`` puts a card of their hand on top of their own deck; returns it (None
    with an empty hand)."""
    g = ctx.g
    card = yield from choose_card(ctx, list(g.hands[ctx.player]), prompt)
    if card is not None:
        to_own_deck_top(g, card, ctx.player)
    return card


def pump(ctx: Ctx, minion: int, amount: int) -> None:
    add_effect(ctx.g, "power", minion, amount, until_end_of_turn(ctx.g), ctx.player)


def _hand_not_empty(g: State, me: int) -> bool:
    return bool(g.hands[g.controller[me]])


# ---- minions ---------------------------------------------------------------------------------


@vikings.minion("Valkyrie", power=5,
                text="Choose an opponent and a minion card in their discard pile: it becomes a "
                     "card of your hand (still theirs).")
def valkyrie(ctx: Ctx) -> AbilityGen:
    g = ctx.g
    dead = [c for q in ctx.others() for c in g.discards[q] if g.defs[c].kind == "minion"]
    card = yield from choose_card(ctx, dead, "Take which minion into your hand?")
    if card is not None:
        take_card(g, card, ctx.player, reason="Valkyrie")


def _raider_talent(ctx: Ctx) -> AbilityGen:
    g = ctx.g
    first = yield from stack_from_hand(ctx, "Put which card on top of your deck (1 of up to 3)?")
    if first is None:
        return
    more = yield from choose_many(ctx, list(g.hands[ctx.player]),
                                  "Put which other cards on top of your deck, one by one?",
                                  limit=2)
    for card in more:
        to_own_deck_top(g, card, ctx.player)
    if g.in_play(ctx.me):
        pump(ctx, ctx.me, 1 + len(more))


vikings.minion("Raider", power=4, count=2,
               text="Talent: stack 1 to 3 hand cards onto your deck; for this turn, this minion is"
                    " 1 stronger per card stacked.",
               talent=Talent(_raider_talent, _hand_not_empty))


@vikings.minion("Shield Maiden", power=3, count=3,
                text="Show everyone the top card of another player's deck. An action or a "
                     "minion of power 3 or less goes into your hand; anything else stays put.")
def shield_maiden(ctx: Ctx) -> AbilityGen:
    yield from raid_deck_top(ctx, optional=False)


def _huscarl_talent(ctx: Ctx) -> AbilityGen:
    card = yield from stack_from_hand(ctx, "Put which card on top of your deck (+2 power)?")
    if card is not None and ctx.g.in_play(ctx.me):
        pump(ctx, ctx.me, 2)


vikings.minion("Huscarl", power=2, count=4,
               text="Talent: stack one hand card onto your deck; this minion is 2 stronger for "
                    "this turn.",
               talent=Talent(_huscarl_talent, _hand_not_empty))


# ---- actions ---------------------------------------------------------------------------------


@vikings.action("Berserk", count=2, boosts_power=True,
                text="Stack one hand card onto your deck; for this turn, a minion you control is 3"
                     " stronger.")
def berserk(ctx: Ctx) -> AbilityGen:
    # "do X to do Y": with no minion of yours to give +3, no card is stacked either
    if not your_minions(ctx):
        return
    if (yield from stack_from_hand(ctx, "Put which card on top of your deck?")) is None:
        return
    target = yield from choose_minion_to_boost(ctx, "Give which of your minions +3 power?",
                                               your_minions(ctx))
    if target is not None:
        pump(ctx, target, 3)


@vikings.action("Cast the Runes",
                text="See another player's hand; look at the two top cards of their deck and "
                     "put them back in the order you like. You may play one more action.")
def cast_the_runes(ctx: Ctx) -> AbilityGen:
    g = ctx.g
    victim = yield from ask_player(ctx, "Look at whose hand and deck?")
    if victim is not None:
        if g.hands[victim]:
            reveal(g, list(g.hands[victim]), to=[ctx.player])
        yield from look_and_arrange(ctx, victim, 2)
    yield from extra_play(ctx, "action")


@vikings.action("Combat Training", boosts_power=True,
                text="Every minion you control has +1 power until the end of the turn.")
def combat_training(ctx: Ctx) -> AbilityGen:
    g = ctx.g
    for m in minions_of(g, ctx.player):
        if can_affect(g, m, ctx.source):
            pump(ctx, m, 1)
    yield from ()


def _pillage_victims(g: State, player: int) -> list[int]:
    n = g.nplayers
    return [q for q in ((player + i) % n for i in range(1, n)) if g.hands[q]]


@vikings.action("Pillage",
                text="Pull a card at random from another player's hand into yours.")
def pillage(ctx: Ctx) -> AbilityGen:
    g = ctx.g
    victim = yield from ask_player(ctx, "Take a random card from whose hand?",
                                   _pillage_victims(g, ctx.player))
    card = None if victim is None else pick_random(g, g.hands[victim])
    if card is not None:
        take_card(g, card, ctx.player, reason="Pillage")


def _playable(g: State, card: int, player: int) -> list[Play]:
    if g.defs[card].kind == "minion":
        return [PlayAtOption("play", card, "base", s) for s in minion_targets(g, card, player)]
    return action_targets(g, card, player)


@vikings.action("Raiding Party", count=2,
                text="Show everyone the three top cards of another player's deck. You may play "
                     "one of them that is an action or a minion of power 4 or less as an extra "
                     "card; the others go back on top in the order you like.")
def raiding_party(ctx: Ctx) -> AbilityGen:
    g = ctx.g
    victim = yield from ask_player(ctx, "Reveal the top three cards of whose deck?",
                                   [q for q in ctx.others() if has_cards_to_reveal(g, q)])
    shown = [] if victim is None else top_cards(g, victim, 3)
    if not shown:
        return
    reveal(g, shown)
    opts = [o for c in shown if small_enough(g, c, 4) for o in _playable(g, c, ctx.player)]
    marks = {("off_top", c) for c in shown}  # played off the top of a deck (mechanics.py)
    g.used |= marks
    yield from offer_plays(ctx, ctx.player, opts, True, "Play one of the revealed cards?")
    g.used -= marks
    # those still shown on the deck: a shuffle of it meanwhile (the extra card played put a
    # card of that player's into their deck) mixed them in, unseen, and they stay there
    rest = [c for c in shown if g.loc[c] == ("deck", victim) and c in g.known[ctx.player]]
    yield from arrange(ctx, rest, victim, TOP, public=True)


def _ransack_targets(ctx: Ctx) -> list[int]:
    """What Ransack may take (``cards_in_play``): the actions in play it may affect, on a
    minion or a base, and every buried card."""
    g = ctx.g
    return [c for c in cards_in_play(g) if g.loc[c][0] == "buried"
            or (g.loc[c][0] != "minion" and can_affect(g, c, ctx.source))]


@vikings.action("Ransack",
                text="Take into your hand an action from a minion or a base, or a card buried "
                     "beside a base.")
def ransack(ctx: Ctx) -> AbilityGen:
    g = ctx.g
    card = yield from choose_card_in_play(ctx, _ransack_targets(ctx),
                                          "Take which action or buried card into your hand?")
    if card is None:
        return
    if g.in_play(card) and (yield from replaced(ctx, card, ("place", "leave_play"))):
        return
    take_card(g, card, ctx.player, reason="Ransack")


@vikings.action("Tribute", text="You draw 3.")
def tribute(ctx: Ctx) -> AbilityGen:
    draw(ctx.g, ctx.player, 3)
    yield from ()


FUNERAL_BY = "viking-funeral"
"""``misc`` key ``(FUNERAL_BY, card)``: the player who played that Viking Funeral (it may leave
play before its ability answers, and its controller then reverts to its owner)."""


def _funeral_can(g: State, card: int, target: int, player: int) -> bool:
    return g.controller[target] == player and power(g, target) >= 5


def _funeral_who(g: State, me: int, ev: Event) -> list[int]:
    if ev["type"] != "minion" or me not in ev["attached"]:
        return []
    return [int(g.misc.get((FUNERAL_BY, me), g.owner[me]))]


def _funeral_rites(ctx: Ctx, ev: Event) -> AbilityGen:
    g = ctx.g
    g.misc.pop((FUNERAL_BY, ctx.me), None)
    gain_vp(g, ctx.player, 1, reason="Viking Funeral")
    minion = int(ev["card"])
    if g.owner[minion] == ctx.player and g.loc[minion] == ("discard", ctx.player):
        to_box(g, minion)
    yield from ()


@vikings.action("Viking Funeral", play_on="minion", can_target=_funeral_can,
                text="Play on a minion of yours with power 5 or more. Ongoing: when that minion "
                     "goes to a discard pile, gain 1 VP, and if the minion is yours it leaves "
                     "the game (into the box).",
                triggers=(Trigger("to_discard", _funeral_who, _funeral_rites),))
def viking_funeral(ctx: Ctx) -> AbilityGen:
    ctx.g.misc[(FUNERAL_BY, ctx.me)] = ctx.player
    yield from ()


__all__ = ["has_cards_to_reveal", "pump", "raid_deck_top", "small_enough", "stack_from_hand",
           "vikings"]
