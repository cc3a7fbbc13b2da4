"""Star Roamers (Cease and Desist): a crew that beams minions home, catches them on the way
and shifts them between bases.

Rulings taken here (each tested in tests/cards/star_roamers_test.py):

- "Your minions" are the minions you control; a returned minion goes to its owner's hand.
- Medical Officer, Ship's Engineer and Whiplash Maneuver replace a return to *your* hand: only
  for a minion you both control and own (clarification; guide R: the same for Medical
  Officer). Each is a "may" of that player, offered in turn when several apply, so that player
  picks the one that applies by declining the others. Medical Officer's minion stays where it
  is and its controller draws a card; of several minions one effect returns at once
  (Crop Circles) it saves at most one.
- Ensign: see its own notes below; its mechanic is ``engine/facts/redirects.py``.
- Science Officer and Teleport Overflow go on after the return even when it was replaced (the
  next sentence does not depend on it). Science Officer's extra minion may be of any name but
  the returned minion's; it may return itself.
- Teleport Overflow: any number of minions of one name, revealed, each played at once as an
  extra minion (they are specific cards, so now or never); offered are minions that could be
  played somewhere.
- Mass Teleport: each player in turn from you picks one of their own minions that the card may
  affect; a player with none returns nothing.
- Port Me Up as a Special: after a base scores, for one of your minions still on it.
- Hyperspeed 10 offers only a base with a minion that can move, and a destination that at
  least one of them may move to; those that may not move there stay.
- Teleport Error: the base is drawn from the game's RNG among the bases the minion may move
  to (every option takes effect).
- Weird New Worlds puts the top base of the base deck into play for good (errata); the extra
  minion there may be played later in the turn.
- Protector Fields: other players' cards cannot affect your minions at its base; base
  abilities are nobody's cards and still do (guide R).
"""

from __future__ import annotations

from ..api import Faction
from ..helpers import (
    TAKES_TARGET,
    AbilityGen,
    Ctx,
    Event,
    HookKind,
    PlayCondition,
    Replacement,
    Source,
    Special,
    State,
    Talent,
    add_base,
    being_played,
    can_be_returned,
    choose_base,
    choose_card,
    choose_destination,
    choose_many,
    choose_minion_to_move,
    choose_minion_to_return,
    destinations,
    draw,
    extra_play,
    has_minion_at,
    may,
    minion_targets,
    minions_matching,
    move_minion,
    pick_random,
    play_specific,
    play_through_special,
    power,
    register_hook_kind,
    register_play_condition,
    replacing,
    return_to_hand,
    reveal,
    special_slot,
    take_into_hand,
    window_slot,
)
from ..sfdf.shapeshifters import search_deck

roamers = Faction("Star Roamers", "cease-and-desist")

NOT_NAMED = register_play_condition(PlayCondition(
    "not_named", lambda g, card, slot, arg: g.defs[card].name != arg,
    lambda g, arg: f"not named {arg}"))
"""An extra play for a minion of any name but one (Science Officer)."""


def _yours(g: State, me: int, target: int) -> bool:
    """Would ``target`` be returned to the hand of ``me``'s controller: another minion in play
    that player both controls and owns?"""
    p = g.controller[me]
    return (target != me and g.loc[target][0] == "minion" and g.controller[target] == p
            and g.owner[target] == p and g.in_play(me))


def _mine(ctx: Ctx, m: int) -> bool:
    return ctx.g.controller[m] == ctx.player


# ---- minions ---------------------------------------------------------------------------------


@roamers.minion("Ship's Captain", power=5,
                text="Find a minion in your deck, show it to everyone and take it into your hand;"
                     " the deck is shuffled. If its printed power is 3 or lower, it joins this "
                     "base at once as an extra minion.")
def ships_captain(ctx: Ctx) -> AbilityGen:
    g = ctx.g
    found = yield from search_deck(ctx, lambda c: g.defs[c].kind == "minion",
                                   "Take which minion from your deck?")
    if found is None:
        return
    take_into_hand(g, found, reason="Ship's Captain")
    slot = ctx.slot
    if g.defs[found].power <= 3 and slot is not None and g.loc[found] == ("hand", ctx.player):
        yield from play_specific(ctx, found, ctx.player, slots=[slot],
                                 prompt=f"Play {g.defs[found].name} here as an extra minion")


MEDICAL_KEY = "medical-officer"
"""``misc`` key ``(MEDICAL_KEY, card)``: the effect whose return that Medical Officer replaced
(``replacing``), so that it saves one minion per effect."""


def _medical_applies(g: State, me: int, target: int) -> bool:
    return _yours(g, me, target) and g.misc.get((MEDICAL_KEY, me)) != replacing(g)


