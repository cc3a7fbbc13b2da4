"""Samurai (Oops, You Did It Again): warriors who grow with counters, duel, and profit from
their own fall.

"Goes to the discard pile from play" is the engine's event ``to_discard``
(``engine/facts/from_play.py``): destroyed, discarded with a scored or destroyed base, or any other
way from a base to a discard pile (clarification); not returned, placed on a deck, buried or
boxed. Rulings taken here (each tested in tests/cards/samurai_test.py):

- "You" of a minion that has left play is the player who controlled it as it left (Bushi's VP,
  Samurai-Chan's draw); "your minions" are those you control (Shogun, Honor the Fallen, Final
  Haiku, Sakura Garden count a minion by its controller as it left).
- Bushi counts its power as it left (with its counters and attachments; at a scoring, the
  powers before the first card left the base).
- Cards that leave with the same scoring still answer (Final Haiku, Honor the Fallen, Sakura
  Garden: guide §4.15); Shogun does not, as it has no +1 counter to gain out of play.
- Final Haiku's +2 goes to the minions its player controls when it resolves.
- Ronin asks only when it is your only minion at its base as its ability resolves.
- Code of Bushido: three single picks, the same minion may be picked again (errata).
- Honor the Ancestors: up to one minion per other player (clarification), picked one by one,
  then the deck is shuffled (only if one went in). The +1 counter is not optional.
- Heart of the Battle is played only through its Special ("Special: play before a base
  scores": its text gives the time it is played), where you have a minion and another player
  has one. Honorable Combat, Yokai Attack!, Code of Bushido, Honor the Ancestors and Way of the
  Warrior may be played with nothing to act on (rulebook: a card may be played even if its
  ability can't happen): Honorable Combat offers only a base that qualifies (you have a minion
  there, a player with strictly more power than you has one too), Yokai Attack! only a minion
  of yours it can destroy, and with none each does nothing. Ties (guide §4.6): both duellists
  are destroyed; both controllers gain 1 VP.
- Way of the Warrior's draw lasts until the end of the turn, and goes to the player who played
  it; it ends if the minion leaves play another way (``from_play.watch``).
"""

from __future__ import annotations

from ..api import Faction
from ..helpers import (
    TO_DISCARD,
    AbilityGen,
    Ctx,
    Event,
    Rule,
    Source,
    Special,
    State,
    Trigger,
    add_effect,
    can_affect,
    can_be_destroyed,
    choose_base,
    choose_card,
    choose_many,
    choose_minion_to_boost,
    controller_as_left,
    destroy,
    draw,
    duel,
    duel_opponents,
    extra_play,
    gain_vp,
    may,
    minions_of,
    place_counters,
    play_through_special,
    player_power,
    register_rule,
    relocate,
    shuffle_deck,
    special_slot,
    until_end_of_turn,
    watch,
    window_slot,
)

samurai = Faction("Samurai", "oops-you-did-it-again")


# ---- shared pieces ---------------------------------------------------------------------------


def went_from_play(ev: Event, minion: int) -> bool:
    """Is ``ev`` ``minion`` going from play to a discard pile?"""
    return bool(ev["card"] == minion and ev["type"] == "minion")


def _yours_left(g: State, me: int, ev: Event) -> bool:
    """Did one of the minions of ``me``'s controller go from play to the discard pile?"""
    return bool(ev["type"] == "minion" and ev["controller"] == g.controller[me])


def _opponents_there(g: State, player: int, slot: int) -> list[int]:
    return [m for m in g.minions[slot] if g.controller[m] != player]


def duel_and(ctx: Ctx, mine: list[int], theirs: list[int]) -> AbilityGen:
    """One of ``mine`` (the player's minions) duels one of ``theirs``: the player picks both
    (being in a duel does not affect a minion, so protection does not stop the pick). Returns
    the duel's ``(winners, losers)`` or None."""
    g = ctx.g
    own = yield from choose_card(ctx, mine, "Which of your minions duels?", kind="choose_minion")
    if own is None:
        return None
    foe = yield from choose_card(ctx, [m for m in duel_opponents(g, own, ctx.player)
                                       if m in theirs],
                                 f"Which minion does {g.defs[own].name} duel?",
                                 kind="choose_minion")
    if foe is None:
        return None
    return (yield from duel(ctx, own, foe))


# ---- minions ---------------------------------------------------------------------------------


def _shogun_who(g: State, me: int, ev: Event) -> list[int]:
    if ev["card"] == me or not g.is_minion_in_play(me) or not _yours_left(g, me, ev):
        return []
    return [g.controller[me]]


