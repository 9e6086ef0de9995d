"""The 120 cards of Storm in a Teacup: Tea (red), Milk (blue) and Lemon (yellow).

Every card has an id 0-119 and its colour comes from the id through :data:`CARD_COLOURS`, so
that a test can check that each card is somewhere exactly once. Cards of one colour are
otherwise identical: a run of cards is judged by its colour counts alone (:data:`Counts`,
indexed by :class:`Colour`).

>>> colour_of(0), colour_of(60), colour_of(119)
(<Colour.TEA: 0>, <Colour.MILK: 1>, <Colour.LEMON: 2>)
>>> counts_of([0, 1, 60, 100])
[2, 1, 1]
>>> str(counts_message([2, 0, 1]))
'2 Tea, 1 Lemon'
>>> colours_from_letters("TTML")
[<Colour.TEA: 0>, <Colour.TEA: 0>, <Colour.MILK: 1>, <Colour.LEMON: 2>]
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from enum import IntEnum
from typing import Literal, TypedDict

from ..core.messages import Message

NS = "storm_in_a_teacup"

Counts = list[int]
#: A card's colour in JSON.
ColourWord = Literal["tea", "milk", "lemon"]


class Colour(IntEnum):
    """A card's kind; the value indexes a :data:`Counts` list."""

    TEA = 0
    MILK = 1
    LEMON = 2

    @property
    def word(self) -> ColourWord:
        """The JSON name: ``"tea"``, ``"milk"`` or ``"lemon"``."""
        return COLOUR_WORDS[self]

    @property
    def title(self) -> str:
        """The colour's English name, for errors in tests and positions: ``"Tea"``."""
        return COLOUR_TITLES[self]

    @property
    def message(self) -> Message:
        """The colour's name as the catalogue says it (``storm_in_a_teacup.colour.tea``)."""
        return Message.of(f"{NS}.colour.{self.word}")


COLOURS = (Colour.TEA, Colour.MILK, Colour.LEMON)
COLOUR_WORDS: tuple[ColourWord, ...] = ("tea", "milk", "lemon")
COLOUR_TITLES = ("Tea", "Milk", "Lemon")
COLOUR_BY_WORD: dict[str, Colour] = {w: Colour(i) for i, w in enumerate(COLOUR_WORDS)}
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


def words(cards: Iterable[int]) -> list[ColourWord]:
    """The JSON colours of cards, in order: ``["tea", "milk", ...]``."""
    return [COLOUR_WORDS[CARD_COLOURS[c]] for c in cards]


class CountsJson(TypedDict):
    """Cards by colour: a stock's, a public hand's, the box's discards, a discard choice."""

    tea: int
    milk: int
    lemon: int


def counts_json(counts: Sequence[int]) -> CountsJson:
    """``{"tea": a, "milk": b, "lemon": c}``."""
    return {"tea": counts[0], "milk": counts[1], "lemon": counts[2]}


def counts_from_json(data: object) -> Counts:
    """Inverse of :func:`counts_json`."""
    if not isinstance(data, dict):
        raise ValueError(f"expected colour counts as an object, not {data!r}")
    return [int(data[w]) for w in COLOUR_WORDS]


def cards_message(n: int) -> Message:
    """``1 card``, ``3 cards`` (``0 cards``) as a message."""
    return Message.of(f"{NS}.cards", n=n)


def count_message(colour: Colour, n: int) -> Message:
    """``2 Tea``: a number of cards of one colour."""
    return Message.of(f"{NS}.count", n=n, colour=colour.message)


def count_messages(counts: Sequence[int]) -> list[Message]:
    """One :func:`count_message` per colour present, in colour order."""
    return [count_message(c, counts[c]) for c in COLOURS if counts[c]]


def counts_message(counts: Sequence[int]) -> Message:
    """``"2 Tea, 1 Lemon"``: the colours of some cards for the log (``no cards`` if none)."""
    parts = count_messages(counts)
    if not parts:
        return Message.of(f"{NS}.no_cards")
    return comma(parts)


def comma(parts: Sequence[Message]) -> Message:
    """Messages joined by commas (``a, b, c``), folded from the right."""
    out = parts[-1]
    for part in reversed(parts[:-1]):
        out = Message.of(f"{NS}.comma", a=part, b=out)
    return out


def semicolon(parts: Sequence[Message]) -> Message:
    """Messages joined by semicolons (``a; b``), folded from the right."""
    out = parts[-1]
    for part in reversed(parts[:-1]):
        out = Message.of(f"{NS}.semicolon", a=part, b=out)
    return out


def seat_message(seat: int) -> Message:
    """A seat's name as a message, for lists of seats."""
    return Message.of(f"{NS}.seat", seat=seat)


def number_message(n: int) -> Message:
    """A plain number as a message, for lists of numbers."""
    return Message.of(f"{NS}.number", n=n)


def colours_from_letters(text: str) -> list[Colour]:
    """Colours from letters ``T`` (Tea), ``M`` (Milk), ``L`` (Lemon); spaces are ignored."""
    try:
        return [LETTERS[ch] for ch in text.upper() if ch != " "]
    except KeyError as exc:
        raise ValueError(f"unknown card letter {exc.args[0]!r} in {text!r}; use T, M, L") from None
