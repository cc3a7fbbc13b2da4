"""A round robin between computer players (the logic behind ``smashup arena``).

Every pairing of the agents plays the same number of games, each game with random decks:

* **Two players**: every unordered pair ``(a, b)`` plays ``N`` games. Game ``i`` seats ``a``
  in seat 0 when ``i`` is even and in seat 1 when it is odd, and seat 0 always moves first,
  so both seat orders are played equally often.
* **Three or four players**: every ordered pair ``(hero, field)`` plays ``N`` games: the hero
  takes one seat and the field agent every other seat, the hero's seat rotating through all
  of them (game ``i``: seat ``i % P``). A hero no better than the field wins ``1/P`` of them.

A game depends only on its seed, which is derived (by a hash) from the arena's seed, the
pairing and the game's number, so the report is the same whatever order the games run in
and on however many worker processes (as long as the agents' choices depend on their seeds
only, not on a clock budget). Each game is the setup's and the agents' alone: a game stopped
at the turn cap (``capped``) or by an exception (``errors``) is reported, not scored.

The agents are also rated on the Elo scale by a Bradley–Terry fit of the pairings' results:

>>> ratings = fit_ratings(["a", "b"], [("a", "b", 30, 10)])
>>> ratings["a"] > 1500 > ratings["b"], round(ratings["a"] + ratings["b"], 6)
(True, 3000.0)
"""

from __future__ import annotations

import hashlib
import math
import multiprocessing
import sys
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from .agents import Agent, decide
from .engine.api.game import Game
from .engine.api.setup import Setup, SetupError, check_setup
from .lab.runner import Progress
from .lab.stats import wilson
from .sim import (
    DEFAULT_TURN_CAP,
    MAX_REPORTED,
    agents_for,
    describe_error,
    game_setup,
    implemented_factions,
    make_agent,
    play_game,
)

BASES_CHOICES = ("all", "factions")
PRIOR_DRAWS = 1.0
"""Virtual drawn games the rating fit adds between every two agents: they keep an agent that
won (or lost) every game at a finite rating and pull small samples a little towards equal."""
SEED_RANGE = 2**31
"""Game seeds are drawn below this (any whole number is a valid seed; small ones read well)."""


@dataclass(frozen=True)
class ArenaGame:
    """One game to play: which pairing, which game of it, and who sits where."""

    pairing: int  # index into the arena's pairings
    number: int  # the game's number within its pairing, from 0
    setup: Setup
    seats: tuple[str, ...]  # each seat's agent spec, in seat order
    turn_cap: int


@dataclass
class AgentUsage:
    """How much one agent thought in one game (all its seats together)."""

    decisions: int = 0
    choices: int = 0  # decisions with more than one legal option
    think_s: float = 0.0  # process time inside ``decide``, all decisions
    choice_s: float = 0.0  # the part of it spent on choices


@dataclass
class ArenaResult:
    """What happened in one game."""

    game: ArenaGame
    winner: int | None = None  # the winning seat (None unless the game ended)
    turns: int = 0
    decisions: int = 0
    capped: str | None = None  # why it was stopped: "turns" or "decisions"
    error: str | None = None
    where: str | None = None  # the innermost source line of the error
    cpu_s: float = 0.0  # process time of the whole game (setup, agents, engine)
    usage: dict[str, AgentUsage] = field(default_factory=dict)

    @property
    def ended(self) -> bool:
        """Whether the game ended with a winner (neither capped nor broken)."""
        return self.error is None and self.capped is None and self.winner is not None

    @property
    def winning_agent(self) -> str | None:
        return self.game.seats[self.winner] if self.ended and self.winner is not None else None


# ---- the schedule ---------------------------------------------------------------------------


def pairings_for(agents: Sequence[str], players: int) -> list[tuple[str, str]]:
    """Who meets whom: unordered pairs for two players, ordered (hero, field) pairs for more.

    >>> pairings_for(["a", "b", "c"], 2)
    [('a', 'b'), ('a', 'c'), ('b', 'c')]
    >>> pairings_for(["a", "b"], 3)
    [('a', 'b'), ('b', 'a')]
    """
    if players == 2:
        return [(a, b) for i, a in enumerate(agents) for b in agents[i + 1:]]
    return [(hero, other) for hero in agents for other in agents if other != hero]


def seats_for(pairing: tuple[str, str], number: int, players: int) -> tuple[str, ...]:
    """Each seat's agent in game ``number`` of a pairing (see the module's docstring).

    >>> seats_for(("a", "b"), 0, 2), seats_for(("a", "b"), 1, 2)
    (('a', 'b'), ('b', 'a'))
    >>> seats_for(("hero", "field"), 4, 3)
    ('field', 'hero', 'field')
    """
    first, second = pairing
    if players == 2:
        return (first, second) if number % 2 == 0 else (second, first)
    hero_seat = number % players
    return tuple(first if seat == hero_seat else second for seat in range(players))


