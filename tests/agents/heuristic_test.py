"""The heuristic computer opponent: sensible choices, and far stronger than random."""

import random

import smashup
from smashup.agents import decide
from smashup.agents.heuristic import HeuristicAgent
from smashup.agents.random_agent import RandomAgent
from smashup.sim import random_factions
from smashup.testing import scenario


def test_plays_a_minion_where_it_breaks_and_wins_the_base(invader_breaks_jungle_oasis):
    game = invader_breaks_jungle_oasis
    choice = decide(game, HeuristicAgent(seed=0))
    assert game.action_text(choice) == "play aliens/invader#1 @ base:jungle-oasis"


def test_ends_the_turn_rather_than_beaming_up_its_own_winning_minion():
    game = scenario(
        hands=[["aliens/beam-up"], []],
        bases=[{"base": "jungle-oasis", "minions": [
                    {"card": "aliens/supreme-overlord", "controller": 0},
                    {"card": "aliens/invader", "controller": 0},
                    {"card": "aliens/collector", "controller": 0},
                    {"card": "aliens/collector", "controller": 0}]},
               "the-central-brain"],
        decks=[["aliens/scout"] * 3, ["aliens/scout"] * 3],
        plays={"minion": 0, "action": 1},
    )
    agent = HeuristicAgent(seed=0)
    while game.state.turn == 1:
        game.apply(decide(game, agent))
    assert game.state.vp[0] == 2  # it scored Jungle Oasis (12) instead of dropping to 9 power


def test_wins_the_vast_majority_of_two_player_games_against_random():
    factions = [f for f in smashup.REGISTRY.factions if not f.startswith("test")]
    games, wins = 40, 0
    for seed in range(games):
        pairs = random_factions(random.Random(seed), 2, factions)
        game = smashup.Game.new({"factions": pairs, "seed": seed})
        seat = seed % 2
        agents = {seat: HeuristicAgent(seed), 1 - seat: RandomAgent(seed)}
        while not game.is_over and game.state.turn < 150:
            game.apply(decide(game, agents[game.current_player]))
        wins += game.is_over and game.result["winner"] == seat
    assert wins >= 0.85 * games, f"heuristic won only {wins} of {games}"
