"""The Humble Tea Party renderer on its dev harness (web/dev/humble_tea_party.html), which sits
the table where the shell does (about y = 123 px, 1030 px wide beside a log on a desktop).
Fixtures are engine answers (tests/test_htp_fixtures.py writes them); whole games are played by
the engine in this process and drawn step by step through ``window.htpRender``.

The renderer contract: every final choice is a named, legal button carrying its action; a
sweet, then an Oribako, then a place lead to exactly the legal cells; secrets stay out. Layout:
the board ([data-stay]) stays put through whole games (1366 x 768 and 360 x 740, 3 to 6
players); the prompt and every choice are in view at 1366 x 768; each Oribako shows its public
running score (the own box with its season) and each glowing place what it would add, as the
view says; each player's last move is marked in their colour and written in their header (bots
marked); a placed tile travels from its deck (nothing moves with reduced motion, and the DOM is
the final one); Tea stays offered while a bot pauses; plurals; keyboard-only games; replays
are read-only and "everything" shows every season; axe-core finds nothing."""

from __future__ import annotations

import json
import random
import re
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from pygames.core import Action
from pygames.humble_tea_party import HtpGame, HtpState, Phase, Tea

from .a11y import assert_accessible
from .conftest import screenshot, soak_beyond
from .harness import drawn_choices, endless_animations, open_harness
from .layout import StayWatch, assert_fits_width, choices_out_of_view

# Every choice of a decision, the picks that lead to a placement included.
PICKS_OUT_OF_VIEW_JS = """() => {
  const found = [];
  const sel = '#root :is([data-prompt], .legal, [data-pick-deck], [data-pick-target], .spot)';
  for (const n of document.querySelectorAll(sel)) {
    if (!n.getClientRects().length) continue;
    const r = n.getBoundingClientRect();
    const out = r.bottom > innerHeight + 0.5 || r.right > innerWidth + 0.5;
    if (r.top < -0.5 || r.left < -0.5 || out) {
      const name = n.getAttribute('aria-label') || n.className;
      found.push(`${name} [${Math.round(r.top)}-${Math.round(r.bottom)}]`);
    }
  }
  return found;
}"""

FIXTURES_JS = """async () => {
  const m = await import('./htp-fixtures.js');
  return m.fixtures;
}"""
# The table's DOM with every style attribute in the browser's own serialisation (an animation
# that hid and showed a cell leaves "visibility" written differently, not a different DOM).
CANONICAL_DOM = """() => {
  const copy = document.getElementById('root').cloneNode(true);
  for (const e of copy.querySelectorAll('[style]')) e.setAttribute('style', e.style.cssText);
  return copy.innerHTML;
}"""
DESKTOP = {"width": 1366, "height": 768}
PHONE = {"width": 360, "height": 740}
GAME = HtpGame()
NAMES = ["Aiko", "Kenji", "Mei", "Haruto", "Yui", "Sora"]
SEASON_WORDS = ("Spring", "Summer", "Autumn", "Winter")
MID = "phase 2 (your turn, Tea out)"
MINUS = "\u2212"  # the renderer writes negative numbers with a minus sign
PICKED = "phase 2 (tile + target picked)"


def open_fixture(guard_factory: Any, base_url: str, name: str = "", **ctx: Any) -> Page:
    return open_harness(guard_factory, base_url, "humble_tea_party", ".htp", name, **ctx)


def fixtures_of(page: Page) -> dict[str, Any]:
    return page.evaluate(FIXTURES_JS)  # type: ignore[no-any-return]


def key(a: dict[str, Any]) -> str:
    return json.dumps(a, sort_keys=True)


def slug(name: str) -> str:
    return "".join(c if c.isalnum() else "-" for c in name)


def seats(players: int, people: set[int]) -> list[dict[str, Any]]:
    return [{"name": NAMES[i], "bot": None if i in people else "normal"} for i in range(players)]


def frame(state: HtpState, seat: int, people: list[dict[str, Any]]) -> dict[str, Any]:
    """What the bridge gives the page for ``seat``'s screen."""
    return {
        "view": state.view(seat),
        "legal": [a.to_json() for a in state.legal_actions(seat)],
        "optional": [
            {"seat": s, "legal": [a.to_json() for a in state.legal_actions(s)]}
            for s in state.actors()
            if s not in state.awaiting() and s != seat
        ],
        "seat": seat,
        "seats": people,
    }


