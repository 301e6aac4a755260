"""Our own seeded pseudo-random generator (docs/solitaire.md#game-codes).

A game code must give the same deal on every machine, Python version and release, so
deals never use the standard library's ``random`` (whose algorithms may change).
This is SplitMix64 (Steele, Lea, Flood 2014; the seeding generator of
xoshiro): 64-bit state, one addition and two multiply-xorshift steps per number,
fully specified here. Do not change any constant: golden tests pin deals.
"""

from __future__ import annotations

from collections.abc import MutableSequence, Sequence
from typing import TypeVar

T = TypeVar("T")

_MASK64 = (1 << 64) - 1
_GOLDEN_GAMMA = 0x9E3779B97F4A7C15
_MIX1 = 0xBF58476D1CE4E5B9
_MIX2 = 0x94D049BB133111EB
_TWO64 = 1 << 64


class SplitMix64:
    """SplitMix64 with unbiased ``below``, Fisher-Yates ``shuffle``, ``choice``, ``sample``."""

    __slots__ = ("_state",)

    def __init__(self, seed: int) -> None:
        self._state = seed & _MASK64

    def next_u64(self) -> int:
        self._state = (self._state + _GOLDEN_GAMMA) & _MASK64
        z = self._state
        z = ((z ^ (z >> 30)) * _MIX1) & _MASK64
        z = ((z ^ (z >> 27)) * _MIX2) & _MASK64
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in ``0..n-1``: rejection sampling, so no modulo bias."""
        if n <= 0:
            raise ValueError("below(n) needs n >= 1")
        limit = _TWO64 - _TWO64 % n  # the largest multiple of n not above 2**64
        while True:
            x = self.next_u64()
            if x < limit:
                return x % n

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Shuffle in place (Fisher-Yates, from the end, using ``below``)."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def choice(self, items: Sequence[T]) -> T:
        if not items:
            raise IndexError("choice from an empty sequence")
        return items[self.below(len(items))]

    def sample(self, items: Sequence[T], k: int) -> list[T]:
        """``k`` distinct elements in random order (a partial Fisher-Yates)."""
        pool = list(items)
        if not 0 <= k <= len(pool):
            raise ValueError("sample larger than the population")
        for i in range(k):
            j = i + self.below(len(pool) - i)
            pool[i], pool[j] = pool[j], pool[i]
        return pool[:k]


Rng = SplitMix64
