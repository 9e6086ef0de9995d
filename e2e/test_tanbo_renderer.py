"""The Tanbo renderer on its dev harness (web/dev/tanbo.html): fixture views, no Python.

Checks the renderer contract: exactly one element per legal action, each with a name in words,
the class "legal" and its JSON in data-action; clicks, keys and the swap picker call act();
busy tables and non-legal things do nothing; the table fits a 360 px screen.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from playwright.sync_api import Page

from .conftest import screenshot
from .harness import open_harness

FIXTURES_JS = """async () => {
  const m = await import('./tanbo-fixtures.js');
  return Object.fromEntries(Object.entries(m.fixtures).map(([k, f]) => [k, f.legal]));
}"""


def open_fixture(guard_factory: Any, base_url: str, name: str = "", **ctx: Any) -> Page:
    return open_harness(guard_factory, base_url, "tanbo", ".tanbo", name, **ctx)


def acted(page: Page) -> list[dict[str, Any]]:
    return page.evaluate("() => window.actLog")  # type: ignore[no-any-return]


def test_every_fixture_draws_exactly_its_legal_actions(guard_factory: Any, base_url: str) -> None:
    page = open_fixture(guard_factory, base_url)
    legal_by_fixture: dict[str, list[dict[str, Any]]] = page.evaluate(FIXTURES_JS)
    assert len(legal_by_fixture) >= 7
    for name, legal in legal_by_fixture.items():
        page.select_option("#pick", name)
        choices = page.locator("#root [data-action]")
        drawn = [
            json.loads(choices.nth(i).get_attribute("data-action") or "")
            for i in range(choices.count())
        ]
        assert sorted(map(json.dumps, drawn)) == sorted(map(json.dumps, legal)), name
        for i in range(choices.count()):
            el = choices.nth(i)
            assert "legal" in (el.get_attribute("class") or "").split(), name
            assert (el.get_attribute("aria-label") or "").strip(), name
            tag = el.evaluate("e => e.tagName.toLowerCase()")
            assert tag == "button" or (
                el.get_attribute("role") == "button" and el.get_attribute("tabindex") == "0"
            ), name
        screenshot(page, "tanbo-" + "".join(c if c.isalnum() else "-" for c in name))


def test_labels_speak_the_game(guard_factory: Any, base_url: str) -> None:
    page = open_fixture(guard_factory, base_url, "movement (hand + path)")
    assert page.get_by_role("button", name="Place Red Rice next (into paddy 1)").count() == 1
    page.select_option("#pick", "farmer setup (your choice)")
    assert page.get_by_role("button", name="Put your Farmer in paddy 2").count() == 1
    page.select_option("#pick", "harvest choice")
    assert page.get_by_role("button", name="Take Black Rice").count() == 1
    page.select_option("#pick", "excess removal")
    assert page.get_by_role("button", name="Remove a Snake from paddy 2").count() == 1
    page.select_option("#pick", "swap pending (you swap)")
    assert (
        page.get_by_role("button", name="Swap Snake in paddy 1 with Red Rice in paddy 3").count()
        == 1
    )


def test_click_and_keyboard_call_act(guard_factory: Any, base_url: str) -> None:
    page = open_fixture(guard_factory, base_url, "movement (hand + path)")
    page.get_by_role("button", name="Place your Farmer next (into paddy 1)").click()
    assert acted(page)[-1] == {"type": "place", "token": "farmer"}

    page.select_option("#pick", "farmer setup (your choice)")
    sector = page.get_by_role("button", name="Put your Farmer in paddy 4")
    sector.focus()
    page.keyboard.press("Space")
    assert acted(page)[-1] == {"type": "farmer", "paddy": 3}
    page.keyboard.press("Enter")
    assert acted(page)[-1] == {"type": "farmer", "paddy": 3}


def test_swap_picker_two_clicks(guard_factory: Any, base_url: str) -> None:
    page = open_fixture(guard_factory, base_url, "swap pending (you swap)")
    page.get_by_role("button", name="Choose Red Rice in paddy 3 to swap").click()
    partners = page.locator("#root [data-action]")
    drawn = [
        json.loads(partners.nth(i).get_attribute("data-action") or "")
        for i in range(partners.count())
    ]
    assert drawn and all([2, "red"] in (a["a"], a["b"]) for a in drawn)
    screenshot(page, "tanbo-swap-picked")
    page.get_by_role("button", name="Swap Red Rice in paddy 3 with Farmer in paddy 4").click()
    assert acted(page)[-1] == {"type": "swap", "a": [2, "red"], "b": [3, "farmer"]}
    # Cancelling the first pick brings the full list back (the harness does not re-render on act).
    page.get_by_role("button", name="Choose another first token").click()
    assert page.locator("#root [data-action]").count() > len(drawn)
    page.get_by_role("button", name="Choose Snake in paddy 5 to swap").click()
    page.get_by_role("button", name="Cancel: Snake in paddy 5 is chosen").click()
    assert page.locator("#root [data-action]").count() > len(drawn)


def test_busy_and_waiting_tables_do_nothing(guard_factory: Any, base_url: str) -> None:
    page = open_fixture(guard_factory, base_url, "harvest choice")
    page.check("#busy")
    page.locator("#root [data-action]").first.click(force=True)
    assert acted(page) == []
    for name in (
        "farmer setup (bot's choice)",
        "movement (bot sowing)",
        "swap pending (bot swaps)",
        "game over",
    ):
        page.select_option("#pick", name)
        assert page.locator("#root [data-action], #root [data-pick]").count() == 0, name
        page.locator("#root .ring").first.click()
    assert acted(page) == []


@pytest.mark.parametrize(
    "name", ["movement (hand + path)", "swap pending (you swap)", "excess removal"]
)
def test_fits_a_small_phone(guard_factory: Any, base_url: str, name: str) -> None:
    page = open_fixture(guard_factory, base_url, name, viewport={"width": 360, "height": 740})
    overflow = page.evaluate("() => document.documentElement.scrollWidth")
    assert overflow <= 360
    screenshot(page, "tanbo-360-" + "".join(c if c.isalnum() else "-" for c in name))
