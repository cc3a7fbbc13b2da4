"""The option property test (tests/engine/options_take_effect_test.py) on many games, outside CI.

Plays ``--games`` random games over every faction and every base (game n: seed n, 2 + n % 3
players), checking every option of every decision, on ``--jobs`` processes, and goes on after a
violation. Prints each violation (seed, decision, option), the count of games each faction
played in, and the cards refused at a Play Cards decision with their reasons; ``--json`` writes
it all to a file. Exits 1 when a violation was found, or when a faction played in no game.

    PYTHONPATH=src python tools/option_property.py --games 300 --jobs 2 --json out.json
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests" / "engine"))

import options_take_effect_test as prop  # noqa: E402  (the checks live with the test)


def one_game(n: int) -> dict[str, Any]:
    players = 2 + n % 3
    start = time.perf_counter()
    try:
        report = prop.run(n, players, keep_going=True)
        crash = None
    except Exception as exc:  # an engine fault is a finding too: name it and go on
        report = prop.Report()
        crash = f"seed {n} ({players} players): {type(exc).__name__}: {exc}"
    setup, _ = prop.game_setup(n, players)
    return {"seed": n, "players": players, "factions": setup["factions"],
            "problems": report.problems + ([crash] if crash else []),
            "wrongly_refused": report.wrongly_refused,
            "decisions": report.decisions, "options": report.options,
            "unfinished": report.unfinished, "seconds": time.perf_counter() - start,
            "refusals": [[card, reason, where]
                         for (card, reason), where in report.refusals.items()]}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=300)
    ap.add_argument("--first", type=int, default=0, help="seed of the first game")
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--json", help="write the results to this file")
    args = ap.parse_args()
    seeds = range(args.first, args.first + args.games)
    games = []
    with multiprocessing.Pool(max(1, args.jobs)) as pool:
        for game in pool.imap_unordered(one_game, seeds):
            games.append(game)
            if len(games) % 100 == 0:  # progress, for long runs
                found = sum(len(g["problems"]) + len(g["wrongly_refused"]) for g in games)
                print(f"{len(games)} games, {found} violations", file=sys.stderr, flush=True)
    games.sort(key=lambda g: g["seed"])
    factions: Counter[str] = Counter()
    for g in games:
        factions.update(f for pair in g["factions"] for f in pair)
    missing = [f for f in prop.FACTIONS if not factions[f]]
    problems = [p for g in games for p in g["problems"]]
    wrongly_refused = [p for g in games for p in g["wrongly_refused"]]
    refusals: dict[tuple[str, str], str] = {}
    for g in games:
        for card, reason, where in g["refusals"]:
            refusals[(card, reason)] = where
    print(f"{len(games)} games ({Counter(g['players'] for g in games)} by players), "
          f"{sum(g['decisions'] for g in games)} decisions checked, "
          f"{sum(g['options'] for g in games)} options followed, "
          f"{sum(len(g['unfinished']) for g in games)} whose chains outran the budget, "
          f"{sum(g['seconds'] for g in games):.0f} s of CPU")
    print("games per faction:", dict(sorted(factions.items())))
    if missing:
        print("factions in no game:", missing)
    print(f"\n{len(refusals)} cards refused at a Play Cards decision (card, reason):")
    for card, reason in sorted(refusals):
        print(f"  {card}: {reason}")
    print("\noptions whose chains outran the budget (not judged):")
    for g in games:
        for u in g["unfinished"]:
            print(" ", u)
    print(f"\n{len(wrongly_refused)} cards refused although they may be played:")
    for p in wrongly_refused:
        print(" ", p)
    print(f"\n{len(problems)} options (or steps) that broke the rules or took no effect:")
    for p in problems:
        print(" ", p)
    if args.json:
        Path(args.json).write_text(json.dumps(
            {"games": games, "factions": dict(factions), "missing": missing,
             "violations": problems, "wrongly_refused": wrongly_refused}, indent=1))
    return 1 if problems or wrongly_refused or missing else 0


if __name__ == "__main__":
    sys.exit(main())
