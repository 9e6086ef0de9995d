#!/usr/bin/env python3
"""Build the static site into ``dist/``.

``dist/`` holds a copy of ``web/``, the app icons drawn by ``scripts/icons.py`` and the tables'
textures drawn by ``scripts/textures.py`` (``dist/textures/``), the runtime
files vendored from ``node_modules`` (Pyodide, PyScript, the uqr QR encoder and the jsQR
reader, only what the page loads) under ``dist/vendor/``, and ``dist/pygames.zip`` (the rules
package, unpacked into the worker's file system by PyScript's ``files`` config). The archive
also holds ``pygames/_version.py``, written here from pyproject.toml's version (Pyodide has no
installed metadata to read it from), and ``build.json`` states the same version.
``i18n/<lang>.json`` (every word) and ``js/catalog.json`` (the lobby's games, from
``Game.describe()``) and ``js/pictures.json`` (the rules page's pictures, from
``pygames.pictures``) are written from Python.
Standard library only; writes nothing outside ``dist/`` (and a temporary folder).

Bytecode: Python in the browser would otherwise compile every module it imports on every start
(npm's ``python_stdlib.zip`` has no ``.pyc``). So the standard library and ``pygames`` are
compiled here by the vendored Pyodide's own Python, run in Node (scripts/compile_pyc.mjs: a
``.pyc`` is only valid for the interpreter with the same magic number), into unchecked
hash-based ``.pyc`` with fixed zip dates and sorted entries: the same inputs give byte-identical
archives, whatever the files' mtimes. ``dist/vendor/pyodide/python_stdlib.zip`` keeps its name
(Pyodide looks for it) and holds bytecode only, no sources: a traceback through the standard
library shows file names and line numbers but no source lines, and its bytecode holds no
docstrings (fewer bytes on a first visit; asserts stay). ``pygames.zip`` holds bytecode,
``py.typed``, the ``i18n/*.json`` catalogues and the games' ``tutorial.json`` (read with
importlib.resources), without the
``.py`` sources either. Needs ``node`` on the PATH.

    python scripts/build_site.py [--out DIR]
    python scripts/build_site.py --catalogue     # the lobby's catalogue only, on stdout
"""

from __future__ import annotations

import argparse
import hashlib
import io
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import tomllib
import zipfile
from pathlib import Path

from icons import write_icons
from textures import write_textures

ROOT = Path(__file__).resolve().parent.parent
WEB = ROOT / "web"
PACKAGE = ROOT / "pygames"
#: Data files of the package that the page reads, besides the catalogues.
SHIPPED_DATA = ("py.typed", "tutorial.json")
NODE_MODULES = ROOT / "node_modules"
COMPILE_PYC = ROOT / "scripts" / "compile_pyc.mjs"
STDLIB = "python_stdlib.zip"
# The worker's start-up module, where the build writes the key of its memory snapshot.
SNAPSHOT_LOADER = "js/python-start.js"
SNAPSHOT_PLACEHOLDER = "__PYGAMES_SNAPSHOT_KEY__"
# Where the archives' files are found at run time, which names the code in tracebacks: Pyodide
# writes the standard library to /lib/python3XY.zip (the compiler fills in its own version);
# PyScript unpacks pygames.zip into the worker's working directory, its home folder.
STDLIB_RUNTIME_PATH = "/lib/python{major}{minor}.zip"
PACKAGE_RUNTIME_PATH = "/home/pyodide"

# Loaded by the page at run time; verified by the e2e test that fails on any 404.
PYODIDE_FILES = (
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
)
# PyScript's dist/ chunks have hashed names; these are the stems that importing core.js and
# starting a PyWorker with a JSON config and a zip in "files" actually fetch (checked by logging
# every request): the core, the small custom-element shims that core.js always imports (their
# heavy editor/terminal libraries are never loaded), the error and deprecation helpers, and the
# unzip helper. CodeMirror, xterm, TOML, MicroPython and the source maps are left out.
PYSCRIPT_STEMS = (
    "core",
    "deprecations-manager",
    "donkey",
    "error",
    "py-editor",
    "py-game",
    "py-terminal",
    "zip",
)
PYSCRIPT_EXTRA = ("core.css",)

