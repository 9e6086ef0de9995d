#!/usr/bin/env python3
"""The engine's speed figures in Pyodide (Chromium) as multiples of the same figures in CPython.

``python -m pygames bench`` times whole bot games and single operations (legal_actions, view,
clone, to_json, a JSON round trip, determinize). This runs the same calls (``pygames.bench.bench``
for every game, its least number of players, as that command does), with the same number of
games and seed, twice: under CPython (this interpreter, in a subprocess in the repository, so the
working tree's rules) and in the system's Chromium, headless, in a module Web Worker that starts
the built site's vendored Pyodide (``vendor/pyodide/``) and unpacks the built ``pygames.zip``
(the bytecode the app runs) into ``/home/pyodide``, as web/js/python-start.js does. Each side
first runs one whole pass whose figures are dropped (``--warmup``). It prints, per game, every
timing figure (``*_ms``, ``*_us``) with both values and the ratio Pyodide/CPython, worst first,
and the median ratio of the whole-game figures: where that ratio is worst is where wasm costs
the rules most.

    python scripts/bench_python.py [--site dist] [--games 3] [--seed 1] [--warmup 1]

The page is served by scripts/serve.py on 127.0.0.1 from a temporary folder (the page, the
worker, and links to the site's runtime and archive), cross-origin isolated (COOP/COEP), so the
browser's clock has its finest resolution (5 us, not 100 us): the single operations are timed
as blocks of 50 calls, some of a few microseconds each. The two Pythons may be different
versions (Pyodide's is printed with the table): the ratio includes what the version changes.

Needs playwright (a dev dependency) and Chromium (``--chromium``, default /usr/bin/chromium).
Not part of the test suite: its figures depend on the machine and its load.
"""

from __future__ import annotations

import argparse
import functools
import json
import math
import statistics
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import serve as site_serve
from chromium import CHROMIUM, CHROMIUM_FLAGS

ROOT = Path(__file__).resolve().parent.parent
RESULT_TIMEOUT_MS = 300_000
# The figures compared: times, not the ratios to a random game that bench also prints.
TIME_SUFFIXES = ("_ms", "_us")
# Whole games between bots, the figures docs/performance.md quotes (the rest are single operations).
WHOLE_GAME_SUFFIX = "_game_ms"

PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>pygames bench in Pyodide</title>
<link rel="icon" href="data:,"></head>
<body><p>Running the bench in a worker...</p>
<script type="module">
const worker = new Worker("./worker.mjs", { type: "module" });
const params = new URL(location.href).searchParams;
worker.onmessage = (event) => { window.__result = event.data; };
worker.onerror = (event) => { window.__result = { error: String(event.message ?? event) }; };
worker.postMessage({
  games: Number(params.get("games")),
  seed: Number(params.get("seed")),
  warmup: Number(params.get("warmup")),
});
</script></body></html>
"""
# The bench, run alike by both Pythons (GAMES, SEED, WARMUP set first): the same loop as
# `python -m pygames bench` (every game, its least number of players), after WARMUP passes whose
# figures are dropped, so that one-time costs (importing the bots, and in the browser V8's tier-up
# of the interpreter's wasm) fall outside the figures.
BENCH_CODE = """
import json, sys
from pygames.bench import bench
from pygames.games import all_games
def run_all():
    return [bench(g.id, g.min_players, GAMES, SEED) for g in all_games()]
for _ in range(WARMUP):
    run_all()
