"""The Storm in a Teacup renderer on its dev harness (web/dev/storm_in_a_teacup.html): fixture
views taken from the engine, no Python in the page. Checks the renderer contract: every final
choice is a named, legal button carrying its action; a run is chosen by its first and last
card (or the keyboard) and named live; a run that makes no combination is refused with a
message and nothing is sent; only the seat's own hand is in the page; the table fits a phone."""

from __future__ import annotations

import json
from typing import Any

from playwright.sync_api import Page, expect

from pygames.core import Rng
from pygames.games import get_game
from pygames.storm_in_a_teacup.combinations import combination_of

from .conftest import screenshot
from .harness import drawn_choices, open_harness

FIXTURES_JS = """async () => {
  const m = await import('./storm-fixtures.js');
  return m.fixtures;
}"""
SERVING = "serving: your turn, a run selected"


def open_fixture(guard_factory: Any, base_url: str, name: str = "", **ctx: Any) -> Page:
    return open_harness(guard_factory, base_url, "storm_in_a_teacup", ".storm", name, **ctx)


def click_card(page: Page, i: int, **kw: Any) -> None:
    """Click a hand card on its index strip (the part that shows when cards overlap)."""
    page.locator(f'#root [data-hand-index="{i}"]').click(position={"x": 6, "y": 30}, **kw)


def key(a: dict[str, Any]) -> str:
    return json.dumps(a, sort_keys=True)


def test_fixtures_are_the_engines_views(guard_factory: Any, base_url: str) -> None:
    """Each fixture's legal list is what the engine gives for a state rebuilt from its view."""
    page = open_fixture(guard_factory, base_url)
    fixtures: dict[str, Any] = page.evaluate(FIXTURES_JS)
    game = get_game("storm_in_a_teacup")
    for name, f in fixtures.items():
        if f["view"]["over"]:
            continue
        state = game.state_from_view(f["view"], f["seat"], Rng(1))
        legal = [a.to_json() for a in state.legal_actions(f["seat"])]
        assert legal == f["legal"], name


def test_every_fixture_draws_only_legal_choices(guard_factory: Any, base_url: str) -> None:
    page = open_fixture(guard_factory, base_url)
    fixtures: dict[str, Any] = page.evaluate(FIXTURES_JS)
    assert len(fixtures) >= 7
    for name, f in fixtures.items():
        page.select_option("#pick", name)
        legal = {key(a) for a in f["legal"]}
        shown = [key(a) for a in drawn_choices(page)]
        assert set(shown) <= legal, name
        discards = [key(a) for a in f["legal"] if a["type"] == "discard"]
        assert sorted(k for k in shown if '"discard"' in k) == sorted(discards), name
        if discards:
            first = page.locator("#root .storm-discard").first
            assert key(json.loads(first.get_attribute("data-action") or "")) == discards[0]
            assert "default" in (first.get_attribute("class") or "").split(), name
        # Only the seat's own hand is in the page; other hands and stocks are counts.
        table = f["view"]["table"]
        seats = page.evaluate(
            "() => [...document.querySelectorAll('[data-hand-seat]')].map(e => e.dataset.handSeat)"
        )
        assert seats == [str(f["seat"])] * len(table["hand"]), name
        kinds = page.evaluate(
            "() => [...document.querySelectorAll('[data-hand-index]')].map(e => e.dataset.kind)"
        )
        assert kinds == table["hand"], name
        for s, n in enumerate(table["hand_sizes"]):
            panel = page.locator(f'#root .storm-seat[data-seat="{s}"]')
            assert panel.get_attribute("data-hand-size") == str(n)
            assert panel.get_attribute("data-stock-size") == str(table["stock_sizes"][s])
        slug = "".join(c if c.isalnum() else "-" for c in name)
        screenshot(page, f"storm-{slug}")


def test_first_and_last_card_make_a_run(guard_factory: Any, base_url: str) -> None:
    page = open_fixture(guard_factory, base_url, "6 players: serving")
    fixtures: dict[str, Any] = page.evaluate(FIXTURES_JS)
    f = fixtures["6 players: serving"]
    hand = f["view"]["table"]["hand"]
    assert drawn_choices(page) == [], "nothing to send before a run is chosen"
    expect(page.locator("#root .storm-selection")).to_contain_text("No run selected")
    # The longest legal run, chosen by clicking its first and then its last card.
    run = max((a for a in f["legal"]), key=lambda a: a["length"])
    click_card(page, run["start"])
    click_card(page, run["start"] + run["length"] - 1)
    assert drawn_choices(page) == [run]
    serve = page.locator("#root .storm-serve.legal")
    expect(serve).to_have_text(f"Serve these {run['length']} cards")
    cards = hand[run["start"] : run["start"] + run["length"]]
    counts = [cards.count(k) for k in ("tea", "milk", "lemon")]
    combination = combination_of(counts)
    assert combination is not None
    words = " + ".join(
        f"{n} {k}" for n, k in zip(counts, ("Tea", "Milk", "Lemon"), strict=True) if n
    )
    expect(page.locator("#root .storm-selection")).to_contain_text(f"{combination.name}: {words}")
    assert page.locator("#root .storm-card.in-hand.picked").count() == run["length"]
    serve.click()
    assert page.evaluate("() => window.actLog") == [run]
    # Clicking the only selected card again clears; a single card is a run of its own.
    page.get_by_role("button", name="Clear").click()
    click_card(page, 0)
    assert drawn_choices(page) == [{"type": "serve", "start": 0, "length": 1}]
    click_card(page, 0)
    assert drawn_choices(page) == []


