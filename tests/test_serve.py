"""scripts/serve.py: the MIME types the runtime needs and its cache headers."""

from __future__ import annotations

import socket
import struct
import sys
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

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


def test_a_browser_that_leaves_mid_answer_is_no_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # A tab closed or reloaded while a large file is on its way resets the connection; the
    # server goes on serving and prints no traceback (it used to, in the middle of test logs).
    root = site(tmp_path)
    (root / "big.bin").write_bytes(b"\0" * 8_000_000)
    server = site_serve.make_server(root, port=0, quiet=True)
    with site_serve.in_background(server) as origin:
        port = int(origin.rsplit(":", 1)[1])
        for _ in range(3):
            with socket.create_connection(("127.0.0.1", port)) as client:
                client.sendall(b"GET /big.bin HTTP/1.1\r\nHost: x\r\n\r\n")
                client.recv(1024)  # the answer has begun
                # Close with a reset, as a browser dropping the request does.
                client.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
        assert headers(f"{origin}/index.html")["cache-control"] == "no-cache"
    # server_close (in_background) has waited for every answer's thread to end.
    assert "Exception" not in capsys.readouterr().err
