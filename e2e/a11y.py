"""Accessibility checks with axe-core (the pinned npm dev dependency), injected into a page.

``assert_accessible(page, "what")`` runs every axe rule on the whole page and fails on any
violation of any impact, listing each rule, its impact and the first offending elements.
Nothing is fetched: the script is read from ``node_modules`` and evaluated in the page.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from playwright.sync_api import Page

AXE = Path(__file__).resolve().parent.parent / "node_modules" / "axe-core" / "axe.min.js"

RUN_AXE = """async () => {
  const result = await axe.run(document, {resultTypes: ['violations']});
  return result.violations.map(v => ({
    id: v.id, impact: v.impact, help: v.help,
    nodes: v.nodes.slice(0, 4).map(n => ({target: n.target.join(' '), summary: n.failureSummary})),
    count: v.nodes.length,
  }));
}"""


def axe_violations(page: Page) -> list[dict[str, Any]]:
    """Every axe violation on the page as it is now."""
    if not AXE.is_file():
        raise AssertionError(f"{AXE} is missing: run `npm ci` (axe-core is a dev dependency)")
    if not page.evaluate("() => typeof window.axe !== 'undefined'"):
        # Evaluated as DevTools evaluates a script, which the page's Content-Security-Policy
        # does not apply to (an inline <script> tag would be refused).
        page.evaluate(AXE.read_text())
    return page.evaluate(RUN_AXE)  # type: ignore[no-any-return]


def assert_accessible(page: Page, what: str) -> None:
    """Fail, naming ``what`` (the page and state checked), on any axe violation."""
    found = axe_violations(page)
    if found:
        lines = [f"axe found {len(found)} violation(s) on {what}:"]
        for v in found:
            lines.append(f"- {v['id']} ({v['impact']}, {v['count']} element(s)): {v['help']}")
            for node in v["nodes"]:
                lines.append(f"    {node['target']}: {node['summary']}")
        raise AssertionError("\n".join(lines))
