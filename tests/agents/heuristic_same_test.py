"""The heuristic (normal) player's speed-ups must not change what it plays: three seeded
games (2, 3 and 4 players) give, decision by decision, the actions recorded at 67c05f1,
before its trials were kept and reused. A change to its evaluation fails here on purpose;
record the new digest then, saying why, in the same commit."""

from __future__ import annotations

import hashlib

from smashup.engine.api.game import Game
from smashup.sim import game_setup, make_agent, play_game

RECORDED = "da64e333cf20890f"
"""sha256 (first 16 hex digits) of the three games' action lists, at 67c05f1."""


def test_the_heuristic_plays_the_recorded_games() -> None:
    digest = hashlib.sha256()
    for seed in range(3):
        players = 2 + seed
        game = Game.new(game_setup(seed, players))
        agents = [make_agent("heuristic", seed * 10 + p) for p in range(players)]
        actions: list[int] = []
        play_game(game, agents, on_step=lambda _g, a, into=actions: into.append(a))
        assert game.is_over
        digest.update(repr(actions).encode())
    assert digest.hexdigest()[:16] == RECORDED
