"""Bots that choose actions through the contract only, and the table of bots per game.

Every game offers the levels ``easy``, ``normal`` and ``strong`` (and ``random``, for tests and
the lab). ``greedy``, the name Normal had before levels existed, still makes a Normal bot, so
old saves and links load; it is not listed.
"""

from __future__ import annotations

import importlib

from ..core import BadOptions, Message
from .base import Bot, RandomBot

# Bots every game can use, then game-specific ones: game id -> bot name -> class.
_GENERIC: dict[str, type[Bot]] = {RandomBot.name: RandomBot}
_BY_GAME: dict[str, dict[str, type[Bot]]] = {}
#: Old names still accepted by :func:`make_bot` (records store bot names).
ALIASES = {"greedy": "normal"}
#: The levels a person picks from in the lobby, weakest first, and the one a new bot seat gets.
LEVELS = ("easy", "normal", "strong")
DEFAULT_LEVEL = "normal"


def register(game_id: str, bot: type[Bot]) -> type[Bot]:
    """Make ``bot`` available for ``game_id`` (usable as a decorator's body)."""
    _BY_GAME.setdefault(game_id, {})[bot.name] = bot
    return bot


def _load(game_id: str) -> None:
    """Import the game's bot module (it registers its bots), so that asking for a game's bots
    never depends on whether something imported that game first."""
    if game_id not in _BY_GAME and game_id.isidentifier():
        try:
            importlib.import_module(f"{__name__}.{game_id}")
        except ModuleNotFoundError as exc:
            if exc.name != f"{__name__}.{game_id}":
                raise


def bot_names(game_id: str) -> list[str]:
    """The bots that can play ``game_id``, weakest first (aliases not listed)."""
    _load(game_id)
    return [*_GENERIC, *_BY_GAME.get(game_id, {})]


def make_bot(game_id: str, name: str) -> Bot:
    """A new bot by name (or old alias); raises :class:`BadOptions` for an unknown one."""
    name = ALIASES.get(name, name)
    _load(game_id)
    cls = _BY_GAME.get(game_id, {}).get(name) or _GENERIC.get(name)
    if cls is None:
        known = ", ".join(bot_names(game_id))
        raise BadOptions(Message.of("core.unknown_bot", bot=repr(name), known=known))
    return cls()


__all__ = [
    "ALIASES",
    "DEFAULT_LEVEL",
    "LEVELS",
    "Bot",
    "RandomBot",
    "bot_names",
    "make_bot",
    "register",
]
