"""Readable reasons for refused Humble Tea Party actions (a refusal never changes the state)."""

from __future__ import annotations

from typing import Any

from ..core import Action
from .actions import Keep, Place, Tea
from .oribako import is_complete, refusal
from .state import DECKS, HtpRules, Phase

_CHOOSE_DECK = "Choose deck 1, 2 or 3 (0-2 in JSON)."


def _deck(state: HtpRules, value: Any) -> str | None:
    """Why ``value`` is no deck to take from (``None``: it is fine)."""
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < DECKS:
        return f"There is no deck {value!r}. {_CHOOSE_DECK}"
    if not state.decks[value]:
        return f"Deck {value + 1} is empty."
    return None


def explain_tea(state: HtpRules, seat: int) -> str:
    """Why ``seat`` may not take Tea now (ruling H11)."""
    who = state.seat_name(seat)
    if state.phase is Phase.OWN:
        return "Nobody may take Tea in Phase 1; Tea is for Phase 2."
    if seat in state.tea_spent:
        return f"{who} has already had Tea; it is once per game."
    if state.tea_holder == seat:
        return f"{who} already has the Tea token."
    if state.tea_holder is not None:
        return (
            f"{state.seat_name(state.tea_holder)} has the Tea token; wait until it returns "
            "to the centre."
        )
    if is_complete(state.boxes[seat]):
        return f"{who}'s Oribako is complete: there is nothing left to protect with Tea."
    return f"{who} cannot take Tea now."


def explain(state: HtpRules, seat: int, action: Action) -> str:
    """Why ``action`` by ``seat`` (one of the actors) is not legal now."""
    who = state.seat_name(seat)
    if state.phase is Phase.OVER:
        return "The game is over; no more actions can be taken."
    if isinstance(action, Tea):
        return explain_tea(state, seat)
    if seat != state.turn:
        return (
            f"It is {state.seat_name(state.turn)}'s turn to take a sweet; {who} may only "
            "take Tea now."
        )
    if state.phase is Phase.OWN:
        if not isinstance(action, Keep):
            return (
                f"Phase 1: {who} keeps a sweet for their own Oribako "
                '({"type": "keep", "deck": d}).'
            )
        return _deck(state, action.deck) or f"{who} cannot keep that sweet."
    if not isinstance(action, Place):
        return (
            f"Phase 1 is over: {who} recommends a sweet for another player's Oribako "
            '({"type": "place", "deck": d, "target": seat, "x": x, "y": y}).'
        )
    bad_deck = _deck(state, action.deck)
    if bad_deck:
        return bad_deck
    target = action.target
    if isinstance(target, bool) or not isinstance(target, int):
        return f"The target must be a seat number, not {target!r}."
    if not 0 <= target < state.players:
        return f"There is no Player {target + 1} in this game."
    if target == seat:
        return "You cannot place into your own Oribako."
    name = state.seat_name(target)
    if is_complete(state.boxes[target]):
        return f"{name}'s Oribako is complete."
    if state.tea_holder == target:
        return f"{name}'s Oribako is under Tea."
    why = refusal(state.boxes[target], (action.x, action.y))
    return why + "." if why else f"{who} cannot place that sweet there."
