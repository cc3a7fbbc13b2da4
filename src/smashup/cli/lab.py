"""``smashup lab``: run a balance sweep, report on it, replay one of its games."""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

from ..engine.api.game import Game
from ..engine.api.setup import SetupError
from ..engine.core.validate import clip
from ..lab.plan import Plan, seated_setup
from ..lab.runner import BACKENDS, run_lab
from ..lab.store import LabStore, read_plan
from ..sim import agents_for, play_game

PLAN_OPTIONS = ("agents", "decks", "factions", "games_per_matchup", "players", "sample",
                "seed", "bases", "turn_cap")


def _plan_from(args: argparse.Namespace) -> Plan | None:
    """The plan the options describe; None when they name none (resume the folder's). In a
    folder that holds a sweep, an option not given keeps the sweep's value, so that
    ``--games-per-matchup 16`` alone grows the folder's sweep."""
    saved = read_plan(args.out)
    if all(getattr(args, name) is None for name in PLAN_OPTIONS) and saved is not None:
        return None
    base = saved or Plan(decks=())
    decks: list[str] | None = list(base.decks) if saved is not None else None
    if args.decks is not None:
        decks = (None if args.decks == "all"
                 else [d.strip() for d in args.decks.split(",") if d.strip()])
    factions = [f.strip() for f in args.factions.split(",")] if args.factions else None
    if args.decks is not None and factions is not None:
        raise SetupError("give --decks or --factions, not both")
    if factions is not None:
        decks = None
    agents = ([a.strip() for a in args.agents.split(",")] if args.agents is not None
              else list(base.agents))
    return Plan.make(
        factions=factions, decks=decks, agents=agents,
        players=_given(args.players, base.players),
        games_per_matchup=_given(args.games_per_matchup, base.games_per_matchup),
        sample=args.sample if args.sample is not None else base.sample,
        seed=_given(args.seed, base.seed), bases=args.bases or base.bases,
        turn_cap=_given(args.turn_cap, base.turn_cap))


def _given(value: int | None, default: int) -> int:
    """An option's value, or its default when it was not given (a 0 given is checked
    and refused by the plan, not silently replaced)."""
    return default if value is None else value


def cmd_lab_run(args: argparse.Namespace) -> int:
    if args.workers is not None and args.workers < 1:
        raise SetupError("--workers must be at least 1")
    if args.batch_size is not None and args.batch_size < 1:
        raise SetupError("--batch-size must be at least 1")
    progress = False if args.quiet else None
    summary = run_lab(args.out, _plan_from(args), backend=args.backend, workers=args.workers,
                      address=args.address, batch_size=args.batch_size, progress=progress)
    if args.json:
        print(json.dumps(summary, indent=1))
    else:
        per_core = summary["games_per_cpu_s"]
        print(f"{summary['stored']} of {summary['planned']} games stored in {summary['folder']}"
              f" ({summary['played']} played now, {summary['stored_before']} before; "
              f"{summary['errors']} errors, {summary['capped']} capped)")
        if summary["played"]:
            print(f"{summary['backend']} backend, {summary['cpus']} CPUs, batches of "
                  f"{summary['batch_size']}: "
                  f"{summary['wall_s']} s, {summary['games_per_s']} games/s, "
                  f"{per_core} games per CPU-second")
        print(f"report: smashup lab report {summary['folder']}")
    return 1 if summary["errors"] else 0


def cmd_lab_report(args: argparse.Namespace) -> int:
    from ..lab.report import write_report

    page = write_report(args.folder)
    print(f"wrote {page} (open it in a browser; it needs no network)")
    return 0


def cmd_lab_replay(args: argparse.Namespace) -> int:
    """Play one stored game again from its seed alone and check it ends as stored."""
    store, plan = LabStore.open(args.folder)
    try:
        row = store.row(args.game)
    finally:
        store.close()
    if row is None:
        raise SetupError(f"no game {clip(args.game)!r} is stored in {args.folder} (keys look "
                         "like 'aliens+ninjas vs robots+wizards #0')")
    game = Game.new(seated_setup(row["seats"], row["seed"], plan.bases))
    play_game(game, agents_for(row["seed"], row["players"], row["agents"]), plan.turn_cap)
    same = (game.state.winner == row["winner"] and list(game.state.vp) == row["vp"]
            and len(game.history) == row["decisions"])
    winner = (f"seat {game.state.winner + 1} ({row['seats'][game.state.winner]})"
              if game.state.winner is not None else "none")
    print(f"{row['key']}: seed {row['seed']}, winner {winner}, VP {list(game.state.vp)}, "
          f"{len(game.history)} decisions: {'as stored' if same else 'NOT as stored'}")
    if args.save:
        Path(args.save).write_text(json.dumps(game.to_dict()), encoding="utf-8")
        print(f"saved to {args.save}: smashup replay {args.save}")
    return 0 if same else 1


def add_lab_parser(sub: Any) -> None:
    lab = sub.add_parser("lab", help="balance sweeps: every deck against every deck")
    lab_sub = lab.add_subparsers(dest="lab_command", required=True, metavar="LAB_COMMAND")

    p = lab_sub.add_parser("run", help="play a sweep (or resume one) into a folder")
    p.add_argument("--out", required=True, metavar="DIR",
                   help="the sweep's folder; running again resumes what is missing")
    p.add_argument("--agents", metavar="A[,B]", help="the computer player of every seat, or "
                   "one per seat: random, heuristic, ismcts:N[+value] or a level (easy, normal, "
                   "hard, expert); default random")
    p.add_argument("--decks", metavar="all|D,D,...",
                   help="all two-faction decks (default) or a list like aliens+ninjas,...")
    p.add_argument("--factions", metavar="F,F,...", help="make the decks of these factions")
    p.add_argument("--games-per-matchup", type=int, metavar="N",
                   help="games per table, seats rotating each game (default 1)")
    p.add_argument("--players", type=int, choices=(2, 3, 4), help="default 2")
    p.add_argument("--sample", type=int, metavar="K",
                   help="play K random matchups instead of all (needed for 3-4 players)")
    p.add_argument("--seed", type=int, help="the sweep's seed, from which every game's is "
                   "derived (default 0)")
    p.add_argument("--bases", choices=("all", "factions"),
                   help="all implemented bases (default) or those of the decks' sets")
    p.add_argument("--turn-cap", type=int)
    p.add_argument("--backend", choices=BACKENDS, default="local",
                   help="local processes (default) or a Ray cluster")
    p.add_argument("--address", metavar="HOST:PORT",
                   help="the Ray cluster to join; refused in at most 15 s when it does not "
                   "answer (default: start Ray of the lab's own)")
    p.add_argument("--workers", type=int, metavar="N",
                   help="processes, or local Ray CPUs (default: every core)")
    p.add_argument("--batch-size", type=int, metavar="N", help="games per task")
    p.add_argument("--quiet", action="store_true", help="no progress bar")
    p.add_argument("--json", action="store_true", help="print the summary as JSON")
    p.set_defaults(run=cmd_lab_run)

    p = lab_sub.add_parser("report", help="write report.html and aggregates.json")
    p.add_argument("folder", metavar="DIR")
    p.set_defaults(run=cmd_lab_report)

    p = lab_sub.add_parser("replay", help="replay one game of a sweep from its seed")
    p.add_argument("folder", metavar="DIR")
    p.add_argument("game", metavar="KEY", help="e.g. 'aliens+ninjas vs robots+wizards #0'")
    p.add_argument("--save", metavar="FILE", help="save it for smashup replay")
    p.set_defaults(run=cmd_lab_replay)
