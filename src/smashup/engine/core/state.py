"""The game state: plain data only, so that a copy is a handful of list copies.

Cards are numbered instances (``int`` ids); where each one is lives both in the
zone lists and in ``loc``. Bases in play live in *slots*; a slot keeps its
index when its base is replaced.
"""

from __future__ import annotations

from typing import Any, Final

from .defs import BaseDef, CardDef, Event
from .kinds import PLAY
from .tables import Tables

Loc = tuple[Any, ...]
"""Where a card is: ``("hand", p)``, ``("deck", p)``, ``("discard", p)``,
``("minion", slot)``, ``("base_action", slot)``, ``("on", minion_id)``,
``("box",)``, ``("aside", p)``, ``("stasis", p)``, ``("stored", host_id)`` or
``("buried", slot)``."""

class Pending:
    """An ability waiting to resolve (``State.pending``); never changed once made.

    ``kind`` is "trigger" (a card's or base's triggered ability: ``me`` is the card id, or
    the base's slot with ``is_base`` and the base card ``base``; ``trigger`` picks which of
    its triggers),
    "rule" (a game rule's step, ``rule`` naming it in ``rule_steps.RULES``, with ``arg``) or
    "window" (a timing window for Specials; only ``event`` matters). (A plain class rather
    than a NamedTuple: compiled, a NamedTuple is made by interpreted Python.)"""

    __slots__ = ("kind", "player", "event", "optional", "me", "is_base", "trigger", "base",
                 "rule", "arg")

    def __init__(self, kind: str, player: int, event: Event, optional: bool = False,
                 me: int = -1, is_base: bool = False, trigger: int = 0, base: int = -1,
                 rule: str = "", arg: Any = None) -> None:
        self.kind = kind
        self.player = player
        self.event = event
        self.optional = optional
        self.me = me
        self.is_base = is_base
        self.trigger = trigger
        self.base = base
        self.rule = rule
        self.arg = arg

    def fields(self) -> tuple[Any, ...]:
        return (self.kind, self.player, self.event, self.optional, self.me, self.is_base,
                self.trigger, self.base, self.rule, self.arg)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Pending) and self.fields() == other.fields()

    def __repr__(self) -> str:
        return "Pending" + repr(self.fields())


HIDDEN_ZONES: Final = frozenset({"hand", "deck", "aside", "buried", "stored", "duel"})
PLAY_ZONES: Final = PLAY  # defined once, in kinds.py (which this module imports; not the reverse)


