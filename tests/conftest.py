"""What every test shares: the cards registered, and positions several test files use."""

import pytest

import smashup  # noqa: F401  (registers the cards)
from smashup.engine.api.game import Game
from smashup.testing import scenario


@pytest.fixture
def invader_breaks_jungle_oasis() -> Game:
    """Player 0 to play, holding an Invader: played on Jungle Oasis it brings the power
    there to the base's breakpoint (12), with player 0 far ahead."""
    return scenario(
        hands=[["aliens/invader"], ["aliens/scout"]],
        bases=[{"base": "jungle-oasis", "minions": [
                    {"card": "aliens/supreme-overlord", "controller": 0},
                    {"card": "aliens/collector", "controller": 0},
                    {"card": "aliens/collector", "controller": 1}]},
               "the-central-brain"],
        plays={"minion": 1, "action": 0},
    )
