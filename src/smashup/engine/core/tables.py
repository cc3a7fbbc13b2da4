"""Per-game lookup tables built once at setup and shared by every copy.

They say which card ids *could* have a given continuous hook or trigger, so
that queries look only at those cards instead of walking everything in play.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Final

from .defs import BaseDef, CardDef, by_identity, hook_fn
from .kinds import HOOK_KINDS, POINTS

if TYPE_CHECKING:
    from .state import State

LISTS: Final = ("replacements", "play_sources")
"""Card fields that are lists of abilities rather than hooks (looked up by card)."""

CardHook = tuple[int, Callable[..., Any], frozenset[str]]
"""(card, its function for a hook kind, the zones where that kind works)."""


class Tables:
    __slots__ = ("trigger_kinds", "special_kinds", "hook_cards", "card_hooks", "base_hooks",
                 "list_bases", "trigger_cards", "trigger_bases", "talent_cards", "base_by_key")

    def __init__(self, defs: tuple[CardDef, ...], base_defs: tuple[BaseDef, ...]) -> None:
        points = set(POINTS)
        hook_cards: dict[str, list[int]] = {name: [] for name in (*HOOK_KINDS, *LISTS)}
        card_hooks: dict[str, list[CardHook]] = {point: [] for point in points}
        base_hooks: dict[str, dict[int, list[Callable[..., Any]]]] = {p: {} for p in points}
        list_bases: dict[str, set[int]] = {name: set() for name in LISTS}
        trigger_cards: dict[str, list[int]] = {}
        trigger_bases: dict[str, set[int]] = {}
        special_kinds: set[str] = set()
        talent_cards: list[int] = []
        for i, d in enumerate(defs):  # one pass over the cards, their facts looked up once
            hooks, events, specials, has_talent = card_facts(d)
            for name in hooks:
                hook_cards[name].append(i)
                kind = HOOK_KINDS.get(name)
                if kind is not None:
                    fn = hook_fn(d, name)
                    assert fn is not None
                    card_hooks[kind.point].append((i, fn, kind.zones))
            for event in events:
                trigger_cards.setdefault(event, []).append(i)
            special_kinds.update(specials)
            if has_talent:
                talent_cards.append(i)
        for i, b in enumerate(base_defs):
            hooks, events, _, _ = card_facts(b)
            for name in hooks:
                if name in list_bases:
                    list_bases[name].add(i)
                kind = HOOK_KINDS.get(name)
                fn = hook_fn(b, name) if kind is not None else None
                if kind is not None and fn is not None:
                    base_hooks[kind.point].setdefault(i, []).append(fn)
            for event in events:
                trigger_bases.setdefault(event, set()).add(i)
        self.hook_cards: dict[str, tuple[int, ...]] = {k: tuple(v) for k, v in hook_cards.items()}
        self.card_hooks: dict[str, tuple[CardHook, ...]] = {
            k: tuple(v) for k, v in card_hooks.items()}
        self.base_hooks: dict[str, dict[int, tuple[Callable[..., Any], ...]]] = {
            k: {b: tuple(fns) for b, fns in v.items()} for k, v in base_hooks.items()}
        self.list_bases = {k: frozenset(v) for k, v in list_bases.items()}
        self.trigger_kinds = frozenset(trigger_cards) | frozenset(trigger_bases)
        self.special_kinds = frozenset(special_kinds)
        self.trigger_cards: dict[str, tuple[int, ...]] = {
            k: tuple(v) for k, v in trigger_cards.items()}
        self.trigger_bases: dict[str, frozenset[int]] = {
            k: frozenset(v) for k, v in trigger_bases.items()}
        self.talent_cards = tuple(talent_cards)
        # which base card a base is in this game (``State.base_names`` holds "base:" + key)
        self.base_by_key: dict[str, int] = {b.key: i for i, b in enumerate(base_defs)}


Facts = tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...], bool]


@by_identity
def card_facts(d: CardDef | BaseDef) -> Facts:
    """The hook kinds (and ability lists) a card or base has, the events of its triggers and
    specials, and whether it has a talent."""
    hooks = tuple(name for name in HOOK_KINDS if hook_fn(d, name) is not None)
    hooks += tuple(attr for attr in LISTS if getattr(d, attr, None))
    events = tuple(dict.fromkeys(t.event for t in d.triggers))
    specials = tuple(s.event for s in getattr(d, "specials", ()))
    return hooks, events, specials, getattr(d, "talent", None) is not None


def register_tables(g: State) -> None:
    """Build the game's shared lookup tables (once, at setup)."""
    g.tables = Tables(g.defs, g.base_defs)
