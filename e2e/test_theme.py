"""The dark theme: the page follows the system's (prefers-color-scheme) unless the person picks
Light or Dark, kept across visits. Every screen passes axe (colour contrast included) in the
dark theme too: the lobby, each game mid-decision and at its end, the replay, the dialogs and
the rules page; the tables keep their own light art on the dark page."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Page, expect

from .a11y import assert_accessible
from .conftest import ENGINE_TIMEOUT_MS, screenshot, soak_beyond, wait_ready
from .layout import LIGHTNESS_JS
from .lobby import choose_game, table_command
from .play import bot_record, record_link, wait_turn
from .touch import clipped_text, small_targets, touch_screen

GAMES = ("tanbo", "humble_tea_party", "storm_in_a_teacup")
PLAYERS = {"tanbo": 2, "humble_tea_party": 4, "storm_in_a_teacup": 4}
DESKTOP = {"width": 1366, "height": 768}
PHONE = {"width": 360, "height": 740}

SCHEME_JS = "() => getComputedStyle(document.body).colorScheme"


def dark(page: Page) -> bool:
    return float(page.evaluate(LIGHTNESS_JS)) < 0.3


def test_the_lobby_and_the_rules_in_the_dark(guard_factory: Any, base_url: str) -> None:
    page, _ = guard_factory(base_url, viewport=PHONE, color_scheme="dark")
    page.goto(base_url + "?fast=1")
    wait_ready(page)
    assert dark(page)
    for game in GAMES:
        choose_game(page, game)
        page.get_by_text("Advanced").click()
        assert_accessible(page, f"the {game} lobby in the dark")
        page.get_by_text("Advanced").click()
    screenshot(page, "dark-lobby-360")
    page.set_viewport_size(DESKTOP)
    screenshot(page, "dark-lobby-1366")
    page.get_by_role("button", name="Load a game…").click()
    assert_accessible(page, "the load dialog in the dark")
    page.goto(base_url + "rules.html")
    expect(page.locator("body[data-pictures=drawn]")).to_be_attached()
    assert dark(page)
    assert_accessible(page, "the rules page in the dark")
    screenshot(page, "dark-rules-1366")


# make test: Tanbo (the Japanese touch walk of test_touch.py plays Storm in the dark too); the
# long run: every game.
@pytest.mark.parametrize("game", soak_beyond(["tanbo"], GAMES))
def test_each_game_in_the_dark(returning: Any, base_url: str, game: str) -> None:
    """Mid-decision at a phone's size (a touch screen: 44 px targets, no word cut) and a
    desktop's, then at its end with the replay."""
    record = bot_record(game, PLAYERS[game], seed=3, upto=14, humans=(0,))
    link = record_link(base_url + "?fast=1", record)
    page, _ = returning(link, viewport=PHONE, color_scheme="dark")
    touch = touch_screen(page)
    page.goto(link)
    expect(page.locator("#table")).to_be_visible(timeout=ENGINE_TIMEOUT_MS)
    assert wait_turn(page) == "human"
    assert dark(page)
    # A finger's targets and whole words hold in the dark theme as in the light.
    assert small_targets(page) == [], f"{game} in the dark (phone)"
    assert clipped_text(page) == [], f"{game} in the dark (phone)"
    assert_accessible(page, f"{game} mid-game in the dark (phone)")
    screenshot(page, f"dark-{game}-360")
    touch.detach()
    page.set_viewport_size(DESKTOP)
    if game != "storm_in_a_teacup":  # Storm's desktop tiles keep one line each (test_touch.py)
        assert clipped_text(page) == [], f"{game} in the dark (desktop)"
    assert_accessible(page, f"{game} mid-game in the dark (desktop)")
    screenshot(page, f"dark-{game}-1366")
    table_command(page, "Share link")
    assert_accessible(page, f"the share dialog in the dark ({game})")
    page.get_by_role("button", name="Close").click()
    ended = bot_record(game, PLAYERS[game], seed=8)
    page.goto(record_link(base_url + "?fast=1", ended))
    expect(page.locator("#end-screen")).to_be_visible(timeout=ENGINE_TIMEOUT_MS)
    assert_accessible(page, f"the {game} end screen in the dark")
    screenshot(page, f"dark-{game}-end")
    page.get_by_role("button", name="Look at the table").click()
    page.get_by_role("button", name="Replay").click()
    expect(page.locator("#replay")).to_be_visible()
    assert_accessible(page, f"the {game} replay in the dark")


def test_the_theme_switch_overrides_the_system_and_is_kept(returning: Any, base_url: str) -> None:
    page, _ = returning(base_url, viewport=DESKTOP, color_scheme="dark")
    page.goto(base_url + "?fast=1")
    wait_ready(page)
    theme = page.locator(".site-header").get_by_label("Theme")
    expect(theme).to_have_value("system")
    assert dark(page)
    theme.select_option("light")
    assert not dark(page) and page.evaluate(SCHEME_JS) == "light"
    page.reload()
    wait_ready(page)
    expect(theme).to_have_value("light")
    assert not dark(page)
    theme.select_option("system")
    assert dark(page)
    # Dark chosen on a light system, and the rules page follows the choice.
    page.emulate_media(color_scheme="light")
    assert not dark(page)
    theme.select_option("dark")
    assert dark(page)
    page.goto(base_url + "rules.html")
    assert dark(page)
