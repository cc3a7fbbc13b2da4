"""A heuristic computer opponent: one-ply lookahead on a hand-written evaluation.

It sees only its seat's view. To look ahead it samples one determinised game from the view
(the other hands and every deck order dealt at random among what it cannot see) and works
in that world: for each option it clones the world, applies the option, finishes any
further decisions of its own in that ability greedily (by a static look at the position),
and scores the result: victory points first, then who is winning each base weighted by how
close the base is to scoring, then power on the table and cards in hand. "End the turn" is
looked at after the bases have scored, so it sees the VP it would win; and after each
candidate play it also looks at ending the turn right there, so it sees the bases that play
would break.

>>> import smashup
>>> from smashup.agents import HeuristicAgent
>>> game = smashup.Game.new({"factions": [["aliens", "ninjas"], ["ninjas", "aliens"]], "seed": 2})
>>> HeuristicAgent(seed=0).act(game.seat_view(game.current_player)) in game.legal_actions()
True
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from ..engine.api.worlds import DeterminizeError, SeatView
from ..engine.facts.query import breakpoint, every_players_power, hooks

if TYPE_CHECKING:
    from ..engine.api.game import Game
    from ..engine.core.state import State

WIN = 10_000.0
READY_WEIGHT = 3.0  # per VP a ready base would give (it scores at the end of the turn)
HAND_WEIGHT = 0.7  # cards in hand matter, but less than using them
NESTED_LIMIT = 12  # own follow-up decisions finished greedily inside one lookahead
WORST = 1 << 30  # below any VP or power a player can have (where the maxima start)


def evaluate(g: State, me: int) -> float:
    """How good the position is for player ``me`` (higher is better)."""
    if g.winner is not None:
        return WIN if g.winner == me else -WIN
    # (written as plain loops over ints: a search calls it at every leaf, and compiled they
    # cost a third of the generators they replace; the floats add up in the same order)
    nplayers = g.nplayers
    vp = g.vp
    top_rival_vp = -WORST
    for p in range(nplayers):
        if p != me and vp[p] > top_rival_vp:
            top_rival_vp = vp[p]
    score = 20.0 * (vp[me] - top_rival_vp)
    score += 4.0 * vp[me]
    mods = hooks(g, "power_mod")
    shields = hooks(g, "protects") if mods else []
    bp_mods = hooks(g, "breakpoint_mod")
    for slot, powers in enumerate(every_players_power(g, mods, shields)):
        awards = expected_awards(g, slot, powers)
        mine = awards[me]
        rival = 0
        top_rival_power = -WORST
        total = 0
        for p in range(nplayers):
            total += powers[p]
            if p != me:
                if awards[p] > rival:
                    rival = awards[p]
                if powers[p] > top_rival_power:
                    top_rival_power = powers[p]
        need = max(1, breakpoint(g, slot, bp_mods))
        if total >= need:
            # it will score at the end of the turn
            score += READY_WEIGHT * (mine - rival)
        else:
            progress = total / need
            score += (3.0 * mine - 1.5 * rival) * progress * progress
        score += 0.6 * powers[me] - 0.3 * top_rival_power
    rival_cards = 0
    for p in range(nplayers):
        if p != me:
            rival_cards += len(g.hands[p])
    score += HAND_WEIGHT * hand_value(g, me) - 0.4 * rival_cards
    return score


def _eligible(g: State, slot: int, player: int, powers: list[int]) -> bool:
    """A player takes part in a base's scoring with power there or a minion there."""
    if powers[player] > 0:
        return True
    controller = g.controller
    for m in g.minions[slot]:
        if controller[m] == player:
            return True
    return False


def expected_awards(g: State, slot: int, powers: list[int]) -> list[int]:
    """Per player, the VP they would get if the base scored now (0 if none; ties share the
    better place)."""
    vp = g.base_defs[g.bases[slot]].vp
    nplayers = len(powers)
    eligible = [_eligible(g, slot, p, powers) for p in range(nplayers)]
    awards = [0] * nplayers
    for p in range(nplayers):
        if eligible[p]:
            pw = powers[p]
            place = 0
            for q in range(nplayers):
                if eligible[q] and powers[q] > pw:
                    place += 1
            if place < 3:
                awards[p] = vp[place]
    return awards


def hand_value(g: State, player: int) -> float:
    """Cards in hand are options for later turns; big minions and actions are worth more."""
    defs = g.defs
    values: list[float] = []
    for c in g.hands[player]:
        d = defs[c]
        values.append(0.8 + 0.15 * d.power if d.kind == "minion" else 1.3)
    values.sort(reverse=True)
    return sum(values[:10])


class HeuristicAgent:
    """Plays minions where they win or break bases, uses actions and talents for its
    benefit, takes a "may" when it helps, and answers Specials — by looking one step ahead."""

    needs_view = True

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)
        self.unsampled = 0  # decisions with no sampled world at them (chosen at random)

    def act(self, view: SeatView) -> int:
        texts = view.texts
        if not texts:
            raise ValueError("this seat has nothing to decide now")
        if len(texts) == 1:
            return 0
        try:
            world = view.sample(self.rng.randrange(1 << 30))
        except DeterminizeError:  # a view made without a sampler
            world = None
        # the world lists the same options, possibly in another order (a searched deck);
        # in the rare world rebuilt only in part (worlds.WorldSampler) they may differ
        where = [] if world is None else world.action_texts()
        if world is None or sorted(where) != sorted(texts):
            self.unsampled += 1
            return self.rng.randrange(len(texts))
        me = view.player
        best: list[int] = []
        best_score = -float("inf")
        for index, text in enumerate(texts):
            value = self._value(world, where.index(text), me)
            if value > best_score + 1e-9:
                best, best_score = [index], value
            elif abs(value - best_score) <= 1e-9:
                best.append(index)
        return self.rng.choice(best)

    def _value(self, game: Game, action: int, me: int) -> float:
        trial = game.clone()
        trial.apply(action)
        for _ in range(NESTED_LIMIT):
            req = trial.request
            if req is None or req.player != me or req.kind == "main":
                break
            trial = self._greedy(trial, me)
        value = evaluate(trial.state, me)
        req = trial.request
        if req is not None and req.kind == "main" and req.player == me:
            # would ending the turn right after this play score well? (bases it breaks;
            # the trial is ours and not needed after, so it ends the turn itself)
            trial.apply(trial.action_texts().index("end"))
            value = max(value, evaluate(trial.state, me))
        return value

    def _greedy(self, game: Game, me: int) -> Game:
        """The game after the option whose immediate result evaluates best (no further
        lookahead). The best trial is kept, not played again: a clone evolves exactly like
        its game, and a game in the middle of an ability is costly to play on."""
        actions = game.legal_actions()
        if len(actions) == 1:
            game.apply(actions[0])
            return game
        best, best_score = game, -float("inf")
        last = actions[-1]
        for action in actions:
            # the last option is tried on the game itself: it is a trial of ours, and a
            # clone taken in the middle of an ability costs a replay from its anchor
            trial = game if action == last else game.clone()
            trial.apply(action)
            value = evaluate(trial.state, me)
            if value > best_score:
                best, best_score = trial, value
        return best
