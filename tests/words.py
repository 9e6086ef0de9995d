"""The English text of the structured messages the engine sends (log lines, reasons)."""

from __future__ import annotations

import json
from functools import lru_cache
from typing import Any

from pygames.core import Message

# Lines already rendered, by the identity of their JSON object. A view made in this process
# hands out the same object for a line at every step (Message.to_json is made once), so the
# whole, growing log is rendered once per line, not once per step. The entry keeps the object,
# so its id cannot be reused while the entry lives.
_by_object: dict[int, tuple[Any, str]] = {}
_MAX_OBJECTS = 200_000


@lru_cache(maxsize=100_000)
def _said(message_json: str) -> str:
    return str(Message.from_json(json.loads(message_json)))


def _line(m: Any) -> str:
    known = _by_object.get(id(m))
    if known is not None and known[0] is m:
        return known[1]
    text = _said(json.dumps(m, sort_keys=True))
    if len(_by_object) >= _MAX_OBJECTS:
        _by_object.clear()
    _by_object[id(m)] = (m, text)
    return text


def lines(log: list[Any]) -> list[str]:
    """The English text of a view's or a reply's log (a list of message JSON).

    Rendering is cached: the random-play tests read the whole, growing log after every step,
    and rendering it anew each time made them quadratic.
    """
    return [_line(m) for m in log]
