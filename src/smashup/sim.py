"""Simulations and benchmarks of random games (the logic behind ``smashup simulate``/``bench``).

>>> report = simulate(games=2, players=2, seed=1)
>>> report["games"], report["errors"]["count"]
(2, 0)
"""

from __future__ import annotations

import functools
import multiprocessing
import platform
import random
import statistics
import time
import traceback
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from .agents import Agent, RandomAgent, decide
from .engine import COMPILED
from .engine.api.game import Game
from .engine.api.setup import Setup, SetupError, same_faction
from .engine.core.defs import REGISTRY

DEFAULT_TURN_CAP = 300
"""Turns after which a game is stopped and counted as capped (a random game takes ~30-60)."""
DECISION_CAP = 100_000
"""Decisions after which a game is stopped and counted as capped (guards a stuck turn)."""
MAX_REPORTED = 5
"""How many error (and capped-game) details a summary lists."""
BUDGET = {
    "games_per_s": 400.0,
    "clone_us": 10.0,
    "cpu_games_per_s": 400.0,
    "clone_main_mean_us": 10.0,
    "clone_mid_ability_mean_us": 25.0,
    "clone_mid_ability_p95_us": 50.0,
}
"""The performance budget of DESIGN.md, on one core. ``games_per_s`` and ``clone_us`` are the
older keys: the same game rate checked on the wall clock, and the mean clone at a Play Cards
decision."""


def implemented_factions() -> list[str]:
    """Keys of every faction with cards registered (test-only factions left out)."""
    return sorted(k for k in REGISTRY.factions if not k.startswith("test"))


def random_factions(rng: random.Random, players: int, pool: Sequence[str]) -> list[list[str]]:
    """Two different factions per player; no faction shared while the pool is big enough."""
    pool = sorted(set(pool))
    if len({f.split("@")[0] for f in pool}) < 2:
        raise SetupError(f"at least two different factions are needed, not {pool}")
    while True:  # a player may not take two printings of one faction: draw again
        if len(pool) >= 2 * players:
            picked = rng.sample(pool, 2 * players)
            pairs = [picked[2 * p: 2 * p + 2] for p in range(players)]
        else:
            pairs = [rng.sample(pool, 2) for _ in range(players)]
        if not any(same_faction(a, b) for a, b in pairs):
            return pairs


def game_setup(
    seed: int,
    players: int = 2,
    pool: Sequence[str] | None = None,
    pairs: Sequence[Sequence[str]] | None = None,
    bases: str | list[str] = "factions",
    seat_safe: bool = False,
) -> Setup:
    """The setup of one random game: fixed ``pairs`` or two random factions from ``pool``.
    ``seat_safe`` asks every player in every Me First! window (see engine/turn/flow.py)."""
    if pairs is not None:
        factions = [list(pf) for pf in pairs]
    else:
        rng = random.Random(f"factions/{seed}")
        factions = random_factions(rng, players, pool or implemented_factions())
    setup: Setup = {"factions": factions, "seed": seed, "bases": bases}
    if seat_safe:
        setup["seat_safe"] = True
    return setup


AGENT_KINDS = ("random", "heuristic", "ismcts:N", "ismcts:Ns", "ismcts:N+value",
               "ismcts:N+value=MODEL.npz", "ismcts:N+prior", "ismcts:N+prior=MODEL.npz")
"""The computer players by spec: ``ismcts:500`` searches 500 iterations per decision,
``ismcts:1s`` one second of CPU time; ``+value`` scores the search's leaves with the shipped
learned value (``+value=PATH``: with the model file at PATH) instead of the heuristic's
evaluation (``smashup.value``, docs/learned.md; the expert level uses it); ``+prior``
(``+prior=PATH``) guides the search by the learned prior over options. Both may be given:
``ismcts:880+value+prior``."""
EXPERT_ITERATIONS = 880
"""The expert level's iterations per decision: the learned value costs about 11% more per
iteration than the heuristic's evaluation, so 880 iterations take the CPU that hard's 1000
take (docs/learned.md, Cost per decision). Retune it with the model."""
LEVELS = {"easy": "random", "normal": "heuristic", "hard": "ismcts:1000",
          "expert": f"ismcts:{EXPERT_ITERATIONS}+value"}
