"""Storm in a Teacup in the real site: the lobby's starting host and Memory aid, a whole game
against bots played by clicks and checked against the engine's own replay, 6 players at
1366 x 768 with the hand staying put and every choice in view, a game by keyboard alone (its
first decisions; to the end in the long run), hot-seat hands kept out of the page, a refused run
changing nothing, a phone, and the replay of a finished game showing every hand."""

from __future__ import annotations

import contextlib
import re
from typing import Any

import pytest
from playwright.sync_api import Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

from pygames.storm_in_a_teacup.combinations import combination_of

from .a11y import assert_accessible
from .conftest import ENGINE_TIMEOUT_MS, SOAK, Guard, decisions, screenshot, wait_ready
from .layout import StayWatch, assert_fits_width, choices_out_of_view
from .lobby import choose_game, choose_seats, fill_seed
from .play import (
    board_state,
    bot_record,
    decide_by_keyboard,
    hand_over_if_asked,
    record_link,
    wait_answered,
    wait_moved,
    wait_turn,
)
from .test_htp_site import engine_view, saved_record

MAX_DECISIONS = 300
KINDS = ("tea", "milk", "lemon")
DESKTOP = {"width": 1366, "height": 768}


def start_storm(
    page: Page,
    bots: list[str],
    *,
    seed: int = 7,
    names: list[str] | None = None,
    host: int | None = None,
    memory_aid: bool | None = None,
) -> None:
    """Start Storm in a Teacup with one seat per entry of ``bots`` ("" for a human)."""
    choose_seats(page, "storm_in_a_teacup", bots, names)
    if host is not None:
        page.locator("#first-player").select_option(str(host))
    if memory_aid is not None:
        page.locator("#storm-memory-aid").set_checked(memory_aid)
    fill_seed(page, seed)
    page.locator("#start").click()
    expect(page.locator("#table")).to_be_visible()


def hand_in_page(page: Page) -> list[tuple[str, str]]:
    """Every hand card in the page: (data-hand-seat, data-kind)."""
    return [
        (s, k)
        for s, k in page.evaluate(
            "() => [...document.querySelectorAll('[data-hand-seat]')]"
            ".map(e => [e.dataset.handSeat, e.dataset.kind])"
        )
    ]


def phase(page: Page) -> str:
    return str(page.locator("#board .storm").get_attribute("data-phase"))


def click_card(page: Page, i: int) -> None:
    page.locator(f'#board [data-hand-index="{i}"]').click()


def storm_move(page: Page, i: int) -> str:
    """One decision by clicks: a run (first and last card, or a quick pick), or a discard.
    Returns what was done, for the record of the test."""
    before = board_state(page)["step"]
    if phase(page) == "discard":
        options = page.locator("#board .storm-discard.legal:not([disabled])")
        assert options.count() > 0, "a discard is awaited but no choice is drawn"
        expect(options.first).to_have_class(re.compile(r"\bdefault\b"))
        choice = options.first if i % 2 == 0 else options.nth(i % options.count())
        assert choice.get_attribute("aria-label")
        choice.click()
        wait_moved(page, before)
        return "discard"
    quick = page.locator("#board .storm-quick:not([disabled])")
    hand = page.locator("#board [data-hand-index]")
    assert quick.count() > 0 and hand.count() > 0, "a serve is awaited but no run can be chosen"
    if i % 4 == 3:
        start, length = (i * 7) % hand.count(), 1  # one card is always a combination
        click_card(page, start)
    else:
        pick = quick.nth(i % quick.count())
        start = int(pick.get_attribute("data-select-start") or "0")
        length = int(pick.get_attribute("data-select-length") or "0")
        if i % 5 == 0:
            pick.click()
        else:
            click_card(page, start)
            if length > 1:
                click_card(page, start + length - 1)
    serve = page.locator("#board .storm-serve.legal")
    expect(serve).to_have_text("Serve this card" if length == 1 else f"Serve these {length} cards")
    expect(serve).to_have_attribute(
        "data-action", f'{{"type":"serve","start":{start},"length":{length}}}'
    )
    serve.click()
    wait_moved(page, before)
    return "serve"


# --------------------------------------------------------------------------------------------


