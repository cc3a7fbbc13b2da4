"""A base's scoring runs in stages (engine/turn/flow.py, ``SCORING``): after the "before scoring"
abilities, VP are awarded; then the "after scoring" abilities; then the base is cleared and
replaced; then the abilities of its replacement. Each stage begins at a checkpoint, where a
searched game anchors, so a copy taken during a scoring replays from the stage under way.
These tests check that such a copy is the same game as the original and goes on like it, and
that no stage is left behind once the scoring is over.
"""

from __future__ import annotations

import random

from smashup import Game
from smashup.engine.turn.flow import SCORING
from smashup.sim import game_setup

FOLLOW = 4  # decisions a clone and its original make alike after the clone is taken


def _play_on(game: Game, rng: random.Random, decisions: int) -> list[str]:
    made = []
    for _ in range(decisions):
        if game.is_over:
            break
        req = game.request
        assert req is not None
        made.append(game.action_text(rng.randrange(len(req.options))))
        game.apply(made[-1])
    return made


def test_a_copy_taken_during_a_scoring_is_the_same_game_and_goes_on_alike() -> None:
    """Random games over every faction; at every decision while a base scores, a clone has
    the same position and options as the original, and the same choices lead both to the same
    position and decision texts."""
    checked = 0
    stages_seen: set[str] = set()
    for seed in range(40):
        setup = game_setup(seed, 2, bases="factions")
        game = Game.new(setup)
        rng = random.Random(seed)
        while not game.is_over and game.state.turn <= 60:
            req = game.request
            assert req is not None
            stage = game.state.misc.get(SCORING)
            if req.kind != "main" and game.state.phase == "score":
                if stage is not None:
                    stages_seen.add(stage[0])
                clone = game.clone()
                assert clone.state.fingerprint() == game.state.fingerprint()
                assert clone.action_texts() == game.action_texts()
                assert clone.history == game.history
                original_rng = random.Random(rng.random())
                clone_rng = random.Random()
                clone_rng.setstate(original_rng.getstate())
                twin = game.clone()  # the original goes on as a clone of itself
                made = _play_on(twin, original_rng, FOLLOW)
                assert _play_on(clone, clone_rng, FOLLOW) == made
                assert clone.state.fingerprint() == twin.state.fingerprint()
                checked += 1
            game.apply(rng.randrange(len(req.options)))
    assert checked > 200, checked  # the games do reach decisions inside scorings
    assert {"clear", "replaced"} <= stages_seen, stages_seen


def test_no_scoring_stage_is_left_once_the_scoring_is_over() -> None:
    """At every Play Cards decision of random games, no base is in the middle of scoring."""
    for seed in range(40, 60):
        game = Game.new(game_setup(seed, 3, bases="factions"))
        rng = random.Random(seed)
        while not game.is_over and game.state.turn <= 60:
            req = game.request
            assert req is not None
            if req.kind == "main":
                assert SCORING not in game.state.misc
                assert game.state.scoring is None
            game.apply(rng.randrange(len(req.options)))
