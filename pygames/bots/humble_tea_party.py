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

Strong (:class:`StrongHtpBot`) looks two rounds ahead instead of one placement. Its candidates
are, for each deck and rival, the cell where that sweet hurts that rival most, and Tea when a
sweet on offer threatens its own box. Each candidate is played on the same few
determinizations of its own view (the unknown seasons drawn from a posterior that weighs each
player's Phase 1 keep: a player rarely keeps a sweet of their own season), the others
answering as Normal until its second turn from now; the position is then scored by each
box's chance to end lowest (estimate plus the points its empty cells still cost, with a spread
that shrinks as it fills; an unspent Tea counts for its owner). The budget is a number of
simulations, so a move is reproducible from the generator it is given.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Mapping, Sequence
from functools import lru_cache
from itertools import permutations
from math import factorial
from typing import Any

from ..core import Action, Game, Rng
from ..core.contract import ViewJson
from ..humble_tea_party.actions import Keep, Place, Tea
from ..humble_tea_party.game import HtpState
from ..humble_tea_party.oribako import FULL, Box, bounds, is_complete, open_cells
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


@lru_cache(maxsize=1 << 12)
def _square(tiles: tuple[int | None, ...]) -> float:
    """Expected Four Seasons of one 2 x 2 square (of sweet types)."""
    seasons = [_TYPE_SEASON[t] for t in tiles if t is not None]
    if len(set(seasons)) != len(seasons):
        return 0.0
    empty = 4 - len(seasons)
    return factorial(empty) / 4.0**empty


def patterns(box: Mapping[tuple[int, int], int]) -> float:
    """Expected hands #1-#4 of an Oribako, averaged over the 3 x 3 frames it could end in."""
    x0, y0, _, _ = bounds(box)
    shape = tuple(sorted((x - x0, y - y0, TILES[t]) for (x, y), t in box.items()))
    return _patterns(shape)


@lru_cache(maxsize=1 << 17)
def _patterns(shape: tuple[tuple[int, int, int], ...]) -> float:
    """:func:`patterns` of a box given as its cells (from its top-left corner) and sweet
    types: it depends on nothing else, and searches meet the same boxes again and again."""
    types = {(x, y): t for x, y, t in shape}
    x1 = max(x for x, _, _ in shape)
    y1 = max(y for _, y, _ in shape)
    total = 0.0
    frames = 0
    for ox in range(x1 - 2, 1):
        for oy in range(y1 - 2, 1):
            grid = [[types.get((ox + c, oy + r)) for c in range(3)] for r in range(3)]
            for line in LINES:
                total += _line(tuple([grid[r][c] for r, c in line]))
            for sq in SQUARES:
                total += _square(tuple([grid[r][c] for r, c in sq]))
            frames += 1
    return total / frames


_BOXES: dict[frozenset[tuple[tuple[int, int], int]], float] = {}  # box -> #1-#4 and #6
_BOXES_MAX = 1 << 17


def hands_expected(box: Mapping[tuple[int, int], int]) -> float:
    """Hands #1-#4 expected and #6 exact: the part of :func:`estimate` that does not depend
    on the owner's season (remembered: searches meet the same boxes again and again)."""
    key = frozenset(box.items())
    rest = _BOXES.get(key)
    if rest is None:
        tiles = list(box.values())
        duplicated = sum(k - 1 for k in Counter(TILES[t] for t in tiles).values() if k > 1)
        rest = patterns(box) - 2 * duplicated
        if len(_BOXES) >= _BOXES_MAX:
            _BOXES.clear()
        _BOXES[key] = rest
    return rest


def favourite_expected(box: Mapping[tuple[int, int], int], probs: Probs) -> float:
    """Hand #5 expected: each sweet counts its season's chance of being the owner's."""
    return sum(probs[_SEASON[t]] for t in box.values())


def estimate(box: Mapping[tuple[int, int], int], probs: Probs) -> float:
    """The score an Oribako is heading for: hands #1-#4 expected, #5 expected, #6 exact."""
    return hands_expected(box) + favourite_expected(box, probs)


_GROWN: dict[tuple[frozenset[tuple[tuple[int, int], int]], tuple[int, int], int], float] = {}


