"""The build ships the site's runtime only: web/ as it is, minus what only the dev tools read, plus
what it writes from Python (the words and the lobby's catalogue), and the standard library and
pygames as reproducible bytecode."""

from __future__ import annotations

import io
import json
import re
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))

import build_site as site_build  # noqa: E402
import pyc_zip  # noqa: E402

from pygames import bridge  # noqa: E402
from pygames.bots import DEFAULT_LEVEL, LEVELS  # noqa: E402
from pygames.core import limits  # noqa: E402
from pygames.games import all_games  # noqa: E402

# What the build adds to web/'s files: the vendored runtime, the icons and textures, the
# engine's archive.
ADDED = (
    "vendor/",
    "icons/",
    "textures/",
    "build.json",
    "pygames.zip",
    "js/catalog.json",
    "js/pictures.json",
)


NEEDS_RUNTIME = pytest.mark.skipif(
    not (ROOT / "node_modules" / "pyodide").is_dir(), reason="needs npm ci (the runtime)"
)


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """One build for the tests of this module that only read it (compiling takes seconds)."""
    return Path(site_build.built_or_build(tmp_path_factory.mktemp("build") / "dist"))


def _files(root: Path) -> set[str]:
    return {
        p.relative_to(root).as_posix()
        for p in root.rglob("*")
        if p.is_file() and "__pycache__" not in p.parts
    }


@NEEDS_RUNTIME
def test_build_ships_web_without_the_dev_tools_files(built: Path) -> None:
    out = built
    shipped = {f for f in _files(out) if not f.startswith(ADDED)}
    web = _files(ROOT / "web")
    assert shipped == {f for f in web if not f.endswith(".d.ts")}
    assert any(f.endswith(".d.ts") for f in web), "web/js/types.d.ts is expected"
    # Nothing of the checkers or the node tests, and the service worker lists no such file.
    sw = (out / "sw.js").read_text()
    assert ".d.ts" not in sw
    assert "tests-js" not in sw


@NEEDS_RUNTIME
def test_the_service_worker_lists_every_file_of_its_build_with_its_digest(built: Path) -> None:
    """A build's cache must hold that build's files only; the worker's install checks
    each against the digest listed here, and the page carries the same build id."""
    import hashlib

    sw = (built / "sw.js").read_text()
    build = re.search(r'const BUILD = "([0-9a-f]{16})"', sw)
    assert build, "the build id was filled in"
    page = (built / "index.html").read_text()
    assert f'<meta name="pygames-build" content="{build.group(1)}">' in page
    listed = json.loads(re.search(r"const FILES = (\[.*?\n\]);", sw, re.S).group(1))  # type: ignore[union-attr]
    files = {("./" if f == "index.html" else f"./{f}") for f in _files(built)}
    files -= {"./sw.js"} | {f for f in files if f.startswith("./dev/")}
    assert {url for url, _ in listed} == files
    for url, digest in listed:
        path = built / ("index.html" if url == "./" else url[2:])
        assert hashlib.sha256(path.read_bytes()).hexdigest() == digest, url


def _engine_games() -> list[dict[str, object]]:
    reply = json.loads(bridge.games())
    assert reply["ok"]
    known = {g.id for g in all_games() if g.__module__.startswith("pygames.")}
    return [g for g in reply["games"] if g["id"] in known]


def test_the_lobby_catalogue_is_the_engine_s_own() -> None:
    """js/catalog.json is bridge.games() (Game.describe(), bots, options): one source."""
    made = site_build.catalogue()
    assert made["levels"] == list(LEVELS) and made["default_bot"] == DEFAULT_LEVEL
    assert made["games"] == _engine_games()
    games = _engine_games()
    assert [g["id"] for g in games] == ["tanbo", "humble_tea_party", "storm_in_a_teacup"]


@NEEDS_RUNTIME
def test_the_built_pictures_are_the_engine_s(built: Path) -> None:
    """The rules page's js/pictures.json is pygames.pictures as it is now."""
    from pygames.pictures import rules_pictures

    shipped = json.loads((built / "js" / "pictures.json").read_text("utf-8"))
    assert shipped == json.loads(json.dumps(rules_pictures()))


@NEEDS_RUNTIME
def test_the_built_catalogue_is_not_stale(built: Path) -> None:
    """The site's js/catalog.json says what the engine says now, and names words the site has;
    no catalogue fact is left in the page's source."""
    out = built
    built = json.loads((out / "js" / "catalog.json").read_text("utf-8"))
    # Only the package's own games, whatever this process registered (tests/pilegame.py).
    assert built["games"] == _engine_games()
    assert built["limits"] == limits.as_json()
    assert built["blank"] == limits.blank_json()
    for lang in ("en", "ja"):
        book = json.loads((out / "i18n" / f"{lang}.json").read_text("utf-8"))
        for g in built["games"]:
            ids = [g["title"], g["blurb"], g["pitch"], *(f"shell.bot.{b}" for b in g["bots"])]
            if g["first_player"]:
                ids.append(g["first_player"]["label"])
            assert all(isinstance(book.get(i), str) and book[i] for i in ids), (lang, ids)
    source = (ROOT / "web" / "js" / "catalog.js").read_text("utf-8")
    for fact in ("max_players:", "min_players:", '"random", "easy"', "Humble Tea Party"):
        assert fact not in source