def draw(page: Page, props: dict[str, Any]) -> None:
    page.evaluate("(p) => window.htpRender(p)", props)


def last_sent(page: Page) -> dict[str, Any] | None:
    log = page.evaluate("() => window.actLog")
    return log[-1] if log else None


def human_turn_by_clicks(page: Page, rnd: random.Random, check: Any = None) -> dict[str, Any]:
    """Seat 0 decides by clicks: a kept sweet, or a sweet, an Oribako and a glowing place.
    ``check(page, stage)`` runs after each pick (stage: "deck", "target")."""
    sent = len(page.evaluate("() => window.actLog"))
    keeps = page.locator("#root .htp-deck-top[data-action]")
    if keeps.count():
        keeps.nth(rnd.randrange(keeps.count())).click()
    else:
        decks = page.locator("#root button[data-pick-deck]")
        decks.nth(rnd.randrange(decks.count())).click()
        if check:
            check(page, "deck")
        targets = page.locator("#root button[data-pick-target]")
        if targets.count():
            targets.nth(rnd.randrange(targets.count())).click()
        if check:
            check(page, "target")
        spots = page.locator("#root .htp-cell.spot")
        spots.nth(rnd.randrange(spots.count())).click()
    log = page.evaluate("() => window.actLog")
    assert len(log) == sent + 1
    return log[-1]  # type: ignore[no-any-return]


def play_game(
    page: Page,
    players: int,
    seed: int,
    *,
    human: Any = human_turn_by_clicks,
    check: Any = None,
    animate: bool = True,
) -> HtpState:
    """A whole game: seat 0 by ``human`` in the page, the others random in this process, the
    table redrawn for seat 0 after every step (``animate`` as the shell would pass it)."""
    rnd = random.Random(seed)
    state = GAME.new_state(players, seed, {})
    people = seats(players, {0})
    draw(page, frame(state, 0, people))
    while not state.is_over():
        if state.turn == 0:
            action: Action = GAME.decode_action(human(page, rnd, check))
        else:
            moves = [a for a in state.legal_actions(state.turn) if not isinstance(a, Tea)]
            action = rnd.choice(moves)
        state.apply(state.turn, action)
        draw(page, {**frame(state, 0, people), "animate": animate})
    return state


# --------------------------------------------------------------------------- the contract


def test_every_fixture_draws_only_legal_choices(guard_factory: Any, base_url: str) -> None:
    page = open_fixture(guard_factory, base_url)
    fixtures = fixtures_of(page)
    assert len(fixtures) >= 14
    for name, f in fixtures.items():
        page.select_option("#pick", name)
        assert endless_animations(page) == [], name
        legal = [key(a) for a in f["legal"]]
        human_tea = [
            key({"type": "tea", "asSeat": o["seat"]})
            for o in f["optional"]
            if not f["seats"][o["seat"]]["bot"] and {"type": "tea"} in o["legal"]
        ]
        shown = [key(a) for a in drawn_choices(page)]
        assert set(shown) <= set(legal) | set(human_tea), name
        # Keeps and Teas are drawn at once; placements once a sweet and a target are picked.
        for a in f["legal"]:
            if a["type"] != "place":
                assert key(a) in shown, (name, a)
        assert set(human_tea) <= set(shown), name
        assert page.locator("#root [data-stay]").count() == 1, name
        prompt = page.locator("#root [data-prompt]")
        assert prompt.count() == 1 and prompt.get_attribute("tabindex") == "-1", name
        screenshot(page, f"htp-{slug(name)}")


