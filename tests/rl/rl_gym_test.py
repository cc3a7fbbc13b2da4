"""The Gymnasium environment (smashup.rl.gym_env) under Gymnasium's own checker, and the
mask in the form MaskablePPO reads."""

import warnings

import pytest

gym = pytest.importorskip("gymnasium", reason="the rl extra (gymnasium) is not installed")
np = pytest.importorskip("numpy", reason="the rl extra (numpy) is not installed")

from gymnasium.utils.env_checker import check_env  # noqa: E402

from smashup.rl import actions, observation  # noqa: E402
from smashup.rl.gym_env import SmashUpEnv  # noqa: E402


@pytest.mark.parametrize("opponents", ["random", "easy", "normal"])
def test_gymnasium_check_env(opponents):
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # the checker's warnings are failures here
        check_env(SmashUpEnv(opponents=opponents, seed=1), skip_render_check=True)


def test_a_game_against_built_in_opponents_ends_with_plus_or_minus_one():
    env = SmashUpEnv(opponents=["random", "heuristic"], players=3, seed=2)
    obs, info = env.reset(seed=2)
    assert obs.shape == (observation.OBS_SIZE,)
    rng = np.random.default_rng(0)
    total = 0.0
    done = False
    steps = 0
    while not done:
        mask = env.action_masks()
        assert mask.dtype == np.bool_ and mask.shape == (actions.N_ACTIONS,) and mask.any()
        action = int(rng.choice(np.flatnonzero(mask)))
        obs, reward, terminated, truncated, info = env.step(action)
        total += reward
        done = terminated or truncated
        steps += 1
    assert total in (1.0, -1.0)
    assert (total == 1.0) == (info["winner"] == info["seat"])
    # the learner decided only for its own seat
    assert steps < len(env.core.live.history)


def test_shaping_sums_to_the_vp_lead_at_the_end():
    env = SmashUpEnv(opponents="random", seed=5, seat=0, shaping=1.0)
    env.reset(seed=5)
    rng = np.random.default_rng(1)
    total = 0.0
    done = False
    while not done:
        action = int(rng.choice(np.flatnonzero(env.action_masks())))
        _, reward, terminated, truncated, info = env.step(action)
        total += reward
        done = terminated or truncated
    vp = info["vp"]
    lead = (vp[0] - vp[1]) / 15
    outcome = 1.0 if info["winner"] == 0 else -1.0
    assert total == pytest.approx(outcome + lead)


def test_an_illegal_action_changes_nothing():
    env = SmashUpEnv(opponents="random", seed=3)
    obs, _ = env.reset(seed=3)
    illegal = int(np.flatnonzero(~env.action_masks())[0])
    before = env.core.live.state.fingerprint()
    obs2, reward, terminated, truncated, info = env.step(illegal)
    assert info["illegal"] and reward == -1.0 and not terminated
    assert env.core.live.state.fingerprint() == before
    assert np.array_equal(obs, obs2)


def test_an_unknown_opponent_is_refused():
    from smashup.engine.api.setup import SetupError

    with pytest.raises(SetupError):
        SmashUpEnv(opponents="grandmaster")


def test_maskable_ppo_trains_a_few_hundred_steps():
    """A smoke test of the worked example (smashup learn): MaskablePPO runs on the
    environment with its masks; the full training run is in docs/rl.md, not here."""
    pytest.importorskip("sb3_contrib", reason="the learn-rl extra is not installed")
    from smashup.rl.learn import train

    report = train(steps=256, seed=0, eval_games=2, envs=2, rollout=128, verbose=False,
                   window=1)
    assert report["steps"] >= 256
    assert report["evaluation"]["games"] == 2
