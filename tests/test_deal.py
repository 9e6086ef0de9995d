"""The deal of a match across devices (pygames/core/deal.py): the host's commitment binds its
secret, every salt changes the seed, and malformed parts are refused in the reader's words."""

from __future__ import annotations

import random
import re

import pytest

from pygames.core import MAX_SEED, BadInput
from pygames.core.deal import SALT_HEX, SECRET_HEX, check_reveal, commitment, seed_of
from pygames.core.messages import render


def _hex(rng: random.Random, n: int) -> str:
    return "".join(rng.choice("0123456789abcdef") for _ in range(n))


SECRET = "5e" * 32
SALTS = {1: "a1" * 16, 3: "b2" * 16}


def test_a_commitment_binds_its_secret_and_reveals_nothing_of_its_form() -> None:
    made = commitment(SECRET)
    assert len(made) == 64 and set(made) <= set("0123456789abcdef")
    assert commitment(SECRET) == made
    assert check_reveal(made, SECRET)
    rng = random.Random(1)
    others = {commitment(_hex(rng, SECRET_HEX)) for _ in range(200)}
    assert made not in others and len(others) == 200
    # A secret one character off, or a commitment one character off, does not check.
    assert not check_reveal(made, SECRET[:-1] + "f")
    assert not check_reveal(made[:-1] + ("0" if made[-1] != "0" else "1"), SECRET)
    # A malformed reveal is a failed check, not an error.
    assert not check_reveal(made, SECRET.upper())
    assert not check_reveal(made, "")


def test_the_seed_is_the_same_for_everyone_and_no_one_part_chooses_it() -> None:
    seed = seed_of(SECRET, SALTS)
    assert 0 <= seed <= MAX_SEED
    # Every device gets the same seed, whatever order it learnt the salts in.
    assert seed_of(SECRET, dict(reversed(list(SALTS.items())))) == seed
    # Any change to any part gives another seed: the secret, a salt, a salt's seat, a salt
    # more or less.
    variants = [
        seed_of(SECRET[:-1] + "0", SALTS),
        seed_of(SECRET, {1: "a1" * 15 + "a0", 3: SALTS[3]}),
        seed_of(SECRET, {2: SALTS[1], 3: SALTS[3]}),
        seed_of(SECRET, {1: SALTS[3], 3: SALTS[1]}),
        seed_of(SECRET, {1: SALTS[1]}),
        seed_of(SECRET, {**SALTS, 5: "c3" * 16}),
        seed_of(SECRET, {}),
    ]
    assert seed not in variants and len(set(variants)) == len(variants)


def test_seeds_use_the_whole_range() -> None:
    rng = random.Random(2)
    seeds = [seed_of(_hex(rng, SECRET_HEX), {1: _hex(rng, SALT_HEX)}) for _ in range(2000)]
    assert len(set(seeds)) == len(seeds)
    assert all(0 <= s <= MAX_SEED for s in seeds)
    # The top bit of 53 is set about half the time (binomial: 1000 +- 22; 150 is ~7 sigma).
    top = sum(s >> 52 for s in seeds)
    assert 850 < top < 1150, top


@pytest.mark.parametrize(
    ("secret", "salts", "expected"),
    [
        (SECRET.upper(), {}, "The deal secret must be 64 hexadecimal characters (0-9, a-f)."),
        (SECRET[:-2], {}, "The deal secret must be 64 hexadecimal characters (0-9, a-f)."),
        (SECRET + "00", {}, "The deal secret must be 64 hexadecimal characters (0-9, a-f)."),
        (SECRET, {1: "zz" * 16}, "The deal salt must be 32 hexadecimal characters (0-9, a-f)."),
        (SECRET, {1: 7}, "The deal salt must be 32 hexadecimal characters (0-9, a-f)."),
        (SECRET, {6: "a1" * 16}, "A deal salt names seat 6, which is no seat of the table."),
        (SECRET, {-1: "a1" * 16}, "A deal salt names seat -1, which is no seat of the table."),
    ],
)
def test_malformed_parts_are_refused_in_words(
    secret: str, salts: dict[int, str], expected: str
) -> None:
    with pytest.raises(BadInput) as refused:
        seed_of(secret, salts)
    assert str(refused.value) == expected
    # Japanese has its own words for it.
    japanese = render(refused.value.message, lang="ja")
    assert japanese != expected and not re.search("[A-Za-z]{3,}", japanese), japanese


def test_a_malformed_secret_has_no_commitment() -> None:
    with pytest.raises(BadInput):
        commitment(SECRET[1:])
