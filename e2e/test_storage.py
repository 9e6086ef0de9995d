"""A browser that lets the site keep nothing: Python still starts, play works, and the page says
plainly that saving is off.

Two ways to refuse storage. A real profile with site data blocked (Chromium's "cookies" content
setting at "block" in the profile's Preferences, as the settings page writes it): localStorage
and sessionStorage throw, and IndexedDB, Cache Storage, Web Locks and service workers are all
refused, in the page and in its worker. And a page whose storage throws the way a frame
sandboxed without allow-same-origin throws (reading localStorage, sessionStorage, caches or
navigator.serviceWorker; opening IndexedDB), made by an init script, since Chromium does not
run a module worker from a blob: URL in such a frame at all (PyScript's worker is one).
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import BrowserContext, Page, Playwright, expect

from .conftest import CHROMIUM_FLAGS, ENGINE_TIMEOUT_MS, Guard, full_browser, screenshot
from .lobby import choose_seats, table_command
from .play import board_state, decide, wait_turn

pytestmark = pytest.mark.e2e

SAVING_OFF = (
    "Saving is off on this device: this browser does not let the site keep anything, so a reload"
    " or closing the tab loses a game."
)
SAVING_OFF_HERE = "Saving is off on this device: a reload or closing the tab loses this game"
# What the page itself sees of each kind of storage.
PROBE_JS = """async () => {
    const out = {};
    try { localStorage.setItem("probe", "1"); out.localStorage = "works"; }
    catch (err) { out.localStorage = String(err); }
    out.indexedDB = await new Promise((resolve) => {
        try {
            const request = indexedDB.open("probe");
            request.onsuccess = () => resolve("works");
            request.onerror = (event) => {
                event.preventDefault();
                resolve(String(request.error));
            };
        } catch (err) { resolve(String(err)); }
    });
    return out;
}"""
# Storage as a frame sandboxed without allow-same-origin refuses it: reading the storages, the
# caches or the service workers throws, and so does opening IndexedDB.
THROWING_STORAGE_JS = """(() => {
    const refuse = () => { throw new DOMException("The document is sandboxed.", "SecurityError"); };
    for (const name of ["localStorage", "sessionStorage", "caches"]) {
        Object.defineProperty(window, name, { get: refuse, configurable: true });
    }
    const workers = { get: refuse, configurable: true };
    Object.defineProperty(Navigator.prototype, "serviceWorker", workers);
    IDBFactory.prototype.open = refuse;
})()"""


def _wire(context: BrowserContext, page: Page, origin: str) -> Guard:
    """The checks of conftest's guard_factory, on a context made here."""
    guard = Guard(origin)
    context.route("**/*", guard.on_route)
    guard.watch(context)
    guard.watch_page(page)
    return guard


@pytest.fixture
def blocked_profile(
    playwright: Playwright, tmp_path: Path, base_url: str
) -> Iterator[tuple[Page, Guard]]:
    """A page in a Chromium profile whose settings block all site data. The full browser: the
    headless shell the other tests use does not read a profile's content settings."""
    executable = full_browser(os.environ)
    if executable is None:
        pytest.fail("Chromium not found: install Debian's chromium package (make test does).")
    profile = tmp_path / "profile"
    (profile / "Default").mkdir(parents=True)
    preferences = {"profile": {"default_content_setting_values": {"cookies": 2}}}  # 2: block
    (profile / "Default" / "Preferences").write_text(json.dumps(preferences))
    context = playwright.chromium.launch_persistent_context(
        str(profile),
        executable_path=executable,
        args=CHROMIUM_FLAGS,
        headless=True,
        service_workers="block",
    )
    page = context.pages[0] if context.pages else context.new_page()
    guard = _wire(context, page, base_url.rstrip("/"))
    try:
        yield page, guard
    finally:
        context.close()
    guard.check()


