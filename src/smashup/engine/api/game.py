"""The public game API, shaped like OpenSpiel's ``State``.

>>> import smashup
>>> game = smashup.Game.new({"factions": [["aliens", "ninjas"], ["ninjas", "aliens"]], "seed": 1})
>>> game.current_player in (0, 1)
True
>>> "end" in [game.action_text(a) for a in game.legal_actions()]
True
"""

from __future__ import annotations

import copy
import json
from collections.abc import Generator
from typing import Any, Final

from ..core.defs import Event, shown_text
from ..core.requests import (
    CHECKPOINT,
    IllegalAction,
    Option,
    Request,
    option_text,
    source_id,
    source_name,
)
from ..core.state import HIDDEN_ZONES, State
from ..core.validate import check_keys, clip, describe
from ..facts.abilities import has_lost_abilities
from ..facts.copies import copy_sources
from ..facts.hidden import hidden_from
from ..facts.query import (
    breakpoint,
    every_players_power,
    hooks,
    power,
    powers,
    printed_power,
)
from ..mechanics.duels import duel_under_way
from ..mechanics.next_turn import waiting_next_turn
from ..rules.choosing import SEAT_SAFE
from ..rules.timeline import extra_turns_queued
from ..turn.flow import game_flow, main_request
from . import why
from .labels import decision_cards, decision_labels
from .saves import load as load_save
from .saves import loads as load_save_text
from .saves import save_data
from .scenario import scenario_state
from .setup import Setup, SetupError, new_state
from .views import hidden_base, hidden_choice, mask_events, public_prompt, secret_texts
from .worlds import SeatView, WorldSampler

Action = int | str
REANCHOR_EVERY: Final = 24
_MAKING: Final = object()  # the key to Game's constructor, which only Game's own methods hold


