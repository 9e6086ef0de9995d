"""Browser tests against the built site, served on 127.0.0.1, in the system's Chromium.

The site is built once per session into a temporary folder and served twice: at ``/`` and under
the sub-path ``/pygames/`` (as a GitHub Pages project site is). One browser serves every test;
each test gets a page of its own: a ``site`` page in a browser that has visited the site before
(Python restored from its snapshot, the saved games cleared), a ``guard_factory`` page in a
fresh context (a first visit, or a context of its own settings). Every test fails on any
request to another origin, any failed or 4xx/5xx request, any uncaught page error and any
console error.
"""

from __future__ import annotations

import os
import shutil
import sys
from collections.abc import Callable, Collection, Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import (
    Browser,
    BrowserContext,
    ConsoleMessage,
    Page,
    Request,
    Route,
    ViewportSize,
)

ROOT = Path(__file__).resolve().parent.parent
ARTIFACTS = Path(__file__).resolve().parent / "artifacts"
sys.path.insert(0, str(ROOT / "scripts"))

import build_site as site_build  # noqa: E402
import serve as site_serve  # noqa: E402
from chromium import CHROMIUM_FLAGS, browser_for_tests  # noqa: E402
from chromium import full_browser as full_browser  # noqa: E402  (for test_storage)

HERE = Path(__file__).resolve().parent


# The long run (``make soak-tests``, ``PYGAMES_SOAK=1``): the tests marked ``slow`` play their
# games to the end, and the tests marked ``soak`` run too.
SOAK = os.environ.get("PYGAMES_SOAK", "") not in ("", "0")
# More decisions than any game of any title takes: "to the end".
WHOLE_GAME = 400


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Every test in e2e/ drives a browser: each is marked ``e2e`` (``-m "not e2e"`` runs the
    rest), whether or not its module says so. Outside the long run, the browser tests marked
    ``soak`` are deselected (``--collect-only`` counts them): each repeats, for another game,
    size, player count or order of tabs, a check that ``make test`` makes once."""
    kept, repeats = [], []
    for item in items:
        if HERE in item.path.resolve().parents:
            item.add_marker(pytest.mark.e2e)
            if not SOAK and item.get_closest_marker("soak"):
                repeats.append(item)
                continue
        kept.append(item)
    if repeats:
        config.hook.pytest_deselected(items=repeats)
        items[:] = kept


def soak_beyond(
    everyday: Collection[Any],
    values: Iterable[Any],
    *,
    ids: Callable[[Any], str] | None = None,
    unpack: bool = False,
) -> list[Any]:
    """``values`` as pytest parameters, those not in ``everyday`` marked ``soak``: ``make
    test`` checks the everyday ones, the long run every one. With ``unpack``, each value is a
    tuple of the test's arguments."""
    return [
        pytest.param(
            *(value if unpack else (value,)),
            id=None if ids is None else ids(value),
            marks=() if value in everyday else pytest.mark.soak,
        )
        for value in values
    ]


def decisions(everyday: int) -> range:
    """The decisions a test makes when it plays a game through the page: its first
    ``everyday`` in ``make test``, the whole game in ``make soak-tests``. A loop over it breaks
    at the end of the game; one that runs out in the long run means the game did not end."""
    return range(WHOLE_GAME if SOAK else everyday)


# Python loading in a worker takes ~3.5 s on a 2-core machine, cold; leave room for a slow CI.
ENGINE_TIMEOUT_MS = 60_000


def _chromium() -> str | None:
    found = browser_for_tests(os.environ)
    return found or shutil.which("chromium") or shutil.which("chromium-browser")


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict[str, Any]) -> dict[str, Any]:
    """Launch the system Chromium (playwright's own browser downloads are not available)."""
    executable = _chromium()
    if executable is None:
        pytest.fail("Chromium not found: install Debian's chromium package (make test does).")
    return {**browser_type_launch_args, "executable_path": executable, "args": CHROMIUM_FLAGS}


@pytest.fixture(scope="session")
def site_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return Path(site_build.built_or_build(tmp_path_factory.mktemp("site") / "dist"))


def _serve(directory: Path, prefix: str) -> Iterator[str]:
    server = site_serve.make_server(directory, port=0, prefix=prefix, quiet=True)
    with site_serve.in_background(server) as origin:
        yield origin + prefix


@pytest.fixture(scope="session")
def base_url(site_dir: Path) -> Iterator[str]:
    """The site at ``/`` (pytest-playwright's own ``base_url`` fixture, overridden)."""
    yield from _serve(site_dir, "/")


