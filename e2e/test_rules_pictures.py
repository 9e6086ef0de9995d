"""The rules page's pictures: every rulebook example drawn with its table's own pieces from
js/pictures.json, in the reader's language and redrawn when it changes, on a phone and a
desktop, with nothing cut off and nothing asked of another origin."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Page, expect

from .a11y import assert_accessible
from .conftest import screenshot
from .test_language import english_left

SIZES = {"phone": {"width": 360, "height": 740}, "desktop": {"width": 1366, "height": 768}}

# Every picture: something drawn (an SVG of the table's pieces) in every [data-picture].
DRAWN = """() => [...document.querySelectorAll('[data-picture]')].map((el) => [
  el.getAttribute('data-picture'), el.querySelectorAll('svg').length,
])"""
# A picture wider than the page: its box reaches past the main column.
WIDER = """() => {
  const main = document.querySelector('main').getBoundingClientRect();
  return [...document.querySelectorAll('[data-picture]')]
    .filter((el) => el.scrollWidth > el.clientWidth + 1
      || el.getBoundingClientRect().right > main.right + 1)
    .map((el) => el.getAttribute('data-picture'));
}"""


@pytest.mark.parametrize("size", SIZES)
def test_every_picture_is_drawn_and_fits(guard_factory: Any, base_url: str, size: str) -> None:
    page: Page
    page, guard = guard_factory(base_url, locale="en-GB", viewport=SIZES[size])
    page.goto(base_url + "rules.html")
    expect(page.locator("body")).to_have_attribute("data-pictures", "drawn")
    drawn = page.evaluate(DRAWN)
    assert len(drawn) == 14
    assert [pid for pid, svgs in drawn if svgs == 0] == []
    assert page.evaluate(WIDER) == []
    # What the pictures say is the engine's: the samples' totals, the tea party's winner.
    winter = page.locator('[data-picture="humble_tea_party:winter_sample"]')
    expect(winter.locator(".htp-pic-total")).to_have_text("Total 7")
    autumn = page.locator('[data-picture="humble_tea_party:autumn_sample"]')
    expect(autumn.locator(".htp-pic-total")).to_have_text("Total 4")
    party = page.locator('[data-picture="storm_in_a_teacup:tea_party"]')
    expect(party.locator(".storm-pic-seat.wins .storm-pic-name")).to_have_text("Martino")
    harvest = page.locator('[data-picture="tanbo:harvest"]')
    expect(harvest.locator(".tanbo-pic-effect")).to_have_text("Harvest: take 3 Yellow Rice, +9")
    expect(harvest.get_by_role("listitem")).to_have_attribute(
        "aria-label", "Paddy 1: 1 Snake, 4 Yellow Rice"
    )
    assert_accessible(page, f"the rules page with its pictures ({size})")
    screenshot(page, f"rules-pictures-{size}")
    assert guard.foreign == []


def test_the_pictures_follow_the_language(guard_factory: Any, base_url: str) -> None:
    page, _ = guard_factory(base_url, locale="en-GB", viewport=SIZES["phone"])
    page.goto(base_url + "rules.html#storm_in_a_teacup")
    expect(page.locator("body")).to_have_attribute("data-pictures", "drawn")
    party = page.locator('[data-picture="storm_in_a_teacup:tea_party"]')
    expect(party.locator(".storm-pic-name").first).to_have_text("Cathy")
    page.get_by_label("Language").select_option("ja")
    expect(page.locator("html")).to_have_attribute("lang", "ja")
    expect(party.locator(".storm-pic-name").first).to_have_text("キャシー")
    expect(page.locator('[data-picture="tanbo:cultivate"] .tanbo-pic-effect')).to_have_text(
        "耕す：袋から米を3個ランダムに引く"  # noqa: RUF001 (the Japanese colon)
    )
    # The card faces name their colour in Japanese too (the sprite is redrawn).
    face = page.locator("#picture-sprites symbol#storm-face-tea text").last
    expect(face).to_have_text("紅茶")
    assert english_left(page, "main") == []
    assert_accessible(page, "the rules page's pictures in Japanese")
    screenshot(page, "rules-pictures-ja-phone")


def test_the_words_stand_without_the_pictures(guard_factory: Any, base_url: str) -> None:
    """A pictures file that cannot be read leaves the rules readable and says nothing wrong."""
    page, guard = guard_factory(base_url, locale="en-GB", viewport=SIZES["phone"])
    page.route("**/js/pictures.json", lambda route: route.fulfill(status=404, body="gone"))
    page.goto(base_url + "rules.html")
    expect(page.locator("body")).to_have_attribute("data-pictures", "missing")
    expect(page.locator("#tanbo-title")).to_have_text("Tanbo")
    expect(page.get_by_text("You win at once with 25 points")).to_be_visible()
    assert page.locator("[data-picture] svg").count() == 0
    # The one failure is the one made here (the browser logs the 404 as well).
    assert [f for f in guard.failures if "pictures.json" not in f] == []
    assert [e for e in guard.errors if "404" not in e] == []
    guard.failures.clear()
    guard.errors.clear()
