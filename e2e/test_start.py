"""Python's start in the browser: the memory snapshot of repeat visits and its fallbacks.

The worker saves a snapshot of Python's memory after a normal start (web/js/python-start.js)
and restores it on the next visit. The loading line lists the stages it went through in
``#engine-status[data-stages]``: "rules" means the rules were imported afresh, "restored" that
the start came from this device's snapshot, "refused" that a snapshot was there but would not
restore, "saved"/"unsaved" whether the snapshot for the next visit was written.
"""

from __future__ import annotations

import json
import socket
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from .conftest import ENGINE_TIMEOUT_MS, site_serve, wait_ready

CACHE = "python-snapshot"
NEW_MATCH = {
    "game": "tanbo",
    "seats": [{"name": "Ann"}, {"name": "Bot", "bot": "random"}],
    "seed": None,
    "options": {},
}


def stages(page: Page) -> list[str]:
    return str(page.get_attribute("#engine-status", "data-stages") or "").split()


def wait_saved(page: Page) -> list[str]:
    """Wait until the visit has written (or failed to write) its snapshot; its stages."""
    page.wait_for_function(
        "() => /\\b(saved|unsaved)\\b/.test("
        "document.getElementById('engine-status').dataset.stages ?? '')",
        timeout=ENGINE_TIMEOUT_MS,
    )
    return stages(page)


def snapshots(page: Page) -> dict[str, int]:
    """The snapshot cache's entries: the key in each URL -> its size in bytes."""
    return page.evaluate(  # type: ignore[no-any-return]
        """async (name) => {
            const cache = await caches.open(name);
            const out = {};
            for (const request of await cache.keys()) {
                const body = await (await cache.match(request)).arrayBuffer();
                out[decodeURIComponent(request.url.split("/").pop())] = body.byteLength;
            }
            return out;
        }""",
        CACHE,
    )


def new_seeds(page: Page, count: int) -> list[int]:
    """Seeds of ``count`` unseeded matches opened through the engine (?debug=1 exposes it)."""
    seeds = []
    for _ in range(count):
        reply = page.evaluate(
            "(config) => pygamesDebug.engine.new_match(config)", json.dumps(NEW_MATCH)
        )
        assert reply["ok"], reply
        seeds.append(reply["seed"])
    return seeds


def first_visit(page: Page, url: str) -> list[str]:
    """Open ``url`` in a fresh profile and wait until its snapshot is written; its stages."""
    page.goto(url)
    wait_ready(page)
    return wait_saved(page)


def build_key(site_dir: Path) -> str:
    return str(json.loads((site_dir / "build.json").read_text())["snapshot_key"])


def test_a_second_visit_restores_python_from_the_snapshot(
    guard_factory: Any, base_url: str, site_dir: Path
) -> None:
    page, _ = guard_factory(base_url + "?fast=1&debug=1")
    first = first_visit(page, base_url + "?fast=1&debug=1")
    assert "rules" in first and "saved" in first and "restored" not in first, first
    saved = snapshots(page)
    assert list(saved) == [build_key(site_dir)]
    assert saved[build_key(site_dir)] > 1_000_000
    seeds = new_seeds(page, 2)

    page.reload()
    wait_ready(page)
    second = stages(page)
    assert "restored" in second and "rules" not in second, second
    # The restored interpreter plays: a game starts from the lobby and the bot answers.
    page.get_by_label("Player 2: human or bot").select_option("normal")
    page.get_by_role("button", name="Start").click()
    page.wait_for_selector("#board[data-awaiting=human]", timeout=ENGINE_TIMEOUT_MS)
    # Unseeded games stay random: the snapshot froze no generator the seeds come from.
    seeds += new_seeds(page, 2)
    assert len(set(seeds)) == 4, seeds


def test_a_damaged_or_old_snapshot_is_refused_and_replaced(
    guard_factory: Any, base_url: str, site_dir: Path
) -> None:
    page, _ = guard_factory(base_url + "?fast=1")
    first_visit(page, base_url + "?fast=1")
    key = build_key(site_dir)
    # This build's entry damaged (not a snapshot at all), and an older build's left behind.
    page.evaluate(
        """async ([name, key]) => {
            const cache = await caches.open(name);
            const url = (k) => new URL(`python-snapshot/${k}`, location.href).href;
            await cache.put(url(key), new Response(new Uint8Array(4096).fill(7)));
            await cache.put(url("314.0.0-0123456789abcdef"), new Response(new Uint8Array(64)));
        }""",
        [CACHE, key],
    )
    page.reload()
    wait_ready(page)
    after = wait_saved(page)
    assert "refused" in after and "rules" in after and "saved" in after, after
    assert "restored" not in after, after
    saved = snapshots(page)
    assert list(saved) == [key] and saved[key] > 1_000_000, saved
    page.reload()
    wait_ready(page)
    assert "restored" in stages(page), stages(page)


def test_a_snapshot_that_cannot_be_saved_leaves_a_normal_start(
    guard_factory: Any, base_url: str
) -> None:
    page, _ = guard_factory(base_url + "?fast=1")
    # Storage too small for a snapshot (a full disk, a strict browser): the write fails.
    cdp = page.context.new_cdp_session(page)
    origin = base_url.rstrip("/")
    cdp.send("Storage.overrideQuotaForOrigin", {"origin": origin, "quotaSize": 1_000_000})
    first = first_visit(page, base_url + "?fast=1")
    assert "unsaved" in first, first
    assert snapshots(page) == {}
    page.reload()
    wait_ready(page)
    assert "restored" not in stages(page) and "rules" in stages(page), stages(page)


def _own_address() -> str | None:
    """An address of this machine other than loopback, which Chromium treats as insecure."""
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
            s.connect(("192.0.2.1", 9))  # no packet is sent: this only picks a route
            address = str(s.getsockname()[0])
    except OSError:
        return None
    return None if address.startswith("127.") else address


@pytest.fixture(scope="module")
def insecure_url(site_dir: Path) -> Iterator[str]:
    address = _own_address()
    if address is None:
        pytest.skip("this machine has no address but loopback to serve an insecure origin on")
    server = site_serve.make_server(site_dir, host=address, port=0, quiet=True)
    with site_serve.in_background(server) as origin:
        yield origin + "/"


def test_without_cache_storage_python_starts_normally(
    guard_factory: Any, insecure_url: str
) -> None:
    # A page served over plain http from another address (a phone on the home network) is not
    # a secure context: no Cache Storage, no service worker. Python starts the normal way.
    page, _ = guard_factory(insecure_url + "?fast=1")
    page.goto(insecure_url + "?fast=1")
    wait_ready(page)
    assert page.evaluate("() => window.isSecureContext") is False
    first = stages(page)
    assert "restored" not in first and "saved" not in first, first
    page.reload()
    wait_ready(page)
    assert "restored" not in stages(page), stages(page)
    page.get_by_role("button", name="Start").click()
    expect(page.locator("#table")).to_be_visible()
