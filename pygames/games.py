"""The catalogue of games, by id: a plain table of the game packages' declarations, in the
order the lobby offers them (the first is the lobby's default).

>>> [g.id for g in all_games()][:3]
['tanbo', 'humble_tea_party', 'storm_in_a_teacup']
"""

from __future__ import annotations

from . import humble_tea_party, storm_in_a_teacup, tanbo
from .core import BadOptions, Game, Message
from .core.limits import quote

_GAMES: dict[str, Game] = {
    g.id: g for g in (tanbo.GAME, humble_tea_party.GAME, storm_in_a_teacup.GAME)
}


def register_game(game: Game) -> Game:
    """Add ``game`` to the catalogue (tests add a small game of their own)."""
    _GAMES[game.id] = game
    return game


def all_games() -> list[Game]:
    """Every game, in catalogue order."""
    return list(_GAMES.values())


def get_game(game_id: object) -> Game:
    """The game called ``game_id``; raises :class:`BadOptions` for an unknown id."""
    if not isinstance(game_id, str) or game_id not in _GAMES:
        known = ", ".join(_GAMES)
        raise BadOptions(Message.of("core.unknown_game", game=quote(game_id), known=known))
    return _GAMES[game_id]
