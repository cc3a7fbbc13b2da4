"""A tiny deterministic RNG whose whole state is one integer.

Keeping the state a plain ``int`` makes copying a game free and keeps shuffles
identical across Python versions, which the replay guarantee depends on.

>>> state, value = next_u64(42)
>>> next_u64(42) == (state, value)
True
"""

from __future__ import annotations

from typing import Final

MASK: Final = (1 << 64) - 1


def next_u64(state: int) -> tuple[int, int]:
    """Advance a splitmix64 generator; return ``(new_state, value)``."""
    state = (state + 0x9E3779B97F4A7C15) & MASK
    z = state
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
    return state, z ^ (z >> 31)


def below(state: int, n: int) -> tuple[int, int]:
    """Return ``(new_state, r)`` with ``0 <= r < n``."""
    state, value = next_u64(state)
    return state, value % n


def shuffle(state: int, items: list[int]) -> int:
    """Shuffle ``items`` in place (Fisher-Yates); return the new state."""
    for i in range(len(items) - 1, 0, -1):
        state, j = below(state, i + 1)
        items[i], items[j] = items[j], items[i]
    return state
