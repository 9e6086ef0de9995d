"""Tanbo's tokens: Snakes, Rice of three colours and the Rice Farmer, and how to name them.

Counts of tokens are kept as lists of five integers indexed by :class:`Token` (a paddy, the
hand, the bag and each player's collected Rice all use the same shape).

>>> Token.RED.word, RICE_POINTS[Token.RED]
('red', 5)
>>> points([0, 3, 0, 0, 0])
9
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import IntEnum
from typing import Literal, TypedDict

Counts = list[int]
#: A token's name in JSON.
TokenWord = Literal["snake", "yellow", "black", "red", "farmer"]


class Token(IntEnum):
    """A kind of token; the value indexes a :data:`Counts` list."""

    SNAKE = 0
    YELLOW = 1
    BLACK = 2
    RED = 3
    FARMER = 4

    @property
    def word(self) -> TokenWord:
        """The JSON name: ``"snake"``, ``"yellow"``, ``"black"``, ``"red"`` or ``"farmer"``."""
        return TOKEN_WORDS[self]


TOKEN_WORDS: tuple[TokenWord, ...] = ("snake", "yellow", "black", "red", "farmer")
TOKEN_BY_WORD: dict[str, Token] = {w: Token(i) for i, w in enumerate(TOKEN_WORDS)}
RICE = (Token.YELLOW, Token.BLACK, Token.RED)
#: A colour of Rice's name in JSON.
RiceWord = Literal["yellow", "black", "red"]
RICE_WORDS: tuple[RiceWord, ...] = ("yellow", "black", "red")
#: Each Rice token's colour word.
RICE_WORD: dict[Token, RiceWord] = dict(zip(RICE, RICE_WORDS, strict=True))

# ruling T2: the components.
RICE_POINTS = {Token.YELLOW: 3, Token.BLACK: 4, Token.RED: 5}
RICE_IN_GAME = {Token.YELLOW: 15, Token.BLACK: 10, Token.RED: 5}
SNAKES_IN_GAME = 20
RICE_TOTAL = sum(RICE_IN_GAME.values())
SEATS = 2
PADDIES = 5  # ruling T1
STANDARD_SNAKES_PER_PADDY = 2
MAX_TOKENS_PER_PADDY = 10  # ruling T6

# ruling T7: the three ways to win.
WIN_POINTS = 25
WIN_LEAD = 20
WIN_IN_ONE_TURN = 20


def empty() -> Counts:
    """A count list with no token."""
    return [0, 0, 0, 0, 0]


def rice_count(counts: Sequence[int]) -> int:
    """How many Rice of any colour."""
    return counts[1] + counts[2] + counts[3]


def points(counts: Sequence[int]) -> int:
    """The value of the Rice in ``counts``."""
    return 3 * counts[1] + 4 * counts[2] + 5 * counts[3]


class RiceJson(TypedDict):
    """Rice by colour: a bag, a player's collected Rice, a paddy's, or each colour's points."""

    yellow: int
    black: int
    red: int


class TokensJson(TypedDict):
    """A paddy or the hand: its Snakes, its Rice by colour, and whether the Farmer is there."""

    snakes: int
    rice: RiceJson
    farmer: bool


def rice_json(counts: Sequence[int]) -> RiceJson:
    """``{"yellow": a, "black": b, "red": c}``."""
    return {"yellow": counts[1], "black": counts[2], "red": counts[3]}


def tokens_json(counts: Sequence[int]) -> TokensJson:
    """The view of a paddy or a hand: Snakes, Rice by colour, and whether the Farmer is there."""
    return {"snakes": counts[0], "rice": rice_json(counts), "farmer": bool(counts[4])}


def counts_from_json(data: object) -> Counts:
    """Inverse of :func:`tokens_json` (a missing part counts as none)."""
    if not isinstance(data, dict):
        raise ValueError(f"expected tokens as an object, not {data!r}")
    rice = data.get("rice", {})
    out = rice_from_json(rice)
    out[0] = int(data.get("snakes", 0))
    out[4] = 1 if data.get("farmer") else 0
    return out


def rice_from_json(data: object) -> Counts:
    """Inverse of :func:`rice_json`."""
    if not isinstance(data, dict):
        raise ValueError(f"expected Rice by colour, not {data!r}")
    out = empty()
    for t in RICE:
        out[t] = int(data.get(t.word, 0))
    return out
