"""Decisions name the card or base that asks (Request.source), rendered in one place."""

from __future__ import annotations

from smashup.engine.core.requests import request_prompt, sourced_prompt
from smashup.testing import decision, play, scenario

OASIS = "jungle-oasis"  # breakpoint 12, VP 2/0/0, no ability


def m(card: str, controller: int = 0) -> dict[str, object]:
    return {"card": card, "controller": controller, "owner": controller}


def test_a_base_ability_names_the_base():
    # The Great Library scores (22): "anyone with a minion there may draw a card"
    game = scenario(bases=[{"base": "the-great-library",
                            "minions": [{**m("dinosaurs/king-rex"), "counters": 15}]},
                           OASIS],
                    decks=[["dinosaurs/howl"] * 2, ["dinosaurs/howl"] * 2])
    play(game, "end")
    assert decision(game) == (0, "may")
    assert request_prompt(game.state, game.request) == "The Great Library: Draw a card?"
    assert game.observation(1)["decision"]["source"] == "The Great Library"


def test_a_single_optional_trigger_names_its_card():
    # Jungle Oasis scores; First Mate may move away instead of going to the discard pile
    game = scenario(bases=[{"base": OASIS, "minions": [m("dinosaurs/king-rex"),
                                                       m("pirates/first-mate"),
                                                       m("pirates/cut-lass", 1)]},
                           "the-central-brain", "factory-436-1337"],
                    decks=[["dinosaurs/howl"] * 2, ["dinosaurs/howl"] * 2],
                    base_deck=["rhodes-plaza-mall"])
    play(game, "end")
    assert decision(game) == (0, "me_first")
    assert request_prompt(game.state, game.request) == (
        "First Mate: Use its ability now, or pass?")
    play(game, "trigger pirates/first-mate#1")
    # a prompt that already names its source is shown as it is
    assert request_prompt(game.state, game.request) == "Move First Mate to which base?"


def test_a_special_in_hand_leaves_the_prompt_as_it_is():
    # Player 1's Shinobi may jump in as Jungle Oasis is about to score: the prompt must not
    # tell the table that player 2 holds exactly one usable Special
    game = scenario(hands=[[], ["ninjas/shinobi"]],
                    bases=[{"base": OASIS, "minions": [{**m("dinosaurs/king-rex"),
                                                        "counters": 5}]},
                           "the-central-brain"],
                    decks=[["dinosaurs/howl"] * 2, ["dinosaurs/howl"] * 2],
                    base_deck=["rhodes-plaza-mall"])
    play(game, "end")
    assert decision(game) == (1, "me_first")
    assert game.request.prompt == "Use an ability now, or pass"
    for seat in (0, 1):
        assert game.observation(seat)["decision"]["source"] is None


def test_a_special_beside_a_single_optional_trigger_keeps_the_triggers_source():
    # Jungle Oasis scores; player 1's First Mate may move away once it has scored, and player
    # 1 also holds Walk Away Slowly (a Special once a base has scored): the other seat reads
    # the First Mate's name as it would without the Special (one prompt for both worlds)
    game = scenario(hands=[["action-heroes/walk-away-slowly"], []],
                    bases=[{"base": OASIS, "minions": [m("dinosaurs/king-rex"),
                                                       m("pirates/first-mate"),
                                                       m("pirates/cut-lass", 1)]},
                           "the-central-brain", "factory-436-1337"],
                    decks=[["dinosaurs/howl"] * 2, ["dinosaurs/howl"] * 2],
                    base_deck=["rhodes-plaza-mall"])
    play(game, "end")
    while "special action-heroes/walk-away-slowly#1" not in game.action_texts():
        play(game, "pass")
    assert decision(game) == (0, "me_first")
    assert "trigger pirates/first-mate#1" in game.action_texts()
    assert request_prompt(game.state, game.request, 0) == (
        "First Mate: Use its ability or a Special now, or pass?")
    assert game.observation(1)["decision"]["prompt"] == "Player 1 is choosing for First Mate"


def test_the_rules_name_no_source():
    game = scenario(hands=[["aliens/invader"], []], bases=[OASIS, "the-central-brain"])
    assert request_prompt(game.state, game.request) == (
        "Play a card, use a talent, or end your turn")
    assert sourced_prompt(None, "Discard down to 10 cards") == "Discard down to 10 cards"
