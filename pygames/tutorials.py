"""Guided first games: a tutorial per game is data, not code (``pygames/<game>/tutorial.json``).

A tutorial is a real game on the real table: its seed and options, the bots at the table (their
moves follow from the seed, as every bot's do), and one step per decision of the person
learning: the move it asks for and the words (a catalogue id) said beside it; ``end`` is said
once the game is won. The page refuses any other move kindly and changes nothing; "Show me"
makes the asked move. ``tests/test_tutorials.py`` plays each tutorial against the engine: every
asked move legal where it stands, every text in both languages, the game won at the last step.
"""

from __future__ import annotations

import json
from importlib import resources
from typing import NotRequired, TypedDict

from .core import BadInput, Message
from .core.contract import ActionJson, SeatJson
from .core.limits import quote
from .games import all_games, get_game


class TutorialStepJson(TypedDict):
    """One decision of the person learning: the move asked for and what is said beside it."""

    move: ActionJson
    #: A message id of the game's catalogue.
    text: str


class TutorialJson(TypedDict):
    """A game's guided first game."""

    game: str
    seed: int
    options: dict[str, object]
    #: The bot across the table.
    opponent: SeatJson
    #: Further bots, in seat order after it (a game for more than two).
    others: NotRequired[list[SeatJson]]
    steps: list[TutorialStepJson]
    #: Said once the game is won (a message id).
    end: str


#: The games that have a tutorial.
TUTORIALS = tuple(g.id for g in all_games() if g.has_tutorial)


def tutorial(game_id: object) -> TutorialJson:
    """The tutorial of ``game_id`` (refused in words if it has none)."""
    game = get_game(game_id)
    if game.id not in TUTORIALS:
        raise BadInput(Message.of("core.tutorial.none", game=quote(game_id)))
    text = resources.files(f"pygames.{game.id}").joinpath("tutorial.json").read_text("utf-8")
    data: TutorialJson = json.loads(text)
    return data
