"""Scenarios: set up any position directly (for tests and bug reports).

See ``docs/scenarios.md`` for the format. Every field is checked, with the path of a bad
one in the error (``scenario.bases[0]: expected a base name, got 5``), unknown fields are
errors, and the position built must pass the engine's invariants, so a scenario can only
describe a position a real game could reach.

Card instances are named in order of appearance: hands (player 0 first), then decks,
discard piles, the cards on and beside the bases, and finally the cards in stasis, so the
second ``aliens/invader`` listed is ``aliens/invader#2``.
"""

from __future__ import annotations

from collections import Counter
from typing import Any, Final

from ..core.defs import REGISTRY, BaseDef, CardDef, Registry, faction_key
from ..core.state import Loc, State
from ..core.validate import (
    check_keys,
    clip,
    describe,
    expect_choice,
    expect_dict,
    expect_int,
    expect_list,
    expect_seed,
    expect_str,
)
from .invariants import check_brought_factions, check_invariants
from .setup import SetupError, add_base_slot, blank_state, resolve_faction

PLAYER_ZONES = ("hands", "decks", "discards")
SCENARIO_FIELDS = (
    "players", "factions", "seed", "hands", "decks", "discards", "stasis", "bases",
    "base_deck", "base_discard", "current", "turn", "phase", "vp", "plays",
    "minions_played", "actions_played",
)
BASE_FIELDS = ("base", "minions", "actions", "buried")
PLAYS_FIELDS = ("minion", "action")
PHASES = ("play", "start")

# the fields a card object may have, by where it is
PILE_CARD = ("card", "owner")
MINION_CARD = ("card", "owner", "controller", "counters", "attached", "stored")
ACTION_CARD = ("card", "owner", "controller", "stored")
BURIED_CARD = ("card", "owner", "controller")
STASIS_CARD = ("card", "stasis", "stored")

Placement = tuple[int, Loc, int]  # card, where, controller

# Bounds of the numbers a scenario may give: far beyond any game (15 VP ends one, a faction
# holds 20 cards), so an honest position always fits, and a typo or a hostile file (VP 10^30,
# a turn of 10^18) is refused by name rather than carried into the game and its saves.
MAX_CARDS: Final = 400
"""Cards in one scenario (the largest game holds 4 players' 2 factions of 20 cards each)."""
MAX_VP: Final = 999
MAX_TURN: Final = 9_999
MAX_COUNTERS: Final = 999
"""+1 power counters on one minion, or stasis counters on one card."""
MAX_PLAYS: Final = 99
"""Minion or action plays left this turn, and cards played so far this turn."""

E = SetupError


def _base_lookup(value: Any, path: str, registry: Registry) -> BaseDef:
    key = expect_str(value, path, E, "a base name").removeprefix("base:")
    if key not in registry.bases:
        raise E(f"{path}: unknown base {describe(value)} (`smashup cards` lists the bases)")
    return registry.bases[key]


