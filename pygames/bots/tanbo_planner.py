"""Tanbo Normal: a greedy planner that looks one turn ahead for itself.

The Normal (greedy) bot rebuilds the position from its own view (:meth:`Game.state_from_view`),
so it never sees more than a person in its seat. For a movement it plans the whole placement:
only which tokens land in which paddy matters, so it enumerates the distinct assignments of the
hand to the paddies (capped, in a fixed order), scores the action each one leads to (points now,
a Rest loss, what a Big Movement replay could bring) and plays the plan's next token.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from ..core import Action, Game, Rng
from ..core.contract import ViewJson
from ..tanbo.actions import Place, PlaceFarmer, Remove, ReturnRice, Swap, Take
from ..tanbo.field import Work, excess, farmer_paddy, multisets, rest_target, slots, swaps, work_for
from ..tanbo.game import TanboState
from ..tanbo.state import Phase
from ..tanbo.tokens import (
    PADDIES,
    RICE_POINTS,
    RICE_WORD,
    TOKEN_WORDS,
    WIN_IN_ONE_TURN,
    WIN_LEAD,
    WIN_POINTS,
    Counts,
    Token,
    TokenWord,
    points,
)
from .base import Bot

Ring = list[Counts]

WIN = 1000.0  # a win now outweighs everything
GIFT = 0.75  # a Big Movement hands the opponent a swap
FUTURE = 0.25  # Rice on the field is worth a fraction of its points
BRANCH_LIMIT = (24, 8, 3)  # distributions tried per action-paddy content, by chain depth
MAX_CHAIN = 2  # Big Movement replays looked at
ROLLOUT_LIMITS = (3, 1)  # smaller limits, for search rollouts and evaluations


class _Context:
    """The scores and Rice around the planning player."""

    def __init__(self, state: TanboState, seat: int) -> None:
        self.mine = state.score(seat)
        self.theirs = state.score(1 - seat)
        self.turn_points = state.turn_points if state.turn == seat else 0
        self.collected = state.collected[seat]
        bag = state.bag
        total = bag[1] + bag[2] + bag[3]
        self.draw_value = points(bag) / total if total else 0.0

    def harvest(self, here: Counts, size: int) -> float:
        gain = 0
        take = size
        for t in (3, 2, 1):
            n = min(take, here[t])
            gain += n * RICE_POINTS[Token(t)]
            take -= n
        mine = self.mine + gain
        if (
            mine >= WIN_POINTS
            or mine - self.theirs >= WIN_LEAD
            or self.turn_points + gain >= WIN_IN_ONE_TURN
        ):
            return WIN + gain
        return gain - FUTURE * gain  # the Rice leaves the field

    def rest(self, steps: int) -> float:
        lose = steps
        lost = 0
        for t in (1, 2, 3):
            n = min(lose, self.collected[t])
            lost += n * RICE_POINTS[Token(t)]
            lose -= n
        if self.theirs - (self.mine - lost) >= WIN_LEAD:
            return -WIN
        return -float(lost)


def _geometry(hand: Counts, start: int) -> tuple[list[int], int, int, list[int]]:
    """Where a movement of ``hand`` from ``start`` can put tokens: the most tokens each slot
    ``j`` (the paddy ``start + j``) may take, the slot of the last token, the action paddy,
    and the other slots."""
    caps, last = slots(sum(hand))
    return caps, last, (start + last) % PADDIES, [j for j in range(len(caps)) if j != last]


class Effort:
    """Units of Tanbo search work done in this process: a placement valued by a planner, an
    action played in a search. Each costs about the same (measured: 17-18 µs of CPython), and
    together they follow a search's time where its iterations do not (a large hand makes an
    iteration far dearer), so a search can be budgeted in them; a clock would not replay."""

    units = 0


class Planner:
    """Finds the best placement of a hand for one player.

    ``limits`` caps the distributions tried per action-paddy content, by chain depth, and
    ``max_chain`` the Big Movement replays looked at (search rollouts use smaller ones).
    """

    def __init__(
        self, ctx: _Context, limits: Sequence[int] = BRANCH_LIMIT, max_chain: int = MAX_CHAIN
    ) -> None:
        self.ctx = ctx
        self.limits = limits
        self.max_chain = max_chain

    def best(self, ring: Ring, hand: Counts, start: int, depth: int = 0) -> tuple[float, Ring]:
        """The best value and its assignment: for each slot ``j`` (the paddy ``start + j``),
        the tokens that land there."""
        caps, last, action, others = _geometry(hand, start)
        best_value = -1e9
        best_plan: Ring = []
        limit = self.limits[min(depth, len(self.limits) - 1)]
        for chosen in multisets(hand, caps[last]):
            rest = [h - c for h, c in zip(hand, chosen, strict=True)]
            here = [r + c for r, c in zip(ring[action], chosen, strict=True)]
            work, size = work_for(here)
            if work is not Work.BIG_MOVEMENT and work is not Work.REST:
                # The value depends on the action paddy only: the first distribution of the
                # other tokens stands for all, and is built only if it is the best so far.
                value = self._value(ring, start, [], action, work, size, here, depth)
                if value > best_value:
                    for first in self._distribute(rest, others, caps, 1):
                        first[last] = chosen
                        best_value, best_plan = value, first
                continue
            for dist in self._distribute(rest, others, caps, limit):
                dist[last] = chosen
                value = self._value(ring, start, dist, action, work, size, here, depth)
                if value > best_value:
                    best_value, best_plan = value, dist
        return best_value, best_plan

    def candidates(
        self, ring: Ring, hand: Counts, start: int, spread: int
    ) -> list[tuple[float, int, Ring]]:
        """Whole-movement plans to search among: for each content of the action paddy, up to
        ``spread`` distributions of the other tokens, each as ``(value, rank, plan)`` where
        ``rank`` orders the distributions of one content by value (0: its best)."""
        caps, last, action, others = _geometry(hand, start)
        limit = max(spread, self.limits[0])
        out: list[tuple[float, int, Ring]] = []
        for chosen in multisets(hand, caps[last]):
            rest = [h - c for h, c in zip(hand, chosen, strict=True)]
            here = [r + c for r, c in zip(ring[action], chosen, strict=True)]
            work, size = work_for(here)
            full = work is Work.BIG_MOVEMENT or work is Work.REST
            group: list[tuple[float, Ring]] = []
            for dist in self._distribute(rest, others, caps, limit if full else spread):
                dist[last] = chosen
                value = self._value(ring, start, dist, action, work, size, here, 0)
                group.append((value, dist))
            group.sort(key=lambda vd: -vd[0])  # stable: ties keep the enumeration order
            out.extend((v, r, d) for r, (v, d) in enumerate(group[:spread]))
        return out

    def _distribute(
        self, rest: Counts, others: list[int], caps: list[int], limit: int
    ) -> Iterator[Ring]:
        plan: Ring = [[0, 0, 0, 0, 0] for _ in caps]

        def fill(i: int, left: Counts) -> Iterator[Ring]:
            if i == len(others):
                yield [p[:] for p in plan]
                return
            j = others[i]
            for part in multisets(left, caps[j]):
                plan[j] = part
                yield from fill(i + 1, [a - b for a, b in zip(left, part, strict=True)])

        for found, dist in enumerate(fill(0, rest), start=1):
            yield dist
            if found >= limit:
                return

    def _value(
        self,
        ring: Ring,
        start: int,
        dist: Ring,
        action: int,
        work: Work,
        size: int,
        here: Counts,
        depth: int,
    ) -> float:
        ctx = self.ctx
        Effort.units += 1
        if work is Work.HARVEST:
            return ctx.harvest(here, size)
        if work is Work.CULTIVATE:
            return FUTURE * size * ctx.draw_value
        if work is Work.SOW:
            if here[Token.SNAKE]:
                return FUTURE * 2 * ctx.draw_value - 0.1 * here[Token.SNAKE]
            return -FUTURE * points(here)
        after = [p[:] for p in ring]
        for j, part in enumerate(dist):
            paddy = after[(start + j) % PADDIES]
            for t in range(5):
                paddy[t] += part[t]
        if work is Work.REST:
            steps = rest_target(after, action)
            return 0.0 if steps is None else ctx.rest(steps)
        if depth >= self.max_chain:
            return -GIFT
        hand = after[action]
        after[action] = [0, 0, 0, 0, 0]
        value, _ = self.best(after, hand, (action + 1) % PADDIES, depth + 1)
        return value - GIFT


def plan_movement(
    state: TanboState, seat: int, limits: Sequence[int] = BRANCH_LIMIT, max_chain: int = MAX_CHAIN
) -> Ring:
    """The best assignment of the hand in motion to the paddies ahead (see :class:`Planner`)."""
    planner = Planner(_Context(state, seat), limits, max_chain)
    _, plan = planner.best(state.rings[seat], state.hand, state.sow_next)
    return plan


def _next_token(plan: Ring) -> TokenWord:
    first = plan[0]
    for t in range(5):
        if first[t]:
            return TOKEN_WORDS[t]
    raise AssertionError("empty plan")


def _turn_value(
    state: TanboState, seat: int, ring: Ring, limits: Sequence[int] = BRANCH_LIMIT
) -> float:
    """How good ``ring`` is for ``seat``'s next turn: the best first movement from it."""
    paddy = farmer_paddy(ring)
    if paddy is None:
        return 0.0
    after = [p[:] for p in ring]
    hand = after[paddy]
    after[paddy] = [0, 0, 0, 0, 0]
    value, _ = Planner(_Context(state, seat), limits).best(after, hand, (paddy + 1) % PADDIES, 1)
    return value


