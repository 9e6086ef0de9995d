"""The GitHub workflows: every action pinned to a commit, the rules tested on Python 3.11 and
3.14 (Pyodide's), and Pages deployed only from a commit whose CI passed."""

from __future__ import annotations

import re
from pathlib import Path

WORKFLOWS = Path(__file__).resolve().parent.parent / ".github" / "workflows"
USES = re.compile(r"^\s*(?:-\s+)?uses:\s*(\S+)", re.M)


def _read(name: str) -> str:
    return (WORKFLOWS / name).read_text("utf-8")


def test_every_action_is_pinned_to_a_full_commit_sha() -> None:
    found = 0
    for path in sorted(WORKFLOWS.glob("*.yml")):
        for ref in USES.findall(path.read_text("utf-8")):
            found += 1
            assert re.fullmatch(r"[\w.-]+/[\w./-]+@[0-9a-f]{40}", ref), f"{path.name}: {ref}"
    assert found >= 8


def test_ci_runs_the_rules_on_python_3_11_and_3_14() -> None:
    ci = _read("ci.yml")
    matrix = re.search(r"python:\s*\[([^\]]*)\]", ci)
    assert matrix is not None
    assert {v.strip().strip("\"'") for v in matrix.group(1).split(",")} == {"3.11", "3.14"}
    assert "make lint unit" in ci and "make test" in ci


def test_pages_deploys_only_after_ci_passed_on_main() -> None:
    pages = _read("pages.yml")
    assert "workflow_run:" in pages and "workflows: [CI]" in pages
    assert "branches: [main]" in pages
    assert "github.event.workflow_run.conclusion == 'success'" in pages
    assert "ref: ${{ github.event.workflow_run.head_sha }}" in pages
    assert "push:" not in pages.split("jobs:")[0]  # no deploy that skips the tests