def _medical_draws(ctx: Ctx, target: int) -> AbilityGen:
    g = ctx.g
    if not (yield from may(ctx, f"Draw a card instead of taking {g.defs[target].name} back into "
                                "your hand?")):
        return False
    g.misc[(MEDICAL_KEY, ctx.me)] = replacing(g)
    draw(g, ctx.player, 1)
    return True


roamers.minion("Medical Officer", power=4,
               text="Ongoing: when an effect would send one or more of your other minions back "
                    "to your hand, you may leave one of them where it is and draw a card.",
               replacements=(Replacement("return", _medical_applies, _medical_draws),))


def _science_targets(ctx: Ctx) -> list[int]:
    g = ctx.g
    return minions_matching(ctx, pred=lambda m: _mine(ctx, m) and power(g, m) <= 4
                            and can_be_returned(g, m))


def _science_can(g: State, me: int) -> bool:
    return bool(_science_targets(Ctx(g, me, g.controller[me])))


def _science_talent(ctx: Ctx) -> AbilityGen:
    g = ctx.g
    target = yield from choose_card(ctx, _science_targets(ctx),
                                    "Return which of your minions of power 4 or less to its "
                                    "owner's hand?", kind="choose_minion")
    if target is None:
        return
    name = g.defs[target].name
    yield from return_to_hand(ctx, target)
    yield from extra_play(ctx, "minion", NOT_NAMED.name, name)


roamers.minion("Science Officer", power=4,
               text="Talent: pick a minion you control whose power is no more than 4 and bounce"
                    " it to the hand it came from; you gain an extra minion play for a card not "
                    "sharing its name.",
               talent=Talent(_science_talent, _science_can))


def _engineer_applies(g: State, me: int, target: int) -> bool:
    return _yours(g, me, target) and bool(destinations(Ctx(g, me, g.controller[me]), target))


def _engineer_moves(ctx: Ctx, target: int) -> AbilityGen:
    g = ctx.g
    dest = yield from choose_destination(
        ctx, target, f"Move {g.defs[target].name} to another base instead of taking it back "
                     "into your hand?", optional=True)
    if dest is None:
        return False
    return bool((yield from move_minion(ctx, target, dest)))


roamers.minion("Ship's Engineer", power=3, count=3,
               text="Ongoing: when another of your minions would go back to your hand, you may "
                    "shift it to a different base and keep it in play.",
               replacements=(Replacement("return", _engineer_applies, _engineer_moves),))


def _ensign_takes(g: State, me: int, target: int, src: Source) -> bool:
    """Ensign may stand in for ``target``: another minion its controller controls at its
    base, picked by a card an opponent is playing (not one already in play)."""
    p = g.controller[me]
    here = g.loc[me]
    return (here[0] == "minion" and target != me and g.loc[target] == here
            and g.controller[target] == p and src.player is not None and src.player != p
            and being_played(g, src.card))


STANDS_IN = register_hook_kind(HookKind(
    "stands_in", TAKES_TARGET,
    doc="Ensign: takes on an opponent's card being played that picked another of your minions "
        "at its base"))

# Ensign (clarification, guide §5.2): an opponent's card being played (its on-play ability,
# an action played onto a minion, a card played through a Special) that picks another of
# your minions here may be taken by an Ensign instead, whatever the original target had to
# be (power, ...); several effects one after another if it is still there; not a card already
# in play (a talent, an ongoing trigger); an effect one Ensign took is not passed on again.
roamers.minion("Ensign", power=2, count=4, hooks={STANDS_IN.name: _ensign_takes},
               text="Ongoing: when a card an opponent plays picks another of your minions at "
                    "this base, you may have this minion take its effect in that one's place.")


# ---- actions ---------------------------------------------------------------------------------


def _hyperspeed_destinations(ctx: Ctx, slot: int) -> set[int]:
    return {d for m in ctx.g.minions[slot] for d in destinations(ctx, m)}


@roamers.action("Hyperspeed 10",
                text="Pick a base: every minion on it is moved, all together, to one other base "
                     "of your choice.")
def hyperspeed_10(ctx: Ctx) -> AbilityGen:
    g = ctx.g
    slot = yield from choose_base(ctx, "Move every minion from which base?",
                                  pred=lambda s: bool(_hyperspeed_destinations(ctx, s)))
    if slot is None:
        return
    allowed = _hyperspeed_destinations(ctx, slot)
    dest = yield from choose_base(ctx, "Move them all to which base?", pred=allowed.__contains__)
    if dest is None:
        return
    for m in list(g.minions[slot]):
        if dest in destinations(ctx, m):
            yield from move_minion(ctx, m, dest)


@roamers.action("Mass Teleport", count=2,
                text="Starting with you, every player picks one of their own minions and it goes "
                     "back to its owner's hand.")
