"""Build a Humble Tea Party position from a compact description, for tests and examples.

Each Oribako is a list of rows; a row names its sweets left to right, separated by ``|``, with
``.`` for an empty cell: ``["Moth | . | Peach", "Wisteria"]``. The top-left cell is ``(0, 0)``.
Each name takes the next unused copy of that sweet. The decks' tops may be named too; every other
tile is shuffled (by ``seed``) into the decks, evenly or by the ``sizes`` given.

>>> state = position([["Moth"], ["Peach | Loquat"], ["Camellia"]],
...                  seasons=["winter", "spring", "summer"], tops=["Wisteria", None, None])
>>> state.phase.value, state.turn, describe_tile(state.decks[0][0])
('recommend', 0, 'Wisteria (May, Spring, Bamboo)')
>>> [len(d) for d in state.decks], sorted(state.boxes[1].items())
([19, 19, 18], [((0, 0), 6), ((1, 0), 15)])
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from ..core import Rng
from .game import HtpGame, HtpState
from .oribako import Box
from .state import DECKS, season_order
from .sweets import TILE_COUNT, describe_tile, player_cards, type_by_name

__all__ = ["box_of", "describe_tile", "position", "tile"]


class _Tiles:
    """Hands out unused copies of sweets by name."""

    def __init__(self) -> None:
        self.used: set[int] = set()

    def take(self, name: str) -> int:
        kind = type_by_name(name)
        for t in range(kind.first_tile, kind.first_tile + kind.copies):
            if t not in self.used:
                self.used.add(t)
                return t
        raise ValueError(f"all {kind.copies} tiles of {kind.name} are already used")


def tile(name: str, copy: int = 0) -> int:
    """The id of a copy of the sweet ``name``: ``tile("Red Snapper", 2) == 2``.

    >>> tile("Red Snapper", 2), tile("hanbira-mochi")
    (2, 36)
    """
    kind = type_by_name(name)
    if not 0 <= copy < kind.copies:
        raise ValueError(f"{kind.name} has {kind.copies} copies")
    return kind.first_tile + copy


def box_of(rows: Sequence[str], tiles: _Tiles | None = None) -> Box:
    """An Oribako from rows of names (``.`` an empty cell)."""
    tiles = tiles or _Tiles()
    box: Box = {}
    for y, row in enumerate(rows):
        for x, cell in enumerate(row.split("|")):
            name = cell.strip()
            if name and name != ".":
                box[(x, y)] = tiles.take(name)
    return box


def position(
    boxes: Sequence[Sequence[str]],
    seasons: Sequence[str],
    tops: Sequence[str | None] = (None, None, None),
    sizes: Sequence[int] | None = None,
    turn: int = 0,
    start_player: int = 0,
    tea_holder: int | None = None,
    tea_spent: Sequence[int] = (),
    resets: int = 0,
    options: Mapping[str, Any] | None = None,
    seed: int = 0,
    begin: bool = True,
) -> HtpState:
    """A state with these Oribako, seasons and decks, at the start of ``turn``'s turn.

    The phase follows from the boxes: Phase 1 while a box is empty, over when all are
    complete (then scored at once), Phase 2 otherwise. With ``begin`` (the default) a Phase 2
    turn starts as in play: the Tea token comes home to its taker, and a player with nowhere
    to place passes.
    """
    players = len(boxes)
    game = HtpGame()
    opts = game.validate_options(players, {"start_player": start_player, **(options or {})})
    state = HtpState(game, players, Rng(seed), opts)
    tiles = _Tiles()
    state.boxes = [box_of(rows, tiles) for rows in boxes]
    left = Counter(player_cards(players))
    left.subtract(seasons)
    if len(seasons) != players or min(left.values()) < 0:
        raise ValueError(f"seasons {list(seasons)} are not a deal of {players} player cards")
    state.seasons = list(seasons)
    state.undealt = season_order(list(left.elements()))
    named = [None if t is None else tiles.take(t) for t in tops]
    rest = [t for t in range(TILE_COUNT) if t not in tiles.used]
    Rng(seed).shuffle(rest)
    total = len(rest) + sum(t is not None for t in named)
    if sizes is None:
        sizes = [total // DECKS + (1 if i < total % DECKS else 0) for i in range(DECKS)]
    if sum(sizes) != total:
        raise ValueError(f"deck sizes {list(sizes)} do not hold the {total} tiles left")
    state.decks = []
    for size, top in zip(sizes, named, strict=True):
        deck = [] if top is None else [top]
        more = size - len(deck)
        if more < 0:
            raise ValueError("a deck of size 0 cannot have a top")
        deck.extend(rest[:more])
        del rest[:more]
        state.decks.append(deck)
    state.resets = resets
    state.tea_holder = tea_holder
    state.tea_spent = list(tea_spent)
    state.turn = turn
    state.settle_phase(begin)
    return state
