"""Guided first games: a tutorial per game is data, not code (``pygames/<game>/tutorial.json``).

A tutorial is a real game on the real table: its seed and options, the bots at the table (their
moves follow from the seed, as every bot's do), and one step per decision of the person
learning: the move it asks for, the words (a catalogue id) said beside it and, where the words
name something on the table, that thing (``spot``: a paddy, a box, a stock; the page lights it
up); ``end`` is said once the game is won. The page refuses any other move kindly and changes
nothing; "Show me" makes the asked move. ``tests/test_tutorials.py`` plays each tutorial
against the engine: every asked move legal where it stands, every spotted thing present in the
view at its step, every text in both languages, the game won at the last step.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from importlib import resources
from typing import Any, NotRequired, TypedDict

from .core import BadInput, Message
from .core.contract import ActionJson, SeatJson
from .core.limits import quote
from .games import all_games, get_game


class SpotJson(TypedDict):
    """A thing on the table that a step's words name, lit up beside the asked move: what it
    is (one of the game's :data:`SPOTS`), whose (``seat``) and which (``at``: a paddy, a deck)."""

    thing: str
    seat: NotRequired[int]
    at: NotRequired[int]


class TutorialStepJson(TypedDict):
    """One decision of the person learning: the move asked for, what is said beside it, and
    the thing on the table those words name, if any."""

    move: ActionJson
    #: A message id of the game's catalogue.
    text: str
    spot: NotRequired[SpotJson]


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


#: What each game's table can light up for a lesson (its renderer's ``spot`` finds each),
#: and what a spot of it names: a seat, a place (``at``) or neither.
SPOTS: dict[str, dict[str, tuple[str, ...]]] = {
    "tanbo": {"ring": ("seat",), "paddy": ("seat", "at"), "player": ("seat",)},
    "humble_tea_party": {"box": ("seat",), "season": ("seat",), "tea": (), "deck": ("at",)},
    "storm_in_a_teacup": {"hand": (), "seat": ("seat",), "stock": ("seat",)},
}


def spot_problem(game_id: str, view: Mapping[str, Any], spot: Mapping[str, Any]) -> str | None:
    """What is wrong with ``spot`` on the table of ``view`` (``None``: it names a thing there).

    A thing must be one the game's table can light up, with the parts it needs and no other,
    and be there: a seat of the table, a paddy of that ring, a deck showing a sweet, a hand
    holding cards."""
    kinds = SPOTS.get(game_id, {})
    thing = spot.get("thing")
    if thing not in kinds:
        return f"{thing!r} is not one of {sorted(kinds)}"
    wanted = set(kinds[str(thing)])
    given = set(spot) - {"thing"}
    if given != wanted:
        return f"{thing} needs {sorted(wanted)}, not {sorted(given)}"
    table = view["table"]
    seat = spot.get("seat", 0)
    if not 0 <= seat < int(view["players"]):
        return f"no seat {seat}"
    at = spot.get("at", 0)
    if thing == "paddy" and not 0 <= at < len(table["rings"][seat]):
        return f"no paddy {at}"
    if thing == "deck" and not (0 <= at < len(table["decks"]) and table["decks"][at]["top"]):
        return f"no sweet on deck {at}"
    if thing == "hand" and not table["hand"]:
        return "no card in hand"
    return None


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
