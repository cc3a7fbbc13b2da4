"""Playing a sweep: batches of planned games on local processes or on a Ray cluster.

A game depends only on its planned seed, decks and agents, so the rows are the same
whichever backend plays them, on however many cores, and in whatever order batches finish.
The lab's process is the only writer of the folder: workers return rows, it commits them.
"""

from __future__ import annotations

import contextlib
import itertools
import json
import multiprocessing
import os
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from typing import Any, TextIO

from ..engine import COMPILED
from ..engine.api.setup import SetupError
from ..sim import run_one
from .cleanup import watch_parent
from .plan import Plan, PlannedGame, seated_setup
from .ray_backend import ray_batches, ray_cluster
from .store import PARQUET_FILE, LabStore, Row, encode_row, write_parquet
from .version import code_version

BACKENDS = ("local", "ray")
Job = tuple[int, int]
"""A game to play, as its matchup's place in the plan and its number: the worker makes the
game's seating and seed from the plan, so the driver sends two numbers a game."""
Batch = list[Job]
BatchResult = tuple[list[Row], float]
"""The rows of a batch of games and the CPU seconds its worker spent on them."""


def play_jobs(settings: dict[str, Any], jobs: Batch) -> BatchResult:
    """Play a batch of jobs (in a worker); ``settings`` holds the plan as plain data."""
    plan = _plan_of(settings["plan"])
    return play_batch(settings, [plan.game(matchup, number) for matchup, number in jobs])


_PLANS: dict[str, Plan] = {}


def _plan_of(data: dict[str, Any]) -> Plan:
    """A worker's plan, made once per process (the full sweep's tables take a moment)."""
    text = json.dumps(data, sort_keys=True)
    if text not in _PLANS:
        _PLANS.clear()
        _PLANS[text] = Plan.from_json(data)
    return _PLANS[text]


def play_batch(settings: dict[str, Any], games: list[PlannedGame]) -> BatchResult:
    """Play planned games (in a worker); ``settings`` holds the plan's agents, bases and turn
    cap. Runs anywhere smashup is installed. The rows come back encoded for the store, so
    the lab's process, the one writer of a whole cluster's games, only inserts them."""
    from .. import cards as _cards  # noqa: F401  (a fresh worker registers the cards)

    start = time.process_time()
    rows = []
    agents = settings["agents"]
    code = code_version()
    for g in games:
        setup = seated_setup(g.seats, g.seed, settings["bases"])
        rec = run_one(setup, settings["turn_cap"], agents)
        won = rec.winner if rec.error is None and rec.capped is None else None
        rows.append(encode_row({
            "key": g.key, "matchup": g.matchup, "number": g.number, "seed": g.seed,
            "players": len(g.seats), "seats": list(g.seats), "agents": list(agents),
            "winner": won, "winner_deck": g.seats[won] if won is not None else None,
            "vp": rec.vp, "turns": rec.turns, "decisions": rec.decisions,
            "capped": rec.capped, "error": rec.error, "code": code}))
    return rows, time.process_time() - start


IN_FLIGHT_PER_WORKER = 3
"""Batches handed out per worker at a time: the sweep's games are made as they are needed,
so a plan of millions of games never sits in memory at once."""


def local_batches(settings: dict[str, Any], batches: Iterator[Batch],
                  workers: int) -> Iterator[BatchResult]:
    """The default backend: this process alone, or a pool of ``workers`` processes."""
    if workers == 1:
        for batch in batches:
            yield play_jobs(settings, batch)
        return
    with ProcessPoolExecutor(workers, mp_context=multiprocessing.get_context(),
                             initializer=watch_parent) as pool:
        in_flight: set[Future[BatchResult]] = set()
        for job in itertools.chain(batches, [None]):  # None: every batch is handed out
            if job is not None:
                in_flight.add(pool.submit(play_jobs, settings, job))
            while in_flight and (job is None
                                 or len(in_flight) >= IN_FLIGHT_PER_WORKER * workers):
                done, in_flight = wait(in_flight, return_when=FIRST_COMPLETED)
                for future in done:
                    yield future.result()


