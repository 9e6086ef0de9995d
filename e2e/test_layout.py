"""Layout on real screens, for every game: nothing wider than the viewport from 320 px up, the
acting player's hand or board keeps its place across redraws, and at 1366 x 768 the prompt and
every choice of a decision are in view without scrolling (on a phone, once the page brought
the decision into view). The games watched for that play their first decisions (to the end in
the long run)."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Page, expect

from .conftest import ENGINE_TIMEOUT_MS, decisions, screenshot, soak_beyond, wait_ready
from .layout import StayWatch, assert_fits_width, choices_out_of_view
from .lobby import choose_seats, fill_seed, table_command
from .play import board_state, bot_record, decide, record_link, wait_turn

GAMES = ("tanbo", "humble_tea_party", "storm_in_a_teacup")
MOST = {"tanbo": 2, "humble_tea_party": 6, "storm_in_a_teacup": 6}
DESKTOP = {"width": 1366, "height": 768}
PHONE = {"width": 360, "height": 740}


# make test: Tanbo's screens (the lobby, the game menu, the replay, the end, the rules page are
# the shell's, the same for every game; each game's tables are checked at 320, 360 and 414 px in
# every fixture of its renderer's tests); the long run: every game.
@pytest.mark.parametrize("game", soak_beyond(["tanbo"], GAMES))
def test_no_screen_is_wider_than_a_phone(guard_factory: Any, base_url: str, game: str) -> None:
    # The narrowest phone we support; every other e2e phone test runs at 360 px, and the
    # renderers' fixture tests check 320, 360 and 414 px.
    width = 320
    viewport = {"width": width, "height": 700}
    page, _ = guard_factory(base_url, viewport=viewport)
    page.goto(base_url + "?fast=1")
    assert_fits_width(page, f"the lobby while loading at {width} px")
    wait_ready(page)
    choose_seats(page, game, ["", *(["normal"] * (MOST[game] - 1))])
    page.get_by_text("Advanced").click()
    for summary in page.locator("#game-options summary, #game-advanced summary").all():
        summary.click()
    assert_fits_width(page, f"the {game} lobby with {MOST[game]} seats at {width} px")
    page.get_by_role("button", name="Start").click()
    expect(page.locator("#table")).to_be_visible()
    for i in range(4):
        if wait_turn(page) == "over":
            break
        assert_fits_width(page, f"{game}, decision {i + 1}, at {width} px")
        decide(page, i)
    page.locator("#game-menu summary").click()
    assert_fits_width(page, f"{game} with the game menu open at {width} px")
    page.locator("#game-menu summary").click()
    page.get_by_role("button", name="Replay").click()
    assert_fits_width(page, f"the {game} replay at {width} px")
    page.get_by_role("button", name="Back").click()
    # The end and its replay, from a finished game's link.
    link = record_link(base_url + "?fast=1", bot_record(game, MOST[game], seed=5))
    page.goto(link)
    expect(page.locator("#end-screen")).to_be_visible(timeout=ENGINE_TIMEOUT_MS)
    assert_fits_width(page, f"the {game} end screen at {width} px")
    page.get_by_role("button", name="Watch the replay").click()
    assert_fits_width(page, f"the {game} replay of everything at {width} px")
    page.goto(base_url + f"rules.html#{game}")
    assert_fits_width(page, f"the rules page at {width} px")


@pytest.mark.parametrize("players", soak_beyond([2], [2, 6]))
def test_hot_seat_screens_fit_a_phone(returning: Any, base_url: str, players: int) -> None:
    page, _ = returning(base_url, viewport={"width": 320, "height": 640})
    page.goto(base_url + "?fast=1")
    choose_seats(page, "storm_in_a_teacup", [""] * players)
    page.get_by_role("button", name="Start").click()
    expect(page.locator("#pass-screen")).to_be_visible()
    assert_fits_width(page, f"the pass screen, {players} people")


def play_watching(page: Page, game: str, moves: range, *, check_view: bool) -> StayWatch:
    """Play the human decisions ``moves`` (or to the end), checking at each that the prompt and
    choices are in view; the returned watch holds the ``[data-stay]`` rectangle after every
    redraw."""
    watch = StayWatch(page)
    for i in moves:
        if wait_turn(page) == "over":
            break
        if check_view:
            page.evaluate("() => window.scrollTo(0, 0)")
            missing = choices_out_of_view(page)
            assert missing == [], f"{game}, step {board_state(page)['step']}: out of view {missing}"
        else:
            first = page.locator("#board [data-first-choice]:not([disabled])")
            if not first.count():
                first = page.locator("#board .legal:not([disabled]):not([data-interrupt])")
            box = first.first.bounding_box()
            assert box and box["y"] >= 0 and box["y"] + box["height"] <= PHONE["height"], (
                f"{game}, step {board_state(page)['step']}: the first choice is at {box}"
            )
        decide(page, i * 5)
    return watch


@pytest.mark.slow
def test_desktop_choices_in_view_and_the_board_stays_put(returning: Any, base_url: str) -> None:
    # Humble Tea Party (4 and 6 players) and Storm (6 players) have the same check, with their
    # own extras, in e2e/test_htp_site.py and e2e/test_storm_site.py.
    game = "tanbo"
    page, _ = returning(base_url, viewport=DESKTOP)
    page.goto(base_url + "?fast=1")
    choose_seats(page, game, ["", *(["normal"] * (MOST[game] - 1))])
    fill_seed(page, 21)
    page.get_by_role("button", name="Start").click()
    expect(page.locator("#table")).to_be_visible()
    watch = play_watching(page, game, decisions(10), check_view=True)
    screenshot(page, f"layout-{game}-desktop")
    assert len(watch.rects()) > 10
    assert watch.largest_jump() < 8, f"{game}: the board moved {watch.largest_jump():.0f} px"


# make test: Storm's first decisions (the shell brings a decision into view alike for every
# game; each renderer's board staying put is checked through whole games in its own tests);
# the long run: every game, whole.
@pytest.mark.slow
@pytest.mark.parametrize("game", soak_beyond(["storm_in_a_teacup"], GAMES))
def test_phone_brings_each_decision_into_view_and_the_board_stays_put(
    returning: Any, base_url: str, game: str
) -> None:
    page, _ = returning(base_url, viewport=PHONE)
    page.goto(base_url + "?fast=1")
    choose_seats(page, game, ["", *(["normal"] * (min(MOST[game], 4) - 1))])
    fill_seed(page, 22)
    page.get_by_role("button", name="Start").click()
    expect(page.locator("#table")).to_be_visible()
    watch = play_watching(page, game, decisions(8), check_view=False)
    screenshot(page, f"layout-{game}-phone")
    moved, where = watch.jump()
    assert moved < 8, f"{game}: the board moved {moved:.0f} px: {where}"


def test_the_table_menu_holds_the_game_commands(returning: Any, base_url: str) -> None:
    page, _ = returning(base_url, viewport=PHONE)
    page.goto(base_url + "?fast=1")
    choose_seats(page, "tanbo", ["", "normal"])
    page.get_by_role("button", name="Start").click()
    wait_turn(page)
    table_command(page, "Save")
    expect(page.get_by_role("dialog", name="Share this game")).to_be_visible()
    page.get_by_role("button", name="Close").click()
    page.locator("#game-menu summary").click()
    expect(page.locator("#game-menu .menu-items")).to_be_visible()
    page.keyboard.press("Escape")
    expect(page.locator("#game-menu .menu-items")).to_be_hidden()
