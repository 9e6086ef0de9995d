"""scripts/serve.py: the MIME types the runtime needs and its cache headers."""

from __future__ import annotations

import sys
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "scripts"))
import serve as site_serve


@contextmanager
def serving(root: Path, **kwargs: object) -> Iterator[str]:
    server = site_serve.make_server(root, port=0, quiet=True, **kwargs)  # type: ignore[arg-type]
    with site_serve.in_background(server) as origin:
        yield origin


def headers(url: str) -> dict[str, str]:
    with urllib.request.urlopen(url) as response:
        return {k.lower(): v for k, v in response.headers.items()}


def site(tmp_path: Path) -> Path:
    (tmp_path / "vendor" / "pyodide").mkdir(parents=True, exist_ok=True)
    (tmp_path / "vendor" / "pyodide" / "pyodide.asm.wasm").write_bytes(b"\0asm")
    (tmp_path / "vendor" / "pyodide" / "pyodide.mjs").write_text("export {};")
    (tmp_path / "index.html").write_text("<!doctype html>")
    (tmp_path / "pygames.zip").write_bytes(b"PK")
    return tmp_path


def test_the_runtime_may_be_kept_and_the_site_is_revalidated(tmp_path: Path) -> None:
    with serving(site(tmp_path)) as base:
        wasm = headers(f"{base}/vendor/pyodide/pyodide.asm.wasm")
        assert wasm["content-type"] == "application/wasm"
        assert wasm["cache-control"] == f"max-age={site_serve.RUNTIME_MAX_AGE}"
        assert headers(f"{base}/vendor/pyodide/pyodide.mjs")["content-type"] == "text/javascript"
        for path in ("/", "/index.html", "/pygames.zip", "/pygames.zip?v=1"):
            assert headers(base + path)["cache-control"] == "no-cache", path


def test_under_a_prefix_and_with_runtime_caching_off(tmp_path: Path) -> None:
    with serving(site(tmp_path), prefix="/pygames/") as base:
        got = headers(f"{base}/pygames/vendor/pyodide/pyodide.asm.wasm")["cache-control"]
        assert got.startswith("max-age=")
        assert headers(f"{base}/pygames/index.html")["cache-control"] == "no-cache"
    with serving(site(tmp_path), runtime_max_age=0) as base:
        got = headers(f"{base}/vendor/pyodide/pyodide.asm.wasm")["cache-control"]
        assert got == "no-cache"
