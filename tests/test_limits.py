"""Bounded input: what would exhaust Python's stack or reach its own limits is refused
before it is parsed, in words, and changes nothing."""

from __future__ import annotations

import json
import math
from typing import Any

import pytest

from pygames import bridge
from pygames.core import BadInput, MatchRecord, Message
from pygames.core.limits import (
    MAX_DEPTH,
    MAX_NAME_CHARS,
    MAX_RECORD_CHARS,
    as_json,
    blank_json,
    check_depth,
    is_blank,
    read_json,
    seat_name,
)
from pygames.core.messages import render

from .test_robustness import assert_core_message


def call(fn: Any, *args: Any) -> dict[str, Any]:
    reply = json.loads(fn(*args))
    assert isinstance(reply, dict)
    return reply


def refused(reply: dict[str, Any], error_type: str, words: str) -> None:
    """A refusal of the given type whose English and message agree and name ``words``."""
    assert reply["ok"] is False, reply
    assert reply["error_type"] == error_type, reply
    assert words in reply["error"], reply["error"]
    message = Message.from_json(reply["message"])
    assert render(message) == reply["error"]
    assert_core_message(message, "core.")


def started(game: str = "tanbo", seed: int = 5) -> tuple[str, dict[str, Any]]:
    config = {"game": game, "seed": seed, "seats": [{"name": "A"}, {"name": "B", "bot": "random"}]}
    reply = call(bridge.new_match, json.dumps(config))
    assert reply["ok"], reply
    return reply["match"], reply["record"]


def state_of(match: str) -> tuple[Any, ...]:
    return (
        call(bridge.export_record, match),
        call(bridge.view, match, -1),
        call(bridge.view, match, 0),
    )


def deep(levels: int) -> str:
    return "[" * levels + "]" * levels


def record_with(**changes: Any) -> dict[str, Any]:
    _, record = started()
    return {**record, **changes}


# --- the depth count ---------------------------------------------------------------------------


def test_the_depth_count_looks_past_brackets_and_quotes_inside_strings() -> None:
    check_depth(json.dumps({"name": "[" * 50 + '\\"' + "{" * 50}), "saved match")
    check_depth(json.dumps(["]" * 20, "[" * 20]), "saved match")
    check_depth(deep(MAX_DEPTH), "action")
    with pytest.raises(BadInput, match="nested too deeply"):
        check_depth(deep(MAX_DEPTH + 1), "action")
    # An escaped quote does not end a string: the brackets after it are still inside it.
    check_depth('["\\"' + "[" * 40 + '"]', "action")
    with pytest.raises(BadInput, match="nested too deeply"):
        check_depth('["\\\\"' + "[" * 40 + '"]', "action")  # an escaped backslash does end it


def test_real_records_are_well_inside_the_bounds() -> None:
    """A long game with every option nests 6 deep at most, far below the limit, and a long
    six-player game is a small fraction of the size limit."""
    setup = {"paddies": [[{"snakes": 1, "rice": 3}] * 5, [{"snakes": 3, "rice": 1}] * 5]}
    config = {
        "game": "tanbo",
        "seed": 3,
        "seats": [{"name": "あ" * MAX_NAME_CHARS}, {"name": "B", "bot": "random"}],
        "options": {"setup": setup},
    }
    reply = call(bridge.new_match, json.dumps(config))
    assert reply["ok"], reply
    text = json.dumps(reply["record"])
    check_depth(text, "saved match")
    assert _depth(reply["record"]) <= MAX_DEPTH - 4
    storm = _played("storm_in_a_teacup", 6, seed=11)
    assert len(json.dumps(storm)) < MAX_RECORD_CHARS / 4
    assert _depth(storm) <= MAX_DEPTH - 4


def _depth(value: Any) -> int:
    if isinstance(value, dict):
        return 1 + max((_depth(v) for v in value.values()), default=0)
    if isinstance(value, list):
        return 1 + max((_depth(v) for v in value), default=0)
    return 0


def _played(game: str, players: int, seed: int) -> dict[str, Any]:
    seats = [{"name": f"Player with a long name {i}", "bot": "random"} for i in range(players)]
    reply = call(bridge.new_match, json.dumps({"game": game, "seed": seed, "seats": seats}))
    match = reply["match"]
    while not reply["status"]["over"]:
        seat = reply["status"]["awaiting"][0]
        reply = call(bridge.bot_act, match, seat, reply["status"]["step"])
        assert reply["ok"], reply
    record: dict[str, Any] = call(bridge.export_record, match)["record"]
    return record


# --- records and links -------------------------------------------------------------------------


