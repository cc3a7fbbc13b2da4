"""The fixed action space (smashup.rl.actions, docs/rl.md): total, fixed-size, one meaning
per id, and the way back from an id to the option it stands for."""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from smashup.engine.api.game import Game
from smashup.rl import actions
from smashup.rl.check import check_games
from smashup.sim import game_setup, implemented_factions


def test_the_layout_is_contiguous_and_its_size_does_not_depend_on_the_game():
    at = 0
    for block in actions.LAYOUT:
        assert block.start == at and block.size > 0
        at += block.size
    assert at == actions.N_ACTIONS
    # every implemented card and faction has its own row
    assert len(actions.CARD_KEYS) + 1 == actions.N_CARDS
    assert set(actions.FACTION_KEYS) == set(implemented_factions())


def test_every_id_has_words():
    for block in actions.LAYOUT:
        for a in (block.start, block.start + block.size - 1):
            assert actions.describe_action(a)
    with pytest.raises(ValueError):
        actions.describe_action(actions.N_ACTIONS)


def _play_to(seed: int, players: int, decisions: int) -> Game:
    game = Game.new(game_setup(seed, players, bases="all"))
    rng = random.Random(seed)
    for _ in range(decisions):
        if game.is_over:
            break
        game.apply(rng.randrange(len(game.legal_actions())))
    return game


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10_000), players=st.integers(2, 4), length=st.integers(0, 400))
def test_every_option_maps_to_one_id_and_back(seed, players, length):
    """Property over random positions of random games with random factions of all 24+:
    each option has one id in range; the id leads back to this option or to one that is
    the same move (same card definition, zone and owner: two Invaders in one hand)."""
    game = _play_to(seed, players, length)
    if game.is_over:
        return
    req = game.request
    ids = actions.encode_options(game.state, req)
    assert len(ids) == len(req.options)
    assert all(0 <= a < actions.N_ACTIONS for a in ids)
    assert ids == actions.encode_options(game.state, req)  # a function of the position
    first = actions.index_of_ids(ids)
    for i, a in enumerate(ids):
        j = first[a]
        assert actions._fingerprint(game.state, req.options[i]) == \
            actions._fingerprint(game.state, req.options[j])


def test_random_games_never_share_an_id_between_different_moves():
    """The short version of ``python -m smashup.rl.check --games 10000`` (docs/rl.md has
    its counts): ids shared only by interchangeable options."""
    report = check_games(30, seed=500)
    assert report["decisions"] > 5000
    assert report["ambiguous_shared"] == 0, report["examples"]
    assert report["interchangeable_shared"] > 0  # duplicates in hands do happen


def test_one_id_means_the_same_move_in_every_game():
    """"Play this card from your hand on base slot 0" is one id, whatever the game and
    seat: two games with different factions and seats agree."""
    seen: dict[tuple[str, str], int] = {}
    for seed, players in ((1, 2), (2, 3), (3, 4), (4, 2)):
        game = Game.new(game_setup(seed, players, pairs=[["aliens", "dinosaurs"]] * players))
        req = game.request
        if req.kind != "main":
            continue
        ids = actions.encode_options(game.state, req)
        for opt, a in zip(req.options, ids, strict=True):
            if opt[0] == "play" and len(opt) == 4 and opt[2] == "base" and opt[3] == 0:
                key = (game.state.defs[opt[1]].key, "slot0")
                assert seen.setdefault(key, a) == a
                assert actions.describe_action(a) == \
                    f"play {key[0]} from hand on base slot 0"
    assert seen


def test_players_are_named_relative_to_the_decider():
    game = _play_to(7, 3, 0)
    req = game.request
    state = game.state
    from smashup.engine.core.requests import PlayerOption, Request

    fake = Request(2, "choose_player", "whom?", [PlayerOption("player", p) for p in range(3)])
    ids = actions.encode_options(state, fake)
    start = actions.BLOCKS["player"].start
    assert ids == [start + 1, start + 2, start + 0]  # seat 0 is the next seat after seat 2
    assert req is not None
