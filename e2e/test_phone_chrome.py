"""A phone's screen goes to the table: above it only the turn and the table's buttons (icons
that keep their words as names), about 90 px; the site's Rules and language move into the Game
menu there, and come back to the header in the lobby."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import expect

from .conftest import screenshot, soak_beyond, wait_ready
from .lobby import choose_seats, table_command
from .play import wait_turn

GAMES = {
    "tanbo": ["", "normal"],
    "humble_tea_party": ["", "normal", "normal"],
    "storm_in_a_teacup": ["", "normal", "normal"],
}
CHROME_PX = 100  # the turn (40), the buttons (44), the gaps and the page's margin

BOARD_TOP_JS = "() => document.getElementById('board').getBoundingClientRect().top + scrollY"


# make test: Tanbo (the chrome above the table is the shell's); the long run: every game.
@pytest.mark.parametrize("game", soak_beyond(["tanbo"], list(GAMES)))
def test_the_chrome_above_a_phone_table_is_about_90_px(
    returning: Any, base_url: str, game: str
) -> None:
    page, _ = returning(base_url, viewport={"width": 360, "height": 740})
    page.goto(base_url + "?fast=1")
    wait_ready(page)
    choose_seats(page, game, GAMES[game])
    page.get_by_role("button", name="Start").click()
    assert wait_turn(page) == "human"
    for width in (320, 360):
        page.set_viewport_size({"width": width, "height": 740})
        top = page.evaluate(BOARD_TOP_JS)
        assert top <= CHROME_PX, f"{game} at {width} px: the table starts {top:.0f} px down"
        for name in ("Hint", "Undo", "Replay"):
            expect(page.get_by_role("button", name=name)).to_be_visible()
        expect(page.locator(".site-header")).to_be_hidden()
    screenshot(page, f"phone-chrome-{game}")
    # On a desktop the header and the buttons' words are back.
    page.set_viewport_size({"width": 1366, "height": 768})
    expect(page.locator(".site-header")).to_be_visible()
    expect(page.locator("#hint .bar-label")).to_have_css("position", "static")


def test_on_a_phone_the_game_menu_holds_the_rules_and_the_language(
    returning: Any, base_url: str
) -> None:
    page, _ = returning(base_url, viewport={"width": 360, "height": 740})
    page.goto(base_url + "?fast=1")
    wait_ready(page)
    choose_seats(page, "storm_in_a_teacup", GAMES["storm_in_a_teacup"])
    page.get_by_role("button", name="Start").click()
    assert wait_turn(page) == "human"
    menu = page.locator("#game-menu")
    menu.locator("summary").click()
    rules = menu.get_by_role("link", name="Rules")
    expect(rules).to_be_visible()
    assert rules.get_attribute("href") == "rules.html#storm_in_a_teacup"
    language = page.locator("#menu-language")
    expect(menu.get_by_label("Language")).to_be_visible()
    language.select_option("ja")
    expect(page.locator("html")).to_have_attribute("lang", "ja")
    expect(page.get_by_role("button", name="ヒント")).to_be_visible()
    expect(language).to_be_focused()
    screenshot(page, "phone-game-menu-ja")
    language.select_option("en")
    expect(page.locator("html")).to_have_attribute("lang", "en")
    # Back in the lobby, the header holds them again (in the language chosen in the menu).
    page.keyboard.press("Escape")
    table_command(page, "New game")
    # A game with moves asks first (it stays saved); one without goes straight there.
    leave = page.get_by_role("button", name="Go to the lobby")
    expect(page.locator("#lobby:not([hidden])").or_(leave).first).to_be_visible()
    if leave.is_visible():
        leave.click()
    expect(page.locator(".site-header")).to_be_visible()
    expect(page.locator("#language")).to_have_value("en")


def test_the_lobby_header_is_one_row_on_a_phone(returning: Any, base_url: str) -> None:
    """At 320 and 360 px, in both languages, the header above the lobby holds the site's mark,
    Rules, language, theme and the engine's state on one row (it took two, 107 px); the words
    it no longer shows stay for screen readers."""
    page, _ = returning(base_url, viewport={"width": 360, "height": 740})
    page.goto(base_url + "?fast=1")
    wait_ready(page)
    header = page.locator(".site-header")
    for lang in ("en", "ja"):
        if lang == "ja":
            page.locator("#language").select_option("ja")
            expect(page.locator("html")).to_have_attribute("lang", "ja")
        for width in (320, 360):
            page.set_viewport_size({"width": width, "height": 740})
            box = header.bounding_box()
            assert box and box["height"] <= 64, f"{lang} at {width} px: {box}"
            tops = page.evaluate(
                """() => ['.brand-mark', '#rules-link', '#language', '#theme', '#engine-status']
                  .map((s) => document.querySelector(s).getBoundingClientRect())
                  .map((r) => [r.top, r.bottom])"""
            )
            middles = [(top + bottom) / 2 for top, bottom in tops]
            assert max(middles) - min(middles) < 12, f"{lang} at {width} px: {tops}"
    expect(page.locator(".brand")).to_have_text("pygames")
    expect(page.locator("#engine-label")).to_have_text("準備完了")
    screenshot(page, "lobby-header-phone-ja")
