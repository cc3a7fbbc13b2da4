"""One game on the server, without any web framework: its seats, the faction draft, the
engine's game, what each seat has been told, and the checks every decision goes through.

A room is rebuilt from its stored spec and log (``Room.restore``) exactly as it was played:
the draft picks and the decisions are applied again in order.

>>> spec = new_spec([{"kind": "human", "name": "Ann"}, {"kind": "easy"}], mode="random",
...                 seed=7)
>>> room = Room("g1", spec)
>>> room.stage, room.seats[1].name, room.decider() in (0, 1)
('play', 'Player 2', True)
>>> room.check("not a token") is None
True
"""

from __future__ import annotations

import hashlib
import random
import secrets
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ..agents import Agent, view_for
from ..engine.api.game import Game
from ..engine.api.setup import SetupError
from ..engine.api.views import card_fields, mask_events
from ..engine.core.defs import faction_name
from ..engine.core.requests import IllegalAction
from ..narrate import Narrator
from ..sim import LEVELS, available_levels, implemented_factions, make_agent
from ..tui.draft import MODES, Draft, random_factions
from ..tui.session import check_seat, new_setup

SPECTATOR = -1
SEAT_KINDS = ("human", *LEVELS)
"""What a lobby may ask for: a person, or a computer player by level (whose time to think is
capped), never an agent spec of its own. A level that cannot play here (the expert level
without numpy or its model) is refused with the reason, and the catalog leaves it out."""
NAME_LIMIT = 24
PICK = "pick:"
"""The log entry of a draft pick: ``pick:aliens``; every other entry is an option's text."""