"""The computer opponents people choose from, by level, weakest first. The hard and expert
levels also stop thinking after ``HARD_CAP_S`` of CPU time, so a slow machine never waits
longer than that (1000 iterations take about 0.2 s with the compiled engine here:
docs/ai.md). The expert level is the search with the shipped learned value at its leaves
(docs/learned.md); it needs numpy and the model file, so every interface offers only the
levels ``level_unavailable`` finds nothing missing for (``available_levels``)."""
HARD_CAP_S = 1.0
CAPPED_LEVELS = ("hard", "expert")
"""The levels whose thinking time ``HARD_CAP_S`` caps."""

LeafValue = Callable[..., float]
"""A leaf value for the search (``ISMCTSAgent(value=...)``): a world and a seat, a number."""
ValueLoader = Callable[[str, str], Any]
VALUE_LOADERS: dict[str, ValueLoader] = {}
"""How a ``+value`` (``+prior``) spec gets its learned value (prior): ``smashup.value``
registers its loaders here, by name, when it is imported, which ``import smashup`` does (it
reads ``smashup.rl``'s observation arrays, a layer above this module, so this module never
imports it). A loader takes the model path (``""``: the shipped model) and the spec, and
returns the leaf value (the prior) or raises SetupError."""


def make_agent(kind: str, seed: int) -> Agent:
    """A computer player by spec: ``random``, ``heuristic``, ``ismcts:N`` or ``ismcts:Ns``,
    either with ``+value`` or ``+value=PATH`` (or a level: ``easy``, ``normal``, ``hard``,
    ``expert``). SetupError for an unknown spec, or one whose learned value cannot be loaded
    (saying what is missing)."""
    level, kind = kind, LEVELS.get(kind, kind)
    if kind == "random":
        return RandomAgent(seed=seed)
    if kind == "heuristic":
        from .agents.heuristic import HeuristicAgent

        return HeuristicAgent(seed=seed)
    if kind.startswith("ismcts:"):
        from .agents.ismcts import ISMCTSAgent, parse_budget

        kind, *extras = kind.split("+")
        try:
            iterations, seconds = parse_budget(kind)
        except ValueError as err:
            raise SetupError(str(err)) from None
        if level in CAPPED_LEVELS:
            seconds = HARD_CAP_S
        learned: dict[str, Any] = {}
        for option in extras:
            name = option.partition("=")[0]
            if name in learned:
                raise SetupError(f"{level!r}: +{name} is given twice")
            learned[name] = learned_value(option, level)
        return ISMCTSAgent(iterations=iterations, seconds=seconds, seed=seed,
                           value=learned.get("value"), prior=learned.get("prior"))
    raise SetupError(f"unknown agent {kind!r}; known agents: {', '.join(AGENT_KINDS)} "
                     f"or a level: {', '.join(LEVELS)}")


def learned_value(option: str, spec: str) -> Any:
    """The learned value (or prior) a spec's ``+value``, ``+value=PATH``, ``+prior`` or
    ``+prior=PATH`` names, from the loader ``smashup.value`` registered (``VALUE_LOADERS``),
    or SetupError saying what is missing."""
    name, eq, path = option.partition("=")
    if name not in ("value", "prior") or (eq and not path):
        raise SetupError(f"{spec!r}: after + comes value, value=MODEL.npz, prior or "
                         f"prior=MODEL.npz, not {option!r}")
    loader = VALUE_LOADERS.get(name)
    if loader is None:
        raise SetupError(f"{spec!r} needs smashup.value, which registers the learned value's "
                         "loader (import smashup does it)")
    try:
        return loader(path, spec)
    except SetupError:
        raise
    except (OSError, ValueError) as err:  # a model file that is there but cannot be read
        raise SetupError(f"{spec!r}: its learned value cannot be loaded: {err}") from None


