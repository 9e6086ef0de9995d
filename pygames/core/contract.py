"""The JSON every game's view shares, declared once: mypy checks the core builds it this way,
and scripts/contract.py writes the same shapes for the page (web/js/views.d.ts).

Each game declares its own ``"table"`` in its ``views.py``, the same way; the bridge's replies
are in pygames/replies.py.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Annotated, Any, NotRequired, TypedDict


@dataclass(frozen=True)
class TypeScript:
    """Names the page's own TypeScript type for a JSON value Python types loosely (an action
    has a field per kind: the page's ``Action``)."""

    name: str


@dataclass(frozen=True, init=False)
class JsonTuple:
    """Marks a list of fixed length whose items have these types, in order: a list in Python (as
    a JSON round trip gives it back), a tuple for the page (``[number, string]``)."""

    items: tuple[Any, ...]

    def __init__(self, *items: Any) -> None:
        object.__setattr__(self, "items", items)


#: An action in its stable JSON form, e.g. ``{"type": "farmer", "paddy": 2}``.
ActionJson = Annotated[dict[str, Any], TypeScript("Action")]
#: A game's options (``first_player``, ``memory_aid``, ``teams``, ...).
OptionsJson = Annotated[dict[str, Any], TypeScript("GameOptions")]
#: ``[seat, action]``: one action of a record (a JSON array, so a list here, not a tuple).
RecordedJson = Annotated[list[Any], TypeScript("[number, Action]")]


class SeatJson(TypedDict):
    """A seat of a match: the name chosen in the lobby and its bot (null: a person)."""

    name: str
    bot: str | None


class MatchRecordJson(TypedDict):
    """The match record: the save file, the share link and the replay."""

    version: int
    game: str
    options: OptionsJson
    seats: list[SeatJson]
    seed: int
    #: ``[seat, action]`` in the order they were taken.
    actions: list[RecordedJson]
    #: ``[seat, step]`` of each hint a person asked for (once a step), when any was.
    hints: NotRequired[list[list[int]]]
    #: The table was set up without hints.
    no_hints: NotRequired[bool]


class UndoJson(TypedDict):
    """Whether the seat on screen may undo now under the undo policy, and if not, why."""

    possible: bool
    why: MessageJson | None


class FirstPlayerJson(TypedDict):
    """The option naming who starts, its label's message id, and whether it may be null (the
    engine picks at random)."""

    option: str
    label: str
    random: bool


class GameJson(TypedDict):
    """What a lobby needs to know about a game (``Game.describe``); words are message ids."""

    id: str
    #: Message ids: ``<game>.title``, ``<game>.blurb``, and ``<game>.pitch`` (one line for the
    #: lobby's card).
    title: str
    blurb: str
    pitch: str
    #: The rules page's picture on the lobby's card (its id in ``js/pictures.json``), if any.
    cover: str | None
    #: About how many turns each player takes in a game (``Game.turns_each``), if known.
    turns_each: int | None
    min_players: int
    max_players: int
    default_players: int
    #: Null when the lobby does not choose who starts.
    first_player: FirstPlayerJson | None
    hidden_information: bool
    setup_editor: str | None
    #: The game has a guided first game ("Learn to play").
    tutorial: bool
    #: Tanbo: the standard setup as a custom one (the setup editor's start).
    standard_setup: NotRequired[dict[str, Any]]
    #: Humble Tea Party: who may play Team Battle, and the teams the lobby starts from.
    team_battle: NotRequired[TeamBattleJson]


class TeamBattleJson(TypedDict):
    """A team game's rules for the lobby (ruling H14): the player counts it allows, the
    teams' ids, and the teams each count starts from (alternate seats)."""

    sizes: list[int]
    teams: list[int]
    #: By player count (as text: a JSON key): each seat's team.
    default: dict[str, list[int]]


class MessageJson(TypedDict):
    """Something the engine says (a log line, a reason, a refusal): an id and its arguments,
    rendered in the reader's language by the page. Seats are indices."""

    id: str
    #: Numbers, words, and other messages in the same shape. The page's own messages may
    #: leave it out.
    args: NotRequired[dict[str, Any]]


class OutcomeJson(TypedDict):
    """How a finished game ended."""

    #: Several seats in a shared win.
    winners: list[int]
    #: One number per seat.
    scores: list[int]
    #: Why the winners won.
    reason: MessageJson
    #: The game's own figures (a per-hand breakdown, the tie-break used, ...).
    details: dict[str, Any]


class ViewJson(TypedDict):
    """What one seat may see (``State.view``); ``table`` is the game's own part."""

    game: str
    players: int
    #: The seat this view is for; null for a spectator (and for a replay's "everything").
    seat: int | None
    #: Seats that may act now (those awaited, and others with optional actions such as Tea).
    actors: list[int]
    #: Seats the game waits for.
    awaiting: list[int]
    over: bool
    outcome: OutcomeJson | None
    #: The log lines this seat may read.
    log: list[MessageJson]
    #: The game's table (its views.py declares it).
    table: Mapping[str, Any]
    #: A finished game's replay showing every secret (``State.full_view``).
    everything: NotRequired[bool]
