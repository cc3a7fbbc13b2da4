"""An optional ability is offered only when it could do something (issue 30, item 7).

A minion that another player's card shields from its own controller's cards (Tooth and
Claw... and Guns: "this minion is not affected by other players' cards", played on it by an
opponent) cannot be affected by its own abilities either. Its optional abilities are then tried
on a copy of the position (``engine/rules/trials.py``, from ``pending.still_applies``) and offered
only when some way of using them still changes something: one that acts only on the minion
itself (Robobro's counter, the Scout's return) is not offered; one that acts on something
else (the Mole's extra action) still is.

The same holds whichever card is shielded: a trigger whose only possible target is a card
another player's effect shields from it (a Pinkerton whose only dueling minion bears an
opponent's Tooth and Claw) is tried the same way and not offered.
"""

from __future__ import annotations

from typing import Any

from smashup.testing import card_id, decision, options, play, scenario, where

OASIS, BRAIN = "jungle-oasis", "the-central-brain"
TOOTH = "dinosaurs/tooth-and-claw-and-guns"
ROBOBRO = "action-heroes/robobro"
DECKS = [["zombies/walker"] * 3, ["zombies/walker"] * 3]


def tooth(controller: int) -> dict[str, Any]:
    return {"card": TOOTH, "owner": controller, "controller": controller}


def robobro_board(attached: list[Any]) -> Any:
    """Player 1 plays King Rex to the base of player 0's Robobro (optional: +1 counter)."""
    game = scenario(current=1, hands=[[], ["dinosaurs/king-rex"]], decks=DECKS,
                    bases=[{"base": OASIS, "minions": [{"card": ROBOBRO, "controller": 0,
                                                        "attached": attached}]}, BRAIN])
    play(game, f"play dinosaurs/king-rex#1 @ base:{OASIS}")
    return game


def test_robobro_shielded_from_its_controller_by_an_opponent_is_not_offered_its_counter():
    """Tooth and Claw played by player 1 on Robobro: player 0's cards, Robobro included, do not
    affect it, so its "you may place a +1 power counter on this minion" could do nothing."""
    game = robobro_board([tooth(1)])
    assert decision(game) == (1, "main")
    assert game.state.counters == {}


def test_robobro_is_offered_its_counter_otherwise():
    for attached in ([tooth(0)], []):  # its own Tooth and Claw shields it from others only
        game = robobro_board(attached)
        assert options(game) == [f"trigger {ROBOBRO}#1", "pass"]
        play(game, f"trigger {ROBOBRO}#1")
        assert list(game.state.counters.values()) == [1]


def scout_board(attached: list[Any]) -> Any:
    """Jungle Oasis (breakpoint 12) scores when player 0 ends the turn; a Scout of player 0 is
    there (optional: return to hand after it scores)."""
    return scenario(decks=DECKS, bases=[
        {"base": OASIS, "minions": [{"card": "aliens/scout", "attached": attached},
                                    "dinosaurs/king-rex", "dinosaurs/king-rex"]}, BRAIN])


def test_a_scout_an_opponent_shields_from_its_own_ability_is_not_offered_its_return():
    game = scout_board([tooth(1)])
    play(game, "end")
    assert decision(game) == (1, "main")  # no Me First! window was opened for it
    assert where(game, "aliens/scout#1") == "discard:0"
    free = scout_board([])
    play(free, "end")
    assert options(free) == ["trigger aliens/scout#1", "pass"]


def test_a_shielded_minions_ability_that_acts_on_something_else_is_still_offered():
    """The Mole's "you may play an extra action" does not act on the Mole: shielded from its
    controller by an opponent's Tooth and Claw, it is offered all the same."""
    game = scenario(hands=[["pirates/swashbuckling"], []], decks=DECKS,
                    plays={"minion": 0, "action": 0},
                    bases=[{"base": OASIS, "minions": [
                        {"card": "super-spies/mole", "attached": [tooth(1)]},
                        "dinosaurs/king-rex", {"card": "aliens/invader", "controller": 1}]},
                        BRAIN])
    play(game, "end")
    assert options(game) == ["trigger super-spies/mole#1", "pass"]
    play(game, "trigger super-spies/mole#1", "play pirates/swashbuckling#1")
    assert where(game, "pirates/swashbuckling#1") == "discard:0"


PINKERTON, GUNFIGHTER = "cowboys/pinkerton", "cowboys/gunfighter"
COLLECTOR = "aliens/collector"  # power 2


def pinkerton_board(attached: list[Any]) -> Any:
    """Player 1's Gunfighter calls out player 0's Collector (``attached`` on it) to a duel; player
    0's Pinkerton at the other base may give a +1 counter to player 0's minion in the duel."""
    game = scenario(current=1, hands=[[], [GUNFIGHTER]], decks=DECKS,
                    bases=[{"base": OASIS, "minions": [{"card": COLLECTOR,
                                                        "attached": attached}]},
                           {"base": BRAIN, "minions": [PINKERTON]}])
    play(game, f"play {GUNFIGHTER}#1 @ base:{OASIS}", f"{COLLECTOR}#1")
    return game


def test_a_trigger_whose_only_target_an_opponent_shields_from_it_is_not_offered():
    """Pinkerton ("you may give that minion a +1 power counter") cannot affect the Collector that
    player 1's Tooth and Claw shields from player 0's cards: its counter is not offered."""
    game = pinkerton_board([tooth(1)])
    assert f"trigger {PINKERTON}#1" not in options(game)
    free = pinkerton_board([tooth(0)])  # player 0's own Tooth and Claw: Pinkerton may
    assert decision(free) == (0, "me_first")
    assert options(free) == [f"trigger {PINKERTON}#1", "pass"]
    play(free, f"trigger {PINKERTON}#1")
    assert free.state.counters.get(card_id(free, f"{COLLECTOR}#1"), 0) == 1
