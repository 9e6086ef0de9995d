"""A review of a game: each person's chance to win before and after each of their decisions,
and the turning points, each with the better move and why.

Honest as the bots are: a seat's chance at a step is the Strong bot's evaluation from what
that seat saw then (:meth:`pygames.bots.levels.SearchBot.evaluate`, determinized like the bots'
searches), its randomness drawn from a hash of that view; the better move is the hint that seat
would have had (:func:`pygames.hints.suggest`). So a review shows no secret the replay does not,
and equal views get equal figures.

The work is cut into positions (a step seen by a seat), evaluated a few at a time so that the
page can show progress and stop; :meth:`Review.result` then marks the turning points.

>>> from pygames.core import MatchRecord, Seat
>>> from pygames.games import get_game
>>> from pygames.replay import Replay
>>> record = MatchRecord("tanbo", [Seat("Ann"), Seat("Bob", "normal")], seed=3,
...                      actions=[(0, {"type": "farmer", "paddy": 2})])
>>> review = Review(Replay(get_game("tanbo"), record))
>>> review.positions   # Ann's one decision: before it (step 0) and after it (step 1)
[(0, 0), (1, 0)]
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypedDict

from .bots import make_bot
from .bots.levels import SearchBot
from .core import IllegalAction, Message
from .core.contract import ActionJson, MessageJson
from .hints import HINT_BOT, suggest, view_rng
from .replay import Replay

#: Turning points marked per seat: its largest losses of win chance ...
MARKS = 3
#: ... each at least this large (smaller ones are noise of the evaluation).
MISTAKE = 0.05
#: Decisions looked at per seat for a better move, largest losses first.
LOOKED_AT = 6


class ReviewPointJson(TypedDict):
    """A seat's chance to win at a step, as it saw the table then (0 to 1)."""

    step: int
    seat: int
    value: float


class MarkJson(TypedDict):
    """A turning point: a decision that lost ``loss`` of the seat's chance to win, the move
    played, the better one the search found, and why in one line."""

    step: int
    seat: int
    before: float
    after: float
    loss: float
    played: ActionJson
    best: ActionJson
    why: MessageJson


class ReviewJson(TypedDict):
    """A game's review: the seats reviewed, every position's value, and the turning points."""

    seats: list[int]
    points: list[ReviewPointJson]
    marks: list[MarkJson]


class ProgressJson(TypedDict):
    """How far a review has come: positions evaluated, of ``total``."""

    done: int
    total: int


class Review:
    """The review of one record's decisions by ``seats`` (default: the people, or every seat
    of a game the bots played alone); ``seconds`` of CPython CPU a position (default: the
    Strong bot's ``review_seconds``)."""

    def __init__(
        self, replay: Replay, seats: Sequence[int] | None = None, seconds: float | None = None
    ) -> None:
        self.replay = replay
        record = replay.record
        if seats is None:
            people = [i for i, s in enumerate(record.seats) if s.bot is None]
            seats = people or list(range(len(record.seats)))
        self.seats = sorted(set(seats))
        wanted: set[tuple[int, int]] = set()
        for step, (seat, _) in enumerate(record.actions):
            if seat in self.seats:
                wanted.update(((step, seat), (step + 1, seat)))
        if replay.over:  # each line ends on the outcome
            wanted.update((len(record.actions), seat) for seat in self.seats)
        #: Every (step, seat) to evaluate, in order.
        self.positions = sorted(wanted)
        self.values: dict[tuple[int, int], float] = {}
        bot = make_bot(replay.game.id, HINT_BOT)
        assert isinstance(bot, SearchBot)
        if seconds is not None:
            bot.review_seconds = seconds
        self.bot = bot

    def progress(self) -> ProgressJson:
        """Positions evaluated so far, of how many."""
        return {"done": len(self.values), "total": len(self.positions)}

    def run(self, count: int) -> ProgressJson:
        """Evaluate the next ``count`` positions."""
        for position in self.positions[len(self.values) : len(self.values) + count]:
            self.values[position] = self.value(*position)
        return self.progress()

    def value(self, step: int, seat: int) -> float:
        """``seat``'s chance to win after ``step`` actions, from its own view then."""
        state = self.replay.state_at(step)
        outcome = state.outcome()
        if outcome is not None:
            winners = outcome.winners
            return 1.0 / len(winners) if seat in winners else 0.0
        view = state.view(seat)
        return self.bot.evaluate(self.replay.game, view, seat, view_rng(view, seat))

    def result(self) -> ReviewJson:
        """The review, once every position is evaluated: each value, and up to ``MARKS``
        turning points per seat where the search found a better move."""
        if len(self.values) < len(self.positions):
            raise IllegalAction(Message.of("core.review.unfinished", **self.progress()))
        points: list[ReviewPointJson] = [
            {"step": step, "seat": seat, "value": round(value, 4)}
            for (step, seat), value in sorted(self.values.items())
        ]
        marks: list[MarkJson] = []
        actions = self.replay.record.actions
        for seat in self.seats:
            losses = sorted(
                (
                    (self.values[(step, seat)] - self.values[(step + 1, seat)], step)
                    for step, (who, _) in enumerate(actions)
                    if who == seat
                ),
                key=lambda ls: (-ls[0], ls[1]),
            )
            found: list[MarkJson] = []
            for loss, step in losses[:LOOKED_AT]:
                if loss < MISTAKE or len(found) == MARKS:
                    break
                mark = self._mark(step, seat, loss)
                if mark is not None:
                    found.append(mark)
            marks += sorted(found, key=lambda m: m["step"])
        return {"seats": self.seats, "points": points, "marks": marks}

    def _mark(self, step: int, seat: int, loss: float) -> MarkJson | None:
        """The turning point at ``step``, if the search would have played otherwise (else the
        loss came from chance or from the others, not from this decision)."""
        state = self.replay.state_at(step)
        view = state.view(seat)
        legal = state.legal_actions(seat)
        played = self.replay.game.decode_action(self.replay.record.actions[step][1])
        best, why = suggest(self.replay.game, view, seat, legal)
        if best is None or best == played:
            return None
        return {
            "step": step,
            "seat": seat,
            "before": round(self.values[(step, seat)], 4),
            "after": round(self.values[(step + 1, seat)], 4),
            "loss": round(loss, 4),
            "played": played.to_json(),
            "best": best.to_json(),
            "why": why.to_json(),
        }
