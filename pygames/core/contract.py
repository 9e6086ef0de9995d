"""The JSON every game's view shares, declared once: mypy checks the core builds it this way,
and scripts/contract.py writes the same shapes for the page (web/js/views.d.ts).

Each game declares its own ``"table"`` in its ``views.py``, the same way.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, NotRequired, TypedDict


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
