"""The bridge's call list is kept once, in ``pygames.bridge.CALLS``: every public function of the
bridge is on it, the worker exports exactly those (and its own ``ping`` and ``calls``), and the
page's engine learns them from the worker instead of listing them again."""

from __future__ import annotations

import inspect
import json
import runpy
from pathlib import Path

from pygames import bridge

ROOT = Path(__file__).resolve().parent.parent


def public_functions() -> set[str]:
    return {
        name
        for name, value in inspect.getmembers(bridge, inspect.isfunction)
        if not name.startswith("_") and value.__module__ == bridge.__name__
    }


def test_every_public_bridge_function_is_a_call_and_nothing_else_is() -> None:
    assert len(set(bridge.CALLS)) == len(bridge.CALLS), "a call is listed twice"
    assert set(bridge.CALLS) == public_functions()
    assert bridge.__all__ == ["CALLS", *bridge.CALLS]


def test_the_worker_exports_the_bridge_calls_and_names_them() -> None:
    worker = runpy.run_path(str(ROOT / "web" / "py" / "worker.py"))
    assert worker["__export__"] == ["ping", "calls", *bridge.CALLS]
    for name in bridge.CALLS:
        assert worker[name] is getattr(bridge, name)
    assert json.loads(worker["calls"]()) == list(bridge.CALLS)
    assert json.loads(worker["ping"]())["ok"] is True


def test_the_engine_does_not_list_the_calls_again() -> None:
    engine = (ROOT / "web" / "js" / "engine.js").read_text()
    assert "worker.sync.calls()" in engine
    listed = [name for name in bridge.CALLS if f'"{name}"' in engine or f"'{name}'" in engine]
    assert listed == []
