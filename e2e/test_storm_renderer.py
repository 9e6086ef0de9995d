"""The Storm in a Teacup renderer on its dev harness (web/dev/storm_in_a_teacup.html): fixture
views taken from the engine (tests/test_storm_fixtures.py writes them), no Python in the page.

Checks the renderer contract: every final choice is a named, legal button carrying its action;
a run is chosen by its first and last card (or the keyboard) and named live; a run that makes
no combination is refused with the engine's reason and nothing is sent; only the seat's own
hand is in the page. And layout: the own hand ([data-stay]) does not move through whole games
at 1366 x 768 and 360 x 740; prompt and choices are in view at 1366 x 768 with 2 to 6 players;
seat tiles never clip; a phone hand has 24 x 24 px targets; each player's last move is written
in their tile (bots marked); stock colours follow the Memory aid option (ruling S8); the full
view of a finished game shows every hand; replays are read-only; a served run travels (and
nothing moves with reduced motion); plurals; the first choice is the best one for keyboards;
axe-core finds nothing at desktop and phone sizes."""

from __future__ import annotations

import itertools
import json
import re
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from pygames.core import Rng
from pygames.games import get_game
from pygames.storm_in_a_teacup.combinations import combination_of, why_not

from .a11y import assert_accessible
from .conftest import screenshot, soak_beyond
from .harness import drawn_choices, endless_animations, open_harness
from .layout import StayWatch, assert_fits_width, choices_out_of_view

FIXTURES_JS = """async () => {
  const m = await import('./storm-fixtures.js');
  return m.fixtures;
}"""
SEQUENCES_JS = """async () => {
  const m = await import('./storm-fixtures.js');
  return Object.fromEntries(Object.entries(m.sequences).map(([k, g]) => [k, g.steps.length]));
}"""
SERVING = "serving: your turn, a run selected"
LEAD = "serving: you lead"
WON = "tea party: your discards (you won)"
AID_ON = "mid-game: stocks and a prepared hand, memory aid on"
AID_OFF = "mid-game: stocks and a prepared hand, memory aid off"
EVERYTHING = "everything: game over"
DESKTOP = {"width": 1366, "height": 768}
PHONE = {"width": 360, "height": 740}
KINDS = ("tea", "milk", "lemon")
TITLES = ("Tea", "Milk", "Lemon")


# Resolves once the hand's row has kept its scroll position over two frames (at most 3 s).
SETTLED_JS = """() => new Promise((done) => {
  const row = document.querySelector('#root .storm-hand-row');
  const until = performance.now() + 3000;
  let last = row.scrollLeft;
  const check = () => requestAnimationFrame(() => requestAnimationFrame(() => {
    if (row.scrollLeft === last || performance.now() > until) done(true);
    else { last = row.scrollLeft; check(); }
  }));
  check();
})"""


def open_fixture(guard_factory: Any, base_url: str, name: str = "", **ctx: Any) -> Page:
    return open_harness(guard_factory, base_url, "storm_in_a_teacup", ".storm", name, **ctx)


def open_site_frame(guard_factory: Any, base_url: str, viewport: dict[str, int]) -> Page:
    """The harness with the table where the shell puts it (board at y = 96 px, 1066 px wide)."""
    url = base_url + "dev/storm_in_a_teacup.html?frame=site"
    page: Page
    page, _ = guard_factory(url, viewport=viewport)
    page.goto(url)
    page.wait_for_selector("#root .storm")
    return page


def fixtures_of(page: Page) -> dict[str, Any]:
    return page.evaluate(FIXTURES_JS)  # type: ignore[no-any-return]


def click_card(page: Page, i: int, **kw: Any) -> None:
    page.locator(f'#root [data-hand-index="{i}"]').click(**kw)


def key(a: dict[str, Any]) -> str:
    return json.dumps(a, sort_keys=True)


def words(counts: dict[str, int]) -> str:
    """'2 Tea and 1 Lemon', as the renderer says it."""
    parts = [f"{counts[k]} {t}" for k, t in zip(KINDS, TITLES, strict=True) if counts.get(k)]
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]


def counts_of(cards: list[str]) -> dict[str, int]:
    return {k: cards.count(k) for k in KINDS}


def slug(name: str) -> str:
    return "".join(c if c.isalnum() else "-" for c in name)


# --------------------------------------------------------------------------- the contract


def test_fixtures_are_the_engines_views(guard_factory: Any, base_url: str) -> None:
    """Each fixture's legal list is what the engine gives for a state rebuilt from its view."""
    page = open_fixture(guard_factory, base_url)
    game = get_game("storm_in_a_teacup")
    for name, f in fixtures_of(page).items():
        if f["view"]["over"] or f.get("replay"):
            continue
        state = game.state_from_view(f["view"], f["seat"], Rng(1))
        legal = [a.to_json() for a in state.legal_actions(f["seat"])]
        assert legal == f["legal"], name


