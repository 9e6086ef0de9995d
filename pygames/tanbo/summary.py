"""What each player did on their last turn: the public summary the table shows until they play
again (sown paddies, the paddy acted on and its action, Big Movement chains, the swaps they made
in the opponent's turn, End-phase removals, points).

Summaries are immutable values: the state replaces one when something is added, so a copy of
the state shares them safely.

>>> move = Movement(start=1, placed=((2, 0), (3, 1)), again=False, paddy=3, work=Work.HARVEST,
...                 took=(0, 1, 0, 1, 0))
>>> turn = Turn(number=4, step=9, moves=(move,), points=8, done=True)
>>> str(turn_text(turn))
'From paddy 2 to 4 (2 tokens): Harvest, took 1 Yellow Rice and 1 Red Rice (+8).'
>>> Turn.from_json(turn.to_json()) == turn
True
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Annotated, Any, TypedDict

from ..core import Message
from ..core.contract import JsonTuple
from .field import Spot, Work, WorkWord
from .tokens import (
    TOKEN_BY_WORD,
    TOKEN_WORDS,
    RiceJson,
    Token,
    TokenWord,
    points,
    rice_count,
    rice_from_json,
    rice_json,
)
from .words import a as a_token
from .words import clauses, count, rice, sentences


class PlacedJson(TypedDict):
    """A token placed in a paddy, as sowing placed it."""

    paddy: int
    token: TokenWord


class SwapJson(TypedDict):
    """A swap of two tokens, each ``[paddy, token]``, as in the swap action."""

    a: Annotated[list[int | TokenWord], JsonTuple(int, TokenWord)]
    b: Annotated[list[int | TokenWord], JsonTuple(int, TokenWord)]


class ClearedJson(TypedDict):
    """What a Sow cleared from the paddy: Snakes to the supply, Rice to the bag."""

    snakes: int
    rice: RiceJson


#: One movement of a turn and the action it led to (``from``: the paddy picked up).
MovementJson = TypedDict(
    "MovementJson",
    {
        "from": int,
        "placed": list[PlacedJson],
        "again": bool,
        "paddy": int,
        "action": WorkWord,
        "took": RiceJson,
        "drew": RiceJson,
        "cleared": ClearedJson,
        "snakes_added": int,
        "farmer_to": int | None,
        "returned": RiceJson,
        "swap": SwapJson | None,
        "no_swap": bool,
    },
)
MovementJson.__doc__ = """One movement of a turn (a Big Movement starts another) and the action it
led to: ``from`` is the paddy picked up, ``paddy`` where the last token landed."""


class RemovedJson(TypedDict):
    """Tokens an End phase removed from an over-full paddy."""

    paddy: int
    token: TokenWord
    count: int


class TurnJson(TypedDict):
    """A player's last turn (``turn`` 0: the setup), until they play again."""

    turn: int
    #: Decisions taken in the game when this summary last changed.
    step: int
    #: The setup: the paddy where the Farmer was placed.
    farmer: int | None
    moves: list[MovementJson]
    removed: list[RemovedJson]
    #: Swaps made in the opponent's Big Movements since.
    swaps: list[SwapJson]
    #: Scored this turn (Harvest).
    points: int
    #: Returned this turn (Rest).
    lost: int
    #: The turn is over (else it is being played).
    done: bool


Tally = tuple[int, int, int, int, int]  # counts by Token, like Counts but immutable
NONE: Tally = (0, 0, 0, 0, 0)
SwapSpots = tuple[Spot, Spot]


def tally(counts: Sequence[int]) -> Tally:
    """An immutable copy of a count list."""
    return (counts[0], counts[1], counts[2], counts[3], counts[4])


def add(a: Tally, b: Sequence[int]) -> Tally:
    """``a + b`` by kind."""
    return (a[0] + b[0], a[1] + b[1], a[2] + b[2], a[3] + b[3], a[4] + b[4])


