"""Tanbo's decisions, each a small action with a stable JSON form.

A turn is a sequence of small decisions: which token to place next, which Rice to take or to
return, which token to remove; the opponent decides the Big Movement swap. Paddies are 0-4.

>>> Place("red").to_json()
{'type': 'place', 'token': 'red'}
>>> Swap((0, "snake"), (3, "black")).to_json()
{'type': 'swap', 'a': [0, 'snake'], 'b': [3, 'black']}
>>> CODEC.decode({"type": "farmer", "paddy": 2}) == PlaceFarmer(2)
True
"""

from __future__ import annotations

from dataclasses import dataclass

from ..core import Action, ActionCodec
from .tokens import RiceWord, TokenWord


@dataclass(frozen=True)
class PlaceFarmer(Action):
    """Setup: put your Farmer in one of your paddies (ruling T2)."""

    kind = "farmer"
    paddy: int


@dataclass(frozen=True)
class Place(Action):
    """Movement: put the next token from the hand in the next paddy (ruling T3)."""

    kind = "place"
    token: TokenWord


@dataclass(frozen=True)
class Swap(Action):
    """Big Movement: the opponent swaps two of their own tokens, each ``(paddy, token)``, with
    ``a`` in the lower paddy (ruling T4)."""

    kind = "swap"
    a: tuple[int, TokenWord]
    b: tuple[int, TokenWord]


@dataclass(frozen=True)
class Take(Action):
    """Harvest: take one Rice of this colour from the paddy and score it (ruling T4)."""

    kind = "take"
    rice: RiceWord


@dataclass(frozen=True)
class ReturnRice(Action):
    """Rest: return one collected Rice of this colour to the bag (ruling T4)."""

    kind = "return"
    rice: RiceWord


@dataclass(frozen=True)
class Remove(Action):
    """End phase: remove one Snake or Rice from an over-full paddy (ruling T6)."""

    kind = "remove"
    paddy: int
    token: TokenWord


CODEC = ActionCodec(PlaceFarmer, Place, Swap, Take, ReturnRice, Remove)
