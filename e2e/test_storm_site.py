"""Storm in a Teacup in the real site: the lobby's starting host, a whole game against two bots
played by clicks and checked against the engine's own replay, hot-seat hands kept out of the
page, and a run that makes no combination refused with nothing changed."""

from __future__ import annotations

import re
from typing import Any

from playwright.sync_api import Page, expect

from pygames.storm_in_a_teacup.combinations import combination_of

from .conftest import Guard, screenshot, wait_ready
from .lobby import choose_seats
from .test_htp_site import engine_view, pass_if_asked, saved_record, wait_human
from .test_site import board_state

MAX_DECISIONS = 300
KINDS = ("tea", "milk", "lemon")


def start_storm(
    page: Page,
    bots: list[str],
    *,
    seed: int = 7,
    names: list[str] | None = None,
    host: int | None = None,
) -> None:
    """Start Storm in a Teacup with one seat per entry of ``bots`` ("" for a human)."""
    choose_seats(page, "storm_in_a_teacup", bots, names)
    if host is not None:
        page.get_by_label("Starting host").select_option(str(host))
    page.get_by_label("Seed").fill(str(seed))
    page.get_by_role("button", name="Start").click()
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
    """Click a hand card on its index strip (what shows when cards overlap)."""
    page.locator(f'#board [data-hand-index="{i}"]').click(position={"x": 6, "y": 30})


def wait_moved(page: Page, before: str) -> None:
    page.wait_for_function(
        "(b) => document.getElementById('board').dataset.step !== b"
        " || !document.getElementById('pass-screen').hidden"
        " || !document.getElementById('error-banner').hidden",
        arg=before,
        timeout=30_000,
    )
    assert page.locator("#error-banner").is_hidden(), page.locator("#error-text").inner_text()


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
    expect(serve).to_have_text(f"Serve these {length} card{'s' if length > 1 else ''}")
    expect(serve).to_have_attribute(
        "data-action", f'{{"type":"serve","start":{start},"length":{length}}}'
    )
    serve.click()
    wait_moved(page, before)
    return "serve"


# --------------------------------------------------------------------------------------------


def test_storm_lobby_random_host_by_default(site: tuple[Page, Guard]) -> None:
    page, guard = site
    page.goto(guard.origin + "/?fast=1")
    wait_ready(page)
    page.get_by_label("Game", exact=True).select_option("storm_in_a_teacup")
    expect(page.locator("#seat-list .seat-row")).to_have_count(4)
    expect(page.locator("#first-player-label")).to_have_text("Starting host")
    host = page.get_by_label("Starting host")
    expect(host).to_have_value("")
    expect(host.locator("option").first).to_have_text("Random")
    for _ in range(2):
        page.get_by_role("button", name=re.compile("^Remove player")).last.click()
    expect(page.locator("#seat-list .seat-row")).to_have_count(2)
    expect(page.get_by_role("button", name=re.compile("^Remove player")).first).to_be_disabled()
    for _ in range(4):
        page.get_by_role("button", name=re.compile("Add a player")).click()
    expect(page.locator("#seat-list .seat-row")).to_have_count(6)
    expect(page.get_by_role("button", name=re.compile("Add a player"))).to_be_disabled()
    screenshot(page, "storm-lobby")
    page.get_by_label("Seed").fill("4")
    page.get_by_role("button", name="Start").click()
    wait_human(page)
    expect(page.locator("#log")).to_contain_text("is the first host (chosen at random)")
    expect(page.locator("#board .storm-seat")).to_have_count(6)
    # New game keeps the settings: the host stays random.
    page.get_by_role("button", name="New game").click()
    expect(page.get_by_label("Starting host")).to_have_value("")
    # Tanbo still has its own first player, with no Random.
    page.get_by_label("Game", exact=True).select_option("tanbo")
    expect(page.locator("#first-player-label")).to_have_text("First player")
    expect(page.get_by_label("First player")).to_have_value("0")


