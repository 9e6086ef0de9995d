"""Tanbo: two rings of five rice paddies, Snakes, Rice and a Farmer (rules/tanbo.txt, T1-T8).

>>> GAME.title
'Tanbo'
"""

from __future__ import annotations

from .actions import Place, PlaceFarmer, Remove, ReturnRice, Swap, Take
from .game import TanboGame, TanboState
from .state import Phase

GAME = TanboGame()

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
