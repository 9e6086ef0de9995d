"""Readable reasons for refused Storm in a Teacup actions (a refusal never changes the state)."""

from __future__ import annotations

from ..core import Action
from .actions import Discard, Serve
from .cards import COLOURS, cards_word, counts_of
from .combinations import why_not
from .state import Phase, StormRules


def explain(state: StormRules, seat: int, action: Action) -> str:
    """Why ``action`` by ``seat`` (who is to act) is not legal now."""
    who = state.seat_name(seat)
    if state.phase is Phase.OVER:
        return "The game is over; no more actions can be taken."
    if state.phase is Phase.SERVING and not isinstance(action, Serve):
        return f"{who} must serve a run of cards from their hand now, not {action.kind}."
    if state.phase is Phase.DISCARD and not isinstance(action, Discard):
        return f"{who} must choose which revealed cards to discard now, not {action.kind}."
    if isinstance(action, Serve):
        return _explain_serve(state, seat, who, action)
    if isinstance(action, Discard):
        return _explain_discard(state, seat, who, action)
    return f"{who} cannot {action.kind} like that now."


def _explain_serve(state: StormRules, seat: int, who: str, action: Serve) -> str:
    hand = state.hands[seat]
    size = len(hand)
    start, length = action.start, action.length
    if length < 1:
        return "A served run is never empty: serve at least one card."
    if not 0 <= start < size:
        return (
            f"{who}'s hand holds {cards_word(size)}: a run starts at position 0 to {size - 1}, "
            f"not {start}."
        )
    if start + length > size:
        return (
            f"A run of {cards_word(length)} from position {start} runs past the end of "
            f"{who}'s hand of {cards_word(size)}."
        )
    return why_not(counts_of(hand[start : start + length]))


def _explain_discard(state: StormRules, seat: int, who: str, action: Discard) -> str:
    party = state.party
    assert party is not None
    counts = action.counts
    if any(n < 0 for n in counts):
        return "Discards are counted from 0 up; none may be negative."
    allowed = party.allowed.get(seat, 0)
    if sum(counts) > allowed:
        return f"{who} may discard at most {cards_word(allowed)}, not {sum(counts)}."
    have = counts_of(state.revealed_by(seat))
    for colour in COLOURS:
        if counts[colour] > have[colour]:
            return (
                f"{who} revealed {have[colour]} {colour.title}, so cannot discard {counts[colour]}."
            )
    return f"{who} cannot discard those cards."


__all__ = ["explain"]
