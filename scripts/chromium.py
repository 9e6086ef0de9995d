"""How the browser tests and benchmarks start the system's Chromium (Debian's ``chromium``).

Headless as root needs no sandbox; no GPU on a server; nothing fetched in the background, since
the tests fail on any request to another origin. Standard library only at import; Playwright
and the site server are imported by ``served_page``, for the benchmarks that play in a page.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from playwright.sync_api import Page

CHROMIUM = "/usr/bin/chromium"
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
