"""The English text of the structured messages the engine sends (log lines, reasons)."""

from __future__ import annotations

from typing import Any

from pygames.core import Message


def lines(log: list[Any]) -> list[str]:
    """The English text of a view's or a reply's log (a list of message JSON)."""
    return [str(Message.from_json(m)) for m in log]
