"""The view contract in TypeScript: web/js/views.d.ts, written from the TypedDicts of the rules
and each game's actions.

Python declares once what a view holds (``pygames/core/game.py``'s view, each game's
``views.py`` table), mypy checks that the views are built that way, and this script writes the
same shapes for tsc, which checks the page's reading of them. ``tests/test_contract.py`` fails
when the committed file differs from what this writes: run ``python scripts/contract.py``.

Each module's TypedDicts are written in the order they are defined, with their docstrings and
their fields' ``#:`` comments; a TypedDict one of them names is written too, wherever it lives.
Then each game's actions, as its codec decodes them: ``{type: kind, field: ...}`` per class.
"""

from __future__ import annotations

import ast
import dataclasses
import enum
import importlib
import inspect
import re
import sys
import textwrap
import types
import typing
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any, Literal, Union, get_args, get_origin, get_type_hints, is_typeddict

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "web" / "js" / "views.d.ts"
#: The modules whose TypedDicts make the contract, in the order the file shows them.
MODULES = (
    "pygames.core.contract",
    "pygames.replies",
    "pygames.review",
    "pygames.tutorials",
    "pygames.tanbo.views",
    "pygames.humble_tea_party.views",
    "pygames.storm_in_a_teacup.views",
    # The rules page's pictures (pygames/pictures.py).
    "pygames.tanbo.pictures",
    "pygames.humble_tea_party.pictures",
    "pygames.storm_in_a_teacup.pictures",
    # What the views name from the states is written above; what is left is each game's
    # outcome details (``TanboDetails``).
    "pygames.tanbo.state",
    "pygames.humble_tea_party.state",
    "pygames.storm_in_a_teacup.state",
)

#: Each game's actions (the dataclasses its ``CODEC`` decodes) and the prefix of their names.
ACTIONS = (
    ("pygames.tanbo.actions", "Tanbo"),
    ("pygames.humble_tea_party.actions", "Htp"),
    ("pygames.storm_in_a_teacup.actions", "Storm"),
)

HEADER = """\
// Written by scripts/contract.py from the TypedDicts of the rules (pygames/core/contract.py and
// each game's views.py): do not edit. What the engine sends is declared once, in Python, and
// mypy checks it is built that way; tsc checks the page reads it that way. A test fails when
// this file is not what the script writes from them.
"""


def _field_docs(cls: type) -> dict[str, str]:
    """The ``#:`` comment lines above each field of a class, by field name."""
    try:
        source = textwrap.dedent(inspect.getsource(cls))
    except (OSError, TypeError):
        return {}
    lines = source.splitlines()
    docs: dict[str, str] = {}
    for node in ast.parse(source).body[0].body:  # type: ignore[attr-defined]
        if isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            above: list[str] = []
            i = node.lineno - 2
            while i >= 0 and lines[i].strip().startswith("#:"):
                above.insert(0, lines[i].strip()[2:].strip())
                i -= 1
            if above:
                docs[node.target.id] = " ".join(above)
    return docs


def _jsdoc(text: str, indent: str) -> list[str]:
    words = " ".join(text.split()).replace("``", "`")
    wrapped = textwrap.wrap(words, width=96 - len(indent) - 3) or [""]
    if len(wrapped) == 1:
        return [f"{indent}/** {wrapped[0]} */"]
    return [f"{indent}/**", *(f"{indent} * {w}" for w in wrapped), f"{indent} */"]