def mass_teleport(ctx: Ctx) -> AbilityGen:
    g = ctx.g
    for p in [ctx.player, *ctx.others()]:
        theirs = [m for ms in g.minions for m in ms if g.controller[m] == p]
        target = yield from choose_minion_to_return(
            ctx, "Return one of your minions to its owner's hand", pred=theirs.__contains__,
            player=p)
        if target is not None:
            yield from return_to_hand(ctx, target)


def _port_can(g: State, me: int, ev: Event, holder: int) -> bool:
    slot = window_slot(g, ev)
    ctx = Ctx(g, me, holder)
    return slot is not None and bool(minions_matching(
        ctx, slot, lambda m: _mine(ctx, m) and can_be_returned(g, m)))


@roamers.action("Port Me Up", count=2,
                text="Send one of your minions back to its owner's hand. Special: once a base has "
                     "scored, you may play this for one of your minions on that base.",
                specials=(Special("after_score", _port_can, play_through_special),))
def port_me_up(ctx: Ctx) -> AbilityGen:
    slot = special_slot(ctx)  # the scored base when played through the Special, else None
    target = yield from choose_minion_to_return(
        ctx, "Return which of your minions to its owner's hand?", where=slot,
        pred=lambda m: _mine(ctx, m))
    if target is not None:
        yield from return_to_hand(ctx, target)


def _fields_can(g: State, me: int, slot: int, player: int) -> bool:
    return has_minion_at(g, player, slot)


def _fields_shield(g: State, me: int, target: int, src: Source) -> bool:
    here = g.loc[me]
    p = g.controller[me]
    return (here[0] == "base_action" and g.loc[target] == ("minion", here[1])
            and g.controller[target] == p and src.player is not None and src.player != p)


roamers.action("Protector Fields", play_on="base", can_target=_fields_can,
               protects=_fields_shield,
               text="Play on a base where one of your minions is. Ongoing: cards of other players "
                    "have no effect on your minions at this base.")


@roamers.action("Teleport Error",
                text="Pick a minion; it is moved to some other base chosen at random.")
def teleport_error(ctx: Ctx) -> AbilityGen:
    g = ctx.g
    target = yield from choose_minion_to_move(ctx, "Send which minion to a random other base?")
    if target is None:
        return
    dest = pick_random(g, destinations(ctx, target))
    if dest is not None:
        yield from move_minion(ctx, target, dest)


@roamers.action("Teleport Overflow",
                text="Send one of your minions back to its owner's hand. Then show any number of "
                     "minions from your hand that all share one name, and play each of them as "
                     "an extra minion.")
def teleport_overflow(ctx: Ctx) -> AbilityGen:
    g = ctx.g
    p = ctx.player
    target = yield from choose_minion_to_return(
        ctx, "Return which of your minions to its owner's hand?", pred=lambda m: _mine(ctx, m))
    if target is not None:
        yield from return_to_hand(ctx, target)
    playable = [c for c in g.hands[p] if g.defs[c].kind == "minion" and minion_targets(g, c, p)]
    first = yield from choose_card(ctx, playable, "Show and play which minion (more of its name "
                                                  "may follow)?", optional=True)
    if first is None:
        return
    name = g.defs[first].name
    more = yield from choose_many(ctx, [c for c in playable if c != first
                                        and g.defs[c].name == name],
                                  f"Show and play which other minions named {name}?")
    group = [first, *more]
    reveal(g, group)
    for card in group:
        if g.loc[card] == ("hand", p):
            yield from play_specific(ctx, card, p, prompt=f"Play {name} as an extra minion")


@roamers.action("Weird New Worlds",
                text="The top base of the base deck comes into play as an extra base for the rest"
                     " of the game; you may play an extra minion on it.")
def weird_new_worlds(ctx: Ctx) -> AbilityGen:
    slot = add_base(ctx.g)
    if slot is not None:
        yield from extra_play(ctx, "minion", "at", slot, slots=[slot])


def _whiplash_applies(g: State, me: int, target: int) -> bool:
    here = g.loc[me]
    if here[0] != "base_action" or not _yours(g, me, target) or g.loc[target][1] == here[1]:
        return False
    return bool(here[1] in destinations(Ctx(g, me, g.controller[me]), target))


def _whiplash_moves(ctx: Ctx, target: int) -> AbilityGen:
    g = ctx.g
    slot = g.slot_of(ctx.me)
    if slot is None or not (yield from may(ctx, f"Move {g.defs[target].name} to this base "
                                                "instead of taking it back into your hand?")):
        return False
    return bool((yield from move_minion(ctx, target, slot)))


roamers.action("Whiplash Maneuver", play_on="base",
               text="Play on a base. Ongoing: when one of your minions at another base would go "
                    "back to your hand, you may pull it to this base instead.",
               replacements=(Replacement("return", _whiplash_applies, _whiplash_moves),))


__all__ = ["roamers"]
