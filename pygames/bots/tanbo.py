"""Tanbo bots at every level: Easy, Normal (the greedy planner) and Strong (search).

Strong is ISMCTS (:mod:`pygames.bots.search`) with Tanbo knowledge: the whole position is
public (ruling T8), so one determinization suffices and only the order of bag draws changes
from one iteration to the next. Rollouts follow the Normal planner with smaller limits, one
plan per movement (Normal replans at every token), swaps as Normal's (below); after two
turns a rollout stops and the score difference, with the Rice waiting on each field and the
planner's value of each seat's next movement at fractions of their points, gives each seat its
chance (a logistic); a winning movement ready decides it (see ``THREAT``). The Normal bot's
choice leads the expansion (progressive bias).

A movement is one decision of the tree (a macro-action): where the mover places tokens, the
options are whole :class:`Plan` s, the planner's best distribution of the hand for each content
of the last paddy and a few runners-up (:meth:`Planner.candidates`), led by the planner's
ranking (the opponent's movements too, see ``rival``); the bot plays the first token of the
plan it prefers and keeps the rest of it (:class:`StrongTanboBot`). Taking and
returning Rice follow Normal (the best Rice kept), and below the root a swap is the planner's
choice (with rollout limits, remembered for the search: the same swaps recur).
"""

from __future__ import annotations

import json
import math
from collections.abc import Sequence
from dataclasses import dataclass

from ..core import Action, Game, Rng, State
from ..core.contract import ViewJson
from ..tanbo.actions import Place, ReturnRice, Take
from ..tanbo.game import TanboState
from ..tanbo.state import Phase
from ..tanbo.tokens import TOKEN_WORDS, points
from . import register
from .base import Bot
from .levels import EasyBot, SearchBot
from .search import Knowledge, Option, Search
from .tanbo_planner import (
    ROLLOUT_LIMITS,
    WIN,
    Effort,
    NormalBot,
    Planner,
    Ring,
    _Context,
    best_swap,
    next_movement,
    plan_movement,
)

HORIZON = 2  # turns a rollout plays before it is scored

ROLLOUT_CHAIN = 1  # ... and the Big Movement replays it looks at
SCALE = 5.0  # points of difference that make a win about 73 % likely (a logistic)
FIELD = 0.2  # share of its points a Rice on one's own field counts
AHEAD = 0.5  # share of the planner's value of each seat's next movement that counts
THREAT = 0.9  # chance to win of the seat not to move that has a winning movement ready


PLANS = 8  # whole-movement plans the tree chooses among, for the mover ...
SPREAD = 3  # ... of which at most this many distributions share the last paddy's content


@dataclass(frozen=True)
class Plan(Action):
    """A whole movement as one decision of the search (never played as such): the tokens of
    the hand in the order they are placed, from the next paddy on."""

    kind = "plan"
    tokens: tuple[int, ...]