def next_movement(state: TanboState, seat: int) -> float:
    """What ``seat``'s next movement is worth to the planner (the hand in motion, if it is
    this seat's, else the Farmer's paddy)."""
    if state.phase is Phase.MOVE and state.turn == seat:
        value, _ = Planner(_Context(state, seat), ROLLOUT_LIMITS, 1).best(
            state.rings[seat], state.hand, state.sow_next, 1
        )
        return value
    return _turn_value(state, seat, state.rings[seat], ROLLOUT_LIMITS)


def best_swap(state: TanboState, seat: int, limits: Sequence[int] = BRANCH_LIMIT) -> Swap:
    """The swap (Big Movement) that makes ``seat``'s next turn best to the planner; the
    search's rollouts ask it with smaller ``limits``."""
    ring = state.rings[seat]
    best: tuple[float, Swap] | None = None
    for (p, t), (q, u) in swaps(ring):
        after = [x[:] for x in ring]
        after[p][t] -= 1
        after[q][t] += 1
        after[q][u] -= 1
        after[p][u] += 1
        value = _turn_value(state, seat, after, limits)
        if best is None or value > best[0]:
            best = (value, Swap((p, TOKEN_WORDS[t]), (q, TOKEN_WORDS[u])))
    assert best is not None
    return best[1]


