"""The seeded random number generator held in every game state.

Games never read the clock or the global ``random`` module: every shuffle and draw comes from
the :class:`Rng` inside the state, so a seed and a list of actions replay exactly. The generator
is SplitMix64, whose whole state is one integer, which keeps clones and JSON copies cheap.

>>> rng = Rng(42)
>>> first = [rng.randbelow(6) for _ in range(5)]
>>> again = Rng(42)
>>> first == [again.randbelow(6) for _ in range(5)]
True
"""

from __future__ import annotations

from collections.abc import MutableSequence, Sequence
from typing import TypeVar

T = TypeVar("T")

_MASK = (1 << 64) - 1
#: Largest seed accepted from outside: seeds pass through JavaScript, whose numbers are exact
#: only up to 2**53.
MAX_SEED = (1 << 53) - 1


class Rng:
    """A small deterministic generator (SplitMix64).

    >>> a, b = Rng(7), Rng(7)
    >>> [a.randbelow(100) for _ in range(3)] == [b.randbelow(100) for _ in range(3)]
    True
    >>> items = [1, 2, 3, 4]
    >>> Rng(1).shuffle(items); sorted(items)
    [1, 2, 3, 4]
    """

    __slots__ = ("state",)

    def __init__(self, seed: int) -> None:
        self.state = seed & _MASK

    @classmethod
    def from_state(cls, state: int) -> Rng:
        """Rebuild a generator from :attr:`state`."""
        return cls(state)

    def next_u64(self) -> int:
        """The next 64 random bits."""
        self.state = (self.state + 0x9E3779B97F4A7C15) & _MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def randbelow(self, n: int) -> int:
        """A uniform integer in ``range(n)``; ``n`` must be positive."""
        if n <= 0:
            raise ValueError("randbelow needs a positive bound")
        # Rejection sampling keeps every outcome exactly equally likely.
        limit = (1 << 64) - ((1 << 64) % n)
        while True:
            x = self.next_u64()
            if x < limit:
                return x % n

    def choice(self, items: Sequence[T]) -> T:
        """One element of a non-empty sequence, uniformly."""
        return items[self.randbelow(len(items))]

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Shuffle in place (Fisher-Yates)."""
        for i in range(len(items) - 1, 0, -1):
            j = self.randbelow(i + 1)
            items[i], items[j] = items[j], items[i]

    def fork_state(self, salt: int) -> int:
        """A seed for an independent generator, derived without advancing this one."""
        return Rng(self.state ^ ((salt * 0xD1B54A32D192ED03) & _MASK)).next_u64()

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Rng) and other.state == self.state

    def __hash__(self) -> int:
        return hash(self.state)

    def __repr__(self) -> str:
        return f"Rng.from_state({self.state})"
