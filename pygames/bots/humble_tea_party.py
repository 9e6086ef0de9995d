"""Humble Tea Party bots: a greedy player that fills the others' Oribako with points.

The greedy bot reads only its own view. It values an Oribako, complete or not, by an estimate
of the score it will end with: hands already made count in full, lines and squares that could
still form count by a rough chance of forming, duplicates count -2 each, and each sweet of the
owner's favourite season counts its probability, the season being known (its own, or revealed)
or spread over the cards that player could hold (the public undealt cards and the revealed
ones are out). A box not yet 3 x 3 wide could still end in several frames: the estimate
averages over them.

- Phase 1: keep the top sweet least likely to score for itself (not its own season).
- Phase 2: place the sweet where it raises the target's estimate most (lowers it, for a
  teammate in Team Battle), leaning towards the players now best placed to win.
- Tea: taken (by the active player too, which shields the box for a whole round) when the
  worst sweet now on offer would raise its own estimate by ``TEA_HARM`` or more, or by
  ``TEA_HARM_NEARLY_COMPLETE`` once the box is nearly complete; otherwise it declines
  (``None``).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from functools import lru_cache
from math import factorial
from typing import Any

from ..core import Action, Game, JsonDict, Rng
from ..humble_tea_party.actions import Keep, Place, Tea
from ..humble_tea_party.oribako import Box, bounds, open_cells
from ..humble_tea_party.scoring import LINES, SQUARES, consecutive
from ..humble_tea_party.sweets import SEASONS, TILE_SEASON, TILES, TYPES, Crest, player_cards
from . import register
from .base import Bot
from .levels import EasyBot, PolicyKnowledge, SearchBot

TEA_HARM = 1.5  # take Tea when one sweet on offer could raise our own estimate this much
TEA_HARM_NEARLY_COMPLETE = 1.0  # ... or this much once the box holds NEARLY_COMPLETE sweets
NEARLY_COMPLETE = 7
LEADER_WEIGHT = 0.15  # how much more to harm a player with a low (winning) estimate
SEASON_INDEX = {s.value: i for i, s in enumerate(SEASONS)}
_SEASON = tuple(SEASON_INDEX[s.value] for s in TILE_SEASON)  # by tile id
# By sweet type (what lines and squares look at).
_TYPE_SEASON = tuple(SEASON_INDEX[t.season.value] for t in TYPES)
_TYPE_CREST = tuple(list(Crest).index(t.crest) for t in TYPES)
_TYPE_MONTH = tuple(t.month for t in TYPES)

# Rough chances that one empty cell of a line gets a matching sweet.
P_SEASON = 0.25
P_CREST = 1 / 3
P_MONTH = 1 / 12

Probs = tuple[float, float, float, float]  # chance of each favourite season


@lru_cache(maxsize=1 << 16)
def _line(tiles: tuple[int | None, ...]) -> float:
    """Expected Delicious Trimester + Seasonal + Crest Assortment of one line (of sweet
    types; the same line comes back often, so it is remembered)."""
    filled = [t for t in tiles if t is not None]
    empty = 3 - len(filled)
    if not empty:
        months = [_TYPE_MONTH[t] for t in filled]
        return (
            consecutive(months)
            + (len({_TYPE_SEASON[t] for t in filled}) == 1)
            + (len({_TYPE_CREST[t] for t in filled}) == 1)
        )
    value = 0.0
    if len({_TYPE_SEASON[t] for t in filled}) <= 1:
        value += P_SEASON ** (empty - (0 if filled else 1))
    if len({_TYPE_CREST[t] for t in filled}) <= 1:
        value += P_CREST ** (empty - (0 if filled else 1))
    # The months fit a run one way or the other: every empty cell needs its one month.
    ways = 0
    for step in (1, -1):
        start = None
        ok = True
        for i, t in enumerate(tiles):
            if t is None:
                continue
            first = (_TYPE_MONTH[t] - 1 - step * i) % 12
            if start is None:
                start = first
            elif start != first:
                ok = False
                break
        ways += ok if start is not None else 12
    return value + ways * P_MONTH**empty


def _square(tiles: Sequence[int | None]) -> float:
    """Expected Four Seasons of one 2 x 2 square."""
    seasons = [_TYPE_SEASON[t] for t in tiles if t is not None]
    if len(set(seasons)) != len(seasons):
        return 0.0
    empty = 4 - len(seasons)
    return factorial(empty) / 4.0**empty


def patterns(box: Mapping[tuple[int, int], int]) -> float:
    """Expected hands #1-#4 of an Oribako, averaged over the 3 x 3 frames it could end in."""
    x0, y0, x1, y1 = bounds(box)
    types = {cell: TILES[t] for cell, t in box.items()}
    total = 0.0
    frames = 0
    for ox in range(x1 - 2, x0 + 1):
        for oy in range(y1 - 2, y0 + 1):
            grid = [[types.get((ox + c, oy + r)) for c in range(3)] for r in range(3)]
            for line in LINES:
                total += _line(tuple([grid[r][c] for r, c in line]))
            for sq in SQUARES:
                total += _square([grid[r][c] for r, c in sq])
            frames += 1
    return total / frames