class Growth:
    """How much one more sweet raises a box's :func:`estimate`: only the new sweet's season
    changes hand #5, and the rest is remembered by the box, the cell and the sweet's type (a
    search asks this of the same boxes many thousand times)."""

    def __init__(self, box: Mapping[tuple[int, int], int]) -> None:
        self.box = box
        self.key = frozenset(box.items())
        self.rest = hands_expected(box)

    def of(self, cell: tuple[int, int], tile: int, probs: Probs) -> float:
        """The rise of the estimate with sweet ``tile`` in ``cell``, for the owner's ``probs``."""
        key = (self.key, cell, TILES[tile])
        grown = _GROWN.get(key)
        if grown is None:
            grown = hands_expected({**self.box, cell: tile}) - self.rest
            if len(_GROWN) >= _BOXES_MAX:
                _GROWN.clear()
            _GROWN[key] = grown
        return grown + probs[_SEASON[tile]]


def season_probs(table: Mapping[str, Any], players: int) -> list[Probs]:
    """Each seat's chance of each favourite season, from what this seat sees."""
    known = [box["season"] for box in table["oribako"]]
    return spread_probs(known, table["undealt_cards"], players)


def spread_probs(known: Sequence[str | None], undealt: Sequence[str], players: int) -> list[Probs]:
    """Each seat's chance of each season: one for a known season (``known[seat]``), else
    spread over the cards neither undealt nor known."""
    pool = Counter(player_cards(players))
    pool.subtract(undealt)
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
        self, game: Game, view: ViewJson, seat: int, legal: Sequence[Action], rng: Rng
    ) -> Action | None:
        table = view["table"]
        players = int(view["players"])
        probs = season_probs(table, players)
        boxes = boxes_of(table)
        if any(isinstance(a, Keep) for a in legal):
            return self._keep(table, probs[seat], legal)
        tops = [None if d["top"] is None else d["top"]["id"] for d in table["decks"]]
        if Tea() in legal and wants_tea(tops, boxes[seat], probs[seat]):
            return Tea()
        places = [a for a in legal if isinstance(a, Place)]
        if not places:
            return None  # only Tea was on offer, and it is not worth it now
        teams = table["options"]["teams"] if table["options"]["team_battle"] else None
        return greedy_place(tops, boxes, probs, teams, seat, places)

    def _keep(self, table: Mapping[str, Any], mine: Probs, legal: Sequence[Action]) -> Action:
        def cost(action: Keep) -> float:
            top = table["decks"][action.deck]["top"]["id"]
            return mine[_SEASON[top]]

        keeps = [a for a in legal if isinstance(a, Keep)]
        return min(keeps, key=lambda a: (cost(a), a.deck))


def tea_threat(tops: Sequence[int | None], box: Box, mine: Probs) -> float:
    """How much the worst sweet on offer could raise our own estimate."""
    growth = Growth(box)
    offered = {t for t in tops if t is not None}
    return max((growth.of(cell, t, mine) for cell in open_cells(box) for t in offered), default=0.0)


def wants_tea(tops: Sequence[int | None], box: Box, mine: Probs) -> bool:
    """Normal's Tea: the worst sweet on offer is a real threat to our own box."""
    worst = tea_threat(tops, box, mine)
    if len(box) >= NEARLY_COMPLETE:
        return worst >= TEA_HARM_NEARLY_COMPLETE
    return worst >= TEA_HARM


def place_values(
    tops: Sequence[int | None],
    boxes: Sequence[Box],
    probs: Sequence[Probs],
    teams: Sequence[int] | None,
    seat: int,
    places: Sequence[Place],
) -> list[float]:
    """Normal's value of each placement: what it adds to the target's estimate (taken off
    for a teammate), leaning towards the players now best placed to win."""
    targets = {a.target for a in places}
    growths = {t: Growth(boxes[t]) for t in targets}
    bases = {t: growths[t].rest + favourite_expected(boxes[t], probs[t]) for t in targets}
    low = min(bases.values())
    cache: dict[tuple[int, int, int, int], float] = {}
    out: list[float] = []
    for action in places:
        top = tops[action.deck]
        assert top is not None
        key = (action.target, action.x, action.y, TILES[top])
        delta = cache.get(key)
        if delta is None:
            delta = growths[action.target].of((action.x, action.y), top, probs[action.target])
            cache[key] = delta
        friend = teams is not None and teams[action.target] == teams[seat]
        out.append(
            -delta if friend else delta * (1 + LEADER_WEIGHT * (low - bases[action.target] + 1))
        )
    return out


