"""Learn to play: a game's guided first game on the real table, at a phone's and a desktop's
size, in English and Japanese: the step's words beside the table, the asked move marked and the
thing the words name lit up, any other move refused kindly (nothing played), "Show me", a
reload resuming the lesson, and at its end a real game against Easy."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Page, expect

from pygames.tutorials import TUTORIALS, tutorial

from .a11y import assert_accessible
from .conftest import ENGINE_TIMEOUT_MS, Guard, screenshot, soak_beyond, wait_ready
from .layout import assert_fits_width
from .lobby import choose_seats
from .play import board_state, wait_moved, wait_turn

WORDS = {
    "en": {"learn": "Learn to play", "show": "Show me", "easy": "Play a real game against Easy"},
    "ja": {
        "learn": "遊び方を学ぶ",
        "show": "やってみせて",
        "easy": "「かんたん」と本番の対局をする",
    },
}


def lesson_step(page: Page) -> int:
    return int(page.evaluate("window.pygamesDebug.tutorial.done(window.pygamesDebug.match.record)"))


SIZES = {"desktop": {"width": 1366, "height": 768}, "phone": {"width": 360, "height": 740}}
# make test plays one lesson in the page (Storm's, on a phone): the page's guidance is the
# shell's, and every game's lesson is played to its win with every asked move legal, in both
# languages, by tests/test_tutorials.py. The long run plays every lesson at both sizes in both
# languages.
CASES = [(g, lang, size) for g in TUTORIALS for lang in ("en", "ja") for size in SIZES]
EVERYDAY = [("storm_in_a_teacup", "en", "phone")]


@pytest.mark.parametrize(
    ("game", "lang", "size"),
    soak_beyond(EVERYDAY, CASES, ids=lambda c: "-".join(c), unpack=True),
)
def test_a_lesson_is_played_to_its_end(
    guard_factory: Any, base_url: str, game: str, lang: str, size: str
) -> None:
    viewport = SIZES[size]
    data = tutorial(game)
    page, _ = guard_factory(base_url, viewport=viewport, has_touch=viewport["width"] < 500)
    page.goto(base_url + "?fast=1&debug=1")
    wait_ready(page)
    if lang != "en":
        page.locator("#language").select_option(lang)
        expect(page.locator("html")).to_have_attribute("lang", lang)
    choose_seats(page, game, ["", *["normal"] * (len(data.get("others", [])) + 1)])
    learn = page.get_by_role("button", name=WORDS[lang]["learn"])
    expect(learn).to_be_visible()
    learn.click()
    expect(page.locator("#tutorial")).to_be_visible(timeout=ENGINE_TIMEOUT_MS)
    expect(page.locator("#undo")).to_be_hidden()
    lit = 0
    for i, step in enumerate(data["steps"]):
        assert wait_turn(page) == "human"
        assert lesson_step(page) == i
        text = page.locator("#tutorial-text").inner_text()
        assert text and "tutorial" not in text, (i, text)  # words, never an id
        before = board_state(page)["step"]
        if i == 1:
            screenshot(page, f"tutorial-{game}-{lang}-{viewport['width']}")
            assert_accessible(page, f"the {game} lesson, {lang}, {viewport['width']} px")
            assert_fits_width(page, f"the {game} lesson at {viewport['width']} px")
            # Another move is refused kindly and nothing is played.
            other = page.locator("#board .legal:not(.tutorial-spot)").first
            other.click()
            expect(page.locator("#tutorial-refusal")).to_be_visible()
            assert board_state(page)["step"] == before
        # The thing the words name is lit up (a paddy, a box, a stock), and only it.
        thing = page.locator("#board .tutorial-thing")
        expect(thing).to_have_count(1 if step.get("spot") else 0)
        if step.get("spot"):
            lit += 1
            if lit == 1:
                screenshot(page, f"tutorial-{game}-spot-{lang}-{viewport['width']}")
        spot = page.locator("#board .tutorial-spot")
        if step["move"]["type"] == "swap" or i % 5 == 4:
            page.get_by_role("button", name=WORDS[lang]["show"]).click()  # the lesson plays it
        else:
            for _ in range(4):  # picks first (a token, a card of the run), then the move
                expect(spot).to_have_count(1)
                final = spot.get_attribute("data-action") is not None
                spot.click()
                if final:
                    break
                page.wait_for_timeout(150)  # the table redraws, and the mark moves on
            else:
                raise AssertionError(f"step {i}: the marks never led to the move")
        wait_moved(page, before)
        if i == 6:  # a reload resumes the lesson where it was
            page.reload()
            expect(page.locator("#tutorial")).to_be_visible(timeout=ENGINE_TIMEOUT_MS)
    assert lit == sum(1 for s in data["steps"] if s.get("spot"))
    expect(page.locator("#end-tutorial")).to_be_visible(timeout=60_000)
    assert page.locator("#end-tutorial-text").inner_text()
    screenshot(page, f"tutorial-{game}-end-{lang}-{viewport['width']}")
    page.get_by_role("button", name=WORDS[lang]["easy"]).click()
    expect(page.locator("#tutorial")).to_be_hidden()
    expect(page.locator("#undo")).to_be_visible()
    seats = page.evaluate("window.pygamesDebug.match.seats")
    assert seats[1]["bot"] == "easy" and seats[0]["bot"] is None


def test_a_lesson_can_be_skipped_and_the_game_goes_on(site: tuple[Page, Guard]) -> None:
    page, guard = site
    page.goto(guard.origin + "/?fast=1&debug=1")
    choose_seats(page, "tanbo", ["", "normal"])
    page.get_by_role("button", name="Learn to play").click()
    expect(page.locator("#tutorial")).to_be_visible(timeout=ENGINE_TIMEOUT_MS)
    page.get_by_role("button", name="Skip the lesson").click()
    expect(page.locator("#tutorial")).to_be_hidden()
    assert wait_turn(page) == "human"
    before = board_state(page)["step"]
    page.locator("#board .legal").last.click()  # any move now
    wait_moved(page, before)
