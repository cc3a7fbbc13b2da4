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


def below(rnd: random.Random, n: int) -> int:
    """``rnd.randrange(n)`` (and ``rnd.choice(seq)`` is ``seq[below(rnd, len(seq))]``) for
    ``n`` > 0: rejection from ``getrandbits`` of ``n``'s bit length."""
    k = n.bit_length()
    r = rnd.getrandbits(k)
    while r >= n:
        r = rnd.getrandbits(k)
    return r
