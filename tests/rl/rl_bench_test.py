"""Environment steps per CPU-second beside the engine's decisions (smashup bench --json, key
``rl``)."""

import pytest

pytest.importorskip("pettingzoo", reason="the rl extra (pettingzoo) is not installed")

from smashup.cli.main import rl_speed  # noqa: E402
from smashup.rl.bench import MIN_RATIO, env_speed  # noqa: E402
from smashup.sim import game_setup  # noqa: E402


def test_env_speed_plays_the_same_games_both_ways():
    setups = [game_setup(s, 2) for s in range(3)]
    report = env_speed(setups, rounds=1)
    assert report["games"] == 3 and report["rounds"] == 1
    assert report["engine_decisions"] > 100 and report["env_steps"] > 100
    assert report["engine_decisions_per_cpu_s"] > 0 and report["env_steps_per_cpu_s"] > 0
    assert report["ratio"] == pytest.approx(
        report["env_steps_per_cpu_s"] / report["engine_decisions_per_cpu_s"], rel=0.01)
    assert report["within"] == (report["ratio"] >= MIN_RATIO)


def test_each_env_step_pays_for_the_observation_and_the_mask(monkeypatch):
    """The environment pass is what a training loop pays per step: the acting seat's
    observation array and legal-action mask, then the step (not the step alone)."""
    from smashup.rl import bench, core

    calls = {"observe": 0, "mask": 0}
    observe, mask = core.SmashUpCore.observe, core.SmashUpCore.mask

    def counted_observe(self, player):
        calls["observe"] += 1
        return observe(self, player)

    def counted_mask(self, player):
        calls["mask"] += 1
        return mask(self, player)

    monkeypatch.setattr(core.SmashUpCore, "observe", counted_observe)
    monkeypatch.setattr(core.SmashUpCore, "mask", counted_mask)
    steps, cpu = bench._env_pass([game_setup(5, 3)])
    assert steps > 50 and cpu > 0
    assert calls == {"observe": steps, "mask": steps}


def test_each_side_counts_its_fastest_round(monkeypatch):
    """Other load on the machine only adds CPU time: of the alternating rounds, each side's
    least time is reported, and the ratio is computed from exactly those."""
    from smashup.rl import bench

    engine_times = iter([2.0, 1.0, 3.0])
    env_times = iter([5.0, 6.0, 4.0])
    monkeypatch.setattr(bench, "_engine_pass", lambda setups: (1000, next(engine_times)))
    monkeypatch.setattr(bench, "_env_pass", lambda setups: (900, next(env_times)))
    report = env_speed([game_setup(1, 2)], rounds=3)
    assert report["engine_cpu_s"] == 1.0 and report["env_cpu_s"] == 4.0
    assert report["ratio"] == pytest.approx((900 / 4.0) / (1000 / 1.0), abs=0.001)
    assert report["within"] is False  # 0.225 < one half
    with pytest.raises(ValueError, match="rounds"):
        env_speed([game_setup(1, 2)], rounds=0)


def test_the_bench_report_has_an_rl_key():
    report = rl_speed([game_setup(1, 3)])
    assert report["available"] is True
    assert {"env_steps_per_cpu_s", "engine_decisions_per_cpu_s", "ratio"} <= set(report)


def test_smashup_bench_json_reports_the_rl_key(capsys):
    import json

    from smashup.cli.main import main

    assert main(["bench", "--games", "1", "--seed", "3", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    rl = report["rl"]
    assert rl["available"] is True and rl["games"] == 1
    # the engine pass plays the very games the benchmark's first pass played
    assert rl["engine_decisions"] == report["decisions"]


def test_smashup_learn_refuses_bad_arguments(capsys):
    from smashup.cli.main import main

    assert main(["learn", "--steps", "0"]) == 2
    assert "--steps" in capsys.readouterr().err
    assert main(["learn", "--factions", "aliens,ninjas"]) == 2


def test_the_simulator_measures_the_environments_only_when_asked():
    """The environments are built on smashup.sim (setups, the turn cap, agents): sim imports
    nothing of smashup.rl, not even inside a function (that made an import circle); the
    caller hands ``sim.bench`` the measure (``smashup bench`` does), or the key says so."""
    import ast
    import inspect

    from smashup import sim

    tree = ast.parse(inspect.getsource(sim))
    imported = [node.module or "" for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)]
    imported += [a.name for node in ast.walk(tree) if isinstance(node, ast.Import)
                 for a in node.names]
    assert imported and not [m for m in imported if m.startswith(("rl", ".rl", "smashup.rl"))]
    report = sim.bench(games=1, seed=4)
    assert report["rl"]["available"] is False and report["rl"]["reason"]
