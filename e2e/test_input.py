"""One press, one decision; names that cannot disturb the words around them.

A held Enter's auto-repeat or a double tap used to play the next decisions as well (after each
move the shell focuses the next first choice, and a table is redrawn in place): five Tanbo
placements, four Storm serves. The gate (web/js/input-gate.js) takes one decision per press.
Each way of pressing is tried on one game in make test (the gate is the same for every table)
and on every game in the long run. A player's name with an unclosed RIGHT-TO-LEFT OVERRIDE
reversed every log line naming them, and a name of zero-width characters left log lines with
no visible subject.
"""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Page, expect

from .conftest import Guard, screenshot, soak_beyond
from .lobby import choose_seats, fill_seed
from .play import (
    BOARD,
    CHOICE,
    NOT_INTERRUPT,
    PICKS,
    bot_record,
    decide,
    record_link,
    wait_answered,
    wait_settled,
    wait_turn,
)

GAMES = ["tanbo", "humble_tea_party", "storm_in_a_teacup"]
# The input gate is the shell's, the same for every table: make test presses each way on one
# game, a different one for each test (soak_beyond), the long run on every game.

# Bots answer at once (?pace=0), so the next decision is on the table within a double tap.
FAST = "/?pace=0&debug=1"
# The pause of a decision just drawn in the test of a tap on it (the page's own is 250 ms).
SLOW_SETTLE_MS = 2_000
RLO = "\u202e"  # RIGHT-TO-LEFT OVERRIDE, left unclosed
BIDI_NAME = f"{RLO}Eve"
BLANK_NAME = "\u200b\u200c\u200d"


def start(page: Page, game: str, names: list[str] | None = None, seed: int = 3) -> None:
    """A person in seat 0, who moves first, against Easy bots."""
    choose_seats(page, game, ["", *(["easy"] * (1 if game == "tanbo" else 2))], names)
    page.locator("#first-player").select_option("0")
    fill_seed(page, seed)
    page.locator("#start").click()
    expect(page.locator("#table")).to_be_visible()


def my_moves(page: Page) -> int:
    """How many decisions seat 0 has made, as the page's copy of the record says."""
    count: int = page.evaluate(
        """() => {
            const match = window.pygamesDebug.match;
            return match.record.actions.filter(([seat]) => seat === 0).length;
        }"""
    )
    return count


def quiet(page: Page) -> int:
    """Let the engine answer every call and every bot move, then count seat 0's decisions."""
    wait_answered(page)
    wait_turn(page)
    wait_answered(page)
    return my_moves(page)


def focus_a_final_choice(page: Page) -> None:
    """From the focus the shell placed, press Enter on picks (one press each) until the focus is
    on a choice that makes a decision."""
    for _ in range(6):
        wait_settled(page)
        focused = page.evaluate(
            """([choice, picks]) => {
                const a = document.activeElement;
                if (!a || !document.getElementById('board').contains(a)) return 'outside';
                if (a.matches(choice)) return 'choice';
                return picks.some((p) => a.matches(p)) ? 'pick' : 'other';
            }""",
            [CHOICE + NOT_INTERRUPT, list(PICKS)],
        )
        if focused == "choice":
            return
        assert focused == "pick", f"the focus is on no choice ({focused})"
        page.keyboard.press("Enter")
    raise AssertionError("the picks lead to no final choice")


@pytest.mark.parametrize("game", soak_beyond(["tanbo"], GAMES))
def test_a_held_enter_plays_one_decision(site: tuple[Page, Guard], game: str) -> None:
    page, guard = site
    page.goto(guard.origin + FAST)
    start(page, game)
    assert wait_turn(page) == "human"
    if game == "tanbo":
        decide(page)  # the Farmer: then every token's place is one decision of its own
        assert wait_turn(page) == "human"
    focus_a_final_choice(page)
    before = my_moves(page)
    # Held for a second and a half at a key's repeat rate: one keydown, then repeats only.
    page.keyboard.down("Enter")
    for _ in range(50):
        page.wait_for_timeout(30)
        page.keyboard.down("Enter")  # Playwright sends a key already down as a repeat
    page.keyboard.up("Enter")
    assert quiet(page) == before + 1
    # A second, separate press after the pause plays the next decision as ever.
    focus_a_final_choice(page)
    page.keyboard.press("Enter")
    assert quiet(page) == before + 2


