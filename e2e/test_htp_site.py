"""Humble Tea Party in the real site: lobby options, a whole game against bots checked against
the engine's own outcome, hot-seat secrets, and Tea taken by a human seat not on screen."""

from __future__ import annotations

import json
import re
from typing import Any

from playwright.sync_api import Page, expect

from pygames import bridge

from .conftest import Guard, screenshot, wait_ready
from .lobby import choose_seats
from .test_site import board_state, wait_for_human_or_end

MAX_DECISIONS = 200


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
    page.get_by_label("Seed").fill(str(seed))
    page.get_by_role("button", name="Start").click()
    expect(page.locator("#table")).to_be_visible()


def pass_if_asked(page: Page) -> bool:
    """Confirm the hand-over screen if it is up; True if it was."""
    if page.locator("#pass-screen").is_visible():
        page.get_by_role("button", name="I am ready").click()
        return True
    return False


def wait_human(page: Page) -> str:
    """Wait until a person is to act (handing the device over if asked) or the game is over."""
    page.wait_for_function(
        """() => ['human', 'over'].includes(document.getElementById('board').dataset.awaiting)
                 || !document.getElementById('pass-screen').hidden""",
        timeout=30_000,
    )
    if pass_if_asked(page):
        return wait_human(page)
    return wait_for_human_or_end(page)


def htp_move(page: Page, i: int) -> None:
    """One decision by clicks: a kept sweet, or a sweet, a target and a glowing cell."""
    before = board_state(page)["step"]
    keeps = page.locator("#board .htp-deck-top.legal:not([disabled])")
    if keeps.count():
        keeps.nth(i % keeps.count()).click()
    else:
        decks = page.locator("#board [data-pick-deck]:not([disabled])")
        assert decks.count() > 0, "a placement is awaited but no deck can be picked"
        decks.nth(i % decks.count()).click()
        targets = page.locator("#board button[data-pick-target]")
        if targets.count():
            targets.nth(i % targets.count()).click()
        spots = page.locator("#board .htp-cell.spot")
        assert spots.count() > 0, "a target is picked but no cell glows"
        spot = spots.nth(i % spots.count())
        assert spot.get_attribute("aria-label")
        spot.click()
    page.wait_for_function(
        "(b) => document.getElementById('board').dataset.step !== b"
        " || !document.getElementById('pass-screen').hidden"
        " || !document.getElementById('error-banner').hidden",
        arg=before,
        timeout=30_000,
    )
    assert page.locator("#error-banner").is_hidden(), page.locator("#error-text").inner_text()


def saved_record(page: Page) -> dict[str, Any]:
    page.get_by_role("button", name="Save").click()
    expect(page.get_by_role("dialog", name="Share this game")).to_be_visible()
    text = page.get_by_label("Saved game (JSON)", exact=True).input_value()
    page.get_by_role("button", name="Close").click()
    return json.loads(text)  # type: ignore[no-any-return]


def engine_view(record: dict[str, Any], seat: int) -> dict[str, Any]:
    """Replay the page's own record in this process and return ``seat``'s view."""
    opened = json.loads(bridge.import_record(json.dumps(record)))
    assert opened["ok"], opened
    reply = json.loads(bridge.view(opened["match"], seat))
    assert reply["ok"], reply
    return reply["view"]  # type: ignore[no-any-return]


def favourites(page: Page) -> dict[str, str]:
    """data-favourite markers in the page: seat -> season ("?" while secret)."""
    marks = page.evaluate(
        "() => [...document.querySelectorAll('[data-favourite]')].map(e => e.dataset.favourite)"
    )
    return dict(m.split(":") for m in marks)


# --------------------------------------------------------------------------------------------


def test_htp_lobby_seats_and_options(site: tuple[Page, Guard]) -> None:
    page, guard = site
    page.goto(guard.origin + "/?fast=1")
    wait_ready(page)
    page.get_by_label("Game", exact=True).select_option("humble_tea_party")
    rows = page.locator("#seat-list .seat-row")
    expect(rows).to_have_count(4)
    expect(page.locator("#first-player-label")).to_have_text("Start player")
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
    expect(page.get_by_role("button", name=re.compile("^Remove player")).first).to_be_disabled()
    screenshot(page, "htp-lobby")

    # Four players in Team Battle, with No chatting: both show on the table.
    page.get_by_role("button", name=re.compile("Add a player")).click()
    page.get_by_label(re.compile("^ ?No chatting")).check()
    team.check()
    page.get_by_label("Player 2 team").select_option("0")
    page.get_by_label("Player 3 team").select_option("1")
    page.get_by_label("Seed").fill("3")
    page.get_by_role("button", name="Start").click()
    expect(page.locator("#table")).to_be_visible()
    wait_human(page)
    expect(page.locator("#board .htp-hush")).to_contain_text("No chatting")
    expect(page.locator("#board .htp-box.team-0")).to_have_count(2)
    expect(page.locator('#board .htp-box[data-seat="1"]')).to_have_class(re.compile("team-0"))
    expect(page.locator('#board .htp-box[data-seat="2"]')).to_have_class(re.compile("team-1"))
    screenshot(page, "htp-team-battle")


