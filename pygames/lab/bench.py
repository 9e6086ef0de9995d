"""How the lab scales: games per second for 1, 2 and N local workers and for a Dask
LocalCluster of the same sizes, with each figure's ratio to one local worker.

Scaling efficiency is ``rate(w) / (w * rate(1))``: 100 % means w workers play w times as fast.
Each run is a whole study, timed from the call to the last row written (a pool's or a cluster's
start included; the cluster's start is also shown on its own). Trials are interleaved so that
a change in the machine's load falls on every configuration alike; figures are medians.
This is a benchmark: it prints figures and asserts nothing about time.
"""

from __future__ import annotations

import io
import os
import statistics
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path

from ..core import JsonDict
from .executors import Dask, Executor, Local
from .run import run_study
from .study import one_cell


def _time(executor: Executor, study_args: JsonDict, folder: Path) -> tuple[float, float]:
    study = one_cell(**study_args)
    out = folder / "rows.jsonl"
    started = time.perf_counter()
    if isinstance(executor, Dask):
        executor.start()
    ready = time.perf_counter() - started
    result = run_study(study, out, executor, overwrite=True, progress=io.StringIO())
    elapsed = time.perf_counter() - started
    if not result.complete or result.errors:
        raise RuntimeError(f"bench study incomplete or with errors: {result.errors} errors")
    out.unlink()
    return elapsed, ready


def bench(
    settings: Sequence[JsonDict],
    workers: Sequence[int],
    trials: int = 3,
    dask: bool = True,
) -> list[JsonDict]:
    """Time every setting (``one_cell`` arguments) on every executor; one result per pair."""
    configs: list[tuple[str, int]] = [("local", w) for w in workers]
    if dask:
        configs += [("dask", w) for w in workers]
    times: dict[tuple[int, str, int], list[tuple[float, float]]] = {}
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        for _ in range(trials):
            for s, setting in enumerate(settings):
                for kind, w in configs:
                    executor: Executor = Local(w) if kind == "local" else Dask(local=w)
                    times.setdefault((s, kind, w), []).append(_time(executor, setting, folder))
    results = []
    for s, setting in enumerate(settings):
        base = statistics.median(t for t, _ in times[(s, "local", workers[0])])
        base_rate = setting["games"] / base / workers[0]  # one worker's rate
        for kind, w in configs:
            runs = times[(s, kind, w)]
            elapsed = statistics.median(t for t, _ in runs)
            rate = setting["games"] / elapsed
            results.append(
                {
                    "game": setting["game"],
                    "bots": setting["bots"],
                    "games": setting["games"],
                    "executor": kind,
                    "workers": w,
                    "seconds": round(elapsed, 2),
                    "seconds_range": [
                        round(min(t for t, _ in runs), 2),
                        round(max(t for t, _ in runs), 2),
                    ],
                    "start_seconds": round(statistics.median(r for _, r in runs), 2),
                    "games_per_second": round(rate, 2),
                    "speedup": round(rate / base_rate, 2),
                    "efficiency": round(rate / (w * base_rate), 3),
                    "ms_per_game_per_worker": round(1000 * w / rate, 1),
                }
            )
    return results


def default_settings(games: int) -> list[JsonDict]:
    """Random and Normal ("greedy") bots in every game, ``games`` games each."""
    return [
        {"game": "tanbo", "players": [2], "bots": "random,random", "games": games, "seed": 1},
        {"game": "tanbo", "players": [2], "bots": "normal,random", "games": games, "seed": 1},
        {
            "game": "humble_tea_party",
            "players": [4],
            "bots": "normal,random",
            "games": games,
            "seed": 1,
        },
        {
            "game": "storm_in_a_teacup",
            "players": [4],
            "bots": "normal,random",
            "games": games,
            "seed": 1,
        },
    ]


def report(results: Sequence[JsonDict]) -> str:
    """The figures as a table."""
    lines = [
        f"{'setting':<38} {'executor':<8} {'w':>2} {'s':>7} {'range':>13} {'start':>6}"
        f" {'games/s':>8} {'x1':>5} {'eff':>5}"
    ]
    for r in results:
        setting = f"{r['game']} {r['bots']} x{r['games']}"
        low, high = r["seconds_range"]
        lines.append(
            f"{setting:<38} {r['executor']:<8} {r['workers']:>2} {r['seconds']:>7.2f}"
            f" {f'{low:.2f}-{high:.2f}':>13} {r['start_seconds']:>6.2f}"
            f" {r['games_per_second']:>8.1f} {r['speedup']:>5.2f} {r['efficiency']:>5.0%}"
        )
    lines.append(
        f"(x1: games per second over one local worker's; eff: x1 / workers; "
        f"{os.cpu_count()} CPUs here)"
    )
    return "\n".join(lines)


__all__ = ["bench", "default_settings", "report"]