class _Builder:
    """Collects the scenario's card instances and where each one goes."""

    def __init__(self, nplayers: int, registry: Registry) -> None:
        self.n = nplayers
        self.registry = registry
        self.cards: list[tuple[CardDef, int]] = []
        self.placements: list[Placement] = []
        self.copies: dict[str, int] = {}
        self.counters: dict[int, int] = {}
        self.stasis: dict[int, int] = {}
        self.paths: list[str] = []  # each card's path in the scenario, for errors

    def player(self, value: Any, path: str) -> int:
        return expect_int(value, path, E, 0, self.n - 1, "a player number")

    def card(self, spec: Any, path: str, fields: tuple[str, ...], kind: str | None,
             owner: int) -> int:
        """Add one card (a key or an object with ``fields``) of ``kind`` (None: any kind);
        ``owner`` is its owner unless the object names one."""
        if isinstance(spec, str):
            spec = {"card": spec}
        expect_dict(spec, path, E, "a card name or an object with 'card'")
        check_keys(spec, fields, path, E)
        if len(self.cards) >= MAX_CARDS:
            raise E(f"{path}: a scenario holds at most {MAX_CARDS} cards")
        if "card" not in spec:
            raise E(f"{path}.card: missing; give the card's name, e.g. 'aliens/invader'")
        d = self._card_def(spec["card"], f"{path}.card")
        # a dual card (a minion with an action face) may be either
        if kind is not None and kind not in (d.kind, d.alt.kind if d.alt else d.kind):
            raise E(f"{path}: {d.key} is {'an' if d.kind == 'action' else 'a'} {d.kind}, "
                    f"but only {kind}s go here")
        owner = self.player(spec.get("owner", owner), f"{path}.owner")
        if "controller" in spec:
            self.player(spec["controller"], f"{path}.controller")
        self.cards.append((d, owner))
        self.paths.append(path)
        card = len(self.cards) - 1
        if "counters" in spec:
            self.counters[card] = expect_int(spec["counters"], f"{path}.counters", E, 0,
                                             MAX_COUNTERS, "a number of +1 power counters")
        if "stasis" in spec:
            self.stasis[card] = expect_int(spec["stasis"], f"{path}.stasis", E, 0, MAX_COUNTERS,
                                           "a number of stasis counters")
        return card

    def controller(self, spec: Any, card: int) -> int:
        """The controller a card object names (already checked), else the card's owner."""
        if isinstance(spec, dict) and "controller" in spec:
            return int(spec["controller"])
        return self.cards[card][1]

    def default_owner(self, spec: Any, path: str) -> int:
        """A card on the table is owned by its controller unless it says otherwise (by
        player 0 when it names neither)."""
        named = spec.get("controller", 0) if isinstance(spec, dict) else 0
        return self.player(named, f"{path}.controller")

    def _card_def(self, value: Any, path: str) -> CardDef:
        """The card a name stands for; a ``#n`` suffix must be the name the card gets."""
        name = expect_str(value, path, E, "a card name")
        key, sep, number = name.partition("#")
        if key not in self.registry.cards:
            raise E(f"{path}: unknown card {describe(name)} (`smashup cards` lists the cards)")
        nth = self.copies.get(key, 0) + 1
        if sep and number != str(nth):
            if len(number) < 9 and number.isascii() and number.isdigit() and 0 < int(number) < nth:
                raise E(f"{path}: {clip(name)} is listed twice (each card is in one place)")
            raise E(f"{path}: this card is {key}#{nth} (copies are numbered in order of "
                    f"appearance), not {clip(name)}")
        self.copies[key] = nth
        return self.registry.cards[key]

    def place(self, card: int, where: Loc, controller: int | None = None) -> None:
        self.placements.append(
            (card, where, self.cards[card][1] if controller is None else controller))

    def cards_in(self, value: Any, path: str) -> list[Any]:
        return expect_list(value, path, E, "a list of cards")

    def stored(self, spec: Any, path: str, host: int, controller: int) -> None:
        """The cards stored face down under ``host``: its controller stored them."""
        if not isinstance(spec, dict) or "stored" not in spec:
            return
        for i, s in enumerate(self.cards_in(spec["stored"], f"{path}.stored")):
            c = self.card(s, f"{path}.stored[{i}]", PILE_CARD, None, controller)
            self.place(c, ("stored", host), controller)


def _player_lists(sc: dict[str, Any], field: str, n: int) -> list[list[Any]]:
    lists = expect_list(sc.get(field, [[] for _ in range(n)]), f"scenario.{field}", E,
                        "one list per player", length=n)
    for p, lst in enumerate(lists):
        expect_list(lst, f"scenario.{field}[{p}]", E, "a list of cards")
    return lists