def test_every_fixture_draws_only_legal_choices(guard_factory: Any, base_url: str) -> None:
    page = open_fixture(guard_factory, base_url)
    fixtures = fixtures_of(page)
    assert len(fixtures) >= 15
    for name, f in fixtures.items():
        page.select_option("#pick", name)
        assert endless_animations(page) == [], name
        legal = {key(a) for a in f["legal"]}
        shown = [key(a) for a in drawn_choices(page)]
        assert set(shown) <= legal, name
        discards = [key(a) for a in f["legal"] if a["type"] == "discard"]
        assert sorted(k for k in shown if '"discard"' in k) == sorted(discards), name
        if discards:
            first = page.locator("#root .storm-discard").first
            assert key(json.loads(first.get_attribute("data-action") or "")) == discards[0]
            assert "default" in (first.get_attribute("class") or "").split(), name
        # Exactly one element stays put, and one prompt the shell can focus.
        assert page.locator("#root [data-stay]").count() == 1, name
        prompt = page.locator("#root [data-prompt]")
        assert prompt.count() == 1 and prompt.get_attribute("tabindex") == "-1", name
        table = f["view"]["table"]
        seats = page.evaluate(
            "() => [...document.querySelectorAll('[data-hand-seat]')].map(e => e.dataset.handSeat)"
        )
        kinds = page.evaluate(
            "() => [...document.querySelectorAll('[data-hand-index]')].map(e => e.dataset.kind)"
        )
        if f["view"].get("everything"):
            assert seats == [] and kinds == [], name
        else:
            # Only the seat's own hand is in the page (ruling S8).
            assert seats == [str(f["seat"])] * len(table["hand"]), name
            assert kinds == table["hand"], name
        for s, n in enumerate(table["hand_sizes"]):
            panel = page.locator(f'#root .storm-seat[data-seat="{s}"]')
            assert panel.get_attribute("data-hand-size") == str(n)
            assert panel.get_attribute("data-stock-size") == str(table["stock_sizes"][s])
        screenshot(page, f"storm-{slug(name)}")


def test_first_and_last_card_make_a_run(guard_factory: Any, base_url: str) -> None:
    page = open_fixture(guard_factory, base_url, LEAD)
    f = fixtures_of(page)[LEAD]
    hand = f["view"]["table"]["hand"]
    assert drawn_choices(page) == [], "nothing to send before a run is chosen"
    expect(page.locator("#root .storm-selection")).to_contain_text("No run selected")
    run = max(f["legal"], key=lambda a: a["length"])
    click_card(page, run["start"])
    click_card(page, run["start"] + run["length"] - 1)
    assert drawn_choices(page) == [run]
    serve = page.locator("#root .storm-serve.legal")
    n = run["length"]
    expect(serve).to_have_text("Serve this card" if n == 1 else f"Serve these {n} cards")
    counts = counts_of(hand[run["start"] : run["start"] + n])
    combination = combination_of([counts[k] for k in KINDS])
    assert combination is not None
    plus = " + ".join(f"{counts[k]} {t}" for k, t in zip(KINDS, TITLES, strict=True) if counts[k])
    expect(page.locator("#root .storm-selection")).to_contain_text(f"{combination.name}: {plus}")
    assert page.locator("#root .storm-card.in-hand.picked").count() == n
    serve.click()
    assert page.evaluate("() => window.actLog") == [run]
    # Clicking the only selected card again clears; a single card is a run of its own.
    page.get_by_role("button", name="Clear").click()
    click_card(page, 0)
    assert drawn_choices(page) == [{"type": "serve", "start": 0, "length": 1}]
    expect(page.locator("#root .storm-serve.legal")).to_have_text("Serve this card")
    click_card(page, 0)
    assert drawn_choices(page) == []


def test_refused_run_gives_the_engines_reason_and_sends_nothing(
    guard_factory: Any, base_url: str
) -> None:
    name = "serving: a refused selection"
    page = open_fixture(guard_factory, base_url, name)
    f = fixtures_of(page)[name]
    sel = f["select"]
    run = f["view"]["table"]["hand"][sel["start"] : sel["start"] + sel["length"]]
    reason = str(why_not([run.count(k) for k in KINDS]))  # the engine's own words
    expect(page.locator("#root .storm-refusal")).to_contain_text(reason)
    assert drawn_choices(page) == []
    page.locator("#root .storm-serve.refused").click(force=True)  # aria-disabled, still clickable
    expect(page.locator("#root .storm-selection.refused.tried")).to_have_count(1)
    assert page.evaluate("() => window.actLog") == []
    screenshot(page, "storm-refused-run")


def test_keyboard_selects_a_run(guard_factory: Any, base_url: str) -> None:
    page = open_fixture(guard_factory, base_url, LEAD)
    f = fixtures_of(page)[LEAD]
    run = max((a for a in f["legal"] if a["start"] > 0), key=lambda a: a["length"])
    assert run["length"] >= 2
    page.locator(f'#root [data-hand-index="{run["start"]}"]').focus()
    page.keyboard.press("Enter")
    for _ in range(run["length"] - 1):
        page.keyboard.press("Shift+ArrowRight")
    assert drawn_choices(page) == [run]
    page.keyboard.press("Escape")
    assert drawn_choices(page) == []
    # Arrows move between cards; the hand is one tab stop.
    assert page.locator('#root [data-hand-index][tabindex="0"]').count() == 1