def _shogun_grows(ctx: Ctx, ev: Event) -> AbilityGen:
    place_counters(ctx, ctx.me, 1)
    yield from ()


samurai.minion("Shogun", power=5,
               text="Ongoing: each time another minion of yours goes from play to a discard "
                    "pile, put a +1 power counter on this minion.",
               triggers=(Trigger(TO_DISCARD, _shogun_who, _shogun_grows),))


def _bushi_who(g: State, me: int, ev: Event) -> list[int]:
    power = ev["power"]
    return [ev["controller"]] if went_from_play(ev, me) and power is not None and power >= 5 \
        else []


def _bushi_scores(ctx: Ctx, ev: Event) -> AbilityGen:
    gain_vp(ctx.g, ctx.player, 1, reason="Bushi")
    yield from ()


samurai.minion("Bushi", power=4, count=2,
               text="Ongoing: if this minion goes from play to a discard pile with a power of 5 "
                    "or more, you gain 1 VP.",
               triggers=(Trigger(TO_DISCARD, _bushi_who, _bushi_scores),))


@samurai.minion("Ronin", power=3, count=3,
                text="If no other minion of yours is at this base, you may put two +1 power "
                     "counters on this minion.")
def ronin(ctx: Ctx) -> AbilityGen:
    g = ctx.g
    slot = ctx.slot
    if slot is None or minions_of(g, ctx.player, slot) != [ctx.me] \
            or not can_affect(g, ctx.me, ctx.source):
        return
    if (yield from may(ctx, "Put two +1 power counters on Ronin?")):
        place_counters(ctx, ctx.me, 2)


def _chan_who(g: State, me: int, ev: Event) -> list[int]:
    return [ev["controller"]] if went_from_play(ev, me) else []


def _chan_draws(ctx: Ctx, ev: Event) -> AbilityGen:
    draw(ctx.g, ctx.player, 1)
    yield from ()


samurai.minion("Samurai-Chan", power=2, count=4,
               text="Ongoing: if this minion goes from play to a discard pile, you draw a card.",
               triggers=(Trigger(TO_DISCARD, _chan_who, _chan_draws),))


# ---- actions ---------------------------------------------------------------------------------


def _your_minions(ctx: Ctx) -> list[int]:
    g = ctx.g
    return [m for m in minions_of(g, ctx.player) if can_affect(g, m, ctx.source)]


@samurai.action("Code of Bushido", boosts_power=True,
                text="Share out three +1 power counters among your minions as you like.")
def code_of_bushido(ctx: Ctx) -> AbilityGen:
    for i in range(3):
        target = yield from choose_minion_to_boost(
            ctx, f"Put a +1 power counter on which minion? ({i + 1}/3)", _your_minions(ctx))
        if target is None:
            return
        place_counters(ctx, target, 1)


def _haiku_who(g: State, me: int, ev: Event) -> list[int]:
    return [ev["controller"]] if ev["type"] == "minion" and me in ev["attached"] else []


def _haiku_rallies(ctx: Ctx, ev: Event) -> AbilityGen:
    g = ctx.g
    for m in minions_of(g, ctx.player):
        if can_affect(g, m, Source(ctx.me, ctx.player, "action")):
            add_effect(g, "power", m, 2, until_end_of_turn(g), ctx.player)
    yield from ()


samurai.action("Final Haiku", play_on="minion",
               can_target=lambda g, me, target, player: g.controller[target] == player,
               text="Attach to your minion. When that minion lands in a discard pile from play, "
                    "each minion you control gains +2 power until the turn ends.",
               triggers=(Trigger(TO_DISCARD, _haiku_who, _haiku_rallies),))


def _heart_can(g: State, me: int, ev: Event, holder: int) -> bool:
    slot = window_slot(g, ev)
    return slot is not None and bool(minions_of(g, holder, slot)) \
        and bool(_opponents_there(g, holder, slot))


@samurai.action("Heart of the Battle", special_only=True,
                text="Special: as a base is about to score, one of your minions there duels "
                     "another player's minion there; the loser is destroyed.",
                specials=(Special("before_score", _heart_can, play_through_special),))
def heart_of_the_battle(ctx: Ctx) -> AbilityGen:
    slot = special_slot(ctx)
    if slot is None:
        return
    g = ctx.g
    result = yield from duel_and(ctx, minions_of(g, ctx.player, slot),
                                 _opponents_there(g, ctx.player, slot))
    if result is not None:
        for loser in result[1]:
            yield from destroy(ctx, loser)


