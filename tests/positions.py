"""Positions of random games, for tests that check something at many decisions."""

from __future__ import annotations

import random
from collections.abc import Iterator

from smashup.engine.api.game import Game
from smashup.sim import game_setup


def random_positions(seed: int, players: int, every: int) -> Iterator[Game]:
    """The game of ``seed`` (all bases) played at random, handed out at every ``every``-th
    decision (the same live game each time: read it before asking for the next)."""
    game = Game.new(game_setup(seed, players, bases="all"))
    rng = random.Random(seed)
    made = 0
    while not game.is_over and game.state.turn < 300:
        if made % every == 0:
            yield game
        game.apply(rng.randrange(len(game.legal_actions())))
        made += 1


def early_decisions_and_copies(seed: int, players: int) -> Iterator[tuple[Game, Game, int]]:
    """Decisions with a choice in the first 12 turns of a random game, each with a copy of
    the game in which every card hidden from the seat deciding is dealt again (the same view),
    and that seat: for tests that a player decides the same whatever the hidden cards are."""
    for game in random_positions(seed, players, 23):
        if game.state.turn > 12 or len(game.legal_actions()) < 2:
            continue
        p = game.current_player
        yield game, game.determinize(p, seed=seed), p
