"""Hints: the Strong bot's move for a person, from that person's view only, with one line of why
in both languages; noted in the record once a step; refused where a hint has no place."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

from pygames import bridge
from pygames.core import BadRecord, MatchRecord, Message, Rng
from pygames.core.messages import render
from pygames.games import get_game
from pygames.hints import suggest

from .conformance import SOAK
from .test_levels import CASES, hidden_truth, midgame, other_truth

# Make test asks for a hint in the first position of each game (a Strong search three times:
# the position and its two twins); the soak in every position of test_levels, which repeat the
# check at another table size or moment of the game.
FIRST_CASES = [c for i, c in enumerate(CASES) if all(c[0] != d[0] for d in CASES[:i])]


def said(message: Message) -> list[str]:
    """The message in both languages, checked to be whole words (no id, no placeholder)."""
    out = [render(message, lang, ["Ann", "Bo", "Cy", "Di", "Ed", "Flo"]) for lang in ("en", "ja")]
    for text in out:
        assert text and not re.search(r"[{}]|\w+\.\w+\.\w+", text), text
    return out


@pytest.mark.slow
@pytest.mark.parametrize(("game", "players", "seed", "steps"), CASES if SOAK else FIRST_CASES)
def test_a_hint_is_the_same_whatever_the_secrets_behind_the_view(
    game: str, players: int, seed: int, steps: int
) -> None:
    state = midgame(game, players, seed, steps)
    seat = state.awaiting()[0]
    twins = [other_truth(state, seat, salt) for salt in (1, 2)]
    g = get_game(game)
    hints = []
    for s in (state, *twins):
        assert s.view(seat) == state.view(seat)
        hints.append(suggest(g, s.view(seat), seat, s.legal_actions(seat)))
    assert hints[0] == hints[1] == hints[2]
    action, why = hints[0]
    assert action in state.legal_actions(seat)
    said(why)


def test_the_twins_differ_in_hidden_truth_in_every_game() -> None:
    """The honesty test above can fail: in every case each twin's secrets differ from the
    position's (for Tanbo, the order of the coming draws from the bag), not only its
    generator."""
    for game, players, seed, steps in CASES:
        state = midgame(game, players, seed, steps)
        seat = state.awaiting()[0]
        for salt in (1, 2):
            twin = other_truth(state, seat, salt)
            assert hidden_truth(twin) != hidden_truth(state), (game, seed, salt)


@pytest.mark.parametrize(
    ("game", "players"), [("tanbo", 2), ("storm_in_a_teacup", 3), ("humble_tea_party", 4)]
)
def test_every_legal_move_of_a_game_is_explained_in_both_languages(game: str, players: int) -> None:
    """Each game's advice, for every legal move met in a random game: whole words, both
    languages (the hint says the suggested one; any may be suggested)."""
    g = get_game(game)
    state = g.new_state(players, 8, {})
    rng = Rng(8)
    explained: set[str] = set()
    while not state.is_over():
        seat = state.awaiting()[0]
        view = state.view(seat)
        for action in state.legal_actions(seat):
            why = g.explain(view, seat, action)
            if why is not None:
                said(why)
                explained.add(why.id)
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    assert len(explained) >= 3, explained


def new(game: str, players: int, hints: Any = True, seed: int = 5) -> dict[str, Any]:
    seats = [{"name": "Ann", "bot": None}]
    seats += [{"name": f"B{i}", "bot": "easy"} for i in range(1, players)]
    config = {"game": game, "seed": seed, "seats": seats, "hints": hints}
    return json.loads(bridge.new_match(json.dumps(config)))  # type: ignore[no-any-return]


def test_a_hint_changes_nothing_and_is_noted_once_a_step() -> None:
    reply = new("tanbo", 2)
    match = reply["match"]
    before = bridge._matches[match].state.to_json()
    step = reply["status"]["step"]
    first = json.loads(bridge.hint(match, 0, step))
    assert first["ok"] and first["action"] in reply["legal"] and first["hints"] == [[0, step]]
    said(Message.from_json(first["why"]))
    again = json.loads(bridge.hint(match, 0, step))
    assert again == first  # the same hint, counted once
    assert bridge._matches[match].state.to_json() == before
    record = json.loads(bridge.export_record(match))["record"]
    assert record["hints"] == [[0, step]]
    # It travels with the record: a save or a link opened elsewhere still counts it.
    opened = json.loads(bridge.import_record(json.dumps(record)))
    assert opened["record"]["hints"] == [[0, step]]
    # Acting on the hint plays the move it names.
    moved = json.loads(bridge.act(match, 0, json.dumps(first["action"]), step))
    assert moved["ok"]


def test_hints_are_refused_where_they_have_no_place() -> None:
    reply = new("tanbo", 2)
    match, step = reply["match"], reply["status"]["step"]
    bot_seat = json.loads(bridge.hint(match, 1, step))
    assert bot_seat["error_type"] == "BadInput" and "seat 2" in bot_seat["error"]
    stale = json.loads(bridge.hint(match, 0, step + 1))
    assert stale["error_type"] == "StaleView"
    off = new("tanbo", 2, hints=False)
    refused = json.loads(bridge.hint(off["match"], 0, off["status"]["step"]))
    assert refused["error_type"] == "IllegalAction" and "without hints" in refused["error"]
    assert off["record"]["no_hints"] is True
    assert "no_hints" not in reply["record"] and "hints" not in reply["record"]
    bad = json.loads(
        bridge.new_match(
            json.dumps({"game": "tanbo", "seats": reply["record"]["seats"], "hints": "yes"})
        )
    )
    assert bad["error_type"] == "BadOptions"
    # Storm: a person not on turn has nothing to be hinted.
    storm = new("storm_in_a_teacup", 3, seed=2)
    waiting = storm["status"]["awaiting"]
    if 0 not in waiting:
        refused = json.loads(bridge.hint(storm["match"], 0, storm["status"]["step"]))
        assert refused["error_type"] == "IllegalAction"


@pytest.mark.parametrize(
    "hints",
    [{}, [[0]], [[0, 1], [0, 1]], [[5, 0]], [[0, -1]], [[0, 99]], [[True, 0]], [["0", 0]]],
)
def test_a_record_with_damaged_hints_is_refused(hints: Any) -> None:
    data = {
        "game": "tanbo",
        "seed": 1,
        "seats": [{"name": "A"}, {"name": "B"}],
        "actions": [[0, {"type": "farmer", "paddy": 0}]],
        "hints": hints,
    }
    with pytest.raises(BadRecord, match="hints"):
        MatchRecord.from_json(data)


def test_a_record_keeps_its_hints_and_its_no_hints() -> None:
    data = {
        "game": "tanbo",
        "seed": 1,
        "seats": [{"name": "A"}, {"name": "B"}],
        "actions": [[0, {"type": "farmer", "paddy": 0}]],
        "hints": [[0, 0], [1, 1]],
        "no_hints": False,
    }
    record = MatchRecord.from_json(data)
    assert record.hints == [(0, 0), (1, 1)] and record.hints_used() == [1, 1]
    assert record.to_json()["hints"] == [[0, 0], [1, 1]]
    with pytest.raises(BadRecord, match="hints"):
        MatchRecord.from_json({**data, "no_hints": "no"})
