"""The Tanbo renderer on its dev harness (web/dev/tanbo.html): fixture views taken from the
engine (tests/test_tanbo_fixtures.py writes them), no Python in the page.

Checks the renderer contract: every drawn choice is a named legal action; clicks, keys and the
two-step swap picker call act() and move focus sensibly; busy, waiting and replay tables do
nothing; each ring keeps its place (never the seat on screen first, never moved by a prompt);
the prompt and every choice are in view at 1366 x 768; nothing is wider than a 320 px phone;
touch targets are at least 24 x 24 px; axe finds nothing; screen readers get words; each
player's last turn is marked on their ring and told in their header; moves are animated, and
not when the user prefers reduced motion.
"""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from pygames.core import Rng
from pygames.games import get_game

from .a11y import assert_accessible
from .conftest import screenshot, soak_beyond
from .harness import endless_animations, open_harness
from .layout import StayWatch, assert_fits_width, choices_out_of_view

FIXTURES_JS = """async () => (await import('./tanbo-fixtures.js')).fixtures"""
DESKTOP = {"width": 1366, "height": 768}
PHONE = {"width": 360, "height": 740}


def open_fixture(guard_factory: Any, base_url: str, name: str = "", **ctx: Any) -> Page:
    return open_harness(guard_factory, base_url, "tanbo", ".tanbo", name, **ctx)


def fixtures_of(page: Page) -> dict[str, Any]:
    return page.evaluate(FIXTURES_JS)  # type: ignore[no-any-return]


def acted(page: Page) -> list[dict[str, Any]]:
    return page.evaluate("() => window.actLog")  # type: ignore[no-any-return]


def drawn(page: Page) -> list[dict[str, Any]]:
    """Every choice drawn (each a named legal element), as action JSON. A twin (``data-twin``:
    a swap partner on the ring, also a chip of the panel) is not counted again, but its
    choice must be drawn elsewhere too."""
    els = page.locator("#root [data-action]")
    out = []
    twins = []
    for i in range(els.count()):
        el = els.nth(i)
        assert "legal" in (el.get_attribute("class") or "").split()
        assert (el.get_attribute("aria-label") or "").strip()
        tag = el.evaluate("e => e.tagName.toLowerCase()")
        assert tag == "button" or (el.get_attribute("role") == "button"), tag
        action = json.loads(el.get_attribute("data-action") or "")
        (twins if el.get_attribute("data-twin") is not None else out).append(action)
    for twin in twins:
        assert twin in out, f"{twin} is drawn only on the ring"
    return out


def key(a: dict[str, Any]) -> str:
    return json.dumps(a, sort_keys=True)