def greedy_place(
    tops: Sequence[int | None],
    boxes: Sequence[Box],
    probs: Sequence[Probs],
    teams: Sequence[int] | None,
    seat: int,
    places: Sequence[Place],
) -> Place:
    """Normal's placement: the highest value, the first listed on a tie."""
    values = place_values(tops, boxes, probs, teams, seat, places)
    best = 0
    for i, v in enumerate(values):
        if v > values[best] + 1e-9:
            best = i
    return places[best]


class HtpKnowledge(PolicyKnowledge):
    """Search knowledge for the generic search: Normal plays the rollouts (a plain start;
    Strong uses :class:`Lookahead` instead)."""

    policy = NormalBot


# --- Strong: a one-ply search over this seat's decision, the others answering as Normal ---

FUTURE_PER_CELL = 0.65  # points an empty cell still costs its owner, on top of the estimate
SPREAD_BASE = 0.35  # the final score's spread around that: base + per sqrt(empty cells)
SPREAD_PER_ROOT = 0.5
TEA_GATE = 0.75  # below this threat Tea is not even weighed (it would only waste the token)
TEA_WORTH = 0.5  # points an unspent Tea is worth while TEA_WORTH_CELLS cells are empty
TEA_WORTH_CELLS = 3
REFERENCE_RIVALS = 3  # the budget's simulations are counted at four players
# Rounds played after the decision before the static evaluation. Two rounds won 51.2-51.5 % of
# 200 games against Normal on the tuning seeds 93000-93199 where one round won 48.5 % (at 100
# simulations and at 200); the evaluation is static, and a second round lets it see what the
# rivals' next placements make of the first.
HORIZON = 2
_SQRT2 = math.sqrt(2.0)


def view_probs(state: HtpState, seat: int) -> list[Probs]:
    """Season chances as ``seat`` knows them in ``state`` (its own, the revealed, spread)."""
    known = [
        state.seasons[s] if s == seat or is_complete(state.boxes[s]) else None
        for s in range(state.players)
    ]
    return spread_probs(known, state.undealt, state.players)


KEPT_OWN_SEASON = 0.1  # how much less likely a player kept a sweet of their own season


@lru_cache(maxsize=1 << 10)
def season_posterior(
    known: tuple[str | None, ...], undealt: tuple[str, ...], kept: tuple[str | None, ...]
) -> tuple[tuple[tuple[str, ...], float], ...]:
    """Every way to deal the hidden player cards to the seats whose season is unknown, with
    its probability: a player who kept a sweet of some season in Phase 1 (``kept[seat]``)
    rarely loves that season, since keeping it costs them a point (rulings H7, H12 #5).
    Returns (the seasons of all seats, probability) pairs."""
    players = len(known)
    pool = Counter(player_cards(players))
    pool.subtract(undealt)
    pool.subtract(s for s in known if s is not None)
    hidden = sorted(pool.elements())
    unknown = [i for i, s in enumerate(known) if s is None]
    deals: dict[tuple[str, ...], float] = {}
    for order in set(permutations(hidden, len(unknown))):
        seasons = list(known)
        weight = 1.0
        for i, season in zip(unknown, order, strict=True):
            seasons[i] = season
            if kept[i] == season:
                weight *= KEPT_OWN_SEASON
        deals[tuple(str(x) for x in seasons)] = weight
    total = sum(deals.values())
    return tuple((deal, w / total) for deal, w in sorted(deals.items()))


def posterior_of(state: HtpState, seat: int) -> tuple[tuple[tuple[str, ...], float], ...]:
    """:func:`season_posterior` for what ``seat`` knows in ``state``."""
    known = tuple(
        state.seasons[s] if s == seat or is_complete(state.boxes[s]) else None
        for s in range(state.players)
    )
    kept = tuple(TILE_SEASON[box[(0, 0)]].value if (0, 0) in box else None for box in state.boxes)
    return season_posterior(known, tuple(sorted(state.undealt)), kept)


def posterior_probs(state: HtpState, seat: int) -> list[Probs]:
    """Each seat's season chances by :func:`posterior_of`."""
    out = [[0.0] * 4 for _ in range(state.players)]
    for deal, weight in posterior_of(state, seat):
        for s, season in enumerate(deal):
            out[s][SEASON_INDEX[season]] += weight
    return [(p[0], p[1], p[2], p[3]) for p in out]