def sequence(plan: Ring) -> tuple[int, ...]:
    """The placement order of a plan (slot ``i % 5`` gets the ``i``-th token; in each slot
    the lowest token kind first)."""
    left = [p[:] for p in plan]
    out: list[int] = []
    for i in range(sum(map(sum, plan))):
        slot = left[i % len(left)]
        t = next(t for t in range(5) if slot[t])
        slot[t] -= 1
        out.append(t)
    return tuple(out)


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

    plans = PLANS
    spread = SPREAD
    rival = True  # the tree branches on the opponent's movements too
    # Swaps below the root as Normal makes them (its best next turn, smaller limits): at
    # random, a Big Movement looked nearly free, while Normal turns the swap it is handed into
    # a harvest (measured: 13 of 20 won with this swap alone, seeds 7000-7019).
    swap_policy = True
    threat = THREAT

    def __init__(self) -> None:
        self._normal = NormalBot()
        # One movement's plan, for the state a rollout is playing: (state, steps, plan).
        self._plan: tuple[TanboState, int, Ring] | None = None
        # For one search: its root position, the tree's options by position, their priors.
        self._root: State | None = None
        self._seat = -1  # the searching seat
        self._options: dict[tuple[object, ...], list[Option]] = {}
        self._priors: dict[Option, float] = {}
        self._swaps: dict[tuple[object, ...], Action] = {}

    def spent(self) -> int:
        return Effort.units

    def prepare(self, state: State) -> None:
        super().prepare(state)
        self._root = state
        self._options = {}
        self._priors = {}
        self._swaps = {}

    def _plans(self, state: TanboState, seat: int) -> list[Option]:
        ctx = _Context(state, seat)
        found = Planner(ctx).candidates(state.rings[seat], state.hand, state.sow_next, self.spread)
        # The best of each content first, then runners-up; the kept ones ranked by value.
        order = sorted(range(len(found)), key=lambda i: (found[i][1], -found[i][0], i))
        kept = sorted(order[: self.plans], key=lambda i: (-found[i][0], i))
        out: list[Option] = []
        for rank, i in enumerate(kept):
            plan = Plan(sequence(found[i][2]))
            self._priors[plan] = 1.0 - rank / len(kept)
            out.append(plan)
        return out

    def decisions(self, state: State, seat: int, options: Sequence[Option]) -> Sequence[Option]:
        assert isinstance(state, TanboState)
        phase = state.phase
        if state is self._root:
            self._seat = seat
        if phase is Phase.MOVE:
            key: tuple[object, ...] = (
                seat,
                tuple(map(tuple, state.rings[seat])),
                tuple(state.hand),
                state.sow_next,
                tuple(state.collected[0]),
                tuple(state.collected[1]),
                state.turn_points,
                tuple(state.bag),
            )
            found = self._options.get(key)
            if found is None:
                found = self._options[key] = self._plans(state, seat)
            # Without ``rival`` the tree gives the opponent its planner's best plan only (the
            # opponent's movements barely touch the searcher's field) and spends itself on the
            # searcher's; measured weaker (2 wins in 6 against Normal, with a 3-turn horizon).
            return found if seat == self._seat or self.rival else found[:1]
        if phase is Phase.HARVEST or phase is Phase.REST:
            return [self._normal.decide(state, seat)]
        if phase is Phase.SWAP and state is not self._root:  # in the tree: as rollouts
            return [self._swap(state, seat, state.rng)]
        return options

    def play(self, state: State, seat: int, action: Action) -> None:
        Effort.units += 1
        if not isinstance(action, Plan):
            state.apply(seat, action)
            return
        assert isinstance(state, TanboState)
        placed = len(state.placed)
        for i, t in enumerate(action.tokens):
            # The movement ends early where the last tokens are all of one kind (placed at once).
            if state.phase is not Phase.MOVE or len(state.placed) != placed + i:
                break
            state.apply(seat, Place(TOKEN_WORDS[t]))
            Effort.units += 1

    def step(self, option: Option) -> Option:
        if isinstance(option, Plan):
            return Place(TOKEN_WORDS[option.tokens[0]])
        return option

    def _swap(self, state: TanboState, seat: int, rng: Rng) -> Action:
        if self.swap_policy:  # ``rng`` is for the random swap only
            # The same swaps come back in many iterations (one determinization, planned
            # movements): remembered for the search, by everything the planner reads.
            key = (
                seat,
                tuple(map(tuple, state.rings[seat])),
                tuple(state.collected[0]),
                tuple(state.collected[1]),
                tuple(state.bag),
            )
            found = self._swaps.get(key)
            if found is None:
                found = self._swaps[key] = best_swap(state, seat, ROLLOUT_LIMITS)
            return found
        legal = state.legal_actions(seat)
        return legal[rng.randbelow(len(legal))]

    def _choice(self, state: TanboState, seat: int, rng: Rng) -> Action:
        if state.phase is Phase.SWAP:
            return self._swap(state, seat, rng)
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
            state.score(s) + self.field * sum(points(p) for p in state.rings[s]) for s in (0, 1)
        ]
        if self.ahead:
            ahead = [next_movement(state, s) for s in (0, 1)]
            if self.threat:
                # A win the planner finds in a movement is certain for the seat to move (its
                # movement depends on nothing hidden) and nearly so for the other, who moves
                # next (only the mover's scoring can take a lead-by-20 win away).
                mover = state.turn
                if ahead[mover] >= WIN / 2:
                    return [1.0 if s == mover else 0.0 for s in (0, 1)]
                if ahead[1 - mover] >= WIN / 2:
                    return [1.0 - self.threat if s == mover else self.threat for s in (0, 1)]
            for s in (0, 1):
                worth[s] += self.ahead * max(0.0, min(20.0, ahead[s]))
        p0 = 1.0 / (1.0 + math.exp((worth[1] - worth[0]) / self.scale))
        return [p0, 1.0 - p0]

    def prior(self, state: State, seat: int, options: Sequence[Option]) -> Sequence[float]:
        assert isinstance(state, TanboState)
        if options and isinstance(options[0], Plan):
            return [self._priors.get(o, 0.0) for o in options]
        choice = self._normal.decide(state, seat)
        return [1.0 if o == choice else 0.0 for o in options]