class Writer:
    """Collects the interfaces, each once, named types first met first written."""

    def __init__(self) -> None:
        self.done: set[type] = set()
        #: The page's own types the contract names (web/js/types.d.ts exports them).
        self.imported: set[str] = set()
        self.queue: list[type] = []
        self.lines: list[str] = []

    def ts(self, hint: Any) -> str:
        """The TypeScript of one Python type hint."""
        if hint is type(None) or hint is None:
            return "null"
        if hint is bool:
            return "boolean"
        if hint in (int, float):
            return "number"
        if hint is str:
            return "string"
        if hint is Any or hint is object:
            return "unknown"
        if is_typeddict(hint):
            if hint not in self.done and hint not in self.queue:
                self.queue.append(hint)
            return str(hint.__name__)
        if isinstance(hint, type) and issubclass(hint, enum.Enum):
            return " | ".join(f'"{m.value}"' for m in hint)
        origin, args = get_origin(hint), get_args(hint)
        if origin is Literal:
            return " | ".join(f'"{a}"' if isinstance(a, str) else str(a).lower() for a in args)
        if origin in (Union, types.UnionType):
            return " | ".join(self.ts(a) for a in args)
        if origin in (typing.NotRequired, typing.Required):
            return self.ts(args[0])
        if origin is typing.Annotated:
            fixed = [m for m in hint.__metadata__ if type(m).__name__ == "JsonTuple"]
            if fixed:
                return "[" + ", ".join(self.ts(item) for item in fixed[0].items) + "]"
            named = [m for m in hint.__metadata__ if type(m).__name__ == "TypeScript"]
            if named:
                self.imported.update(re.findall(r"[A-Z]\w*", named[0].name))
                return str(named[0].name)
            return self.ts(args[0])
        if origin is tuple:
            if len(args) == 2 and args[1] is Ellipsis:
                return self._array(args[0])
            return "[" + ", ".join(self.ts(a) for a in args) + "]"
        if origin in (list, Sequence):
            return self._array(args[0])
        if origin in (dict, Mapping):
            return f"Record<{self.ts(args[0])}, {self.ts(args[1])}>"
        raise TypeError(f"contract: no TypeScript for {hint!r}")

    def _array(self, item: Any) -> str:
        inner = self.ts(item)
        return f"({inner})[]" if " " in inner else f"{inner}[]"

    def interface(self, cls: type) -> None:
        """Write one TypedDict as an exported interface (once)."""
        if cls in self.done:
            return
        self.done.add(cls)
        # With postponed annotations Python 3.11 cannot see NotRequired in __optional_keys__:
        # read it from the hints themselves.
        hints = get_type_hints(cls, include_extras=True)
        optional = {n for n, h in hints.items() if get_origin(h) is typing.NotRequired}
        optional |= set(getattr(cls, "__optional_keys__", ()))
        optional -= {n for n, h in hints.items() if get_origin(h) is typing.Required}
        docs = _field_docs(cls)
        self.lines.append("")
        if cls.__doc__:
            self.lines.extend(_jsdoc(cls.__doc__, ""))
        self.lines.append(f"export interface {cls.__name__} {{")
        for name, hint in hints.items():
            if name in docs:
                self.lines.extend(_jsdoc(docs[name], "  "))
            mark = "?" if name in optional else ""
            key = name if name.isidentifier() else f'"{name}"'
            self.lines.append(f"  {key}{mark}: {self.ts(hint)};")
        self.lines.append("}")

    def section(self, name: str) -> Any:
        """Start the part of the file written from module ``name``; the module."""
        self.lines.append("")
        self.lines.append(f"// {'-' * 93}")
        self.lines.append(f"// {name.replace('.', '/')}.py")
        return importlib.import_module(name)

    def module(self, name: str) -> None:
        """Every TypedDict defined in module ``name``, then those they name."""
        module = self.section(name)
        for value in list(vars(module).values()):
            if is_typeddict(value) and value.__module__ == name and value not in self.done:
                self.interface(value)
        while self.queue:
            self.interface(self.queue.pop(0))

    def actions(self, name: str, prefix: str) -> None:
        """One interface per action of module ``name``'s ``CODEC`` (``type`` its kind, then its
        fields), named ``prefix`` and the class name, and their union ``<prefix>Action``."""
        names = []
        for cls in self.section(name).CODEC.classes:
            hints = get_type_hints(cls, include_extras=True)
            docs = _field_docs(cls)
            names.append(f"{prefix}{cls.__name__}")
            self.lines.append("")
            if cls.__doc__:
                self.lines.extend(_jsdoc(cls.__doc__, ""))
            self.lines.append(f"export interface {names[-1]} {{")
            self.lines.append(f'  type: "{cls.kind}";')
            for field in dataclasses.fields(cls):
                if field.name in docs:
                    self.lines.extend(_jsdoc(docs[field.name], "  "))
                self.lines.append(f"  {field.name}: {self.ts(hints[field.name])};")
            self.lines.append("}")
        self.lines.append("")
        self.lines.extend(_jsdoc("Every action of the game, told apart by its `type`.", ""))
        union = f"export type {prefix}Action = {' | '.join(names)};"
        if len(union) > 100:
            union = f"export type {prefix}Action =\n" + "\n".join(f"  | {n}" for n in names) + ";"
        self.lines.append(union)


def contract() -> str:
    """The text of web/js/views.d.ts."""
    writer = Writer()
    for name in MODULES:
        writer.module(name)
    for name, prefix in ACTIONS:
        writer.actions(name, prefix)
    imports = ""
    if writer.imported:
        names = ", ".join(sorted(writer.imported))
        imports = f'\nimport type {{ {names} }} from "./types.js";\n'
    return HEADER + imports + "\n".join(writer.lines) + "\n"


def main() -> int:
    """Write web/js/views.d.ts (``--check``: only say whether it is up to date)."""
    text = contract()
    if "--check" in sys.argv[1:]:
        same = OUT.is_file() and OUT.read_text(encoding="utf-8") == text
        print("web/js/views.d.ts is up to date" if same else "web/js/views.d.ts is stale")
        return 0 if same else 1
    OUT.write_text(text, encoding="utf-8")
    print(f"wrote {OUT.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.path.insert(0, str(ROOT))
    sys.exit(main())
