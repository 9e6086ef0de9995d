"""A tiny game used to test the game-agnostic parts (core, bridge, conformance harness).

Two to four players take 1-3 stones in turn from a pile; whoever takes the last stone wins.
Each seat also holds a secret number that only it may see, so leaks can be tested. The
``boom`` action is legal and crashes halfway through applying, like an engine bug would. With
the ``cheer`` option, every other seat may cheer once per game, whenever it likes, without the
game waiting for it (like Humble Tea Party's Tea).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from pygames.bots import register
from pygames.bots.base import Bot
from pygames.core import (
    Action,
    ActionCodec,
    BadOptions,
    Game,
    JsonDict,
    LogEntry,
    Outcome,
    Rng,
    State,
    text,
)
from pygames.core.contract import ViewJson
from pygames.games import register_game


@dataclass(frozen=True)
class Take(Action):
    kind = "take"
    stones: int


@dataclass(frozen=True)
class Boom(Action):
    kind = "boom"


@dataclass(frozen=True)
class Cheer(Action):
    kind = "cheer"


class PileState(State):
    def __init__(
        self, game: Game, players: int, pile: int, rng: Rng, boom: bool, cheer: bool = False
    ) -> None:
        self.game = game
        self.players = players
        self.pile = pile
        self.rng = rng
        self.turn = 0
        self.turns = 1
        self.winner: int | None = None
        self.boom = boom
        self.cheer = cheer
        self.cheered: list[int] = []
        self.secrets = [rng.randbelow(1000) + 1000 for _ in range(players)]
        self.log: list[LogEntry] = [
            LogEntry(text(f"Your secret is {s}"), (i,)) for i, s in enumerate(self.secrets)
        ]

    def actors(self) -> tuple[int, ...]:
        if self.winner is not None:
            return ()
        cheerers = [
            s
            for s in range(self.players)
            if self.cheer and s != self.turn and s not in self.cheered
        ]
        return (self.turn, *cheerers)

    def awaiting(self) -> tuple[int, ...]:
        return () if self.winner is not None else (self.turn,)

    def legal_actions(self, seat: int) -> list[Action]:
        if seat not in self.actors():
            return []
        if seat != self.turn:
            return [Cheer()]
        takes: list[Action] = [Take(n) for n in (1, 2, 3) if n <= self.pile]
        return [*takes, Boom()] if self.boom else takes

    def _apply(self, seat: int, action: Action) -> None:
        if isinstance(action, Boom):
            self.pile -= 1
            raise RuntimeError("boom")
        if isinstance(action, Cheer):
            self.cheered.append(seat)
            self.log.append(LogEntry(text(f"Player {seat + 1} cheers")))
            return
        assert isinstance(action, Take)
        self.pile -= action.stones
        self.log.append(LogEntry(text(f"Player {seat + 1} takes {action.stones}")))
        if self.pile == 0:
            self.winner = seat
        else:
            self.turn = (self.turn + 1) % self.players
            self.turns += 1

    def is_over(self) -> bool:
        return self.winner is not None

    def outcome(self) -> Outcome | None:
        if self.winner is None:
            return None
        scores = tuple(int(i == self.winner) for i in range(self.players))
        return Outcome((self.winner,), scores, text("took the last stone"))

    def turns_taken(self) -> int:
        return self.turns

    def _table_view(self, seat: int | None) -> JsonDict:
        return {
            "pile": self.pile,
            "turn": self.turn,
            "cheer": self.cheer,
            "cheered": list(self.cheered),
            "secret": None if seat is None else self.secrets[seat],
        }

    def to_json(self) -> JsonDict:
        return {
            "players": self.players,
            "pile": self.pile,
            "rng": self.rng.state,
            "turn": self.turn,
            "turns": self.turns,
            "winner": self.winner,
            "boom": self.boom,
            "cheer": self.cheer,
            "cheered": self.cheered,
            "secrets": self.secrets,
            "log": [e.to_json() for e in self.log],
        }

    def check_invariants(self) -> None:
        assert self.pile >= 0


class PileGame(Game):
    id = "pile"
    title = "Pile"
    min_players = 2
    max_players = 4
    codec = ActionCodec(Take, Boom, Cheer)

    def default_options(self, players: int) -> JsonDict:
        return {"pile": 15, "boom": False, "cheer": False}

    def validate_options(self, players: int, options: Mapping[str, Any]) -> JsonDict:
        opts = super().validate_options(players, options)
        if not isinstance(opts["pile"], int) or not 1 <= opts["pile"] <= 100:
            raise BadOptions(text("The pile must hold 1 to 100 stones."))
        return opts

    def new_state(self, players: int, seed: int, options: Mapping[str, Any]) -> PileState:
        opts = self.validate_options(players, options)
        return PileState(
            self, players, opts["pile"], Rng(seed), bool(opts["boom"]), bool(opts["cheer"])
        )

    def state_from_json(self, data: Mapping[str, Any]) -> PileState:
        state = PileState(
            self, data["players"], data["pile"], Rng(data["rng"]), data["boom"], data["cheer"]
        )
        state.cheered = list(data["cheered"])
        state.turn, state.turns, state.winner = data["turn"], data["turns"], data["winner"]
        state.secrets = list(data["secrets"])
        state.rng = Rng(data["rng"])  # the constructor drew the secrets from it
        state.log = [LogEntry.from_json(e) for e in data["log"]]
        return state

    def state_from_view(self, view: Mapping[str, Any], seat: int, rng: Rng) -> PileState:
        table = view["table"]
        state = PileState(self, view["players"], table["pile"], rng, False, table["cheer"])
        state.cheered = list(table["cheered"])
        state.turn = table["turn"]
        state.secrets[seat] = table["secret"]
        state.log = []
        return state


class TakeOneBot(Bot):
    """Always takes one stone: predictable, for bridge tests."""

    name = "take-one"

    def choose(self, game: Game, view: ViewJson, seat: int, legal: Any, rng: Rng) -> Action:
        return Take(1) if seat in view["awaiting"] else Cheer()


PILE = register_game(PileGame())
register("pile", TakeOneBot)
