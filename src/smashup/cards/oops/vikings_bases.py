"""The Vikings' bases of Oops, You Did It Again: Drakkar and Longhouse.

Rulings (tests/cards/vikings_test.py):

- Drakkar: after the first minion each player plays here in a turn (guide R: once per turn
  per player, on anyone's turn), that player may reveal another player's deck top to everyone;
  an action or a minion of printed power 3 or less they may then take into their hand (a card
  they do not own, kept as the Vikings' borrowed cards are), anything else stays on top. A
  second minion played here that turn does not trigger it, even when the first was declined.
- Longhouse: in your own Play Cards phase, once per turn (``engine/mechanics/base_talents.py``: the
  option ``use base:longhouse``, offered while you have a card in hand and a minion here), put
  a card from your hand on top of your own deck to give one of your minions here +2 power until
  the end of the turn.
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
    choose_your_minion,
    minions_of,
    register_base_talent,
)
from .vikings import has_cards_to_reveal, pump, raid_deck_top, stack_from_hand

SET = "oops-you-did-it-again"
FACTION = "Vikings"

DRAKKAR_FIRST = "drakkar-first"
"""``used`` key ``(DRAKKAR_FIRST, player, base card, minion)``: the first minion ``player``
played on that Drakkar this turn."""


def _drakkar_who(g: State, slot: int, ev: Event) -> list[int]:
    if ev["type"] != "minion" or ev.get("slot") != slot:
        return []
    player, bid = int(ev["player"]), g.bases[slot]
    first = [u[3] for u in g.used if u[:3] == (DRAKKAR_FIRST, player, bid)]
    if not first:  # noted as the event is answered, so a second minion finds it at once
        g.used.add((DRAKKAR_FIRST, player, bid, ev["card"]))
    elif first[0] != ev["card"]:
        return []
    others = any(has_cards_to_reveal(g, q) for q in range(g.nplayers) if q != player)
    return [player] if others else []


def _drakkar_raids(ctx: Ctx, ev: Event) -> AbilityGen:
    yield from raid_deck_top(ctx, optional=True)


base("Drakkar", SET, FACTION, 21, (4, 2, 1),
     text="The first time in a turn that you play a minion here, you may then show everyone "
          "the top card of another player's deck: an action or a minion of power 3 or less "
          "you may draw; anything else stays on top.",
     triggers=(Trigger("played", _drakkar_who, _drakkar_raids, optional=True),))


def _longhouse_can(g: State, slot: int, player: int) -> bool:
    return bool(g.hands[player]) and bool(minions_of(g, player, slot))


def _longhouse(ctx: Ctx) -> AbilityGen:
    if (yield from stack_from_hand(ctx, "Put which card on top of your deck?")) is None:
        return
    target = yield from choose_your_minion(ctx, "Give which of your minions here +2 power?",
                                           where=ctx.me)
    if target is not None:
        pump(ctx, target, 2)


base("Longhouse", SET, FACTION, 25, (5, 3, 2),
     text="Once on your turn: stack one hand card onto your deck, and a minion you control here is"
          " 2 stronger for this turn.")
register_base_talent("longhouse", BaseTalent(_longhouse, _longhouse_can))
