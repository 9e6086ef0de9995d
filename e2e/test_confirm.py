""" "Confirm moves": on a touch screen a move is staged first (marked where it was pressed, with
what it will do in a bar) and reaches the engine only on a second press of the same control or
on Confirm; another press moves the staging, Cancel and Escape take it back, and nothing is
sent meanwhile. A setting in the Game menu, kept across visits; off by default with a mouse."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from playwright.sync_api import Locator, Page, expect

from .a11y import assert_accessible
from .conftest import screenshot, soak_beyond, wait_ready
from .lobby import choose_seats, fill_seed
from .play import (
    BOARD,
    CHOICE,
    NOT_INTERRUPT,
    PICKS,
    board_state,
    tab_save,
    wait_moved,
    wait_turn,
)
from .touch import touch_screen

# Counts the person's actions that reach the match (the only way to the engine).
SPY_JS = """() => {
  const m = globalThis.pygamesDebug.match;
  if (m.__spied) return;
  const act = m.act.bind(m);
  globalThis.__acts = 0;
  m.act = (...args) => { globalThis.__acts += 1; return act(...args); };
  m.__spied = true;
}"""


def acts(page: Page) -> int:
    return int(page.evaluate("() => globalThis.__acts"))


def start(page: Page, game: str, bots: list[str], seed: int) -> None:
    wait_ready(page)
    choose_seats(page, game, bots)
    fill_seed(page, seed)
    page.get_by_role("button", name="Start").click()
    assert wait_turn(page) == "human"
    page.evaluate(SPY_JS)


def final_choices(page: Page) -> Locator:
    """The decision's final choices, after making its picks (a deck, a target, a first token)."""
    first = 0  # picks go forward: a deck, then a target (pressing one again takes it back)
    for _ in range(len(PICKS) + 1):
        choices = page.locator(f"{BOARD} {CHOICE}{NOT_INTERRUPT}")
        if choices.count():
            return choices
        for k, pick in enumerate(PICKS[first:], start=first):
            found = page.locator(f"{BOARD} {pick}")
            if found.count():
                found.first.click()
                first = k + 1
                break
    raise AssertionError(f"no final choice: {board_state(page)}")


# Humble Tea Party; Tanbo in the long run (its sowing order is staged and confirmed below).
@pytest.mark.parametrize("game", soak_beyond(["humble_tea_party"], ["humble_tea_party", "tanbo"]))
def test_on_a_touch_screen_a_move_waits_for_its_confirmation(
    returning: Any, base_url: str, game: str
) -> None:
    page, _ = returning(base_url, viewport={"width": 360, "height": 740})
    touch = touch_screen(page)
    page.goto(base_url + "?fast=1&debug=1")
    bots = ["", "normal", "normal"] if game == "humble_tea_party" else ["", "normal"]
    start(page, game, bots, seed=5)
    step = board_state(page)["step"]
    log = page.locator("#log").inner_text()
    bar = page.locator("#staged")
    choices = final_choices(page)
    first = choices.first
    first.click()
    # Staged: marked, said, and nothing sent.
    expect(bar).to_be_visible()
    expect(first).to_have_class(re.compile(r"\bstaged\b"))
    assert page.locator("#staged-move").inner_text().strip()
    expect(bar).to_contain_text("Tap it again or press Confirm to play it.")
    assert acts(page) == 0 and board_state(page)["step"] == step
    assert page.locator("#log").inner_text() == log
    assert_accessible(page, f"{game}: a staged move")
    if choices.count() > 1:
        # Another choice moves the staging; the first one is no longer marked.
        other = choices.nth(1)
        other.click()
        expect(other).to_have_class(re.compile(r"\bstaged\b"))
        expect(page.locator(f"{BOARD} .staged")).to_have_count(1)
        assert acts(page) == 0
    # Cancel takes it back, and so does Escape.
    page.locator("#staged-cancel").click()
    expect(bar).to_be_hidden()
    expect(page.locator(f"{BOARD} .staged")).to_have_count(0)
    first = final_choices(page).first
    first.click()
    expect(bar).to_be_visible()
    page.keyboard.press("Escape")
    expect(bar).to_be_hidden()
    assert acts(page) == 0 and board_state(page)["step"] == step
    # Staged again, then played by the second press of the same control.
    first = final_choices(page).first
    first.click()
    expect(bar).to_be_visible()
    screenshot(page, f"confirm-{game}-staged")
    first.click()
    wait_moved(page, step)
    expect(bar).to_be_hidden()
    assert acts(page) == 1
    # And at the next decision, by the bar's Confirm.
    assert wait_turn(page) == "human"
    step = board_state(page)["step"]
    final_choices(page).first.click()
    expect(bar).to_be_visible()
    page.locator("#staged-confirm").click()
    wait_moved(page, step)
    assert acts(page) == 2
    touch.detach()


# Whether the first control ``selector`` finds is on the screen above the staged bar (none left
# to press: true).
ABOVE_THE_BAR_JS = """(selector) => {
  const next = document.querySelector(selector);
  if (!next) return true;
  const box = next.getBoundingClientRect();
  const bar = document.getElementById('staged').getBoundingClientRect();
  return box.top >= 0 && box.bottom <= bar.top;
}"""
PLACE = f"{BOARD} {CHOICE}{NOT_INTERRUPT}[data-action*='\"place\"']"


