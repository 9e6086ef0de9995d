"""Play in a terminal: ``python -m pygames play <game>``, with the page's words and rules.

>>> import io
>>> out = io.StringIO()
>>> play("tanbo", ["human", "random"], seed=1, stdin=io.StringIO("q\\n"), stdout=out)
0
>>> "Put your Farmer in paddy 1" in out.getvalue()
True
"""

from __future__ import annotations

import sys
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any, TextIO

from ..bots import bot_names
from ..core import GameError
from ..games import all_games, get_game
from .table import Seats, Terminal, colour_wanted
from .words import Speaker

PERSON = ("human", "person", "you", "me")


def seats_of(game_id: str, spec: Sequence[str] | None, lang: str = "en") -> list[str | None]:
    """Seats from ``human`` or bot levels (``None``: a person); by default a person against
    the game's fewest players' worth of Normal bots. Raises ValueError with the reason."""
    game = get_game(game_id)
    levels = bot_names(game_id)
    chosen = list(spec) if spec else ["human", *["normal"] * (game.min_players - 1)]
    seats: list[str | None] = []
    for item in chosen:
        word = item.strip().lower()
        if word in PERSON:
            seats.append(None)
        elif word in levels:
            seats.append(word)
        else:
            seats = []
            break
    if not game.min_players <= len(seats) <= game.max_players:
        say = Speaker(lang)
        raise ValueError(
            say(
                "terminal.bad_seats",
                levels=", ".join(levels),
                min=game.min_players,
                max=game.max_players,
                game=game_id,
                value=",".join(chosen),
            )
        )
    return seats


def play(
    game_id: str | None,
    seats: Sequence[str] | None = None,
    *,
    names: Sequence[str] = (),
    seed: int | None = None,
    options: Mapping[str, Any] | None = None,
    lang: str = "en",
    load: Path | None = None,
    save: Path | None = None,
    colour: bool | None = None,
    stdin: TextIO | None = None,
    stdout: TextIO | None = None,
) -> int:
    """Play one game at the terminal (``stdin``/``stdout`` by default) and return the exit
    status: 0 when the game ends or the person leaves, 1 when the input ends first, 2 when the
    game cannot be set up or the save file cannot be opened."""
    stdin = stdin or sys.stdin
    stdout = stdout or sys.stdout
    say = Speaker(lang)
    terminal = Terminal(stdin, stdout, lang, colour_wanted(stdout, colour), save)
    if load is not None:
        opened = terminal.open_saved(load)
    else:
        known = [g.id for g in all_games()]
        if game_id not in known:
            stdout.write(say("terminal.unknown_game", value=game_id, games=", ".join(known)) + "\n")
            return 2
        try:
            bots = seats_of(game_id, seats, lang)
        except (ValueError, GameError) as exc:
            stdout.write(f"{exc}\n")
            return 2
        opened = terminal.open_new(game_id, Seats(bots, list(names)), seed, options or {})
    if opened is None:
        return 2
    return terminal.play(opened)


__all__ = ["play", "seats_of"]
