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

from array import array
from typing import Final

import numpy as np
import numpy.typing as npt

from ..engine.core.requests import Request
from ..engine.core.state import State
from ..engine.facts.query import hooks, powers
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


class _Seat:
    """One seat's last array of a game, and what each region of it was built from: the next
    array of that seat rewrites only the regions whose inputs changed (the board slot by
    slot, the hand, each discard pile), which costs much less than building it again."""

    __slots__ = ("rel", "buf", "view", "bases", "controller", "attached", "minions", "acts", "rows",
                 "rs", "adds", "hand", "discards")

    def __init__(self, tab: _Tables, player: int) -> None:
        n = tab.nplayers
        self.rel = [(q - player) % n for q in range(n)]
        """Each player as a seat relative to this one."""
        self.buf = array("f", _ZEROS)
        self.view = np.frombuffer(self.buf, np.float32)
        """The array as numpy sees it (no copy): each observation is a copy of it."""
        for k in tab.seat_ones[player]:
            if k >= _O_FACTIONS:  # (the player count is in the header, written every time)
                self.buf[k] = 1.0
        self.bases: list[int] | None = None  # None: nothing on the board written yet
        self.controller: list[int] = []
        self.attached: dict[int, list[int]] = {}
        self.minions: list[list[int] | None] = [None] * MAX_SLOTS
        self.acts: list[list[int]] = [[] for _ in range(MAX_SLOTS)]
        self.rows: list[list[int]] = [[] for _ in range(MAX_SLOTS)]
        self.rs: list[list[int]] = [[] for _ in range(MAX_SLOTS)]
        """By slot: each minion's controller, as a seat relative to this one."""
        self.adds: list[list[int]] = [[] for _ in range(MAX_SLOTS)]
        """By slot: the ``in_play`` positions its cards counted 1 in."""
        self.hand: list[int] = []
        self.discards: list[list[int]] = [[] for _ in range(tab.nplayers)]


class _Tables:
    """Per game (``g.defs`` is shared by every copy of a game's state): each instance's
    definition index, its position in each by-definition segment, and each seat's last
    array (``_Seat``)."""

    __slots__ = ("defs", "didx", "hand", "own_discard", "other_discards", "in_play",
                 "seat_ones", "bases", "nplayers", "players_at", "seats")

    def __init__(self, g: State) -> None:
        self.defs = g.defs
        self.didx = def_indices(g)
        self.hand = [OFFSET["hand"] + d for d in self.didx]
        self.own_discard = [OFFSET["own_discard"] + d for d in self.didx]
        self.other_discards = [OFFSET["other_discards"] + d for d in self.didx]
        self.in_play = [[OFFSET["in_play"] + r * N_CARDS + d for d in self.didx]
                        for r in range(MAX_PLAYERS)]
        n = self.nplayers = g.nplayers
        self.players_at = OFFSET["players"] + min(max(n - 2, 0), 2)
        # what never changes in a game, by seat: the player count and everyone's factions
        self.seat_ones: list[list[int]] = []
        for player in range(n):
            ones = [self.players_at]
            for q in range(n):
                r = (q - player) % n
                ones += [OFFSET["factions"] + r * _NFACTIONS + FACTION_INDEX[f]
                         for f in g.factions[q] if f in FACTION_INDEX]
            self.seat_ones.append(ones)
        # a base card's printed facts, by slot and base id: (position, value) pairs
        self.bases: dict[tuple[int, int], list[tuple[int, float]]] = {}
        self.seats: list[_Seat | None] = [None] * n

    def base(self, g: State, s: int, bid: int) -> list[tuple[int, float]]:
        key = (s, bid)
        facts = self.bases.get(key)
        if facts is None:
            bdef = g.base_defs[bid]
            row = OFFSET["bases"] + s * _NB
            facts = [(OFFSET["base_cards"] + s * N_BASES + BASE_INDEX.get(bdef.key, N_BASES - 1),
                      1.0), (row, 1.0), (row + 1, bdef.breakpoint / 30)]
            facts += [(row + 3 + k, points / 6) for k, points in enumerate(bdef.vp[:3])]
            self.bases[key] = facts
        return facts

    def seat(self, player: int) -> _Seat:
        seat = self.seats[player]
        if seat is None:
            seat = self.seats[player] = _Seat(self, player)
        return seat