def test_the_first_choice_is_the_best_and_a_serve_takes_two_keys(
    guard_factory: Any, base_url: str
) -> None:
    """When a decision begins the shell focuses [data-first-choice] (else the first .legal in
    DOM order): here the quick pick of the longest run matching the lead; Enter selects it and
    Serve gets the focus, Enter serves. A quick pick is no final choice: it is not .legal."""
    page = open_fixture(guard_factory, base_url, SERVING)
    page.get_by_role("button", name="Clear").click()
    assert page.locator("#root .legal").count() == 0
    first = page.locator("#root [data-first-choice]")
    expect(first).to_have_count(1)
    expect(first).to_have_class(re.compile(r"\bstorm-quick\b.*\bmatches-lead\b"))
    f = fixtures_of(page)[SERVING]
    assert int(first.get_attribute("data-select-length") or "0") == f["select"]["length"]
    first.focus()
    page.keyboard.press("Enter")
    serve = page.locator("#root .storm-serve.legal")
    expect(serve).to_be_focused()
    page.keyboard.press("Enter")
    (action,) = page.evaluate("() => window.actLog")
    assert {"start": action["start"], "length": action["length"]} == f["select"]
    # Discards: the default (the most allowed) comes first.
    page.select_option("#pick", WON)
    first = page.locator("#root .legal:not([disabled])").first
    expect(first).to_have_class(re.compile(r"\bstorm-discard\b.*\bdefault\b"))
    first.focus()
    page.keyboard.press("Space")
    assert page.evaluate("() => window.actLog")[-1] == fixtures_of(page)[WON]["legal"][0]


def test_quick_pick_selects_the_lead_combination(guard_factory: Any, base_url: str) -> None:
    page = open_fixture(guard_factory, base_url, SERVING)
    lead = page.locator("#root .storm-quick.matches-lead")
    expect(lead).to_have_count(1)
    lead.click()
    # What serving it would do at the tea party: the engine's, as the round stands.
    start = int(lead.get_attribute("data-select-start") or "-1")
    length = int(lead.get_attribute("data-select-length") or "0")
    runs = fixtures_of(page)[SERVING]["view"]["table"]["runs"]
    run = next(r for r in runs if (r["start"], r["length"]) == (start, length))
    assert run["party"] in ("match_most", "match")
    fit = page.locator("#root .storm-fit.yes")
    expect(fit).to_contain_text("matches the lead")
    expect(fit).to_contain_text(
        f"discard {'up to ' if run['party'] == 'match_most' else ''}{run['discards']}"
    )
    (action,) = drawn_choices(page)
    assert action["type"] == "serve" and action["length"] == int(
        lead.get_attribute("data-select-length") or "0"
    )


def test_tea_party_explains_the_winner_and_offers_every_discard(
    guard_factory: Any, base_url: str
) -> None:
    page = open_fixture(guard_factory, base_url, WON)
    f = fixtures_of(page)[WON]
    table = f["view"]["table"]
    names = [s["name"] for s in f["seats"]]
    party = table["party"]
    expect(page.locator("#root .storm-party")).to_contain_text(
        f"{names[party['winner']]} wins the tea party"
    )
    lead = table["lead"]
    expect(page.locator(f'#root .storm-slot.lead[data-seat="{lead["seat"]}"]')).to_have_count(1)
    expect(page.locator("#root .storm-slot.winner")).to_have_attribute(
        "data-seat", str(party["winner"])
    )
    mine = next(r["cards"] for r in table["reveals"] if r["seat"] == f["seat"])
    default = f["legal"][0]
    first = page.locator("#root .storm-discard.default")
    plus = " + ".join(f"{default[k]} {t}" for k, t in zip(KINDS, TITLES, strict=True) if default[k])
    expect(first).to_contain_text(plus)
    assert (first.get_attribute("aria-label") or "").startswith(f"Discard {plus}: ")
    nothing = page.locator(
        '#root .storm-discard[data-action*="\\"tea\\":0,\\"milk\\":0,\\"lemon\\":0"]'
    )
    expect(nothing).to_have_attribute(
        "aria-label",
        "Discard nothing: "
        + (f"{len(mine)} cards to your stock" if len(mine) > 1 else "1 card to your stock"),
    )
    nothing.click()
    assert page.evaluate("() => window.actLog") == [
        {"type": "discard", "tea": 0, "milk": 0, "lemon": 0}
    ]
    page.select_option("#pick", "tea party: a bot discards")
    assert drawn_choices(page) == []
    expect(page.locator("#root [data-prompt]")).to_contain_text("(bot) is choosing discards")


# --------------------------------------------------------------------------- layout


