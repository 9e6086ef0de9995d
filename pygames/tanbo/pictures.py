"""Tanbo's pictures for the rules page: the standard setup, the Rice and the rulebook's example
of each action, as paddies in the view's form, with what the engine's forecast says happens.

The page draws them with the table's own token pieces (``picture`` in web/js/games/tanbo.js);
the build writes them into ``js/pictures.json``.

>>> from pygames.core import Message, render
>>> harvest = pictures()["harvest"]
>>> harvest["paddies"][0]["snakes"], render(Message.from_json(harvest["effect"]))
(1, 'Harvest: take 3 Yellow Rice, +9')
"""

from __future__ import annotations

from typing import Literal, TypedDict

from ..core.contract import MessageJson
from .forecast import Mover, forecast
from .position import tokens
from .tokens import RICE, RICE_POINTS, Token, TokensJson, tokens_json

PictureId = Literal["harvest", "cultivate", "sow", "rest", "big_movement"]


class PaddiesPicture(TypedDict):
    """A row of paddies, numbered from 1, and for an example the action the first one calls
    for once the last token lands in it (``work``: ``tanbo.work.<work>``), what that action
    does (``effect``, the words the table's forecast uses) and the points it gains or loses."""

    kind: Literal["paddies"]
    paddies: list[TokensJson]
    #: The token that lands last, in the first paddy (``None`` for a plain row).
    lands: str | None
    work: str | None
    effect: MessageJson | None
    points: int


class RicePicture(TypedDict):
    """The three Rice colours and their points."""

    kind: Literal["rice"]
    points: dict[str, int]


# The rulebook's examples, in the position module's letters (S Snake, Y, B, R Rice, F Farmer):
# the paddy where the last token lands (then the paddies after it), and that last token.
# Harvest "4 Rice and 1 Snake: take 3, 9 points"; Cultivate "4 Snakes and 1 Rice: draw 3"; Sow
# "only 1 Rice: return it, add 2 Snakes"; Rest "the Farmer walks 1 paddy on to the Snakes and
# 1 collected Rice goes back"; Big Movement "as many Snakes as Rice".
EXAMPLES: dict[PictureId, tuple[list[str], str]] = {
    "harvest": (["S YYY"], "Y"),
    "cultivate": (["SSS Y"], "S"),
    "sow": ([""], "Y"),
    "rest": (["", "SS"], "F"),
    "big_movement": (["SS Y"], "B"),
}
SETUP = ["SS F", "SS", "SS", "SS", "SS"]
#: The mover in the examples: 3 points (its one collected Yellow Rice), the opponent Player 2.
MOVER = Mover(score=3, rival=0, turn_points=0, collected=tokens("Y"), rival_seat=1)


def _example(letters: list[str], last: str) -> PaddiesPicture:
    ring = [tokens(t) for t in letters] + [tokens("SS")] * (5 - len(letters))
    hand = tokens(last)
    (way,) = forecast(ring, hand, 0, MOVER, bag=[0, 15, 10, 5, 0], supply=10, rival_swaps=1)
    landed = [a + b for a, b in zip(ring[0], hand, strict=True)]
    return {
        "kind": "paddies",
        "paddies": [tokens_json(landed)] + [tokens_json(p) for p in ring[1 : len(letters)]],
        "lands": way["tokens"][0],
        "work": way["action"],
        "effect": way["text"],
        "points": way["points"],
    }


def pictures() -> dict[str, PaddiesPicture | RicePicture]:
    """Every Tanbo picture of the rules page, by id."""
    setup: PaddiesPicture = {
        "kind": "paddies",
        "paddies": [tokens_json(tokens(t)) for t in SETUP],
        "lands": None,
        "work": None,
        "effect": None,
        "points": 0,
    }
    out: dict[str, PaddiesPicture | RicePicture] = {"setup": setup}
    out["rice"] = {"kind": "rice", "points": {Token(t).word: RICE_POINTS[t] for t in RICE}}
    for name, (letters, last) in EXAMPLES.items():
        out[name] = _example(letters, last)
    return out


__all__ = ["EXAMPLES", "MOVER", "SETUP", "PaddiesPicture", "RicePicture", "pictures"]
