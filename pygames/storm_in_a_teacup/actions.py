"""Storm in a Teacup's decisions, each a small action with a stable JSON form.

Serving reveals one run of consecutive cards of the hand: ``start`` is its 0-based position
and ``length`` its number of cards (ruling S4). Preparing is automatic. After a tea party each
matching player chooses their discards by colour counts, one player at a time (ruling S6).

>>> Serve(2, 3).to_json()
{'type': 'serve', 'start': 2, 'length': 3}
>>> CODEC.decode({"type": "discard", "tea": 2, "milk": 0, "lemon": 1}) == Discard(2, 0, 1)
True
"""

# No ``from __future__ import annotations`` here: with real (not string) annotations, decoding
# an action does not evaluate its field types again each time, and games log many actions.
from dataclasses import dataclass

from ..core import Action, ActionCodec


@dataclass(frozen=True)
class Serve(Action):
    """Reveal the ``length`` cards of the hand from position ``start`` (ruling S4)."""

    kind = "serve"
    start: int
    length: int


@dataclass(frozen=True)
class ColourCounts(Action):
    """Base of the actions that name a number of cards of each colour (no kind of its own)."""

    tea: int
    milk: int
    lemon: int

    @property
    def counts(self) -> list[int]:
        """``[tea, milk, lemon]``."""
        return [self.tea, self.milk, self.lemon]


@dataclass(frozen=True)
class Discard(ColourCounts):
    """Put this many revealed cards of each colour into the box (ruling S6)."""

    kind = "discard"


CODEC = ActionCodec(Serve, Discard)
