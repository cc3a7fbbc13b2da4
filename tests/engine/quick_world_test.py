"""A ``QuickWorld`` (engine/api/quick.py) plays exactly as a ``Game``: taken over at any decision
of a random game (a Play Cards decision, or in the middle of an ability), the same choices
reach the same positions and the same decisions, whether or not a Play Cards decision's
options were built on the way; and a playout stops where it should."""

from __future__ import annotations

import random

from smashup.engine.api.game import Game
from smashup.engine.api.quick import END, QuickWorld, take_over
from smashup.sim import game_setup

SEEDS = (1, 2, 3, 4, 5, 6)


def _random_games():
    """Every decision of six random two-player games over all factions (the rng is kept
    apart from the game's, so the walk is the same whatever a test does with the game)."""
    for seed in SEEDS:
        game = Game.new(game_setup(seed, 2, bases="all"))
        rng = random.Random(seed)
        while not game.is_over and game.state.turn <= 30:
            yield game
            game.apply(rng.randrange(len(game.legal_actions())))


def test_the_same_choices_reach_the_same_positions_as_game_apply():
    """From every 7th decision, 12 more decisions in a Game and in a QuickWorld taken over from
    its clone; the Play Cards requests are left unbuilt where the world can (only their
    number of options is read, through ``request``, every other time)."""
    checked = mid_ability = 0
    for n, game in enumerate(_random_games()):
        if n % 7:
            continue
        reference = game.clone()
        world = take_over(game.clone())
        mid_ability += world.request is not None and world.request.kind != "main"
        walk = random.Random(n)
        for step in range(12):
            if reference.is_over:
                assert world.over
                break
            assert not world.over and world.player == reference.current_player
            assert world.at_main == (reference.request.kind == "main")
            if world.at_main and step % 2:
                # answer "end" without building the request, as a playout does
                reference.apply(reference.action_texts().index("end"))
                world.answer(END)
            else:
                assert world.texts() == reference.action_texts()
                action = walk.randrange(len(reference.legal_actions()))
                reference.apply(action)
                world.apply(action)
            assert world.state.fingerprint() == reference.state.fingerprint()
            checked += 1
    assert checked > 1000 and mid_ability > 10, (checked, mid_ability)


def test_a_playout_stops_at_the_next_play_cards_decision_unbuilt():
    game = Game.new(game_setup(7, 2, bases="all"))
    me = game.current_player
    world = QuickWorld(game.state.copy())  # at the opening Play Cards decision
    assert world.at_main and world.player == me and world._req is None  # not built yet
    turn = world.state.turn
    made = world.play_out(END, lambda req: 0, 80)
    assert world.at_main and world.player != me and world.state.turn == turn + 1
    assert world._req is None  # the next player's Play Cards decision was not built
    assert made >= 0
    assert world.request is not None and world.request.kind == "main"  # built when read
    assert world.texts()[-1] == "end"


def test_a_playout_stops_after_its_limit():
    game = Game.new(game_setup(8, 2, bases="all"))
    world = QuickWorld(game.state.copy())
    chosen = []

    def first(req):
        chosen.append(req.kind)
        return 0

    assert world.play_out(END, first, 0) == 0 and chosen == []


def test_every_sampled_world_offers_the_seat_the_real_games_play_cards_options():
    """A seat's sampler builds its Play Cards decision once, in the first quick world, and
    hands it to every later world: sound only because those options read nothing hidden
    from the seat. Here each world's options, built afresh from its own deal, equal the
    shared ones and the real game's, option for option."""
    from smashup.engine.turn.flow import main_request

    checked = differing_deals = shared = 0
    for n, game in enumerate(_random_games()):
        req = game.request
        if n % 5 or req is None or req.kind != "main":
            continue
        view = game.seat_view(game.current_player)
        first = view.sample_quick(0)
        for seed in (1, 2, 3):
            world = view.sample_quick(seed)
            shared += world.request is first.request  # not built again
            rebuilt = main_request(world.state)
            assert rebuilt.options == req.options == world.request.options
            assert world.texts() == game.action_texts()
            differing_deals += world.state.fingerprint() != first.state.fingerprint()
            checked += 1
    assert checked > 150 and differing_deals > 100 and shared > 100, (
        checked, differing_deals, shared)
