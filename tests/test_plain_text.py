"""Every word a player reads is a catalogued message: no log line, refusal, outcome
or damaged-record reason crosses the bridge as plain English (``core.text``), which the page
could neither translate nor name seats in."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from typing import Any

import pytest

from pygames import bridge

PLAIN = "core.text"

GAMES = {
    "tanbo": [None, "random"],
    "humble_tea_party": [None, "random", "random", None],
    "storm_in_a_teacup": [None, "random", None, "random", "random"],
}


class Reply(dict[str, Any]):
    """A bridge reply, with the JSON text it crossed as (for check)."""

    def __init__(self, text: str) -> None:
        reply = json.loads(text)
        assert isinstance(reply, dict)
        super().__init__(reply)
        self.text = text


def call(fn: Any, *args: Any) -> Reply:
    return Reply(fn(*args))


def plain_texts(value: Any, where: str = "") -> Iterator[str]:
    """Where ``value`` (a bridge reply) holds a ``core.text`` message, and what it says."""
    if isinstance(value, dict):
        if value.get("id") == PLAIN:
            yield f"{where}: {value.get('args')}"
        for key, item in value.items():
            yield from plain_texts(item, f"{where}.{key}")
    elif isinstance(value, list):
        for i, item in enumerate(value):
            yield from plain_texts(item, f"{where}[{i}]")


def check(reply: dict[str, Any], what: str) -> dict[str, Any]:
    # A plain message puts its id in the reply's text as a string: the walk, which says where,
    # runs only on a reply whose text holds that string, not through every reply's whole log.
    text = reply.text if isinstance(reply, Reply) else json.dumps(reply)
    found = list(plain_texts(reply)) if json.dumps(PLAIN) in text else []
    assert not found, f"{what}: plain text where a catalogued message belongs: {found[:3]}"
    if not reply["ok"]:
        assert reply["error_type"] != "InternalError", (what, reply)
        assert isinstance(reply["message"], dict) and reply["message"]["id"] != PLAIN
    return reply


def spoiled(action: dict[str, Any], rnd: random.Random) -> list[dict[str, Any]]:
    """Actions near a legal one that the rules refuse (or the codec rejects)."""
    out: list[dict[str, Any]] = [{"type": "no-such-move"}, {**action, "extra": 1}]
    fields = [k for k in action if k != "type"]
    if fields:
        key = rnd.choice(fields)
        out.append({k: v for k, v in action.items() if k != key})
        out.append({**action, key: "x"})
        out.append({**action, key: [99]})
        value = action[key]
        if isinstance(value, int) and not isinstance(value, bool):
            out.append({**action, key: value + 97})
            out.append({**action, key: -1})
    return out


def play(game: str, bots: list[str | None], seed: int) -> dict[str, Any]:
    """One game through the bridge, a person's every turn tried with refused actions first."""
    rnd = random.Random(seed)
    seats = [{"name": f"P{i + 1}", "bot": b} for i, b in enumerate(bots)]
    config = json.dumps({"game": game, "seats": seats, "seed": seed})
    reply = check(call(bridge.new_match, config), "new_match")
    match = reply["match"]
    people = [i for i, b in enumerate(bots) if not b]
    while not reply["status"]["over"]:
        status = reply["status"]
        step = status["step"]
        seat = (status["awaiting"] or status["actors"])[0]
        if bots[seat]:
            reply = check(call(bridge.bot_act, match, seat, step, -1), "bot_act")
            continue
        legal = check(call(bridge.view, match, seat), "view")["legal"]
        action = rnd.choice(legal)
        for bad in spoiled(action, rnd):
            if bad not in legal:
                refused = check(
                    call(bridge.act, match, seat, json.dumps(bad), step, seat), f"{bad}"
                )
                assert not refused["ok"], bad
        idle = [s for s in people if s not in status["actors"]]
        if idle:
            refused = check(
                call(bridge.act, match, idle[0], json.dumps(action), step, idle[0]), "not your turn"
            )
            assert not refused["ok"]
        reply = check(call(bridge.act, match, seat, json.dumps(action), step, seat), "act")
    for seat in (-1, *range(len(bots))):
        check(call(bridge.view, match, seat), f"the end, seat {seat}")
    after = check(
        call(bridge.act, match, 0, json.dumps(action), reply["status"]["step"], 0), "over"
    )
    assert not after["ok"]
    record: dict[str, Any] = check(call(bridge.export_record, match), "export")["record"]
    bridge.close(match)
    return record


def damaged(record: dict[str, Any]) -> Iterator[Any]:
    """Records a save file or a share link could hold, each refused for its own reason."""
    yield []
    yield {**record, "version": 99}
    yield {k: v for k, v in record.items() if k != "game"}
    yield {**record, "game": "chess"}
    yield {**record, "seed": -5}
    yield {**record, "options": []}
    yield {**record, "options": {"no_such_option": 1}}
    yield {**record, "seats": []}
    yield {**record, "seats": record["seats"] * 4}
    yield {**record, "seats": [{"bot": None}] * len(record["seats"])}
    yield {**record, "seats": [{"name": "A", "bot": 7}] * len(record["seats"])}
    yield {**record, "actions": {}}
    yield {**record, "actions": [*record["actions"][:3], "junk"]}
    yield {**record, "actions": [*record["actions"][:3], [0, {"type": "no-such-move"}]]}
    yield {**record, "actions": [record["actions"][1], *record["actions"]]}
    yield {**record, "actions": [*record["actions"], record["actions"][-1]]}


@pytest.mark.parametrize("game", GAMES)
def test_a_game_and_its_refusals_speak_in_catalogued_messages(game: str) -> None:
    record = play(game, GAMES[game], seed=11)
    for i, bad in enumerate(damaged(record)):
        for source in ("save", "link", "autosave"):
            refused = check(call(bridge.import_record, json.dumps(bad), source), f"record {i}")
            assert not refused["ok"], (i, bad)


def test_bad_calls_speak_in_catalogued_messages() -> None:
    opened = check(
        call(
            bridge.new_match,
            json.dumps(
                {
                    "game": "tanbo",
                    "seats": [{"name": "A", "bot": None}, {"name": "B", "bot": None}],
                    "seed": 1,
                }
            ),
        ),
        "open",
    )
    match = opened["match"]
    refusals = [
        call(bridge.new_match, "{"),
        call(bridge.new_match, "[]"),
        call(bridge.new_match, json.dumps({"game": "chess", "seats": []})),
        call(bridge.new_match, json.dumps({"game": "tanbo", "seats": [{"name": "A"}]})),
        call(bridge.new_match, json.dumps({"game": "tanbo", "seats": [{}] * 2, "seed": "x"})),
        call(bridge.new_match, json.dumps({"game": "tanbo", "seats": [{"bot": "nobody"}] * 2})),
        call(bridge.view, "no-such-match", 0),
        call(bridge.view, match, 7),
        call(bridge.act, match, 0, "not json", 0, 0),
        call(bridge.act, match, 0, "{}", "one", 0),
        call(bridge.act, match, 0, "{}", 5, 0),
        call(bridge.bot_act, match, 0, 0, -1),
        call(bridge.undo, match, -1),
        call(bridge.import_record, "{", "save"),
        call(bridge.import_record, "{}", "nowhere"),
        call(bridge.replay_view, "no-such-replay", 0, -1),
    ]
    for i, refused in enumerate(refusals):
        check(refused, f"call {i}")
        assert not refused["ok"], (i, refused)
    bridge.close(match)
