"""Tanbo in the real page (the shell's layout, focus and replay tests are in test_layout.py,
test_a11y.py and test_site.py): in hot-seat each ring keeps its place and the player to play
is marked; a bot's move travels on the table (not when motion is reduced) and every header says
what that player just did; the replay draws the table read-only."""

from __future__ import annotations

import contextlib
import re
from collections import Counter
from typing import Any

import pytest
from playwright.sync_api import Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

from .conftest import ENGINE_TIMEOUT_MS, screenshot
from .lobby import choose_seats, fill_seed
from .play import COUNT_GHOSTS_JS, board_state, bot_record, decide, record_link, wait_turn

DESKTOP = {"width": 1366, "height": 768}

RINGS_JS = """() => [...document.querySelectorAll('#board .ring')].map(r => {
  const b = r.getBoundingClientRect();
  return [r.getAttribute('class').match(/seat-(\\d)/)[1], Math.round(b.left + scrollX),
          Math.round(b.top + scrollY)];
})"""


def start(page: Page, bots: list[str], names: list[str], seed: int) -> None:
    choose_seats(page, "tanbo", bots, names)
    fill_seed(page, seed)
    page.get_by_role("button", name="Start").click()
    expect(page.locator("#table")).to_be_visible()
    page.evaluate(COUNT_GHOSTS_JS)


def test_hot_seat_rings_keep_their_place_and_the_turn_is_marked(
    returning: Any, base_url: str
) -> None:
    page, _ = returning(base_url, viewport=DESKTOP)
    page.goto(base_url + "?fast=1")
    start(page, ["", ""], ["Aiko", "Kenji"], seed=3)
    seen: list[tuple[int, list[Any], bool, int, str]] = []
    for i in range(8):
        if wait_turn(page) == "over":
            break
        seat = int(board_state(page)["seat"])
        side = page.locator(f"#board .tanbo-side.seat-{seat}")
        acting = "is-acting" in (side.get_attribute("class") or "") if side.count() else False
        tags = page.locator("#board .turn-tag").count()
        prompt = (
            page.locator("#board [data-prompt]").first.inner_text().strip()
            if page.locator("#board [data-prompt]").count()
            else ""
        )
        seen.append((seat, page.evaluate(RINGS_JS), acting, tags, prompt))
        decide(page, i * 3)
    assert {s for s, *_ in seen} == {0, 1}
    # Each ring where it was, seat 0 first, whoever is on screen.
    first = seen[0][1]
    for seat, rings, *_ in seen:
        assert [r[0] for r in rings] == ["0", "1"], (seat, rings)
        assert all(
            abs(a[1] - b[1]) < 8 and abs(a[2] - b[2]) < 8 for a, b in zip(rings, first, strict=True)
        )
    # The player to play is marked instead, and named by the prompt.
    for seat, _, acting, tags, prompt in seen:
        assert acting and tags == 1, seat
        assert ["Aiko", "Kenji"][seat] in prompt, prompt
    screenshot(page, "tanbo-site-hot-seat")


def test_a_bot_move_travels_and_every_header_says_what_they_did(
    returning: Any, guard_factory: Any, base_url: str
) -> None:
    page, _ = returning(base_url, viewport=DESKTOP)
    page.goto(base_url + "?fast=1")
    start(page, ["", "normal"], ["Aiko", "Kenji"], seed=8)
    for i in range(6):
        if wait_turn(page) == "over":
            break
        decide(page, i)
    wait_turn(page)
    assert page.evaluate("() => window.__ghosts") > 0, "nothing travelled"
    bot = page.locator("#board .tanbo-player.seat-1")
    assert bot.locator(".bot-tag").inner_text() == "Bot · Normal"
    for seat in (0, 1):
        line = page.locator(f"#board .tanbo-player.seat-{seat} .plast-text").inner_text()
        assert line.startswith(("From paddy", "Sowing from paddy", "Placed the Farmer")), line
    screenshot(page, "tanbo-site-vs-bot")

    # Another player's browser, which asks for reduced motion.
    still, _ = guard_factory(base_url, viewport=DESKTOP, reduced_motion="reduce")
    still.goto(base_url + "?fast=1")
    start(still, ["", "normal"], ["Aiko", "Kenji"], seed=8)
    for i in range(6):
        if wait_turn(still) == "over":
            break
        decide(still, i)
    wait_turn(still)
    assert still.evaluate("() => window.__ghosts") == 0, "tokens travelled with reduced motion"


