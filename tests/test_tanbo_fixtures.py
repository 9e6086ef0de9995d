"""The Tanbo dev harness's fixtures (web/dev/tanbo-fixtures.js) are the engine's own answers.

Each fixture is what the page gets for the seat on screen (view and legal actions) at a chosen
moment of a real game, played by bots from a fixed seed, and the view of the step before (so
the harness can show the move animated). Rewrite the file after a change of the engine with
``python -m tests.test_tanbo_fixtures``; the test fails while the file is out of date.
"""

from __future__ import annotations

import functools
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

from pygames.bots import make_bot
from pygames.core import JsonDict, Rng
from pygames.games import get_game
from pygames.tanbo import Phase, TanboState

GAME = get_game("tanbo")
FIXTURES = Path(__file__).resolve().parent.parent / "web" / "dev" / "tanbo-fixtures.js"
ONE_PERSON = [{"name": "Aiko", "bot": None}, {"name": "Kenji", "bot": "greedy"}]
HOT_SEAT = [{"name": "Aiko", "bot": None}, {"name": "Kenji", "bot": None}]
LOG_LINES = 8  # the end of the log is enough for the harness (keeps the file small)

Test = Callable[[TanboState], bool]


def _play(seed: int, bots: tuple[str, str], first: int, until: Test, limit: int = 400) -> Any:
    """Play a game with these bots until ``until`` holds; the state then and one step before."""
    state = GAME.new_state(2, seed, {"first_player": first})
    assert isinstance(state, TanboState)
    players = [make_bot("tanbo", b) for b in bots]
    before = None
    for step in range(limit):
        if until(state):
            return state, before
        if state.is_over():
            return None
        seat = state.actors()[0]
        legal = state.legal_actions(seat)
        action = players[seat].choose(GAME, state.view(seat), seat, legal, Rng(seed * 7919 + step))
        before = state.clone()
        state.apply(seat, action)
    return None


def _find(until: Test, bots: tuple[str, str] = ("greedy", "greedy"), first: int = 0) -> Any:
    for seed in range(1, 400):
        found = _play(seed, bots, first, until)
        if found is not None:
            return found
    raise AssertionError("no game reaches this moment")


def _view(state: TanboState, seat: int | None) -> JsonDict:
    view = state.view(seat)
    view["log"] = view["log"][-LOG_LINES:]
    return view


def _fixture(
    state: TanboState,
    before: TanboState | None,
    seat: int,
    seats: list[JsonDict] = ONE_PERSON,
    **extra: Any,
) -> JsonDict:
    legal = [a.to_json() for a in state.legal_actions(seat)]
    out: JsonDict = {"seat": seat, "seats": seats, "view": _view(state, seat), "legal": legal}
    if before is not None:
        out["before"] = _view(before, seat)
    return {**out, **extra}


def _moving(seat: int, placed: int, kinds: int, turns: int = 1) -> Test:
    def test(s: TanboState) -> bool:
        return (
            s.phase is Phase.MOVE
            and s.turn == seat
            and len(s.placed) >= placed
            and sum(1 for n in s.hand if n) >= kinds
            and s.turns >= turns
        )

    return test


def _last_two(wins: bool) -> Test:
    """Seat 0 holds two tokens of two kinds, and one way of the forecast is a Harvest (that
    wins, if ``wins``)."""

    def test(s: TanboState) -> bool:
        if s.phase is not Phase.MOVE or s.turn != 0 or sum(s.hand) != 2:
            return False
        sowing = s.view(0)["table"]["sowing"]
        return sowing is not None and any(
            w["action"] == "harvest" and w["wins"] == wins for w in sowing["ways"]
        )

    return test


def _phase(phase: Phase, seat: int, options: int = 1, turns: int = 1) -> Test:
    def test(s: TanboState) -> bool:
        return (
            s.phase is phase
            and s.actors() == (seat,)
            and len(s.legal_actions(seat)) >= options
            and s.turns >= turns
        )

    return test


