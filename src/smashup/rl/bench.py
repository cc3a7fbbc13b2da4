"""Environment steps per CPU-second beside the engine's own decisions per CPU-second.

``env_speed`` plays the same random games twice in one run: once on the bare engine
(``Game.apply`` of a random option index, as ``smashup bench`` does), once through the
PettingZoo environment (each step: the acting agent's observation array and legal-action
mask, ``observe``, then ``step`` with a random legal id). The two passes take turns,
``ROUNDS`` times, and each side's least CPU time counts: other load on the machine only ever
adds time, so the least of a few runs is the steadiest estimate of each side's own cost.
``smashup bench --json`` reports it under ``rl``.
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence
from typing import Any

from ..engine.api.game import Game
from ..engine.api.setup import Setup
from ..sim import DEFAULT_TURN_CAP
from .pettingzoo_env import SmashUpAEC

MIN_RATIO = 0.5
"""Environment steps per CPU-second must be at least this share of engine decisions per
CPU-second (issue 26)."""
ROUNDS = 3
"""Engine and environment passes, in turns, of which each side's fastest counts."""


def _engine_pass(setups: Sequence[Setup]) -> tuple[int, float]:
    decisions = 0
    cpu0 = time.process_time()
    for setup in setups:
        game = Game.new(setup)
        rng = random.Random(setup["seed"])
        while not game.is_over and game.state.turn <= DEFAULT_TURN_CAP:
            req = game.request
            assert req is not None
            game.apply(rng.randrange(len(req.options)))
            decisions += 1
    return decisions, time.process_time() - cpu0


def _env_pass(setups: Sequence[Setup]) -> tuple[int, float]:
    players = len(setups[0]["factions"])
    env = SmashUpAEC(players=players)
    core = env.core
    steps = 0
    cpu0 = time.process_time()
    for setup in setups:
        env.reset(options={"setup": setup})  # the very game the engine pass played
        rng = random.Random(setup["seed"])
        while not (env.terminations[env.agent_selection]
                   or env.truncations[env.agent_selection]):
            env.observe(env.agent_selection)  # the observation array and the mask
            legal = core.legal_ids()
            env.step(legal[rng.randrange(len(legal))])
            steps += 1
    return steps, time.process_time() - cpu0


def env_speed(setups: Sequence[Setup], rounds: int = ROUNDS) -> dict[str, Any]:
    """Both passes over ``setups`` (same player count), side by side in CPU time: ``rounds``
    times in turns, the fastest of each side."""
    if rounds < 1:
        raise ValueError(f"rounds must be at least 1, not {rounds}")
    engine_cpu = env_cpu = float("inf")
    decisions = steps = 0
    for _ in range(rounds):
        decisions, cpu = _engine_pass(setups)
        engine_cpu = min(engine_cpu, cpu)
        steps, cpu = _env_pass(setups)
        env_cpu = min(env_cpu, cpu)
    engine_rate = decisions / engine_cpu if engine_cpu > 0 else 0.0
    env_rate = steps / env_cpu if env_cpu > 0 else 0.0
    ratio = env_rate / engine_rate if engine_rate > 0 else 0.0
    return {
        "games": len(setups),
        "rounds": rounds,
        "engine_decisions": decisions,
        "engine_cpu_s": round(engine_cpu, 3),
        "engine_decisions_per_cpu_s": round(engine_rate, 1),
        "env": "pettingzoo AEC: observe (array and mask) + step",
        "env_steps": steps,
        "env_cpu_s": round(env_cpu, 3),
        "env_steps_per_cpu_s": round(env_rate, 1),
        "ratio": round(ratio, 3),
        "min_ratio": MIN_RATIO,
        "within": ratio >= MIN_RATIO,
    }
