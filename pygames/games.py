"""The catalogue of games, by id."""

from __future__ import annotations

from .core import BadOptions, Game

_GAMES: dict[str, Game] = {}


def register_game(game: Game) -> Game:
    """Add ``game`` to the catalogue."""
    _GAMES[game.id] = game
    return game


def all_games() -> list[Game]:
    """Every game, in catalogue order."""
    _load()
    return list(_GAMES.values())


def get_game(game_id: object) -> Game:
    """The game called ``game_id``; raises :class:`BadOptions` for an unknown id."""
    _load()
    if not isinstance(game_id, str) or game_id not in _GAMES:
        known = ", ".join(_GAMES)
        raise BadOptions(f"Unknown game {game_id!r}; choose from {known}.")
    return _GAMES[game_id]


def _load() -> None:
    # Importing a game package registers it (and its bots); done lazily so that the core can
    # be imported alone.
    from . import humble_tea_party, storm_in_a_teacup, tanbo  # noqa: F401
