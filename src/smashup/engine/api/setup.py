"""Building the opening position from a setup description.

A setup is plain JSON-able data::

    {"factions": [["aliens", "ninjas"], ["ninjas", "aliens"]],
     "seed": 7,
     "bases": "factions"}            # or "all", or a list of set names / base keys

The rulebook's setup: each player shuffles two different factions into a
40-card deck; players + 1 bases; five cards each, and a hand with no minion is
shown, discarded and redrawn once; a random first player.
"""

from __future__ import annotations

from typing import Any, Final

from ..core import rng
from ..core.defs import REGISTRY, BaseDef, CardDef, Registry
from ..core.events import emit
from ..core.state import State
from ..core.tables import register_tables
from ..core.validate import (
    check_keys,
    describe,
    expect_choice,
    expect_dict,
    expect_int,
    expect_list,
    expect_seed,
    expect_str,
    fail,
)
from ..rules.decks import draw
from ..rules.zones import relocate

Setup = dict[str, Any]


class SetupError(ValueError):
    """A setup that does not describe a legal game."""


def blank_state(
    cards: list[tuple[CardDef, int]], bases: list[BaseDef], nplayers: int, seed: int
) -> State:
    """A state holding the given card instances (nowhere yet) and base cards."""
    g = State()
    counts: dict[str, int] = {}
    names = []
    for d, _ in cards:
        counts[d.key] = counts.get(d.key, 0) + 1
        names.append(f"{d.key}#{counts[d.key]}")
    g.defs = tuple(d for d, _ in cards)
    g.names = tuple(names)
    g.owner = tuple(p for _, p in cards)
    g.base_defs = tuple(bases)
    g.base_names = tuple(f"base:{b.key}" for b in bases)
    g.nplayers = nplayers
    g.factions = tuple(() for _ in range(nplayers))
    g.rng = seed & rng.MASK
    g.controller = list(g.owner)
    g.loc = [("aside", p) for _, p in cards]
    g.hands = [[] for _ in range(nplayers)]
    g.decks = [[] for _ in range(nplayers)]
    g.discards = [[] for _ in range(nplayers)]
    g.vp = [0] * nplayers
    g.bases = []
    g.minions = []
    g.base_actions = []
    g.attached = {}
    g.counters = {}
    g.base_deck = []
    g.base_discard = []
    g.current = 0
    g.turn = 1
    g.phase = "start"
    g.minion_plays = 1
    g.action_plays = 1
    g.grants = []
    g.minions_played = 0
    g.actions_played = 0
    g.used = set()
    g.effects = []
    g.pending = []
    g.known = [set() for _ in range(nplayers)]
    g.winner = None
    g.stasis = {}
    g.misc = {}
    g.events = []
    g.scoring = None
    g.zones = {("aside", p): [] for p in range(nplayers)}
    for i, (_, p) in enumerate(cards):
        g.zones[("aside", p)].append(i)
    register_tables(g)
    return g


def resolve_faction(key: str, registry: Registry = REGISTRY, path: str = "") -> list[CardDef]:
    if key not in registry.factions:
        known = ", ".join(sorted(registry.factions))
        where = f"{path}: " if path else ""
        raise SetupError(f"{where}unknown faction {describe(key)}; known factions: {known}")
    return registry.factions[key]


def choose_bases(setup: Setup, factions: list[str], registry: Registry = REGISTRY) -> list[BaseDef]:
    spec = setup.get("bases", "factions")
    everything = sorted(registry.bases.values(), key=lambda b: b.key)
    if isinstance(spec, list):
        for i, item in enumerate(spec):
            expect_str(item, f"setup.bases[{i}]", SetupError, "a base set or base name")
    if spec == "all":
        chosen = [b for b in everything if not b.set.startswith("test")]  # no test-only bases
    elif spec == "factions":
        sets = {registry.faction_sets[f] for f in factions}
        chosen = [b for b in everything if b.set in sets]
    elif isinstance(spec, list):
        chosen = [b for b in everything if b.set in spec or b.key in spec]
        unknown = [s for s in spec if not any(b.set == s or b.key == s for b in everything)]
        if unknown:
            raise SetupError(f"setup.bases: unknown base sets or bases: "
                             f"{', '.join(describe(u) for u in unknown)}")
        # bases named by key are always in; those from a named set follow the variant rule
        by_set = apply_base_variants([b for b in chosen if b.key not in spec], factions)
        return sorted(by_set + [b for b in chosen if b.key in spec], key=lambda b: b.key)
    else:
        raise fail(SetupError, "setup.bases", "'factions', 'all' or a list of sets or bases",
                   spec)
    return apply_base_variants(chosen, factions)


