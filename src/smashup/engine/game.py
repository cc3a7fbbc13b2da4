"""The public game API, shaped like OpenSpiel's ``State``.

>>> import smashup
>>> game = smashup.Game.new({"factions": [["aliens", "ninjas"], ["ninjas", "aliens"]], "seed": 1})
>>> game.current_player in (0, 1)
True
>>> "end" in [game.action_text(a) for a in game.legal_actions()]
True
"""

from __future__ import annotations

import json
from collections.abc import Generator
from typing import Any

from .defs import Event
from .flow import game_flow
from .mechanics import hidden_from
from .query import breakpoint, player_power, power, total_power
from .requests import IllegalAction, Option, Request, option_label, option_text
from .setup import Setup, new_state
from .state import HIDDEN_ZONES, State

Action = int | str
REANCHOR_EVERY = 24


class Game:
    """A game of Smash Up: a position, a decision to make, and the decisions made so far."""

    __slots__ = ("_state", "_setup", "_req", "_proc", "_log", "_opts", "_anchor", "_texts")

    _state: State
    _setup: Setup
    _req: Request | None
    _proc: Generator[Request, Any, Any] | None
    _log: list[str]
    _opts: list[Option]
    _anchor: tuple[State, int, bool]
    _texts: list[str] | None

    @classmethod
    def new(cls, setup: Setup) -> Game:
        """Start a game from a setup (see ``smashup.engine.setup``) or a scenario."""
        if isinstance(setup, dict) and "scenario" in setup:
            from .scenario import scenario_state

            state = scenario_state(setup["scenario"])
        else:
            state = new_state(setup)
        return cls._start(state, setup)

    @classmethod
    def _start(cls, state: State, setup: Setup) -> Game:
        game = cls.__new__(cls)
        game._state = state
        game._setup = setup
        game._log = []
        game._opts = []
        game._texts = None
        at_main = state.phase == "play"
        game._anchor = (state.copy(), 0, at_main)
        game._proc = game_flow(state) if not at_main else None
        game._req = None
        state.events = []
        if game._proc is None:
            from .flow import main_request

            game._req = main_request(state)
        else:
            game._advance(None)
        return game

    # ---- the decision --------------------------------------------------------------------

    @property
    def state(self) -> State:
        """The raw position (read-only by convention; for cards, agents and tests)."""
        return self._state

    @property
    def request(self) -> Request | None:
        """The decision the engine is waiting for, or None once the game is over."""
        return self._req

    @property
    def current_player(self) -> int:
        """The player who must decide now (-1 when the game is over)."""
        return -1 if self._req is None else self._req.player

    @property
    def is_over(self) -> bool:
        return self._req is None

    @property
    def result(self) -> dict[str, Any] | None:
        """``{"winner": p, "vp": [...]}`` once over, else None."""
        if self._req is not None:
            return None
        return {"winner": self._state.winner, "vp": list(self._state.vp)}

    @property
    def events(self) -> list[Event]:
        """Events emitted by the last ``apply`` (or by setup, for a new game)."""
        return self._state.events

    @property
    def history(self) -> list[str]:
        """The text form of every decision made so far."""
        return list(self._log)

    def legal_actions(self) -> list[int]:
        """Indices of the options of the current decision."""
        return [] if self._req is None else list(range(len(self._req.options)))

    def action_text(self, action: int) -> str:
        """The stable text form of option ``action``."""
        assert self._req is not None
        return option_text(self._state, self._req.options[action])

    def action_label(self, action: int) -> str:
        assert self._req is not None
        return option_label(self._state, self._req.options[action])

    def action_texts(self) -> list[str]:
        if self._req is None:
            return []
        if self._texts is None:
            self._texts = [option_text(self._state, o) for o in self._req.options]
        return self._texts

    def _resolve(self, action: Action | Option) -> Option:
        req = self._req
        if req is None:
            raise IllegalAction("the game is over")
        if isinstance(action, bool):
            raise IllegalAction(f"malformed action {action!r}")
        if isinstance(action, int):
            if not 0 <= action < len(req.options):
                raise IllegalAction(f"action {action} is out of range 0..{len(req.options) - 1}")
            return req.options[action]
        if isinstance(action, str):
            texts = self.action_texts()
            wanted = " ".join(action.split())
            if wanted in texts:
                return req.options[texts.index(wanted)]
            raise IllegalAction(
                f"{action!r} is not legal now; player {req.player} must choose one of: "
                + ", ".join(texts)
            )
        if isinstance(action, tuple) and action in req.options:
            return action
        raise IllegalAction(f"malformed action {action!r}")

    def apply(self, action: Action | Option) -> None:
        """Make the current decision: an index from ``legal_actions()`` or an option's text."""
        opt = self._resolve(action)
        req = self._req
        assert req is not None
        text = option_text(self._state, opt)
        if req.kind == "main" and len(self._log) - self._anchor[1] >= REANCHOR_EVERY:
            self._anchor = (self._state.copy(), len(self._log), True)
        self._state.events = []
        self._log.append(text)
        self._opts.append(opt)
        try:
            if self._proc is None:
                self._proc = game_flow(self._state, resume=opt)
                self._advance(None)
            else:
                self._advance(opt)
        except Exception:
            # an engine fault: put the position back as it was before this decision
            self._log.pop()
            self._opts.pop()
            self._restore_from_anchor()
            raise

    def _advance(self, opt: Option | None) -> None:
        assert self._proc is not None
        self._texts = None
        try:
            req = next(self._proc) if opt is None else self._proc.send(opt)
        except StopIteration:
            self._req = None
            self._proc = None
            return
        self._req = req
        if req.kind == "main":
            # the flow holds nothing beyond the state here; drop it so copies stay cheap
            self._proc.close()
            self._proc = None

    def _restore_from_anchor(self) -> None:
        rebuilt = self._replay_from_anchor()
        self._state = rebuilt._state
        self._req = rebuilt._req
        self._proc = rebuilt._proc
        self._anchor = rebuilt._anchor

    def _replay_from_anchor(self) -> Game:
        snap, index, at_main = self._anchor
        game = Game.__new__(Game)
        game._state = snap.copy()
        game._setup = self._setup
        game._log = self._log[:index]
        game._opts = self._opts[:index]
        game._texts = None
        game._anchor = self._anchor
        if at_main:
            from .flow import main_request

            game._proc = None
            game._req = main_request(game._state)
        else:
            game._proc = game_flow(game._state)
            game._advance(None)
        for opt in self._opts[index:]:
            game._log.append(option_text(game._state, opt))
            game._opts.append(opt)
            game._state.events = []
            if game._proc is None:
                game._proc = game_flow(game._state, resume=opt)
                game._advance(None)
            else:
                game._advance(opt)
        return game

    def clone(self) -> Game:
        """An independent copy that evolves exactly like this game under the same decisions."""
        if self._proc is not None:
            return self._replay_from_anchor()
        game = Game.__new__(Game)
        game._state = self._state.copy()
        game._setup = self._setup
        game._req = self._req
        game._proc = None
        game._log = self._log[:]
        game._opts = self._opts[:]
        # a clone is usually explored (by search or an agent): anchor it here, so that
        # clones taken later in the middle of an ability replay only a few decisions
        game._anchor = (self._state.copy(), len(self._log), self._req is not None)
        game._texts = self._texts
        return game

    # ---- saving --------------------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        """The whole game as data: setup (with seed) and the decisions made."""
        return {"format": "smashup-game/1", "setup": self._setup, "actions": list(self._log)}

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), indent=1)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Game:
        """Replay a saved game. Raises IllegalAction if a decision does not fit."""
        if not isinstance(data, dict) or "setup" not in data:
            raise ValueError("a saved game needs 'setup' and 'actions'")
        if data.get("format", "smashup-game/1") != "smashup-game/1":
            raise ValueError(f"unknown saved-game format {data.get('format')!r}")
        actions = data.get("actions", [])
        if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
            raise ValueError("a saved game's 'actions' must be a list of decision texts")
        game = cls.new(data["setup"])
        for i, text in enumerate(actions):
            try:
                game.apply(text)
            except IllegalAction as err:
                raise IllegalAction(f"decision {i + 1} ({text!r}) does not fit: {err}") from None
        return game

    @classmethod
    def from_json(cls, text: str) -> Game:
        try:
            data = json.loads(text)
        except json.JSONDecodeError as err:
            raise ValueError(f"a saved game must be JSON: {err}") from None
        return cls.from_dict(data)

    # ---- what a player may see ---------------------------------------------------------

    def observation(self, player: int) -> dict[str, Any]:
        """Everything ``player`` may know, and nothing else (no other hand, no deck order)."""
        return observe(self._state, player, self._req)

    def describe_card(self, card: int) -> dict[str, Any]:
        return card_view(self._state, card, None)


