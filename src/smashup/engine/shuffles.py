"""``random.Random.shuffle``, inlined: the same permutation from the same generator, faster.

Sampling a world for a search shuffles every card hidden from the seat (``views.deal``), a few
dozen per iteration, and the standard library's shuffle calls a method per card (in Python
even when the engine is compiled). ``tests/engine/shuffles_test.py`` checks that both give the
same order and leave the generator in the same state, so worlds stay what they were.

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
    the end, each index drawn by rejection from ``getrandbits`` of its bit length."""
    bits = rnd.getrandbits
    for i in range(len(items) - 1, 0, -1):
        n = i + 1
        k = n.bit_length()
        j = bits(k)
        while j >= n:
            j = bits(k)
        items[i], items[j] = items[j], items[i]
