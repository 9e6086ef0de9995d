"""Actions: small immutable values with a stable JSON form.

Each game declares its actions as frozen dataclasses deriving from :class:`Action`, with a
``kind`` that becomes the ``"type"`` of the JSON form. Field types are plain: ``int``, ``str``,
``bool``, ``None``, a ``Literal`` of words, unions of those and tuples of them (lists in JSON);
decoding checks them exactly. The page's TypeScript for each game's actions is written from
these declarations (scripts/contract.py).

>>> from dataclasses import dataclass
>>> @dataclass(frozen=True)
... class Sow(Action):
...     kind = "sow"
...     paddy: int
>>> Sow(2).to_json()
{'type': 'sow', 'paddy': 2}
>>> ActionCodec(Sow).decode({"type": "sow", "paddy": 2}) == Sow(2)
True
>>> @dataclass(frozen=True)
... class Pick(Action):
...     kind = "pick"
...     colour: Literal["red", "black"]
>>> ActionCodec(Pick).decode({"type": "pick", "colour": "blue"})
Traceback (most recent call last):
pygames.core.errors.IllegalAction: 'pick.colour' must be one of red, black, not 'blue'
"""

from __future__ import annotations

import types
import typing
from dataclasses import dataclass, fields
from typing import Any, ClassVar, Literal

from .errors import IllegalAction
from .limits import quote
from .messages import Message

Plain = None | bool | int | str | tuple["Plain", ...]


@dataclass(frozen=True)
class Action:
    """Base of every game's actions; subclasses set ``kind`` and declare their fields."""

    kind: ClassVar[str] = ""

    def to_json(self) -> dict[str, Any]:
        """The stable JSON form: ``{"type": kind, field: value, ...}``."""
        out: dict[str, Any] = {"type": self.kind}
        for f in fields(self):
            out[f.name] = _to_json_value(getattr(self, f.name))
        return out


def _to_json_value(value: Any) -> Any:
    if isinstance(value, tuple):
        return [_to_json_value(v) for v in value]
    return value


_WORDS = {
    int: "core.action.kind.int",
    str: "core.action.kind.str",
    bool: "core.action.kind.bool",
    type(None): "core.action.kind.null",
}


def _from_json_value(value: Any, hint: Any, where: str) -> Any:
    """Check ``value`` against the field's type ``hint`` and convert lists to tuples.

    The check is exact: ``true`` is no paddy number even though ``True == 1`` in Python, and
    ``2.0`` is a typo rather than a paddy.
    """
    origin = typing.get_origin(hint)
    if origin in (typing.Union, types.UnionType):
        for option in typing.get_args(hint):
            try:
                return _from_json_value(value, option, where)
            except IllegalAction:
                continue
        raise IllegalAction(Message.of("core.action.wrong_type", where=where, value=quote(value)))
    if origin is Literal:
        words = typing.get_args(hint)
        if not any(type(value) is type(w) and value == w for w in words):
            raise IllegalAction(
                Message.of(
                    "core.action.one_of",
                    where=where,
                    known=", ".join(str(w) for w in words),
                    value=quote(value),
                )
            )
        return value
    if origin is tuple:
        args = typing.get_args(hint)
        if not isinstance(value, list):
            raise IllegalAction(Message.of("core.action.not_list", where=where, value=quote(value)))
        if len(args) == 2 and args[1] is Ellipsis:
            args = (args[0],) * len(value)
        if len(args) != len(value):
            raise IllegalAction(
                Message.of("core.action.list_length", where=where, n=len(args), value=quote(value))
            )
        return tuple(
            _from_json_value(v, a, f"{where}[{i}]")
            for i, (v, a) in enumerate(zip(value, args, strict=True))
        )
    if hint in _WORDS:
        if type(value) is not hint:
            raise IllegalAction(
                Message.of(
                    "core.action.must_be",
                    where=where,
                    kind=Message.of(_WORDS[hint]),
                    value=quote(value),
                )
            )
        return value
    raise TypeError(f"unsupported action field type {hint!r}")


class ActionCodec:
    """Turns the JSON form of a game's actions back into action values.

    Malformed input raises :class:`IllegalAction` with a readable message; whether a well-formed
    action is legal is for the state to decide.
    """

    def __init__(self, *classes: type[Action]) -> None:
        self._by_kind: dict[str, type[Action]] = {}
        # Each kind's field names and types, read once: decoding runs at every action.
        self._fields: dict[str, tuple[list[str], dict[str, Any]]] = {}
        for cls in classes:
            if not cls.kind or cls.kind in self._by_kind:
                raise ValueError(f"action kind {cls.kind!r} is empty or declared twice")
            self._by_kind[cls.kind] = cls

    @property
    def classes(self) -> tuple[type[Action], ...]:
        """The action classes this codec decodes, in the order the game declared them."""
        return tuple(self._by_kind.values())

    @property
    def kinds(self) -> tuple[str, ...]:
        """The ``type`` names this codec knows."""
        return tuple(self._by_kind)

    def decode(self, data: Any) -> Action:
        """Build an action from its JSON form."""
        if not isinstance(data, dict):
            raise IllegalAction(Message.of("core.action.not_object", value=quote(data)))
        kind = data.get("type")
        cls = self._by_kind.get(kind) if isinstance(kind, str) else None
        if cls is None:
            known = ", ".join(sorted(self._by_kind))
            raise IllegalAction(Message.of("core.action.unknown", kind=quote(kind), known=known))
        known_fields = self._fields.get(cls.kind)
        if known_fields is None:
            known_fields = ([f.name for f in fields(cls)], typing.get_type_hints(cls))
            self._fields[cls.kind] = known_fields
        names, hints = known_fields
        extra = sorted(set(data) - set(names) - {"type"})
        missing = [n for n in names if n not in data]
        if extra or missing:
            which = "both" if missing and extra else "missing" if missing else "unexpected"
            raise IllegalAction(
                Message.of(
                    f"core.action.malformed.{which}",
                    kind=quote(kind),
                    missing=", ".join(missing),
                    unexpected=", ".join(extra),
                )
            )
        values = {n: _from_json_value(data[n], hints[n], f"'{kind}.{n}'") for n in names}
        return cls(**values)
