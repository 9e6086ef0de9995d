"""Updates never mix two builds: deploy build A, open it, deploy build B, and every
response an open page of A receives is A's, while a visit after the update gets B's only; and
after any order of reloads, new tabs and closed tabs around the update, build B plays offline.

Build B is build A with every page file changed (a marker appended to each script, style and
HTML file, a word added to each catalogue, a marker in the build info and pygames.zip's
comment) and its own id and file digests, as a real deploy would make it. A response is classed
by its body: A's file, B's file, or the same in both (the vendored runtime), which says nothing.
"""

from __future__ import annotations

import io
import os
import re
import shutil
import sys
import threading
import time
import zipfile
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import urlparse

import pytest
from playwright.sync_api import BrowserContext, Page, Response, expect

from .conftest import Guard, screenshot, soak_beyond, wait_ready
from .lobby import choose_seats, fill_seed, table_command, wait_covers
from .play import board_state, decide, kill_engine, wait_turn

pytestmark = pytest.mark.e2e

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))
import build_site as site_build  # type: ignore[import-not-found]  # noqa: E402
import serve as site_serve  # type: ignore[import-not-found]  # noqa: E402

MARK = "build-b"


def make_b(a: Path, b: Path) -> None:
    """Build B from build A: changed page files, its own id and digests."""
    shutil.copytree(a, b)
    a_id = re.search(r'name="pygames-build" content="([^"]+)"', (a / "index.html").read_text())
    assert a_id
    for path in b.rglob("*"):
        if not path.is_file() or "vendor" in path.relative_to(b).parts or path.name == "sw.js":
            continue
        if path.suffix in (".js", ".mjs", ".css"):
            path.write_text(path.read_text() + f"\n/* {MARK} */\n")
        elif path.suffix == ".html":
            path.write_text(path.read_text() + f"<!-- {MARK} -->\n")
    for words in (b / "i18n").glob("*.json"):  # a word the page never asks for
        words.write_text(words.read_text().replace("{", f'{{\n  "build.mark": "{MARK}",', 1))
    info = b / "build.json"
    info.write_text(info.read_text().replace("{", '{\n  "deploy": "b",', 1))
    data = io.BytesIO((b / "pygames.zip").read_bytes())
    with zipfile.ZipFile(data, "a") as z:
        z.comment = MARK.encode()
    (b / "pygames.zip").write_bytes(data.getvalue())
    index = b / "index.html"
    index.write_text(index.read_text().replace(a_id.group(1), site_build.BUILD_PLACEHOLDER))
    shutil.copy(ROOT / "web" / "sw.js", b / "sw.js")
    site_build._write_service_worker(b, MARK)


def deploy(build: Path, root: Path) -> None:
    """Put ``build`` in place of what ``root`` serves, every file dated now (as a deploy does:
    the server answers a revalidation by date, to the second)."""
    shutil.copytree(build, root, dirs_exist_ok=True)
    now = time.time() + 2
    for path in root.rglob("*"):
        os.utime(path, (now, now))


class Seen:
    """The builds of the responses a page received, from some moment on."""

    def __init__(self, a: Path, b: Path, prefix: str) -> None:
        self.a, self.b, self.prefix = a, b, prefix
        self.builds: list[tuple[str, str]] = []
        self.on = False

    def __call__(self, response: Response) -> None:
        if not self.on:
            return
        path = urlparse(response.url).path[len(self.prefix) :] or "index.html"
        a, b = self.a / path, self.b / path
        if not a.is_file() or not b.is_file() or a.read_bytes() == b.read_bytes():
            return  # not a file of the site, or the same in both builds
        try:
            body = response.body()
        except Exception:  # a response with no body to read (an aborted load)
            return
        build = "A" if body == a.read_bytes() else "B" if body == b.read_bytes() else "?"
        self.builds.append((build, path))

    def only(self) -> set[str]:
        return {build for build, _ in self.builds}

    def wait_for(self, page: Page, paths: set[str], timeout_s: float = 30) -> None:
        """Wait until the replies for ``paths`` are heard: Playwright delivers a reply's event
        to the test a while after the page has used it."""
        deadline = time.monotonic() + timeout_s
        while not paths <= {path for _, path in self.builds}:
            assert time.monotonic() < deadline, (paths, self.builds)
            page.wait_for_timeout(50)  # the events are delivered while Playwright runs


# The games whose renderers the lobby's pictures load.
GAMES = ("tanbo", "humble_tea_party", "storm_in_a_teacup")


@dataclass
class Builds:
    """Build A (deployed first) and build B, the folder the server serves, and its address."""

    a: Path
    b: Path
    root: Path
    url: str


