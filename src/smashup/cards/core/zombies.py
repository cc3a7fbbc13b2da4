"""Zombies: the discard pile is just a second hand; they keep coming back."""

from __future__ import annotations

from collections.abc import Generator

from ..api import Faction
from ..helpers import (
    SKIP,
    AbilityGen,
    ChoiceOption,
    Ctx,
    Event,
    Option,
    PlayAtOption,
    PlaySource,
    Request,
    Special,
    State,
    Trigger,
    ask,
    asks_anyway,
    choose_card,
    choose_many,
    deck_to_search,
    destroy,
    discard_card,
    grant_extra,
    has_minion_at,
    in_play_phase,
    minion_targets,
    play_card,
    play_extra_now,
    relocate,
    reveal,
    shuffle_deck,
    take_into_hand,
    top_card,
)

zombies = Faction("Zombies", "core")


def _discard_minions(g: State, player: int) -> list[int]:
    return [c for c in g.discards[player] if g.defs[c].kind == "minion"]


def same_name_cards(
    ctx: Ctx, pool: list[int], prompt: str
) -> Generator[Request, Option, list[int]]:
    """Pick a card name among ``pool`` (or none), then how many copies of it (at least one).
    Returns the cards picked."""
    g = ctx.g
    first_of: dict[str, int] = {}
    for c in sorted(pool):  # not in deck order: which copy is offered must not show it
        first_of.setdefault(g.defs[c].key, c)
    first = yield from choose_card(ctx, list(first_of.values()), prompt, optional=True)
    if first is None:
        return []
    copies = [c for c in pool if g.defs[c].key == g.defs[first].key]
    count = 1
    if len(copies) > 1 or asks_anyway(g):  # seat-safe: asked anyway; the deck is hidden
        opts = [ChoiceOption("choice", str(n)) for n in range(1, len(copies) + 1)]
        choice = yield from ask(ctx.player, "choose", "How many copies?", opts, ctx.me)
        count = int(choice.word)
    return [first] + [c for c in copies if c != first][:count - 1]


def _lord_play(ctx: Ctx, bases: list[int]) -> Generator[Request, Option, int | None]:
    """Play a minion of power 2 or less from the discard pile on one of ``bases``."""
    g = ctx.g
    p = ctx.player
    opts: list[Option] = [PlayAtOption("play", c, "base", s) for c in _discard_minions(g, p)
                          if g.defs[c].power <= 2 for s in minion_targets(g, c, p, bases)]
    if not opts:
        return None
    choice = yield Request(p, "play_extra", "Play a minion of power 2 or less from your discard"
                           " pile on a base where you had no minions", [*opts, SKIP], ctx.me)
    if not isinstance(choice, PlayAtOption):  # (skip)
        return None
    yield from play_card(g, p, choice.card, choice, "discard")
    slot = choice.slot
    return slot


@zombies.minion("Zombie Lord", power=5,
                text="On each base where you have no minions (as you play this), you may play an"
                     " extra minion of power 2 or less from your discard pile, right away.")
def zombie_lord(ctx: Ctx) -> AbilityGen:
    g = ctx.g
    bases = [s for s in range(len(g.bases)) if not has_minion_at(g, ctx.player, s)]
    while bases:
        slot = yield from _lord_play(ctx, bases)
        if slot is None:
            return
        bases.remove(slot)


@zombies.minion("Grave Digger", power=4, count=2,
                text="Optional: return one minion card of yours from the discard pile to your "
                     "hand.")
def grave_digger(ctx: Ctx) -> AbilityGen:
    g = ctx.g
    card = yield from choose_card(ctx, _discard_minions(g, ctx.player),
                                  "Put which minion from your discard pile into your hand?",
                                  optional=True)
    if card is not None:
        take_into_hand(g, card, reason="Grave Digger")


TENACIOUS = ("zombies", "tenacious-z")
"""``used`` key: a Tenacious Z ability was used this turn (one per turn, whichever copy)."""


def _tenacious_can(g: State, me: int, ev: Event, holder: int) -> bool:
    return (in_play_phase(g, holder) and TENACIOUS not in g.used
            and bool(minion_targets(g, me, holder)))


def _tenacious_run(ctx: Ctx, ev: Event) -> AbilityGen:
    ctx.g.used.add(TENACIOUS)
    yield from play_extra_now(ctx, "minion", cards=[ctx.me], optional=False,
                              prompt="Play Tenacious Z from your discard pile")


zombies.minion(
    "Tenacious Z", power=2, count=3,
    text="Special: in your Play Cards phase you may play this from your discard pile as an extra"
         " minion. Only one Tenacious Z ability may be used each turn.",
    specials=(Special("play_phase", _tenacious_can, _tenacious_run, zone="discard"),),
)


