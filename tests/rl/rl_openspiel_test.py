"""Smash Up as an OpenSpiel Python game (smashup.rl.openspiel_game): OpenSpiel's own checks
and its IS-MCTS bot playing whole games."""

import pytest

pyspiel = pytest.importorskip("pyspiel", reason="the openspiel extra is not installed")
np = pytest.importorskip("numpy", reason="the rl extra (numpy) is not installed")

import smashup.rl.openspiel_game  # noqa: E402, F401  (registers python_smashup)
from smashup.rl import actions, observation  # noqa: E402


def test_load_game_and_its_facts():
    game = pyspiel.load_game("python_smashup")
    assert game.num_players() == 2
    assert game.num_distinct_actions() == actions.N_ACTIONS
    gt = game.get_type()
    assert gt.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert gt.chance_mode == pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC
    state = game.new_initial_state()
    assert state.observation_tensor(state.current_player()) is not None
    assert len(state.observation_tensor(0)) == observation.OBS_SIZE
    four = pyspiel.load_game("python_smashup", {"players": 4})
    assert four.num_players() == 4 and four.new_initial_state().current_player() in range(4)


def test_openspiel_random_simulation_test():
    """OpenSpiel's random-simulation test (the one its Python games run): legal actions,
    clones, observation and information state strings and tensors, returns, serialisation
    left out as for its own Python games."""
    game = pyspiel.load_game("python_smashup", {"players": 2, "seed": 5})
    pyspiel.random_sim_test(game, num_sims=1, serialize=False, verbose=False)


def test_a_clone_evolves_like_the_original():
    game = pyspiel.load_game("python_smashup", {"seed": 8})
    state = game.new_initial_state()
    rng = np.random.default_rng(0)
    for _ in range(40):
        state.apply_action(int(rng.choice(state.legal_actions())))
    copy = state.clone()
    for _ in range(60):
        if state.is_terminal():
            break
        a = int(rng.choice(state.legal_actions()))
        state.apply_action(a)
        copy.apply_action(a)
        assert copy.observation_string(0) == state.observation_string(0)


def test_is_mcts_plays_whole_games():
    """OpenSpiel's IS-MCTS bot (worlds from resample_from_infostate) plays a whole game
    against a random player."""
    from open_spiel.python.algorithms import ismcts, mcts

    game = pyspiel.load_game("python_smashup", {"seed": 3})
    rng = np.random.RandomState(0)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    for seat in (1,):
        bot = ismcts.ISMCTSBot(game, evaluator, uct_c=2.0, max_simulations=2,
                               random_state=np.random.RandomState(seat))
        state = game.new_initial_state()
        moves = 0
        while not state.is_terminal():
            if state.current_player() == seat:
                action = bot.step(state)
                assert action in state.legal_actions()
            else:
                action = int(rng.choice(state.legal_actions()))
            state.apply_action(action)
            moves += 1
        returns = state.returns()
        assert sum(returns) == pytest.approx(0.0)
        assert sorted(returns) in ([-1.0, 1.0], [0.0, 0.0])
        assert moves > 50


def test_a_resampled_world_keeps_the_information_state():
    game = pyspiel.load_game("python_smashup", {"seed": 12})
    state = game.new_initial_state()
    rng = np.random.default_rng(2)
    checked = 0
    while not state.is_terminal() and checked < 25:
        p = state.current_player()
        world = state.resample_from_infostate(p, pyspiel.UniformProbabilitySampler(0., 1.))
        assert world.information_state_string(p) == state.information_state_string(p)
        assert world.legal_actions() == state.legal_actions()
        checked += 1
        for _ in range(5):
            if state.is_terminal():
                break
            state.apply_action(int(rng.choice(state.legal_actions())))
    assert checked == 25