ZIP_DATE = (2020, 1, 1, 0, 0, 0)  # fixed timestamps: the archive is reproducible


def _pyscript_files(dist: Path) -> list[Path]:
    chunks: list[Path] = []
    for stem in PYSCRIPT_STEMS:
        pattern = re.compile(rf"^{re.escape(stem)}(-[A-Za-z0-9_-]{{8}})?\.js$")
        found = sorted(p for p in dist.iterdir() if pattern.match(p.name))
        if not found:
            raise SystemExit(f"build: no PyScript chunk for {stem!r} in {dist}")
        chunks.extend(found)
    for name in PYSCRIPT_EXTRA:
        chunks.append(dist / name)
    return chunks


def _strip_source_map(text: str) -> str:
    return re.sub(r"\n?//# sourceMappingURL=\S+\s*$", "\n", text)


def _copy_vendor(out: Path) -> dict[str, str]:
    versions: dict[str, str] = {}
    pyodide_src = NODE_MODULES / "pyodide"
    pyscript_src = NODE_MODULES / "@pyscript" / "core"
    for src in (pyodide_src, pyscript_src):
        if not (src / "package.json").is_file():
            raise SystemExit(f"build: {src} is missing; run `npm ci` first")
        versions[src.name if src.name != "core" else "@pyscript/core"] = json.loads(
            (src / "package.json").read_text()
        )["version"]

    dest = out / "vendor" / "pyodide"
    dest.mkdir(parents=True)
    for name in PYODIDE_FILES:
        src = pyodide_src / name
        if name == STDLIB:
            continue  # compiled to bytecode by _compile
        if name.endswith(".mjs"):
            (dest / name).write_text(_strip_source_map(src.read_text()))
        else:
            shutil.copyfile(src, dest / name)

    dest = out / "vendor" / "pyscript"
    dest.mkdir(parents=True)
    for src in _pyscript_files(pyscript_src / "dist"):
        if src.suffix == ".js":
            (dest / src.name).write_text(_strip_source_map(src.read_text()))
        else:
            shutil.copyfile(src, dest / src.name)

    # The QR encoder of the invitations to a table across devices (web/js/qr.js loads it on
    # first use): one ES module, no dependencies.
    versions["uqr"] = _vendor_script(out, "uqr", "index.mjs")
    # The QR reader for a browser without BarcodeDetector (web/js/qr-scan.js loads it when the
    # host first scans a guest's answer): one classic script, no dependencies.
    versions["jsqr"] = _vendor_script(out, "jsqr", "jsQR.js")
    return versions


def _vendor_script(out: Path, package: str, name: str) -> str:
    """Copy npm package ``package``'s one script ``dist/<name>`` to ``vendor/<package>/<name>``;
    answers its version."""
    src = NODE_MODULES / package
    if not (src / "package.json").is_file():
        raise SystemExit(f"build: {src} is missing; run `npm ci` first")
    dest = out / "vendor" / package
    dest.mkdir(parents=True)
    (dest / name).write_text(_strip_source_map((src / "dist" / name).read_text()))
    return str(json.loads((src / "package.json").read_text())["version"])


PRELOAD_ANCHOR = '  <link rel="modulepreload" href="vendor/pyscript/core.js">\n'


def _preload_pyscript(out: Path) -> list[str]:
    """Add to index.html a ``modulepreload`` link for each module that PyScript's core.js
    imports (hashed chunk names), so they load beside the page's own modules; returns them."""
    core = (out / "vendor" / "pyscript" / "core.js").read_text()
    chunks = sorted(set(re.findall(r'from\s*"\./([^"]+\.js)"', core)))
    if not chunks:
        raise SystemExit("build: PyScript's core.js imports no chunk: its layout changed")
    index = out / "index.html"
    text = index.read_text()
    if PRELOAD_ANCHOR not in text:
        raise SystemExit("build: web/index.html lost its modulepreload of vendor/pyscript/core.js")
    links = "".join(
        f'  <link rel="modulepreload" href="vendor/pyscript/{name}">\n' for name in chunks
    )
    index.write_text(text.replace(PRELOAD_ANCHOR, PRELOAD_ANCHOR + links, 1))
    return chunks


