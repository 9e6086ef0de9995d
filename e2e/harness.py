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


# What drawn_choices checks of each choice, read in one call (a call per attribute of every
# button made the fixture sweeps cost seconds).
CHOICES_JS = """() => [...document.querySelectorAll('#root [data-action]')].map((e) => ({
  classes: [...e.classList], label: e.getAttribute('aria-label'), tag: e.tagName,
  action: e.getAttribute('data-action'), seat: e.getAttribute('data-as-seat'),
}))"""


# An endless animation on a table that waits for a person repaints it at every frame: Tanbo's
# farmer setup, its five glowing paddies pulsing for ever, kept Chromium busy at 0.7 to 1 core
# while a person thought (measured at 360 and 1366 px; 0.01 without), and a phone's battery
# with it. A glow pulses a few times, then stays lit.
ENDLESS_JS = """() => document.getAnimations()
  .filter((a) => a.playState === 'running'
    && a.effect?.getComputedTiming().iterations === Infinity)
  .map((a) => a.effect?.target?.getAttribute('class') ?? String(a.effect?.target))"""


def endless_animations(page: Page) -> list[str]:
    """The elements (their classes) of every running animation that never ends."""
    found: list[str] = page.evaluate(ENDLESS_JS)
    return found


def drawn_choices(page: Page) -> list[dict[str, Any]]:
    """Every final choice drawn, as action JSON; each must be a labelled legal <button>.
    A choice made for another seat (Tea) carries that seat as ``asSeat``."""
    out = []
    for el in page.evaluate(CHOICES_JS):
        assert "legal" in el["classes"], el
        assert (el["label"] or "").strip(), el
        assert el["tag"] == "BUTTON", el
        action = json.loads(el["action"] or "")
        seat = el["seat"]
        out.append(action if seat is None else {**action, "asSeat": int(seat)})
    return out