def test_storm_lobby_random_host_and_memory_aid_by_default(site: tuple[Page, Guard]) -> None:
    page, guard = site
    page.goto(guard.origin + "/?fast=1")
    wait_ready(page)
    choose_game(page, "storm_in_a_teacup")
    expect(page.locator("#seat-list .seat-row")).to_have_count(4)
    expect(page.locator("#first-player-label")).to_have_text("Who starts")
    host = page.get_by_label("Who starts")
    expect(host).to_have_value("")
    expect(host.locator("option").first).to_have_text("Random")
    expect(page.get_by_label(re.compile("Memory aid"))).to_be_checked()  # ruling S8
    for _ in range(2):
        page.get_by_role("button", name=re.compile("^Remove player")).last.click()
    expect(page.locator("#seat-list .seat-row")).to_have_count(2)
    for _ in range(4):
        page.get_by_role("button", name=re.compile("Add a player")).click()
    expect(page.locator("#seat-list .seat-row")).to_have_count(6)
    expect(page.get_by_role("button", name=re.compile("Add a player"))).to_be_disabled()
    screenshot(page, "storm-lobby")
    fill_seed(page, 4)
    page.get_by_role("button", name="Start").click()
    assert wait_turn(page) == "human"
    expect(page.locator("#log")).to_contain_text("is the first host (chosen at random)")
    expect(page.locator("#board .storm-seat")).to_have_count(6)
    expect(page.locator("#board .storm")).to_have_attribute("data-memory-aid", "true")


def test_storm_full_game_one_human_two_bots(site: tuple[Page, Guard]) -> None:
    page, guard = site
    page.goto(guard.origin + "/?fast=1")
    names = ["Aiko", "Kenji", "Mei"]
    start_storm(page, ["", "normal", "easy"], seed=11, names=names, host=0)
    done = {"serve": 0, "discard": 0}
    while wait_turn(page) == "human":
        # One human: only their hand is ever in the page.
        assert {s for s, _ in hand_in_page(page)} <= {"0"}
        done[storm_move(page, sum(done.values()))] += 1
        if sum(done.values()) == 3:
            screenshot(page, "storm-vs-bots-midgame")
            # Bots are marked as bots, and each tile says what its player just did.
            tile = page.locator('#board .storm-seat[data-seat="1"]')
            expect(tile.locator(".storm-seat-sub .storm-tag")).to_have_text("Bot · Normal")
            expect(tile.locator(".storm-did")).not_to_have_text("No move yet")
        assert sum(done.values()) < MAX_DECISIONS, "the game does not end"
    assert done["serve"] >= 5 and done["discard"] >= 1, done

    end = page.locator("#end-screen")
    expect(end).to_be_visible()
    screenshot(page, "storm-vs-bots-end")
    view = engine_view(saved_record(page), 0)
    outcome = view["outcome"]
    assert view["over"] and outcome
    title = page.locator("#end-title").inner_text()
    for w in outcome["winners"]:
        assert names[w] in title, (title, outcome)
    details = outcome["details"]
    rows = end.locator("tr[data-seat]")
    expect(rows).to_have_count(3)
    for seat in range(3):
        row = end.locator(f'tr[data-seat="{seat}"]')
        assert int(row.get_attribute("data-cards-left") or "x") == details["cards_left"][seat]
        assert ("winner" in (row.get_attribute("class") or "")) == (seat in outcome["winners"])
    expect(end.locator(".storm-rounds")).to_have_attribute("data-rounds", str(details["rounds"]))
    expect(page.locator("#end-reason")).to_contain_text(f"after {details['rounds']} rounds")
    page.get_by_role("button", name="Look at the table").click()
    expect(page.locator("#board .storm-seat.is-winner")).to_have_count(len(outcome["winners"]))
    screenshot(page, "storm-vs-bots-table-over")


