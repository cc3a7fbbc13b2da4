"""The search agent: ISMCTS over its own decisions, in worlds sampled from its view only."""

from __future__ import annotations

import time

import pytest

from smashup.agents import decide
from smashup.agents.ismcts import ISMCTSAgent, parse_budget
from smashup.agents.random_agent import RandomAgent
from smashup.engine.api.game import Game
from smashup.engine.api.setup import SetupError
from smashup.sim import LEVELS, game_setup, make_agent
from smashup.testing import scenario


def two_bases_and(hand_of_opponent, deck_of_opponent, my_deck):
    """Player 0 to play, with a choice of minions and bases; the opponent's hand and both
    decks are hidden from player 0."""
    return scenario(
        hands=[["aliens/invader", "aliens/collector", "ninjas/shinobi"], hand_of_opponent],
        bases=[{"base": "jungle-oasis", "minions": [
                    {"card": "aliens/supreme-overlord", "controller": 0},
                    {"card": "aliens/collector", "controller": 1}]},
               {"base": "the-central-brain", "minions": [
                    {"card": "robots/microbot-guard", "controller": 1}]}],
        decks=[my_deck, deck_of_opponent],
        plays={"minion": 1, "action": 1},
    )


def test_the_same_view_gives_the_same_decision_whatever_the_hidden_cards_are():
    """Two games that differ only in cards hidden from player 0 (the opponent's hand, and
    the order and content of both decks): the same view, the same choice."""
    one = two_bases_and(["wizards/portal", "robots/zapbot"],
                        ["robots/hoverbot"] * 4, ["aliens/scout", "ninjas/poison"] * 2)
    other = two_bases_and(["ninjas/ninja-master", "pirates/full-sail"],
                          ["pirates/buccaneer"] * 4, ["ninjas/poison", "aliens/scout"] * 2)
    def hidden(game):
        s = game.state
        return [[s.names[c] for c in cards] for cards in (s.hands[1], *s.decks)]

    assert all(a != b for a, b in zip(hidden(one), hidden(other), strict=True))
    assert one.seat_view(0).observation == other.seat_view(0).observation
    assert one.seat_view(0).texts == other.seat_view(0).texts
    picks = [ISMCTSAgent(iterations=150, seed=7).act(g.seat_view(0)) for g in (one, other)]
    assert picks[0] == picks[1]


def test_an_iteration_budget_is_deterministic_for_a_seed():
    game = Game.new(game_setup(21, 2, bases="all"))
    view = game.seat_view(game.current_player)
    first, second = ISMCTSAgent(iterations=60, seed=3), ISMCTSAgent(iterations=60, seed=3)
    assert first.act(view) == second.act(view)
    assert first.last_iterations == 60


def test_a_decision_with_one_option_costs_nothing():
    game = scenario(hands=[[], []], bases=["jungle-oasis", "the-central-brain"],
                    plays={"minion": 0, "action": 0})
    assert game.legal_actions() == [0]  # only "end"
    agent = ISMCTSAgent(iterations=10_000, seed=1)
    start = time.process_time()
    assert agent.act(game.seat_view(0)) == 0
    assert time.process_time() - start < 0.05 and agent.last_iterations == 0


def test_a_time_budget_stops_on_time():
    game = Game.new(game_setup(4, 2, bases="all"))
    agent = ISMCTSAgent(seconds=0.2, seed=1)
    start = time.process_time()
    agent.act(game.seat_view(game.current_player))
    spent = time.process_time() - start
    assert agent.last_iterations > 1
    assert 0.2 <= spent < 0.6


def test_it_plays_the_minion_that_breaks_the_base_it_wins(invader_breaks_jungle_oasis):
    game = invader_breaks_jungle_oasis
    choice = decide(game, ISMCTSAgent(iterations=200, seed=0))
    assert game.action_text(choice) == "play aliens/invader#1 @ base:jungle-oasis"


def test_it_beats_a_random_player():
    wins = 0
    for seed in range(4):
        setup = game_setup(900 + seed, 2, bases="all")
        setup["first_player"] = seed % 2
        game = Game.new(setup)
        agents = {0: ISMCTSAgent(iterations=40, seed=seed), 1: RandomAgent(seed)}
        while not game.is_over and game.state.turn < 150:
            game.apply(decide(game, agents[game.current_player]))
        wins += game.state.winner == 0
    assert wins >= 3


@pytest.mark.parametrize("spec, budget", [
    ("ismcts:500", (500, None)), ("ismcts:1s", (None, 1.0)), ("ismcts:0.25s", (None, 0.25)),
])
def test_budgets_by_iterations_or_seconds(spec, budget):
    assert parse_budget(spec) == budget
    agent = make_agent(spec, 1)
    assert isinstance(agent, ISMCTSAgent)
    assert (agent.iterations, agent.seconds) == budget


@pytest.mark.parametrize("spec", ["ismcts:", "ismcts:0", "ismcts:-3", "ismcts:fast",
                                  "ismcts:1e9", "ismcts:nans", "ismcts:0s", "ismcts:700s"])
def test_a_bad_budget_is_refused(spec):
    with pytest.raises(SetupError, match="an ismcts budget is iterations"):
        make_agent(spec, 1)


def test_the_levels_people_choose_from():
    assert list(LEVELS) == ["easy", "normal", "hard", "expert"]  # weakest first
    hard = make_agent("hard", 1)
    assert isinstance(hard, ISMCTSAgent)
    assert hard.iterations == 1000 and hard.seconds == 1.0  # whichever comes first


def test_with_both_budgets_the_first_one_reached_stops_it():
    game = Game.new(game_setup(4, 2, bases="all"))
    view = game.seat_view(game.current_player)
    few = ISMCTSAgent(iterations=5, seconds=5.0, seed=1)
    few.act(view)
    assert few.last_iterations == 5
    quick = ISMCTSAgent(iterations=1_000_000, seconds=0.05, seed=1)
    quick.act(view)
    assert 1 < quick.last_iterations < 1_000_000


def test_a_search_lets_other_threads_run_while_it_thinks():
    """The server thinks for a computer seat in a thread and cuts it short from its event
    loop, which needs the GIL meanwhile. Compiled, a search runs no Python bytecode, where the
    interpreter would hand the GIL over, so the search hands it over itself: another thread
    waiting a millisecond at a time is never kept waiting for long (without that, it waited
    for the whole search)."""
    import threading

    game = Game.new({"factions": [["aliens", "ninjas"], ["robots", "wizards"]], "seed": 3})
    view = game.seat_view(game.current_player)
    assert len(view.texts) > 2
    agent = ISMCTSAgent(seconds=1.5, seed=1)
    thinking = threading.Thread(target=agent.act, args=(view,))
    thinking.start()
    gaps = []
    last = time.monotonic()
    while thinking.is_alive():
        time.sleep(0.001)
        now = time.monotonic()
        gaps.append(now - last)
        last = now
    thinking.join()
    assert agent.last_iterations > 100
    assert len(gaps) > 20 and max(gaps) < 0.5, (len(gaps), max(gaps))
