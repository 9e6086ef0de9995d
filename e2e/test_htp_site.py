"""Humble Tea Party in the real page (the shell's own checks are in test_table.py, test_layout.py
and test_a11y.py; the renderer's in test_htp_renderer.py): lobby options; a whole game against
bots checked against the engine's own outcome; the board stays put and every choice is in view
at 1366 x 768 with 6 players (and 4 in the long run); each Oribako's running score and each
player's last move as the engine's view says; a game by keyboard alone and one in Japanese
(their first decisions, then a finished game's end; to the end in the long run); hot-seat
secrets; Tea taken by a human seat not on screen; a phone."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from pygames import bridge
from pygames.humble_tea_party.sweets import TYPES

from .conftest import SOAK, Guard, decisions, screenshot, wait_ready
from .layout import StayWatch, assert_fits_width, choices_out_of_view
from .lobby import choose_game, choose_seats, fill_seed, table_command
from .play import (
    board_state,
    bot_record,
    decide,
    decide_by_keyboard,
    hand_over_if_asked,
    record_link,
    wait_turn,
)

MAX_DECISIONS = 200
DESKTOP = {"width": 1366, "height": 768}
PICKS_OUT_OF_VIEW_JS = """() => {
  const found = [];
  const sel = '#board :is([data-pick-deck], button[data-pick-target], .htp-cell.spot)';
  for (const n of document.querySelectorAll(sel)) {
    const r = n.getBoundingClientRect();
    if (r.width && (r.top < -0.5 || r.bottom > innerHeight + 0.5 || r.right > innerWidth + 0.5))
      found.push(`${n.getAttribute('aria-label')} [${Math.round(r.top)}-${Math.round(r.bottom)}]`);
  }
  return found;
}"""


def start_htp(
    page: Page,
    bots: list[str],
    *,
    seed: int = 7,
    names: list[str] | None = None,
    options: dict[str, Any] | None = None,
) -> None:
    """Start Humble Tea Party with one seat per entry of ``bots`` ("" for a human)."""
    choose_seats(page, "humble_tea_party", bots, names)
    options = options or {}
    if options.get("no_chatting"):
        page.get_by_label(re.compile("^ ?No chatting")).check()
    if options.get("team_battle"):
        page.get_by_label(re.compile("^ ?Team Battle")).check()
    fill_seed(page, seed)
    page.get_by_role("button", name="Start").click()
    expect(page.locator("#table")).to_be_visible()


def saved_record(page: Page) -> dict[str, Any]:
    table_command(page, "Save")
    expect(page.get_by_role("dialog", name="Share this game")).to_be_visible()
    text = page.get_by_label("Saved game (JSON)", exact=True).input_value()
    page.get_by_role("button", name="Close").click()
    data = json.loads(text)
    return data.get("record", data)  # type: ignore[no-any-return]


def engine_view(record: dict[str, Any], seat: int) -> dict[str, Any]:
    """Replay the page's own record in this process and return ``seat``'s view."""
    opened = json.loads(bridge.import_record(json.dumps(record)))
    assert opened["ok"], opened
    reply = json.loads(bridge.view(opened["match"], seat))
    assert reply["ok"], reply
    bridge.close(opened["match"])
    return reply["view"]  # type: ignore[no-any-return]


def favourites(page: Page) -> dict[str, str]:
    """data-favourite markers in the page: seat -> season ("?" while secret)."""
    marks = page.evaluate(
        "() => [...document.querySelectorAll('#board [data-favourite]')]"
        ".map(e => e.dataset.favourite)"
    )
    return dict(m.split(":") for m in marks)


# --------------------------------------------------------------------------------------------


def test_htp_lobby_seats_and_options(site: tuple[Page, Guard]) -> None:
    page, guard = site
    page.goto(guard.origin + "/?fast=1")
    wait_ready(page)
    choose_game(page, "humble_tea_party")
    rows = page.locator("#seat-list .seat-row")
    expect(rows).to_have_count(4)
    expect(page.locator("#first-player-label")).to_have_text("Who starts")
    team = page.get_by_label(re.compile("^ ?Team Battle"))
    expect(team).to_be_enabled()
    page.get_by_role("button", name=re.compile("Add a player")).click()
    expect(rows).to_have_count(5)
    expect(team).to_be_disabled()
    page.get_by_role("button", name=re.compile("Add a player")).click()
    expect(rows).to_have_count(6)
    expect(page.get_by_role("button", name=re.compile("Add a player"))).to_be_disabled()
    team.check()
    teams = [page.get_by_label(f"Player {i} team").input_value() for i in range(1, 7)]
    assert teams == ["0", "1", "0", "1", "0", "1"], "alternate seats by default (ruling H14)"
    for _ in range(3):
        page.get_by_role("button", name=re.compile("^Remove player")).last.click()
    expect(rows).to_have_count(3)
    expect(team).to_be_disabled()
    expect(team).not_to_be_checked()
    screenshot(page, "htp-lobby")

    # Four players in Team Battle, with No chatting: both show on the table.
    page.get_by_role("button", name=re.compile("Add a player")).click()
    page.get_by_label(re.compile("^ ?No chatting")).check()
    team.check()
    page.get_by_label("Player 2 team").select_option("0")
    page.get_by_label("Player 3 team").select_option("1")
    fill_seed(page, 3)
    page.get_by_role("button", name="Start").click()
    expect(page.locator("#table")).to_be_visible()
    wait_turn(page)
    expect(page.locator("#board .htp-hush")).to_contain_text("No chatting")
    expect(page.locator("#board .htp-box.team-0")).to_have_count(2)
    expect(page.locator('#board .htp-box[data-seat="1"]')).to_have_class(re.compile("team-0"))
    expect(page.locator('#board .htp-box[data-seat="2"]')).to_have_class(re.compile("team-1"))
    screenshot(page, "htp-team-battle")


def test_htp_full_game_one_human_two_bots(site: tuple[Page, Guard]) -> None:
    page, guard = site
    page.goto(guard.origin + "/?fast=1")
    start_htp(page, ["", "normal", "easy"], seed=11, names=["Aiko", "Kenji", "Mei"])
    decisions = 0
    own = None
    while wait_turn(page) == "human":
        marks = favourites(page)
        # One human: only their own season is ever in the page (others "?" until revealed).
        own = own or marks["0"]
        assert own in {"spring", "summer", "autumn", "winter"}
        for other in ("1", "2"):
            box = page.locator(f'#board .htp-box[data-seat="{other}"]')
            if "complete" not in (box.get_attribute("class") or ""):
                assert marks[other] == "?", f"seat {other}'s secret season is in the page"
        assert page.locator("#pass-screen").is_hidden(), "no hand-over with one human"
        decide(page, decisions * 5 + 1)
        decisions += 1
        if decisions == 4:
            screenshot(page, "htp-vs-bots-midgame")
        assert decisions < MAX_DECISIONS, "the game does not end"
    assert decisions >= 9, "the human kept one sweet and recommended at least eight"

    end = page.locator("#end-screen")
    expect(end).to_be_visible()
    screenshot(page, "htp-vs-bots-end")
    rows = end.locator("tr[data-seat]")
    expect(rows).to_have_count(3)

    view = engine_view(saved_record(page), 0)
    outcome = view["outcome"]
    assert view["over"] and outcome
    title = page.locator("#end-title").inner_text()
    names = ["Aiko", "Kenji", "Mei"]
    for w in outcome["winners"]:
        assert names[w] in title, (title, outcome)
    for seat in range(3):
        row = end.locator(f'tr[data-seat="{seat}"]')
        assert int(row.get_attribute("data-total") or "x") == outcome["scores"][seat]
        hands = outcome["details"]["hands"][seat]
        points = outcome["details"]["points"][seat]
        for hand in range(1, 7):
            cell = row.locator(f'td[data-hand="{hand}"]')
            assert int(cell.get_attribute("data-count") or "x") == hands[hand - 1]
            assert int(cell.get_attribute("data-points") or "x") == points[hand - 1]
        season = view["table"]["oribako"][seat]["season"]
        expect(row.locator("td.season")).to_contain_text(season.capitalize())
        assert ("winner" in (row.get_attribute("class") or "")) == (seat in outcome["winners"])
    # Every Oribako is a full 3 x 3 at the end, scored as the engine scores it.
    page.get_by_role("button", name="Look at the table").click()
    expect(page.locator("#board .htp-box.complete")).to_have_count(3)
    expect(page.locator("#board .htp-box .htp-cell.filled")).to_have_count(27)
    for seat in range(3):
        score = page.locator(f'#board .htp-box[data-seat="{seat}"] .htp-box-score')
        assert score.get_attribute("data-total") == str(outcome["scores"][seat])
    screenshot(page, "htp-vs-bots-table-over")


def check_table_against_the_engine(page: Page, players: int) -> None:
    """Running scores and last moves drawn as the engine's view of this seat says."""
    view = engine_view(saved_record(page), int(board_state(page)["seat"]))
    for s, box in enumerate(view["table"]["oribako"]):
        score = page.locator(f'#board .htp-box[data-seat="{s}"] .htp-box-score')
        assert score.get_attribute("data-total") == str(box["score"]["total"]), s
        assert score.get_attribute("data-public") == str(box["score"]["public"]), s
    for s, move in enumerate(view["table"]["last"]):
        did = page.locator(f'#board .htp-box[data-seat="{s}"] .htp-did').inner_text()
        if s > 0:
            assert did.startswith("Bot · Normal"), did
        if move and move["move"] in ("keep", "place"):
            cell = page.locator(
                f'#board .htp-box[data-seat="{move["target"]}"] '
                f'.htp-cell[data-x="{move["x"]}"][data-y="{move["y"]}"]'
            )
            expect(cell).to_have_attribute("data-last-by", str(s))
    assert len(view["table"]["oribako"]) == players


