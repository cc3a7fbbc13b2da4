"""Cyborg Apes (Science Fiction Double Feature): minions that grow with every action
bolted onto them, and actions that keep coming back.

Rulings where the texts leave a question open (each tested in tests/cards/cyborg_apes_test.py):

- "Other players" (Shielding, Going Bananas) is counted from the action's controller, who may
  be another player than the minion's controller.
- Shielding keeps off what other players' actions would do: play on, destroy, move, return,
  change the power of the minion or of the other actions on it. Going Bananas decides what it
  can reach before destroying anything, so a Shielding it destroys still covers the actions it
  protected when Going Bananas began.
- Clyde 2.0 also saves actions that leave together with it (its own actions when it is
  destroyed, everything on its base when the base scores): they all leave at once.
- Cyberback may be used for each action play the player has, not once per turn.
- Flying Monkey and Monkey on Your Back are offered only when they can do something: a base
  to move to, another player's minion of power 4 or less there to destroy. Monkey on Your
  Back goes under its owner's deck even when the destruction is replaced (a Buccaneer's
  escape): the two parts are independent.
"""

from __future__ import annotations

from ..api import Faction
from ..helpers import (
    AbilityGen,
    Ctx,
    Event,
    Play,
    PlayOnOption,
    PlaySource,
    Replacement,
    Source,
    State,
    Talent,
    Trigger,
    action_targets,
    actions_on,
    can_affect,
    can_be_destroyed,
    changes_only,
    choose_base,
    choose_destination,
    choose_many,
    choose_minion_to_destroy,
    controller_only,
    destinations,
    destroy,
    draw,
    host_of,
    its_host,
    itself,
    may,
    minions_matching,
    move_minion,
    offer_plays,
    place_on_deck,
    power,
    relocate,
    reveal,
    shuffle_back_revealed,
    take_into_hand,
    top_cards,
)

cyborg_apes = Faction("Cyborg Apes", "science-fiction-double-feature")


def _own_minion(g: State, me: int, target: int, player: int) -> bool:
    return g.controller[target] == player


# ---- Cyberback ---------------------------------------------------------------------------------


def _discarded_actions(g: State, me: int, player: int) -> list[int]:
    if player != g.controller[me]:
        return []
    return [c for c in g.discards[player] if g.defs[c].play_on == "minion"]


def _onto_cyberback(g: State, me: int, opt: Play) -> bool:
    return isinstance(opt, PlayOnOption) and opt.target == me


cyborg_apes.minion(
    "Cyberback", power=5,
    text="Ongoing: actions that go on a minion may come out of your discard pile onto this one,"
         " paid with your action plays as if they came from your hand.",
    play_sources=(PlaySource(_discarded_actions, allows=_onto_cyberback, per_turn=False),),
)

# ---- Clyde 2.0 ---------------------------------------------------------------------------------


def _clyde_applies(g: State, me: int, target: int) -> bool:
    host = host_of(g, target)
    p = g.controller[me]
    return (host is not None and g.defs[target].kind == "action"
            and g.controller[target] == p and g.owner[target] == p
            and g.slot_of(host) == g.slot_of(me))


def _clyde_saves(ctx: Ctx, target: int) -> AbilityGen:
    g = ctx.g
    keep = yield from may(ctx, f"Take {g.defs[target].name} into your hand instead of "
                               "discarding it?")
    if not keep:
        return False
    take_into_hand(g, target, reason="Clyde 2.0")
    return True


cyborg_apes.minion(
    "Clyde 2.0", power=4, count=2,
    text="Ongoing: when an action of yours attached to a minion at this base would be put in "
         "your discard pile, you may take it into your hand instead.",
    replacements=(Replacement("discard", _clyde_applies, _clyde_saves),),
)

# ---- Baboom ------------------------------------------------------------------------------------


def _baboom_plays(g: State, me: int, player: int) -> list[Play]:
    return [opt for c in g.hands[player] if g.defs[c].kind == "action"
            for opt in action_targets(g, c, player)
            if isinstance(opt, PlayOnOption) and opt.target == me]


def _baboom_can(g: State, me: int) -> bool:
    return bool(_baboom_plays(g, me, g.controller[me]))


def _baboom_talent(ctx: Ctx) -> AbilityGen:
    opts = _baboom_plays(ctx.g, ctx.me, ctx.player)
    yield from offer_plays(ctx, ctx.player, opts, False, "Play an extra action on Baboom")


cyborg_apes.minion(
    "Baboom", power=3, count=3,
    text="Talent: put an action from your hand onto this minion; it does not use up your "
         "action play.",
    talent=Talent(_baboom_talent, _baboom_can),
)

# ---- Furious George ----------------------------------------------------------------------------


@changes_only(itself)
def _george_power(g: State, me: int, minion: int) -> int:
    return len(actions_on(g, me)) if minion == me else 0


cyborg_apes.minion("Furious George", power=2, count=4,
                   text="Ongoing: one stronger for every action attached to it.",
                   power_mod=_george_power)

# ---- Cyberevolution ----------------------------------------------------------------------------


@changes_only(its_host)
def _cyberevolution_power(g: State, me: int, minion: int) -> int:
    return 3 if minion == host_of(g, me) else 0


cyborg_apes.action("Cyberevolution", count=2, play_on="minion", boosts_power=True,
                   text="Attach to any minion; while attached, it is 3 stronger.",
                   power_mod=_cyberevolution_power)

# ---- Flying Monkey -----------------------------------------------------------------------------


def _monkey_can_fly(g: State, me: int, ev: Event) -> bool:
    host = host_of(g, me)
    return (host is not None and g.slot_of(host) == ev["slot"]
            and bool(destinations(Ctx(g, me, g.controller[me]), host)))