def _add_bases(b: _Builder, sc: dict[str, Any]) -> list[BaseDef]:
    """The bases in play with their cards; returns the base cards in slot order."""
    specs = expect_list(sc.get("bases"), "scenario.bases", E, "a list of the bases in play")
    if not 1 <= len(specs) <= b.n + 1:
        raise E(f"scenario.bases: a {b.n}-player game has 1 to {b.n + 1} bases in play, "
                f"got {len(specs)}")
    used: list[BaseDef] = []
    for slot, bspec in enumerate(specs):
        path = f"scenario.bases[{slot}]"
        if isinstance(bspec, str) or not isinstance(bspec, dict):
            used.append(_base_lookup(bspec, path, b.registry))
            continue
        check_keys(bspec, BASE_FIELDS, path, E)
        used.append(_base_lookup(bspec.get("base"), f"{path}.base", b.registry))
        for i, m in enumerate(b.cards_in(bspec.get("minions", []), f"{path}.minions")):
            mpath = f"{path}.minions[{i}]"
            minion = b.card(m, mpath, MINION_CARD, "minion", b.default_owner(m, mpath))
            controller = b.controller(m, minion)
            b.place(minion, ("minion", slot), controller)
            b.stored(m, mpath, minion, controller)
            attached = m.get("attached", []) if isinstance(m, dict) else []
            for j, a in enumerate(b.cards_in(attached, f"{mpath}.attached")):
                # an attached action's owner defaults to the minion's controller
                _add_action(b, a, f"{mpath}.attached[{j}]", ("on", minion), controller)
        for i, a in enumerate(b.cards_in(bspec.get("actions", []), f"{path}.actions")):
            _add_action(b, a, f"{path}.actions[{i}]", ("base_action", slot), 0)
        for i, c in enumerate(b.cards_in(bspec.get("buried", []), f"{path}.buried")):
            # whoever buried a card controls it (and counts as its owner while it is buried)
            bpath = f"{path}.buried[{i}]"
            card = b.card(c, bpath, BURIED_CARD, None, b.default_owner(c, bpath))
            b.place(card, ("buried", slot), b.controller(c, card))
    return used


def _add_action(b: _Builder, spec: Any, path: str, where: Loc, owner: int) -> None:
    action = b.card(spec, path, ACTION_CARD, "action", owner)
    controller = b.controller(spec, action)
    b.place(action, where, controller)
    b.stored(spec, path, action, controller)


def _base_list(sc: dict[str, Any], field: str, registry: Registry) -> list[BaseDef]:
    values = expect_list(sc.get(field, []), f"scenario.{field}", E, "a list of base names")
    return [_base_lookup(v, f"scenario.{field}[{i}]", registry) for i, v in enumerate(values)]


def scenario_state(sc: Any, registry: Registry = REGISTRY) -> State:
    """Build the position a scenario describes (raises SetupError naming the bad field)."""
    expect_dict(sc, "scenario", E)
    check_keys(sc, SCENARIO_FIELDS, "scenario", E)
    n = expect_int(sc.get("players", 2), "scenario.players", E, 2, 4, "a number of players")
    b = _Builder(n, registry)
    for field in PLAYER_ZONES:
        zone = field[:-1] if field != "discards" else "discard"
        for p, lst in enumerate(_player_lists(sc, field, n)):
            for i, spec in enumerate(lst):
                card = b.card(spec, f"scenario.{field}[{p}][{i}]", PILE_CARD, None, p)
                b.place(card, (zone, p))
    used_bases = _add_bases(b, sc)
    for p, lst in enumerate(_player_lists(sc, "stasis", n)):
        for i, spec in enumerate(lst):
            # cards in stasis lie face up in front of their owner
            path = f"scenario.stasis[{p}][{i}]"
            card = b.card(spec, path, STASIS_CARD, None, p)
            b.stasis.setdefault(card, 1)
            b.place(card, ("stasis", p), p)
            b.stored(spec, path, card, p)
    deck_bases = _base_list(sc, "base_deck", registry)
    discard_bases = _base_list(sc, "base_discard", registry)
    all_bases = used_bases + deck_bases + discard_bases
    seen = Counter(base.key for base in all_bases)  # (a count per key: a long list stays fast)
    twice = sorted(k for k, times in seen.items() if times > 1)
    if twice:
        raise E(f"scenario: base {twice[0]!r} appears twice in bases, base_deck and "
                "base_discard (each base card is in one place)")
    seed = expect_seed(sc.get("seed", 0), "scenario.seed", E)
    factions = _factions(sc, n, registry)
    _check_card_factions(b, factions)
    g = blank_state(b.cards, all_bases, n, seed)
    g.factions = factions
    for i in range(len(used_bases)):
        add_base_slot(g, i)
    for card, where, controller in b.placements:
        g.zones[("aside", g.owner[card])].remove(card)
        g.loc[card] = where
        g.zone_list(where).append(card)
        g.controller[card] = controller
    g.counters = {c: k for c, k in b.counters.items() if k}
    g.stasis = dict(b.stasis)
    g.base_deck = list(range(len(used_bases), len(used_bases) + len(deck_bases)))
    g.base_discard = list(range(len(used_bases) + len(deck_bases), len(all_bases)))
    _set_turn(g, sc)
    problems = check_invariants(g, complete_factions=False) + check_brought_factions(g)
    if problems:
        raise E("scenario: impossible position: " + "; ".join(problems[:3]))
    return g


