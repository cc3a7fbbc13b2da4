"""Why a card cannot be played, and which playable actions would do nothing (engine/api/why.py)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from smashup import Game, IllegalAction
from smashup.engine.api.why import NO_WAY, playable_cards
from smashup.sim import game_setup, implemented_factions
from smashup.testing import decision, options, play, scenario

A, B = "jungle-oasis", "the-central-brain"  # no abilities that bar plays


def mine(card: str, **more: Any) -> dict[str, Any]:
    return {"card": card, "controller": 0, **more}


def theirs(card: str, **more: Any) -> dict[str, Any]:
    return {"card": card, "controller": 1, "owner": 1, **more}


# ---- reasons -----------------------------------------------------------------------------------


def test_no_plays_of_actions_left_after_the_action_play():
    game = scenario(hands=[["aliens/invasion", "pirates/swashbuckling", "aliens/invader"], []],
                    bases=[A, B])
    assert game.why_not("pirates/swashbuckling#1") is None
    play(game, "play aliens/invasion#1")
    assert game.why_not("pirates/swashbuckling#1") == "no plays of actions left"
    assert game.why_not("aliens/invader#1") is None  # the minion play is still there


def test_no_plays_of_minions_left_after_the_minion_play():
    game = scenario(hands=[["aliens/invader", "aliens/scout"], []], bases=[A, B])
    play(game, "play aliens/invader#1 @ base:jungle-oasis")
    assert game.why_not("aliens/scout#1") == "no plays of minions left"


def test_overrun_on_the_only_base_names_itself():
    game = scenario(hands=[["aliens/invader"], []],
                    bases=[{"base": A, "actions": [theirs("zombies/overrun")]}])
    assert game.why_not("aliens/invader#1") == "Overrun forbids it at Jungle Oasis, the only base"


def test_overrun_everywhere_says_no_base_will_accept_it():
    third = {"card": "zombies/overrun", "controller": 2, "owner": 2}
    game = scenario(players=3, hands=[["aliens/invader"], [], []],
                    bases=[{"base": A, "actions": [theirs("zombies/overrun")]},
                           {"base": B, "actions": [third]}])
    assert game.why_not("aliens/invader#1") == (
        "no base will accept it: Jungle Oasis: Overrun forbids it; "
        "The Central Brain: Overrun forbids it")


def test_mark_of_sleep_names_itself_and_how_long_it_lasts():
    game = scenario(hands=[["tricksters/mark-of-sleep"], ["aliens/invasion", "robots/zapbot"]],
                    bases=[A, B])
    play(game, "play tricksters/mark-of-sleep#1", "choice:no-actions", "end")
    assert decision(game) == (1, "main")
    assert game.why_not("aliens/invasion#1") == (
        "Mark of Sleep: you cannot play actions until Player 1's next turn")
    assert game.why_not("robots/zapbot#1") is None


def test_the_original_mark_of_sleep_bars_actions_for_the_victims_turn():
    game = scenario(hands=[["tricksters@original/mark-of-sleep"], ["aliens/invasion"]],
                    bases=[A, B])
    play(game, "play tricksters@original/mark-of-sleep#1", "end")
    assert game.why_not("aliens/invasion#1") == "Mark of Sleep: you cannot play actions this turn"


def test_a_card_in_the_other_players_hand_is_not_their_turn():
    game = scenario(hands=[[], ["aliens/invader", "ninjas/shinobi"]], bases=[A, B])
    assert game.why_not("aliens/invader#1") == "it's not your turn"
    assert game.why_not("ninjas/shinobi#1") == (
        "it's not your turn (its Special is played in response, when its text says, not in "
        "your Play Cards phase)")


def test_in_the_middle_of_an_ability_cards_wait_for_the_play_cards_decision():
    game = scenario(hands=[["aliens/supreme-overlord", "aliens/invader"], []],
                    bases=[{"base": A, "minions": [theirs("aliens/scout")]}, B])
    play(game, "play aliens/supreme-overlord#1 @ base:jungle-oasis")
    assert decision(game) == (0, "choose_minion")
    assert game.why_not("aliens/invader#1") == (
        "cards are played at your Play Cards decision; finish this decision first")


def test_an_extra_play_with_a_condition_says_what_it_is_for():
    game = scenario(hands=[["robots/zapbot", "aliens/supreme-overlord", "aliens/collector"], []],
                    bases=[A, B])
    play(game, "play robots/zapbot#1 @ base:jungle-oasis")
    assert game.why_not("aliens/collector#1") is None
    assert game.why_not("aliens/supreme-overlord#1") == (
        "no plays of minions left (your extra play is only for a minion of power 2 or less)")
    assert game.observation(0)["plays_left"]["conditions"] == ["minion of power 2 or less"]


def test_an_action_played_on_a_minion_needs_a_minion_that_fits():
    game = scenario(hands=[["ninjas/smoke-bomb"], []], bases=[A, B])
    assert game.why_not("ninjas/smoke-bomb#1") == (
        "it is played on a minion, and there is none in play")
    game = scenario(hands=[["ninjas/smoke-bomb"], []],
                    bases=[{"base": A, "minions": [theirs("aliens/scout")]}, B])
    assert game.why_not("ninjas/smoke-bomb#1") == (
        "it is played on a minion, and no minion in play fits it")


def test_why_not_refuses_a_card_that_is_in_no_hand():
    game = scenario(hands=[[], []], bases=[{"base": A, "minions": [mine("aliens/scout")]}, B])
    with pytest.raises(IllegalAction, match="not in a hand"):
        game.why_not("aliens/scout#1")
    with pytest.raises(IllegalAction, match="no card"):
        game.why_not("aliens/nobody#1")


# ---- actions that would do nothing -------------------------------------------------------------


def test_shanghai_with_no_other_players_minion_would_do_nothing():
    game = scenario(hands=[["pirates/shanghai"], []],
                    bases=[{"base": A, "minions": [mine("aliens/scout")]}, B])
    assert game.why_not("pirates/shanghai#1") is None  # it may be played...
    assert game.would_do_nothing("pirates/shanghai#1")  # ...but it would do nothing
    assert game.observation(0)["warnings"] == {
        "pirates/shanghai#1": "playing it now would have no effect"}


def test_shanghai_with_a_target_does_something():
    game = scenario(hands=[["pirates/shanghai"], []],
                    bases=[{"base": A, "minions": [theirs("aliens/scout")]}, B])
    assert not game.would_do_nothing("pirates/shanghai#1")
    assert game.observation(0)["warnings"] == {}


def test_hidden_ninja_outside_its_special_would_do_nothing_but_ongoing_actions_do():
    game = scenario(hands=[["ninjas/hidden-ninja", "zombies/overrun", "aliens/invader"], []],
                    bases=[A, B])
    assert game.would_do_nothing("ninjas/hidden-ninja#1")
    assert not game.would_do_nothing("zombies/overrun#1")  # it stays on its base
    assert not game.would_do_nothing("aliens/invader#1")  # a minion always goes on a base


def test_a_dual_cards_action_face_with_nothing_to_do_is_warned_as_an_action():
    # Pixie's action face destroys an action; there is none in play
    game = scenario(hands=[["tricksters/pixie"], []],
                    bases=[{"base": A, "minions": [mine("aliens/scout")]}, B])
    assert game.would_do_nothing("tricksters/pixie#1")
    assert game.observation(0)["warnings"] == {
        "tricksters/pixie#1": "played as an action now, it would have no effect"}
    with_target = scenario(hands=[["tricksters/pixie"], []],
                           bases=[{"base": A, "minions": [mine("aliens/scout")],
                                   "actions": [theirs("zombies/overrun")]}, B])
    assert not with_target.would_do_nothing("tricksters/pixie#1")


def test_the_observation_explains_only_the_deciding_seats_own_hand():
    game = scenario(hands=[["aliens/invader", "aliens/scout"], ["pirates/shanghai"]],
                    bases=[A, B])
    play(game, "play aliens/invader#1 @ base:jungle-oasis")
    assert game.observation(0)["unplayable"] == {"aliens/scout#1": "no plays of minions left"}
    other = game.observation(1)
    assert other["unplayable"] == {} and other["warnings"] == {}


# ---- the reasons never disagree with the options --------------------------------------------


def test_every_hand_card_is_either_offered_or_explained_never_both():
    """Random games over all factions (every one of them drawn): at each Play Cards decision,
    each card in the deciding player's hand is either played by an option or has a reason (a
    real one, not the fallback), never both, never neither; each warned card ("would do
    nothing") is one that may be played, and has no reason against it."""
    rng = random.Random(15)
    checked = 0
    drawn: set[str] = set()
    for seed in range(30):
        setup = game_setup(seed, 2 + seed % 3)
        drawn.update(f for pair in setup["factions"] for f in pair)
        game = Game.new(setup)
        for _ in range(200):
            if game.is_over:
                break
            req = game.request
            assert req is not None
            if req.kind == "main":
                offered = playable_cards(req)
                obs = game.observation(req.player)
                for c in game.state.hands[req.player]:
                    name = game.state.names[c]
                    reason = game.why_not(c)
                    assert (c in offered) != (reason is not None), (name, reason, options(game))
                    assert reason != NO_WAY, (name, options(game))
                    assert obs["unplayable"].get(name) == reason
                    checked += 1
                warned = set(obs["warnings"])
                assert warned <= {game.state.names[c] for c in offered}
                assert not warned & set(obs["unplayable"])
            game.apply(rng.randrange(len(game.legal_actions())))
    assert drawn == set(implemented_factions())
    assert checked > 1000