def game_seed(seed: int, pairing: tuple[str, str], number: int) -> int:
    """The seed of one game, from the arena's seed, the pairing and the game's number alone
    (so it does not depend on which games run before it, or where)."""
    key = f"{seed}/{pairing[0]}/{pairing[1]}/{number}".encode()
    return int.from_bytes(hashlib.sha256(key).digest()[:8], "big") % SEED_RANGE


def schedule(
    agents: Sequence[str],
    games: int,
    players: int,
    seed: int,
    pool: Sequence[str],
    bases: str | list[str],
    turn_cap: int,
) -> tuple[list[tuple[str, str]], list[ArenaGame]]:
    """Every pairing and every game to play, in a fixed order."""
    pairings = pairings_for(agents, players)
    planned = []
    for index, pairing in enumerate(pairings):
        for number in range(games):
            setup = game_setup(game_seed(seed, pairing, number), players, pool, bases=bases)
            setup["first_player"] = 0  # so seat 0 really moves first: seat orders are fair
            planned.append(ArenaGame(index, number, setup, seats_for(pairing, number, players),
                                     turn_cap))
    return pairings, planned


# ---- playing --------------------------------------------------------------------------------


def play_arena_game(planned: ArenaGame) -> ArenaResult:
    """Play one game (in a worker), timing each agent's decisions in process time and
    catching (and recording) any exception, as ``sim.run_one`` does.

    The agents are seeded as ``sim.agents_for`` seeds them (from the game's seed and the
    seat), so ``sim.run_one(setup, turn_cap, seats)`` plays the same game again.
    """
    cpu_start = time.process_time()
    result = ArenaResult(game=planned, usage={spec: AgentUsage() for spec in planned.seats})
    game: Game | None = None

    def timed(game: Game, agent: Agent) -> int:
        """``decide``, with the agent's thinking added to its seat's usage."""
        usage = result.usage[planned.seats[game.current_player]]
        many = len(game.legal_actions()) > 1
        started = time.process_time()
        action = decide(game, agent)  # the agent sees only its seat's view
        spent = time.process_time() - started
        usage.decisions += 1
        usage.think_s += spent
        if many:
            usage.choices += 1
            usage.choice_s += spent
        return action

    try:
        game = Game.new(planned.setup)
        seat_agents = agents_for(int(planned.setup["seed"]), len(planned.seats), planned.seats)
        result.capped = play_game(game, seat_agents, planned.turn_cap, choose=timed)
    except Exception as err:  # a bug in the engine, a card or an agent: record it and go on
        result.error, result.where = describe_error(err)
    if game is not None:
        result.turns = game.state.turn
        result.decisions = len(game.history)
        result.winner = game.state.winner if game.is_over else None
    result.cpu_s = time.process_time() - cpu_start
    return result


def play_all(planned: Sequence[ArenaGame], workers: int) -> Iterator[ArenaResult]:
    """Every game's result, in the order games finish, on ``workers`` processes."""
    if workers == 1 or len(planned) < 2:
        for one in planned:
            yield play_arena_game(one)
        return
    # one game per task: a search agent's game can take seconds, and the bar moves per game
    with multiprocessing.get_context().Pool(min(workers, len(planned))) as pool:
        yield from pool.imap_unordered(play_arena_game, planned, chunksize=1)


# ---- ratings --------------------------------------------------------------------------------


