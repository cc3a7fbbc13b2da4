"""Training data for the learned value: self-play games, their positions and outcomes.

A generation's games are numbered ``0 .. games-1``; game ``k`` has its own seed (from the
run's seed, the generation and ``k``), its player count (``players[k % len(players)]``) and
two random factions per player from every implemented faction. At the first Play Cards
decision of every turn the position is recorded from *every* seat's view (its features,
``model.features``: the seat's observation, nothing hidden from it), and once the game ends
each of those rows gets its seat's outcome (``won``: 1 for the winner, else 0). Games that
hit the turn cap or fail are left out.

Games are played in shards of ``shard_games`` on local processes or as Ray tasks (the
lab's Ray backend, ``lab.ray_backend``); either way this process writes each finished shard
as one Parquet file (``gen-G/shard-NNNNN.parquet``, written under another name and renamed,
so a file that exists is complete). Running again skips the shards already written: an
interrupted run resumes where it stopped, and the files are the same for any worker count
and backend.
Features are stored sparsely (the nonzero positions ``idx`` and their values ``val``).
"""

from __future__ import annotations

import hashlib
import json
import math
import os
import tempfile
import time
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from pathlib import Path
from typing import Any

import numpy as np

from ..agents import decide
from ..engine.api.game import Game
from ..engine.api.setup import SetupError
from ..engine.core.requests import Request
from ..lab.ray_backend import ray_batches
from ..sim import DEFAULT_TURN_CAP, agents_for, game_setup
from .model import FEATURES, Array, features, heuristic_score

COLUMNS = ("generation", "game", "seed", "players", "turn", "seat", "won", "agent", "heur",
           "idx", "val")
VISIT_COLUMNS = ("generation", "game", "seed", "players", "turn", "seat", "agent", "kind",
                 "options", "feats", "visits")
"""The columns of a prior's data (``play_visits``): one row per search decision, its
options' features (``prior.option_features``, flattened) and the search's visits of each."""
Row = dict[str, Any]
IN_FLIGHT_PER_CPU = 2
"""Shards handed to Ray per CPU of the cluster at a time (a shard is many games: a few
seconds to hours of play)."""


def game_seed(seed: int, generation: int, number: int) -> int:
    """The seed of game ``number`` of a generation (distinct for every run seed,
    generation and game)."""
    return (seed * 1009 + generation) * 1_000_000 + number


class _Capped(Exception):
    """A self-play game reached the turn cap (its rows are left out)."""


def _running(game: Game, turn_cap: int) -> Iterator[Request]:
    """Each decision of a self-play game until it ends (the caller makes it); _Capped when
    the game passes the turn cap."""
    decisions = 0
    while not game.is_over:
        if game.state.turn > turn_cap or decisions > 100_000:
            raise _Capped
        req = game.request
        assert req is not None
        yield req
        decisions += 1


def play_positions(seed: int, players: int, agent: str, generation: int, number: int,
                   turn_cap: int = DEFAULT_TURN_CAP, plays: str | None = None) -> list[Row]:
    """Play one self-play game (every seat ``agent``) and return its rows (none when the
    game was capped). ``plays``: the spec the seats are made from when it is not ``agent``
    itself but the same player (its model file copied elsewhere)."""
    game = Game.new(game_setup(seed, players))
    seats = agents_for(seed, players, [plays or agent])
    pending: list[tuple[int, int, float, Array]] = []
    seen: tuple[int, int] | None = None
    try:
        for req in _running(game, turn_cap):
            state = game.state
            if req.kind == "main" and (state.turn, state.current) != seen:
                seen = (state.turn, state.current)
                pending.extend((state.turn, p, heuristic_score(state, p),
                                features(state, req, p)) for p in range(players))
            game.apply(decide(game, seats[game.current_player]))
    except _Capped:
        return []
    winner = game.state.winner
    rows = []
    for turn, seat, heur, x in pending:
        nz = np.flatnonzero(x)
        rows.append({"generation": generation, "game": number, "seed": seed,
                     "players": players, "turn": turn, "seat": seat,
                     "won": int(seat == winner), "agent": agent, "heur": heur,
                     "idx": nz.astype(np.int16).tolist(), "val": x[nz].tolist()})
    return rows


