"""The README's and docs/'s code examples run, so the documents cannot drift from the code.

In each document, ```python blocks run in order in one namespace and ```pycon blocks are
doctests in that same namespace (so a page can define a game and then show it playing). Every
``python -m pygames`` command line in a ```sh block must be one the command line accepts.
"""

from __future__ import annotations

import doctest
import re
import shlex
import sys
import types
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parent.parent
DOCUMENTS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
FENCE = re.compile(r"^```(\w+)[^\n]*\n(.*?)^```", re.S | re.M)


def blocks(path: Path) -> list[tuple[str, str, int]]:
    """The fenced blocks of ``path``: (language, text, line of the fence)."""
    text = path.read_text(encoding="utf-8")
    return [
        (m.group(1), m.group(2), text.count("\n", 0, m.start()) + 1) for m in FENCE.finditer(text)
    ]


def _name(path: Path) -> str:
    return str(path.relative_to(ROOT))


@pytest.mark.parametrize("path", DOCUMENTS, ids=_name)
def test_the_examples_run(path: Path) -> None:
    # A real module, as dataclasses and typing look a class's module up by name.
    module = types.ModuleType(f"doc_{path.stem.replace('-', '_')}")
    sys.modules[module.__name__] = module
    namespace: dict[str, Any] = module.__dict__
    parser = doctest.DocTestParser()
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    for language, text, line in blocks(path):
        where = f"{_name(path)}:{line}"
        if language == "python":
            exec(compile(text, where, "exec"), namespace)  # our own documents, not input
        elif language == "pycon":
            test = parser.get_doctest(text, namespace, where, str(path), line)
            runner.run(test, clear_globs=False)
            namespace.update(test.globs)  # a DocTest runs in a copy: keep what it defined
    assert runner.failures == 0, f"{runner.failures} example(s) of {_name(path)} failed (above)"


def test_the_readme_and_the_guide_have_examples() -> None:
    for path in (ROOT / "README.md", ROOT / "docs" / "adding-a-game.md"):
        assert any(lang == "pycon" for lang, _, _ in blocks(path)), path


def _commands() -> list[tuple[str, list[str]]]:
    found = []
    for path in DOCUMENTS:
        for language, text, line in blocks(path):
            if language != "sh":
                continue
            for row in text.replace("\\\n", " ").splitlines():
                command = row.split("#", 1)[0].strip()
                if "-m pygames " in command and "<" not in command and "[" not in command:
                    words = shlex.split(command)
                    found.append((f"{_name(path)}:{line}", words[words.index("pygames") + 1 :]))
    return found


@pytest.mark.parametrize(("where", "argv"), _commands(), ids=[w for w, _ in _commands()])
def test_the_command_lines_are_accepted(where: str, argv: list[str]) -> None:
    from pygames.__main__ import parser
    from pygames.lab.cli import run_parser

    try:
        if argv[0] == "lab":
            run_parser().parse_args(argv[1:])
        else:
            parser().parse_args(argv)
    except SystemExit as exc:  # argparse refuses by exiting
        pytest.fail(f"{where}: python -m pygames {' '.join(argv)} is refused ({exc.code})")
