"""The public facts the browser client shows: every faction, card and base, and the lobby's
choices (the levels: only those that can play here, ``smashup.sim.available_levels``).
Nothing here depends on a game."""

from __future__ import annotations

from functools import cache
from typing import Any

from ..engine.api.listing import card_list
from ..engine.core.defs import faction_name, set_name
from ..sim import available_levels, implemented_factions
from ..tui.draft import MODES


@cache
def catalog() -> dict[str, Any]:
    listing = card_list()
    playable = set(implemented_factions())
    cards = {c["key"]: {k: c[k] for k in ("key", "name", "faction", "type", "power", "text",
                                           "labels")}
             for c in listing["cards"] if c["faction_key"] in playable}
    bases = {b["key"]: {k: b[k] for k in ("key", "name", "set", "breakpoint", "vp", "text")}
             for b in listing["bases"] if not b["set"].startswith("test")}
    sets = {c["faction_key"]: c["set"] for c in listing["cards"]}
    # each faction's deck, minions first (the draft shows it before a faction is picked)
    decks: dict[str, list[dict[str, Any]]] = {}
    for c in listing["cards"]:
        if c["faction_key"] in playable:
            decks.setdefault(c["faction_key"], []).append({"key": c["key"],
                                                          "copies": c["copies"]})
    return {
        "factions": [{"key": f, "name": faction_name(f), "set": sets.get(f, ""),
                      "set_name": set_name(sets.get(f, "")),
                      "cards": decks.get(f, [])}
                     for f in sorted(playable)],
        "base_sets": [{"key": key, "name": set_name(key)}
                      for key in sorted({b["set"] for b in bases.values()})],
        "levels": available_levels(), "modes": list(MODES), "cards": cards, "bases": bases,
    }
