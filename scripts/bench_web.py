#!/usr/bin/env python3
"""Time the site's start in the system's Chromium: how long until the engine is ready.

Each site (a built folder: ``--site LABEL=DIR[,max-age=N]``, repeatable; default ``dist``) is
served by scripts/serve.py on 127.0.0.1 with its cache headers (``max-age=N`` for the runtime:
0 sends ``no-cache`` for every file, as before). A trial opens the site in a
fresh browser profile and waits for ``body[data-engine=ready]`` (cold), then reloads it in the
same profile and waits again (warm). Trials are interleaved (site A, site B, site A, ...; the
order rotates from trial to trial) so a machine whose load drifts affects every site alike, and
the figures of one run are compared with each other only. It prints, per site, the median and
range of first paint, cold and warm ready, and the bytes the server sent on the first visit up
to ready (response bodies, counted by the server), and the ratio of each site's medians to the
first site's.

    python scripts/bench_web.py [--site base=/tmp/dist-base --site new=dist] [--trials 5]
    python scripts/bench_web.py --bare --site app=dist      # the app against bare Pyodide

``--bare`` adds, first (so ratios are to it), a site that does nothing but ``loadPyodide()`` in
a module worker from the npm package's own files (node_modules/pyodide, no bytecode): the
baseline the start-up targets are set against. ``--floor`` adds a site that does nothing but start
Python from a memory snapshot: the first visit starts the built site's runtime (bytecode) and
saves a snapshot in Cache Storage, the reload restores it. Its warm figure is the least any page
restoring a snapshot of this runtime can take, whatever else it does.

After the start-up trials, on the last site: ``--play`` plays whole games of every title
(scripts/bench_play.py: against Normal bots at the default pace, and bots only at ``?fast=1``)
and prints the main thread's long tasks; ``--python`` prints the Pyodide/CPython ratios of
``python -m pygames bench``'s figures (scripts/bench_python.py).

Needs playwright (a dev dependency) and Chromium (``--chromium``, default /usr/bin/chromium).
Not part of the test suite: its figures depend on the machine and its load.
"""

from __future__ import annotations

import argparse
import functools
import shutil
import statistics
import sys
import tempfile
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import bench_play
import bench_python
import serve as site_serve
from build_site import PYODIDE_FILES
from chromium import CHROMIUM, CHROMIUM_FLAGS

ROOT = Path(__file__).resolve().parent.parent
READY_TIMEOUT_MS = 180_000
# Runs in the page before its own scripts: the time (ms since navigation start) at which the app
# marks the engine ready, and of the first contentful paint.
PROBE = """
(() => {
  const mark = () => {
    if (document.body && document.body.dataset.engine === "ready" && !window.__readyAt) {
      window.__readyAt = performance.now();
    }
  };
  new MutationObserver(mark).observe(document, {subtree: true, attributes: true, childList: true});
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      if (e.name === "first-contentful-paint") window.__fcpAt = e.startTime;
    }
  }).observe({type: "paint", buffered: true});
})();
"""


class CountingHandler(site_serve.SiteHandler):
    """The site's handler, adding up the bytes of the response bodies it sends."""

    counter: list[int]

    def copyfile(self, source: Any, outputfile: Any) -> None:
        data = source.read()
        self.counter[0] += len(data)
        outputfile.write(data)


@dataclass
class Site:
    label: str
    directory: Path
    runtime_max_age: int = site_serve.RUNTIME_MAX_AGE
    url: str = ""
    counter: list[int] = field(default_factory=lambda: [0])
    paint: list[float] = field(default_factory=list)
    cold: list[float] = field(default_factory=list)
    warm: list[float] = field(default_factory=list)
    first_bytes: list[int] = field(default_factory=list)


@contextmanager
def serving(site: Site) -> Iterator[None]:
    """Serve ``site.directory`` on a free port of 127.0.0.1 while the block runs."""
    server = site_serve.make_server(
        site.directory, port=0, quiet=True, runtime_max_age=site.runtime_max_age
    )
    # The same handler (a functools.partial of SiteHandler), counting into this site's counter.
    handler: Any = server.RequestHandlerClass
    counting = type("Counting", (CountingHandler,), {"counter": site.counter})
    server.RequestHandlerClass = functools.partial(counting, *handler.args, **handler.keywords)
    with site_serve.in_background(server) as origin:
        site.url = origin + "/"
        yield


def _wait_ready(page: Any) -> tuple[float, float]:
    page.wait_for_function("() => window.__readyAt", timeout=READY_TIMEOUT_MS)
    ready = float(page.evaluate("window.__readyAt"))
    paint = page.evaluate("window.__fcpAt ?? null")
    return ready, float(paint) if paint is not None else float("nan")


