"""The inlined shuffle sampled worlds use (engine/core/shuffles.py) is the standard library's:
the same order for the same generator, and the generator left in the same state, so that a
search samples the same worlds as before (and the same worlds on every Python it runs on)."""

from __future__ import annotations

import random

import pytest

from smashup.engine.core.shuffles import below, shuffle


@pytest.mark.parametrize("length", [0, 1, 2, 3, 7, 8, 9, 31, 32, 33, 64, 200])
def test_the_same_order_and_the_same_generator_state_as_random_shuffle(length):
    for seed in range(40):
        theirs, ours = random.Random(f"world/{seed}"), random.Random(f"world/{seed}")
        expected, got = list(range(length)), list(range(length))
        theirs.shuffle(expected)
        shuffle(ours, got)
        assert got == expected
        assert ours.getstate() == theirs.getstate()  # what the world draws next is the same


def test_below_is_randrange_and_choice():
    for seed in range(20):
        theirs, ours = random.Random(seed), random.Random(seed)
        for n in [1, 2, 3, 5, 8, 24, 100, 1 << 30, 1000003]:
            assert below(ours, n) == theirs.randrange(n)
            seq = list(range(n % 50 + 1))
            assert seq[below(ours, len(seq))] == theirs.choice(seq)
        assert ours.getstate() == theirs.getstate()
