"""The 120 cards of Storm in a Teacup: Tea (red), Milk (blue) and Lemon (yellow).

Every card has an id 0-119 and its colour comes from the id through :data:`CARD_COLOURS`, so
that a test can check that each card is somewhere exactly once. Cards of one colour are
otherwise identical: a run of cards is judged by its colour counts alone (:data:`Counts`,
indexed by :class:`Colour`).

>>> colour_of(0), colour_of(60), colour_of(119)
(<Colour.TEA: 0>, <Colour.MILK: 1>, <Colour.LEMON: 2>)
>>> counts_of([0, 1, 60, 100])
[2, 1, 1]
>>> describe([2, 0, 1])
'2 Tea, 1 Lemon'
>>> colours_from_letters("TTML")
[<Colour.TEA: 0>, <Colour.TEA: 0>, <Colour.MILK: 1>, <Colour.LEMON: 2>]
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from enum import IntEnum

Counts = list[int]


class Colour(IntEnum):
    """A card's kind; the value indexes a :data:`Counts` list."""

    TEA = 0
    MILK = 1
    LEMON = 2

    @property
    def word(self) -> str:
        """The JSON name: ``"tea"``, ``"milk"`` or ``"lemon"``."""
        return COLOUR_WORDS[self]

    @property
    def title(self) -> str:
        """How the log names the colour: ``"Tea"``, ``"Milk"`` or ``"Lemon"``."""
        return COLOUR_TITLES[self]


COLOURS = (Colour.TEA, Colour.MILK, Colour.LEMON)
COLOUR_WORDS = ("tea", "milk", "lemon")
COLOUR_TITLES = ("Tea", "Milk", "Lemon")
COLOUR_BY_WORD = {w: Colour(i) for i, w in enumerate(COLOUR_WORDS)}
LETTERS = {"T": Colour.TEA, "M": Colour.MILK, "L": Colour.LEMON}

# The box's contents (rulebook "Contents"): ids 0-59 Tea, 60-99 Milk, 100-119 Lemon.
IN_GAME = {Colour.TEA: 60, Colour.MILK: 40, Colour.LEMON: 20}
CARDS = sum(IN_GAME.values())
CARD_COLOURS: tuple[Colour, ...] = tuple(c for c in COLOURS for _ in range(IN_GAME[c]))
IDS_BY_COLOUR: dict[Colour, tuple[int, ...]] = {
    c: tuple(i for i, k in enumerate(CARD_COLOURS) if k is c) for c in COLOURS
}

# ruling S1: players; ruling S2: the deal.
MIN_PLAYERS = 2
MAX_PLAYERS = 6
STARTING_CARDS = {Colour.TEA: 3, Colour.MILK: 2, Colour.LEMON: 1}
DEALT_AFTER = 14
HAND_SIZE = sum(STARTING_CARDS.values()) + DEALT_AFTER

# ruling S6: discards; ruling S7: the end.
WINNER_DISCARDS = 3
MATCH_DISCARDS = 1
WIN_AT_MOST = 1


def colour_of(card: int) -> Colour:
    """The colour of card ``card``."""
    return CARD_COLOURS[card]


def counts_of(cards: Iterable[int]) -> Counts:
    """Colour counts of some cards (by id)."""
    out = [0, 0, 0]
    for card in cards:
        out[CARD_COLOURS[card]] += 1
    return out


def words(cards: Iterable[int]) -> list[str]:
    """The JSON colours of cards, in order: ``["tea", "milk", ...]``."""
    return [COLOUR_WORDS[CARD_COLOURS[c]] for c in cards]


def counts_json(counts: Sequence[int]) -> dict[str, int]:
    """``{"tea": a, "milk": b, "lemon": c}``."""
    return {"tea": counts[0], "milk": counts[1], "lemon": counts[2]}


def counts_from_json(data: object) -> Counts:
    """Inverse of :func:`counts_json`."""
    if not isinstance(data, dict):
        raise ValueError(f"expected colour counts as an object, not {data!r}")
    return [int(data[w]) for w in COLOUR_WORDS]


def cards_word(n: int) -> str:
    """``"1 card"``, ``"3 cards"``."""
    return f"{n} card" if n == 1 else f"{n} cards"


def describe(counts: Sequence[int], nothing: str = "no cards") -> str:
    """``"2 Tea, 1 Lemon"``: the colours of some cards for the log."""
    parts = [f"{counts[c]} {c.title}" for c in COLOURS if counts[c]]
    return ", ".join(parts) if parts else nothing


def colours_from_letters(text: str) -> list[Colour]:
    """Colours from letters ``T`` (Tea), ``M`` (Milk), ``L`` (Lemon); spaces are ignored."""
    try:
        return [LETTERS[ch] for ch in text.upper() if ch != " "]
    except KeyError as exc:
        raise ValueError(f"unknown card letter {exc.args[0]!r} in {text!r}; use T, M, L") from None


def join_names(names: Sequence[str]) -> str:
    """``"a, b and c"``."""
    if len(names) <= 1:
        return "".join(names)
    return ", ".join(names[:-1]) + " and " + names[-1]