class Game:
    """A game of Smash Up: a position, a decision to make, and the decisions made so far."""

    __slots__ = ("_state", "_setup", "_req", "_proc", "_log", "_opts", "_anchor", "_texts",
                 "_labels", "_masked", "_cloned")

    _state: State
    _setup: Setup
    _req: Request | None
    _proc: Generator[Request, Any, Any] | None
    _log: list[str]
    _opts: list[Option | None]
    # (a copy of the state at a closed point of the flow, the number of decisions made before
    # it, whether it is a main decision, the events of the decision under way before it)
    _anchor: tuple[State, int, bool, list[Event]]
    _texts: list[str] | None
    _labels: tuple[Request, list[str]] | None  # the labels of a decision, once asked for
    _masked: dict[int, dict[int, str]]  # decision index -> its text as seats kept from it see it
    # cloned at least once: a search explores from this game, so it anchors at every Play
    # Cards decision it reaches (a state copy each), and its clones replay at most one ability
    _cloned: bool

    def __init__(self, key: object = None) -> None:
        """Only Game's own methods make games, and fill in the fields (an empty constructor
        rather than ``__new__``, which mypyc cannot compile): use ``Game.new`` or
        ``Game.from_json``."""
        if key is not _MAKING:
            raise TypeError("make a game with Game.new(setup) or Game.from_json(save)")

    @classmethod
    def new(cls, setup: Any) -> Game:
        """Start a game from a setup (see ``smashup.engine.api.setup``) or a scenario; anything
        else is a SetupError. (The public methods that check their arguments take ``Any``:
        compiled by mypyc, a narrower type would be a TypeError, or turn True into 1.)"""
        if isinstance(setup, dict) and "scenario" in setup:
            check_keys(setup, ("scenario", "seat_safe"), "setup", SetupError)
            state = scenario_state(setup["scenario"])
        else:
            state = new_state(setup)
        if isinstance(setup, dict) and setup.get("seat_safe"):
            state.misc[SEAT_SAFE] = True
        # a copy: changing the caller's dict afterwards must not change the saved setup
        return cls._start(state, copy.deepcopy(setup))

    @classmethod
    def _start(cls, state: State, setup: Setup) -> Game:
        game = cls(_MAKING)
        game._state = state
        game._setup = setup
        game._log = []
        game._opts = []
        game._texts = None
        game._labels = None
        game._masked = {}
        game._cloned = False
        at_main = state.phase == "play"
        game._anchor = (state.copy(), 0, at_main, [])
        game._proc = game_flow(state) if not at_main else None
        game._req = None
        state.events = []
        if game._proc is None:
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

    def action_text(self, action: Any) -> str:
        """The stable text form of option ``action`` (IllegalAction for a bad index)."""
        return option_text(self._state, self._resolve(action))

    def action_label(self, action: Any) -> str:
        """The words for people of option ``action`` (an index or a text): no two options
        of a decision read alike (``labels.decision_labels``)."""
        self._resolve(action)  # (an IllegalAction for a bad one)
        index = action if isinstance(action, int) else \
            self.action_texts().index(" ".join(action.split()))
        return self.action_labels()[index]

    def action_labels(self) -> list[str]:
        """The label of every option of the current decision, in order (built when first
        asked for: play never needs them)."""
        req = self._req
        if req is None:
            return []
        if self._labels is None or self._labels[0] is not req:
            self._labels = (req, decision_labels(self._state, req))
        return self._labels[1]

    def action_texts(self) -> list[str]:
        if self._req is None:
            return []
        if self._texts is None:
            self._texts = [option_text(self._state, o) for o in self._req.options]
        return self._texts

    def _resolve(self, action: Any) -> Option:
        req = self._req
        if req is None:
            raise IllegalAction("the game is over")
        if isinstance(action, bool):
            raise IllegalAction(f"malformed action {action!r}; give an option's index or text")
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
                f"{clip(action)!r} is not legal now; player {req.player} must choose one of: "
                + ", ".join(texts)
            )
        raise IllegalAction(f"malformed action ({describe(action)}); give an option's index "
                            "or text")

    def apply(self, action: Any) -> None:
        """Make the current decision: an index from ``legal_actions()`` or an option's text
        (``Action``; anything else is an IllegalAction)."""
        opt = self._resolve(action)
        req = self._req
        assert req is not None
        text = option_text(self._state, opt)
        if req.kind == "main" and len(self._log) - self._anchor[1] >= REANCHOR_EVERY:
            self._anchor = (self._state.copy(), len(self._log), True, [])
        # the seats that cannot see a card this decision names (a card chosen in a hand)
        hidden_before = hidden_choice(self._state, opt, req.player)
        chosen_base = hidden_base(self._state, opt)
        self._log.append(text)
        self._opts.append(opt)
        anchor = self._anchor
        try:
            self._step(opt)
        except Exception:
            # an engine fault: put the position back as it was before this decision
            self._log.pop()
            self._opts.pop()
            self._anchor = anchor  # (not one taken during the failed decision)
            self._restore_from_anchor()
            raise
        if self._cloned and self._proc is None and self._req is not None:
            self._anchor = (self._state.copy(), len(self._log), True, [])
        if hidden_before or chosen_base is not None:
            masked = secret_texts(self._state, hidden_before, text, chosen_base, req.player)
            if masked:
                self._masked[len(self._log) - 1] = masked

    def _advance(self, opt: Option | None) -> None:
        assert self._proc is not None
        self._texts = None
        try:
            req = next(self._proc) if opt is None else self._proc.send(opt)
            while req is CHECKPOINT:
                # a point where the flow holds nothing beyond the state (a phase begins): a
                # searched game anchors here, so mid-ability clones replay less
                if self._cloned:
                    self._anchor = (self._state.copy(), len(self._log), False,
                                    self._state.events[:])
                req = next(self._proc)
        except StopIteration:
            self._req = None
            self._proc = None
            return
        self._req = req
        if req.kind == "main":
            # the flow holds nothing beyond the state here (no ability is under way, nothing
            # to clean up): drop it, unclosed, so copies stay cheap (closing it costs a
            # thrown GeneratorExit)
            self._proc = None

    def _restore_from_anchor(self) -> None:
        rebuilt = self._replay_from_anchor()
        self._state = rebuilt._state
        self._req = rebuilt._req
        self._proc = rebuilt._proc
        self._anchor = rebuilt._anchor

    def _replay_from_anchor(self) -> Game:
        """This position rebuilt from the anchor by making the decisions since it again. Their
        texts are kept, not recomputed, and the anchor's Play Cards options are built only
        when no decision follows it (the first one resumes the flow directly)."""
        snap, index, at_main, events = self._anchor
        game = Game(_MAKING)
        game._state = snap.copy()
        game._setup = self._setup
        game._log = self._log[:]
        game._opts = self._opts[:]
        game._texts = None
        game._labels = None
        game._masked = self._masked.copy()
        game._cloned = False
        game._anchor = self._anchor
        game._proc = None
        if at_main and index == len(self._opts):
            game._req = main_request(game._state)
        elif not at_main:
            game._proc = game_flow(game._state)
            game._advance(None)
            if index == len(self._opts):  # the decision under way began before the anchor
                game._state.events[:0] = events
        for opt in self._opts[index:]:
            assert opt is not None  # (after the anchor: decisions made in this game)
            game._step(opt)
        return game

    def _replay(self, opt: Option) -> None:
        """Make a decision again while rebuilding a position (no checks, no bookkeeping)."""
        self._log.append(option_text(self._state, opt))
        self._opts.append(opt)
        self._step(opt)

    def _step(self, opt: Option) -> None:
        """Run the flow on from the current decision, answered with ``opt``."""
        self._state.events = []
        if self._proc is None:
            self._proc = game_flow(self._state, resume=opt)
            self._advance(None)
        else:
            self._advance(opt)

    def clone(self) -> Game:
        """An independent copy that evolves exactly like this game under the same decisions."""
        self._cloned = True  # more clones are likely to follow: anchor at each main decision
        if self._proc is not None:
            return self._replay_from_anchor()
        if self._anchor[1] != len(self._log):
            # anchor here; the snapshot is only ever copied, so this game and its clone (and
            # clones taken later in the middle of an ability) share it
            self._anchor = (self._state.copy(), len(self._log), self._req is not None, [])
        game = Game(_MAKING)
        game._state = self._state.copy()
        game._setup = self._setup
        game._req = self._req
        game._proc = None
        game._log = self._log[:]
        game._opts = self._opts[:]
        game._masked = self._masked.copy()
        game._cloned = False
        game._anchor = self._anchor
        game._texts = self._texts
        game._labels = self._labels
        return game

    def _check_player(self, player: Any) -> None:
        n = self._state.nplayers
        if isinstance(player, bool) or not isinstance(player, int) or not 0 <= player < n:
            raise IllegalAction(f"player {describe(player)} is not in this game (players are "
                                f"0..{n - 1})")

    # ---- saving --------------------------------------------------------------------------

    @property
    def setup(self) -> Setup:
        """A copy of the setup (or scenario) this game started from."""
        return copy.deepcopy(self._setup)

    def to_dict(self) -> dict[str, Any]:
        """The whole game as data: setup (with seed), the decisions made, and checks of the
        positions they reach (see ``saves``)."""
        return save_data(self, Game.new)

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), indent=1)

    @classmethod
    def from_dict(cls, data: Any) -> Game:
        """Replay a saved game. Raises ReplayError naming the bad field, or the first
        decision that does not fit or does not reach the saved position."""
        return load_save(data, cls.new)

    @classmethod
    def from_json(cls, text: Any) -> Game:
        """``from_dict`` of JSON text (or UTF-8 bytes)."""
        return load_save_text(text, cls.new)

    # ---- what a player may see ---------------------------------------------------------

    def observation(self, player: Any) -> dict[str, Any]:
        """Everything ``player`` may know, and nothing else (no other hand, no deck order).
        A player number out of range, -1 included, is refused like a bad action: a
        spectator's view is ``spectator_observation()``."""
        self._check_player(player)
        return observe(self._state, player, self._req)

    def spectator_observation(self) -> dict[str, Any]:
        """What someone watching the table may know: public information only (no hand, no
        known cards, no options, the prompt every other seat reads); it matches
        ``events_for(-1)`` and ``history_for(-1)``."""
        return observe(self._state, -1, self._req)

    def events_for(self, viewer: int | None) -> list[Event]:
        """The events of the last ``apply`` as ``viewer`` sees them (-1: a spectator; None:
        everything): cards it may not see are the placeholder "a card"."""
        return mask_events(self._state.events, viewer, self._state.nplayers)

    def history_for(self, viewer: int | None) -> list[str]:
        """Every decision's text as ``viewer`` sees it: a choice among cards hidden from it
        (a card put back on a deck from a hand) names "a card" instead."""
        if viewer is None:
            return list(self._log)
        masked = self._masked
        return [masked[i].get(viewer, text) if i in masked else text
                for i, text in enumerate(self._log)]

    def determinize(self, player: int, seed: int) -> Game:
        """A game ``player`` cannot tell from this one: every card hidden from them dealt
        again at random among the places they cannot see, with a fresh RNG. It depends only
        on what they know and on ``seed``, and one always comes back: in a rare position
        (about 1 in 10,000 mid-ability) it only reaches the same decision, or as far as the
        decisions since the last Play Cards decision could be made (``worlds.WorldSampler``)."""
        return WorldSampler(self, player).sample(seed)

    def seat_view(self, player: int, observation: bool = True, sampler: bool = True
                  ) -> SeatView:
        """What a computer player of ``player`` may use to decide now: plain data, and
        (``sampler``) a way to sample determinised games. It holds nothing of this game."""
        req = self._req
        if req is None:
            raise IllegalAction("the game is over: there is nothing to decide")
        mine = req.player == player
        texts = self.action_texts()[:] if mine else []
        labels = [self.action_label(i) for i in range(len(texts))]
        obs = self.observation(player) if observation else None
        return SeatView(player, req.kind, public_prompt(self._state, req, player), texts,
                        labels, obs, WorldSampler(self, player) if sampler else None)

    # ---- rebuilding positions (determinisation) ----------------------------------------

    def _trace_since_closed(self, before: int) -> tuple[
            State, int, bool, list[tuple[Request, Option, str, list[Event]]]]:
        """The last point at or before decision ``before`` where the turn flow was closed (a
        main decision, the anchor or the game's start): a copy of its state, its decision
        index, whether it is a main decision, and every decision made since it (to the
        end) as (request, option, text, events). Replays from the anchor."""
        if self._proc is None and before == len(self._log):
            return self._state.copy(), before, True, []
        if self._anchor[1] <= before:
            snap, index, at_main, _ = self._anchor
            game = Game._world(snap.copy(), self._setup, self._log[:index], at_main)
            game._opts = self._opts[:index]
        else:  # re-anchored after ``before``: replay the whole game
            game = Game.new(self._setup)
            index, at_main = 0, game._proc is None
        base = (game._state.copy(), index, at_main)
        steps: list[tuple[Request, Option, str, list[Event]]] = []
        for i in range(index, len(self._opts)):
            req = game._req
            assert req is not None
            opt = self._opts[i]
            assert opt is not None  # (a world replays only the decisions made in it)
            game._replay(opt)
            steps.append((req, opt, game._log[-1], game._state.events))
            if game._proc is None and i + 1 <= before:
                base, steps = (game._state.copy(), i + 1, True), []
        return base[0], base[1], base[2], steps

    def _resume(self, at_main: bool) -> None:
        """Start the flow on ``_state``: at a main decision, or from its phase."""
        if at_main:
            self._proc = None
            self._req = None if self._state.phase == "over" else main_request(self._state)
        else:
            self._proc = game_flow(self._state)
            self._advance(None)

    @classmethod
    def _world(cls, state: State, setup: Setup, prefix: list[str], at_main: bool) -> Game:
        """A game at ``state`` (a closed point) whose earlier decisions are only known as
        texts (``prefix``): a determinised world, which need not replay from its setup."""
        game = cls(_MAKING)
        game._state = state
        game._setup = setup
        game._log = list(prefix)
        game._opts = [None] * len(prefix)  # (known only as texts: never replayed)
        game._masked = {}
        game._texts = None
        game._labels = None
        game._cloned = False
        game._anchor = (state.copy(), len(prefix), at_main, [])
        state.events = []
        game._resume(at_main)
        return game

    def describe_card(self, card: int) -> dict[str, Any]:
        return card_view(self._state, card, None)

    # ---- why a card cannot be played (engine/api/why.py) --------------------------------------

    def _hand_card(self, card: Any) -> int:
        g = self._state
        if isinstance(card, str) and card in g.names:
            card = g.names.index(card)
        if isinstance(card, bool) or not isinstance(card, int) or not 0 <= card < len(g.names):
            raise IllegalAction(f"no card {card!r} in this game")
        if g.loc[card][0] != "hand":
            raise IllegalAction(f"{g.names[card]} is not in a hand")
        return card

    def why_not(self, card: Any) -> str | None:
        """Why the player holding ``card`` (an id or text name of a card in a hand) cannot
        play it now, in one sentence; None when an option of the current decision plays it."""
        return why.why_not(self._state, self._req, self._hand_card(card))

    def would_do_nothing(self, card: Any) -> bool:
        """Would playing this action from the current player's hand now do nothing at all
        (Shanghai with no other player's minion in play)? False for a card that cannot be
        played as an action now."""
        return why.does_nothing(self._state, self._req, self._hand_card(card))


