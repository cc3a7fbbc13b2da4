"""The PettingZoo environment (smashup.rl.pettingzoo_env) under PettingZoo's own checks."""

import random
import warnings

import pytest

pytest.importorskip("pettingzoo", reason="the rl extra (pettingzoo) is not installed")
np = pytest.importorskip("numpy", reason="the rl extra (numpy) is not installed")

from pettingzoo.test import api_test, seed_test  # noqa: E402

from smashup.rl.pettingzoo_env import SmashUpAEC, env  # noqa: E402


@pytest.mark.parametrize("players", [2, 3, 4])
def test_pettingzoo_api_test(players):
    with warnings.catch_warnings():
        # PettingZoo warns about every dict observation (its classic games' too)
        warnings.simplefilter("ignore", UserWarning)
        api_test(env(players=players), num_cycles=3000, verbose_progress=False)


def test_pettingzoo_seed_test():
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)
        seed_test(lambda: env(players=2), num_cycles=300)


def _play(e, seed, chooser):
    e.reset(seed=seed)
    agents_seen = []
    for agent in e.agent_iter():
        obs, reward, terminated, truncated, info = e.last()
        if terminated or truncated:
            e.step(None)
            continue
        agents_seen.append(agent)
        e.step(chooser(obs["action_mask"]))
    return agents_seen


def test_a_whole_game_ends_with_one_winner_and_the_same_seed_replays_it():
    rng = random.Random(1)
    e = env(players=3)
    e.reset(seed=9)
    history = []
    rewards = {}
    for agent in e.agent_iter():
        obs, reward, terminated, truncated, info = e.last()
        rewards[agent] = reward
        if terminated or truncated:
            e.step(None)
            continue
        legal = np.flatnonzero(obs["action_mask"])
        action = int(legal[rng.randrange(len(legal))])
        history.append((agent, action))
        e.step(action)
    assert sorted(rewards.values()) == [-1.0, -1.0, 1.0]
    # the same seed and actions: the same game
    e2 = env(players=3)
    e2.reset(seed=9)
    for agent, action in history:
        assert e2.agent_selection == agent
        e2.step(action)
    assert all(e2.terminations.values())


def test_the_agent_to_act_is_the_decider_in_me_first_windows():
    """Me First! and other seats' choices during a turn: the agent to act is the seat the
    engine asks, not always the player whose turn it is; only its mask is non-zero."""
    e = SmashUpAEC(players=3)
    rng = random.Random(4)
    out_of_turn = 0
    for seed in range(6):
        e.reset(seed=seed)
        game = e.core.live
        while not game.is_over and game.state.turn < 60:
            agent = e.agent_selection
            p = e.agent_name_mapping[agent]
            assert p == game.current_player
            if p != game.state.current:
                out_of_turn += 1
                assert game.request.kind != "main"
            for other in e.possible_agents:
                mask = e.observe(other)["action_mask"]
                assert mask.any() == (other == agent)
            legal = e.core.legal_ids()
            e.step(legal[rng.randrange(len(legal))])
    assert out_of_turn > 0


def test_an_illegal_action_is_refused_and_changes_nothing():
    e = env(players=2)
    e.reset(seed=3)
    obs, *_ = e.last()
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    before = e.unwrapped.core.live.state.fingerprint()
    with pytest.raises(ValueError):
        e.step(illegal)
    assert e.unwrapped.core.live.state.fingerprint() == before
