"""Any input, however malformed, gets a clear error and changes nothing (property tests)."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pygames import bridge
from pygames.core import BadRecord, IllegalAction, MatchRecord, Message
from pygames.core.messages import render, words
from pygames.games import all_games

from .conformance import soak_games

# Examples each property is tried on: Hypothesis's own default (100) in make test, two or three
# times as many in the soak; more examples are volume, each property is checked either way.
EXAMPLES = soak_games(300, everyday=100)
BRIDGE_EXAMPLES = soak_games(200, everyday=100)

JSON = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-(2**60), 2**60)
    | st.floats(allow_nan=False)
    | st.text(max_size=12),
    lambda children: (
        st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=8), children, max_size=4)
    ),
    max_leaves=12,
)
KINDS = sorted({k for g in all_games() for k in g.codec.kinds})
ACTIONISH = st.fixed_dictionaries({"type": st.sampled_from(KINDS)}) | JSON
ACTIONISH = ACTIONISH.flatmap(
    lambda base: st.dictionaries(
        st.sampled_from(
            [
                "deck",
                "target",
                "x",
                "y",
                "paddy",
                "token",
                "rice",
                "a",
                "b",
                "start",
                "length",
                "tea",
                "milk",
                "lemon",
            ]
        ),
        JSON,
        max_size=5,
    ).map(lambda extra: {**base, **extra} if isinstance(base, dict) else base)
)


@pytest.mark.slow
@settings(max_examples=EXAMPLES, deadline=None)
@given(data=ACTIONISH)
def test_decoding_any_json_either_works_or_says_why(data: Any) -> None:
    for game in all_games():
        try:
            action = game.decode_action(data)
        except IllegalAction as exc:
            assert str(exc)
            assert_core_message(exc.message, "core.action.")
        else:
            assert game.decode_action(action.to_json()) == action


@pytest.mark.slow
@settings(max_examples=EXAMPLES, deadline=None)
@given(data=JSON)
def test_any_json_record_is_parsed_or_refused_with_a_reason(data: Any) -> None:
    try:
        MatchRecord.from_json(data)
    except BadRecord as exc:
        assert str(exc)
        assert_core_message(exc.message, "core.record.")


def assert_core_message(message: Message, prefix: str) -> None:
    """A refusal of the engine's own is a ``core.*`` message with words in both languages,
    never words already made (``core.text``; a nested detail may be a game's words)."""
    assert message.id.startswith(prefix) and message.id != "core.text", message
    for lang in ("en", "ja"):
        assert message.id in words("core", lang), (lang, message)
    for _, value in message.args:
        if isinstance(value, Message) and value.namespace == "core" and value.id != "core.text":
            assert_core_message(value, "core.")


def _match(game: str, players: int) -> str:
    seats = [{"name": f"P{i + 1}", "bot": None} for i in range(players)]
    reply = json.loads(bridge.new_match(json.dumps({"game": game, "seats": seats, "seed": 1})))
    assert reply["ok"], reply
    return str(reply["match"])


MATCHES = {g.id: _match(g.id, g.min_players) for g in all_games()}


@pytest.mark.slow
@settings(max_examples=BRIDGE_EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    game=st.sampled_from(sorted(MATCHES)),
    seat=st.integers(-3, 8),
    data=ACTIONISH,
    step=st.integers(-1, 2),
)
def test_the_bridge_refuses_junk_actions_and_keeps_the_match(
    game: str, seat: int, data: Any, step: int
) -> None:
    match = MATCHES[game]
    before = json.loads(bridge.export_record(match))
    reply = json.loads(bridge.act(match, seat, json.dumps(data), step))
    if reply["ok"]:  # a legal action happened to be drawn: take it back
        assert json.loads(bridge.undo(match))["ok"]
    else:
        assert reply["error"] and reply["error_type"] != "InternalError", reply
    assert json.loads(bridge.export_record(match)) == before


@pytest.mark.slow
@settings(max_examples=BRIDGE_EXAMPLES, deadline=None)
@given(text=st.text(max_size=60) | JSON.map(json.dumps))
def test_the_bridge_answers_any_text_with_json(text: str) -> None:
    for call in (bridge.new_match, bridge.import_record):
        reply = json.loads(call(text))
        assert isinstance(reply, dict) and "ok" in reply
        if not reply["ok"]:
            assert reply["error"] and reply["error_type"] != "InternalError", reply
            message = Message.from_json(reply["message"])
            assert render(message) == reply["error"]
            assert_core_message(message, "core.")