def test_a_record_nested_ten_thousand_deep_is_refused_in_words() -> None:
    """The share link that killed the engine: options and an action 10,000 deep."""
    for field, value in (("options", '{"a": ' * 10_000 + "1" + "}" * 10_000), ("actions", None)):
        record = record_with()
        text = json.dumps(record)
        if field == "options":
            text = text.replace('"options": {}', f'"options": {value}')
        else:
            text = text.replace('"actions": []', f'"actions": [[0, {{"x": {deep(10_000)}}}]]')
        assert len(text) > 20_000 and "nested" not in text
        for source, head in (("link", "share link is damaged"), ("save", "saved game is damaged")):
            reply = call(bridge.import_record, text, source)
            refused(reply, "BadRecord", head)
            assert "nested too deeply" in reply["error"]


def test_a_seed_of_five_thousand_digits_is_refused_in_words() -> None:
    text = json.dumps(record_with()).replace('"seed": 5', '"seed": ' + "9" * 5_000)
    refused(call(bridge.import_record, text, "link"), "BadRecord", "more than 16 digits")
    config = '{"game": "tanbo", "seats": [{}, {}], "seed": ' + "1" * 5_000 + "}"
    refused(call(bridge.new_match, config), "BadInput", "more than 16 digits")


@pytest.mark.parametrize("constant", ["NaN", "Infinity", "-Infinity"])
def test_nan_and_infinity_in_json_are_refused(constant: str) -> None:
    text = json.dumps(record_with()).replace('"seed": 5', f'"seed": {constant}')
    refused(call(bridge.import_record, text, "save"), "BadRecord", "which is not a number")
    match, _ = started()
    before = state_of(match)
    refused(
        call(bridge.act, match, 0, '{"type": "farmer", "paddy": ' + constant + "}", 0),
        "BadInput",
        "which is not a number",
    )
    assert state_of(match) == before


def test_a_record_too_long_is_refused_before_it_is_read() -> None:
    """A save with 10 MB seat names took 15 s to open: now it is refused at once."""
    record = record_with(seats=[{"name": "x" * 10_000_000, "bot": None}, {"name": "B"}])
    reply = call(bridge.import_record, json.dumps(record), "save")
    refused(reply, "BadRecord", "is too long")
    assert f"at most {MAX_RECORD_CHARS}" in reply["error"]


def test_names_are_capped_when_a_record_is_read_as_in_the_lobby() -> None:
    record = record_with(seats=[{"name": "N" * 500, "bot": None}, {"name": "B", "bot": "random"}])
    reply = call(bridge.import_record, json.dumps(record), "save")
    assert reply["ok"], reply
    assert reply["record"]["seats"][0]["name"] == "N" * MAX_NAME_CHARS
    assert MatchRecord.from_json(record).seats[0].name == "N" * MAX_NAME_CHARS
    config = {"game": "tanbo", "seats": [{"name": "M" * 500}, {"name": "B"}], "seed": 1}
    assert call(bridge.new_match, json.dumps(config))["record"]["seats"][0]["name"] == (
        "M" * MAX_NAME_CHARS
    )


# Names that draw nothing: zero-width spaces, non-joiners and joiners, a word joiner, a byte
# order mark, bidi controls, a combining mark with no letter, a variation selector, the Hangul
# fillers, the blank braille pattern, ideographic and no-break spaces.
BLANK_NAMES = [
    "\u200b",
    "\u200b\u200c\u200d\u2060\ufeff",
    "\u202e",
    "\u2066\u2069\u200f",
    "\u0301",
    "\ufe0f",
    "\u3164\u115f\u1160\uffa0",
    "\u2800\u2800",
    "\u3000\u00a0 ",
]


@pytest.mark.parametrize("name", BLANK_NAMES)
def test_a_name_that_shows_nothing_is_the_seat_s_default_name(name: str) -> None:
    assert all(is_blank(c) for c in name)
    assert seat_name(name, 1) == "Player 2"
    config = {"game": "tanbo", "seats": [{"name": "Ann"}, {"name": name}], "seed": 1}
    reply = call(bridge.new_match, json.dumps(config))
    assert reply["ok"], reply
    assert [s["name"] for s in reply["record"]["seats"]] == ["Ann", "Player 2"]
    assert [s["name"] for s in reply["status"]["seats"]] == ["Ann", "Player 2"]


@pytest.mark.parametrize("name", BLANK_NAMES)
def test_a_record_s_name_that_shows_nothing_is_read_as_the_default_name(name: str) -> None:
    """A record is read as the lobby reads a name: it still opens, and the seat is named."""
    record = record_with(seats=[{"name": name, "bot": None}, {"name": "B", "bot": "random"}])
    reply = call(bridge.import_record, json.dumps(record), "save")
    assert reply["ok"], reply
    assert reply["record"]["seats"][0]["name"] == "Player 1"
    assert reply["status"]["seats"][0]["name"] == "Player 1"
    assert MatchRecord.from_json(record).seats[0].name == "Player 1"


