"""What the lab's process (the driver) spends per game, apart from playing: making the
plan's games, pickling batches out and rows back, and committing rows to SQLite.

    PYTHONPATH=src python tools/lab_driver_cost.py [GAMES] [--ray]

Prints CPU microseconds per game for each part, and the games per second one driver core
sustains, with the batches a 512-core cluster gets for the full sweep of 1,000 games per
table. ``--ray`` also times submitting trivial tasks to a local Ray of one CPU (its
per-task cost, shared by the batch's games).
"""

from __future__ import annotations

import pickle
import sys
import tempfile
import time
from typing import Any

from smashup.lab.plan import Plan
from smashup.lab.runner import COMMIT_ROWS, _batches, _pending, batch_size_for, play_jobs
from smashup.lab.store import LabStore


def cpu(fn: Any) -> tuple[float, Any]:
    start = time.process_time()
    out = fn()
    return time.process_time() - start, out


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 and sys.argv[1].isdigit() else 100_000
    plan = Plan.make(games_per_matchup=max(1, games // 31_878))
    size = batch_size_for(31_878_000, 512)  # the full sweep of 1,000 games a table
    with tempfile.TemporaryDirectory() as folder:
        store, plan = LabStore.open(folder, plan)
        t_plan, batches = cpu(lambda: list(_batches(_pending(plan, store), size)))
        n = sum(len(b) for b in batches)
        settings = {"agents": plan.seat_agents(), "bases": plan.bases,
                    "turn_cap": plan.turn_cap, "plan": plan.to_json()}
        sample_rows, _ = play_jobs(settings, batches[0][:4])  # real rows, copied
        results = [([(plan.game(*job).key,) + sample_rows[i % 4][1:]
                     for i, job in enumerate(b)], 0.0) for b in batches]
        t_out, sent = cpu(lambda: [pickle.dumps(b, protocol=5) for b in batches])
        back = [pickle.dumps(r, protocol=5) for r in results]
        t_back, _ = cpu(lambda: [pickle.loads(b) for b in back])
        run = store.start_run("measure", 512, False)
        commits = [sum((rows for rows, _ in results[i:i + COMMIT_ROWS // size]), [])
                   for i in range(0, len(results), max(1, COMMIT_ROWS // size))]
        t_sql, _ = cpu(lambda: [store.add(rows, run, 0.0, 0.0) for rows in commits])
        store.close()
    parts = {"plan (jobs, resume check)": t_plan, "pickle batches out": t_out,
             "unpickle rows back": t_back, "SQLite commit": t_sql}
    print(f"{n} games in batches of {size} ({len(batches)} batches), "
          f"{sum(map(len, sent)) / n:.0f} bytes out and {sum(map(len, back)) / n:.0f} back "
          "per game")
    for name, t in parts.items():
        print(f"  {name:36s} {t / n * 1e6:7.2f} us/game")
    total = sum(parts.values())
    print(f"  {'total':36s} {total / n * 1e6:7.2f} us/game: {n / total:,.0f} games/s "
          "on one driver core")
    if "--ray" in sys.argv:
        ray_tasks(size)


def ray_tasks(size: int, tasks: int = 2000) -> None:
    import ray

    ray.init(address="local", num_cpus=1, include_dashboard=False, log_to_driver=False)
    try:
        noop: Any = ray.remote(num_cpus=1)(lambda x: x)
        ray.get([noop.remote(1) for _ in range(50)])  # workers up
        t, _ = cpu(lambda: ray.get([noop.remote(i) for i in range(tasks)]))
        print(f"  Ray: {t / tasks * 1e6:.0f} us of driver CPU per task, "
              f"{t / tasks / size * 1e6:.2f} us/game at {size} games a task")
    finally:
        ray.shutdown()


if __name__ == "__main__":
    main()
