"""Observations as fixed-shape ``numpy`` arrays, one per seat.

``encode(g, req, player)`` reads only what ``player`` may see, the same share as
``Game.observation(player)``: cards in play, discard piles, base cards and the player's own
hand face up; of hands and decks only their sizes; the decision's kind and who makes it. No
card in a deck, another hand, set aside, buried or stored is ever read, so two games that
differ only in cards hidden from a seat give that seat the same array (the test
``tests/rl/observation_test.py`` checks this on determinised worlds).

Players are numbered relative to the seat (0: the seat itself, 1: the next seat...), so one
policy can play any seat. The layout is ``SEGMENTS`` (name, size, meaning), in order;
``OBS_SIZE`` floats in all; ``docs/rl.md`` has the table. Counts and scores are scaled to
roughly 0..1.
"""

from __future__ import annotations

from itertools import chain
from typing import Final

import numpy as np
import numpy.typing as npt

from ..engine.query import hooks, powers
from ..engine.requests import Request
from ..engine.state import State
from .actions import (
    BASE_INDEX,
    FACTION_INDEX,
    MAX_MINIONS,
    MAX_PLAYERS,
    MAX_SLOTS,
    N_BASES,
    N_CARDS,
    def_indices,
)

PHASES: Final = ("mulligan", "start", "play", "score", "draw", "end", "over")
DECISION_KINDS: Final = (
    "main", "me_first", "order", "choose_card", "choose_minion", "choose_base",
    "choose_base_card", "choose_many", "choose_player", "choose_faction", "choose_mode",
    "choose", "may", "discard", "arrange", "duel_card", "play_extra", "uncover", "transfer",
    "score", "mulligan",
)
"""Decision kinds told apart (any other kind sets the last entry, "another kind")."""
MINION_FEATURES: Final = ("mine", "controller+1", "controller+2", "controller+3",
                          "power/10")
BASE_FEATURES: Final = ("present", "breakpoint/30", "total power/30", "vp 1st/6", "vp 2nd/6",
                        "vp 3rd/6", "actions on it/4")

SEGMENTS: Final[tuple[tuple[str, int, str], ...]] = (
    ("players", 3, "one-hot: 2, 3 or 4 players"),
    ("turn", 1, "turn number / 50"),
    ("phase", len(PHASES), f"one-hot phase: {', '.join(PHASES)}"),
    ("current", MAX_PLAYERS, "one-hot: whose turn it is (relative seat)"),
    ("decider", MAX_PLAYERS, "one-hot: who decides now (relative seat)"),
    ("decision", len(DECISION_KINDS) + 1, "one-hot: the kind of the current decision"),
    ("vp", MAX_PLAYERS, "victory points / 15, by relative seat"),
    ("hand_size", MAX_PLAYERS, "cards in hand / 10, by relative seat"),
    ("deck_size", MAX_PLAYERS, "cards in deck / 40, by relative seat"),
    ("discard_size", MAX_PLAYERS, "cards in the discard pile / 40, by relative seat"),
    ("base_deck", 1, "bases left in the base deck / 20"),
    ("plays_left", 3, "the seat's minion plays, action plays, constrained extras left "
                      "(its own turn only)"),
    ("waiting", 1, "abilities waiting to resolve / 10"),
    ("factions", MAX_PLAYERS * len(FACTION_INDEX), "multi-hot factions of each relative seat"),
    ("base_cards", MAX_SLOTS * N_BASES, "one-hot base card in each slot"),
    ("bases", MAX_SLOTS * len(BASE_FEATURES), "per slot: " + ", ".join(BASE_FEATURES)),
    ("base_power", MAX_SLOTS * MAX_PLAYERS, "per slot: each relative seat's power there / 30"),
    ("minions", MAX_SLOTS * MAX_MINIONS * len(MINION_FEATURES),
     "per slot and position (the positions actions name): " + ", ".join(MINION_FEATURES)),
    ("in_play", MAX_PLAYERS * N_CARDS, "cards in play by definition, per relative controller "
                                       "(minions, actions on bases and on minions)"),
    ("hand", N_CARDS, "the seat's own hand by definition"),
    ("own_discard", N_CARDS, "the seat's discard pile by definition"),
    ("other_discards", N_CARDS, "the other players' discard piles by definition"),
)


def _offsets() -> dict[str, int]:
    out: dict[str, int] = {}
    at = 0
    for name, size, _ in SEGMENTS:
        out[name] = at
        at += size
    out["end"] = at
    return out


OFFSET: Final = _offsets()
OBS_SIZE: Final = OFFSET["end"]
_PHASE = {p: i for i, p in enumerate(PHASES)}
_KIND = {k: i for i, k in enumerate(DECISION_KINDS)}
_NF = len(MINION_FEATURES)
_NB = len(BASE_FEATURES)
_NFACTIONS = len(FACTION_INDEX)
Obs = npt.NDArray[np.float32]


_BaseKey = tuple[int, int, tuple[int, ...], tuple[int, ...], tuple[int, ...]]
_BaseMinions = tuple[int, bytes, list[tuple[int, float]], list[int]]


