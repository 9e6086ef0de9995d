"""Why a move is good, in one line: what a hint says beside the move it suggests.

Read from the seat's view alone: the run's combination is the table's own (``runs``), and
whether it leads or matches comes from the round's public reveals (rulings S5, S6). The line says
why; the page names the move.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..core import Action, Message
from .actions import Discard, Serve
from .cards import NS, cards_message


def why(view: Mapping[str, Any], seat: int, action: Action) -> Message | None:
    """Why ``action`` is good for ``seat``, from its ``view``; ``None`` if nothing to add."""
    table = view["table"]
    if isinstance(action, Discard):
        n = action.tea + action.milk + action.lemon
        left = table["cards_left"][seat] - n
        return _say("discard", left=cards_message(left))
    if not isinstance(action, Serve):
        return None
    asked = (action.start, action.length)
    run = next((r for r in table.get("runs", []) if (r["start"], r["length"]) == asked), None)
    if run is None:
        return None
    combination = Message.of(f"{NS}.combination.{run['combination']}")
    party = run["party"]
    if party == "lead":
        return _say("lead", combination=combination)
    if party == "no_match":
        led = Message.of(f"{NS}.combination.{table['lead']['combination']}")
        return _say("no_match", lead=led)
    if party == "match_most":
        return _say("match_most", n=run["discards"])
    return _say("match", n=run["discards"])


def _say(key: str, /, **args: object) -> Message:
    return Message.of(f"{NS}.advice.{key}", **args)