def play_visits(seed: int, players: int, agent: str, generation: int, number: int,
                turn_cap: int = DEFAULT_TURN_CAP, plays: str | None = None) -> list[Row]:
    """Play one self-play game of a search agent (every seat ``agent``, an ``ismcts:`` spec)
    and return, for every decision it searched (two options or more), the options'
    features from the deciding seat's view and how often the search visited each at its
    root: a prior's training data (expert iteration). None when the game was capped."""
    from .prior import option_features

    game = Game.new(game_setup(seed, players))
    seats = agents_for(seed, players, [plays or agent])
    rows: list[Row] = []
    try:
        for req in _running(game, turn_cap):
            seat = game.current_player
            searcher = seats[seat]
            action = decide(game, searcher)
            root = getattr(searcher, "last_root", None)
            if root is not None and len(req.options) > 1 and root.visits:
                texts = game.action_texts()
                feats = option_features(game.state, req, seat)
                rows.append({"generation": generation, "game": number, "seed": seed,
                             "players": players, "turn": game.state.turn, "seat": seat,
                             "agent": agent, "kind": req.kind, "options": len(texts),
                             "feats": [v for row in feats for v in row],
                             "visits": [root.visits.get(t, 0) for t in texts]})
            game.apply(action)
    except _Capped:
        return []
    return rows


RECORDS: dict[str, tuple[Callable[..., list[Row]], tuple[str, ...]]] = {
    "positions": (play_positions, COLUMNS), "visits": (play_visits, VISIT_COLUMNS)}
"""What a self-play run records: a value's positions or a prior's visits, the function that
plays one game for it and its Parquet columns."""


def play_shard(settings: dict[str, Any], shard: int) -> list[Row]:
    """Every game of one shard (in a worker)."""
    from .. import cards as _cards  # noqa: F401  (a fresh worker registers the cards)

    rows: list[Row] = []
    size = settings["shard_games"]
    first = shard * size
    plays = _local_spec(settings)
    play = RECORDS[settings.get("record", "positions")][0]
    for number in range(first, min(first + size, settings["games"])):
        players = settings["players"][number % len(settings["players"])]
        seed = game_seed(settings["seed"], settings["generation"], number)
        rows += play(seed, players, settings["agent"], settings["generation"], number,
                     settings["turn_cap"], plays)
    return rows


def play_numbered_shard(settings: dict[str, Any], shard: int) -> tuple[int, list[Row]]:
    """One shard's number and rows (a Ray task: they come back in any order)."""
    return shard, play_shard(settings, shard)


def _sent_model(agent: str) -> bytes | None:
    """The model file an ``...+value=PATH`` agent reads, to send with the shards: a Ray node
    may not see the driver's files (or resolve a relative path from the same folder)."""
    _, named, path = agent.partition("+value=")
    if not (named and path):
        return None
    try:
        return Path(path).read_bytes()
    except OSError as err:
        raise SetupError(f"{agent!r}: its learned value cannot be read: {err}") from None


def _local_spec(settings: dict[str, Any]) -> str | None:
    """The agent spec with a copy on this machine of the model sent along (``model``),
    named by its content so every task of a node writes it once; None: none was sent."""
    model: bytes | None = settings.get("model")
    if model is None:
        return None
    path = Path(tempfile.gettempdir()) / (
        f"smashup-value-{hashlib.sha256(model).hexdigest()[:20]}.npz")
    if not path.exists():
        tmp = path.with_name(f"{path.name}.{os.getpid()}.tmp")
        tmp.write_bytes(model)
        os.replace(tmp, path)  # (whole: tasks beside this one may be reading it)
    agent: str = settings["agent"]
    return f"{agent.partition('+value=')[0]}+value={path}"


def shard_path(folder: Path, generation: int, shard: int) -> Path:
    return folder / f"gen-{generation}" / f"shard-{shard:05d}.parquet"


def write_rows(rows: Sequence[Row], path: Path, columns: Sequence[str] = COLUMNS) -> None:
    """One shard's rows as a Parquet file, written whole or not at all (``columns``:
    ``COLUMNS`` for positions, ``VISIT_COLUMNS`` for a prior's decisions)."""
    import pyarrow as pa
    import pyarrow.parquet as pq

    types = {"generation": pa.int16(), "game": pa.int32(), "seed": pa.int64(),
             "players": pa.int8(), "turn": pa.int16(), "seat": pa.int8(), "won": pa.int8(),
             "agent": pa.string(), "heur": pa.float32(), "idx": pa.list_(pa.int16()),
             "val": pa.list_(pa.float32()), "kind": pa.string(), "options": pa.int16(),
             "feats": pa.list_(pa.float32()), "visits": pa.list_(pa.int32())}
    table = pa.table({c: pa.array([r[c] for r in rows], type=types[c]) for c in columns},
                     schema=pa.schema([(c, types[c]) for c in columns]))
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(path.name + ".tmp")
    pq.write_table(table, tmp)
    os.replace(tmp, path)


