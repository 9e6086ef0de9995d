"""The review of a game on the site: from a finished game's replay, the engine evaluates each
person's decisions with a progress bar; the panel draws one line of win chance per person and
rings the turning points, each naming the better move and why; a click shows that step; the
review is kept with the save (a reload shows it at once) and is the same for the same record."""

from __future__ import annotations

import time
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from .a11y import assert_accessible
from .conftest import ENGINE_TIMEOUT_MS, Guard, screenshot
from .play import bot_record, record_link


def finished(page: Page, base_url: str, record: dict[str, Any]) -> None:
    """Open a finished game from its link, then its replay."""
    page.goto(record_link(base_url + "?fast=1&debug=1", record))
    expect(page.locator("#end-screen")).to_be_visible(timeout=ENGINE_TIMEOUT_MS)
    page.locator("#end-replay").click()
    expect(page.locator("#replay")).to_be_visible()


def reviewed(page: Page) -> float:
    """Run the review to its end; the seconds it took."""
    start = page.get_by_role("button", name="Review this game")
    expect(start).to_be_visible()
    began = time.perf_counter()
    start.click()
    expect(page.locator("#review-progress")).to_be_visible()
    expect(page.locator("#review-graph svg")).to_be_visible(timeout=120_000)
    return time.perf_counter() - began


def test_a_finished_game_is_reviewed_with_its_turning_points(
    site: tuple[Page, Guard], base_url: str
) -> None:
    page, _ = site
    # Played by Easy (mistakes to find); Player 1 named a person at this table. Seed 5 is a
    # short game (55 steps) with three turning points, so the review takes less than half
    # the time of a long one.
    record = bot_record("tanbo", 2, seed=5, humans=(0,), bot="easy")
    record["seats"][0]["name"] = "Ann"
    finished(page, base_url, record)
    seconds = reviewed(page)
    print(f"Tanbo review of {len(record['actions'])} steps: {seconds:.1f} s in the browser")
    lines = page.locator("#review-graph .review-line")
    assert lines.count() == 1 and lines.first.get_attribute("data-seat") == "0"
    decisions = sum(1 for seat, _ in record["actions"] if seat == 0)
    dots = page.locator("#review-graph .review-line circle").count()
    assert decisions < dots <= 2 * decisions + 1  # before and after each, and the outcome
    marks = page.locator("#review-marks button")
    rings = page.locator("#review-graph .review-mark").count()
    assert marks.count() == rings <= 3
    screenshot(page, "review-tanbo")
    assert_accessible(page, "the review of a Tanbo game")
    if marks.count():
        first = marks.first
        text = first.inner_text()
        assert "Played:" in text and "Better:" in text and "{" not in text, text
        step = int(first.get_attribute("data-step") or "-1")
        first.click()
        expect(page.locator("#replay-board")).to_have_attribute("data-step", str(step))
    # Kept with the save: back at the table and in the replay again, it is there at once.
    drawn = page.locator("#review-graph").inner_html()
    page.locator("#replay-close").click()
    page.locator("#replay-open").click()
    expect(page.locator("#review-graph svg")).to_be_visible()
    assert page.locator("#review-graph").inner_html() == drawn
    assert page.get_by_role("button", name="Review this game").is_hidden()


def test_a_review_can_be_stopped(site: tuple[Page, Guard], base_url: str) -> None:
    page, _ = site
    record = bot_record("storm_in_a_teacup", 2, seed=6, humans=(0,))
    # Straight from the end of the game: the replay opens with its review under way.
    page.goto(record_link(base_url + "?fast=1&debug=1", record))
    expect(page.locator("#end-screen")).to_be_visible(timeout=ENGINE_TIMEOUT_MS)
    page.get_by_role("button", name="Review the game").click()
    expect(page.locator("#replay")).to_be_visible()
    stop = page.get_by_role("button", name="Stop")
    expect(stop).to_be_visible()
    stop.click()
    expect(page.locator("#review-status")).to_have_text("Review stopped.")
    assert page.locator("#review-graph svg").count() == 0
    # It can be started again.
    expect(page.get_by_role("button", name="Review this game")).to_be_visible()


# The long run only: two whole reviews of one record in two pages (the review's figures for
# equal views are checked in tests/test_review.py; make test reviews a whole game above).
@pytest.mark.soak
def test_a_review_is_the_same_for_the_same_record(
    site: tuple[Page, Guard], base_url: str, guard_factory: Any
) -> None:
    page, _ = site
    record = bot_record("storm_in_a_teacup", 2, seed=6, humans=(0,))
    finished(page, base_url, record)
    reviewed(page)
    one = page.locator("#review-graph").inner_html()
    other, _ = guard_factory(base_url)
    finished(other, base_url, record)
    reviewed(other)
    assert other.locator("#review-graph").inner_html() == one
