"""Environment steps per CPU-second beside the engine's decisions (smashup bench --json, key
``rl``)."""

import pytest

pytest.importorskip("pettingzoo", reason="the rl extra (pettingzoo) is not installed")

from smashup.rl.bench import MIN_RATIO, env_speed  # noqa: E402
from smashup.sim import game_setup, rl_speed  # noqa: E402


def test_env_speed_plays_the_same_games_both_ways():
    setups = [game_setup(s, 2) for s in range(3)]
    report = env_speed(setups)
    assert report["games"] == 3
    assert report["engine_decisions"] > 100 and report["env_steps"] > 100
    assert report["engine_decisions_per_cpu_s"] > 0 and report["env_steps_per_cpu_s"] > 0
    assert report["ratio"] == pytest.approx(
        report["env_steps_per_cpu_s"] / report["engine_decisions_per_cpu_s"], rel=0.01)
    assert report["within"] == (report["ratio"] >= MIN_RATIO)


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
