#!/usr/bin/env python3
"""Serve the built site (``dist/``) on 127.0.0.1 with the MIME types the runtime needs.

Python's http.server takes MIME types from the system tables, which do not always know
``.mjs`` (a module script served as anything but JavaScript is refused) or ``.wasm``
(``application/wasm`` is needed for streaming compilation). Standard library only.

    python scripts/serve.py [--dir dist] [--port 8000] [--prefix /pygames/]

``--prefix`` serves the site under a sub-path, as a GitHub Pages project site is.

Caching: the runtime under ``vendor/`` (Pyodide, PyScript: it changes only with the lockfile)
may be kept for ``--runtime-max-age`` seconds (600, as GitHub Pages sends for every file), so
the browser can reuse its compiled WebAssembly (V8 keeps a code cache only for responses that
may be cached); everything else is revalidated on every load, so a rebuilt site is never stale.
"""

from __future__ import annotations

import argparse
import contextlib
import functools
import sys
import threading
from collections.abc import Iterator
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

RUNTIME_MAX_AGE = 600
RUNTIME_DIR = "/vendor/"

MIME_TYPES = {
    ".js": "text/javascript",
    ".mjs": "text/javascript",
    ".wasm": "application/wasm",
    ".json": "application/json",
    ".css": "text/css",
    ".svg": "image/svg+xml",
    ".png": "image/png",
    ".webmanifest": "application/manifest+json",
    ".zip": "application/zip",
    ".py": "text/plain; charset=utf-8",
}


class SiteHandler(SimpleHTTPRequestHandler):
    """Static files with fixed MIME types, revalidated on every load, optionally under a prefix."""

    extensions_map = {**SimpleHTTPRequestHandler.extensions_map, **MIME_TYPES}  # noqa: RUF012
    prefix = "/"
    quiet = False
    runtime_max_age = RUNTIME_MAX_AGE

    def __init__(
        self,
        *args: Any,
        prefix: str = "/",
        quiet: bool = False,
        runtime_max_age: int = RUNTIME_MAX_AGE,
        **kwargs: Any,
    ) -> None:
        self.prefix = prefix
        self.quiet = quiet
        self.runtime_max_age = runtime_max_age
        super().__init__(*args, **kwargs)

    def translate_path(self, path: str) -> str:
        if self.prefix != "/":
            if path.startswith(self.prefix):
                path = "/" + path[len(self.prefix) :]
            else:
                path = "/__outside_prefix__/"
        return super().translate_path(path)

    def send_head(self) -> Any:
        if self.prefix != "/" and self.path == self.prefix.rstrip("/"):
            self.send_response(301)
            self.send_header("Location", self.prefix)
            self.end_headers()
            return None
        return super().send_head()

    def end_headers(self) -> None:
        self.send_header("Cache-Control", self.cache_control())
        super().end_headers()

    def cache_control(self) -> str:
        """``max-age`` for the runtime, ``no-cache`` (always revalidate) for the rest: a
        rebuilt pygames.zip or page must never be served stale."""
        path = self.path.split("?", 1)[0]
        if self.prefix != "/" and path.startswith(self.prefix):
            path = "/" + path[len(self.prefix) :]
        if self.runtime_max_age > 0 and path.startswith(RUNTIME_DIR):
            return f"max-age={self.runtime_max_age}"
        return "no-cache"

    def log_message(self, format: str, *args: Any) -> None:
        if not self.quiet:
            super().log_message(format, *args)


class SiteServer(ThreadingHTTPServer):
    """The threaded server, quiet about browsers that leave mid-answer."""

    def handle_error(self, request: Any, client_address: Any) -> None:
        # A tab closed or reloaded while a file is on its way resets the connection: that is
        # the browser's choice, not a fault of the server, and no traceback is printed for it.
        if isinstance(sys.exc_info()[1], ConnectionError):
            return
        super().handle_error(request, client_address)


def make_server(
    directory: Path,
    host: str = "127.0.0.1",
    port: int = 8000,
    prefix: str = "/",
    quiet: bool = False,
    runtime_max_age: int = RUNTIME_MAX_AGE,
) -> ThreadingHTTPServer:
    """A server for ``directory`` (port 0: a free port); call ``serve_forever`` on it."""
    if not prefix.startswith("/") or not prefix.endswith("/"):
        raise ValueError("the prefix must start and end with '/'")
    handler = functools.partial(
        SiteHandler,
        directory=str(directory),
        prefix=prefix,
        quiet=quiet,
        runtime_max_age=runtime_max_age,
    )
    return SiteServer((host, port), handler)


@contextlib.contextmanager
def in_background(server: ThreadingHTTPServer) -> Iterator[str]:
    """Run ``server`` in a thread while the block runs (tests, benchmarks); yields its origin."""
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        host, port = str(server.server_address[0]), int(server.server_address[1])
        yield f"http://{host}:{port}"
    finally:
        server.shutdown()
        server.server_close()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dir", type=Path, default=Path(__file__).resolve().parent.parent / "dist")
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--prefix", default="/")
    parser.add_argument("--runtime-max-age", type=int, default=RUNTIME_MAX_AGE, metavar="SECONDS")
    args = parser.parse_args(argv)
    if not (args.dir / "index.html").is_file():
        print(f"serve: {args.dir} has no index.html; run `make build` first", file=sys.stderr)
        return 1
    server = make_server(
        args.dir, args.host, args.port, args.prefix, runtime_max_age=args.runtime_max_age
    )
    with server:
        port = server.server_address[1]
        print(f"Serving {args.dir} at http://{args.host}:{port}{args.prefix}", flush=True)
        with contextlib.suppress(KeyboardInterrupt):
            server.serve_forever()
    return 0


if __name__ == "__main__":
    sys.exit(main())
