"""The Humble Tea Party renderer on its dev harness (web/dev/humble_tea_party.html): fixture
views, no Python. Checks the renderer contract: every final choice is a named, legal element
carrying its action; picks (a sweet, then a target) lead to exactly the legal cells; secrets
stay out; the table fits a phone."""

from __future__ import annotations

import json
from typing import Any

from playwright.sync_api import Page

from .conftest import screenshot
from .harness import drawn_choices, open_harness

FIXTURES_JS = """async () => {
  const m = await import('./htp-fixtures.js');
  return Object.fromEntries(Object.entries(m.fixtures).map(([k, f]) => [k,
    {legal: f.legal, optional: f.optional ?? [], seats: f.seats, seat: f.seat, view: f.view}]));
}"""


def open_fixture(guard_factory: Any, base_url: str, name: str = "", **ctx: Any) -> Page:
    return open_harness(guard_factory, base_url, "humble_tea_party", ".htp", name, **ctx)


def test_every_fixture_draws_only_legal_choices(guard_factory: Any, base_url: str) -> None:
    page = open_fixture(guard_factory, base_url)
    fixtures: dict[str, Any] = page.evaluate(FIXTURES_JS)
    assert len(fixtures) >= 8
    for name, f in fixtures.items():
        page.select_option("#pick", name)
        legal = [json.dumps(a, sort_keys=True) for a in f["legal"]]
        human_tea = [
            json.dumps({"type": "tea", "asSeat": o["seat"]}, sort_keys=True)
            for o in f["optional"]
            if not f["seats"][o["seat"]]["bot"] and {"type": "tea"} in o["legal"]
        ]
        for action in drawn_choices(page):
            key = json.dumps(action, sort_keys=True)
            assert key in legal or key in human_tea, (name, action)
        # Keeps and Teas are drawn at once; placements once a sweet and a target are picked.
        shown = {json.dumps(a, sort_keys=True) for a in drawn_choices(page)}
        for a in f["legal"]:
            if a["type"] != "place":
                assert json.dumps(a, sort_keys=True) in shown, (name, a)
        assert set(human_tea) <= shown, name
        screenshot(page, "htp-" + "".join(c if c.isalnum() else "-" for c in name))


def test_sweet_then_target_then_cell(guard_factory: Any, base_url: str) -> None:
    page = open_fixture(guard_factory, base_url, "phase 2 (your turn, Tea out)")
    fixtures: dict[str, Any] = page.evaluate(FIXTURES_JS)
    legal = fixtures["phase 2 (your turn, Tea out)"]["legal"]
    assert drawn_choices(page) == []
    page.locator('[data-pick-deck="0"]').click()
    targets = {
        int(t.get_attribute("data-pick-target") or "")
        for t in page.locator("button[data-pick-target]").all()
    }
    assert targets == {a["target"] for a in legal if a["deck"] == 0}
    assert 2 not in targets, "Mei is having Tea: nobody may place there"
    page.get_by_role("button", name="Recommend to Kenji").click()
    want = sorted(
        json.dumps(a, sort_keys=True) for a in legal if a["deck"] == 0 and a["target"] == 1
    )
    assert sorted(json.dumps(a, sort_keys=True) for a in drawn_choices(page)) == want
    page.locator("#root .htp-cell.spot").first.click()
    acted = page.evaluate("() => window.actLog")
    assert acted[-1]["type"] == "place" and acted[-1]["target"] == 1 and acted[-1]["deck"] == 0
    label = page.locator("#root .htp-cell.spot").first.get_attribute("aria-label") or ""
    assert label.startswith("Recommend ") and "Kenji" in label and "row" in label


def test_tea_for_another_human_seat_and_while_a_bot_thinks(
    guard_factory: Any, base_url: str
) -> None:
    page = open_fixture(guard_factory, base_url, "bot places, humans may Get Tea")
    # A bot is placing: the table is busy, but Tea may still be taken (ruling H11).
    page.get_by_role("button", name="Get Tea (Mei)").click()
    page.get_by_role("button", name="Get Tea (Aiko)").click()
    assert page.evaluate("() => window.actLog") == [{"type": "tea", "asSeat": 2}, {"type": "tea"}]
    assert page.get_by_role("button", name="Get Tea (Yui)").count() == 0, (
        "bots decide their own Tea"
    )


def test_secrets_and_tiles_in_words(guard_factory: Any, base_url: str) -> None:
    page = open_fixture(guard_factory, base_url, "phase 2 (your turn, Tea out)")
    marks = page.evaluate(
        "() => [...document.querySelectorAll('[data-favourite]')].map(e => e.dataset.favourite)"
    )
    assert marks == ["0:spring", "1:?", "2:?", "3:?"]
    tile = page.locator('#root .htp-box[data-seat="1"] .htp-tile').first
    assert "crest" in (tile.get_attribute("aria-label") or "")
    page.select_option("#pick", "6 players, Team Battle")
    marks = page.evaluate(
        "() => [...document.querySelectorAll('[data-favourite]')].map(e => e.dataset.favourite)"
    )
    assert marks[:2] == ["0:winter", "1:autumn"] and all(m.endswith(":?") for m in marks[2:])


def test_fits_a_phone(guard_factory: Any, base_url: str) -> None:
    page = open_fixture(
        guard_factory,
        base_url,
        "phase 2 (tile + target picked)",
        viewport={"width": 360, "height": 800},
    )
    for name in ["phase 2 (tile + target picked)", "6 players, Team Battle", "game over"]:
        page.select_option("#pick", name)
        wide = page.evaluate("() => document.documentElement.scrollWidth")
        assert wide <= 360, (name, wide)
    screenshot(page, "htp-360-game-over")
