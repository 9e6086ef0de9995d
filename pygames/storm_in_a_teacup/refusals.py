"""Reasons for refused Storm in a Teacup actions, as messages (a refusal never changes the
state)."""

from __future__ import annotations

from ..core import Action
from ..core.messages import Message
from .actions import Discard, Serve
from .cards import COLOURS, NS, cards_message, count_message, counts_of
from .combinations import why_not
from .state import Phase, StormRules

KINDS = ("serve", "discard")


def kind_message(action: Action) -> Message | str:
    """An action's kind as the catalogue names it (``serve``, ``discard``), else its raw kind."""
    return Message.of(f"{NS}.action.{action.kind}") if action.kind in KINDS else action.kind


def explain(state: StormRules, seat: int, action: Action) -> Message:
    """Why ``action`` by ``seat`` (who is to act) is not legal now."""
    if state.phase is Phase.OVER:
        return Message.of("core.game_over")
    if state.phase is Phase.SERVING and not isinstance(action, Serve):
        return Message.of(f"{NS}.refusal.must_serve", seat=seat, kind=kind_message(action))
    if state.phase is Phase.DISCARD and not isinstance(action, Discard):
        return Message.of(f"{NS}.refusal.must_discard", seat=seat, kind=kind_message(action))
    if isinstance(action, Serve):
        return _explain_serve(state, seat, action)
    if isinstance(action, Discard):
        return _explain_discard(state, seat, action)
    return Message.of("core.cannot", seat=seat, kind=action.kind)  # pragma: no cover


def _explain_serve(state: StormRules, seat: int, action: Serve) -> Message:
    hand = state.hands[seat]
    size = len(hand)
    start, length = action.start, action.length
    if length < 1:
        return Message.of(f"{NS}.refusal.empty_run")
    if not 0 <= start < size:
        return Message.of(
            f"{NS}.refusal.bad_start",
            seat=seat,
            cards=cards_message(size),
            last=size - 1,
            start=start,
        )
    if start + length > size:
        return Message.of(
            f"{NS}.refusal.past_end",
            seat=seat,
            run=cards_message(length),
            start=start,
            size=cards_message(size),
        )
    return why_not(counts_of(hand[start : start + length]))


def _explain_discard(state: StormRules, seat: int, action: Discard) -> Message:
    party = state.party
    assert party is not None
    counts = action.counts
    if any(n < 0 for n in counts):
        return Message.of(f"{NS}.refusal.negative")
    allowed = party.allowed.get(seat, 0)
    if sum(counts) > allowed:
        return Message.of(
            f"{NS}.refusal.too_many", seat=seat, allowed=cards_message(allowed), n=sum(counts)
        )
    have = counts_of(state.revealed_by(seat))
    for colour in COLOURS:
        if counts[colour] > have[colour]:
            return Message.of(
                f"{NS}.refusal.not_revealed",
                seat=seat,
                have=count_message(colour, have[colour]),
                n=counts[colour],
            )
    return Message.of(f"{NS}.refusal.cannot_discard", seat=seat)


__all__ = ["explain", "kind_message"]
