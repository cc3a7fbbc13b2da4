"""`smashup simulate` and `smashup bench`: summaries of random games."""

from __future__ import annotations

import json

import pytest

from smashup import sim
from smashup.cli.main import main
from smashup.engine.api.setup import SetupError


def test_simulate_json_reports_every_game(capsys: pytest.CaptureFixture[str]) -> None:
    status = main(["simulate", "--games", "4", "--players", "2", "--seed", "11", "--json"])
    report = json.loads(capsys.readouterr().out)
    assert status == 0
    assert report["games"] == 4
    assert report["errors"] == {"count": 0, "first": []}
    assert report["finished"] + report["capped"]["count"] == 4
    assert sum(report["wins_per_seat"]) == report["finished"]
    assert report["turns"]["min"] <= report["turns"]["mean"] <= report["turns"]["max"]
    assert report["decisions"]["min"] > 0
    assert report["games_per_s"] > 0


def test_simulate_is_reproducible_from_its_seed() -> None:
    first = sim.simulate(games=3, players=3, seed=5)
    again = sim.simulate(games=3, players=3, seed=5)
    for key in ("turns", "decisions", "wins_per_seat", "finished"):
        assert first[key] == again[key]


def test_simulate_with_fixed_pairs_and_readable_output(capsys: pytest.CaptureFixture[str]) -> None:
    status = main(["simulate", "--games", "2", "--factions", "aliens,ninjas", "robots,wizards"])
    out = capsys.readouterr().out
    assert status == 0
    assert "2 games, 2 players" in out
    assert "errors 0" in out


def test_turn_cap_games_are_reported_as_capped() -> None:
    report = sim.simulate(games=2, players=2, seed=3, turn_cap=2)
    assert report["capped"]["count"] == 2
    assert report["finished"] == 0
    assert report["capped"]["first"][0]["reason"] == "turns"


def test_an_exception_in_a_game_is_counted_and_fails_the_run(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    class Broken:
        def act(self, game: object) -> int:
            raise RuntimeError("agent exploded")

    monkeypatch.setattr(sim, "agents_for", lambda seed, players, kinds=None: [Broken()] * players)
    status = main(["simulate", "--games", "3", "--seed", "40", "--json"])
    report = json.loads(capsys.readouterr().out)
    assert status == 1
    assert report["errors"]["count"] == 3
    first = report["errors"]["first"][0]
    assert first["seed"] == 40
    assert first["error"] == "RuntimeError: agent exploded"


def test_unknown_faction_is_a_clear_error(capsys: pytest.CaptureFixture[str]) -> None:
    status = main(["simulate", "--games", "1", "--factions", "aliens", "kittens"])
    err = capsys.readouterr().err
    assert status == 2
    assert "unknown faction 'kittens'" in err
    assert "Traceback" not in err


def test_bench_measures_games_and_clones(capsys: pytest.CaptureFixture[str]) -> None:
    status = main(["bench", "--games", "2", "--seed", "1", "--json"])
    report = json.loads(capsys.readouterr().out)
    assert status == 0
    assert report["games"] == 2
    assert report["games_per_s"] > 0 and report["decisions_per_s"] > 0
    assert report["clone_main"]["count"] > 0
    assert report["clone_main"]["mean_us"] > 0
    assert report["cpu_games_per_s"] > 0 and report["cpu_seconds"] > 0
    for key in ("clone_main", "clone_mid_ability"):
        clones = report[key]
        assert clones["count"] > 0
        assert 0 <= clones["median_us"] <= clones["p95_us"]
    # the design's budget, each figure checked against it (older keys kept)
    assert report["budget"]["cpu_games_per_s"] == 400
    assert report["budget"]["clone_main_mean_us"] == 10
    assert report["budget"]["clone_mid_ability_mean_us"] == 25
    assert report["budget"]["clone_mid_ability_p95_us"] == 50
    within = report["within_budget"]
    assert set(within) == {"games_per_s", "clone_us", "cpu_games_per_s", "clone_main_mean_us",
                           "clone_mid_ability_mean_us", "clone_mid_ability_p95_us", "all"}
    assert within["cpu_games_per_s"] == (report["cpu_games_per_s"] >= 400)
    assert within["clone_mid_ability_p95_us"] == (report["clone_mid_ability"]["p95_us"] <= 50)
    assert within["all"] == all(ok for key, ok in within.items()
                                if key not in ("games_per_s", "all"))
    # the search agent's speed at a mid-game Play Cards decision with a real choice
    search = report["search"]
    assert search["iterations"] == sim.SEARCH_ITERATIONS and search["iterations_per_s"] > 0
    assert search["options"] > 2 and search["decision"] >= sim.SEARCH_DECISION
    # and over the decisions of six seeds, the first of them that one
    seeds = report["search_seeds"]
    assert seeds["seeds"] == [report["seed"] + k for k in range(sim.SEARCH_SEEDS)]
    assert seeds["iterations"] == sim.SEARCH_ITERATIONS * sim.SEARCH_SEEDS
    assert seeds["cpu_s"] >= search["cpu_s"] and seeds["iterations_per_s"] > 0


def test_bench_text_shows_cpu_time_and_each_budget(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bench", "--games", "1", "--seed", "2"]) == 0
    out = capsys.readouterr().out
    assert "CPU games/s:" in out and "budget >= 400" in out
    assert "mid-ability: mean" in out and "p95 <= 50 us" in out
    assert "within budget:" in out
    assert "iterations per CPU-second at a mid-game decision" in out
    assert "over the decisions of 6 seeds:" in out


def test_workers_play_the_same_games_as_one_process(capsys: pytest.CaptureFixture[str]) -> None:
    setups = [sim.game_setup(30 + i) for i in range(5)]
    assert sim.play_games(setups, workers=2) == sim.play_games(setups, workers=1)
    status = main(["simulate", "--games", "5", "--seed", "30", "--workers", "2", "--json"])
    parallel = json.loads(capsys.readouterr().out)
    single = sim.simulate(games=5, seed=30)
    assert status == 0 and parallel["workers"] == 2 and single["workers"] == 1
    timing = ("seconds", "games_per_s", "workers")
    assert {k: v for k, v in parallel.items() if k not in timing} == {
        k: v for k, v in single.items() if k not in timing}


def test_workers_below_one_are_refused(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--games", "2", "--workers", "0"]) == 2
    assert "--workers must be at least 1" in capsys.readouterr().err
    with pytest.raises(SetupError, match="workers"):
        sim.play_games([sim.game_setup(1)], workers=0)
