"""The Cowboys bases of Oops, You Did It Again: Saloon and So-so Corral.

Rulings (tests/cards/cowboys_test.py):

- Saloon: after each minion here is destroyed, each player with a minion here at that moment
  may draw a card ("each player may": every such player is asked, current player's order).
- So-so Corral: after a player plays a minion here (from anywhere), that minion may duel
  another player's minion here; the base destroys the loser (both on a tie), in the name of the
  challenging player (clarification), so "not affected by minions/actions" does not protect.
  With several minions played here in one go (Ship's Captain), each one's duel waits until
  the plays have resolved; the current player orders them ("order"), so the latest played can
  duel first as the clarification asks.
"""

from __future__ import annotations

from ..api import base
from ..helpers import (
    AbilityGen,
    Ctx,
    Event,
    State,
    Trigger,
    draw,
    duel_and_destroy,
    duel_opponents,
    may,
)
from .cowboys import challenge

SET = "oops-you-did-it-again"


def _saloon_who(g: State, slot: int, ev: Event) -> list[int]:
    if ev.get("slot") != slot or ev.get("was") != "minion":
        return []
    n = g.nplayers
    return [p for p in ((g.current + i) % n for i in range(n))
            if any(g.controller[m] == p for m in g.minions[slot])]


def _saloon_draw(ctx: Ctx, ev: Event) -> AbilityGen:
    if (yield from may(ctx, "Draw a card?")):
        draw(ctx.g, ctx.player, 1)


base("Saloon", SET, "Cowboys", 20, (3, 2, 1),
     text="When any minion at this base gets destroyed, those players who still have a minion at "
          "this base each may draw 1.",
     triggers=(Trigger("destroyed", _saloon_who, _saloon_draw),))


def _corral_who(g: State, slot: int, ev: Event) -> list[int]:
    card = ev.get("card")
    if ev.get("type") != "minion" or ev.get("slot") != slot or card is None:
        return []
    p = int(ev["player"])
    ok = g.loc[card] == ("minion", slot) and g.controller[card] == p \
        and bool(duel_opponents(g, card, p))
    return [p] if ok else []


def _corral_duel(ctx: Ctx, ev: Event) -> AbilityGen:
    mine = int(ev["card"])
    foe = yield from challenge(ctx, mine, optional=True)
    if foe is not None:
        yield from duel_and_destroy(ctx, mine, foe)


base("So-so Corral", SET, "Cowboys", 19, (4, 2, 1),
     text="After you play a minion here, it may call out a minion of another player here to a "
          "duel; the loser is destroyed.",
     triggers=(Trigger("played", _corral_who, _corral_duel),))