@pytest.fixture
def builds(tmp_path: Path, site_dir: Path) -> Iterator[Builds]:
    """Build A deployed and served; build B ready to deploy in its place."""
    a, b, root = tmp_path / "a", tmp_path / "b", tmp_path / "site"
    shutil.copytree(site_dir, a)
    make_b(a, b)
    shutil.copytree(a, root)  # build A is deployed
    server = site_serve.make_server(root, port=0, prefix="/", quiet=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield Builds(a, b, root, f"http://127.0.0.1:{server.server_address[1]}/?fast=1")
    finally:
        server.shutdown()
        server.server_close()


def test_an_open_page_keeps_its_build_and_the_next_visit_gets_the_new_one(
    guard_factory: Any, builds: Builds
) -> None:
    a, b, root, url = builds.a, builds.b, builds.root, builds.url
    # A first visit: the page comes from the network; once its worker has installed build
    # A, the page is served from A's cache (it asks, after loading).
    first, first_guard = guard_factory(url, service_workers="allow")
    seen_first = Seen(a, b, "/")
    first.on("response", seen_first)
    first.goto(url)
    wait_ready(first)
    first.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=60_000)
    wait_covers(first)
    seen_first.on = True

    deploy(b, root)
    first.evaluate("() => navigator.serviceWorker.getRegistration().then((r) => r.update())")
    expect(first.locator("#update-banner")).to_be_visible(timeout=60_000)
    expect(first.locator("#update-banner")).to_contain_text("A new version is ready")

    # A returning visit in a second tab while B waits: all of it is still build A.
    second = first.context.new_page()
    seen_second = Seen(a, b, "/")
    seen_second.on = True
    second.on("response", seen_second)
    second.goto(url)
    wait_ready(second)
    expect(second.locator("#update-banner")).to_be_visible(timeout=60_000)
    # Its lobby's pictures load the renderers: their replies are heard before the reload, or
    # Playwright may deliver them after it, counted as the reloaded page's.
    wait_covers(second)
    seen_second.wait_for(second, {f"js/games/{g}.js" for g in GAMES})
    assert seen_second.only() == {"A"}, seen_second.builds

    # The second tab takes the update: it reloads on build B, and plays on it.
    seen_second.builds.clear()
    with second.expect_navigation():
        second.get_by_role("button", name="Reload").click()
    wait_ready(second)
    choose_seats(second, "storm_in_a_teacup", ["", "normal"])
    fill_seed(second, 3)
    second.get_by_role("button", name="Start").click()
    assert wait_turn(second) == "human"
    assert seen_second.only() == {"B"}, seen_second.builds
    assert second.evaluate("() => fetch('build.json').then((r) => r.json())")["deploy"] == "b"

    # The first tab, still open, goes on with build A, for the games it starts now and for
    # what it loads only now (its Japanese words; the renderers came with the lobby's
    # pictures).
    for game, bots in (
        ("storm_in_a_teacup", ["", "normal"]),
        ("humble_tea_party", ["", "normal", "normal"]),
    ):
        if first.locator("#table").is_visible():
            table_command(first, "New game")
        choose_seats(first, game, bots)
        fill_seed(first, 3)
        first.get_by_role("button", name="Start").click()
        assert wait_turn(first) == "human"
    # Its Japanese words too, asked for only now.
    first.locator("#language").select_option("ja")
    expect(first.locator("html")).to_have_attribute("lang", "ja")
    first.locator("#language").select_option("en")
    expect(first.locator("html")).to_have_attribute("lang", "en")
    assert "deploy" not in first.evaluate("() => fetch('build.json').then((r) => r.json())")
    assert "i18n/ja.json" in {path for _, path in seen_first.builds}  # loaded after the deploy
    assert seen_first.only() == {"A"}, seen_first.builds
    screenshot(first, "update-open-page")

    # Its engine, started again now (as after a crash), still runs build A: its new worker has
    # no script of its own, and names its page's build in its first request.
    first_guard.allow_engine_deaths = True
    seen_first.builds.clear()
    kill_engine(first)
    expect(first.locator("#notice")).to_contain_text(
        "The game engine stopped and was started again", timeout=60_000
    )
    assert wait_turn(first) == "human"
    assert {"js/python-start.js", "pygames.zip"} <= {path for _, path in seen_first.builds}
    assert seen_first.only() == {"A"}, seen_first.builds

    # When the first tab takes the update too, it runs B; A's cache goes once no page uses it.
    seen_first.builds.clear()
    with first.expect_navigation():
        first.get_by_role("button", name="Reload").click()
    wait_ready(first)
    assert seen_first.only() <= {"B"}, seen_first.builds
    first.reload()
    wait_ready(first)
    first.wait_for_function(
        "() => caches.keys().then((k) => !k.some((n) => n.startsWith('pygames-')"
        f" && n !== 'pygames-{MARK}'))",
        timeout=30_000,
    )


# What a person may do with their tabs while build B waits and after it took over. Each order
# holds a navigation (a reload, a new tab) while B waits, when the old worker's clean-up used to
# delete B's cache, and ends on a tab of build B.
#   reload: reload the newest tab; tab: open a new one; accept: press Reload in the newest tab's
#   "A new version is ready"; close: close every tab (B takes over), then open: open one again;
#   close-first: close the oldest tab.
ORDERS = {
    "reload-close-reopen": ("reload", "close", "open"),
    "tab-reload-close-reopen-reload": ("tab", "reload", "close", "open", "reload"),
    "reload-tab-accept-close-old-tab": ("reload", "tab", "accept", "close-first", "tab"),
}