def _pyc_headers(archive: zipfile.ZipFile) -> set[bytes]:
    """The distinct headers (magic number and flags) of an archive's .pyc files."""
    return {archive.read(n)[:8] for n in archive.namelist() if n.endswith(".pyc")}


@NEEDS_RUNTIME
def test_the_stdlib_ships_as_bytecode_without_sources(built: Path) -> None:
    """Every module of npm's python_stdlib.zip is shipped as an unchecked hash-based .pyc (valid
    without its source and whatever the files' dates), with no .py left; data files stay."""
    npm = zipfile.ZipFile(ROOT / "node_modules" / "pyodide" / "python_stdlib.zip")
    shipped = zipfile.ZipFile(built / "vendor" / "pyodide" / "python_stdlib.zip")
    names = set(shipped.namelist())
    modules = {n for n in npm.namelist() if n.endswith(".py")}
    assert len(modules) > 500
    assert not {n for n in names if n.endswith(".py")}
    assert {n + "c" for n in modules} <= names
    assert {n for n in npm.namelist() if not n.endswith(".py")} <= names  # e.g. py.typed
    # One magic number (Pyodide's Python's, not this CPython's), flags 1: hash-based, unchecked.
    (header,) = _pyc_headers(shipped)
    assert header[4:8] == (1).to_bytes(4, "little")
    assert {i.date_time for i in shipped.infolist()} == {site_build.ZIP_DATE}
    assert shipped.namelist() == sorted(names)


@NEEDS_RUNTIME
def test_pygames_ships_as_bytecode_with_its_data(built: Path) -> None:
    """pygames.zip holds a .pyc for every module (and the written _version), the catalogues
    importlib.resources reads (i18n/*.json) and py.typed, and no .py."""
    shipped = zipfile.ZipFile(built / "pygames.zip")
    names = set(shipped.namelist())
    sources = {p.relative_to(ROOT).as_posix() for p in site_build._package_files()}
    modules = {n for n in sources if n.endswith(".py")}
    assert {n + "c" for n in modules} | {"pygames/_version.pyc"} <= names
    assert not {n for n in names if n.endswith(".py")}
    # The lab, the terminal and the PettingZoo environments are the command line's alone.
    for part in ("lab", "terminal", "env"):
        assert not {n for n in names if n.startswith(f"pygames/{part}/")}, part
    data = sources - modules
    assert any(n.endswith("/i18n/ja.json") for n in data) and "pygames/py.typed" in data
    assert data <= names
    stdlib = zipfile.ZipFile(built / "vendor" / "pyodide" / "python_stdlib.zip")
    assert _pyc_headers(shipped) == _pyc_headers(stdlib)  # the same interpreter made both
    info = json.loads((built / "build.json").read_text())
    assert set(info) >= {"pygames", "python_stdlib"}


@NEEDS_RUNTIME
def test_bytecode_archives_are_reproducible(tmp_path: Path) -> None:
    """Two separate compilations (two Node processes) of the same sources give the same bytes.
    Cheap: a few modules, among them one whose constants are sets (their order follows string
    hashes) and a package with data, rather than two whole builds."""
    sources = io.BytesIO()
    npm = zipfile.ZipFile(ROOT / "node_modules" / "pyodide" / "python_stdlib.zip")
    with zipfile.ZipFile(sources, "w") as zf:
        for name in ("json/__init__.py", "json/decoder.py", "tomllib/mypy.ini"):
            zf.writestr(name, npm.read(name))
        zf.writestr("sets.py", "def f(x):\n    return x in {'a', 'b', 'c', 'tanbo', 'paddy'}\n")
    made = []
    for i in range(2):
        target = tmp_path / f"{i}.zip"
        job = (sources.getvalue(), target, site_build.STDLIB_RUNTIME_PATH, False, False)
        site_build.compile_archives([job])
        made.append(target.read_bytes())
    assert made[0] == made[1]
    names = zipfile.ZipFile(io.BytesIO(made[0])).namelist()
    assert names == ["json/__init__.pyc", "json/decoder.pyc", "sets.pyc", "tomllib/mypy.ini"]
    # The code is named where Pyodide puts the standard library (/lib/python3XY.zip).
    pyc = zipfile.ZipFile(io.BytesIO(made[0])).read("sets.pyc")
    assert b"/lib/python3" in pyc and b".zip/sets.py" in pyc


