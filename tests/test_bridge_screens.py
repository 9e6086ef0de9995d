"""One decision is one crossing: every answer of act, bot_act, undo, new_match and
import_record equals what view() and export_record() would have said at that moment."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from pygames import bridge

from .conformance import soak_first


def call(fn: Any, *args: Any) -> dict[str, Any]:
    reply = json.loads(fn(*args))
    assert isinstance(reply, dict)
    return reply


def exported(match: str) -> dict[str, Any]:
    record: dict[str, Any] = call(bridge.export_record, match)["record"]
    return record


def check_screen(match: str, reply: dict[str, Any], bots: set[int]) -> None:
    """The answer's screen is view() of the seat it names, a person's seat (or -1)."""
    assert reply["ok"], reply
    seat = reply["seat"]
    assert seat == -1 or seat not in bots, "a bot's view never crosses"
    awaited_people = [s for s in reply["status"]["awaiting"] if s not in bots]
    if awaited_people:
        assert seat == awaited_people[0]
    view = call(bridge.view, match, seat)
    assert {k: reply[k] for k in ("status", "view", "legal", "optional")} == {
        k: view[k] for k in ("status", "view", "legal", "optional")
    }


def check_opened(reply: dict[str, Any], bots: set[int]) -> dict[str, Any]:
    check_screen(reply["match"], reply, bots)
    assert reply["record"] == exported(reply["match"])
    record: dict[str, Any] = reply["record"]
    return record


def join(record: dict[str, Any], reply: dict[str, Any]) -> None:
    tail = reply["tail"]
    assert tail["from"] <= len(record["actions"])
    record["actions"] = record["actions"][: tail["from"]] + tail["actions"]


def snapshot(match: str) -> tuple[Any, ...]:
    return (*(call(bridge.view, match, s) for s in (-1, 0, 1)), exported(match))


def play(game: str, bots: list[str | None], seed: int, *, tea: bool = False) -> None:
    """Play a whole game through the bridge as the page does, checking every answer."""
    rnd = random.Random(seed)
    seats = [{"name": f"P{i + 1}", "bot": b} for i, b in enumerate(bots)]
    config = json.dumps({"game": game, "seats": seats, "seed": seed})
    bot_seats = {i for i, b in enumerate(bots) if b}
    opened = call(bridge.new_match, config)
    match = opened["match"]
    record = check_opened(opened, bot_seats)
    reply = opened
    shown = reply["seat"]
    undone = False
    while not reply["status"]["over"]:
        status = reply["status"]
        step = status["step"]
        people = [s for s in status["actors"] if s not in bot_seats]
        optional = [s for s in people if s not in status["awaiting"]]
        if tea and optional and rnd.random() < 0.3:
            # A person not awaited acts (Get Tea) before the awaited seat: the Tea race.
            seat = optional[0]
        elif status["awaiting"]:
            seat = status["awaiting"][0]
        else:
            seat = status["actors"][0]
        if seat in bot_seats:
            reply = call(bridge.bot_act, match, seat, step, shown)
        else:
            legal = call(bridge.view, match, seat)["legal"]
            action = rnd.choice(legal)
            before = snapshot(match)
            bad = call(bridge.act, match, seat, json.dumps(action), step, 99)
            assert bad["error_type"] == "BadInput" and snapshot(match) == before
            stale = call(bridge.act, match, seat, json.dumps(action), step + 1, shown)
            assert stale["error_type"] == "StaleView" and snapshot(match) == before
            reply = call(bridge.act, match, seat, json.dumps(action), step, shown)
        check_screen(match, reply, bot_seats)
        join(record, reply)
        assert record == exported(match)
        assert len(record["actions"]) == reply["status"]["step"]
        shown = reply["seat"]
        if (
            not undone
            and reply["status"]["step"] > 6
            and any(s not in bot_seats for s, _ in record["actions"])
        ):
            undo = reply["status"]["undo"]
            before = snapshot(match)
            answer = call(bridge.undo, match, shown)
            if undo["possible"]:
                undone = True
                reply = answer
                record = check_opened(reply, bot_seats)
                shown = reply["seat"]
            else:  # refused as the screen said, and nothing changed
                assert not answer["ok"] and answer["message"] == undo["why"]
                assert snapshot(match) == before
    imported = call(bridge.import_record, json.dumps(record), "save", shown)
    assert check_opened(imported, bot_seats) == record
    bridge.close(imported["match"])
    bridge.close(match)


# One game a setting makes the check: with seed 1 every game already meets both an undo made
# and one refused (Tanbo in both settings with a person, the others in one), so seed 2 only
# repeats it, in the long run.
@pytest.mark.slow
@pytest.mark.parametrize("seed", soak_first([1, 2]))
@pytest.mark.parametrize(
    ("game", "bots"),
    [
        ("tanbo", [None, "random"]),
        ("tanbo", [None, None]),  # hot-seat
        ("humble_tea_party", [None, "random", "random"]),
        ("humble_tea_party", [None, None, "random"]),  # hot-seat with secrets
        ("storm_in_a_teacup", [None, "random", "random"]),
        ("storm_in_a_teacup", [None, None]),
        ("storm_in_a_teacup", ["random", "random"]),  # spectators only
    ],
)
def test_every_answer_is_the_screen_and_the_record(
    game: str, bots: list[str | None], seed: int
) -> None:
    play(game, bots, seed)


# Seed 3's race meets an undo made and refused too; the other seeds repeat it in the long run.
@pytest.mark.slow
@pytest.mark.parametrize("seed", soak_first([3, 4, 5]))
def test_a_tea_race_is_answered_like_any_decision(seed: int) -> None:
    play("humble_tea_party", [None, None, "random", "random"], seed, tea=True)


def declined_tea(seed: int) -> bool:
    """Play until the bot may Get Tea without being awaited; true once it declines (checked)."""
    seats = [{"name": "A", "bot": None}, {"name": "B", "bot": "random"}, {"name": "C", "bot": None}]
    config = {"game": "humble_tea_party", "seats": seats, "seed": seed}
    reply = call(bridge.new_match, json.dumps(config))
    match = reply["match"]
    while not reply["status"]["over"]:
        status = reply["status"]
        if 1 in status["actors"] and 1 not in status["awaiting"]:
            before = exported(match)
            answer = call(bridge.bot_act, match, 1, status["step"], 0)
            if answer["action"] is None:
                assert answer["tail"] == {"from": status["step"], "actions": []}
                assert answer["log"] == []
                assert exported(match) == before
                check_screen(match, answer, {1})
                return True
            reply = answer
            continue
        seat = status["awaiting"][0]
        if seat == 1:
            reply = call(bridge.bot_act, match, 1, status["step"], 0)
        else:
            legal = call(bridge.view, match, seat)["legal"]
            reply = call(bridge.act, match, seat, json.dumps(legal[0]), status["step"], seat)
        assert reply["ok"], reply
    return False


def test_a_bot_declining_tea_changes_nothing_and_answers_the_screen() -> None:
    assert any(declined_tea(seed) for seed in range(9, 20))


def test_the_shown_seat_is_checked_before_anything_changes() -> None:
    seats = [{"name": "A", "bot": None}, {"name": "B", "bot": "random"}]
    opened = call(bridge.new_match, json.dumps({"game": "tanbo", "seats": seats, "seed": 1}))
    match = opened["match"]
    assert opened["seat"] == 0 and opened["record"]["actions"] == []
    before = snapshot(match)
    legal = opened["legal"][0]
    assert call(bridge.act, match, 0, json.dumps(legal), 0, 5)["error_type"] == "BadInput"
    assert call(bridge.act, match, 0, json.dumps(legal), 0, "x")["error_type"] == "BadInput"
    assert snapshot(match) == before
    moved = call(bridge.act, match, 0, json.dumps(legal), 0, 0)
    assert moved["status"]["awaiting"] == [1] and moved["seat"] == 0  # never the bot's view
    before = snapshot(match)
    assert call(bridge.bot_act, match, 1, 1, 7)["error_type"] == "BadInput"
    assert call(bridge.undo, match, 7)["error_type"] == "BadInput"
    assert snapshot(match) == before
    assert call(bridge.import_record, json.dumps(exported(match)), "save", 7)["ok"] is False
    bridge.close(match)