# A phone's; the desktop's in the long run.
@pytest.mark.parametrize(
    "viewport",
    soak_beyond([PHONE], [DESKTOP, PHONE], ids=lambda v: "1366x768" if v is DESKTOP else "360x740"),
)
def test_the_own_hand_stays_put_through_whole_games(
    guard_factory: Any, base_url: str, viewport: dict[str, int]
) -> None:
    """Layout: the hand jumped between y = 492 and 928 px. Every redraw of a whole 4-player
    game and of 85 steps of a 6-player game (serving, prepares, tea parties, discards, the end)
    keeps the [data-stay] hand row within 8 px; at 1366 x 768 every prompt and choice of every
    decision is in view without scrolling (the board where the shell puts it)."""
    page = open_site_frame(guard_factory, base_url, viewport)
    games: dict[str, int] = page.evaluate(SEQUENCES_JS)
    assert set(games) == {"4 players", "6 players"}
    for name, steps in games.items():
        page.evaluate("() => { document.getElementById('root').replaceChildren(); }")
        page.evaluate("() => { window.__stay = undefined; }")
        watch = StayWatch(page)
        phases = set()
        decisions = 0
        for i in range(steps):
            info = page.evaluate("([n, i]) => showStep(n, i)", [name, i])
            phases.add(info["phase"])
            if info["decision"]:
                decisions += 1
                if viewport is DESKTOP:
                    assert choices_out_of_view(page, "#root") == [], (name, i, info["phase"])
                if decisions == 3:
                    screenshot(page, f"storm-sequence-{slug(name)}-{viewport['width']}")
        rects = [r for r in watch.rects() if r["height"]]
        assert len(rects) >= steps - 1, name
        assert watch.largest_jump() < 8, (name, sorted({round(r["top"]) for r in rects}))
        assert phases >= {"serving", "discard"} and decisions > 10, (name, phases)
        assert_fits_width(page, f"{name} at {viewport['width']} px")


AT_1366 = [
    "2 players: serving",
    "3 players: the host prepared, substitute lead",
    SERVING,
    WON,
    "6 players: serving",
    "6 players: tea party, your discards",
    "6 players: ten discard choices",
]
# A 3-player lead and a 6-player serving in the long run only.
AT_1366_LONG_RUN = {"3 players: the host prepared, substitute lead", "6 players: serving"}


@pytest.mark.parametrize(
    "name", soak_beyond([n for n in AT_1366 if n not in AT_1366_LONG_RUN], AT_1366)
)
def test_prompt_and_choices_in_view_at_1366(guard_factory: Any, base_url: str, name: str) -> None:
    """Layout: with 6 players the hand started at y = 765 and discards were below the fold."""
    page = open_site_frame(guard_factory, base_url, DESKTOP)
    page.select_option("#pick", name)
    f = fixtures_of(page)[name]
    assert choices_out_of_view(page, "#root") == []
    first = page.locator("#root [data-first-choice], #root .legal").first
    box = first.bounding_box() if f["legal"] else {"y": 0, "height": 0}
    assert box is not None and box["y"] >= 0 and box["y"] + box["height"] <= 768, (name, box)
    for i in range(page.locator("#root .storm-quick").count()):
        pick = page.locator("#root .storm-quick").nth(i).bounding_box()
        assert pick is not None and pick["y"] + pick["height"] <= 768, (name, pick)
    hand = page.locator("#root [data-stay]").bounding_box()
    assert hand is not None and hand["y"] + hand["height"] <= 768, hand
    if "6 players" in name:
        screenshot(page, f"storm-1366-{slug(name)}")


CLIPPED_JS = """() => {
  const out = [];
  for (const tile of document.querySelectorAll('#root .storm-seat, #root .storm-slot')) {
    const box = tile.getBoundingClientRect();
    for (const n of tile.querySelectorAll('*')) {
      if (n.closest('svg') || n.closest('.storm-slot-body') || !n.getClientRects().length) continue;
      const r = n.getBoundingClientRect();
      const outside = r.right > box.right - 1.5 || r.left < box.left + 1.5 ||
        r.bottom > box.bottom - 1.5 || r.top < box.top + 1.5;
      const hidden = n.scrollWidth > n.clientWidth + 1 &&
        getComputedStyle(n).overflow !== 'visible';
      const what = `"${n.textContent.trim().slice(0, 20)}"`;
      const where = `${tile.className} ${tile.dataset.seat ?? ''}`;
      if (outside || hidden) out.push(`${where}: ${n.className} ${what}`);
    }
  }
  return out;
}"""


@pytest.mark.parametrize("width", [320, 360, 1366])
def test_seat_tiles_never_clip(guard_factory: Any, base_url: str, width: int) -> None:
    """Clipping: "20 LEF" on phones and with 6 players, a last move "Served Milk Tea: 6 Te…"
    and an outcome "choo…" at 1366. Nothing in a seat's tile or a serving (but its cards, which
    overlap by design) is cut off or drawn outside it, at any width."""
    page = open_fixture(guard_factory, base_url, viewport={"width": width, "height": 800})
    names = [
        "6 players: serving",
        "6 players: tea party, your discards",
        "6 players: ten discard choices",
        AID_ON,
        "game over",
    ]
    for name in names:
        page.select_option("#pick", name)
        assert page.evaluate(CLIPPED_JS) == [], (name, width)
        assert_fits_width(page, f"{name} at {width} px")
        if width != 1366:
            screenshot(page, f"storm-{width}-{slug(name)}")


