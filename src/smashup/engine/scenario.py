"""Scenarios: set up any position directly (for tests and bug reports).

See ``docs/scenarios.md`` for the format. Card instances are named in order
of appearance: hands (player 0 first), then decks, discard piles, the cards
on bases, and finally the other zones, so the second ``aliens/invader`` listed
is ``aliens/invader#2``.
"""

from __future__ import annotations

from typing import Any

from .defs import REGISTRY, BaseDef, CardDef, Registry
from .setup import SetupError, add_base_slot, blank_state
from .state import State

PLAYER_ZONES = ("hands", "decks", "discards")


def _card_spec(spec: Any, default_owner: int) -> dict[str, Any]:
    if isinstance(spec, str):
        return {"card": spec, "owner": default_owner}
    if isinstance(spec, dict) and isinstance(spec.get("card"), str):
        return {"owner": default_owner, **spec}
    raise SetupError(f"a card must be a key string or an object with 'card', not {spec!r}")


def _lookup(key: str, registry: Registry) -> CardDef:
    key = key.split("#")[0]
    if key not in registry.cards:
        raise SetupError(f"unknown card {key!r}")
    return registry.cards[key]


def _base_lookup(key: str, registry: Registry) -> BaseDef:
    key = key.removeprefix("base:")
    if key not in registry.bases:
        raise SetupError(f"unknown base {key!r}")
    return registry.bases[key]


def scenario_state(sc: dict[str, Any], registry: Registry = REGISTRY) -> State:
    """Build the position a scenario describes."""
    if not isinstance(sc, dict):
        raise SetupError("a scenario must be an object")
    n = sc.get("players", 2)
    if not isinstance(n, int) or not 2 <= n <= 4:
        raise SetupError("'players' must be 2, 3 or 4")
    for zone in PLAYER_ZONES:
        lists = sc.get(zone, [[] for _ in range(n)])
        if not isinstance(lists, list) or len(lists) != n:
            raise SetupError(f"'{zone}' must hold one list per player")
    cards: list[tuple[CardDef, int]] = []
    placements: list[tuple[Any, ...]] = []

    def add(spec: dict[str, Any], where: tuple[Any, ...]) -> int:
        owner = spec["owner"]
        if not isinstance(owner, int) or not 0 <= owner < n:
            raise SetupError(f"bad owner {owner!r} for {spec['card']}")
        cards.append((_lookup(spec["card"], registry), owner))
        placements.append((len(cards) - 1, where, spec))
        return len(cards) - 1

    for zone in PLAYER_ZONES:
        for p, lst in enumerate(sc.get(zone, [[] for _ in range(n)])):
            for spec in lst:
                add(_card_spec(spec, p), (zone[:-1] if zone != "discards" else "discard", p))
    base_specs = sc.get("bases")
    if not isinstance(base_specs, list) or not base_specs:
        raise SetupError("'bases' must list the bases in play")
    used_bases: list[BaseDef] = []
    for slot, bspec in enumerate(base_specs):
        if isinstance(bspec, str):
            bspec = {"base": bspec}
        if not isinstance(bspec, dict) or "base" not in bspec:
            raise SetupError(f"a base must be a key or an object with 'base', not {bspec!r}")
        used_bases.append(_base_lookup(bspec["base"], registry))
        for mspec in bspec.get("minions", []):
            spec = _card_spec(mspec, mspec.get("controller", 0) if isinstance(mspec, dict) else 0)
            m = add(spec, ("minion", slot))
            for aspec in spec.get("attached", []):
                add(_card_spec(aspec, spec.get("controller", spec["owner"])), ("on", m))
        for aspec in bspec.get("actions", []):
            add(_card_spec(aspec, 0), ("base_action", slot))
    deck_bases = [_base_lookup(b, registry) for b in sc.get("base_deck", [])]
    discard_bases = [_base_lookup(b, registry) for b in sc.get("base_discard", [])]
    all_bases = used_bases + deck_bases + discard_bases
    if len({b.key for b in all_bases}) != len(all_bases):
        raise SetupError("a base may appear only once")
    g = blank_state(cards, all_bases, n, int(sc.get("seed", 0)))
    g.factions = tuple(tuple(f) for f in sc.get("factions", [[] for _ in range(n)]))
    for i in range(len(used_bases)):
        add_base_slot(g, i)
    for card, where, spec in placements:
        g.zones[("aside", g.owner[card])].remove(card)
        g.loc[card] = where
        g.zone_list(where).append(card)
        g.controller[card] = spec.get("controller", g.owner[card])
        if spec.get("counters"):
            g.counters[card] = int(spec["counters"])
    g.base_deck = list(range(len(used_bases), len(used_bases) + len(deck_bases)))
    g.base_discard = list(range(len(used_bases) + len(deck_bases), len(all_bases)))
    g.current = int(sc.get("current", 0))
    g.turn = int(sc.get("turn", 1))
    g.phase = sc.get("phase", "play")
    if g.phase not in ("start", "play"):
        raise SetupError("'phase' must be 'start' or 'play'")
    vp = sc.get("vp", [0] * n)
    if len(vp) != n:
        raise SetupError("'vp' must give one number per player")
    g.vp = [int(v) for v in vp]
    plays = sc.get("plays", {})
    g.minion_plays = int(plays.get("minion", 1))
    g.action_plays = int(plays.get("action", 1))
    g.minions_played = int(sc.get("minions_played", 0))
    g.actions_played = int(sc.get("actions_played", 0))
    return g
