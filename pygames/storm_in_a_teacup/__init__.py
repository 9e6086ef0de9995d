"""Storm in a Teacup: 120 cards of Tea, Milk and Lemon served in runs at tea parties
(rules/storm-in-a-teacup.txt, rulings S1-S8).

Importing this package registers the game and its bots.

>>> from pygames.games import get_game
>>> get_game("storm_in_a_teacup").title
'Storm in a Teacup'
>>> [c["id"] for c in COMBINATIONS_JSON]
['tea', 'milk', 'lemon', 'milk_tea', 'lemon_tea']
"""

from __future__ import annotations

from ..games import register_game
from .actions import Discard, Serve
from .combinations import COMBINATIONS, Combination
from .game import StormGame
from .state import Phase, StormState

GAME = register_game(StormGame())
COMBINATIONS_JSON = [c.to_json() for c in COMBINATIONS]

from ..bots import storm_in_a_teacup as _bots  # noqa: E402,F401  (registers the bots)

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
