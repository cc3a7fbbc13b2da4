"""What every environment shares: a game, its decision in fixed ids, observations and masks.

``SmashUpCore`` wraps ``Game``: ``legal_ids()`` are the current decision's options as ids of
the fixed action space (``actions``), ``mask(p)`` the legal-action mask of seat ``p``
(all zeros for a seat that does not decide now), ``observe(p)`` its observation array
(``observation``), and ``step(id)`` makes the decision the id stands for.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import numpy as np
import numpy.typing as npt

from ..engine.api.game import Game
from ..engine.core.requests import IllegalAction
from ..sim import game_setup
from . import actions, observation

Mask = npt.NDArray[np.int8]


def setup_for(seed: int, players: int, factions: Sequence[Sequence[str]] | None,
              pool: Sequence[str] | None = None) -> dict[str, Any]:
    """The setup of game ``seed``: the fixed ``factions`` (one pair per seat), or two random
    factions per seat from ``pool`` (default: every implemented faction)."""
    return dict(game_setup(seed, players, pool=pool, pairs=factions))


class SmashUpCore:
    """A game seen through the fixed action space."""

    def __init__(self, players: int = 2, factions: Sequence[Sequence[str]] | None = None,
                 pool: Sequence[str] | None = None) -> None:
        if isinstance(players, bool) or players not in (2, 3, 4):
            raise ValueError(f"players must be 2, 3 or 4, not {players!r}")
        if factions is not None and len(factions) != players:
            raise ValueError(f"{len(factions)} faction pairs given for {players} players")
        self.players = players
        self.factions = [list(f) for f in factions] if factions is not None else None
        self.pool = list(pool) if pool is not None else None
        self.game: Game | None = None
        self._ids: list[int] | None = None

    def __deepcopy__(self, memo: dict[int, Any]) -> SmashUpCore:
        """A copy whose game evolves exactly like this one (``Game.clone``: the running
        ability is a generator, which ``copy`` cannot copy). OpenSpiel clones states so."""
        new = SmashUpCore(self.players, self.factions, self.pool)
        new.game = self.game.clone() if self.game is not None else None
        return new

    def reset(self, seed: int) -> Game:
        """A new game from ``seed`` (which also picks the random factions)."""
        return self.reset_to(setup_for(seed, self.players, self.factions, self.pool))

    def reset_to(self, setup: Any) -> Game:
        """A new game from a whole setup (``Game.new``'s argument)."""
        game = Game.new(setup)
        if game.state.nplayers != self.players:
            raise ValueError(f"this setup has {game.state.nplayers} players, not "
                             f"{self.players}")
        self.game = game
        self._ids = None
        return game

    @property
    def live(self) -> Game:
        if self.game is None:
            raise RuntimeError("call reset() first")
        return self.game

    def legal_ids(self) -> list[int]:
        """The ids of the current decision's options, in the engine's order (an id shared
        by interchangeable options appears once per option)."""
        if self._ids is None:
            game = self.live
            req = game.request
            self._ids = [] if req is None else actions.encode_options(game.state, req)
        return self._ids

    def option_index(self, action: int) -> int:
        """The option of the current decision that ``action`` stands for."""
        ids = self.legal_ids()
        try:
            return ids.index(int(action))  # the first option with that id
        except ValueError:
            raise IllegalAction(f"action {action} ({actions.describe_action(int(action))}) "
                                "is not legal now" if 0 <= int(action) < actions.N_ACTIONS
                                else f"action {action} is outside the action space") from None

    def mask(self, player: int) -> Mask:
        """1 for each legal id of ``player`` (zeros if another seat decides)."""
        # set in a plain zeroed buffer that numpy wraps without a copy (cheaper than numpy's
        # zeros and an index list for a handful of ids)
        raw = bytearray(actions.N_ACTIONS)
        if self.live.current_player == player:
            for a in self.legal_ids():
                raw[a] = 1
        return np.frombuffer(raw, np.int8)

    def observe(self, player: int) -> observation.Obs:
        game = self.live
        return observation.encode(game.state, game.request, player)

    def step(self, action: int) -> None:
        """Make the current decision by id (IllegalAction if it is not legal now)."""
        self.live.apply(self.option_index(action))
        self._ids = None

    def apply_index(self, index: int) -> None:
        """Make the current decision by the engine's option index (for built-in agents)."""
        self.live.apply(index)
        self._ids = None

    def returns(self) -> list[float]:
        """+1 for the winner, -1 for every other seat (0 each when nobody won: a capped
        game)."""
        game = self.live
        winner = game.state.winner
        if winner is None:
            return [0.0] * self.players
        return [1.0 if p == winner else -1.0 for p in range(self.players)]


def random_legal(mask: Mask, rng: random.Random) -> int:
    """A uniformly random legal id of a mask (for tests and benchmarks)."""
    legal = np.flatnonzero(mask)
    return int(legal[rng.randrange(len(legal))])