def tap_to_a_final_choice(page: Page) -> str:
    """Tap the picks of a decision (a Storm run, a Humble Tea Party sweet and Oribako) until a
    final choice is on the table; returns the selector of the first one."""
    final = f"{BOARD} {CHOICE}{NOT_INTERRUPT}"
    for pick in PICKS:
        if page.locator(final).count():
            break
        found = page.locator(f"{BOARD} {pick}")
        if found.count():
            found.first.click()
    expect(page.locator(final).first).to_be_visible()
    return final


FIRST = {"tanbo": "first_player", "humble_tea_party": "start_player", "storm_in_a_teacup": "host"}


def open_against_random_bots(page: Page, guard: Guard, game: str, settle: int = 0) -> None:
    """A person in seat 0, who moves first, against bots that answer at once; for Tanbo, the
    Farmer is placed: then every token's place is one decision of its own. ``settle``: the
    pause of a decision just drawn, in ms (0: the page's own)."""
    players = 2 if game == "tanbo" else 3
    record = bot_record(game, players, upto=0, bot="random", options={FIRST[game]: 0})
    page.goto(record_link(guard.origin + FAST + (f"&settle={settle}" if settle else ""), record))
    assert wait_turn(page) == "human"
    if game == "tanbo":
        decide(page)
        assert wait_turn(page) == "human"


def point_of(page: Page, selector: str) -> tuple[float, float]:
    """The middle of the first control ``selector`` finds, brought on screen first as a person
    would scroll to it (a tap off the screen lands on nothing: at 1280 x 720 a table's last
    choices may be below the fold)."""
    page.locator(selector).first.scroll_into_view_if_needed()
    box = page.locator(selector).first.bounding_box()
    assert box, selector
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


# Whether a control of the table that takes a press lies under the point (measured from the
# boxes: while the gate holds, the controls let pointers through).
LIVE_AT_JS = """([x, y]) => [...document.querySelectorAll(
    '#board button:not([disabled]), #board [role=button]:not([aria-disabled=true])')]
  .some((b) => { const r = b.getBoundingClientRect();
                 return x >= r.left && x <= r.right && y >= r.top && y <= r.bottom; })"""


# The middle of the first control that takes a decision now, or null.
LIVE_POINT_JS = """() => {
  const b = document.querySelector('#board .legal:not([disabled]):not([aria-disabled=true])');
  if (!b) return null;
  const r = b.getBoundingClientRect();
  const [x, y] = [r.left + r.width / 2, r.top + r.height / 2];
  // Off screen a tap lands on nothing, which would prove nothing.
  return x >= 0 && y >= 0 && x < innerWidth && y < innerHeight ? [x, y] : null;
}"""


@pytest.mark.parametrize("game", soak_beyond(["storm_in_a_teacup"], GAMES))
def test_a_double_tap_120_ms_apart_plays_one_decision(site: tuple[Page, Guard], game: str) -> None:
    page, guard = site
    open_against_random_bots(page, guard, game)
    final = tap_to_a_final_choice(page)
    wait_settled(page)
    before = my_moves(page)
    x, y = point_of(page, final)
    page.mouse.click(x, y)
    page.wait_for_timeout(120)
    page.mouse.click(x, y)
    assert quiet(page) == before + 1
    # Nor did it start the next decision: no sweet, no card, no token was picked.
    assert page.locator(f"{BOARD} [aria-pressed=true]").count() == 0
    # Two taps with a person's pause between them are two decisions.
    final = tap_to_a_final_choice(page)
    page.wait_for_timeout(300)
    page.locator(final).first.click()
    assert quiet(page) == before + 2


# When the next decision for a person is drawn after `step`, and when each press begins (a
# listener on the window hears it before the page does).
WATCH_DRAW_JS = """(step) => {
  const board = document.getElementById('board');
  window.drawnAt = null;
  window.taps = [];
  window.watch?.disconnect();
  window.watch = new MutationObserver(() => {
    const next = board.dataset.step !== step && board.dataset.awaiting === 'human';
    if (window.drawnAt === null && next) window.drawnAt = performance.now();
  });
  window.watch.observe(board, { attributes: true });
  if (!window.hearsTaps) {
    addEventListener('pointerdown', () => window.taps.push(performance.now()), true);
    window.hearsTaps = true;
  }
}"""