def test_sweet_then_target_then_cell(guard_factory: Any, base_url: str) -> None:
    page = open_fixture(guard_factory, base_url, MID)
    f = fixtures_of(page)[MID]
    legal = f["legal"]
    holder = f["view"]["table"]["tea"]["holder"]
    assert drawn_choices(page) == []
    page.locator('[data-pick-deck="0"]').click()
    targets = {
        int(t.get_attribute("data-pick-target") or "")
        for t in page.locator("button[data-pick-target]").all()
    }
    assert targets == {a["target"] for a in legal if a["deck"] == 0}
    assert holder not in targets, "nobody may place in an Oribako under Tea"
    target = min(targets)
    page.get_by_role("button", name=f"Recommend to {NAMES[target]}").click()
    want = sorted(key(a) for a in legal if a["deck"] == 0 and a["target"] == target)
    assert sorted(key(a) for a in drawn_choices(page)) == want
    spot = page.locator("#root .htp-cell.spot").first
    label = spot.get_attribute("aria-label") or ""
    assert label.startswith("Recommend ") and NAMES[target] in label and "row" in label
    spot.click()
    acted = last_sent(page)
    assert acted and acted["type"] == "place" and acted["target"] == target and acted["deck"] == 0
    # Pressing the chosen sweet again puts it back; picking it again asks for the Oribako.
    page.locator('[data-pick-deck="0"]').click()
    expect(page.locator("#root .htp-cell.spot, #root button[data-pick-target]")).to_have_count(0)
    expect(page.locator('[data-pick-deck="0"]')).to_have_attribute("aria-pressed", "false")
    page.locator('[data-pick-deck="0"]').click()
    expect(page.locator("#root button[data-pick-target]").first).to_be_visible()


def test_tea_is_legal_for_another_human_seat_and_while_a_bot_pauses(
    guard_factory: Any, base_url: str
) -> None:
    name = "bot places, humans may Get Tea"
    page = open_fixture(guard_factory, base_url, name)
    f = fixtures_of(page)[name]
    assert f["thinking"], "a bot is deciding: the table is busy"
    mine = page.get_by_role("button", name="Get Tea (Aiko)")
    other = page.get_by_role("button", name="Get Tea (Mei)")
    for button in (mine, other):
        expect(button).to_be_enabled()
        expect(button).to_have_class(re.compile(r"\blegal\b"))
        expect(button).to_have_attribute("data-interrupt", "1")
    expect(other).to_have_attribute("data-as-seat", "2")
    assert mine.get_attribute("data-as-seat") is None
    other.click()
    mine.click()
    assert page.evaluate("() => window.actLog") == [{"type": "tea", "asSeat": 2}, {"type": "tea"}]
    bots = re.compile("Get Tea \\((Kenji|Haruto|Yui)\\)")
    assert page.get_by_role("button", name=bots).count() == 0, "bots decide their own Tea"
    # Only an action being sent disables Tea, never a bot's pause.
    page.check("#busy")
    expect(mine).to_be_disabled()


def test_secrets_and_tiles_in_words(guard_factory: Any, base_url: str) -> None:
    page = open_fixture(guard_factory, base_url)
    for name, f in fixtures_of(page).items():
        page.select_option("#pick", name)
        marks = page.evaluate(
            "() => [...document.querySelectorAll('#root [data-favourite]')]"
            ".map(e => e.dataset.favourite)"
        )
        boxes = f["view"]["table"]["oribako"]
        want = [f"{s}:{b['season'] or '?'}" for s, b in enumerate(boxes)]
        assert marks == want, name
        html = page.locator("#root").inner_html()
        for s, b in enumerate(boxes):
            if b["season"] is None:
                assert f'data-favourite="{s}:?"' in html
        if not f["view"].get("everything"):
            hidden = [s for s, b in enumerate(boxes) if b["season"] is None]
            assert all(f"{s}:" + w.lower() not in html for s in hidden for w in SEASON_WORDS)
    page.select_option("#pick", MID)
    tile = page.locator('#root .htp-box[data-seat="1"] .htp-cell.filled svg').first
    assert "crest" in (tile.get_attribute("aria-label") or "")


# --------------------------------------------------------------------------- layout


# The fewest boxes on a phone (the most, at 1366 px, stay in view through a game's first
# decisions in the test below); every pair in the long run.
@pytest.mark.parametrize(
    ("players", "viewport"),
    soak_beyond(
        [(3, PHONE)],
        [(players, viewport) for players in (3, 4, 6) for viewport in (DESKTOP, PHONE)],
        ids=lambda pair: f"{pair[0]}-{pair[1]['width']}x{pair[1]['height']}",
        unpack=True,
    ),
)
def test_the_board_stays_put_through_whole_games(
    guard_factory: Any, base_url: str, viewport: dict[str, int], players: int
) -> None:
    page = open_fixture(guard_factory, base_url, viewport=viewport)
    watch = StayWatch(page)
    state = play_game(page, players, 40 + players)
    assert state.is_over()
    rects = watch.rects()
    assert len(rects) >= 3 * players, "every redraw has one [data-stay] element"
    assert watch.largest_jump() < 8, (players, viewport, watch.largest_jump())
    assert_fits_width(page, f"{players} players, game over")
    screenshot(page, f"htp-stay-{players}p-{viewport['width']}")


