"""The 16 bases of the core set (current official wording).

Rulings taken here (see tests/cards/core_bases_test.py):

- "The winner may ..." with tied winners: each tied winner uses it (core rulebook, 'Tie
  Fighter'); a single player's "may" is an optional trigger, settled by Me First!.
- "Each player may ..." abilities resolve as one mandatory ability that asks each player in
  turn order, starting with the current player.
- "Once per turn" on a base counts per player: each player may benefit once each turn. Tar
  Pits' "first time each turn" counts once for the whole table.
- Temple of Goju: a player whose strongest minions there tie picks which one goes.
- School of Wizardry with tied winners: each uses it in the current player's order; the chosen
  base waits on top of the base deck, so the later winner sees it and the last choice stands.
- Tortuga cancelled (Jammed Signal) when it scores stays cancelled after it is replaced, though
  the Jammed Signal was discarded with it.
- The Homeworld grants an extra minion of power 2 or less. In your Play Cards phase you may
  play it later in that phase (Excellent Movies, Dudes! rulebook, 'Extra': an extra with a
  constraint is not a specific card); at any other time it is played at once or not at all
  (core rulebook: extras while a base scores are played immediately).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ..api import base
from ..helpers import (
    AbilityGen,
    BaseCardOption,
    Ctx,
    Event,
    Replacement,
    State,
    Trigger,
    ask,
    can_be_returned,
    changes_only_at,
    choose_card,
    choose_destination,
    choose_minion,
    choose_minion_to_destroy,
    destinations,
    destroy,
    discard_card,
    draw,
    extra_play,
    gain_vp,
    may,
    minions_matching,
    minions_of,
    movable,
    move_minion,
    place_on_deck,
    player_power,
    power,
    ranks,
    return_to_hand,
    this_base,
)


def _once(g: State, slot: int, player: int) -> tuple[str, int, int]:
    """The once-per-turn key of the base in ``slot`` for ``player``."""
    return ("base_once", g.bases[slot], player)


def _here(ev: Event, slot: int) -> bool:
    return bool(ev.get("slot") == slot)


def _winners(g: State, slot: int, ev: Event) -> list[int]:
    return list(ev["winners"]) if _here(ev, slot) else []


def _current(g: State, slot: int, ev: Event) -> list[int]:
    return [g.current] if _here(ev, slot) else []


Who = Callable[[State, int, Event], Sequence[int]]


def _after_score(run: Callable[[Ctx, Event], AbilityGen], who: Who = _winners,
                 optional: bool = False) -> tuple[Trigger, ...]:
    """An "after this base scores" ability."""
    return (Trigger("after_score", who, run, optional=optional),)


# ---- Aliens ---------------------------------------------------------------------------------


def _homeworld_who(g: State, slot: int, ev: Event) -> list[int]:
    p = ev["player"]
    if ev["type"] != "minion" or not _here(ev, slot) or _once(g, slot, p) in g.used:
        return []
    return [p]


def _homeworld(ctx: Ctx, ev: Event) -> AbilityGen:
    key = _once(ctx.g, ctx.me, ctx.player)
    if key in ctx.g.used:
        return
    ctx.g.used.add(key)
    yield from extra_play(ctx, "minion", "power_le", 2)


base("The Homeworld", "core", "Aliens", 23, (4, 2, 1),
     text="First minion you play here each turn: you may also play one extra minion with "
          "printed power 2 or less.",
     triggers=(Trigger("played", _homeworld_who, _homeworld),))


def _mothership_targets(g: State, slot: int, p: int) -> list[int]:
    ctx = Ctx(g, slot, p, True)
    return minions_matching(ctx, slot, lambda m: g.controller[m] == p and power(g, m) <= 3
                            and can_be_returned(g, m))


def _mothership_who(g: State, slot: int, ev: Event) -> list[int]:
    return [p for p in _winners(g, slot, ev) if _mothership_targets(g, slot, p)]


def _mothership(ctx: Ctx, ev: Event) -> AbilityGen:
    g = ctx.g
    target = yield from choose_card(ctx, _mothership_targets(g, ctx.me, ctx.player),
                                    "Return one of your minions of power 3 or less to your hand",
                                    kind="choose_minion")
    if target is not None:
        yield from return_to_hand(ctx, target)


base("The Mothership", "core", "Aliens", 20, (4, 2, 1),
     text="Once scored: a first-place player may take back to hand one minion of theirs "
          "from this base with power up to 3.",
     triggers=_after_score(_mothership, _mothership_who, optional=True))

# ---- Dinosaurs ------------------------------------------------------------------------------

base("Jungle Oasis", "core", "Dinosaurs", 12, (2, 0, 0))


def _tar_applies(g: State, slot: int, target: int) -> bool:
    return g.loc[target] == ("minion", slot) and ("base_once", g.bases[slot]) not in g.used


def _tar_pits(ctx: Ctx, target: int) -> AbilityGen:
    ctx.g.used.add(("base_once", ctx.g.bases[ctx.me]))
    return (yield from place_on_deck(ctx, target, bottom=True))
    yield


base("Tar Pits", "core", "Dinosaurs", 16, (4, 3, 2),
     text="Each turn, the first minion here that something would destroy is tucked under "
          "its owner's deck rather than destroyed.",
     replacements=(Replacement("destroy", _tar_applies, _tar_pits),))

# ---- Ninjas ---------------------------------------------------------------------------------


def _dojo_who(g: State, slot: int, ev: Event) -> list[int]:
    return _winners(g, slot, ev) if any(g.minions) else []


def _dojo(ctx: Ctx, ev: Event) -> AbilityGen:
    target = yield from choose_minion_to_destroy(ctx, "Destroy a minion")
    if target is not None:
        yield from destroy(ctx, target)


base("Ninja Dojo", "core", "Ninjas", 18, (2, 3, 2),
     text="Once scored: a first-place player may pick any minion in play and destroy it.",
     triggers=_after_score(_dojo, _dojo_who, optional=True))


def _goju(ctx: Ctx, ev: Event) -> AbilityGen:
    g = ctx.g
    for i in range(g.nplayers):
        p = (g.current + i) % g.nplayers
        mine = minions_of(g, p, ctx.me)
        if not mine:
            continue
        top = max(power(g, m) for m in mine)
        target = yield from choose_card(ctx, [m for m in mine if power(g, m) == top],
                                        "Which of your strongest minions goes under your deck?",
                                        player=p, kind="choose_minion")
        yield from place_on_deck(ctx, target, bottom=True)


base("Temple of Goju", "core", "Ninjas", 18, (2, 3, 2),
     text="Once scored: from every player, their top-power minion on this base is tucked "
          "under its owner's deck.",
     triggers=_after_score(_goju, _current))

# ---- Pirates --------------------------------------------------------------------------------


def _opal_movable(g: State, slot: int, p: int) -> list[int]:
    """``p``'s minions at the Grey Opal that could move to another base."""
    pick = Ctx(g, slot, p, True)
    return minions_matching(pick, slot, lambda m: g.controller[m] == p and
                            movable(pick, m))