NOT_SHIPPED = ("lab", "terminal", "env")


def _package_files() -> list[Path]:
    files = [
        p
        for p in PACKAGE.rglob("*")
        if p.is_file()
        and (p.suffix == ".py" or p.name in SHIPPED_DATA or p.parent.name == "i18n")
        and "__pycache__" not in p.parts
        # The lab (process pools, Dask, matplotlib), the terminal and the PettingZoo
        # environments are for a Python outside the browser: not shipped to the page.
        and p.relative_to(PACKAGE).parts[0] not in NOT_SHIPPED
    ]
    return sorted(files)


def version() -> str:
    """The package's version: pyproject.toml's, the one place it is stated."""
    with (ROOT / "pyproject.toml").open("rb") as f:
        return str(tomllib.load(f)["project"]["version"])


def _version_module() -> bytes:
    return (
        '"""The package\'s version, written by scripts/build_site.py from pyproject.toml."""\n\n'
        f"__version__ = {version()!r}\n"
    ).encode()


def _package_zip() -> bytes:
    """The rules package's sources as a zip (compiled to bytecode by _compile)."""
    buffer = io.BytesIO()
    entries = [(p.relative_to(ROOT).as_posix(), p.read_bytes()) for p in _package_files()]
    entries.append(("pygames/_version.py", _version_module()))
    with zipfile.ZipFile(buffer, "w", compression=zipfile.ZIP_DEFLATED) as zf:
        for arcname, data in sorted(entries):
            info = zipfile.ZipInfo(arcname, date_time=ZIP_DATE)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            zf.writestr(info, data)
    return buffer.getvalue()


def compile_archives(jobs: list[tuple[bytes, Path, str, bool, bool]]) -> None:
    """Compile zips of sources to zips of bytecode with the vendored Pyodide, in one Node run.

    Each job is (source zip, output path, run-time folder of its files, keep the ``.py``, keep
    the docstrings).
    """
    node = shutil.which("node")
    if node is None:
        raise SystemExit("build: `node` is needed to compile the bytecode (Node.js 20 or later)")
    with tempfile.TemporaryDirectory(prefix="pygames-build-") as tmp:
        args: list[str] = []
        for i, (source, target, prefix, keep, docstrings) in enumerate(jobs):
            src = Path(tmp) / f"{i}.zip"
            src.write_bytes(source)
            flags = ["1" if keep else "0", "1" if docstrings else "0"]
            args += [str(src), str(target), prefix, *flags]
        done = subprocess.run(
            [node, str(COMPILE_PYC), *args], cwd=ROOT, capture_output=True, text=True
        )
        if done.returncode != 0:
            # Pyodide's errors start with a page of minified JavaScript: its tail is the story.
            raise SystemExit(f"build: compiling bytecode failed:\n{done.stderr[-3000:]}")


def _compile(out: Path) -> dict[str, str]:
    """Write the bytecode archives; their digests, which build.json records."""
    stdlib = out / "vendor" / "pyodide" / STDLIB
    package = out / "pygames.zip"
    compile_archives(
        [
            # The standard library without its docstrings (fewer first-visit bytes); the
            # rules keep theirs.
            (
                (NODE_MODULES / "pyodide" / STDLIB).read_bytes(),
                stdlib,
                STDLIB_RUNTIME_PATH,
                False,
                False,
            ),
            (_package_zip(), package, PACKAGE_RUNTIME_PATH, False, True),
        ]
    )
    return {
        "pygames": hashlib.sha256(package.read_bytes()).hexdigest()[:12],
        "python_stdlib": hashlib.sha256(stdlib.read_bytes()).hexdigest()[:12],
    }