class _Tables:
    """Per game (``g.defs`` is shared by every copy of a game's state): each instance's
    definition index and its position in each by-definition segment, and what changes
    seldom, computed once and reused: each seat's array before the position is written in
    (``start``) and the by-definition counts of discard piles (``counts``)."""

    __slots__ = ("defs", "didx", "hand", "in_play", "seat_ones", "others", "starts", "piles",
                 "bases")

    def __init__(self, g: State) -> None:
        self.defs = g.defs
        self.didx = def_indices(g)
        self.hand = [OFFSET["hand"] + d for d in self.didx]
        self.in_play = [[OFFSET["in_play"] + r * N_CARDS + d for d in self.didx]
                        for r in range(MAX_PLAYERS)]
        n = g.nplayers
        self.others = [[q for q in range(n) if q != player] for player in range(n)]
        # what never changes in a game, by seat: the player count and everyone's factions
        self.seat_ones: list[list[int]] = []
        for player in range(n):
            ones = [OFFSET["players"] + min(max(n - 2, 0), 2)]
            for q in range(n):
                r = (q - player) % n
                ones += [OFFSET["factions"] + r * _NFACTIONS + FACTION_INDEX[f]
                         for f in g.factions[q] if f in FACTION_INDEX]
            self.seat_ones.append(ones)
        self.starts: dict[tuple[int, ...], bytes] = {}
        self.piles: dict[tuple[int, ...], memoryview[float]] = {}
        self.bases: dict[_BaseKey, _BaseMinions] = {}

    def start(self, g: State, player: int) -> bytes:
        """Seat ``player``'s array with what changes only when a base does: the player count,
        the factions, and each base card with its printed facts."""
        key = (player, *g.bases[:MAX_SLOTS])
        found = self.starts.get(key)
        if found is None:
            if len(self.starts) > 256:
                self.starts.clear()
            raw = bytearray(_ZEROS)
            buf = memoryview(raw).cast("f")
            for k in self.seat_ones[player]:
                buf[k] = 1.0
            for s, bid in enumerate(g.bases[:MAX_SLOTS]):
                bdef = g.base_defs[bid]
                row = _O_BASES + s * _NB
                buf[_O_BASE_CARDS + s * N_BASES + BASE_INDEX.get(bdef.key, N_BASES - 1)] = 1.0
                buf[row] = 1.0
                buf[row + 1] = bdef.breakpoint / 30
                for k, points in enumerate(bdef.vp[:3]):
                    buf[row + 3 + k] = points / 6
            found = self.starts[key] = bytes(raw)
        return found

    def base_minions(self, key: _BaseKey, rel: list[int]) -> _BaseMinions:
        """What the minions at one base write into seat ``player``'s array, keyed by the
        seat, the slot, the minions, their powers and controllers (it changes only when one
        of those does): the bytes of the slot's ``minions`` rows, the slot's power values,
        and the ``in_play`` entries to count."""
        player, s, ms, pws, controllers = key
        if len(self.bases) > 4096:
            self.bases.clear()
        first = _O_MINIONS + s * MAX_MINIONS * _NF
        shown = min(len(ms), MAX_MINIONS)
        block = memoryview(bytearray(4 * _NF * shown)).cast("f")
        by_player = [0, 0, 0, 0]
        counted = []
        for i, (m, pw, q) in enumerate(zip(ms, pws, controllers, strict=True)):
            r = rel[q]
            by_player[r] += pw
            counted.append(self.in_play[r][m])
            if i < shown:
                block[i * _NF + r] = 1.0  # "mine" is relative seat 0
                block[i * _NF + 4] = pw / 10
        writes = [(_O_BASE_POWER + s * MAX_PLAYERS + r, by_player[r] / 30)
                  for r in range(MAX_PLAYERS) if by_player[r]]
        total = sum(by_player)
        if total:
            writes.append((_O_BASES + s * _NB + 2, total / 30))
        found = self.bases[key] = (4 * first, block.tobytes(), writes, counted)
        return found

    def counts(self, cards: tuple[int, ...]) -> memoryview[float]:
        """How many of ``cards`` have each definition (a by-definition segment)."""
        found = self.piles.get(cards)
        if found is None:
            if len(self.piles) > 1024:
                self.piles.clear()
            found = memoryview(bytearray(_SEGMENT_ZEROS)).cast("f")
            didx = self.didx
            for c in cards:
                found[didx[c]] += 1.0
            self.piles[cards] = found
        return found


_CACHE: dict[int, _Tables] = {}
_ZEROS = bytes(4 * OBS_SIZE)
_SEGMENT_ZEROS = bytes(4 * N_CARDS)
_BASE_POWER_AT = [[OFFSET["base_power"] + s * MAX_PLAYERS + r for r in range(MAX_PLAYERS)]
                  for s in range(MAX_SLOTS)]


def _tables(g: State) -> _Tables:
    t = _CACHE.get(id(g.defs))
    if t is not None and t.defs is g.defs:
        return t
    if len(_CACHE) > 64:
        _CACHE.clear()
    t = _CACHE[id(g.defs)] = _Tables(g)
    return t


