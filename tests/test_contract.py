"""The view contract: web/js/views.d.ts is what scripts/contract.py writes from the TypedDicts
of the rules, and a view as the engine sends it has the fields they declare."""

from __future__ import annotations

import dataclasses
import importlib
import json
import re
import sys
import types
import typing
from pathlib import Path
from typing import Annotated, Any, get_args, get_origin, get_type_hints, is_typeddict

import pytest

from pygames import bridge
from pygames.core import IllegalAction, Rng
from pygames.core.contract import JsonTuple, ViewJson
from pygames.games import all_games, get_game
from pygames.replies import Refusal
from pygames.tanbo.summary import SwapJson
from pygames.tanbo.views import TanboTable

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))
import contract  # noqa: E402

from .conformance import soak_first  # noqa: E402


def test_the_committed_typescript_is_what_the_typeddicts_write() -> None:
    written = contract.OUT.read_text(encoding="utf-8")
    assert written == contract.contract(), "web/js/views.d.ts is stale: python scripts/contract.py"


def test_every_game_s_actions_are_written_as_its_codec_decodes_them() -> None:
    # The committed file is what the script writes (above); this checks the script leaves no
    # game's actions out, and that each written action is one the engine takes.
    written = contract.contract()
    modules = {importlib.import_module(name).CODEC: prefix for name, prefix in contract.ACTIONS}
    # Every game of the package (a test may register a toy game of its own).
    package = {g.codec for g in all_games() if type(g).__module__.startswith("pygames.")}
    assert set(modules) == package and len(package) == 3
    for codec, prefix in modules.items():
        for cls in codec.classes:
            start = written.index(f"export interface {prefix}{cls.__name__} {{")
            body = written[start : written.index("}", start)]
            assert f'type: "{cls.kind}";' in body
            assert [line.split(":")[0].strip() for line in body.splitlines()[2:]] == [
                f.name for f in dataclasses.fields(cls)
            ]
        union = written[written.index(f"export type {prefix}Action =") :].split(";")[0]
        members = re.findall(rf"{prefix}\w+", union)
        members.remove(f"{prefix}Action")
        assert members == [f"{prefix}{cls.__name__}" for cls in codec.classes], union


def test_an_action_word_outside_its_literal_is_refused_by_name() -> None:
    # Tanbo declares its token and Rice words as Literals: the page's types come from them, and
    # the engine refuses any other word with the words it takes.
    codec = get_game("tanbo").codec
    assert codec.decode({"type": "take", "rice": "red"}).to_json() == {
        "type": "take",
        "rice": "red",
    }
    with pytest.raises(IllegalAction) as refused:
        codec.decode({"type": "take", "rice": "snake"})
    assert str(refused.value) == "'take.rice' must be one of yellow, black, red, not 'snake'"
    with pytest.raises(IllegalAction) as refused:
        codec.decode({"type": "swap", "a": [0, "snake"], "b": [1, "purple"]})
    assert "'swap.b'[1] must be one of snake, yellow, black, red, farmer" in str(refused.value)


def test_the_writer_knows_every_kind_of_field() -> None:
    writer = contract.Writer()
    assert writer.ts(Annotated[list[int | str], JsonTuple(int, str)]) == "[number, string]"
    assert writer.ts(int | None) == "number | null"
    assert writer.ts(list[int | str]) == "(number | string)[]"
    assert writer.ts(tuple[int, str]) == "[number, string]"
    assert writer.ts(dict[str, list[bool]]) == "Record<string, boolean[]>"
    assert writer.ts(typing.Literal["a", 2]) == '"a" | 2'
    with pytest.raises(TypeError, match="no TypeScript"):
        writer.ts(set[int])


