"""The levels every game offers, built from a game's own greedy bot and search knowledge.

- :class:`EasyBot`: the game's greedy (Normal) bot that now and then plays a legal move at
  random instead: reasonable play with deliberate mistakes.
- :class:`PolicyKnowledge`: search knowledge from a bot (its moves as the rollout policy and
  the progressive bias), the plain start for a game's Strong level.
- :class:`SearchBot`: ISMCTS (:mod:`pygames.bots.search`) with the game's
  :class:`~pygames.bots.search.Knowledge`, budgeted in iterations.

A game's bot module subclasses both, sets the class attributes and registers them.
"""

from __future__ import annotations

import copy
from collections.abc import Sequence
from typing import ClassVar

from ..core import Action, Game, Rng, State
from ..core.contract import ViewJson
from .base import Bot, RandomBot
from .search import Knowledge, Option, evaluate, search

PER_MILLE = 1000


class EasyBot(Bot):
    """Plays like ``normal`` but, at a share ``mistakes`` of its decisions, like ``random``
    (declining or acting at random where an action is optional)."""

    name = "easy"
    description = "Plays sensible moves with some careless ones."
    normal: ClassVar[type[Bot]]
    mistakes: ClassVar[float] = 0.3

    def __init__(self) -> None:
        self._normal = self.normal()
        self._random = RandomBot()

    def choose(
        self, game: Game, view: ViewJson, seat: int, legal: Sequence[Action], rng: Rng
    ) -> Action | None:
        if rng.randbelow(PER_MILLE) < round(self.mistakes * PER_MILLE):
            return self._random.choose(game, view, seat, legal, rng)
        return self._normal.choose(game, view, seat, legal, rng)


class PolicyKnowledge(Knowledge):
    """Search knowledge from a bot: its choices drive the rollouts and lead the expansion.

    The bot decides from the rollout state's view for the seat to act, as it would in play.
    Subclass with ``policy`` set to the game's Normal bot; override more where it pays.
    """

    policy: ClassVar[type[Bot]]
    bias = 0.5

    def __init__(self) -> None:
        self._bot = self.policy()

    def rollout(
        self, state: State, seat: int, legal: Sequence[Action], optional: bool, rng: Rng
    ) -> Option:
        choice = self._bot.choose(state.game, state.view(seat), seat, legal, rng)
        if choice is None and not optional:
            return legal[0]
        return choice

    def prior(self, state: State, seat: int, options: Sequence[Option]) -> Sequence[float]:
        legal = [o for o in options if o is not None]
        choice = self._bot.choose(state.game, state.view(seat), seat, legal, Rng(0))
        return [1.0 if o == choice else 0.0 for o in options]


class SearchBot(Bot):
    """Searches from its own view with the game's knowledge, ``iterations`` a move.

    ``iterations_per_second`` is the game's measured rate in CPython on the reference machine
    (see ``python -m pygames arena``); :meth:`budgeted` turns seconds into iterations with it.
    """

    name = "strong"
    description = "Looks ahead through many possible games before each move."
    knowledge: ClassVar[Knowledge]
    iterations: int = 200
    iterations_per_second: ClassVar[float] = 500.0

    def choose(
        self, game: Game, view: ViewJson, seat: int, legal: Sequence[Action], rng: Rng
    ) -> Action | None:
        return search(game, view, seat, legal, rng, self.knowledge, self.iterations)

    #: Seconds of CPython CPU a review gives one position (turned into iterations by the rate).
    review_seconds: float = 0.12

    def evaluate(self, game: Game, view: ViewJson, seat: int, rng: Rng) -> float:
        """``seat``'s chance to win from its ``view``, as this bot's search sees it (a review
        asks it before and after each decision)."""
        iterations = max(1, round(self.review_seconds * self.iterations_per_second))
        return evaluate(game, view, seat, rng, self.knowledge, iterations)

    def budgeted(self, seconds: float) -> Bot:
        other = copy.copy(self)
        other.iterations = max(1, round(seconds * self.iterations_per_second))
        return other


__all__ = ["EasyBot", "PolicyKnowledge", "SearchBot"]
