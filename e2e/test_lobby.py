"""The lobby shows the games: a card per game (a picture in its table's art, its name, players and
a one-line pitch) chosen like radio buttons, in both languages; on a phone the three cards and
Start are on the first screen, and Start stays on screen while the settings scroll."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import expect

from .a11y import assert_accessible
from .conftest import screenshot, soak_beyond, wait_ready
from .layout import assert_fits_width

EN_DASH = "\u2013"
CARDS = {
    "en": [
        ("Tanbo", "2 players", "About 9 turns each"),
        ("Humble Tea Party", f"3{EN_DASH}6 players", "About 9 turns each"),
        ("Storm in a Teacup", f"2{EN_DASH}6 players", "About 15 turns each"),
    ],
    "ja": [
        ("田んぼ", "2人", "1人約9手番"),
        ("つつましきお茶会", "3〜6人", "1人約9手番"),
        ("コップの中の嵐", "2〜6人", "1人約15手番"),
    ],
}


# What of a rules picture is words, not art: each must be hidden in a lobby card's cover.
COVER_WORDS_JS = """(pic) => [...pic.querySelectorAll(
  'p, .htp-pic-score, .htp-pic-hands, .tanbo-pic-no, .tanbo-pic-lands, .storm-pic-note')]
  .filter((e) => e.getClientRects().length).map((e) => e.className)"""


# English; Japanese in the long run (test_language.py checks the lobby in Japanese).
@pytest.mark.parametrize("lang", soak_beyond(["en"], ["en", "ja"]))
def test_a_card_per_game_with_its_picture_chosen_like_radio_buttons(
    returning: Any, base_url: str, lang: str
) -> None:
    page, _ = returning(base_url, viewport={"width": 1366, "height": 768})
    page.goto(base_url + "?fast=1")
    wait_ready(page)
    if lang == "ja":
        page.locator("#language").select_option("ja")
        # The lobby is drawn again in Japanese before anything is typed into it.
        expect(page.locator("html")).to_have_attribute("lang", "ja")
    cards = page.locator("#game-cards .game-card")
    expect(cards).to_have_count(3)
    for i, (title, players, length) in enumerate(CARDS[lang]):
        card = cards.nth(i)
        expect(card.locator(".game-card-title")).to_have_text(title)
        expect(card.locator(".game-card-players")).to_have_text(players)
        # How long a game is, as measured between bots (tests/test_length.py).
        expect(card.locator(".game-card-length")).to_have_text(length)
        expect(card.locator(".game-card-pitch")).not_to_be_empty()
        # The picture is the table's own art, drawn (not an empty box).
        expect(card.locator(".game-card-pic svg").first).to_be_visible()
        box = card.locator(".game-card-pic").bounding_box()
        assert box and box["height"] >= 70, box
        # The art alone: no caption or score list of the rules page's picture (a stray season
        # glyph of Humble Tea Party's score list showed beside its box).
        words = card.locator(".game-card-pic").evaluate(COVER_WORDS_JS)
        assert words == [], (title, words)
    radios = page.get_by_role("radio")
    expect(radios).to_have_count(3)
    expect(page.get_by_role("radio", name=CARDS[lang][0][0])).to_be_checked()
    # Arrows move between the cards, and each shows its game's settings.
    page.get_by_role("radio", name=CARDS[lang][0][0]).focus()
    page.keyboard.press("ArrowRight")
    expect(page.get_by_role("radio", name=CARDS[lang][1][0])).to_be_checked()
    expect(page.locator("#seat-list .seat-row")).to_have_count(4)
    # A tap anywhere on a card chooses it (the whole card is the radio button's target).
    cards.nth(2).click(position={"x": 30, "y": 30})
    expect(page.get_by_role("radio", name=CARDS[lang][2][0])).to_be_checked()
    assert page.locator("#rules-link").get_attribute("href") == "rules.html#storm_in_a_teacup"
    assert_accessible(page, f"the lobby's cards ({lang})")
    screenshot(page, f"lobby-cards-{lang}-1366")
    # The language changes: the cards keep the choice and their pictures.
    page.locator("#language").select_option("en" if lang == "ja" else "ja")
    expect(page.locator('#game-cards input[value="storm_in_a_teacup"]')).to_be_checked()
    expect(cards.nth(0).locator(".game-card-pic svg").first).to_be_visible()


@pytest.mark.parametrize("width", soak_beyond([320], [320, 360]))
def test_on_a_phone_start_is_on_the_first_screen_and_stays(
    returning: Any, base_url: str, width: int
) -> None:
    page, _ = returning(base_url, viewport={"width": width, "height": 740})
    page.goto(base_url + "?fast=1")
    wait_ready(page)
    start = page.get_by_role("button", name="Start")
    expect(start).to_be_in_viewport()
    assert_fits_width(page, f"the lobby at {width} px")
    screenshot(page, f"lobby-phone-{width}")
    # The settings scroll under it; it stays in reach, never covering what it scrolls over
    # for good (the page ends below it).
    page.locator("#seat-1-who").scroll_into_view_if_needed()
    page.mouse.wheel(0, 400)
    expect(start).to_be_in_viewport()
    page.evaluate("() => window.scrollTo(0, document.body.scrollHeight)")
    expect(start).to_be_in_viewport()
    load = page.get_by_role("button", name="Load a game…")
    expect(load).to_be_in_viewport()
