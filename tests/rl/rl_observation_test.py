"""Observation arrays (smashup.rl.observation): fixed shape, the documented layout, and
built only from what the seat may see (the two-worlds property)."""

import random

import pytest

np = pytest.importorskip("numpy", reason="the rl extra (numpy) is not installed")

from positions import random_positions  # noqa: E402
from smashup.engine.api.game import Game  # noqa: E402
from smashup.rl import actions, observation  # noqa: E402
from smashup.sim import game_setup  # noqa: E402


def test_shape_does_not_depend_on_players_or_factions():
    for players in (2, 3, 4):
        game = Game.new(game_setup(players, players))
        for p in range(players):
            obs = observation.encode(game.state, game.request, p)
            assert obs.shape == (observation.OBS_SIZE,) and obs.dtype == np.float32
    assert observation.OBS_SIZE == sum(size for _, size, _ in observation.SEGMENTS)
    assert observation.OBS_SIZE < 5000  # "a few thousand floats at most"


def _segment(obs, name):
    at = observation.OFFSET[name]
    size = dict((n, s) for n, s, _ in observation.SEGMENTS)[name]
    return obs[at:at + size]


def test_the_layout_matches_the_seats_observation():
    """The array says what Game.observation(p) says: own hand by definition, VP, cards in
    play by definition and controller, the decision's kind and who makes it."""
    checked = 0
    for game in random_positions(11, 3, 7):
        for p in range(3):
            obs = observation.encode(game.state, game.request, p)
            view = game.observation(p)
            hand = _segment(obs, "hand")
            names = [n.split("#")[0] for n in view["hand"]]
            assert hand.sum() == len(names)
            for n in names:
                assert hand[actions.CARD_INDEX[n]] >= 1
            vp = _segment(obs, "vp")
            for q in range(3):
                assert vp[(q - p) % 3] == pytest.approx(view["vp"][q] / 15)
            in_play = _segment(obs, "in_play").reshape(actions.MAX_PLAYERS, actions.N_CARDS)
            minions = sum(len(b["minions"]) for b in view["bases"])
            attached = sum(len(m["attached"]) for b in view["bases"] for m in b["minions"])
            actions_on_bases = sum(len(b["actions"]) for b in view["bases"])
            assert in_play.sum() == minions + attached + actions_on_bases
            decider = _segment(obs, "decider")
            assert decider[(game.current_player - p) % 3] == 1
            kind = _segment(obs, "decision")
            assert kind[observation.DECISION_KINDS.index(view["decision"]["kind"])] == 1 \
                if view["decision"]["kind"] in observation.DECISION_KINDS else kind[-1] == 1
            checked += 1
    assert checked > 50


def test_two_worlds_that_differ_only_in_hidden_cards_look_the_same():
    """Game.determinize(p) deals every card hidden from p again (other hands, decks, face-down
    cards): p's array must not change; another seat's may."""
    compared = differ_for_others = 0
    for seed, players in ((3, 2), (4, 3), (5, 4)):
        for game in random_positions(seed, players, 11):
            p = game.current_player
            world = game.determinize(p, seed=compared)
            assert world.current_player == game.current_player
            mine = observation.encode(game.state, game.request, p)
            assert np.array_equal(mine, observation.encode(world.state, world.request, p))
            other = (p + 1) % players
            differ_for_others += not np.array_equal(
                observation.encode(game.state, game.request, other),
                observation.encode(world.state, world.request, other))
            compared += 1
    assert compared > 40
    assert differ_for_others > 0  # the worlds really differ (in the other seats' hands)


def _from_nothing(game, p):
    """The seat's array built with no array kept from before (the kept ones put back after,
    so that the game's own arrays go on being kept up step by step)."""
    kept = dict(observation._CACHE)
    observation.forget()
    try:
        return observation.encode(game.state, game.request, p)
    finally:
        observation.forget()
        observation._CACHE.update(kept)


def test_the_array_kept_up_step_by_step_is_the_array_built_from_nothing():
    """encode keeps each seat's last array and rewrites only the regions whose inputs changed
    (a board slot, the hand, a discard pile): at every decision of random games, for the
    deciding seat and now and then every seat, that array equals one built from nothing. The
    games must move cards in every region, bases included, so the kept regions are tested."""
    moved = {"board": 0, "hand": 0, "own_discard": 0, "other_discards": 0, "bases": 0}
    last: dict[tuple[int, int], np.ndarray] = {}
    compared = 0
    observation.forget()
    for seed, players in ((1, 2), (2, 3), (3, 4), (4, 4)):
        game = Game.new(game_setup(seed, players, bases="all"))
        rng = random.Random(seed)
        while not game.is_over and game.state.turn < 300:
            seats = range(players) if rng.random() < 0.2 else [game.current_player]
            for p in seats:
                kept = observation.encode(game.state, game.request, p)
                assert np.array_equal(kept, _from_nothing(game, p)), (seed, players, p)
                before = last.get((seed, p))
                if before is not None:
                    for name in ("hand", "own_discard", "other_discards", "bases"):
                        moved[name] += not np.array_equal(_segment(kept, name),
                                                          _segment(before, name))
                    moved["board"] += not np.array_equal(_segment(kept, "minions"),
                                                         _segment(before, "minions"))
                last[(seed, p)] = kept
                compared += 1
            game.apply(rng.randrange(len(game.legal_actions())))
    assert compared > 1000
    assert min(moved.values()) > 20, moved

