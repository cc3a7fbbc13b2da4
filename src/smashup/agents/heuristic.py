"""A heuristic computer opponent: one-ply lookahead on a hand-written evaluation.

For each option of its own decision it clones the game, applies the option,
finishes any further decisions of its own in that ability greedily (by a
static look at the position), and scores the result: victory points first,
then who is winning each base weighted by how close the base is to scoring,
then power on the table and cards in hand. "End the turn" is looked at after
the bases have scored, so it sees the VP it would win.

>>> import smashup
>>> from smashup.agents import HeuristicAgent
>>> game = smashup.Game.new({"factions": [["aliens", "ninjas"], ["ninjas", "aliens"]], "seed": 2})
>>> HeuristicAgent(seed=0).act(game) in game.legal_actions()
True
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from ..engine.query import breakpoint, hooks, player_power

if TYPE_CHECKING:
    from ..engine.game import Game
    from ..engine.state import State

WIN = 10_000.0
NESTED_LIMIT = 12  # own follow-up decisions finished greedily inside one lookahead


def evaluate(g: State, me: int) -> float:
    """How good the position is for player ``me`` (higher is better)."""
    if g.winner is not None:
        return WIN if g.winner == me else -WIN
    others = [p for p in range(g.nplayers) if p != me]
    score = 20.0 * (g.vp[me] - max(g.vp[p] for p in others))
    score += 4.0 * g.vp[me]
    mods = hooks(g, "power_mod")
    for slot, bid in enumerate(g.bases):
        vp = g.base_defs[bid].vp
        powers = [player_power(g, slot, p, mods) for p in range(g.nplayers)]
        total = sum(powers)
        progress = min(1.0, total / max(1, breakpoint(g, slot)))
        mine = powers[me]
        rivals = sorted((powers[p] for p in others), reverse=True)
        if mine == 0 and not any(g.controller[m] == me for m in g.minions[slot]):
            expected = 0.0
        elif mine >= rivals[0]:
            expected = vp[0]
        elif len(rivals) < 2 or mine >= rivals[1]:
            expected = vp[1]
        else:
            expected = vp[2]
        best_rival = max(vp[0] if powers[p] == max(powers) else 0 for p in others)
        score += (3.0 * expected - 1.5 * best_rival) * progress * progress
        score += 0.6 * mine - 0.3 * max(rivals)
    score += 1.2 * min(len(g.hands[me]), 10) - 0.4 * sum(len(g.hands[p]) for p in others)
    return score


class HeuristicAgent:
    """Plays minions where they win or break bases, uses actions and talents for its
    benefit, takes a "may" when it helps, and answers Specials — by looking one step ahead."""

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def act(self, game: Game) -> int:
        req = game.request
        if req is None:
            raise ValueError("the game is over: there is nothing to decide")
        me = req.player
        actions = game.legal_actions()
        if len(actions) == 1:
            return actions[0]
        best: list[int] = []
        best_score = -float("inf")
        for action in actions:
            value = self._value(game, action, me)
            if value > best_score + 1e-9:
                best, best_score = [action], value
            elif abs(value - best_score) <= 1e-9:
                best.append(action)
        return self.rng.choice(best)

    def _value(self, game: Game, action: int, me: int) -> float:
        trial = game.clone()
        trial.apply(action)
        for _ in range(NESTED_LIMIT):
            req = trial.request
            if req is None or req.player != me or req.kind == "main":
                break
            trial.apply(self._greedy(trial, me))
        return evaluate(trial.state, me)

    def _greedy(self, game: Game, me: int) -> int:
        """Pick the option whose immediate result evaluates best (no further lookahead)."""
        best, best_score = 0, -float("inf")
        for action in game.legal_actions():
            trial = game.clone()
            trial.apply(action)
            value = evaluate(trial.state, me)
            if value > best_score:
                best, best_score = action, value
        return best