def draw_seasons(state: HtpState, seat: int, rng: Rng) -> None:
    """Deal ``state``'s unknown seasons afresh by :func:`posterior_of` (a determinization
    that weighs the Phase 1 keeps; the public and known cards stay as they are)."""
    deals = posterior_of(state, seat)
    r = rng.randbelow(1 << 30) / float(1 << 30)
    pick = len(deals) - 1
    for i, (_, weight) in enumerate(deals):
        r -= weight
        if r < 0:
            pick = i
            break
    state.seasons = list(deals[pick][0])


def expected_finals(state: HtpState) -> list[tuple[float, float]]:
    """Each seat's final score as a mean and a spread, its season as ``state`` has it."""
    out = []
    for s, box in enumerate(state.boxes):
        one = [0.0] * 4
        one[SEASON_INDEX[state.seasons[s]]] = 1.0
        empty = FULL - len(box)
        mean = estimate(box, (one[0], one[1], one[2], one[3])) + FUTURE_PER_CELL * empty
        if empty >= TEA_WORTH_CELLS and s not in state.tea_spent and state.tea_holder != s:
            mean -= TEA_WORTH  # Tea still in hand will turn a costly sweet away later
        out.append((mean, SPREAD_BASE + SPREAD_PER_ROOT * math.sqrt(empty)))
    return out


def _below(a: tuple[float, float], b: tuple[float, float]) -> float:
    """The chance that a score like ``a`` ends below one like ``b`` (normal laws)."""
    sd = math.sqrt(a[1] * a[1] + b[1] * b[1])
    return 0.5 * (1.0 + math.erf((b[0] - a[0]) / (sd * _SQRT2)))


def win_chances(state: HtpState) -> list[float]:
    """Each seat's chance to win from here by the static evaluation (teams: its team's)."""
    finals = expected_finals(state)
    if state.team_battle and state.teams is not None:
        teams = state.teams
        sums: list[tuple[float, float]] = []
        for team in (0, 1):
            members = [finals[s] for s in range(state.players) if teams[s] == team]
            sums.append((sum(m[0] for m in members), math.sqrt(sum(m[1] * m[1] for m in members))))
        first = _below(sums[0], sums[1])
        return [first if teams[s] == 0 else 1.0 - first for s in range(state.players)]
    out = []
    for s, mine in enumerate(finals):
        p = 1.0
        for t, other in enumerate(finals):
            if t != s:
                p *= _below(mine, other)
        out.append(p)
    return out


def normal_move(state: HtpState, seat: int) -> Action | None:
    """Normal's choice for ``seat`` read straight from a state (no view is built): Tea when
    it is a threat, else its placement as the active player; ``None`` declines."""
    probs = view_probs(state, seat)
    tops = state.tops()
    if state.may_take_tea(seat) and wants_tea(tops, state.boxes[seat], probs[seat]):
        return Tea()
    if seat != state.turn:
        return None
    places = state.placements(seat)
    teams = state.teams if state.team_battle else None
    return greedy_place(tops, state.boxes, probs, teams, seat, places)


def play_round(state: HtpState, seat: int, rounds: int) -> None:
    """Play on as Normal for everyone until ``seat``'s turn has begun ``rounds`` more times
    (or the game ends)."""
    mine = 0
    last_turn = state.turns
    while not state.is_over():
        if state.turns != last_turn:
            last_turn = state.turns
            if state.turn == seat:
                mine += 1
                if mine >= rounds:
                    return
        acted = False
        for s in state.actors():
            if s == state.turn:
                continue
            if state.may_take_tea(s) and normal_move(state, s) is not None:
                state.apply_trusted(s, Tea())
                acted = True
                break
        if acted:
            continue
        action = normal_move(state, state.turn)
        if action is None:  # pragma: no cover - the active player has a placement
            return
        state.apply_trusted(state.turn, action)


Candidate = tuple[Action, ...]  # this seat's actions, applied in order


