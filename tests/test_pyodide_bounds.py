"""The inputs that killed the engine in the browser, given to the bridge in the
vendored Pyodide itself (under Node): each is refused in words and Python goes on working.

Without the bounds, parsing a record nested 10,000 deep overflows the JavaScript stack inside
Pyodide, which then fails fatally ("Pyodide already fatally failed and can no longer be used");
the first test shows that this still happens to Python's own parser, so the second one could
fail.
"""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parent.parent
NEEDS_PYODIDE = pytest.mark.skipif(
    not (ROOT / "node_modules" / "pyodide").is_dir() or shutil.which("node") is None,
    reason="needs npm ci (the runtime) and node",
)

# Loads the vendored Pyodide with this checkout mounted, runs PYTHON (which sets `answer`) and
# prints {"answer": ..., "alive": <1 + 1 after it, or the error>}.
RUNNER = """
import { loadPyodide } from "pyodide";
const pyodide = await loadPyodide();
pyodide.FS.mkdirTree("/checkout");
pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root: process.env.CHECKOUT }, "/checkout");
pyodide.runPython("import sys; sys.path.insert(0, '/checkout')");
let answer;
try {
  answer = pyodide.runPython(process.env.PYTHON);
} catch (err) {
  answer = `JS error: ${String(err).split("\\n")[0]}`;
}
let alive;
try {
  alive = pyodide.runPython("1 + 1");
} catch (err) {
  alive = String(err).split("\\n")[0];
}
console.log(JSON.stringify({ answer, alive }));
"""


def in_pyodide(python: str) -> dict[str, Any]:
    done = subprocess.run(
        ["node", "--input-type=module", "-e", RUNNER],
        cwd=ROOT,
        env={"PATH": "/usr/bin:/bin:/usr/local/bin", "CHECKOUT": str(ROOT), "PYTHON": python},
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    result: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    return result


@NEEDS_PYODIDE
def test_python_s_own_parser_still_kills_pyodide_on_deep_json() -> None:
    result = in_pyodide(
        "import json\njson.loads('[' * 10000 + ']' * 10000)\nanswer = 'parsed'\nanswer"
    )
    assert "Maximum call stack size exceeded" in str(result["answer"])
    assert "fatally failed" in str(result["alive"])


@NEEDS_PYODIDE
def test_the_bridge_refuses_what_killed_the_engine_and_pyodide_lives() -> None:
    python = """
import json, math
from pygames import bridge
record = {"version": 1, "game": "tanbo", "options": {}, "seed": 4, "actions": [],
          "seats": [{"name": "A", "bot": None}, {"name": "B", "bot": "normal"}]}
text = json.dumps(record)
deep_options = text.replace('"options": {}', '"options": ' + '{"a": ' * 10000 + '1' + '}' * 10000)
deep_action = text.replace('"actions": []', '"actions": [[0, ' + '[' * 10000 + ']' * 10000 + ']]')
huge_seed = text.replace('"seed": 4', '"seed": ' + '9' * 5000)
match = json.loads(bridge.new_match(json.dumps({"game": "tanbo", "seats": [{}, {}], "seed": 1})))
replies = [
    bridge.import_record(deep_options, "link"),
    bridge.import_record(deep_action, "save"),
    bridge.import_record(huge_seed, "link"),
    bridge.act(match["match"], 0, "[" * 4000 + "]" * 4000, 0),
    bridge.new_match('{"game": "tanbo", "seats": [{}, {}], "seed": ' + "1" * 5000 + "}"),
    bridge.view(match["match"], math.inf),
    bridge.act(match["match"], 0, '{"type": "farmer", "paddy": 1}', math.nan),
]
still = json.loads(bridge.games())["ok"]
answer = json.dumps({"replies": [json.loads(r) for r in replies], "still": still})
answer
"""
    result = in_pyodide(python)
    assert result["alive"] == 2, result
    answer = json.loads(result["answer"])
    assert answer["still"] is True
    errors = [(r["error_type"], r["error"]) for r in answer["replies"]]
    assert all(not r["ok"] for r in answer["replies"])
    assert [e for e, _ in errors] == [
        "BadRecord",
        "BadRecord",
        "BadRecord",
        "BadInput",
        "BadInput",
        "BadInput",
        "BadInput",
    ]
    assert "share link is damaged" in errors[0][1] and "nested too deeply" in errors[0][1]
    assert "nested too deeply" in errors[1][1] and "nested too deeply" in errors[3][1]
    assert "more than 16 digits" in errors[2][1] and "more than 16 digits" in errors[4][1]
    assert "whole number" in errors[5][1] and "whole number" in errors[6][1]
