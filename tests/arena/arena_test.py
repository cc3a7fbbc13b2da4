"""`smashup arena`: a round robin between computer players, its seat orders, win rates with
their intervals, ratings, thinking time, and the same report on any number of workers."""

from __future__ import annotations

import json
import math
from typing import Any

import pytest

from smashup import arena as arena_module
from smashup.arena import arena, fit_ratings, game_seed, seats_for, without_timings
from smashup.cli.main import main
from smashup.sim import run_one

SIX = ["aliens", "ninjas", "robots", "wizards", "pirates", "zombies"]
GAMES = 8


@pytest.fixture(scope="module")
def two_player() -> dict[str, Any]:
    """random against heuristic, two players, on one process (shared: games take time)."""
    return arena(["random", "heuristic"], GAMES, players=2, seed=3, factions=SIX,
                 workers=1, progress=False, keep_games=True)


def test_a_two_player_pairing_plays_every_game_in_both_seat_orders(
        two_player: dict[str, Any]) -> None:
    [pairing] = two_player["pairings"]
    assert pairing["agents"] == ["random", "heuristic"]
    assert pairing["games"] == GAMES == len(two_player["records"])
    ended = GAMES - two_player["errors"]["count"] - two_player["capped"]["count"]
    assert pairing["ended"] == ended == sum(pairing["wins"].values())
    # game i puts the first agent in seat 0 when i is even: half the games each way round
    assert pairing["seat_games"] == [GAMES // 2, GAMES // 2]
    for record in two_player["records"]:
        expected = (["random", "heuristic"] if record["number"] % 2 == 0
                    else ["heuristic", "random"])
        assert record["seats"] == expected
        assert record["winner_agent"] == record["seats"][record["winner"]]
    assert pairing["seat_wins"][0] + pairing["seat_wins"][1] == pairing["wins"]["random"]
    assert pairing["par"] == 0.5
    assert pairing["low"] <= pairing["rate"] <= pairing["high"]
    assert pairing["rate"] == round(pairing["wins"]["random"] / ended, 4)


def test_every_game_has_its_own_seed_and_replays_alone(two_player: dict[str, Any]) -> None:
    records = two_player["records"]
    assert len({r["seed"] for r in records}) == len(records)
    assert records[1]["seed"] == game_seed(3, ("random", "heuristic"), 1)
    # seat 0 moves first, and the agents are seeded from the game's seed and seat only
    game = records[1]
    setup = {"factions": game["factions"], "seed": game["seed"], "bases": "all",
             "first_player": 0}
    again = run_one(setup, agents=game["seats"])
    assert again.winner == game["winner"] and again.turns == game["turns"]


def test_the_heuristic_beats_random_clearly_and_rates_higher(two_player: dict[str, Any]) -> None:
    heuristic = two_player["per_agent"]["heuristic"]
    assert heuristic["rate"] > 0.5
    assert heuristic["low"] <= heuristic["rate"] <= heuristic["high"]
    assert heuristic["wins"] + two_player["per_agent"]["random"]["wins"] == \
        two_player["pairings"][0]["ended"]
    ratings = two_player["ratings"]
    assert ratings["heuristic"] > ratings["random"]
    assert sum(ratings.values()) / len(ratings) == pytest.approx(1500, abs=0.1)


def test_thinking_time_is_counted_per_agent(two_player: dict[str, Any]) -> None:
    for spec, stats in two_player["per_agent"].items():
        assert stats["games"] == GAMES, spec
        assert 0 < stats["choices"] <= stats["decisions"]
        assert stats["think_s"] >= 0
        assert stats["ms_per_decision"] == pytest.approx(
            1000 * stats["think_s"] / stats["decisions"], abs=0.01)
    # the heuristic looks ahead in a sampled world; random only picks an index
    agents = two_player["per_agent"]
    assert agents["heuristic"]["ms_per_choice"] > agents["random"]["ms_per_choice"]
    assert two_player["cpu_s"] > 0 and two_player["wall_s"] > 0


def test_the_report_is_the_same_on_two_workers(two_player: dict[str, Any]) -> None:
    spread = arena(["random", "heuristic"], GAMES, players=2, seed=3, factions=SIX,
                   workers=2, progress=False, keep_games=True)
    assert spread["workers"] == 2
    assert without_timings(spread) == without_timings(two_player)


def test_three_players_rotate_the_hero_through_every_seat() -> None:
    report = arena(["random", "heuristic"], 3, players=3, seed=1, factions=SIX,
                   progress=False, keep_games=True)
    assert [p["agents"] for p in report["pairings"]] == [["random", "heuristic"],
                                                         ["heuristic", "random"]]
    for pairing in report["pairings"]:
        hero, field = pairing["agents"]
        assert pairing["par"] == round(1 / 3, 4)
        assert pairing["seat_games"] == [1, 1, 1]
        assert sum(pairing["wins"].values()) == pairing["ended"]
        seats = [r["seats"] for r in report["records"] if r["pairing"] == [hero, field]]
        assert [s.index(hero) for s in seats] == [0, 1, 2]
        assert all(s.count(field) == 2 for s in seats)
    assert report["per_agent"]["random"]["games"] == 6


def test_seats_for_alternates_and_rotates() -> None:
    assert [seats_for(("a", "b"), i, 2) for i in range(3)] == [("a", "b"), ("b", "a"),
                                                               ("a", "b")]
    assert [seats_for(("h", "f"), i, 4).index("h") for i in range(5)] == [0, 1, 2, 3, 0]


def test_an_exception_in_a_game_is_counted_and_fails_the_command(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    class Broken:
        needs_view = False

        def act(self, view: object) -> int:
            raise RuntimeError("agent exploded")

    monkeypatch.setattr(arena_module, "agents_for",
                        lambda seed, players, kinds=None: [Broken()] * players)
    status = main(["arena", "--agents", "random,heuristic", "--games", "3", "--json",
                   "--factions", ",".join(SIX)])
    report = json.loads(capsys.readouterr().out)
    assert status == 1
    assert report["errors"]["count"] == 3
    assert report["errors"]["first"][0]["error"] == "RuntimeError: agent exploded"
    assert report["pairings"][0]["ended"] == 0 and report["pairings"][0]["rate"] is None


def test_the_progress_bar_counts_games_on_stderr(capsys: pytest.CaptureFixture[str]) -> None:
    arena(["random", "heuristic"], 2, factions=SIX, turn_cap=1, progress=True)
    assert "2/2 games" in capsys.readouterr().err


# ---- ratings ------------------------------------------------------------------------------


def test_one_lopsided_pairing_gives_the_gap_of_its_odds_less_the_prior() -> None:
    ratings = fit_ratings(["a", "b"], [("a", "b", 30, 10)])
    gap = ratings["a"] - ratings["b"]
    # one virtual draw: a has 30.5 wins of 41; without it the odds would be 3 to 1
    assert gap == pytest.approx(400 * math.log10(30.5 / 10.5), abs=0.2)
    assert 0 < gap < 400 * math.log10(3)
    assert ratings["a"] + ratings["b"] == pytest.approx(3000)


def test_ratings_order_a_chain_and_keep_a_perfect_record_finite() -> None:
    results = [("a", "b", 10, 0), ("b", "c", 8, 2), ("a", "c", 9, 1)]
    ratings = fit_ratings(["a", "b", "c"], results)
    assert ratings["a"] > ratings["b"] > ratings["c"]
    assert math.isfinite(ratings["a"])
    assert sum(ratings.values()) / 3 == pytest.approx(1500, abs=0.1)
    assert fit_ratings(["a", "b"], [("a", "b", 5, 5)]) == {"a": 1500.0, "b": 1500.0}


# ---- the command ----------------------------------------------------------------------------


def test_json_output_has_every_key(capsys: pytest.CaptureFixture[str]) -> None:
    status = main(["arena", "--agents", "random,heuristic", "--games", "2", "--seed", "5",
                   "--factions", ",".join(SIX), "--json"])
    report = json.loads(capsys.readouterr().out)
    assert status == 0
    for key in ("agents", "players", "games_per_pairing", "seed", "workers", "wall_s",
                "cpu_s", "errors", "capped", "pairings", "ratings", "per_agent"):
        assert key in report, key
    assert report["agents"] == ["random", "heuristic"]
    assert report["games_per_pairing"] == 2 and report["workers"] == 1
    assert set(report["pairings"][0]) >= {"agents", "games", "wins", "rate", "low", "high",
                                          "par"}
    assert set(report["per_agent"]["heuristic"]) >= {
        "games", "wins", "rate", "low", "high", "decisions", "choices", "think_s",
        "ms_per_decision", "ms_per_choice"}


def test_the_readable_report_lists_pairings_and_agents(
        capsys: pytest.CaptureFixture[str]) -> None:
    status = main(["arena", "--agents", "random,heuristic", "--games", "2", "--quiet",
                   "--factions", ",".join(SIX), "--turn-cap", "2"])
    out = capsys.readouterr().out
    assert status == 0
    assert "random    vs heuristic" in out
    assert "capped 2 (turn cap 2)" in out
    assert "rating" in out and "ms/choice" in out


@pytest.mark.parametrize(("options", "message"), [
    (["--agents", "random,nobody"], "unknown agent 'nobody'"),
    (["--agents", "heuristic"], "at least two different agents"),
    (["--agents", "random,random"], "'random' is named twice"),
    (["--agents", "random,,heuristic"], "an empty name"),
    (["--agents", "random,heuristic", "--games", "0"], "at least 1, not 0"),
    (["--agents", "random,heuristic", "--players", "5"], "2 to 4 players, not 5"),
    (["--agents", "random,heuristic", "--workers", "0"], "workers must be"),
    (["--agents", "random,heuristic", "--turn-cap", "0"], "turn cap"),
    (["--agents", "random,heuristic", "--factions", "aliens,nowhere"], "unknown faction"),
])
def test_bad_input_is_refused_before_playing(
        capsys: pytest.CaptureFixture[str], options: list[str], message: str) -> None:
    status = main(["arena", *options])
    err = capsys.readouterr().err
    assert status == 2
    assert message in err
    assert err.count("\n") == 1 and err.startswith("smashup: ")