# The most boxes; 3, 4 and 5 players in the long run.
@pytest.mark.parametrize("players", soak_beyond((6,), (3, 4, 5, 6)))
def test_prompt_and_every_choice_in_view_at_1366(
    guard_factory: Any, base_url: str, players: int
) -> None:
    page = open_fixture(guard_factory, base_url, viewport=DESKTOP)
    seen: list[str] = []

    def check(p: Page, stage: str) -> None:
        # With the page at scroll 0 (Playwright may scroll a little to click).
        p.evaluate("() => scrollTo(0, 0)")
        out = choices_out_of_view(p, "#root") + p.evaluate(PICKS_OUT_OF_VIEW_JS)
        assert not out, (players, stage, out)
        seen.append(stage)

    def human(p: Page, rnd: random.Random, chk: Any) -> dict[str, Any]:
        p.evaluate("() => scrollTo(0, 0)")
        out = choices_out_of_view(p, "#root") + p.evaluate(PICKS_OUT_OF_VIEW_JS)
        assert not out, (players, "start", out)
        return human_turn_by_clicks(p, rnd, chk)

    play_game(page, players, 60 + players, human=human, check=check, animate=False)
    assert "deck" in seen and "target" in seen


# The narrowest phone; 360 and 414 px in the long run.
@pytest.mark.parametrize("width", soak_beyond([320], [320, 360, 414]))
def test_every_fixture_fits_a_phone(guard_factory: Any, base_url: str, width: int) -> None:
    page = open_fixture(guard_factory, base_url, viewport={"width": width, "height": 740})
    for name, f in fixtures_of(page).items():
        page.select_option("#pick", name)
        assert_fits_width(page, f"{name} at {width} px")
        # Touch targets of 24 x 24 px at least (WCAG 2.5.8).
        small = page.evaluate(
            """() => [...document.querySelectorAll('#root button, #root .htp-cell.candidate')]
              .filter(b => {
                 const r = b.getBoundingClientRect();
                 return r.width && (r.width < 24 || r.height < 24);
               }).map(b => b.getAttribute('aria-label') || b.textContent)"""
        )
        assert not small, (name, width, small)
        if f.get("clicks") and width == 360:
            screenshot(page, f"htp-phone-{slug(name)}")


# --------------------------------------------------------------------------- scores and previews


def test_running_scores_are_the_views(guard_factory: Any, base_url: str) -> None:
    page = open_fixture(guard_factory, base_url)
    for name, f in fixtures_of(page).items():
        page.select_option("#pick", name)
        for s, b in enumerate(f["view"]["table"]["oribako"]):
            score = page.locator(f'#root .htp-box[data-seat="{s}"] .htp-box-score')
            assert score.get_attribute("data-total") == str(b["score"]["total"]), (name, s)
            assert score.get_attribute("data-public") == str(b["score"]["public"]), (name, s)
            words = score.locator(".sr").inner_text()
            assert "point" in words, (name, s, words)
            if b["score"]["hands"][4] is None and not b["complete"]:
                assert "still secret" in words, (name, s, words)
            own = s == f["view"]["seat"] and not b["revealed"]
            if own and b["score"]["public"] != b["score"]["total"]:
                assert "the others see" in words


