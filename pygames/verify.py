"""The check a guest's device makes at the end of a match across devices.

The host's device ran the only engine, so a guest saw only what the host chose to send. At the
end the host reveals the deal's secret (:mod:`pygames.core.deal`) and the whole record; the
guest then checks, from nothing but what it sent and received:

- the secret is the one the host committed to before anyone joined;
- the guest's own salt is among the salts, and the record's seed is made from them all, so the
  host could not choose the deal;
- the record replays under the rules, so every decision in it was legal;
- at every step the guest was shown its seat's view, that view is what the rules give its seat
  at that step of the record: the host neither bent a rule nor hid or changed a card.

>>> from pygames.core import MatchRecord, Seat
>>> from pygames.core.deal import commitment, seed_of
>>> secret, salt = "ab" * 32, "cd" * 16
>>> record = MatchRecord("tanbo", [Seat("Ann"), Seat("Ben")], seed=seed_of(secret, {1: salt}))
>>> seen = {0: record.replay(get_game("tanbo")).view(1)}
>>> check_match(record, 1, salt, commitment(secret), secret, {1: salt}, seen)
[]
>>> [m.id for m in check_match(record, 1, salt, commitment(secret), secret, {}, seen)]
['core.deal.salt_missing', 'core.deal.seed_mismatch']
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from .core import BadInput, BadRecord, MatchRecord, Message, State
from .core.deal import check_reveal, seed_of
from .games import get_game


def _plain(value: Any) -> Any:
    """``value`` as it arrives after a trip through JSON (tuples become lists)."""
    return json.loads(json.dumps(value))


def check_match(
    record: MatchRecord,
    seat: int,
    salt: str,
    committed: str,
    secret: str,
    salts: Mapping[int, str],
    seen: Mapping[int, Any],
) -> list[Message]:
    """What does not hold in a finished match across devices, as seat ``seat`` checks it: an
    empty list when the deal and every view it was shown (``seen``: step -> view) follow the
    rules. ``salt`` is the salt this seat sent; ``committed`` the commitment shown before the
    deal; ``secret`` and ``salts`` what the host revealed at the end.

    Each problem is a catalogued message naming what did not match.
    """
    problems: list[Message] = []
    if not check_reveal(committed, secret):
        problems.append(Message.of("core.deal.secret_mismatch"))
    if salts.get(seat) != salt:
        problems.append(Message.of("core.deal.salt_missing"))
    try:
        dealt = seed_of(secret, salts) == record.seed
    except BadInput:  # a malformed secret or salt deals nothing
        dealt = False
    if not dealt:
        problems.append(Message.of("core.deal.seed_mismatch"))
    views: dict[int, Any] = {}

    def watch(state: State) -> None:
        views[len(views)] = _plain(state.view(seat))

    game = get_game(record.game)
    try:
        watch(record.replay(game, upto=0))
        record.replay(game, on_step=watch)
    except BadRecord as refusal:
        problems.append(Message.of("core.deal.does_not_replay", detail=refusal.message))
        return problems
    for step in sorted(seen):
        if step not in views or views[step] != _plain(seen[step]):
            problems.append(Message.of("core.deal.view_mismatch", step=step))
    return problems
