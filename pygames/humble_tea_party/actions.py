"""Humble Tea Party's decisions, each one small action with a stable JSON form.

Decks are 0-2 and seats 0-based in JSON (the log and messages say "deck 1" and "Player 1").
Cells are ``x`` (right) and ``y`` (down) on the Oribako's free grid (ruling H8).

>>> Keep(1).to_json()
{'type': 'keep', 'deck': 1}
>>> Place(0, 2, -1, 0).to_json()
{'type': 'place', 'deck': 0, 'target': 2, 'x': -1, 'y': 0}
>>> CODEC.decode({"type": "tea"}) == Tea()
True
"""

from __future__ import annotations

from dataclasses import dataclass

from ..core import Action, ActionCodec


@dataclass(frozen=True)
class Keep(Action):
    """Phase 1: take the top of ``deck`` into your own Oribako, at (0, 0) (ruling H7)."""

    kind = "keep"
    deck: int


@dataclass(frozen=True)
class Place(Action):
    """Phase 2: take the top of ``deck`` and place it at ``(x, y)`` in ``target``'s Oribako
    (ruling H9)."""

    kind = "place"
    deck: int
    target: int
    x: int
    y: int


@dataclass(frozen=True)
class Tea(Action):
    """Get Some Tea: nobody may place into your Oribako until your next turn (ruling H11)."""

    kind = "tea"


CODEC = ActionCodec(Keep, Place, Tea)
