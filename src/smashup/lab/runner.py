"""Playing a sweep: batches of planned games on local processes or on a Ray cluster.

A game depends only on its planned seed, decks and agents, so the rows are the same
whichever backend plays them, on however many cores, and in whatever order batches finish.
The lab's process is the only writer of the folder: workers return rows, it commits them.
"""

from __future__ import annotations

import itertools
import multiprocessing
import os
import sys
import time
from collections.abc import Callable, Iterator
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from typing import Any, TextIO

from ..engine import COMPILED
from ..engine.setup import SetupError
from ..sim import run_one
from .plan import Plan, PlannedGame, seated_setup
from .store import PARQUET_FILE, LabStore, Row, encode_row, write_parquet
from .version import code_version

BACKENDS = ("local", "ray")
Batch = list[PlannedGame]
BatchResult = tuple[list[Row], float]
"""The rows of a batch of games and the CPU seconds its worker spent on them."""


def play_batch(settings: dict[str, Any], games: Batch) -> BatchResult:
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
            yield play_batch(settings, batch)
        return
    with ProcessPoolExecutor(workers, mp_context=multiprocessing.get_context()) as pool:
        in_flight: set[Future[BatchResult]] = set()
        for job in itertools.chain(batches, [None]):  # None: every batch is handed out
            if job is not None:
                in_flight.add(pool.submit(play_batch, settings, job))
            while in_flight and (job is None
                                 or len(in_flight) >= IN_FLIGHT_PER_WORKER * workers):
                done, in_flight = wait(in_flight, return_when=FIRST_COMPLETED)
                for future in done:
                    yield future.result()


def ray_batches(settings: dict[str, Any], batches: Iterator[Batch], workers: int,
                address: str | None) -> Iterator[BatchResult]:
    """Batches as Ray tasks of one CPU each: on a local Ray instance of ``workers`` CPUs,
    or on the cluster at ``address``. Keeps a few tasks per CPU in flight, so a sweep of
    millions of games never queues them all at once."""
    try:
        import ray as ray_module
    except ImportError:
        raise SetupError("the ray backend needs Ray: pip install 'smashup[lab]'") from None
    ray: Any = ray_module  # partly typed: used through its documented calls only
    started_here = not ray.is_initialized()
    if started_here:
        os.environ.setdefault("RAY_USAGE_STATS_ENABLED", "0")  # no reports leave the machine
        if address:
            ray.init(address=address, log_to_driver=False)
        else:
            ray.init(num_cpus=workers, include_dashboard=False, log_to_driver=False)
    try:
        cpus = int(ray.cluster_resources().get("CPU", workers)) or 1
        remote = ray.remote(num_cpus=1)(play_batch)
        settings_ref = ray.put(settings)
        in_flight: list[Any] = []
        for job in itertools.chain(batches, [None]):  # None: every batch is handed out
            if job is not None:
                in_flight.append(remote.remote(settings_ref, job))
            while in_flight and (job is None
                                 or len(in_flight) >= IN_FLIGHT_PER_WORKER * cpus):
                done, in_flight = ray.wait(in_flight, num_returns=1)
                yield ray.get(done[0])
    finally:
        if started_here:
            ray.shutdown()


def _pending(plan: Plan, store: LabStore) -> Iterator[PlannedGame]:
    """The plan's games without a row, made one matchup at a time (a sweep of millions of
    games asks the store per matchup, not for every key at once)."""
    stored = store.games_per_matchup()
    for matchup, games in itertools.groupby(plan.games(), key=lambda g: g.matchup):
        have = stored.get(matchup, 0)
        if have >= plan.games_per_matchup:
            continue
        numbers = store.numbers_of(matchup) if have else set()
        yield from (g for g in games if g.number not in numbers)


def _batches(games: Iterator[PlannedGame], size: int) -> Iterator[Batch]:
    while batch := list(itertools.islice(games, size)):
        yield batch


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
    store, plan = LabStore.open(folder, plan)
    try:
        before = store.count()
        left = plan.total_games() - before
        # about eight batches per worker, at most 128 games: few tasks for a big cluster
        # to schedule, and little to play again after a kill
        size = batch_size or max(1, min(128, left // (workers * 8) or 1))
        batches = _batches(_pending(plan, store), size)
        settings = {"agents": plan.seat_agents(), "bases": plan.bases,
                    "turn_cap": plan.turn_cap}
        show = sys.stderr.isatty() if progress is None else progress
        bar = Progress(plan.total_games(), before, sys.stderr if show else None)
        run_id = store.start_run(backend, workers, COMPILED)
        start = time.perf_counter()
        played = cpu = 0.0
        if left > 0:
            results = (local_batches(settings, batches, workers) if backend == "local"
                       else ray_batches(settings, batches, workers, address))
            for rows, batch_cpu in results:
                played += store.add(rows, run_id, batch_cpu, time.perf_counter() - start)
                cpu += batch_cpu
                bar.advance(len(rows))
            bar.close()
        wall = time.perf_counter() - start
        store.finish_run(run_id, wall)
        parquet = write_parquet(store.iter_rows(), store.folder / PARQUET_FILE)
        stored, errors, capped = store.count(), store.count("error"), store.count("capped")
    finally:
        store.close()
    return {
        "folder": str(folder), "backend": backend, "workers": workers,
        "planned": plan.total_games(), "matchups": len(plan.matchups()),
        "stored_before": before, "played": int(played), "stored": stored,
        "errors": errors, "capped": capped,
        "wall_s": round(wall, 3), "cpu_s": round(cpu, 3),
        "games_per_cpu_s": round(played / cpu, 1) if cpu > 0 else None,
        "games_per_s": round(played / wall, 1) if wall > 0 and played else None,
        "agents": plan.seat_agents(), "compiled": COMPILED, "parquet": parquet,
    }