def test_a_score_opens_hand_by_hand_with_the_secret_season_as_unknown(
    guard_factory: Any, base_url: str
) -> None:
    page = open_fixture(guard_factory, base_url)
    checked = 0
    for name, f in fixtures_of(page).items():
        page.select_option("#pick", name)
        for s, b in enumerate(f["view"]["table"]["oribako"]):
            if b["complete"] or not b["tiles"]:
                continue
            score = page.locator(f'#root .htp-box[data-seat="{s}"] .htp-box-score')
            assert "+?" not in score.locator("summary").inner_text()
            if score.get_attribute("open") is None:
                score.locator("summary").click()
            rows = score.locator(".htp-hand-list li")
            expect(rows).to_have_count(6)
            for i, points in enumerate(b["score"]["points"]):
                value = rows.nth(i).locator("b").inner_text()
                if points is None:  # the favourite season's hand, still secret (ruling H10)
                    assert value == "Secret", (name, s, value)
                else:
                    shown = f"+{points}" if points > 0 else str(points).replace("-", "\u2212")
                    assert value == shown, (name, s, i, value)
            checked += 1
        if checked >= 4:
            break
    assert checked >= 4
    # Opened, it stays open across a redraw of the same table.
    page.select_option("#pick", name)
    assert page.locator("#root .htp-box-score[open]").count() >= 1


def test_a_mouse_on_a_score_opens_it_and_a_click_keeps_it_open(
    guard_factory: Any, base_url: str
) -> None:
    page = open_fixture(guard_factory, base_url)
    name, seats = next(
        (n, [s for s, b in enumerate(f["view"]["table"]["oribako"]) if b["tiles"]])
        for n, f in fixtures_of(page).items()
        if sum(1 for b in f["view"]["table"]["oribako"] if b["tiles"]) >= 2
    )
    page.select_option("#pick", name)
    first, other = (
        page.locator(f'#root .htp-box[data-seat="{s}"] .htp-box-score') for s in seats[:2]
    )
    expect(first).not_to_have_attribute("open", "")
    first.locator("summary").hover()
    expect(first.locator(".htp-hand-list")).to_be_visible()
    other.locator("summary").hover()  # leaving closes it; the other opens
    expect(first.locator(".htp-hand-list")).to_be_hidden()
    expect(other.locator(".htp-hand-list")).to_be_visible()
    # A preview gets out of the way: the pointer on it reaches what it covers, and it closes
    # (held open, it hid the box's glowing places from a mouse that had opened it).
    shown = other.locator(".htp-hand-list").bounding_box()
    assert shown
    page.mouse.move(shown["x"] + shown["width"] / 2, shown["y"] + shown["height"] / 2)
    expect(other.locator(".htp-hand-list")).to_be_hidden()
    first.locator("summary").click()  # a click pins it: leaving no longer closes it
    page.mouse.move(2, 2)
    expect(first.locator(".htp-hand-list")).to_be_visible()
    expect(other.locator(".htp-hand-list")).to_be_hidden()
    first.locator("summary").click()  # and a second click closes it
    page.mouse.move(2, 2)
    expect(first.locator(".htp-hand-list")).to_be_hidden()


@pytest.mark.parametrize("width", soak_beyond([320], [320, 360]))
def test_a_score_opened_on_a_phone_stays_on_the_screen(
    guard_factory: Any, base_url: str, width: int
) -> None:
    """A box in a phone's right-hand column opened its breakdown 40 px past the screen's edge
    (found by the touch test at 360 px): every box's, opened, stays inside the screen."""
    page = open_fixture(guard_factory, base_url, viewport={"width": width, "height": 740})
    for name, f in fixtures_of(page).items():
        if sum(1 for b in f["view"]["table"]["oribako"] if b["tiles"]) < 4:
            continue
        page.select_option("#pick", name)
        scores = page.locator("#root .htp-box-score")
        for i in range(scores.count()):
            scores.nth(i).locator("summary").click()
            hands = scores.nth(i).locator(".htp-hand-list")
            expect(hands).to_be_visible()
            box = hands.bounding_box()
            assert box and box["x"] >= 0 and box["x"] + box["width"] <= width, (name, i, box)
            assert_fits_width(page, f"{name}, score {i} open, at {width} px")
            scores.nth(i).locator("summary").click()
        return
    raise AssertionError("no fixture with four boxes filled")