# The long run only: test_htp_renderer.py keeps every choice in view at 1366 px with 6 players
# and the board put through whole games with 3 on a phone.
@pytest.mark.soak
@pytest.mark.slow
def test_htp_board_stays_put_and_choices_in_view_at_1366(returning: Any, base_url: str) -> None:
    # Six players (the most boxes) in make test; four too in the long run.
    for players in (4, 6) if SOAK else (6,):
        page, _ = returning(base_url, viewport=DESKTOP)
        page.goto(base_url + "?fast=1")
        start_htp(page, [""] + ["normal"] * (players - 1), seed=20 + players)
        watch = StayWatch(page)
        for i in range(12 if SOAK else 9):
            if wait_turn(page) == "over":
                break
            # With the page at scroll 0 (Playwright may scroll a little to click).
            page.evaluate("() => scrollTo(0, 0)")
            out = choices_out_of_view(page) + page.evaluate(PICKS_OUT_OF_VIEW_JS)
            assert not out, (players, i, out)
            if i == 6:
                check_table_against_the_engine(page, players)
            # A deck, then (for a placement) every target's places must be in view too.
            decks = page.locator("#board button[data-pick-deck]:not([disabled])")
            if decks.count():
                decks.nth(i % decks.count()).click()
                page.evaluate("() => scrollTo(0, 0)")
                out = choices_out_of_view(page) + page.evaluate(PICKS_OUT_OF_VIEW_JS)
                assert not out, (players, i, "deck picked", out)
                decks.nth(i % decks.count()).click()  # put it back: decide() picks again
            decide(page, i)
            if i == 8:
                screenshot(page, f"htp-site-{players}p-1366")
        assert len(watch.rects()) > 10
        assert watch.largest_jump() < 8, (players, watch.largest_jump())
        page.close()


