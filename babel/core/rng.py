"""A small seeded PRNG whose whole state is one integer, so it can live inside a game state.

SplitMix64: fast, well mixed, and defined here bit for bit, so a seed gives the same sequence on
every machine and Python version (``random.Random.shuffle`` makes no such promise).
"""

from __future__ import annotations

from collections.abc import MutableSequence, Sequence
from typing import TypeVar

T = TypeVar("T")

MASK64 = (1 << 64) - 1
GOLDEN = 0x9E3779B97F4A7C15


def mix64(z: int) -> int:
    """The SplitMix64 finaliser: a bijective scramble of a 64-bit integer."""
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
    return z ^ (z >> 31)


def seed_state(*parts: int | str) -> int:
    """Derive a 64-bit RNG state from a seed and optional salts (seat numbers, purposes).

    Strings are folded byte by byte, so the result never depends on Python's salted ``hash``.
    """
    state = 0x5EED
    for part in parts:
        if isinstance(part, str):
            for byte in part.encode("utf-8"):
                state = mix64((state ^ byte) + GOLDEN & MASK64)
        else:
            state = mix64((state ^ (int(part) & MASK64)) + GOLDEN & MASK64)
    return state


class Rng:
    """A mutable cursor over the sequence; read ``.state`` back to store it in a game state.

    Engines do ``rng = Rng(state.rng)``, draw, then build the next state with ``rng=rng.state``.
    """

    __slots__ = ("state",)

    def __init__(self, state: int) -> None:
        self.state = state & MASK64

    def next64(self) -> int:
        self.state = (self.state + GOLDEN) & MASK64
        return mix64(self.state)

    def below(self, n: int) -> int:
        """A uniform integer in [0, n) (multiply-shift; bias below 2**-50 for game sizes)."""
        if n <= 0:
            raise ValueError("Rng.below needs a positive bound")
        return (self.next64() * n) >> 64

    def randint(self, lo: int, hi: int) -> int:
        """A uniform integer in [lo, hi], both ends included (a die is ``randint(1, 6)``)."""
        return lo + self.below(hi - lo + 1)

    def random(self) -> float:
        """A float in [0, 1) with 53 random bits."""
        return (self.next64() >> 11) / float(1 << 53)

    def choice(self, items: Sequence[T]) -> T:
        return items[self.below(len(items))]

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Fisher-Yates in place."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def shuffled(self, items: Sequence[T]) -> list[T]:
        out = list(items)
        self.shuffle(out)
        return out

    def fork(self, salt: int | str) -> Rng:
        """An independent stream (for a bot or a sampler) that does not advance this one."""
        return Rng(seed_state(self.state, salt))