def test_each_place_shows_what_it_would_add(guard_factory: Any, base_url: str) -> None:
    page = open_fixture(guard_factory, base_url)
    for name in [PICKED, "3 players, tile + target picked", "6 players, tile + target picked"]:
        page.select_option("#pick", name)
        f = fixtures_of(page)[name]
        previews = {
            (p["deck"], p["target"], p["x"], p["y"]): p for p in f["view"]["table"]["previews"]
        }
        spots = page.locator("#root .htp-cell.spot")
        assert spots.count() > 0
        for i in range(spots.count()):
            spot = spots.nth(i)
            a = json.loads(spot.get_attribute("data-action") or "")
            p = previews[(a["deck"], a["target"], a["x"], a["y"])]
            mark = spot.locator(".htp-gain").get_attribute("data-gain")
            g = p["gain"]
            assert mark == (f"+{g}" if g > 0 else f"{MINUS}{-g}" if g < 0 else "±0"), (name, a)
            label = spot.get_attribute("aria-label") or ""
            if g > 0:
                assert f"adds {g} point" in label, label
            elif g < 0:
                assert f"takes away {-g} point" in label, label
            else:
                assert "adds no points" in label, label
            assert "favourite season is secret and not counted" in label, label
    # Before a target is picked, every candidate place shows its gain too.
    page.select_option("#pick", "phase 2 (tile picked)")
    candidates = page.locator("#root .htp-cell.candidate .htp-gain")
    assert candidates.count() == page.locator("#root .htp-cell.candidate").count() > 0


def test_keeping_a_sweet_shows_what_it_adds_to_your_box(guard_factory: Any, base_url: str) -> None:
    name = "phase 1 (your pick)"
    page = open_fixture(guard_factory, base_url, name)
    f = fixtures_of(page)[name]
    for p in f["view"]["table"]["previews"]:
        top = page.locator(f'#root .htp-deck[data-deck="{p["deck"]}"] .htp-deck-top')
        label = top.get_attribute("aria-label") or ""
        assert label.startswith("Keep "), label
        if p["gain"]:
            assert f"adds {p['gain']} point" in label and "Favourite Season" in label


# --------------------------------------------------------------------------- what just happened


def test_last_moves_are_marked_in_seat_colours_and_written_in_headers(
    guard_factory: Any, base_url: str
) -> None:
    page = open_fixture(guard_factory, base_url)
    for name, f in fixtures_of(page).items():
        page.select_option("#pick", name)
        table = f["view"]["table"]
        for s, move in enumerate(table["last"]):
            did = page.locator(f'#root .htp-box[data-seat="{s}"] .htp-did')
            text = did.inner_text()
            if f["seats"][s]["bot"]:
                # The fixtures' seats keep the bot name of an old save ("greedy", now Normal).
                assert text.startswith("Bot · greedy"), (name, s, text)
            if move is None:
                assert "No move yet" in text
                continue
            if move["move"] in ("keep", "place"):
                cell = page.locator(
                    f'#root .htp-box[data-seat="{move["target"]}"] '
                    f'.htp-cell[data-x="{move["x"]}"][data-y="{move["y"]}"]'
                )
                expect(cell).to_have_attribute("data-last-by", str(s))
                expect(cell).to_have_class(re.compile(r"\blast\b"))
                assert f"var(--seat-{s})" in (cell.get_attribute("style") or "")
                label = cell.locator("svg").get_attribute("aria-label") or ""
                assert f"{f['seats'][s]['name']}'s last move" in label
                verb = "Kept" if move["move"] == "keep" else "Gave"
                assert verb in text and f"deck {move['deck'] + 1}" in text, text
                if move["move"] == "place":
                    assert f"to {f['seats'][move['target']]['name']}" in text
            elif move["move"] == "tea":
                assert "Took Tea" in text
            else:
                assert "Passed" in text
        marked = page.locator("#root .htp-cell.last").count()
        assert marked == sum(1 for m in table["last"] if m and m["move"] in ("keep", "place"))