def test_a_tanbo_sowing_order_is_staged_whole_and_played_on_confirm(
    returning: Any, base_url: str
) -> None:
    """Each token pressed is placed in the page (marked, said in the bar), nothing is sent; once
    one kind is left the rest go down by themselves and the bar says what the last paddy will
    do; Confirm plays the order as staged, Cancel takes it all back."""
    page, _ = returning(base_url, viewport={"width": 360, "height": 740})
    touch = touch_screen(page)
    page.goto(base_url + "?fast=1&debug=1")
    start(page, "tanbo", ["", "normal"], seed=5)
    bar = page.locator("#staged")
    # The Farmer first (a single move, staged then confirmed), until a sowing is to be chosen.
    while not page.locator(PLACE).count():
        step = board_state(page)["step"]
        final_choices(page).first.click()
        page.locator("#staged-confirm").click()
        wait_moved(page, step)
        assert wait_turn(page) == "human"
    sent = acts(page)
    step = board_state(page)["step"]
    hand = page.locator(f"{BOARD} .hand .panel-label").inner_text()
    staged_steps = page.locator(f"{BOARD} .path-list li.staged-step")

    # Staged, then taken back whole by Cancel.
    page.locator(PLACE).first.click()
    expect(bar).to_be_visible()
    expect(staged_steps).to_have_count(1)
    expect(page.locator("#staged-move")).to_contain_text("into paddy")
    assert page.locator(f"{BOARD} .hand .panel-label").inner_text() != hand
    assert acts(page) == sent and board_state(page)["step"] == step
    page.locator("#staged-cancel").click()
    expect(bar).to_be_hidden()
    expect(staged_steps).to_have_count(0)
    assert page.locator(f"{BOARD} .hand .panel-label").inner_text() == hand

    # Staged press by press to the end of the hand: still nothing sent, and each next token
    # in view above the bar (the phone's screen bottom, where the hand was).
    pressed: list[dict[str, Any]] = []
    while page.locator(PLACE).count():
        choice = page.locator(PLACE).first  # a Snake first: the Farmer still to choose after
        pressed.append(json.loads(choice.get_attribute("data-action") or "{}"))
        # Pressed where a thumb finds it: at the bottom of the screen.
        choice.evaluate("(e) => e.scrollIntoView({ block: 'end' })")
        choice.click()
        expect(bar).to_be_visible()
        expect(staged_steps.first).to_be_attached()
        page.wait_for_function(ABOVE_THE_BAR_JS, arg=PLACE, timeout=5_000)
    assert len(pressed) >= 2, "an order of one press shows nothing of staging press by press"
    expect(page.locator("#staged-again")).to_have_text("Press Confirm to sow them.")
    expect(page.locator("#staged-move")).to_contain_text("; then ")
    # Every token of the hand is on the path, those of the last kind placed by themselves.
    in_hand = re.search(r"\d+", hand)
    assert in_hand, hand
    expect(staged_steps).to_have_count(int(in_hand.group()))
    expect(staged_steps.first.locator(".sr-only")).to_contain_text("(not played yet)")
    assert acts(page) == sent and board_state(page)["step"] == step
    assert_accessible(page, "tanbo: a staged sowing order")
    screenshot(page, "confirm-tanbo-sowing-staged")

    # Confirm plays the order as it was staged, one decision after another.
    page.locator("#staged-confirm").click()
    page.wait_for_function(
        "(n) => Number(document.getElementById('board').dataset.step) >= n",
        arg=int(step) + len(pressed),
    )
    assert acts(page) == sent + len(pressed)
    save = tab_save(page)
    assert save is not None
    played = [a for _, a in save["record"]["actions"][int(step) : int(step) + len(pressed)]]
    assert played == pressed
    touch.detach()


def test_storms_serve_button_is_the_confirmation_itself(returning: Any, base_url: str) -> None:
    """Storm's run is chosen on the table first: "Serve these cards" plays at once."""
    page, _ = returning(base_url, viewport={"width": 360, "height": 740})
    touch = touch_screen(page)
    page.goto(base_url + "?fast=1&debug=1")
    start(page, "storm_in_a_teacup", ["", "normal"], seed=3)
    step = board_state(page)["step"]
    serve = final_choices(page).first
    assert serve.get_attribute("data-confirms") is not None
    serve.click()
    wait_moved(page, step)
    expect(page.locator("#staged")).to_be_hidden()
    assert acts(page) == 1
    touch.detach()


def test_confirm_moves_is_a_setting_kept_across_visits(returning: Any, base_url: str) -> None:
    page, _ = returning(base_url, viewport={"width": 1366, "height": 768})
    page.goto(base_url + "?fast=1&debug=1")
    start(page, "humble_tea_party", ["", "normal", "normal"], seed=9)
    menu = page.locator("#game-menu")
    menu.locator("summary").click()
    setting = page.get_by_label("Confirm moves")
    # With a mouse it is off: a press plays at once.
    expect(setting).not_to_be_checked()
    menu.locator("summary").click()
    step = board_state(page)["step"]
    final_choices(page).first.click()
    wait_moved(page, step)
    expect(page.locator("#staged")).to_be_hidden()
    assert acts(page) == 1
    # Turned on, it stages; it stays on after a reload.
    menu.locator("summary").click()
    setting.check()
    page.reload()
    wait_ready(page)
    assert wait_turn(page) == "human"
    page.evaluate(SPY_JS)
    menu.locator("summary").click()
    expect(setting).to_be_checked()
    menu.locator("summary").click()
    step = board_state(page)["step"]
    final_choices(page).first.click()
    expect(page.locator("#staged")).to_be_visible()
    assert acts(page) == 0 and board_state(page)["step"] == step
    screenshot(page, "confirm-desktop-staged")
    # Turned off, what was staged is forgotten, and a press plays at once again.
    menu.locator("summary").click()
    setting.uncheck()
    expect(page.locator("#staged")).to_be_hidden()
    menu.locator("summary").click()
    final_choices(page).first.click()
    wait_moved(page, step)
    assert acts(page) == 1
