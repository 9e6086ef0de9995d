"""Tanbo bots at every level: Easy, Normal (the greedy planner) and Strong (search).

Strong is ISMCTS (:mod:`pygames.bots.search`) with Tanbo knowledge: the whole position is
public (ruling T8), so one determinization suffices and only the order of bag draws changes
from one iteration to the next. Rollouts follow the Normal planner with smaller limits, one
plan per movement (Normal replans at every token), the opponent swapping at random; after two
turns a rollout stops and the score difference, with the Rice waiting on each field and the
planner's value of each seat's next movement at fractions of their points, gives each seat its
chance (a logistic). The Normal bot's choice leads the expansion (progressive bias).
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from ..core import Action, Rng, State
from ..tanbo.actions import Place
from ..tanbo.state import Phase, TanboState
from ..tanbo.tokens import TOKEN_WORDS, points
from . import register
from .levels import EasyBot, SearchBot
from .search import Knowledge, Option
from .tanbo_planner import ROLLOUT_LIMITS, NormalBot, Ring, next_movement, plan_movement

HORIZON = 2  # turns a rollout plays before it is scored

ROLLOUT_CHAIN = 1  # ... and the Big Movement replays it looks at
SCALE = 5.0  # points of difference that make a win about 73 % likely (a logistic)
FIELD = 0.2  # share of its points a Rice on one's own field counts
AHEAD = 0.5  # share of the planner's value of each seat's next movement that counts


def _next(plan: Ring) -> int:
    first = plan[0]
    return next(t for t in range(5) if first[t])


def _after(plan: Ring, token: int) -> Ring:
    """The plan from the next paddy on, once ``token`` is placed in the first."""
    rest = [p[:] for p in plan]
    rest[0][token] -= 1
    return [*rest[1:], rest[0]] if sum(rest[0]) else rest[1:]


class TanboKnowledge(Knowledge):
    """What the search knows about Tanbo (see the module docstring)."""

    determinizations = 1
    exploration = 0.5
    bias = 0.5
    horizon = HORIZON
    scale = SCALE
    field = FIELD
    ahead = AHEAD

    def __init__(self) -> None:
        self._normal = NormalBot()
        # One movement's plan, for the state a rollout is playing: (state, steps, plan).
        self._plan: tuple[TanboState, int, Ring] | None = None

    def _choice(self, state: TanboState, seat: int, rng: Rng) -> Action:
        if state.phase is Phase.SWAP:  # the opponent's swap: any (the Normal one is costly)
            legal = state.legal_actions(seat)
            return legal[rng.randbelow(len(legal))]
        if state.phase is not Phase.MOVE:
            return self._normal.decide(state, seat)
        cached = self._plan
        if (
            cached is not None
            and cached[0] is state
            and cached[1] == state.steps
            and [sum(p[t] for p in cached[2]) for t in range(5)] == state.hand
        ):
            plan = cached[2]
        else:
            plan = plan_movement(state, seat, ROLLOUT_LIMITS, ROLLOUT_CHAIN)
        token = _next(plan)
        self._plan = (state, state.steps + 1, _after(plan, token))
        return Place(TOKEN_WORDS[token])

    def rollout(
        self, state: State, seat: int, legal: Sequence[Action], optional: bool, rng: Rng
    ) -> Option:
        assert isinstance(state, TanboState)
        choice = self._choice(state, seat, rng)
        return choice if choice in legal else legal[0]

    def evaluate(self, state: State, turns: int) -> list[float] | None:
        assert isinstance(state, TanboState)
        if turns < self.horizon or state.phase is not Phase.MOVE:
            return None
        worth = [
            state.score(s) + self.field * sum(points(p) for p in state.rings[s])
            for s in (0, 1)
        ]
        if self.ahead:
            for s in (0, 1):
                worth[s] += self.ahead * max(0.0, min(20.0, next_movement(state, s)))
        p0 = 1.0 / (1.0 + math.exp((worth[1] - worth[0]) / self.scale))
        return [p0, 1.0 - p0]

    def prior(self, state: State, seat: int, options: Sequence[Option]) -> Sequence[float]:
        assert isinstance(state, TanboState)
        choice = self._normal.decide(state, seat)
        return [1.0 if o == choice else 0.0 for o in options]


class EasyTanboBot(EasyBot):
    """Normal with a random move at a share of its decisions."""

    normal = NormalBot
    mistakes = 0.3


class StrongTanboBot(SearchBot):
    """ISMCTS with Tanbo knowledge."""

    knowledge = TanboKnowledge()
    iterations = 250  # about 0.4 s of CPython CPU a move (measured)
    iterations_per_second = 620.0


register("tanbo", EasyTanboBot)
register("tanbo", NormalBot)
register("tanbo", StrongTanboBot)

__all__ = ["EasyTanboBot", "NormalBot", "StrongTanboBot", "TanboKnowledge"]
