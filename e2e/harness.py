"""Opening a renderer's dev harness page (web/dev/<game>.html) and reading what it drew."""

from __future__ import annotations

import json
from typing import Any
from urllib.parse import quote

from playwright.sync_api import Page


def open_harness(
    guard_factory: Any, base_url: str, game: str, table: str, fixture: str = "", **ctx: Any
) -> Page:
    """A guarded page on ``dev/<game>.html`` showing ``fixture`` (the first one by default);
    waits until the renderer has drawn its ``table`` element."""
    url = base_url + f"dev/{game}.html" + (f"?fixture={quote(fixture)}" if fixture else "")
    page: Page
    page, _ = guard_factory(url, **ctx)
    page.goto(url)
    page.wait_for_selector(f"#root {table}")
    return page


def drawn_choices(page: Page) -> list[dict[str, Any]]:
    """Every final choice drawn, as action JSON; each must be a labelled legal <button>.
    A choice made for another seat (Tea) carries that seat as ``asSeat``."""
    els = page.locator("#root [data-action]")
    out = []
    for i in range(els.count()):
        el = els.nth(i)
        assert "legal" in (el.get_attribute("class") or "").split()
        assert (el.get_attribute("aria-label") or "").strip()
        assert el.evaluate("e => e.tagName") == "BUTTON"
        action = json.loads(el.get_attribute("data-action") or "")
        seat = el.get_attribute("data-as-seat")
        out.append(action if seat is None else {**action, "asSeat": int(seat)})
    return out