DOCUMENTED_MODULE = b'''"""The module's docstring."""
import sys


class Box:
    """A class's docstring."""

    def open(self):
        """A method's docstring."""
        return "open"


def only_doc():
    """Nothing but a docstring."""


async def later():
    """An async function's docstring."""


def checked(x):
    assert x > 0, "x must be positive"
    return x


def fails():
    raise ValueError("on line 27")
'''

DOCSTRINGS_GONE = """
import sys, traceback
sys.path.insert(0, sys.argv[1])
import documented as m
assert m.__doc__ is None and m.Box.__doc__ is None and m.Box.open.__doc__ is None
assert m.only_doc.__doc__ is None and m.only_doc() is None and m.later.__doc__ is None
assert m.Box().open() == "open" and m.checked(2) == 2
try:
    m.checked(-1)
except AssertionError as e:
    assert str(e) == "x must be positive"
else:
    raise SystemExit("the assert was dropped")
try:
    m.fails()
except ValueError as e:
    assert traceback.extract_tb(e.__traceback__)[-1].lineno == 27
print("ok")
"""


def test_bytecode_without_docstrings_keeps_asserts_and_line_numbers(tmp_path: Path) -> None:
    """The standard library ships without docstrings (scripts/pyc_zip.py, under this CPython
    here): module, class, method, async and docstring-only functions lose theirs; asserts and
    line numbers stay; with docstrings kept nothing changes."""
    sources = io.BytesIO()
    with zipfile.ZipFile(sources, "w") as zf:
        zf.writestr("documented.py", DOCUMENTED_MODULE)
    for docstrings in (False, True):
        made = pyc_zip.compile_zip(sources.getvalue(), str(tmp_path), False, docstrings)
        archive = tmp_path / f"docstrings-{docstrings}.zip"
        archive.write_bytes(made)
        pyc = zipfile.ZipFile(archive).read("documented.pyc")
        assert (b"A method's docstring." in pyc) is docstrings
        if not docstrings:
            run = subprocess.run(
                [sys.executable, "-c", DOCSTRINGS_GONE, str(archive)],
                capture_output=True,
                text=True,
            )
            assert run.stdout.strip() == "ok", run.stderr


@NEEDS_RUNTIME
def test_the_stdlib_ships_without_docstrings_and_the_rules_with_theirs(built: Path) -> None:
    stdlib = zipfile.ZipFile(built / "vendor" / "pyodide" / site_build.STDLIB)
    npm = zipfile.ZipFile(ROOT / "node_modules" / "pyodide" / site_build.STDLIB)
    doc = b"Serialize ``obj`` to a JSON formatted ``str``."  # json.dumps's docstring
    assert doc in npm.read("json/__init__.py")
    assert doc not in stdlib.read("json/__init__.pyc")
    assert b"JSONDecodeError" in stdlib.read("json/__init__.pyc")
    package = zipfile.ZipFile(built / "pygames.zip")
    assert b"Inverse of :meth:`to_json`" in package.read("pygames/core/messages.pyc")


def _snapshot_site(built: Path, root: Path) -> Path:
    """A copy of what the snapshot key is made from, with the loader as web/ has it."""
    for name in (
        "vendor/pyodide/pyodide.asm.wasm",
        f"vendor/pyodide/{site_build.STDLIB}",
        "pygames.zip",
        "css/app.css",
    ):
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_bytes((built / name).read_bytes())
    loader = root / site_build.SNAPSHOT_LOADER
    loader.parent.mkdir(parents=True, exist_ok=True)
    loader.write_text((site_build.WEB / site_build.SNAPSHOT_LOADER).read_text())
    return root


@NEEDS_RUNTIME
def test_the_snapshot_key_names_the_runtime_and_the_python_it_holds(
    built: Path, tmp_path: Path
) -> None:
    """web/js/python-start.js keeps Python's memory under this key: a new build of the rules or
    of the runtime must never restore an old snapshot; a change of styles needs no new one."""
    info = json.loads((built / "build.json").read_text())
    key = info["snapshot_key"]
    assert key.startswith(info["pyodide"] + "-")
    loader = (built / site_build.SNAPSHOT_LOADER).read_text()
    assert f"const KEY = {json.dumps(key)};" in loader
    assert f'"{site_build.SNAPSHOT_PLACEHOLDER}"' not in loader

    def key_of(change: str | None) -> str:
        root = _snapshot_site(built, tmp_path / f"site-{change}")
        if change:
            (root / change).write_bytes((root / change).read_bytes() + b"\0")
        return site_build._write_snapshot_key(root, info["pyodide"])

    assert key_of(None) == key
    for part in (
        "pygames.zip",
        f"vendor/pyodide/{site_build.STDLIB}",
        "vendor/pyodide/pyodide.asm.wasm",
        site_build.SNAPSHOT_LOADER,
    ):
        assert key_of(part) != key, part
    assert key_of("css/app.css") == key