def _conforms(value: Any, hint: Any, where: str) -> None:
    """Assert that a JSON value has the shape a type hint declares (every key, no other)."""
    origin, args = get_origin(hint), get_args(hint)
    if origin in (typing.NotRequired, typing.Required):
        _conforms(value, args[0], where)
    elif origin is typing.Annotated:
        _conforms(value, args[0], where)
        for mark in hint.__metadata__:
            if isinstance(mark, JsonTuple):
                assert len(value) == len(mark.items), (where, value)
                for i, (item, item_hint) in enumerate(zip(value, mark.items, strict=True)):
                    _conforms(item, item_hint, f"{where}[{i}]")
    elif is_typeddict(hint):
        assert isinstance(value, dict), where
        hints = get_type_hints(hint, include_extras=True)
        required = {k for k, h in hints.items() if get_origin(h) is not typing.NotRequired}
        assert required <= value.keys() <= hints.keys(), (where, sorted(value), sorted(hints))
        for key, item in value.items():
            _conforms(item, hints[key], f"{where}.{key}")
    elif origin in (typing.Union, types.UnionType):
        failures = []
        for option in args:
            try:
                _conforms(value, option, where)
                return
            except AssertionError as exc:
                failures.append(exc)
        raise AssertionError(f"{where}: {value!r} is none of {hint}") from failures[0]
    elif origin is typing.Literal:
        assert value in args, (where, value)
    elif origin is list:
        assert isinstance(value, list), where
        for i, item in enumerate(value):
            _conforms(item, args[0], f"{where}[{i}]")
    elif origin is dict:
        assert isinstance(value, dict), where
        for key, item in value.items():
            _conforms(key, args[0], f"{where} key")
            _conforms(item, args[1], f"{where}[{key!r}]")
    elif hint is type(None):
        assert value is None, where
    elif hint is bool:
        assert isinstance(value, bool), where
    elif hint in (int, float):
        assert isinstance(value, int | float) and not isinstance(value, bool), (where, value)
    elif hint is str:
        assert isinstance(value, str), where
    elif hint is not Any and origin is None and hint is not object:
        raise AssertionError(f"{where}: cannot check {hint}")


def _declared_table(state: Any) -> Any:
    """The TypedDict a game's state declares its table as (its ``_table_view``'s return)."""
    table = get_type_hints(type(state)._table_view)["return"]
    assert is_typeddict(table), f"{type(state).__name__}._table_view returns no TypedDict"
    return table


def _declared_details(game_id: str) -> Any:
    """The TypedDict a game's state module declares its outcome's details as (``...Details``)."""
    module = importlib.import_module(f"pygames.{game_id}.state")
    found = [v for k, v in vars(module).items() if k.endswith("Details") and is_typeddict(v)]
    assert len(found) == 1, f"{game_id}: no one outcome details TypedDict in its state module"
    return found[0]


# The games each title's views are checked along. Tanbo's second shows fields its first never
# fills (a swap in a move, the Farmer in a last move); the others' second game only repeats
# the shapes of their first (other values of the same literals), in the soak: Storm's long
# 3-player games are the costliest to check (a view holds the whole log).
SEEDS = {
    "tanbo": (1, 2),
    "humble_tea_party": tuple(soak_first((1, 2))),
    "storm_in_a_teacup": tuple(soak_first((1, 2))),
}


@pytest.mark.slow
@pytest.mark.parametrize("game_id", SEEDS)
def test_views_along_random_games_have_the_declared_shape(game_id: str) -> None:
    # mypy checks that the views are built to the declaration; this checks what they hold at
    # every step, for every seat and a spectator (a field filled from elsewhere is caught too).
    # Every few steps (a view holds the whole log: checking each one costs a square).
    game = get_game(game_id)
    rng = Rng(5)
    players = min(game.max_players, 3)
    for seed in SEEDS[game_id]:
        state = game.new_state(players, seed, game.default_options(players))
        table = _declared_table(state)
        steps = 0
        while True:
            steps += 1
            for seat in (*range(players), None) if steps % 3 == 1 or state.is_over() else ():
                view = state.view(seat)
                _conforms(view, ViewJson, f"{game_id} view")
                _conforms(view["table"], table, f"{game_id} table")
            if state.is_over():
                _conforms(state.full_view(), ViewJson, f"{game_id} replay")
                _conforms(state.full_view()["table"], table, f"{game_id} replay")
                outcome = state.view(0)["outcome"]
                assert outcome is not None
                _conforms(outcome["details"], _declared_details(game_id), f"{game_id} details")
                break
            seat = state.awaiting()[0] if state.awaiting() else state.actors()[0]
            legal = state.legal_actions(seat)
            state.apply(seat, legal[rng.randbelow(len(legal))])