def _opal_who(g: State, slot: int, ev: Event) -> list[int]:
    movers = [p for p in range(g.nplayers) if p not in ev["winners"] and _opal_movable(g, slot, p)]
    return [g.current] if _here(ev, slot) and movers else []


def _owned_by(g: State, p: int) -> Callable[[int], bool]:
    """Minions controlled by ``p``."""
    return lambda m: bool(g.controller[m] == p)


def _grey_opal(ctx: Ctx, ev: Event) -> AbilityGen:
    g = ctx.g
    for i in range(g.nplayers):
        p = (g.current + i) % g.nplayers
        if p in ev["winners"]:
            continue
        pick = Ctx(g, ctx.me, p, True)
        target = yield from choose_card(pick, _opal_movable(g, ctx.me, p),
                                        "You may move one of your minions from here",
                                        optional=True, kind="choose_minion")
        if target is None:
            continue
        dest = yield from choose_destination(pick, target)
        if dest is not None:
            yield from move_minion(pick, target, dest)


base("The Grey Opal", "core", "Pirates", 17, (3, 1, 1),
     text="Once scored: everyone except first place may save one minion of theirs from the "
          "discard by shifting it to a different base.",
     triggers=_after_score(_grey_opal, _opal_who))


def _tortuga_targets(g: State, slot: int, p: int) -> list[int]:
    ctx = Ctx(g, slot, p, True)
    return minions_matching(ctx, pred=lambda m: g.controller[m] == p
                            and slot in destinations(ctx, m))


