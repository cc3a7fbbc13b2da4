"""A search agent: information-set Monte Carlo tree search over the seat's own decisions.

Each iteration samples a world the seat cannot tell from the real game (``view.sample``:
the hidden hands and deck orders dealt at random among what it cannot see) and walks one
tree in it. The tree holds only this seat's decisions of the current turn, keyed by their
stable option texts, so what is learnt in one world counts in the next; an option that a
world does not offer is simply not available there (its *availability* count, not the
parent's visits, drives exploration, as single-observer ISMCTS does). Other players'
decisions on the way (a Me First! answer, a target they choose) are made by the default
policy.

At a new node the rest of the turn is played out quickly: this seat ends its turn at once,
and every remaining decision (scoring, hand limit, other players' answers) is taken by the
fast default policy. The position the turn leaves is then scored by the heuristic agent's
evaluation, squashed into [0, 1] (a won game is 1, a lost one 0). So the search compares
whole plans for the turn, each seen through many worlds, where the heuristic agent looks
one decision ahead in a single world.

With a prior over the options (``prior=``, ``ismcts:N+prior``: ``smashup.value.prior``,
learned from the search's own visits), the search chooses at each node by PUCT instead of
trying every option once: each option's exploration is in proportion to its prior, and one
the prior rates low may never be tried (docs/learned.md, "The prior over options"; no level
uses one: it did not make the search stronger).

Budgets: ``ismcts:500`` runs 500 iterations (the same decision for the same view and seed,
whatever the hidden cards really are); ``ismcts:1s`` runs for one second of CPU time; given
both, it stops at whichever comes first (the hard level: 1000 iterations, at most 1 s). A
decision with one legal option costs nothing.

>>> import smashup
>>> from smashup.agents.ismcts import ISMCTSAgent
>>> game = smashup.Game.new({"factions": [["aliens", "ninjas"], ["robots", "wizards"]],
...                          "seed": 3})
>>> agent = ISMCTSAgent(iterations=30, seed=1)
>>> agent.act(game.seat_view(game.current_player)) in game.legal_actions()
True
"""

from __future__ import annotations

import gc
import math
import random
import threading
import time
from collections.abc import Callable
from typing import TYPE_CHECKING

from ..engine.api.quick import END
from ..engine.api.worlds import DeterminizeError, SeatView
from ..engine.core.shuffles import below
from .heuristic import WIN, evaluate

if TYPE_CHECKING:
    from ..engine.api.quick import QuickWorld
    from ..engine.core.requests import Option, Request
    from ..engine.core.state import State

EXPLORATION = 0.5
"""UCB's exploration constant, for rewards in [0, 1]."""
SCALE = 40.0
"""Evaluation points per unit of the logistic: one VP ahead is about 24 points."""
PLAYOUT_LIMIT = 80
"""Decisions after which a playout stops even if the turn has not passed."""
DESCENT_LIMIT = 40
"""Tree steps in one iteration (a turn of many plays is still a finite tree)."""
YIELD_EVERY = 16
"""Iterations between two moments a search lets other threads run (about a millisecond)."""
PASS_BIAS = 0.8
"""How often the default policy passes in a Me First! window that lets it pass."""
PRIOR_EXPLORATION = 1.0
"""PUCT's exploration constant, with a prior over the options (``ISMCTSAgent(prior=...)``)."""

LeafValue = Callable[["QuickWorld", int], float]
"""A value of a search's leaf: ``value(world, me)``, ``me``'s chance of winning in the
sampled ``world``, in [0, 1], read from what ``me`` may see of that world (the learned value,
``smashup.value.model.ValueNet``, reads ``me``'s observation of it)."""
OptionPrior = Callable[["State", "Request", int], list[float]]
"""A prior over a decision's options: ``prior(state, request, me)``, a probability for each
of ``request``'s options, read from what ``me`` (who decides) may see
(``smashup.value.prior.OptionPrior``)."""


class Node:
    """Statistics of one of the seat's decisions: per option text, visits, reward and how
    often the option was available when the node was reached."""

    __slots__ = ("visits", "reward", "available", "children", "prior")

    def __init__(self) -> None:
        self.visits: dict[str, int] = {}
        self.reward: dict[str, float] = {}
        self.available: dict[str, int] = {}
        self.children: dict[str, Node] = {}
        self.prior: dict[str, float] | None = None  # per option text, with a prior


def parse_budget(spec: str) -> tuple[int | None, float | None]:
    """``ismcts:500`` → (500, None); ``ismcts:1s`` or ``ismcts:0.5s`` → (None, seconds).

    >>> parse_budget("ismcts:500"), parse_budget("ismcts:0.5s")
    ((500, None), (None, 0.5))
    """
    _, _, budget = spec.partition(":")
    try:
        if budget.endswith("s"):
            seconds = float(budget[:-1])
            if math.isfinite(seconds) and 0 < seconds <= 600:
                return None, seconds
        elif budget.isdigit() and 0 < int(budget) <= 1_000_000:
            return int(budget), None
    except ValueError:
        pass
    raise ValueError(f"{spec!r}: an ismcts budget is iterations (ismcts:500) or seconds "
                     "(ismcts:1s), up to 1000000 iterations or 600 s")


