"""Humble Tea Party's pictures for the rules page: a sweet of each season, where a sweet may
go, and the rulebook's two samples of point calculation, scored by the engine.

The page draws them with the table's own tiles (``picture`` in
web/js/games/humble_tea_party.js); the build writes them into ``js/pictures.json``.

>>> pictures()["winter_sample"]["total"], pictures()["autumn_sample"]["total"]
(7, 4)
"""

from __future__ import annotations

from typing import Literal, TypedDict

from .oribako import open_cells, rows
from .position import box_of
from .scoring import score_board
from .sweets import SeasonWord, TileJson, tile_json
from .views import CellJson

# The rulebook's "Samples of Point Calculation". Player Card Winter: #1..#6 = 0, 1, 1, 2, 3, 0,
# 7 points. Player Card Autumn: 4, 0, 0, 4, 2, 3 duplicates (-6), 4 points.
WINTER_SAMPLE = [
    "Camellia | Red Snapper | Strawberry",
    "Wisteria | Sun Flower | Maple Leaf",
    "Loquat | Chrysanthemum | Peach",
]
AUTUMN_SAMPLE = [
    "Red Snapper | Persimmon | Yuzu Manju",
    "Cherry Blossom | Milky Way | Hishi Mochi",
    "Red Snapper | Persimmon | Red Snapper",
]
# One sweet of each season, spring to winter.
SEASON_SWEETS = ["Cherry Blossom", "Sun Flower", "Maple Leaf", "Camellia"]
# A box being filled: where the next sweet may go (next to one, within 3 x 3).
GROWING = [
    "Wisteria | Sun Flower | .",
    ". | Maple Leaf | Camellia",
]


class SweetsPicture(TypedDict):
    """A row of sweets."""

    kind: Literal["sweets"]
    tiles: list[TileJson]


class BoxPicture(TypedDict):
    """An Oribako: its sweets, the cells a new sweet may take (``open``, as ``[x, y]``), and
    for a full box its owner's season with the score hand by hand (counts, points, total)."""

    kind: Literal["box"]
    cells: list[CellJson]
    open: list[list[int]]
    season: SeasonWord | None
    hands: list[int]
    points: list[int]
    total: int


def _box(names: list[str], season: SeasonWord | None) -> BoxPicture:
    box = box_of(names)
    cells: list[CellJson] = [{"x": x, "y": y, "tile": tile_json(t)} for (x, y), t in box.items()]
    picture: BoxPicture = {
        "kind": "box",
        "cells": cells,
        "open": [[x, y] for x, y in open_cells(box)],
        "season": season,
        "hands": [],
        "points": [],
        "total": 0,
    }
    if season is not None:
        score = score_board(rows(box), season)
        picture["hands"] = list(score.hands)
        picture["points"] = list(score.points)
        picture["total"] = score.total
    return picture


def pictures() -> dict[str, SweetsPicture | BoxPicture]:
    """Every Humble Tea Party picture of the rules page, by id."""
    sweets: SweetsPicture = {
        "kind": "sweets",
        "tiles": [tile_json(t) for t in box_of([" | ".join(SEASON_SWEETS)]).values()],
    }
    return {
        "sweets": sweets,
        "growing": _box(GROWING, None),
        "winter_sample": _box(WINTER_SAMPLE, "winter"),
        "autumn_sample": _box(AUTUMN_SAMPLE, "autumn"),
    }


__all__ = [
    "AUTUMN_SAMPLE",
    "GROWING",
    "SEASON_SWEETS",
    "WINTER_SAMPLE",
    "BoxPicture",
    "SweetsPicture",
    "pictures",
]