def fit_ratings(
    agents: Sequence[str],
    results: Sequence[tuple[str, str, float, float]],
    prior_draws: float = PRIOR_DRAWS,
    iterations: int = 10_000,
) -> dict[str, float]:
    """Elo-scale ratings of ``agents`` from ``(a, b, wins of a, wins of b)`` results.

    The maximum-likelihood fit of a Bradley–Terry model (``a`` beats ``b`` with probability
    ``s_a / (s_a + s_b)``), by Hunter's minorise–maximise iteration, with ``prior_draws``
    virtual drawn games (half a win each) added between every two agents. Reported as
    ``400 * log10(s)``, shifted so that the mean rating is 1500: a gap of 400 means odds of
    10 to 1. For three or four players the arena passes hero-vs-field results: a hero's win
    counts as a win over the field agent and a field win as a loss, so an agent rates high
    for winning more than its share either way round; since every ordered pair plays as many
    games, the par of 1/P cancels out between the two directions.

    >>> fit_ratings(["a", "b"], [])
    {'a': 1500.0, 'b': 1500.0}
    """
    if prior_draws <= 0:
        raise ValueError("prior_draws must be positive (it keeps every rating finite)")
    names = list(agents)
    index = {name: i for i, name in enumerate(names)}
    count = len(names)
    wins = [0.0] * count
    played = [[0.0] * count for _ in range(count)]
    for a, b, wins_a, wins_b in results:
        i, j = index[a], index[b]
        wins[i] += wins_a
        wins[j] += wins_b
        played[i][j] += wins_a + wins_b
        played[j][i] += wins_a + wins_b
    for i in range(count):
        for j in range(count):
            if i != j:
                played[i][j] += prior_draws
                wins[i] += prior_draws / 2
    strength = [1.0] * count
    for _ in range(iterations if count > 1 else 0):
        new = [wins[i] / sum(played[i][j] / (strength[i] + strength[j])
                             for j in range(count) if j != i)
               for i in range(count)]
        centre = math.exp(sum(math.log(s) for s in new) / count)  # fix the geometric mean
        new = [s / centre for s in new]
        change = max(abs(math.log(n / o)) for n, o in zip(new, strength, strict=True))
        strength = new
        if change < 1e-12:
            break
    elo = [400 * math.log10(s) for s in strength]
    mean = sum(elo) / count if count else 0.0
    return {name: round(1500 + elo[i] - mean, 1) for i, name in enumerate(names)}


# ---- the report -----------------------------------------------------------------------------


def _rate(wins: int, ended: int) -> dict[str, Any]:
    low, high = wilson(wins, ended)
    return {"rate": round(wins / ended, 4) if ended else None,
            "low": round(low, 4), "high": round(high, 4)}


def _pairing_report(pairing: tuple[str, str], players: int,
                    results: Sequence[ArenaResult]) -> dict[str, Any]:
    first, second = pairing
    wins = {first: 0, second: 0}
    seat_games = [0] * players  # games the first agent (the hero) played in each seat
    seat_wins = [0] * players
    for r in results:
        seat = r.game.seats.index(first) if players == 2 else r.game.number % players
        seat_games[seat] += 1
        won = r.winning_agent
        if won is not None:
            wins[won] += 1
            if won == first:
                seat_wins[seat] += 1
    ended = wins[first] + wins[second]
    return {"agents": [first, second], "games": len(results), "ended": ended, "wins": wins,
            **_rate(wins[first], ended), "par": round(1 / players, 4),
            "seat_games": seat_games, "seat_wins": seat_wins}


def _agent_report(spec: str, results: Sequence[ArenaResult]) -> dict[str, Any]:
    mine = [r for r in results if spec in r.game.seats]
    wins = sum(1 for r in mine if r.winning_agent == spec)
    ended = sum(1 for r in mine if r.ended)
    decisions = sum(r.usage[spec].decisions for r in mine)
    choices = sum(r.usage[spec].choices for r in mine)
    think = sum(r.usage[spec].think_s for r in mine)
    choice_think = sum(r.usage[spec].choice_s for r in mine)
    return {"games": len(mine), "ended": ended, "wins": wins, **_rate(wins, ended),
            "decisions": decisions, "choices": choices, "think_s": round(think, 3),
            "ms_per_decision": round(1000 * think / decisions, 3) if decisions else None,
            "ms_per_choice": round(1000 * choice_think / choices, 3) if choices else None}


def _check_options(agents: Sequence[str], games: int, players: int, workers: int,
                   turn_cap: int, bases: str | list[str]) -> None:
    """Bad input fails here, before any game is played."""
    for name, value, least in (("games per pairing", games, 1), ("workers", workers, 1),
                               ("the turn cap", turn_cap, 1)):
        if isinstance(value, bool) or not isinstance(value, int) or value < least:
            raise SetupError(f"{name} must be a whole number, at least {least}, not {value!r}")
    if isinstance(players, bool) or players not in (2, 3, 4):
        raise SetupError(f"an arena is for 2 to 4 players, not {players!r}")
    if isinstance(bases, str) and bases not in BASES_CHOICES:
        raise SetupError(f"bases must be {' or '.join(BASES_CHOICES)}, not {bases!r}")
    if len(agents) < 2:
        raise SetupError(f"an arena needs at least two different agents, got {list(agents)}")
    repeated = sorted({a for a in agents if list(agents).count(a) > 1})
    if repeated:
        raise SetupError(f"agent {repeated[0]!r} is named twice; name each agent once")
    for spec in agents:
        make_agent(spec, 0)  # an unknown spec fails now, not in every game


