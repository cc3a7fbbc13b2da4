"""Sentences the game log needs beyond the ones the command line uses."""

from smashup.narrate import Narrator
from smashup.testing import options, play, scenario, where


def test_hideouts_swap_is_told_in_a_sentence():
    game = scenario(hands=[["dinosaurs/wildlife-preserve"], []],
                    bases=[{"base": "jungle-oasis", "actions": ["tricksters/hideout"]},
                           "the-central-brain"])
    narrator = Narrator(game)
    assert "use tricksters/hideout#1" in options(game)
    play(game, "use tricksters/hideout#1")
    assert where(game, "dinosaurs/wildlife-preserve#1") == "action@base:jungle-oasis"
    assert ("Player 1 swaps Hideout on Jungle Oasis for Wildlife Preserve."
            in narrator.narrate(game.events))
