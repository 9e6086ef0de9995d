"""The English text of the structured messages the engine sends (log lines, reasons)."""

from __future__ import annotations

import json
from functools import lru_cache
from typing import Any

from pygames.core import Message


@lru_cache(maxsize=100_000)
def _said(message_json: str) -> str:
    return str(Message.from_json(json.loads(message_json)))


def lines(log: list[Any]) -> list[str]:
    """The English text of a view's or a reply's log (a list of message JSON).

    Rendering is cached by each line's JSON: the random-play tests read the whole, growing log
    after every step, and rendering it anew each time made them quadratic.
    """
    return [_said(json.dumps(m, sort_keys=True)) for m in log]
