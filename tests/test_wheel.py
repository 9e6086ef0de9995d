"""The package as people install it: ``python -m build`` makes a wheel and an sdist that pass
``twine check``; the wheel installs into a fresh virtual environment with nothing else, and
from any directory there ``python -m pygames --version``, ``games`` and ``play`` (a scripted
whole game of each title) work.

The build uses this environment's backend (``--no-isolation``: nothing is downloaded), and
the wheel is installed with ``--no-index --no-deps``: it needs nothing, or it would fail. With
its ``rl`` extra (from the package index, at the constraints' versions) PettingZoo's API test
passes for every game at every player count."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tomllib
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
GAMES = ("tanbo", "humble_tea_party", "storm_in_a_teacup")


def version() -> str:
    return str(tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["version"])


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    # Built from a copy, so the build's own files (egg-info, build/) stay out of the checkout.
    source = tmp_path_factory.mktemp("source")
    for name in ("pyproject.toml", "README.md", "LICENSE"):
        shutil.copy2(ROOT / name, source / name)
    for tree in ("pygames", "tests"):
        shutil.copytree(ROOT / tree, source / tree, ignore=shutil.ignore_patterns("__pycache__"))
    out = tmp_path_factory.mktemp("dist")
    subprocess.run(
        [sys.executable, "-m", "build", "--no-isolation", "--outdir", str(out), str(source)],
        check=True,
        capture_output=True,
        text=True,
    )
    yield out


def fresh_venv(where: Path, *requirements: str) -> Path:
    """A new virtual environment at ``where`` with ``pip install`` of ``requirements``; its
    python."""
    subprocess.run([sys.executable, "-m", "venv", str(where)], check=True)
    python = where / "bin" / "python"
    subprocess.run(
        [str(python), "-m", "pip", "install", "--quiet", *requirements],
        check=True,
        env={**os.environ, "PIP_DISABLE_PIP_VERSION_CHECK": "1"},
    )
    return python


@pytest.fixture(scope="module")
def installed(built: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A fresh venv with the wheel alone (no index: it must need nothing); its python."""
    wheel = next(built.glob("*.whl"))
    return fresh_venv(tmp_path_factory.mktemp("venv"), "--no-index", "--no-deps", str(wheel))


@pytest.fixture(scope="module")
def installed_rl(built: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A fresh venv with the wheel and its ``rl`` extra (from the package index, at the
    constraints' versions); its python."""
    wheel = next(built.glob("*.whl"))
    constraints = str(ROOT / "constraints.txt")
    where = tmp_path_factory.mktemp("venv-rl")
    return fresh_venv(where, f"pygames[rl] @ {wheel.as_uri()}", "-c", constraints)


API_TEST = """
import warnings
from pettingzoo.test import api_test
from pygames.env import make_env
from pygames.games import all_games

warnings.simplefilter("ignore")
for game in all_games():
    for players in range(game.min_players, game.max_players + 1):
        api_test(make_env(game.id, players), num_cycles=50)
        print("passed", game.id, players)
"""


def run(python: Path, *args: str, stdin: str = "", cwd: Path) -> subprocess.CompletedProcess[str]:
    # Not this checkout's sources: a clean environment, started elsewhere.
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV")}
    return subprocess.run(
        [str(python), *args],
        input=stdin,
        capture_output=True,
        text=True,
        cwd=cwd,
        env=env,
        timeout=300,
    )


def test_the_wheel_and_the_sdist_pass_twine_check(built: Path) -> None:
    names = sorted(p.name for p in built.iterdir())
    assert names == [f"pygames-{version()}-py3-none-any.whl", f"pygames-{version()}.tar.gz"]
    checked = subprocess.run(
        [sys.executable, "-m", "twine", "check", "--strict", *map(str, built.iterdir())],
        capture_output=True,
        text=True,
    )
    assert checked.returncode == 0, checked.stdout + checked.stderr


def test_the_wheel_needs_nothing_else(installed: Path, tmp_path: Path) -> None:
    listed = run(installed, "-m", "pip", "list", "--format=freeze", cwd=tmp_path)
    packages = {line.split("==")[0].lower() for line in listed.stdout.split()}
    assert packages - {"pip", "setuptools"} == {"pygames"}, listed.stdout
    where = run(installed, "-c", "import pygames; print(pygames.__file__)", cwd=tmp_path)
    assert "site-packages" in where.stdout and str(ROOT) not in where.stdout, where.stdout


def test_the_installed_commands_work_from_any_directory(installed: Path, tmp_path: Path) -> None:
    shown = run(installed, "-m", "pygames", "--version", cwd=tmp_path)
    assert shown.stdout.strip() == f"pygames {version()}", shown.stdout + shown.stderr
    games = run(installed, "-m", "pygames", "games", cwd=tmp_path)
    assert games.returncode == 0
    for game in GAMES:
        assert game in games.stdout


@pytest.mark.parametrize("game", GAMES)
def test_a_scripted_game_plays_to_its_end_from_the_wheel(
    installed: Path, tmp_path: Path, game: str
) -> None:
    script = installed.parent / "pygames"  # the console script the wheel installs
    played = subprocess.run(
        [str(script), "play", game, "--seed", "11", "--save", "game.json"],
        input="1\n" * 400,
        capture_output=True,
        text=True,
        cwd=tmp_path,
        timeout=300,
    )
    assert played.returncode == 0, played.stdout[-1500:] + played.stderr
    assert "The game is over." in played.stdout
    # The save file is the page's: the same package (the wheel's) opens it again.
    opened = run(installed, "-m", "pygames", "play", "--load", "game.json", cwd=tmp_path)
    assert "Opened game.json at step" in opened.stdout, opened.stdout + opened.stderr


def test_pettingzoo_s_api_test_passes_from_the_wheel_with_its_rl_extra(
    installed_rl: Path, tmp_path: Path
) -> None:
    tested = run(installed_rl, "-c", API_TEST, cwd=tmp_path)
    assert tested.returncode == 0, tested.stdout[-1500:] + tested.stderr[-1500:]
    passed = [line for line in tested.stdout.splitlines() if line.startswith("passed ")]
    assert len(passed) == 1 + 4 + 5, tested.stdout  # Tanbo 2; Humble Tea Party 3-6; Storm 2-6
