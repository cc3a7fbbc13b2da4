"""A determinised world played the quick way, for a search (``agents/ismcts.py``).

A search plays thousands of decisions in throwaway worlds and reads little of them: the
position, who decides, and (only at its own decisions in its tree) the options' texts. A
``Game`` does more for every decision: the decision's text for the history, which seats may
see it, an anchor to rebuild from, and the options of every Play Cards decision it reaches.
``QuickWorld`` takes over a sampled world and plays it on through the same turn flow with
none of that: the position and every decision that follows are exactly those of
``Game.apply``, but the history is not kept, and a Play Cards decision is built only when its
options are asked for (``request``, ``texts``): a playout ending the turn, or stopping at the
next player's turn, never builds one.

>>> import smashup
>>> from smashup.engine.api.quick import END, QuickWorld
>>> game = smashup.Game.new({"factions": [["aliens", "ninjas"], ["robots", "wizards"]],
...                          "seed": 3})
>>> me = game.current_player
>>> world = game.seat_view(me).sample_quick(0)
>>> world.at_main and world.player == me
True
>>> made = world.play_out(END, lambda req: 0, 80)  # end the turn; take the first option
>>> world.at_main and world.player != me  # the next turn's Play Cards decision, not built
True
"""

from __future__ import annotations

from collections.abc import Callable, Generator
from typing import TYPE_CHECKING, Any

from ..core.requests import CHECKPOINT, Option, Request, option_text
from ..core.requests import END as END  # (the Play Cards option that ends the phase)
from ..turn.flow import game_flow, main_request

if TYPE_CHECKING:
    from ..core.state import State
    from .game import Game


TextCache = dict[tuple[int, ...], dict[Option, str]]
"""Option texts worked out in worlds of one game, by the bases in play (the slot to base
that a text naming a base reads; every other part of a text is the option's own fields or
names fixed for the game): a search reads the same options' texts in thousands of worlds."""


class QuickWorld:
    """A world a search plays on: see the module's docstring. ``state`` is the position."""

    __slots__ = ("state", "_proc", "_req", "_main_due", "_texts", "_known_texts")

    def __init__(self, state: State, proc: Generator[Request, Any, Any] | None = None,
                 req: Request | None = None, known_texts: TextCache | None = None,
                 texts: list[str] | None = None) -> None:
        """A world at ``state``: at the decision ``req`` of the flow ``proc`` (an ability
        under way) or, without ``req``, at the Play Cards decision ``state`` is at (or the
        end of the game), built when first read. (``take_over`` makes one of a ``Game``.)
        ``known_texts``: option texts already worked out, shared by the worlds sampled from
        one game (``TextCache``); ``texts``: ``req``'s option texts, when known."""
        self.state = state
        self._proc = proc
        self._req = req
        # at a Play Cards decision whose request is not built yet
        self._main_due = req is None and state.phase != "over"
        self._texts: list[str] | None = texts
        self._known_texts: TextCache = {} if known_texts is None else known_texts
        state.events = []

    @property
    def over(self) -> bool:
        return self._req is None and not self._main_due

    @property
    def at_main(self) -> bool:
        """At a Play Cards decision (built or not)?"""
        return self._main_due or (self._req is not None and self._req.kind == "main")

    @property
    def player(self) -> int:
        """Who decides now (-1 once the game is over); the request need not be built."""
        if self._main_due:
            return self.state.current
        return -1 if self._req is None else self._req.player

    @property
    def request(self) -> Request | None:
        """The decision now (a Play Cards decision is built on this first call)."""
        if self._main_due:
            self._req = main_request(self.state)
            self._main_due = False
        return self._req

    def texts(self) -> list[str]:
        """The options' stable texts, as ``Game.action_texts`` gives them."""
        if self._texts is None:
            req = self.request
            if req is None:
                self._texts = []
            else:
                state = self.state
                bases = tuple(state.bases)
                known = self._known_texts.get(bases)
                if known is None:
                    known = self._known_texts[bases] = {}
                texts = []
                for o in req.options:
                    text = known.get(o)
                    if text is None:
                        text = known[o] = option_text(state, o)
                    texts.append(text)
                self._texts = texts
        return self._texts

    def apply(self, action: int) -> None:
        """Make the decision: ``action`` indexes the request's options (not checked)."""
        req = self.request
        assert req is not None
        self.answer(req.options[action])

    def answer(self, opt: Option) -> None:
        """Make the decision with option ``opt``; at a Play Cards decision, ``END`` needs no
        request built."""
        state = self.state
        state.events = []
        self._texts = None
        self._req = None
        self._main_due = False
        proc = self._proc
        try:
            if proc is None:  # at a Play Cards decision: a flow that stops at the next one
                proc = game_flow(state, resume=opt, stop_at_main=True)
                req = next(proc)
            else:  # an ability under way
                req = proc.send(opt)
            while req is CHECKPOINT:
                req = next(proc)
        except StopIteration:
            self._proc = None
            self._main_due = state.phase != "over"
            return
        if req.kind == "main":  # (the flow of a world taken over mid-ability builds it)
            self._proc = None
        else:
            self._proc = proc
        self._req = req

    def play_out(self, answer: Option, choose: Callable[[Request], int], limit: int) -> int:
        """Make the decision with ``answer``, then each decision after it with ``choose`` (an
        index into its options) until the next Play Cards decision, the end of the game or
        ``limit`` decisions chosen; returns how many ``choose`` made."""
        self.answer(answer)
        made = 0
        while made < limit:
            req = self._req
            if req is None or req.kind == "main":
                break
            self.answer(req.options[choose(req)])
            made += 1
        return made


def take_over(game: Game, known_texts: TextCache | None = None) -> QuickWorld:
    """A ``QuickWorld`` at ``game``'s position and decision; the game is spent, and must not
    be used afterwards (it reads as over). ``known_texts``: as for ``QuickWorld``."""
    world = QuickWorld(game._state, game._proc, game._req, known_texts)
    world._texts = game._texts
    game._req = None
    game._proc = None
    return world
