"""Running a study: plan the batches, hand them to an executor, keep every finished row.

Rows are appended to the output as batches finish, so Ctrl-C (or a lost machine) keeps every
game played; ``resume`` reads them back, checks they are this study's, and plays only the games
missing. When every game is in, the file is rewritten sorted by cell and game index: the same
study gives the same file whatever the executor, the number of workers or the stops on the way.
"""

from __future__ import annotations

import math
import sys
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TextIO

from ..core import JsonDict
from . import rows as rowsio
from .executors import Executor
from .play import batches
from .progress import Progress
from .rows import Row
from .study import Cell, Study, StudyError

#: The most games in one task: enough to pay for sending it, few enough to share the work out.
MAX_BATCH = 25
#: Bots that take seconds a game: one game a task, so that work spreads and a stop loses little.
SLOW_BOTS = frozenset({"strong"})


@dataclass
class Outcome:
    """What a run did."""

    rows: list[Row] = field(default_factory=list)
    planned: int = 0
    played: int = 0
    resumed: int = 0
    interrupted: bool = False

    @property
    def complete(self) -> bool:
        """Whether every game of the study has its row."""
        return len(self.rows) == self.planned

    @property
    def errors(self) -> int:
        """Games that ended in an error."""
        return sum(1 for r in self.rows if r["error"])


def batch_size(cell: Cell, games_left: int, workers: int, fixed: int | None = None) -> int:
    """Games per task for a cell: ``fixed`` if given; one for slow bots; else enough tasks for
    every worker to take about eight, at most :data:`MAX_BATCH` games each."""
    if fixed is not None:
        return max(1, fixed)
    if SLOW_BOTS & set(cell.lineup):
        return 1
    return max(1, min(MAX_BATCH, math.ceil(games_left / (8 * max(1, workers)))))


def _same_game(row: Row, study: Study) -> str | None:
    """Why ``row`` is not a game of ``study`` (``None`` if it is)."""
    index = int(row["cell"])
    if not 0 <= index < len(study.cells):
        return f"cell {index} is not in the study"
    cell = study.cells[index]
    game = int(row["index"])
    expected = {
        "study": study.name,
        "game": cell.game,
        "players": cell.players,
        "options": cell.options,
        "seats": cell.seats(game),
        "seed": cell.seed + game,
    }
    if not 0 <= game < cell.games:
        return f"game {game} is beyond cell {index}'s {cell.games}"
    for name, value in expected.items():
        if row[name] != value:
            return f"its {name} is {row[name]!r}, this study's is {value!r}"
    return None


def finished_rows(path: Path, study: Study) -> list[Row]:
    """The rows of ``study`` already in ``path`` (one per game); raises :class:`StudyError` if
    the file holds another study's rows."""
    try:
        found = rowsio.read(path, tolerate_cut=True)
    except rowsio.RowsError as exc:
        raise StudyError(f"--resume: {exc}") from None
    kept: dict[tuple[int, int], Row] = {}
    for n, row in enumerate(found, start=1):
        problem = _same_game(row, study)
        if problem is not None:
            raise StudyError(f"--resume: {path} row {n} is not from this study ({problem})")
        kept[rowsio.key(row)] = row
    return list(kept.values())


def run_study(
    study: Study,
    out: Path,
    executor: Executor,
    resume: bool = False,
    overwrite: bool = False,
    progress: TextIO | None = None,
    batch: int | None = None,
) -> Outcome:
    """Play every game of ``study`` not yet in ``out``, appending rows as they come.

    ``progress`` is where the bar goes (drawn only on a terminal). KeyboardInterrupt stops the
    executor and returns what was finished (``interrupted``); nothing finished is lost.
    """
    if out.exists() and out.stat().st_size and not (resume or overwrite):
        raise StudyError(f"{out} exists: --resume continues it, --overwrite replaces it")
    done = finished_rows(out, study) if resume and out.exists() else []
    result = Outcome(rows=list(done), planned=study.games, resumed=len(done))
    keys = {rowsio.key(r) for r in done}
    left = {c.index: c.games - sum(1 for k in keys if k[0] == c.index) for c in study.cells}
    sizes = {c.index: batch_size(c, left[c.index], executor.workers, batch) for c in study.cells}
    todo = batches(study.name, study.cells, keys, sizes)
    bar = Progress(study.games, progress or sys.stderr, done=len(done))
    appender = rowsio.Appender(out, fresh=not resume)
    try:
        if todo:
            executor.start()
            for finished in executor.run(todo):
                appender.add(finished)
                result.rows += finished
                result.played += len(finished)
                bar.update(len(finished))
    except KeyboardInterrupt:
        result.interrupted = True
    finally:
        appender.close()
        executor.stop()
        bar.close()
    if result.complete:
        rowsio.write(out, result.rows)
    result.rows.sort(key=rowsio.key)
    return result


def summary_path(out: Path) -> Path:
    """Where the summary of ``out`` goes: ``rows.csv`` -> ``rows.summary.json``."""
    return out.with_name(out.stem + ".summary.json")


def cells_table(cells: Sequence[Cell]) -> list[JsonDict]:
    """The study's cells as JSON (for the summary file)."""
    return [
        {
            "cell": c.index,
            "label": c.label(),
            "game": c.game,
            "players": c.players,
            "options": c.options,
            "lineup": list(c.lineup),
            "rotate": c.rotate,
            "games": c.games,
            "seed": c.seed,
        }
        for c in cells
    ]


__all__ = ["Outcome", "batch_size", "cells_table", "finished_rows", "run_study", "summary_path"]
