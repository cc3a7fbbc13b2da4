"""Consistency checks of a position, for property tests and simulators.

``check_invariants(state)`` returns a list of problems (empty when the position
is sound). It is cheap enough to run at every decision of a random game:

- every card instance is in exactly one zone list and ``loc`` says that zone;
- cards in discard piles belong to that player (cards always go to their owner's zones;
  a hand or deck may hold a card taken from another player: engine/mechanics/borrowed.py); cards in
  play have a real controller;
- actions attached to a minion sit on a minion in play; counters and
  per-card temporary power effects only on cards in play;
- each player still owns the 20 cards of each of their factions, and no more copies of a
  card than its faction has;
- VP, the turn number, plays and stasis counters are never negative;
- every base card is in exactly one of: in play, the base deck, the base discard;
- power and breakpoints are never below 0;
- at a Play Cards decision no triggered ability is left waiting.

>>> import smashup
>>> game = smashup.Game.new({"factions": [["aliens", "ninjas"], ["ninjas", "aliens"]], "seed": 5})
>>> check_invariants(game.state, game.request)
[]
"""

from __future__ import annotations

from functools import lru_cache
from typing import Final

from ..core.defs import CardDef, faction_key
from ..core.requests import Request
from ..core.state import PLAY_ZONES, Loc, State
from ..facts.query import breakpoint, hooks, power

FACTION_SIZE: Final = 20
PHASES: Final = frozenset({"mulligan", "start", "play", "score", "draw", "end", "over"})


def check_invariants(
    state: State, request: Request | None = None, complete_factions: bool = True
) -> list[str]:
    """Problems found in ``state`` (and in the pending ``request``, if given).

    ``complete_factions=False`` (for scenarios, which list only the cards they need)
    leaves out the faction checks; see ``check_brought_factions``.
    """
    g = state
    problems: list[str] = []
    problems += _check_zones(g)
    problems += _check_ownership(g)
    problems += _check_bases(g)
    problems += _check_numbers(g)
    if complete_factions:
        problems += _check_copies(g.defs, g.owner, g.factions)
        problems += _check_factions(g.defs, g.owner, g.factions)
    if request is not None:
        problems += _check_request(g, request)
    return problems


def _name(g: State, card: int) -> str:
    return g.names[card] if 0 <= card < len(g.names) else f"<card {card}>"


def _check_zones(g: State) -> list[str]:
    """Each card in exactly one zone list, and ``loc`` agrees."""
    problems: list[str] = []
    n = len(g.names)
    seen: list[Loc | None] = [None] * n

    def visit(zone: Loc, cards: list[int]) -> None:
        for c in cards:
            if not 0 <= c < n:
                problems.append(f"unknown card id {c} in {zone}")
            elif seen[c] is not None:
                problems.append(f"{_name(g, c)} is both in {seen[c]} and in {zone}")
            else:
                seen[c] = zone
                if g.loc[c] != zone:
                    problems.append(f"{_name(g, c)} is in {zone} but loc says {g.loc[c]}")

    for p in range(g.nplayers):
        visit(("hand", p), g.hands[p])
        visit(("deck", p), g.decks[p])
        visit(("discard", p), g.discards[p])
    for slot in range(len(g.minions)):
        visit(("minion", slot), g.minions[slot])
    for slot in range(len(g.base_actions)):
        visit(("base_action", slot), g.base_actions[slot])
    for host, on in g.attached.items():
        visit(("on", host), on)
    for loc, cards in g.zones.items():
        if loc[0] in ("hand", "deck", "discard", "minion", "base_action", "on"):
            if cards:
                problems.append(f"zone {loc} is kept outside its proper list")
            continue
        visit(loc, cards)
    for c in range(n):
        if seen[c] is None:
            problems.append(f"{_name(g, c)} is in no zone (loc says {g.loc[c]})")
    return problems


def _check_ownership(g: State) -> list[str]:
    problems: list[str] = []
    owner = g.owner
    for p in range(g.nplayers):
        # hands and decks may hold borrowed cards (engine/mechanics/borrowed.py), discard piles may
        # not
        for c in g.discards[p]:
            if owner[c] != p:
                problems.append(f"{_name(g, c)} (owner {owner[c]}) is in player {p}'s discard")
    for host, on in g.attached.items():
        if on and g.loc[host][0] != "minion":
            problems.append(f"{_name(g, host)} holds attached cards but is at {g.loc[host]}")
    for c, loc in enumerate(g.loc):
        if loc[0] in PLAY_ZONES and not 0 <= g.controller[c] < g.nplayers:
            problems.append(f"{_name(g, c)} in play has controller {g.controller[c]}")
    for c, k in g.counters.items():
        if k < 0:
            problems.append(f"{_name(g, c)} has {k} counters")
        elif k and not g.in_play(c):
            problems.append(f"{_name(g, c)} keeps {k} counters at {g.loc[c]}")
    for eff in g.effects:
        if eff[0] == "power" and isinstance(eff[1], int) and not g.in_play(eff[1]):
            problems.append(f"a power effect stays on {_name(g, eff[1])} at {g.loc[eff[1]]}")
    return problems


