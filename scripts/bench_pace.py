"""How long does a person wait for the bots? Humble Tea Party with 4 players in Chromium, timed.

A person (seat 0) against three Normal bots, at each of the bots' speeds (web/js/pace.js, as
chosen on the table and kept on the device): from the click that lands a person's decision to
the table taking their next one (drawn, past the input gate's pause). Humble Tea Party is the
slowest case: each bot waits four times its pause, since the person could take Tea first.
Used by ``make bench-pace``, or alone:

    python scripts/bench_pace.py [--site dist] [--pace normal] [--seed 11]

Wall-clock figures: run on an idle machine; a test never asserts on them.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from chromium import CHROMIUM, served_page  # noqa: E402

PACES = ("slow", "normal", "fast", "instant")
GAME_TIMEOUT_MS = 600_000
# The person may act: their table is drawn and takes a press.
READY = """() => document.body.dataset.screen === 'table'
  && ['human', 'over'].includes(document.getElementById('board').dataset.awaiting)
  && !document.querySelector('[data-settling]')"""


def one_game(page: Any, url: str, pace: str, seed: int) -> list[float]:
    """Play one game at ``pace``; the seconds waited after each of the person's decisions."""
    from e2e.lobby import choose_seats, fill_seed
    from e2e.play import decide

    page.goto(url)
    page.evaluate("(p) => localStorage.setItem('pygames:pace', p)", pace)
    page.goto(url)
    choose_seats(page, "humble_tea_party", ["", "normal", "normal", "normal"])
    fill_seed(page, seed)
    page.locator("#start").click()
    waits: list[float] = []
    decisions = 0
    page.wait_for_function(READY, timeout=GAME_TIMEOUT_MS)
    while page.locator("#board").get_attribute("data-awaiting") != "over":
        decide(page, decisions * 3)  # returns once the decision has landed
        start = time.monotonic()
        page.wait_for_function(READY, timeout=GAME_TIMEOUT_MS)
        if page.locator("#board").get_attribute("data-awaiting") != "over":
            waits.append(time.monotonic() - start)
        decisions += 1
    return waits


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--site", type=Path, default=ROOT / "dist")
    parser.add_argument("--pace", action="append", choices=PACES)
    parser.add_argument("--seed", type=int, default=11)
    parser.add_argument("--chromium", default=CHROMIUM)
    args = parser.parse_args(argv)
    with served_page(args.site, args.chromium) as (origin, page):
        print("Humble Tea Party, 4 players, 3 Normal bots: seconds from a person's decision to")
        print("their next (the bots' turns between them)")
        for pace in args.pace or list(PACES):
            waits = one_game(page, origin + "/", pace, args.seed)
            print(
                f"  {pace:>8}: {len(waits)} waits, median {statistics.median(waits):4.2f} s,"
                f" max {max(waits):4.2f} s",
                flush=True,
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())
