"""Readable reasons for refused Tanbo actions (the state is never changed by a refusal)."""

from __future__ import annotations

from typing import Any

from ..core import Action
from .actions import Place, PlaceFarmer, Remove, ReturnRice, Swap, Take
from .field import excess
from .state import Phase, TanboRules
from .tokens import PADDIES, RICE_WORDS, TOKEN_BY_WORD, Token

_EXPECTED = {
    Phase.FARMER: ("farmer", "place the Farmer in one of their paddies (1-5)"),
    Phase.MOVE: ("place", "place the next token from the hand"),
    Phase.SWAP: ("swap", "swap two of their own tokens (Big Movement)"),
    Phase.HARVEST: ("take", "choose the next Rice to take"),
    Phase.REST: ("return", "choose a collected Rice to return to the bag"),
    Phase.EXCESS: ("remove", "remove tokens from a paddy holding more than 10"),
}


def _paddy(value: Any) -> int | None:
    if isinstance(value, int) and not isinstance(value, bool) and 0 <= value < PADDIES:
        return value
    return None


def _token(value: Any) -> Token | None:
    return TOKEN_BY_WORD.get(value) if isinstance(value, str) else None


def _rice(value: Any) -> Token | None:
    token = _token(value)
    return token if token is not None and token.word in RICE_WORDS else None


def explain(state: TanboRules, seat: int, action: Action) -> str:
    """Why ``action`` by ``seat`` (who is to act) is not legal now."""
    who = state.seat_name(seat)
    if state.phase is Phase.OVER:
        return "The game is over; no more actions can be taken."
    kind, doing = _EXPECTED[state.phase]
    if action.kind != kind:
        return f"{who} must {doing} now, not {action.kind}."
    choose_paddy = "Choose a paddy 1-5 (0-4 in JSON)."
    if isinstance(action, PlaceFarmer):
        return choose_paddy
    if isinstance(action, Place):
        token = _token(action.token)
        if token is None:
            return f"Unknown token {action.token!r}; choose snake, yellow, black, red or farmer."
        if token is Token.FARMER:
            return f"{who} does not hold the Farmer in hand."
        return f"{who} has no {token.title} in hand to place."
    if isinstance(action, Take):
        rice = _rice(action.rice)
        if rice is None:
            return f"Unknown Rice {action.rice!r}; choose yellow, black or red."
        where = "" if state.action_paddy is None else f" in paddy {state.action_paddy + 1}"
        return f"There is no {rice.title} left{where} to take."
    if isinstance(action, ReturnRice):
        rice = _rice(action.rice)
        if rice is None:
            return f"Unknown Rice {action.rice!r}; choose yellow, black or red."
        return f"{who} has no collected {rice.title} to return."
    if isinstance(action, Swap):
        return _explain_swap(state, who, action)
    if isinstance(action, Remove):
        paddy = _paddy(action.paddy)
        if paddy is None:
            return choose_paddy
        token = _token(action.token)
        if token is None:
            return f"Unknown token {action.token!r}; choose snake, yellow, black or red."
        if token is Token.FARMER:
            return "The Farmer is never removed; remove Snakes or Rice."
        there = state.rings[state.turn][paddy]
        if not excess(there):
            return f"Paddy {paddy + 1} holds {sum(there)} tokens, not more than 10."
        return f"There is no {token.title} in paddy {paddy + 1} to remove."
    return f"{who} cannot {action.kind} like that now."


def _explain_swap(state: TanboRules, who: str, action: Swap) -> str:
    spots = []
    for spot in (action.a, action.b):
        ok = isinstance(spot, tuple) and len(spot) == 2
        paddy = _paddy(spot[0]) if ok else None
        token = _token(spot[1]) if ok else None
        if paddy is None or token is None:
            return (
                "A swap names two tokens as [paddy 0-4, token], the token one of snake, "
                f"yellow, black, red or farmer; got {spot!r}."
            )
        spots.append((paddy, token))
    (p, t), (q, u) = spots
    if p == q:
        return "The two tokens must stand in different paddies."
    if t == u:
        return f"Both are {t.title}; swap two tokens that differ in kind or colour."
    ring = state.rings[1 - state.turn]
    for paddy, token in spots:
        if not ring[paddy][token]:
            return f"{who} has no {token.title} in paddy {paddy + 1}."
    return f"{who} cannot swap those tokens now."