@pytest.mark.parametrize("game", soak_beyond(["humble_tea_party"], GAMES))
def test_a_tap_on_a_decision_just_drawn_is_not_taken(site: tuple[Page, Guard], game: str) -> None:
    """The second tap of a double tap slower than the bots' answer: it comes as the next
    decision is drawn, on the control now under the finger (Tanbo's next token, the next
    turn's sweet of Humble Tea Party, the discard that ends a Storm serve's tea party)."""
    page, guard = site
    # The pause is made long (?settle=), so that the second tap, however slow a busy machine
    # makes it, comes while the decision just drawn is settling; the default pause's own
    # figure is the 120 ms double tap's test above.
    open_against_random_bots(page, guard, game, settle=SLOW_SETTLE_MS)
    # The second tap goes where the finger was, or, when nothing of the new decision is there,
    # to one of its choices; a decision with no choice to tap is passed over.
    for _ in range(8):
        final = tap_to_a_final_choice(page)
        wait_settled(page)
        before = my_moves(page)
        step = page.locator(BOARD).get_attribute("data-step")
        x, y = point_of(page, final)
        page.evaluate(WATCH_DRAW_JS, step)
        page.mouse.click(x, y)
        page.wait_for_function("() => window.drawnAt !== null", timeout=30_000)
        # The finger's place if a control of the new decision is there, else that control's.
        live = page.evaluate(LIVE_AT_JS, [x, y]) or page.evaluate(LIVE_POINT_JS)
        if isinstance(live, list):
            x, y = live
        page.mouse.click(x, y)
        gap = page.evaluate("() => window.taps[1] - window.drawnAt")
        moves = quiet(page)
        if gap > SLOW_SETTLE_MS - 500 or not live:
            continue  # too late, or on nothing: it proves nothing
        assert moves == before + 1, f"the tap {gap:.0f} ms after the drawing was taken"
        assert page.locator(f"{BOARD} [aria-pressed=true]").count() == 0
        return
    raise AssertionError("no second tap came on a control while its decision settled")


# What the page shows of a log line naming seat 1: the name's element, whether the name is
# isolated there, and whether the words after it stay after it, on screen as in the text.
LOG_LINE_JS = """(name) => {
  for (const li of document.querySelectorAll('#log li')) {
    const bdi = [...li.querySelectorAll('bdi')].find((b) => b.textContent === name);
    if (!bdi) continue;
    const after = bdi.nextSibling;
    const range = document.createRange();
    let follows = null;
    if (after && after.nodeType === Node.TEXT_NODE && after.nodeValue.trim()) {
      const at = after.nodeValue.search(/\\S/);
      range.setStart(after, at);
      range.setEnd(after, at + 1);
      follows = range.getBoundingClientRect().left >= bdi.getBoundingClientRect().right - 1;
    }
    return {
      text: li.textContent,
      isolate: getComputedStyle(bdi).unicodeBidi,
      afterOutside: !!after && !bdi.contains(after),
      follows,
    };
  }
  return null;
}"""


# Tanbo; the other games in the long run (the names are put in the page by the shell's helpers).
@pytest.mark.parametrize("game", soak_beyond(["tanbo"], GAMES))
def test_a_right_to_left_override_in_a_name_stays_inside_it(
    site: tuple[Page, Guard], game: str
) -> None:
    page, guard = site
    page.goto(guard.origin + FAST)
    names = ["Ann", BIDI_NAME, "Kai"][: 2 if game == "tanbo" else 3]
    start(page, game, names)
    assert wait_turn(page) == "human"
    decide(page)  # then the bot named with the override moves
    page.wait_for_function(
        "(name) => [...document.querySelectorAll('#log li bdi')]"
        ".some((b) => b.textContent === name)",
        arg=BIDI_NAME,
        timeout=30_000,
    )
    line = page.evaluate(LOG_LINE_JS, BIDI_NAME)
    assert line, "no log line names the bot in an isolate"
    assert line["isolate"] == "isolate", line
    # The words after the name are outside its isolate, and drawn after it (left to right).
    assert line["afterOutside"] and line["follows"] is True, line
    assert BIDI_NAME in line["text"] and "\u2068" not in line["text"], line
    # The person's own lines have no isolate and read as written.
    ann = page.locator("#log li", has_text="Ann").first
    expect(ann).to_be_visible()
    assert ann.locator("bdi").count() == 0
    # On the table too: the bot's header holds its name in an isolate.
    assert page.evaluate(
        """(name) => [...document.querySelectorAll('#board bdi')].some((b) =>
            b.textContent === name && getComputedStyle(b).unicodeBidi === 'isolate')""",
        BIDI_NAME,
    ), "the table shows the name without an isolate"
    if game == "tanbo":
        page.set_viewport_size({"width": 1366, "height": 768})
        screenshot(page, "input-bidi-name-1366")
        page.set_viewport_size({"width": 360, "height": 740})
        page.locator("#log-panel").scroll_into_view_if_needed()
        screenshot(page, "input-bidi-name-360")