def test_htp_full_game_one_human_two_bots(site: tuple[Page, Guard]) -> None:
    page, guard = site
    page.goto(guard.origin + "/?fast=1")
    start_htp(page, ["", "greedy", "random"], seed=11, names=["Aiko", "Kenji", "Mei"])
    decisions = 0
    own = None
    while wait_human(page) == "human":
        marks = favourites(page)
        # One human: only their own season is ever in the page (others "?" until revealed).
        own = own or marks["0"]
        assert own in {"spring", "summer", "autumn", "winter"}
        for other in ("1", "2"):
            box = page.locator(f'#board .htp-box[data-seat="{other}"]')
            if "complete" not in (box.get_attribute("class") or ""):
                assert marks[other] == "?", f"seat {other}'s secret season is in the page"
        assert page.locator("#pass-screen").is_hidden(), "no hand-over with one human"
        htp_move(page, decisions * 5 + 1)
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
    if outcome["details"].get("tiebreak"):
        expect(end.locator(".htp-tiebreak")).to_contain_text("Tie-break")
    expect(page.locator("#turn")).to_have_text("Game over")
    # Every Oribako is a full 3 x 3 at the end.
    page.get_by_role("button", name="Look at the table").click()
    expect(page.locator("#board .htp-box.complete")).to_have_count(3)
    expect(page.locator("#board .htp-box .htp-cell.filled")).to_have_count(27)
    screenshot(page, "htp-vs-bots-table-over")


def test_htp_hot_seat_keeps_seasons_secret(site: tuple[Page, Guard]) -> None:
    page, guard = site
    page.goto(guard.origin + "/?fast=1")
    start_htp(page, ["", "", "greedy"], seed=5, names=["Aiko", "Kenji", "Bot"])
    seasons: dict[str, str] = {}
    seen: set[str] = set()
    for i in range(8):
        # Before each human seat acts, the device is handed over, with nothing on screen.
        page.wait_for_function(
            """() => !document.getElementById('pass-screen').hidden
                || ['human', 'over'].includes(document.getElementById('board').dataset.awaiting)""",
            timeout=30_000,
        )
        if page.locator("#pass-screen").is_visible():
            expect(page.locator("#pass-title")).to_contain_text(re.compile("Aiko|Kenji"))
            assert page.locator("#board").inner_html() == ""
            assert "favourite season is" not in page.locator("#log").inner_text()
            if i == 1:
                screenshot(page, "htp-hot-seat-pass")
            page.get_by_role("button", name="I am ready").click()
        if wait_for_human_or_end(page) == "over":
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
        htp_move(page, i)
    assert seen == {"0", "1"}, "both humans had their screens"
    screenshot(page, "htp-hot-seat")


def test_htp_tea_by_a_human_not_on_screen_blocks_their_oribako(site: tuple[Page, Guard]) -> None:
    page, guard = site
    page.goto(guard.origin + "/?fast=1")
    start_htp(page, ["", "", ""], seed=8, names=["Aiko", "Kenji", "Mei"])
    # Phase 1: each keeps a sweet.
    for i in range(3):
        wait_human(page)
        htp_move(page, i)
    wait_human(page)
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
    # Every sweet Aiko picks can only go to Mei: no target, no glowing cell in Kenji's box.
    decks = page.locator("#board [data-pick-deck]")
    for d in range(decks.count()):
        decks.nth(d).click()
        expect(page.locator('#board [data-pick-target="1"]')).to_have_count(0)
        expect(kenji.locator(".htp-cell.spot, .htp-cell.candidate")).to_have_count(0)
        assert page.locator('#board .htp-box[data-seat="2"] .htp-cell.spot').count() > 0
        assert all(
            json.loads(
                page.locator("#board [data-action]").nth(k).get_attribute("data-action") or "{}"
            ).get("target")
            != 1
            for k in range(page.locator("#board [data-action]").count())
        )
    screenshot(page, "htp-tea-blocks")
    assert re.search(r"Kenji.*Tea", page.locator("#log").inner_text())
    htp_move(page, 0)
    expect(page.locator("#pass-title")).to_contain_text("Kenji")


def test_htp_on_a_phone(guard_factory: Any, base_url: str) -> None:
    page, _ = guard_factory(base_url + "?fast=1", viewport={"width": 390, "height": 844})
    page.goto(base_url + "?fast=1")
    start_htp(page, ["", "greedy", "greedy", "random"], seed=2)
    for i in range(3):
        if wait_human(page) == "over":
            break
        htp_move(page, i)
    wait_human(page)
    page.locator("#board [data-pick-deck]").first.click()
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 390
    screenshot(page, "htp-phone")
