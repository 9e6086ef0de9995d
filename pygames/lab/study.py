"""A study: a grid of settings, each played a number of times.

A study file is TOML::

    name = "first player"       # optional; names the rows
    games = 200                 # games per cell (each grid may set its own)
    seed = 1                    # seed of each cell's first game (game i: seed + i)

    [[grid]]                    # every combination of its lists is one cell
    game = "tanbo"
    players = 2                 # a number or a list of numbers
    bots = ["random,normal"]    # line-ups: a line-up's bots fill the seats in turn
    options = [{}, { setup = "custom" }]   # a table or a list of tables
    rotate = true               # seats rotate by one between games (the default)

A line-up such as ``"strong,normal"`` is cycled over the seats; with ``rotate`` the seating
moves one seat a game (:func:`pygames.simulate.seating`), so every bot takes every seat. Every
cell plays the same seeds, so cells are compared on the same deals.

Everything is checked before any game runs; a mistake is a :class:`StudyError` that names the
field (``grid[1].bots[0]: no bot called 'strongest' ...``).
"""

from __future__ import annotations

import json
import tomllib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..bots import make_bot
from ..core import GameError, JsonDict
from ..games import get_game
from ..simulate import seating

#: At most this many games in a cell (a bound, so that a typo cannot plan a year of work).
MAX_GAMES = 10_000_000
#: At most this many cells in a study.
MAX_CELLS = 10_000
_TOP = {"name", "games", "seed", "grid"}
_GRID = {"game", "players", "bots", "options", "rotate", "games", "seed"}


class StudyError(ValueError):
    """A study that cannot run: the message names the field at fault."""


@dataclass(frozen=True)
class Cell:
    """One setting of a study: a game, a player count, options and a line-up of bots."""

    index: int
    game: str
    players: int
    options: JsonDict
    lineup: tuple[str, ...]
    rotate: bool
    games: int
    seed: int

    def seats(self, game_index: int) -> list[str]:
        """The bot in each seat in the cell's ``game_index``-th game."""
        return seating(self.lineup, self.players, game_index if self.rotate else 0)

    def label(self) -> str:
        """A short name for tables and figures (:func:`label`)."""
        return label(self.game, self.players, self.options, self.lineup)


def label(game: str, players: int, options: Mapping[str, Any], bots: Sequence[str]) -> str:
    """``tanbo 2p random,normal {"setup": ...}``: the game, the player count, the bots (each
    once) and only the options that differ from the game's defaults."""
    defaults = get_game(game).default_options(players)
    changed = {k: v for k, v in options.items() if defaults.get(k) != v}
    shown = f" {json.dumps(changed, sort_keys=True)}" if changed else ""
    return f"{game} {players}p {','.join(dict.fromkeys(bots))}{shown}"


@dataclass(frozen=True)
class Study:
    """A name and its cells."""

    name: str
    cells: tuple[Cell, ...]

    @property
    def games(self) -> int:
        """Games in the whole study."""
        return sum(c.games for c in self.cells)


