"""``smashup learn``: train a MaskablePPO agent against a built-in opponent (docs/rl.md)."""

from __future__ import annotations

import argparse
import json
from typing import Any

from ..engine.api.setup import SetupError


def cmd_learn(args: argparse.Namespace) -> int:
    try:
        from ..rl.learn import train
    except ImportError as err:  # the rl extra is missing
        raise SetupError(f"smashup learn needs the rl and learn-rl extras "
                         f"(pip install 'smashup[rl,learn-rl]'): {err}") from None
    if args.steps < 1:
        raise SetupError("--steps must be at least 1")
    if args.minutes is not None and args.minutes <= 0:
        raise SetupError("--minutes must be more than 0")
    if args.eval_games < 0:
        raise SetupError("--eval-games must be 0 or more")
    pairs = [p.split(",") for p in args.factions] if args.factions else None
    if pairs is not None and (len(pairs) != 2 or any(len(p) != 2 for p in pairs)):
        raise SetupError("--factions: two pairs a,b c,d (the learner's seat alternates)")
    report = train(steps=args.steps, seed=args.seed, opponent=args.opponent,
                   minutes=args.minutes, out=args.out, eval_games=args.eval_games,
                   pairs=pairs, threads=args.threads, verbose=not args.json)
    if args.json:
        report.pop("curve", None)
        print(json.dumps(report, indent=1))
    return 0


def add_learn_parser(sub: Any) -> None:
    p = sub.add_parser("learn", help="train a MaskablePPO agent against a computer player "
                                     "(needs the rl and learn-rl extras)")
    p.add_argument("--steps", type=int, default=1_000_000,
                   help="learner decisions to train for (default 1,000,000)")
    p.add_argument("--minutes", type=float, help="stop training after this much wall time")
    p.add_argument("--opponent", default="random",
                   help="the opponent's agent spec or level (default random)")
    p.add_argument("--factions", nargs="+", metavar="A,B",
                   help="fix both seats' factions (default: random factions each game)")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--eval-games", type=int, default=400,
                   help="games of the evaluation after training (default 400)")
    p.add_argument("--threads", type=int, default=1, help="PyTorch threads (default 1)")
    p.add_argument("--out", metavar="DIR", help="write curve.json, model.zip and "
                                                "learning_curve.png there")
    p.add_argument("--json", action="store_true", help="print only the report, as JSON")
    p.set_defaults(run=cmd_learn)
