"""The page in English and Japanese: the switch in the header, remembered, redrawing the screen
in place; the language is the screen's, never the match's (a game saved in one language opens
in the other). Screenshots of the lobby and a table in Japanese at phone and desktop sizes."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from .a11y import assert_accessible
from .conftest import ENGINE_TIMEOUT_MS, screenshot, soak_beyond, wait_ready
from .lobby import choose_game
from .play import bot_record, record_link, wait_turn

DESKTOP = {"width": 1366, "height": 768}
PHONE = {"width": 360, "height": 740}

# English words of the shell that must not be left on a Japanese screen.
ENGLISH = (
    "Game",
    "Players",
    "Player",
    "Start",
    "Human",
    "Bot",
    "Easy",
    "Normal",
    "Strong",
    "Advanced",
    "Seed",
    "Rules",
    "Load",
    "Resume",
    "Ready",
    "Random",
    "Who starts",
    "Undo",
    "Replay",
    "Save",
    "Share",
    "New game",
    "Log",
    "Your turn",
    "thinking",
    "to play",
    "Waiting",
    "Step",
    "Everything",
    "Back",
    "Close",
    "Cancel",
    "Copy",
    "Loading",
    "browser",
    "server",
    "Language",
    "wins",
    "Scores",
)
ENGLISH_RE = re.compile(r"\b(" + "|".join(re.escape(w) for w in ENGLISH) + r")\b")

SHOWN_WORDS = """(root) => {
  const out = [];
  const visible = (el) => !!(el.offsetWidth || el.offsetHeight || el.getClientRects().length);
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    const el = n.parentElement;
    const skip = 'script, style, [hidden], #game-options, #game-advanced, [lang=en]';
    if (!el || !n.textContent.trim() || el.closest(skip)) continue;
    const shown = el.tagName === 'OPTION' ? visible(el.closest('select')) : visible(el);
    if (shown) out.push(n.textContent.trim());
  }
  for (const el of root.querySelectorAll('[aria-label], [title], [placeholder]')) {
    if (el.closest('[hidden], #game-options, #game-advanced') || !visible(el)) continue;
    for (const a of ['aria-label', 'title', 'placeholder']) {
      if (el.getAttribute(a)) out.push(el.getAttribute(a));
    }
  }
  return out;
}"""


def english_left(page: Page, selector: str = "body") -> list[str]:
    """Shell words on screen under ``selector`` that are a message id or English."""
    texts: list[str] = page.locator(selector).first.evaluate(SHOWN_WORDS)
    return [t for t in texts if "shell." in t or ENGLISH_RE.search(t)]


def switch(page: Page, lang: str) -> None:
    page.locator("#language").select_option(lang)
    expect(page.locator("html")).to_have_attribute("lang", lang)


def test_the_lobby_switches_to_japanese_and_remembers(guard_factory: Any, base_url: str) -> None:
    page, _ = guard_factory(base_url + "?fast=1", locale="en-GB")
    page.goto(base_url + "?fast=1")
    expect(page.locator("html")).to_have_attribute("lang", "en")
    wait_ready(page)
    expect(page.locator(".site-header").get_by_label("Language")).to_have_value("en")
    assert english_left(page), "the check finds the English words of an English lobby"
    page.get_by_label("Player 2 name").fill("Kenji")
    # Tanbo's custom setup (under Advanced) starts from the engine's standard one and survives
    # the switch, Advanced opened again to show it.
    page.locator("#advanced > summary").click()
    page.locator("#game-advanced summary").click()
    snakes = page.get_by_label("Player 1 paddy 1 snakes")
    expect(snakes).to_have_value("2")
    snakes.fill("3")
    switch(page, "ja")
    expect(page.locator("#advanced")).to_have_attribute("open", "")
    expect(page.locator("#tanbo-custom")).to_be_checked()
    expect(
        page.locator('#tanbo-setup input[data-player="0"][data-paddy="0"][data-kind="snakes"]')
    ).to_have_value("3")
    expect(
        page.locator('#tanbo-setup input[data-player="1"][data-paddy="4"][data-kind="snakes"]')
    ).to_have_value("2")
    # Everything of the shell is Japanese; what a person typed is not translated.
    expect(page.locator(".site-header").get_by_label("言語")).to_have_value("ja")
    expect(page.get_by_label("プレイヤー2の名前")).to_have_value("Kenji")
    expect(page.get_by_label("プレイヤー1の名前")).to_have_value("プレイヤー1")
    for game in ("tanbo", "humble_tea_party", "storm_in_a_teacup"):
        choose_game(page, game)
        page.evaluate("() => { document.getElementById('advanced').open = true; }")
        assert english_left(page) == [], game
    assert page.title().startswith("pygames · ブラウザ")
    assert_accessible(page, "the lobby in Japanese")
    # Remembered: a reload comes back in Japanese.
    page.reload()
    expect(page.locator("html")).to_have_attribute("lang", "ja")
    wait_ready(page)
    expect(page.locator("#language")).to_have_value("ja")
    assert english_left(page) == []
    switch(page, "en")
    expect(page.locator(".site-header").get_by_label("Language")).to_be_visible()
    assert "プレイヤー" not in page.locator("#lobby").inner_text()


def test_the_browser_s_language_is_the_default(guard_factory: Any, base_url: str) -> None:
    page, _ = guard_factory(base_url, locale="ja-JP")
    page.goto(base_url + "?fast=1")
    expect(page.locator("html")).to_have_attribute("lang", "ja")
    expect(page.get_by_role("button", name="開始")).to_be_visible()
    if page.locator("body[data-engine=ready]").count() == 0:  # still loading: its words too
        assert english_left(page) == []
    wait_ready(page)
    assert english_left(page) == []


def test_a_game_saved_in_japanese_opens_in_english(guard_factory: Any, base_url: str) -> None:
    record = bot_record("humble_tea_party", 4, seed=3, upto=10, humans=(0,))
    link = record_link(base_url + "?fast=1", record)
    page, _ = guard_factory(link, locale="ja-JP", viewport=DESKTOP)
    page.goto(link)
    expect(page.locator("#table")).to_be_visible(timeout=ENGINE_TIMEOUT_MS)
    assert wait_turn(page) == "human"
    # The table's own words are the game's (translated by each game); the shell's are here.
    assert english_left(page, ".table-bar") == []
    assert english_left(page, "header") == []
    expect(page.locator("#log-title")).to_have_text("ログ")
    page.locator("#game-menu summary").click()
    page.get_by_role("button", name="保存", exact=True).click()
    expect(page.get_by_label("保存データ（JSON）")).to_be_visible()  # noqa: RUF001
    saved = json.loads(page.locator("#save-text").input_value())
    page.get_by_role("button", name="閉じる").click()
    assert saved["seats"] == record["seats"] and saved["actions"] == record["actions"]
    # Switching in the middle of a game redraws it in place: same step, same seat, no reload.
    step = page.locator("#board").get_attribute("data-step")
    switch(page, "en")
    expect(page.locator("#log-title")).to_have_text("Log")
    assert page.locator("#board").get_attribute("data-step") == step
    page.locator("#game-menu summary").click()
    page.get_by_role("button", name="Save", exact=True).click()
    again = json.loads(page.get_by_label("Saved game (JSON)", exact=True).input_value())
    assert again == saved, "the record does not depend on the language"
    page.get_by_role("button", name="Close").click()
    # The Japanese save opens in an English page.
    other, _ = guard_factory(base_url, locale="en-GB")
    other.goto(base_url + "?fast=1")
    wait_ready(other)
    other.get_by_role("button", name="Load a game…").click()
    other.get_by_label("Paste a saved game (JSON) or a share link").fill(json.dumps(saved))
    other.get_by_role("button", name="Load", exact=True).click()
    expect(other.locator("#table")).to_be_visible(timeout=ENGINE_TIMEOUT_MS)
    expect(other.locator("#board")).to_have_attribute("data-step", str(len(saved["actions"])))
    expect(other.locator("#log-title")).to_have_text("Log")


# A phone's; a desktop's in the long run.
@pytest.mark.parametrize("size", soak_beyond(["phone"], ["phone", "desktop"]))
def test_japanese_screens(guard_factory: Any, base_url: str, size: str) -> None:
    """Screenshots for a person to look at (e2e/artifacts/ja-*.png); axe passes in Japanese."""
    viewport = PHONE if size == "phone" else DESKTOP
    page, _ = guard_factory(base_url, locale="ja-JP", viewport=viewport)
    page.goto(base_url + "?fast=1")
    wait_ready(page)
    screenshot(page, f"ja-lobby-{size}")
    for game, players in (("tanbo", 2), ("storm_in_a_teacup", 4)):
        record = bot_record(game, players, seed=5, upto=12, humans=(0,))
        link = record_link(base_url + "?fast=1", record)
        page.goto(link)
        expect(page.locator("#table")).to_be_visible(timeout=ENGINE_TIMEOUT_MS)
        assert wait_turn(page) == "human"
        assert english_left(page, ".table-bar") == []
        assert_accessible(page, f"a {game} table in Japanese ({size})")
        screenshot(page, f"ja-{game}-{size}")
    page.get_by_role("button", name="リプレイ").click()
    expect(page.locator("#replay")).to_be_visible()
    expect(page.locator("#replay-step")).not_to_be_empty()  # the replay is drawn
    assert english_left(page, ".replay-bar") == [] and english_left(page, ".replay-controls") == []
    screenshot(page, f"ja-replay-{size}")
    # The open replay is drawn again in the other language, at the same step.
    step = page.locator("#replay-board").get_attribute("data-step")
    switch(page, "en")
    expect(page.locator("#replay-step")).to_have_text(re.compile(r"^Step \d+ of \d+$"))
    expect(page.locator("#replay-title")).to_have_text(re.compile(r"^Replay · \d+ steps$"))
    assert page.locator("#replay-board").get_attribute("data-step") == step
    expect(page.locator("#replay-log li").first).to_be_visible()


def test_the_rules_page_follows_the_language(guard_factory: Any, base_url: str) -> None:
    page, _ = guard_factory(base_url, locale="en-GB", viewport=PHONE)
    page.goto(base_url + "rules.html#storm_in_a_teacup")
    expect(page.locator("#storm-title")).to_have_text("Storm in a Teacup")
    first = page.locator("#storm_in_a_teacup dd").first
    expect(first).to_have_js_property("innerText", "2 to 6 players.")
    page.locator(".site-header").get_by_label("Language").select_option("ja")
    expect(page.locator("html")).to_have_attribute("lang", "ja")
    expect(page.locator("#storm-title")).to_have_text("コップの中の嵐")
    expect(first).to_have_js_property("innerText", "2〜6人。")
    assert english_left(page, "main") == []
    assert page.locator("#storm_in_a_teacup dt").first.inner_text() == "S1", "rulings keep ids"
    assert_accessible(page, "the rules page in Japanese")
    screenshot(page, "ja-rules-phone")
    # The games' page opens in the language chosen here.
    page.goto(base_url + "?fast=1")
    expect(page.locator("html")).to_have_attribute("lang", "ja")