def level_unavailable(level: str) -> str | None:
    """Why the level ``level`` cannot play here, or None when it can: the expert level
    without numpy or without a readable model file (the reason says what is missing); easy,
    normal and hard always can. The terminal game, the lobby and ``--agents`` ask this one
    function, so a level is offered wherever it works and refused with its reason elsewhere.
    Loading the model once is kept (``smashup.value``), so asking again is cheap."""
    spec = LEVELS.get(level)
    if spec is None:
        raise SetupError(f"unknown level {level!r}; the levels: {', '.join(LEVELS)}")
    for option in spec.split("+")[1:]:
        try:
            learned_value(option, level)
        except SetupError as err:
            return str(err)
    return None


def available_levels() -> list[str]:
    """The levels that can play here, weakest first (``LEVELS`` less the unavailable)."""
    return [level for level in LEVELS if level_unavailable(level) is None]


def agents_for(seed: int, players: int, kinds: Sequence[str] | None = None) -> list[Agent]:
    """Seeded agents, one per seat (reproducible from the game's seed); ``kinds`` names
    each seat's agent in seat order and repeats when shorter (default: all random)."""
    names = list(kinds) if kinds else ["random"]
    return [make_agent(names[p % len(names)], seed * 10 + p) for p in range(players)]


@dataclass
class GameRecord:
    """What happened in one simulated game."""

    seed: int
    setup: Setup
    turns: int = 0
    decisions: int = 0
    winner: int | None = None
    vp: list[int] = field(default_factory=list)
    capped: str | None = None  # why it was stopped: "turns" or "decisions"
    error: str | None = None
    where: str | None = None  # the innermost source line of the error


def play_game(
    game: Game,
    agents: Sequence[Agent],
    turn_cap: int = DEFAULT_TURN_CAP,
    on_step: Callable[[Game, int], None] | None = None,
    choose: Callable[[Game, Agent], int] = decide,
) -> str | None:
    """Let the agents play until the game ends; returns why it was stopped early, or None.

    ``choose(game, agent)`` asks the agent to decide (``agents.decide``: through its seat's
    view only; the arena wraps it to time each agent). ``on_step(game, action)`` is called
    after each decision is applied.
    """
    decisions = 0
    while not game.is_over:
        if game.state.turn > turn_cap:
            return "turns"
        if decisions >= DECISION_CAP:
            return "decisions"
        action = choose(game, agents[game.current_player])
        game.apply(action)
        decisions += 1
        if on_step is not None:
            on_step(game, action)
    return None


def run_one(
    setup: Setup, turn_cap: int = DEFAULT_TURN_CAP, agents: Sequence[str] | None = None
) -> GameRecord:
    """Play one game between agents (random by default), catching (and recording) any
    exception."""
    seed = int(setup["seed"])
    rec = GameRecord(seed=seed, setup=setup)
    game = Game.new(setup)  # a SetupError is the caller's problem, not the game's
    try:
        rec.capped = play_game(game, agents_for(seed, game.state.nplayers, agents), turn_cap)
    except Exception as err:  # a bug in the engine or a card: record it and go on
        rec.error, rec.where = describe_error(err)
    rec.turns = game.state.turn
    rec.decisions = len(game.history)
    rec.winner = game.state.winner
    rec.vp = list(game.state.vp)
    return rec


def describe_error(err: BaseException) -> tuple[str, str | None]:
    """An exception caught in a game, as recorded: its type and message, and the innermost
    source line that raised it."""
    frames = traceback.extract_tb(err.__traceback__)
    where = f"{frames[-1].filename}:{frames[-1].lineno} in {frames[-1].name}" if frames else None
    return f"{type(err).__name__}: {err}", where


