"""Scoring a complete Oribako hand by hand (ruling H12) and deciding the winner (H13, H14).

A board is three rows of tile ids. The eight lines are the three rows, three columns and two
diagonals; the four squares are the 2 x 2 blocks.

>>> from .sweets import type_by_name
>>> def tile(name: str) -> int: return type_by_name(name).first_tile
>>> board = [[tile("Camellia"), tile("Red Snapper"), tile("Strawberry")],
...          [tile("Wisteria"), tile("Sun Flower"), tile("Maple Leaf")],
...          [tile("Loquat"), tile("Chrysanthemum"), tile("Peach")]]
>>> s = score_board(board, "winter")
>>> s.hands, s.total
((0, 1, 1, 2, 3, 0), 7)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from itertools import pairwise
from typing import TypedDict

from ..core.messages import Message, Words
from .sweets import TILE_CREST, TILE_MONTH, TILE_SEASON, TILES

Board = Sequence[Sequence[int]]
Line = tuple[tuple[int, int], ...]  # (row, column) cells

# The six hands' names, English (the rulebook's) and Japanese (plain translations).
HAND_WORDS = (
    ("Four Seasons", "四季"),
    ("Delicious Trimester", "おいしい三か月"),
    ("Seasonal Assortment", "季節揃い"),
    ("Crest Assortment", "紋揃い"),
    ("Favourite Season", "好きな季節"),
    ("Duplication", "重複"),
)
HAND_NAMES = tuple(en for en, _ in HAND_WORDS)
POINTS_PER_HAND = (1, 1, 1, 1, 1, -2)
FAVOURITE = 4  # index of #5 Favourite Season, the one hand that depends on a secret
TIE_BREAK_HANDS = 4  # ruling H13: #1 to #4, in order


class HandJson(TypedDict):
    """One of the six hands (ruling H12), as the table lists them."""

    #: Its number, 1 to 6 (the catalogue names it ``humble_tea_party.hand.<n>``).
    n: int
    #: The points each one made is worth (Duplication: -2 a tile).
    points: int


class ScoreJson(TypedDict):
    """A complete Oribako's final score (ruling H12): each hand's count and points, in the
    order of the table's ``hands``, and the total (the lowest wins)."""

    hands: list[int]
    points: list[int]
    total: int


def hands_json() -> list[HandJson]:
    """The six hands in order, with the points each is worth."""
    return [{"n": i + 1, "points": p} for i, p in enumerate(POINTS_PER_HAND)]


def hand_message(hand: int) -> Message:
    """How messages name hand ``hand`` (0-5): ``humble_tea_party.hand.1`` is Four Seasons."""
    return Message.of(f"humble_tea_party.hand.{hand + 1}")


def words(lang: str) -> Words:
    """The hands' names for the catalogue."""
    return {
        f"humble_tea_party.hand.{i + 1}": ja if lang == "ja" else en
        for i, (en, ja) in enumerate(HAND_WORDS)
    }


LINES: tuple[Line, ...] = (
    *(tuple((r, c) for c in range(3)) for r in range(3)),
    *(tuple((r, c) for r in range(3)) for c in range(3)),
    ((0, 0), (1, 1), (2, 2)),
    ((0, 2), (1, 1), (2, 0)),
)
SQUARES: tuple[Line, ...] = tuple(
    ((r, c), (r, c + 1), (r + 1, c), (r + 1, c + 1)) for r in (0, 1) for c in (0, 1)
)


def consecutive(months: Sequence[int]) -> bool:
    """Months running on by one in either direction, December then January (ruling H12).

    >>> consecutive([7, 6, 5]), consecutive([11, 12, 1]), consecutive([5, 7, 6])
    (True, True, False)
    """
    steps = {(b - a) % 12 for a, b in pairwise(months)}
    return steps in ({1}, {11})


