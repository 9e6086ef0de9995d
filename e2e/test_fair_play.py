"""Fair play in the page: Undo follows the engine's undo policy and says why when it
cannot, and the pass-the-device screen leaves nothing of the previous seat in sight or in
reach (turn line, toolbar with Save and Share, log)."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import Page, expect

from .a11y import axe_violations
from .conftest import screenshot, wait_ready
from .lobby import choose_seats, fill_seed
from .play import board_state, decide, wait_answered, wait_turn


def start(page: Page, game: str, bots: list[str], seed: int) -> None:
    wait_ready(page)
    choose_seats(page, game, bots)
    fill_seed(page, seed)
    page.get_by_role("button", name="Start").click()
    expect(page.locator("#table")).to_be_visible()


def test_undo_says_why_after_a_tile_turned_up_and_changes_nothing(site: tuple[Page, Any]) -> None:
    page, guard = site
    page.goto(guard.origin + "/?fast=1&debug=1")
    start(page, "humble_tea_party", ["", "normal", "normal"], 9)
    assert wait_turn(page) == "human"
    decide(page)  # keep a sweet: the next tile of that deck turns up, then the bots keep theirs
    assert wait_turn(page) == "human"
    undo = page.get_by_role("button", name="Undo")
    expect(undo).to_have_attribute("aria-disabled", "true")
    why = "Undo is not possible after a new tile was turned up."
    expect(undo).to_have_attribute("title", why)
    step = board_state(page)["step"]
    log = page.locator("#log").inner_text()
    # aria-disabled: still a button one can press (Playwright checks it as disabled; a person
    # can click it or press Enter on it), which answers with the reason.
    undo.click(force=True)
    expect(page.locator("#notice-text")).to_have_text(why)
    wait_answered(page)
    assert board_state(page)["step"] == step and page.locator("#log").inner_text() == log
    screenshot(page, "undo-refused")
    page.set_viewport_size({"width": 360, "height": 740})
    screenshot(page, "undo-refused-phone")
    assert axe_violations(page) == []


def test_undo_within_a_tanbo_movement_is_free(site: tuple[Page, Any]) -> None:
    page, guard = site
    page.goto(guard.origin + "/?fast=1")
    start(page, "tanbo", ["", "normal"], 8)
    assert wait_turn(page) == "human"
    decide(page)  # the Farmer: the Normal bot answers with its own
    assert wait_turn(page) == "human"
    decide(page)  # the first token of your movement: your turn goes on
    step = int(board_state(page)["step"])
    undo = page.get_by_role("button", name="Undo")
    expect(undo).not_to_have_attribute("aria-disabled", "true")
    undo.click()
    page.wait_for_function(
        "(s) => Number(document.getElementById('board').dataset.step) < s", arg=step
    )
    assert page.locator("#notice").is_hidden()


def test_the_pass_screen_holds_nothing_of_the_previous_seat(site: tuple[Page, Any]) -> None:
    page, guard = site
    page.goto(guard.origin + "/?fast=1")
    start(page, "storm_in_a_teacup", ["", ""], 4)
    # The first pass screen, to Player 1 (nothing to hide yet), then Player 1 serves.
    expect(page.locator("#pass-screen")).to_be_visible()
    expect(page.locator("#table-bar")).to_be_hidden()
    assert wait_turn(page) == "human"
    first = board_state(page)["seat"]  # the host, drawn from the seed
    decide(page)  # their last look, then "Done" brings up the pass screen
    done = page.locator("#handover-done")
    expect(done).to_be_visible()
    done.click()
    expect(page.locator("#pass-screen")).to_be_visible()
    for part in ("#table-bar", "#log-panel"):
        expect(page.locator(part)).to_be_hidden()
        assert page.locator(part).evaluate("(e) => e.inert"), part
    assert page.locator("#turn").inner_text() == ""
    assert page.locator("#log li").count() == 0
    assert page.locator("#board").inner_text() == ""
    # Save, Share, Undo and the menu are out of reach: no button but "I am ready" is visible.
    visible = [b for b in page.get_by_role("button").all() if b.is_visible()]
    assert [b.inner_text() for b in visible] == ["I am ready"]
    # Nor by the keyboard: Tab goes round the page without entering the bar or the log.
    for _ in range(12):
        page.keyboard.press("Tab")
        inside = page.evaluate(
            "() => !!document.activeElement?.closest('#table-bar, #log-panel, #board')"
        )
        assert not inside
    screenshot(page, "pass-screen")
    page.set_viewport_size({"width": 360, "height": 740})
    screenshot(page, "pass-screen-phone")
    page.set_viewport_size({"width": 1366, "height": 768})
    assert axe_violations(page) == []
    page.get_by_role("button", name="I am ready").click()
    expect(page.locator("#table-bar")).to_be_visible()
    expect(page.locator("#turn")).to_contain_text(f"Player {2 - int(first)}, your turn")
    expect(page.get_by_role("button", name="Undo")).to_be_visible()
    # The second person has nothing of theirs to undo; the first one's serve is not theirs.
    page.get_by_role("button", name="Undo").focus()
    page.keyboard.press("Enter")
    expect(page.locator("#notice-text")).to_have_text("There is nothing of yours to undo.")
