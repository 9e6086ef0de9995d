"""Storm in a Teacup: 120 cards of Tea, Milk and Lemon served in runs at tea parties
(rules/storm-in-a-teacup.txt, rulings S1-S8).

>>> GAME.title
'Storm in a Teacup'
>>> [c["id"] for c in COMBINATIONS_JSON]
['tea', 'milk', 'lemon', 'milk_tea', 'lemon_tea']
"""

from __future__ import annotations

from .actions import Discard, Serve
from .combinations import COMBINATIONS, Combination
from .game import StormGame, StormState
from .state import Phase

GAME = StormGame()
COMBINATIONS_JSON = [c.to_json() for c in COMBINATIONS]

__all__ = [
    "COMBINATIONS",
    "COMBINATIONS_JSON",
    "GAME",
    "Combination",
    "Discard",
    "Phase",
    "Serve",
    "StormGame",
    "StormState",
]
