"""The Ancient Egyptians' bases of Oops, You Did It Again: Pyramids and Star Portal.

Rulings (tests/cards/ancient_egyptians_test.py):

- Pyramids: in your own Play Cards phase, once per turn (per player, guide R), you may bury a
  card from your hand beside it, face down (``engine/mechanics/base_talents.py``: the option
  ``use base:pyramids``, offered while your hand holds a card).
- Star Portal: whoever buries a card beside it (face down or shown, any way: Pyramids-like
  abilities, a card burying itself, a Mummy moving in) draws a card; so does whoever plays an
  action onto this base itself (not a standard action, not an action on a minion here).
"""

from __future__ import annotations

from ..api import base
from ..helpers import (
    AbilityGen,
    BaseTalent,
    Ctx,
    Event,
    State,
    Trigger,
    bury,
    choose_card,
    draw,
    register_base_talent,
)
from .ancient_egyptians import buriable_hand

SET = "oops-you-did-it-again"
FACTION = "Ancient Egyptians"


def _pyramids_can(g: State, slot: int, player: int) -> bool:
    return bool(buriable_hand(g, player))


def _pyramids_bury(ctx: Ctx) -> AbilityGen:
    card = yield from choose_card(ctx, buriable_hand(ctx.g, ctx.player),
                                  "Bury which card from your hand beside Pyramids?")
    if card is not None:
        bury(ctx, card, ctx.me)


base("Pyramids", SET, FACTION, 21, (4, 2, 1),
     text="Once during each of your turns, you may bury a card from your hand beside this base.")
register_base_talent("pyramids", BaseTalent(_pyramids_bury, _pyramids_can))


def _buried_here(g: State, slot: int, ev: Event) -> list[int]:
    return [int(ev["player"])] if ev.get("slot") == slot else []


def _action_on_base(g: State, slot: int, ev: Event) -> list[int]:
    on_base = ev["type"] == "action" and ev.get("target") is None and ev.get("slot") == slot
    return [int(ev["player"])] if on_base else []


def _portal_draws(ctx: Ctx, ev: Event) -> AbilityGen:
    draw(ctx.g, ctx.player, 1)
    return
    yield


base("Star Portal", SET, FACTION, 17, (3, 1, 1),
     text="Whenever a card gets buried beside this base, or an action is played onto it, the "
          "player who did so draws a card.",
     triggers=(Trigger("buried", _buried_here, _portal_draws),
               Trigger("played", _action_on_base, _portal_draws)))