def test_the_snapshot_holds_every_module_a_call_can_need() -> None:
    """The worker takes its snapshot after running PRELOAD (web/js/python-start.js): playing
    every game with every bot, saving, opening and replaying must import no module of the rules
    after it (in a fresh interpreter, so that nothing imported by other tests hides a miss)."""
    loader = (site_build.WEB / site_build.SNAPSHOT_LOADER).read_text()
    found = re.search(r"const PRELOAD = `(.*?)`;", loader, re.S)
    assert found, "PRELOAD not found in the loader"
    script = (
        found.group(1)
        + """
import json, sys
before = {m for m in sys.modules if m.startswith("pygames")}
for game in json.loads(bridge.games())["games"]:
    n = game["min_players"]
    bots = game["bots"]
    seats = [{"name": f"b{i}", "bot": bots[i % len(bots)]} for i in range(n)]
    reply = json.loads(bridge.new_match(json.dumps(
        {"game": game["id"], "seats": seats, "seed": 3, "options": {}})))
    match = reply["match"]
    for _ in range(6):
        status = reply["status"]
        if status["over"]:
            break
        reply = json.loads(bridge.bot_act(match, status["actors"][0], status["step"]))
        assert reply["ok"], reply
    record = json.loads(bridge.export_record(match))["record"]
    assert json.loads(bridge.import_record(json.dumps(record)))["ok"]
    replay = json.loads(bridge.open_replay(match))
    assert replay["ok"], replay
print(json.dumps(sorted({m for m in sys.modules if m.startswith("pygames")} - before)))
"""
    )
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, cwd=ROOT, check=True
    )
    assert json.loads(done.stdout) == []


@NEEDS_RUNTIME
def test_every_module_the_page_preloads_is_shipped(built: Path) -> None:
    """index.html preloads the engine's modules and PyScript's core with the chunks it imports
    (so the worker starts sooner): each link names a file of the site, and core.js imports
    nothing else."""
    index = (built / "index.html").read_text()
    preloads = re.findall(r'<link rel="modulepreload" href="([^"]+)">', index)
    assert "js/engine.js" in preloads and "vendor/pyscript/core.js" in preloads
    for href in preloads:
        assert (built / href).is_file(), href
    core = (built / "vendor" / "pyscript" / "core.js").read_text()
    imported = set(re.findall(r'from\s*"\./([^"]+\.js)"', core))
    assert imported and {f"vendor/pyscript/{name}" for name in imported} <= set(preloads)


CSP = re.compile(r'<meta http-equiv="Content-Security-Policy" content="([^"]+)">')


@pytest.mark.parametrize("page", ["index.html", "rules.html"])
def test_every_page_declares_a_policy_that_allows_no_other_origin(built: Path, page: str) -> None:
    """GitHub Pages sends no headers, so each page carries its Content-Security-Policy in a
    ``<meta>``: its own files, Pyodide's wasm and the engine's worker, nothing of any other
    origin, no inline script. (Every browser test runs under it: a violation is a console error,
    which fails the test that made it.) The game's page may open WebSockets (``ws:``, ``wss:``):
    a ``<meta>`` policy cannot name the signalling server a person types in later, so the page
    itself contacts none but that one (web/js/peer-signal.js; e2e/test_across.py's guard fails
    on any other socket)."""
    found = CSP.findall((built / page).read_text())
    assert len(found) == 1, found
    directives = {
        name: values
        for name, *values in (part.split() for part in found[0].split(";") if part.strip())
    }
    assert directives["default-src"] == ["'self'"]
    assert directives["object-src"] == ["'none'"]
    allowed = {
        "'self'",
        "'none'",
        "'wasm-unsafe-eval'",
        "'unsafe-eval'",
        "'unsafe-inline'",
        "blob:",
        "data:",
        "ws:",
        "wss:",
    }
    for name, values in directives.items():
        assert set(values) <= allowed, (name, values)
    # Scripts: the site's own, the runtime's wasm, and the functions PyScript builds from text
    # when it starts an engine again; never inline code.
    assert directives["script-src"] == ["'self'", "'wasm-unsafe-eval'", "'unsafe-eval'"]
    assert "'unsafe-inline'" not in directives.get("script-src", [])
    sockets = ["ws:", "wss:"] if page == "index.html" else []
    assert directives["connect-src"] == ["'self'", *sockets]
    for name, values in directives.items():
        assert name == "connect-src" or not {"ws:", "wss:"} & set(values), name