def _write_words(out: Path) -> None:
    """Write ``i18n/<lang>.json``: the page's own words (web/i18n) and every game's (pygames).

    Python is the only source of a game's words; the page renders messages from these files,
    so it speaks the reader's language before Python has loaded.
    """
    sys.path.insert(0, str(ROOT))
    import pygames.bridge  # noqa: F401  (registers every game and its words)
    from pygames.core.messages import LANGUAGES, catalogue

    for lang in LANGUAGES:
        page = json.loads((WEB / "i18n" / f"{lang}.json").read_text("utf-8"))
        games = catalogue(lang)
        clash = sorted(set(page) & set(games))
        if clash:
            raise SystemExit(f"build: web/i18n/{lang}.json repeats engine words: {clash[:5]}")
        words = dict(sorted({**page, **games}.items()))
        text = json.dumps(words, ensure_ascii=False, indent=1) + "\n"
        (out / "i18n" / f"{lang}.json").write_text(text, "utf-8")


def catalogue() -> dict[str, object]:
    """The lobby's catalogue: ``bridge.games()`` (every game's ``describe()``, its bots and
    default options), the bot levels a person picks from and the bounds on input
    (pygames.core.limits). Python is its only source."""
    sys.path.insert(0, str(ROOT))
    from pygames import bridge
    from pygames.bots import DEFAULT_LEVEL, LEVELS
    from pygames.core import limits
    from pygames.games import all_games

    reply = json.loads(bridge.games())
    if not reply.get("ok"):
        raise SystemExit(f"build: the engine's catalogue failed: {reply}")
    # Only the package's own games: a build made in a process where tests registered a game
    # of their own (tests/pilegame.py) must not offer it (the page would name an unknown game).
    own = {g.id for g in all_games() if type(g).__module__.startswith("pygames.")}
    return {
        "games": [g for g in reply["games"] if g["id"] in own],
        "levels": list(LEVELS),
        "default_bot": DEFAULT_LEVEL,
        # The bounds the page checks before it calls the engine.
        "limits": limits.as_json(),
        # What a name must not be made of alone: the lobby says so before Start.
        "blank": limits.blank_json(),
    }


def _write_catalogue(out: Path) -> None:
    """Write ``js/catalog.json``, which the lobby reads before Python has loaded."""
    text = json.dumps(catalogue(), ensure_ascii=False, indent=1) + "\n"
    (out / "js" / "catalog.json").write_text(text, "utf-8")


def _write_pictures(out: Path) -> None:
    """Write ``js/pictures.json``: the rules page's pictures (the rulebooks' examples and what
    the engine finds in them, pygames.pictures), drawn by each table's own pieces."""
    sys.path.insert(0, str(ROOT))
    from pygames.pictures import rules_pictures

    text = json.dumps(rules_pictures(), ensure_ascii=False, indent=1) + "\n"
    (out / "js" / "pictures.json").write_text(text, "utf-8")


def _write_snapshot_key(out: Path, pyodide_version: str) -> str:
    """Fill in the key under which the worker keeps its memory snapshot (web/js/python-start.js).

    A snapshot is a copy of Python's memory after the rules were imported, so it is only good
    for the same runtime, the same bytecode and the same start-up code: the key is the Pyodide
    version and a digest of the wasm, both archives and the loader. Other changes to the site
    (styles, the page's scripts) keep the snapshot.
    """
    loader = out / SNAPSHOT_LOADER
    digest = hashlib.sha256()
    for part in (
        out / "vendor" / "pyodide" / "pyodide.asm.wasm",
        out / "vendor" / "pyodide" / STDLIB,
        out / "pygames.zip",
        loader,
    ):
        digest.update(part.read_bytes())
    key = f"{pyodide_version}-{digest.hexdigest()[:16]}"
    text = loader.read_text()
    if SNAPSHOT_PLACEHOLDER not in text:
        raise SystemExit(f"build: {SNAPSHOT_LOADER} lost its {SNAPSHOT_PLACEHOLDER}")
    loader.write_text(text.replace(f'"{SNAPSHOT_PLACEHOLDER}"', json.dumps(key), 1))
    return key


