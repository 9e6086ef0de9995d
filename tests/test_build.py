"""The build ships the site's runtime only: web/ as it is, minus what only the dev tools read."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))

import build as site_build  # noqa: E402

# What the build adds to web/'s files: the vendored runtime, the icons, the engine's archive.
ADDED = ("vendor/", "icons/", "build.json", "pygames.zip")


def _files(root: Path) -> set[str]:
    return {
        p.relative_to(root).as_posix()
        for p in root.rglob("*")
        if p.is_file() and "__pycache__" not in p.parts
    }


@pytest.mark.skipif(
    not (ROOT / "node_modules" / "pyodide").is_dir(), reason="needs npm ci (the runtime)"
)
def test_build_ships_web_without_the_dev_tools_files(tmp_path: Path) -> None:
    out = tmp_path / "dist"
    site_build.build(out)
    shipped = {f for f in _files(out) if not f.startswith(ADDED)}
    web = _files(ROOT / "web")
    assert shipped == {f for f in web if not f.endswith(".d.ts")}
    assert any(f.endswith(".d.ts") for f in web), "web/js/types.d.ts is expected"
    # Nothing of the checkers or the node tests, and the service worker lists no such file.
    sw = (out / "sw.js").read_text()
    assert ".d.ts" not in sw
    assert "tests-js" not in sw