@pytest.mark.parametrize(
    "name",
    ["A", "あ", "\u202eAnn", "\u200bBen\u200b", "\u05e9\u05e8\u05d4", "\U0001f375", "e\u0301"],
)
def test_a_name_with_something_to_see_is_kept_as_typed(name: str) -> None:
    """Bidi controls and zero-width characters beside a visible one stay: the page isolates a
    name wherever it shows it (web/js/words.js), so it cannot reorder the words around it."""
    assert not all(is_blank(c) for c in name)
    assert seat_name(name, 0) == name.strip()
    config = {"game": "tanbo", "seats": [{"name": name}, {"name": "B"}], "seed": 1}
    assert call(bridge.new_match, json.dumps(config))["record"]["seats"][0]["name"] == name


def test_the_page_reads_the_same_blank_characters() -> None:
    blank = blank_json()
    assert isinstance(blank["chars"], str) and all(is_blank(c) for c in blank["chars"])
    assert "Cf" in blank["categories"] and "Zs" in blank["categories"]
    assert not any(is_blank(c) for c in "Aaあア漢0!😀")


def test_a_record_with_too_many_seats_is_refused() -> None:
    record = record_with(seats=[{"name": str(i)} for i in range(1_000)])
    refused(call(bridge.import_record, json.dumps(record), "save"), "BadRecord", "more than 16")


# --- numbers from the page ---------------------------------------------------------------------


@pytest.mark.parametrize(
    "value",
    [math.inf, -math.inf, math.nan, 2.5, 10**5000, -(10**40), True, "1", None],
    ids=["inf", "-inf", "nan", "2.5", "5000 digits", "-1e40", "True", "'1'", "None"],
)
def test_seats_and_steps_must_be_small_whole_numbers(value: Any) -> None:
    match, _ = started()
    before = state_of(match)
    legal = call(bridge.view, match, 0)["legal"][0]
    for reply in (
        call(bridge.view, match, value),
        call(bridge.act, match, value, json.dumps(legal), 0),
        call(bridge.act, match, 0, json.dumps(legal), value),
        call(bridge.bot_act, match, 1, value),
        call(bridge.undo, match, value),
    ):
        assert reply["ok"] is False and reply["error_type"] == "BadInput", reply
        assert "whole number" in reply["error"], reply
        assert len(reply["error"]) < 200
    assert state_of(match) == before


@pytest.mark.parametrize(
    ("seed", "words"),
    [
        ("Infinity", "not a number"),
        ("NaN", "not a number"),
        ("-1", "from 0 to"),
        (str(2**53), "from 0 to"),
        ("1.5", "whole number"),
        ('"x"', "whole number"),
    ],
)
def test_a_seed_of_infinity_or_out_of_range_is_refused(seed: str, words: str) -> None:
    reply = call(bridge.new_match, '{"game": "tanbo", "seats": [{}, {}], "seed": ' + seed + "}")
    assert reply["ok"] is False and reply["error_type"] != "InternalError", reply
    assert words in reply["error"], reply["error"]


def test_huge_text_arguments_are_refused_without_being_quoted_back() -> None:
    match, _ = started()
    huge = "m" * 1_000_000
    for reply in (
        call(bridge.view, huge, 0),
        call(bridge.act, huge, 0, "{}", 0),
        call(bridge.import_record, "{}", huge),
        call(bridge.replay_view, huge, 0, 0),
        call(bridge.act, match, 0, huge, 0),
        call(bridge.new_match, huge),
    ):
        assert reply["ok"] is False and reply["error_type"] != "InternalError", reply
        assert len(reply["error"]) < 300, reply["error"][:300]


def test_a_call_with_the_wrong_number_of_arguments_is_refused_in_words() -> None:
    match, _ = started()
    before = state_of(match)
    for reply in (
        call(bridge.view, match),
        call(bridge.act, match, 0),
        call(bridge.games, 1),
        call(bridge.undo, match, -1, 2, 3),
    ):
        refused(reply, "BadInput", "arguments")
    assert state_of(match) == before


def test_the_page_reads_the_same_bounds() -> None:
    """The build writes these into the lobby's catalogue; the page checks them first."""
    bounds = as_json()
    assert bounds["depth"] == MAX_DEPTH and bounds["record_chars"] == MAX_RECORD_CHARS
    assert all(isinstance(v, int) and v > 0 for v in bounds.values())


def test_read_json_refuses_what_is_not_text() -> None:
    for value in (None, 3, b"{}", ["{}"]):
        with pytest.raises(BadInput, match="must be JSON text"):
            read_json(value, "action", 100)
