"""``random.Random``'s shuffle and ``randrange(n)``, inlined: the same results from the same
generator, faster.

Sampling a world for a search shuffles every card hidden from the seat (``worlds.deal``), a few
dozen per iteration, and its playouts draw a number per decision; the standard library does
both in Python (even when the engine is compiled), through a method call per number.
``tests/engine/shuffles_test.py`` checks that these give the same numbers and leave the
generator in the same state, so that searches sample the same worlds and make the same
choices as with the standard library's.

>>> import random
>>> cards, same = list(range(20)), list(range(20))
>>> random.Random(5).shuffle(cards); shuffle(random.Random(5), same)
>>> cards == same
True
"""

from __future__ import annotations

import random
from typing import Any


def shuffle(rnd: random.Random, items: list[Any]) -> None:
    """Shuffle ``items`` in place exactly as ``rnd.shuffle(items)`` does: Fisher-Yates from
    the end, each index below ``n`` drawn by rejection from ``getrandbits`` of ``n``'s bit
    length (taken here once for each run of ``n`` of the same length)."""
    bits = rnd.getrandbits
    top = len(items) - 1  # the index swapped next, with one below ``top + 1``
    while top > 0:
        k = (top + 1).bit_length()
        lowest = max(1, (1 << (k - 1)) - 1)  # the last index whose ``n`` has k bits
        for i in range(top, lowest - 1, -1):
            n = i + 1
            j = bits(k)
            while j >= n:
                j = bits(k)
            items[i], items[j] = items[j], items[i]
        top = lowest - 1


def top_draws(rnd: random.Random, n: int, k: int) -> list[int]:
    """The draws that shuffle only the first ``k`` of ``n`` places (``shuffle_top``): for
    each place ``i`` from 0, the place ``j`` (``i`` to ``n - 1``) whose item it takes. A
    search's world makes them straight on the places it deals (``worlds.WorldSampler``).
    Each is one ``random()`` scaled (a bias below one in 2**45 for a deck), not the standard
    library's rejection from ``getrandbits``: a search deals thousands of worlds."""
    rand = rnd.random
    draws = []
    for i in range(min(k, n - 1)):
        left = n - i
        j = int(rand() * left)
        draws.append(i + (j if j < left else left - 1))
    return draws


def shuffle_top(rnd: random.Random, items: list[Any], k: int) -> None:
    """Shuffle only the first ``k`` places of ``items``: they hold, in random order, a draw
    without replacement from all of ``items`` (as a full shuffle's first ``k`` would), and the
    rest stay behind them in an order that is not random. For a world that a search reads only
    the top of (a deck's next draws, the next bases): its ``k`` draws cost less than a full
    shuffle's one per item.

    >>> cards = list(range(10))
    >>> shuffle_top(random.Random(1), cards, 3)
    >>> sorted(cards) == list(range(10))
    True
    """
    for i, j in enumerate(top_draws(rnd, len(items), k)):
        items[i], items[j] = items[j], items[i]


def below(rnd: random.Random, n: int) -> int:
    """``rnd.randrange(n)`` (and ``rnd.choice(seq)`` is ``seq[below(rnd, len(seq))]``) for
    ``n`` > 0: rejection from ``getrandbits`` of ``n``'s bit length."""
    k = n.bit_length()
    r = rnd.getrandbits(k)
    while r >= n:
        r = rnd.getrandbits(k)
    return r
