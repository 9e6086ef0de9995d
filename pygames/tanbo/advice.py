"""Why a move is good, in one line: what a hint says beside the move it suggests.

Every line is read from the seat's view alone (the whole position is public: ruling T8), and
from the engine's own forecast of the movement (:mod:`pygames.tanbo.forecast`): a hint tells
what its move leads to, never a draw to come. The line says why; the page names the move.

>>> from pygames.core.messages import render
>>> from pygames.tanbo.position import position
>>> state = position([["SYF", "SS", "SS", "SRR", "SS"], ["SSF", "SS", "SS", "SS", "SS"]],
...                  collected=["BBBBB", ""])
>>> render(why(state.view(0), 0, Place("snake")))   # the Yellow or the Farmer lands last
'2 ways stay open, the best of them: Harvest: take 1 Red Rice, +5, and win.'
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ..core import Action, Message
from .actions import Place, PlaceFarmer, Remove, ReturnRice, Swap, Take
from .forecast import WayJson
from .tokens import RICE_POINTS, TOKEN_BY_WORD, Token


def why(view: Mapping[str, Any], seat: int, action: Action) -> Message | None:
    """Why ``action`` is good for ``seat``, from its ``view``; ``None`` if nothing to add."""
    table = view["table"]
    if isinstance(action, Place):
        sowing = table.get("sowing") or {}
        kept = [w for w in sowing.get("ways", []) if action.token in w["next"]]
        return _place(kept)
    if isinstance(action, Take):
        return _say("take", points=RICE_POINTS[TOKEN_BY_WORD[action.rice]])
    if isinstance(action, ReturnRice):
        return _say("return", points=RICE_POINTS[TOKEN_BY_WORD[action.rice]])
    if isinstance(action, PlaceFarmer):
        return _say("farmer", paddy=action.paddy + 1)
    if isinstance(action, Swap):
        return _say("swap")
    if isinstance(action, Remove):
        if TOKEN_BY_WORD[action.token] is Token.SNAKE:
            return _say("remove_snake", paddy=action.paddy + 1)
        return _say("remove_rice")
    return None


def _place(kept: Sequence[WayJson]) -> Message | None:
    if not kept:
        return None
    if len(kept) == 1:
        return _say("place_then", what=Message.from_json(kept[0]["text"]))
    # Several ways stay open: name the best of them for the mover (a win first, a loss last).
    best = max(kept, key=lambda w: (w["wins"], not w["loses"], w["points"]))
    return _say("place_open", n=len(kept), what=Message.from_json(best["text"]))


def _say(key: str, /, **args: object) -> Message:
    return Message.of(f"tanbo.advice.{key}", **args)
