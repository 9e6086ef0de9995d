"""One version number: pyproject.toml's. Everything else that states a version reads it, or is
held to it here: the package (installed, or imported from the site's archive), package.json and
its lockfile, and the build."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import tomllib
import zipfile
from pathlib import Path

import pygames

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))

import build_site as site_build  # noqa: E402


def pyproject_version() -> str:
    with (ROOT / "pyproject.toml").open("rb") as f:
        version: str = tomllib.load(f)["project"]["version"]
    return version


def imported_version(path: Path, cwd: Path) -> str:
    """``pygames.__version__`` in a fresh interpreter that finds pygames only at ``path``."""
    code = (
        f"import sys; sys.path.insert(0, {str(path)!r}); import pygames; print(pygames.__version__)"
    )
    out = subprocess.run(
        [sys.executable, "-S", "-c", code], cwd=cwd, capture_output=True, text=True, check=True
    )
    return out.stdout.strip()


def test_the_installed_package_states_pyprojects_version() -> None:
    assert pygames.__version__ == pyproject_version()


def test_package_json_and_its_lockfile_state_pyprojects_version() -> None:
    package = json.loads((ROOT / "package.json").read_text())
    lock = json.loads((ROOT / "package-lock.json").read_text())
    assert package["version"] == pyproject_version()
    assert lock["version"] == lock["packages"][""]["version"] == pyproject_version()


def test_the_build_writes_pyprojects_version_into_the_archive(tmp_path: Path) -> None:
    """The sources the build compiles hold _version.py (the shipped archive holds its bytecode,
    made for Pyodide's Python, which this CPython cannot import: tests/test_build.py checks it)."""
    assert site_build.version() == pyproject_version()
    archive = tmp_path / "pygames.zip"
    archive.write_bytes(site_build._package_zip())
    with zipfile.ZipFile(archive) as zf:
        assert "pygames/_version.py" in zf.namelist()
    # As in Pyodide: imported from the archive, with no installed metadata to read.
    assert imported_version(archive, tmp_path) == pyproject_version()


def test_a_bare_copy_of_the_sources_still_imports(tmp_path: Path) -> None:
    shutil.copytree(
        ROOT / "pygames", tmp_path / "pygames", ignore=shutil.ignore_patterns("__pycache__")
    )
    assert not (ROOT / "pygames" / "_version.py").exists(), "_version.py is written by the build"
    assert imported_version(tmp_path, tmp_path) == "0+unknown"