# The long run only: Storm's renderer keeps the hand and every choice in view at 1366 px
# with 2 and 6 players in its own tests (test_storm_renderer.py).
@pytest.mark.soak
@pytest.mark.slow
def test_storm_six_players_at_1366_the_hand_stays_and_choices_are_in_view(
    returning: Any, base_url: str
) -> None:
    """Layout: with 6 players the hand started at y = 765 and moved up to 275 px; discard
    choices were below the fold. Against five bots at 1366 x 768: until a person has served and
    discarded (60 decisions or the end in the long run)."""
    page, _ = returning(base_url, viewport=DESKTOP)
    page.goto(base_url + "?fast=1")
    start_storm(page, ["", *["normal"] * 5], seed=21, names=["Aiko"], memory_aid=True)
    watch = StayWatch(page)
    phases = set()
    for i in range(60):
        if wait_turn(page) == "over" or (not SOAK and i >= 8 and phases == {"serving", "discard"}):
            break
        page.evaluate("() => window.scrollTo(0, 0)")
        assert choices_out_of_view(page) == [], (i, board_state(page)["step"])
        first = page.locator("#board [data-first-choice], #board .legal").first.bounding_box()
        assert first and first["y"] + first["height"] <= DESKTOP["height"], first
        phases.add(phase(page))
        if i == 4:
            screenshot(page, "storm-site-6-players-1366")
            assert_accessible(page, "Storm, 6 players, a person's decision (desktop)")
        storm_move(page, i)
    rects = [r for r in watch.rects() if r["height"]]
    assert len(rects) > 30 and phases == {"serving", "discard"}, (len(rects), phases)
    tops = sorted({round(r["top"]) for r in rects})
    assert watch.largest_jump() < 8, tops
    assert tops[-1] + 90 < DESKTOP["height"], tops


# The long run only: the memory aid's two settings are drawn in test_storm_renderer.py, and
# it is turned off from the table in test_table.py.
@pytest.mark.soak
def test_storm_memory_aid_off_shows_only_counts(site: tuple[Page, Guard]) -> None:
    page, guard = site
    page.goto(guard.origin + "/?fast=1")
    start_storm(page, ["", "normal", "normal"], seed=9, host=0, memory_aid=False)
    for i in range(8):
        if wait_turn(page) == "over":
            break
        storm_move(page, i)
    wait_turn(page)  # the bots have moved: the table and the record agree
    expect(page.locator("#board .storm")).to_have_attribute("data-memory-aid", "false")
    assert page.locator("#board .storm-seat").count() == 3
    stocks = [
        int(
            page.locator(f'#board .storm-seat[data-seat="{s}"]').get_attribute("data-stock-size")
            or 0
        )
        for s in range(3)
    ]
    assert sum(stocks) > 0, "nothing went to a stock yet"
    assert page.locator("#board .storm-chip").count() == 0
    view = engine_view(saved_record(page), 0)
    assert view["table"]["memory_aid"] is False
    assert view["table"]["stock_sizes"] == stocks


# The long run only: make test plays Tanbo's first decisions and a whole Humble Tea Party by
# keyboard alone, and selects a Storm run by keys in test_storm_renderer.py.
@pytest.mark.soak
@pytest.mark.slow
def test_storm_game_by_keyboard_alone(returning: Any, base_url: str) -> None:
    """After each move the shell focuses the best first control (the quick pick of the longest
    run matching the lead; the default discard): Enter, Enter serves; Enter discards. The first
    decisions (to the end in the long run)."""
    page, _ = returning(base_url, viewport=DESKTOP)
    page.goto(base_url + "?fast=1")
    start_storm(page, ["", "normal", "normal"], seed=14, host=0)
    made = 0
    keys = 0
    for _ in decisions(8):
        if wait_turn(page) != "human":
            break
        keys += decide_by_keyboard(page)
        made += 1
    else:
        assert not SOAK, "the game does not end"
    if SOAK:
        expect(page.locator("#end-screen")).to_be_visible()
    assert made >= 5
    assert keys <= 3 * made, f"{keys} keys for {made} decisions"


def test_storm_hot_seat_shows_only_the_acting_hand(site: tuple[Page, Guard]) -> None:
    page, guard = site
    page.goto(guard.origin + "/?fast=1")
    start_storm(page, ["", "", "normal"], seed=5, names=["Aiko", "Kenji", "Bot"], host=0)
    seen: set[str] = set()
    phases: set[str] = set()
    for i in range(24):
        page.wait_for_function(
            """() => !document.getElementById('pass-screen').hidden
                || !document.getElementById('handover-done').hidden
                || ['human', 'over'].includes(document.getElementById('board').dataset.awaiting)""",
            timeout=30_000,
        )
        if page.locator("#pass-screen").is_visible():
            # Before the hand-over nothing of the previous seat stays in the page.
            expect(page.locator("#pass-title")).to_contain_text(re.compile("Aiko|Kenji"))
            assert hand_in_page(page) == []
        if hand_over_if_asked(page):
            continue
        if board_state(page)["awaiting"] == "over":
            break
        seat = board_state(page)["seat"]
        seen.add(seat)
        phases.add(phase(page))
        cards = hand_in_page(page)
        assert {s for s, _ in cards} <= {seat}, f"another seat's hand is shown to seat {seat}"
        size = page.locator(f'#board .storm-seat[data-seat="{seat}"]').get_attribute(
            "data-hand-size"
        )
        assert len(cards) == int(size or "-1")
        html = page.evaluate("() => document.body.innerHTML")
        other = "1" if seat == "0" else "0"
        assert f'data-hand-seat="{other}"' not in html
        storm_move(page, i)
        if seen == {"0", "1"} and "discard" in phases and i >= 6:
            break
    assert seen == {"0", "1"}, "both humans had their screens"
    assert "discard" in phases, "a human chose discards after a hand-over"
    screenshot(page, "storm-hot-seat")