TARGETS_JS = """() => {
  const cards = [...document.querySelectorAll('#root [data-hand-index]')];
  const boxes = cards.map(c => c.getBoundingClientRect());
  const small = [];
  boxes.forEach((r, i) => {
    // The part of card i not covered by card i + 1 (the next one in its row).
    const next = boxes[i + 1];
    const sameRow = next && Math.abs(next.top - r.top) < 2;
    const visible = sameRow ? Math.min(r.width, next.left - r.left) : r.width;
    if (visible < 24 || r.height < 24) small.push([i, Math.round(visible), Math.round(r.height)]);
  });
  return {small, count: cards.length, widest: Math.max(...boxes.map(r => r.width))};
}"""


@pytest.mark.parametrize("width", soak_beyond([320], [320, 360]))
def test_a_phone_hand_has_targets_of_24_px(guard_factory: Any, base_url: str, width: int) -> None:
    """Tap targets: 20 overlapping cards left 12 px tap strips. WCAG 2.5.8: 24 x 24 px at least."""
    page = open_fixture(guard_factory, base_url, viewport={"width": width, "height": 740})
    seen = 0
    for name, f in fixtures_of(page).items():
        if not f["legal"] or f["legal"][0]["type"] != "serve":
            continue
        page.select_option("#pick", name)
        found = page.evaluate(TARGETS_JS)
        assert found["count"] == len(f["view"]["table"]["hand"]), name
        assert found["small"] == [], (name, found)
        for sel in (".storm-quick", ".storm-serve", ".storm-clear"):
            for box in [
                page.locator(f"#root {sel}").nth(i).bounding_box()
                for i in range(page.locator(f"#root {sel}").count())
            ]:
                assert box and box["width"] >= 24 and box["height"] >= 24, (name, sel, box)
        seen += found["count"] >= 15
    assert seen >= 2, "no fixture with a big hand"
    # Tapping two neighbouring cards selects exactly those two.
    page.select_option("#pick", "6 players: serving")
    page.get_by_role("button", name="Clear").click()
    click_card(page, 2)
    click_card(page, 3)
    expect(page.locator("#root .storm-card.in-hand.picked")).to_have_count(2)


# --------------------------------------------------------------------------- what just happened


def expected_move(last: dict[str, Any] | None) -> str:
    """The tile's line, from the view's public `last` (written here independently)."""
    if last is None:
        return "No move yet"
    if last["move"] == "serve":
        c = counts_of(last["cards"])
        present = [k for k in KINDS if c[k]]
        if len(present) == 1:
            return f"Served {c[present[0]]} {TITLES[KINDS.index(present[0])]}"
        return "Served "
    if last["move"] == "prepare":
        n = last["cards"]
        return f"Prepared: {n} card{'s' if n != 1 else ''} from the stock" if n else "Prepared"
    n = sum(last["discarded"].values())
    return f"Discarded {words(last['discarded'])}" if n else "Discarded nothing"


def test_each_tile_says_what_its_player_just_did_and_marks_bots(
    guard_factory: Any, base_url: str
) -> None:
    page = open_fixture(guard_factory, base_url)
    for name in (AID_ON, WON, "6 players: serving", "game over"):
        page.select_option("#pick", name)
        f = fixtures_of(page)[name]
        table = f["view"]["table"]
        for s, seat in enumerate(f["seats"]):
            tile = page.locator(f'#root .storm-seat[data-seat="{s}"]')
            line = tile.locator(".storm-did")
            expect(line).to_contain_text(expected_move(table["last"][s]))
            assert (line.get_attribute("title") or "") in (tile.get_attribute("aria-label") or "")
            now = table["last"][s] is not None and table["last"][s]["step"] == table["step"]
            assert ("now" in (line.get_attribute("class") or "").split()) == now, (name, s)
            role = tile.locator(".storm-seat-sub .storm-tag")
            if seat["bot"]:
                expect(role).to_have_text(f"Bot · {seat['bot']}")
                assert "bot" in (tile.get_attribute("aria-label") or "")
            elif s == f["seat"]:
                expect(role).to_have_text("You")
        # The served runs of this round are highlighted in their player's colour.
        for r in table["reveals"]:
            if not r["prepared"]:
                slot = page.locator(f'#root .storm-slot[data-seat="{r["seat"]}"]')
                expect(slot).to_have_class(re.compile(r"\bserved\b"))
                expect(slot).to_have_class(re.compile(rf"\bseat-{r['seat']}\b"))


