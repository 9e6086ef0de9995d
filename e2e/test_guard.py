"""The guard every browser test runs under hears a request to another origin, from the page
and from a worker, in a fresh context (which routes it nowhere) and in the returning player's
browser (which routes nothing, so that its HTTP cache stays on). The site's own pages never get
that far: their Content-Security-Policy refuses the request, and the guard hears the refusal."""

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
    # A page of the site without a policy of its own (a renderer's harness), so the requests
    # reach the network, where the guard is the one to stop them.
    page.goto(guard.origin + "/dev/tanbo.html")
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


@pytest.mark.parametrize("path", ["/", "/rules.html"])
def test_the_site_s_policy_refuses_another_origin_and_the_guard_hears_it(
    guard_factory: Any, base_url: str, path: str
) -> None:
    page, guard = guard_factory(base_url)
    page.goto(guard.origin + path)
    page.evaluate(ASK_ELSEWHERE, ELSEWHERE)
    # Refused by the policy before any request left the page or its worker.
    assert not [url for url in guard.foreign if url.startswith(ELSEWHERE)], guard.foreign
    violations = [e for e in guard.errors if "Content-Security-Policy violation: connect-src" in e]
    assert violations and all(ELSEWHERE in e for e in violations), guard.errors
    with pytest.raises(AssertionError, match="errors in the page"):
        guard.check()
    guard.errors.clear()


def test_the_guard_hears_a_websocket_to_a_server_no_one_typed(
    guard_factory: Any, base_url: str
) -> None:
    """The page's policy lets WebSockets through (a signalling server a person types in), so the
    guard is what fails a test whose page opens one elsewhere; one to the server the test typed
    (``sockets_to``) passes."""
    page, guard = guard_factory(base_url)
    page.goto(base_url)
    opened = """async (url) => { const s = new WebSocket(url);
      await new Promise((done) => { s.onerror = s.onclose = done; }); }"""
    guard.sockets_to.append("ws://127.0.0.1:9/")
    page.evaluate(opened, "ws://127.0.0.1:9/pygames/peerjs")
    assert guard.foreign == []
    page.evaluate(opened, "ws://127.0.0.1:8/elsewhere")
    assert guard.foreign == ["ws://127.0.0.1:8/elsewhere"]
    with pytest.raises(AssertionError, match="requests to other origins"):
        guard.check()
    guard.foreign.clear()
    guard.errors.clear()  # the refused connections' console lines
