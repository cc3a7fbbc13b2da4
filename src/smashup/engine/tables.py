"""Per-game lookup tables built once at setup and shared by every copy.

They say which card ids *could* have a given continuous hook or trigger, so
that queries look only at those cards instead of walking everything in play.
"""

from __future__ import annotations

from .defs import BaseDef, CardDef

HOOKS = ("power_mod", "breakpoint_mod", "protects", "cannot_destroy", "forbids_play",
         "forbids_move", "cancels_base", "replacements", "play_sources", "absorbs")


class Tables:
    __slots__ = ("trigger_kinds", "special_kinds", "hook_cards", "hook_bases", "trigger_cards",
                 "trigger_bases", "talent_cards")

    def __init__(self, defs: tuple[CardDef, ...], base_defs: tuple[BaseDef, ...]) -> None:
        self.hook_cards: dict[str, tuple[int, ...]] = {
            attr: tuple(i for i, d in enumerate(defs) if getattr(d, attr, None)) for attr in HOOKS
        }
        self.hook_bases: dict[str, frozenset[int]] = {
            attr: frozenset(i for i, b in enumerate(base_defs) if getattr(b, attr, None))
            for attr in HOOKS
        }
        kinds = {t.event for d in defs for t in d.triggers}
        base_kinds = {t.event for b in base_defs for t in b.triggers}
        self.trigger_kinds = frozenset(kinds | base_kinds)
        self.special_kinds = frozenset(s.event for d in defs for s in d.specials)
        self.trigger_cards: dict[str, tuple[int, ...]] = {
            k: tuple(i for i, d in enumerate(defs) if any(t.event == k for t in d.triggers))
            for k in kinds
        }
        self.trigger_bases: dict[str, frozenset[int]] = {
            k: frozenset(i for i, b in enumerate(base_defs)
                         if any(t.event == k for t in b.triggers))
            for k in base_kinds
        }
        self.talent_cards = tuple(i for i, d in enumerate(defs) if d.talent is not None)