class ISMCTSAgent:
    """Searches the seat's decisions over sampled worlds; see the module's docstring."""

    needs_view = True

    def __init__(self, iterations: int | None = None, seconds: float | None = None,
                 seed: int | None = None, exploration: float = EXPLORATION,
                 value: LeafValue | None = None, prior: OptionPrior | None = None,
                 prior_exploration: float = PRIOR_EXPLORATION) -> None:
        """``value`` scores the positions the playouts reach instead of the heuristic's
        evaluation (the expert level's learned value); ``prior`` guides which options the
        search tries (PUCT with ``prior_exploration`` instead of trying every option once,
        then UCB1). Without them, the search is as it was."""
        if iterations is None and seconds is None:
            raise ValueError("give the budget as iterations, seconds or both")
        self.value = value
        self.prior = prior
        self.prior_exploration = prior_exploration
        self.iterations = iterations
        self.seconds = seconds
        self.exploration = exploration
        self.rng = random.Random(seed)
        self.last_iterations = 0  # how many the last decision ran (for the benchmark)
        self.last_root: Node | None = None  # the tree the last search decided from (tests)

    def act(self, view: SeatView) -> int:
        texts = view.texts
        if not texts:
            raise ValueError("this seat has nothing to decide now")
        self.last_root = None
        if len(texts) == 1:
            return 0
        root = self.last_root = Node()
        allowed = set(texts)
        seed = self.rng.randrange(1 << 30)
        stop = None if self.seconds is None else time.process_time() + self.seconds
        # the collector's passes over the worlds' many short-lived objects cost a few per
        # cent of a search; what cyclic garbage a search leaves waits until it is done
        collecting = gc.isenabled()
        gc.disable()
        try:
            done = self._search(view, root, allowed, seed, stop)
        finally:
            if collecting:
                gc.enable()
        self.last_iterations = done
        if not root.visits:
            return self.rng.randrange(len(texts))
        best = max(root.visits, key=lambda t: (root.visits[t], root.reward[t], t))
        return texts.index(best)

    def _search(self, view: SeatView, root: Node, allowed: set[str], seed: int,
                stop: float | None) -> int:
        """Iterate until the budget is spent (or no world can be sampled); how many ran."""
        me = view.player
        done = 0
        # one generator deals every world and makes every random choice of the search: a
        # fresh one per world would cost as much to seed as the world costs to deal
        rng = random.Random(seed)
        while True:
            if self.iterations is not None and done >= self.iterations:
                break
            if stop is not None and done > 0 and time.process_time() >= stop:
                break
            try:
                world = view.sample_quick(rng)
            except DeterminizeError:
                break
            self._iterate(root, world, me, allowed, rng)
            done += 1
            if not done % YIELD_EVERY:
                # let other threads run: compiled, a search runs no Python bytecode, where
                # the interpreter would hand the GIL over (the server's event loop waits on
                # an agent's thread to cut its thinking short)
                time.sleep(0)
        return done

    # ---- one iteration ------------------------------------------------------------------

    def _iterate(self, root: Node, world: QuickWorld, me: int, allowed: set[str],
                 rng: random.Random) -> None:
        turn = world.state.turn
        node = root
        path: list[tuple[Node, str]] = []
        first: Option | None = None  # the choice at a new node, which the playout makes
        for _ in range(DESCENT_LIMIT):
            if world.over or _turn_passed(world, me, turn):
                break
            if world.player != me:
                req = world.request
                assert req is not None
                world.apply(_default(req, rng))
                continue
            offered = world.texts()
            texts = [t for t in offered if t in allowed] if node is root else offered
            if not texts:
                break
            available, visits = node.available, node.visits
            untried: list[str] = []
            for t in texts:
                available[t] = available.get(t, 0) + 1
                if t not in visits:
                    untried.append(t)
            if self.prior is not None:
                choice = self._select_with_prior(node, texts, offered, world, me)
                new = choice not in visits
            elif untried:
                choice = untried[below(rng, len(untried))]  # (rng.choice, inlined)
                new = True
            else:
                choice = self._select(node, texts)
                new = False
            path.append((node, choice))
            if new:
                req = world.request
                assert req is not None
                first = req.options[offered.index(choice)]
                break
            world.apply(offered.index(choice))
            child = node.children.get(choice)
            if child is None:
                child = node.children[choice] = Node()
            node = child
        value = _playout_value(world, me, turn, rng, first, self.value)
        for parent, choice in path:
            parent.visits[choice] = parent.visits.get(choice, 0) + 1
            parent.reward[choice] = parent.reward.get(choice, 0.0) + value
            if choice not in parent.children:
                parent.children[choice] = Node()

    def _select(self, node: Node, texts: list[str]) -> str:
        """UCB1 over the options available in this world (the first best, as ``max`` picks)."""
        c = self.exploration
        visits, reward, available = node.visits, node.reward, node.available
        logs = _LOGS
        best = texts[0]
        best_value = -math.inf
        for t in texts:
            n = visits[t]
            seen = available[t]
            if seen >= len(logs):
                _grow_logs(seen)
            value = reward[t] / n + c * math.sqrt(logs[seen] / n)
            if value > best_value:
                best, best_value = t, value
        return best

    def _select_with_prior(self, node: Node, texts: list[str], offered: list[str],
                           world: QuickWorld, me: int) -> str:
        """PUCT over the options available in this world: the mean reward (for an option not
        tried yet, the mean of those tried here) plus exploration in proportion to the
        prior's probability, which shrinks as the option is visited. The prior is asked once
        per node, and again only when a world offers an option it has not rated."""
        rated = node.prior
        if rated is None:
            rated = node.prior = {}
        if any(t not in rated for t in texts):
            assert self.prior is not None
            req = world.request
            assert req is not None
            for t, p in zip(offered, self.prior(world.state, req, me), strict=True):
                if t not in rated:
                    rated[t] = p
        visits, reward, available = node.visits, node.reward, node.available
        mass = 0.0
        tried = 0
        won = 0.0
        for t in texts:
            mass += rated[t]
            n = visits.get(t, 0)
            if n:
                tried += n
                won += reward[t]
        untried_value = won / tried if tried else 0.5
        c = self.prior_exploration / mass if mass > 0 else self.prior_exploration
        best = texts[0]
        best_value = -math.inf
        for t in texts:
            n = visits.get(t, 0)
            mean = reward[t] / n if n else untried_value
            value = mean + c * rated[t] * math.sqrt(available[t]) / (1 + n)
            if value > best_value:
                best, best_value = t, value
        return best


