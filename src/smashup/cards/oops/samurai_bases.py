"""The Samurai bases of Oops, You Did It Again: Sakura Garden and Shogun's Palace.

Rulings (tests/cards/samurai_test.py):

- Once per turn means once per turn for each player (guide §5.3 R:).
- Sakura Garden: "one of your minions" is one you controlled as it left; a minion leaving with
  the base's own scoring counts (clarification: it triggers after the base scores), even though
  the base has been replaced when the draw comes. The first such minion of the turn uses it up
  for that player.
- Shogun's Palace: the minion's controller may start the duel after the minion (and its own
  ability) resolved; declining does not use up the turn's duel. It is offered only while the
  minion is still here and another player has a minion here. Several minions played here at
  once: their controller picks the order (the clarification's reverse order of play is one of
  the orders offered). On a tie both controllers draw two cards (guide §4.6).
"""

from __future__ import annotations

from ..api import base
from ..helpers import (
    TO_DISCARD,
    AbilityGen,
    Ctx,
    Event,
    State,
    Trigger,
    choose_card,
    draw,
    duel,
    duel_opponents,
)

SET = "oops-you-did-it-again"

SAKURA = "sakura-garden"
PALACE = "shoguns-palace"


def _sakura_who(g: State, slot: int, ev: Event) -> list[int]:
    p = int(ev["controller"])
    key = (SAKURA, p)
    if ev["type"] != "minion" or ev["slot"] != slot or key in g.used:
        return []
    g.used.add(key)  # the first time this turn
    return [p]


def _sakura_draws(ctx: Ctx, ev: Event) -> AbilityGen:
    draw(ctx.g, ctx.player, 1)
    yield from ()


base("Sakura Garden", SET, "Samurai", 18, (3, 2, 1),
     text="The first time in a turn that a minion of yours here goes from play to a discard "
          "pile, you draw a card.",
     triggers=(Trigger(TO_DISCARD, _sakura_who, _sakura_draws, outlives_card=True),))


def _palace_who(g: State, slot: int, ev: Event) -> list[int]:
    p = int(ev["player"])
    minion = int(ev["card"])
    if ev["type"] != "minion" or ev.get("slot") != slot or (PALACE, p) in g.used \
            or g.slot_of(minion) != slot or g.controller[minion] != p \
            or not duel_opponents(g, minion, p):
        return []
    return [p]


def _palace_duel(ctx: Ctx, ev: Event) -> AbilityGen:
    g = ctx.g
    g.used.add((PALACE, ctx.player))
    minion = int(ev["card"])
    foe = yield from choose_card(ctx, duel_opponents(g, minion, ctx.player),
                                 f"Which minion does {g.defs[minion].name} duel?",
                                 kind="choose_minion")
    if foe is None:
        return
    result = yield from duel(ctx, minion, foe)
    if result is not None:
        for winner in result[0]:
            draw(g, g.controller[winner], 2)


base("Shogun's Palace", SET, "Samurai", 23, (4, 3, 1),
     text="First time each turn you play a minion here, it may challenge an opponent's minion "
          "here; 2 cards are drawn by whoever controls the victor.",
     triggers=(Trigger("played", _palace_who, _palace_duel, optional=True),))
