"""A first visit that loses the network in its first seconds: the engine has arrived, but the
service worker (registered once the engine is ready, so as not to slow its start) has not
stored the site yet. A game's table then says what is missing, in words, never the raw view;
it appears once the network returns, and only then is the site stored for offline play."""

from __future__ import annotations

import re
from typing import Any

from playwright.sync_api import Request, expect

from .conftest import screenshot, wait_ready
from .lobby import choose_seats, fill_seed
from .play import board_state, decide, wait_turn

OFFLINE = "ERR_INTERNET_DISCONNECTED"


def test_a_first_visit_cut_off_early_says_what_is_missing_until_the_network_returns(
    guard_factory: Any, base_url: str
) -> None:
    url = base_url + "?fast=1"
    page, guard = guard_factory(url, service_workers="allow")
    context = page.context
    runtimes: list[str] = []

    def cut_off(request: Request) -> None:
        # The engine's last file is the runtime's wasm, asked for a second time by the worker
        # (the page fetched it first, with progress shown) and compiled as it streams in: the
        # network goes right after, while Python starts, before the engine is ready.
        if request.url.split("?")[0].endswith("/pyodide.asm.wasm"):
            runtimes.append(request.url)
            if len(runtimes) == 2:
                context.set_offline(True)

    # The service worker may have been registered just before the cut: its install, fetching the
    # whole build, then fails (it is tried again once online). What it asked for is its own.
    installing: set[str] = set()

    def note_install(request: Request) -> None:
        if request.service_worker is not None:
            installing.add(f"{request.url}: {request.failure}")

    context.on("requestfinished", cut_off)
    context.on("requestfailed", note_install)
    page.goto(url)
    wait_ready(page)
    context.remove_listener("requestfinished", cut_off)
    assert len(runtimes) == 2, runtimes
    assert page.evaluate("() => navigator.onLine") is False
    assert page.evaluate("() => navigator.serviceWorker.controller") is None
    expect(page.locator("#offline-status")).to_be_hidden()

    # Storm's renderer was never loaded: its table cannot be drawn, and the page says why.
    choose_seats(page, "storm_in_a_teacup", ["", "normal"])
    fill_seed(page, 5)
    page.get_by_role("button", name="Start").click()
    missing = page.locator("#board [data-missing=offline]")
    expect(missing).to_contain_text(
        "This game's table could not be loaded: you are offline and the site is not stored on "
        "this device yet. It will appear when the network returns."
    )
    expect(page.locator("#board pre, #board .fallback-actions")).to_have_count(0)
    assert not re.search(r'"phase"|"hand"', page.locator("#board").inner_text())
    # Trying again with no network changes nothing, and nothing claims offline play.
    missing.get_by_role("button", name="Try again").click()
    expect(missing).to_be_visible()
    expect(page.locator("#offline-status")).to_be_hidden()
    screenshot(page, "offline-early-missing-table")

    # The network returns: the real table appears without a reload, and the game goes on.
    context.set_offline(False)
    expect(page.locator("#board [data-missing]")).to_have_count(0, timeout=30_000)
    assert wait_turn(page) == "human"
    step = board_state(page)["step"]
    decide(page)
    assert board_state(page)["step"] != step
    # The service worker is installed now that there is a network: the site is stored whole.
    expect(page.locator("#offline-status")).to_be_visible(timeout=60_000)
    expect(page.locator("#offline-status")).to_have_text("Ready to play offline")
    screenshot(page, "offline-early-recovered")

    # What failed is what the test cut off: the renderer's import while offline (and the
    # browser's own fetch of the tab's icon, whenever it makes it, the lobby cards' pictures,
    # the table's texture tiles (the flat colour under them shows instead), and the service
    # worker's registration or install, when they began just before the cut: all run again
    # online).
    assert guard.failures and all(OFFLINE in f for f in guard.failures), guard.failures
    renderer = [f for f in guard.failures if "games/storm_in_a_teacup.js" in f]
    assert renderer and all(
        f in renderer
        or f in installing
        or "/js/games/" in f
        or "/js/pictures.json:" in f
        or "/textures/" in f
        or "/favicon.svg:" in f
        or "/sw.js:" in f
        for f in guard.failures
    ), guard.failures
    # A registration cut off is also the browser's own console error about the script's fetch.
    registration_cut = any("/sw.js:" in f for f in guard.failures)
    guard.failures.clear()
    guard.errors[:] = [
        e
        for e in guard.errors
        if OFFLINE not in e and not (registration_cut and "fetching the script" in e)
    ]
