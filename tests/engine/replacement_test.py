"""Several "instead of being destroyed" effects at once.

Core rulebook, 'Void Where Prohibited': "If multiple effects would happen at the same
time, the player whose turn it is chooses the order."
"""

from smashup.testing import decision, options, play, scenario, where

BOARD = dict(
    hands=[["ninjas/ninja-master"], []],
    bases=[{"base": "tar-pits",
            "minions": [{"card": "pirates/buccaneer", "controller": 1}]},
           "jungle-oasis"],
    decks=[[], ["aliens/scout"]],
)


def test_current_player_picks_tar_pits_first_and_the_minion_goes_under_its_deck():
    game = scenario(**BOARD)
    play(game, "play ninjas/ninja-master#1 @ base:tar-pits", "pirates/buccaneer#1")
    assert decision(game) == (0, "order")
    assert sorted(options(game)) == ["trigger base:tar-pits", "trigger pirates/buccaneer#1"]
    play(game, "trigger base:tar-pits")
    assert where(game, "pirates/buccaneer#1") == "deck:1"
    assert game.state.decks[1][-1] == game.state.names.index("pirates/buccaneer#1")


def test_current_player_picks_buccaneer_first_and_its_owner_may_sail_away():
    game = scenario(**BOARD)
    play(game, "play ninjas/ninja-master#1 @ base:tar-pits", "pirates/buccaneer#1",
         "trigger pirates/buccaneer#1")
    assert decision(game)[0] == 1  # the Buccaneer's controller decides whether it moves
    while where(game, "pirates/buccaneer#1") == "minion@base:tar-pits":
        choice = "base:jungle-oasis" if "base:jungle-oasis" in options(game) else "yes"
        play(game, choice)
    assert where(game, "pirates/buccaneer#1") == "minion@base:jungle-oasis"
