"""When a card came into play (engine/facts/arrivals.py): "if this card was on a base at the start
of
the turn" (Chestbreaker, Nuke It From Orbit, Head Grabber; guide §4.3, R:)."""

from smashup.engine.facts.arrivals import arrived_this_turn, on_base_since_turn_began
from smashup.testing import card_id, pass_until_main, play, scenario

OASIS = "jungle-oasis"
BRAIN = "the-central-brain"


def since(game, name: str) -> bool:
    return on_base_since_turn_began(game.state, card_id(game, name))


def test_cards_on_the_board_when_the_turn_began_qualify_and_cards_played_now_do_not():
    game = scenario(bases=[{"base": OASIS, "minions": [{"card": "aliens/invader"}],
                            "actions": [{"card": "zombies/overrun"}]}, BRAIN],
                    hands=[["aliens/scout", "ninjas/poison"], []],
                    decks=[["zombies/walker"] * 4, ["zombies/walker"] * 4])
    assert since(game, "aliens/invader#1") and since(game, "zombies/overrun#1")
    play(game, f"play aliens/scout#1 @ base:{BRAIN}", "play ninjas/poison#1 on aliens/scout#1")
    assert not since(game, "aliens/scout#1")
    assert not since(game, "ninjas/poison#1")  # an action on a minion, played this turn
    assert arrived_this_turn(game.state, card_id(game, "aliens/scout#1"))
    assert not since(game, "zombies/walker#1")  # not in play at all
    play(game, "end")
    pass_until_main(game)  # player 1's turn: everything in play was there when it began
    assert since(game, "aliens/scout#1") and since(game, "ninjas/poison#1")


def test_a_move_keeps_the_condition_and_leaving_play_loses_it():
    """Moving a minion keeps it in play ("on a base", not "on this base"); a card that leaves
    play and comes back this turn has not been on a base since the turn began."""
    game = scenario(bases=[{"base": OASIS, "minions": [{"card": "aliens/invader"},
                                                       {"card": "aliens/scout"}]}, BRAIN],
                    hands=[["extramorphs/distress-call"], []])
    play(game, "play extramorphs/distress-call#1", "aliens/invader#1")
    assert since(game, "aliens/invader#1")
    game = scenario(bases=[{"base": OASIS, "minions": [{"card": "aliens/scout"}]}, BRAIN],
                    hands=[["aliens/beam-up"], []], plays={"minion": 1, "action": 1})
    play(game, "play aliens/beam-up#1")  # the only minion goes back to its owner's hand
    play(game, f"play aliens/scout#1 @ base:{OASIS}")
    assert not since(game, "aliens/scout#1")