def card_view(g: State, card: int, mods: Any, viewer: int | None = None,
              power_now: int | None = None) -> dict[str, Any]:
    """A card face up; ``viewer`` (a player) also sees the cards stored under it that
    they may look at (the rest show as "hidden"). ``power_now``: a minion's power when the
    caller has it already (``powers`` of the whole position)."""
    d = g.defs[card]
    view: dict[str, Any] = {"id": g.names[card], "name": d.name, "type": d.kind,
                            "owner": g.owner[card], "text": shown_text(d)}
    if d.labels:  # printed labels others refer to ("Wraith")
        view["labels"] = list(d.labels)
    if d.kind == "minion":
        view["printed_power"] = printed_power(g, card)  # Mimic's changes in play
    if g.in_play(card):
        view["controller"] = g.controller[card]
        copied = copy_sources(g, card)
        if copied:  # abilities it has copied for now (Copycat, Cellular Bonding)
            view["copied"] = [g.defs[c].name for c in copied]
        if g.effects and has_lost_abilities(g, card):  # for now (Bruiser, The Touch)
            view["lost_abilities"] = True
        if d.kind == "minion" and g.loc[card][0] == "minion":
            view["power"] = power(g, card, mods) if power_now is None else power_now
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
    if mods is None:
        mods = hooks(g, "power_mod")
    # every minion's power from one ``powers`` pass, and every player's total from it (what
    # ``power``, ``player_power`` and ``total_power`` give minion by minion: a search's
    # sampler compares a whole observation for each world it replays)
    shields = hooks(g, "protects") if mods else []
    minion_powers = powers(g, None, mods, shields)
    totals = every_players_power(g, mods, shields, minion_powers)
    bases = []
    for slot, bid in enumerate(g.bases):
        bdef = g.base_defs[bid]
        row = minion_powers[slot]
        bases.append({
            "id": g.base_names[bid], "name": bdef.name, "text": bdef.text,
            "breakpoint": breakpoint(g, slot), "printed_breakpoint": bdef.breakpoint,
            "vp": list(bdef.vp), "total_power": sum(totals[slot]),
            "power_by_player": list(totals[slot]),
            "minions": [card_view(g, m, mods, viewer, row[i])
                        for i, m in enumerate(g.minions[slot])],
            "actions": [card_view(g, a, mods, viewer) for a in g.base_actions[slot]],
            "buried": [
                "hidden" if viewer is not None and hidden_from(g, c, viewer) else g.names[c]
                for c in g.zones.get(("buried", slot), ())
            ],
            # whose each buried card is (they lie facing their controller: public)
            "buried_by": [g.controller[c] for c in g.zones.get(("buried", slot), ())],
        })
    return bases


