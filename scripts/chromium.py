"""How the browser tests and benchmarks start the system's Chromium (Debian's ``chromium``).

Headless as root needs no sandbox; no GPU on a server; nothing fetched in the background, since
the tests fail on any request to another origin. Standard library only at import; Playwright
and the site server are imported by ``served_page``, for the benchmarks that play in a page.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from playwright.sync_api import Page

CHROMIUM = "/usr/bin/chromium"
# Debian's chromium-headless-shell: the same Blink and V8 without the desktop browser around them,
# what Playwright itself runs headless tests in. The browser tests use it when it is there: on the
# 2-core machine, 24 page tests (test_storm_site.py, test_table.py) took 89 s in it against 110 s
# in the full browser, with 21 % less CPU in all. The benchmarks keep the full browser, which is
# what people use.
HEADLESS_SHELL = "/usr/lib/chromium/chromium-headless-shell"


def browser_for_tests(environ: Mapping[str, str]) -> str | None:
    """The Chromium the browser tests drive: ``$CHROMIUM`` when set, else the headless shell,
    else the full browser; None when there is none."""
    return _first(environ.get("CHROMIUM"), HEADLESS_SHELL, CHROMIUM, "/usr/bin/chromium-browser")


def full_browser(environ: Mapping[str, str]) -> str | None:
    """The full Chromium, for a test of what only it does (a profile's settings that block
    site data): ``$CHROMIUM_FULL`` when set, else Debian's; None when there is none."""
    return _first(environ.get("CHROMIUM_FULL"), CHROMIUM, "/usr/bin/chromium-browser")


def _first(*candidates: str | None) -> str | None:
    for candidate in candidates:
        if candidate and Path(candidate).is_file():
            return candidate
    return None


CHROMIUM_FLAGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]


@contextmanager
def served_page(site: Path, executable: str = CHROMIUM) -> Iterator[tuple[str, Page]]:
    """``site`` served on a free local port, and one desktop page (1366 x 768) of Chromium:
    ``(origin, page)``. The browser closes and the server stops on leaving."""
    import serve
    from playwright.sync_api import sync_playwright

    server = serve.make_server(site, port=0, quiet=True)
    with serve.in_background(server) as origin, sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=executable, args=CHROMIUM_FLAGS)
        try:
            yield origin, browser.new_page(viewport={"width": 1366, "height": 768})
        finally:
            browser.close()
