"""A hint: the move the Strong bot would make in a person's seat, and why, in one line.

As honest as the bots: the choice comes from the seat's view alone, and so does its
randomness (a hash of the view), so two tables that look the same from that seat get the same
hint whatever the secrets behind them.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence

from .bots import make_bot
from .core import MAX_SEED, Action, Game, Message, Rng
from .core.contract import ViewJson

#: The level whose choice a hint suggests.
HINT_BOT = "strong"


def suggest(
    game: Game, view: ViewJson, seat: int, legal: Sequence[Action]
) -> tuple[Action | None, Message]:
    """The move to suggest to ``seat`` (``None``: nothing to do now, an optional action best
    left alone) and why, from what ``seat`` sees."""
    action = make_bot(game.id, HINT_BOT).choose(game, view, seat, legal, view_rng(view, seat))
    if action is None:
        return None, Message.of("core.hint.wait")
    return action, game.explain(view, seat, action) or Message.of("core.hint.strong")


def view_rng(view: object, seat: int) -> Rng:
    """A generator drawn from what ``seat`` sees (a hash of its view): equal views, equal
    draws, whatever the secrets behind them."""
    digest = hashlib.sha256(json.dumps([seat, view], sort_keys=True).encode()).digest()
    return Rng(int.from_bytes(digest[:8], "big") % (MAX_SEED + 1))