# The long run only: make test opens Humble Tea Party's replay (test_table.py); Tanbo's
# renderer draws a replay read-only in test_tanbo_renderer.py.
@pytest.mark.soak
def test_the_replay_draws_the_table_read_only(returning: Any, base_url: str) -> None:
    page, _ = returning(base_url, viewport=DESKTOP)
    page.goto(base_url + "?fast=1")
    start(page, ["", "normal"], ["Aiko", "Kenji"], seed=4)
    for i in range(5):
        if wait_turn(page) == "over":
            break
        decide(page, i)
    wait_turn(page)
    page.get_by_role("button", name="Replay").click()
    board = page.locator("#replay-board")
    expect(board.locator(".tanbo")).to_be_visible()
    for _ in range(4):
        page.locator("#replay-prev").click()
        expect(board.locator(".tanbo")).to_be_visible()
        assert board.locator("[data-prompt], .legal, [data-pick], [data-action]").count() == 0
        assert board.locator(".ring").count() == 2
    assert board.locator(".tanbo-player.seat-1 .bot-tag").count() == 1
    screenshot(page, "tanbo-site-replay")


# Tanbo's English words: none of them may be left on a Japanese table or in its log.
ENGLISH = re.compile(
    r"\b(snakes?|rice|padd(?:y|ies)|farmers?|harvest|sow(?:ing)?|cultivate|rest|big|movement|"
    r"move|yellow|black|red|points?|tokens?|bag|supply|swaps?|hand|collected|empty|wins?|"
    r"turn|choose|place|take|return|remove|start|first|last|player)\b",
    re.IGNORECASE,
)

# Everything a person reads or hears on the table: text, labels and tooltips.
WORDS_JS = """(root) => {
  const el = document.querySelector(root);
  const out = [el.innerText];
  for (const e of el.querySelectorAll('[aria-label], [title]')) {
    out.push(e.getAttribute('aria-label') || '', e.getAttribute('title') || '');
  }
  return out.join('\\n');
}"""


def english_words(page: Page, root: str) -> list[str]:
    return sorted({m.group(0) for m in ENGLISH.finditer(page.evaluate(WORDS_JS, root))})


def test_a_game_against_a_bot_in_japanese_leaves_no_english_word_of_tanbo(
    guard_factory: Any, base_url: str
) -> None:
    record = bot_record("tanbo", 2, seed=5, upto=9, humans=(0,))
    record["seats"][0]["name"], record["seats"][1]["name"] = "あいこ", "けんじ"
    link = record_link(base_url + "?fast=1", record)
    page, _ = guard_factory(link, viewport=DESKTOP, locale="ja-JP")
    page.goto(link)
    expect(page.locator("#board .tanbo")).to_be_visible(timeout=ENGINE_TIMEOUT_MS)
    assert page.evaluate("() => document.documentElement.lang") == "ja"
    seen = 0
    for i in range(8):
        if wait_turn(page) == "over":
            break
        assert english_words(page, "#board") == [], page.evaluate(WORDS_JS, "#board")
        assert english_words(page, "#log") == [], page.locator("#log").inner_text()
        seen += 1
        decide(page, i)
    assert seen >= 3
    log = page.locator("#log").inner_text()
    assert "あいこ" in log and "田" in log, log
    screenshot(page, "tanbo-site-japanese")

    # A finished game: the table's end in Japanese too.
    done = bot_record("tanbo", 2, seed=5, humans=(0,))
    done["seats"][0]["name"], done["seats"][1]["name"] = "あいこ", "けんじ"
    # A new link on the same page opens on its own (the address's change is heard); a reload
    # here would race that opening and rightly be asked whether to open the link again.
    page.goto(record_link(base_url + "?fast=1", done))
    expect(page.locator("#board .tanbo.over")).to_be_visible(timeout=ENGINE_TIMEOUT_MS)
    assert english_words(page, "#board") == [], page.evaluate(WORDS_JS, "#board")
    assert english_words(page, "#log") == [], page.locator("#log").inner_text()
    assert "の勝ち" in page.locator("#board .tanbo-over").inner_text()


# The ring a decision plays on, against the prompt's panel stuck to the foot of the screen.
RING_ABOVE_PROMPT_JS = """() => {
  const ring = document.querySelector('#board .ring.is-turn-ring');
  const status = document.querySelector('#board .tanbo-status');
  if (!ring || !status) return null;
  const r = ring.getBoundingClientRect();
  const s = status.getBoundingClientRect();
  return {ring: [Math.round(r.top), Math.round(r.bottom)], prompt: Math.round(s.top),
          screen: innerHeight, stuck: Math.round(s.bottom) >= innerHeight - 1};
}"""