_CACHE: dict[int, _Tables] = {}
_ZEROS = bytes(4 * OBS_SIZE)


def _tables(g: State) -> _Tables:
    t = _CACHE.get(id(g.defs))
    if t is not None and t.defs is g.defs:
        return t
    if len(_CACHE) > 64:
        _CACHE.clear()
    t = _CACHE[id(g.defs)] = _Tables(g)
    return t


def forget() -> None:
    """Drop every game's tables and every seat's last array: the next ``encode`` of each
    seat builds its array from nothing (tests compare that with the arrays kept up)."""
    _CACHE.clear()


def encode(g: State, req: Request | None, player: int) -> Obs:
    """The observation array of seat ``player`` (see ``SEGMENTS``).

    The seat's previous array of this game (of any copy of its state) is kept, with what it
    was built from; each region is compared with its inputs now (plain list comparisons)
    and rewritten only where they changed, so the array is always exactly the one built
    from nothing (``tests/rl/rl_observation_test.py`` checks that on random games)."""
    n = g.nplayers
    tab = _tables(g)
    seat = tab.seat(player)
    # written item by item into a plain float buffer (much faster than numpy item
    # assignment), which numpy wraps without a copy; what is returned is numpy's copy of it
    buf = seat.buf
    rel = seat.rel

    buf[:_O_FACTIONS] = _HEADER_ZEROS
    buf[tab.players_at] = 1.0
    buf[_O_TURN] = min(g.turn / 50, 2.0)
    buf[_O_PHASE + _PHASE.get(g.phase, len(PHASES) - 1)] = 1.0
    buf[_O_CURRENT + rel[g.current]] = 1.0
    if req is not None:
        buf[_O_DECIDER + rel[req.player]] = 1.0
        buf[_O_DECISION + _KIND.get(req.kind, len(DECISION_KINDS))] = 1.0
    hands = g.hands
    discards = g.discards
    vp = g.vp
    decks = g.decks
    for q in range(n):
        r = rel[q]
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

    try:
        _board(g, tab, seat, rel)

        hand = hands[player]
        if hand != seat.hand:
            buf[_O_HAND:_O_OWN_DISCARD] = _HAND_ZEROS
            at = tab.hand
            for c in hand:
                buf[at[c]] += 1.0
            seat.hand = hand[:]
        if discards != seat.discards:
            kept = seat.discards
            for q in range(n):
                new = discards[q]
                old = kept[q]
                if new == old:
                    continue
                pile = tab.own_discard if q == player else tab.other_discards
                if len(new) >= len(old) and new[:len(old)] == old:  # cards put on the pile
                    for c in new[len(old):]:
                        buf[pile[c]] += 1.0
                else:  # (counts are whole numbers: taking the old pile off is exact)
                    for c in old:
                        buf[pile[c]] -= 1.0
                    for c in new:
                        buf[pile[c]] += 1.0
                kept[q] = new[:]
    except BaseException:
        tab.seats[player] = None  # a half-written array is not kept: the next starts anew
        raise
    return seat.view.copy()


def power_rows(g: State, slots: int) -> list[list[int]]:
    """Each minion's power at the first ``slots`` bases, as ``query.power`` counts it."""
    mods = hooks(g, "power_mod")
    # asked once for the whole position rather than by query.power for each minion
    printed = hooks(g, "printed_power") if g.tables.card_hooks["printed_power"] else None
    if mods or g.effects or printed:
        # every minion's power at once (query.powers: each modifier asked only about the
        # minions it can change), not query.power minion by minion
        return powers(g, range(slots), mods, None, printed)
    # no power modifier in force: a minion's power is its printed power and counters
    defs = g.defs
    counters = g.counters
    minions = g.minions
    return [[max(defs[m].power + counters.get(m, 0), 0) for m in minions[s]]
            for s in range(slots)]


