"""The heuristic computer opponent: sensible choices, and far stronger than random."""

import random

import smashup
from smashup.agents import decide
from smashup.agents.heuristic import HeuristicAgent
from smashup.agents.random_agent import RandomAgent
from smashup.engine.api.invariants import check_invariants
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


def test_looks_ahead_past_a_card_it_showed_and_drew_from_a_reshuffled_deck():
    """The position that ran a 4-player self-play game (seed 1002297, turn 62) out of
    memory: Gold in Them Thar Hills on an empty deck reshuffles the discard pile, and the
    seat shows and draws Watson. Its sampled world put Watson on the deck twice; playing
    Watson there and revealing until a Wraith turned the same card over without end. The
    heuristic now decides there and finishes the turn, and the game stays sound."""
    game = scenario(
        hands=[["cowboys/gold-in-them-thar-hills"], []],
        decks=[[], ["aliens/scout"] * 3],
        discards=[["wraithrustlers/watson", "cowboys/gunfighter", "cowboys/gunfighter",
                   "wraithrustlers/watson", "wraithrustlers/ancient-sumerian-god",
                   "cowboys/deputy", "cowboys/deputy"], []],
        bases=["jungle-oasis", "tortuga"],
    )
    game.apply("play cowboys/gold-in-them-thar-hills#1")
    looked = game.action_texts()
    game.apply(next(text for text in looked if text.startswith("wraithrustlers/watson")))
    assert game.request is not None and game.request.kind == "play_extra"
    agent = HeuristicAgent(seed=0)
    while game.state.turn == 1:
        game.apply(decide(game, agent))
    assert check_invariants(game.state, game.request, complete_factions=False) == []
