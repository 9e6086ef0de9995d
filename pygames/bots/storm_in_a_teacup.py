"""Storm in a Teacup bots: a greedy player that reads its own view only.

Serving, it scores every run it may serve: the cards it expects to discard at the tea party
(3 for the winner, 1 for another matching player) against the cards it spends from its hand
(an empty hand costs a round of preparing) and a premium on Lemon, which it keeps for timing.
It wins the party when it can, as cheaply as is safe against the players still to serve (their
hand sizes are public), follows the lead cheaply when it cannot win, and, when it cannot match,
serves one card it needs least. Discarding, it dumps the most it may, Lemon and Milk before Tea
(Tea fits three combinations, Milk two, Lemon's runs are short).

Strong searches (:mod:`pygames.bots.search`) from its view. Each determinization keeps what
the public log fixes (ruling S8: every stock's colours, every prepared hand's colours, the
discards) and deals only the other seats' dealt hands and the undealt box anew. Normal plays the
rollouts, read straight from the rollout's state (:meth:`NormalBot.decide`, the very move it
makes from that seat's view, with no view built: about 15x cheaper; nor a legal list), and a
rollout stops after three rounds, each seat scored by the cards it still holds (at 2 players by
a fitted win chance). In the tree the others' serves are known by their colours only, as the
searching seat sees them (:class:`Reveal`), and every seat discards the most it may.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from ..core import Action, Game, Rng, State
from ..core.contract import ViewJson
from ..storm_in_a_teacup.actions import ColourCounts, Discard, Serve
from ..storm_in_a_teacup.cards import COLOUR_BY_WORD, WINNER_DISCARDS, Colour, counts_of
from ..storm_in_a_teacup.combinations import COMBINATIONS, combination_of
from ..storm_in_a_teacup.game import StormState
from ..storm_in_a_teacup.state import Phase, runs
from . import register
from .base import Bot
from .levels import EasyBot, SearchBot
from .search import Knowledge, Option, search

REFERENCE_PLAYERS = 4  # the table Strong's iteration count is measured at
SPEND = 0.3  # cost of a hand card served without being discarded
LEMON_KEPT = 0.4  # extra cost of serving a Lemon that is not discarded
LATER_THREAT = 0.55  # chance that one later player with enough cards does not beat us
# Discard preference: the colours hardest to play later go first.
DUMP_ORDER = (Colour.LEMON, Colour.MILK, Colour.TEA)


def _p_win(length: int, best: int, later_sizes: Sequence[int]) -> float:
    """Rough chance that a matching run of ``length`` wins, given the best matching run so far
    (ties go to the later reveal) and the hand sizes of the players still to serve."""
    if length < best:
        return 0.0
    threats = sum(1 for n in later_sizes if n >= length)
    return LATER_THREAT**threats


class NormalBot(Bot):
    """Wins tea parties cheaply, follows the lead with little, keeps its Lemon."""

    name = "normal"
    description = "Wins tea parties cheaply, follows the lead with little, keeps its Lemon."

    def choose(
        self, game: Game, view: ViewJson, seat: int, legal: Sequence[Action], rng: Rng
    ) -> Action:
        table = view["table"]
        if table["phase"] == "discard":
            choice = self._discard(table, seat, legal)
        else:
            choice = self._serve(table, seat)
        return choice if choice in legal else legal[0]

    def _serve(self, table: Mapping[str, Any], seat: int) -> Action:
        hand = [int(COLOUR_BY_WORD[w]) for w in table["hand"]]
        players = len(table["hand_sizes"])
        acted = len(table["reveals"])
        later_sizes = [
            table["hand_sizes"][(table["host"] + i) % players] for i in range(acted + 1, players)
        ]
        lead = table["lead"]
        combination = None if lead is None else lead["combination"]
        best = 0
        if combination is not None:
            best = max(len(r["cards"]) for r in table["reveals"] if r["combination"] == combination)
        return serve_choice(hand, combination, best, later_sizes)

    def _discard(self, table: Mapping[str, Any], seat: int, legal: Sequence[Action]) -> Action:
        def key(action: Action) -> tuple[int, ...]:
            assert isinstance(action, Discard)
            counts = action.counts
            return (sum(counts), *(counts[c] for c in DUMP_ORDER))

        return max(legal, key=key)

    def decide(self, state: StormState, seat: int) -> Action:
        """The same choice as :meth:`choose`, read from a full state without building a view
        (for rollouts: it reads only what ``seat``'s view shows)."""
        if state.phase is Phase.DISCARD:
            assert state.party is not None
            return dump(counts_of(state.revealed_by(seat)), state.party.allowed[seat])
        players = state.players
        sizes = state.hand_sizes()
        acted = len(state.reveals)
        later_sizes = [sizes[(state.host + i) % players] for i in range(acted + 1, players)]
        combination = None if state.lead is None else state.lead[1]
        best = 0
        if combination is not None:
            best = max(len(r.cards) for r in state.reveals if r.combination == combination)
        return serve_choice(state.hand_colours(seat), combination, best, later_sizes)


def serve_choice(
    hand: Sequence[int], lead: str | None, best: int, later_sizes: Sequence[int]
) -> Serve:
    """Normal's serve from its hand's colours, the lead's combination (``None``: it leads),
    the longest matching run so far and the hand sizes of the players still to serve.

    Each run is worth the cards it expects to discard, less :data:`SPEND` per card kept and
    :data:`LEMON_KEPT` per Lemon kept; the best run wins, the earliest and then the longest on
    a tie. One pass finds the runs and scores them (rollouts call this at every serve)."""
    n = len(hand)
    # The chance to win with a run of each length (:func:`_p_win` without the ``best`` test).
    p_by_length = [LATER_THREAT ** sum(1 for m in later_sizes if m >= k) for k in range(n + 1)]
    top: tuple[float, int, int] = (-math.inf, 0, 0)
    ids = _COMBINATION_IDS
    for start in range(n):
        code = 0  # the run's colour counts packed in one int, as the key of ``ids``
        lemons = 0
        present = 0
        for end in range(start, n):
            colour = hand[end]
            code += _CODE_WEIGHT[colour]
            present |= 1 << colour
            if not _POSSIBLE_MASK[present]:
                break
            if colour == Colour.LEMON:
                lemons += 1
            combination = ids.get(code, _UNKNOWN)
            if combination is _UNKNOWN:
                combination = _combination_id(code)
            if combination is None:
                continue
            length = end - start + 1
            if lead is None or combination == lead:
                p = p_by_length[length] if length >= best else 0.0
                discards = p * min(WINNER_DISCARDS, length) + (1 - p) * 1
            else:
                discards = 0.0
            kept = length - discards
            value = discards - SPEND * kept - LEMON_KEPT * lemons * (kept / length)
            if length == n:
                value -= 0.5  # an empty hand means preparing next round instead of serving
            if discards == 0.0 and length == 1:
                value += 0.05 * _merges(hand, start)
            scored = (value, -start, length)
            if scored > top:
                top = scored
    return Serve(-top[1], top[2])


# _POSSIBLE_MASK[mask]: some combination may hold exactly the colours in the bit mask (a run
# that holds others can only be cut, never extended into a combination).
_POSSIBLE_MASK = tuple(
    any(mask & ~sum(1 << k for k in c.colours) == 0 for c in COMBINATIONS) for mask in range(8)
)
_CODE_BITS = 8  # a run holds at most 120 cards of a colour
_CODE_WEIGHT = (1 << 2 * _CODE_BITS, 1 << _CODE_BITS, 1)  # Tea, Milk, Lemon
_COMBINATION_IDS: dict[int, str | None] = {}
_UNKNOWN = "?"  # not yet in _COMBINATION_IDS


def _combination_id(code: int) -> str | None:
    """The id of the combination of the colour counts packed in ``code``, or ``None``
    (remembered in :data:`_COMBINATION_IDS`)."""
    mask = (1 << _CODE_BITS) - 1
    counts = [code >> 2 * _CODE_BITS, (code >> _CODE_BITS) & mask, code & mask]
    found = combination_of(counts)
    _COMBINATION_IDS[code] = None if found is None else found.id
    return _COMBINATION_IDS[code]


def _merges(hand: Sequence[int], start: int) -> int:
    """Whether taking the card at ``start`` joins two neighbours of one colour."""
    return int(0 < start < len(hand) - 1 and hand[start - 1] == hand[start + 1])


def dump(have: Sequence[int], allowed: int) -> Discard:
    """Normal's discard: the most it may, Lemon then Milk before Tea (:data:`DUMP_ORDER`)."""
    out = [0, 0, 0]
    left = allowed
    for colour in DUMP_ORDER:
        out[colour] = min(have[colour], left)
        left -= out[colour]
    return Discard(*out)


@dataclass(frozen=True)
class Reveal(ColourCounts):
    """Another seat's serve as the searching seat sees it (never played as such): the colour
    counts of the run, not where it lay in a hand whose order the searcher does not know."""

    kind = "reveal"


@lru_cache(maxsize=512)
def _reveals(colours: tuple[int, ...]) -> dict[Reveal, tuple[int, ...]]:
    """Every serve of a hand with these colours as others see it, with the starts of the runs
    that make it (pure in the colours; the tree asks again at every visit)."""
    out: dict[Reveal, list[int]] = {}
    for start, length, _ in runs(list(colours)):
        reveal = Reveal(*_counts(colours[start : start + length]))
        out.setdefault(reveal, []).append(start)
    return {r: tuple(starts) for r, starts in out.items()}


# The cut-off value at 2 players: a logistic fit (3000 games of Normal against Normal, each
# round's start against who won) of a seat's score, the other's subtracted. Cards count less
# the more are left (a log), cards still in hand cost less than in the stock (a stock must be
# prepared, a lost round), and hosting costs a little (the later reveal wins a tie).
FIT_LOG_CARDS = -1.652
FIT_CARDS = -0.12
FIT_HAND = 0.131
FIT_HOST = -0.083


class StormKnowledge(Knowledge):
    """Search knowledge: Normal plays the rollouts straight from the state (no views built)
    and leads the expansion; a rollout stops after ``horizon`` rounds and scores each seat by
    the cards it still holds (at 2 players the fitted win chance of :func:`duel_value`; at
    more, hand and stock: ``exp(-cards / scale)``, shared to sum 1).

    The tree sees the others' serves as the searcher does, by their colours (:class:`Reveal`):
    a ``Serve(start, length)`` of a sampled hand means other cards in every sample, so the
    others' nodes would mix unrelated moves. After a tea party every seat discards the most it
    may (the tree does not weigh keeping a card, never better: it must be shed later)."""

    determinizations = 8
    exploration = 0.7
    bias = 0.5
    horizon = 3
    scale = 3.0

    def __init__(self) -> None:
        self._normal = NormalBot()
        self._seat = -1

    def sample(self, game: Game, view: Mapping[str, object], seat: int, rng: Rng) -> State:
        self._seat = seat  # the searching seat: its own serves stay as they are
        return game.state_from_view(view, seat, rng)

    def decisions(self, state: State, seat: int, options: Sequence[Option]) -> Sequence[Option]:
        assert isinstance(state, StormState)
        if state.phase is Phase.DISCARD:
            most = max(sum(o.counts) for o in options if isinstance(o, Discard))
            return [o for o in options if isinstance(o, Discard) and sum(o.counts) == most]
        if seat == self._seat:
            return options
        return list(_reveals(tuple(state.hand_colours(seat))))

    def play(self, state: State, seat: int, action: Action) -> None:
        if not isinstance(action, Reveal):
            state.apply(seat, action)
            return
        assert isinstance(state, StormState)
        found = _reveals(tuple(state.hand_colours(seat)))[action]
        # Which of the runs with these colours: any (the searcher cannot tell them apart).
        state.apply(seat, Serve(found[state.rng.randbelow(len(found))], sum(action.counts)))

    def rollout(
        self, state: State, seat: int, legal: Sequence[Action], optional: bool, rng: Rng
    ) -> Option:
        assert isinstance(state, StormState)
        return self._normal.decide(state, seat)

    def rollout_step(self, state: State, rng: Rng) -> bool:
        # Normal needs no legal list and picks only legal moves; Storm has no optional moves.
        assert isinstance(state, StormState)
        seat = state.turn
        assert seat is not None
        state.apply_trusted(seat, self._normal.decide(state, seat))
        return True

    def evaluate(self, state: State, turns: int) -> list[float] | None:
        assert isinstance(state, StormState)
        if turns < self.horizon or state.phase is not Phase.SERVING:
            return None
        if state.players == 2:
            return duel_value(state)
        weights = [math.exp(-n / self.scale) for n in state.cards_left()]
        total = sum(weights)
        return [w / total for w in weights]

    def prior(self, state: State, seat: int, options: Sequence[Option]) -> Sequence[float]:
        assert isinstance(state, StormState)
        choice = self._normal.decide(state, seat)
        if options and isinstance(options[0], Reveal) and isinstance(choice, Serve):
            hand = state.hand_colours(seat)
            key = Reveal(*_counts(hand[choice.start : choice.start + choice.length]))
            return [1.0 if o == key else 0.0 for o in options]
        return [1.0 if o == choice else 0.0 for o in options]


def duel_value(state: StormState) -> list[float]:
    """The two seats' chances to win from here, as the fit (:data:`FIT_LOG_CARDS` ...) has
    them for Normal against Normal at the start of a round."""
    left = state.cards_left()
    hands = state.hand_sizes()
    score = [
        FIT_LOG_CARDS * math.log(left[s] + 1)
        + FIT_CARDS * left[s]
        + FIT_HAND * hands[s]
        + (FIT_HOST if s == state.host else 0.0)
        for s in range(2)
    ]
    p = 1.0 / (1.0 + math.exp(score[1] - score[0]))
    return [p, 1.0 - p]


def _counts(colours: Sequence[int]) -> list[int]:
    """Colour counts of a run given by its colours."""
    out = [0, 0, 0]
    for c in colours:
        out[c] += 1
    return out


class EasyStormBot(EasyBot):
    """Normal with a random move at a share of its decisions."""

    normal = NormalBot
    mistakes = 0.3


class StrongStormBot(SearchBot):
    """ISMCTS with Normal's rollouts cut off after three rounds.

    ``iterations`` is the count at 4 players; an iteration's rounds cost about in proportion to
    the players, so the count scales by ``4 / players`` and a move takes about the same time at
    any table (measured in the arena, on a shared machine: 0.29 s a move at 4 players, 280
    iterations; 0.33 s at 2 players, 560).
    """

    knowledge = StormKnowledge()
    iterations = 280  # about 0.3 s of CPython CPU a move at 4 players (measured)
    iterations_per_second = 900.0

    def iterations_for(self, players: int) -> int:
        """The iterations a move at a table of ``players``."""
        return max(1, round(self.iterations * REFERENCE_PLAYERS / players))

    def choose(
        self, game: Game, view: ViewJson, seat: int, legal: Sequence[Action], rng: Rng
    ) -> Action | None:
        iterations = self.iterations_for(int(view["players"]))
        return search(game, view, seat, legal, rng, self.knowledge, iterations)


register("storm_in_a_teacup", EasyStormBot)
register("storm_in_a_teacup", NormalBot)
register("storm_in_a_teacup", StrongStormBot)

__all__ = [
    "EasyStormBot",
    "NormalBot",
    "Reveal",
    "StormKnowledge",
    "StrongStormBot",
    "duel_value",
    "serve_choice",
]
