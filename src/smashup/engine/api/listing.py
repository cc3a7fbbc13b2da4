"""Every card and base of a registry as plain data: the card list of ``smashup cards`` and
the browser game's catalogue (``server/catalog.py``) both read it. Nothing here depends on a
game."""

from __future__ import annotations

from typing import Any

from ..core.defs import REGISTRY, Registry, faction_key, set_name


def card_list(registry: Registry = REGISTRY) -> dict[str, Any]:
    """Every implemented card and base, as plain data."""
    cards = [
        {"set": d.set, "set_name": set_name(d.set), "faction": d.faction,
         "faction_key": faction_key(d.faction, d.variant),
         "name": d.name, "key": d.key, "type": d.kind,
         "power": d.power if d.kind == "minion" else None, "copies": d.count, "text": d.text,
         "provisional": d.provisional, "labels": list(d.labels)}
        for d in sorted(registry.cards.values(),
                        key=lambda d: (faction_key(d.faction, d.variant), d.kind != "minion",
                                       -d.power, d.name))
    ]
    bases = [
        {"set": b.set, "set_name": set_name(b.set), "name": b.name, "key": b.key,
         "faction": b.faction,
         "breakpoint": b.breakpoint, "vp": list(b.vp), "text": b.text}
        for b in sorted(registry.bases.values(), key=lambda b: (b.set, b.name))
    ]
    return {"cards": cards, "bases": bases}