result = json.dumps({"python": sys.version.split()[0], "figures": run_all()})
"""
# The worker: the site's Pyodide and bytecode, then the same loop as `python -m pygames bench`
# (every game, its least number of players).
WORKER = """import { loadPyodide } from "./vendor/pyodide/pyodide.mjs";
const HOME = "/home/pyodide";
// The handler is set before any await: a message that comes while the module is still
// evaluating (loading Pyodide) would otherwise find no listener and be lost.
const started = (async () => {
  const indexURL = new URL("./vendor/pyodide/", import.meta.url).href;
  const pyodide = await loadPyodide({ indexURL });
  const archive = await (await fetch(new URL("./pygames.zip", import.meta.url))).arrayBuffer();
  pyodide.unpackArchive(archive, "zip", { extractDir: HOME });
  return pyodide;
})();
const BENCH = `
import sys
if "/home/pyodide" not in sys.path:
    sys.path.insert(0, "/home/pyodide")
__BENCH__
result
`;
onmessage = async (event) => {
  try {
    const pyodide = await started;
    pyodide.globals.set("GAMES", event.data.games);
    pyodide.globals.set("SEED", event.data.seed);
    pyodide.globals.set("WARMUP", event.data.warmup);
    const out = JSON.parse(pyodide.runPython(BENCH));
    postMessage({ ...out, isolated: self.crossOriginIsolated });
  } catch (error) {
    postMessage({ error: String(error) });
  }
};
""".replace("__BENCH__", BENCH_CODE)


class IsolatedHandler(site_serve.SiteHandler):
    """The site's handler, with the headers that make the page cross-origin isolated."""

    def end_headers(self) -> None:
        self.send_header("Cross-Origin-Opener-Policy", "same-origin")
        self.send_header("Cross-Origin-Embedder-Policy", "require-corp")
        super().end_headers()


@contextmanager
def bench_page(site_dir: Path) -> Iterator[str]:
    """Serve the bench page, with links to ``site_dir``'s runtime and archive, on 127.0.0.1
    while the block runs; yields the page's URL."""
    with tempfile.TemporaryDirectory(prefix="bench-python-") as folder:
        root = Path(folder)
        (root / "index.html").write_text(PAGE)
        (root / "worker.mjs").write_text(WORKER)
        (root / "vendor").symlink_to((site_dir / "vendor").resolve(), target_is_directory=True)
        (root / "pygames.zip").symlink_to((site_dir / "pygames.zip").resolve())
        server = site_serve.make_server(root, port=0, quiet=True)
        handler: Any = server.RequestHandlerClass
        server.RequestHandlerClass = functools.partial(
            IsolatedHandler, *handler.args, **handler.keywords
        )
        with site_serve.in_background(server) as origin:
            yield origin + "/index.html"


def cpython_bench(games: int, seed: int, warmup: int = 1) -> dict[str, Any]:
    """The bench under this interpreter, in a subprocess run in the repository (so the working
    tree's rules), after ``warmup`` dropped passes: its figures and the Python version."""
    code = f"GAMES, SEED, WARMUP = {games:d}, {seed:d}, {warmup:d}\n{BENCH_CODE}\nprint(result)"
    out = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, check=True, capture_output=True, text=True
    ).stdout
    result: dict[str, Any] = json.loads(out)
    return result


def pyodide_bench(playwright: Any, chromium: str, site_dir: Path, games: int, seed: int,
                  warmup: int = 1) -> dict[str, Any]:
    """The same bench in headless Chromium, in a module worker running ``site_dir``'s
    Pyodide and bytecode: its figures, the Python version, and whether it was isolated."""
    browser = playwright.chromium.launch(
        executable_path=chromium, args=CHROMIUM_FLAGS, headless=True
    )
    try:
        with bench_page(site_dir) as url:
            page = browser.new_page()
            origin = url.rsplit("/", 1)[0]
            elsewhere: list[str] = []
            page.on("console", lambda m: print(f"bench_python: page: {m.text}", file=sys.stderr))
            page.on("request", lambda r: None if r.url.startswith(origin)
                    else elsewhere.append(r.url))
            page.goto(f"{url}?games={games}&seed={seed}&warmup={warmup}")
            page.wait_for_function("() => window.__result", timeout=RESULT_TIMEOUT_MS)
            result: dict[str, Any] = page.evaluate("window.__result")
    finally:
        browser.close()
    if "error" in result:
        raise RuntimeError(f"the worker failed: {result['error']}")
    if elsewhere:
        raise RuntimeError(f"requests to other origins: {elsewhere}")
    return result


