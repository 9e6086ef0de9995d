"""Compile the ``.py`` files of a zip archive to ``.pyc``: the half of the bytecode build that
runs *inside* the vendored Pyodide (scripts/compile_pyc.mjs loads it in Node).

Bytecode is only accepted by an interpreter with the same magic number, so it must be made by
the very Python that runs it in the browser; that is why this is not run by the build's own
CPython. Standard library only.

The output is reproducible: entries are sorted, every timestamp is fixed, and each ``.pyc`` is
an *unchecked hash-based* one (PEP 552): its header holds a hash of the source instead of the
source's mtime, and the importer never compares it with a source, so it is valid with no
source beside it and does not depend on the files' dates. Each module's file name in its code
(``co_filename``, what tracebacks show) is ``<prefix>/<path in the zip>``: where the module
would be found at run time.

The bytecode is written where importing from a zip (zipimport) and a sourceless import from a
folder both look for it: ``name.pyc`` beside where ``name.py`` would be (not ``__pycache__``).

Docstrings may be left out (the standard library's: about a seventh of its compressed bytecode,
and nobody reads ``help()`` in the page). Only the docstrings go: unlike ``-OO``, asserts stay,
and line numbers are unchanged. The standard library is made to run with no docstrings (it is
tested under ``-OO``).
"""

from __future__ import annotations

import ast
import importlib.util
import io
import marshal
import sys
import zipfile

ZIP_DATE = (2020, 1, 1, 0, 0, 0)  # the same fixed date as scripts/build_site.py's archives


DOCUMENTED = (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)


def without_docstrings(tree: ast.Module) -> ast.Module:
    """``tree`` with the docstring of its module, classes and functions taken out (a body that
    was only a docstring becomes ``pass`` at the same place)."""
    for node in ast.walk(tree):
        if not isinstance(node, DOCUMENTED) or not node.body:
            continue
        first = node.body[0]
        value = first.value if isinstance(first, ast.Expr) else None
        if isinstance(value, ast.Constant) and isinstance(value.value, str):
            node.body = node.body[1:] or [ast.copy_location(ast.Pass(), first)]
    return tree


def pyc_bytes(source: bytes, filename: str, docstrings: bool = True) -> bytes:
    """The bytes of an unchecked hash-based ``.pyc`` of ``source`` (its code named ``filename``),
    with or without its docstrings."""
    code = compile(
        source if docstrings else without_docstrings(ast.parse(source, filename)),
        filename,
        "exec",
        dont_inherit=True,
        optimize=0,
    )
    flags = 0b01  # hash-based, check_source bit clear: never compared with a source
    return (
        importlib.util.MAGIC_NUMBER
        + flags.to_bytes(4, "little")
        + importlib.util.source_hash(source)
        + marshal.dumps(code)
    )


def compile_zip(
    source_zip: bytes, prefix: str, keep_sources: bool, docstrings: bool = True
) -> bytes:
    """A copy of the archive ``source_zip`` with a ``.pyc`` for every ``.py``.

    Other entries (data files, directories) are copied as they are. ``keep_sources`` keeps the
    ``.py`` files too (for tracebacks with source lines); the importers prefer the ``.pyc``.
    ``docstrings`` false leaves the docstrings out of the bytecode.
    ``{major}`` and ``{minor}`` in ``prefix`` become this interpreter's version numbers.
    """
    prefix = prefix.format(major=sys.version_info.major, minor=sys.version_info.minor)
    entries: dict[str, bytes] = {}
    with zipfile.ZipFile(io.BytesIO(source_zip)) as zin:
        for info in zin.infolist():
            data = zin.read(info)
            if info.filename.endswith(".py"):
                stem = info.filename[: -len(".py")]
                entries[stem + ".pyc"] = pyc_bytes(data, f"{prefix}/{info.filename}", docstrings)
                if not keep_sources:
                    continue
            entries[info.filename] = data
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as zout:
        for name in sorted(entries):
            info = zipfile.ZipInfo(name, date_time=ZIP_DATE)
            is_dir = name.endswith("/")
            info.compress_type = zipfile.ZIP_STORED if is_dir else zipfile.ZIP_DEFLATED
            info.external_attr = (0o40755 if is_dir else 0o100644) << 16
            zout.writestr(info, entries[name])
    return out.getvalue()