# The turn's ring is whole above the prompt's panel (or the panel is not stuck to the foot).
RING_SEEN_JS = f"""() => {{
  const s = ({RING_ABOVE_PROMPT_JS})();
  return s && (!s.stuck || (s.ring[0] >= -1 && s.ring[1] <= s.prompt + 1));
}}"""


# Where each token that flies lands on the screen (a ghost is fixed where it lands): at which
# step, on which ring (whichever ring's box holds it, on screen or not), and where the panel
# stuck to the foot of the screen starts (else the screen's foot). Run before the page's scripts.
LANDINGS_JS = """() => {
  window.__landings = [];
  new MutationObserver((list) => {
    for (const m of list) for (const n of m.addedNodes) {
      if (!n.classList?.contains('fly-ghost')) continue;
      const r = n.getBoundingClientRect();
      const [x, y] = [r.left + r.width / 2, r.top + r.height / 2];
      const ring = [...document.querySelectorAll('#board svg.ring')].find((g) => {
        const b = g.getBoundingClientRect();
        return x >= b.left && x <= b.right && y >= b.top && y <= b.bottom;
      });
      const panel = document.querySelector('#board .tanbo-status')?.getBoundingClientRect();
      const stuck = panel && Math.round(panel.bottom) >= innerHeight - 1;
      window.__landings.push({top: Math.round(r.top), bottom: Math.round(r.bottom),
        step: document.getElementById('board')?.dataset.step,
        ring: ring ? [...ring.classList].find((c) => c.startsWith('seat-')) : null,
        cover: stuck ? Math.round(panel.top) : innerHeight});
    }
  }).observe(document, {childList: true, subtree: true});
}"""


def test_on_a_phone_a_bot_s_sowing_is_followed_to_its_ring(returning: Any, base_url: str) -> None:
    """On a phone the rings are one above the other and one fits the screen: the bot's ring was
    below the fold, so its sowing played unseen. Each movement is now brought on screen before
    it starts, on the ring where most of it lands (above the prompt's panel), and the page goes
    back to your ring after it. (Rice going back to the bag, below the rings, may fly out of
    sight.)"""
    page, _ = returning(base_url, viewport={"width": 360, "height": 740})
    page.add_init_script(f"({LANDINGS_JS})()")
    page.goto(base_url + "?fast=1")
    start(page, ["", "normal"], ["Aiko", "Bot"], seed=5)
    for i in range(5):
        if wait_turn(page) == "over":
            break
        decide(page, i)
    wait_turn(page)
    landings = [x for x in page.evaluate("() => window.__landings") if x["ring"]]
    by_step: dict[str, list[dict[str, Any]]] = {}
    for x in landings:
        by_step.setdefault(x["step"], []).append(x)
    for step, moved in by_step.items():
        counts = Counter(x["ring"] for x in moved)
        busiest = counts.most_common(1)[0][0]
        shown = [x for x in moved if x["ring"] == busiest]
        unseen = [x for x in shown if x["top"] < 0 or x["bottom"] > x["cover"] + 1]
        assert unseen == [], f"step {step}: tokens landed on {busiest} off screen: {unseen}"
    bots = [x for x in landings if x["ring"] == "seat-1"]
    assert len(bots) >= 3, f"the bot's sowing was not seen: {landings}"
    # Back on your own ring, whole above the panel, once the bot's move has landed.
    page.wait_for_function(RING_SEEN_JS)


def test_on_a_phone_the_prompt_never_covers_the_ring_you_play_on(
    returning: Any, base_url: str
) -> None:
    """On a phone the prompt and its choices are a panel stuck to the foot of the screen: it
    covered the lower half of the player's own ring, where the next tokens land. At each of
    your decisions that ring is now scrolled whole above the panel."""
    page, _ = returning(base_url, viewport={"width": 360, "height": 740})
    page.goto(base_url + "?fast=1")
    start(page, ["", "normal"], ["Aiko", "Bot"], seed=5)
    looked = 0
    for i in range(6):
        if wait_turn(page) == "over":
            break
        # A bot's move is shown on its ring first; then the page comes back to yours.
        with contextlib.suppress(PlaywrightTimeoutError):
            page.wait_for_function(RING_SEEN_JS, timeout=5000)
        seen = page.evaluate(RING_ABOVE_PROMPT_JS)
        assert seen is not None, "no ring is the turn's"
        if seen["stuck"]:
            looked += 1
            top, bottom = seen["ring"]
            assert top >= -1 and bottom <= seen["prompt"] + 1, f"decision {i}: {seen}"
        if i == 2:
            screenshot(page, "tanbo-phone-ring-above-prompt")
        decide(page, i)
    assert looked >= 3, "the prompt was never a panel at the foot of the screen"
