"""The paddies of a ring and the rules that read them (no state, no randomness).

A ring is five paddies, each a :data:`~pygames.tanbo.tokens.Counts` list; paddies are numbered
0-4 here and 1-5 in text, clockwise, 4 followed by 0 (ruling T1).

>>> work_for([1, 4, 0, 0, 0])   # 4 Rice, 1 Snake: Harvest 3
(<Work.HARVEST: 'harvest'>, 3)
>>> work_for([4, 1, 0, 0, 0])   # 4 Snakes, 1 Rice: Cultivate 3
(<Work.CULTIVATE: 'cultivate'>, 3)
>>> work_for([0, 1, 0, 0, 1])[0].value, work_for([0, 0, 0, 0, 1])[0].value
('sow', 'rest')
>>> landing(1, 4)   # four tokens from paddy 2 (index 1): the last lands in paddy 1
0
>>> slots(7)   # seven tokens: two each in the first two paddies sown, the last in the second
([2, 2, 1, 1, 1], 1)
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from enum import Enum
from functools import lru_cache
from typing import Literal

from .tokens import MAX_TOKENS_PER_PADDY, PADDIES, Counts, Token, rice_count

Ring = list[Counts]
Spot = tuple[int, int]  # (paddy, token)


class Work(Enum):
    """The five actions of the Action Phase (ruling T4), chosen by the last paddy's tokens; the
    value is the id of its name in the catalogue (``tanbo.work.<value>``)."""

    REST = "rest"
    SOW = "sow"
    HARVEST = "harvest"
    CULTIVATE = "cultivate"
    BIG_MOVEMENT = "big_movement"


#: A :class:`Work`'s value, as views carry it (JSON has no enums); mypy checks that the values
#: match, as it reads ``Work.value`` as the union of its members' values.
WorkWord = Literal["rest", "sow", "harvest", "cultivate", "big_movement"]


def work_for(paddy: Sequence[int]) -> tuple[Work, int]:
    """Which action a paddy calls for, and its size (Rice to take or to draw; else 0).

    The Farmer does not count (ruling T4).
    """
    s = paddy[Token.SNAKE]
    r = rice_count(paddy)
    if s == 0 and r == 0:
        return Work.REST, 0
    if s == 0 or r == 0:
        return Work.SOW, 2
    if r > s:
        return Work.HARVEST, r - s
    if s > r:
        return Work.CULTIVATE, s - r
    return Work.BIG_MOVEMENT, 0


def clockwise(paddy: int, steps: int = 1) -> int:
    """The paddy ``steps`` further clockwise."""
    return (paddy + steps) % PADDIES


def landing(start: int, count: int) -> int:
    """Where the last of ``count`` tokens picked up in ``start`` lands (ruling T3)."""
    return (start + count) % PADDIES


def slots(count: int) -> tuple[list[int], int]:
    """How ``count`` tokens spread over the paddies ahead (ruling T3): how many land in each
    paddy sown (the ``j``-th is ``j`` paddies after the first one sown), and which of them
    gets the last token."""
    ahead = min(count, PADDIES)
    caps = [(count - j + PADDIES - 1) // PADDIES for j in range(ahead)]
    return caps, (count - 1) % PADDIES


def multisets(counts: Sequence[int], size: int) -> tuple[Counts, ...]:
    """Every sub-multiset of ``counts`` (by kind) holding ``size`` tokens, in a fixed order
    (the most of the lowest kind first).

    Remembered (the same hands come back all the time): callers must not change the lists.

    >>> multisets([1, 0, 0, 2, 0], 2)
    ([1, 0, 0, 1, 0], [0, 0, 0, 2, 0])
    """
    return _sub_multisets(tuple(counts), size)


@lru_cache(maxsize=1 << 14)
def _sub_multisets(counts: tuple[int, ...], size: int) -> tuple[Counts, ...]:
    return tuple(_generate(counts, size, 0))


def _generate(counts: Sequence[int], size: int, kind: int) -> Iterator[Counts]:
    if size == 0:
        yield [0, 0, 0, 0, 0]
        return
    if kind == 5:
        return
    rest_after = sum(counts[kind + 1 :])
    low = max(0, size - rest_after)
    for take in range(min(counts[kind], size), low - 1, -1):
        for tail in _generate(counts, size - take, kind + 1):
            tail[kind] = take
            yield tail


def rest_target(ring: Sequence[Sequence[int]], paddy: int) -> int | None:
    """Steps from ``paddy`` to the next paddy clockwise holding a Snake or Rice, if any (T4)."""
    for steps in range(1, PADDIES):
        there = ring[(paddy + steps) % PADDIES]
        if there[0] or there[1] or there[2] or there[3]:
            return steps
    return None


def farmer_paddy(ring: Sequence[Sequence[int]]) -> int | None:
    """Where the Farmer stands in this ring (``None`` while he is in the hand or unplaced)."""
    for p, paddy in enumerate(ring):
        if paddy[Token.FARMER]:
            return p
    return None


def swaps(ring: Sequence[Sequence[int]]) -> list[tuple[Spot, Spot]]:
    """Every swap the Big Movement allows: two tokens in different paddies that differ in kind
    or colour, the Farmer included (ruling T4); each pair once, lower paddy first."""
    out: list[tuple[Spot, Spot]] = []
    present = [[t for t in range(5) if paddy[t]] for paddy in ring]
    for p in range(PADDIES):
        for q in range(p + 1, PADDIES):
            for t in present[p]:
                for u in present[q]:
                    if t != u:
                        out.append(((p, t), (q, u)))
    return out


def excess(paddy: Sequence[int]) -> int:
    """Tokens over the limit of 10 in a paddy, the Farmer included (ruling T6)."""
    return max(0, sum(paddy) - MAX_TOKENS_PER_PADDY)


def removable(paddy: Sequence[int]) -> list[int]:
    """Kinds that may be removed from an over-full paddy: Snakes and Rice, never the Farmer."""
    return [t for t in range(4) if paddy[t]]


def new_ring() -> Ring:
    """Five empty paddies."""
    return [[0, 0, 0, 0, 0] for _ in range(PADDIES)]
