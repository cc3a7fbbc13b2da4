"""Science Fiction Double Feature, a second reading: each card's text and clarifications read
again against the code by someone who did not write it, with a test for each situation the text
names that the set's own test files (tests/cards/cyborg_apes_test.py, shapeshifters_test.py,
super_spies_test.py, time_travelers_test.py) did not already script: other players' minions and
turns, control changed, targets absent."""

from __future__ import annotations

from typing import Any

from smashup.testing import card_id, decision, options, play, power, scenario, where

OASIS = "jungle-oasis"  # breakpoint 12, no ability
BRAIN = "the-central-brain"  # +1 power to each minion here
TORTUGA = "tortuga"
DECK = ["zombies/walker"] * 8

APES = "cyborg-apes"
CLYDE = f"{APES}/clyde-2-0"
BABOOM = f"{APES}/baboom"
FLYING = f"{APES}/flying-monkey"
JUICED = f"{APES}/juiced-up"
UPLINK = f"{APES}/missing-uplink"
BACK = f"{APES}/monkey-on-your-back"
SHIELDING = f"{APES}/shielding"
CYBEREVOLUTION = f"{APES}/cyberevolution"


def theirs(card: str, **more: Any) -> dict[str, Any]:
    return {"card": card, "controller": 1, **more}


# ---- Cyborg Apes -------------------------------------------------------------------------------


def test_flying_monkey_on_another_players_minion_is_its_players_to_use():
    """Flying Monkey: "Play on a minion ... you may move this minion": the action's player
    decides after the base scores, and the moved minion stays its own player's."""
    game = scenario(
        decks=[DECK, DECK],
        bases=[{"base": OASIS, "minions": [
            theirs("dinosaurs/king-rex", attached=[{"card": FLYING, "owner": 0,
                                                     "controller": 0}]),
            "dinosaurs/king-rex"]}, BRAIN, TORTUGA],
        base_deck=["the-homeworld"],
    )
    play(game, "end")
    assert decision(game)[0] == 0
    assert f"trigger {FLYING}#1" in options(game)
    play(game, f"trigger {FLYING}#1", f"base:{TORTUGA}")
    assert where(game, "dinosaurs/king-rex#1") == f"minion@base:{TORTUGA}"
    assert game.state.controller[card_id(game, "dinosaurs/king-rex#1")] == 1
    assert where(game, f"{FLYING}#1") == "discard:0"


def test_clyde_saves_your_action_on_another_players_minion_here():
    """Clyde 2.0: "your actions played on minions here": any minion at Clyde's base counts,
    not only your own."""
    game = scenario(
        hands=[["aliens/beam-up"], []],
        bases=[{"base": OASIS, "minions": [CLYDE, theirs("aliens/collector",
                                                         attached=[{"card": JUICED, "owner": 0,
                                                                    "controller": 0}])]},
               BRAIN],
    )
    play(game, "play aliens/beam-up#1", "aliens/collector#1")
    assert decision(game)[0] == 0
    play(game, "yes")
    assert where(game, f"{JUICED}#1") == "hand:0"


def test_missing_uplink_on_a_minion_taken_by_another_player_still_draws_for_its_player():
    """Missing Uplink: "Draw an additional card at the end of your turn" — the action's player,
    whoever controls the minion under it."""
    game = scenario(
        decks=[DECK, DECK],
        bases=[{"base": OASIS, "minions": [theirs("aliens/collector",
                                                  owner=0,
                                                  attached=[{"card": UPLINK, "owner": 0,
                                                             "controller": 0}])]}, BRAIN],
    )
    play(game, "end")
    assert len(game.state.hands[0]) == 3


def test_baboom_talent_on_another_players_turn_is_not_offered():
    """Baboom: a Talent is used on your own turn only (core rules: Talent)."""
    game = scenario(
        hands=[[JUICED], ["aliens/beam-up"]],
        decks=[DECK, DECK],
        bases=[{"base": OASIS, "minions": [BABOOM]}, BRAIN],
        current=1,
    )
    assert not any(o.startswith("talent") for o in options(game))


def test_monkey_on_your_back_destroys_a_power_four_minion_but_not_five():
    game = scenario(
        bases=[{"base": OASIS, "minions": [
            {"card": "aliens/invader", "attached": [BACK]},
            theirs("robots/zapbot", counters=2),  # 2 + 2 = 4
            theirs("aliens/scout", counters=2)]},  # 3 + 2 = 5
            BRAIN],
        decks=[DECK, DECK],
    )
    talent = [o for o in options(game) if BACK in o]
    assert talent
    play(game, talent[0])
    assert where(game, "robots/zapbot#1") == "discard:1"
    assert where(game, "aliens/scout#1") == f"minion@base:{OASIS}"
    assert game.state.decks[0][-1] == card_id(game, f"{BACK}#1")


def test_shielding_on_another_players_minion_does_not_stop_its_own_player_destroying_it():
    """Shielding counts "other players" from its own player: the one who played it may still
    reach the minion."""
    game = scenario(
        hands=[["aliens/disintegrator"], []],
        bases=[{"base": OASIS, "minions": [theirs("aliens/collector", attached=[
            {"card": SHIELDING, "owner": 0, "controller": 0}])]}, BRAIN],
    )
    play(game, "play aliens/disintegrator#1")
    assert where(game, "aliens/collector#1") == "deck:1"


def test_juiced_up_counts_another_players_actions_on_the_minion():
    game = scenario(
        bases=[{"base": OASIS, "minions": [{"card": "aliens/invader", "attached": [
            JUICED, {"card": CYBEREVOLUTION, "owner": 1, "controller": 1}]}]}, TORTUGA],
    )
    assert power(game, "aliens/invader#1") == 3 + 3 + 2 * 2