def _refused_run(kinds: list[str]) -> tuple[int, int] | None:
    """The first run of 2 or 3 consecutive cards that makes no combination."""
    for length in (2, 3):
        for start in range(len(kinds) - length + 1):
            run = kinds[start : start + length]
            if combination_of([run.count(k) for k in KINDS]) is None:
                return start, length
    return None


def test_storm_refuses_a_run_that_is_no_combination(site: tuple[Page, Guard]) -> None:
    page, guard = site
    page.goto(guard.origin + "/?fast=1&debug=1")
    start_storm(page, ["", "normal", "normal"], seed=3, host=0)
    assert wait_turn(page) == "human"
    kinds = [k for _, k in hand_in_page(page)]
    found = _refused_run(kinds)
    assert found, kinds
    start, length = found
    before = board_state(page)["step"]
    log = page.locator("#log li").count()
    click_card(page, start)
    click_card(page, start + length - 1)
    expect(page.locator("#board .storm-refusal")).to_contain_text("is no combination")
    expect(page.locator("#board .storm-serve.legal")).to_have_count(0)
    expect(page.locator("#board [data-action]")).to_have_count(0)
    page.locator("#board .storm-serve.refused").click(force=True)  # aria-disabled: nothing sent
    expect(page.locator("#board .storm-selection.tried")).to_have_count(1)
    wait_answered(page)  # had anything been sent, it would have been answered by now
    assert board_state(page)["step"] == before
    assert page.locator("#log li").count() == log
    assert [k for _, k in hand_in_page(page)] == kinds
    assert page.locator("#error-banner").is_hidden()
    screenshot(page, "storm-refused-run-site")
    storm_move(page, 1)
    assert board_state(page)["step"] != before


def in_view(page: Page) -> None:
    """Wait until the page has brought the decision into view: its prompt below the top, its
    first choice above the bottom (a scroll may still be running; the caller asserts)."""
    # On a timeout the caller's assertion says where they are.
    with contextlib.suppress(PlaywrightTimeoutError):
        page.wait_for_function(
            """() => {
              const prompt = document.querySelector('#board [data-prompt]');
              const first = document.querySelector('#board [data-first-choice], #board .legal');
              if (!prompt || !first) return false;
              return prompt.getBoundingClientRect().top >= 0
                && first.getBoundingClientRect().bottom <= innerHeight;
            }""",
            timeout=5_000,
        )


# The long run only: Storm's decisions are brought into view on a phone in test_layout.py.
@pytest.mark.soak
def test_storm_on_a_phone(returning: Any, base_url: str) -> None:
    page, _ = returning(base_url + "?fast=1", viewport={"width": 360, "height": 740})
    page.goto(base_url + "?fast=1")
    start_storm(page, ["", "normal", "normal", "easy"], seed=2, host=1)
    watch = StayWatch(page)
    for i in range(6):
        if wait_turn(page) == "over":
            break
        # The page brought the decision into view: prompt first, the first choice close by.
        in_view(page)
        prompt = page.locator("#board [data-prompt]").bounding_box()
        first = page.locator("#board [data-first-choice], #board .legal").first.bounding_box()
        assert prompt and first and prompt["y"] >= 0 and first["y"] + first["height"] <= 740, (
            prompt,
            first,
        )
        if i == 1:
            screenshot(page, "storm-phone")
        storm_move(page, i)
    assert_fits_width(page, "Storm on a 360 px phone")
    assert watch.largest_jump() < 8, sorted({round(r["top"]) for r in watch.rects()})