def _board(g: State, tab: _Tables, seat: _Seat, rel: list[int]) -> None:
    """The segments from ``base_cards`` to ``in_play``, slot by slot: a slot with the cards
    of the seat's last array gets only its powers again, and one with minions played there
    since, those minions and its powers."""
    buf = seat.buf
    bases = g.bases
    slots = min(len(bases), MAX_SLOTS)
    rows = power_rows(g, slots)
    controller = g.controller
    attached = g.attached
    kept = seat.bases
    if kept is None or len(bases) != len(kept) or controller != seat.controller:
        # the first array, a base more or less, or a card that changed hands: every slot
        buf[_O_BASE_CARDS:_O_HAND] = _BOARD_ZEROS
        for s in range(slots):
            for k, v in tab.base(g, s, bases[s]):
                buf[k] = v
        seat.bases = bases[:]
        seat.controller = controller[:]
        seat.attached = {m: on[:] for m, on in attached.items()}
        seat.minions = [None] * MAX_SLOTS
        for adds in seat.adds:
            adds.clear()
    else:
        if bases != kept:  # a base replaced: its slot again
            for s in range(slots):
                if bases[s] != kept[s]:
                    at = _O_BASE_CARDS + s * N_BASES
                    buf[at:at + N_BASES] = _BASE_CARD_ZEROS
                    at = _O_BASES + s * _NB
                    buf[at:at + _NB] = _BASE_ROW_ZEROS
                    for k, v in tab.base(g, s, bases[s]):
                        buf[k] = v
                    seat.minions[s] = None
            seat.bases = bases[:]
        if attached != seat.attached:  # the slots of the minions whose actions changed
            was = seat.attached
            changed = {m for m in was.keys() | attached.keys() if was.get(m) != attached.get(m)}
            for s, ms in enumerate(seat.minions):
                if ms and not changed.isdisjoint(ms):
                    seat.minions[s] = None
            seat.attached = {m: on[:] for m, on in attached.items()}
    in_play = tab.in_play
    minions = g.minions
    base_actions = g.base_actions
    for s in range(slots):
        ms = minions[s]
        acts = base_actions[s]
        row_pw = rows[s]
        row = _O_BASES + s * _NB
        block = _O_MINIONS + s * MAX_MINIONS * _NF
        old = seat.minions[s]
        if old is None or acts != seat.acts[s] or ms[:len(old)] != old:
            # other cards than last time: the slot again
            adds = seat.adds[s]
            for k in adds:  # (counts are whole numbers: taking them off is exact)
                buf[k] -= 1.0
            adds.clear()
            buf[block:block + MAX_MINIONS * _NF] = _SLOT_ZEROS
            buf[row + 6] = len(acts) / 4
            for a in acts:
                k = in_play[rel[controller[a]]][a]
                buf[k] += 1.0
                adds.append(k)
            rs = seat.rs[s] = []
            start = 0
            seat.minions[s] = ms[:]
            seat.acts[s] = acts[:]
        else:
            rs = seat.rs[s]
            start = len(old)
            if start == len(ms) and row_pw == seat.rows[s]:
                continue  # the same cards with the same powers
        if start < len(ms):  # minions the slot's part of the array does not have yet
            adds = seat.adds[s]
            f = block + start * _NF
            for i in range(start, len(ms)):
                m = ms[i]
                r = rel[controller[m]]
                rs.append(r)
                k = in_play[r][m]
                buf[k] += 1.0
                adds.append(k)
                on = attached.get(m)
                if on:
                    for a in on:
                        k = in_play[rel[controller[a]]][a]
                        buf[k] += 1.0
                        adds.append(k)
                if i < MAX_MINIONS:
                    buf[f + r] = 1.0  # "mine" is relative seat 0
                    f += _NF
            seat.minions[s] = ms[:]
        by_player = [0, 0, 0, 0]
        f = block + 4
        for i, r in enumerate(rs):
            pw = row_pw[i]
            by_player[r] += pw
            if i < MAX_MINIONS:
                buf[f] = pw / 10
                f += _NF
        seat.rows[s] = row_pw
        at = _O_BASE_POWER + s * MAX_PLAYERS
        for r in range(len(rel)):
            buf[at + r] = by_player[r] / 30
        buf[row + 2] = sum(by_player) / 30


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
_HEADER_ZEROS = array("f", bytes(4 * _O_FACTIONS))
_BOARD_ZEROS = array("f", bytes(4 * (_O_HAND - _O_BASE_CARDS)))
_SLOT_ZEROS = array("f", bytes(4 * MAX_MINIONS * _NF))
_HAND_ZEROS = array("f", bytes(4 * N_CARDS))
_BASE_CARD_ZEROS = array("f", bytes(4 * N_BASES))
_BASE_ROW_ZEROS = array("f", bytes(4 * _NB))
