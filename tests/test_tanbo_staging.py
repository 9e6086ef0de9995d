"""A sowing order staged in the page (web/js/games/tanbo-sowing.js, "Confirm moves") against
the engine: after every prefix of a real order, the page's staged table (hand, ring, path, next
paddy, the forecast's ways still open and the tokens that may follow) is the table the engine
shows after playing that prefix; once the order is whole, the page's path is the engine's (the
last kind placed by itself, ruling T3) and the one way left is the action the engine took."""

from __future__ import annotations

import json
import random
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

from pygames.tanbo import Place, TanboGame, TanboState
from pygames.tanbo.state import Phase
from pygames.tanbo.tokens import TOKEN_WORDS

ROOT = Path(__file__).resolve().parent.parent
GAME = TanboGame()
# Enough games that sowings of every length (one round of the ring and more) come up, Big
# Movements' second sowings among them: four give some 200 sowings, 150 of several choices.
GAMES = 4


def _legal(state: TanboState) -> list[dict[str, Any]]:
    return [a.to_json() for a in state.legal_actions(state.turn)]


def _movements(state: TanboState, seat: int) -> int:
    turn = state.last[seat]
    return 0 if turn is None else len(turn.moves)


def _cases() -> list[dict[str, Any]]:
    """Each sowing of some random games: the table when its first token is to be chosen, the
    order the player took, the engine's table after each choice that left another to make, and
    the whole path and the action once the movement was done."""
    cases: list[dict[str, Any]] = []
    for seed in range(GAMES):
        rng = random.Random(1000 + seed)
        state = GAME.new_state(2, seed, {})
        while not state.is_over():
            seat = state.actors()[0]
            legal = state.legal_actions(seat)
            places = [a for a in legal if isinstance(a, Place)]
            if not places or state.placed:
                state.apply(seat, legal[rng.randrange(len(legal))])
                continue
            first = {"view": state.view(seat), "legal": _legal(state)}
            done = _movements(state, seat) + 1
            number = state.last[seat].number  # type: ignore[union-attr]
            turns = state.turns
            order: list[dict[str, Any]] = []
            after: list[dict[str, Any]] = []
            while True:
                place = places[rng.randrange(len(places))]
                order.append(place.to_json())
                state.apply(seat, place)
                if state.turns != turns or _movements(state, seat) == done:
                    break
                assert state.phase is Phase.MOVE
                after.append({"view": state.view(seat), "legal": _legal(state)})
                places = [a for a in state.legal_actions(seat) if isinstance(a, Place)]
            # The movement as the turn's summary keeps it (gone when the game went on to this
            # player's next turn at once: the opponent had no decision to make).
            summary = state.last[seat]
            same_turn = summary is not None and summary.number == number
            move = summary.moves[done - 1] if summary and same_turn else None
            cases.append(
                {
                    **first,
                    "order": order,
                    "after": after,
                    "path": None
                    if move is None
                    else [{"paddy": p, "token": TOKEN_WORDS[t]} for p, t in move.placed],
                    "work": None if move is None else move.work.value,
                }
            )
    return cases


def _stage(tmp_path: Path, cases: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """What the page's staging gives for every prefix of every case's order, and for orders it
    must refuse."""
    (tmp_path / "cases.json").write_text(json.dumps(cases), "utf-8")
    script = tmp_path / "stage.mjs"
    module = (ROOT / "web/js/games/tanbo-sowing.js").as_uri()
    script.write_text(
        f"""
import {{ readFileSync }} from "node:fs";
import {{ stageSowing }} from {json.dumps(module)};
const cases = JSON.parse(readFileSync({json.dumps(str(tmp_path / "cases.json"))}, "utf-8"));
// Only the parts the test compares: a whole view per prefix is megabytes of JSON.
const parts = (s) => s && {{ ...s, view: {{ table: {{
  hand: s.view.table.hand, rings: s.view.table.rings, sowing: s.view.table.sowing }} }} }};
const out = cases.map((c) => ({{
  prefixes: c.order.map((_, k) => parts(stageSowing(c.view, c.legal, c.order.slice(0, k + 1)))),
  beyond: stageSowing(c.view, c.legal, [...c.order, c.order[0]]),
  stranger: stageSowing(c.view, c.legal, [{{ type: "place", token: "nothing" }}]),
  nothing: stageSowing(c.view, c.legal, []),
}}));
console.log(JSON.stringify(out));
""",
        "utf-8",
    )
    done = subprocess.run(
        ["node", str(script)], capture_output=True, text=True, check=True, timeout=120
    )
    return json.loads(done.stdout)  # type: ignore[no-any-return]


def _key(items: list[Any]) -> list[str]:
    return sorted(json.dumps(i, sort_keys=True) for i in items)


@pytest.mark.skipif(shutil.which("node") is None, reason="node is needed to run the page's code")
def test_a_staged_sowing_is_what_the_engine_plays(tmp_path: Path) -> None:
    cases = _cases()
    assert sum(len(c["order"]) > 1 for c in cases) >= 100, "too few orders of several choices"
    assert sum(c["path"] is not None for c in cases) >= 0.8 * len(cases)
    staged = _stage(tmp_path, cases)
    for case, page in zip(cases, staged, strict=True):
        seat = case["view"]["table"]["turn"]
        *partial, whole = page["prefixes"]
        assert len(partial) == len(case["after"])
        for mine, engine in zip(partial, case["after"], strict=True):
            assert not mine["complete"] and mine["way"] is None
            table, want = mine["view"]["table"], engine["view"]["table"]
            assert table["hand"] == want["hand"]
            assert table["rings"][seat] == want["rings"][seat]
            assert table["rings"][1 - seat] == want["rings"][1 - seat]
            for part in ("from", "next", "placed", "landing"):
                assert table["sowing"][part] == want["sowing"][part], part
            assert _key(table["sowing"]["ways"]) == _key(want["sowing"]["ways"])
            assert _key(mine["legal"]) == _key(engine["legal"])
            assert mine["staged"] == len(table["sowing"]["placed"]) - len(
                case["view"]["table"]["sowing"]["placed"]
            )
        assert whole["complete"] and whole["legal"] == []
        assert whole["view"]["table"]["sowing"]["landing"] is None
        if case["path"] is not None:
            assert whole["view"]["table"]["sowing"]["placed"] == case["path"]
            assert whole["way"] is not None and whole["way"]["action"] == case["work"]
        # Nothing more, nothing not in hand, and no order at all are refused.
        assert page["beyond"] is None and page["stranger"] is None and page["nothing"] is None
