"""Tanbo's pictures for the rules page: the standard setup and the rulebook's example of each
action, as paddies in the view's form, with what the engine finds there.

The page draws them with the table's own token pieces (``picture`` in web/js/games/tanbo.js);
the build writes them into ``js/pictures.json``.

>>> pictures()["harvest"]["paddies"][0]["snakes"], pictures()["harvest"]["work"]
(1, 'harvest')
"""

from __future__ import annotations

from typing import Literal, TypedDict

from .field import Work, rest_target, work_for
from .position import tokens
from .tokens import PADDIES, RICE, RICE_POINTS, Token, TokensJson, points, tokens_json

PictureId = Literal["setup", "rice", "harvest", "cultivate", "sow", "rest", "big_movement"]


class PaddiesPicture(TypedDict):
    """A row of paddies (numbered from 1 in the picture) and the action the last one calls
    for, if the picture is about one (``work``, the catalogue's ``tanbo.work.<work>``), with
    its size (Rice to take or draw), the points a Harvest scores and a Rest's steps."""

    kind: Literal["paddies"]
    paddies: list[TokensJson]
    work: str | None
    size: int
    points: int
    steps: int


class RicePicture(TypedDict):
    """The three Rice colours and their points."""

    kind: Literal["rice"]
    points: dict[str, int]


# The rulebook's examples, in the position module's letters (S Snake, Y Yellow Rice, F Farmer):
# Harvest "4 Rice and 1 Snake: take 3, 9 points"; Cultivate "4 Snakes and 1 Rice: draw 3"; Sow
# "only 1 Rice: return it, add 2 Snakes"; Rest "the Farmer walks 1 paddy to the Snakes"; Big
# Movement "as many Snakes as Rice".
EXAMPLES: dict[PictureId, list[str]] = {
    "harvest": ["S YYYY"],
    "cultivate": ["SSSS Y"],
    "sow": ["Y"],
    "rest": ["F", "SS"],
    "big_movement": ["SS YB"],
}
SETUP = ["SS F", "SS", "SS", "SS", "SS"]


def _paddies(letters: list[str]) -> PaddiesPicture:
    ring = [tokens(t) for t in letters]
    work: Work | None = None
    size = gained = steps = 0
    if len(letters) < PADDIES:
        work, size = work_for(ring[0])
        if work is Work.HARVEST:
            # The best Rice of the paddy, as many as the Harvest takes (the player chooses).
            best = sorted(
                (t for t in RICE for _ in range(ring[0][t])), key=lambda t: -RICE_POINTS[t]
            )
            taken = [0] * len(ring[0])
            for t in best[:size]:
                taken[t] += 1
            gained = points(taken)
        if work is Work.REST:
            full = ring + [[0] * len(ring[0]) for _ in range(PADDIES - len(ring))]
            steps = rest_target(full, 0) or 0
    return {
        "kind": "paddies",
        "paddies": [tokens_json(c) for c in ring],
        "work": None if work is None else work.value,
        "size": size,
        "points": gained,
        "steps": steps,
    }


def pictures() -> dict[str, PaddiesPicture | RicePicture]:
    """Every Tanbo picture of the rules page, by id."""
    out: dict[str, PaddiesPicture | RicePicture] = {"setup": _paddies(SETUP)}
    out["rice"] = {"kind": "rice", "points": {Token(t).word: RICE_POINTS[t] for t in RICE}}
    for name, letters in EXAMPLES.items():
        out[name] = _paddies(letters)
    return out


__all__ = ["EXAMPLES", "SETUP", "PaddiesPicture", "RicePicture", "pictures"]