def duel_view(g: State, viewer: int) -> dict[str, Any] | None:
    """The duel under way as ``viewer`` sees it (None: no duel): the face-down card they
    placed themselves is named to them only (``mine``)."""
    d = duel_under_way(g)
    if d is None:
        return None
    mine = g.zones.get(("duel", viewer), []) if viewer >= 0 else []
    # a minion that left play during the duel (its card may now be hidden) is not named
    return {"minions": [g.names[m] if g.loc[m][0] == "minion" else None for m in d[:2]],
            "slot": g.slot_of(d[0]), "controllers": [g.controller[d[0]], g.controller[d[1]]],
            "placed": [d[2], d[3]], "mine": [g.names[c] for c in mine]}


def observe(g: State, player: int, req: Request | None) -> dict[str, Any]:
    mods = hooks(g, "power_mod")
    bases = base_views(g, player, mods)
    seat = player >= 0  # -1: a spectator, who holds no hand and was shown nothing
    known = sorted(
        (g.names[c], g.loc[c][0], g.loc[c][1] if len(g.loc[c]) > 1 else None)
        for c in (g.known[player] if seat else ())
        if g.loc[c][0] in HIDDEN_ZONES and g.loc[c] != ("hand", player)
    )
    obs: dict[str, Any] = {
        "player": player, "turn": g.turn, "phase": g.phase, "current": g.current,
        "vp": list(g.vp), "bases": bases,
        "hand": [g.names[c] for c in g.hands[player]] if seat else [],
        "hand_sizes": [len(h) for h in g.hands],
        "deck_sizes": [len(d) for d in g.decks],
        "discards": [[g.names[c] for c in d] for d in g.discards],
        "base_deck_size": len(g.base_deck),
        "base_discard": [g.base_names[b] for b in g.base_discard],
        # extra turns won (Portal Room), in the order they will be taken: public
        "extra_turns": list(extra_turns_queued(g)),
        # extra plays promised for a player's next turn (Wraithrustlers HQ): public
        "next_turn_extras": [[list(kinds) for kinds in waiting_next_turn(g, p)]
                             for p in range(g.nplayers)],
        "known": [list(k) for k in known],
        "factions": [list(f) for f in g.factions],
        "plays_left": {"minion": g.minion_plays, "action": g.action_plays,
                       "constrained": len(g.grants),
                       "conditions": [why.grant_text(g, gr) for gr in g.grants]}
        if player == g.current else None,
        "winner": g.winner,
        # cards in stasis lie face up in front of their owner; revealed cards are public
        "stasis": [[dict(card_view(g, c, mods, player), stasis=g.stasis.get(c, 0))
                    for c in g.zones.get(("stasis", p), ())] for p in range(g.nplayers)],
        "revealed": [[g.names[c] for c in g.zones.get(("revealed", p), ())]
                     for p in range(g.nplayers)],
        # a duel under way (engine/mechanics/duels.py): its two minions, and whether each side
        # placed a
        # face-down card (never which, before the reveal)
        "duel": duel_view(g, player),
    }
    if req is not None:
        decision: dict[str, Any] = {"player": req.player, "kind": req.kind,
                                    "prompt": public_prompt(g, req, player),
                                    "source": source_name(g, req.source, player),
                                    "source_id": source_id(g, req.source, player),
                                    # what the decision names, for a table to show its text
                                    "cards": decision_cards(g, req, player)}
        if req.player == player:
            decision["options"] = [option_text(g, o) for o in req.options]
        obs["decision"] = decision
    # for the seat at its Play Cards decision: why each card it cannot play can't be played,
    # and the actions it may play that would do nothing now
    at_main = req is not None and req.kind == "main" and req.player == player
    obs["unplayable"] = why.unplayable(g, req, player) if at_main else {}
    obs["warnings"] = why.warnings(g, req, player) if at_main else {}
    return obs