def test_the_tab_title_and_the_turn_line_isolate_a_name(site: tuple[Page, Guard]) -> None:
    """Two people at one device: the title and the turn line name whose turn it is."""
    page, guard = site
    page.goto(guard.origin + FAST)
    choose_seats(page, "tanbo", ["", ""], ["Ann", BIDI_NAME])
    page.locator("#first-player").select_option("1")
    page.locator("#start").click()
    expect(page.locator("#turn")).to_contain_text("Eve")
    assert f"\u2068{BIDI_NAME}\u2069" in page.title(), page.title()
    turn = page.locator("#turn bdi")
    expect(turn).to_have_text(BIDI_NAME)
    assert turn.evaluate("(b) => getComputedStyle(b).unicodeBidi") == "isolate"
    assert (page.locator("#turn").get_attribute("title") or "").count("\u2068") == 1


@pytest.mark.parametrize("lang", soak_beyond(["en"], ["en", "ja"]))
def test_a_name_of_which_nothing_shows_is_the_seat_s_default_name(
    site: tuple[Page, Guard], lang: str
) -> None:
    page, guard = site
    page.goto(guard.origin + FAST)
    page.wait_for_selector("body[data-engine=ready]", timeout=60_000)
    if lang == "ja":
        page.locator("#language").select_option("ja")
        # The lobby is drawn again in Japanese before anything is typed into it.
        expect(page.locator("html")).to_have_attribute("lang", "ja")
    choose_seats(page, "tanbo", ["", "easy"], ["Ann", BLANK_NAME])
    hint = page.locator("#seat-1-name-hint")
    default = {"en": "Player 2", "ja": "プレイヤー2"}[lang]
    # Said in the lobby before Start, beside the field it is about.
    expect(hint).to_be_visible()
    expect(hint).to_contain_text(default)
    assert page.locator("#seat-1-name").get_attribute("aria-describedby") == "seat-1-name-hint"
    expect(page.locator("#seat-0-name-hint")).to_be_hidden()
    if lang == "en":
        page.set_viewport_size({"width": 360, "height": 740})
        screenshot(page, "input-blank-name-lobby-360")
    page.locator("#first-player").select_option("0")
    page.locator("#start").click()
    assert wait_turn(page) == "human"
    decide(page)
    page.wait_for_function(
        "(name) => [...document.querySelectorAll('#log li')]"
        ".some((li) => li.textContent.includes(name))",
        arg=default,
        timeout=30_000,
    )
    seats: list[dict[str, Any]] = page.evaluate("() => window.pygamesDebug.match.seats")
    assert [s["name"] for s in seats] == ["Ann", "Player 2"]
    # The record keeps the default name, so a save or a link names the seat too.
    assert page.evaluate("() => window.pygamesDebug.match.record.seats[1].name") == "Player 2"
    assert not page.evaluate(
        "(blank) => document.getElementById('log').textContent.includes(blank)", BLANK_NAME
    )


def test_a_record_s_name_of_which_nothing_shows_is_read_as_the_default_name(
    site: tuple[Page, Guard],
) -> None:
    """A save or a link someone else wrote is read as the lobby reads a name."""
    page, guard = site
    record = bot_record("tanbo", 2, upto=0, bot="random", options={"first_player": 0})
    record["seats"][1]["name"] = BLANK_NAME
    page.goto(record_link(guard.origin + FAST, record))
    assert wait_turn(page) == "human"
    expect(page.locator(f"{BOARD} .tanbo-side.seat-1 .pname-text")).to_have_text("Player 2")
    assert page.evaluate("() => window.pygamesDebug.match.record.seats[1].name") == "Player 2"
