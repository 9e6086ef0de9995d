"""Humble Tea Party: sweets for the others' Oribako, secret seasons and one Tea token
(rules/humble-tea-party.txt, rulings H1-H15).

>>> GAME.title
'Humble Tea Party'
"""

from __future__ import annotations

from .actions import Keep, Place, Tea
from .game import HtpGame, HtpState
from .state import Phase

GAME = HtpGame()

__all__ = ["GAME", "HtpGame", "HtpState", "Keep", "Phase", "Place", "Tea"]
