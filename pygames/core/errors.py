"""Errors raised by the rules engine: each carries a message a player can read."""

from __future__ import annotations


class GameError(ValueError):
    """Base of every error the engine raises on bad input."""


class IllegalAction(GameError):
    """An action that the rules do not allow now; the state is left unchanged."""


class BadOptions(GameError):
    """Lobby options or a custom setup that the game cannot start from."""


class BadRecord(GameError):
    """A match record (save file, share link) that is malformed or does not replay."""
