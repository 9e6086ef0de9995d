"""A deal no one chooses alone: the seed of a match played across devices.

The host of a match across devices runs its only engine, so the host could pick a seed that
deals it a good hand. Instead the seed is made by everyone at the table, and checked by
everyone afterwards:

1. Before anyone joins, the host draws a secret and shows every guest its commitment, the
   SHA-256 of the secret. The host cannot change the secret afterwards without it showing.
2. Each guest draws a salt of its own and sends it when it joins. The host learns the salts
   only after it is bound to its secret, so it cannot steer the seed by choosing the secret.
3. The seed is a hash of the secret and every salt in seat order: changing any of them gives
   an unrelated seed, so no one, the host included, can choose the deal.
4. At the end the host reveals the secret. Each guest checks it against the commitment,
   rebuilds the seed from it and the salts, and replays the match to check every view it was
   sent.

>>> secret = "00" * 32
>>> commitment(secret)
'f6e046c6dede10244c04c771bb777eb03d311b7f842fd442252418fdd12026a0'
>>> seed_of(secret, {1: "11" * 16, 2: "22" * 16})
1960802563150417
>>> check_reveal(commitment(secret), secret)
True
>>> check_reveal(commitment(secret), "01" * 32)
False

The hashes are domain-separated (each input is prefixed with what it is for), so a
commitment can never be mistaken for a seed's hash.
"""

from __future__ import annotations

import hashlib
import hmac
from collections.abc import Mapping
from typing import TypeGuard

from .errors import BadInput
from .messages import Message
from .rng import MAX_SEED

#: The host's secret: 32 random bytes, written as 64 lowercase hexadecimal characters.
SECRET_HEX = 64
#: A guest's salt: 16 random bytes, written as 32 lowercase hexadecimal characters.
SALT_HEX = 32
#: Seats a match can have (the largest table of any game).
MAX_SEATS = 6

_COMMITMENT_PREFIX = b"pygames deal commitment 1\n"
_SEED_PREFIX = b"pygames deal seed 1\n"
_HEX = frozenset("0123456789abcdef")


def is_hex(value: object, length: int) -> TypeGuard[str]:
    """Whether ``value`` is ``length`` lowercase hexadecimal characters (a secret, a salt or a
    digest as the devices write them)."""
    return isinstance(value, str) and len(value) == length and set(value) <= _HEX


def _hex(value: object, length: int, what: str) -> str:
    """``value`` if it is ``length`` lowercase hexadecimal characters, else :class:`BadInput`."""
    if not is_hex(value, length):
        raise BadInput(
            Message.of("core.deal.not_hex", what=Message.of(f"core.what.{what}"), n=length)
        )
    return value


def commitment(secret: str) -> str:
    """The commitment the host shows before anyone joins: SHA-256 of the secret, in hex.

    Raises :class:`~pygames.core.errors.BadInput` unless ``secret`` is :data:`SECRET_HEX`
    lowercase hexadecimal characters.
    """
    data = _hex(secret, SECRET_HEX, "secret")
    return hashlib.sha256(_COMMITMENT_PREFIX + data.encode()).hexdigest()


def check_reveal(committed: str, secret: str) -> bool:
    """Whether ``secret`` is the one the host committed to (a malformed one is not)."""
    try:
        made = commitment(secret)
    except BadInput:
        return False
    return hmac.compare_digest(made, committed)


def seed_of(secret: str, salts: Mapping[int, str]) -> int:
    """The match's seed from the host's secret and each guest's salt (seat -> salt).

    The seats are taken in order, each with its salt, so the same secret and salts give the
    same seed on every device. The seed is the first 53 bits of the hash: every integer
    JavaScript holds exactly (:data:`~pygames.core.rng.MAX_SEED`).

    >>> seed_of("ab" * 32, {}) == seed_of("ab" * 32, {})
    True
    >>> seed_of("ab" * 32, {0: "cd" * 16}) != seed_of("ab" * 32, {1: "cd" * 16})
    True
    """
    data = _hex(secret, SECRET_HEX, "secret")
    parts = [_SEED_PREFIX, data.encode()]
    for seat in sorted(salts):
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < MAX_SEATS:
            raise BadInput(Message.of("core.deal.bad_seat", n=str(seat)))
        parts.append(f"\n{seat}:{_hex(salts[seat], SALT_HEX, 'salt')}".encode())
    digest = hashlib.sha256(b"".join(parts)).digest()
    return int.from_bytes(digest[:8], "big") >> 11 & MAX_SEED