def arena(
    agents: Sequence[str],
    games: int,
    players: int = 2,
    seed: int = 0,
    factions: Sequence[str] | None = None,
    bases: str | list[str] = "all",
    turn_cap: int = DEFAULT_TURN_CAP,
    workers: int = 1,
    progress: bool | None = None,
    keep_games: bool = False,
) -> dict[str, Any]:
    """Play the round robin of ``agents`` (spec strings for ``sim.make_agent``) and report it.

    ``games`` is the number of games of each pairing (see the module's docstring);
    ``factions`` the pool each player draws two factions from (default: every implemented
    faction). ``progress`` draws a bar on stderr (default: when stderr is a terminal).
    ``keep_games`` adds ``records``: every game's pairing, number, seed, seats and winner.
    Raises ``SetupError`` for bad input before any game is played.

    The report's keys are listed in docs/cli.md (``smashup arena``). All of it but the
    timings (``wall_s``, ``cpu_s``, ``workers`` and the ``think_s``/``ms_per_*`` figures) is
    the same for any number of ``workers``.
    """
    agents = [a.strip() for a in agents]
    _check_options(agents, games, players, workers, turn_cap, bases)
    pool = sorted(set(factions)) if factions else implemented_factions()
    pairings, planned = schedule(agents, games, players, seed, pool, bases, turn_cap)
    for one in planned:
        check_setup(one.setup)  # an unknown faction or too small a pool fails now
    Game.new(planned[0].setup)  # and so does anything else wrong with the setups

    show = sys.stderr.isatty() if progress is None else progress
    bar = Progress(len(planned), 0, sys.stderr if show else None)
    start = time.perf_counter()
    results: list[ArenaResult] = []
    for result in play_all(planned, workers):
        results.append(result)
        bar.advance(1)
    bar.close()
    wall = time.perf_counter() - start
    # finishing order differs between runs: every figure below is read in schedule order
    results.sort(key=lambda r: (r.game.pairing, r.game.number))

    by_pairing: list[list[ArenaResult]] = [[] for _ in pairings]
    for r in results:
        by_pairing[r.game.pairing].append(r)
    pairing_reports = [_pairing_report(p, players, rs)
                       for p, rs in zip(pairings, by_pairing, strict=True)]
    ratings = fit_ratings(agents, [(p["agents"][0], p["agents"][1],
                                    p["wins"][p["agents"][0]], p["wins"][p["agents"][1]])
                                   for p in pairing_reports])
    errors = [r for r in results if r.error is not None]
    capped = [r for r in results if r.error is None and r.capped is not None]
    report: dict[str, Any] = {
        "agents": agents,
        "players": players,
        "games_per_pairing": games,
        "games": len(results),
        "seed": seed,
        "factions": pool,
        "bases": bases,
        "turn_cap": turn_cap,
        "workers": workers,
        "wall_s": round(wall, 3),
        "cpu_s": round(sum(r.cpu_s for r in results), 3),
        "errors": {"count": len(errors), "first": [
            {"seed": r.game.setup["seed"], "seats": list(r.game.seats), "error": r.error,
             "where": r.where, "decisions": r.decisions} for r in errors[:MAX_REPORTED]]},
        "capped": {"count": len(capped), "first": [
            {"seed": r.game.setup["seed"], "seats": list(r.game.seats), "reason": r.capped,
             "turns": r.turns, "decisions": r.decisions} for r in capped[:MAX_REPORTED]]},
        "pairings": pairing_reports,
        "ratings": ratings,
        "per_agent": {spec: _agent_report(spec, results) for spec in agents},
    }
    if keep_games:
        report["records"] = [
            {"pairing": list(pairings[r.game.pairing]), "number": r.game.number,
             "seed": r.game.setup["seed"], "factions": r.game.setup["factions"],
             "seats": list(r.game.seats), "winner": r.winner if r.ended else None,
             "winner_agent": r.winning_agent, "turns": r.turns, "capped": r.capped,
             "error": r.error} for r in results]
    return report


TIMING_KEYS = ("wall_s", "cpu_s", "workers")
AGENT_TIMING_KEYS = ("think_s", "ms_per_decision", "ms_per_choice")


def without_timings(report: dict[str, Any]) -> dict[str, Any]:
    """The report less every figure that depends on the clock or on the number of workers:
    what two runs of the same arena must agree on."""
    kept = {k: v for k, v in report.items() if k not in TIMING_KEYS}
    kept["per_agent"] = {spec: {k: v for k, v in stats.items() if k not in AGENT_TIMING_KEYS}
                         for spec, stats in report["per_agent"].items()}
    return kept