def test_storm_full_game_one_human_two_bots(site: tuple[Page, Guard]) -> None:
    page, guard = site
    page.goto(guard.origin + "/?fast=1")
    names = ["Aiko", "Kenji", "Mei"]
    start_storm(page, ["", "greedy", "random"], seed=11, names=names, host=0)
    done = {"serve": 0, "discard": 0}
    while wait_human(page) == "human":
        assert page.locator("#pass-screen").is_hidden(), "no hand-over with one human"
        # One human: only their hand is ever in the page.
        assert {s for s, _ in hand_in_page(page)} <= {"0"}
        done[storm_move(page, sum(done.values()))] += 1
        if sum(done.values()) == 3:
            screenshot(page, "storm-vs-bots-midgame")
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
    if len(outcome["winners"]) > 1:
        assert "Shared" in title
    details = outcome["details"]
    rows = end.locator("tr[data-seat]")
    expect(rows).to_have_count(3)
    for seat in range(3):
        row = end.locator(f'tr[data-seat="{seat}"]')
        assert int(row.get_attribute("data-cards-left") or "x") == details["cards_left"][seat]
        assert ("winner" in (row.get_attribute("class") or "")) == (seat in outcome["winners"])
    expect(end.locator(".storm-rounds")).to_have_attribute("data-rounds", str(details["rounds"]))
    expect(page.locator("#end-reason")).to_contain_text(f"after {details['rounds']} rounds")
    expect(page.locator("#turn")).to_have_text("Game over")
    page.get_by_role("button", name="Look at the table").click()
    expect(page.locator("#board .storm-seat.is-winner")).to_have_count(len(outcome["winners"]))
    screenshot(page, "storm-vs-bots-table-over")


def test_storm_hot_seat_shows_only_the_acting_hand(site: tuple[Page, Guard]) -> None:
    page, guard = site
    page.goto(guard.origin + "/?fast=1")
    start_storm(page, ["", "", "greedy"], seed=5, names=["Aiko", "Kenji", "Bot"], host=0)
    seen: set[str] = set()
    handed = 0
    phases: set[str] = set()
    for i in range(24):
        page.wait_for_function(
            """() => !document.getElementById('pass-screen').hidden
                || ['human', 'over'].includes(document.getElementById('board').dataset.awaiting)""",
            timeout=30_000,
        )
        if page.locator("#pass-screen").is_visible():
            # Before the hand-over nothing of the previous seat stays in the page.
            expect(page.locator("#pass-title")).to_contain_text(re.compile("Aiko|Kenji"))
            assert page.locator("#board").inner_html() == ""
            assert hand_in_page(page) == []
            if handed == 1:
                screenshot(page, "storm-hot-seat-pass")
            handed += 1
            page.get_by_role("button", name="I am ready").click()
        if wait_human(page) == "over":
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
    assert handed >= 2, "the device was handed over between the humans"
    assert "discard" in phases, "a human chose discards after a hand-over"
    pass_if_asked(page)
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
    page.goto(guard.origin + "/?fast=1")
    start_storm(page, ["", "greedy", "greedy"], seed=3, host=0)
    assert wait_human(page) == "human"
    kinds = [k for _, k in hand_in_page(page)]
    found = _refused_run(kinds)
    assert found, kinds
    start, length = found
    before = board_state(page)["step"]
    log = page.locator("#log li").count()
    click_card(page, start)
    click_card(page, start + length - 1)
    refusal = page.locator("#board .storm-refusal")
    expect(refusal).to_contain_text("is no combination")
    expect(page.locator("#board .storm-serve.legal")).to_have_count(0)
    expect(page.locator("#board [data-action]")).to_have_count(0)
    page.locator("#board .storm-serve.refused").click(force=True)  # aria-disabled: nothing sent
    expect(page.locator("#board .storm-selection.tried")).to_have_count(1)
    page.wait_for_timeout(300)
    assert board_state(page)["step"] == before
    assert page.locator("#log li").count() == log
    assert [k for _, k in hand_in_page(page)] == kinds
    assert page.locator("#error-banner").is_hidden()
    screenshot(page, "storm-refused-run-site")
    # A legal run is still served afterwards.
    storm_move(page, 1)
    assert board_state(page)["step"] != before


def test_storm_on_a_phone(guard_factory: Any, base_url: str) -> None:
    page, _ = guard_factory(base_url + "?fast=1", viewport={"width": 390, "height": 844})
    page.goto(base_url + "?fast=1")
    start_storm(page, ["", "greedy", "greedy", "random"], seed=2, host=1)
    for i in range(3):
        if wait_human(page) == "over":
            break
        storm_move(page, i)
    if wait_human(page) == "human" and phase(page) == "serving":
        page.locator("#board .storm-quick").first.click()
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 390
    screenshot(page, "storm-phone")