class Lookahead:
    """One decision of Strong: candidates, each played on a few determinizations (the same
    ones, with the same chance, for every candidate) and valued by the static evaluation."""

    def __init__(self, game: Game, view: ViewJson, seat: int, rng: Rng) -> None:
        self.game = game
        self.view = view
        self.seat = seat
        self.rng = rng

    def best(self, candidates: Sequence[Candidate], simulations: int) -> Candidate:
        if len(candidates) == 1:
            return candidates[0]
        # A simulation costs about one decision a rival: the same budget at any table size.
        per_table = simulations * REFERENCE_RIVALS // max(1, self.view["players"] - 1)
        rounds = max(1, per_table // len(candidates))
        totals = [0.0] * len(candidates)
        for _ in range(rounds):
            base = self.game.state_from_view(self.view, self.seat, self.rng)
            assert isinstance(base, HtpState)
            base.log = []
            draw_seasons(base, self.seat, self.rng)
            chance = self.rng.next_u64()
            for i, candidate in enumerate(candidates):
                state = base.clone()
                state.rng = Rng(chance)
                for action in candidate:
                    if state.is_over():
                        break
                    if isinstance(action, Place) and state.turn != self.seat:
                        break  # Tea made the placement pass (nothing could be placed)
                    state.apply_trusted(self.seat, action)
                play_round(state, self.seat, HORIZON)
                totals[i] += win_chances(state)[self.seat]
        best = 0
        for i, total in enumerate(totals):
            if total > totals[best] + 1e-9:
                best = i
        return candidates[best]


def placement_candidates(state: HtpState, seat: int) -> list[Place]:
    """For each deck and target, the cell where that sweet hurts the target most (Normal's
    value): the placements worth comparing by lookahead."""
    places = state.placements(seat)
    if not places:
        return []
    probs = posterior_probs(state, seat)
    teams = state.teams if state.team_battle else None
    values = place_values(state.tops(), state.boxes, probs, teams, seat, places)
    best: dict[tuple[int, int], tuple[float, Place]] = {}
    for value, action in zip(values, places, strict=True):
        key = (action.deck, action.target)
        if key not in best or value > best[key][0] + 1e-9:
            best[key] = (value, action)
    return [a for _, a in sorted(best.values(), key=lambda va: -va[0])]


class EasyHtpBot(EasyBot):
    """Normal with a random move at a share of its decisions."""

    normal = NormalBot
    mistakes = 0.3


class StrongHtpBot(SearchBot):
    """Looks two rounds ahead: each sensible placement (and Tea) is played on determinizations
    of its own view, the others answering as Normal, and scored by each box's expected final
    score; it takes the move that most raises its chance to end lowest."""

    knowledge = HtpKnowledge()
    # Simulations a move (a candidate on one determinization, played HORIZON rounds on;
    # counted at four players, scaled to the table): 0.38 s of CPython CPU a placement on
    # average and 0.83 s at most (70 searched placements at four players, seeds 64000-64007;
    # one round at 200 simulations took 0.26 and 0.52 s there).
    iterations = 100
    iterations_per_second = 267.0

    #: Determinizations a review's evaluation of a position averages.
    review_samples = 24

    def evaluate(self, game: Game, view: ViewJson, seat: int, rng: Rng) -> float:
        """``seat``'s chance to win from its ``view``: the static evaluation Strong's lookahead
        ends on (each box's expected final score), averaged over determinizations of the
        secret seasons."""
        total = 0.0
        for _ in range(self.review_samples):
            state = game.state_from_view(view, seat, rng)
            assert isinstance(state, HtpState)
            if not all(state.boxes):  # Phase 1, before every box has its first sweet: even
                return 1.0 / state.players
            draw_seasons(state, seat, rng)
            total += win_chances(state)[seat]
        return total / self.review_samples

    def choose(
        self, game: Game, view: ViewJson, seat: int, legal: Sequence[Action], rng: Rng
    ) -> Action | None:
        if any(isinstance(a, Keep) for a in legal):
            return NormalBot().choose(game, view, seat, legal, rng)
        state = game.state_from_view(view, seat, Rng(0))
        assert isinstance(state, HtpState)
        look = Lookahead(game, view, seat, rng)
        tea = Tea() in legal
        if tea:
            mine = view_probs(state, seat)[seat]
            if tea_threat(state.tops(), state.boxes[seat], mine) < TEA_GATE:
                tea = False
        if seat != state.turn:  # only Tea is on offer: take it or not
            if not tea:
                return None
            choice = look.best([(Tea(),), ()], self.iterations)
            return choice[0] if choice else None
        places = placement_candidates(state, seat)
        candidates: list[Candidate] = [(a,) for a in places]
        if tea:
            shielded = state.clone()
            shielded.apply_trusted(seat, Tea())
            after = placement_candidates(shielded, seat)
            candidates.append((Tea(), *after[:1]))
        choice = look.best(candidates, self.iterations)
        return choice[0]


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