def _site_hash(out: Path) -> str:
    """A digest of every file of the site: changes whenever anything served changes."""
    digest = hashlib.sha256()
    for p in sorted(out.rglob("*")):
        if p.is_file():
            digest.update(p.relative_to(out).as_posix().encode() + b"\0" + p.read_bytes())
    return digest.hexdigest()[:16]


BUILD_PLACEHOLDER = "__PYGAMES_BUILD__"


def _sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def _write_service_worker(out: Path, build_id: str) -> None:
    """Fill in the build id (web/sw.js and the page's ``<meta name="pygames-build">``) and the
    service worker's list of every file of the site (not the dev harness) with its SHA-256,
    which its install checks, so that a build's cache holds that build's files only."""
    index = out / "index.html"
    page = index.read_text()
    if page.count(BUILD_PLACEHOLDER) != 1:
        raise SystemExit("build: web/index.html must hold the build id's placeholder once")
    index.write_text(page.replace(BUILD_PLACEHOLDER, build_id))
    files = sorted(
        p.relative_to(out).as_posix()
        for p in out.rglob("*")
        if p.is_file() and p.name != "sw.js" and "dev" not in p.relative_to(out).parts
    )
    listed = [
        ["./" if f == "index.html" else f"./{f}", _sha256(out / f)] for f in files
    ]
    listed.sort(key=lambda entry: (entry[0] != "./", entry[0]))
    sw = out / "sw.js"
    text = sw.read_text()
    text = text.replace(BUILD_PLACEHOLDER, build_id)
    text = text.replace("/* __PYGAMES_FILES__ */ []", json.dumps(listed, indent=1))
    sw.write_text(text)


def build(out: Path) -> None:
    out = out.resolve()
    if out == ROOT or ROOT.is_relative_to(out) or out.parent == out:
        raise SystemExit(f"build: refusing to write to {out}")
    if out.exists():
        shutil.rmtree(out)
    # *.d.ts: types for the checker (tsc), not for the browser.
    shutil.copytree(
        WEB, out, ignore=shutil.ignore_patterns("__pycache__", "*.pyc", ".DS_Store", "*.d.ts")
    )
    versions = _copy_vendor(out)
    _preload_pyscript(out)
    write_icons(out / "icons")  # the bitmaps the web app manifest lists
    write_textures(out / "textures")  # the tiles the style sheets lay under the tables
    digests = _compile(out)
    _write_words(out)
    _write_catalogue(out)
    _write_pictures(out)
    # The page reads this to bust caches of pygames.zip and to show versions; the digests of
    # the bytecode archives also show that two builds made the same bytes.
    build_info = {**digests, "version": version(), **versions}
    build_info["snapshot_key"] = _write_snapshot_key(out, versions["pyodide"])
    (out / "build.json").write_text(json.dumps(build_info, indent=2) + "\n")
    # The id hashes every file, the page's placeholder for it included (so any change to the
    # page still makes a new id), before it is written into the page and the worker.
    _write_service_worker(out, _site_hash(out))
    total = sum(p.stat().st_size for p in out.rglob("*") if p.is_file())
    count = sum(1 for p in out.rglob("*") if p.is_file())
    print(f"build: wrote {out} ({count} files, {total / 1e6:.1f} MB)")


def built_or_build(fresh: Path) -> Path:
    """The built site a test reads: the folder ``$PYGAMES_SITE`` names when set (``make test``
    builds dist/ once and every test process reads that), else a new build at ``fresh``."""
    given = os.environ.get("PYGAMES_SITE")
    if not given:
        build(fresh)
        return fresh
    site = Path(given).resolve()
    if not (site / "build.json").is_file():
        raise SystemExit(f"build: PYGAMES_SITE={given} holds no build (run scripts/build_site.py)")
    return site


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "dist", help="output folder")
    parser.add_argument(
        "--catalogue", action="store_true", help="print js/catalog.json's content and stop"
    )
    args = parser.parse_args(argv)
    if args.catalogue:
        print(json.dumps(catalogue(), ensure_ascii=False, indent=1))
        return 0
    build(args.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