def test_a_placed_tile_travels_from_its_deck_and_the_final_dom_is_unchanged(
    guard_factory: Any, base_url: str
) -> None:
    page = open_fixture(guard_factory, base_url, viewport=DESKTOP)
    rnd = random.Random(3)
    state = GAME.new_state(4, 3, {})
    people = seats(4, {0})
    for _ in range(6):  # Phase 1 and into Phase 2
        state.apply(state.turn, rnd.choice(state.legal_actions(state.turn)))
    draw(page, frame(state, 0, people))
    if state.turn != 0:
        state.apply(
            state.turn,
            rnd.choice([a for a in state.legal_actions(state.turn) if not isinstance(a, Tea)]),
        )
    mover = (state.turn - 1) % 4
    after = frame(state, 0, people)
    draw(page, {**after, "animate": True})
    ghosts = page.locator("body > .fly-ghost")
    expect(ghosts).to_have_count(1)
    move = after["view"]["table"]["last"][mover]
    cell = page.locator(
        f'#root .htp-box[data-seat="{move["target"]}"] .htp-cell[data-x="{move["x"]}"]'
        f'[data-y="{move["y"]}"]'
    )
    assert cell.evaluate("e => e.style.visibility") == "hidden", "the cell waits for its tile"
    expect(ghosts).to_have_count(0, timeout=3000)
    assert cell.evaluate("e => e.style.visibility") == ""
    animated = page.evaluate(CANONICAL_DOM)
    draw(page, {**after, "animate": False})
    assert page.evaluate(CANONICAL_DOM) == animated

    # Nothing moves when the user prefers reduced motion.
    page.emulate_media(reduced_motion="reduce")
    draw(page, {**frame(state, 0, people)})
    draw(page, {**after, "animate": True})
    page.evaluate("() => new Promise(requestAnimationFrame)")  # when a move would start to travel
    assert page.locator("body > .fly-ghost").count() == 0


# --------------------------------------------------------------------------- words


def test_counts_are_words_with_plurals(guard_factory: Any, base_url: str) -> None:
    page = open_fixture(guard_factory, base_url, MID)
    got = page.evaluate(
        """async () => {
          const m = await import('../js/games/humble_tea_party.js');
          return {
            points: [0, 1, 2, -1, -2].map(m.pointsWords),
            gains: [0, 1, 2, -1, -2].map(m.gainWords),
          };
        }"""
    )
    assert got["points"] == [
        "no points",
        "1 point",
        "2 points",
        f"{MINUS}1 point",
        f"{MINUS}2 points",
    ]
    assert got["gains"] == [
        "adds no points",
        "adds 1 point",
        "adds 2 points",
        "takes away 1 point",
        "takes away 2 points",
    ]
    f = fixtures_of(page)[MID]
    view = json.loads(json.dumps(f["view"]))
    view["table"]["decks"][0]["size"] = 1
    view["table"]["decks"][1]["size"] = 2
    view["table"]["resets"] = 1
    draw(page, {**f, "view": view})
    labels = page.locator("#root .htp-deck-label").all_inner_texts()
    assert labels[0] == "Deck 1 · 1 tile" and labels[1] == "Deck 2 · 2 tiles", labels
    expect(page.locator("#root .htp-resets .sr")).to_have_text("1 Reset of 3 used")
    for resets, words in [(0, "No Resets of 3 used"), (2, "2 Resets of 3 used")]:
        view["table"]["resets"] = resets
        draw(page, {**f, "view": view})
        expect(page.locator("#root .htp-resets .sr")).to_have_text(words)
    trays = page.locator("#root .htp-tray").evaluate_all("ts => ts.map(t => t.ariaLabel)")
    for tray, box in zip(trays, view["table"]["oribako"], strict=True):
        n = len(box["tiles"])
        assert tray == ("empty" if n == 0 else f"{n} sweet{'s' if n != 1 else ''} of 9")


# --------------------------------------------------------------------------- keyboard


def test_a_whole_game_by_keyboard_alone(guard_factory: Any, base_url: str) -> None:
    page = open_fixture(guard_factory, base_url, viewport=DESKTOP)

    def focused() -> str:
        return page.evaluate(
            "() => { const e = document.activeElement; return e.dataset.pickDeck !== undefined"
            " ? 'deck' : e.dataset.pickTarget !== undefined ? 'target'"
            " : e.classList.contains('spot') ? 'spot' : e.dataset.action ? 'action' : e.tagName }"
        )

    def human(p: Page, rnd: random.Random, _: Any) -> dict[str, Any]:
        sent = len(p.evaluate("() => window.actLog"))
        # The shell focuses the renderer's first choice after each new decision.
        first = p.locator("#root [data-first-choice]")
        expect(first).to_have_count(1)
        first.focus()
        if p.locator("#root .htp-deck-top[data-action]").count():
            for _ in range(rnd.randrange(3)):
                p.keyboard.press("ArrowRight")
            p.keyboard.press("Enter")  # keep
        else:
            assert focused() == "deck"
            for _ in range(rnd.randrange(3)):
                p.keyboard.press("ArrowRight")
            p.keyboard.press("Enter")
            if focused() == "target":
                for _ in range(rnd.randrange(2)):
                    p.keyboard.press("Tab")
                    if focused() != "target":
                        p.keyboard.press("Shift+Tab")
                        break
                p.keyboard.press("Enter")
            assert focused() == "spot", "after the Oribako, focus is on its first place"
            for _ in range(rnd.randrange(3)):
                p.keyboard.press(rnd.choice(["ArrowRight", "ArrowDown", "ArrowLeft", "ArrowUp"]))
            assert focused() == "spot"
            p.keyboard.press("Enter")
        log = p.evaluate("() => window.actLog")
        assert len(log) == sent + 1, "one action sent"
        return log[-1]  # type: ignore[no-any-return]

    state = play_game(page, 4, 77, human=human, animate=False)
    assert state.is_over() and state.phase is Phase.OVER