def test_refused_run_says_why_and_sends_nothing(guard_factory: Any, base_url: str) -> None:
    page = open_fixture(guard_factory, base_url, "serving: a refused selection")
    # The harness selected cards 4-6: Tea, Tea, Milk.
    refusal = page.locator("#root .storm-refusal")
    expect(refusal).to_contain_text("2 Tea and 1 Milk is no combination")
    expect(refusal).to_contain_text("Milk Tea needs equal numbers of Tea and Milk")
    assert drawn_choices(page) == []
    page.locator("#root .storm-serve.refused").click(force=True)  # aria-disabled, still clickable
    expect(page.locator("#root .storm-selection.refused.tried")).to_have_count(1)
    assert page.evaluate("() => window.actLog") == []
    screenshot(page, "storm-refused-run")


def test_keyboard_selects_a_run(guard_factory: Any, base_url: str) -> None:
    page = open_fixture(guard_factory, base_url, "serving: a refused selection")
    page.get_by_role("button", name="Clear").click()
    card = page.locator('#root [data-hand-index="7"]')
    card.focus()
    page.keyboard.press("Enter")
    for _ in range(3):
        page.keyboard.press("Shift+ArrowRight")
    # Cards 8-11 of this hand are Tea, Tea, Milk, Milk.
    assert drawn_choices(page) == [{"type": "serve", "start": 7, "length": 4}]
    expect(page.locator("#root .storm-selection")).to_contain_text("Milk Tea: 2 Tea + 2 Milk")
    page.keyboard.press("Escape")
    assert drawn_choices(page) == []


def test_quick_pick_selects_the_lead_combination(guard_factory: Any, base_url: str) -> None:
    page = open_fixture(guard_factory, base_url, SERVING)
    lead = page.locator("#root .storm-quick.matches-lead")
    expect(lead).to_have_count(1)
    expect(lead).to_contain_text("Tea")
    lead.click()
    expect(page.locator("#root .storm-fit.yes")).to_have_text("matches the lead")
    (action,) = drawn_choices(page)
    assert action["type"] == "serve" and action["length"] == int(
        lead.get_attribute("data-select-length") or "0"
    )


def test_tea_party_explains_the_winner(guard_factory: Any, base_url: str) -> None:
    page = open_fixture(guard_factory, base_url, "tea party: your discards (you won)")
    party = page.locator("#root .storm-party")
    expect(party).to_contain_text("Aiko wins the tea party")
    expect(party).to_contain_text("tied with Mei; the later reveal wins the tie")
    expect(party).to_contain_text("all to their stock: Sora: 2 cards · Kenji: 2 cards")
    expect(page.locator('#root .storm-slot.lead[data-seat="2"]')).to_have_count(1)
    expect(page.locator("#root .storm-slot.winner")).to_have_attribute("data-seat", "0")
    default = page.locator("#root .storm-discard.default")
    expect(default).to_contain_text("Discard 2 Tea and 1 Milk")
    nothing = "Discard nothing: keep every revealed card in your stock; 4 cards to your stock"
    page.get_by_role("button", name=nothing).click()
    assert page.evaluate("() => window.actLog") == [
        {"type": "discard", "tea": 0, "milk": 0, "lemon": 0}
    ]
    page.select_option("#pick", "tea party: a bot discards")
    assert drawn_choices(page) == []
    expect(page.locator('#root .storm-discards li[data-seat="0"]')).to_contain_text(
        "discarded 2 Tea and 1 Milk; 1 card to stock"
    )


def test_fits_a_phone(guard_factory: Any, base_url: str) -> None:
    page = open_fixture(guard_factory, base_url, SERVING, viewport={"width": 360, "height": 800})
    names = page.evaluate("() => [...document.querySelectorAll('#pick option')].map(o => o.value)")
    for name in names:
        page.select_option("#pick", name)
        wide = page.evaluate("() => document.documentElement.scrollWidth")
        assert wide <= 360, (name, wide)
        if name in (SERVING, "tea party: your discards (you won)"):
            slug = "".join(c if c.isalnum() else "-" for c in name)
            screenshot(page, f"storm-360-{slug}")
    # On a phone the hand overlaps, yet every card's index strip can be clicked.
    page.select_option("#pick", "6 players: serving")
    click_card(page, 2)
    click_card(page, 3)
    assert len(drawn_choices(page)) <= 1
    expect(page.locator("#root .storm-card.in-hand.picked")).to_have_count(2)
