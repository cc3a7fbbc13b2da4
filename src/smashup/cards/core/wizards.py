"""Wizards: card draw and chains of extra actions."""

from __future__ import annotations

from ..api import Faction
from ..helpers import (
    SKIP,
    AbilityGen,
    ChoiceOption,
    Ctx,
    Option,
    Talent,
    action_targets,
    ask,
    choose_card,
    choose_many,
    choose_minion,
    deck_to_search,
    destroy,
    draw,
    extra_play,
    play_card,
    play_extra_now,
    power,
    relocate,
    reveal,
    shuffle_deck,
    to_owner,
    top_card,
    top_cards,
)

wizards = Faction("Wizards", "core")


def _extra_action(ctx: Ctx) -> AbilityGen:
    yield from extra_play(ctx, "action")


# ---- minions ---------------------------------------------------------------------------------

wizards.minion("Archmage", power=4, text="Talent: gain a bonus action play.",
               talent=Talent(_extra_action))


@wizards.minion("Chronomage", power=3, count=2,
                text="Gain a bonus action play.")
def chronomage(ctx: Ctx) -> AbilityGen:
    yield from _extra_action(ctx)


@wizards.minion("Enchantress", power=2, count=3, text="Take the top card of your deck into hand.")
def enchantress(ctx: Ctx) -> AbilityGen:
    draw(ctx.g, ctx.player)
    return
    yield


@wizards.minion("Neophyte", power=2, count=4,
                text="Show everyone your top card. An action may go to your hand or be played "
                     "right away as an extra action; otherwise the card stays on top of your deck.")
def neophyte(ctx: Ctx) -> AbilityGen:
    g = ctx.g
    p = ctx.player
    top = top_card(g, p)
    if top is None:
        return
    reveal(g, [top])
    if g.defs[top].kind != "action":
        return
    opts: list[Option] = [*action_targets(g, top, p), ChoiceOption("choice", "hand"), SKIP]
    choice = yield from ask(p, "choose", "Play the revealed action as an extra action, take it "
                            "into your hand, or leave it on top (skip)", opts, ctx.me)
    if choice.tag == "play":
        yield from play_card(g, p, top, choice, "deck")
    elif choice.tag == "choice":
        relocate(g, top, ("hand", p))


# ---- actions ---------------------------------------------------------------------------------


@wizards.action("Mass Enchantment",
                text="Show everyone the top card of each other player's deck. You may play one "
                     "of the shown actions as your extra action; the other cards stay on top.")
def mass_enchantment(ctx: Ctx) -> AbilityGen:
    g = ctx.g
    shown = [c for c in (top_card(g, q) for q in ctx.others()) if c is not None]
    if not shown:
        return
    reveal(g, shown)
    actions = [c for c in shown if g.defs[c].kind == "action"]
    yield from play_extra_now(ctx, "action", cards=actions,
                              prompt="Play one of the revealed actions as an extra action?")


@wizards.action("Mystic Studies", count=2, text="Take the top two cards of your deck into hand.")
def mystic_studies(ctx: Ctx) -> AbilityGen:
    draw(ctx.g, ctx.player, 2)
    return
    yield


@wizards.action("Portal",
                text="Show everyone your top five cards. Take any of the minions among them into "
                     "your hand; put the rest back on top in the order you like.")
def portal(ctx: Ctx) -> AbilityGen:
    g = ctx.g
    p = ctx.player
    shown = top_cards(g, p, 5)
    for top in shown:
        relocate(g, top, ("aside", p))
    if not shown:
        return
    reveal(g, shown)
    minions = [c for c in shown if g.defs[c].kind == "minion"]
    taken = yield from choose_many(ctx, minions, "Take which minions into your hand?")
    for c in taken:
        relocate(g, c, ("hand", p))
    rest = [c for c in shown if c not in taken]
    order: list[int] = []  # top first
    while rest:
        pick = yield from choose_card(ctx, rest, "Which of these goes on top of the others?")
        rest.remove(pick)
        order.append(pick)
    for c in reversed(order):
        relocate(g, c, ("deck", p), top=True)


@wizards.action("Sacrifice",
                text="Pick one of your minions: draw as many cards as its power, then destroy "
                     "it.")
def sacrifice(ctx: Ctx) -> AbilityGen:
    g = ctx.g
    p = ctx.player
    target = yield from choose_minion(ctx, "Sacrifice which of your minions?",
                                      pred=lambda m: g.controller[m] == p)
    if target is None:
        return
    n = power(g, target)
    if n:
        draw(g, p, n)
    yield from destroy(ctx, target)


@wizards.action("Scry",
                text="Look through your deck for an action, show it to everyone and take it into "
                     "your hand; then shuffle your deck.")
def scry(ctx: Ctx) -> AbilityGen:
    g = ctx.g
    p = ctx.player
    actions = [c for c in deck_to_search(g, p) if g.defs[c].kind == "action"]
    found = yield from choose_card(ctx, actions, "Take which action from your deck?")
    if found is not None:
        reveal(g, [found])
        relocate(g, found, ("hand", p))
    if g.decks[p]:
        shuffle_deck(g, p)


@wizards.action("Summon", count=2, text="Gain a bonus minion play.")
def summon(ctx: Ctx) -> AbilityGen:
    yield from extra_play(ctx, "minion")


@wizards.action("Time Loop", text="Gain two bonus action plays.")
def time_loop(ctx: Ctx) -> AbilityGen:
    yield from _extra_action(ctx)
    yield from _extra_action(ctx)


@wizards.action("Winds of Change",
                text="Mix every card in hand back into your deck, take a fresh hand of five, "
                     "and gain a bonus action play.")
def winds_of_change(ctx: Ctx) -> AbilityGen:
    g = ctx.g
    p = ctx.player
    owners = {p}
    for c in list(g.hands[p]):
        owners.add(g.owner[c])
        to_owner(g, c, "deck")
    for q in sorted(owners):
        shuffle_deck(g, q)
    draw(g, p, 5)
    yield from _extra_action(ctx)


__all__ = ["wizards"]
