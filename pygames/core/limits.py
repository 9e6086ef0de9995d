"""Bounds on everything that comes from outside: one place for the sizes the engine accepts.

A saved game, a share link or a call from the page is text that anyone can write. Before it is
parsed it must be small enough and shallow enough, and every number in it must be a plain
integer of a sensible size: a record nested 10,000 deep or an integer of 5,000 digits is
refused here with a reason a player can read, instead of exhausting Python's stack (fatal under
Pyodide) or reaching Python's own limits. The page checks the same bounds before anything
reaches the worker (web/js/bounds.js reads them from the lobby's catalogue, which the build
writes from :func:`as_json`), and :func:`read_json` checks them again for every other caller.

>>> read_json('{"seed": 7, "actions": [[0, {"type": "sow"}]]}', "saved match", MAX_RECORD_CHARS)
{'seed': 7, 'actions': [[0, {'type': 'sow'}]]}
>>> read_json('[[[[[[[[[[[[[1]]]]]]]]]]]]]', "action", MAX_ACTION_CHARS)
Traceback (most recent call last):
...
pygames.core.errors.BadInput: The action is nested too deeply (more than 10 levels).
"""

from __future__ import annotations

import json
import math
import re
import unicodedata
from typing import Any

from .errors import BadInput
from .messages import Message
from .rng import MAX_SEED

#: A whole saved match as JSON text (a long six-player game is about 30,000 characters).
MAX_RECORD_CHARS = 262_144
#: An action as JSON text (the largest, a Tanbo movement, is a few hundred characters).
MAX_ACTION_CHARS = 8_192
#: A lobby configuration as JSON text (six seats, options, a Tanbo custom setup).
MAX_CONFIG_CHARS = 16_384
#: Any other text argument of a call: a match or replay id, a record's source.
MAX_NAME_ARG_CHARS = 64
#: Nesting of arrays and objects in any JSON the engine reads (a record needs 6 at most).
MAX_DEPTH = 10
#: Nesting of a view another device sends (a match across devices): views nest up to 17
#: levels (Tanbo's), input from people never more than :data:`MAX_DEPTH`.
MAX_VIEW_DEPTH = 32
#: Digits of an integer in JSON: enough for any seed (up to 2**53 - 1, 16 digits).
MAX_INT_DIGITS = 16
#: The largest seat index or step a call may name (far beyond any game; keeps numbers small).
MAX_SEAT = 63
MAX_STEP = 1_000_000
#: A player's name, as typed in the lobby and as read from a record.
MAX_NAME_CHARS = 40
#: Characters that draw nothing on their own (a name of only these would leave a log line with
#: no visible subject): spaces and separators, control and format characters (zero-width
#: spaces and joiners, bidi controls), surrogates, and marks that need a letter to sit on
#: (variation selectors among them). The page reads the same two sets (web/js/words.js).
BLANK_CATEGORIES = ("Zs", "Zl", "Zp", "Cc", "Cf", "Cs", "Mn", "Me")
#: Letters and symbols drawn as empty space: the Hangul fillers and the blank braille pattern.
BLANK_CHARS = "\u115f\u1160\u3164\uffa0\u2800"
#: Seats a record may list (every game has at most six; more is a damaged record).
MAX_SEATS = 16

#: What a bad input was, as the refusal names it (``core.what.*``).
WHAT = {
    "lobby configuration": "core.what.lobby",
    "action": "core.what.action",
    "saved match": "core.what.record",
    "step": "core.what.step",
    "seat": "core.what.seat",
    "seed": "core.what.seed",
    "match": "core.what.match",
    "source": "core.what.source",
    "argument": "core.what.argument",
    "count": "core.what.count",
    "view": "core.what.view",
    "check": "core.what.check",
}

# The characters that open, close or quote in JSON, and an escape with the character it
# escapes (so an escaped quote never ends a string): all a depth count needs to look at.
_STRUCTURE = re.compile(r'\\.|["\[\]{}]', re.DOTALL)


def what(name: str) -> Message:
    """The words for one kind of input (``"saved match"``, ``"seat"``...)."""
    return Message.of(WHAT[name])


def quote(value: object, limit: int = 40) -> str:
    """``repr(value)``, cut to ``limit`` characters: a refusal quotes what it refused, but a
    10 MB string quoted back would be a second problem."""
    text = repr(value) if not isinstance(value, float) or math.isfinite(value) else str(value)
    return text if len(text) <= limit else text[: limit - 1] + "…"


def check_depth(text: str, name: str, limit: int = MAX_DEPTH) -> None:
    """Refuse JSON ``text`` whose arrays and objects nest deeper than ``limit``.

    Linear in the text, and only looks at brackets, quotes and escapes; brackets inside
    strings do not count. Text that is not JSON at all is left to the parser.
    """
    if text.count("[") + text.count("{") <= limit:
        return  # cannot nest deeper: the common case costs two counts
    depth = 0
    in_string = False
    for token in _STRUCTURE.finditer(text):
        char = token.group()
        if in_string:
            if char == '"':
                in_string = False
        elif char == '"':
            in_string = True
        elif char in "[{":
            depth += 1
            if depth > limit:
                raise BadInput(Message.of("core.limits.too_deep", what=what(name), max=limit))
        elif char in "]}":
            depth -= 1


