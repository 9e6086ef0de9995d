"""The bridge's replies, declared once: mypy checks pygames/bridge.py builds them this way, and
scripts/contract.py writes the same shapes for the page (web/js/views.d.ts).

Every reply is ``{"ok": true, ...}`` with these fields, or a :class:`Failure`.
"""

from __future__ import annotations

from typing import Literal, NotRequired, TypedDict

from .core.contract import (
    ActionJson,
    GameJson,
    MatchRecordJson,
    MessageJson,
    OptionsJson,
    RecordedJson,
    SeatJson,
    UndoJson,
    ViewJson,
)


class Refusal(TypedDict):
    """A refusal: the match is exactly as it was; ``error`` is its English text, ``message``
    the same to render in the reader's language. An ``InternalError`` is an engine bug."""

    ok: Literal[False]
    error: str
    message: MessageJson
    error_type: str


class EngineGame(GameJson):
    """A game of the catalogue, with its bots and its default options."""

    bots: list[str]
    options: OptionsJson


class GamesReply(TypedDict):
    """``games()``: every game the engine knows."""

    games: list[EngineGame]


class Status(TypedDict):
    """Whose decision it is and how far the match is."""

    match: str
    game: str
    #: Actions taken so far.
    step: int
    #: Seats that may act now (those awaited, and others with optional actions such as Tea).
    actors: list[int]
    #: Seats the game waits for.
    awaiting: list[int]
    over: bool
    seats: list[SeatJson]
    #: Whether the shown seat may undo now; every screen's status carries it.
    undo: NotRequired[UndoJson]


class OptionalActions(TypedDict):
    """What another seat may do without being waited for (Humble Tea Party's Tea)."""

    seat: int
    legal: list[ActionJson]


class ViewReply(TypedDict):
    """``view(match, seat)``: the status, that seat's view and legal actions, and the optional
    actions of other seats."""

    status: Status
    view: ViewJson
    legal: list[ActionJson]
    optional: list[OptionalActions]


class SeatScreen(ViewReply):
    """The screen a decision's answer carries: what ``view`` would answer for ``seat``, the
    seat the page shows next (the first person awaited, else the seat the page named if a
    person sits there, else the first person, else -1: a spectator). Never a bot's own view."""

    seat: int


#: A field named ``from`` needs the functional form.
RecordTail = TypedDict("RecordTail", {"from": int, "actions": list[RecordedJson]})
RecordTail.__doc__ = """The actions appended to the record from step ``from`` on (the page keeps
its own copy)."""


class OpenedReply(SeatScreen):
    """The answer to a call that (re)opens a match: its first screen and its whole record."""

    match: str
    record: MatchRecordJson


class NewMatchReply(OpenedReply):
    """``new_match``: the match opened, with the seed it was dealt from."""

    seed: int


class Salvaged(TypedDict):
    """A record that broke at action ``kept + 1``, opened before it, with the refusal the whole
    record got."""

    kept: int
    problem: MessageJson


class ImportReply(OpenedReply):
    """``import_record``: the match opened (perhaps salvaged: see :class:`Salvaged`)."""

    salvaged: NotRequired[Salvaged]


class ActReply(SeatScreen):
    """The answer to ``act`` (and to ``bot_act``, where ``action`` is null when the bot
    declines)."""

    action: ActionJson | None
    #: The new log lines the shown seat may read.
    log: list[MessageJson]
    tail: RecordTail


class BotChooseReply(TypedDict):
    """``bot_choose``: the bot's action, not applied."""

    #: Null: the bot declines an optional action.
    action: ActionJson | None


class HintReply(TypedDict):
    """``hint``: what the Strong bot would do in a person's seat, and why, in one line."""

    #: Null: nothing to do now (an optional action the bot would not take).
    action: ActionJson | None
    why: MessageJson
    #: The record's ``hints`` now (``[seat, step]`` of each), for the page's copy of it.
    hints: list[list[int]]


class RecordReply(TypedDict):
    """``export_record``: the match record."""

    record: MatchRecordJson


class OpenReplayReply(TypedDict):
    """``open_replay``: a replay of the match as it stands."""

    replay: str
    game: str
    steps: int
    over: bool
    seats: list[SeatJson]


class ReplayAction(TypedDict):
    """The action that led to a step of a replay, and whose it was."""

    seat: int
    action: ActionJson


class ReplayViewReply(TypedDict):
    """``replay_view``: one step of a replay as one seat saw it."""

    step: int
    steps: int
    over: bool
    view: ViewJson
    #: The action that led to this step (null at step 0).
    action: ReplayAction | None
    log: list[MessageJson]
    #: The step that wrote each line of ``log``.
    log_steps: list[int]


class Closed(TypedDict):
    """``close`` and ``close_replay``: nothing more to say."""


class DealReply(TypedDict):
    """``new_deal``: the host's secret (kept on the host's device until the end) and its
    commitment (shown to every guest)."""

    secret: str
    commitment: str


class DigestReply(TypedDict):
    """``view_digest``: what a guest keeps of a view it was shown, to check at the end."""

    digest: str


class CheckReply(TypedDict):
    """``check_match``: what did not hold in a match across devices (nothing: it is verified)."""

    problems: list[MessageJson]
