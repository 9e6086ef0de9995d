"""The Storm in a Teacup renderer harness's fixtures (web/dev/storm-fixtures.js) are the engine's
own answers: each is a seat's view and legal actions (what ``bridge.view`` returns) at a state
reached by greedy bots from a fixed seed, or a finished game's full view (``State.full_view``).
This test fails when the file is stale; rewrite it with::

    .venv/bin/python -m tests.test_storm_fixtures
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from pygames.bots import make_bot
from pygames.core import JsonDict, Rng
from pygames.games import get_game
from pygames.storm_in_a_teacup import Serve, StormState
from pygames.storm_in_a_teacup.combinations import combination_of
from pygames.storm_in_a_teacup.position import position

GAME = get_game("storm_in_a_teacup")
FILE = Path(__file__).resolve().parent.parent / "web" / "dev" / "storm-fixtures.js"
NAMES = ["Aiko", "Kenji", "Mei", "Sora", "Yui", "Haru"]
KINDS = ("tea", "milk", "lemon")
HEADER = """\
// Fixture views for the Storm in a Teacup renderer harness (web/dev/storm_in_a_teacup.html).
// Written by tests/test_storm_fixtures.py (`python -m tests.test_storm_fixtures`): each one is
// the engine's answer for the seat on screen (view and legal, as pygames.bridge.view gives
// them) at a state greedy bots reached from a fixed seed, or a finished game's full view.
// Extra keys: `select` ({start, length}: the run the harness selects by clicking its first and
// last card), `thinking` (a bot is deciding: the table is busy), `replay` (drawn read-only, as
// the replay viewer does) and `prev` (the view one step before: the harness can redraw from it
// with animate true).
"""

Pred = Callable[[StormState], bool]


def seats(players: int, humans: int = 1) -> list[JsonDict]:
    return [{"name": NAMES[s], "bot": None if s < humans else "greedy"} for s in range(players)]


def states(players: int, seed: int, options: dict[str, Any] | None = None) -> Iterator[StormState]:
    """Every state of a game that greedy bots play from ``seed``, the first one included."""
    state = GAME.new_state(players, seed, options or {})
    assert isinstance(state, StormState)
    bot = make_bot(GAME.id, "greedy")
    yield state
    while not state.is_over():
        seat = state.actors()[0]
        legal = state.legal_actions(seat)
        action = bot.choose(GAME, state.view(seat), seat, legal, Rng(state.steps))
        assert action is not None
        state = state.clone()
        state.apply(seat, action)
        yield state


def find(
    players: int, seed: int, pred: Pred, options: dict[str, Any] | None = None
) -> tuple[StormState, StormState]:
    """The first state where ``pred`` holds, and the one before it, in the first game from
    ``seed`` on that has one."""
    for game_seed in range(seed, seed + 300):
        before = None
        for state in states(players, game_seed, options):
            if pred(state) and before is not None:
                return before, state
            before = state
    raise AssertionError(f"no such state in {players}-player games from seed {seed}")


def shown(state: StormState, seat: int, players: int, humans: int = 1, **extra: Any) -> JsonDict:
    legal = [a.to_json() for a in state.legal_actions(seat)]
    return {
        "seat": seat,
        "seats": seats(players, humans),
        "view": state.view(seat),
        "legal": legal,
        **extra,
    }


def longest_lead_run(state: StormState, seat: int) -> dict[str, int]:
    lead = state.lead
    hand = state.view(seat)["table"]["hand"]
    best: dict[str, int] | None = None
    for a in state.legal_actions(seat):
        data = a.to_json()
        run = hand[data["start"] : data["start"] + data["length"]]
        combo = combination_of([run.count(k) for k in KINDS])
        if lead is not None and combo is not None and combo.id != lead[1]:
            continue
        if best is None or data["length"] > best["length"]:
            best = {"start": data["start"], "length": data["length"]}
    assert best is not None
    return best


def refused_run(state: StormState, seat: int) -> dict[str, int]:
    hand = state.view(seat)["table"]["hand"]
    for length in (3, 2):
        for start in range(len(hand) - length + 1):
            run = hand[start : start + length]
            if combination_of([run.count(k) for k in KINDS]) is None:
                return {"start": start, "length": length}
    raise AssertionError("every run is a combination")


def serving(seat: int, min_round: int = 1) -> Pred:
    return lambda s: s.phase.value == "serving" and s.turn == seat and s.round >= min_round


def build() -> dict[str, JsonDict]:
    """Every fixture, by name, in the order the harness lists them."""
    out: dict[str, JsonDict] = {}

    def lead_by_other(s: StormState) -> bool:
        return serving(0, 2)(s) and s.lead is not None and s.lead[0] != 0

    _, st = find(4, 11, lead_by_other)
    out["serving: your turn, a run selected"] = shown(st, 0, 4, select=longest_lead_run(st, 0))
    out["serving: a refused selection"] = shown(st, 0, 4, select=refused_run(st, 0))
    _, st = find(4, 12, lambda s: serving(0, 2)(s) and s.host == 0 and not s.reveals)
    out["serving: you lead"] = shown(st, 0, 4)
    _, st = find(4, 13, lambda s: serving(2, 2)(s) and len(s.reveals) >= 1)
    out["serving: a bot is choosing"] = shown(st, 0, 4, thinking=True)
    prev, st = find(
        4, 13, lambda s: serving(3, 2)(s) and len(s.reveals) >= 2 and not s.reveals[-1].prepared
    )
    out["serving: a bot just served (animate)"] = shown(st, 0, 4, prev=prev.view(0))

    def discard(seat: int, won: bool, players: int = 4) -> Pred:
        def pred(s: StormState) -> bool:
            party = s.party
            return (
                s.phase.value == "discard"
                and s.turn == seat
                and party is not None
                and (party.winner == seat) == won
                and len(party.matching) >= 2
            )

        return pred

    _, st = find(4, 14, discard(0, True))
    out["tea party: your discards (you won)"] = shown(st, 0, 4)
    _, st = find(4, 15, discard(0, False))
    out["tea party: your discard (you matched)"] = shown(st, 0, 4)
    _, st = find(4, 16, lambda s: s.phase.value == "discard" and s.turn not in (0, None))
    out["tea party: a bot discards"] = shown(st, 0, 4, thinking=True)

    _, st = find(6, 17, serving(0), {"host": 3})
    out["6 players: serving"] = shown(st, 0, 6, select=longest_lead_run(st, 0))
    _, st = find(6, 18, discard(0, True, 6))
    out["6 players: tea party, your discards"] = shown(st, 0, 6)
    # A built position: 12 cards of Milk Tea won, so ten ways to discard up to 3.
    st = position(["TMTMTMTMTMTMLTTMLM", "TTM", "MTL", "TL", "LLT", "MMTT"], host=0)
    st.apply(0, Serve(0, 12))
    while st.phase.value == "serving":
        seat = st.actors()[0]
        st.apply(seat, st.legal_actions(seat)[0])
    assert st.turn == 0 and len(st.legal_actions(0)) == 10
    out["6 players: ten discard choices"] = shown(st, 0, 6)
    _, st = find(2, 19, serving(0, 2))
    out["2 players: serving"] = shown(st, 0, 2)
    _, st = find(
        3,
        20,
        lambda s: (
            bool(s.reveals)
            and s.reveals[0].prepared
            and s.lead is not None
            and s.turn == 0
            and s.phase.value == "serving"
        ),
    )
    out["3 players: the host prepared, substitute lead"] = shown(st, 0, 3)

    def prepared_other(s: StormState) -> bool:
        return (
            serving(0, 3)(s)
            and any(not s.hand_secret[x] and s.hands[x] for x in range(1, s.players))
            and sum(map(len, s.stocks)) > 0
        )

    for aid in (True, False):
        _, st = find(4, 21, prepared_other, {"memory_aid": aid})
        label = "on" if aid else "off"
        out[f"mid-game: stocks and a prepared hand, memory aid {label}"] = shown(st, 0, 4)

    end = list(states(4, 22))
    last = end[-1]
    out["game over"] = shown(last, 0, 4)
    shared = next(s for seed in range(23, 200) if len((s := list(states(3, seed))[-1]).winners) > 1)
    out["game over: shared victory"] = shown(shared, 0, 3)
    out["everything: game over"] = {
        "seat": None, "seats": seats(4), "view": last.full_view(), "legal": [], "replay": True,
    }  # fmt: skip
    middle = next(s for s in end if s.phase.value == "discard" and s.round >= 3)
    out["everything: a tea party in the replay"] = {
        "seat": None, "seats": seats(4), "view": middle.full_view(), "legal": [], "replay": True,
    }  # fmt: skip
    out["replay: as Aiko saw it"] = {**shown(middle, 0, 4), "legal": [], "replay": True}
    return out


def sequence(players: int, seed: int, head: int | None = None, tail: int = 0) -> JsonDict:
    """Seat 0's screens of one game, step by step (the first ``head`` steps and the last
    ``tail``; all by default), for the layout tests: logs, the combination list and the
    reasons for refused runs left out (the layout does not need them), so the file stays
    small."""
    shots = []
    for state in states(players, seed):
        view = state.view(0)
        view["log"] = []
        del view["table"]["combinations"]
        view["table"]["refused_runs"] = {}
        shots.append({"view": view, "legal": [a.to_json() for a in state.legal_actions(0)]})
    if head is not None:
        shots = shots[:head] + shots[len(shots) - tail :]
    return {"seat": 0, "seats": seats(players), "steps": shots}


def sequences() -> dict[str, JsonDict]:
    return {"4 players": sequence(4, 22), "6 players": sequence(6, 17, head=60, tail=25)}


def text(fixtures: dict[str, JsonDict], games: dict[str, JsonDict]) -> str:
    def entries(d: dict[str, JsonDict]) -> str:
        return "\n".join(
            f"  {json.dumps(k)}: {json.dumps(v, separators=(',', ':'))}," for k, v in d.items()
        )

    return (
        HEADER
        + "\nexport const fixtures = {\n"
        + entries(fixtures)
        + "\n};\n"
        + "\n// Seat 0's screens of whole games, one per step, for the layout tests (no logs).\n"
        + "export const sequences = {\n"
        + entries(games)
        + "\n};\n"
    )


def test_the_harness_fixtures_are_the_engines_current_answers() -> None:
    assert FILE.read_text() == text(build(), sequences()), (
        "web/dev/storm-fixtures.js is stale: run `.venv/bin/python -m tests.test_storm_fixtures`"
    )


if __name__ == "__main__":
    FILE.write_text(text(build(), sequences()))
    print(f"wrote {FILE} ({FILE.stat().st_size} bytes)", file=sys.stderr)