def wait_engine(page: Page) -> None:
    """Wait until Python is ready, or has failed (said at once, not after the whole timeout)."""
    page.wait_for_selector(
        "body[data-engine=ready], body[data-engine=failed]", timeout=ENGINE_TIMEOUT_MS
    )
    state = page.get_attribute("body", "data-engine")
    assert state == "ready", page.locator("#engine-status, #error-text").all_inner_texts()


def play_one_move(page: Page) -> None:
    """Start a Tanbo game against a bot and make one move."""
    choose_seats(page, "tanbo", ["", "easy"])
    page.locator("#start").click()
    expect(page.locator("#table")).to_be_visible()
    assert wait_turn(page) == "human"
    before = board_state(page)["step"]
    decide(page)
    assert board_state(page)["step"] != before


def saving_is_off(page: Page) -> None:
    """The lobby says it before a game starts; the table's save status while one is played."""
    if page.locator("#table").is_visible():
        line = page.locator("#save-status")
        expect(line).to_have_attribute("data-state", "off")
        expect(page.locator("#save-status-text")).to_have_text(SAVING_OFF_HERE)
    else:
        line = page.locator("#storage-off")
        expect(line).to_have_text(SAVING_OFF)
    expect(line).to_be_visible()


def test_site_data_blocked_python_starts_and_says_saving_is_off(
    blocked_profile: tuple[Page, Guard],
) -> None:
    page, guard = blocked_profile
    page.goto(guard.origin + "/?fast=1")
    seen: dict[str, Any] = page.evaluate(PROBE_JS)
    # The profile really refuses storage (else this test would prove nothing).
    assert "SecurityError" in seen["localStorage"], seen
    assert seen["indexedDB"] != "works", seen
    wait_engine(page)
    saving_is_off(page)
    screenshot(page, "storage-blocked-lobby")
    play_one_move(page)
    saving_is_off(page)
    screenshot(page, "storage-blocked-table")


def test_storage_that_throws_as_in_a_sandboxed_frame(guard_factory: Any, base_url: str) -> None:
    page, guard = guard_factory(base_url + "?fast=1")
    page.add_init_script(THROWING_STORAGE_JS)
    page.goto(guard.origin + "/?fast=1")
    seen: dict[str, Any] = page.evaluate(PROBE_JS)
    assert "SecurityError" in seen["localStorage"] and "SecurityError" in seen["indexedDB"], seen
    wait_engine(page)
    saving_is_off(page)
    play_one_move(page)
    saving_is_off(page)
    # Leaving says the game will be lost, not that the lobby can resume it.
    table_command(page, "New game")
    expect(page.locator("#confirm-text")).to_have_text(
        "This game is not saved on this device: if you leave, it is lost."
    )


def test_saving_is_not_said_to_be_off_where_storage_works(site: tuple[Page, Guard]) -> None:
    page, guard = site
    page.goto(guard.origin + "/?fast=1")
    wait_engine(page)
    expect(page.locator("#storage-off")).to_be_attached()
    expect(page.locator("#storage-off")).to_be_hidden()
    play_one_move(page)
    expect(page.locator("#save-status")).to_have_attribute("data-state", "saved")


def test_a_frame_where_python_cannot_run_says_so_at_once(guard_factory: Any, base_url: str) -> None:
    """A frame sandboxed without allow-same-origin has an opaque origin ("null"), where Chromium
    starts no module worker from a blob: URL. The test server sends no CORS headers, so a real
    sandboxed frame could not even load the page's modules here (GitHub Pages sends them); the
    page's opaque origin is made by an init script instead."""
    page, guard = guard_factory(base_url + "?fast=1")
    page.add_init_script("Object.defineProperty(window, 'origin', { get: () => 'null' })")
    page.goto(guard.origin + "/?fast=1")
    page.wait_for_selector("body[data-engine=failed]", timeout=ENGINE_TIMEOUT_MS)
    expect(page.locator("#error-text")).to_have_text(
        "This page is shown inside a frame that does not let it run Python, so no game can start"
        " here. Open the site in a tab of its own."
    )
