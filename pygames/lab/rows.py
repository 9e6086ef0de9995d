"""Result rows: one per game, written as CSV or JSON Lines (by the file's suffix) and read back.

A row holds what the game was (study, cell, game index, game, players, options, the bot in each
seat, seed) and how it went (winners, whether the win was shared, the seat that acted first,
turns and decisions, the end's reason, every seat's score). Bots decide from their seed, so
:func:`pygames.lab.play.record_of` rebuilds any row's whole game; an error row keeps the record
of the game up to the action that failed.

Rows hold no timings, so the same study gives the same rows on any executor; a finished file is
sorted by cell and game index.
"""

from __future__ import annotations

import csv
import io
import json
import os
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any

#: The columns, in order, with how each is written in CSV (JSON Lines keeps JSON's own types).
FIELDS: dict[str, str] = {
    "study": "str",
    "cell": "int",
    "index": "int",
    "game": "str",
    "players": "int",
    "options": "json",
    "seats": "json",
    "seed": "int",
    "winners": "json",
    "shared": "bool",
    "first": "int",
    "turns": "int",
    "actions": "int",
    "reason": "str",
    "reason_text": "str",
    "scores": "json",
    "error": "str",
    "record": "json",
}

Row = dict[str, Any]


class RowsError(ValueError):
    """A rows file that cannot be read (the message says which line and why)."""


def is_csv(path: Path) -> bool:
    """Whether ``path`` is written as CSV (else JSON Lines)."""
    return path.suffix.lower() == ".csv"


def key(row: Row) -> tuple[int, int]:
    """Where a row belongs in its study: (cell, game index)."""
    return int(row["cell"]), int(row["index"])


def _to_csv(row: Row) -> list[str]:
    out = []
    for name, kind in FIELDS.items():
        value = row.get(name)
        if kind == "json":
            out.append(
                "" if value is None else json.dumps(value, sort_keys=True, separators=(",", ":"))
            )
        elif kind == "bool":
            out.append("true" if value else "false")
        else:
            out.append(str(value))
    return out


def _from_csv(values: list[str], where: str) -> Row:
    if len(values) != len(FIELDS):
        raise RowsError(f"{where}: {len(values)} columns, expected {len(FIELDS)}")
    row: Row = {}
    for (name, kind), text in zip(FIELDS.items(), values, strict=True):
        try:
            if kind == "int":
                row[name] = int(text)
            elif kind == "bool":
                if text not in ("true", "false"):
                    raise ValueError(text)
                row[name] = text == "true"
            elif kind == "json":
                row[name] = None if text == "" else json.loads(text)
            else:
                row[name] = text
        except ValueError:
            raise RowsError(f"{where}: {name} is {text!r}") from None
    return row


def line_of(row: Row, csv_format: bool) -> str:
    """One row as a line of its file (newline included)."""
    if csv_format:
        buffer = io.StringIO()
        csv.writer(buffer, lineterminator="\n").writerow(_to_csv(row))
        return buffer.getvalue()
    return json.dumps({k: row.get(k) for k in FIELDS}, sort_keys=False) + "\n"


def header(csv_format: bool) -> str:
    """What a new file starts with (CSV's column names; nothing for JSON Lines)."""
    return ",".join(FIELDS) + "\n" if csv_format else ""


def read(path: Path, tolerate_cut: bool = False) -> list[Row]:
    """Every row of a CSV or JSON Lines file.

    ``tolerate_cut`` drops a last line left unfinished by a stopped run (no newline at its end);
    any other damage is a :class:`RowsError`.
    """
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise RowsError(f"{path}: cannot read it ({exc.strerror})") from None
    if tolerate_cut and text and not text.endswith("\n"):
        text = text[: text.rfind("\n") + 1]
    rows: list[Row] = []
    if is_csv(path):
        lines = list(csv.reader(io.StringIO(text)))
        if not lines:
            return rows
        if lines[0] != list(FIELDS):
            raise RowsError(f"{path}: line 1 is not this lab's header ({','.join(FIELDS)})")
        for n, values in enumerate(lines[1:], start=2):
            rows.append(_from_csv(values, f"{path}: line {n}"))
        return rows
    for n, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        try:
            row = json.loads(line)
        except ValueError:
            raise RowsError(f"{path}: line {n} is not JSON") from None
        missing = [f for f in FIELDS if not isinstance(row, dict) or f not in row]
        if missing:
            raise RowsError(f"{path}: line {n} lacks {missing[0]}")
        rows.append(row)
    return rows


def write(path: Path, rows: Iterable[Row]) -> None:
    """Write ``rows`` sorted by cell and game index, replacing ``path`` at once (a stop while
    writing leaves the old file whole)."""
    csv_format = is_csv(path)
    tmp = path.with_name(path.name + ".tmp")
    with tmp.open("w", encoding="utf-8", newline="") as f:
        f.write(header(csv_format))
        for row in sorted(rows, key=key):
            f.write(line_of(row, csv_format))
    os.replace(tmp, path)


class Appender:
    """Appends rows to a file as games finish (the order they finish in), flushing each batch,
    so that a stop keeps every finished game."""

    def __init__(self, path: Path, fresh: bool) -> None:
        self.csv = is_csv(path)
        if fresh or not path.exists() or path.stat().st_size == 0:
            path.write_text(header(self.csv), encoding="utf-8")
        else:
            _cut_unfinished_line(path)
        self.file = path.open("a", encoding="utf-8", newline="")

    def add(self, rows: Iterable[Row]) -> None:
        """Append and flush."""
        for row in rows:
            self.file.write(line_of(row, self.csv))
        self.file.flush()

    def close(self) -> None:
        """Close the file."""
        self.file.close()


def _cut_unfinished_line(path: Path) -> None:
    """Drop a last line without its newline (a run stopped while writing it)."""
    data = path.read_bytes()
    if data and not data.endswith(b"\n"):
        with path.open("r+b") as f:
            f.truncate(data.rfind(b"\n") + 1)


def by_cell(rows: Iterable[Row]) -> Iterator[tuple[int, list[Row]]]:
    """Rows grouped by cell, cells in order, each cell's rows by game index."""
    cells: dict[int, list[Row]] = {}
    for row in rows:
        cells.setdefault(int(row["cell"]), []).append(row)
    for cell in sorted(cells):
        yield cell, sorted(cells[cell], key=key)


__all__ = ["FIELDS", "Appender", "Row", "RowsError", "by_cell", "is_csv", "key", "read", "write"]
