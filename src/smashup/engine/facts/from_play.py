"""A card going from play to a discard pile (Oops: "goes to the discard pile from play").

Official reading (guide §4.15): destroyed, discarded with its scored or destroyed base,
discarded with the minion it was on, or sent there any other way; not when it goes to a hand,
a deck, the box, is buried or leaves stasis. ``zones.relocate`` reports each such move of a
card from a base (zones ``minion``, ``base_action``, ``on``) as one event, ``to_discard``,
emitted as the card lands in the discard pile (before the "destroyed" or "discarded" event
that says why):

- ``card``, ``slot`` (the base it left), ``base`` (the base card there then), ``owner``,
  ``controller`` (who controlled it in play), ``type`` ("minion" or "action");
- ``power``: a minion's power as it left (before its counters and attachments went; for a
  base being cleared, the powers before the first card left); None for an action;
- ``host``: the minion an action was on, else None; ``attached``: the cards that were on it;
- ``with``: the cards that left play together with it: the actions on the minion, or every
  card on a base that was cleared (scored or destroyed).

The card answers its own event (it is one of ``triggers.LEAVE_PLAY_EVENTS``), and so does each
card named in ``with`` (Final Haiku on the minion, Honor the Fallen on the scored base, Viking
Funeral), as the EMD trigger rule allows "when the trigger itself made the card go out of
play". A base ``Trigger`` with ``outlives_card`` still resolves after its base was scored and
replaced (Sakura Garden answers its own scoring). The event is emitted only in games where
some card or base answers it (or a ``watch`` is on the card), so other games see the same
events as before. ``watch`` queues a rule step for a player if one card goes this way before the
end of the turn (Way of the Warrior), so that the card that asked need not stay in play.
"""

from __future__ import annotations

from typing import Any, Final

from ..core.state import PLAY_ZONES, Loc, Pending, State
from .query import power

TO_DISCARD: Final = "to_discard"

LEAVING_TOGETHER: Final = ("rule", "leaving_together")
"""``misc`` key while a base is cleared (``timeline.clear_base``): (the cards on it, their
powers as pairs (minion, power), their controllers as pairs (card, player)) before the first
one left."""


WATCHING: Final = ("rule", "watching_discard")
"""``misc`` key: the watches in force, as (card, rule, player, arg, turn) tuples (``watch``)."""


def watch(g: State, card: int, rule: str, player: int, arg: Any = None) -> None:
    """Until the end of the turn, if ``card`` (in play) goes from play to a discard pile, queue
    the step of the rule ``rule`` (``rule_steps.RULES``) for ``player`` (Way of the Warrior: "if it
    goes to the discard pile from play, draw a card"). The watch ends when the card leaves play
    any other way."""
    kept = tuple(w for w in g.misc.get(WATCHING, ()) if w[4] == g.turn)
    g.misc[WATCHING] = kept + ((card, rule, player, arg, g.turn),)


def _watched(g: State, card: int) -> bool:
    return any(w[0] == card for w in g.misc.get(WATCHING, ()))


def _unwatch(g: State, card: int) -> tuple[tuple[Any, ...], ...]:
    """End the watches on ``card``; returns those of this turn."""
    watches = g.misc.get(WATCHING, ())
    kept = tuple(w for w in watches if w[0] != card and w[4] == g.turn)
    if kept:
        g.misc[WATCHING] = kept
    else:
        g.misc.pop(WATCHING, None)
    return tuple(w for w in watches if w[0] == card and w[4] == g.turn)


def queue_watches(g: State, ev: dict[str, Any]) -> None:
    """``ev`` (a ``to_discard`` event) has been emitted: queue the watched steps for its card."""
    if WATCHING in g.misc:
        for _card, rule, player, arg, _turn in _unwatch(g, int(ev["card"])):
            g.pending.append(Pending("rule", player, ev, False, rule=rule, arg=arg))


def report(g: State, card: int, src: Loc, dest: Loc) -> dict[str, Any] | None:
    """Before ``relocate`` moves ``card`` from ``src`` to ``dest``: the data of its
    ``to_discard`` event, or None when it is not going from play to a discard pile (or no card,
    base or watch in the game answers the event)."""
    if src[0] not in PLAY_ZONES:
        return None
    if dest[0] != "discard":
        if WATCHING in g.misc and dest[0] not in PLAY_ZONES:
            _unwatch(g, card)  # it left play another way
        return None
    if TO_DISCARD not in g.tables.trigger_kinds and not (WATCHING in g.misc
                                                         and _watched(g, card)):
        return None
    slot = g.slot_of(card)
    together = g.misc.get(LEAVING_TOGETHER)
    is_minion = src[0] == "minion"
    attached = tuple(g.attached.get(card, ()))
    if together is not None and card in together[0]:
        went_with = tuple(c for c in together[0] if c != card)
        pw = dict(together[1]).get(card) if is_minion else None
    else:
        went_with = attached
        pw = power(g, card) if is_minion else None
    return {"card": card, "slot": slot, "base": g.bases[slot] if slot is not None else None,
            "owner": g.owner[card], "controller": g.controller[card],
            "type": "minion" if is_minion else "action", "power": pw,
            "host": int(src[1]) if src[0] == "on" else None, "attached": attached,
            "with": went_with}


def leaving_together(g: State, slot: int) -> None:
    """A base is about to be cleared: note its cards and their powers (``LEAVING_TOGETHER``),
    in games where the event is answered."""
    if TO_DISCARD not in g.tables.trigger_kinds:
        return
    cards = [*g.base_actions[slot]]
    for m in g.minions[slot]:
        cards.append(m)
        cards.extend(g.attached.get(m, ()))
    g.misc[LEAVING_TOGETHER] = (tuple(cards), tuple((m, power(g, m)) for m in g.minions[slot]),
                                tuple((c, g.controller[c]) for c in cards))


def controller_as_left(g: State, card: int) -> int:
    """Who controlled ``card`` as it left play with a base being cleared (its controller now
    when it is in play, or did not leave that way): a card that left play is its owner's
    again, but "you" in its text is still the player who controlled it (Honor the Fallen
    answering a minion that leaves with it)."""
    together = g.misc.get(LEAVING_TOGETHER)
    if together is not None and not g.in_play(card):
        for c, p in together[2]:
            if c == card:
                return int(p)
    return g.controller[card]


def answers(ev: dict[str, Any], card: int) -> bool:
    """Does ``card``, out of play now, answer ``ev`` as a card that left with it?"""
    return ev.get("kind") == TO_DISCARD and card in ev.get("with", ())
