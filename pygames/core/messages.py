"""Structured messages: a log line, a prompt or a refusal as an id with parameters.

The engine never builds a sentence. It says *what* happened (``tanbo.log.farmer`` with
``seat=0, paddy=3``) and the reader's screen renders it in the reader's language from one
catalogue per game, so a second language or a rule change is made once. Seats travel as
indices and are rendered as the names chosen in the lobby.

A catalogue maps a message id to a template. A template is a string with placeholders, or a
plural form ``{"plural": "n", "one": "...", "other": "..."}`` chosen by the integer argument
``n`` (English: ``one`` for 1; Japanese has only ``other``). Placeholders:

- ``{name}``: the argument as text (a number, or a word that is no word of the game);
- ``{name:seat}``: a seat index, rendered as that seat's name (``core.seat`` without names);
- ``{name:msg}``: a nested message, rendered in the same language;
- ``{name:list}``: a list of nested messages, joined as the catalogue's ``core.list.*`` say.

The same rules are implemented by ``web/js/i18n.js``; a test renders messages with both and
compares them.

>>> from pygames.core.messages import Message, render
>>> m = Message.of("core.game_over")
>>> render(m)
'The game is over; no more actions can be taken.'
>>> render(Message.of("core.not_your_turn", seat=1), names=["Ann", "Ben"])
"It is not Ben's turn to act."
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from typing import Any, cast

from .contract import MessageJson

LANGUAGES = ("en", "ja")
"""The languages every catalogue is written in (English is the fallback)."""

Template = str | dict[str, str]
Words = Mapping[str, Template]
Arg = Any  # int | str | bool | None | Message | tuple[Message, ...]

_PLACEHOLDER = re.compile(r"\{(\w+)(?::(\w+))?\}")


@dataclass(frozen=True)
class Message:
    """A message id with its arguments; immutable and hashable, so states compare by it."""

    id: str
    args: tuple[tuple[str, Arg], ...] = ()
    # to_json's answer, made once: every view sends the whole log, so a line is serialised
    # again at every step otherwise (a quarter of a random game's time went there).
    _json: dict[str, Any] | None = field(default=None, init=False, repr=False, compare=False)

    @classmethod
    def of(cls, message_id: str, /, **args: Arg) -> Message:
        """``Message.of("tanbo.log.farmer", seat=0, paddy=3)``; lists become tuples."""
        return cls(message_id, tuple((k, _freeze(v)) for k, v in args.items()))

    @property
    def namespace(self) -> str:
        """The catalogue the id belongs to: the part before the first dot."""
        return self.id.split(".", 1)[0]

    def arg(self, name: str, default: Arg = None) -> Arg:
        """One argument's value."""
        return dict(self.args).get(name, default)

    def to_json(self) -> MessageJson:
        """``{"id": ..., "args": {...}}``; nested messages become the same shape.

        The answer is shared between calls: read it or serialise it, never change it.
        """
        made = self._json
        if made is None:
            made = _MessageJson({"id": self.id, "args": {k: _thaw(v) for k, v in self.args}})
            made.message = self
            object.__setattr__(self, "_json", made)  # frozen: set once, as a cache
        return cast(MessageJson, made)

    @classmethod
    def from_json(cls, data: Any) -> Message:
        """Inverse of :meth:`to_json`; raises ``ValueError`` on anything else."""
        if type(data) is _MessageJson:
            # Made by to_json in this process (a view read by a bot, a determinized state): its
            # message as it is, instead of decoding a whole log again at every determinization.
            return data.message
        if not isinstance(data, Mapping) or not isinstance(data.get("id"), str):
            raise ValueError(f"Not a message: {data!r}")
        args = data.get("args") or {}
        if not isinstance(args, Mapping):
            raise ValueError(f"Not message arguments: {args!r}")
        return cls(data["id"], tuple((str(k), _decode(v)) for k, v in args.items()))

    def __str__(self) -> str:
        return render(self)


class _MessageJson(dict[str, Any]):
    """The JSON form of a message (a plain dict to everyone else) that knows its message."""

    message: Message


def _freeze(value: Arg) -> Arg:
    if isinstance(value, list | tuple):
        return tuple(_freeze(v) for v in value)
    return value


def _thaw(value: Arg) -> Any:
    if isinstance(value, Message):
        return value.to_json()
    if isinstance(value, tuple):
        return [_thaw(v) for v in value]
    return value


def _decode(value: Any) -> Arg:
    if isinstance(value, Mapping):
        return Message.from_json(value)
    if isinstance(value, list):
        return tuple(_decode(v) for v in value)
    return value


