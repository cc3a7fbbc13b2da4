"""Check the action encoding over random games: ``python -m smashup.rl.check --games 10000``.

Every option of every decision gets an id inside the action space, and the id leads back
to that option or to one interchangeable with it (``actions.collisions``). Prints counts as
JSON; exits 1 if two options that are *not* interchangeable ever share an id.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from typing import Any

from ..engine.game import Game
from ..sim import DEFAULT_TURN_CAP, game_setup
from . import actions


def check_games(games: int, seed: int = 0, players: tuple[int, ...] = (2, 3, 4)
                ) -> dict[str, Any]:
    """Play ``games`` random games (game i: seed ``seed + i``, ``players[i % len]`` players,
    random factions of all the implemented ones) and check every decision's encoding."""
    decisions = options = interchangeable = ambiguous = 0
    overflow = 0
    worst: list[dict[str, Any]] = []
    blocks_used: dict[str, int] = {}
    start = time.process_time()
    for i in range(games):
        setup = game_setup(seed + i, players[i % len(players)], bases="all")
        game = Game.new(setup)
        rng = random.Random(seed + i)
        while not game.is_over and game.state.turn <= DEFAULT_TURN_CAP:
            req = game.request
            assert req is not None
            ids = actions.encode_options(game.state, req)
            decisions += 1
            options += len(ids)
            for a in ids:
                if not 0 <= a < actions.N_ACTIONS:
                    raise AssertionError(f"id {a} outside the action space (seed {seed + i})")
                if actions.BLOCKS["other"].start <= a < actions.BLOCKS["player"].start:
                    overflow += 1
                name = _block_of(a)
                blocks_used[name] = blocks_used.get(name, 0) + 1
            same, differ = actions.collisions(game.state, req, ids)
            interchangeable += same
            if differ:
                ambiguous += differ
                if len(worst) < 5:
                    worst.append({"seed": seed + i, "decision": len(game.history),
                                  "kind": req.kind, "options": game.action_texts()})
            game.apply(rng.randrange(len(req.options)))
    return {
        "games": games, "seed": seed, "players": list(players), "decisions": decisions,
        "options": options, "interchangeable_shared": interchangeable,
        "ambiguous_shared": ambiguous, "unnamed_options": overflow, "examples": worst,
        "ids_by_block": dict(sorted(blocks_used.items())),
        "cpu_s": round(time.process_time() - start, 1),
    }


def _block_of(action: int) -> str:
    return next(b.name for b in reversed(actions.LAYOUT) if b.start <= action)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m smashup.rl.check",
                                     description="check the fixed action encoding")
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    report = check_games(args.games, args.seed)
    print(json.dumps(report, indent=1))
    return 1 if report["ambiguous_shared"] else 0


if __name__ == "__main__":
    sys.exit(main())