class NormalBot(Bot):
    """Plans each movement for the best immediate result; takes high Rice, returns low."""

    name = "normal"
    description = "Plans each movement for the most points now; avoids Rest losses."

    def choose(
        self, game: Game, view: ViewJson, seat: int, legal: Sequence[Action], rng: Rng
    ) -> Action:
        state = game.state_from_view(view, seat, rng)
        assert isinstance(state, TanboState)
        choice = self.decide(state, seat)
        return choice if choice in legal else legal[0]

    def decide(self, state: TanboState, seat: int) -> Action:
        """The move for ``seat`` in ``state`` (a position rebuilt from its view)."""
        phase = state.phase
        if phase is Phase.MOVE:
            return Place(_next_token(plan_movement(state, seat)))
        if phase is Phase.HARVEST:
            assert state.action_paddy is not None
            here = state.rings[seat][state.action_paddy]
            return Take(next(RICE_WORD[Token(t)] for t in (3, 2, 1) if here[t]))
        if phase is Phase.REST:
            mine = state.collected[seat]
            return ReturnRice(next(RICE_WORD[Token(t)] for t in (1, 2, 3) if mine[t]))
        if phase is Phase.EXCESS:
            return self._remove(state, seat)
        if phase is Phase.SWAP:
            return self._swap(state, seat)
        return self._farmer(state, seat)

    def _remove(self, state: TanboState, seat: int) -> Action:
        # Snakes first (more Rice than Snakes means a Harvest), then the cheapest Rice.
        for t in (0, 1, 2, 3):
            for p, paddy in enumerate(state.rings[seat]):
                if excess(paddy) and paddy[t]:
                    return Remove(p, TOKEN_WORDS[t])
        raise AssertionError("nothing to remove")

    def _swap(self, state: TanboState, seat: int) -> Action:
        return best_swap(state, seat)

    def _farmer(self, state: TanboState, seat: int) -> Action:
        best: tuple[float, int] | None = None
        for p in range(PADDIES):
            ring = [x[:] for x in state.rings[seat]]
            ring[p][Token.FARMER] = 1
            value = _turn_value(state, seat, ring)
            if best is None or value > best[0]:
                best = (value, p)
        assert best is not None
        return PlaceFarmer(best[1])


__all__ = [
    "ROLLOUT_LIMITS",
    "Effort",
    "NormalBot",
    "Planner",
    "best_swap",
    "next_movement",
    "plan_movement",
]
