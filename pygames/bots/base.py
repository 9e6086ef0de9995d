"""The bot interface: a player that decides from its own view and the legal actions only."""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Sequence
from typing import ClassVar

from ..core import Action, Game, Rng
from ..core.contract import ViewJson


class Bot(ABC):
    """A computer player.

    A bot sees exactly what a person in its seat would see: the seat's view and its legal
    actions. To look ahead it may rebuild a state from that view with
    :meth:`Game.state_from_view`, never from the real state.
    """

    name: ClassVar[str]
    description: ClassVar[str] = ""

    @abstractmethod
    def choose(
        self, game: Game, view: ViewJson, seat: int, legal: Sequence[Action], rng: Rng
    ) -> Action | None:
        """Pick one of ``legal`` (never empty).

        ``None`` declines an optional action: allowed only when the game is not waiting for
        this seat (``seat not in view["awaiting"]``), e.g. not taking Tea just now.
        """

    def budgeted(self, seconds: float) -> Bot:
        """This bot thinking about ``seconds`` of CPython CPU a move.

        Bots that do not search ignore it and return themselves; a search bot returns a copy
        whose budget, counted in iterations so that a move stays reproducible, is
        ``seconds`` times its game's measured iterations per second.
        """
        return self


class RandomBot(Bot):
    """Picks uniformly among the legal actions; the baseline for every game."""

    name = "random"
    description = "Plays any legal move at random."

    def choose(
        self, game: Game, view: ViewJson, seat: int, legal: Sequence[Action], rng: Rng
    ) -> Action | None:
        if seat in view["awaiting"]:
            return rng.choice(legal)
        return rng.choice([None, *legal])
