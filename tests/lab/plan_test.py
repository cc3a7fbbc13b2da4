"""What a sweep plays: every deck against every deck, both seat orders, a seed per game."""

from __future__ import annotations

import itertools

import pytest

from smashup.engine.api.game import Game
from smashup.engine.api.setup import SetupError
from smashup.lab.plan import Plan, all_decks, deck_factions, game_seed, lab_factions

SIX = ["aliens", "ninjas", "pirates", "robots", "wizards", "zombies"]


def test_the_full_two_player_sweep_is_every_deck_against_every_deck_sharing_no_faction():
    plan = Plan.make()  # every implemented faction, one printing each
    factions = lab_factions()
    assert len(factions) == 24
    assert len(plan.decks) == 24 * 23 // 2 == 276
    matchups = plan.matchups()
    assert len(matchups) == 31_878  # 276 decks, each against the 231 that share no faction
    tables = {frozenset(m.decks) for m in matchups}
    assert len(tables) == len(matchups)  # no table twice, in either order
    for m in matchups[::97]:
        a, b = (set(deck_factions(d)) for d in m.decks)
        assert not a & b


def test_a_faction_is_never_paired_with_another_printing_of_itself():
    decks = all_decks(["tricksters", "tricksters@original", "aliens"])
    assert decks == ["aliens+tricksters", "aliens+tricksters@original"]


def test_games_of_a_matchup_take_both_seat_orders_in_turn():
    plan = Plan.make(factions=SIX[:4], games_per_matchup=4)
    games = [g for g in plan.games() if g.matchup == 0]
    first, second = games[0].seats
    assert {first, second} == set(plan.matchups()[0].decks)
    assert [g.seats for g in games] == [(first, second), (second, first)] * 2
    assert len({g.seed for g in games}) == 4


def test_with_one_game_per_matchup_the_deck_named_first_goes_first_half_the_time():
    """Seat advantage must not leak into the decks' rates through their names' order."""
    games = list(Plan.make().games())
    named_first_first = sum(g.seats == plan_decks for g, plan_decks in zip(
        games, (m.decks for m in Plan.make().matchups()), strict=True))
    assert abs(named_first_first / len(games) - 0.5) < 0.02


def test_three_player_tables_rotate_through_every_seat():
    plan = Plan.make(factions=SIX, players=3, sample=5, games_per_matchup=3)
    for m in plan.matchups():
        used = [f for d in m.decks for f in deck_factions(d)]
        assert len(used) == len(set(used)) == 6
        games = [g for g in plan.games() if g.matchup == m.index]
        assert sorted(g.seats[0] for g in games) == sorted(m.decks)  # each goes first once


def test_a_games_seed_depends_on_its_matchup_and_number_alone():
    """So one game can be replayed without the rest of its sweep: the same game keeps its
    seed in a sample, in a bigger sweep, in a sweep with more games per matchup."""
    small = Plan.make(factions=SIX[:4], games_per_matchup=2)
    bigger = Plan.make(factions=SIX, games_per_matchup=3)
    seeds = {g.key: g.seed for g in bigger.games()}
    for g in small.games():
        assert seeds[g.key] == g.seed == game_seed(0, g.key)
    other = Plan.make(factions=SIX[:4], games_per_matchup=2, seed=1)
    assert [g.seed for g in other.games()] != [g.seed for g in small.games()]


def test_a_sample_is_a_seeded_subset_of_the_full_sweep():
    full = {m.decks for m in Plan.make(factions=SIX).matchups()}
    a = Plan.make(factions=SIX, sample=10, seed=3)
    b = Plan.make(factions=SIX, sample=10, seed=3)
    picked = [m.decks for m in a.matchups()]
    assert len(picked) == 10 and set(picked) <= full
    assert picked == [m.decks for m in b.matchups()]


def test_a_plan_survives_its_json_form():
    plan = Plan.make(factions=SIX, agents=["heuristic", "random"], sample=7, seed=9,
                     games_per_matchup=2, bases="factions", turn_cap=80)
    again = Plan.from_json(plan.to_json())
    assert again == plan
    assert list(again.games()) == list(plan.games())


@pytest.mark.parametrize("options, message", [
    ({"decks": ["aliens+aliens"]}, "is not a deck"),
    ({"decks": ["aliens+unicorns", "ninjas+robots"]}, "is not a deck"),
    ({"decks": ["aliens"]}, "is not a deck"),
    ({"decks": ["aliens+ninjas", "aliens+ninjas"]}, "named twice"),
    ({"decks": ["aliens+ninjas", "aliens+robots"]}, "no 2-player table"),
    ({"factions": SIX, "players": 5}, "2 to 4 players"),
    ({"factions": SIX, "players": 3}, "give a sample size"),
    ({"factions": SIX, "games_per_matchup": 0}, "at least 1"),
    ({"factions": SIX, "agents": ["genius"]}, "unknown agent"),
    ({"factions": SIX, "agents": ["random"] * 3}, "1 to 2 agents"),
    ({"factions": SIX, "bases": "some"}, "bases must be"),
])
def test_a_bad_plan_is_refused_with_a_reason(options, message):
    with pytest.raises(SetupError, match=message):
        Plan.make(**options)


def test_every_planned_game_sets_up_with_its_decks_in_seat_order():
    plan = Plan.make(factions=SIX, games_per_matchup=2)
    for g in itertools.islice(plan.games(), 0, None, 7):
        game = Game.new(plan.setup(g))
        assert [sorted(f) for f in game.state.factions] == [deck_factions(d) for d in g.seats]


def test_the_first_seat_plays_first_so_seats_are_the_turn_order():
    plan = Plan.make(factions=SIX, players=3, sample=4, games_per_matchup=3)
    for g in itertools.islice(plan.games(), 0, 12):
        game = Game.new(plan.setup(g))
        assert game.state.turn == 1 and game.current_player == 0