class EasyTanboBot(EasyBot):
    """Normal with a random move at a share of its decisions."""

    normal = NormalBot
    mistakes = 0.3


NORMAL = NormalBot()

Kept = tuple[str, tuple[int, ...]]  # (the position expected next, the plan's tokens left)


def position_key(state: TanboState) -> str:
    """The whole position (ruling T8: nothing of it is hidden) as one comparable text."""
    return json.dumps(state.to_json()["table"], sort_keys=True)


class StrongTanboBot(SearchBot):
    """ISMCTS with Tanbo knowledge, one search a movement.

    The search chooses a whole movement (a :class:`Plan`); the bot places its first token and
    keeps the rest, playing them out without searching again while the position is the one
    the plan expects (nothing in a movement is drawn until its last token lands). A Big
    Movement's next sowing, a position it did not expect (an undo, a reload) or a plan that no
    longer fits is searched afresh. A movement is searched once where it was searched about
    1.8 times when every token was (measured), so that search may run ``movement`` times
    ``iterations``; it stops sooner once it has spent ``work`` units of
    :class:`~pygames.bots.tanbo_planner.Effort`, which bounds the slowest moves (a large hand
    makes each iteration far dearer).
    """

    knowledge = TanboKnowledge()
    iterations = 320  # about 0.3 s of CPython CPU on a typical position (measured)
    iterations_per_second = 620.0
    movement = 2
    work = 20_000  # units of Effort: about 0.35 s of CPython CPU (measured)

    def __init__(self) -> None:
        self._kept: Kept | None = None

    def choose(
        self, game: Game, view: ViewJson, seat: int, legal: Sequence[Action], rng: Rng
    ) -> Action | None:
        if isinstance(legal[0], Take | ReturnRice):  # the best Rice kept: nothing to search
            return NORMAL.choose(game, view, seat, legal, rng)
        kept, self._kept = self._kept, None
        if view["table"]["phase"] != Phase.MOVE.value:
            return super().choose(game, view, seat, legal, rng)
        state = game.state_from_view(view, seat, Rng(0))
        assert isinstance(state, TanboState)
        if kept is not None and kept[0] == position_key(state):
            action = Place(TOKEN_WORDS[kept[1][0]])
            if action in legal:
                self._keep(state, seat, kept[1])
                return action
        if len(legal) == 1:
            return legal[0]
        found = Search(game, view, seat, legal, rng, self.knowledge)
        found.run(self.iterations * self.movement, self.work)
        best = found.best()
        if isinstance(best, Plan):
            self._keep(state, seat, best.tokens)
        return self.knowledge.step(best)

    def budgeted(self, seconds: float) -> Bot:
        other = super().budgeted(seconds)
        assert isinstance(other, StrongTanboBot)
        other.work = max(1, round(self.work * other.iterations / self.iterations))
        return other

    def _keep(self, state: TanboState, seat: int, tokens: tuple[int, ...]) -> None:
        """Remember the plan's tokens after the first, for the position placing it makes."""
        if len(tokens) < 2:
            return
        after = state.clone()
        after.apply(seat, Place(TOKEN_WORDS[tokens[0]]))
        if after.phase is Phase.MOVE and after.turn == seat and not after.is_over():
            self._kept = (position_key(after), tokens[1:])


register("tanbo", EasyTanboBot)
register("tanbo", NormalBot)
register("tanbo", StrongTanboBot)

__all__ = ["EasyTanboBot", "NormalBot", "StrongTanboBot", "TanboKnowledge"]
