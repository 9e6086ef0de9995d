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

from ..core import BadOptions, JsonDict
from .tokens import PADDIES, RICE_TOTAL, SEATS, SNAKES_IN_GAME

STANDARD = "standard"
DEFAULT_OPTIONS: JsonDict = {"first_player": 0, "setup": STANDARD}


def check_first_player(value: Any) -> int:
    """The first player's seat, 0 or 1."""
    if type(value) is not int or value not in (0, 1):  # not True, not 1.0
        raise BadOptions(f"first_player must be 0 or 1 (the seat that starts), not {value!r}.")
    return int(value)


def _whole(value: Any, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise BadOptions(f"{what} must be a whole number 0 or more, not {value!r}.")
    return value


def check_setup(value: Any) -> str | JsonDict:
    """``"standard"``, or a custom setup normalised to ``{"paddies": [[{"snakes", "rice"}]]}``.

    Raises :class:`BadOptions` saying what is wrong.
    """
    if value == STANDARD:
        return STANDARD
    if not isinstance(value, Mapping) or set(value) != {"paddies"}:
        raise BadOptions(
            'setup must be "standard" or {"paddies": [ring of Player 1, ring of Player 2]}, '
            'each ring 5 paddies of {"snakes": n, "rice": n}.'
        )
    rings = value["paddies"]
    if not isinstance(rings, list) or len(rings) != SEATS:
        raise BadOptions("The setup must give exactly 2 rings, one per player.")
    out: list[list[dict[str, int]]] = []
    for seat, ring in enumerate(rings):
        if not isinstance(ring, list) or len(ring) != PADDIES:
            raise BadOptions(f"The ring of Player {seat + 1} must have exactly 5 paddies.")
        paddies = []
        for p, paddy in enumerate(ring):
            where = f"Paddy {p + 1} of Player {seat + 1}"
            if not isinstance(paddy, Mapping):
                raise BadOptions(f'{where} must be {{"snakes": n, "rice": n}}, not {paddy!r}.')
            unknown = sorted(str(k) for k in set(paddy) - {"snakes", "rice"})
            if unknown:
                raise BadOptions(f"{where} has unknown part(s): {', '.join(unknown)}.")
            paddies.append(
                {
                    "snakes": _whole(paddy.get("snakes", 0), f"{where}: the Snakes"),
                    "rice": _whole(paddy.get("rice", 0), f"{where}: the Rice"),
                }
            )
        out.append(paddies)
    snakes = sum(p["snakes"] for ring in out for p in ring)
    rice = sum(p["rice"] for ring in out for p in ring)
    if snakes > SNAKES_IN_GAME:
        raise BadOptions(f"The setup uses {snakes} Snakes; there are only {SNAKES_IN_GAME}.")
    if rice > RICE_TOTAL:
        raise BadOptions(f"The setup uses {rice} Rice; there are only {RICE_TOTAL}.")
    if snakes + rice == 0:
        # Nothing could ever change: every turn would be a Rest with nowhere to go.
        raise BadOptions("The setup puts no Snake or Rice on the field; the game could not end.")
    return {"paddies": out}


def check_options(options: Mapping[str, Any]) -> JsonDict:
    """Both options checked and normalised (unknown names are refused by the core)."""
    return {
        "first_player": check_first_player(options.get("first_player", 0)),
        "setup": check_setup(options.get("setup", STANDARD)),
    }
