"""The general mechanics the Super Spies brought: looking at cards of a deck and arranging
them (engine/mechanics/looking.py), forgetting a deck's order when it is shuffled, temporary control
(engine/mechanics/control.py) and playing a card revealed off the top (revealing.play_revealed)."""

from __future__ import annotations

from typing import Any

import pytest

from smashup import Game
from smashup.cards.helpers import (
    BOTTOM,
    EITHER,
    TOP,
    CardOption,
    ChoiceOption,
    Ctx,
    arrange,
    look_at_deck,
    play_revealed,
    played_off_top,
    shuffle_deck,
    take_control,
    until_end_of_turn,
)
from smashup.engine.turn.flow import expire
from smashup.testing import card_id, scenario, where

DECK = ["aliens/invader", "aliens/scout", "ninjas/shinobi", "robots/zapbot", "pirates/cannon"]


def game_with_deck() -> Game:
    return scenario(players=3, decks=[DECK, [], []],
                    bases=[{"base": "jungle-oasis", "minions": [{"card": "robots/warbot",
                                                                 "controller": 1}]},
                           "the-central-brain", "tortuga"])


def run(gen: Any, answers: list[tuple[Any, ...]]) -> list[Any]:
    """Drive an ability generator, answering its requests in order; returns the requests."""
    asked = []
    try:
        req = next(gen)
        while True:
            asked.append(req)
            req = gen.send(answers[len(asked) - 1])
    except StopIteration:
        return asked


def names(game: Game, cards: list[int]) -> list[str]:
    return [game.state.names[c] for c in cards]


def test_looking_shows_the_cards_to_the_looker_only_and_leaves_them_in_place():
    game = game_with_deck()
    g = game.state
    before = list(g.decks[0])
    seen = look_at_deck(g, 0, 2, viewer=1, bottom=True)
    assert names(game, seen) == ["pirates/cannon#1", "robots/zapbot#1"]  # nearest the end first
    assert g.decks[0] == before
    assert set(seen) <= g.known[1] and not g.known[0] and not g.known[2]
    assert g.events[-1]["private"] == 1


def test_arrange_on_top_stacks_from_the_top_down_and_others_forget():
    game = game_with_deck()
    g = game.state
    seen = look_at_deck(g, 0, 3, viewer=0)
    g.known[2].update(seen)  # as if player 2 had seen them before
    invader, scout, shinobi = seen
    asked = run(arrange(Ctx(g, -1, 0), seen, 0, TOP),
                [CardOption("card", shinobi), CardOption("card", invader)])
    assert len(asked) == 2  # the last card needs no decision
    assert g.decks[0][:3] == [shinobi, invader, scout]
    assert set(seen) <= g.known[0]
    assert not set(seen) & g.known[2]


def test_arrange_on_the_bottom_and_on_either_end():
    game = game_with_deck()
    g = game.state
    invader, scout = look_at_deck(g, 0, 2, viewer=0)
    run(arrange(Ctx(g, -1, 0), [invader, scout], 0, BOTTOM), [CardOption("card", scout)])
    assert g.decks[0][-2:] == [scout, invader]  # the last pick is the bottom card
    top = look_at_deck(g, 0, 2, viewer=0)
    run(arrange(Ctx(g, -1, 0), top, 0, EITHER),
        [CardOption("card", top[1]), ChoiceOption("choice", BOTTOM), CardOption("card", top[0]),
         ChoiceOption("choice", TOP)])
    assert g.decks[0][0] == top[0] and g.decks[0][-1] == top[1]


def test_arrange_in_public_keeps_everyone_knowing():
    game = game_with_deck()
    g = game.state
    shown = g.decks[0][:2]
    for k in g.known:
        k.update(shown)
    run(arrange(Ctx(g, -1, 0), shown, 0, TOP, public=True), [CardOption("card", shown[1])])
    assert all(set(shown) <= k for k in g.known)


def test_arrange_refuses_an_unknown_end():
    game = game_with_deck()
    with pytest.raises(ValueError, match="end must be"):
        run(arrange(Ctx(game.state, -1, 0), game.state.decks[0][:1], 0, "middle"), [])


def test_a_shuffled_deck_is_forgotten_by_everyone():
    game = game_with_deck()
    g = game.state
    seen = look_at_deck(g, 0, 5, viewer=1)
    shuffle_deck(g, 0)
    assert not set(seen) & g.known[1]


def test_temporary_control_goes_back_when_it_expires():
    game = game_with_deck()
    g = game.state
    warbot = card_id(game, "robots/warbot#1")
    assert take_control(Ctx(g, -1, 0), warbot, until_end_of_turn(g))
    assert g.controller[warbot] == 0
    expire(g, until_end_of_turn(g))
    assert g.controller[warbot] == 1 and not g.effects


def test_temporary_control_changed_again_stays_with_the_later_taker():
    game = game_with_deck()
    g = game.state
    warbot = card_id(game, "robots/warbot#1")
    take_control(Ctx(g, -1, 0), warbot, until_end_of_turn(g))
    take_control(Ctx(g, -1, 2), warbot, ("start_of", 2))
    expire(g, until_end_of_turn(g))
    assert g.controller[warbot] == 2
    expire(g, ("start_of", 2))
    assert g.controller[warbot] == 0  # the one it was taken from the second time


def test_temporary_control_ends_when_the_card_leaves_play():
    game = game_with_deck()
    g = game.state
    warbot = card_id(game, "robots/warbot#1")
    take_control(Ctx(g, -1, 0), warbot, until_end_of_turn(g))
    assert not take_control(Ctx(g, -1, 0), warbot, until_end_of_turn(g))  # already theirs
    from smashup.cards.helpers import return_to_hand

    run(return_to_hand(Ctx(g, -1, 0), warbot), [])
    assert where(game, "robots/warbot#1") == "hand:1"
    assert g.controller[warbot] == 1 and not g.effects


def result(gen: Any) -> Any:
    """Run an ability generator that asks nothing; returns its result."""
    with pytest.raises(StopIteration) as done:
        next(gen)
    return done.value.value


def test_a_card_played_from_a_revealed_top_is_played_there():
    game = game_with_deck()
    g = game.state
    invader = g.decks[0][0]
    assert result(play_revealed(Ctx(g, invader, 0), invader, 0, (1,))) is True
    assert where(game, "aliens/invader#1") == "minion@base:the-central-brain"
    assert g.vp[0] == 1  # its on-play ability happened
    assert not played_off_top(g, invader)  # only while it is being played


def test_a_revealed_card_that_cannot_be_played_is_discarded():
    game = game_with_deck()
    g = game.state
    scout = g.decks[0][1]
    assert result(play_revealed(Ctx(g, scout, 0), scout, 0, ())) is False  # no base allowed
    assert where(game, "aliens/scout#1") == "discard:0"