def _int(value: Any, where: str, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise StudyError(f"{where}: expected a whole number, got {value!r}")
    if not low <= value <= high:
        raise StudyError(f"{where}: {value} is out of range ({low} to {high})")
    return value


def _list(value: Any) -> list[Any]:
    return list(value) if isinstance(value, list | tuple) else [value]


def _lineup(value: Any, where: str, game: str) -> tuple[str, ...]:
    names = value.split(",") if isinstance(value, str) else value
    if not isinstance(names, list | tuple) or not names:
        raise StudyError(f'{where}: expected bot names such as "random,normal", got {value!r}')
    lineup = []
    for name in names:
        if not isinstance(name, str) or not name.strip():
            raise StudyError(f"{where}: expected bot names, got {name!r}")
        try:
            make_bot(game, name.strip())
        except GameError as exc:
            raise StudyError(f"{where}: {exc}") from None
        lineup.append(name.strip())
    return tuple(lineup)


def from_mapping(data: Mapping[str, Any], default_name: str = "study") -> Study:
    """A study from its parsed TOML (or any mapping of the same shape)."""
    unknown = sorted(set(data) - _TOP)
    if unknown:
        raise StudyError(f"{unknown[0]}: unknown field (a study has {', '.join(sorted(_TOP))})")
    name = data.get("name", default_name)
    if not isinstance(name, str) or not name.strip():
        raise StudyError(f"name: expected text, got {name!r}")
    games = _int(data.get("games", 100), "games", 1, MAX_GAMES)
    seed = _int(data.get("seed", 0), "seed", 0, 2**53 - 1)
    grids = data.get("grid")
    if not isinstance(grids, list) or not grids:
        raise StudyError("grid: a study needs at least one [[grid]] table")
    cells: list[Cell] = []
    for g, grid in enumerate(grids):
        at = f"grid[{g}]"
        if not isinstance(grid, Mapping):
            raise StudyError(f"{at}: expected a table")
        unknown = sorted(set(grid) - _GRID)
        if unknown:
            raise StudyError(
                f"{at}.{unknown[0]}: unknown field (a grid has {', '.join(sorted(_GRID))})"
            )
        game_id = grid.get("game")
        try:
            if not isinstance(game_id, str):
                raise StudyError(f"{at}.game: expected a game id, got {game_id!r}")
            game = get_game(game_id)
        except GameError as exc:  # its message lists the games
            raise StudyError(f"{at}.game: {exc}") from None
        rotate = grid.get("rotate", True)
        if not isinstance(rotate, bool):
            raise StudyError(f"{at}.rotate: expected true or false, got {rotate!r}")
        cell_games = _int(grid.get("games", games), f"{at}.games", 1, MAX_GAMES)
        cell_seed = _int(grid.get("seed", seed), f"{at}.seed", 0, 2**53 - 1)
        counts = [
            _int(p, f"{at}.players", game.min_players, game.max_players)
            for p in _list(grid.get("players", game.min_players))
        ]
        raw_lineups = grid.get("bots", ["random"])
        lineups = [
            _lineup(b, f"{at}.bots[{i}]", game.id)
            for i, b in enumerate(raw_lineups if isinstance(raw_lineups, list) else [raw_lineups])
        ]
        option_sets = _list(grid.get("options", {}))
        for players in counts:
            for o, options in enumerate(option_sets):
                if not isinstance(options, Mapping):
                    raise StudyError(f"{at}.options[{o}]: expected a table, got {options!r}")
                try:
                    valid = game.validate_options(players, options)
                except GameError as exc:
                    raise StudyError(f"{at}.options[{o}]: {exc} ({players} players)") from None
                for lineup in lineups:
                    cells.append(
                        Cell(
                            len(cells),
                            game.id,
                            players,
                            valid,
                            lineup,
                            rotate,
                            cell_games,
                            cell_seed,
                        )
                    )
                    if len(cells) > MAX_CELLS:
                        raise StudyError(f"{at}: more than {MAX_CELLS} cells")
    return Study(name.strip(), tuple(cells))


def load(path: Path) -> Study:
    """Read and check a study file."""
    try:
        with path.open("rb") as f:
            data = tomllib.load(f)
    except OSError as exc:
        raise StudyError(f"{path}: cannot read it ({exc.strerror})") from None
    except tomllib.TOMLDecodeError as exc:
        raise StudyError(f"{path}: not TOML ({exc})") from None
    return from_mapping(data, default_name=path.stem)


def one_cell(
    game: str,
    players: Sequence[int] | None,
    bots: str,
    games: int,
    seed: int,
    options: JsonDict | None = None,
    rotate: bool = True,
    name: str = "study",
) -> Study:
    """The study the command line's flags describe (no file)."""
    grid: dict[str, Any] = {
        "game": game,
        "bots": [bots],
        "options": options or {},
        "rotate": rotate,
    }
    if players:
        grid["players"] = list(players)
    return from_mapping({"name": name, "games": games, "seed": seed, "grid": [grid]})


__all__ = ["Cell", "Study", "StudyError", "from_mapping", "label", "load", "one_cell"]
