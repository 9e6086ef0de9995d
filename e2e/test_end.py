"""The end of a game stays within reach and stays the end: after "Look at the table", a
replay or a reload, "Results" opens the end screen again (with Rematch); Undo says the game is
over and changes nothing."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import expect

from .conftest import ENGINE_TIMEOUT_MS
from .play import board_state, bot_record, record_link


def test_results_stay_in_reach_and_undo_cannot_un_end_the_game(
    returning: Any, base_url: str
) -> None:
    record = bot_record("tanbo", 2, seed=8, humans=(0,))
    link = record_link(base_url + "?fast=1", record)
    page, _ = returning(link)
    page.goto(link)
    end = page.locator("#end-screen")
    expect(end).to_be_visible(timeout=ENGINE_TIMEOUT_MS)
    results = page.get_by_role("button", name="Results")
    expect(results).to_be_visible()
    expect(page.locator("#hint")).to_be_hidden()
    page.get_by_role("button", name="Look at the table").click()
    expect(end).to_be_hidden()
    expect(results).to_be_focused()
    # Undo: the game is over, and stays over.
    step = board_state(page)["step"]
    undo = page.locator("#undo")
    expect(undo).to_have_attribute("aria-disabled", "true")
    undo.click(force=True)  # in reach, though it undoes nothing: a press says why
    expect(page.locator("#notice")).to_contain_text("The game is over")
    assert board_state(page)["awaiting"] == "over" and board_state(page)["step"] == step
    # After a replay, the results are one press away.
    page.get_by_role("button", name="Replay").click()
    expect(page.locator("#replay")).to_be_visible()
    page.locator("#replay-close").click()
    expect(page.locator("#table")).to_be_visible()
    expect(end).to_be_hidden()
    results.click()
    expect(end).to_be_visible()
    expect(end.get_by_role("button", name="Rematch")).to_be_visible()
    expect(page.locator("#end-title")).to_be_focused()
