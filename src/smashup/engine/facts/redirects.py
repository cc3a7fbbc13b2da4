"""Targets taken over: a card that may take on an effect aimed at another card.

Cease and Desist's Ensign: when an opponent plays a card that directly affects another of
your minions at its base, you may have the Ensign take that effect instead (guide §5.2, R:
an optional replacement at the moment an opponent's card chooses its target). The mechanic
is general:

* a hook at the point ``takes_target`` (``(g, me, target, source) -> bool``) says that card
  ``me`` may take on, in place of ``target``, the effect of ``source`` that has just picked
  ``target``;
* the engine asks it wherever an effect picks a minion in play as its target:
  ``choosing.choose_card`` (an ability choosing a minion, which ``choose_minion`` and its
  variants use) and ``plays.play_card`` (an action played on a minion), through
  ``take_over``;
* the player who controls the target picks one of the cards that may take it, or keeps the
  target (``skip``). Only cards that the source may affect are offered, so every option takes
  effect; what the original target needed ("a minion of power 3 or less") is not asked of the
  card that takes over. A player who chose the target themselves is not asked (they chose it
  freely). The card that took an effect over keeps it: it is not passed on again.

``being_played(g, card)`` says whether ``card`` is being played now (its play, on-play ability
included, is still resolving): ``plays.play_card`` keeps the list of such cards in ``misc``
(``PLAYING``), so that a hook can answer only for cards being played and not for cards already
in play (Ensign's clarification).
"""

from __future__ import annotations

from typing import Final

from ..core.defs import AbilityGen, Source
from ..core.events import emit
from ..core.kinds import register_point
from ..core.requests import (
    SKIP,
    CardOption,
    Option,
    Request,
)
from ..core.state import HIDDEN_ZONES, State
from .query import can_affect, hooks

TAKES_TARGET: Final = register_point(
    "takes_target", "(g, me, target, source) -> bool: card me may take on, in place of target,"
                    " the effect of source aimed at target")

PLAYING: Final = ("rule", "being_played")
"""``misc`` key: the cards whose play is resolving now, innermost last."""


def being_played(g: State, card: int | None) -> bool:
    """Is ``card`` being played now (its on-play ability still resolving)?"""
    return card is not None and card in g.misc.get(PLAYING, ())


def start_playing(g: State, card: int) -> None:
    """``card``'s play begins (``plays.play_card``)."""
    g.misc[PLAYING] = (*g.misc.get(PLAYING, ()), card)


def done_playing(g: State, card: int) -> None:
    """``card``'s play has resolved."""
    rest = tuple(c for c in g.misc.get(PLAYING, ()) if c != card)
    if rest:
        g.misc[PLAYING] = rest
    else:
        g.misc.pop(PLAYING, None)


def takers(g: State, target: int, src: Source) -> list[int]:
    """The cards in play that may take on ``src``'s effect in place of minion ``target``."""
    if not g.tables.card_hooks[TAKES_TARGET] or g.loc[target][0] != "minion":
        return []
    found: list[int] = []
    for fn, me, is_base in hooks(g, TAKES_TARGET):
        if (not is_base and me != target and me not in found and fn(g, me, target, src)
                and can_affect(g, me, src)):
            found.append(me)
    return found


def take_over(g: State, target: int, src: Source, chooser: int) -> AbilityGen:
    """``src``'s effect has picked minion ``target`` (``chooser`` picked it): the target's
    controller may have a card that ``takes_target`` take the effect instead. Returns the
    target the effect goes on with."""
    decider = g.controller[target]
    if decider == chooser or not g.tables.card_hooks[TAKES_TARGET]:
        return target
    candidates = takers(g, target, src)
    if not candidates:
        return target
    if src.card is not None and g.loc[src.card][0] in HIDDEN_ZONES:
        for seen in g.known:  # a card still in hand as it is played: it is shown to all
            seen.add(src.card)
    what = g.defs[src.card].name if src.card is not None else "An effect"
    opts: list[Option] = [CardOption("card", c) for c in candidates]
    opts.append(SKIP)
    choice = yield Request(decider, "choose_card",
                           f"{what} is aimed at {g.defs[target].name}: have one of your cards "
                           "take it instead?", opts, candidates[0])
    if choice.tag == "skip":
        return target
    taker = choice.card
    emit(g, "took_over", card=taker, target=target, source=src.card, player=decider)
    return taker