def _monkey_flies(ctx: Ctx, ev: Event) -> AbilityGen:
    host = host_of(ctx.g, ctx.me)
    if host is None:
        return
    dest = yield from choose_destination(ctx, host, "Fly the minion to which base?")
    if dest is not None:
        yield from move_minion(ctx, host, dest)
    yield from destroy(ctx, ctx.me)


cyborg_apes.action(
    "Flying Monkey", play_on="minion",
    text="Attach to any minion. Special: once its base has scored, you may carry that minion "
         "to a different base; this card is then destroyed.",
    triggers=(Trigger("after_score", controller_only(_monkey_can_fly), _monkey_flies,
                      optional=True),),
)

# ---- Going Bananas -----------------------------------------------------------------------------


@cyborg_apes.action("Going Bananas",
                    text="Pick a base: every action another player has there, on the base itself "
                         "or on a minion at it, is destroyed.")
def going_bananas(ctx: Ctx) -> AbilityGen:
    g = ctx.g
    slot = yield from choose_base(ctx, "Destroy other players' actions at which base?")
    if slot is None:
        return
    on_minions = [a for m in g.minions[slot] for a in actions_on(g, m)]
    src = ctx.source
    # what a protection covers when the card resolves stays covered (see the module rulings)
    doomed = [a for a in list(g.base_actions[slot]) + on_minions
              if g.controller[a] != ctx.player and can_affect(g, a, src)]
    for action in doomed:
        yield from destroy(ctx, action)


# ---- Juiced Up ---------------------------------------------------------------------------------


@changes_only(its_host)
def _juiced_power(g: State, me: int, minion: int) -> int:
    return 2 * len(actions_on(g, minion)) if minion == host_of(g, me) else 0


cyborg_apes.action("Juiced Up", play_on="minion", boosts_power=True,
                   text="Attach to any minion; while attached, it gains 2 power per action on it,"
                        " counting this card.",
                   power_mod=_juiced_power)

# ---- Missing Uplink ----------------------------------------------------------------------------


def _uplink_turn_ends(g: State, me: int, ev: Event) -> bool:
    return bool(ev["player"] == g.controller[me])


def _uplink_draw(ctx: Ctx, ev: Event) -> AbilityGen:
    draw(ctx.g, ctx.player, 1)
    return
    yield


cyborg_apes.action(
    "Missing Uplink", play_on="minion", can_target=_own_minion,
    text="Attach to one of your minions. Ongoing: as your turn ends (hand limit already "
         "checked), you draw one card more.",
    triggers=(Trigger("end_turn", controller_only(_uplink_turn_ends), _uplink_draw),),
)

# ---- Monkey on Your Back -----------------------------------------------------------------------


def _back_victims(ctx: Ctx) -> list[int]:
    g = ctx.g
    slot = g.slot_of(ctx.me)
    if slot is None:
        return []
    return minions_matching(ctx, slot, lambda m: g.controller[m] != ctx.player
                            and power(g, m) <= 4 and can_be_destroyed(g, m))


def _back_can(g: State, me: int) -> bool:
    return bool(_back_victims(Ctx(g, me, g.controller[me])))


def _back_talent(ctx: Ctx) -> AbilityGen:
    g = ctx.g
    victims = set(_back_victims(ctx))
    target = yield from choose_minion_to_destroy(ctx, "Destroy which minion here?",
                                                 where=g.slot_of(ctx.me), pred=victims.__contains__)
    if target is not None:
        yield from destroy(ctx, target)
    if g.in_play(ctx.me):
        yield from place_on_deck(ctx, ctx.me, bottom=True)


cyborg_apes.action(
    "Monkey on Your Back", play_on="minion", can_target=_own_minion,
    text="Attach to one of your minions. Talent: wipe out an opposing minion at this base with "
         "4 power or less, then tuck this card under your deck.",
    talent=Talent(_back_talent, _back_can),
)

# ---- Monkey See, Monkey Do ---------------------------------------------------------------------


@cyborg_apes.action("Monkey See, Monkey Do",
                    text="Show everyone the five cards on top of your deck; keep as many of the "
                         "actions among them as you like, then mix the others back into the deck.")
def monkey_see_monkey_do(ctx: Ctx) -> AbilityGen:
    g = ctx.g
    p = ctx.player
    shown = top_cards(g, p, 5)
    for top in shown:
        relocate(g, top, ("revealed", p))
    if not shown:
        return
    reveal(g, shown)
    actions = [c for c in shown if g.defs[c].kind == "action"]
    kept = yield from choose_many(ctx, actions, "Keep which revealed actions?")
    for card in kept:
        take_into_hand(g, card, reason="Monkey See, Monkey Do")
    shuffle_back_revealed(g, p)


# ---- Shielding ---------------------------------------------------------------------------------


def _shielding_covers(g: State, me: int, target: int, src: Source) -> bool:
    host = host_of(g, me)
    if host is None or src.kind != "action" or src.player is None:
        return False
    if src.player == g.controller[me]:
        return False
    # the minion, and every action on it but this one (two Shieldings cover each other)
    return target == host or (target != me and g.loc[target] == ("on", host))


@cyborg_apes.action(
    "Shielding", count=2, play_on="minion",
    text="Attach to any minion. Ongoing: actions of other players cannot touch that minion or "
         "the other actions attached to it; theirs already there are destroyed on arrival.",
    protects=_shielding_covers)
def shielding(ctx: Ctx) -> AbilityGen:
    g = ctx.g
    host = host_of(g, ctx.me)
    if host is None:
        return
    for action in actions_on(g, host):
        if g.controller[action] != ctx.player:
            yield from destroy(ctx, action)


__all__ = ["cyborg_apes"]
