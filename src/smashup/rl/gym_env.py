"""A Gymnasium environment: one learning seat against built-in opponents.

>>> from smashup.rl.gym_env import SmashUpEnv
>>> env = SmashUpEnv(opponents="random", seed=3)
>>> obs, info = env.reset(seed=3)
>>> obs.shape == env.observation_space.shape and bool(env.action_masks().any())
True
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, SupportsFloat

import gymnasium as gym
import numpy as np
import numpy.typing as npt

from ..agents import Agent, decide
from ..engine.core.requests import IllegalAction
from ..sim import DEFAULT_TURN_CAP, make_agent
from . import actions, observation
from .core import SmashUpCore


class SmashUpEnv(gym.Env[npt.NDArray[np.float32], np.int64]):
    """Smash Up for one agent. Each step makes one decision of the learning seat; the
    opponents' decisions in between are made by built-in agents (``opponents``: an agent
    spec or level, ``easy``/``normal``/``hard``/``expert``/``random``/``heuristic``/``ismcts:N``,
    or one spec per opponent).

    ``seat``: the learner's seat, or None for a random seat each game. The reward is +1
    for a win and -1 otherwise at the end, plus ``shaping`` times the change of
    (own VP - best other VP) / 15 at each step (potential-based: it sums to a constant per
    game, so it does not change which policy is best). ``action_masks()`` is the legal-action
    mask (the form ``sb3_contrib``'s ``MaskablePPO`` reads); an illegal action changes
    nothing and is rewarded ``illegal_reward`` (``info["illegal"]``).
    """

    metadata = {"render_modes": ["ansi"]}

    def __init__(self, opponents: str | Sequence[str] = "random", players: int = 2,
                 factions: Sequence[Sequence[str]] | None = None,
                 pool: Sequence[str] | None = None, seat: int | None = None,
                 shaping: float = 0.0, illegal_reward: float = -1.0,
                 turn_cap: int = DEFAULT_TURN_CAP, seed: int | None = None,
                 render_mode: str | None = None) -> None:
        self.core = SmashUpCore(players, factions, pool)
        specs = [opponents] if isinstance(opponents, str) else list(opponents)
        if not specs:
            raise ValueError("name at least one opponent")
        for spec in specs:
            make_agent(spec, 0)  # an unknown spec fails now
        self.specs = specs
        if seat is not None and not 0 <= seat < players:
            raise ValueError(f"seat {seat} is not in a {players}-player game")
        self.fixed_seat = seat
        self.seat = 0 if seat is None else seat
        self.shaping = shaping
        self.illegal_reward = illegal_reward
        self.turn_cap = turn_cap
        self.render_mode = render_mode
        self.observation_space = gym.spaces.Box(0.0, 100.0, (observation.OBS_SIZE,),
                                                np.float32)
        self.action_space = gym.spaces.Discrete(actions.N_ACTIONS)
        self.opponents: dict[int, Agent] = {}
        self._potential = 0.0
        self._seed_rng = random.Random(seed)

    def _phi(self) -> float:
        vp = self.core.live.state.vp
        others = max(v for p, v in enumerate(vp) if p != self.seat)
        return (vp[self.seat] - others) / 15

    def _play_opponents(self) -> None:
        core = self.core
        game = core.live
        while not game.is_over and game.current_player != self.seat:
            if game.state.turn > self.turn_cap:
                return
            core.apply_index(decide(game, self.opponents[game.current_player]))

    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None
              ) -> tuple[npt.NDArray[np.float32], dict[str, Any]]:
        super().reset(seed=seed)
        if seed is not None:
            self._seed_rng = random.Random(seed)
        game_seed = self._seed_rng.randrange(2**31)
        players = self.core.players
        self.seat = self.fixed_seat if self.fixed_seat is not None else \
            self._seed_rng.randrange(players)
        self.core.reset(game_seed)
        others = [p for p in range(players) if p != self.seat]
        self.opponents = {p: make_agent(self.specs[k % len(self.specs)], game_seed * 10 + p)
                          for k, p in enumerate(others)}
        self._play_opponents()
        self._potential = self._phi()
        return self.core.observe(self.seat), self._info()

    def _info(self) -> dict[str, Any]:
        game = self.core.live
        return {"seat": self.seat, "turn": game.state.turn, "vp": list(game.state.vp),
                "winner": game.state.winner if game.is_over else None}

    def action_masks(self) -> npt.NDArray[np.bool_]:
        return self.core.mask(self.seat).astype(bool)

    def step(self, action: Any) -> tuple[npt.NDArray[np.float32], SupportsFloat, bool, bool,
                                         dict[str, Any]]:
        core = self.core
        game = core.live
        if game.is_over:
            raise RuntimeError("the game is over: call reset()")
        try:
            core.step(int(action))
        except IllegalAction:
            info = self._info()
            info["illegal"] = True
            return core.observe(self.seat), self.illegal_reward, False, False, info
        self._play_opponents()
        reward = 0.0
        if self.shaping:
            phi = self._phi()
            reward += self.shaping * (phi - self._potential)
            self._potential = phi
        terminated = game.is_over
        truncated = not terminated and game.state.turn > self.turn_cap
        if terminated:
            reward += 1.0 if game.state.winner == self.seat else -1.0
        return core.observe(self.seat), reward, terminated, truncated, self._info()

    def render(self) -> str | None:
        game = self.core.live
        if self.render_mode != "ansi":
            return None
        obs = game.observation(self.seat)
        return (f"turn {obs['turn']} vp {obs['vp']} "
                f"decision {obs.get('decision', {}).get('kind')}")