class Refused(Exception):
    """A decision the room will not take; ``code`` is the protocol's error code."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code


@dataclass
class Seat:
    name: str
    kind: str  # "human" or a computer level / agent spec
    token_hash: str | None  # a person's seat only

    @property
    def is_person(self) -> bool:
        return self.kind == "human"


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8", "replace")).hexdigest()


def clean_name(raw: Any, seat: int) -> str:
    """A player's name as shown: printable, at most ``NAME_LIMIT`` characters (markup in it
    is harmless text: every client shows names as text only)."""
    text = raw if isinstance(raw, str) else ""
    text = "".join(ch for ch in text if unicodedata.category(ch)[0] != "C").strip()
    return text[:NAME_LIMIT] or f"Player {seat + 1}"


def check_names_differ(names: list[str]) -> None:
    """SetupError when two seats would have the same name (ignoring case and spaces): every
    prompt, option and log line names players, and two alike could not be told apart."""
    seen: dict[str, int] = {}
    for i, name in enumerate(names):
        folded = " ".join(name.casefold().split())
        if folded in seen:
            raise SetupError(f"seats[{i}]: two players can't have the same name: "
                             f"{name!r} is player {seen[folded] + 1}'s name too")
        seen[folded] = i


def _seat_kinds() -> str:
    """The seat kinds a game here may have, for a refusal: human and the levels that play."""
    return ", ".join(("human", *available_levels()))


def new_spec(seats: Any, mode: Any = "random", factions: Any = None, bases: Any = "factions",
             seed: int | None = None) -> dict[str, Any]:
    """A game spec from what the lobby sent, with a fresh secret token for each person's
    seat under ``tokens`` (only their hashes are kept in ``seats``). SetupError says what is
    wrong with it; factions given or dealt at random are checked when its ``Room`` is made,
    which deals the game."""
    if not isinstance(seats, list) or not 2 <= len(seats) <= 4:
        raise SetupError("seats: give 2 to 4 seats")
    rows, tokens, names = [], [], []
    for i, seat in enumerate(seats):
        if not isinstance(seat, dict):
            raise SetupError(f"seats[{i}]: expected an object with kind and name")
        try:
            kind = check_seat(str(seat.get("kind", "human")))
        except ValueError:
            level = str(seat.get("kind")).strip().lower()
            if level in LEVELS:  # a level missing its model or numpy
                # (not the loader's reason: it names the server's files)
                raise SetupError(
                    f"seats[{i}]: the {level} level cannot play on this server (what it "
                    f"needs is not installed here); the seat kinds here: {_seat_kinds()}"
                ) from None
            kind = ""
        if kind not in SEAT_KINDS:  # an agent spec (ismcts:600s) could hold a thread for long
            raise SetupError(f"seats[{i}]: unknown seat kind {seat.get('kind')!r}: "
                             f"{_seat_kinds()}")
        token = secrets.token_urlsafe(24) if kind == "human" else None  # 192 random bits
        tokens.append(token)
        names.append(clean_name(seat.get("name"), i))
        rows.append({"name": names[-1], "kind": kind,
                     "token_hash": hash_token(token) if token else None})
    check_names_differ(names)
    if mode not in MODES:
        raise SetupError(f"mode: one of {', '.join(MODES)}")
    if factions is not None:
        if not (isinstance(factions, list) and len(factions) == len(seats) and all(
                isinstance(pf, list) and len(pf) == 2 and all(isinstance(f, str) for f in pf)
                for pf in factions)):
            raise SetupError("factions: two faction keys per seat")
    spec = {"seats": rows, "mode": mode, "factions": factions, "bases": bases,
            # 64 random bits, the engine's whole RNG state: nobody can work the deals out
            "seed": seed if seed is not None else secrets.randbits(64)}
    if factions is None and mode != "random":  # the bases are checked now, not after the draft
        Game.new(new_setup(random_factions(len(rows), implemented_factions(),
                                           random.Random(0)), 0, bases))
    return {**spec, "tokens": tokens}


class Room:
    """A game being played on the server (see the module's docstring)."""

    def __init__(self, game_id: str, spec: dict[str, Any]) -> None:
        self.id = game_id
        self.spec = {k: v for k, v in spec.items() if k != "tokens"}
        self.seats = [Seat(s["name"], s["kind"], s.get("token_hash")) for s in spec["seats"]]
        self.seed = int(spec["seed"])
        self.log: list[str] = []  # every decision, draft picks included
        self.lines: dict[int, list[str]] = {v: [] for v in self.viewers}
        self.game: Game | None = None
        self.draft: Draft | None = None
        self.narrators: dict[int, Narrator] = {}
        # the last decision's events, the sentences telling them per viewer, and each
        # viewer's share of them once a view has needed it (``events_for``)
        self.last_events: list[dict[str, Any]] = []
        self.told: dict[int, list[tuple[dict[str, Any], str]]] = {}
        self.events: dict[int, list[dict[str, Any]]] = {}
        self.last_decider: int | None = None  # the seat that made the last decision
        n = len(self.seats)
        if spec.get("factions"):
            self._start([list(pf) for pf in spec["factions"]])
        elif spec["mode"] == "random":
            self._start(random_factions(n, implemented_factions(),
                                        random.Random(f"factions/{self.seed}")))
        else:
            pool = implemented_factions()
            first = random.Random(f"first/{self.seed}").randrange(n)
            self.draft = (Draft.queensberry(n, pool, first) if spec["mode"] == "draft"
                          else Draft.in_turn(n, pool, first))
            how = ("drafted (one each in turn, then back)" if spec["mode"] == "draft"
                   else "chosen (two each, in turn)")
            self._tell_all(f"Factions are {how}: {self.seats[first].name} picks first.")
        self.agents: dict[int, Agent] = {
            p: make_agent(s.kind, self.seed * 10 + p) for p, s in enumerate(self.seats)
            if not s.is_person}

    @classmethod
    def restore(cls, game_id: str, spec: dict[str, Any], log: list[str]) -> Room:
        """The room as it was after the decisions in ``log``."""
        room = cls(game_id, spec)
        for seq, entry in enumerate(log):
            if room.decider() is None:
                raise ValueError(f"game {game_id}: decision {seq} after the game ended")
            room.apply(entry)  # a pick or option that is not legal raises (a corrupt log)
        return room

    # ---- who is who ----------------------------------------------------------------------

    @property
    def viewers(self) -> list[int]:
        return [SPECTATOR, *range(len(self.seats))]

    def check(self, token: str) -> int | None:
        """The seat whose secret ``token`` is, if any."""
        digest = hash_token(token)
        for p, seat in enumerate(self.seats):
            if seat.token_hash is not None and secrets.compare_digest(seat.token_hash, digest):
                return p
        return None

    @property
    def stage(self) -> str:
        if self.game is None:
            return "draft"
        return "over" if self.game.is_over else "play"

    @property
    def seq(self) -> int:
        return len(self.log)

    def decider(self) -> int | None:
        """The seat that decides now (None: the game is over)."""
        if self.draft is not None and self.game is None:
            return self.draft.current
        assert self.game is not None
        return None if self.game.is_over else self.game.current_player

    def computer_to_move(self) -> int | None:
        p = self.decider()
        return p if p is not None and p in self.agents else None

    # ---- deciding --------------------------------------------------------------------------

    def check_decision(self, seat: int, seq: Any, entry: Any) -> None:
        """Refused unless ``seat`` may make decision ``entry`` now, against view ``seq``."""
        if not isinstance(seq, int) or isinstance(seq, bool) or not isinstance(entry, str):
            raise Refused("malformed", "a decision needs an integer seq and a text")
        decider = self.decider()
        if decider is None:
            raise Refused("illegal", "the game is over")
        if seq != self.seq:
            raise Refused("stale", f"that decision was made on an older view (decision {seq}; "
                                   f"the game is at {self.seq}): look again")
        if seat != decider:
            raise Refused("not_your_turn", f"it is {self.seats[decider].name}'s decision")
        if self.game is None:
            assert self.draft is not None
            faction = entry.removeprefix(PICK)
            if not entry.startswith(PICK) or faction not in self.draft.available():
                raise Refused("illegal", f"{faction!r} cannot be picked now")
        elif entry not in self.game.action_texts():
            raise Refused("illegal", f"{entry!r} is not one of your options now")

    def apply(self, entry: str) -> None:
        """Carry out a checked decision (``check_decision``) and tell everyone."""
        if self.game is None:
            assert self.draft is not None
            picker = self.draft.current
            faction = entry.removeprefix(PICK)
            self.draft.pick(faction)
            self.log.append(entry)
            self._tell_all(f"{self.seats[picker].name} picks {faction_name(faction)}.")
            if self.draft.done:
                self._start(self.draft.factions())
            return
        decider = self.game.current_player
        try:
            self.game.apply(entry)
        except IllegalAction as err:
            raise Refused("illegal", str(err)) from None
        self.log.append(entry)
        self.last_decider = decider
        self._tell_events()

    def _tell_events(self) -> None:
        """The last decision's log lines for each viewer; its events are kept with the
        sentences that tell them, made into each viewer's share when a view needs it
        (``events_for``): a seat nobody watches (a computer's, the spectators') costs none."""
        assert self.game is not None
        self.last_events = list(self.game.events)
        self.told = {}
        self.events = {}
        for viewer, narrator in self.narrators.items():
            told = narrator.narrate_events(self.last_events)
            self.lines[viewer].extend(text for _, text in told)
            self.told[viewer] = told

    def events_for(self, viewer: int) -> list[dict[str, Any]]:
        """The last decision's events as ``viewer`` may see them (``wire_event``), each
        with the log line that tells it, if any: for the table to show what just happened."""
        if viewer in self.events or self.game is None:
            return self.events.get(viewer, [])
        masked = mask_events(self.last_events, viewer, self.game.state.nplayers)
        wired = [wire_event(self.game, ev) for ev in masked]
        at = 0
        for ev, text in self.told.get(viewer, []):  # the same events, in order (some untold)
            while at < len(masked) and masked[at] != ev:
                at += 1
            if at < len(masked):
                wired[at]["line"] = text
                at += 1
        self.events[viewer] = wired
        return wired

    def computer_choice(self, seat: int) -> tuple[Any, str | None]:
        """What a computer seat needs to decide, taken now on the event loop's thread: a
        seat view for its agent (the agent then runs elsewhere), or a draft pick made here."""
        if self.game is None:
            assert self.draft is not None
            rng = random.Random(f"draft/{self.seed}/{self.seq}")
            return None, PICK + rng.choice(self.draft.available())
        return view_for(self.game, seat, self.agents[seat]), None

    # ---- telling ----------------------------------------------------------------------------

    def _tell_all(self, line: str) -> None:
        for lines in self.lines.values():
            lines.append(line)

    def _start(self, factions: list[list[str]]) -> None:
        self.game = Game.new(new_setup(factions, self.seed, self.spec.get("bases", "factions")))
        names = [s.name for s in self.seats]
        self.narrators = {v: Narrator(self.game, v, names) for v in self.viewers}
        g = self.game.state
        for p, pf in enumerate(factions):
            self._tell_all(f"{names[p]} plays {' and '.join(faction_name(f) for f in pf)}.")
        self._tell_all("Bases: " + ", ".join(g.base_defs[b].name for b in g.bases) + ".")
        self._tell_all(f"{names[g.current]} goes first.")
        self._tell_events()

    def seat_rows(self) -> list[dict[str, Any]]:
        """Who sits where, as everyone may know it."""
        return [{"seat": p, "name": s.name, "kind": s.kind} for p, s in enumerate(self.seats)]

    def view(self, viewer: int, log_from: int = 0) -> dict[str, Any]:
        """The protocol's ``view`` message for ``viewer`` (a seat, or -1: a spectator)."""
        decider = self.decider()
        options: list[dict[str, str]] = []
        obs: dict[str, Any] | None = None
        if self.game is not None:
            obs = (self.game.spectator_observation() if viewer == SPECTATOR
                   else self.game.observation(viewer))
            if decider == viewer:
                options = [{"text": t, "label": self.game.action_label(i)}
                           for i, t in enumerate(self.game.action_texts())]
        draft = None
        if self.draft is not None:
            d = self.draft
            draft = {"mode": self.spec["mode"], "order": list(d.order), "step": d.step,
                     "current": d.current, "picks": [list(p) for p in d.picks],
                     "available": d.available() if viewer == d.current else [],
                     # what is still free follows from the public picks: anyone may browse it
                     "free": d.available()}
        lines = self.lines[viewer]
        return {
            "type": "view", "game": self.id, "seq": self.seq,
            "seat": None if viewer == SPECTATOR else viewer, "stage": self.stage,
            "seats": self.seat_rows(), "draft": draft, "observation": obs, "options": options,
            "log": lines[log_from:], "log_from": log_from,
            # what the last decision did, as this viewer may see it, and who made it
            "events": self.events_for(viewer),
            "events_seq": self.seq, "last_decider": self.last_decider,
        }


BASE_FIELDS = ("base", "old", "new")
"""Fields of the scoring events (``before_score``, ``scored``, ``after_score``,
``base_replaced``) that hold a base card's number."""
SCORING_KINDS = frozenset({"before_score", "scored", "after_score", "base_replaced"})


def wire_event(game: Game, ev: dict[str, Any]) -> dict[str, Any]:
    """An engine event (already masked for its reader: ``Game.events_for``) as JSON can
    carry it: card numbers become the cards' ids (``aliens/invader#1``), a scoring event's
    base numbers the bases' (``base:tortuga``); a card hidden from the reader stays
    "a card"."""
    g = game.state
    fields = set(card_fields(ev))
    out: dict[str, Any] = {}
    for key, value in ev.items():
        if key in fields:
            value = _card_ids(g.names, value)
        elif key in BASE_FIELDS and ev["kind"] in SCORING_KINDS and isinstance(value, int):
            value = g.base_names[value]
        elif isinstance(value, tuple):
            value = list(value)
        out[key] = value
    return out


def _card_ids(names: Sequence[str], value: Any) -> Any:
    if isinstance(value, int) and not isinstance(value, bool):
        return names[value]
    if isinstance(value, (tuple, list)):
        return [_card_ids(names, v) for v in value]
    return value