# The long run only: test_htp_renderer.py plays a whole game by keyboard alone.
@pytest.mark.soak
@pytest.mark.slow
def test_htp_game_by_keyboard_alone(site: tuple[Page, Guard]) -> None:
    page, guard = site
    page.goto(guard.origin + "/?fast=1")
    start_htp(page, ["", "normal", "normal"], seed=4)
    keys = []
    for _ in decisions(6):
        if wait_turn(page) != "human":
            break
        keys.append(decide_by_keyboard(page))
    else:
        assert not SOAK, "the game does not end"
    if SOAK:
        expect(page.locator("#end-screen")).to_be_visible()
    # After each move, focus is on the first deck top: a kept sweet takes one key, a
    # recommendation three (a deck, an Oribako, a place) or a little more.
    assert keys[0] == 1, keys[:3]
    assert max(keys) <= 12, keys


def test_htp_hot_seat_keeps_seasons_secret(site: tuple[Page, Guard]) -> None:
    page, guard = site
    page.goto(guard.origin + "/?fast=1")
    start_htp(page, ["", "", "normal"], seed=5, names=["Aiko", "Kenji", "Bot"])
    seasons: dict[str, str] = {}
    seen: set[str] = set()
    for i in range(8):
        # Before each human seat acts, the device is handed over, with nothing on screen.
        page.wait_for_function(
            """() => !document.getElementById('pass-screen').hidden
                || !document.getElementById('handover-done').hidden
                || ['human', 'over'].includes(document.getElementById('board').dataset.awaiting)""",
            timeout=30_000,
        )
        if page.locator("#handover-done").is_visible():
            page.locator("#handover-done").click()
            page.wait_for_selector("#pass-screen:not([hidden])")
        if page.locator("#pass-screen").is_visible():
            expect(page.locator("#pass-title")).to_contain_text(re.compile("Aiko|Kenji"))
            assert "data-favourite" not in page.locator("#board").inner_html()
            assert "favourite season is" not in page.locator("#log").inner_text()
            if i == 1:
                screenshot(page, "htp-hot-seat-pass")
            hand_over_if_asked(page)
        if wait_turn(page) == "over":
            break
        seat = board_state(page)["seat"]
        seen.add(seat)
        marks = favourites(page)
        seasons[seat] = marks[seat]
        assert seasons[seat] != "?", "a seat sees its own season"
        html = page.evaluate("() => document.body.innerHTML")
        for other, season in seasons.items():
            if other != seat:
                assert f"{other}:{season}" not in html, f"seat {other}'s season shown to {seat}"
                assert marks[other] == "?"
        log = page.locator("#log").inner_text()
        assert log.count("favourite season is") == 1, "the log tells each seat only its own"
        decide(page, i)
    assert seen == {"0", "1"}, "both humans had their screens"
    screenshot(page, "htp-hot-seat")