def _wait_saved(page: Any) -> None:
    """Wait until the app has saved its memory snapshot for the next visit (it says so in the
    loading line's stages); the bare page saves none."""
    page.wait_for_function(
        """() => {
            const stages = document.getElementById("engine-status")?.dataset.stages;
            return stages === undefined || /\\b(saved|unsaved)\\b/.test(stages);
        }""",
        timeout=READY_TIMEOUT_MS,
    )


def _wait_stored(page: Any) -> None:
    """Wait until the visit's own after-work is done: the app's service worker has stored the
    whole site (17 MB fetched and checked, which a reload in the middle of it would compete
    with), as the footer's "Ready to play offline" says; other pages have none to wait for."""
    page.wait_for_function(
        """() => {
            const status = document.getElementById("offline-status");
            return status === null || !status.hidden;
        }""",
        timeout=READY_TIMEOUT_MS,
    )


def trial(playwright: Any, chromium: str, site: Site) -> None:
    """One cold visit in a fresh profile, then one warm reload in the same profile."""
    with tempfile.TemporaryDirectory(prefix="bench-web-") as profile:
        context = playwright.chromium.launch_persistent_context(
            profile, executable_path=chromium, args=CHROMIUM_FLAGS, headless=True
        )
        try:
            context.add_init_script(PROBE)
            page = context.new_page()
            site.counter[0] = 0
            page.goto(site.url)
            ready, paint = _wait_ready(page)
            site.first_bytes.append(site.counter[0])
            site.cold.append(ready)
            site.paint.append(paint)
            _wait_saved(page)
            _wait_stored(page)
            page.reload()
            ready, _ = _wait_ready(page)
            site.warm.append(ready)
        finally:
            context.close()


def _summary(values: list[float], unit: str = "s") -> str:
    if unit == "s":
        med, lo, hi = (v / 1000 for v in (statistics.median(values), min(values), max(values)))
        return f"{med:6.2f} s ({lo:.2f}-{hi:.2f})"
    med, lo, hi = statistics.median(values), min(values), max(values)
    return f"{med / 1e6:6.2f} MB ({lo / 1e6:.2f}-{hi / 1e6:.2f})"


def report(sites: list[Site]) -> None:
    """Print medians, ranges and the ratios of the medians to the first site's."""
    base = sites[0]
    rows = (
        ("first paint", "paint", "s"),
        ("ready, cold", "cold", "s"),
        ("ready, warm", "warm", "s"),
        ("first-visit bytes", "first_bytes", "b"),
    )
    for title, attr, unit in rows:
        print(f"{title}:")
        for site in sites:
            values = [float(v) for v in getattr(site, attr)]
            line = f"  {site.label:>12}: {_summary(values, unit)}"
            if site is not base:
                ratio = statistics.median(values) / statistics.median(getattr(base, attr))
                line += f"   {site.label}/{base.label} {ratio:.2f}x"
            print(line)