def text(words: str) -> Message:
    """A message whose words are already made (a name, a detail from Python itself).

    Only for text that is no sentence of the game: everything a player reads in a game has
    its own id, so that it can be translated.
    """
    return Message.of("core.text", text=words)


# --- catalogues --------------------------------------------------------------------------------

_sources: dict[str, tuple[str, Callable[[str], Words] | None]] = {}


def register_words(
    namespace: str, package: str, extra: Callable[[str], Words] | None = None
) -> None:
    """Say where the catalogue of ``namespace`` is: ``<package>/i18n/<lang>.json``, plus
    ``extra(lang)`` for words kept in a game's data table (the sweets' names, ruling H3)."""
    _sources[namespace] = (package, extra)
    words.cache_clear()


def namespaces() -> tuple[str, ...]:
    """Every registered catalogue."""
    return tuple(_sources)


@cache
def words(namespace: str, lang: str) -> Mapping[str, Template]:
    """The catalogue of one namespace in one language (empty if there is none)."""
    if namespace not in _sources:
        return {}
    package, extra = _sources[namespace]
    path = resources.files(package).joinpath("i18n", f"{lang}.json")
    found: dict[str, Template] = json.loads(path.read_text("utf-8")) if path.is_file() else {}
    if extra is not None:
        found.update(extra(lang))
    return found


def catalogue(lang: str) -> dict[str, Template]:
    """Every registered namespace's words in ``lang``: what the build ships to the page."""
    merged: dict[str, Template] = {}
    for namespace in _sources:
        merged.update(words(namespace, lang))
    return merged


def template(message_id: str, lang: str = "en") -> Template | None:
    """The template of ``message_id`` in ``lang``, falling back to English."""
    namespace = message_id.split(".", 1)[0]
    found = words(namespace, lang).get(message_id)
    if found is None and lang != "en":
        found = words(namespace, "en").get(message_id)
    return found


def plural_category(n: Any, lang: str) -> str:
    """``one`` or ``other``, as ``Intl.PluralRules`` says for English and Japanese."""
    return "one" if lang == "en" and n == 1 else "other"


def render(message: Message, lang: str = "en", names: Sequence[str] | None = None) -> str:
    """``message`` in ``lang``; seats are named from ``names`` (else "Player N")."""
    found = template(message.id, lang)
    args = dict(message.args)
    if found is None:
        return message.id
    if isinstance(found, dict):
        found = found.get(plural_category(args.get(found.get("plural", "n")), lang)) or found.get(
            "other", message.id
        )

    def fill(match: re.Match[str]) -> str:
        name, kind = match.group(1), match.group(2)
        if name not in args:
            return match.group(0)
        return _arg_text(args[name], kind, lang, names)

    return _PLACEHOLDER.sub(fill, found)


def seat_name(seat: int, lang: str = "en", names: Sequence[str] | None = None) -> str:
    """The name of ``seat``: the lobby's, or "Player N" in ``lang``."""
    if names is not None and 0 <= seat < len(names) and names[seat]:
        return names[seat]
    return render(Message.of("core.seat", n=seat + 1), lang)


def join(items: Sequence[str], lang: str = "en") -> str:
    """``a``, ``a and b``, ``a, b and c``: as the catalogue's ``core.list.*`` say."""
    if len(items) <= 1:
        return "".join(items)
    sep = _plain("core.list.sep", lang)
    last = _plain("core.list.last", lang)
    return sep.join(items[:-1]) + last + items[-1]


def _plain(message_id: str, lang: str) -> str:
    found = template(message_id, lang)
    return found if isinstance(found, str) else ""


def _arg_text(value: Arg, kind: str | None, lang: str, names: Sequence[str] | None) -> str:
    if kind == "seat" and isinstance(value, int):
        return seat_name(value, lang, names)
    if kind == "msg" and isinstance(value, Message):
        return render(value, lang, names)
    if kind == "list" and isinstance(value, tuple):
        return join([_arg_text(v, "msg", lang, names) for v in value], lang)
    if isinstance(value, Message):
        return render(value, lang, names)
    return str(value)


def placeholders(found: Template) -> set[str]:
    """The argument names a template uses (every plural form's together)."""
    forms = [found] if isinstance(found, str) else [v for k, v in found.items() if k != "plural"]
    return {m.group(1) for form in forms for m in _PLACEHOLDER.finditer(form)}


register_words("core", __package__ or "pygames.core")
