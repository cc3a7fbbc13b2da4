"""``smashup arena``: a round robin between computer players, with win rates and ratings."""

from __future__ import annotations

import argparse
import json
from typing import Any

from ..arena import BASES_CHOICES, arena
from ..engine.api.setup import SetupError
from ..sim import DEFAULT_TURN_CAP


def _names(text: str, option: str) -> list[str]:
    """A comma-separated option as a list; an empty name is bad input, not skipped."""
    names = [name.strip() for name in text.split(",")]
    if not all(names):
        raise SetupError(f"{option}: an empty name in {text!r} (give names separated by commas)")
    return names


def cmd_arena(args: argparse.Namespace) -> int:
    """Play the round robin and print its report; exit status 1 when a game raised."""
    report = arena(
        agents=_names(args.agents, "--agents"),
        games=args.games,
        players=args.players,
        seed=args.seed,
        factions=_names(args.factions, "--factions") if args.factions else None,
        bases=args.bases,
        turn_cap=args.turn_cap,
        workers=args.workers,
        progress=False if args.quiet or args.json else None,
    )
    if args.json:
        print(json.dumps(report, indent=1))
    else:
        for line in report_lines(report):
            print(line)
    return 1 if report["errors"]["count"] else 0


def _interval(entry: dict[str, Any]) -> str:
    return f"[{entry['low']:.2f}, {entry['high']:.2f}]"


def _figure(value: float | None, digits: int = 3) -> str:
    return "-" if value is None else f"{value:.{digits}f}"


def report_lines(r: dict[str, Any]) -> list[str]:
    """The report as a readable table: the pairings, then the agents by rating."""
    players = r["players"]
    workers = f"{r['workers']} worker{'s' if r['workers'] > 1 else ''}"
    lines = [f"arena: {', '.join(r['agents'])}; {players} players, {r['games_per_pairing']} "
             f"games per pairing ({r['games']} in all), seed {r['seed']}, bases {r['bases']}",
             f"{r['wall_s']} s on the wall clock, {r['cpu_s']} s of CPU, {workers}; "
             f"errors {r['errors']['count']}, capped {r['capped']['count']} "
             f"(turn cap {r['turn_cap']})", ""]
    width = max(len(a) for a in r["agents"])
    if players == 2:
        lines.append("pairing (win rate of the first agent; par 0.50)")
    else:
        lines.append(f"hero vs field (the hero in one seat, the field in the other "
                     f"{players - 1}; par {1 / players:.2f})")
    for p in r["pairings"]:
        a, b = p["agents"]
        joiner = "vs" if players == 2 else "vs field"
        score = f"{p['wins'][a]}-{p['wins'][b]}"
        lines.append(f"  {a:<{width}} {joiner} {b:<{width}}  won {score:>9} of {p['ended']:<5}"
                     f" rate {_figure(p['rate']):>5}  95% {_interval(p)}")
    lines.extend(["", "agent (ratings: Elo scale, mean 1500)"])
    lines.append(f"  {'':<{width}}  rating   games   wins   rate   95%           "
                 "ms/decision  ms/choice")
    for spec in sorted(r["agents"], key=lambda s: (-r["ratings"][s], s)):
        a = r["per_agent"][spec]
        lines.append(f"  {spec:<{width}}  {r['ratings'][spec]:>6.1f}  {a['games']:>6}  "
                     f"{a['wins']:>5}  {_figure(a['rate']):>5}  {_interval(a)}  "
                     f"{_figure(a['ms_per_decision'], 2):>11}  {_figure(a['ms_per_choice'], 2):>9}")
    for e in r["errors"]["first"]:
        lines.append(f"error (seed {e['seed']}, seats {', '.join(e['seats'])}, after "
                     f"{e['decisions']} decisions): {e['error']} at {e['where']}")
    for c in r["capped"]["first"]:
        lines.append(f"capped (seed {c['seed']}, seats {', '.join(c['seats'])}): {c['reason']} "
                     f"cap after {c['turns']} turns, {c['decisions']} decisions")
    return lines


def add_arena_parser(sub: Any) -> None:
    """Add ``smashup arena`` to the command's subparsers."""
    p = sub.add_parser("arena", help="a round robin between computer players: win rates, "
                       "ratings, thinking time")
    p.add_argument("--agents", required=True, metavar="A,B[,C...]",
                   help="two or more different computer players (random, heuristic, ismcts:N, "
                        "ismcts:N+value, or a level: easy, normal, hard, expert), e.g. "
                        "random,heuristic")
    p.add_argument("--games", type=int, default=10, metavar="N",
                   help="games per pairing (default 10)")
    p.add_argument("--players", type=int, default=2, metavar="P",
                   help="2 (every pair, both seat orders) or 3-4 (every agent as the hero "
                        "against every other as the field); default 2")
    p.add_argument("--workers", type=int, default=1, metavar="W",
                   help="play the games in W processes (default 1); the results are the same")
    p.add_argument("--seed", type=int, default=0, metavar="S",
                   help="every game's seed is derived from it (default 0)")
    p.add_argument("--factions", metavar="F1,F2,...",
                   help="the factions each player draws two from (default: all implemented)")
    p.add_argument("--bases", default="all", choices=BASES_CHOICES,
                   help="all implemented bases (default) or those of the drawn factions' sets")
    p.add_argument("--turn-cap", type=int, default=DEFAULT_TURN_CAP, metavar="T",
                   help=f"stop a game after this turn and count it as capped "
                        f"(default {DEFAULT_TURN_CAP})")
    p.add_argument("--json", action="store_true", help="print the report as JSON")
    p.add_argument("--quiet", action="store_true", help="no progress bar")
    p.set_defaults(run=cmd_arena)