@dataclass(frozen=True)
class Score:
    """One Oribako's hands: counts ``#1..#6``, their points, and the total."""

    hands: tuple[int, ...]

    @property
    def points(self) -> tuple[int, ...]:
        """Points of each hand (Duplication counts -2 a tile)."""
        return tuple(n * p for n, p in zip(self.hands, POINTS_PER_HAND, strict=True))

    @property
    def total(self) -> int:
        """The Oribako's score; the lowest wins."""
        return sum(self.points)

    def to_json(self) -> ScoreJson:
        """The view's per-seat score entry."""
        return {"hands": list(self.hands), "points": list(self.points), "total": self.total}


def score_board(board: Board, favourite: str) -> Score:
    """Score a full 3 x 3 board for an owner whose favourite season is ``favourite``."""
    cells = [[board[r][c] for c in range(3)] for r in range(3)]

    def at(cell: tuple[int, int]) -> int:
        return cells[cell[0]][cell[1]]

    four = sum(len({TILE_SEASON[at(c)] for c in sq}) == 4 for sq in SQUARES)
    trimester = seasonal = crests = 0
    for line in LINES:
        tiles = [at(c) for c in line]
        trimester += consecutive([TILE_MONTH[t] for t in tiles])
        seasonal += len({TILE_SEASON[t] for t in tiles}) == 1
        crests += len({TILE_CREST[t] for t in tiles}) == 1
    flat = [t for row in cells for t in row]
    bonus = sum(TILE_SEASON[t].value == favourite for t in flat)
    duplicated = sum(k - 1 for k in Counter(TILES[t] for t in flat).values() if k > 1)
    return Score((four, trimester, seasonal, crests, bonus, duplicated))


Cell = tuple[int, int]  # (x, y) on an Oribako's free grid
_LINE_STEPS = ((1, 0), (0, 1), (1, 1), (-1, 1))  # row, column, diagonal, anti-diagonal


def made_lines(box: Mapping[Cell, int]) -> list[tuple[int, int, int]]:
    """The lines (three tiles in a row, column or diagonal) an Oribako already holds in full.

    A box never grows beyond 3 x 3 (ruling H8), so three tiles in a row make the box three
    wide and that row is a row of the finished box; a diagonal makes it 3 x 3. These lines are
    therefore lines of the final frame, whatever the empty cells become.
    """
    out = []
    for (x, y), first in box.items():
        for dx, dy in _LINE_STEPS:
            second, third = box.get((x + dx, y + dy)), box.get((x + 2 * dx, y + 2 * dy))
            if second is not None and third is not None:
                out.append((first, second, third))
    return out


def made_squares(box: Mapping[Cell, int]) -> list[tuple[int, int, int, int]]:
    """The 2 x 2 squares an Oribako already holds in full (each is one of the four squares of
    the finished 3 x 3, which must contain it)."""
    out = []
    for (x, y), a in box.items():
        b, c, d = box.get((x + 1, y)), box.get((x, y + 1)), box.get((x + 1, y + 1))
        if b is not None and c is not None and d is not None:
            out.append((a, b, c, d))
    return out


def running_score(box: Mapping[Cell, int], favourite: str | None) -> Score:
    """The hands an Oribako has made so far, complete or not (ruling H12).

    Tiles never move, so a hand made stays made: the running score only grows as sweets are
    added, and for a complete box it is its final score. ``favourite=None`` leaves #5 out (a
    season the reader may not know counts 0 there): the public part of the score.

    >>> from .sweets import type_by_name
    >>> def tile(name: str) -> int: return type_by_name(name).first_tile
    >>> box = {(0, 0): tile("Moth"), (1, 0): tile("Loquat"), (2, 0): tile("Sun Flower")}
    >>> running_score(box, None).hands, running_score(box, "summer").total
    ((0, 0, 1, 0, 0, 0), 4)
    """
    four = sum(len({TILE_SEASON[t] for t in sq}) == 4 for sq in made_squares(box))
    trimester = seasonal = crests = 0
    for line in made_lines(box):
        trimester += consecutive([TILE_MONTH[t] for t in line])
        seasonal += len({TILE_SEASON[t] for t in line}) == 1
        crests += len({TILE_CREST[t] for t in line}) == 1
    tiles = list(box.values())
    bonus = 0 if favourite is None else sum(TILE_SEASON[t].value == favourite for t in tiles)
    duplicated = sum(k - 1 for k in Counter(TILES[t] for t in tiles).values() if k > 1)
    return Score((four, trimester, seasonal, crests, bonus, duplicated))