class State:
    """Everything that changes during a game, plus shared immutable tables."""

    __slots__ = (
        # shared between copies (never mutated after setup)
        "defs", "names", "owner", "base_defs", "base_names", "nplayers", "factions",
        # mutable
        "rng", "controller", "loc", "hands", "decks", "discards", "vp",
        "bases", "minions", "base_actions", "attached", "counters",
        "base_deck", "base_discard", "current", "turn", "phase",
        "minion_plays", "action_plays", "grants", "minions_played", "actions_played",
        "used", "effects", "pending", "known", "winner", "stasis", "misc",
        "events", "scoring", "zones", "tables",
    )

    defs: tuple[CardDef, ...]
    names: tuple[str, ...]
    owner: tuple[int, ...]
    base_defs: tuple[BaseDef, ...]
    base_names: tuple[str, ...]
    nplayers: int
    factions: tuple[tuple[str, ...], ...]
    rng: int
    controller: list[int]
    loc: list[Loc]
    hands: list[list[int]]
    decks: list[list[int]]  # index 0 is the top card
    discards: list[list[int]]
    vp: list[int]
    bases: list[int]  # slot -> base id
    minions: list[list[int]]  # slot -> minion ids in play order
    base_actions: list[list[int]]  # slot -> actions played on the base
    attached: dict[int, list[int]]  # minion -> actions played on it
    counters: dict[int, int]  # card -> +1 power counters on it
    base_deck: list[int]  # index 0 is the top
    base_discard: list[int]
    current: int
    turn: int
    phase: str  # "start", "play", "score", "draw", "end", "over"
    minion_plays: int  # unconstrained minion plays left this turn
    action_plays: int
    grants: list[tuple[Any, ...]]  # constrained extra plays: ("minion", constraint...)
    minions_played: int  # minions played so far this turn
    actions_played: int
    used: set[tuple[Any, ...]]  # once-per-turn keys
    effects: list[tuple[Any, ...]]  # temporary effects: (kind, target, value, expiry, player)
    pending: list[Pending]  # abilities waiting to resolve
    known: list[set[int]]  # per player: hidden cards whose identity was shown to them
    winner: int | None
    stasis: dict[int, int]  # card -> stasis counters
    misc: dict[Any, Any]  # card memory (immutable values only)
    events: list[Event]  # emitted since the last apply(); not part of the position
    scoring: int | None  # slot being scored, or None
    zones: dict[Loc, list[int]]  # the other zones: box, aside, stasis, stored, buried
    tables: Tables  # shared lookup tables (which cards have which hooks)

    def __init__(self) -> None:
        """An empty state whose fields the caller fills (``setup.blank_state``, ``copy``).
        Empty rather than ``State.__new__(State)``, which mypyc cannot compile."""

    def copy(self) -> State:
        """An independent copy; shared tables are shared, everything else copied."""
        new = State()
        new.defs = self.defs
        new.names = self.names
        new.owner = self.owner
        new.base_defs = self.base_defs
        new.base_names = self.base_names
        new.nplayers = self.nplayers
        new.factions = self.factions
        new.tables = self.tables
        new.rng = self.rng
        new.controller = self.controller[:]
        new.loc = self.loc[:]
        new.hands = [z[:] for z in self.hands]
        new.decks = [z[:] for z in self.decks]
        new.discards = [z[:] for z in self.discards]
        new.vp = self.vp[:]
        new.bases = self.bases[:]
        new.minions = [z[:] for z in self.minions]
        new.base_actions = [z[:] for z in self.base_actions]
        new.attached = {k: v[:] for k, v in self.attached.items()}
        new.counters = self.counters.copy()
        new.base_deck = self.base_deck[:]
        new.base_discard = self.base_discard[:]
        new.current = self.current
        new.turn = self.turn
        new.phase = self.phase
        new.minion_plays = self.minion_plays
        new.action_plays = self.action_plays
        new.grants = self.grants[:]
        new.minions_played = self.minions_played
        new.actions_played = self.actions_played
        new.used = self.used.copy()
        new.effects = self.effects[:]
        new.pending = self.pending[:]
        new.known = [s.copy() for s in self.known]
        new.winner = self.winner
        new.stasis = self.stasis.copy()
        new.misc = self.misc.copy()
        new.events = []
        new.scoring = self.scoring
        new.zones = {k: v[:] for k, v in self.zones.items()}
        return new

    def fingerprint(self) -> tuple[Any, ...]:
        """All of the position as one comparable value (for tests and replay checks)."""
        return (
            self.rng, tuple(self.controller), tuple(self.loc),
            tuple(map(tuple, self.hands)), tuple(map(tuple, self.decks)),
            tuple(map(tuple, self.discards)), tuple(self.vp), tuple(self.bases),
            tuple(map(tuple, self.minions)), tuple(map(tuple, self.base_actions)),
            tuple(sorted((k, tuple(v)) for k, v in self.attached.items() if v)),
            tuple(sorted((k, v) for k, v in self.counters.items() if v)),
            tuple(self.base_deck), tuple(self.base_discard), self.current, self.turn,
            self.phase, self.minion_plays, self.action_plays, tuple(self.grants),
            self.minions_played, self.actions_played, tuple(sorted(map(repr, self.used))),
            tuple(self.effects), tuple(self.pending), tuple(tuple(sorted(s)) for s in self.known),
            self.winner, tuple(sorted(self.stasis.items())),
            tuple(sorted((repr(k), repr(v)) for k, v in self.misc.items())), self.scoring,
            tuple(sorted((repr(k), tuple(v)) for k, v in self.zones.items() if v)),
        )

    # ---- small queries used everywhere -------------------------------------------------

    def zone_list(self, loc: Loc) -> list[int]:
        """The list that holds cards at ``loc``."""
        kind: str = loc[0]  # (typed: compiled, a str comparison is cheaper than an Any one)
        if kind == "hand":
            return self.hands[loc[1]]
        if kind == "deck":
            return self.decks[loc[1]]
        if kind == "discard":
            return self.discards[loc[1]]
        if kind == "minion":
            return self.minions[loc[1]]
        if kind == "base_action":
            return self.base_actions[loc[1]]
        if kind == "on":
            return self.attached.setdefault(loc[1], [])
        return self.zones.setdefault(loc, [])

    def slot_of(self, card: int) -> int | None:
        """The base slot a card in play is at (a minion, or an action on it or on the base)."""
        loc = self.loc[card]
        kind: str = loc[0]
        if kind == "minion" or kind == "base_action" or kind == "buried":
            return int(loc[1])
        if kind == "on":
            return self.slot_of(loc[1])
        return None

    def in_play(self, card: int) -> bool:
        return bool(self.loc[card][0] in PLAY_ZONES)

    def is_minion_in_play(self, card: int) -> bool:
        return bool(self.loc[card][0] == "minion")
