"""Build a Storm in a Teacup position from letters, for tests, puzzles and examples.

A hand or stock is written with one letter per card: ``T`` Tea, ``M`` Milk, ``L`` Lemon
(spaces are ignored); hands keep their order. Cards not placed are in the box, undealt, unless
``discarded`` names cards already discarded to the box.

>>> state = position(["TTMML", "MMM", ""], stocks=["", "", "TL"], host=0)
>>> state.actors(), state.view(0)["table"]["hand"]
((0,), ['tea', 'tea', 'milk', 'milk', 'lemon'])
>>> [a.to_json() for a in state.legal_actions(0)][:3]
[{'type': 'serve', 'start': 0, 'length': 1}, {'type': 'serve', 'start': 0, 'length': 2}, \
{'type': 'serve', 'start': 0, 'length': 4}]
"""

from __future__ import annotations

from collections.abc import Sequence

from ..core import Rng
from .cards import COLOURS, IDS_BY_COLOUR, colours_from_letters
from .game import StormGame, StormState


def position(
    hands: Sequence[str],
    stocks: Sequence[str] | None = None,
    host: int = 0,
    discarded: str = "",
    seed: int = 0,
    start: bool = True,
    prepared: Sequence[int] = (),
    memory_aid: bool = True,
) -> StormState:
    """A state with these hands and stocks whose round (``start``) begins with ``host``.

    Hands are dealt hands (their colours are their owners' secret) except those of the seats in
    ``prepared``, which came from a stock: their colours are public (ruling S8)."""
    players = len(hands)
    stocks = stocks if stocks is not None else [""] * players
    if len(stocks) != players:
        raise ValueError("one stock per hand")
    free = {c: list(reversed(IDS_BY_COLOUR[c])) for c in COLOURS}

    def cards(text: str) -> list[int]:
        out = []
        for colour in colours_from_letters(text):
            if not free[colour]:
                raise ValueError(f"more {colour.title} cards than the game has")
            out.append(free[colour].pop())
        return out

    state = StormState(StormGame(), players, Rng(seed), memory_aid=memory_aid)
    state.hands = [cards(h) for h in hands]
    state.hand_secret = [bool(h) and s not in prepared for s, h in enumerate(state.hands)]
    state.stocks = [cards(s) for s in stocks]
    gone = cards(discarded)
    state.box = sorted(c for ids in free.values() for c in ids) + gone
    state.undealt = len(state.box) - len(gone)
    state.host = host
    if not any(state.cards_left()):
        raise ValueError("nobody holds a card")
    if start:
        state.start_round()
    return state
