"""A search's worlds (``SeatView.sample_quick`` given the search's generator) are dealt for
what a search reads of them: a hidden hand, the top ``DECK_DEPTH`` cards of a deck and the top
``BASE_DEPTH`` unseen bases at random, the rest of each deck below in an order that is not.
They must still be worlds the seat cannot tell from the real game, and what they deal at
random must be dealt fairly."""

from __future__ import annotations

import random
from collections import Counter

from smashup.engine.api.game import Game
from smashup.engine.api.worlds import BASE_DEPTH, DECK_DEPTH, deal
from smashup.engine.core.shuffles import shuffle_top, top_draws
from smashup.sim import game_setup


def _views(count: int = 6):
    """Seat views at a Play Cards decision some turns into random two-player games."""
    views = []
    for seed in range(count):
        game = Game.new(game_setup(seed, 2, bases="all"))
        rng = random.Random(seed)
        made = 0
        while not game.is_over:
            req = game.request
            if made >= 40 and req.kind == "main" and len(req.options) > 2:
                break
            game.apply(rng.randrange(len(req.options)))
            made += 1
        views.append((game, game.seat_view(game.current_player)))
    return views


def test_a_top_shuffle_deals_the_first_places_fairly():
    """Each of 5 items lands first about equally often, and so does each second item."""
    first, second = Counter(), Counter()
    rnd = random.Random(3)
    for _ in range(5000):
        items = list(range(5))
        shuffle_top(rnd, items, 2)
        assert sorted(items) == list(range(5))
        first[items[0]] += 1
        second[items[1]] += 1
    assert all(850 < first[i] < 1150 and 850 < second[i] < 1150 for i in range(5)), (
        first, second)
    assert top_draws(random.Random(1), 1, 4) == []  # nothing to shuffle


def test_a_search_world_is_one_the_seat_cannot_tell_from_the_real_game():
    """Same observation and options for the seat; the same cards in the same zones as the
    real game, only the hidden ones moved among hidden places."""
    for game, view in _views():
        me = view.player
        hidden = {c for _, ids in view._sampler._groups for c in ids}
        places: dict[int, set] = {}
        for c in hidden:
            places.setdefault(game.state.owner[c], set()).add(game.state.loc[c])
        rnd = random.Random(5)
        for _ in range(20):
            world = view.sample_quick(rnd)
            state, real = world.state, game.state
            assert world.texts() == game.action_texts()
            assert state.hands[me] == real.hands[me]
            assert state.minions == real.minions and state.discards == real.discards
            assert state.bases == real.bases
            for c, (now, was) in enumerate(zip(state.loc, real.loc, strict=True)):
                if c in hidden:  # among the places of its owner's hidden cards
                    assert now in places[real.owner[c]], (c, now)
                else:
                    assert now == was, (c, now, was)
                assert c in state.zone_list(now)
            for p in range(state.nplayers):
                assert len(state.hands[p]) == len(real.hands[p])
                assert len(state.decks[p]) == len(real.decks[p])
            assert sorted(state.base_deck) == sorted(real.base_deck)


def test_the_opponents_hand_and_the_tops_of_decks_are_dealt_at_random():
    """Over many worlds, every card hidden from the seat turns up in the opponent's hand,
    and on top of a deck, about as often as a fair deal gives it; the top base varies. (A card
    of theirs the seat has seen stays where it is, and is left out.)"""
    game, view = _views(1)[0]
    me = view.player
    rival = 1 - me
    real = game.state
    hidden = {c for _, ids in view._sampler._groups for c in ids}
    rival_cards = [c for c in real.hands[rival] + real.decks[rival] if c in hidden]
    hand_size = sum(c in hidden for c in real.hands[rival])
    in_hand, on_top, my_top, base_top = Counter(), Counter(), Counter(), Counter()
    worlds = 3000
    rnd = random.Random(11)
    for _ in range(worlds):
        state = view.sample_quick(rnd).state
        in_hand.update(state.hands[rival])
        on_top[state.decks[rival][0]] += 1
        my_top[state.decks[me][0]] += 1
        base_top[state.base_deck[0]] += 1

    def fair(counts: Counter, cards: list[int], share: float) -> None:
        expected = worlds * share
        for c in cards:
            assert 0.75 * expected < counts[c] < 1.25 * expected, (c, counts[c], expected)

    fair(in_hand, rival_cards, hand_size / len(rival_cards))
    fair(on_top, rival_cards, 1 / len(rival_cards))
    my_deck = [c for c in real.decks[me] if c in hidden]
    assert len(my_deck) == len(real.decks[me])  # (nothing of it seen: all of it is dealt)
    fair(my_top, my_deck, 1 / len(my_deck))
    assert len(set(base_top)) > len(real.base_deck) // 2
    assert len(real.decks[me]) > DECK_DEPTH and len(real.base_deck) > BASE_DEPTH  # (partial)


def test_the_in_place_deal_is_the_partial_shuffle_of_each_groups_cards():
    """The sampler swaps the few unseen bases that move straight in the copied base deck;
    that is the same world as ``shuffle_top`` of each group's cards (in id order) and of the
    unseen bases, written place by place."""
    checked = 0
    for _, view in _views():
        sampler = view._sampler
        plan = sampler._plan
        for seed in range(10):
            world = sampler._dealt(random.Random(seed), top_only=True)
            reference = sampler._base.copy()
            rnd = random.Random(seed)
            for ids, runs, group, top in plan._groups:
                if runs is None:  # (a group another seat knows a card of: dealt in full)
                    deal(reference, group, rnd)
                    continue
                cards = ids[:]
                shuffle_top(rnd, cards, top)
                places = [(loc, i) for slots, _ in group for loc, i, _, _ in slots]
                for (loc, i), c in zip(places, cards, strict=True):
                    reference.zone_list(loc)[i] = c
                    reference.loc[c] = loc
            bases = [reference.base_deck[i] for i in sampler._base_slots]
            shuffle_top(rnd, bases, BASE_DEPTH)
            for i, b in zip(sampler._base_slots, bases, strict=True):
                reference.base_deck[i] = b
            reference.rng = rnd.getrandbits(64)
            assert world.fingerprint() == reference.fingerprint()
            checked += 1
    assert checked == 60
