"""Seeded games between search agents, traced decision by decision: what the search chose
and how often it tried each option at the root. ``ismcts_same_test.py`` compares a trace with
the recorded one (see its docstring for when it was recorded), so a change that should leave
the search's decisions alone can show that it did.

Recording again (from a checkout of the commit the fixture should come from):
``PYTHONPATH=src python tests/agents/search_trace.py > tests/agents/data/ismcts_trace.json``
"""

from __future__ import annotations

import json
import sys
from typing import Any

from smashup.agents import decide
from smashup.agents.ismcts import ISMCTSAgent
from smashup.engine.api.game import Game
from smashup.sim import game_setup

GAMES = ((1, 2), (2, 2), (3, 3), (4, 2))
"""(seed, players) of the traced games."""
DECISIONS = 40
"""Decisions traced per game (every seat's, single-option ones included)."""
ITERATIONS = 60


class _Tracing(ISMCTSAgent):
    """The search agent, keeping the root of its last search, for a commit whose agent does
    not (``last_root``; the fixture's, 1ea640f). Interpreted only: a compiled agent cannot be
    subclassed, and has ``last_root``."""

    def _iterate(self, root: Any, *args: Any) -> None:  # type: ignore[override]
        self.last_root = root
        super()._iterate(root, *args)


def _agent(seed: int) -> ISMCTSAgent:
    agent = ISMCTSAgent(iterations=ITERATIONS, seed=seed)
    return agent if hasattr(agent, "last_root") else _Tracing(iterations=ITERATIONS, seed=seed)


def trace(seed: int, players: int) -> list[dict[str, Any]]:
    game = Game.new(game_setup(seed, players, bases="all"))
    agents = [_agent(seed * 10 + p) for p in range(players)]
    steps: list[dict[str, Any]] = []
    for _ in range(DECISIONS):
        if game.is_over:
            break
        agent = agents[game.current_player]
        agent.last_root = None
        action = decide(game, agent)
        root = agent.last_root
        steps.append({"player": game.current_player, "chosen": game.action_text(action),
                      "iterations": agent.last_iterations,
                      "visits": {} if root is None else dict(sorted(root.visits.items())),
                      # the summed rewards, to 9 places (the same evaluations, the same sums)
                      "reward": {} if root is None else {t: round(r, 9) for t, r
                                                         in sorted(root.reward.items())}})
        game.apply(action)
    return steps


def record() -> dict[str, Any]:
    return {f"{seed}/{players}": trace(seed, players) for seed, players in GAMES}


if __name__ == "__main__":
    json.dump(record(), sys.stdout, indent=0, sort_keys=True)
    sys.stdout.write("\n")