def _check_bases(g: State) -> list[str]:
    problems: list[str] = []
    if not len(g.bases) == len(g.minions) == len(g.base_actions):
        problems.append(f"{len(g.bases)} bases but {len(g.minions)} minion lists and "
                        f"{len(g.base_actions)} action lists")
    places = [0] * len(g.base_defs)
    for b in g.bases + g.base_deck + g.base_discard:
        if 0 <= b < len(places):
            places[b] += 1
        else:
            problems.append(f"unknown base id {b}")
    for b, k in enumerate(places):
        if k != 1:
            problems.append(f"{g.base_names[b]} is in {k} places")
    if g.scoring is not None and not 0 <= g.scoring < len(g.bases):
        problems.append(f"scoring slot {g.scoring} is not in play")
    return problems


def _check_numbers(g: State) -> list[str]:
    problems: list[str] = []
    if g.phase not in PHASES:
        problems.append(f"unknown phase {g.phase!r}")
    if not 0 <= g.current < g.nplayers:
        problems.append(f"current player {g.current}")
    if g.phase == "over" and g.winner is None:
        problems.append("the game is over without a winner")
    if g.turn < 1:
        problems.append(f"turn {g.turn}")
    for p, v in enumerate(g.vp):
        if v < 0:
            problems.append(f"player {p} has {v} VP")
    for name in ("minion_plays", "action_plays", "minions_played", "actions_played"):
        if getattr(g, name) < 0:
            problems.append(f"{name.replace('_', ' ')} is {getattr(g, name)}")
    for c, k in g.stasis.items():
        if k < 0:
            problems.append(f"{_name(g, c)} has {k} stasis counters")
        elif g.loc[c][0] != "stasis":
            problems.append(f"{_name(g, c)} keeps stasis counters at {g.loc[c]}")
    mods = hooks(g, "power_mod")
    for slot in range(len(g.bases)):
        if breakpoint(g, slot) < 0:
            problems.append(f"{g.base_names[g.bases[slot]]} has a negative breakpoint")
        for m in g.minions[slot]:
            if power(g, m, mods) < 0:
                problems.append(f"{_name(g, m)} has negative power")
    return problems


def check_brought_factions(state: State) -> list[str]:
    """For a position that names each player's factions but need not hold all their cards
    (a scenario): no player owns more copies of a card than its faction has. Players with
    no factions named are not checked (a board sketched for a test)."""
    return list(_check_copies(state.defs, state.owner, state.factions))


@lru_cache(maxsize=64)
def _check_copies(
    defs: tuple[CardDef, ...], owner: tuple[int, ...], player_factions: tuple[tuple[str, ...], ...]
) -> tuple[str, ...]:
    """No player with named factions owns more copies of a card than its faction has."""
    counts: dict[tuple[int, str], int] = {}
    for c, d in enumerate(defs):
        if player_factions[owner[c]]:
            counts[(owner[c], d.key)] = counts.get((owner[c], d.key), 0) + 1
    by_key = {d.key: d for d in defs}
    return tuple(f"player {p} owns {k} copies of {key}; its faction has {by_key[key].count}"
                 for (p, key), k in sorted(counts.items()) if k > by_key[key].count)


@lru_cache(maxsize=64)
def _check_factions(
    defs: tuple[CardDef, ...], owner: tuple[int, ...], player_factions: tuple[tuple[str, ...], ...]
) -> tuple[str, ...]:
    """Each player owns exactly the 20 cards of each of their factions (box included).

    Card instances are never created or removed, so this depends only on the
    shared tables and is computed once per game.
    """
    problems: list[str] = []
    counts: dict[tuple[int, str], int] = {}
    for c, d in enumerate(defs):
        key = (owner[c], faction_key(d.faction, d.variant))
        counts[key] = counts.get(key, 0) + 1
    for p, factions in enumerate(player_factions):
        if not factions:
            continue  # a scenario without declared factions
        for f in factions:
            k = counts.pop((p, f), 0)
            if k != FACTION_SIZE:
                problems.append(f"player {p} owns {k} cards of {f}, not {FACTION_SIZE}")
        strays = [f for (q, f) in counts if q == p]
        if strays:
            problems.append(f"player {p} owns cards of factions they did not bring: {strays}")
    return tuple(problems)


def _check_request(g: State, req: Request) -> list[str]:
    problems: list[str] = []
    if not 0 <= req.player < g.nplayers:
        problems.append(f"a decision for player {req.player}")
    if not req.options:
        problems.append(f"a {req.kind!r} decision without options")
    if req.kind == "main":
        if req.player != g.current or g.phase != "play":
            problems.append(f"a Play Cards decision for player {req.player} in phase {g.phase}")
        if g.pending:
            problems.append(f"{len(g.pending)} triggered abilities wait at a Play Cards decision")
    return problems
