"""Control versus ownership, for good (engine/mechanics/control.py), and where minions were played
this
turn (engine/facts/end_of_turn.py).

Rulebook passages checked (Cease and Desist, "Control"): "If you gain control of a card, it is
as if you had played it: minions add to your power total, abilities on the card apply to you
... Controlling a minion does not mean you control any actions played on it ... When the card
leaves play, it goes to the hand, deck or discard pile of its owner, not its current
controller." And "with no stated deadline, a control change of a minion lasts indefinitely"
(SFDF, Oops, EMD: "until the minion leaves play, or its control changes again")."""

from typing import Any

import pytest

from smashup.cards.helpers import (
    Ctx,
    change_control,
    destroy,
    give_control,
    owned_not_controlled,
    played_minion_at,
    register_end_of_turn,
    take_control,
    take_control_of_own,
    until_end_of_turn,
)
from smashup.engine.turn.flow import expire
from smashup.narrate import Narrator
from smashup.testing import base_power, card_id, pass_until_main, play, scenario, where

OASIS = "jungle-oasis"
TORTUGA = "tortuga"


def run(gen: Any) -> Any:
    """Run a generator that asks nothing; returns its result."""
    try:
        next(gen)
    except StopIteration as stop:
        return stop.value
    raise AssertionError("it asked for a decision")


def board() -> Any:
    """Player 0's Invader (with player 0's Upgrade on it) and player 1's Warbot at Jungle
    Oasis; a Walker of player 0 in hand."""
    return scenario(hands=[["zombies/walker"], []], bases=[
        {"base": OASIS, "minions": [
            {"card": "aliens/invader", "attached": ["dinosaurs/upgrade"]},
            {"card": "robots/warbot", "owner": 1}]},
        TORTUGA])


def test_a_given_minion_counts_for_its_new_controller_for_good():
    game = board()
    g = game.state
    invader = card_id(game, "aliens/invader#1")
    upgrade = card_id(game, "dinosaurs/upgrade#1")
    assert give_control(Ctx(g, upgrade, 0), invader, 1)
    assert g.controller[invader] == 1 and g.owner[invader] == 0
    # its power (5 with the Upgrade, whose controller stays player 0) counts for player 1
    assert base_power(game, OASIS, 1) == 4 + 5 and base_power(game, OASIS, 0) == 0
    assert g.controller[upgrade] == 0
    expire(g, until_end_of_turn(g))  # no deadline: the turn ending changes nothing
    play(game, "end")
    pass_until_main(game)
    assert g.controller[invader] == 1


def test_a_minion_leaving_play_goes_to_its_owner_and_back_under_their_control():
    game = board()
    g = game.state
    invader = card_id(game, "aliens/invader#1")
    give_control(Ctx(g, invader, 0), invader, 1)
    assert run(destroy(Ctx(g, card_id(game, "robots/warbot#1"), 1), invader))
    assert where(game, "aliens/invader#1") == "discard:0"
    assert where(game, "dinosaurs/upgrade#1") == "discard:0"
    assert g.controller[invader] == 0


def test_only_your_minion_can_be_given_and_only_your_own_taken_back():
    game = board()
    g = game.state
    invader, warbot = card_id(game, "aliens/invader#1"), card_id(game, "robots/warbot#1")
    assert not give_control(Ctx(g, invader, 0), warbot, 0)  # not player 0's to give
    assert not give_control(Ctx(g, invader, 0), invader, 0)  # to yourself: nothing
    assert not take_control_of_own(Ctx(g, invader, 0), warbot)  # owned by player 1
    assert not take_control_of_own(Ctx(g, invader, 0), invader)  # already player 0's
    assert g.controller[invader] == 0 and g.controller[warbot] == 1
    assert owned_not_controlled(g, 0) == [] and owned_not_controlled(g, 1) == []
    give_control(Ctx(g, invader, 0), invader, 1)
    assert owned_not_controlled(g, 0) == [invader]
    assert take_control_of_own(Ctx(g, warbot, 0), invader)
    assert g.controller[invader] == 0


def test_protection_stops_a_control_change_and_nothing_changes():
    """Tooth and Claw (player 1's) on player 0's minion: player 0's cards cannot affect it, so
    player 0 cannot give it away; player 1's cards can take it."""
    game = scenario(hands=[["zombies/walker"], []], bases=[
        {"base": OASIS, "minions": [
            {"card": "aliens/invader", "attached": [
                {"card": "dinosaurs/tooth-and-claw-and-guns", "owner": 1}]},
            {"card": "robots/warbot", "owner": 1}]},
        TORTUGA])
    g = game.state
    invader = card_id(game, "aliens/invader#1")
    events = len(g.events)
    assert not give_control(Ctx(g, invader, 0), invader, 1)
    assert g.controller[invader] == 0 and len(g.events) == events
    assert change_control(Ctx(g, card_id(game, "robots/warbot#1"), 1), invader, 1, "taken")
    assert g.controller[invader] == 1


def test_giving_away_a_minion_held_for_now_makes_the_change_permanent():
    """A minion under temporary control (The Base is Not Enough) that its holder gives away:
    its control has changed again, so the temporary change is over and nothing hands it back
    when the turn ends."""
    game = board()
    g = game.state
    warbot, invader = card_id(game, "robots/warbot#1"), card_id(game, "aliens/invader#1")
    assert take_control(Ctx(g, invader, 0), warbot, until_end_of_turn(g))
    assert give_control(Ctx(g, invader, 0), warbot, 1)
    assert not g.effects
    expire(g, until_end_of_turn(g))
    assert g.controller[warbot] == 1


def test_the_narrator_tells_who_gave_what_to_whom():
    game = board()
    g = game.state
    invader = card_id(game, "aliens/invader#1")
    give_control(Ctx(g, invader, 0), invader, 1)
    ev = g.events[-1]
    assert Narrator(game).sentence(ev) == "Player 1 gives control of Invader to Player 2."
    seat = Narrator(game, viewer=1, player_names=["Player 1", "You"])
    assert seat.sentence(ev) == "Player 1 gives control of Invader to you."
    mine = Narrator(game, viewer=0, player_names=["You", "Player 2"])
    assert mine.sentence(ev) == "You give control of Invader to Player 2."


def test_where_minions_were_played_is_noted_by_base_card_for_the_turn():
    game = board()
    g = game.state
    oasis = g.bases[0]
    play(game, f"play zombies/walker#1 @ base:{OASIS}")
    assert played_minion_at(g, 0, oasis) and not played_minion_at(g, 1, oasis)
    assert not played_minion_at(g, 0, g.bases[1])
    play(game, "end")
    pass_until_main(game)
    assert not played_minion_at(g, 0, oasis)  # a new turn forgets it


def test_an_end_of_turn_step_name_is_registered_once():
    with pytest.raises(ValueError, match="already registered"):
        register_end_of_turn("spikey_chair_room", lambda g, ev: None)