def test_memory_aid_shows_stock_colours_and_prepared_hands_or_only_counts(
    guard_factory: Any, base_url: str
) -> None:
    """Ruling S8: stock colours (and a prepared hand's) are public; Memory aid on shows them as
    chips, off shows only the numbers. A dealt hand of another player shows no colours."""
    page = open_fixture(guard_factory, base_url, AID_ON)
    chips_js = """(s) => {
      const row = (c) => Object.fromEntries([...document.querySelectorAll(
        `#root .storm-seat[data-seat="${s}"] .storm-pile-row.${c} .storm-chip`)].map(n =>
        [n.className.match(/kind-(\\w+)/)[1], Number(n.textContent)]));
      return {hand: row('hand'), stock: row('stock')};
    }"""
    f = fixtures_of(page)[AID_ON]
    table = f["view"]["table"]
    assert table["memory_aid"] is True
    prepared = [s for s, c in enumerate(table["hand_colours"]) if c and s != f["seat"]]
    assert prepared, "the fixture has another player's prepared hand"
    for s in range(len(f["seats"])):
        chips = page.evaluate(chips_js, s)
        assert chips["stock"] == {k: n for k, n in table["stock_colours"][s].items() if n}
        if s == f["seat"]:
            assert chips["hand"] == {k: n for k, n in counts_of(table["hand"]).items() if n}
        elif table["hand_colours"][s] is None:
            assert chips["hand"] == {}, "a dealt hand's colours are its owner's secret"
        else:
            assert chips["hand"] == {k: n for k, n in table["hand_colours"][s].items() if n}
        label = page.locator(f'#root .storm-seat[data-seat="{s}"]').get_attribute("aria-label")
        if table["stock_sizes"][s]:
            assert words(table["stock_colours"][s]) in (label or "")
    screenshot(page, "storm-memory-aid-on")
    page.select_option("#pick", AID_OFF)
    off = fixtures_of(page)[AID_OFF]["view"]["table"]
    assert off["memory_aid"] is False
    assert page.locator("#root .storm-chip").count() == 0
    for s, n in enumerate(off["stock_sizes"]):
        tile = page.locator(f'#root .storm-seat[data-seat="{s}"]')
        expect(tile.locator(".storm-pile-row.stock .storm-count")).to_have_text(str(n))
    expect(page.locator("#root .storm-legend")).to_contain_text("Memory aid is off")
    screenshot(page, "storm-memory-aid-off")


def test_the_everything_view_shows_every_hand_in_order_and_every_stock(
    guard_factory: Any, base_url: str
) -> None:
    page = open_fixture(guard_factory, base_url)
    for name in (EVERYTHING, "everything: a tea party in the replay"):
        page.select_option("#pick", name)
        f = fixtures_of(page)[name]
        table = f["view"]["table"]
        assert f["view"]["everything"] is True and f["view"]["seat"] is None
        rows = page.locator("#root .storm-every-row")
        expect(rows).to_have_count(len(f["seats"]))
        for s in range(len(f["seats"])):
            row = page.locator(f'#root .storm-every-row[data-seat="{s}"]')
            assert (row.get_attribute("data-hand") or "") == " ".join(table["hands"][s])
            drawn = row.locator(".storm-every-hand .storm-card")
            assert [drawn.nth(i).get_attribute("data-kind") for i in range(drawn.count())] == (
                table["hands"][s]
            )
            stock = (row.get_attribute("data-stock") or "").split()
            assert sorted(stock) == sorted(table["stocks"][s])
        assert page.locator("#root .legal").count() == 0
        assert page.locator("#root [data-hand-index]").count() == 0
        expect(page.locator("#root [data-stay]")).to_have_class(re.compile(r"\bstorm-every\b"))
        screenshot(page, f"storm-{slug(name)}")


def test_a_replay_is_read_only(guard_factory: Any, base_url: str) -> None:
    page = open_fixture(guard_factory, base_url, "replay: as Aiko saw it")
    f = fixtures_of(page)["replay: as Aiko saw it"]
    assert f["replay"] and f["legal"] == []
    expect(page.locator("#root [data-prompt]")).to_contain_text("Replay")
    assert page.locator("#root button").count() == 0
    assert page.locator("#root .legal, #root [data-action]").count() == 0
    cards = page.locator("#root [data-hand-index]")
    expect(cards).to_have_count(len(f["view"]["table"]["hand"]))
    cards.first.click()
    expect(page.locator("#root .picked")).to_have_count(0)
    assert page.evaluate("() => window.actLog") == []


def same_dom(a: str, b: str) -> bool:
    """Equal HTML once style attributes are normalised and a ghost's hiding is ignored."""

    def norm(html: str) -> str:
        def style(m: re.Match[str]) -> str:
            rules = [r.replace(" ", "") for r in m[1].split(";") if r.strip()]
            return 'style="' + ";".join(r for r in rules if r != "visibility:hidden") + '"'

        return re.sub(r'style="([^"]*)"', style, html)

    return norm(a) == norm(b)


