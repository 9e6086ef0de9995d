"""Reviews: each person's win chance before and after each decision, from their own view only;
the turning points with the better move; equal views, equal figures; through the bridge in
chunks."""

from __future__ import annotations

import json
from typing import Any

import pytest

from pygames import bridge
from pygames.core import MatchRecord, Message, Rng, Seat
from pygames.core.messages import render
from pygames.games import get_game
from pygames.hints import view_rng
from pygames.replay import Replay
from pygames.review import MISTAKE, Review


def played(game: str, players: int, seed: int, people: tuple[int, ...] = (0,)) -> MatchRecord:
    """A whole game: the people's seats played by Easy (mistakes to find), the others Normal;
    the record names the people as people."""
    seats = [
        {"name": f"P{i + 1}", "bot": "easy" if i in people else "normal"} for i in range(players)
    ]
    reply = json.loads(bridge.new_match(json.dumps({"game": game, "seed": seed, "seats": seats})))
    match, status = reply["match"], reply["status"]
    while not status["over"]:
        moved = json.loads(bridge.bot_act(match, status["awaiting"][0], status["step"]))
        status = moved["status"]
    record = bridge._matches[match].record
    bridge.close(match)
    return MatchRecord(
        record.game,
        [Seat(s.name, None if i in people else s.bot) for i, s in enumerate(record.seats)],
        record.seed,
        record.options,
        record.actions,
    )


@pytest.fixture(scope="module")
def tanbo_review() -> tuple[MatchRecord, Any]:
    record = played("tanbo", 2, 4)
    review = Review(Replay(get_game("tanbo"), record), seconds=0.03)  # quick: a test
    while review.run(16)["done"] < len(review.positions):
        pass
    return record, review.result()


def test_a_review_values_every_decision_of_the_person_before_and_after(
    tanbo_review: tuple[MatchRecord, Any],
) -> None:
    record, result = tanbo_review
    assert result["seats"] == [0]
    decisions = [i for i, (seat, _) in enumerate(record.actions) if seat == 0]
    points = {(p["step"], p["seat"]): p["value"] for p in result["points"]}
    for step in decisions:
        assert (step, 0) in points and (step + 1, 0) in points
        assert 0.0 <= points[(step, 0)] <= 1.0
    # The line ends on the outcome itself: 1 for a win, 0 for a loss.
    outcome = Replay(get_game("tanbo"), record).final.outcome()
    assert outcome is not None
    assert points[(len(record.actions), 0)] == (1.0 if 0 in outcome.winners else 0.0)


def test_turning_points_are_real_losses_with_a_better_move_and_why(
    tanbo_review: tuple[MatchRecord, Any],
) -> None:
    record, result = tanbo_review
    marks = result["marks"]
    assert 1 <= len(marks) <= 3, marks  # Easy against Normal makes mistakes
    replay = Replay(get_game("tanbo"), record)
    for mark in marks:
        assert mark["loss"] >= MISTAKE and mark["before"] - mark["after"] == pytest.approx(
            mark["loss"], abs=1e-3
        )
        assert mark["played"] == record.actions[mark["step"]][1]
        assert mark["best"] != mark["played"]
        state = replay.state_at(mark["step"])
        legal = [a.to_json() for a in state.legal_actions(mark["seat"])]
        assert mark["best"] in legal
        for lang in ("en", "ja"):
            assert "{" not in render(Message.from_json(mark["why"]), lang)


def test_equal_views_get_equal_values_whatever_the_secrets() -> None:
    """A Storm position as seat 0 saw it: a state with the same view but other hands (a twin
    rebuilt from the view) gets the very same value."""
    game = get_game("storm_in_a_teacup")
    review = Review(Replay(game, played("storm_in_a_teacup", 3, 5)), seconds=0.03)
    step, seat = review.positions[2]
    state = review.replay.state_at(step)
    twin = game.state_from_view(state.view(seat), seat, Rng(99))
    assert twin.view(seat) == state.view(seat) and twin.to_json() != state.to_json()
    value = review.value(step, seat)
    assert 0.0 <= value <= 1.0
    again = review.bot.evaluate(game, twin.view(seat), seat, view_rng(twin.view(seat), seat))
    assert again == value


def test_a_humble_tea_party_game_is_reviewed_from_its_first_keep() -> None:
    """Before every box holds its first sweet the static estimate has nothing to read: an even
    chance; then it reads each box (the whole game reviewed, marks and all)."""
    record = played("humble_tea_party", 3, 5)
    review = Review(Replay(get_game("humble_tea_party"), record))
    while review.run(16)["done"] < len(review.positions):
        pass
    result = review.result()
    first = next(p for p in result["points"] if p["step"] == 0)
    assert first["value"] == pytest.approx(1 / 3, abs=1e-3)
    assert all(0.0 <= p["value"] <= 1.0 for p in result["points"])
    for mark in result["marks"]:
        assert mark["best"] != mark["played"]


def test_the_bridge_reviews_a_replay_in_chunks_and_refuses_early_results() -> None:
    seats = [{"name": "Ann", "bot": None}, {"name": "Bot", "bot": "normal"}]
    reply = json.loads(bridge.new_match(json.dumps({"game": "tanbo", "seed": 2, "seats": seats})))
    match = reply["match"]
    status = reply["status"]
    for _ in range(6):
        seat = status["awaiting"][0]
        if seat == 0:
            legal = json.loads(bridge.view(match, 0))["legal"]
            status = json.loads(bridge.act(match, 0, json.dumps(legal[0]), status["step"]))[
                "status"
            ]
        else:
            status = json.loads(bridge.bot_act(match, seat, status["step"]))["status"]
    replay = json.loads(bridge.open_replay(match))["replay"]
    early = json.loads(bridge.review_result(replay))
    assert early["error_type"] == "IllegalAction" and "no review under way" in early["error"]
    progress = json.loads(bridge.review_open(replay))
    assert progress["ok"] and progress["done"] == 0 and progress["total"] > 0
    unfinished = json.loads(bridge.review_result(replay))
    assert unfinished["error_type"] == "IllegalAction" and "not finished" in unfinished["error"]
    bad = json.loads(bridge.review_run(replay, 0))
    assert bad["error_type"] == "BadInput"
    while progress["done"] < progress["total"]:
        progress = json.loads(bridge.review_run(replay, 3))
        assert progress["ok"]
    result = json.loads(bridge.review_result(replay))
    assert result["ok"] and result["seats"] == [0] and result["points"]
    json.loads(bridge.close_replay(replay))
    assert json.loads(bridge.review_run(replay, 1))["error_type"] == "UnknownMatch"
