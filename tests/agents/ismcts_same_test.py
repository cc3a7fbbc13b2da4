"""The search's fast paths leave its decisions alone: seeded games between search agents are
traced decision by decision and compared with a recorded trace. The first trace came from
commit 1ea640f (the search playing through ``Game.apply`` and building every decision's options
and texts) and held through every fast path after it (``QuickWorld``, worlds without a replay,
the options built once per view). It was recorded again when the search began to draw every
world and every choice from one generator, and to deal only the top of its worlds' decks: that
changes which worlds and playouts a seed gives, not how the search uses them."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from search_trace import GAMES, trace

RECORDED = json.loads((Path(__file__).parent / "data" / "ismcts_trace.json").read_text())


@pytest.mark.parametrize(("seed", "players"), GAMES)
def test_the_search_decides_as_before_and_from_the_same_statistics(seed, players):
    """Every decision of the game (the same chosen option), and at each searched one how
    often each option was tried at the root and the rewards it earned."""
    recorded = RECORDED[f"{seed}/{players}"]
    now = trace(seed, players)
    assert len(now) == len(recorded)
    searched = 0
    for i, (step, was) in enumerate(zip(now, recorded, strict=True)):
        assert step == was, f"decision {i} of game {seed}/{players} differs"
        searched += bool(step["visits"])
    assert searched >= 20  # most decisions were searched, not single-option ones