def encode(g: State, req: Request | None, player: int) -> Obs:
    """The observation array of seat ``player`` (see ``SEGMENTS``)."""
    n = g.nplayers
    tab = _tables(g)
    # written item by item into a float32 view of a plain buffer, which numpy then wraps
    # without a copy (much faster than numpy item assignment, gathering indices for one numpy
    # call, or an array.array, whose item assignment parses each value)
    raw = bytearray(tab.start(g, player))
    buf = memoryview(raw).cast("f")
    rel = [(q - player) % n for q in range(n)]

    buf[_O_TURN] = min(g.turn / 50, 2.0)
    buf[_O_PHASE + _PHASE.get(g.phase, len(PHASES) - 1)] = 1.0
    buf[_O_CURRENT + rel[g.current]] = 1.0
    if req is not None:
        buf[_O_DECIDER + rel[req.player]] = 1.0
        buf[_O_DECISION + _KIND.get(req.kind, len(DECISION_KINDS))] = 1.0
    vp = g.vp
    hands = g.hands
    decks = g.decks
    discards = g.discards
    for q in range(n):
        r = rel[q]
        if vp[q]:  # (the buffer starts at zero: zeros are not written)
            buf[_O_VP + r] = vp[q] / 15
        buf[_O_HAND_SIZE + r] = len(hands[q]) / 10
        buf[_O_DECK_SIZE + r] = len(decks[q]) / 40
        buf[_O_DISCARD_SIZE + r] = len(discards[q]) / 40
    buf[_O_BASE_DECK] = len(g.base_deck) / 20
    if player == g.current:
        buf[_O_PLAYS_LEFT] = g.minion_plays
        buf[_O_PLAYS_LEFT + 1] = g.action_plays
        buf[_O_PLAYS_LEFT + 2] = len(g.grants)
    buf[_O_WAITING] = len(g.pending) / 10

    slots = range(min(len(g.bases), MAX_SLOTS))
    mods = hooks(g, "power_mod")
    printed = hooks(g, "printed_power") if g.tables.card_hooks["printed_power"] else None
    # every minion's power in one pass (query.powers); with no power modifier in force, a
    # minion's power is its printed power and counters
    if mods or g.effects or printed:
        pw_rows = powers(g, slots, mods, None, printed)
    else:
        defs = g.defs
        counters = g.counters
        pw_rows = [[max(defs[m].power + counters.get(m, 0), 0) for m in g.minions[s]]
                   for s in slots]
    controller = g.controller
    in_play = tab.in_play
    minions = g.minions
    base_actions = g.base_actions
    for s in slots:
        row = _O_BASES + s * _NB
        acts = base_actions[s]
        if acts:
            buf[row + 6] = len(acts) / 4
            for a in acts:
                buf[in_play[rel[controller[a]]][a]] += 1.0
        ms = minions[s]
        if ms:
            key = (player, s, tuple(ms), tuple(pw_rows[s]), tuple(map(controller.__getitem__, ms)))
            found = tab.bases.get(key)
            if found is None:
                found = tab.base_minions(key, rel)
            at, block, writes, counted = found
            raw[at:at + len(block)] = block
            for k, v in writes:
                buf[k] = v
            for k in counted:
                buf[k] += 1.0
    if g.attached:  # actions on the minions above
        loc = g.loc
        for host, on in g.attached.items():
            where = loc[host]
            if on and where[0] == "minion" and where[1] < MAX_SLOTS:
                for a in on:
                    buf[in_play[rel[controller[a]]][a]] += 1.0
    hand = tab.hand
    for c in hands[player]:
        buf[hand[c]] += 1.0
    buf[_O_OWN_DISCARD:_O_OWN_DISCARD + N_CARDS] = tab.counts(tuple(discards[player]))
    others = tuple(chain.from_iterable([discards[q] for q in tab.others[player]]))
    buf[_O_OTHER_DISCARDS:_O_OTHER_DISCARDS + N_CARDS] = tab.counts(others)
    return np.frombuffer(raw, np.float32)


_O_PLAYERS = OFFSET["players"]
_O_TURN = OFFSET["turn"]
_O_PHASE = OFFSET["phase"]
_O_CURRENT = OFFSET["current"]
_O_DECIDER = OFFSET["decider"]
_O_DECISION = OFFSET["decision"]
_O_VP = OFFSET["vp"]
_O_HAND_SIZE = OFFSET["hand_size"]
_O_DECK_SIZE = OFFSET["deck_size"]
_O_DISCARD_SIZE = OFFSET["discard_size"]
_O_BASE_DECK = OFFSET["base_deck"]
_O_PLAYS_LEFT = OFFSET["plays_left"]
_O_WAITING = OFFSET["waiting"]
_O_FACTIONS = OFFSET["factions"]
_O_BASE_CARDS = OFFSET["base_cards"]
_O_BASES = OFFSET["bases"]
_O_BASE_POWER = OFFSET["base_power"]
_O_MINIONS = OFFSET["minions"]
_O_IN_PLAY = OFFSET["in_play"]
_O_HAND = OFFSET["hand"]
_O_OWN_DISCARD = OFFSET["own_discard"]
_O_OTHER_DISCARDS = OFFSET["other_discards"]