def test_htp_tea_by_a_human_not_on_screen_blocks_their_oribako(site: tuple[Page, Guard]) -> None:
    page, guard = site
    page.goto(guard.origin + "/?fast=1")
    start_htp(page, ["", "", ""], seed=8, names=["Aiko", "Kenji", "Mei"])
    # Phase 1: each keeps a sweet.
    for i in range(3):
        wait_turn(page)
        decide(page, i)
    wait_turn(page)
    assert board_state(page)["seat"] == "0"
    expect(page.locator("#board .htp-status")).to_contain_text("Phase 2")
    tea = page.get_by_role("button", name="Get Tea (Kenji)")
    expect(tea).to_be_visible()
    expect(page.get_by_role("button", name="Get Tea (Mei)")).to_be_visible()
    screenshot(page, "htp-tea-offered")
    before = board_state(page)["step"]
    tea.click()
    page.wait_for_function(
        "(b) => document.getElementById('board').dataset.step !== b", arg=before, timeout=30_000
    )
    # Kenji's Tea reveals nothing: Aiko is still on screen, no hand-over.
    assert page.locator("#pass-screen").is_hidden()
    assert board_state(page)["seat"] == "0"
    assert page.locator("#error-banner").is_hidden(), page.locator("#error-text").inner_text()
    kenji = page.locator('#board .htp-box[data-seat="1"]')
    expect(kenji).to_have_class(re.compile("under-tea"))
    expect(page.locator("#board .htp-tea")).to_have_attribute("data-tea-holder", "1")
    expect(page.get_by_role("button", name=re.compile("^Get Tea"))).to_have_count(0)
    expect(kenji.locator(".htp-did")).to_contain_text("Took Tea")
    # Every sweet Aiko picks can only go to Mei: no target, no glowing cell in Kenji's box.
    decks = page.locator("#board [data-pick-deck]")
    for d in range(decks.count()):
        decks.nth(d).click()
        expect(page.locator('#board [data-pick-target="1"]')).to_have_count(0)
        expect(kenji.locator(".htp-cell.spot, .htp-cell.candidate")).to_have_count(0)
        assert page.locator('#board .htp-box[data-seat="2"] .htp-cell.spot').count() > 0
        for k in range(page.locator("#board [data-action]").count()):
            action = page.locator("#board [data-action]").nth(k).get_attribute("data-action")
            assert json.loads(action or "{}").get("target") != 1
        decks.nth(d).click()  # put it back
    screenshot(page, "htp-tea-blocks")
    assert re.search(r"Kenji.*Tea", page.locator("#log").inner_text())
    decide(page, 0)
    page.wait_for_function(
        """() => !document.getElementById('handover-done').hidden
            || !document.getElementById('pass-screen').hidden""",
        timeout=30_000,
    )
    hand_over_if_asked(page)
    expect(page.locator("#board")).to_have_attribute("data-seat", "1")


