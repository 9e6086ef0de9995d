"""Hints on the site: the Hint button suggests a legal move on a person's turn, says why in one
line, marks the move on the table, plays nothing; the person plays it. Counted in the record and
on the end screen; a table set up without hints shows no button."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Page, expect

from .a11y import assert_accessible
from .conftest import ENGINE_TIMEOUT_MS, Guard, screenshot, soak_beyond, wait_ready
from .layout import assert_fits_width
from .lobby import choose_seats, fill_seed
from .play import board_state, bot_record, record_link, tab_save, wait_moved, wait_turn

GAMES = [
    ("tanbo", ["", "normal"]),
    ("humble_tea_party", ["", "easy", "easy"]),
    ("storm_in_a_teacup", ["", "easy"]),
]


def start(page: Page, origin: str, game: str, bots: list[str], hints: bool = True) -> None:
    page.goto(origin + "/?fast=1&debug=1")
    choose_seats(page, game, bots)
    fill_seed(page, 11)
    if not hints:
        page.get_by_label("Hints: a Hint button on your turn").uncheck()
    page.locator("#start").click()
    expect(page.locator("#table")).to_be_visible(timeout=ENGINE_TIMEOUT_MS)


# make test: Humble Tea Party here and Tanbo on a phone below (every game's hints are checked
# against its engine in tests/test_hints.py); the long run: every game here.
@pytest.mark.parametrize(
    ("game", "bots"),
    soak_beyond([GAMES[1]], GAMES, ids=lambda g: str(g[0]), unpack=True),
)
def test_a_hint_suggests_a_legal_move_and_says_why(
    site: tuple[Page, Guard], game: str, bots: list[str]
) -> None:
    page, guard = site
    start(page, guard.origin, game, bots)
    assert wait_turn(page) == "human"
    step = board_state(page)["step"]
    hint = page.get_by_role("button", name="Hint", exact=True)
    expect(hint).to_be_enabled()
    hint.click()
    line = page.locator("#hint-line")
    expect(line).to_be_visible(timeout=30_000)
    text = line.inner_text()
    assert text.startswith("Hint:") and len(text) > len("Hint: ") + 10, text
    assert "{" not in text and game + "." not in text, text
    assert board_state(page)["step"] == step  # a hint plays nothing
    # The record keeps it (a reload, a save or a link still counts it).
    page.wait_for_function(
        "(s) => JSON.stringify(window.pygamesDebug.match?.record?.hints)"
        " === JSON.stringify([[0, s]])",
        arg=int(step),
    )
    save = tab_save(page)
    assert save is not None and save["record"].get("hints") == [[0, int(step)]]
    screenshot(page, f"hint-{game}")
    assert_accessible(page, f"{game} with a hint shown")
    # The suggested move is marked on the table when the table draws it as one control; the
    # person plays it, and the hint is gone with the decision it was for.
    marked = page.locator("#board .hinted")
    # A move of several presses is marked at its first (a deck, a card of the run).
    assert marked.count() == 1, game
    for _ in range(4):  # each press marks the next one, until the move is made
        if marked.first.get_attribute("data-action") is not None:
            marked.first.click()
            wait_moved(page, step)
            break
        marked.first.click()
        expect(page.locator("#board .hinted")).to_have_count(1)
    else:
        raise AssertionError("the marks never led to the move")
    expect(line).to_be_hidden()


def test_a_hint_on_a_phone_in_japanese(guard_factory: Any, base_url: str) -> None:
    page, guard = guard_factory(base_url, viewport={"width": 360, "height": 740}, has_touch=True)
    page.goto(guard.origin + "/?fast=1")
    wait_ready(page)
    page.locator("#language").select_option("ja")
    # The lobby is drawn again in Japanese before anything is typed into it.
    expect(page.locator("html")).to_have_attribute("lang", "ja")
    expect(page.locator("html")).to_have_attribute("lang", "ja")
    choose_seats(page, "tanbo", ["", "normal"])
    page.locator("#start").click()
    expect(page.locator("#table")).to_be_visible(timeout=ENGINE_TIMEOUT_MS)
    assert wait_turn(page) == "human"
    page.get_by_role("button", name="ヒント", exact=True).click()
    line = page.locator("#hint-line")
    expect(line).to_be_visible(timeout=30_000)
    assert line.inner_text().startswith("ヒント\uff1a")  # the catalogue's full-width colon
    box = page.locator("#hint").bounding_box()
    assert box is not None and box["height"] >= 44 and box["width"] >= 44
    screenshot(page, "hint-tanbo-360-ja")
    assert_fits_width(page, "a hint at 360 px in Japanese")
    screenshot(page, "hint-tanbo-360-ja")
    assert_accessible(page, "Tanbo with a hint, 360 px, Japanese")


def test_a_table_without_hints_has_no_button(site: tuple[Page, Guard]) -> None:
    page, guard = site
    start(page, guard.origin, "tanbo", ["", "normal"], hints=False)
    assert wait_turn(page) == "human"
    expect(page.locator("#hint")).to_be_hidden()
    save = tab_save(page)
    assert save is not None and save["record"].get("no_hints") is True


def test_the_end_screen_says_how_many_hints_each_person_used(
    site: tuple[Page, Guard], base_url: str
) -> None:
    page, _ = site
    record: dict[str, Any] = bot_record("tanbo", 2, seed=3, humans=(0,))
    record["seats"][0]["name"] = "Ann"
    record["hints"] = [[0, 0], [0, 2]]
    page.goto(record_link(base_url + "?fast=1", record))
    expect(page.locator("#end-screen")).to_be_visible(timeout=ENGINE_TIMEOUT_MS)
    expect(page.locator("#end-hints")).to_have_text("Hints asked for: Ann 2.")
