"""A guest's check at the end of a match across devices (pygames/verify.py): an honest host
passes; a host that bends the deal, a rule or a view is caught, and the guest is told what."""

from __future__ import annotations

import copy
import json
import random
from typing import Any

import pytest

from pygames import bridge
from pygames.core import MatchRecord, Seat
from pygames.core.deal import commitment, seed_of
from pygames.core.limits import MAX_VIEW_DEPTH
from pygames.core.messages import Message, render
from pygames.games import get_game
from pygames.verify import WATCHER, check_match, view_digest

SECRET = "3c" * 32
SALTS = {1: "a1" * 16, 2: "b2" * 16}
GUEST = 1


def _play(
    game_id: str, players: int, seed: int, moves: int = 400
) -> tuple[MatchRecord, dict[int, str]]:
    """A game of random moves as the host plays it, and the views it sends seat ``GUEST``
    (step -> the view's digest) after each step."""
    record = MatchRecord(game_id, [Seat(f"P{i}") for i in range(players)], seed=seed)
    game = get_game(game_id)
    state = record.replay(game)
    seen = {0: view_digest(state.view(GUEST))}
    rng = random.Random(seed)
    while not state.is_over() and len(record.actions) < moves:
        seat = state.awaiting()[0]
        action = rng.choice(state.legal_actions(seat))
        state.apply(seat, action)
        record.actions.append((seat, action.to_json()))
        seen[len(record.actions)] = view_digest(state.view(GUEST))
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
def storm() -> tuple[MatchRecord, dict[int, str]]:
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


def _check_json(record: MatchRecord, seen: dict[int, str]) -> dict[str, Any]:
    """The check as a guest's page sends it to its engine."""
    return {
        "record": record.to_json(),
        "seat": GUEST,
        "salt": SALTS[GUEST],
        "commitment": commitment(SECRET),
        "secret": SECRET,
        "salts": {str(k): v for k, v in SALTS.items()},
        "seen": {str(k): v for k, v in seen.items()},
    }


def test_the_page_checks_through_the_bridge(storm: Any) -> None:
    record, seen = storm
    state = record.replay(get_game(record.game), upto=3)
    sent = json.dumps(state.view(GUEST))
    digest = json.loads(bridge.view_digest(sent))
    assert digest == {"ok": True, "digest": seen[3]}
    honest = json.loads(bridge.check_match(json.dumps(_check_json(record, seen))))
    assert honest == {"ok": True, "problems": []}
    lied = _check_json(record, {**seen, 7: seen[8]})
    caught = json.loads(bridge.check_match(json.dumps(lied)))
    assert caught["ok"] and [p["id"] for p in caught["problems"]] == ["core.deal.view_mismatch"]
    assert caught["problems"][0]["args"] == {"step": 7}


@pytest.mark.parametrize(
    ("change", "what"),
    [
        ({"seat": "one"}, "seat"),
        ({"seat": -2}, "seat"),
        ({"salts": {"x": "a1" * 16}}, "seat"),
        ({"salts": {"1": "A1" * 16}}, "deal salt"),
        ({"seen": {"0": "zz"}}, "view"),
        ({"seen": {"-3": "d1" * 32}}, "step"),
        ({"seen": []}, "check of the match"),
        ({"commitment": None}, "check of the match"),
        ({"secret": 7}, "check of the match"),
    ],
)
def test_a_malformed_check_is_refused_in_words(
    storm: Any, change: dict[str, Any], what: str
) -> None:
    record, seen = storm
    reply = json.loads(bridge.check_match(json.dumps({**_check_json(record, seen), **change})))
    assert reply["ok"] is False and reply["error_type"] == "BadInput"
    assert reply["error"] == f"The check of the match cannot be read: its {what} is malformed."


def test_a_check_that_is_no_check_is_refused() -> None:
    for text in ("[]", '"check"', "{", "x" * 300_000):
        reply = json.loads(bridge.check_match(text))
        assert reply["ok"] is False and reply["error_type"] == "BadInput", reply
    damaged = json.loads(bridge.check_match(json.dumps({"record": {"game": "chess"}})))
    assert damaged["ok"] is False and damaged["error_type"] == "BadRecord"