_LOGS: list[float] = [-math.inf]
"""``math.log(k)`` at index ``k`` (k >= 1), grown as UCB asks: compiled, a call of
``math.log`` is a generic Python call, several per selection; the values are the same."""
_LOGS_GROWING = threading.Lock()


def _grow_logs(k: int) -> None:
    """Make ``_LOGS`` reach index ``k`` (searches in several threads may ask at once)."""
    with _LOGS_GROWING:
        logs = _LOGS
        while len(logs) <= k:
            logs.append(math.log(len(logs)))


def _turn_passed(world: QuickWorld, me: int, turn: int) -> bool:
    """Has play moved on to another player's turn (or an extra turn) since the search began?"""
    return world.at_main and (world.player != me or world.state.turn != turn)


def _default(req: Request, rng: random.Random) -> int:
    """The fast default policy: at random, but mostly passing in Me First! windows."""
    options = req.options
    if req.kind == "me_first":
        for i, opt in enumerate(options):
            if opt.tag == "pass":
                if rng.random() < PASS_BIAS:
                    return i
                break
    return below(rng, len(options))  # (rng.randrange, inlined)


def _playout_value(world: QuickWorld, me: int, turn: int, rng: random.Random,
                   first: Option | None, leaf_value: LeafValue | None = None) -> float:
    """Make ``first`` (the choice at a new node), end this seat's turn at its next Play Cards
    decision, play out the rest of the turn by the default policy, and score the position it
    leaves for ``me`` in [0, 1] (by ``leaf_value`` when given, else the heuristic's
    evaluation). ``PLAYOUT_LIMIT`` decisions at most after ``first``. (Only the position is
    read: the Play Cards decisions on the way are never built.)"""

    def choose(req: Request) -> int:
        return _default(req, rng)

    made = 0
    if first is not None:
        made = world.play_out(first, choose, PLAYOUT_LIMIT)
    elif not world.over and not _turn_passed(world, me, turn):
        # the descent stopped at a decision of the turn (rare): the playout makes it
        if world.at_main:  # (this seat's)
            answer: Option = END
        else:
            req = world.request
            assert req is not None
            answer = req.options[_default(req, rng)]
        made = 1 + world.play_out(answer, choose, PLAYOUT_LIMIT - 1)
    while made < PLAYOUT_LIMIT and world.at_main and not _turn_passed(world, me, turn):
        made += 1  # this seat's Play Cards decision: end the turn
        made += world.play_out(END, choose, PLAYOUT_LIMIT - made)
    state = world.state
    if state.winner is not None:
        return 1.0 if state.winner == me else 0.0
    if leaf_value is not None:
        return leaf_value(world, me)
    score = evaluate(state, me)
    if abs(score) >= WIN:
        return 1.0 if score > 0 else 0.0
    return 1.0 / (1.0 + math.exp(-score / SCALE))
