"""How long do a hint and a review take in the browser? Whole games in Chromium, timed.

For each game: one game of a person against Normal bots at ``?fast=1`` (the person makes the
same clicks each time: ``e2e/play.py``'s ``decide``); at each of the person's first
``--hints`` decisions the Hint button is pressed and timed in the page, from the press to the
hint on screen. At the end, "Review the game" is pressed and timed to the graph, with the
number of positions the review evaluated. Used by ``make bench-assist``, or alone:

    python scripts/bench_assist.py [--site dist] [--game tanbo] [--hints 12]

Wall-clock figures: run on an idle machine; a test never asserts on them.
"""

from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from chromium import CHROMIUM, served_page  # noqa: E402

PLAYERS = {"tanbo": 2, "humble_tea_party": 3, "storm_in_a_teacup": 3}
SEED = 11
GAME_TIMEOUT_MS = 900_000

# Press Hint and wait, in the page, until the hint is on screen; the milliseconds it took.
TIMED_HINT = """async () => {
  const line = document.getElementById('hint-line');
  const button = document.getElementById('hint');
  if (button.disabled || button.hidden) return null;  // no hint to ask here (a hand-over, a pick)
  const start = performance.now();
  button.click();
  const shown = await new Promise((done) => {
    const seen = () => { if (!line.hidden) { watch.disconnect(); done(true); } };
    const watch = new MutationObserver(seen);
    watch.observe(line, { attributes: true, childList: true });
    setTimeout(() => { watch.disconnect(); done(false); }, 30000);
  });
  return shown ? performance.now() - start : null;
}"""


def one_game(page: Any, url: str, game: str, hints: int) -> dict[str, Any]:
    """Play one game, timing hints at the person's first decisions, then its review."""
    from e2e.lobby import choose_seats, fill_seed
    from e2e.play import decide, wait_turn

    players = PLAYERS[game]
    page.goto(url + "?fast=1&debug=1")
    choose_seats(page, game, ["", *["normal"] * (players - 1)])
    fill_seed(page, SEED)
    page.get_by_role("button", name="Start").click()
    page.wait_for_selector("#table:not([hidden])")
    times: list[float] = []
    decisions = 0
    while wait_turn(page, timeout=GAME_TIMEOUT_MS) != "over":
        if len(times) < hints:
            took = page.evaluate(TIMED_HINT)
            if took is not None:
                times.append(float(took))
        decide(page, decisions * 3)
        decisions += 1
    page.wait_for_selector("#end-screen:not([hidden])")
    start = page.evaluate("performance.now()")
    page.get_by_role("button", name="Review the game").click()
    page.wait_for_selector("#review-graph svg", timeout=GAME_TIMEOUT_MS)
    review_ms = float(page.evaluate("performance.now()")) - float(start)
    total = int(page.evaluate("Number(document.getElementById('review-progress').max)"))
    steps = int(page.evaluate("window.pygamesDebug.match.status.step"))
    return {"game": game, "hints": times, "review_ms": review_ms, "positions": total,
            "steps": steps, "decisions": decisions}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--site", type=Path, default=ROOT / "dist")
    parser.add_argument("--game", action="append", choices=sorted(PLAYERS))
    parser.add_argument("--hints", type=int, default=12, help="hints timed per game")
    parser.add_argument("--chromium", default=CHROMIUM)
    args = parser.parse_args(argv)
    with served_page(args.site, args.chromium) as (origin, page):
        page.goto(origin + "/")
        page.wait_for_selector("body[data-engine=ready]", timeout=180_000)
        print("hint: from the press to the hint on screen; review: a whole game, to the graph")
        for game in args.game or list(PLAYERS):
            r = one_game(page, origin + "/", game, args.hints)
            hints = r["hints"]
            median = statistics.median(hints) if hints else 0.0
            print(
                f"  {game:>17}: {len(hints)} hints, median {median:5.0f} ms, max"
                f" {max(hints, default=0):5.0f} ms; review of {r['steps']} steps"
                f" ({r['decisions']} decisions of the person, {r['positions']} positions):"
                f" {r['review_ms'] / 1000:5.1f} s",
                flush=True,
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())
