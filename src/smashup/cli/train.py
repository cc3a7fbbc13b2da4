"""``smashup train``: the learned value's pipeline (self-play, training, strength), see
docs/learned.md. Needs the learn extra (PyTorch's CPU build) and the lab extra (pyarrow,
matplotlib); playing with the result needs numpy only."""

from __future__ import annotations

import argparse
import json
from collections.abc import Callable, Sequence
from typing import Any

from ..engine.api.setup import SetupError
from ..lab.runner import BACKENDS


def _ints(text: str, what: str) -> list[int]:
    try:
        return [int(t) for t in text.split(",") if t.strip()]
    except ValueError:
        raise SetupError(f"{what}: whole numbers separated by commas, not {text!r}") from None


OPTIONS = ("generations", "games", "players", "selfplay", "search_iterations", "epochs",
           "hidden", "segments", "batch", "lr", "weight_decay", "window", "seed", "workers",
           "shard_games", "eval_games", "eval_against", "eval_iterations", "threads",
           "backend", "address")
FLAGS = ("heuristic", "prior")
PRIOR_OPTIONS = ("games", "players", "selfplay", "epochs", "batch", "lr", "seed", "workers",
                 "shard_games")
"""The options a ``--prior`` run reads (the others are the value's)."""


def _command(args: argparse.Namespace, options: Sequence[str] = OPTIONS) -> list[str]:
    """The options the run was made with, every one of ``options`` spelt out (the recipe's
    command), its flags first."""
    words = ["--out", str(args.out)] + ["--" + name for name in FLAGS if getattr(args, name)]
    for name in options:
        value = getattr(args, name)
        if value is not None:
            words += ["--" + name.replace("_", "-"), str(value)]
    return words


def _segments(text: str) -> tuple[str, ...]:
    from ..value.model import COMPACT, SEGMENT_NAMES

    named = {"compact": COMPACT, "all": SEGMENT_NAMES}
    return named.get(text, tuple(s.strip() for s in text.split(",") if s.strip()))


def cmd_train(args: argparse.Namespace) -> int:
    try:
        from ..value.train import train
    except ImportError as err:  # numpy (or the rl package's) missing
        raise SetupError(f"smashup train needs the nn, learn and lab extras (pip install "
                         f"'smashup[nn,learn,lab]'): {err}") from None
    from ..sim import make_agent

    if args.prior:
        return _train_prior(args)
    args.selfplay = args.selfplay or "heuristic"
    args.lr = 1e-3 if args.lr is None else args.lr
    make_agent(args.selfplay, 0)  # an unknown agent fails before any game is played
    for opponent in args.eval_against.split(","):
        make_agent(opponent, 0)
    report = train(
        args.out, generations=args.generations, games=args.games,
        players=_ints(args.players, "--players"), selfplay_agent=args.selfplay,
        search_iterations=args.search_iterations, epochs=args.epochs,
        hidden=_ints(args.hidden, "--hidden"), segments=_segments(args.segments),
        batch=args.batch, lr=args.lr,
        weight_decay=args.weight_decay, window=args.window, seed=args.seed,
        workers=args.workers, shard_games=args.shard_games, eval_games=args.eval_games,
        eval_against=args.eval_against.split(","), eval_iterations=args.eval_iterations,
        threads=args.threads, heuristic=args.heuristic, backend=args.backend,
        address=args.address, argv=_command(args), tell=_teller(args))
    return _summary(args, report, f"model: {args.out}/value.npz", f"curve: {args.out}/curve.json"
                    f", {args.out}/learning_curve.png")


def _teller(args: argparse.Namespace) -> Callable[[str], None]:
    """Progress lines for people; none when only the JSON report is wanted."""
    return (lambda line: None) if args.json else print


def _summary(args: argparse.Namespace, report: dict[str, Any], model: str, rest: str) -> int:
    """The report as JSON (``--json``), or where the outputs are."""
    if args.json:
        print(json.dumps(report, indent=1))
    else:
        print(f"{model} ({report['recipe']['size_bytes']} bytes), {rest}")
    return 0


