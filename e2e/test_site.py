"""The site in a real browser: lobby, a full game against a bot, hot-seat, links, errors."""

from __future__ import annotations

import base64
import json
import re
from typing import Any

from playwright.sync_api import Page, expect

from .conftest import ENGINE_TIMEOUT_MS, Guard, screenshot, wait_ready
from .lobby import choose_game, fill_seed, table_command

MAX_DECISIONS = 2000
STRONGEST_BOT = "normal"


def start_game(page: Page, *, seat2: str = "normal", seat1: str = "", seed: int | None = 7) -> None:
    wait_ready(page)
    page.get_by_label("Player 1: human or bot").select_option(seat1)
    page.get_by_label("Player 2: human or bot").select_option(seat2)
    if seed is not None:
        fill_seed(page, seed)
    page.get_by_role("button", name="Start").click()
    expect(page.locator("#table")).to_be_visible()


def board_state(page: Page) -> dict[str, Any]:
    return page.evaluate(  # type: ignore[no-any-return]
        "() => ({...document.getElementById('board').dataset})"
    )


def wait_for_human_or_end(page: Page) -> str:
    page.wait_for_function(
        "() => ['human', 'over'].includes(document.getElementById('board').dataset.awaiting)",
        timeout=30_000,
    )
    return str(board_state(page)["awaiting"])


def click_choice(page: Page, index: int = 0) -> None:
    """Click one legal choice drawn by the renderer and wait until the match moves on."""
    before = board_state(page)["step"]
    choices = page.locator("#board [data-action]:not([disabled]):not([aria-disabled=true])")
    count = choices.count()
    assert count > 0, "a human is to act but no choice is drawn"
    choice = choices.nth(index % count)
    label = choice.get_attribute("aria-label")
    assert label, "every choice has an accessible name"
    json.loads(choice.get_attribute("data-action") or "")
    choice.click()
    page.wait_for_function(
        "(before) => document.getElementById('board').dataset.step !== before"
        " || !document.getElementById('error-banner').hidden",
        arg=before,
        timeout=30_000,
    )
    assert page.locator("#error-banner").is_hidden(), page.locator("#error-text").inner_text()


def play_to_end(page: Page, shot_at: int | None = None, name: str = "game") -> int:
    decisions = 0
    while wait_for_human_or_end(page) == "human":
        click_choice(page, decisions * 7)
        decisions += 1
        if decisions == shot_at:
            screenshot(page, f"{name}-midgame")
        assert decisions < MAX_DECISIONS, "the game does not end"
    return decisions


def test_lobby_shows_progress_then_ready(guard_factory: Any, base_url: str) -> None:
    # A first visit: the runtime is downloaded while the lobby is in use.
    page, guard = guard_factory(base_url)
    page.goto(guard.origin + "/?fast=1", wait_until="domcontentloaded")
    # The lobby is usable at once; Start waits for Python.
    expect(page.get_by_role("heading", name="New game")).to_be_visible()
    expect(page.get_by_role("radio", name="Tanbo")).to_be_checked()
    progress = page.get_by_role("progressbar", name="Loading Python")
    expect(page.get_by_role("button", name="Start")).to_be_disabled()
    expect(progress).to_be_attached()
    page.get_by_label("Player 1 name").fill("Aiko")
    screenshot(page, "lobby-loading")
    wait_ready(page)
    expect(page.get_by_role("button", name="Start")).to_be_enabled()
    expect(page.locator("#engine-label")).to_have_text("Ready")
    expect(page.get_by_label("Player 1 name")).to_have_value("Aiko")
    unnamed = page.evaluate(
        """() => [...document.querySelectorAll('button, input, select, textarea, [role=button]')]
            .filter((e) => !(e.getAttribute('aria-label') || e.labels?.length
                             || e.getAttribute('aria-labelledby') || e.textContent.trim()))
            .map((e) => e.outerHTML.slice(0, 80))"""
    )
    assert unnamed == []
    screenshot(page, "lobby-ready")
    vendor = {u.split("/vendor/", 1)[1] for u in guard.requests if "/vendor/" in u}
    assert "pyodide/pyodide.asm.wasm" in vendor
    assert not any(u.endswith(".map") for u in guard.requests)


def test_full_game_against_normal_bot(site: tuple[Page, Guard]) -> None:
    page, guard = site
    page.goto(guard.origin + "/?fast=1")
    start_game(page, seat2=STRONGEST_BOT, seed=11)
    expect(page.locator("#turn")).to_contain_text("Player 1")
    screenshot(page, "game-start")
    decisions = play_to_end(page, shot_at=12, name="vs-normal")
    assert decisions > 0
    end = page.get_by_role("dialog", name=re.compile("wins|win|No winner"))
    expect(end).to_be_visible()
    expect(page.locator("#end-reason")).not_to_be_empty()
    expect(page.locator("#turn")).to_have_text("Game over")
    assert page.locator("#log li").count() > 5
    screenshot(page, "vs-normal-end")


