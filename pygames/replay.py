"""Replays: any step of a match record, as one seat saw it then (or everything, once it is over).

A :class:`Replay` plays the record through once, keeping a copy of the state every
``CHECKPOINT`` steps and the step at which each log entry appeared; a step is then one
checkpoint copy plus at most ``CHECKPOINT - 1`` actions away.

>>> from pygames.core import MatchRecord, Seat
>>> from pygames.games import get_game
>>> record = MatchRecord("tanbo", [Seat("Ann"), Seat("Bob", "random")], seed=3,
...                      actions=[(0, {"type": "farmer", "paddy": 2})])
>>> replay = Replay(get_game("tanbo"), record)
>>> replay.steps, replay.view(1, 0)["view"]["table"]["rings"][0][2]["farmer"]
(1, True)
"""

from __future__ import annotations

import itertools

from .core import Game, IllegalAction, MatchRecord, Message, State
from .replies import ReplayViewReply

CHECKPOINT = 16
EVERYTHING = -2
SPECTATOR = -1


class Replay:
    """The steps of one record, ready to be shown as any seat saw them."""

    def __init__(self, game: Game, record: MatchRecord) -> None:
        self.game = game
        self.record = record
        # The record's own replay (its errors name the action that does not apply), watched.
        start = record.replay(game, upto=0)
        checkpoints: list[State] = [start]
        entry_steps = [0 for _ in start.log]  # the step at which each log entry appeared

        def watch(state: State) -> None:
            step = next(steps)
            entry_steps.extend(step for _ in state.log[len(entry_steps) :])
            if step % CHECKPOINT == 0:
                checkpoints.append(state.clone())

        steps = itertools.count(1)
        self.final = record.replay(game, on_step=watch)
        self._checkpoints = checkpoints
        self._entry_steps = entry_steps

    @property
    def steps(self) -> int:
        """How many actions the record holds (steps run from 0, the setup, to this)."""
        return len(self.record.actions)

    @property
    def over(self) -> bool:
        """Whether the record ends the game (only then may everything be shown)."""
        return self.final.is_over()

    def state_at(self, step: int) -> State:
        """A copy of the state after the first ``step`` actions."""
        state = self._checkpoints[step // CHECKPOINT].clone()
        for seat, data in self.record.actions[step - step % CHECKPOINT : step]:
            state.apply(seat, self.game.decode_action(data))
        return state

    def view(self, step: int, seat: int) -> ReplayViewReply:
        """What ``seat`` saw after ``step`` actions (``SPECTATOR``: a spectator;
        ``EVERYTHING``: every secret, for a finished game only), with the log of the whole
        record as that seat may read it and, for each line, the step that wrote it."""
        if not 0 <= step <= self.steps:
            raise IllegalAction(Message.of("core.replay.no_step", steps=self.steps, step=step))
        if seat == EVERYTHING and not self.over:
            raise IllegalAction(Message.of("core.replay.not_over"))
        if seat not in (EVERYTHING, SPECTATOR) and not 0 <= seat < self.final.players:
            raise IllegalAction(Message.of("core.no_seat", seat=seat))
        state = self.state_at(step)
        who = None if seat < 0 else seat
        visible = [
            (entry.message.to_json(), at)
            for entry, at in zip(self.final.log, self._entry_steps, strict=True)
            if seat == EVERYTHING or entry.visible_to(who)
        ]
        action = self.record.actions[step - 1] if step else None
        return {
            "step": step,
            "steps": self.steps,
            "over": self.over,
            "view": state.full_view() if seat == EVERYTHING else state.view(who),
            "action": None if action is None else {"seat": action[0], "action": action[1]},
            "log": [line for line, _ in visible],
            "log_steps": [at for _, at in visible],
        }