def test_a_view_from_another_device_is_read_within_its_own_bound() -> None:
    """Views nest deeper than anything a person types (Tanbo's 17 levels), so a view has a
    bound of its own; past it, it is refused before it is parsed."""
    within = json.loads(bridge.view_digest("[" * MAX_VIEW_DEPTH + "]" * MAX_VIEW_DEPTH))
    assert within["ok"] is True
    deeper = json.loads(bridge.view_digest("[" * (MAX_VIEW_DEPTH + 1) + "]" * (MAX_VIEW_DEPTH + 1)))
    assert deeper["ok"] is False
    assert deeper["error"] == f"The view is nested too deeply (more than {MAX_VIEW_DEPTH} levels)."


def test_the_host_deals_through_the_bridge_and_a_guest_s_check_passes() -> None:
    """The host's page asks for a deal, opens the match from it, and the record's seed is the
    one every guest rebuilds from the revealed secret and the salts."""
    deal = json.loads(bridge.new_deal())
    assert deal["ok"] and deal["commitment"] == commitment(deal["secret"])
    assert json.loads(bridge.new_deal())["secret"] != deal["secret"]  # drawn anew each time
    salts = {str(k): v for k, v in SALTS.items()}
    config = {
        "game": "storm_in_a_teacup",
        "seats": [{"name": f"P{i}"} for i in range(3)],
        "deal": {"secret": deal["secret"], "salts": salts},
    }
    opened = json.loads(bridge.new_match(json.dumps(config)))
    assert opened["ok"] and opened["seed"] == seed_of(deal["secret"], SALTS)
    record = MatchRecord.from_json(opened["record"])
    seen = {0: view_digest(record.replay(get_game("storm_in_a_teacup")).view(GUEST))}
    problems = check_match(
        record, GUEST, SALTS[GUEST], deal["commitment"], deal["secret"], SALTS, seen
    )
    assert problems == []


@pytest.mark.parametrize(
    ("deal", "what"),
    [
        ("secret", "deal"),
        ({"secret": "3c" * 32}, "deal"),
        ({"secret": "3C" * 32, "salts": {}}, "deal secret"),
        ({"secret": SECRET, "salts": {"1": "a1" * 15}}, "deal salt"),
        ({"secret": SECRET, "salts": {"seven": "a1" * 16}}, "deal salt"),
        ({"secret": SECRET, "salts": {"123456789": "a1" * 16}}, "deal salt"),
    ],
)
def test_a_malformed_deal_opens_no_match_and_says_what_is_wrong(deal: Any, what: str) -> None:
    config = {"game": "storm_in_a_teacup", "seats": [{"name": "A"}, {"name": "B"}], "deal": deal}
    reply = json.loads(bridge.new_match(json.dumps(config)))
    assert not reply["ok"]
    said = render(Message.from_json(reply["message"]))
    assert said == f"The deal cannot be read: its {what} is malformed."


def test_a_deal_and_a_seed_together_are_refused() -> None:
    deal = {"secret": SECRET, "salts": {}}
    seats = [{"name": "A"}, {"name": "B"}]
    config = {"game": "storm_in_a_teacup", "seats": seats, "deal": deal, "seed": 5}
    reply = json.loads(bridge.new_match(json.dumps(config)))
    assert not reply["ok"] and reply["message"]["id"] == "core.bridge.deal_and_seed"


def test_a_watcher_checks_the_public_views_it_was_shown(storm: Any) -> None:
    """A guest who only watches was shown the public view at each step and sent no salt: the
    honest host passes its check, and a private view shown instead is caught."""
    record, _ = storm
    game = get_game(record.game)
    public = {0: view_digest(record.replay(game, upto=0).view(None))}
    private = dict(public)

    def note(state: Any) -> None:
        step = len(public)
        public[step] = view_digest(state.view(None))
        private[step] = view_digest(state.view(0))

    record.replay(game, on_step=note)
    assert _check(record, public, seat=WATCHER, salt="") == []
    leaked = {**public, 5: private[5]}
    assert _check(record, leaked, seat=WATCHER, salt="") == ["core.deal.view_mismatch"]
    # A seat's check still needs its own salt; a watcher's has none to give.
    check = _check_json(record, public)
    check.update(seat=WATCHER, salt=None)
    assert json.loads(bridge.check_match(json.dumps(check))) == {"ok": True, "problems": []}