def _factions(sc: dict[str, Any], n: int, registry: Registry) -> tuple[tuple[str, ...], ...]:
    lists = expect_list(sc.get("factions", [[] for _ in range(n)]), "scenario.factions", E,
                        "one list of factions per player", length=n)
    for p, pf in enumerate(lists):
        path = f"scenario.factions[{p}]"
        expect_list(pf, path, E, "a list of faction names")
        if len(pf) > 2:
            raise E(f"{path}: a player has at most two factions, got {len(pf)}")
        for i, f in enumerate(pf):
            resolve_faction(expect_str(f, f"{path}[{i}]", E, "a faction name"), registry,
                            f"{path}[{i}]")
    return tuple(tuple(pf) for pf in lists)


def _check_card_factions(b: _Builder, factions: tuple[tuple[str, ...], ...]) -> None:
    """Once every player's factions are named, every card is of one of them: a card of a
    faction no player has could be in no game. (Whose it is may differ: a test borrows another
    player's cards to fill a deck; the copies each player owns are checked apart, by
    ``check_brought_factions``. A scenario naming no factions, or some players' only,
    sketches a board and may hold any card.)"""
    if not all(factions):
        return
    held = {f for mine in factions for f in mine}
    for (d, _), path in zip(b.cards, b.paths, strict=True):
        key = faction_key(d.faction, d.variant)
        if key not in held:
            raise E(f"{path}.card: {d.key} is a card of {key}, a faction no player has "
                    "(scenario.factions names " + ", ".join(sorted(held)) + ")")


def _set_turn(g: State, sc: dict[str, Any]) -> None:
    """Whose turn, which turn and phase, VP, and the plays made and left."""
    n = g.nplayers
    g.current = expect_int(sc.get("current", 0), "scenario.current", E, 0, n - 1,
                           "a player number")
    g.turn = expect_int(sc.get("turn", 1), "scenario.turn", E, 1, MAX_TURN, "a turn number")
    g.phase = expect_choice(sc.get("phase", "play"), PHASES, "scenario.phase", E)
    vp = expect_list(sc.get("vp", [0] * n), "scenario.vp", E, "one number per player", length=n)
    g.vp = [expect_int(v, f"scenario.vp[{p}]", E, 0, MAX_VP, "a number of VP")
            for p, v in enumerate(vp)]
    plays = expect_dict(sc.get("plays", {}), "scenario.plays", E,
                        'an object such as {"minion": 1, "action": 1}')
    check_keys(plays, PLAYS_FIELDS, "scenario.plays", E)
    g.minion_plays = expect_int(plays.get("minion", 1), "scenario.plays.minion", E, 0,
                                MAX_PLAYS, "a number of plays")
    g.action_plays = expect_int(plays.get("action", 1), "scenario.plays.action", E, 0,
                                MAX_PLAYS, "a number of plays")
    for field in ("minions_played", "actions_played"):
        setattr(g, field, expect_int(sc.get(field, 0), f"scenario.{field}", E, 0, MAX_PLAYS,
                                     "a number of cards"))

