"""The learned value reads only the seat's own view: two worlds that differ only in cards
hidden from the seat get the same features and the same value; the search hands it the
sampled world seen from the searching seat."""

from __future__ import annotations

import random

import pytest

np = pytest.importorskip("numpy", reason="the nn extra (numpy) is not installed")

from positions import early_decisions_and_copies, random_positions  # noqa: E402
from smashup.agents.ismcts import ISMCTSAgent  # noqa: E402
from smashup.engine.api.game import Game  # noqa: E402
from smashup.engine.api.quick import QuickWorld, take_over  # noqa: E402
from smashup.sim import game_setup  # noqa: E402
from smashup.value.model import FEATURES, LAYOUT, ValueNet, features, load_value  # noqa: E402


def random_net(seed: int = 1, hidden: tuple[int, ...] = (16, 8)) -> ValueNet:
    """A network with random weights (big enough that any feature moves its output)."""
    rng = np.random.default_rng(seed)
    sizes = [FEATURES, *hidden, 1]
    layers = [(rng.normal(0, 0.3, (a, b)).astype(np.float32),
               rng.normal(0, 0.1, b).astype(np.float32))
              for a, b in zip(sizes, sizes[1:], strict=False)]
    return ValueNet(layers, {"layout": LAYOUT})



def test_two_worlds_that_differ_only_in_hidden_cards_have_the_same_value():
    """Game.determinize(p) deals again every card hidden from p: p's features and value stay
    the same, while another seat's value (which sees other cards) does change somewhere."""
    nets = [random_net(), load_value()]  # a random network and the shipped model
    compared = others_differ = 0
    for seed, players in ((3, 2), (4, 3), (5, 4)):
        for game in random_positions(seed, players, 9):
            p = game.current_player
            world = game.determinize(p, seed=compared)
            mine = features(game.state, game.request, p)
            assert np.array_equal(mine, features(world.state, world.request, p))
            for net in nets:
                assert net.value_of(mine) == net.value_of(
                    features(world.state, world.request, p))
            other = (p + 1) % players
            others_differ += nets[0].value_of(features(game.state, game.request, other)) != \
                nets[0].value_of(features(world.state, world.request, other))
            compared += 1
    assert compared > 30
    assert others_differ > 0  # the worlds really differ, in what the other seats hold


def test_a_leaf_is_valued_from_the_searching_seat_in_the_sampled_world():
    """The search calls the value with sampled worlds (never the real game's state) and the
    searching seat; a finished game is worth 1 to its winner and 0 to the others."""
    game = Game.new(game_setup(6, 3, bases="all"))
    rng = random.Random(6)
    for _ in range(40):
        game.apply(rng.randrange(len(game.legal_actions())))
    while len(game.legal_actions()) < 2:
        game.apply(0)
    me = game.current_player
    net = random_net()
    calls: list[tuple[QuickWorld, int]] = []

    def spy(world: QuickWorld, seat: int) -> float:
        calls.append((world, seat))
        return net(world, seat)

    ISMCTSAgent(iterations=40, seed=2, value=spy).act(game.seat_view(me))
    assert len(calls) > 20
    assert all(seat == me and world.state is not game.state for world, seat in calls)
    world = calls[0][0]
    world.state.winner = me
    assert net(world, me) == 1.0 and net(world, (me + 1) % 3) == 0.0


def test_the_search_with_the_value_decides_the_same_whatever_the_hidden_cards_are():
    """A game and a determinised copy of it (every card hidden from the seat dealt again)
    give the seat the same view, so the search with the learned value makes the same
    choice in both."""
    net = load_value()
    compared = hands_differ = 0
    for seed, players in ((11, 2), (12, 3)):
        for game, world, p in early_decisions_and_copies(seed, players):
            assert world.seat_view(p).texts == game.seat_view(p).texts
            picks = [ISMCTSAgent(iterations=60, seed=3, value=net).act(g.seat_view(p))
                     for g in (game, world)]
            assert picks[0] == picks[1]
            compared += 1
            hands_differ += any(
                sorted(game.state.names[c] for c in game.state.hands[q])
                != sorted(world.state.names[c] for c in world.state.hands[q])
                for q in range(players) if q != p)
    assert compared >= 4
    assert hands_differ > 0  # the copies really hold other hidden cards


def test_the_main_decision_stand_in_reads_like_the_real_request():
    """At a Play Cards decision the value builds no options: its features equal those of the
    real request."""
    net = random_net()
    checked = 0
    for game in random_positions(8, 2, 3):
        if game.request is None or game.request.kind != "main":
            continue
        clone = game.clone()
        world = take_over(clone)
        for seat in (0, 1):
            x = features(game.state, game.request, seat)
            assert net(world, seat) == pytest.approx(net.value_of(x), abs=1e-6)
        checked += 1
    assert checked > 5


def test_the_compact_features_are_the_observations_compact_columns():
    """The search's leaves read the compact segments straight from the position
    (compact_features); they are exactly the observation's COMPACT columns, for every seat
    of random games of 2, 3 and 4 players (bases with actions, powers changed by cards)."""
    from smashup.value.model import COMPACT, columns, compact_features

    cols = columns(COMPACT)
    checked = 0
    for seed, players in ((21, 2), (22, 3), (23, 4), (24, 2)):
        for game in random_positions(seed, players, 3):
            for seat in range(players):
                full = features(game.state, game.request, seat)[cols]
                assert np.array_equal(compact_features(game.state, game.request, seat), full), (
                    seed, players, seat, game.state.turn)
                checked += 1
    assert checked > 300


def test_a_linear_model_values_a_leaf_as_its_weights_say():
    """The shipped kind of model (no hidden layer, over the compact features and the
    heuristic score) takes a shortcut at the search's leaves: one sum over a plain list. It
    gives the value that the same weights give through the general path (predict)."""
    from smashup.value.model import COMPACT, compact_features, heuristic_score

    rng = np.random.default_rng(7)
    width = len(compact_features(Game.new(game_setup(1, 2)).state, None, 0))
    meta = {"layout": LAYOUT, "segments": list(COMPACT), "heuristic": True}
    net = ValueNet([(rng.normal(0, 0.5, (width + 1, 1)).astype(np.float32),
                     np.array([0.1], np.float32))], meta)
    assert net.linear is not None
    compared = 0
    for game in random_positions(31, 3, 11):
        world = take_over(game.clone())
        for seat in range(3):
            x = features(game.state, game.request, seat)[None, :]
            heur = np.array([heuristic_score(game.state, seat)], np.float32)
            assert net(world, seat) == pytest.approx(float(net.predict(x, heur)[0]), abs=1e-5)
            compared += 1
    assert compared > 20