@pytest.fixture(scope="session")
def subpath_url(site_dir: Path) -> Iterator[str]:
    """The same site under ``/pygames/``."""
    yield from _serve(site_dir, "/pygames/")


@dataclass
class Guard:
    """What went wrong in the browser during a test."""

    origin: str
    foreign: list[str] = field(default_factory=list)
    failures: list[str] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    requests: list[str] = field(default_factory=list)
    # The page warns "The engine stopped: <why>" when its engine dies and it starts another
    # (web/js/app.js engineDied). The page recovers, so without this a death in the middle of
    # a test would pass unseen; only tests that kill the engine on purpose allow it.
    deaths: list[str] = field(default_factory=list)
    allow_engine_deaths: bool = False
    # WebSockets the page opened (they pass no route): each must go to a signalling server the
    # test typed into the page as a person would (``sockets_to``), or it is foreign.
    sockets: list[str] = field(default_factory=list)
    sockets_to: list[str] = field(default_factory=list)

    def is_local(self, url: str) -> bool:
        return url.startswith((self.origin + "/", "blob:", "data:"))

    def on_route(self, route: Route) -> None:
        url = route.request.url
        if self.is_local(url):
            route.continue_()
        else:
            self.foreign.append(url)
            route.abort("blockedbyclient")

    def on_request(self, request: Request) -> None:
        self.requests.append(request.url)
        if not self.is_local(request.url) and request.url not in self.foreign:
            self.foreign.append(request.url)

    def on_request_failed(self, request: Request) -> None:
        # ERR_ABORTED: a navigation cancelled the load (the test moved on), not a fault.
        if self.is_local(request.url) and "ERR_ABORTED" not in str(request.failure):
            self.failures.append(f"{request.url}: {request.failure}")

    def on_response(self, response: Any) -> None:
        if response.status >= 400:
            self.failures.append(f"{response.url}: HTTP {response.status}")

    def on_console(self, message: ConsoleMessage) -> None:
        if message.type == "error":
            self.errors.append(f"console: {message.text}")
        elif message.text.startswith("The engine stopped"):
            self.deaths.append(message.text)

    def on_page_error(self, error: Any) -> None:
        self.errors.append(f"page error: {error}")

    def watch(self, context: BrowserContext) -> None:
        """Hear the context's requests (a worker's too)."""
        context.on("request", self.on_request)
        context.on("requestfailed", self.on_request_failed)
        context.on("response", self.on_response)

    def unwatch(self, context: BrowserContext) -> None:
        context.remove_listener("request", self.on_request)
        context.remove_listener("requestfailed", self.on_request_failed)
        context.remove_listener("response", self.on_response)

    def on_websocket(self, socket: Any) -> None:
        url: str = socket.url
        self.sockets.append(url)
        if not url.startswith(tuple(self.sockets_to)) or not self.sockets_to:
            self.foreign.append(url)

    def watch_page(self, page: Page) -> None:
        page.on("console", self.on_console)
        page.on("pageerror", self.on_page_error)
        page.on("websocket", self.on_websocket)

    def check(self) -> None:
        assert not self.foreign, f"requests to other origins: {self.foreign}"
        assert not self.failures, f"failed requests: {self.failures}"
        assert not self.errors, f"errors in the page: {self.errors}"
        assert self.allow_engine_deaths or not self.deaths, f"the engine died: {self.deaths}"


# Every page says each Content-Security-Policy violation as a console error, which fails the
# test (Guard.on_console): Chromium reports some (an inline script) on the console itself, but
# not others (a script's eval). Run before the page's own scripts, outside its policy.
HEAR_CSP_JS = """document.addEventListener('securitypolicyviolation', (e) => {
  console.error(`Content-Security-Policy violation: ${e.violatedDirective} ${e.blockedURI}`
    + ` at ${e.sourceFile}:${e.lineNumber}`);
});"""


def _origin(url: str) -> str:
    scheme, rest = url.split("://", 1)
    return f"{scheme}://{rest.split('/', 1)[0]}"


@pytest.fixture
def guard_factory(browser: Browser) -> Iterator[Any]:
    """Open guarded pages: ``open_page(url) -> (page, guard)``; checked at teardown."""
    opened: list[tuple[BrowserContext, Guard]] = []

    def open_page(url: str, **context_args: Any) -> tuple[Page, Guard]:
        # The offline service worker would answer requests before the guard's route sees them;
        # only the test of offline play lets it run.
        context_args.setdefault("service_workers", "block")
        context = browser.new_context(**context_args)
        context.add_init_script(HEAR_CSP_JS)
        guard = Guard(_origin(url))
        context.route("**/*", guard.on_route)
        guard.watch(context)
        page = context.new_page()
        guard.watch_page(page)
        opened.append((context, guard))
        return page, guard

    yield open_page
    for context, _ in opened:
        context.close()
    for _, guard in opened:
        guard.check()


