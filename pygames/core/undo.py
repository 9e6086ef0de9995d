"""The undo policy, the same in every game.

A person may undo their own decisions, one at a time, with any bot replies that followed,
back to the last moment at which anything hidden or random became known to them: a tile or a
card turned up, Rice drawn from the bag, another seat's hidden cards revealed, by whoever's
action (a bot's included). Never past it, since they could then choose again knowing what
they should not; and never another person's move (hot-seat: the next person has not agreed).
Steps inside one decision that show nothing (Tanbo's token order) stay free to undo. A game
that is over stays over: its result is final, and Undo would silently un-end it.

Each game says, while it applies an action, which seats it showed something (:meth:`State.tell`);
a match keeps that per action (``news``) beside its record.

>>> from pygames.core import Message
>>> turned = Message.of("core.text", text="a new tile was turned up")
>>> actions = [(0, {}), (1, {}), (0, {}), (1, {})]
>>> news = [{}, {0: turned, 1: turned}, {}, {}]
>>> undo_cut(actions, news, seat=0, people={0})     # back to before seat 0's last action
2
>>> undo_cut(actions[:2], news[:2], seat=0, people={0})
Traceback (most recent call last):
pygames.core.errors.IllegalAction: Undo is not possible after a new tile was turned up.
>>> undo_cut(actions, news, seat=0, people={0, 1})
Traceback (most recent call last):
pygames.core.errors.IllegalAction: Undo cannot take back Player 2's move.
>>> undo_cut(actions, news, seat=0, people={0}, over=True)
Traceback (most recent call last):
pygames.core.errors.IllegalAction: The game is over: Undo cannot change its result.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from typing import Any

from .contract import UndoJson
from .errors import IllegalAction
from .messages import Message


def undo_cut(
    actions: Sequence[tuple[int, Any]],
    news: Sequence[Mapping[int, Message]],
    seat: int,
    people: Collection[int],
    over: bool = False,
) -> int:
    """How many actions stay when ``seat`` presses Undo (the index of its last action);
    raises :class:`IllegalAction` saying why not.

    ``news[i]`` is what action ``i`` showed each seat; ``people`` the seats played by persons;
    ``over``: the game has ended.
    """
    if over and seat in people:
        raise IllegalAction(Message.of("core.undo.over"))
    if seat not in people:
        raise IllegalAction(Message.of("core.undo.nothing"))
    own = [i for i, (who, _) in enumerate(actions) if who == seat]
    if not own:
        raise IllegalAction(Message.of("core.undo.nothing"))
    cut = own[-1]
    for who, _ in actions[cut + 1 :]:
        if who in people:
            raise IllegalAction(Message.of("core.undo.other_person", seat=who))
    for shown in reversed(news[cut:]):
        if seat in shown:
            raise IllegalAction(Message.of("core.undo.after", why=shown[seat]))
    return cut


def undo_state(
    actions: Sequence[tuple[int, Any]],
    news: Sequence[Mapping[int, Message]],
    seat: int,
    people: Collection[int],
    over: bool = False,
) -> UndoJson:
    """``{"possible": bool, "why": message JSON or None}`` for a screen's Undo button."""
    try:
        undo_cut(actions, news, seat, people, over)
    except IllegalAction as exc:
        return {"possible": False, "why": exc.message.to_json()}
    return {"possible": True, "why": None}


__all__ = ["undo_cut", "undo_state"]
