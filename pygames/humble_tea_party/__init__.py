"""Humble Tea Party: sweets for the others' Oribako, secret seasons and one Tea token
(rules/humble-tea-party.txt, rulings H1-H15).

Importing this package registers the game and its bots.

>>> from pygames.games import get_game
>>> get_game("humble_tea_party").title
'Humble Tea Party'
"""

from __future__ import annotations

from ..games import register_game
from .actions import Keep, Place, Tea
from .game import HtpGame
from .state import HtpState, Phase

GAME = register_game(HtpGame())

from ..bots import humble_tea_party as _bots  # noqa: E402,F401  (registers the bots)

__all__ = ["GAME", "HtpGame", "HtpState", "Keep", "Phase", "Place", "Tea"]
