"""Errors raised by the rules engine: each carries a message a player can read.

The message is structured (:class:`~pygames.core.messages.Message`), so the page shows it in
the reader's language; ``str(error)`` is its English text, for the command line and the logs.
"""

from __future__ import annotations

from .messages import Message


class GameError(ValueError):
    """Base of every error the engine raises on bad input."""

    message: Message

    def __init__(self, message: Message) -> None:
        # Only a catalogued message: a player reads every refusal in their own language.
        self.message = message
        super().__init__(str(self.message))


class IllegalAction(GameError):
    """An action that the rules do not allow now; the state is left unchanged."""


class BadOptions(GameError):
    """Lobby options or a custom setup that the game cannot start from."""


class BadRecord(GameError):
    """A match record (save file, share link) that is malformed or does not replay."""


class BadInput(GameError):
    """A request that is malformed before any rule is read: not JSON, wrong types, too large,
    too deep (see :mod:`pygames.core.limits`)."""
