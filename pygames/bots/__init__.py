"""Bots that choose actions through the contract only, and the table of bots per game."""

from __future__ import annotations

from ..core import BadOptions
from .base import Bot, RandomBot

# Bots every game can use, then game-specific ones: game id -> bot name -> class.
_GENERIC: dict[str, type[Bot]] = {RandomBot.name: RandomBot}
_BY_GAME: dict[str, dict[str, type[Bot]]] = {}


def register(game_id: str, bot: type[Bot]) -> type[Bot]:
    """Make ``bot`` available for ``game_id`` (usable as a decorator's body)."""
    _BY_GAME.setdefault(game_id, {})[bot.name] = bot
    return bot


def bot_names(game_id: str) -> list[str]:
    """The bots that can play ``game_id``."""
    return [*_GENERIC, *_BY_GAME.get(game_id, {})]


def make_bot(game_id: str, name: str) -> Bot:
    """A new bot by name; raises :class:`BadOptions` for an unknown one."""
    cls = _BY_GAME.get(game_id, {}).get(name) or _GENERIC.get(name)
    if cls is None:
        known = ", ".join(bot_names(game_id))
        raise BadOptions(f"There is no bot called {name!r} for this game; choose from {known}.")
    return cls()


__all__ = ["Bot", "RandomBot", "bot_names", "make_bot", "register"]