BARE_PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>bare Pyodide</title></head>
<body><p>Loading Python in a worker...</p>
<script type="module">
const worker = new Worker("./worker.mjs", { type: "module" });
worker.onmessage = (event) => {
  document.querySelector("p").textContent = event.data;
  document.body.dataset.engine = "ready";
};
</script></body></html>
"""
BARE_WORKER = """import { loadPyodide } from "./vendor/pyodide/pyodide.mjs";
const pyodide = await loadPyodide({ indexURL: new URL("./vendor/pyodide/", import.meta.url).href });
postMessage(pyodide.runPython("import sys; sys.version.split()[0]"));
"""


FLOOR_WORKER = """import { loadPyodide } from "./vendor/pyodide/pyodide.mjs";
const indexURL = new URL("./vendor/pyodide/", import.meta.url).href;
const store = await caches.open("floor");
const hit = await store.match("./floor-snapshot");
// A heap large enough for the snapshot before it is copied in (as web/js/python-start.js does).
const roomFor = (size) => async (settings) => {
  const { default: create } = await import(`${indexURL}pyodide.asm.mjs`);
  const module = await create(settings);
  if (module.HEAP8.length < size) module.growMemory(size);
  return module;
};
if (hit) {
  const bytes = new Uint8Array(await hit.arrayBuffer());
  const createPyodideModule = roomFor(bytes.length);
  const pyodide = await loadPyodide({ indexURL, _loadSnapshot: bytes, createPyodideModule });
  postMessage(pyodide.runPython("import sys; sys.version.split()[0]"));
} else {
  const pyodide = await loadPyodide({ indexURL, _makeSnapshot: true });
  postMessage(pyodide.runPython("import sys; sys.version.split()[0]"));
  await store.put("./floor-snapshot", new Response(pyodide.makeMemorySnapshot()));
  postMessage("saved");
}
"""
FLOOR_PAGE = BARE_PAGE.replace(
    "<body><p>", '<body><p id="engine-status" data-stages="start"></p><p>'
).replace(
    "worker.onmessage = (event) => {",
    """worker.onmessage = (event) => {
  if (event.data === "saved") {
    document.getElementById("engine-status").dataset.stages = "start ready saved";
    return;
  }""",
)


def bare_site(folder: Path) -> Site:
    """A page whose worker only runs ``loadPyodide()``, from node_modules/pyodide's files."""
    vendor = folder / "vendor" / "pyodide"
    vendor.mkdir(parents=True)
    for name in PYODIDE_FILES:
        (vendor / name).write_bytes((ROOT / "node_modules" / "pyodide" / name).read_bytes())
    (folder / "index.html").write_text(BARE_PAGE)
    (folder / "worker.mjs").write_text(BARE_WORKER)
    return Site("bare", folder)


def floor_site(folder: Path, runtime: Path) -> Site:
    """A page whose worker only starts Python from a memory snapshot of the built runtime
    (``runtime``: a built site's vendor/pyodide), saved on the first visit."""
    shutil.copytree(runtime, folder / "vendor" / "pyodide")
    (folder / "index.html").write_text(FLOOR_PAGE.replace("./worker.mjs", "./floor.mjs"))
    (folder / "floor.mjs").write_text(FLOOR_WORKER)
    return Site("floor", folder)


def _site(spec: str) -> Site:
    """``LABEL=DIR[,max-age=N]`` (or just ``DIR``) as a Site."""
    spec, _, age = spec.partition(",max-age=")
    label, _, directory = spec.partition("=")
    site = Site(label, Path(directory or label))
    if age:
        site.runtime_max_age = int(age)
    return site


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--site",
        action="append",
        default=[],
        metavar="LABEL=DIR[,max-age=N]",
        help="a built site (repeat); max-age: the runtime's Cache-Control (0: no-cache)",
    )
    parser.add_argument("--trials", type=int, default=5)
    parser.add_argument("--bare", action="store_true", help="add a bare loadPyodide() page first")
    parser.add_argument(
        "--floor", action="store_true", help="add a page that only restores a memory snapshot"
    )
    parser.add_argument("--play", action="store_true", help="long tasks during whole games")
    parser.add_argument("--python", action="store_true", help="Pyodide/CPython speed ratios")
    parser.add_argument("--chromium", default=CHROMIUM)
    args = parser.parse_args(argv)
    sites = [_site(s) for s in args.site]
    if not sites:
        sites = [Site("dist", ROOT / "dist")]
    for site in sites:
        site.directory = Path(site.directory)
        if not (site.directory / "index.html").is_file():
            print(f"bench_web: {site.directory} has no index.html: build it", file=sys.stderr)
            return 1

    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright, ExitStack() as stack:
        if args.floor:
            folder = Path(stack.enter_context(tempfile.TemporaryDirectory(prefix="bench-floor-")))
            sites.insert(0, floor_site(folder, sites[-1].directory / "vendor" / "pyodide"))
        if args.bare:
            folder = Path(stack.enter_context(tempfile.TemporaryDirectory(prefix="bench-bare-")))
            sites.insert(0, bare_site(folder))
        for site in sites:
            stack.enter_context(serving(site))
        for n in range(args.trials):
            order = sites[n % len(sites) :] + sites[: n % len(sites)]
            for site in order:
                trial(playwright, args.chromium, site)
                print(
                    f"trial {n + 1} {site.label}: cold {site.cold[-1] / 1000:.2f} s,"
                    f" warm {site.warm[-1] / 1000:.2f} s, {site.first_bytes[-1] / 1e6:.2f} MB",
                    flush=True,
                )
        report(sites)
        app = sites[-1]
        if args.play:
            print(f"playing whole games on {app.label}:", flush=True)
            games = list(bench_play.PLAYERS)
            played = bench_play.play_all(playwright, args.chromium, app.url, games)
            bench_play.report(played)
        if args.python:
            rows = bench_python.pyodide_vs_cpython(playwright, args.chromium, app.directory)
            bench_python.print_ratios(rows)
    return 0


if __name__ == "__main__":
    sys.exit(main())