def _train_prior(args: argparse.Namespace) -> int:
    """``--prior``: the learned prior over options from the search's visits."""
    from ..sim import make_agent
    from ..value.prior_train import train_prior

    args.selfplay = args.selfplay or "expert"
    args.lr = 0.05 if args.lr is None else args.lr
    make_agent(args.selfplay, 0)
    words = _command(args, PRIOR_OPTIONS)
    report = train_prior(
        args.out, games=args.games, players=_ints(args.players, "--players"),
        selfplay_agent=args.selfplay, epochs=args.epochs, batch=args.batch, lr=args.lr,
        seed=args.seed, workers=args.workers, shard_games=args.shard_games, argv=words,
        tell=_teller(args))
    return _summary(args, report, f"prior: {args.out}/prior.npz",
                    f"report: {args.out}/prior.json")


def add_train_parser(sub: Any) -> None:
    p = sub.add_parser("train", help="learn a value of positions from self-play (for the "
                                     "search's ismcts:N+value; needs the learn extra)")
    p.add_argument("--out", required=True, metavar="DIR",
                   help="the run's folder: data/, checkpoints, curve.json, learning_curve.png, "
                        "value.npz, value.json; run again to resume")
    p.add_argument("--generations", type=int, default=1, metavar="N",
                   help="self-play, train, repeat (generation 2 on: the search with the last "
                        "value plays); default 1")
    p.add_argument("--games", type=int, default=200, metavar="N",
                   help="self-play games per generation (default 200)")
    p.add_argument("--players", default="2,3,4", metavar="P,..",
                   help="player counts, in turn (default 2,3,4)")
    p.add_argument("--selfplay", metavar="AGENT",
                   help="who plays generation 1's games (default heuristic; with --prior, "
                        "the search whose visits the prior learns: default expert)")
    p.add_argument("--prior", action="store_true",
                   help="learn the prior over options (for ismcts:N+prior) from the visits "
                        "of --selfplay's searches instead of a value: prior.npz, prior.json "
                        "(docs/learned.md)")
    p.add_argument("--search-iterations", type=int, default=100, metavar="N",
                   help="the search's iterations in later generations' games (default 100)")
    p.add_argument("--epochs", type=int, default=20, metavar="N", help="default 20")
    p.add_argument("--hidden", default="32,32", metavar="H,..",
                   help="hidden layer sizes (default 32,32)")
    p.add_argument("--segments", default="compact", metavar="compact|all|S,..",
                   help="the observation segments the network reads (docs/rl.md's names; "
                        "default compact: docs/learned.md)")
    p.add_argument("--heuristic", action="store_true",
                   help="also read the heuristic's evaluation of the position, and start from "
                        "it: the network learns corrections to it (docs/learned.md)")
    p.add_argument("--batch", type=int, default=256, help="default 256")
    p.add_argument("--lr", type=float,
                   help="Adam's step size (default 0.001; with --prior 0.05)")
    p.add_argument("--weight-decay", type=float, default=1e-4, help="default 0.0001")
    p.add_argument("--window", type=int, default=2, metavar="N",
                   help="train on the positions of the last N generations (default 2)")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--workers", type=int, default=1, metavar="W",
                   help="self-play (and strength) games on W processes, or self-play on a "
                        "Ray of W CPUs started for the run (default 1)")
    p.add_argument("--backend", choices=BACKENDS, default="local",
                   help="self-play on local processes (default) or a Ray cluster, as the "
                        "lab plays (docs/lab.md); the strength games stay local")
    p.add_argument("--address", metavar="HOST:PORT",
                   help="the Ray cluster to join; refused in at most 15 s when it does not "
                        "answer (default: start Ray of the run's own)")
    p.add_argument("--shard-games", type=int, default=10, metavar="N",
                   help="games per Parquet file, the unit of resuming (default 10)")
    p.add_argument("--eval-games", type=int, default=0, metavar="N",
                   help="after each generation, N two-player games against each "
                        "--eval-against opponent (default 0: none)")
    p.add_argument("--eval-against", default="heuristic", metavar="A,..",
                   help="the fixed opponents of the strength check (default heuristic)")
    p.add_argument("--eval-iterations", type=int, metavar="N",
                   help="the search's iterations in the strength check (default: "
                        "--search-iterations)")
    p.add_argument("--threads", type=int, default=1, help="PyTorch threads (default 1)")
    p.add_argument("--json", action="store_true", help="print only the report, as JSON")
    p.set_defaults(run=cmd_train)
