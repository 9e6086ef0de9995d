"""How the lab scales: games per second for 1, 2 and N local workers and for a Dask
LocalCluster of the same sizes, each as a ratio to one worker.

Every trial is a whole ``python -m pygames lab`` command in a new process, timed from its start
to its exit: the interpreter's start, the imports, a pool's or a cluster's start and the rows
written are all in, and no trial inherits another's warm caches. Scaling efficiency is
``rate(w) / (w * rate(1))`` on the same executor (100 %: w workers play w times as fast);
``x local`` is the rate over one local worker's. Trials are interleaved, so that a change in
the machine's load falls on every configuration alike; figures are medians with their range.
This is a benchmark: it prints figures and asserts nothing about time.
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path

from ..core import JsonDict


def command(setting: JsonDict, kind: str, workers: int, out: Path) -> list[str]:
    """The lab command line of one trial."""
    players = ",".join(str(p) for p in setting["players"])
    where = ["--workers", str(workers)] if kind == "local" else ["--dask-local", str(workers)]
    return [
        sys.executable,
        "-m",
        "pygames",
        "lab",
        "--game",
        setting["game"],
        "--players",
        players,
        "--bots",
        setting["bots"],
        "--games",
        str(setting["games"]),
        "--seed",
        str(setting["seed"]),
        "--out",
        str(out),
        "--overwrite",
        "--quiet",
        *where,
    ]


def _time(setting: JsonDict, kind: str, workers: int, folder: Path) -> float:
    out = folder / "rows.jsonl"
    started = time.perf_counter()
    subprocess.run(command(setting, kind, workers, out), check=True, stdout=subprocess.DEVNULL)
    elapsed = time.perf_counter() - started
    out.unlink()
    return elapsed


def bench(
    settings: Sequence[JsonDict],
    workers: Sequence[int],
    trials: int = 3,
    dask: bool = True,
) -> list[JsonDict]:
    """Time every setting (``one_cell`` arguments) on every executor; one result per pair.

    ``workers`` must start with 1, the baseline."""
    if not workers or workers[0] != 1:
        raise ValueError("the worker counts must start with 1")
    configs: list[tuple[str, int]] = [("local", w) for w in workers]
    if dask:
        configs += [("dask", w) for w in workers]
    times: dict[tuple[int, str, int], list[float]] = {}
    with tempfile.TemporaryDirectory() as tmp:
        for _ in range(trials):
            for s, setting in enumerate(settings):
                for kind, w in configs:
                    times.setdefault((s, kind, w), []).append(_time(setting, kind, w, Path(tmp)))
    results = []
    for s, setting in enumerate(settings):

        def rate(kind: str, w: int, s: int = s, setting: JsonDict = setting) -> float:
            return float(setting["games"] / statistics.median(times[(s, kind, w)]))

        for kind, w in configs:
            runs = times[(s, kind, w)]
            results.append(
                {
                    "game": setting["game"],
                    "bots": setting["bots"],
                    "games": setting["games"],
                    "executor": kind,
                    "workers": w,
                    "seconds": round(statistics.median(runs), 2),
                    "seconds_range": [round(min(runs), 2), round(max(runs), 2)],
                    "games_per_second": round(rate(kind, w), 2),
                    "x_local": round(rate(kind, w) / rate("local", 1), 2),
                    "efficiency": round(rate(kind, w) / (w * rate(kind, 1)), 3),
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
        f"{'setting':<38} {'executor':<8} {'w':>2} {'s':>7} {'range':>13} {'games/s':>8}"
        f" {'x local':>7} {'eff':>5}"
    ]
    for r in results:
        setting = f"{r['game']} {r['bots']} x{r['games']}"
        low, high = r["seconds_range"]
        lines.append(
            f"{setting:<38} {r['executor']:<8} {r['workers']:>2} {r['seconds']:>7.2f}"
            f" {f'{low:.2f}-{high:.2f}':>13} {r['games_per_second']:>8.1f}"
            f" {r['x_local']:>7.2f} {r['efficiency']:>5.0%}"
        )
    lines.append(
        "(each trial a whole command, start-up included; x local: games per second over one "
        f"local worker's; eff: over w times one worker of the same executor; {os.cpu_count()} "
        "CPUs here)"
    )
    return "\n".join(lines)


__all__ = ["bench", "default_settings", "report"]
