"""The words of Tanbo as messages: tokens, counts of tokens, the actions, the winning reasons.

Every sentence a Tanbo player reads is a ``tanbo.*`` message whose template is in
``i18n/en.json`` and ``i18n/ja.json`` beside this module; here are the small pieces the log,
the refusals and the turn summaries are built from.

>>> from pygames.core.messages import render
>>> render(describe([1, 0, 0, 2, 0]))
'1 Snake and 2 Red Rice'
>>> render(describe([1, 0, 0, 2, 0]), "ja")
'ヘビ1個、赤米2個'
>>> render(count(2, Token.SNAKE)), render(count(1, Token.SNAKE))
('2 Snakes', '1 Snake')
"""

from __future__ import annotations

from collections.abc import Sequence

from ..core import Message
from .field import Work
from .tokens import RICE, Token


def token(kind: Token | int) -> Message:
    """The name of a kind of token: "Snake", "Red Rice", "Farmer"."""
    return Message.of(f"tanbo.token.{Token(kind).word}")


def one(kind: Token | int) -> Message:
    """One token as the log names it: "a Snake", "Red Rice", "the Farmer"."""
    return Message.of(f"tanbo.one.{Token(kind).word}")


def a(kind: Token | int) -> Message:
    """One token as the turn summary names it: "a Snake", "a Red Rice", "the Farmer"."""
    return Message.of(f"tanbo.a.{Token(kind).word}")


def count(n: int, kind: Token | int) -> Message:
    """``n`` tokens of one kind: "2 Snakes", "1 Snake", "3 Red Rice"."""
    return Message.of(f"tanbo.count.{Token(kind).word}", n=n)


def tokens(n: int) -> Message:
    """``"1 token"``, ``"3 tokens"``."""
    return Message.of("tanbo.count.token", n=n)


def none(what: str) -> Message:
    """The words for nothing: ``none("rice")`` is "no Rice"; also "snake", "nothing", "empty"."""
    return Message.of(f"tanbo.none.{what}")


def describe(counts: Sequence[int], nothing: str = "nothing") -> Message:
    """The Snakes and Rice in ``counts`` (the Farmer is left out), or :func:`none` of
    ``nothing`` when there are none."""
    parts = [count(counts[t], t) for t in (Token.SNAKE, *RICE) if counts[t]]
    return Message.of("tanbo.list", items=parts) if parts else none(nothing)


def rice(counts: Sequence[int]) -> Message:
    """The Rice in ``counts``, or "no Rice"."""
    return describe([0, counts[1], counts[2], counts[3], 0], "rice")


def work(kind: Work) -> Message:
    """The name of an action of the Action Phase: "Harvest", "Big Movement"."""
    return Message.of(f"tanbo.work.{kind.value}")


def clauses(parts: Sequence[Message]) -> Message:
    """Clauses of one sentence, joined as the catalogue says ("a; b; c")."""
    out = parts[0]
    for part in parts[1:]:
        out = Message.of("tanbo.join.clause", a=out, b=part)
    return out


def sentences(parts: Sequence[Message]) -> Message:
    """Whole sentences one after the other ("A. B.")."""
    out = parts[0]
    for part in parts[1:]:
        out = Message.of("tanbo.join.sentence", a=out, b=part)
    return out