def test_hot_seat_two_humans_with_undo(site: tuple[Page, Guard]) -> None:
    page, guard = site
    page.goto(guard.origin + "/?fast=1")
    page.get_by_label("Player 2 name").fill("Kenji")
    start_game(page, seat2="", seed=3)
    seen = set()
    for i in range(16):
        if wait_for_human_or_end(page) == "over":
            break
        turn = page.locator("#turn").inner_text()
        assert "your turn" in turn, turn
        seen.add(board_state(page)["seat"])
        click_choice(page, i)
    assert seen == {"0", "1"}, "both seats took turns"
    assert "Kenji" in page.locator("#log").inner_text(), "the log uses the chosen names"
    # Undo takes back only the shown person's own moves: when the other person's
    # move came last it says so; within one's own turn it takes back one's own step.
    last_mover = None
    refused = False
    for i in range(60):
        assert wait_for_human_or_end(page) == "human"
        state = board_state(page)
        undo = page.locator("#undo")
        why = undo.get_attribute("title") or ""
        if last_mover is not None and last_mover != state["seat"]:
            assert undo.get_attribute("aria-disabled") == "true"
            other = "Kenji" if last_mover == "1" else "Player 1"
            assert why == f"Undo cannot take back {other}'s move.", why
            refused = True
        elif last_mover == state["seat"] and undo.get_attribute("aria-disabled") != "true":
            undo.click()
            page.wait_for_function(
                "(s) => Number(document.getElementById('board').dataset.step) < s",
                arg=int(state["step"]),
            )
            break
        last_mover = state["seat"]
        click_choice(page, i)
    else:
        raise AssertionError("no step of one's own turn was free to undo")
    assert refused
    screenshot(page, "hot-seat")


def test_site_under_a_sub_path(guard_factory: Any, subpath_url: str) -> None:
    # A phone-sized screen, too: the layout must stay usable.
    page, guard = guard_factory(subpath_url + "?fast=1", viewport={"width": 390, "height": 844})
    page.goto(subpath_url + "?fast=1")
    start_game(page, seat2="easy", seed=5)
    for i in range(4):
        if wait_for_human_or_end(page) == "over":
            break
        click_choice(page, i)
    wait_for_human_or_end(page)
    screenshot(page, "sub-path-phone")
    assert all("/pygames/" in u for u in guard.requests if u.startswith(guard.origin))


def test_bad_custom_setup_is_refused_clearly(site: tuple[Page, Guard]) -> None:
    page, guard = site
    page.goto(guard.origin + "/?fast=1")
    wait_ready(page)
    # A custom start is technical: it waits under Advanced.
    expect(page.get_by_text("Custom setup (optional)")).to_be_hidden()
    page.get_by_text("Advanced").click()
    page.get_by_text("Custom setup (optional)").click()
    page.get_by_label("Player 1 paddy 1 snakes").fill("25")
    page.get_by_role("button", name="Start").click()
    alert = page.get_by_role("alert")
    expect(alert).to_be_visible()
    expect(alert).not_to_be_empty()
    expect(page.locator("#lobby")).to_be_visible()
    screenshot(page, "bad-setup")
    # Fixing the setup starts the game.
    page.get_by_label("Player 1 paddy 1 snakes").fill("3")
    page.get_by_label("Player 2 paddy 1 snakes").fill("1")
    page.get_by_role("button", name="Start").click()
    expect(page.locator("#table")).to_be_visible()
    expect(alert).to_be_hidden()


def test_corrupted_share_links_show_an_error_and_the_lobby(
    site: tuple[Page, Guard],
) -> None:
    page, guard = site
    page.goto(guard.origin + "/?fast=1#r=%%%not-base64")
    expect(page.get_by_role("alert")).to_contain_text("damaged", timeout=ENGINE_TIMEOUT_MS)
    expect(page.locator("#lobby")).to_be_visible()
    screenshot(page, "corrupted-link")
    bogus = base64.urlsafe_b64encode(json.dumps({"game": "tanbo", "x": 1}).encode()).decode()
    link = guard.origin + f"/?fast=1#r={bogus}"
    # Pasted into the open page, the link is only a change of address: the page hears it,
    # says what is wrong and drops it from the address (a reload then opens the lobby).
    page.goto(link)
    expect(page.get_by_role("alert")).to_contain_text(
        "This share link is damaged: ", timeout=ENGINE_TIMEOUT_MS
    )
    expect(page.locator("#lobby")).to_be_visible()
    expect(page).to_have_url(guard.origin + "/?fast=1")
    # Opened in a new page, the same link is read at start.
    page.goto("about:blank")
    page.goto(link)
    expect(page.get_by_role("alert")).to_contain_text(
        "This share link is damaged: ", timeout=ENGINE_TIMEOUT_MS
    )
    expect(page.locator("#lobby")).to_be_visible()


