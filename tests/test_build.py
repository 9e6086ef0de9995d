"""The build ships the site's runtime only: web/ as it is, minus what only the dev tools read, plus
what it writes from Python (the words and the lobby's catalogue)."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))

import build as site_build  # noqa: E402

from pygames import bridge  # noqa: E402
from pygames.bots import DEFAULT_LEVEL, LEVELS  # noqa: E402
from pygames.games import all_games  # noqa: E402

# What the build adds to web/'s files: the vendored runtime, the icons, the engine's archive.
ADDED = ("vendor/", "icons/", "build.json", "pygames.zip", "js/catalog.json")


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


def _engine_games() -> list[dict[str, object]]:
    reply = json.loads(bridge.games())
    assert reply["ok"]
    known = {g.id for g in all_games() if g.__module__.startswith("pygames.")}
    return [g for g in reply["games"] if g["id"] in known]


def test_the_lobby_catalogue_is_the_engine_s_own() -> None:
    """js/catalog.json is bridge.games() (Game.describe(), bots, options): one source."""
    made = site_build.catalogue()
    assert made["levels"] == list(LEVELS) and made["default_bot"] == DEFAULT_LEVEL
    games = [g for g in made["games"] if g["id"] in {g["id"] for g in _engine_games()}]  # type: ignore[attr-defined, index]
    assert games == _engine_games()
    assert [g["id"] for g in games] == ["tanbo", "humble_tea_party", "storm_in_a_teacup"]


@pytest.mark.skipif(
    not (ROOT / "node_modules" / "pyodide").is_dir(), reason="needs npm ci (the runtime)"
)
def test_the_built_catalogue_is_not_stale(tmp_path: Path) -> None:
    """The site's js/catalog.json says what the engine says now, and names words the site has;
    no catalogue fact is left in the page's source."""
    out = tmp_path / "dist"
    site_build.build(out)
    built = json.loads((out / "js" / "catalog.json").read_text("utf-8"))
    assert [g for g in built["games"] if not g["id"].startswith("pile")] == _engine_games()
    for lang in ("en", "ja"):
        book = json.loads((out / "i18n" / f"{lang}.json").read_text("utf-8"))
        for g in built["games"]:
            if g["id"].startswith("pile"):
                continue
            ids = [g["title"], g["blurb"], *(f"shell.bot.{b}" for b in g["bots"])]
            if g["first_player"]:
                ids.append(g["first_player"]["label"])
            assert all(isinstance(book.get(i), str) and book[i] for i in ids), (lang, ids)
    source = (ROOT / "web" / "js" / "catalog.js").read_text("utf-8")
    for fact in ("max_players:", "min_players:", '"random", "easy"', "Humble Tea Party"):
        assert fact not in source
