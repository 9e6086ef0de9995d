"""One game of a cell in, one row out; and batches of games, the unit an executor runs.

A task is ``(study name, cell, game indices)``: small games are batched so that the cost of
sending a task to a worker stays small against the games it plays. Everything here is a
top-level function of plain data, so a process pool or a Dask worker can run it.
"""

from __future__ import annotations

import traceback
from collections.abc import Sequence

from ..bots import make_bot
from ..core import Action, JsonDict, MatchRecord, Seat, State
from ..simulate import play_bots
from .rows import Row
from .study import Cell

#: A batch: the study's name, the cell, and the indices of the games to play in it.
Batch = tuple[str, Cell, tuple[int, ...]]


def _record(cell: Cell, index: int, names: Sequence[str]) -> MatchRecord:
    return MatchRecord(
        game=cell.game,
        seats=[Seat(f"{name} {seat + 1}", name) for seat, name in enumerate(names)],
        seed=cell.seed + index,
        options=dict(cell.options),
    )


def _play_into(record: MatchRecord, cell: Cell, names: Sequence[str]) -> tuple[State, int]:
    """Play the record's game with the named bots, adding each action to the record as it is
    taken (so that a game that fails keeps its actions up to the failure)."""

    def keep(seat: int, action: Action) -> None:
        record.actions.append((seat, action.to_json()))

    bots = [make_bot(cell.game, name) for name in names]
    state: State
    state, actions = play_bots(cell.game, bots, record.seed, cell.options, on_action=keep)
    return state, actions


def play(study: str, cell: Cell, index: int) -> Row:
    """Play the cell's ``index``-th game (seed ``cell.seed + index``) and describe it.

    An exception inside the game is caught: the row says what it was and keeps the record up to
    the action that failed, and the study goes on.
    """
    names = cell.seats(index)
    record = _record(cell, index, names)
    row: Row = {
        "study": study,
        "cell": cell.index,
        "index": index,
        "game": cell.game,
        "players": cell.players,
        "options": cell.options,
        "seats": names,
        "seed": record.seed,
        "winners": [],
        "shared": False,
        "first": -1,
        "turns": 0,
        "actions": 0,
        "reason": "",
        "reason_text": "",
        "scores": [],
        "error": "",
        "record": None,
    }
    try:
        state, actions = _play_into(record, cell, names)
        outcome = state.outcome()
        assert outcome is not None
    except Exception as exc:  # a row of its own, with the record that caused it
        lines = traceback.format_exc(limit=4).strip().splitlines()
        where = lines[-3].strip() if len(lines) > 2 else ""
        row["error"] = f"{type(exc).__name__}: {exc} ({where})"
        row["record"] = record.to_json()
        row["actions"] = len(record.actions)
        return row
    row.update(
        winners=list(outcome.winners),
        shared=len(outcome.winners) > 1,
        first=record.actions[0][0] if record.actions else -1,
        turns=state.turns_taken(),
        actions=actions,
        reason=outcome.reason.id,
        reason_text=str(outcome.reason),
        scores=list(outcome.scores),
    )
    return row


def play_batch(batch: Batch) -> list[Row]:
    """Every game of a batch, in order."""
    study, cell, indices = batch
    return [play(study, cell, i) for i in indices]


def record_of(row: Row) -> JsonDict:
    """The whole game of a row, as a match record the page opens (a save file or a replay).

    Played again from the row's seed and bots: the same bots on the same seed make the same
    decisions, so this is the very game the row describes.
    """
    if row.get("record"):
        return dict(row["record"])
    cell = Cell(
        int(row["cell"]),
        str(row["game"]),
        int(row["players"]),
        dict(row["options"]),
        tuple(row["seats"]),
        False,
        1,
        int(row["seed"]),
    )
    record = _record(cell, 0, cell.lineup)
    _play_into(record, cell, cell.lineup)
    return dict(record.to_json())


def batches(
    study: str, cells: Sequence[Cell], done: set[tuple[int, int]], per_batch: dict[int, int]
) -> list[Batch]:
    """The games still to play, cut into batches of ``per_batch[cell]`` games."""
    out: list[Batch] = []
    for cell in cells:
        todo = [i for i in range(cell.games) if (cell.index, i) not in done]
        size = max(1, per_batch.get(cell.index, 1))
        out += [(study, cell, tuple(todo[k : k + size])) for k in range(0, len(todo), size)]
    return out


__all__ = ["Batch", "batches", "play", "play_batch", "record_of"]
