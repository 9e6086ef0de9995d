"""The guard every browser test runs under hears a request to another origin, from the page
and from a worker, in a fresh context (which routes it nowhere) and in the returning player's
browser (which routes nothing, so that its HTTP cache stays on)."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Page

from .conftest import Guard

ELSEWHERE = "http://elsewhere.invalid/asked"
# A fetch from the page, and one from a worker it starts; neither can succeed.
ASK_ELSEWHERE = """async (url) => {
  await fetch(url + "?page").catch(() => {});
  const asked = JSON.stringify(url + "?worker");
  const code = `fetch(${asked}).catch(() => {}).finally(() => postMessage(1));`;
  const worker = new Worker(URL.createObjectURL(new Blob([code], { type: "text/javascript" })));
  await new Promise((done) => { worker.onmessage = done; });
  worker.terminate();
}"""


def ask_elsewhere(page: Page, guard: Guard) -> None:
    page.goto(guard.origin + "/rules.html")
    page.evaluate(ASK_ELSEWHERE, ELSEWHERE)
    asked = sorted({url for url in guard.foreign if url.startswith(ELSEWHERE)})
    assert asked == [ELSEWHERE + "?page", ELSEWHERE + "?worker"], guard.foreign
    with pytest.raises(AssertionError, match="requests to other origins"):
        guard.check()
    guard.foreign.clear()  # the guard has shown it fails the test; let this one pass
    guard.failures.clear()
    guard.errors.clear()


def test_a_fresh_context_hears_another_origin(guard_factory: Any, base_url: str) -> None:
    page, guard = guard_factory(base_url)
    ask_elsewhere(page, guard)


def test_the_returning_browser_hears_another_origin(returning: Any, base_url: str) -> None:
    page, guard = returning(base_url)
    ask_elsewhere(page, guard)
