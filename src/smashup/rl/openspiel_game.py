"""Smash Up as an OpenSpiel Python game: ``pyspiel.load_game("python_smashup")`` once this
module is imported.

Sequential, imperfect information, zero-sum (the winner gets +1, every other player
-1/(n-1); a game stopped by the caps is worth 0 to everyone). Chance is *sampled*
(``SAMPLED_STOCHASTIC``): shuffles and draws come from the engine's own RNG, seeded by the
game's seed, so there are no chance nodes; a search samples worlds with
``resample_from_infostate`` (``Game.determinize``) instead. Actions are the fixed ids of
``smashup.rl.actions``; the observation tensor is ``smashup.rl.observation``'s array.

Parameters: ``players`` (2 to 4, default 2) and ``seed`` (-1, the default: game k of this
``Game`` object uses seed k; otherwise every game uses that seed).

The observation string is the seat's ``Game.observation`` as JSON; the information state
string adds every decision made so far as that seat saw it (``Game.history_for``), which is
all the seat was told (cards drawn and shown to it are in its observation's hand and
``known``).
"""

from __future__ import annotations

import json
from typing import Any

import numpy as np
import pyspiel

from ..engine.api.game import Game
from ..sim import DEFAULT_TURN_CAP
from . import actions, observation
from .core import SmashUpCore

MAX_GAME_LENGTH = 30_000
"""Decisions after which a game is stopped (a random 4-player game makes about 600)."""

_GAME_TYPE = pyspiel.GameType(
    short_name="python_smashup",
    long_name="Python Smash Up",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.ZERO_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=4,
    min_num_players=2,
    provides_information_state_string=True,
    provides_information_state_tensor=False,
    provides_observation_string=True,
    provides_observation_tensor=True,
    parameter_specification={"players": 2, "seed": -1},
)


def _info(players: int) -> Any:
    return pyspiel.GameInfo(
        num_distinct_actions=actions.N_ACTIONS,
        max_chance_outcomes=0,
        num_players=players,
        min_utility=-1.0,
        max_utility=1.0,
        utility_sum=0.0,
        max_game_length=MAX_GAME_LENGTH,
    )


class SmashUpGame(pyspiel.Game):  # type: ignore[misc]
    """The game: makes initial states and observers."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        params = dict(params or {})
        players = int(params.get("players", 2))
        if players not in (2, 3, 4):
            raise ValueError(f"players must be 2, 3 or 4, not {players}")
        super().__init__(_GAME_TYPE, _info(players), params)
        self.players = players
        self.seed = int(params.get("seed", -1))
        self._games_made = 0

    def new_initial_state(self) -> SmashUpState:
        if self.seed >= 0:
            seed = self.seed
        else:
            seed = self._games_made
            self._games_made += 1
        return SmashUpState(self, seed)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> Any:
        return SmashUpObserver(
            iig_obs_type or pyspiel.IIGObservationType(perfect_recall=False), params)


class SmashUpState(pyspiel.State):  # type: ignore[misc]
    """A position: a ``Game`` seen through the fixed action space."""

    def __init__(self, game: SmashUpGame, seed: int | None, core: SmashUpCore | None = None
                 ) -> None:
        super().__init__(game)
        self._players = game.players
        if core is None:
            core = SmashUpCore(game.players)
            core.reset(seed if seed is not None else 0)
        self.core = core
        self._made = 0

    def _stopped(self) -> bool:
        game = self.core.live
        return (game.is_over or game.state.turn > DEFAULT_TURN_CAP
                or self._made >= MAX_GAME_LENGTH)

    def current_player(self) -> int:
        if self._stopped():
            return int(pyspiel.PlayerId.TERMINAL)
        return self.core.live.current_player

    def _legal_actions(self, player: int) -> list[int]:
        if self._stopped() or player != self.core.live.current_player:
            return []
        return sorted(set(self.core.legal_ids()))

    def _apply_action(self, action: int) -> None:
        self.core.step(action)
        self._made += 1

    def _action_to_string(self, player: int, action: int) -> str:
        game = self.core.live
        if not self._stopped() and player == game.current_player:
            ids = self.core.legal_ids()
            if action in ids:
                return game.action_text(ids.index(action))
        return actions.describe_action(action)

    def is_terminal(self) -> bool:
        return self._stopped()

    def returns(self) -> list[float]:
        game = self.core.live
        winner = game.state.winner
        if not game.is_over or winner is None:
            return [0.0] * self._players
        lose = -1.0 / (self._players - 1)
        return [1.0 if p == winner else lose for p in range(self._players)]

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> SmashUpState:
        """A world ``player_id`` cannot tell from this one (``Game.determinize``), its seed
        drawn from ``probability_sampler``."""
        seed = int(probability_sampler() * 2**31)
        core = SmashUpCore(self._players)
        core.game = self.core.live.determinize(player_id, seed)
        world = SmashUpState(self.get_game(), None, core)
        world._made = self._made
        return world

    def __str__(self) -> str:
        game = self.core.live
        return f"turn {game.state.turn} vp {game.state.vp} decisions {len(game.history)}"


class SmashUpObserver:
    """OpenSpiel's observer interface: the tensor is ``observation.encode``'s array, the
    string the seat's observation (and, for perfect recall, its history) as text."""

    def __init__(self, iig_obs_type: Any, params: Any) -> None:
        if params:
            raise ValueError(f"observation parameters are not supported: {params}")
        self.perfect_recall = bool(iig_obs_type.perfect_recall)
        self.tensor = np.zeros(observation.OBS_SIZE, np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: SmashUpState, player: int) -> None:
        game = state.core.live
        self.tensor[:] = observation.encode(game.state, game.request, player)

    def string_from(self, state: SmashUpState, player: int) -> str:
        game: Game = state.core.live
        obs = game.observation(player)
        text = json.dumps(obs, sort_keys=True, separators=(",", ":"))
        if self.perfect_recall:
            return text + "\n" + "\n".join(game.history_for(player))
        return text


pyspiel.register_game(_GAME_TYPE, SmashUpGame)