def test_share_link_and_load_reopen_the_same_game(
    site: tuple[Page, Guard], guard_factory: Any
) -> None:
    page, guard = site
    page.goto(guard.origin + "/?fast=1")
    start_game(page, seat2="easy", seed=21)
    for i in range(5):
        if wait_for_human_or_end(page) == "over":
            break
        click_choice(page, i)
    wait_for_human_or_end(page)
    step = board_state(page)["step"]
    log = page.locator("#log").inner_text()
    table_command(page, "Share link")
    expect(page.get_by_role("dialog", name="Share this game")).to_be_visible()
    link = page.get_by_label(re.compile("^Link")).input_value()
    record = page.get_by_label("Saved game (JSON)", exact=True).input_value()
    assert "#r=" in link and json.loads(record)["game"] == "tanbo"
    screenshot(page, "share-dialog")
    page.get_by_role("button", name="Close").click()

    other, _ = guard_factory(link)
    other.goto(link.replace("/#", "/?fast=1#", 1) if "?" not in link else link)
    expect(other.locator("#table")).to_be_visible(timeout=ENGINE_TIMEOUT_MS)
    wait_for_human_or_end(other)
    assert board_state(other)["step"] == step
    assert other.locator("#log").inner_text() == log

    table_command(page, "New game")
    page.get_by_role("button", name="Go to the lobby").click()
    expect(page.locator("#lobby")).to_be_visible()
    page.get_by_role("button", name="Load a game…").click()
    page.get_by_label("Paste a saved game (JSON) or a share link").fill(record)
    page.get_by_role("button", name="Load", exact=True).click()
    expect(page.locator("#table")).to_be_visible()
    wait_for_human_or_end(page)
    assert board_state(page)["step"] == step


def test_a_refused_action_shows_why_and_changes_nothing(site: tuple[Page, Guard]) -> None:
    page, guard = site
    page.goto(guard.origin + "/?fast=1")
    start_game(page, seat2="easy", seed=9)
    wait_for_human_or_end(page)
    step = board_state(page)["step"]
    log = page.locator("#log").inner_text()
    # A choice whose action the engine must refuse (as a stale or tampered page would send).
    page.evaluate(
        """() => document.querySelector('#board [data-action]')
                 .setAttribute('data-action', JSON.stringify({type: 'farmer', paddy: 9}))"""
    )
    page.locator("#board [data-action]").first.click()
    alert = page.get_by_role("alert")
    expect(alert).to_contain_text("paddy")
    screenshot(page, "refused-action")
    assert board_state(page)["step"] == step
    assert page.locator("#log").inner_text() == log
    page.get_by_role("button", name="Dismiss error").click()
    click_choice(page)  # the game goes on from the same state
    assert int(board_state(page)["step"]) > int(step)


def test_plays_offline_after_a_first_visit(guard_factory: Any, base_url: str) -> None:
    page, guard = guard_factory(base_url + "?fast=1", service_workers="allow")
    page.goto(base_url + "?fast=1")
    wait_ready(page)
    page.evaluate("() => navigator.serviceWorker.ready")
    page.wait_for_function("() => caches.keys().then((k) => k.length > 0)")
    page.context.set_offline(True)
    page.reload()
    page.wait_for_function("() => navigator.serviceWorker.controller !== null")
    start_game(page, seat2="normal", seed=4)
    for i in range(3):
        if wait_for_human_or_end(page) == "over":
            break
        click_choice(page, i)
    screenshot(page, "offline")
    assert guard.foreign == []


def test_rules_reference_opens_for_the_chosen_game(site: tuple[Page, Guard]) -> None:
    page, guard = site
    page.goto(guard.origin + "/?fast=1")
    link = page.get_by_role("link", name="Rules")
    expect(link).to_have_attribute("href", "rules.html#tanbo")
    choose_game(page, "humble_tea_party")
    expect(link).to_have_attribute("href", "rules.html#humble_tea_party")
    with page.context.expect_page() as popup:
        link.click()
    rules = popup.value
    rules.wait_for_load_state()
    expect(rules.get_by_role("heading", name="Humble Tea Party")).to_be_visible()
    expect(rules.locator("#humble_tea_party dt")).to_have_count(15)
    screenshot(rules, "rules")