def apply_base_variants(bases: list[BaseDef], factions: list[str]) -> list[BaseDef]:
    """A faction variant's bases join only when a player uses that variant, and then
    replace the bases they stand in for; otherwise they stay out."""
    used = set(factions)
    variants = [b for b in bases if b.faction_variant]
    replaced = {b.replaces for b in variants if b.faction_variant in used and b.replaces}
    return [b for b in bases if b.key not in replaced
            and (not b.faction_variant or b.faction_variant in used)]


def new_state(setup: Any, registry: Registry = REGISTRY) -> State:
    """The opening position for a normal game (``setup`` is checked: SetupError)."""
    factions, seed = check_setup(setup, registry)
    nplayers = len(factions)
    cards: list[tuple[CardDef, int]] = []
    for p, pf in enumerate(factions):
        for f in pf:
            for d in registry.factions[f]:
                cards.extend((d, p) for _ in range(d.count))
    bases = choose_bases(setup, [f for pf in factions for f in pf], registry)
    if len(bases) < nplayers + 1:
        raise SetupError(f"setup.bases: {len(bases)} bases are too few for {nplayers} players")
    g = blank_state(cards, bases, nplayers, seed)
    g.factions = tuple(tuple(pf) for pf in factions)
    for p in range(nplayers):
        for c in list(g.zones[("aside", p)]):
            relocate(g, c, ("deck", p))
        g.rng = rng.shuffle(g.rng, g.decks[p])
    g.base_deck = list(range(len(bases)))
    g.rng = rng.shuffle(g.rng, g.base_deck)
    for _ in range(nplayers + 1):
        add_base_slot(g, g.base_deck.pop(0))
    first = setup.get("first_player")
    if first is None:
        g.rng, first = rng.below(g.rng, nplayers)
    g.current = first
    rule = setup.get("mulligan", "optional")
    for p in range(nplayers):
        draw(g, p, 5)
        if rule == "2012" and not any(g.defs[c].kind == "minion" for c in g.hands[p]):
            # the core box's rule: show the hand, discard it, draw five more (and keep them)
            emit(g, "mulligan", player=p, cards=tuple(g.hands[p]))
            for c in list(g.hands[p]):
                relocate(g, c, ("discard", p))
            draw(g, p, 5)
    if rule == "optional":
        g.phase = "mulligan"  # each player with no minion decides (flow.mulligan_phase)
    g.events = []
    return g


SETUP_FIELDS: Final = ("factions", "seed", "bases", "first_player", "mulligan", "seat_safe")


def check_setup(setup: Any, registry: Registry = REGISTRY) -> tuple[list[list[str]], int]:
    """Check a setup field by field (before anything is built); returns its factions and
    seed. Every error names the bad field's path."""
    expect_dict(setup, "setup", SetupError)
    check_keys(setup, SETUP_FIELDS, "setup", SetupError)
    if "factions" not in setup:
        raise SetupError("setup.factions: missing; give one list of two factions per player")
    factions = expect_list(setup["factions"], "setup.factions", SetupError,
                           "one list of two factions per player")
    if not 2 <= len(factions) <= 4:
        raise SetupError(f"setup.factions: Smash Up is for 2 to 4 players, got {len(factions)}")
    for p, pf in enumerate(factions):
        path = f"setup.factions[{p}]"
        expect_list(pf, path, SetupError, "a list of two faction names", length=2)
        for i, f in enumerate(pf):
            expect_str(f, f"{path}[{i}]", SetupError, "a faction name")
            resolve_faction(f, registry, f"{path}[{i}]")
        if same_faction(pf[0], pf[1]):
            raise SetupError(f"{path}: a player needs two different factions, got {pf[0]!r} "
                             f"and {pf[1]!r} (two printings of one faction are the same faction)")
    seed = expect_seed(setup.get("seed", 0), "setup.seed", SetupError)
    first = setup.get("first_player")
    if first is not None:
        expect_int(first, "setup.first_player", SetupError, 0, len(factions) - 1,
                   "a player number")
    expect_choice(setup.get("mulligan", "optional"), MULLIGAN_RULES, "setup.mulligan", SetupError)
    if not isinstance(setup.get("seat_safe", False), bool):
        raise fail(SetupError, "setup.seat_safe", "true or false", setup["seat_safe"])
    return factions, seed


MULLIGAN_RULES: Final = ("optional", "2012")
""""optional" (the rule since Science Fiction Double Feature): a player whose opening hand
has no minion may show it, draw a new hand and shuffle the old one into their deck.
"2012" (the core set's rule): such a hand is shown, discarded and redrawn."""


def same_faction(a: str, b: str) -> bool:
    """Are two faction keys the same faction (``tricksters`` and ``tricksters@original`` are)?

    >>> same_faction("tricksters", "tricksters@original"), same_faction("aliens", "ninjas")
    (True, False)
    """
    return a.split("@")[0] == b.split("@")[0]


def add_base_slot(g: State, base_id: int) -> int:
    g.bases.append(base_id)
    g.minions.append([])
    g.base_actions.append([])
    return len(g.bases) - 1
