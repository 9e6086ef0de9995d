"""Game-agnostic core: the contract, match records, the RNG, errors and action codecs."""

from .actions import Action, ActionCodec
from .errors import BadInput, BadOptions, BadRecord, GameError, IllegalAction
from .game import Game, JsonDict, LogEntry, Outcome, State
from .messages import Message, render, text
from .messages import text as made_text
from .record import MatchRecord, Seat
from .rng import MAX_SEED, Rng

__all__ = [
    "MAX_SEED",
    "Action",
    "ActionCodec",
    "BadInput",
    "BadOptions",
    "BadRecord",
    "Game",
    "GameError",
    "IllegalAction",
    "JsonDict",
    "LogEntry",
    "MatchRecord",
    "Message",
    "Outcome",
    "Rng",
    "Seat",
    "State",
    "made_text",
    "render",
    "text",
]
