"""Tanbo's lobby options: who starts, and the standard or a custom setup (ruling T2).

A custom setup gives the Snakes and Rice of each paddy; its Rice is drawn at random from the bag
when the game starts, its Snakes come from the 20 and the rest wait in the supply.

>>> check_setup("standard")
'standard'
>>> custom = {"paddies": [[{"snakes": 1, "rice": 2}] * 5, [{"snakes": 2, "rice": 0}] * 5]}
>>> check_setup(custom)["paddies"][0][0]
{'snakes': 1, 'rice': 2}
>>> check_setup({"paddies": [[{"snakes": 3, "rice": 0}] * 5] * 2})
Traceback (most recent call last):
...
pygames.core.errors.BadOptions: The setup uses 30 Snakes; there are only 20.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..core import BadOptions, JsonDict, Message
from .tokens import PADDIES, RICE_TOTAL, SEATS, SNAKES_IN_GAME, STANDARD_SNAKES_PER_PADDY

STANDARD = "standard"
DEFAULT_OPTIONS: JsonDict = {"first_player": 0, "setup": STANDARD}


def standard_paddies() -> JsonDict:
    """The standard setup written as a custom one: what the lobby's editor starts from.

    >>> standard_paddies()["paddies"][0][0]
    {'snakes': 2, 'rice': 0}
    """
    return {
        "paddies": [
            [{"snakes": STANDARD_SNAKES_PER_PADDY, "rice": 0} for _ in range(PADDIES)]
            for _ in range(SEATS)
        ]
    }


def check_first_player(value: Any) -> int:
    """The first player's seat, 0 or 1."""
    if type(value) is not int or value not in (0, 1):  # not True, not 1.0
        raise BadOptions(_say("first_player", value=repr(value)))
    return int(value)


def _say(key: str, /, **args: Any) -> Message:
    return Message.of(f"tanbo.options.{key}", **args)


def _whole(value: Any, where: Message, part: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise BadOptions(_say(part, where=where, value=repr(value)))
    return value


def check_setup(value: Any) -> str | JsonDict:
    """``"standard"``, or a custom setup normalised to ``{"paddies": [[{"snakes", "rice"}]]}``.

    Raises :class:`BadOptions` saying what is wrong.
    """
    if value == STANDARD:
        return STANDARD
    if not isinstance(value, Mapping) or set(value) != {"paddies"}:
        raise BadOptions(_say("setup"))
    rings = value["paddies"]
    if not isinstance(rings, list) or len(rings) != SEATS:
        raise BadOptions(_say("rings"))
    out: list[list[dict[str, int]]] = []
    for seat, ring in enumerate(rings):
        if not isinstance(ring, list) or len(ring) != PADDIES:
            raise BadOptions(_say("ring_size", seat=seat))
        paddies = []
        for p, paddy in enumerate(ring):
            where = _say("where", paddy=p + 1, seat=seat)
            if not isinstance(paddy, Mapping):
                raise BadOptions(_say("paddy_shape", where=where, value=repr(paddy)))
            unknown = sorted(str(k) for k in set(paddy) - {"snakes", "rice"})
            if unknown:
                raise BadOptions(_say("unknown_parts", where=where, parts=", ".join(unknown)))
            paddies.append(
                {
                    "snakes": _whole(paddy.get("snakes", 0), where, "snakes"),
                    "rice": _whole(paddy.get("rice", 0), where, "rice"),
                }
            )
        out.append(paddies)
    snakes = sum(p["snakes"] for ring in out for p in ring)
    rice = sum(p["rice"] for ring in out for p in ring)
    if snakes > SNAKES_IN_GAME:
        raise BadOptions(_say("too_many_snakes", n=snakes, max=SNAKES_IN_GAME))
    if rice > RICE_TOTAL:
        raise BadOptions(_say("too_many_rice", n=rice, max=RICE_TOTAL))
    if snakes + rice == 0:
        # Nothing could ever change: every turn would be a Rest with nowhere to go.
        raise BadOptions(_say("empty"))
    return {"paddies": out}


def check_options(options: Mapping[str, Any]) -> JsonDict:
    """Both options checked and normalised (unknown names are refused by the core)."""
    return {
        "first_player": check_first_player(options.get("first_player", 0)),
        "setup": check_setup(options.get("setup", STANDARD)),
    }
