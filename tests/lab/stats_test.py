"""The sweep's aggregates: win rates with 95% intervals, seat advantage, synergy, matchups."""

from __future__ import annotations

import pytest

from smashup.lab.stats import aggregate, best_and_worst, excludes, ranked, wilson


def game(seats, winner, key="g", capped=None, error=None):
    return {"key": key, "matchup": 0, "number": 0, "seed": 1, "players": len(seats),
            "seats": seats, "agents": ["random"] * len(seats), "winner": winner,
            "winner_deck": seats[winner] if winner is not None else None,
            "vp": [0] * len(seats), "turns": 10, "decisions": 100, "capped": capped,
            "error": error}


@pytest.mark.parametrize("wins, n, low, high", [
    (50, 100, 0.4038, 0.5962),
    (0, 10, 0.0, 0.2775),
    (10, 10, 0.7225, 1.0),
    (7, 20, 0.1812, 0.5671),
])
def test_wilson_intervals_match_the_textbook_values(wins, n, low, high):
    lo, hi = wilson(wins, n)
    assert lo == pytest.approx(low, abs=1e-4) and hi == pytest.approx(high, abs=1e-4)


def test_an_interval_of_no_games_says_nothing():
    assert wilson(0, 0) == (0.0, 1.0)


AB, CD = "aliens+ninjas", "robots+wizards"


def test_win_rates_count_each_seat_of_each_ended_game():
    rows = [game([AB, CD], 0), game([CD, AB], 1), game([AB, CD], 1),
            game([AB, CD], None, capped="turns"), game([CD, AB], None, error="Boom")]
    agg = aggregate(rows)
    assert (agg["games"], agg["scored"], agg["capped"], agg["errors"]) == (5, 3, 1, 1)
    assert agg["decks"][AB]["wins"] == 2 and agg["decks"][AB]["games"] == 3
    assert agg["factions"]["aliens"] == agg["factions"]["ninjas"] == agg["decks"][AB]
    assert agg["factions"]["robots"]["wins"] == 1
    assert [s["wins"] for s in agg["seats"]] == [1, 2]  # the first seat won one of three
    assert agg["par"] == 0.5


def test_synergy_is_a_decks_rate_less_what_its_factions_predict():
    ef, gh = "aliens+robots", "ninjas+wizards"
    rows = ([game([AB, CD], 0)] * 8 + [game([AB, CD], 1)] * 2      # AB 80% against CD
            + [game([ef, gh], 0)] * 5 + [game([ef, gh], 1)] * 5)   # 50% each
    agg = aggregate(rows)
    aliens = agg["factions"]["aliens"]["rate"]  # (8 + 5) / 20
    ninjas = agg["factions"]["ninjas"]["rate"]  # (8 + 5) / 20
    assert aliens == ninjas == 0.65
    syn = agg["synergy"][AB]
    assert syn["predicted"] == pytest.approx(0.65 + 0.65 - 0.5)
    assert syn["synergy"] == pytest.approx(0.8 - 0.8)
    assert agg["synergy"][ef]["synergy"] == pytest.approx(0.5 - (0.65 + 0.35 - 0.5))


def test_matchups_count_each_side_against_the_other():
    rows = [game([AB, CD], 0)] * 3 + [game([CD, AB], 0)]
    agg = aggregate(rows)
    deck = {(m["deck"], m["against"]): m for m in agg["deck_matchups"]}
    assert deck[AB, CD]["wins"] == 3 and deck[CD, AB]["wins"] == 1
    fac = {(m["faction"], m["against"]): m for m in agg["faction_matchups"]}
    assert fac["aliens", "wizards"]["rate"] == 0.75 and fac["robots", "ninjas"]["rate"] == 0.25


def test_four_player_par_is_a_quarter():
    decks = [AB, CD, "pirates+zombies", "dinosaurs+tricksters"]
    agg = aggregate([game(decks, 2), game(decks, 3)])
    assert agg["par"] == 0.25 and [s["wins"] for s in agg["seats"]] == [0, 0, 1, 1]
    assert agg["deck_matchups"] == []  # deck against deck is a two-player table


def test_ranked_lists_the_best_and_the_worst():
    table = {"a": {"rate": 0.2, "games": 5}, "b": {"rate": 0.9, "games": 5},
             "c": {"rate": 0.5, "games": 1}}
    assert [k for k, _ in ranked(table, best=True)] == ["b", "c", "a"]
    assert [k for k, _ in ranked(table, best=False, count=1)] == ["a"]
    assert [k for k, _ in ranked(table, best=True, min_games=2)] == ["b", "a"]


def test_the_best_and_the_worst_never_share_a_deck_and_need_enough_games():
    table = {name: {"rate": r, "games": n} for name, r, n in [
        ("a", 0.9, 30), ("b", 0.7, 30), ("c", 0.6, 30), ("d", 0.2, 30), ("e", 0.99, 3)]}
    best, worst = best_and_worst(table, count=10, min_games=20)
    assert [k for k, _ in best] == ["a", "b"] and [k for k, _ in worst] == ["d", "c"]
    big = {f"deck{i}": {"rate": i / 40, "games": 50} for i in range(40)}
    best, worst = best_and_worst(big, count=10, min_games=20)
    assert len(best) == len(worst) == 10
    assert best[0][0] == "deck39" and worst[0][0] == "deck0"
    assert not {k for k, _ in best} & {k for k, _ in worst}


def test_seat_advantage_is_counted_per_faction():
    rows = [game([AB, CD], 0), game([AB, CD], 0), game([CD, AB], 0)]
    agg = aggregate(rows)
    aliens = agg["faction_seats"]["aliens"]
    assert (aliens[0]["wins"], aliens[0]["games"]) == (2, 2)  # first seat: won both
    assert (aliens[1]["wins"], aliens[1]["games"]) == (0, 1)
    assert agg["faction_seats"]["robots"][0]["wins"] == 1


def test_an_interval_excludes_par_only_when_it_misses_it():
    assert excludes({"games": 100, "low": 0.51, "high": 0.7}, 0.5)
    assert not excludes({"games": 100, "low": 0.45, "high": 0.7}, 0.5)
    assert not excludes({"games": 0, "low": 0.0, "high": 1.0}, 0.5)