@samurai.action("Honor the Ancestors", boosts_power=True,
                text="Give a minion you control a +1 power counter. Then, up to once per opponent,"
                     " a minion card from your discard pile may be mixed back into your deck.")
def honor_the_ancestors(ctx: Ctx) -> AbilityGen:
    g = ctx.g
    target = yield from choose_minion_to_boost(ctx, "Put a +1 power counter on which minion?",
                                               _your_minions(ctx))
    if target is not None:
        place_counters(ctx, target, 1)
    pile = [c for c in g.discards[ctx.player] if g.defs[c].kind == "minion"]
    chosen = yield from choose_many(ctx, pile, "Shuffle which minions into your deck?",
                                    limit=g.nplayers - 1)
    for card in chosen:
        relocate(g, card, ("deck", ctx.player))
    if chosen:
        shuffle_deck(g, ctx.player)


def _fallen_who(g: State, me: int, ev: Event) -> list[int]:
    if ev["type"] != "minion":
        return []
    if g.in_play(me):
        return [g.controller[me]] if ev["slot"] == g.slot_of(me) \
            and ev["controller"] == g.controller[me] else []
    # it left with the same scoring as the minion (from_play: ``with``), from its controller
    you = controller_as_left(g, me)
    return [you] if ev["controller"] == you else []


samurai.action("Honor the Fallen", play_on="base",
               text="Attach to a base. You draw 1 each time a minion you control at this base is "
                    "sent to a discard pile.",
               triggers=(Trigger(TO_DISCARD, _fallen_who, _chan_draws),))


def _combat_bases(g: State, player: int) -> list[int]:
    """Bases where ``player`` has a minion and another player with a minion there has more
    power than ``player``."""
    return [s for s in range(len(g.bases)) if minions_of(g, player, s) and _rivals(g, player, s)]


def _rivals(g: State, player: int, slot: int) -> list[int]:
    """The other players' minions at ``slot`` whose controllers out-power ``player`` there."""
    mine = player_power(g, slot, player)
    return [m for m in _opponents_there(g, player, slot)
            if player_power(g, slot, g.controller[m]) > mine]


@samurai.action("Honorable Combat",
                text="Pick a base where an opponent outpowers you; your minion there fights one of"
                     " theirs there in a duel, and 1 VP goes to whoever controls the victor.")
def honorable_combat(ctx: Ctx) -> AbilityGen:
    g = ctx.g
    opts = _combat_bases(g, ctx.player)
    slot = yield from choose_base(ctx, "Duel at which base?", pred=lambda s: s in opts)
    if slot is None:
        return
    result = yield from duel_and(ctx, minions_of(g, ctx.player, slot), _rivals(g, ctx.player, slot))
    if result is not None:
        for winner in result[0]:
            gain_vp(g, g.controller[winner], 1, reason="Honorable Combat")


WAY_RULE = "way_of_the_warrior"


def _way_draws(g: State, player: int, arg: object, ev: Event) -> AbilityGen:
    draw(g, player, 1)
    yield from ()


register_rule(WAY_RULE, Rule("Way of the Warrior: draw a card", _way_draws))


@samurai.action("Way of the Warrior", count=2, boosts_power=True,
                text="Pick a minion you control: it is 3 stronger this turn, and if it is sent "
                     "from play to a discard pile this turn, you draw 1.")
def way_of_the_warrior(ctx: Ctx) -> AbilityGen:
    g = ctx.g
    target = yield from choose_minion_to_boost(ctx, "Give +3 power to which minion?",
                                               _your_minions(ctx))
    if target is not None:
        add_effect(g, "power", target, 3, until_end_of_turn(g), ctx.player)
        watch(g, target, WAY_RULE, ctx.player)


def _yokai_victims(g: State, me: int, player: int) -> list[int]:
    src = Source(me, player, "action")
    return [m for m in minions_of(g, player) if can_affect(g, m, src) and can_be_destroyed(g, m)]


@samurai.action("Yokai Attack!", count=2,
                text="Destroy a minion of yours to play one more minion and one more action.")
def yokai_attack(ctx: Ctx) -> AbilityGen:
    victim = yield from choose_card(ctx, _yokai_victims(ctx.g, ctx.me, ctx.player),
                                    "Destroy which of your minions?", kind="choose_minion")
    if victim is not None and (yield from destroy(ctx, victim)):
        yield from extra_play(ctx, "minion")
        yield from extra_play(ctx, "action")


__all__ = ["samurai", "duel_and", "went_from_play"]
