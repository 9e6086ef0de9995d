"""Does the page's main thread stutter during play? Whole games in Chromium, long tasks counted.

For each game: one game of a person against Normal bots at the default pace (the person makes
the same clicks each time: ``e2e/play.py``'s ``decide``), and one ``?fast=1`` game of Normal
bots only. A PerformanceObserver counts the main thread's long tasks (over 50 ms, the API's
definition) from the Start click to the end screen; long animation frames name the scripts
that ran in the longest ones. Used by scripts/bench_web.py (``--play``), or alone:

    python scripts/bench_play.py [--site dist] [--game tanbo]

Wall-clock figures: run on an idle machine; a test never asserts on them.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from chromium import CHROMIUM, CHROMIUM_FLAGS  # noqa: E402

# Seats of each game's game against bots (the person is seat 0) and its seed.
PLAYERS = {"tanbo": 2, "humble_tea_party": 3, "storm_in_a_teacup": 3}
SEED = 11
GAME_TIMEOUT_MS = 900_000
LONG_TASK_MS = 50

# Installed before the page's scripts: every long task and long animation frame, kept only
# while window.__watch is true (from the Start click to the end screen).
WATCH = """
window.__watch = false;
window.__long = [];
window.__frames = [];
new PerformanceObserver((list) => {
  if (!window.__watch) return;
  for (const e of list.getEntries()) window.__long.push(e.duration);
}).observe({ type: "longtask" });
new PerformanceObserver((list) => {
  if (!window.__watch) return;
  for (const e of list.getEntries()) {
    if (e.blockingDuration <= 0) continue;  // a slow frame that blocked nothing
    window.__frames.push({
      duration: Math.round(e.duration),
      blocking: Math.round(e.blockingDuration),
      layout: e.styleAndLayoutStart
        ? Math.round(e.startTime + e.duration - e.styleAndLayoutStart) : 0,
      scripts: e.scripts.map((s) => {
        const where = `${s.sourceFunctionName}@${s.sourceURL.split("/").pop()}`;
        return `${s.invoker} ${where} ${Math.round(s.duration)}ms`;
      }),
    });
  }
}).observe({ type: "long-animation-frame" });
"""


@dataclass
class Played:
    """What the main thread did during one whole game."""

    game: str
    kind: str
    steps: int = 0
    long_tasks: list[float] = field(default_factory=list)
    frames: list[dict[str, Any]] = field(default_factory=list)

    def line(self) -> str:
        worst = max(self.long_tasks, default=0.0)
        return (
            f"  {self.game:>17} {self.kind:<22} {self.steps:4d} steps:"
            f" {len(self.long_tasks):3d} long tasks (max {worst:5.0f} ms)"
        )


def play(page: Any, url: str, game: str, kind: str) -> Played:
    """Play one whole game on a page whose engine is ready; what the main thread did."""
    from e2e.lobby import choose_seats, fill_seed
    from e2e.play import board_state, decide, wait_turn

    players = PLAYERS[game]
    fast = kind.startswith("bots only")
    page.goto(url + ("?fast=1" if fast else ""))
    seats = ["normal"] * players if fast else ["", *["normal"] * (players - 1)]
    choose_seats(page, game, seats)
    fill_seed(page, SEED)
    page.evaluate("window.__watch = true")
    page.get_by_role("button", name="Start").click()
    page.wait_for_selector("#table:not([hidden])")
    decisions = 0
    while True:
        if wait_turn(page, timeout=GAME_TIMEOUT_MS) == "over":
            break
        decide(page, decisions * 3)
        decisions += 1
    page.wait_for_selector("#end-screen:not([hidden])")
    page.wait_for_timeout(500)  # the end screen's own drawing
    page.evaluate("window.__watch = false")
    result = Played(game, kind, steps=int(board_state(page).get("step", 0)))
    result.long_tasks = [float(d) for d in page.evaluate("window.__long")]
    result.frames = sorted(page.evaluate("window.__frames"), key=lambda f: -f["blocking"])
    return result


def play_all(playwright: Any, chromium: str, url: str, games: list[str]) -> list[Played]:
    """Each game against bots at the default pace, then with bots only at ``?fast=1``."""
    results: list[Played] = []
    with tempfile.TemporaryDirectory(prefix="bench-play-") as profile:
        context = playwright.chromium.launch_persistent_context(
            profile,
            executable_path=chromium,
            args=CHROMIUM_FLAGS,
            headless=True,
            viewport={"width": 1366, "height": 768},
        )
        try:
            context.add_init_script(WATCH)
            page = context.new_page()
            page.goto(url)
            page.wait_for_selector("body[data-engine=ready]", timeout=180_000)
            for game in games:
                for kind in ("vs Normal, default pace", "bots only, ?fast=1"):
                    results.append(play(page, url, game, kind))
                    print(results[-1].line(), flush=True)
        finally:
            context.close()
    return results


def report(results: list[Played], frames: int = 3) -> None:
    """Counts and maxima per game, and what ran in the frames that blocked longest."""
    print(f"main-thread long tasks (> {LONG_TASK_MS} ms) during whole games:")
    for result in results:
        print(result.line())
        for frame in result.frames[:frames]:
            scripts = "; ".join(frame["scripts"]) or "no script"
            print(
                f"      frame of {frame['duration']} ms, {frame['blocking']} ms blocking"
                f" (style and layout {frame['layout']} ms): {scripts}"
            )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--site", type=Path, default=ROOT / "dist")
    parser.add_argument("--game", action="append", choices=sorted(PLAYERS))
    parser.add_argument("--chromium", default=CHROMIUM)
    args = parser.parse_args(argv)
    import serve as site_serve
    from playwright.sync_api import sync_playwright

    server = site_serve.make_server(args.site, port=0, quiet=True)
    with site_serve.in_background(server) as origin, sync_playwright() as playwright:
        results = play_all(playwright, args.chromium, origin + "/", args.game or list(PLAYERS))
    report(results)
    return 0


if __name__ == "__main__":
    sys.exit(main())