def _pending(plan: Plan, store: LabStore) -> Iterator[Job]:
    """The plan's games without a row, made one matchup at a time (a sweep of millions of
    games asks the store per matchup, not for every key at once)."""
    stored = store.games_per_matchup()
    wanted = plan.games_per_matchup
    for matchup in range(len(plan.matchups())):
        have = stored.get(matchup, 0)
        if have >= wanted:
            continue
        numbers = store.numbers_of(matchup) if have else ()
        yield from ((matchup, n) for n in range(wanted) if n not in numbers)


MAX_BATCH = 512
"""Games per batch at most, for random players (a game of milliseconds): each Ray task
costs the driver about half a millisecond, so a 512-core cluster needs batches this big to
leave the driver time for its rows (docs/lab.md, measured by tools/lab_driver_cost.py)."""
MAX_BATCH_SEARCHING = 64
"""At most, for any other player (heuristic or search: a game of a second or more, so
far fewer tasks a second; smaller batches lose less to a kill and end together)."""


def batch_size_for(games: int, cpus: int, agents: Sequence[str] = ("random",)) -> int:
    """Games per batch: about eight batches per CPU of whatever plays them (the cluster's,
    not the driver's), at most MAX_BATCH games (MAX_BATCH_SEARCHING for players slower
    than random): few tasks for a big cluster to schedule, enough to keep every CPU busy
    to the end, and little to play again after a kill.

    >>> batch_size_for(31_878, 2), batch_size_for(31_878_000, 512), batch_size_for(100, 512)
    (512, 512, 1)
    >>> batch_size_for(31_878_000, 512, ["heuristic"])
    64
    """
    fast = all(a in ("random", "easy") for a in agents)
    return max(1, min(MAX_BATCH if fast else MAX_BATCH_SEARCHING, games // (cpus * 8) or 1))


def _batches(games: Iterator[Job], size: int) -> Iterator[Batch]:
    while batch := list(itertools.islice(games, size)):
        yield batch


COMMIT_ROWS = 1024
COMMIT_S = 1.0
"""Finished batches are committed together, once this many rows or seconds have gathered:
a commit costs the driver as much as a few hundred rows (a kill loses at most a second
of games, which the resumed run plays again)."""


def _store_results(store: LabStore, run_id: int, results: Iterator[BatchResult],
                   bar: Progress, start: float) -> tuple[int, float]:
    """Commit the results as they come; returns the games stored and their CPU seconds."""
    played, cpu = 0, 0.0
    waiting: list[Row] = []
    waiting_cpu = 0.0
    last = time.monotonic()
    for rows, batch_cpu in results:
        waiting.extend(rows)
        waiting_cpu += batch_cpu
        bar.advance(len(rows))
        if len(waiting) >= COMMIT_ROWS or time.monotonic() - last >= COMMIT_S:
            played += store.add(waiting, run_id, waiting_cpu, time.perf_counter() - start)
            cpu += waiting_cpu
            waiting, waiting_cpu, last = [], 0.0, time.monotonic()
    if waiting:
        played += store.add(waiting, run_id, waiting_cpu, time.perf_counter() - start)
        cpu += waiting_cpu
    return played, cpu


class Progress:
    """A one-line progress bar with rate and ETA, redrawn in place on a terminal."""

    def __init__(self, total: int, done: int, stream: TextIO | None,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.total, self.done, self.stream, self.clock = total, done, stream, clock
        self.start_done = done
        self.started = clock()

    def line(self) -> str:
        share = self.done / self.total if self.total else 1.0
        filled = int(share * 30)
        elapsed = self.clock() - self.started
        rate = (self.done - self.start_done) / elapsed if elapsed > 0 else 0.0
        left = self.total - self.done
        eta = _duration(left / rate) if rate > 0 else "--"
        return (f"[{'#' * filled}{'.' * (30 - filled)}] {self.done}/{self.total} games "
                f"{share:6.1%}  {rate:.1f} games/s  ETA {eta}")

    def advance(self, games: int) -> None:
        self.done += games
        if self.stream is not None:
            self.stream.write("\r" + self.line())
            self.stream.flush()

    def close(self) -> None:
        if self.stream is not None:
            self.stream.write("\n")
            self.stream.flush()


def _duration(seconds: float) -> str:
    """``1h02m``, ``3m05s`` or ``42s``.

    >>> _duration(3725), _duration(185), _duration(42.4)
    ('1h02m', '3m05s', '42s')
    """
    s = int(round(seconds))
    if s >= 3600:
        return f"{s // 3600}h{s % 3600 // 60:02d}m"
    if s >= 60:
        return f"{s // 60}m{s % 60:02d}s"
    return f"{s}s"


def run_lab(folder: str, plan: Plan | None = None, backend: str = "local",
            workers: int | None = None, address: str | None = None,
            batch_size: int | None = None, progress: bool | None = None) -> dict[str, Any]:
    """Play every game of the folder's plan that has no row yet; returns a summary.

    ``plan`` creates the folder (or must equal the plan already there); without it the
    folder's own plan resumes. ``progress`` draws the bar on stderr (default: when stderr
    is a terminal).
    """
    if backend not in BACKENDS:
        raise SetupError(f"unknown backend {backend!r}; known: {', '.join(BACKENDS)}")
    workers = workers if workers is not None else (os.cpu_count() or 1)
    if isinstance(workers, bool) or not isinstance(workers, int) or workers < 1:
        raise SetupError(f"workers must be a whole number, at least 1, not {workers!r}")
    with contextlib.ExitStack() as stack:
        store, plan = LabStore.open(folder, plan)
        stack.callback(store.close)
        before = store.count()
        left = plan.total_games() - before
        cpus = workers
        if backend == "ray" and left > 0:
            ray, cpus = stack.enter_context(ray_cluster(workers, address))
        size = batch_size or batch_size_for(left, cpus, plan.seat_agents())
        batches = _batches(_pending(plan, store), size)
        settings = {"agents": plan.seat_agents(), "bases": plan.bases,
                    "turn_cap": plan.turn_cap, "plan": plan.to_json()}
        show = sys.stderr.isatty() if progress is None else progress
        bar = Progress(plan.total_games(), before, sys.stderr if show else None)
        run_id = store.start_run(backend, cpus, COMPILED)
        start = time.perf_counter()
        played, cpu = 0, 0.0
        if left > 0:
            results = (local_batches(settings, batches, workers) if backend == "local"
                       else ray_batches(ray, cpus, play_jobs, settings, batches,
                                        IN_FLIGHT_PER_WORKER))
            played, cpu = _store_results(store, run_id, results, bar, start)
            bar.close()
        wall = time.perf_counter() - start
        store.finish_run(run_id, wall)
        parquet = write_parquet(store.iter_rows(), store.folder / PARQUET_FILE)
        stored, errors, capped = store.count(), store.count("error"), store.count("capped")
    return {
        "folder": str(folder), "backend": backend, "workers": workers, "cpus": cpus,
        "batch_size": size, "code": code_version(),
        "planned": plan.total_games(), "matchups": len(plan.matchups()),
        "stored_before": before, "played": int(played), "stored": stored,
        "errors": errors, "capped": capped,
        "wall_s": round(wall, 3), "cpu_s": round(cpu, 3),
        "games_per_cpu_s": round(played / cpu, 1) if cpu > 0 else None,
        "games_per_s": round(played / wall, 1) if wall > 0 and played else None,
        "agents": plan.seat_agents(), "compiled": COMPILED, "parquet": parquet,
    }
