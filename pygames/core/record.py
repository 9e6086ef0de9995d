"""Match records: the save file, the share link and the replay, all in one.

A record is ``{game, options, seats, seed, actions: [[seat, action], ...]}``. Replaying it from
the seed gives exactly the same state, because all randomness comes from the state's RNG. It also
says which hints people asked for (``hints``: ``[seat, step]`` each), and ``no_hints`` when the
table was set up without them; neither changes the game.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from .contract import MatchRecordJson, SeatJson
from .errors import BadRecord, GameError
from .game import Game, JsonDict, State
from .limits import MAX_SEATS, quote, seat_name
from .messages import Message
from .rng import MAX_SEED

RECORD_VERSION = 1


@dataclass(frozen=True)
class Seat:
    """Who sits in a seat: a person (``bot`` is ``None``) or a bot by name."""

    name: str
    bot: str | None = None

    def to_json(self) -> SeatJson:
        """JSON form."""
        return {"name": self.name, "bot": self.bot}


@dataclass
class MatchRecord:
    """Everything needed to rebuild a match: its setup and every action taken."""

    game: str
    seats: list[Seat]
    seed: int
    options: JsonDict = field(default_factory=dict)
    actions: list[tuple[int, JsonDict]] = field(default_factory=list)
    #: ``(seat, step)`` of each hint asked for, once a step, in the order asked.
    hints: list[tuple[int, int]] = field(default_factory=list)
    #: The table was set up without hints.
    no_hints: bool = False

    def to_json(self) -> MatchRecordJson:
        """JSON form (plain lists and dicts)."""
        out: MatchRecordJson = {
            "version": RECORD_VERSION,
            "game": self.game,
            "options": self.options,
            "seats": [s.to_json() for s in self.seats],
            "seed": self.seed,
            "actions": [[seat, action] for seat, action in self.actions],
        }
        if self.hints:
            out["hints"] = [[seat, step] for seat, step in self.hints]
        if self.no_hints:
            out["no_hints"] = True
        return out

    def hints_used(self) -> list[int]:
        """How many hints each seat asked for."""
        used = [0] * len(self.seats)
        for seat, _ in self.hints:
            used[seat] += 1
        return used

    @classmethod
    def from_json(cls, data: Any) -> MatchRecord:
        """Parse and check the shape of a record; raises :class:`BadRecord`."""
        if not isinstance(data, dict):
            raise BadRecord(Message.of("core.record.not_object"))
        version = data.get("version", RECORD_VERSION)
        if version != RECORD_VERSION:
            raise BadRecord(
                Message.of("core.record.version", version=quote(version), expected=RECORD_VERSION)
            )
        game = data.get("game")
        if not isinstance(game, str):
            raise BadRecord(Message.of("core.record.no_game"))
        seed = data.get("seed")
        if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed <= MAX_SEED:
            raise BadRecord(Message.of("core.record.seed", max=MAX_SEED))
        options = data.get("options", {})
        if not isinstance(options, dict):
            raise BadRecord(Message.of("core.record.options"))
        raw_seats = data.get("seats")
        if not isinstance(raw_seats, list) or not raw_seats:
            raise BadRecord(Message.of("core.record.no_seats"))
        if len(raw_seats) > MAX_SEATS:
            raise BadRecord(Message.of("core.record.too_many_seats", max=MAX_SEATS))
        seats = []
        for i, s in enumerate(raw_seats):
            if not isinstance(s, dict) or not isinstance(s.get("name"), str):
                raise BadRecord(Message.of("core.record.seat_name", n=i + 1))
            bot = s.get("bot")
            if bot is not None and not isinstance(bot, str):
                raise BadRecord(Message.of("core.record.seat_bot", n=i + 1))
            # Names are capped, and a name that shows nothing named by default, as the lobby
            # does, whoever wrote the record.
            seats.append(Seat(seat_name(s["name"], i), bot))
        raw_actions = data.get("actions", [])
        if not isinstance(raw_actions, list):
            raise BadRecord(Message.of("core.record.actions"))
        actions: list[tuple[int, JsonDict]] = []
        for i, pair in enumerate(raw_actions):
            if (
                not isinstance(pair, list)
                or len(pair) != 2
                or not isinstance(pair[0], int)
                or isinstance(pair[0], bool)
                or not isinstance(pair[1], dict)
            ):
                raise BadRecord(Message.of("core.record.action_malformed", n=i + 1))
            actions.append((pair[0], pair[1]))
        return cls(
            game=game,
            seats=seats,
            seed=seed,
            options=options,
            actions=actions,
            hints=_hints(data.get("hints", []), len(seats), len(actions)),
            no_hints=_yes_no(data.get("no_hints", False)),
        )

    def replay(
        self, game: Game, upto: int | None = None, on_step: Callable[[State], None] | None = None
    ) -> State:
        """The state after the first ``upto`` actions (all by default); ``on_step(state)`` is
        called after each action (a match collects what each showed whom, ``State.news``).

        Raises :class:`BadRecord` naming the first action that does not apply.
        """
        try:
            state = game.new_state(len(self.seats), self.seed, self.options)
        except GameError as exc:
            raise BadRecord(Message.of("core.record.cannot_start", detail=exc.message)) from exc
        for i, (seat, data) in enumerate(self.actions[:upto]):
            try:
                state.apply(seat, game.decode_action(data))
            except GameError as exc:
                raise BadRecord(
                    Message.of("core.record.does_not_apply", n=i + 1, detail=exc.message)
                ) from exc
            if on_step is not None:
                on_step(state)
        return state


def _whole(value: object, low: int, high: int) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and low <= value <= high


def _hints(raw: object, seats: int, steps: int) -> list[tuple[int, int]]:
    """The hints of a record: ``[seat, step]`` pairs, each once, none after the last step."""
    if not isinstance(raw, list):
        raise BadRecord(Message.of("core.record.hints"))
    hints: list[tuple[int, int]] = []
    seen: set[tuple[int, int]] = set()
    for pair in raw:
        if (
            not isinstance(pair, list)
            or len(pair) != 2
            or not _whole(pair[0], 0, seats - 1)
            or not _whole(pair[1], 0, steps)
            or (pair[0], pair[1]) in seen
        ):
            raise BadRecord(Message.of("core.record.hints"))
        seen.add((pair[0], pair[1]))
        hints.append((pair[0], pair[1]))
    return hints


def _yes_no(raw: object) -> bool:
    if not isinstance(raw, bool):
        raise BadRecord(Message.of("core.record.no_hints"))
    return raw
