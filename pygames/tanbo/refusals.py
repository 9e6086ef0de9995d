"""Readable reasons for refused Tanbo actions (the state is never changed by a refusal).

Each reason is a ``tanbo.refuse.*`` message, shown in the reader's language.
"""

from __future__ import annotations

from typing import Any

from ..core import Action, Message
from .actions import Place, PlaceFarmer, Remove, ReturnRice, Swap, Take
from .field import excess
from .state import Phase, TanboRules
from .tokens import MAX_TOKENS_PER_PADDY, PADDIES, RICE_WORDS, TOKEN_BY_WORD, Token
from .words import token as name

_EXPECTED = {
    Phase.FARMER: ("farmer", Message.of("tanbo.must.farmer")),
    Phase.MOVE: ("place", Message.of("tanbo.must.place")),
    Phase.SWAP: ("swap", Message.of("tanbo.must.swap")),
    Phase.HARVEST: ("take", Message.of("tanbo.must.take")),
    Phase.REST: ("return", Message.of("tanbo.must.return")),
    Phase.EXCESS: ("remove", Message.of("tanbo.must.remove", limit=MAX_TOKENS_PER_PADDY)),
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


def _refuse(key: str, /, **args: Any) -> Message:
    return Message.of(f"tanbo.refuse.{key}", **args)


def explain(state: TanboRules, seat: int, action: Action) -> Message:
    """Why ``action`` by ``seat`` (who is to act) is not legal now."""
    if state.phase is Phase.OVER:
        return Message.of("core.game_over")
    kind, doing = _EXPECTED[state.phase]
    if action.kind != kind:
        return _refuse("must", seat=seat, doing=doing, kind=action.kind)
    if isinstance(action, PlaceFarmer):
        return _refuse("choose_paddy")
    if isinstance(action, Place):
        token = _token(action.token)
        if token is None:
            return _refuse("unknown_token", token=repr(action.token))
        if token is Token.FARMER:
            return _refuse("farmer_not_in_hand", seat=seat)
        return _refuse("not_in_hand", seat=seat, token=name(token))
    if isinstance(action, Take):
        rice = _rice(action.rice)
        if rice is None:
            return _refuse("unknown_rice", rice=repr(action.rice))
        if state.action_paddy is None:
            return _refuse("none_left", rice=name(rice))
        return _refuse("none_left_in", rice=name(rice), paddy=state.action_paddy + 1)
    if isinstance(action, ReturnRice):
        rice = _rice(action.rice)
        if rice is None:
            return _refuse("unknown_rice", rice=repr(action.rice))
        return _refuse("not_collected", seat=seat, rice=name(rice))
    if isinstance(action, Swap):
        return _explain_swap(state, seat, action)
    if isinstance(action, Remove):
        paddy = _paddy(action.paddy)
        if paddy is None:
            return _refuse("choose_paddy")
        token = _token(action.token)
        if token is None:
            return _refuse("unknown_removable", token=repr(action.token))
        if token is Token.FARMER:
            return _refuse("farmer_stays")
        there = state.rings[state.turn][paddy]
        if not excess(there):
            return _refuse("not_over", paddy=paddy + 1, n=sum(there), limit=MAX_TOKENS_PER_PADDY)
        return _refuse("not_to_remove", token=name(token), paddy=paddy + 1)
    return Message.of("core.cannot", seat=seat, kind=action.kind)


def _explain_swap(state: TanboRules, seat: int, action: Swap) -> Message:
    spots = []
    for spot in (action.a, action.b):
        ok = isinstance(spot, tuple) and len(spot) == 2
        paddy = _paddy(spot[0]) if ok else None
        token = _token(spot[1]) if ok else None
        if paddy is None or token is None:
            return _refuse("bad_swap", spot=repr(spot))
        spots.append((paddy, token))
    (p, t), (q, u) = spots
    if p == q:
        return _refuse("same_paddy")
    if t == u:
        return _refuse("same_kind", token=name(t))
    ring = state.rings[1 - state.turn]
    for paddy, token in spots:
        if not ring[paddy][token]:
            return _refuse("not_there", seat=seat, token=name(token), paddy=paddy + 1)
    return _refuse("cannot_swap", seat=seat)