def generate(folder: Path, generation: int, games: int, agent: str, seed: int = 0,
             players: Sequence[int] = (2, 3, 4), shard_games: int = 10, workers: int = 1,
             turn_cap: int = DEFAULT_TURN_CAP,
             tell: Callable[[str], None] | None = None,
             cluster: tuple[Any, int] | None = None,
             record: str = "positions") -> dict[str, Any]:
    """Play (or resume) a generation's self-play games into ``folder``; returns how many
    shards were played now and how many were there already. ``cluster``: Ray and its CPUs
    (``lab.ray_backend.ray_cluster``'s), to play the shards as Ray tasks there instead of
    on ``workers`` local processes. ``record``: ``"positions"`` (a value's data,
    ``play_positions``) or ``"visits"`` (a prior's, ``play_visits``)."""
    if games < 1 or shard_games < 1 or workers < 1:
        raise SetupError("games, shard size and workers must be at least 1")
    if not players or any(p not in (2, 3, 4) for p in players):
        raise SetupError(f"player counts are 2, 3 or 4, not {list(players)}")
    if record not in RECORDS:
        raise SetupError(f"record {' or '.join(RECORDS)}, not {record!r}")
    settings = {"games": games, "shard_games": shard_games, "players": list(players),
                "seed": seed, "generation": generation, "agent": agent, "turn_cap": turn_cap,
                "record": record}
    columns = RECORDS[record][1]
    shards = -(-games // shard_games)
    todo = [s for s in range(shards) if not shard_path(folder, generation, s).exists()]
    start = time.perf_counter()
    cpu = 0.0

    def done(shard: int, rows: list[Row]) -> None:
        write_rows(rows, shard_path(folder, generation, shard), columns)
        if tell is not None:
            tell(f"generation {generation}: shard {shard + 1}/{shards} ({len(rows)} positions)")

    if cluster is not None and todo:
        ray, cpus = cluster
        sent = {**settings, "model": _sent_model(agent)}
        for s, rows in ray_batches(ray, cpus, play_numbered_shard, sent, iter(todo),
                                   IN_FLIGHT_PER_CPU):
            done(s, rows)
    elif workers == 1 or len(todo) < 2:
        for s in todo:
            t0 = time.process_time()
            rows = play_shard(settings, s)
            cpu += time.process_time() - t0
            done(s, rows)
    else:
        with ProcessPoolExecutor(min(workers, len(todo))) as pool:
            running: dict[Future[list[Row]], int] = {
                pool.submit(play_shard, settings, s): s for s in todo}
            while running:
                finished, _ = wait(running, return_when=FIRST_COMPLETED)
                for f in finished:
                    done(running.pop(f), f.result())
    (folder / f"gen-{generation}" / "settings.json").write_text(
        json.dumps(settings, indent=1, sort_keys=True))
    return {"shards": shards, "played": len(todo), "resumed": shards - len(todo),
            "wall_s": round(time.perf_counter() - start, 2)}


def load(folder: Path, generations: Sequence[int],
         columns: Sequence[int] | None = None) -> dict[str, Any]:
    """The positions of some generations as dense arrays: ``x`` (n, len(columns)) float32,
    the observations' ``columns`` (default: all of them), ``y`` (won) float32, and
    ``players``, ``game``, ``generation`` and ``heur`` (the heuristic score, NaN in shards
    written before it was recorded) per row."""
    import pyarrow.parquet as pq

    parts = [pq.read_table(p) for g in generations
             for p in sorted((folder / f"gen-{g}").glob("shard-*.parquet"))]
    n = sum(t.num_rows for t in parts)
    picked = np.arange(FEATURES) if columns is None else np.asarray(columns)
    where = np.full(FEATURES, -1, np.int64)  # an observation position's column, or -1
    where[picked] = np.arange(len(picked))
    x = np.zeros((n, len(picked)), np.float32)
    cols: dict[str, list[Any]] = {"won": [], "players": [], "game": [], "generation": [],
                                  "heur": []}
    at = 0
    for t in parts:
        data = t.to_pydict()
        for idx, val in zip(data["idx"], data["val"], strict=True):
            to = where[idx]
            keep = to >= 0
            x[at, to[keep]] = np.asarray(val, np.float32)[keep]
            at += 1
        for c in cols:
            # (shards written before the heuristic score was recorded have none: NaN, which
            # a run that reads the score refuses, ``train.train_generation``)
            cols[c] += data[c] if c in data else [math.nan] * t.num_rows
    return {"x": x, "y": np.asarray(cols["won"], np.float32),
            "players": np.asarray(cols["players"], np.int64),
            "game": np.asarray(cols["game"], np.int64),
            "generation": np.asarray(cols["generation"], np.int64),
            "heur": np.asarray(cols["heur"], np.float32)}