def test_htp_on_a_phone(returning: Any, base_url: str) -> None:
    page, _ = returning(base_url + "?fast=1", viewport={"width": 360, "height": 740})
    page.goto(base_url + "?fast=1")
    start_htp(page, ["", "normal", "normal", "easy"], seed=2)
    for i in range(3):
        if wait_turn(page) == "over":
            break
        decide(page, i)
    wait_turn(page)
    assert_fits_width(page, "Humble Tea Party on a phone, your turn")
    page.locator("#board [data-pick-deck]").first.click()
    target = page.locator("#board button[data-pick-target]").first
    target.click()
    spot = page.locator("#board .htp-cell.spot").first
    expect(spot).to_be_focused()
    expect(spot).to_be_in_viewport()
    assert_fits_width(page, "Humble Tea Party on a phone, choosing a place")
    screenshot(page, "htp-phone")


# The English words of the game's vocabulary: none may be left on a Japanese table or log.
HTP_ENGLISH = re.compile(
    r"\b(Oribako|Spring|Summer|Autumn|Winter|Pine|Bamboo|Plum|Tea|Decks?|Four Seasons"
    r"|Delicious Trimester|Seasonal Assortment|Crest Assortment|Favourite Season|Duplication"
    r"|Resets?|Phase|Recommend\w*|Keeps?|Score\w*|Player|Sweets?|Nerikiri\w*|Tie-break|"
    + "|".join(re.escape(t.name) for t in TYPES)
    + r")\b"
)
LABELS_JS = """(sel) => [...document.querySelectorAll(sel + ' [aria-label], ' + sel + ' [title]')]
  .flatMap(e => [e.getAttribute('aria-label'), e.getAttribute('title')]).filter(Boolean)"""


def english_left(page: Page, where: str) -> list[str]:
    """Words of the game's English vocabulary in ``where``'s text, aria-labels and titles."""
    texts = [page.locator(where).inner_text(), *page.evaluate(LABELS_JS, where)]
    return sorted({m.group(0) for text in texts for m in HTP_ENGLISH.finditer(text)})


# The long run only: make test checks Tanbo's Japanese table for English words (test_tanbo_site.py)
# and the shell's Japanese screens (test_language.py).
@pytest.mark.soak
@pytest.mark.slow
def test_htp_game_in_japanese_against_bots(guard_factory: Any, base_url: str) -> None:
    page, guard = guard_factory(base_url + "?fast=1", locale="ja-JP")
    page.goto(guard.origin + "/?fast=1")
    wait_ready(page)
    expect(page.locator("html")).to_have_attribute("lang", "ja")
    # The lobby is the shell's (maybe still partly English): driven by ids, not words.
    choose_game(page, "humble_tea_party")
    while page.locator("#seat-list .seat-row").count() > 3:
        page.locator("#seat-list .seat-remove").last.click()
    for i, (bot, name) in enumerate([("", "Aiko"), ("normal", "Kenji"), ("easy", "Mei")]):
        page.locator(f"#seat-{i}-who").select_option(bot)
        page.locator(f"#seat-{i}-name").fill(name)
    if page.locator("#advanced").get_attribute("open") is None:
        page.locator("#advanced > summary").click()
    page.locator("#seed").fill("11")
    page.locator("#start").click()
    expect(page.locator("#table")).to_be_visible()
    for i in decisions(5):
        if wait_turn(page) != "human":
            break
        if i in (0, 1, 4):
            assert english_left(page, "#board") == [], i
            assert english_left(page, "#log") == [], i
            expect(page.locator("#board .htp-phase")).to_contain_text("フェイズ")
        if i == 4:
            screenshot(page, "htp-japanese-midgame")
        decide(page, i * 3 + 1)
    else:
        assert not SOAK, "the game does not end"
    if not SOAK:
        # The end of a game of the same seats, as the bots played it here, from its link.
        done = bot_record("humble_tea_party", 3, seed=11, humans=(0,))
        page.goto(record_link(guard.origin + "/?fast=1", done))
    log = page.locator("#log").inner_text()
    assert "折箱" in log and "すすめました" in log, log[-500:]
    assert log.count("あなたの好きな季節は") == 1, "the log tells this seat only its own"
    end = page.locator("#end-screen")
    expect(end).to_be_visible()
    screenshot(page, "htp-japanese-end")
    assert english_left(page, "#end-screen .htp-end") == []
    assert english_left(page, "#log") == []
    expect(end.locator("caption")).to_contain_text("合計がいちばん低い人の勝ち")