@functools.cache
def build() -> dict[str, JsonDict]:
    """Every fixture, by the name the harness lists (built once per run: treat as read-only)."""
    out: dict[str, JsonDict] = {}
    start = GAME.new_state(2, 7, {"first_player": 1})
    assert isinstance(start, TanboState)
    out["farmer placement: the bot first"] = _fixture(start, None, 0)
    placed, before = _play(7, ("greedy", "greedy"), 1, lambda s: s.actors() == (0,))
    out["farmer placement: your choice"] = _fixture(placed, before, 0)
    state, before = _find(_moving(0, placed=2, kinds=3, turns=5))
    out["sowing: your move, mid-path"] = _fixture(state, before, 0)
    state, before = _find(_last_two(wins=True))
    out["sowing: two left, a winning Harvest"] = _fixture(state, before, 0)
    state, before = _find(_moving(1, placed=2, kinds=2, turns=5))
    out["sowing: the bot's move"] = _fixture(state, before, 0)
    state, before = _find(
        lambda s: (
            s.phase is Phase.MOVE
            and s.turn == 1
            and not s.placed
            and s.turns >= 8
            and before_was(s)
        )
    )
    out["after your move: the bot to play"] = _fixture(state, before, 0)
    state, before = _find(_phase(Phase.SWAP, 0, options=12, turns=4))
    out["Big Movement: you swap"] = _fixture(state, before, 0)
    state, before = _find(_phase(Phase.SWAP, 1, options=4, turns=4))
    out["Big Movement: the bot swaps"] = _fixture(state, before, 0)
    state, before = _find(_phase(Phase.HARVEST, 0, options=2, turns=4))
    out["harvest: your choice"] = _fixture(state, before, 0)
    state, before = _find(_phase(Phase.REST, 0, options=2), bots=("random", "greedy"))
    out["rest: your choice"] = _fixture(state, before, 0)
    state, before = _find(_phase(Phase.EXCESS, 0, options=2), bots=("random", "greedy"))
    out["end phase: your removals"] = _fixture(state, before, 0)
    state, before = _find(TanboState.is_over)
    out["game over"] = _fixture(state, before, 0)
    state, before = _find(_moving(1, placed=1, kinds=2, turns=6), bots=("random", "random"))
    out["hot-seat: Kenji to play"] = _fixture(state, before, 1, HOT_SEAT)
    mid, _ = _find(_moving(0, placed=1, kinds=2, turns=10))
    out["replay: a step of the game"] = {**_fixture(mid, None, 0), "legal": [], "replay": True}
    over, _ = _find(TanboState.is_over)
    everything = over.full_view()
    everything["log"] = everything["log"][-LOG_LINES:]
    out["replay: everything (finished game)"] = {
        "seat": None,
        "seats": ONE_PERSON,
        "view": everything,
        "legal": [],
        "replay": True,
    }
    return out


def before_was(state: TanboState) -> bool:
    """The seat on screen (0) has just finished a turn of several decisions."""
    last = state.last[0]
    return (
        last is not None and last.done and len(last.moves) >= 1 and len(last.moves[0].placed) >= 4
    )


def render_js(fixtures: dict[str, JsonDict]) -> str:
    """The fixtures module, one fixture per line."""
    lines = [
        "// Fixture views for the Tanbo renderer harness (web/dev/tanbo.html): each one is what",
        "// the engine gives the seat on screen (view and legal actions) at a moment of a real",
        "// game played by bots from a fixed seed, with the view of the step before (`before`, for",
        "// the animation) and `replay` for the replay viewer. Written by",
        "// `python -m tests.test_tanbo_fixtures`; tests/test_tanbo_fixtures.py checks that it is",
        "// up to date. Do not edit by hand.",
        "",
        "export const fixtures = {",
    ]
    for name, f in fixtures.items():
        lines.append(f"  {json.dumps(name)}: {json.dumps(f, separators=(',', ':'))},")
    lines += ["};", "", f"export const seats = {json.dumps(ONE_PERSON)};", ""]
    return "\n".join(lines)


def test_fixtures_file_is_up_to_date() -> None:
    assert FIXTURES.read_text() == render_js(build()), (
        "web/dev/tanbo-fixtures.js is out of date: run python -m tests.test_tanbo_fixtures"
    )


def test_fixtures_cover_every_decision_and_the_waits() -> None:
    fixtures = build()
    kinds = {a["type"] for f in fixtures.values() for a in f["legal"]}
    assert kinds == {"farmer", "place", "swap", "take", "return", "remove"}
    phases = {f["view"]["table"]["phase"] for f in fixtures.values()}
    assert phases == {"farmer", "move", "swap", "harvest", "rest", "excess", "over"}
    assert any(f["legal"] == [] and not f.get("replay") for f in fixtures.values())


if __name__ == "__main__":
    FIXTURES.write_text(render_js(build()))
    print(f"wrote {FIXTURES}")
