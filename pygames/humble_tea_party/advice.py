"""Why a move is good, in one line: what a hint says beside the move it suggests.

Read from the seat's view alone: the line of a sweet kept or placed is the table's own preview of
it (what the sweet adds to that box, hand by hand, ruling H12), with the favourite-season part
left out while that season is secret (ruling H10). The line says why; the page names the move.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..core import Action, Message
from .actions import Keep, Place, Tea
from .scoring import hand_message


def why(view: Mapping[str, Any], seat: int, action: Action) -> Message | None:
    """Why ``action`` is good for ``seat``, from its ``view``; ``None`` if nothing to add."""
    table = view["table"]
    if isinstance(action, Tea):
        return _say("tea")
    if isinstance(action, Keep):
        cell = (action.deck, seat, 0, 0)  # the first sweet of one's own box (ruling H7)
    elif isinstance(action, Place):
        cell = (action.deck, action.target, action.x, action.y)
    else:
        return None
    preview = next(
        (p for p in table.get("previews", []) if (p["deck"], p["target"], p["x"], p["y"]) == cell),
        None,
    )
    if preview is None:
        return None
    parts = [
        _say("part", hand=hand_message(i), points=f"{points:+d}")
        for i, points in enumerate(preview["hands"])
        if points  # zero, or a secret favourite season (None): left out
    ]
    own = "keep" if isinstance(action, Keep) else "place"
    if not parts:
        return _say(f"{own}_nothing", target=cell[1])
    return _say(own, target=cell[1], gain=f"{preview['gain']:+d}", parts=parts)


def _say(key: str, /, **args: object) -> Message:
    return Message.of(f"humble_tea_party.advice.{key}", **args)
