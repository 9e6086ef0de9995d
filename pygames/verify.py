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
>>> seen = {0: view_digest(record.replay(get_game("tanbo")).view(1))}
>>> check_match(record, 1, salt, commitment(secret), secret, {1: salt}, seen)
[]
>>> [m.id for m in check_match(record, 1, salt, commitment(secret), secret, {}, seen)]
['core.deal.salt_missing', 'core.deal.seed_mismatch']
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping
from typing import Any

from .core import BadInput, BadRecord, MatchRecord, Message, State
from .core.deal import SALT_HEX, SECRET_HEX, check_reveal, is_hex, seed_of
from .core.limits import MAX_SEAT, MAX_STEP
from .games import get_game

#: The seat of a guest who only watches: it is shown the public view.
WATCHER = -1


def view_digest(view: Any) -> str:
    """The SHA-256 of a view's JSON written one way (keys sorted, no spaces, \\u escapes):
    what a guest keeps of each view it is shown, to check at the end.

    >>> view_digest({"b": [1, 2], "a": "茶"}) == view_digest({"a": "茶", "b": (1, 2)})
    True
    """
    text = json.dumps(view, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()


def check_match(
    record: MatchRecord,
    seat: int,
    salt: str,
    committed: str,
    secret: str,
    salts: Mapping[int, str],
    seen: Mapping[int, str],
) -> list[Message]:
    """What does not hold in a finished match across devices, as seat ``seat`` checks it: an
    empty list when the deal and every view it was shown (``seen``: step -> the view's
    :func:`view_digest`) follow the rules. ``salt`` is the salt this seat sent; ``committed``
    the commitment shown before the deal; ``secret`` and ``salts`` what the host revealed at
    the end. A watcher (``seat`` :data:`WATCHER`) was shown the public view and sent no salt: its
    check is the same but for its own salt.

    Each problem is a catalogued message naming what did not match.
    """
    problems: list[Message] = []
    if not check_reveal(committed, secret):
        problems.append(Message.of("core.deal.secret_mismatch"))
    if seat != WATCHER and salts.get(seat) != salt:
        problems.append(Message.of("core.deal.salt_missing"))
    try:
        dealt = seed_of(secret, salts) == record.seed
    except BadInput:  # a malformed secret or salt deals nothing
        dealt = False
    if not dealt:
        problems.append(Message.of("core.deal.seed_mismatch"))
    views: dict[int, str] = {}

    who = None if seat == WATCHER else seat

    def watch(state: State) -> None:
        views[len(views)] = view_digest(state.view(who))

    game = get_game(record.game)
    try:
        watch(record.replay(game, upto=0))
        record.replay(game, on_step=watch)
    except BadRecord as refusal:
        problems.append(Message.of("core.deal.does_not_replay", detail=refusal.message))
        return problems
    for step in sorted(seen):
        if views.get(step) != seen[step]:
            problems.append(Message.of("core.deal.view_mismatch", step=step))
    return problems


def seed_from_json(data: Any) -> int:
    """The seed of a deal as the host's page sends it to its engine: ``{secret, salts: {seat:
    salt}}`` (:func:`~pygames.core.deal.seed_of`). A malformed deal is refused
    (:class:`~pygames.core.errors.BadInput`).

    >>> seed_from_json({"secret": "00" * 32, "salts": {"1": "11" * 16, "2": "22" * 16}})
    1960802563150417
    """

    def fail(what: str) -> BadInput:
        return BadInput(Message.of("core.deal.malformed", what=Message.of(f"core.what.{what}")))

    if not isinstance(data, dict) or not isinstance(data.get("salts"), dict):
        raise fail("deal")
    salts: dict[int, str] = {}
    for key, salt in data["salts"].items():
        try:
            salts[_index(key, MAX_SEAT, "seat")] = _hex(salt, SALT_HEX, "salt")
        except BadInput:
            raise fail("salt") from None
    secret = data.get("secret")
    if not is_hex(secret, SECRET_HEX):
        raise fail("secret")
    return seed_of(secret, salts)


def _fail(what: str) -> BadInput:
    return BadInput(Message.of("core.verify.malformed", what=Message.of(f"core.what.{what}")))


def _hex(value: object, length: int, what: str) -> str:
    if not is_hex(value, length):
        raise _fail(what)
    return value


def _index(key: object, high: int, what: str) -> int:
    """A JSON object's key (or a number) that is a whole number from 0 to ``high``."""
    if isinstance(key, str) and key.isdigit() and len(key) <= 7:
        key = int(key)
    if isinstance(key, bool) or not isinstance(key, int) or not 0 <= key <= high:
        raise _fail(what)
    return key


def check_from_json(data: Any) -> list[Message]:
    """:func:`check_match` of a check as the page sends it: ``{record, seat, salt,
    commitment, secret, salts: {seat: salt}, seen: {step: digest}}``. A malformed check is
    refused (:class:`~pygames.core.errors.BadInput`); the record's own faults are problems."""
    if not isinstance(data, dict):
        raise _fail("check")
    record = MatchRecord.from_json(data.get("record"))
    seat = WATCHER if data.get("seat") == WATCHER else _index(data.get("seat"), MAX_SEAT, "seat")
    salts_in = data.get("salts")
    seen_in = data.get("seen")
    if not isinstance(salts_in, dict) or not isinstance(seen_in, dict):
        raise _fail("check")
    salts = {_index(k, MAX_SEAT, "seat"): _hex(v, SALT_HEX, "salt") for k, v in salts_in.items()}
    seen = {_index(k, MAX_STEP, "step"): _hex(v, 64, "view") for k, v in seen_in.items()}
    committed = _hex(data.get("commitment"), 64, "check")
    secret = data.get("secret")
    salt = data.get("salt")
    if seat == WATCHER and salt is None:
        salt = ""  # a watcher sent no salt
    if not isinstance(secret, str) or not isinstance(salt, str):
        raise _fail("check")
    return check_match(record, seat, salt, committed, secret, salts, seen)