def estimate(box: Mapping[tuple[int, int], int], probs: Probs) -> float:
    """The score an Oribako is heading for: hands #1-#4 expected, #5 expected, #6 exact."""
    tiles = list(box.values())
    bonus = sum(probs[_SEASON[t]] for t in tiles)
    duplicated = sum(k - 1 for k in Counter(TILES[t] for t in tiles).values() if k > 1)
    return patterns(box) + bonus - 2 * duplicated


def season_probs(table: Mapping[str, Any], players: int) -> list[Probs]:
    """Each seat's chance of each favourite season, from what this seat sees."""
    known = [box["season"] for box in table["oribako"]]
    pool = Counter(player_cards(players))
    pool.subtract(table["undealt_cards"])
    pool.subtract(s for s in known if s is not None)
    size = sum(max(0, n) for n in pool.values())
    spread = [max(0, pool[s.value]) / size if size else 0.25 for s in SEASONS]
    out: list[Probs] = []
    for season in known:
        if season is None:
            out.append((spread[0], spread[1], spread[2], spread[3]))
        else:
            one = [0.0] * 4
            one[SEASON_INDEX[season]] = 1.0
            out.append((one[0], one[1], one[2], one[3]))
    return out


def boxes_of(table: Mapping[str, Any]) -> list[Box]:
    """The Oribako of the view as cell -> tile id."""
    return [{(e["x"], e["y"]): e["tile"]["id"] for e in box["tiles"]} for box in table["oribako"]]


class NormalBot(Bot):
    """Recommends each sweet where it adds the most points to a rival; guards its own box
    with Tea when a costly sweet is on offer."""

    name = "normal"
    description = "Gives each sweet to whoever it costs most; keeps Tea for a real threat."

    def choose(
        self, game: Game, view: JsonDict, seat: int, legal: Sequence[Action], rng: Rng
    ) -> Action | None:
        table = view["table"]
        players = int(view["players"])
        probs = season_probs(table, players)
        boxes = boxes_of(table)
        if any(isinstance(a, Keep) for a in legal):
            return self._keep(table, probs[seat], legal)
        if Tea() in legal and self._wants_tea(table, boxes, probs[seat], seat):
            return Tea()
        places = [a for a in legal if isinstance(a, Place)]
        if not places:
            return None  # only Tea was on offer, and it is not worth it now
        return self._place(table, boxes, probs, seat, places)

    def _keep(self, table: Mapping[str, Any], mine: Probs, legal: Sequence[Action]) -> Action:
        def cost(action: Keep) -> float:
            top = table["decks"][action.deck]["top"]["id"]
            return mine[_SEASON[top]]

        keeps = [a for a in legal if isinstance(a, Keep)]
        return min(keeps, key=lambda a: (cost(a), a.deck))

    def _wants_tea(
        self, table: Mapping[str, Any], boxes: list[Box], mine: Probs, seat: int
    ) -> bool:
        box = boxes[seat]
        tops = {d["top"]["id"] for d in table["decks"] if d["top"] is not None}
        base = estimate(box, mine)
        worst = max(
            (estimate({**box, cell: t}, mine) - base for cell in open_cells(box) for t in tops),
            default=0.0,
        )
        if len(box) >= NEARLY_COMPLETE:
            return worst >= TEA_HARM_NEARLY_COMPLETE
        return worst >= TEA_HARM

    def _place(
        self,
        table: Mapping[str, Any],
        boxes: list[Box],
        probs: list[Probs],
        seat: int,
        places: Sequence[Place],
    ) -> Action:
        teams = table["options"]["teams"] if table["options"]["team_battle"] else None
        tops = [None if d["top"] is None else d["top"]["id"] for d in table["decks"]]
        bases = {t: estimate(boxes[t], probs[t]) for t in {a.target for a in places}}
        low = min(bases.values())
        cache: dict[tuple[int, int, int, int], float] = {}
        best: tuple[float, int, Place] | None = None
        for order, action in enumerate(places):
            top = tops[action.deck]
            assert top is not None
            key = (action.target, action.x, action.y, TILES[top])
            delta = cache.get(key)
            if delta is None:
                box = {**boxes[action.target], (action.x, action.y): top}
                delta = estimate(box, probs[action.target]) - bases[action.target]
                cache[key] = delta
            friend = teams is not None and teams[action.target] == teams[seat]
            value = -delta if friend else delta * (
                1 + LEADER_WEIGHT * (low - bases[action.target] + 1)
            )
            if best is None or value > best[0] + 1e-9:
                best = (value, order, action)
        assert best is not None
        return best[2]


class HtpKnowledge(PolicyKnowledge):
    """Search knowledge: Normal plays the rollouts and leads the expansion (a plain start)."""

    policy = NormalBot


class EasyHtpBot(EasyBot):
    """Normal with a random move at a share of its decisions."""

    normal = NormalBot
    mistakes = 0.3


class StrongHtpBot(SearchBot):
    """ISMCTS with Normal as rollout policy."""

    knowledge = HtpKnowledge()
    iterations = 4  # about 0.4 s of CPython CPU a move (measured)
    iterations_per_second = 10.0  # full greedy rollouts: 50-170 ms an iteration; needs a cut-off


register("humble_tea_party", EasyHtpBot)
register("humble_tea_party", NormalBot)
register("humble_tea_party", StrongHtpBot)

__all__ = [
    "EasyHtpBot",
    "HtpKnowledge",
    "NormalBot",
    "StrongHtpBot",
    "estimate",
    "patterns",
    "season_probs",
]