def test_the_shape_check_catches_a_missing_an_extra_and_a_wrong_field() -> None:
    view = get_game("tanbo").new_state(2, 1, {}).view(0)
    table = view["table"]
    for broken in (
        {k: v for k, v in table.items() if k != "supply"},
        {**table, "secret": 1},
        {**table, "phase": "dancing"},
        {**table, "hand": {**table["hand"], "farmer": 1}},
    ):
        with pytest.raises(AssertionError):
            _conforms(broken, TanboTable, "table")
    # A pair is two items of their own types, in order.
    _conforms({"a": [0, "snake"], "b": [3, "red"]}, SwapJson, "swap")
    for pair in ([0, "snake", 1], ["snake", 0], [0, "dragon"]):
        with pytest.raises(AssertionError):
            _conforms({"a": [0, "snake"], "b": pair}, SwapJson, "swap")


def _reply_of(call: Any, *args: Any) -> Any:
    """A bridge call's reply, checked against the TypedDict its function declares (or, when
    it refuses, against the refusal's)."""
    reply = json.loads(call(*args))
    declared = get_type_hints(call.__wrapped__)["return"]
    if reply["ok"]:
        _conforms({k: v for k, v in reply.items() if k != "ok"}, declared, call.__name__)
    else:
        _conforms(reply, Refusal, f"{call.__name__} refusal")
    return reply


@pytest.mark.parametrize("game_id", ["tanbo", "humble_tea_party", "storm_in_a_teacup"])
def test_every_bridge_reply_has_its_declared_shape(game_id: str) -> None:
    game = get_game(game_id)
    players = min(game.max_players, 3)
    seats = [{"name": "Ann", "bot": None}] + [
        {"name": f"Bot {i}", "bot": "random"} for i in range(1, players)
    ]
    config = {"game": game_id, "seats": seats, "seed": 4, "options": {}}
    _reply_of(bridge.games)
    opened = _reply_of(bridge.new_match, json.dumps(config), 0)
    match = opened["match"]
    for _ in range(40):  # the first decisions of a game: every reply's kind comes up
        status = opened["status"]
        if status["over"]:
            break
        seat = (status["awaiting"] or status["actors"])[0]
        if seat == 0:
            screen = _reply_of(bridge.view, match, 0)
            if not screen["legal"]:
                break
            action = json.dumps(screen["legal"][-1])
            opened = _reply_of(bridge.act, match, 0, action, status["step"], 0)
            _reply_of(bridge.act, match, 0, action, status["step"], 0)  # stale: refused
        else:
            _reply_of(bridge.bot_choose, match, seat, status["step"])
            opened = _reply_of(bridge.bot_act, match, seat, status["step"], 0)
        if status["step"] == 3:
            _reply_of(bridge.undo, match, 0)
            opened = _reply_of(bridge.view, match, 0)
    record = _reply_of(bridge.export_record, match)["record"]
    _reply_of(bridge.import_record, json.dumps(record), "save", 0)
    broken = {**record, "actions": [*record["actions"], [0, {"type": "nonsense"}]]}
    _reply_of(bridge.import_record, json.dumps(broken), "save", 0, True)  # salvaged
    replay = _reply_of(bridge.open_replay, match)["replay"]
    for step in (0, 1, 2):
        _reply_of(bridge.replay_view, replay, step, -1)
    _reply_of(bridge.close_replay, replay)
    _reply_of(bridge.close, match)
