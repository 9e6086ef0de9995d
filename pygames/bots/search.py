"""One search for every game: Information-Set MCTS over the contract, budgeted in iterations.

The search is single-observer ISMCTS (SO-ISMCTS, Cowling, Powley and Whitehouse 2012): one
tree of decisions seen from the searching seat, every iteration played on a fresh
*determinization*, a full state consistent with that seat's view and nothing more
(:meth:`Game.state_from_view`, never the real state). A child is scored with the
availability-corrected UCB of ISUCT, plus a progressive bias from the game's heuristic that
fades with visits. Leaving the tree, a rollout plays the game's rollout policy until the game
ends or the game's cut-off evaluation answers. Rewards are per seat: a win is 1, a shared win
of ``k`` seats ``1/k`` each, a cut-off value anything in ``[0, 1]`` per seat. Each node keeps
the reward of the seat that chose its action, so multi-player games need nothing extra.

Every random choice comes from the :class:`Rng` the bot is given (the bridge seeds it from the
match seed, the step and the seat), and the budget is a number of iterations, never a clock:
the same record and seed give the same move on any machine.

Decisions. At a position, the seats that *may* act without being awaited (Humble Tea Party's
Tea) decide first, in seat order, each between its optional actions and ``None`` (decline);
once all have declined, the awaited seat decides among its legal actions. These are real
decisions of the tree, exactly as :func:`pygames.simulate.play_one` and the page ask them.

Game knowledge: subclass :class:`Knowledge` in the game's bot module and override what pays.

- :attr:`Knowledge.determinizations`: how many distinct samples of the hidden information to
  draw once per move (round robin over iterations; each iteration also reseeds the state's own
  generator, so chance events differ every time). A game whose only secret is the order of
  future draws (Tanbo) needs one.
- :meth:`Knowledge.sample` and :meth:`Knowledge.prepare`: how to draw a determinization from
  the view (default ``game.state_from_view``) and how to slim it for search (drop the log).
- :meth:`Knowledge.rollout`: the rollout policy (default: uniform random; ``None`` declines an
  optional action). A greedy or epsilon-greedy policy is the usual upgrade.
  :meth:`Knowledge.rollout_step` may play a rollout decision itself, skipping the legal list.
- :meth:`Knowledge.evaluate`: a cut-off evaluation, asked before every rollout decision with
  the number of turns begun since the root; return one value in ``[0, 1]`` per seat to stop
  there, or ``None`` to play on.
- :meth:`Knowledge.prior`: progressive bias, a value in ``[0, 1]`` per option (``None``
  included where it is an option) that orders the expansion (highest first) and adds
  ``bias * prior / (visits + 1)`` to a child's score.
- :meth:`Knowledge.reward`: the per-seat reward of a finished game (default: win 1, a shared
  win ``1/k``).
- :attr:`Knowledge.exploration` (the UCB constant) and :attr:`Knowledge.bias`.
- :meth:`Knowledge.spent`: a count of the game's costly work, where one iteration can cost
  far more than another (Tanbo's planner on a large hand): a search may stop on it too.
- Macro-actions: :meth:`Knowledge.decisions` may replace a seat's options by others (say,
  whole plans of several actions, any hashable :class:`Action` of the game knowledge's own),
  :meth:`Knowledge.play` applies one of them, and :meth:`Knowledge.step` turns the option
  chosen at the root into the action to play now. The defaults keep the legal actions.

>>> from pygames.games import get_game
>>> game = get_game("tanbo")
>>> state = game.new_state(2, seed=3, options={})
>>> a = search(game, state.view(0), 0, state.legal_actions(0), Rng(5), Knowledge(), 30)
>>> a == search(game, state.view(0), 0, state.legal_actions(0), Rng(5), Knowledge(), 30)
True
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence

from ..core import Action, Game, Rng, State
from ..core.contract import ViewJson

Option = Action | None  # None declines an optional action
Key = tuple[int, Option]  # (deciding seat, its option)

MAX_ROLLOUT = 5000  # decisions; a rollout that long is scored as a draw (never in practice)


class Knowledge:
    """A game's hooks into the search; the defaults know nothing about any game."""

    determinizations: int = 8
    exploration: float = 0.7
    bias: float = 0.0

    def sample(self, game: Game, view: Mapping[str, object], seat: int, rng: Rng) -> State:
        """One determinization: a full state consistent with ``view``, secrets from ``rng``."""
        return game.state_from_view(view, seat, rng)

    def prepare(self, state: State) -> None:
        """Slim a determinization for search (it is cloned once per iteration)."""
        state.log = []

    def rollout(
        self, state: State, seat: int, legal: Sequence[Action], optional: bool, rng: Rng
    ) -> Option:
        """The rollout policy's choice for ``seat``; ``optional``: ``None`` may decline."""
        if optional:
            k = rng.randbelow(len(legal) + 1)
            return None if k == len(legal) else legal[k]
        return legal[rng.randbelow(len(legal))]

    def spent(self) -> int:
        """A running count of the game's own costly work (say, positions its planner valued),
        for a search budgeted in work as well as iterations (:meth:`Search.run`); the default
        counts nothing. Deterministic, unlike a clock, so a budgeted move still replays."""
        return 0

    def rollout_step(self, state: State, rng: Rng) -> bool:
        """A fast path for one rollout decision: play it on ``state`` and return ``True``, or
        return ``False`` (the default) to let the search ask :meth:`rollout` with the legal
        actions. A game whose policy needs no legal list and picks only legal moves can skip
        building that list (and the validation of :meth:`State.apply`), often a rollout's
        largest cost; only where no seat may act optionally (nothing to decline)."""
        return False

    def evaluate(self, state: State, turns: int) -> list[float] | None:
        """Stop the rollout here with one value per seat in ``[0, 1]``, or ``None`` to go on.

        ``turns`` counts the turns begun since the searched position.
        """
        return None

    def prior(self, state: State, seat: int, options: Sequence[Option]) -> Sequence[float] | None:
        """A heuristic value in ``[0, 1]`` per option, or ``None`` (no preference)."""
        return None

    def decisions(self, state: State, seat: int, options: Sequence[Option]) -> Sequence[Option]:
        """The tree's options for ``seat`` here (default: its legal ``options`` unchanged)."""
        return options

    def play(self, state: State, seat: int, action: Action) -> None:
        """Apply one of the tree's options (default: the action itself)."""
        state.apply(seat, action)

    def step(self, option: Option) -> Option:
        """The action to play now for the option chosen at the root (default: itself)."""
        return option

    def reward(self, state: State) -> list[float]:
        """Per-seat reward of a finished game: 1 to a winner, ``1/k`` to each of ``k``."""
        out = [0.0] * state.players
        outcome = state.outcome()
        if outcome is None or not outcome.winners:
            return [1.0 / state.players] * state.players
        share = 1.0 / len(outcome.winners)
        for w in outcome.winners:
            out[w] = share
        return out