def card_view(g: State, card: int, mods: Any, viewer: int | None = None) -> dict[str, Any]:
    """A card face up; ``viewer`` (a player) also sees the cards stored under it that
    they may look at (the rest show as "hidden")."""
    d = g.defs[card]
    view: dict[str, Any] = {"id": g.names[card], "name": d.name, "type": d.kind,
                            "owner": g.owner[card], "text": d.text}
    if d.kind == "minion":
        view["printed_power"] = d.power
    if g.in_play(card):
        view["controller"] = g.controller[card]
        if d.kind == "minion" and g.loc[card][0] == "minion":
            view["power"] = power(g, card, mods)
            view["counters"] = g.counters.get(card, 0)
            view["attached"] = [card_view(g, a, mods, viewer)
                                for a in g.attached.get(card, ())]
    stored = g.zones.get(("stored", card))
    if stored:
        view["stored"] = ["hidden" if viewer is not None and hidden_from(g, c, viewer)
                          else g.names[c] for c in stored]
    return view


def base_views(g: State, viewer: int | None = None, mods: Any = None) -> list[dict[str, Any]]:
    """Every base in play with its cards and power, as ``viewer`` may see it (None: all)."""
    from .query import hooks

    if mods is None:
        mods = hooks(g, "power_mod")
    bases = []
    for slot, bid in enumerate(g.bases):
        bdef = g.base_defs[bid]
        bases.append({
            "id": g.base_names[bid], "name": bdef.name, "text": bdef.text,
            "breakpoint": breakpoint(g, slot), "printed_breakpoint": bdef.breakpoint,
            "vp": list(bdef.vp), "total_power": total_power(g, slot, mods),
            "power_by_player": [player_power(g, slot, p, mods) for p in range(g.nplayers)],
            "minions": [card_view(g, m, mods, viewer) for m in g.minions[slot]],
            "actions": [card_view(g, a, mods, viewer) for a in g.base_actions[slot]],
            "buried": [
                "hidden" if viewer is not None and hidden_from(g, c, viewer) else g.names[c]
                for c in g.zones.get(("buried", slot), ())
            ],
        })
    return bases


