"""Tanbo: two rings of five rice paddies, Snakes, Rice and a Farmer (rules/tanbo.txt, T1-T8).

Importing this package registers the game and its bots.

>>> from pygames.games import get_game
>>> get_game("tanbo").title
'Tanbo'
"""

from __future__ import annotations

from ..games import register_game
from .actions import Place, PlaceFarmer, Remove, ReturnRice, Swap, Take
from .game import TanboGame
from .state import Phase, TanboState

GAME = register_game(TanboGame())

from ..bots import tanbo as _bots  # noqa: E402,F401  (registers the Tanbo bots)

__all__ = [
    "GAME",
    "Phase",
    "Place",
    "PlaceFarmer",
    "Remove",
    "ReturnRice",
    "Swap",
    "Take",
    "TanboGame",
    "TanboState",
]