def test_a_served_run_travels_from_its_tile_and_the_final_dom_is_unchanged(
    guard_factory: Any, base_url: str
) -> None:
    name = "serving: a bot just served (animate)"
    page = open_fixture(guard_factory, base_url, name)
    final = page.locator("#root").inner_html()
    f = fixtures_of(page)[name]
    seat = f["view"]["table"]["reveals"][-1]["seat"]
    page.evaluate("() => window.animateStep()")
    ghosts = page.evaluate(
        "() => document.getAnimations()"
        ".filter(a => a.effect?.target?.classList?.contains('fly-ghost')).length"
    )
    assert ghosts >= 1, "the served run does not travel"
    # The DOM under the ghost is already the final table (the landing run is only hidden).
    assert same_dom(page.locator("#root").inner_html(), final)
    expect(page.locator(f'#root .storm-slot[data-seat="{seat}"]')).to_have_class(
        re.compile(r"\bserved-now\b")
    )
    page.wait_for_function("() => !document.querySelector('.fly-ghost')", timeout=2_000)
    assert same_dom(page.locator("#root").inner_html(), final)
    assert "visibility" not in page.locator("#root").inner_html()
    # Reduced motion: nothing moves. (The glows of the step above end first: a redraw keeps the
    # elements that stay, and with them their running animations.)
    page.wait_for_function("() => document.getAnimations().length === 0", timeout=3_000)
    page.emulate_media(reduced_motion="reduce")
    page.evaluate("() => window.animateStep()")
    assert page.evaluate("() => document.getAnimations().length") == 0
    assert page.locator(".fly-ghost").count() == 0


def test_counts_are_words_with_plurals(guard_factory: Any, base_url: str) -> None:
    """Plurals (\"1 cards\"): every count at 0, 1 and 2 reads right."""
    page = open_fixture(guard_factory, base_url)
    said = page.evaluate(
        """async () => {
      const m = await import('../js/games/storm_in_a_teacup.js');
      const view = {table: {last: [
        {move: 'prepare', cards: 0}, {move: 'prepare', cards: 1}, {move: 'prepare', cards: 2},
        {move: 'discard', discarded: {tea: 0, milk: 0, lemon: 0}, kept: 0},
        {move: 'discard', discarded: {tea: 1, milk: 0, lemon: 0}, kept: 1},
        {move: 'discard', discarded: {tea: 2, milk: 0, lemon: 0}, kept: 2},
        {move: 'serve', cards: ['tea'], combination: 'tea'},
        {move: 'serve', cards: ['milk', 'milk'], combination: 'milk'},
      ]}};
      const moves = view.table.last.map((_, s) => m.lastMoveWords(view, s));
      const serve = [1, 2].map(n => m.describeAction({type: 'serve', start: 0, length: n}, {}));
      const ended = (n) => ({outcome: {winners: [0], details: {cards_left: [n], rounds: n + 1}}});
      const left = [0, 1].map(n => m.outcomeReason(ended(n), []));
      return {moves, serve, left};
    }"""
    )
    assert said["moves"] == [
        "Prepared: the stock was empty",
        "Prepared: 1 card from the stock",
        "Prepared: 2 cards from the stock",
        "Discarded nothing; none to the stock",
        "Discarded 1 Tea; 1 card to the stock",
        "Discarded 2 Tea; 2 cards to the stock",
        "Served 1 Tea",
        "Served 2 Milk",
    ]
    assert said["serve"] == [
        "Serve 1 card (card 1 of your hand)",
        "Serve 2 cards (cards 1 to 2 of your hand)",
    ]
    assert said["left"] == [
        "Player 1 has no cards left after 1 round.",
        "Player 1 has 1 card left after 2 rounds.",
    ]
    bad = re.compile(r"\b(1 cards|0 card\b|1 rounds|these 1 |[02-9] card\b)")
    for name in fixtures_of(page):
        page.select_option("#pick", name)
        text = page.locator("#root").inner_text()
        labels = " ".join(
            page.evaluate(
                "() => [...document.querySelectorAll('#root [aria-label], #root [title]')]"
                ".map(n => [n.getAttribute('aria-label'), n.getAttribute('title')].join(' '))"
            )
        )
        assert not bad.search(text + " " + labels), (name, bad.search(text + " " + labels))


# Axe at one size in make test (this game's phone; the others check the other size), both
# in the long run: what it finds is in the markup and colours, which a size seldom changes.
@pytest.mark.parametrize(
    "viewport",
    soak_beyond([PHONE], [DESKTOP, PHONE], ids=lambda v: "desktop" if v is DESKTOP else "phone"),
)
def test_axe_finds_nothing_on_any_fixture(
    guard_factory: Any, base_url: str, viewport: dict[str, int]
) -> None:
    """Contrast: the "no match"/"matches" badges (3.52:1, 3.89:1) and the winner row (4.36:1)
    failed color-contrast. Every state, desktop and phone: 0 violations of any impact."""
    page = open_fixture(guard_factory, base_url, viewport=viewport)
    for name in fixtures_of(page):
        page.select_option("#pick", name)
        page.locator("#root details.storm-legend summary").click()
        assert_accessible(page, f"the Storm harness, {name}, {viewport['width']} px")
        page.locator("#root details.storm-legend summary").click()
    # The end screen's score table, as the shell shows it.
    page.select_option("#pick", "game over")
    page.evaluate(
        """async () => {
      const m = await import('../js/games/storm_in_a_teacup.js');
      const f = (await import('./storm-fixtures.js')).fixtures['game over'];
      document.getElementById('acts').innerHTML = m.scoreTableHtml(f.view, f.seats);
    }"""
    )
    assert_accessible(page, f"the Storm score table, {viewport['width']} px")