def observe(g: State, player: int, req: Request | None) -> dict[str, Any]:
    from .query import hooks

    mods = hooks(g, "power_mod")
    bases = base_views(g, player, mods)
    known = sorted(
        (g.names[c], g.loc[c][0], g.loc[c][1] if len(g.loc[c]) > 1 else None)
        for c in g.known[player] if g.loc[c][0] in HIDDEN_ZONES and g.loc[c] != ("hand", player)
    )
    obs: dict[str, Any] = {
        "player": player, "turn": g.turn, "phase": g.phase, "current": g.current,
        "vp": list(g.vp), "bases": bases,
        "hand": [g.names[c] for c in g.hands[player]],
        "hand_sizes": [len(h) for h in g.hands],
        "deck_sizes": [len(d) for d in g.decks],
        "discards": [[g.names[c] for c in d] for d in g.discards],
        "base_deck_size": len(g.base_deck),
        "base_discard": [g.base_names[b] for b in g.base_discard],
        "known": [list(k) for k in known],
        "factions": [list(f) for f in g.factions],
        "plays_left": {"minion": g.minion_plays, "action": g.action_plays,
                       "constrained": len(g.grants)} if player == g.current else None,
        "winner": g.winner,
        # cards in stasis lie face up in front of their owner; revealed cards are public
        "stasis": [[dict(card_view(g, c, mods, player), stasis=g.stasis.get(c, 0))
                    for c in g.zones.get(("stasis", p), ())] for p in range(g.nplayers)],
        "revealed": [[g.names[c] for c in g.zones.get(("revealed", p), ())]
                     for p in range(g.nplayers)],
    }
    if req is not None:
        decision: dict[str, Any] = {"player": req.player, "kind": req.kind, "prompt": req.prompt}
        if req.player == player:
            decision["options"] = [option_text(g, o) for o in req.options]
        obs["decision"] = decision
    return obs