def test_storm_replay_of_a_finished_game_shows_every_hand(site: tuple[Page, Guard]) -> None:
    page, guard = site
    record = bot_record("storm_in_a_teacup", 4, seed=5)
    page.goto(record_link(guard.origin + "/?fast=1", record))
    expect(page.locator("#end-screen")).to_be_visible(timeout=ENGINE_TIMEOUT_MS)
    page.get_by_role("button", name="Watch the replay").click()
    board = page.locator("#replay-board")
    expect(board.locator(".storm.everything")).to_be_visible()
    rows = board.locator(".storm-every-row")
    expect(rows).to_have_count(4)
    assert board.locator(".legal, [data-action]").count() == 0
    if page.locator("#replay-first").is_enabled():
        page.locator("#replay-first").click()
    expect(page.locator("#replay-step")).to_contain_text(re.compile(r"Step 0 "))
    expect(board.locator(".storm-every-row").first).to_have_attribute(
        "data-hand", re.compile(r"^(\w+ ){19}\w+$")
    )  # every hand of 20 cards at the deal, face up and in order
    screenshot(page, "storm-replay-everything")
    assert_accessible(page, "the Storm replay of everything")


# The game's English words: none may be left in the table or the log of a Japanese screen (the
# page shell around them is not this game's and may still be English).
STORM_ENGLISH = re.compile(
    r"\b(Tea|Milk|Lemon|Milk Tea|Lemon Tea|Serve[ds]?|serves?|served|Prepare[ds]?|prepares?|"
    r"Stock|stocks?|Hand|hands?|Host|hosts?|[Tt]ea party|Discard(ed|s)?|discards?|Round|rounds?|"
    r"cards?|Box|box|[Ll]ead(s|ing)?|match(es|ed)?|wins?|Player)\b"
)


def _words_of(page: Page, selector: str) -> str:
    """The text of ``selector``, with every aria-label and title under it."""
    return str(
        page.evaluate(
            """(sel) => { const root = document.querySelector(sel);
                 const attrs = [...root.querySelectorAll('[aria-label],[title]')]
                   .flatMap(e => [e.getAttribute('aria-label') || '',
                                  e.getAttribute('title') || '']);
                 return [root.innerText, ...attrs].join('\\n'); }""",
            selector,
        )
    )


# The long run only: make test checks Tanbo's Japanese table for English words (test_tanbo_site.py)
# and the shell's Japanese screens (test_language.py).
@pytest.mark.soak
def test_storm_in_japanese_leaves_no_english_word_of_the_game(
    guard_factory: Any, base_url: str
) -> None:
    page, _ = guard_factory(base_url + "?fast=1", locale="ja-JP")
    page.goto(base_url + "?fast=1")
    start_storm(page, ["", "easy", "easy"], seed=5, names=["花子", "太郎", "次郎"], host=0)
    seen_discard = False
    for i in range(40):
        if wait_turn(page) != "human":
            break
        for where in ("#board", "#log"):
            text = _words_of(page, where)
            found = STORM_ENGLISH.search(text)
            assert not found, f"English {found.group(0)!r} in {where}: {text[:3000]}"
        if i == 2:
            screenshot(page, "storm-japanese")
        before = board_state(page)["step"]
        if phase(page) == "discard":
            seen_discard = True
            page.locator("#board .storm-discard.legal:not([disabled])").first.click()
        else:
            page.locator("#board .storm-quick:not([disabled])").first.click()
            expect(page.locator("#board .storm-selection.ok")).to_contain_text("枚")
            page.locator("#board .storm-serve.legal").click()
        wait_moved(page, before)
        if seen_discard and i >= 8:
            break
    expect(page.locator("#log")).to_contain_text("お茶会")
    # A refused run, in Japanese with the engine's reason (when the hand has one).
    if wait_turn(page) == "human" and phase(page) == "serving":
        kinds = [k for _, k in hand_in_page(page)]
        found = _refused_run(kinds)
        if found:
            start, length = found
            click_card(page, start)
            click_card(page, start + length - 1)
            expect(page.locator("#board .storm-refusal")).to_contain_text("組み合わせになりません")
            text = _words_of(page, "#board")
            assert not STORM_ENGLISH.search(text), STORM_ENGLISH.search(text)
    screenshot(page, "storm-japanese-later")
