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

from ..engine.api.game import Game
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


def check_in_parallel(games: int, seed: int = 0, workers: int = 1) -> dict[str, Any]:
    """``check_games`` split into ``workers`` processes (seeds in consecutive chunks whose
    sizes are multiples of 3, so each game keeps its player count), merged."""
    if workers <= 1 or games < 6:
        return check_games(games, seed)
    import multiprocessing

    chunk = max(3, -(-games // workers // 3) * 3)
    starts = list(range(0, games, chunk))
    jobs = [(min(chunk, games - s), seed + s) for s in starts]
    with multiprocessing.get_context().Pool(min(workers, len(jobs))) as pool:
        parts = pool.starmap(check_games, jobs)
    merged: dict[str, Any] = {"games": games, "seed": seed, "players": [2, 3, 4],
                              "workers": workers}
    for key in ("decisions", "options", "interchangeable_shared", "ambiguous_shared",
                "unnamed_options", "cpu_s"):
        merged[key] = round(sum(part[key] for part in parts), 1)
    merged["examples"] = [e for part in parts for e in part["examples"]][:5]
    blocks: dict[str, int] = {}
    for part in parts:
        for name, count in part["ids_by_block"].items():
            blocks[name] = blocks.get(name, 0) + count
    merged["ids_by_block"] = dict(sorted(blocks.items()))
    return merged


def _block_of(action: int) -> str:
    return next(b.name for b in reversed(actions.LAYOUT) if b.start <= action)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m smashup.rl.check",
                                     description="check the fixed action encoding")
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--workers", type=int, default=1, help="processes (default 1)")
    args = parser.parse_args(argv)
    report = check_in_parallel(args.games, args.seed, args.workers)
    print(json.dumps(report, indent=1))
    return 1 if report["ambiguous_shared"] else 0


if __name__ == "__main__":
    sys.exit(main())