def build_of(page: Page) -> str:
    return page.evaluate(  # type: ignore[no-any-return]
        "() => document.querySelector('meta[name=pygames-build]').content"
    )


def open_tab(context: BrowserContext, guard: Guard, url: str, seen: Seen) -> Page:
    """A new tab on ``url``, watched by ``guard`` (its errors) and ``seen`` (its builds)."""
    page = context.new_page()
    page.on("console", guard.on_console)
    page.on("pageerror", guard.on_page_error)
    page.on("response", seen)
    page.goto(url)
    wait_ready(page)
    return page


def wait_in_charge(context: BrowserContext, build: str) -> None:
    """Wait until the service worker of ``build`` is the active one (once no tab is left, the
    waiting worker takes over, a moment later)."""
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        for worker in context.service_workers:
            try:
                state = worker.evaluate("() => [BUILD, self.serviceWorker?.state]")
            except Exception:  # a worker that ended meanwhile
                continue
            if state == [build, "activated"]:
                return
        time.sleep(0.1)
    raise AssertionError(f"the worker of build {build} never took over")


def expect_stored(page: Page) -> None:
    """The page says it can be played offline (its build is stored whole)."""
    status = page.locator("#offline-status")
    expect(status).to_be_visible(timeout=30_000)
    expect(status).to_have_text("Ready to play offline")


def play_a_move(page: Page) -> None:
    """Make a decision in a Storm game against a bot: a new one, or the one a new tab resumes
    (the renderer is loaded only now, from the cache of the page's build)."""
    page.wait_for_selector("body[data-screen=lobby], body[data-screen=table]")
    if page.locator("body[data-screen=lobby]").count():
        choose_seats(page, "storm_in_a_teacup", ["", "normal"])
        fill_seed(page, 5)
        page.get_by_role("button", name="Start").click()
    assert wait_turn(page) == "human"
    step = board_state(page)["step"]
    decide(page)
    assert board_state(page)["step"] != step


# make test plays the order in which a person accepts the update in a second tab (the test above
# closes and reopens around an update); the long run plays the other two, which repeat its
# close and reopen with a new tab and reloads around them.
@pytest.mark.parametrize(
    "order",
    soak_beyond(
        [ORDERS["reload-tab-accept-close-old-tab"]],
        ORDERS.values(),
        ids={order: name for name, order in ORDERS.items()}.__getitem__,
    ),
)
def test_after_any_order_of_tabs_around_an_update_the_new_build_plays_offline(
    guard_factory: Any, builds: Builds, order: tuple[str, ...]
) -> None:
    url = builds.url
    first, guard = guard_factory(url, service_workers="allow")
    context = first.context
    seen = Seen(builds.a, builds.b, "/")
    first.on("response", seen)
    first.goto(url)
    wait_ready(first)
    first.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=60_000)
    expect_stored(first)
    a_build = build_of(first)

    deploy(builds.b, builds.root)
    first.evaluate("() => navigator.serviceWorker.getRegistration().then((r) => r.update())")
    expect(first.locator("#update-banner")).to_be_visible(timeout=60_000)

    tabs = [first]
    for step in order:
        if step == "reload":
            tabs[-1].reload()
            wait_ready(tabs[-1])
        elif step in ("tab", "open"):
            tabs.append(open_tab(context, guard, url, seen))
        elif step == "accept":
            banner = tabs[-1].locator("#update-banner")
            expect(banner).to_be_visible(timeout=60_000)
            with tabs[-1].expect_navigation():
                banner.get_by_role("button", name="Reload").click()
            wait_ready(tabs[-1])
        elif step == "close-first":
            tabs.pop(0).close()
        elif step == "close":
            while tabs:
                tabs.pop().close()
            wait_in_charge(context, MARK)
        else:
            raise AssertionError(f"unknown step {step}")
    last = tabs[-1]
    assert build_of(last) == MARK, f"{order} ends on build {build_of(last)}, not B"
    assert {build_of(tab) for tab in tabs[:-1]} <= {a_build, MARK}
    # Said only once B's every file is stored (the worker checks them).
    expect_stored(last)

    # No network at all: a reload and a new tab both run build B, start and play.
    context.set_offline(True)
    seen.builds.clear()
    seen.on = True
    last.reload()
    wait_ready(last)
    assert build_of(last) == MARK
    expect_stored(last)
    play_a_move(last)
    fresh = open_tab(context, guard, url, seen)
    assert build_of(fresh) == MARK
    expect_stored(fresh)
    play_a_move(fresh)
    assert seen.only() == {"B"}, seen.builds
    assert any(path == "js/games/storm_in_a_teacup.js" for _, path in seen.builds)
    screenshot(fresh, "update-offline-after-" + "-".join(order))