class _TooLong(ValueError):
    """An integer with more digits than :data:`MAX_INT_DIGITS`."""


class _NotFinite(ValueError):
    """``NaN``, ``Infinity`` or ``-Infinity``, which Python's parser accepts and JSON does not."""


def _refuse_constant(constant: str) -> Any:
    raise _NotFinite(constant)


def _int(digits: str) -> int:
    if len(digits.lstrip("-")) > MAX_INT_DIGITS:
        raise _TooLong(digits)
    return int(digits)


def read_json(text: object, name: str, max_chars: int, depth: int = MAX_DEPTH) -> Any:
    """Parse JSON ``text`` (a :data:`WHAT` kind of input) within the bounds above.

    Refuses with :class:`BadInput`, in words, anything that is not text, longer than
    ``max_chars``, nested deeper than ``depth`` levels, not JSON, or holding ``NaN``,
    ``Infinity`` or an integer of more than :data:`MAX_INT_DIGITS` digits.
    """
    if not isinstance(text, str):
        raise BadInput(Message.of("core.bridge.not_text", what=what(name)))
    if len(text) > max_chars:
        raise BadInput(
            Message.of("core.limits.too_long", what=what(name), size=len(text), max=max_chars)
        )
    check_depth(text, name, depth)
    try:
        return json.loads(text, parse_int=_int, parse_constant=_refuse_constant)
    except _TooLong as exc:
        raise BadInput(
            Message.of("core.limits.number_too_long", what=what(name), max=MAX_INT_DIGITS)
        ) from exc
    except _NotFinite as exc:
        raise BadInput(
            Message.of("core.limits.not_finite", what=what(name), value=str(exc))
        ) from exc
    except json.JSONDecodeError as exc:
        # Where it went wrong, not Python's own words for why (they are English only).
        raise BadInput(
            Message.of("core.bridge.not_json", what=what(name), position=exc.pos + 1)
        ) from exc
    except RecursionError as exc:  # cannot happen after check_depth; refused all the same
        raise BadInput(Message.of("core.limits.too_deep", what=what(name), max=depth)) from exc


def whole(value: object, name: str, low: int, high: int) -> int:
    """``value`` as an integer from ``low`` to ``high``; refused in words otherwise.

    Numbers from JavaScript may arrive as floats: ``3.0`` is 3, but ``NaN``, ``Infinity``,
    ``2.5``, ``True`` and anything out of range are refused.
    """
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise BadInput(Message.of("core.bridge.not_whole", what=what(name), value=quote(value)))
    if isinstance(value, float) and (not math.isfinite(value) or not value.is_integer()):
        raise BadInput(Message.of("core.bridge.not_whole", what=what(name), value=quote(value)))
    number = int(value)
    if not low <= number <= high:
        raise BadInput(Message.of("core.limits.out_of_range", what=what(name), low=low, high=high))
    return number


def is_blank(char: str) -> bool:
    """Whether ``char`` draws nothing on its own (see :data:`BLANK_CATEGORIES`).

    >>> [is_blank(c) for c in "a\u200b \u202e"]
    [False, True, True, True]
    """
    return char in BLANK_CHARS or unicodedata.category(char) in BLANK_CATEGORIES


def default_name(seat: int) -> str:
    """The name of a seat nobody named, as records store it (the page shows it in the
    reader's language)."""
    return f"Player {seat + 1}"


def seat_name(raw: str, seat: int) -> str:
    """A seat's name as the engine keeps it, from the lobby or from a record alike: trimmed,
    at most :data:`MAX_NAME_CHARS` characters, and the seat's default name when nothing in it
    would show (empty, spaces, zero-width characters): a name is what the log and the table
    call a player, so it must be seen.

    >>> seat_name("  Ann ", 0), seat_name("\u200b\u200d", 1), seat_name("", 2)
    ('Ann', 'Player 2', 'Player 3')
    """
    name = raw.strip()[:MAX_NAME_CHARS]
    return name if any(not is_blank(c) for c in name) else default_name(seat)


def blank_json() -> dict[str, str | list[str]]:
    """The characters that draw nothing, as the page reads them to say in the lobby that a
    name will not show (written into the lobby's catalogue by scripts/build_site.py)."""
    return {"categories": list(BLANK_CATEGORIES), "chars": BLANK_CHARS}


def as_json() -> dict[str, int]:
    """The bounds the page checks before calling the engine (written into the lobby's
    catalogue by scripts/build_site.py)."""
    return {
        "record_chars": MAX_RECORD_CHARS,
        "action_chars": MAX_ACTION_CHARS,
        "config_chars": MAX_CONFIG_CHARS,
        "name_arg_chars": MAX_NAME_ARG_CHARS,
        "depth": MAX_DEPTH,
        "view_depth": MAX_VIEW_DEPTH,
        "int_digits": MAX_INT_DIGITS,
        "max_seat": MAX_SEAT,
        "max_step": MAX_STEP,
        "max_seed": MAX_SEED,
        "name_chars": MAX_NAME_CHARS,
    }