@zombies.minion("Walker", power=2, count=4,
                text="Look at the top card of your deck; discard it or put it back on top.")
def walker(ctx: Ctx) -> AbilityGen:
    g = ctx.g
    card = top_card(g, ctx.player)
    if card is None:
        return
    reveal(g, [card], to=[ctx.player])
    choice = yield from ask(ctx.player, "choose", f"Discard {g.defs[card].name} or keep it on top?",
                            [ChoiceOption("choice", "discard"), ChoiceOption("choice", "keep")],
                            ctx.me)
    if choice.word == "discard":
        discard_card(g, card, reason="Walker")


@zombies.action("Grave Robbing", count=2, text="Take any one card from your discard pile back to "
                                               "hand.")
def grave_robbing(ctx: Ctx) -> AbilityGen:
    g = ctx.g
    card = yield from choose_card(ctx, list(g.discards[ctx.player]),
                                  "Put which card from your discard pile into your hand?")
    if card is not None:
        take_into_hand(g, card, reason="Grave Robbing")


@zombies.action("Lend a Hand",
                text="Pick cards (none or more) in your discard pile; they go into your deck, "
                     "which you then shuffle.")
def lend_a_hand(ctx: Ctx) -> AbilityGen:
    g = ctx.g
    picked = yield from choose_many(ctx, list(g.discards[ctx.player]),
                                    "Pick cards to shuffle into your deck")
    for card in picked:
        relocate(g, card, ("deck", ctx.player))
    if picked:
        shuffle_deck(g, ctx.player)


@zombies.action("Mall Crawl",
                text="Search your deck for any number of copies of one card and discard them;"
                     " shuffle your deck.")
def mall_crawl(ctx: Ctx) -> AbilityGen:
    g = ctx.g
    deck = deck_to_search(g, ctx.player)
    if not deck:
        return
    picked = yield from same_name_cards(ctx, deck, "Discard copies of which card from your deck?")
    for card in picked:
        discard_card(g, card, reason="Mall Crawl")
    shuffle_deck(g, ctx.player)


@zombies.action("Not Enough Bullets",
                text="Put any number of copies of one minion from your discard pile into your"
                     " hand.")
def not_enough_bullets(ctx: Ctx) -> AbilityGen:
    g = ctx.g
    picked = yield from same_name_cards(ctx, _discard_minions(g, ctx.player),
                                        "Take copies of which minion into your hand?")
    for card in picked:
        take_into_hand(g, card, reason="Not Enough Bullets")


@zombies.action("Outbreak", text="Extra minion: it must go to a base with none of your minions on"
                                 " it.")
def outbreak(ctx: Ctx) -> AbilityGen:
    g = ctx.g
    p = ctx.player
    if in_play_phase(g, p):
        grant_extra(g, p, "minion", "no_own_minion", p)
        return
    empty = [s for s in range(len(g.bases)) if not has_minion_at(g, p, s)]
    yield from play_extra_now(ctx, "minion", slots=empty)


def _overrun_forbids(g: State, me: int, card: int, slot: int, player: int) -> bool:
    return slot == g.slot_of(me) and player != g.controller[me]


def _my_turn_starts(g: State, me: int, ev: Event) -> list[int]:
    return [g.controller[me]] if ev["player"] == g.controller[me] else []


def _overrun_ends(ctx: Ctx, ev: Event) -> AbilityGen:
    yield from destroy(ctx, ctx.me)


zombies.action(
    "Overrun", play_on="base",
    text="Play on a base. Ongoing: other players cannot play minions here. At the start of your"
         " turn, destroy this card.",
    forbids_play=_overrun_forbids,
    triggers=(Trigger("start_turn", _my_turn_starts, _overrun_ends),),
)


@zombies.action("They Keep Coming", count=2, text="Extra minion, taken straight out of your "
                                                  "discard pile.")
def they_keep_coming(ctx: Ctx) -> AbilityGen:
    yield from play_extra_now(ctx, "minion", cards=_discard_minions(ctx.g, ctx.player),
                              prompt="Play an extra minion from your discard pile")


def _coming_cards(g: State, me: int, player: int) -> list[int]:
    return _discard_minions(g, player) if player == g.controller[me] else []


def _coming_slots(g: State, me: int) -> list[int]:
    slot = g.slot_of(me)
    return [] if slot is None else [slot]


zombies.action(
    "They're Coming To Get You", play_on="base",
    text="Base action. Ongoing: one time in each of your turns, a minion from your discard pile "
         "may be played to this base, using the play a hand minion would use.",
    play_sources=(PlaySource(_coming_cards, _coming_slots),),
)