def pyodide_vs_cpython(playwright: Any, chromium: str, site_dir: Path, games: int = 3,
                       seed: int = 1, *, warmup: int = 1) -> list[dict[str, Any]]:
    """Every timing figure of ``pygames.bench.bench`` for every game (its least number of
    players, as ``python -m pygames bench``), under CPython and in Pyodide in Chromium.

    One row per game and figure: ``game``, ``players``, ``figure`` (e.g. ``view_us``),
    ``cpython``, ``pyodide``, ``ratio`` (Pyodide/CPython; NaN where CPython's is 0),
    ``whole_game`` (a whole game's time, not a single operation's), and the two Pythons'
    versions (``cpython_version``, ``pyodide_version``) and ``isolated`` (the page was
    cross-origin isolated, so the browser's clock was fine-grained).

    Each side first runs the whole bench ``warmup`` times and drops those figures: the first
    pass's whole games include one-time costs (importing the bots; in Chromium also V8's
    tier-up of the interpreter's wasm), which made Tanbo's random game (the first one timed)
    look 3-4x slower in Pyodide against about 1.2-1.5x after a pass. ``warmup=0`` gives the
    figures ``python -m pygames bench`` prints.
    """
    native = cpython_bench(games, seed, warmup)
    wasm = pyodide_bench(playwright, chromium, site_dir, games, seed, warmup)
    by_game = {f["game"]: f for f in wasm["figures"]}
    rows: list[dict[str, Any]] = []
    for figures in native["figures"]:
        other = by_game[figures["game"]]
        for key, value in figures.items():
            if not key.endswith(TIME_SUFFIXES):
                continue
            cpython, pyodide = float(value), float(other[key])
            rows.append({
                "game": figures["game"],
                "players": figures["players"],
                "figure": key,
                "cpython": cpython,
                "pyodide": pyodide,
                "ratio": pyodide / cpython if cpython else math.nan,
                "whole_game": key.endswith(WHOLE_GAME_SUFFIX),
                "cpython_version": native["python"],
                "pyodide_version": wasm["python"],
                "isolated": bool(wasm.get("isolated")),
                "warmup": warmup,
            })
    return rows


def _sort_key(row: dict[str, Any]) -> float:
    return -row["ratio"] if not math.isnan(row["ratio"]) else math.inf


def print_ratios(rows: list[dict[str, Any]]) -> None:
    """Print, per game, each figure's CPython and Pyodide values and their ratio, worst ratio
    first; then the median ratio of the whole-game figures and of the single operations."""
    if not rows:
        print("no figures")
        return
    first = rows[0]
    print(f"CPython {first['cpython_version']} vs Pyodide (Python {first['pyodide_version']}), "
          f"browser clock {'fine (isolated)' if first['isolated'] else 'coarse (not isolated)'}, "
          f"{first['warmup']} warm-up pass(es) dropped")
    games = list(dict.fromkeys(r["game"] for r in rows))
    for game in games:
        mine = sorted((r for r in rows if r["game"] == game), key=_sort_key)
        print(f"\n{game} ({mine[0]['players']} players)")
        print(f"  {'figure':<22} {'CPython':>10} {'Pyodide':>10} {'ratio':>7}")
        for r in mine:
            print(f"  {r['figure']:<22} {r['cpython']:>10.1f} {r['pyodide']:>10.1f} "
                  f"{r['ratio']:>6.2f}x")
    for title, pick in (("whole games", True), ("single operations", False)):
        ratios = [r["ratio"] for r in rows if r["whole_game"] is pick
                  and not math.isnan(r["ratio"])]
        if ratios:
            print(f"\nmedian ratio, {title}: {statistics.median(ratios):.2f}x "
                  f"({min(ratios):.2f}-{max(ratios):.2f}, {len(ratios)} figures)")


def main(argv: list[str] | None = None) -> int:
    """``python scripts/bench_python.py [--site DIR] [--games N] [--seed S]``."""
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--site", type=Path, default=ROOT / "dist", help="a built site")
    parser.add_argument("--games", type=int, default=3, help="games per bot (default 3)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--warmup", type=int, default=1,
                        help="whole passes run and dropped first (default 1; 0: cold figures)")
    parser.add_argument("--chromium", default=CHROMIUM)
    parser.add_argument("--json", action="store_true", help="print the rows as JSON")
    args = parser.parse_args(argv)
    for name in ("pygames.zip", "vendor/pyodide/pyodide.mjs"):
        if not (args.site / name).is_file():
            print(f"bench_python: {args.site} has no {name}: build it", file=sys.stderr)
            return 1

    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        rows = pyodide_vs_cpython(playwright, args.chromium, args.site, args.games, args.seed,
                                  warmup=args.warmup)
    if args.json:
        print(json.dumps(rows, indent=2))
    else:
        print_ratios(rows)
    return 0


if __name__ == "__main__":
    sys.exit(main())