def play_games(
    setups: Sequence[Setup],
    turn_cap: int = DEFAULT_TURN_CAP,
    agents: Sequence[str] | None = None,
    workers: int = 1,
) -> list[GameRecord]:
    """``run_one`` of every setup, in order, spread over ``workers`` processes. A game
    depends only on its setup (its seed seeds the agents too), so the records are the same
    for any number of workers."""
    if isinstance(workers, bool) or not isinstance(workers, int) or workers < 1:
        raise SetupError(f"workers must be a whole number, at least 1, not {workers!r}")
    one = functools.partial(run_one, turn_cap=turn_cap, agents=agents)
    if workers == 1 or len(setups) < 2:
        return [one(setup) for setup in setups]
    # a few chunks per worker: few messages, and an uneven chunk rarely holds the rest up
    chunk = max(1, len(setups) // (workers * 4))
    with multiprocessing.get_context().Pool(min(workers, len(setups))) as pool:
        return pool.map(one, setups, chunksize=chunk)


def _spread(values: Sequence[float]) -> dict[str, float]:
    if not values:
        return {"mean": 0.0, "min": 0.0, "max": 0.0}
    return {"mean": round(statistics.fmean(values), 2), "min": min(values), "max": max(values)}


def simulate(
    games: int,
    players: int = 2,
    seed: int = 0,
    factions: Sequence[str] | None = None,
    pairs: Sequence[Sequence[str]] | None = None,
    bases: str | list[str] = "factions",
    turn_cap: int = DEFAULT_TURN_CAP,
    agents: Sequence[str] | None = None,
    seat_safe: bool = False,
    workers: int = 1,
) -> dict[str, Any]:
    """Play ``games`` games (game ``i`` uses seed ``seed + i``) and summarise them.

    ``agents`` names each seat's computer player in seat order (default: all random).

    ``factions`` is the pool each player draws two factions from (default: all
    implemented); ``pairs`` fixes every player's two factions instead. ``workers``
    processes share the games; the summary is the same for any number of them (apart
    from ``seconds`` and ``games_per_s``).
    """
    if pairs is not None and len(pairs) != players:
        raise SetupError(f"{len(pairs)} faction pairs given for {players} players")
    agent_names = list(agents) if agents else ["random"]
    for name in agent_names:
        make_agent(name, 0)  # an unknown name fails before any game is played
    start = time.perf_counter()
    setups = [game_setup(seed + i, players, factions, pairs, bases, seat_safe)
              for i in range(games)]
    records = play_games(setups, turn_cap, agents, workers)
    elapsed = time.perf_counter() - start
    errors = [r for r in records if r.error is not None]
    capped = [r for r in records if r.error is None and r.capped is not None]
    finished = [r for r in records if r.error is None and r.capped is None]
    wins = [0] * players
    for r in finished:
        if r.winner is not None:
            wins[r.winner] += 1
    return {
        "games": games,
        "players": players,
        "seed": seed,
        "factions": sorted(set(factions or implemented_factions())) if pairs is None else None,
        "pairs": [list(pf) for pf in pairs] if pairs is not None else None,
        "bases": bases,
        "seat_safe": seat_safe,
        "turn_cap": turn_cap,
        "finished": len(finished),
        "errors": {
            "count": len(errors),
            "first": [{"seed": r.seed, "factions": r.setup["factions"], "error": r.error,
                       "where": r.where, "decisions": r.decisions} for r in errors[:MAX_REPORTED]],
        },
        "capped": {
            "count": len(capped),
            "first": [{"seed": r.seed, "factions": r.setup["factions"], "reason": r.capped,
                       "turns": r.turns, "decisions": r.decisions} for r in capped[:MAX_REPORTED]],
        },
        "turns": _spread([r.turns for r in finished]),
        "decisions": _spread([r.decisions for r in finished]),
        "seconds": round(elapsed, 3),
        "games_per_s": round(games / elapsed, 1) if elapsed > 0 else None,
        "wins_per_seat": wins,
        "workers": workers,
        "agents": [agent_names[p % len(agent_names)] for p in range(players)],
        "wins_per_agent": {name: sum(w for p, w in enumerate(wins)
                                     if agent_names[p % len(agent_names)] == name)
                           for name in dict.fromkeys(agent_names)},
    }


def bench(games: int = 200, seed: int = 0, players: int = 2,
          rl: Callable[[Sequence[Setup]], dict[str, Any]] | None = None) -> dict[str, Any]:
    """Random games per second (wall clock and CPU time), decisions per second and the cost
    of ``clone()``, checked against ``BUDGET``.

    Pass 1 times whole games (setup of each game and play, nothing else) on the wall clock
    and in process time. Pass 2 replays the same games and times one ``clone()`` at every
    decision in thread time, less the cost of reading that clock: at Play Cards decisions (a
    state copy) and mid-ability (anchor copy plus replay), apart.

    ``rl``: the learning environments' speed measure, run on the first ``RL_BENCH_GAMES``
    games (``smashup bench`` passes ``cli.main.rl_speed``); the caller gives it because the
    environments are built on this module, not the other way round. None: not measured.
    """
    setups = [game_setup(seed + i, players, bases="factions") for i in range(games)]
    decisions = 0
    capped = 0
    start = time.perf_counter()
    cpu_start = time.process_time()
    for setup in setups:
        game = Game.new(setup)
        rng = random.Random(setup["seed"])
        while not game.is_over:
            if game.state.turn > DEFAULT_TURN_CAP:
                capped += 1
                break
            req = game.request
            assert req is not None
            game.apply(rng.randrange(len(req.options)))
            decisions += 1
    cpu = time.process_time() - cpu_start
    elapsed = time.perf_counter() - start

    main_ns, mid_ns, overhead_ns = _clone_times(setups)
    search = search_speed(seed)
    searches = [search] + [search_speed(seed + k) for k in range(1, SEARCH_SEEDS)]
    search_cpu = sum(r["cpu_s"] for r in searches)
    search_iterations = sum(r["iterations"] for r in searches)
    games_per_s = games / elapsed if elapsed > 0 else 0.0
    cpu_games_per_s = games / cpu if cpu > 0 else 0.0
    clone_main = _micro(main_ns)
    clone_mid = _micro(mid_ns)
    within = {
        "games_per_s": games_per_s >= BUDGET["games_per_s"],
        "clone_us": bool(main_ns) and clone_main["mean_us"] <= BUDGET["clone_us"],
        "cpu_games_per_s": cpu_games_per_s >= BUDGET["cpu_games_per_s"],
        "clone_main_mean_us": bool(main_ns)
        and clone_main["mean_us"] <= BUDGET["clone_main_mean_us"],
        "clone_mid_ability_mean_us": bool(mid_ns)
        and clone_mid["mean_us"] <= BUDGET["clone_mid_ability_mean_us"],
        "clone_mid_ability_p95_us": bool(mid_ns)
        and clone_mid["p95_us"] <= BUDGET["clone_mid_ability_p95_us"],
    }
    # the legacy wall-clock key swings with other load: the CPU-time checks decide
    within["all"] = all(ok for key, ok in within.items() if key != "games_per_s")
    return {
        "games": games,
        "players": players,
        "seed": seed,
        "factions": implemented_factions(),
        "capped": capped,
        "seconds": round(elapsed, 3),
        "games_per_s": round(games_per_s, 1),
        "cpu_seconds": round(cpu, 3),
        "cpu_games_per_s": round(cpu_games_per_s, 1),
        "decisions": decisions,
        "decisions_per_s": round(decisions / elapsed, 1) if elapsed > 0 else 0.0,
        "clone_main": clone_main,
        "clone_mid_ability": clone_mid,
        "clone_clock": "thread_time",
        "clock_overhead_us": round(overhead_ns / 1000, 3),
        "budget": dict(BUDGET),
        "within_budget": within,
        "python": platform.python_version(),
        "compiled": COMPILED,  # the engine as mypyc extension modules (make compile)
        "search": search,
        # the same over the decisions of SEARCH_SEEDS seeds: one 300-iteration decision is
        # over in a few hundredths of a second and swings by half from run to run
        "search_seeds": {"seeds": [seed + k for k in range(SEARCH_SEEDS)],
                         "iterations": search_iterations, "cpu_s": round(search_cpu, 4),
                         "iterations_per_s": round(search_iterations / search_cpu, 1)
                         if search_cpu > 0 else None},
        # learning environments (smashup.rl, the rl extra): env steps per CPU-second beside
        # the engine's decisions per CPU-second, on the same games, in this run
        "rl": rl(setups[:RL_BENCH_GAMES]) if rl is not None
        else {"available": False, "reason": "not measured (no rl measure given)"},
    }


RL_BENCH_GAMES = 40
"""Games of the benchmark that the learning environments' step rate is measured on."""


SEARCH_ITERATIONS = 300
"""Iterations of the search agent timed by the benchmark."""
SEARCH_SEEDS = 6
"""The seeds (from the benchmark's) whose decisions ``search_seeds`` times together."""
SEARCH_DECISION = 60
"""The benchmark's "typical mid-game decision": the first Play Cards decision with more than
two options after this many random decisions (a random two-player game makes about 280)."""


def search_speed(seed: int = 0, iterations: int = SEARCH_ITERATIONS,
                 value: LeafValue | None = None) -> dict[str, Any]:
    """Search-agent iterations per CPU-second at a mid-game Play Cards decision; ``value``:
    a learned value at the search's leaves (``learned_value``), as the expert level has."""
    from .agents.ismcts import ISMCTSAgent

    game = Game.new(game_setup(seed, 2, bases="all"))
    rng = random.Random(seed)
    made = 0
    while not game.is_over:
        req = game.request
        assert req is not None
        if made >= SEARCH_DECISION and req.kind == "main" and len(req.options) > 2:
            break
        game.apply(rng.randrange(len(req.options)))
        made += 1
    agent = ISMCTSAgent(iterations=iterations, seed=seed, value=value)
    start = time.process_time()
    agent.act(game.seat_view(game.current_player))
    cpu = time.process_time() - start
    return {"iterations": agent.last_iterations, "cpu_s": round(cpu, 4),
            "iterations_per_s": round(agent.last_iterations / cpu, 1) if cpu > 0 else None,
            "decision": made, "options": len(game.legal_actions()),
            "turn": game.state.turn}


def _clone_times(setups: Sequence[Setup]) -> tuple[list[int], list[int], int]:
    """Thread-time ns of one ``clone()`` at every decision of the setups' random games (Play
    Cards decisions, mid-ability decisions) less the clock's own cost, and that cost."""
    clock = time.thread_time_ns
    gaps = []
    for _ in range(2000):  # an empty timing: what reading the clock twice costs
        t0 = clock()
        gaps.append(clock() - t0)
    overhead = sorted(gaps)[len(gaps) // 2]
    main_ns: list[int] = []
    mid_ns: list[int] = []
    for setup in setups:
        game = Game.new(setup)
        rng = random.Random(setup["seed"])
        while not game.is_over and game.state.turn <= DEFAULT_TURN_CAP:
            req = game.request
            assert req is not None
            t0 = clock()
            game.clone()
            t1 = clock()
            (main_ns if req.kind == "main" else mid_ns).append(max(0, t1 - t0 - overhead))
            game.apply(rng.randrange(len(req.options)))
    return main_ns, mid_ns, overhead


def _micro(ns: list[int]) -> dict[str, float]:
    """Count, mean, median and 95th percentile of nanosecond timings, in µs."""
    if not ns:
        return {"count": 0, "mean_us": 0.0, "median_us": 0.0, "p95_us": 0.0}
    ordered = sorted(ns)
    return {"count": len(ns), "mean_us": round(statistics.fmean(ns) / 1000, 2),
            "median_us": round(ordered[len(ns) // 2] / 1000, 2),
            "p95_us": round(ordered[int(len(ns) * 0.95)] / 1000, 2)}
