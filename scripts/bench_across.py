"""How long a decision takes to reach every device of a table across devices, and what the
page downloads for it. Three pages of one Chromium, each a context of its own (a host with
one person and two invited guests), play a whole Storm in a Teacup game over the code
exchange, as e2e/test_across.py does; every page notes when its table reaches each step.

For each decision a guest makes: the time from its final click to the last of the three
pages drawing the new table (the host's engine applies it; the host then sends each guest its
own view). The same for the host's own decisions. Median and max over the game.

It also sums the bytes of the files the page loads for play across devices (the modules and
the vendored QR encoder), raw and gzipped, the figure to set against the site's own size.

    python scripts/bench_across.py [--site dist]

Wall-clock figures: run on an idle machine; a test never asserts on them.
"""

from __future__ import annotations

import argparse
import gzip
import statistics
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "scripts"))

from chromium import CHROMIUM, CHROMIUM_FLAGS  # noqa: E402

# The files only play across devices needs: what a visit downloads for it. The page's own
# modules load with the page; the two vendored libraries only when a QR code is first drawn or
# the camera reads one.
OWN_FILES = [
    "js/peer-link.js",
    "js/peer-protocol.js",
    "js/peer-host.js",
    "js/peer-guest.js",
    "js/peer-transport.js",
    "js/peer-signal.js",
    "js/peer-meet.js",
    "js/guest-seat.js",
    "js/host-room.js",
    "js/qr.js",
    "js/qr-scan.js",
]
VENDORED_FILES = ["vendor/uqr/index.mjs", "vendor/jsqr/jsQR.js"]
ACROSS_FILES = OWN_FILES + VENDORED_FILES

# Installed before the page's scripts: when the board first shows each step, and when each
# press on the page happened (on this machine the pages share one clock).
WATCH = """
window.__steps = {};
window.__presses = [];
const now = () => performance.timeOrigin + performance.now();
document.addEventListener('pointerdown', () => window.__presses.push(now()), true);
new MutationObserver(() => {
  const step = document.getElementById('board')?.dataset.step;
  if (step !== undefined && !(step in window.__steps)) window.__steps[step] = now();
}).observe(document, {subtree: true, attributes: true, attributeFilter: ['data-step']});
"""


def bytes_for_play_across(site: Path, names: list[str] = ACROSS_FILES) -> tuple[int, int]:
    raw = gz = 0
    for name in names:
        data = (site / name).read_bytes()
        raw += len(data)
        gz += len(gzip.compress(data, 9))
    return raw, gz


def play(origin: str, browser: Any) -> dict[str, list[float]]:
    """One whole game on three devices: the decision latencies (ms) by who decided."""
    from e2e.lobby import choose_seats
    from e2e.play import board_state, decide

    def device(url: str) -> Any:
        context = browser.new_context(viewport={"width": 1366, "height": 768})
        context.add_init_script(WATCH)
        page = context.new_page()
        page.goto(url)
        return page

    host = device(origin + "/")
    choose_seats(host, "storm_in_a_teacup", ["", "@away", "@away"], ["Ann", "Ben", "Cleo"])
    host.locator("#start").click()
    guests = []
    for seat in (1, 2):
        host.wait_for_function(
            "(id) => document.getElementById(id)?.value.includes('#join=pg1o.')",
            arg=f"invite-{seat}-link",
            timeout=30_000,
        )
        guest = device(host.locator(f"#invite-{seat}-link").input_value())
        guest.wait_for_function(
            "() => document.getElementById('join-answer').value.startsWith('pg1a.')",
            timeout=120_000,
        )
        host.locator(f"#invite-{seat}-answer").fill(guest.locator("#join-answer").input_value())
        host.locator(f'.invite[data-seat="{seat}"] .invite-connect').click()
        guests.append(guest)
    host.wait_for_function("() => !document.getElementById('host-start').disabled", timeout=30_000)
    host.locator("#host-start").click()
    pages = [host, *guests]
    for page in pages:
        page.wait_for_selector("body[data-screen=table] #board[data-step]", timeout=30_000)
    movers: dict[int, int] = {}  # step -> the page whose person made the decision leading to it
    i = 0
    while True:
        states = [board_state(p) for p in pages]
        if all(s.get("awaiting") == "over" for s in states):
            break
        mover = next((k for k, s in enumerate(states) if s["awaiting"] == "human"), None)
        if mover is None:
            host.wait_for_timeout(20)
            continue
        movers[int(states[mover]["step"]) + 1] = mover
        decide(pages[mover], i)
        i += 1
    seen = [p.evaluate("() => window.__steps") for p in pages]
    presses = [p.evaluate("() => window.__presses") for p in pages]
    latencies: dict[str, list[float]] = {"guest": [], "host": []}
    for step, mover in movers.items():
        key = str(step)
        if not all(key in s for s in seen):
            continue
        # The decision's final press: the mover's last before its own table moved on.
        press = max(t for t in presses[mover] if t <= seen[mover][key])
        latencies["host" if mover == 0 else "guest"].append(max(s[key] for s in seen) - press)
    return latencies


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--site", type=Path, default=ROOT / "dist")
    args = parser.parse_args()
    import serve
    from playwright.sync_api import sync_playwright

    for what, names in (("the page's own modules", OWN_FILES), ("vendored", VENDORED_FILES)):
        raw, gz = bytes_for_play_across(args.site, names)
        sizes = f"{raw / 1024:.1f} KiB ({gz / 1024:.1f} KiB gzipped)"
        print(f"files for play across devices, {what}: {sizes}")
    server = serve.make_server(args.site, port=0, quiet=True)
    with serve.in_background(server) as origin, sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_FLAGS)
        try:
            latencies = play(origin, browser)
        finally:
            browser.close()
    for who, values in latencies.items():
        if values:
            print(
                f"a {who}'s decision to every page's new table: median"
                f" {statistics.median(values):.0f} ms, max {max(values):.0f} ms"
                f" over {len(values)} decisions"
            )


if __name__ == "__main__":
    main()
