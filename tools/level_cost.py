"""CPU per decision of computer players, side by side on the same decisions.

    python tools/level_cost.py hard,expert

The decisions: every ninth decision with a choice of three two-player games of the
heuristic player (seeds 100-102, up to turn 60). Each is decided by every named player in
turn, the order alternating from one decision to the next, and timed in process time. Prints
each player's mean and largest CPU seconds per decision (docs/learned.md, Cost per decision).
"""

from __future__ import annotations

import sys
import time

import smashup
from smashup.agents import decide
from smashup.engine.api.game import Game
from smashup.engine.api.worlds import SeatView
from smashup.sim import game_setup, make_agent


def decisions() -> list[SeatView]:
    views = []
    for seed in (100, 101, 102):
        game = Game.new(game_setup(seed, 2))
        players = [make_agent("heuristic", seed * 10 + p) for p in range(2)]
        chosen = 0
        while not game.is_over and game.state.turn < 60:
            if len(game.legal_actions()) > 1:
                chosen += 1
                if chosen % 9 == 0:
                    views.append(game.seat_view(game.current_player))
            game.apply(decide(game, players[game.current_player]))
    return views


def main(specs: list[str]) -> None:
    views = decisions()
    total = dict.fromkeys(specs, 0.0)
    most = dict.fromkeys(specs, 0.0)
    for i, view in enumerate(views):
        for spec in specs if i % 2 == 0 else specs[::-1]:
            agent = make_agent(spec, i)
            start = time.process_time()
            agent.act(view)
            spent = time.process_time() - start
            total[spec] += spent
            most[spec] = max(most[spec], spent)
    build = "compiled" if smashup.engine.COMPILED else "from its sources"
    print(f"{len(views)} decisions, engine {build}")
    for spec in specs:
        print(f"{spec}: mean {total[spec] / len(views):.4f} s, max {most[spec]:.3f} s")


if __name__ == "__main__":
    main(sys.argv[1].split(",") if len(sys.argv) > 1 else ["hard", "expert"])
