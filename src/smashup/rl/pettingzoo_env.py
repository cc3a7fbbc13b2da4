"""A PettingZoo ``AECEnv``: every seat an agent, the one who decides now the agent to act.

Turn-based with 2 to 4 players; Me First! windows, "each player may" abilities and choices
another player makes during your turn all come as the deciding seat's turn to act (so the
agent to act is not always the player whose turn it is). Observations are
``{"observation": array, "action_mask": int8 array}`` (``observation.encode`` and
``actions``); the mask of an agent that does not act now is all zeros. Rewards come at the
end: +1 for the winner, -1 for every other seat. A game past ``turn_cap`` turns is
truncated. ``reset(seed=s)`` reproduces game ``s`` exactly (factions included).

>>> from smashup.rl.pettingzoo_env import env
>>> e = env(players=3)
>>> e.reset(seed=1)
>>> obs, reward, terminated, truncated, info = e.last()
>>> int(obs["action_mask"].sum()) == len(e.unwrapped.core.legal_ids()) > 0
True
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import gymnasium as gym
import numpy as np
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from ..sim import DEFAULT_TURN_CAP
from . import actions, observation
from .core import SmashUpCore


class SmashUpAEC(AECEnv[str, dict[str, Any], int | None]):  # type: ignore[misc]
    """Smash Up as a PettingZoo AEC environment (use ``env()`` for the checked wrapper)."""

    metadata = {"render_modes": ["ansi"], "name": "smashup_v0", "is_parallelizable": False}

    def __init__(self, players: int = 2, factions: Sequence[Sequence[str]] | None = None,
                 pool: Sequence[str] | None = None, turn_cap: int = DEFAULT_TURN_CAP,
                 render_mode: str | None = None) -> None:
        super().__init__()
        self.core = SmashUpCore(players, factions, pool)
        self.turn_cap = turn_cap
        self.render_mode = render_mode
        self.possible_agents = [f"player_{p}" for p in range(players)]
        self.agent_name_mapping = {a: p for p, a in enumerate(self.possible_agents)}
        obs_space = gym.spaces.Dict({
            "observation": gym.spaces.Box(0.0, 100.0, (observation.OBS_SIZE,), np.float32),
            "action_mask": gym.spaces.Box(0, 1, (actions.N_ACTIONS,), np.int8),
        })
        self.observation_spaces = dict.fromkeys(self.possible_agents, obs_space)
        self.action_spaces = {a: gym.spaces.Discrete(actions.N_ACTIONS)
                              for a in self.possible_agents}
        self._seeds = random.Random()

    def observation_space(self, agent: str) -> gym.spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> gym.spaces.Space[Any]:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """A new game: game ``seed`` (None: a random one), or ``options["setup"]``, a whole
        setup as ``Game.new`` takes it (with as many players as this environment)."""
        setup = (options or {}).get("setup")
        if setup is not None:
            self.core.reset_to(setup)
        else:
            self.core.reset(seed if seed is not None else self._seeds.randrange(2**31))
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self.agent_selection = self.possible_agents[self.core.live.current_player]

    def observe(self, agent: str) -> dict[str, Any]:
        p = self.agent_name_mapping[agent]
        return {"observation": self.core.observe(p), "action_mask": self.core.mask(p)}

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise ValueError(f"{agent} must act: give an action id")
        core = self.core
        core.step(int(action))
        game = core.live
        self._cumulative_rewards[agent] = 0.0
        if game.is_over or game.state.turn > self.turn_cap:
            if game.is_over:
                returns = core.returns()
                self.rewards = {a: returns[self.agent_name_mapping[a]] for a in self.agents}
                self.terminations = dict.fromkeys(self.agents, True)
            else:
                self.truncations = dict.fromkeys(self.agents, True)
            for a in self.agents:
                self.infos[a] = {"winner": game.state.winner, "vp": list(game.state.vp)}
            self._accumulate_rewards()
            # the dead agents are then stepped with None, from the one who just acted
        else:
            # no reward before the end: self.rewards stays all zeros
            self.agent_selection = self.possible_agents[game.current_player]

    def render(self) -> str | None:
        if self.render_mode != "ansi":
            return None
        game = self.core.live
        obs = game.spectator_observation()
        return f"turn {obs['turn']} vp {obs['vp']} to act: player_{game.current_player}"

    def close(self) -> None:
        pass


def env(**kwargs: Any) -> Any:
    """The environment with PettingZoo's standard checks around it (an illegal action raises,
    stepping after the end is caught, and so on)."""
    e: Any = SmashUpAEC(**kwargs)
    e = wrappers.AssertOutOfBoundsWrapper(e)
    e = wrappers.OrderEnforcingWrapper(e)
    return e