def _tortuga_who(g: State, slot: int, ev: Event) -> list[int]:
    if ev["new"] is None or g.bases[slot] != ev["new"]:
        return []
    return [p for p in ev["runners_up"] if _tortuga_targets(g, slot, p)]


def _tortuga(ctx: Ctx, ev: Event) -> AbilityGen:
    target = yield from choose_card(ctx, _tortuga_targets(ctx.g, ctx.me, ctx.player),
                                    "Move one of your minions to the new base",
                                    kind="choose_minion")
    if target is not None:
        yield from move_minion(ctx, target, ctx.me)


base("Tortuga", "core", "Pirates", 21, (4, 3, 2),
     text="Once scored and a new base is out: second place may shift one minion of theirs "
          "from elsewhere onto the new base.",
     triggers=(Trigger("base_replaced", _tortuga_who, _tortuga, optional=True),))

# ---- Robots ---------------------------------------------------------------------------------


def _factory(g: State, slot: int, awards: dict[int, int]) -> None:
    for p, place in ranks(g, slot).items():
        if place == 1:
            awards[p] = awards.get(p, 0) + player_power(g, slot, p) // 5


base("Factory 436-1337", "core", "Robots", 25, (2, 2, 1),
     text="On scoring: first place earns a bonus VP for each full 5 power they have on this "
          "base.",
     on_score=_factory)


@changes_only_at(this_base)
def _brain(g: State, slot: int, minion: int) -> int:
    return 1 if g.slot_of(minion) == slot else 0


base("The Central Brain", "core", "Robots", 19, (4, 2, 1),
     text="Every minion on this base gets +1 power.",
     power_mod=_brain)

# ---- Tricksters -----------------------------------------------------------------------------


def _shinies_who(g: State, slot: int, ev: Event) -> list[int]:
    p = ev["owner"]
    if not _here(ev, slot) or not g.defs[ev["card"]].is_minion or _once(g, slot, p) in g.used:
        return []
    return [p]


def _shinies(ctx: Ctx, ev: Event) -> AbilityGen:
    key = _once(ctx.g, ctx.me, ctx.player)
    if key not in ctx.g.used:
        ctx.g.used.add(key)
        gain_vp(ctx.g, ctx.player, 1, reason="Cave of Shinies")
    return
    yield


base("Cave of Shinies", "core", "Tricksters", 23, (4, 2, 1),
     text="If a minion here that belongs to you is destroyed, score 1 VP (at most once a"
          " turn).",
     triggers=(Trigger("destroyed", _shinies_who, _shinies),))


def _biggest_hand(g: State, p: int) -> bool:
    return all(len(g.hands[p]) > len(g.hands[q]) for q in range(g.nplayers) if q != p)


def _mushroom_movable(ctx: Ctx, minion: int) -> bool:
    """Could Mushroom Kingdom move this minion: off this base, or onto it from elsewhere?"""
    dests = destinations(ctx, minion)
    return bool(dests) if ctx.g.slot_of(minion) == ctx.me else ctx.me in dests


