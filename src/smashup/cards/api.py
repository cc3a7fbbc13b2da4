"""The card API: how a faction module declares its cards.

    aliens = Faction("Aliens", "core")

    @aliens.minion("Supreme Overlord", power=5, text="You may return a minion to its owner's hand.")
    def supreme_overlord(ctx):
        target = yield from choose_minion_to_return(ctx, "Return a minion to its owner's hand",
                                                    optional=True)
        if target is not None:
            yield from return_to_hand(ctx, target)

``minion``/``action`` register the card at once; used as a decorator they also
attach the decorated generator as the on-play ability. Continuous effects,
triggers, talents and Specials are passed as keyword arguments.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

from ..engine.core.defs import (
    REGISTRY,
    SET_NAMES,
    Ability,
    BaseDef,
    CardDef,
    check_playability,
    faction_key,
    slug,
)

SETS = SET_NAMES
"""The sets a faction may belong to (their printed names: ``defs.set_name``)."""


class Faction:
    """Registers the cards of one faction (optionally a printing variant)."""

    def __init__(self, name: str, set: str, variant: str = "") -> None:
        if set not in SETS:
            raise ValueError(f"unknown set {set!r}")
        self.name = name
        self.set = set
        self.variant = variant
        self.key = faction_key(name, variant)

    def _add(self, name: str, kind: str, **fields: Any) -> Callable[[Ability], Ability]:
        card = CardDef(key=f"{self.key}/{slug(name)}", name=name, faction=self.name, set=self.set,
                       kind=kind, variant=self.variant, **fields)
        REGISTRY.add_card(card)

        def attach(fn: Ability) -> Ability:
            card.on_play = fn
            return fn

        return attach

    def minion(self, name: str, power: int, count: int = 1, text: str = "",
               **fields: Any) -> Callable[[Ability], Ability]:
        return self._add(name, "minion", power=power, count=count, text=text, **fields)

    def action(self, name: str, count: int = 1, text: str = "", play_on: str | None = None,
               **fields: Any) -> Callable[[Ability], Ability]:
        return self._add(name, "action", count=count, text=text, play_on=play_on, **fields)

    def alt_action(self, name: str, text: str = "", **fields: Any) -> Callable[[Ability], Ability]:
        """Declare the action face of dual card ``name`` (a minion declared already): the card
        may be played either as that minion or as this standard action."""
        card = self.get(name)
        alt = CardDef(key=card.key, name=card.name, faction=self.name, set=self.set,
                      kind="action", count=card.count, text=text, variant=self.variant, **fields)
        card.alt = alt
        check_playability(card)

        def attach(fn: Ability) -> Ability:
            alt.on_play = fn
            return fn

        return attach

    def reprint(self, card: CardDef, name: str | None = None) -> CardDef:
        """Register another printing's card unchanged in this faction (optionally renamed)."""
        copy = replace(card, key=f"{self.key}/{slug(name or card.name)}", name=name or card.name,
                       faction=self.name, set=self.set, variant=self.variant)
        return REGISTRY.add_card(copy)

    def get(self, name: str) -> CardDef:
        return REGISTRY.cards[f"{self.key}/{slug(name)}"]


def base(name: str, set: str, faction: str, breakpoint: int, vp: tuple[int, int, int],
         text: str = "", key: str | None = None, **fields: Any) -> BaseDef:
    """Register a base card (``key`` defaults to the slug of its name)."""
    b = BaseDef(key=key or slug(name), name=name, faction=faction, set=set,
                breakpoint=breakpoint, vp=vp, text=text, **fields)
    return REGISTRY.add_base(b)
