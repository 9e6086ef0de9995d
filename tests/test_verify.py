"""A guest's check at the end of a match across devices (pygames/verify.py): an honest host
passes; a host that bends the deal, a rule or a view is caught, and the guest is told what."""

from __future__ import annotations

import copy
import random
from typing import Any

import pytest

from pygames.core import MatchRecord, Seat
from pygames.core.deal import commitment, seed_of
from pygames.core.messages import render
from pygames.games import get_game
from pygames.verify import check_match

SECRET = "3c" * 32
SALTS = {1: "a1" * 16, 2: "b2" * 16}
GUEST = 1


def _play(
    game_id: str, players: int, seed: int, moves: int = 400
) -> tuple[MatchRecord, dict[int, Any]]:
    """A game of random moves as the host plays it, and the views it sends seat ``GUEST``
    (step -> view) after each step."""
    record = MatchRecord(game_id, [Seat(f"P{i}") for i in range(players)], seed=seed)
    game = get_game(game_id)
    state = record.replay(game)
    seen = {0: state.view(GUEST)}
    rng = random.Random(seed)
    while not state.is_over() and len(record.actions) < moves:
        seat = state.awaiting()[0]
        action = rng.choice(state.legal_actions(seat))
        state.apply(seat, action)
        record.actions.append((seat, action.to_json()))
        seen[len(record.actions)] = state.view(GUEST)
    return record, seen


def _check(record: MatchRecord, seen: dict[int, Any], **change: Any) -> list[str]:
    args: dict[str, Any] = {
        "seat": GUEST,
        "salt": SALTS[GUEST],
        "committed": commitment(SECRET),
        "secret": SECRET,
        "salts": SALTS,
        "seen": seen,
        **change,
    }
    return [m.id for m in check_match(record, **args)]


@pytest.fixture(scope="module")
def storm() -> tuple[MatchRecord, dict[int, Any]]:
    # The first 40 moves: every check reads a whole record, and the length of the game adds nothing.
    return _play("storm_in_a_teacup", 3, seed_of(SECRET, SALTS), moves=40)


@pytest.mark.parametrize(
    ("game_id", "players"), [("tanbo", 2), ("humble_tea_party", 3), ("storm_in_a_teacup", 3)]
)
def test_an_honest_host_passes_every_check(game_id: str, players: int) -> None:
    record, seen = _play(game_id, players, seed_of(SECRET, SALTS))
    assert record.actions and len(seen) == len(record.actions) + 1
    assert _check(record, seen) == []


def test_a_secret_other_than_the_committed_one_is_caught(storm: Any) -> None:
    record, seen = storm
    other = "3d" * 32
    assert _check(record, seen, secret=other) == [
        "core.deal.secret_mismatch",
        "core.deal.seed_mismatch",
    ]
    assert _check(record, seen, committed=commitment(other)) == ["core.deal.secret_mismatch"]
    assert _check(record, seen, secret="not hex") == [
        "core.deal.secret_mismatch",
        "core.deal.seed_mismatch",
    ]


def test_a_deal_made_without_the_guest_s_salt_or_from_another_seed_is_caught(storm: Any) -> None:
    record, seen = storm
    # The host drops this guest's salt from the ones it reveals.
    assert _check(record, seen, salts={2: SALTS[2]}) == [
        "core.deal.salt_missing",
        "core.deal.seed_mismatch",
    ]
    # The host reveals this guest's salt, but dealt from a seed of its own choosing: a
    # record with its own seed, played and shown consistently.
    chosen, shown = _play("storm_in_a_teacup", 3, seed=12345, moves=40)
    assert _check(chosen, shown) == ["core.deal.seed_mismatch"]


def test_a_record_that_breaks_a_rule_is_caught_and_named(storm: Any) -> None:
    record, seen = storm
    bent = copy.deepcopy(record)
    seat, action = bent.actions[5]
    bent.actions[5] = ((seat + 1) % 3, action)  # a move made out of turn
    problems = check_match(bent, GUEST, SALTS[GUEST], commitment(SECRET), SECRET, SALTS, seen)
    assert [m.id for m in problems] == ["core.deal.does_not_replay"]
    assert "Action 6" in render(problems[0]) or "6" in render(problems[0]), render(problems[0])


def test_a_view_the_rules_do_not_give_is_caught_at_its_step(storm: Any) -> None:
    record, seen = storm
    lied = copy.deepcopy(seen)
    # The host showed the guest a table other than the real one at step 4: another step's.
    lied[4] = seen[9]
    assert _check(record, lied) == ["core.deal.view_mismatch"]
    message = check_match(record, GUEST, SALTS[GUEST], commitment(SECRET), SECRET, SALTS, lied)[0]
    assert render(message) == "What this device was shown after move 4 is not what the rules give."
    # A view for a step the record never reached is caught too.
    beyond = {**seen, len(record.actions) + 3: seen[0]}
    assert _check(record, beyond) == ["core.deal.view_mismatch"]


def test_a_record_the_host_changed_after_showing_the_views_is_caught(storm: Any) -> None:
    """The host plays one game with the guest and reveals another record: the views the guest
    received do not follow from it."""
    record, seen = storm
    swapped = copy.deepcopy(record)
    game = get_game("storm_in_a_teacup")
    state = swapped.replay(game, upto=10)
    seat = state.awaiting()[0]
    alternatives = [
        a.to_json() for a in state.legal_actions(seat) if a.to_json() != swapped.actions[10][1]
    ]
    assert alternatives, "no other legal move at step 10"
    swapped.actions = [*swapped.actions[:10], (seat, alternatives[0])]
    problems = _check(swapped, seen)
    assert problems == ["core.deal.view_mismatch"] * len(problems) and problems, problems