# What a returning player's browser keeps of the site and the tests clear: their saved games
# and PyScript's stores. The HTTP cache (the runtime, and V8's code for its wasm) and Cache
# Storage (Python's memory snapshot) stay.
CLEARED_STORAGE = "local_storage,indexeddb,cookies"


@pytest.fixture(scope="session")
def returning_browser(browser: Browser, base_url: str) -> Iterator[BrowserContext]:
    """One context per test process that has visited the site once, as a returning player's
    browser has: Python starts from its memory snapshot. Every ``site`` test opens its page
    here; a test of a first visit, of storage or of the network opens a fresh context
    (``guard_factory``).

    It routes nothing: Playwright turns a context's HTTP cache off once it routes requests.
    A request to another origin still fails the test that made it (``Guard.check``); with no
    network on the machine it goes nowhere either way."""
    context = browser.new_context(service_workers="block")
    context.add_init_script(HEAR_CSP_JS)
    page = context.new_page()
    page.goto(base_url + "?fast=1")
    wait_ready(page)
    # The snapshot is saved after the engine is ready ("saved"; "unsaved" if it could not be).
    page.wait_for_function(
        "() => /\\b(un)?saved\\b/.test(document.getElementById('engine-status').dataset.stages)",
        timeout=ENGINE_TIMEOUT_MS,
    )
    stages = page.locator("#engine-status").get_attribute("data-stages") or ""
    assert "unsaved" not in stages.split(), f"no snapshot for the returning pages: {stages}"
    page.close()
    yield context
    context.close()


@pytest.fixture
def returning(returning_browser: BrowserContext) -> Iterator[Any]:
    """Open guarded pages in a returning player's browser (``returning_browser``), the site's
    saved games cleared first: ``open_page(origin, viewport=None, reduced_motion=None,
    color_scheme=None) -> (page, guard)``. Every page of that browser is closed and every guard
    checked at teardown, so pages a test opens beside its own (a second tab, a popup) end with
    it."""
    context = returning_browser
    opened: list[Guard] = []

    def open_page(
        origin: str,
        viewport: ViewportSize | None = None,
        reduced_motion: str | None = None,
        color_scheme: str | None = None,
    ) -> tuple[Page, Guard]:
        guard = Guard(_origin(origin))
        guard.watch(context)
        opened.append(guard)
        page = context.new_page()
        guard.watch_page(page)
        if viewport:
            page.set_viewport_size(viewport)
        if reduced_motion:
            page.emulate_media(reduced_motion=reduced_motion)  # type: ignore[arg-type]
        if color_scheme:
            page.emulate_media(color_scheme=color_scheme)  # type: ignore[arg-type]
        if len(opened) == 1:
            cdp = context.new_cdp_session(page)
            cdp.send(
                "Storage.clearDataForOrigin",
                {"origin": guard.origin, "storageTypes": CLEARED_STORAGE},
            )
            cdp.detach()
        return page, guard

    yield open_page
    for page in context.pages:
        page.close()
    for guard in opened:
        guard.unwatch(context)
    context.set_offline(False)
    for guard in opened:
        guard.check()


@pytest.fixture
def site(returning: Any, base_url: str) -> tuple[Page, Guard]:
    """A guarded page on the site at ``/`` in a returning player's browser, its saved games
    cleared (``returning``)."""
    return returning(base_url)  # type: ignore[no-any-return]


# Screenshots are for a person to look at (``make screenshots``): a run that only checks takes
# none, since a full-page capture repaints the whole page in software, about 0.3 s each.
SCREENSHOTS = os.environ.get("PYGAMES_SCREENSHOTS", "") not in ("", "0")


def screenshot(page: Page, name: str) -> None:
    """Save a full-page capture as ``e2e/artifacts/<name>.png`` when screenshots are asked for
    (``PYGAMES_SCREENSHOTS=1``, as ``make screenshots`` does)."""
    if not SCREENSHOTS:
        return
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"), full_page=True)


def wait_ready(page: Page) -> None:
    """Wait until Python is loaded and the Start button enabled."""
    page.wait_for_selector("body[data-engine=ready]", timeout=ENGINE_TIMEOUT_MS)
