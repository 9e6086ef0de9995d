"""The combinations a served run may form, kept as data (ruling S4).

The rulebook announces six combinations and lists five: a sixth is one more
:class:`Combination` in :data:`COMBINATIONS`. Each entry judges a run by its colour counts
only, since the order of cards within a combination does not matter.

>>> combination_of([2, 2, 0]).name
'Milk Tea'
>>> combination_of([3, 2, 0]) is None
True
>>> why_not([3, 2, 0])
'3 Tea and 2 Milk is no combination: Milk Tea needs equal numbers of Tea and Milk.'
>>> why_not([1, 0, 2])
'1 Tea and 2 Lemon is no combination: Lemon Tea needs Tea and exactly one Lemon.'
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from .cards import Colour, join_names

TEA, MILK, LEMON = Colour.TEA, Colour.MILK, Colour.LEMON


@dataclass(frozen=True)
class Combination:
    """One combination: its id (JSON), name (log), rule (words), the colours it may hold,
    and the test on colour counts ``[tea, milk, lemon]``."""

    id: str
    name: str
    rule: str
    colours: frozenset[Colour]
    test: Callable[[Sequence[int]], bool]

    def to_json(self) -> dict[str, str]:
        """How the view lists it: ``{"id", "name", "rule"}``."""
        return {"id": self.id, "name": self.name, "rule": self.rule}


def _only(colour: Colour) -> Callable[[Sequence[int]], bool]:
    def test(c: Sequence[int]) -> bool:
        return c[colour] >= 1 and sum(c) == c[colour]

    return test


COMBINATIONS: tuple[Combination, ...] = (
    Combination("tea", "Tea", "Tea cards only", frozenset({TEA}), _only(TEA)),
    Combination("milk", "Milk", "Milk cards only", frozenset({MILK}), _only(MILK)),
    Combination("lemon", "Lemon", "Lemon cards only", frozenset({LEMON}), _only(LEMON)),
    Combination(
        "milk_tea",
        "Milk Tea",
        "equal numbers of Tea and Milk",
        frozenset({TEA, MILK}),
        lambda c: c[TEA] >= 1 and c[TEA] == c[MILK] and c[LEMON] == 0,
    ),
    Combination(
        "lemon_tea",
        "Lemon Tea",
        "Tea and exactly one Lemon",
        frozenset({TEA, LEMON}),
        lambda c: c[TEA] >= 1 and c[LEMON] == 1 and c[MILK] == 0,
    ),
)
COMBINATION_BY_ID = {c.id: c for c in COMBINATIONS}


def combination_of(counts: Sequence[int]) -> Combination | None:
    """The combination a run with these colour counts forms (the first in the table), or
    ``None``."""
    for combination in COMBINATIONS:
        if combination.test(counts):
            return combination
    return None


def why_not(counts: Sequence[int]) -> str:
    """Why a run with these colour counts forms no combination, in words."""
    parts = [f"{counts[c]} {c.title}" for c in Colour if counts[c]]
    head = f"{join_names(parts)} is no combination"
    present = {c for c in Colour if counts[c]}
    near = [c for c in COMBINATIONS if present <= c.colours and len(c.colours) > 1]
    if near:
        return f"{head}: " + "; ".join(f"{c.name} needs {c.rule}" for c in near) + "."
    titles = [c.title for c in Colour if counts[c]]
    return f"{head}: none mixes {join_names(titles)}."