def placement_gain(
    box: Mapping[Cell, int], cell: Cell, tile: int, favourite: str | None
) -> tuple[int, ...]:
    """How many of each hand putting ``tile`` on the empty ``cell`` would add to the box: only
    the lines and squares through that cell can be made by it (ruling H12); equal to
    ``running_score`` after minus before, without scoring the whole box twice.

    >>> from .sweets import type_by_name
    >>> def tile(name: str) -> int: return type_by_name(name).first_tile
    >>> box = {(0, 0): tile("Moth"), (1, 0): tile("Loquat")}
    >>> placement_gain(box, (2, 0), tile("Sun Flower"), "summer")
    (0, 0, 1, 0, 1, 0)
    """

    def at(c: Cell) -> int | None:
        return tile if c == cell else box.get(c)

    x, y = cell
    four = trimester = seasonal = crests = 0
    for dx, dy in _LINE_STEPS:
        for k in range(3):
            sx, sy = x - k * dx, y - k * dy
            line = [at((sx + i * dx, sy + i * dy)) for i in range(3)]
            if None in line:
                continue
            ts = [t for t in line if t is not None]
            trimester += consecutive([TILE_MONTH[t] for t in ts])
            seasonal += len({TILE_SEASON[t] for t in ts}) == 1
            crests += len({TILE_CREST[t] for t in ts}) == 1
    for cx in (x - 1, x):
        for cy in (y - 1, y):
            square = [at((cx + i, cy + j)) for i in (0, 1) for j in (0, 1)]
            if None not in square:
                four += len({TILE_SEASON[t] for t in square if t is not None}) == 4
    bonus = int(favourite is not None and TILE_SEASON[tile].value == favourite)
    duplicated = int(any(TILES[t] == TILES[tile] for t in box.values()))
    return (four, trimester, seasonal, crests, bonus, duplicated)


@dataclass(frozen=True)
class Ranking:
    """Who wins among some entries (seats or teams), and how the tie was settled."""

    winners: tuple[int, ...]
    tied: tuple[int, ...]  # the entries level on the lowest total before the tie-break
    decided_by: int | None  # the hand (0-3) that broke the tie, if one did

    @property
    def shared(self) -> bool:
        """Several winners: still tied after #1-#4."""
        return len(self.winners) > 1


def rank(totals: Sequence[int], hands: Sequence[Sequence[int]]) -> Ranking:
    """Ruling H13: lowest total; ties go to fewer #1, then #2, #3, #4; else a shared win.

    >>> rank([5, 3, 3], [[0] * 6, [1, 0, 0, 0, 0, 0], [0, 2, 0, 0, 0, 0]]).winners
    (2,)
    >>> rank([3, 3], [[0, 1, 0, 0, 2, 0], [0, 1, 0, 0, 2, 0]]).winners
    (0, 1)
    """
    low = min(totals)
    tied = tuple(i for i, t in enumerate(totals) if t == low)
    left = list(tied)
    if len(left) == 1:
        return Ranking(tied, tied, None)
    for hand in range(TIE_BREAK_HANDS):
        fewest = min(hands[i][hand] for i in left)
        left = [i for i in left if hands[i][hand] == fewest]
        if len(left) == 1:
            return Ranking(tuple(left), tied, hand)
    return Ranking(tuple(left), tied, None)
