"""Build a Tanbo position from a compact description, for tests, puzzles and examples.

A paddy is written with one letter per token: ``S`` Snake, ``Y`` Yellow, ``B`` Black and ``R``
Red Rice, ``F`` the Farmer (spaces are ignored). Whatever Rice is not on the field or collected
is in the bag, whatever Snake is not on the field is in the supply.

>>> state = position([["F", "", "S", "SS", "SS"], ["SSF", "SS", "SS", "SS", "SS"]],
...                  collected=["YB", ""])
>>> state.phase.value, state.pending_count()   # the Farmer alone landed in empty paddy 2: Rest
('rest', 1)
>>> state.legal_actions(0)
[ReturnRice(rice='yellow'), ReturnRice(rice='black')]
"""

from __future__ import annotations

from collections.abc import Sequence

from ..core import Rng
from .game import TanboGame, TanboState
from .state import Phase
from .tokens import RICE, RICE_IN_GAME, SNAKES_IN_GAME, Counts, Token, empty

_LETTERS = {
    "S": Token.SNAKE,
    "Y": Token.YELLOW,
    "B": Token.BLACK,
    "R": Token.RED,
    "F": Token.FARMER,
}


def tokens(text: str) -> Counts:
    """Counts from letters: ``tokens("SYY F") == [1, 2, 0, 0, 1]``.

    >>> tokens("SYY F")
    [1, 2, 0, 0, 1]
    """
    out = empty()
    for ch in text.replace(" ", ""):
        out[_LETTERS[ch.upper()]] += 1
    return out


def position(
    rings: Sequence[Sequence[str]],
    collected: Sequence[str] = ("", ""),
    turn: int = 0,
    first_player: int = 0,
    seed: int = 0,
    start: bool = True,
) -> TanboState:
    """A state with these rings and collected Rice, at the start of ``turn``'s turn.

    With ``start`` (the default) the turn begins at once: the Farmer's paddy is picked up and
    forced placements are made, exactly as in play. Both Farmers must be on the field.
    """
    state = TanboState(TanboGame(), Rng(seed), first_player)
    state.rings = [[tokens(p) for p in ring] for ring in rings]
    state.collected = [tokens(c) for c in collected]
    snakes = sum(p[Token.SNAKE] for ring in state.rings for p in ring)
    if snakes > SNAKES_IN_GAME:
        raise ValueError(f"{snakes} Snakes; there are only {SNAKES_IN_GAME}")
    state.supply = SNAKES_IN_GAME - snakes
    for t in RICE:
        used = sum(p[t] for ring in state.rings for p in ring)
        used += sum(c[t] for c in state.collected)
        if used > RICE_IN_GAME[t]:
            raise ValueError(f"{used} {t.word}; there are only {RICE_IN_GAME[t]}")
        state.bag[t] = RICE_IN_GAME[t] - used
    state.phase = Phase.MOVE
    state.turn = turn
    if start:
        state.begin_turn(turn)
    return state