def slug(name: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")


def ring_boxes(page: Page) -> dict[str, list[float]]:
    return page.evaluate(  # type: ignore[no-any-return]
        """() => Object.fromEntries([...document.querySelectorAll('#root .ring')].map(r => {
          const b = r.getBoundingClientRect();
          return [r.getAttribute('class').match(/seat-(\\d)/)[1],
                  [b.left + scrollX, b.top + scrollY, b.width, b.height]];
        }))"""
    )


# --- the fixtures and the choices drawn -----------------------------------------------------


def test_fixtures_are_the_engines_views(guard_factory: Any, base_url: str) -> None:
    """Each fixture's legal list is what the engine gives for a state rebuilt from its view."""
    page = open_fixture(guard_factory, base_url)
    game = get_game("tanbo")
    for name, f in fixtures_of(page).items():
        if f["view"]["over"] or f.get("replay"):
            continue
        state = game.state_from_view(f["view"], f["seat"], Rng(1))
        assert [a.to_json() for a in state.legal_actions(f["seat"])] == f["legal"], name


def test_a_table_waiting_for_a_person_runs_no_endless_animation(
    guard_factory: Any, base_url: str
) -> None:
    page = open_fixture(guard_factory, base_url)
    glowing = set()
    for name in fixtures_of(page):
        page.select_option("#pick", name)
        if page.locator("#root .sector.legal, #root .tok.partner").count():
            glowing.add(name)
        assert endless_animations(page) == [], name
    # The test sees the glows it is about: the Farmer's paddies and a swap's partners.
    assert {"farmer placement: your choice", "Big Movement: you swap"} <= glowing, glowing


def test_every_fixture_draws_exactly_its_legal_actions(guard_factory: Any, base_url: str) -> None:
    page = open_fixture(guard_factory, base_url)
    fixtures = fixtures_of(page)
    assert len(fixtures) >= 12
    for name, f in fixtures.items():
        page.select_option("#pick", name)
        legal = sorted(map(key, f["legal"]))
        shown = [key(a) for a in drawn(page)]
        assert len(shown) == len(set(shown)), f"{name}: a choice drawn twice"
        if not any(a["type"] == "swap" for a in f["legal"]):
            assert sorted(shown) == legal, name
            continue
        # The swap: a first token is chosen from the start; its partners are the choices. Over
        # every first token, every legal swap is offered.
        seen = set(shown)
        picks = page.locator("#root .tanbo-panel [data-pick]")
        for i in range(picks.count()):
            picks.nth(i).click()
            now = {key(a) for a in drawn(page)}
            assert now and now <= set(legal), name
            seen |= now
        assert sorted(seen) == legal, name


def test_labels_speak_the_game(guard_factory: Any, base_url: str) -> None:
    page = open_fixture(guard_factory, base_url, "sowing: your move, mid-path")
    assert (
        page.get_by_role("button", name="1 Red: place a Red Rice next (into paddy 5)").count() == 1
    )
    page.select_option("#pick", "farmer placement: your choice")
    assert page.get_by_role("button", name="Put your Farmer in paddy 2 (2 Snakes)").count() == 1
    page.select_option("#pick", "harvest: your choice")
    assert (
        page.get_by_role(
            "button", name="Red, 5 points, 2 there: take a Red Rice from paddy 3"
        ).count()
        == 1
    )
    page.select_option("#pick", "end phase: your removals")
    assert page.get_by_role("button", name="Remove a Snake from paddy 4").count() == 1
    page.select_option("#pick", "rest: your choice")
    assert (
        page.get_by_role(
            "button", name="Yellow, 3 points, 3 collected: return a Yellow Rice to the bag"
        ).count()
        == 1
    )


# --- clicks, keys and focus ------------------------------------------------------------------


def test_click_and_keyboard_call_act(guard_factory: Any, base_url: str) -> None:
    page = open_fixture(guard_factory, base_url, "sowing: your move, mid-path")
    page.get_by_role("button", name=re.compile("^Farmer: place your Farmer next")).click()
    assert acted(page)[-1] == {"type": "place", "token": "farmer"}
    page.select_option("#pick", "farmer placement: your choice")
    sector = page.get_by_role("button", name=re.compile("^Put your Farmer in paddy 4"))
    sector.focus()
    page.keyboard.press("Space")
    assert acted(page)[-1] == {"type": "farmer", "paddy": 3}
    page.keyboard.press("Enter")
    assert acted(page)[-1] == {"type": "farmer", "paddy": 3}


def test_the_first_choice_in_dom_order_is_the_sensible_one(
    guard_factory: Any, base_url: str
) -> None:
    # The shell focuses the first .legal after each move: the best Rice to take (the most
    # valuable), to return (the cheapest), a hand token, paddy 1 for the Farmer.
    page = open_fixture(guard_factory, base_url, "harvest: your choice")

    def first() -> Any:
        return json.loads(page.locator("#root .legal").first.get_attribute("data-action") or "")

    assert first() == {"type": "take", "rice": "red"}
    page.select_option("#pick", "rest: your choice")
    assert first() == {"type": "return", "rice": "yellow"}
    page.select_option("#pick", "farmer placement: your choice")
    assert first() == {"type": "farmer", "paddy": 0}
    page.select_option("#pick", "sowing: your move, mid-path")
    assert first()["type"] == "place"
    prompt = page.locator("#root [data-prompt]")
    assert prompt.count() == 1 and prompt.get_attribute("tabindex") == "-1"


def test_swap_picker_two_steps_moves_focus_itself(guard_factory: Any, base_url: str) -> None:
    page = open_fixture(guard_factory, base_url, "Big Movement: you swap")
    # A first token is chosen from the start: its partners glow and are the choices.
    chosen = page.locator("#root .tanbo-panel [data-pick][aria-pressed=true]")
    assert chosen.count() == 1
    other = page.locator("#root .tanbo-panel [data-pick][aria-pressed=false]").nth(3)
    label = other.get_attribute("aria-label") or ""
    m = re.match(r"\w+ \d: the (.+) in paddy (\d) as the first token", label)
    assert m
    other.focus()
    page.keyboard.press("Enter")  # choose another first token by keyboard
    focused = page.evaluate("() => document.activeElement.getAttribute('aria-label')")
    assert focused.startswith("Swap ") and f"{m.group(1)} in paddy {m.group(2)}" in focused
    page.keyboard.press("Enter")
    a = acted(page)[-1]
    assert a["type"] == "swap"
    assert [int(m.group(2)) - 1, a["a"][1] if a["a"][0] == int(m.group(2)) - 1 else a["b"][1]]
    screenshot(page, "tanbo-swap-picked")
    # On the ring: click another first token, then a glowing partner.
    page.locator("#root .ring .tok-btn.pickable").first.click()
    partner = page.locator("#root .ring .tok-btn.partner").first
    expect_label = partner.get_attribute("aria-label") or ""
    partner.click()
    assert describe(acted(page)[-1]) == expect_label


def describe(action: dict[str, Any]) -> str:
    names = {"snake": "Snake", "yellow": "Yellow Rice", "black": "Black Rice", "red": "Red Rice",
             "farmer": "Farmer"}  # fmt: skip
    (p, t), (q, u) = action["a"], action["b"]
    return f"Swap {names[t]} in paddy {p + 1} with {names[u]} in paddy {q + 1}"


def test_busy_waiting_and_replay_tables_do_nothing(guard_factory: Any, base_url: str) -> None:
    page = open_fixture(guard_factory, base_url, "harvest: your choice")
    page.check("#busy")
    page.locator("#root [data-action]").first.click(force=True)
    assert acted(page) == []
    page.uncheck("#busy")
    fixtures = fixtures_of(page)
    for name, f in fixtures.items():
        if f["legal"]:
            continue
        page.select_option("#pick", name)
        assert page.locator("#root [data-action], #root [data-pick]").count() == 0, name
        page.locator("#root .ring").first.click()
        if f.get("replay"):  # read-only: no prompt asking for a choice
            assert page.locator("#root [data-prompt]").count() == 0, name
    assert acted(page) == []


# --- hot-seat: each ring keeps its place --------------------------------------------------


def test_rings_never_swap_sides(guard_factory: Any, base_url: str) -> None:
    page = open_fixture(guard_factory, base_url, "hot-seat: Kenji to play", viewport=DESKTOP)
    # Two people: seat 0 first, whoever is on screen; the player to play is marked instead.

    def order() -> list[str]:
        return page.evaluate(  # type: ignore[no-any-return]
            "() => [...document.querySelectorAll('#root .ring')]"
            ".map(r => r.getAttribute('class').match(/seat-(\\d)/)[1])"
        )

    assert order() == ["0", "1"]
    assert "is-acting" in (page.locator("#root .tanbo-side.seat-1").get_attribute("class") or "")
    assert page.locator("#root .tanbo-side.seat-1 .turn-tag").inner_text().lower() == "to play"
    assert page.locator("#root [data-prompt]").inner_text().strip().startswith("Kenji:")
    page.check("#flip")  # now seat 0's screen
    assert order() == ["0", "1"]
    # One person, in seat 1: their ring is theirs and first, even while the bot is to play.
    page.evaluate(
        """async () => {
          const m = await import('../js/games/tanbo.js');
          const f = (await import('./tanbo-fixtures.js')).fixtures['sowing: the bot\\'s move'];
          const seats = [{name: 'Kenji', bot: 'normal'}, {name: 'Aiko', bot: null}];
          m.render(document.getElementById('root'),
                   {view: {...f.view, seat: 1}, legal: [], seat: 1, seats, act: () => {}});
        }"""
    )
    assert order() == ["1", "0"]
    assert page.locator("#root .tanbo-side.seat-1 .you-tag").count() == 1
    screenshot(page, "tanbo-hot-seat-desktop")


# A desktop's; a phone's in the long run.
@pytest.mark.parametrize(
    "viewport",
    soak_beyond([DESKTOP], [DESKTOP, PHONE], ids=lambda v: "desktop" if v is DESKTOP else "phone"),
)
def test_rings_stay_put_across_every_redraw(
    guard_factory: Any, base_url: str, viewport: dict[str, int]
) -> None:
    # Every fixture has the same seats (hot-seat aside): switching is a redraw; the rings (and
    # the data-stay container) must not move: prompts, panels and swap lists have their place.
    page = open_fixture(guard_factory, base_url, viewport=viewport)
    watch = StayWatch(page)
    boxes: dict[str, list[list[float]]] = {"0": [], "1": []}
    for name, f in fixtures_of(page).items():
        page.select_option("#pick", name)
        if f.get("before"):
            page.evaluate("() => window.showStep(false)")
        for seat, box in ring_boxes(page).items():
            boxes[seat].append(box)
    for seat, seen in boxes.items():
        tops = [b[1] for b in seen]
        lefts = [b[0] for b in seen]
        assert max(tops) - min(tops) < 8 and max(lefts) - min(lefts) < 8, (seat, seen)
    assert page.locator("#root [data-stay]").count() == 1
    assert watch.largest_jump() < 8, watch.rects()


# --- layout: in view, narrow screens, touch targets --------------------------------------


def test_prompt_and_every_choice_in_view_at_1366(guard_factory: Any, base_url: str) -> None:
    page = open_fixture(guard_factory, base_url, viewport=DESKTOP)
    for name, f in fixtures_of(page).items():
        page.select_option("#pick", name)
        page.evaluate("() => scrollTo(0, 0)")
        assert choices_out_of_view(page, "#root") == [], name
        # The whole table is in view too: both rings, the bag and the supply.
        low = page.evaluate(
            """() => [...document.querySelectorAll('#root .ring, #root .bag, #root .supply')]
              .filter(e => e.getBoundingClientRect().bottom > innerHeight + 0.5)
              .map(e => e.getAttribute('class'))"""
        )
        assert low == [], (name, low)
        if f["legal"]:
            assert page.locator("#root .legal").count() > 0, name
        if any(a["type"] == "swap" for a in f["legal"]):
            picks = page.locator("#root .tanbo-panel [data-pick]")
            for i in range(picks.count()):
                picks.nth(i).click()
                # From the top of the page, as above: a click may scroll its target into view
                # first (seen once under load: the prompt then at y = -6).
                page.evaluate("() => scrollTo(0, 0)")
                assert choices_out_of_view(page, "#root") == [], (name, i)
        screenshot(page, "tanbo-1366-" + slug(name))


@pytest.mark.parametrize("width", soak_beyond([320], [320, 360]))
def test_fits_a_small_phone(guard_factory: Any, base_url: str, width: int) -> None:
    page = open_fixture(guard_factory, base_url, viewport={"width": width, "height": 740})
    for name in fixtures_of(page):
        page.select_option("#pick", name)
        assert_fits_width(page, f"{name} at {width} px")
        if width == 360:
            screenshot(page, "tanbo-360-" + slug(name))


def test_touch_targets_are_at_least_24_px_on_a_phone(guard_factory: Any, base_url: str) -> None:
    page = open_fixture(guard_factory, base_url, viewport={"width": 320, "height": 740})
    small = []
    for name in fixtures_of(page):
        page.select_option("#pick", name)
        small += page.evaluate(
            """(name) => [...document.querySelectorAll('#root .legal, #root [data-pick]')]
              .map(e => [e, (e.querySelector('.tok-hit') || e).getBoundingClientRect()])
              .filter(([, r]) => r.width < 24 || r.height < 24)
              .map(([e, r]) => `${name}: ${e.getAttribute('aria-label')} ${r.width}x${r.height}`)
            """,
            name,
        )
    assert small == []


# --- accessibility ---------------------------------------------------------------------------


# Axe at one size in make test (this game's phone; the others check the other size), both
# in the long run: what it finds is in the markup and colours, which a size seldom changes.
@pytest.mark.parametrize(
    "viewport",
    soak_beyond([PHONE], [DESKTOP, PHONE], ids=lambda v: "desktop" if v is DESKTOP else "phone"),
)
def test_axe_finds_nothing_on_any_fixture(
    guard_factory: Any, base_url: str, viewport: dict[str, int]
) -> None:
    page = open_fixture(guard_factory, base_url, viewport=viewport, reduced_motion="reduce")
    for name, f in fixtures_of(page).items():
        page.select_option("#pick", name)
        assert_accessible(page, f"Tanbo harness, {name}")
        if any(a["type"] == "swap" for a in f["legal"]):
            page.locator("#root .tanbo-panel [data-pick]").nth(2).click()
            assert_accessible(page, f"Tanbo harness, {name}, another first token")


def test_words_for_counts_paddies_and_collected_rice(guard_factory: Any, base_url: str) -> None:
    page = open_fixture(guard_factory, base_url, "game over")
    # What a screen reader gets from the table: words, never a bare number.
    tree = page.locator("#root .tanbo").aria_snapshot()
    bare = [
        line for line in tree.splitlines() if re.fullmatch(r"\s*- (text: )?[x\u00d7]?\d+", line)
    ]
    assert bare == [], tree
    assert re.search(r'img "Paddy 1: [^"]+"', tree), tree
    assert "Collected: " in tree and "points of 25" in tree, tree
    words = page.evaluate(
        """async () => {
          const m = await import('../js/games/tanbo.js');
          const P = (snakes, yellow, black, red, farmer) =>
            ({snakes, rice: {yellow, black, red}, farmer});
          return {
            counts: [0, 1, 2].flatMap(
              n => ['snake', 'yellow', 'token'].map(k => m.countWords(n, k))),
            paddy: m.paddyName(2, P(2, 0, 1, 0, true), 'your Farmer'),
            one: m.paddyName(0, P(1, 1, 0, 2, false)),
            empty: m.paddyName(4, P(0, 0, 0, 0, false)),
            collected: m.collectedWords({yellow: 0, black: 1, red: 2}),
          };
        }"""
    )
    assert words["counts"] == [
        "no Snakes", "no Yellow Rice", "no tokens",
        "1 Snake", "1 Yellow Rice", "1 token",
        "2 Snakes", "2 Yellow Rice", "2 tokens",
    ]  # fmt: skip
    assert words["paddy"] == "Paddy 3: 2 Snakes, 1 Black Rice, your Farmer"
    assert words["one"] == "Paddy 1: 1 Snake, 1 Yellow Rice, 2 Red Rice"
    assert words["empty"] == "Paddy 5: empty"
    assert words["collected"] == "Collected: no Yellow Rice, 1 Black Rice, 2 Red Rice"


# --- what just happened ------------------------------------------------------------------


def test_each_players_last_turn_is_marked_on_their_ring_and_told(
    guard_factory: Any, base_url: str
) -> None:
    page = open_fixture(
        guard_factory, base_url, "after your move: the bot to play", viewport=DESKTOP
    )
    f = fixtures_of(page)["after your move: the bot to play"]
    last = f["view"]["table"]["last"][0]
    sown = sorted({pl["paddy"] for m in last["moves"] for pl in m["placed"]})
    acted_on = sorted({m["paddy"] for m in last["moves"]})
    marked = page.evaluate(
        """(cls) => [...document.querySelectorAll(`#root .ring.seat-0 .paddy.${cls}`)]
                     .map(e => Number(e.dataset.paddy))""",
        "was-sown",
    )
    assert marked == sown
    assert (
        page.evaluate(
            "() => [...document.querySelectorAll('#root .ring.seat-0 .paddy.was-acted')]"
            ".map(e => Number(e.dataset.paddy))"
        )
        == acted_on
    )
    said = page.evaluate(
        "async (m) => (await import('../js/i18n.js')).say(m)", last["text"]
    )  # the words travel as a message, said in the page's language
    assert said.startswith("From paddy")
    assert page.locator("#root .tanbo-player.seat-0 .plast-text").inner_text() == said
    # The fixtures' seats keep the bot name of an old save ("greedy", now Normal).
    assert page.locator("#root .tanbo-player.seat-1 .bot-tag").inner_text() == "Bot · greedy"
    # The bot is sowing now: its ring shows the movement under way, not an old turn.
    assert page.locator("#root .ring.seat-1 .paddy.was-sown").count() == 0
    # A swap the opponent made is marked on their own ring.
    page.select_option("#pick", "sowing: your move, mid-path")
    swaps = fixtures_of(page)["sowing: your move, mid-path"]["view"]["table"]["last"][1]["swaps"]
    assert swaps
    ringed = page.evaluate(
        "() => [...document.querySelectorAll('#root .ring.seat-1 .pnum.swapped')].length"
    )
    assert ringed == len({swaps[-1]["a"][0], swaps[-1]["b"][0]})
    assert "Swapped" in page.locator("#root .tanbo-player.seat-1 .plast").inner_text()


def test_moves_are_animated_briefly_and_not_for_reduced_motion(
    guard_factory: Any, base_url: str
) -> None:
    page = open_fixture(guard_factory, base_url, "Big Movement: you swap", viewport=DESKTOP)
    # The bot's whole move (tokens sown into paddies) travels, then the ghosts are gone.
    timing = page.evaluate(
        """async () => {
          window.showStep(true);
          await new Promise(requestAnimationFrame);  // the move travels from the next frame on
          const ghosts = document.querySelectorAll('.fly-ghost').length;
          const ends = document.getAnimations().filter(a => !(a instanceof CSSAnimation)).map(a => {
            const t = a.effect.getComputedTiming();
            return t.endTime;
          });
          return {ghosts, longest: Math.max(0, ...ends)};
        }"""
    )
    assert timing["ghosts"] >= 2, timing
    assert timing["longest"] <= 1500, timing
    expect(page.locator(".fly-ghost")).to_have_count(0, timeout=5_000)
    # Not animated: a first draw, or animate false.
    page.evaluate("() => window.showStep(false)")
    assert page.locator(".fly-ghost").count() == 0

    still = open_fixture(
        guard_factory, base_url, "Big Movement: you swap", viewport=DESKTOP, reduced_motion="reduce"
    )
    still.evaluate("async () => { showStep(true); await new Promise(requestAnimationFrame); }")
    assert still.locator(".fly-ghost").count() == 0


# --- what a movement will do ----------------------------------------------------------------

TWO_LEFT = "sowing: two left, a winning Harvest"


def test_the_forecast_tells_each_way_in_the_engines_words(
    guard_factory: Any, base_url: str
) -> None:
    page = open_fixture(guard_factory, base_url, TWO_LEFT, viewport=DESKTOP)
    f = fixtures_of(page)[TWO_LEFT]
    sowing = f["view"]["table"]["sowing"]
    names = [s["name"] for s in f["seats"]]
    said = page.evaluate(
        "async ([ms, names]) => { const { say } = await import('../js/i18n.js');"
        " return ms.map((m) => say(m, names)); }",
        [[w["text"] for w in sowing["ways"]], names],
    )
    rows = page.locator("#root .forecast .ways .way-text").all_inner_texts()
    assert rows == list(dict.fromkeys(said))  # one row per distinct way, in the engine's order
    assert any("and win" in r for r in rows)
    head = page.locator("#root .forecast .panel-label").inner_text()
    assert f"PADDY {sowing['landing'] + 1}" in head.upper()
    # Each token that settles the movement says where it leads, on the chip and in its name.
    for a in f["legal"]:
        kept = [w for w in sowing["ways"] if a["token"] in w["next"]]
        chip = page.locator(f"#root .chip.token-{a['token']}.legal")
        if len(kept) == 1:
            work = {
                "harvest": "Harvest",
                "sow": "Sow",
                "cultivate": "Cultivate",
                "rest": "Rest",
                "big_movement": "Big Movement",
            }[kept[0]["action"]]
            shown = chip.locator(".chip-then").inner_text()
            assert shown.startswith(f"→ {work}") and (", and win" in shown) == kept[0]["wins"]
            assert shown in (chip.get_attribute("aria-label") or "")
        else:
            assert chip.locator(".chip-then").count() == 0
    # Pointing at a token strikes out the ways it would close.
    farmer = page.locator("#root .chip.token-farmer.legal")
    farmer.hover()
    struck = page.evaluate(
        """() => [...document.querySelectorAll('#root .forecast .ways .way')]
             .map(e => getComputedStyle(e).textDecorationLine.includes('line-through'))"""
    )
    opened: dict[str, bool] = {}  # one row per distinct way: closed unless one of it stays
    for w in sowing["ways"]:
        key = json.dumps(w["text"])
        opened[key] = opened.get(key, False) or "farmer" in w["next"]
    closes = [not still for still in opened.values()]
    assert struck == closes and any(struck) and not all(struck)


def test_the_forecast_is_one_line_a_way_on_a_phone_until_opened(
    guard_factory: Any, base_url: str
) -> None:
    page = open_fixture(guard_factory, base_url, "sowing: your move, mid-path", viewport=PHONE)
    forecast = page.locator("#root details.forecast")
    assert forecast.get_attribute("open") is None
    assert page.locator("#root .forecast .way-pills .way").count() >= 2
    assert not page.locator("#root .forecast .ways").is_visible()
    summary = page.locator("#root .forecast > summary")
    box = summary.bounding_box()
    assert box is not None and box["height"] >= 24
    summary.click()
    assert page.locator("#root .forecast .ways").is_visible()
    # The person's choice holds across a redraw (the next decision's table).
    page.evaluate("() => window.showStep(false)")
    assert page.locator("#root details.forecast").get_attribute("open") is not None
    assert_fits_width(page, "the forecast opened at 360 px")
    # Even a redraw that comes before the toggle's event (a task after the click: under load a
    # bot's move landed first, and the list closed again under the person's finger).
    still = page.evaluate(
        """() => {
          document.querySelector('#root details.forecast').open = false;
          window.showStep(false);
          return document.querySelector('#root details.forecast').open;
        }"""
    )
    assert still is False, "the list the person closed opened again on a redraw"
    # Not the sowing player's: no forecast (the bot's movement is on its ring).
    page.select_option("#pick", "sowing: the bot's move")
    assert page.locator("#root .forecast").count() == 0