ROW_JS = """() => {
  const row = document.querySelector('#root .storm-hand-row');
  const box = row.getBoundingClientRect();
  const cards = [...row.querySelectorAll('[data-hand-index]')].map((c) => {
    const r = c.getBoundingClientRect();
    return {top: c.offsetTop, left: c.offsetLeft, width: r.width, height: r.height,
            shown: r.left >= box.left - 0.5 && r.right <= box.right + 0.5};
  });
  return {scroll: row.scrollLeft, wide: row.scrollWidth > row.clientWidth, cards};
}"""


def test_a_touch_phone_hand_is_one_row_that_a_swipe_scrolls_and_a_tap_picks(
    guard_factory: Any, base_url: str
) -> None:
    """On a phone the hand stays one row (a run may cross any point of it) of 44 px cards that
    scrolls sideways: a swipe scrolls and picks nothing, a tap picks, and the run chosen (by
    taps or a longest-run chip) is scrolled into view."""
    page = open_fixture(guard_factory, base_url, viewport=PHONE, has_touch=True, is_mobile=True)
    big = [
        name
        for name, f in fixtures_of(page).items()
        if f["legal"] and f["legal"][0]["type"] == "serve" and len(f["view"]["table"]["hand"]) >= 15
    ]
    assert big, "no fixture with a big hand to serve from"
    page.select_option("#pick", big[0])
    if page.locator("#root .storm-clear").count():
        page.locator("#root .storm-clear").click()
    for width in (768, 360):  # a tablet, a phone
        page.set_viewport_size({"width": width, "height": 740})
        row = page.evaluate(ROW_JS)
        assert len({c["top"] for c in row["cards"]}) == 1, "one row"  # the lift aside
        lefts = [c["left"] for c in row["cards"]]
        assert min(b - a for a, b in itertools.pairwise(lefts)) >= 44, "no card covers another"
        assert min(c["width"] for c in row["cards"]) >= 44
        assert min(c["height"] for c in row["cards"]) >= 44
        assert row["wide"] or width != 360, "a phone scrolls a big hand"
    page.evaluate("() => { document.querySelector('#root .storm-hand-row').scrollLeft = 0; }")
    assert_fits_width(page, "a 20-card hand on a phone")
    # A swipe across the hand scrolls it and picks nothing.
    first = page.locator('#root [data-hand-index="2"]').bounding_box()
    assert first
    x, y = first["x"] + first["width"] / 2, first["y"] + first["height"] / 2
    cdp = page.context.new_cdp_session(page)
    cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x, "y": y}]})
    for step in range(1, 11):
        cdp.send(
            "Input.dispatchTouchEvent",
            {"type": "touchMove", "touchPoints": [{"x": x - 18 * step, "y": y}]},
        )
    cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    page.wait_for_function(
        "() => document.querySelector('#root .storm-hand-row').scrollLeft > 0", timeout=5_000
    )
    assert page.locator("#root .storm-card.in-hand.picked").count() == 0
    # A finger taps once the row has stopped: a tap while it still glides only stops it.
    page.evaluate(SETTLED_JS)
    # Taps pick the first and the last card of a run.
    # One tap at a time, as a finger does: the first tap's redraw may scroll the row.
    page.locator('#root [data-hand-index="5"]').tap()
    expect(page.locator("#root .storm-card.in-hand.picked")).to_have_count(1)
    page.locator('#root [data-hand-index="6"]').tap()
    expect(page.locator("#root .storm-card.in-hand.picked")).to_have_count(2)
    expect(page.locator("#root .storm-how")).to_contain_text("Tap the first and the last card")
    expect(page.locator("#root .storm-how")).not_to_contain_text("drag")
    # A chip for the run that ends last in the hand: that end is scrolled into view.
    page.locator("#root .storm-clear").tap()
    page.evaluate("() => { document.querySelector('#root .storm-hand-row').scrollLeft = 0; }")
    quicks = page.locator("#root .storm-quick")
    ends = [
        int(quicks.nth(i).get_attribute("data-select-start") or 0)
        + int(quicks.nth(i).get_attribute("data-select-length") or 0)
        - 1
        for i in range(quicks.count())
    ]
    last = max(range(len(ends)), key=lambda i: ends[i])
    quicks.nth(last).tap()
    row = page.evaluate(ROW_JS)
    assert row["cards"][ends[last]]["shown"], (ends[last], row)
    screenshot(page, "storm-touch-hand-360")
    cdp.detach()