def _mushroom_who(g: State, slot: int, ev: Event) -> list[int]:
    p = ev["player"]
    ctx = Ctx(g, slot, p, True)
    return [p] if _biggest_hand(g, p) and minions_matching(
        ctx, pred=lambda m: _mushroom_movable(ctx, m)) else []


def _mushroom(ctx: Ctx, ev: Event) -> AbilityGen:
    g = ctx.g
    if not _biggest_hand(g, ctx.player):
        return
    target = yield from choose_minion(ctx, "Move a minion to or from this base",
                                      pred=lambda m: _mushroom_movable(ctx, m))
    if target is None:
        return
    if g.slot_of(target) == ctx.me:
        dest = yield from choose_destination(ctx, target)
        if dest is not None:
            yield from move_minion(ctx, target, dest)
    else:
        yield from move_minion(ctx, target, ctx.me)


base("Mushroom Kingdom", "core", "Tricksters", 19, (4, 3, 2),
     text="When your turn starts: if nobody else's hand is as big as yours, you may shift any"
          " minion onto or off this base.",
     triggers=(Trigger("start_turn", _mushroom_who, _mushroom, optional=True),))

# ---- Wizards --------------------------------------------------------------------------------


def _school(ctx: Ctx, ev: Event) -> AbilityGen:
    g = ctx.g
    top = g.base_deck[:3]
    if not top:
        return
    chosen = top[0]
    if len(top) > 1:
        choice = yield from ask(ctx.player, "choose_base_card", "Choose the base that replaces"
                                " this one", [BaseCardOption("base_card", b) for b in top], ctx.ref)
        chosen = choice.base
    others = [b for b in top if b != chosen]
    if len(others) == 2:
        choice = yield from ask(ctx.player, "choose_base_card", "Which base goes back on top?",
                                [BaseCardOption("base_card", b) for b in others], ctx.ref)
        others.remove(choice.base)
        others.insert(0, choice.base)
    # the chosen base waits on top, the others follow in the chosen order
    g.base_deck[:len(top)] = [chosen, *others]
    g.misc[("next_base", ctx.me)] = chosen


base("School of Wizardry", "core", "Wizards", 20, (3, 2, 1),
     text="Once scored: first place peeks at three bases atop the base deck, keeps one as "
          "this base's successor, and stacks the others back as they like.",
     triggers=_after_score(_school))


def _library_who(g: State, slot: int, ev: Event) -> list[int]:
    return [g.current] if _here(ev, slot) and g.minions[slot] else []


def _library(ctx: Ctx, ev: Event) -> AbilityGen:
    g = ctx.g
    for i in range(g.nplayers):
        p = (g.current + i) % g.nplayers
        if minions_of(g, p, ctx.me) and (yield from may(ctx, "Draw a card?", player=p)):
            draw(g, p, 1)


base("The Great Library", "core", "Wizards", 22, (4, 2, 1),
     text="Once scored: anyone who has a minion on this base may draw a card.",
     triggers=_after_score(_library, _library_who))

# ---- Zombies --------------------------------------------------------------------------------


def _cemetery(ctx: Ctx, ev: Event) -> AbilityGen:
    g = ctx.g
    for card in list(g.hands[ctx.player]):
        discard_card(g, card, reason="Evans City Cemetery")
    draw(g, ctx.player, 5)
    return
    yield


base("Evans City Cemetery", "core", "Zombies", 20, (5, 3, 2),
     text="Once scored: first place throws away all cards in hand, then takes five new "
          "ones.",
     triggers=_after_score(_cemetery))


def _mall(g: State, slot: int, awards: dict[int, int]) -> None:
    for p in range(g.nplayers):
        n = len(minions_of(g, p, slot))
        if n:
            awards[p] = awards.get(p, 0) + n


base("Rhodes Plaza Mall", "core", "Zombies", 24, (0, 0, 0),
     text="On scoring: every player earns 1 VP for each of their minions on this base.",
     on_score=_mall)
