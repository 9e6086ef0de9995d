"""The bots' speed: chosen on the table (slow, normal, fast, instant), taken by the bots of the
match at once, and kept across visits. A tap on the table skips the movement in flight."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import Page, expect

from .conftest import wait_ready
from .lobby import choose_seats
from .play import wait_turn


def open_menu(page: Page) -> None:
    menu = page.locator("#game-menu")
    if menu.get_attribute("open") is None:
        menu.locator("summary").click()


def bot_pause(page: Page) -> int:
    pause: int = page.evaluate("() => window.pygamesDebug.match.options.botPace")
    return pause


def test_the_bots_speed_is_chosen_on_the_table_and_kept(returning: Any, base_url: str) -> None:
    page, _ = returning(base_url)
    page.goto(base_url + "?debug=1")
    wait_ready(page)
    choose_seats(page, "humble_tea_party", ["", "normal", "normal", "normal"])
    page.locator("#start").click()
    assert wait_turn(page) == "human"
    open_menu(page)
    speed = page.get_by_label("Bot speed")
    expect(speed).to_have_value("normal")
    assert bot_pause(page) == 200  # three bots, each with a Tea window: about 3 s a round
    speed.select_option("instant")
    assert bot_pause(page) == 0
    speed.select_option("slow")
    assert bot_pause(page) == 600
    # The next visit starts at the speed chosen, for a game resumed as for a new one.
    page.reload()
    wait_turn(page)
    open_menu(page)
    expect(page.get_by_label("Bot speed")).to_have_value("slow")
    assert bot_pause(page) == 600
    # The address still wins (tests play at ?fast=1).
    page.goto(base_url + "?debug=1&pace=5")
    wait_turn(page)
    assert bot_pause(page) == 5


def test_a_tap_on_the_table_skips_the_movement_in_flight(site: tuple[Page, Any]) -> None:
    page, guard = site
    page.goto(guard.origin + "/?fast=1")
    choose_seats(page, "tanbo", ["", "normal"])
    page.locator("#start").click()
    assert wait_turn(page) == "human"
    # A flight as long as a minute, as the tables start them (web/js/games/shared.js fly).
    page.evaluate(
        """() => { window.flight = document.querySelector('#board .tanbo').animate(
             [{opacity: 0.2}, {opacity: 1}], {duration: 60000}); }"""
    )
    assert page.evaluate("() => window.flight.playState") == "running"
    page.locator("#turn").click()
    assert page.evaluate("() => window.flight.playState") == "finished"
