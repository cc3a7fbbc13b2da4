"""The card resolution order: a standard action just played goes to the discard pile last.

Oops, SFDF and C&D rulebooks ("Card Resolution Order"): resolve the card just played; finish
the cards in the middle of resolving; resolve the cards in play it triggered, then the cards in
hand it triggered (Me First!); only then discard it, unless it was played on another card. So
until then the action stays where it is while it resolves (``("aside", player)``, face up), and
no ability it triggered can take it from the discard pile (Help From the Past storing a card
from your discard pile as Disrupt the Space-Time Continuum puts it into stasis).

``plays.play_card`` hands the action here once its own ability has resolved. When its play
triggered nothing (nothing new is waiting in ``State.pending``), it is discarded at once, as
before. Otherwise a rule step waits with those abilities: ``discard_played``, a ``Rule`` with
``last`` set, which ``pending.resolve_pending`` runs after everything that waits with it has
resolved, Me First! included, and never offers as a choice.
"""

from __future__ import annotations

from typing import Final

from ..core.defs import AbilityGen, Event
from ..core.rule_steps import Rule, register_rule, rule_entry
from ..core.state import Pending, State
from .zones import to_owner

DISCARD_PLAYED: Final = "discard_played"
"""The rule step that discards a standard action once what it triggered has resolved."""


def discard_when_resolved(g: State, card: int, player: int, before: list[Pending]) -> None:
    """``card``, a standard action ``player`` has just played (still aside), goes to its owner's
    discard pile: now if its play triggered nothing, else once what it triggered has resolved.
    ``before``: what was already waiting when its play began (not triggered by it)."""
    known = {id(e) for e in before}
    if any(id(e) not in known for e in g.pending):
        g.pending.append(rule_entry(player, DISCARD_PLAYED, {"kind": DISCARD_PLAYED}, False,
                                    card))
    else:
        discard_played(g, card, player)


def discard_played(g: State, card: int, player: int) -> None:
    """To its owner's discard pile, even when someone else played it (Mass Enchantment), if it
    is still where it resolved."""
    if g.loc[card] == ("aside", player):
        to_owner(g, card, "discard")
        g.controller[card] = g.owner[card]


def _discard_rule(g: State, player: int, card: int, ev: Event) -> AbilityGen:
    discard_played(g, card, player)
    yield from ()


register_rule(DISCARD_PLAYED, Rule("rule:discard-the-action-played", _discard_rule, last=True,
                                     label="Discard the action just played"))
