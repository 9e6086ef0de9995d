"""What a repaint of each game's table costs a browser that paints without a GPU (an old
phone; every headless test browser): the CPU time of Chromium's raster threads for a number
of full repaints of a mid-game table, at 1366 x 768, against the floor: the same table with no
background image, shadow or filter at all, in the same run and the same page.

A full repaint is forced by changing the colour of the table's border (Blink repaints the whole
box); each variant is measured in interleaved rounds and the best round is kept, since another
process can only add to a round. Reads the renderer's threads from ``/proc`` (Linux).

    python scripts/bench_paint.py [--site dist] [--repaints 30] [--rounds 3]

CPU-time figures on a shared machine: a test never asserts on them.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "scripts"))

from chromium import CHROMIUM, CHROMIUM_FLAGS  # noqa: E402

# (game, players, step): a table in the middle of a game of each title.
TABLES = (("tanbo", 2, 10), ("humble_tea_party", 4, 14), ("storm_in_a_teacup", 3, 12))
FLOOR_CSS = (
    "*, *::before, *::after { background-image: none !important;"
    " box-shadow: none !important; filter: none !important; }"
)
REPAINT_JS = """n => new Promise(async done => {
  const board = document.getElementById('board');
  for (let i = 0; i < n; i++) {
    board.style.borderColor = i % 2 ? 'rgb(60 74 47)' : 'rgb(63 74 47)';
    await new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)));
  }
  board.style.borderColor = '';
  done();
})"""
STYLE_JS = """css => {
  let sheet = document.getElementById('bench-paint');
  if (!sheet) {
    sheet = document.createElement('style');
    sheet.id = 'bench-paint';
    document.head.append(sheet);
  }
  sheet.textContent = css;
}"""
TICK = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100


def raster_seconds() -> float:
    """CPU seconds so far of every renderer's raster threads (Chromium's foreground pool)."""
    total = 0.0
    for pid in filter(str.isdigit, os.listdir("/proc")):
        try:
            if b"--type=renderer" not in Path(f"/proc/{pid}/cmdline").read_bytes():
                continue
            for tid in os.listdir(f"/proc/{pid}/task"):
                stat = Path(f"/proc/{pid}/task/{tid}/stat").read_text()
                name = stat[stat.index("(") + 1 : stat.rindex(")")]
                if name.startswith("ThreadPoolForeg"):
                    fields = stat.rsplit(")", 1)[1].split()
                    total += (int(fields[11]) + int(fields[12])) / TICK
        except (OSError, ValueError):
            continue
    return total


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--site", type=Path, default=ROOT / "dist")
    parser.add_argument("--repaints", type=int, default=30)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    if not Path("/proc/self/task").is_dir():
        raise SystemExit("bench_paint: needs Linux's /proc to read the raster threads' CPU time")

    import serve
    from playwright.sync_api import sync_playwright

    from e2e.play import bot_record, record_link

    server = serve.make_server(args.site, port=0, quiet=True)
    print(f"{args.repaints} full repaints of a mid-game table at 1366 x 768, raster CPU")
    print(f"{'table':22} {'shipped':>10} {'floor':>10} {'ratio':>7}")
    with serve.in_background(server) as origin, sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_FLAGS)
        for game, players, step in TABLES:
            record = bot_record(game, players, seed=5, upto=step, humans=(0,))
            context = browser.new_context(
                viewport={"width": 1366, "height": 768}, service_workers="block"
            )
            page = context.new_page()
            page.goto(record_link(origin + "/?fast=1&debug=1", record))
            page.wait_for_selector("#board[data-step]", timeout=120_000)
            time.sleep(1.0)
            best = {"shipped": float("inf"), "floor": float("inf")}
            for _ in range(args.rounds):
                for variant, css in (("shipped", ""), ("floor", FLOOR_CSS)):
                    page.evaluate(STYLE_JS, css)
                    page.evaluate(REPAINT_JS, 2)
                    time.sleep(0.3)
                    before = raster_seconds()
                    page.evaluate(REPAINT_JS, args.repaints)
                    time.sleep(0.5)  # the last frames' raster tasks finish
                    best[variant] = min(best[variant], raster_seconds() - before)
            shipped, floor = (best["shipped"] / args.repaints, best["floor"] / args.repaints)
            ratio = shipped / floor if floor else float("inf")
            print(
                f"{game}, {players} players".ljust(22)
                + f" {shipped * 1000:7.1f} ms {floor * 1000:7.1f} ms {ratio:6.1f}x"
            )
            context.close()
        browser.close()


if __name__ == "__main__":
    main()
