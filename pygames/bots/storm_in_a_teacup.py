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
makes from that seat's view, with no view built: about 15x cheaper), and a rollout stops after
three rounds, each seat scored by the cards it still holds.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from ..core import Action, Game, JsonDict, Rng, State
from ..storm_in_a_teacup.actions import Discard, Serve
from ..storm_in_a_teacup.cards import COLOUR_BY_WORD, WINNER_DISCARDS, Colour, counts_of
from ..storm_in_a_teacup.state import Phase, StormState, runs
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
        self, game: Game, view: JsonDict, seat: int, legal: Sequence[Action], rng: Rng
    ) -> Action:
        table = view["table"]
        if table["phase"] == "discard":
            choice = self._discard(table, seat, legal)
        else:
            choice = self._serve(table, seat)
        return choice if choice in legal else legal[0]

    def _serve(self, table: JsonDict, seat: int) -> Action:
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

    def _discard(self, table: JsonDict, seat: int, legal: Sequence[Action]) -> Action:
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
    the longest matching run so far and the hand sizes of the players still to serve."""
    hand = list(hand)
    scored: list[tuple[float, int, int]] = []
    for start, length, combination in runs(hand):
        lemons = hand[start : start + length].count(Colour.LEMON)
        if lead is None or combination.id == lead:
            p = _p_win(length, best, later_sizes)
            discards = p * min(WINNER_DISCARDS, length) + (1 - p) * 1
        else:
            discards = 0.0
        kept = length - discards
        value = discards - SPEND * kept - LEMON_KEPT * lemons * (kept / length)
        if length == len(hand):
            value -= 0.5  # an empty hand means preparing next round instead of serving
        if discards == 0.0 and length == 1:
            value += 0.05 * _merges(hand, start)
        scored.append((value, -start, length))
    _, neg_start, length = max(scored)
    return Serve(-neg_start, length)


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


class StormKnowledge(Knowledge):
    """Search knowledge: Normal plays the rollouts straight from the state (no views built)
    and leads the expansion; a rollout stops after ``horizon`` rounds and scores each seat by
    the cards it still holds (hand and stock: ``exp(-cards / scale)``, shared to sum 1)."""

    determinizations = 8
    exploration = 0.7
    bias = 0.5
    horizon = 3
    scale = 3.0

    def __init__(self) -> None:
        self._normal = NormalBot()

    def rollout(
        self, state: State, seat: int, legal: Sequence[Action], optional: bool, rng: Rng
    ) -> Option:
        assert isinstance(state, StormState)
        return self._normal.decide(state, seat)

    def evaluate(self, state: State, turns: int) -> list[float] | None:
        assert isinstance(state, StormState)
        if turns < self.horizon or state.phase is not Phase.SERVING:
            return None
        weights = [math.exp(-n / self.scale) for n in state.cards_left()]
        total = sum(weights)
        return [w / total for w in weights]

    def prior(self, state: State, seat: int, options: Sequence[Option]) -> Sequence[float]:
        assert isinstance(state, StormState)
        choice = self._normal.decide(state, seat)
        return [1.0 if o == choice else 0.0 for o in options]


class EasyStormBot(EasyBot):
    """Normal with a random move at a share of its decisions."""

    normal = NormalBot
    mistakes = 0.3


class StrongStormBot(SearchBot):
    """ISMCTS with Normal's rollouts cut off after three rounds.

    ``iterations`` is the count at 4 players; an iteration's rounds cost about in proportion to
    the players (measured: about 1480 a second at 2 players, 690 at 4), so the count scales by
    ``4 / players`` and a move takes about the same time at any table.
    """

    knowledge = StormKnowledge()
    iterations = 280  # about 0.4 s of CPython CPU a move at 4 players (measured)
    iterations_per_second = 700.0

    def iterations_for(self, players: int) -> int:
        """The iterations a move at a table of ``players``."""
        return max(1, round(self.iterations * REFERENCE_PLAYERS / players))

    def choose(
        self, game: Game, view: JsonDict, seat: int, legal: Sequence[Action], rng: Rng
    ) -> Action | None:
        iterations = self.iterations_for(int(view["players"]))
        return search(game, view, seat, legal, rng, self.knowledge, iterations)


register("storm_in_a_teacup", EasyStormBot)
register("storm_in_a_teacup", NormalBot)
register("storm_in_a_teacup", StrongStormBot)

__all__ = ["EasyStormBot", "NormalBot", "StormKnowledge", "StrongStormBot"]
