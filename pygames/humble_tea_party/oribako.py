"""The Oribako: sweets on a free grid that must end as a full 3 x 3 box (ruling H8).

Cells are ``(x, y)``: x grows to the right, y downwards; the first sweet lies at ``(0, 0)``. A
new sweet goes on an empty cell orthogonally next to a sweet already there, and the bounding box
of all the sweets must stay within 3 x 3.

>>> box = {(0, 0): 1, (1, 0): 2, (2, 0): 3}       # a row of three
>>> (3, 0) in open_cells(box), (-1, 0) in open_cells(box), (1, 1) in open_cells(box)
(False, False, True)
>>> str(refusal(box, (3, 0)))
'The Oribako would be wider than 3'
>>> refusal(box, (1, 2))
Message(id='humble_tea_party.cell.not_next', args=())
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TypedDict

from ..core.messages import Message

Cell = tuple[int, int]
Box = dict[Cell, int]  # cell -> tile id, in the order the sweets were placed

SIDE = 3
FULL = SIDE * SIDE
_STEPS = ((1, 0), (-1, 0), (0, 1), (0, -1))


def bounds(box: Mapping[Cell, int]) -> tuple[int, int, int, int]:
    """``(min_x, min_y, max_x, max_y)`` of a non-empty box."""
    xs = [x for x, _ in box]
    ys = [y for _, y in box]
    return min(xs), min(ys), max(xs), max(ys)


class WindowJson(TypedDict):
    """The cells of an Oribako to draw, ``x0..x1`` by ``y0..y1`` (inclusive): the cells next
    to its sweets that may still take one, within the 3 x 3 the sweets must stay in (ruling H8),
    and the sweets themselves; an empty box's 3 x 3 round (0, 0), where its first sweet goes."""

    x0: int
    y0: int
    x1: int
    y1: int


def window(box: Mapping[Cell, int]) -> WindowJson:
    """The cells of ``box`` to draw (see :class:`WindowJson`): a cell can hold a sweet only if
    it lies within ``SIDE - 1`` cells of every sweet in each direction, and of those the ring
    next to the sweets shows, so the frame grows as the box fills.

    >>> window({})
    {'x0': -1, 'y0': -1, 'x1': 1, 'y1': 1}
    >>> window({(0, 0): 1})
    {'x0': -1, 'y0': -1, 'x1': 1, 'y1': 1}
    >>> window({(0, 0): 1, (2, 0): 2})
    {'x0': 0, 'y0': -1, 'x1': 2, 'y1': 1}
    >>> window({(0, 0): 1, (1, 0): 2})
    {'x0': -1, 'y0': -1, 'x1': 2, 'y1': 1}
    >>> window({(0, 0): 1, (2, 2): 2, (1, 1): 3})
    {'x0': 0, 'y0': 0, 'x1': 2, 'y1': 2}
    """
    if not box:
        half = SIDE // 2
        return {"x0": -half, "y0": -half, "x1": half, "y1": half}
    x0, y0, x1, y1 = bounds(box)
    reach = SIDE - 1
    return {
        "x0": max(x1 - reach, x0 - 1),
        "y0": max(y1 - reach, y0 - 1),
        "x1": min(x0 + reach, x1 + 1),
        "y1": min(y0 + reach, y1 + 1),
    }


def is_complete(box: Mapping[Cell, int]) -> bool:
    """Nine sweets: always a full 3 x 3, since the box never grows beyond it."""
    return len(box) >= FULL


def open_cells(box: Mapping[Cell, int]) -> list[Cell]:
    """Every cell a new sweet may go on, top to bottom then left to right.

    An empty box takes its first sweet at ``(0, 0)`` (Phase 1, ruling H7).
    """
    if not box:
        return [(0, 0)]
    if len(box) >= FULL:
        return []
    x0, y0, x1, y1 = bounds(box)
    found: set[Cell] = set()
    for x, y in box:
        for dx, dy in _STEPS:
            c = (x + dx, y + dy)
            if c in box or c in found:
                continue
            if max(x1, c[0]) - min(x0, c[0]) < SIDE and max(y1, c[1]) - min(y0, c[1]) < SIDE:
                found.add(c)
    return sorted(found, key=lambda c: (c[1], c[0]))


def refusal(box: Mapping[Cell, int], cell: Cell) -> Message | None:
    """Why a sweet may not go on ``cell`` (``None``: it may)."""
    if is_complete(box):
        return _why("complete")
    if not box:
        return None if cell == (0, 0) else _why("first")
    if cell in box:
        return _why("taken")
    x, y = cell
    if not any((x + dx, y + dy) in box for dx, dy in _STEPS):
        return _why("not_next")
    x0, y0, x1, y1 = bounds(box)
    if max(x1, x) - min(x0, x) >= SIDE:
        return _why("wide")
    if max(y1, y) - min(y0, y) >= SIDE:
        return _why("tall")
    return None


def _why(key: str) -> Message:
    return Message.of(f"humble_tea_party.cell.{key}")


def is_connected(box: Mapping[Cell, int]) -> bool:
    """Whether every sweet is reachable from every other through neighbours."""
    if not box:
        return True
    start = next(iter(box))
    seen = {start}
    todo = [start]
    while todo:
        x, y = todo.pop()
        for dx, dy in _STEPS:
            c = (x + dx, y + dy)
            if c in box and c not in seen:
                seen.add(c)
                todo.append(c)
    return len(seen) == len(box)


def rows(box: Mapping[Cell, int]) -> list[list[int]]:
    """A complete box read as three rows of tile ids, top to bottom (ruling H8)."""
    x0, y0, _, _ = bounds(box)
    return [[box[(x0 + c, y0 + r)] for c in range(SIDE)] for r in range(SIDE)]
