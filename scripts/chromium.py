"""How the browser tests and benchmarks start the system's Chromium (Debian's ``chromium``).

Headless as root needs no sandbox; no GPU on a server; nothing fetched in the background, since
the tests fail on any request to another origin. Standard library only.
"""

from __future__ import annotations

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_FLAGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
