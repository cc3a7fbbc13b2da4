"""What each player may see: ``Game.observation``."""

from smashup.testing import play, scenario


def test_a_minion_returned_to_a_hand_is_known_to_everyone():
    """Core rulebook, 'Return': the card goes back where it came from, in full view, so the
    other players know it is in that hand (their observation lists it), but not the rest."""
    game = scenario(
        hands=[["aliens/beam-up"], ["ninjas/shinobi"]],
        bases=[{"base": "jungle-oasis",
                "minions": [{"card": "ninjas/tiger-assassin", "controller": 1}]},
               "the-central-brain"],
    )
    play(game, "play aliens/beam-up#1")
    known = game.observation(0)["known"]
    assert ["ninjas/tiger-assassin#1", "hand", 1] in known
    assert not any(k[0] == "ninjas/shinobi#1" for k in known)
