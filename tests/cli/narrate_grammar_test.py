"""The log's grammar: verbs agree with how many players they tell of."""

from __future__ import annotations

from smashup.narrate import Narrator
from smashup.testing import card_id, scenario


def test_several_players_look_at_cards_one_player_looks():
    game = scenario(players=3, hands=[["aliens/invader", "aliens/scout"], [], []],
                    bases=["jungle-oasis", "the-central-brain"])
    cards = (card_id(game, "aliens/invader#1"), card_id(game, "aliens/scout#1"))
    hidden = Narrator(game, viewer=2)  # player 3 is not shown the cards
    assert hidden.sentence({"kind": "revealed", "cards": cards, "to": (0, 1)}) == (
        "Player 1 and Player 2 look at 2 cards.")
    assert hidden.sentence({"kind": "revealed", "cards": cards[:1], "to": (1,)}) == (
        "Player 2 looks at 1 card.")
    shown = Narrator(game, viewer=0)
    assert shown.sentence({"kind": "revealed", "cards": cards, "to": (0, 1)}) == (
        "Player 1 and Player 2 see Invader and Scout.")
    assert shown.sentence({"kind": "revealed", "cards": cards, "to": (0,)}) == (
        "Player 1 sees Invader and Scout.")