class Node:
    """One decision in the tree: ``seat`` chose ``option`` to get here."""

    __slots__ = ("avail", "bias", "children", "option", "priors", "reward", "seat", "visits")

    def __init__(self, seat: int, option: Option, bias: float) -> None:
        self.seat = seat
        self.option = option
        self.bias = bias
        self.children: dict[Key, Node] = {}
        self.visits = 0
        self.avail = 0
        self.reward = 0.0
        # The heuristic's values of the options met at the first expansion below this node
        # (asked once per node: the heuristic is often the costliest part of an iteration).
        self.priors: dict[Key, float] | None = None


def decider(state: State, declined: set[int]) -> tuple[int, list[Option], bool]:
    """Who decides now and among what: an optional actor that has not declined (its options
    and ``None``), else the first awaited seat; the flag says whether ``None`` is allowed."""
    awaited = state.awaiting()
    for s in state.actors():
        if s not in awaited and s not in declined:
            legal = state.legal_actions(s)
            if legal:
                return s, [*legal, None], True
    s = awaited[0]
    return s, list(state.legal_actions(s)), False


class Search:
    """One move's search: the tree, its determinizations and its generator.

    With ``legal`` ``None`` it evaluates a position instead: whoever is to decide there
    decides at the root too (``seat`` is only the observer whose view is searched), and
    :meth:`value` is each seat's average reward over the iterations.
    """

    def __init__(
        self,
        game: Game,
        view: ViewJson,
        seat: int,
        legal: Sequence[Action] | None,
        rng: Rng,
        knowledge: Knowledge,
    ) -> None:
        self.game = game
        self.seat = seat
        self.rng = rng
        self.knowledge = knowledge
        self.optional = legal is not None and seat not in view["awaiting"]
        self.pool: list[State] = []
        for _ in range(max(1, knowledge.determinizations)):
            state = knowledge.sample(game, view, seat, rng)
            knowledge.prepare(state)
            self.pool.append(state)
        self.root_options: list[Option] | None = None
        self.root_declined: set[int] = set()
        if legal is not None:
            options: list[Option] = [*legal, None] if self.optional else list(legal)
            self.root_options = list(knowledge.decisions(self.pool[0], seat, options))
            actors = self.pool[0].actors()
            awaited = self.pool[0].awaiting()
            # Optional actors before the bot have been asked already (or, when it is awaited,
            # all of them): they count as having declined.
            self.root_declined = {
                s for s in actors if s not in awaited and (not self.optional or s < seat)
            }
        self.root = Node(-1, None, 0.0)
        self.iterations = 0
        self.totals = [0.0] * self.pool[0].players

    def run(self, iterations: int, work: int | None = None) -> None:
        """Play ``iterations`` more iterations, or fewer once they have cost ``work`` of the
        knowledge's :meth:`Knowledge.spent` (at least one is played)."""
        spent = self.knowledge.spent
        start = spent()
        for i in range(iterations):
            if i and work is not None and spent() - start >= work:
                return
            self._iterate()

    def value(self, seat: int) -> float:
        """``seat``'s average reward over the iterations so far: its chance to win."""
        return self.totals[seat] / self.iterations if self.iterations else 0.0

    def best(self) -> Option:
        """The most visited option at the root (the first listed on a tie)."""
        assert self.root_options is not None, "an evaluation has no options of its own"
        best: Option = self.root_options[0]
        most = -1
        for option in self.root_options:
            child = self.root.children.get((self.seat, option))
            visits = child.visits if child is not None else 0
            if visits > most:
                best, most = option, visits
        return best

    def visits(self) -> dict[Option, int]:
        """Visits per root option (for tests and tuning)."""
        out: dict[Option, int] = {}
        for option in self.root_options or []:
            child = self.root.children.get((self.seat, option))
            out[option] = child.visits if child is not None else 0
        return out

    # --- one iteration ----------------------------------------------------------------------

    def _iterate(self) -> None:
        state = self.pool[self.iterations % len(self.pool)].clone()
        state.rng = Rng(self.rng.next_u64())
        self.iterations += 1
        start_turns = state.turns_taken()
        node = self.root
        path: list[Node] = []
        declined = set(self.root_declined)
        at_root = True
        expanded = False
        while not state.is_over():
            if at_root and self.root_options is not None:
                seat, options, _optional = self.seat, self.root_options, self.optional
            else:
                seat, options, _optional = decider(state, declined)
                options = list(self.knowledge.decisions(state, seat, options))
            at_root = False
            child = self._select(node, state, seat, options)
            if child.visits == 0:
                expanded = True
            self._play(state, seat, child.option, declined)
            path.append(child)
            node = child
            if expanded:
                break
        values = self._rollout(state, declined, start_turns)
        for s, v in enumerate(values):
            self.totals[s] += v
        for n in path:
            n.visits += 1
            n.reward += values[n.seat]

    def _select(self, node: Node, state: State, seat: int, options: Sequence[Option]) -> Node:
        children = node.children
        untried: list[Option] = []
        available: list[Node] = []
        for option in options:
            child = children.get((seat, option))
            if child is None:
                untried.append(option)
            else:
                child.avail += 1
                available.append(child)
        if untried:
            priors = node.priors
            if priors is None:
                values = self.knowledge.prior(state, seat, options)
                priors = (
                    {}
                    if values is None
                    else {(seat, o): v for o, v in zip(options, values, strict=True)}
                )
                node.priors = priors
            if priors:
                pick = max(untried, key=lambda o: priors.get((seat, o), 0.0))
            else:
                pick = untried[self.rng.randbelow(len(untried))]
            child = Node(seat, pick, priors.get((seat, pick), 0.0))
            child.avail = 1
            children[(seat, pick)] = child
            return child
        c = self.knowledge.exploration
        b = self.knowledge.bias
        best = available[0]
        best_score = -math.inf
        for child in available:
            score = (
                child.reward / child.visits
                + c * math.sqrt(math.log(child.avail) / child.visits)
                + b * child.bias / (child.visits + 1)
            )
            if score > best_score:
                best, best_score = child, score
        return best

    def _play(self, state: State, seat: int, option: Option, declined: set[int]) -> None:
        if option is None:
            declined.add(seat)
        else:
            self.knowledge.play(state, seat, option)
            declined.clear()

    def _rollout(self, state: State, declined: set[int], start_turns: int) -> list[float]:
        k = self.knowledge
        rng = self.rng
        for _ in range(MAX_ROLLOUT):
            if state.is_over():
                return k.reward(state)
            values = k.evaluate(state, state.turns_taken() - start_turns)
            if values is not None:
                return values
            if k.rollout_step(state, rng):
                declined.clear()
                continue
            seat, options, optional = decider(state, declined)
            legal = [o for o in options if o is not None]
            choice = k.rollout(state, seat, legal, optional, rng) if legal else None
            self._play(state, seat, choice, declined)
        return [1.0 / state.players] * state.players


def evaluate(
    game: Game,
    view: ViewJson,
    seat: int,
    rng: Rng,
    knowledge: Knowledge,
    iterations: int,
) -> float:
    """``seat``'s chance to win from its ``view``, as ``iterations`` iterations of ISMCTS see
    it (every seat playing as the search would, whoever is to decide)."""
    s = Search(game, view, seat, None, rng, knowledge)
    s.run(iterations)
    return s.value(seat)


def search(
    game: Game,
    view: ViewJson,
    seat: int,
    legal: Sequence[Action],
    rng: Rng,
    knowledge: Knowledge,
    iterations: int,
) -> Option:
    """The option that ``iterations`` iterations of ISMCTS from ``seat``'s view prefer.

    ``None`` (decline) is possible only when ``seat`` is not awaited.
    """
    if len(legal) == 1 and seat in view["awaiting"]:
        return legal[0]
    s = Search(game, view, seat, legal, rng, knowledge)
    s.run(iterations)
    return knowledge.step(s.best())


__all__ = ["Knowledge", "Node", "Option", "Search", "decider", "evaluate", "search"]
