"""Per-game lookup tables built once at setup and shared by every copy.

They say which card ids *could* have a given continuous hook or trigger, so
that queries look only at those cards instead of walking everything in play.
"""

from __future__ import annotations

import functools

from .defs import BaseDef, CardDef

HOOKS = ("power_mod", "breakpoint_mod", "protects", "cannot_destroy", "forbids_play",
         "forbids_move", "cancels_base", "replacements", "play_sources", "absorbs")


class Tables:
    __slots__ = ("trigger_kinds", "special_kinds", "hook_cards", "hook_bases", "trigger_cards",
                 "trigger_bases", "talent_cards")

    def __init__(self, defs: tuple[CardDef, ...], base_defs: tuple[BaseDef, ...]) -> None:
        hook_cards: dict[str, list[int]] = {attr: [] for attr in HOOKS}
        hook_bases: dict[str, set[int]] = {attr: set() for attr in HOOKS}
        trigger_cards: dict[str, list[int]] = {}
        trigger_bases: dict[str, set[int]] = {}
        special_kinds: set[str] = set()
        talent_cards: list[int] = []
        for i, d in enumerate(defs):  # one pass over the cards, their facts looked up once
            hooks, events, specials, has_talent = card_facts(d)
            for attr in hooks:
                hook_cards[attr].append(i)
            for kind in events:
                trigger_cards.setdefault(kind, []).append(i)
            special_kinds.update(specials)
            if has_talent:
                talent_cards.append(i)
        for i, b in enumerate(base_defs):
            hooks, events, _, _ = card_facts(b)
            for attr in hooks:
                hook_bases[attr].add(i)
            for kind in events:
                trigger_bases.setdefault(kind, set()).add(i)
        self.hook_cards: dict[str, tuple[int, ...]] = {k: tuple(v) for k, v in hook_cards.items()}
        self.hook_bases: dict[str, frozenset[int]] = {
            k: frozenset(v) for k, v in hook_bases.items()}
        self.trigger_kinds = frozenset(trigger_cards) | frozenset(trigger_bases)
        self.special_kinds = frozenset(special_kinds)
        self.trigger_cards: dict[str, tuple[int, ...]] = {
            k: tuple(v) for k, v in trigger_cards.items()}
        self.trigger_bases: dict[str, frozenset[int]] = {
            k: frozenset(v) for k, v in trigger_bases.items()}
        self.talent_cards = tuple(talent_cards)


Facts = tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...], bool]


@functools.cache  # a definition's hooks never change once registered; a game has ~80 cards
def card_facts(d: CardDef | BaseDef) -> Facts:
    """The hooks a card or base has, the events of its triggers and specials, and whether it
    has a talent."""
    hooks = tuple(attr for attr in HOOKS if getattr(d, attr, None))
    events = tuple(dict.fromkeys(t.event for t in d.triggers))
    specials = tuple(s.event for s in getattr(d, "specials", ()))
    return hooks, events, specials, getattr(d, "talent", None) is not None
