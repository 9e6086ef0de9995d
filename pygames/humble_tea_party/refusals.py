"""Reasons for refused Humble Tea Party actions (a refusal never changes the state), as
messages: ``humble_tea_party.refusal.*``, rendered in the reader's language."""

from __future__ import annotations

from typing import Any

from ..core import Action, Message
from .actions import Keep, Place, Tea
from .oribako import is_complete, refusal
from .state import DECKS, HtpRules, Phase, say

# What a JSON action looks like, shown in refusals as it is (no word to translate).
KEEP_EXAMPLE = '{"type": "keep", "deck": d}'
PLACE_EXAMPLE = '{"type": "place", "deck": d, "target": seat, "x": x, "y": y}'


def _deck(state: HtpRules, value: Any) -> Message | None:
    """Why ``value`` is no deck to take from (``None``: it is fine)."""
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < DECKS:
        return say("refusal.no_deck", value=repr(value))
    if not state.decks[value]:
        return say("refusal.deck_empty", deck=value + 1)
    return None


def explain_tea(state: HtpRules, seat: int) -> Message:
    """Why ``seat`` may not take Tea now (ruling H11)."""
    if state.phase is Phase.OWN:
        return say("refusal.tea_phase1")
    if seat in state.tea_spent:
        return say("refusal.tea_spent", seat=seat)
    if state.tea_holder == seat:
        return say("refusal.tea_held", seat=seat)
    if state.tea_holder is not None:
        return say("refusal.tea_away", holder=state.tea_holder)
    if is_complete(state.boxes[seat]):
        return say("refusal.tea_complete", seat=seat)
    return say("refusal.tea_cannot", seat=seat)


def explain(state: HtpRules, seat: int, action: Action) -> Message:
    """Why ``action`` by ``seat`` (one of the actors) is not legal now."""
    if state.phase is Phase.OVER:
        return Message.of("core.game_over")
    if isinstance(action, Tea):
        return explain_tea(state, seat)
    if seat != state.turn:
        return say("refusal.not_turn", turn=state.turn, seat=seat)
    if state.phase is Phase.OWN:
        if not isinstance(action, Keep):
            return say("refusal.keep_only", seat=seat, example=KEEP_EXAMPLE)
        return _deck(state, action.deck) or say("refusal.keep_cannot", seat=seat)
    if not isinstance(action, Place):
        return say("refusal.place_only", seat=seat, example=PLACE_EXAMPLE)
    bad_deck = _deck(state, action.deck)
    if bad_deck:
        return bad_deck
    target = action.target
    if isinstance(target, bool) or not isinstance(target, int):
        return say("refusal.target_type", value=repr(target))
    if not 0 <= target < state.players:
        return say("refusal.no_target", n=target + 1)
    if target == seat:
        return say("refusal.own_box")
    if is_complete(state.boxes[target]):
        return say("refusal.target_complete", target=target)
    if state.tea_holder == target:
        return say("refusal.under_tea", target=target)
    why = refusal(state.boxes[target], (action.x, action.y))
    return say("refusal.cell", why=why) if why else say("refusal.place_cannot", seat=seat)
