"""The terminal's words: the games' own catalogues (what the page says) and a small catalogue
of the terminal's prompts (``pygames/terminal/i18n``), in English or Japanese.

The terminal's catalogue is read here and not registered with :mod:`pygames.core.messages`:
the page never says these words, so they stay out of the catalogue the build ships to it.

>>> say = Speaker("en", ["Aiko", "Kenji"])
>>> say("terminal.step", step=3)
'Step 3'
>>> say("tanbo.ui.act.farmer", paddy=2)
'Put your Farmer in paddy 2'
>>> say.seat(1)
'Kenji'
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping, Sequence
from functools import cache
from importlib import resources
from typing import Any

from ..core.messages import Message, render, seat_name, template

_PLACEHOLDER = re.compile(r"\{(\w+)(?::(\w+))?\}")


@cache
def _terminal_words(lang: str) -> Mapping[str, str]:
    path = resources.files(__package__ or "pygames.terminal").joinpath("i18n", f"{lang}.json")
    found: dict[str, str] = json.loads(path.read_text("utf-8")) if path.is_file() else {}
    return found


class Speaker:
    """Says a message id with its arguments in one language, naming seats as the table does.

    ``terminal.*`` ids come from the terminal's catalogue (their arguments are plain text);
    every other id is rendered by :func:`pygames.core.messages.render` from the games'."""

    def __init__(self, lang: str = "en", names: Sequence[str] | None = None) -> None:
        self.lang = lang
        self.names = list(names) if names is not None else None

    def __call__(self, message_id: str, /, **args: Any) -> str:
        """``message_id`` with ``args``, in this speaker's language."""
        if message_id.startswith("terminal."):
            found = _terminal_words(self.lang).get(message_id) or _terminal_words("en").get(
                message_id, message_id
            )
            return _PLACEHOLDER.sub(
                lambda m: str(args[m.group(1)]) if m.group(1) in args else m.group(0), found
            )
        return self.message(Message.of(message_id, **args))

    def message(self, message: Message) -> str:
        """A structured message (a log line, a refusal) in this language."""
        return render(message, self.lang, self.names)

    def json(self, data: Any) -> str:
        """A message as the bridge sends it (``{"id", "args"}``); other values as text."""
        if isinstance(data, dict) and isinstance(data.get("id"), str):
            return self.message(Message.from_json(data))
        return str(data)

    def seat(self, seat: int) -> str:
        """The seat's name: the one chosen, else "Player N"."""
        return seat_name(seat, self.lang, self.names)

    def knows(self, message_id: str) -> bool:
        """Whether a catalogue has ``message_id``."""
        if message_id.startswith("terminal."):
            return message_id in _terminal_words("en")
        return template(message_id, self.lang) is not None


def terminal_words(lang: str) -> Mapping[str, str]:
    """The terminal's own catalogue in ``lang`` (for the tests that compare the languages)."""
    return _terminal_words(lang)