def test_focus_follows_the_picks(guard_factory: Any, base_url: str) -> None:
    page = open_fixture(guard_factory, base_url, MID)
    first = page.locator("#root [data-first-choice]")
    expect(first).to_have_attribute("data-pick-deck", "0")
    first.focus()
    page.keyboard.press("Enter")
    active = page.evaluate("() => document.activeElement.getAttribute('data-pick-target')")
    assert active is not None, "after the sweet, focus is on the first Oribako to choose"
    page.keyboard.press("Enter")
    expect(page.locator("#root .htp-cell.spot").first).to_be_focused()
    # "Another" goes back to the choice of Oribako, focus on that Oribako's button.
    page.locator("#root .htp-cancel").click()
    assert page.evaluate("() => document.activeElement.getAttribute('data-pick-target')") == active


# --------------------------------------------------------------------------- replays


def test_a_replay_is_read_only(guard_factory: Any, base_url: str) -> None:
    page = open_fixture(guard_factory, base_url)
    for name in ["replay as Aiko", "replay: everything (finished game)"]:
        page.select_option("#pick", name)
        assert (
            page.locator(
                "#root [data-action], #root [data-pick-deck], #root "
                "[data-pick-target], #root .legal"
            ).count()
            == 0
        )
        prompt = page.locator("#root [data-prompt]").inner_text()
        assert "choose" not in prompt.lower() and "keep a sweet" not in prompt.lower()
        assert page.locator("#root .htp-cell.last").count() > 0, "last moves still shown"


def test_everything_shows_every_favourite_season(guard_factory: Any, base_url: str) -> None:
    name = "replay: everything (finished game)"
    page = open_fixture(guard_factory, base_url, name)
    f = fixtures_of(page)[name]
    assert f["view"]["everything"] is True and f["view"]["seat"] is None
    marks = page.evaluate(
        "() => [...document.querySelectorAll('#root [data-favourite]')]"
        ".map(e => e.dataset.favourite)"
    )
    seasons = [b["season"] for b in f["view"]["table"]["oribako"]]
    assert all(seasons) and marks == [f"{s}:{x}" for s, x in enumerate(seasons)]
    incomplete = [s for s, b in enumerate(f["view"]["table"]["oribako"]) if not b["complete"]]
    assert incomplete, "the replay step is mid-game"
    card = page.locator(f'#root [data-favourite="{incomplete[0]}:{seasons[incomplete[0]]}"]')
    expect(card).to_contain_text("shown in the replay")
    expect(page.locator("#root [data-prompt]")).to_contain_text("Everything shown")


# --------------------------------------------------------------------------- axe


# Axe at one size in make test (this game's desktop; the others check the other size), both
# in the long run: what it finds is in the markup and colours, which a size seldom changes.
@pytest.mark.parametrize(
    "viewport",
    soak_beyond([DESKTOP], [DESKTOP, PHONE], ids=lambda v: "desktop" if v is DESKTOP else "phone"),
)
def test_axe_finds_nothing_on_any_fixture(
    guard_factory: Any, base_url: str, viewport: dict[str, int]
) -> None:
    page = open_fixture(guard_factory, base_url, viewport=viewport)
    for name in fixtures_of(page):
        page.select_option("#pick", name)
        assert_accessible(page, f"Humble Tea Party harness, {name}, {viewport['width']} px")
