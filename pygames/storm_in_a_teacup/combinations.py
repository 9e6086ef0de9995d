"""The combinations a served run may form, kept as data (ruling S4).

The rulebook announces six combinations and lists five: a sixth is one more
:class:`Combination` in :data:`COMBINATIONS` (and its name and rule in the catalogue,
``storm_in_a_teacup.combination.<id>`` and ``storm_in_a_teacup.rule.<id>``). Each entry judges
a run by its colour counts only, since the order of cards within a combination does not matter.

>>> combination_of([2, 2, 0]).id
'milk_tea'
>>> str(combination_of([2, 2, 0]).name)
'Milk Tea'
>>> combination_of([3, 2, 0]) is None
True
>>> str(why_not([3, 2, 0]))
'3 Tea and 2 Milk is no combination: Milk Tea needs equal numbers of Tea and Milk.'
>>> str(why_not([1, 0, 2]))
'1 Tea and 2 Lemon is no combination: Lemon Tea needs Tea and exactly one Lemon.'
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Literal, TypedDict

from ..core.messages import Message
from .cards import NS, Colour, ColourWord, count_messages, semicolon

TEA, MILK, LEMON = Colour.TEA, Colour.MILK, Colour.LEMON
#: A combination's id in JSON (and in the catalogue's keys): one per entry of COMBINATIONS.
CombinationId = Literal["tea", "milk", "lemon", "milk_tea", "lemon_tea"]


class CombinationJson(TypedDict):
    """A combination as the view lists it: its id (the catalogue names it and says what it
    needs) and the colours a run of it may hold."""

    id: CombinationId
    #: The colours a run of it may hold, in colour order.
    colours: list[ColourWord]


@dataclass(frozen=True)
class Combination:
    """One combination: its id (JSON and catalogue), the colours it may hold, and the test on
    colour counts ``[tea, milk, lemon]``. Its words are the catalogue's."""

    id: CombinationId
    colours: frozenset[Colour]
    test: Callable[[Sequence[int]], bool]

    @property
    def name(self) -> Message:
        """``Milk Tea``: the combination's name (``storm_in_a_teacup.combination.<id>``)."""
        return Message.of(f"{NS}.combination.{self.id}")

    @property
    def rule(self) -> Message:
        """``equal numbers of Tea and Milk``: what it needs (``storm_in_a_teacup.rule.<id>``)."""
        return Message.of(f"{NS}.rule.{self.id}")

    def to_json(self) -> CombinationJson:
        """How the view lists it: ``{"id", "colours"}`` (the renderer names it from the
        catalogue)."""
        return {"id": self.id, "colours": [c.word for c in sorted(self.colours)]}


def _only(colour: Colour) -> Callable[[Sequence[int]], bool]:
    def test(c: Sequence[int]) -> bool:
        return c[colour] >= 1 and sum(c) == c[colour]

    return test


COMBINATIONS: tuple[Combination, ...] = (
    Combination("tea", frozenset({TEA}), _only(TEA)),
    Combination("milk", frozenset({MILK}), _only(MILK)),
    Combination("lemon", frozenset({LEMON}), _only(LEMON)),
    Combination(
        "milk_tea",
        frozenset({TEA, MILK}),
        lambda c: c[TEA] >= 1 and c[TEA] == c[MILK] and c[LEMON] == 0,
    ),
    Combination(
        "lemon_tea",
        frozenset({TEA, LEMON}),
        lambda c: c[TEA] >= 1 and c[LEMON] == 1 and c[MILK] == 0,
    ),
)
COMBINATION_BY_ID: dict[str, Combination] = {c.id: c for c in COMBINATIONS}


def combination_id(value: object) -> CombinationId:
    """A combination's id read from JSON; ``ValueError`` if no combination has it."""
    combination = COMBINATION_BY_ID.get(value) if isinstance(value, str) else None
    if combination is None:
        raise ValueError(f"unknown combination {value!r}")
    return combination.id


def combination_of(counts: Sequence[int]) -> Combination | None:
    """The combination a run with these colour counts forms (the first in the table), or
    ``None``."""
    for combination in COMBINATIONS:
        if combination.test(counts):
            return combination
    return None


def why_not(counts: Sequence[int], with_counts: bool = True) -> Message:
    """Why a run with these colour counts forms no combination, as a message. The reason
    depends only on which colours are present; without ``with_counts`` the message leaves
    out its ``counts`` argument (a list of ``storm_in_a_teacup.count`` messages), for a reader
    that fills in the counts of the run it shows (the view's ``refused_runs``)."""
    head = {"counts": count_messages(counts)} if with_counts else {}
    present = {c for c in Colour if counts[c]}
    near = [c for c in COMBINATIONS if present <= c.colours and len(c.colours) > 1]
    if near:
        needs = [Message.of(f"{NS}.needs", combination=c.name, rule=c.rule) for c in near]
        return Message.of(f"{NS}.refusal.no_combination", **head, needs=semicolon(needs))
    titles = [c.message for c in Colour if counts[c]]
    return Message.of(f"{NS}.refusal.none_mixes", **head, colours=titles)