@dataclass(frozen=True)
class Movement:
    """One movement of a turn (a Big Movement starts another) and the action it led to."""

    start: int  # the paddy picked up
    placed: tuple[tuple[int, int], ...]  # (paddy, token) in the order placed
    again: bool  # this movement follows a Big Movement
    paddy: int  # where the last token landed: the paddy acted on
    work: Work
    took: Tally = NONE  # Harvest: Rice taken and scored
    drew: Tally = NONE  # Cultivate, or Sow of Snakes: Rice drawn from the bag into the paddy
    cleared: Tally = NONE  # Sow: what went back to the supply and the bag
    snakes_added: int = 0  # Sow of Rice: Snakes added from the supply
    farmer_to: int | None = None  # Rest: where the Farmer went (None: he stayed)
    returned: Tally = NONE  # Rest: collected Rice returned to the bag
    swap: SwapSpots | None = None  # Big Movement: the opponent's swap, once made
    no_swap: bool = False  # Big Movement: the opponent had no two different tokens to swap

    def to_json(self) -> MovementJson:
        return {
            "from": self.start,
            "placed": [{"paddy": p, "token": TOKEN_WORDS[t]} for p, t in self.placed],
            "again": self.again,
            "paddy": self.paddy,
            "action": self.work.value,
            "took": rice_json(self.took),
            "drew": rice_json(self.drew),
            "cleared": {"snakes": self.cleared[0], "rice": rice_json(self.cleared)},
            "snakes_added": self.snakes_added,
            "farmer_to": self.farmer_to,
            "returned": rice_json(self.returned),
            "swap": None if self.swap is None else swap_json(self.swap),
            "no_swap": self.no_swap,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Movement:
        cleared = rice_from_json(data["cleared"]["rice"])
        cleared[0] = int(data["cleared"]["snakes"])
        farmer_to = data["farmer_to"]
        swap = data["swap"]
        return cls(
            start=int(data["from"]),
            placed=tuple((int(e["paddy"]), int(TOKEN_BY_WORD[e["token"]])) for e in data["placed"]),
            again=bool(data["again"]),
            paddy=int(data["paddy"]),
            work=Work(str(data["action"]).lower().replace(" ", "_")),  # also "Big Movement"
            took=tally(rice_from_json(data["took"])),
            drew=tally(rice_from_json(data["drew"])),
            cleared=tally(cleared),
            snakes_added=int(data["snakes_added"]),
            farmer_to=None if farmer_to is None else int(farmer_to),
            returned=tally(rice_from_json(data["returned"])),
            swap=None if swap is None else swap_from_json(swap),
            no_swap=bool(data["no_swap"]),
        )


@dataclass(frozen=True)
class Turn:
    """A player's last turn (``number`` 0: the setup, where they placed their Farmer), and the
    swaps they made in the opponent's turn since, until they play again."""

    number: int  # the turn number (the state's turns begun); 0 for the setup
    step: int  # decisions taken in the game when this summary last changed
    farmer: int | None = None  # setup: the paddy where the Farmer was placed
    moves: tuple[Movement, ...] = ()
    removed: tuple[tuple[int, int, int], ...] = ()  # End phase: (paddy, token, how many)
    swaps: tuple[SwapSpots, ...] = ()  # swaps made in the opponent's Big Movements since
    points: int = 0  # scored this turn (Harvest)
    lost: int = 0  # returned this turn (Rest)
    done: bool = False  # the turn is over (else it is being played)

    def to_json(self) -> TurnJson:
        return {
            "turn": self.number,
            "step": self.step,
            "farmer": self.farmer,
            "moves": [m.to_json() for m in self.moves],
            "removed": [
                {"paddy": p, "token": TOKEN_WORDS[t], "count": n} for p, t, n in self.removed
            ],
            "swaps": [swap_json(s) for s in self.swaps],
            "points": self.points,
            "lost": self.lost,
            "done": self.done,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Turn:
        farmer = data["farmer"]
        return cls(
            number=int(data["turn"]),
            step=int(data["step"]),
            farmer=None if farmer is None else int(farmer),
            moves=tuple(Movement.from_json(m) for m in data["moves"]),
            removed=tuple(
                (int(r["paddy"]), int(TOKEN_BY_WORD[r["token"]]), int(r["count"]))
                for r in data["removed"]
            ),
            swaps=tuple(swap_from_json(s) for s in data["swaps"]),
            points=int(data["points"]),
            lost=int(data["lost"]),
            done=bool(data["done"]),
        )


def swap_json(swap: SwapSpots) -> SwapJson:
    """``{"a": [paddy, token], "b": [paddy, token]}``, as in the swap action."""
    (p, t), (q, u) = swap
    return {"a": [p, TOKEN_WORDS[t]], "b": [q, TOKEN_WORDS[u]]}


def swap_from_json(data: Mapping[str, Any]) -> SwapSpots:
    """Inverse of :func:`swap_json`."""
    a, b = data["a"], data["b"]
    return (int(a[0]), int(TOKEN_BY_WORD[a[1]])), (int(b[0]), int(TOKEN_BY_WORD[b[1]]))


# --- words ---------------------------------------------------------------------------------


def _work(m: Movement) -> Message:
    """The action and what it did: "Harvest, took 2 Red Rice (+10)"."""
    work = m.work
    if work is Work.REST:
        if m.farmer_to is None:
            return _did("rest_stayed")
        if rice_count(m.returned):
            return _did(
                "rest_returned",
                paddy=m.farmer_to + 1,
                rice=rice(m.returned),
                points=points(m.returned),
            )
        return _did("rest", paddy=m.farmer_to + 1)
    if work is Work.SOW:
        if m.cleared[Token.SNAKE]:
            snakes = count(m.cleared[Token.SNAKE], Token.SNAKE)
            if not rice_count(m.drew):
                return _did("sow_snakes_empty", snakes=snakes)
            return _did("sow_snakes", snakes=snakes, rice=rice(m.drew))
        if not m.snakes_added:
            return _did("sow_rice_none", rice=rice(m.cleared))
        short = "_short" if m.snakes_added < 2 else ""
        return _did(
            f"sow_rice{short}", rice=rice(m.cleared), snakes=count(m.snakes_added, Token.SNAKE)
        )
    if work is Work.HARVEST:
        if not rice_count(m.took):
            return _did("harvest")
        return _did("harvest_took", rice=rice(m.took), points=points(m.took))
    if work is Work.CULTIVATE:
        if not rice_count(m.drew):
            return _did("cultivate_empty")
        return _did("cultivate", rice=rice(m.drew))
    return _did("big_movement_none" if m.no_swap else "big_movement")


def _did(key: str, /, **args: Any) -> Message:
    return Message.of(f"tanbo.did.{key}", **args)


def _movement(m: Movement, first: bool) -> Message:
    return Message.of(
        "tanbo.last.move" if first else "tanbo.last.move_then",
        start=m.start + 1,
        paddy=m.paddy + 1,
        n=len(m.placed),
        what=_work(m),
    )


def swap_text(swap: SwapSpots) -> Message:
    """``"Swapped a Snake in paddy 1 with the Farmer in paddy 3."``"""
    (p, t), (q, u) = swap
    return Message.of("tanbo.last.swapped", a=a_token(t), p=p + 1, b=a_token(u), q=q + 1)


def turn_text(turn: Turn, live: tuple[int, int] | None = None) -> Message | None:
    """What the player did, in words (``live``: the movement under way, as the paddy it
    started from and the tokens still in hand); ``None`` if nothing yet."""
    parts: list[Message] = []
    if turn.farmer is not None:
        parts.append(Message.of("tanbo.last.farmer", paddy=turn.farmer + 1))
    if turn.moves or live:
        items = [_movement(m, i == 0) for i, m in enumerate(turn.moves)]
        if live is not None:
            start, left = live
            if items:
                items.append(Message.of("tanbo.last.again", paddy=start + 1))
            else:
                items.append(Message.of("tanbo.last.live", paddy=start + 1, n=left))
        if turn.removed:
            removed = [_removed(r) for r in turn.removed]
            items.append(Message.of("tanbo.last.removed", items=removed))
        parts.append(Message.of("tanbo.last.end", what=clauses(items)))
    parts.extend(swap_text(s) for s in turn.swaps)
    return sentences(parts) if parts else None


def _removed(r: tuple[int, int, int]) -> Message:
    p, t, n = r
    return Message.of("tanbo.last.removed_from", tokens=count(n, t), paddy=p + 1)
