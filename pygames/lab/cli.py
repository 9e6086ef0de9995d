"""``python -m pygames lab``: run a study, then summarise, plot, report or replay its rows.

    python -m pygames lab study.toml --out rows.csv [--workers 2 | --dask-local 2 |
                                                     --scheduler tcp://host:8786] [--resume]
    python -m pygames lab --game tanbo --players 2 --bots random,normal --games 40 --seed 7 \\
                          --out rows.csv
    python -m pygames lab summary rows.csv
    python -m pygames lab plot rows.csv [--out figures/] [--format png|svg]
    python -m pygames lab report rows.csv [--out report.html]
    python -m pygames lab replay rows.csv --cell 0 --game-index 3 [--out game.json]
    python -m pygames lab bench [--games 200] [--workers 1,2] [--no-dask]
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Sequence
from pathlib import Path

from ..core import GameError
from . import rows as rowsio
from .executors import Dask, Executor, ExecutorError, Local
from .run import cells_table, run_study, summary_path
from .study import Study, StudyError, load, one_cell
from .summary import summarise, text

COMMANDS = ("summary", "plot", "report", "replay", "bench")


def _fail(message: str) -> int:
    print(f"error: {message}", file=sys.stderr)
    return 2


def run_parser() -> argparse.ArgumentParser:
    """The parser of a study's run: ``python -m pygames lab [study.toml] [flags]``."""
    p = argparse.ArgumentParser(
        prog="python -m pygames lab",
        description="Run a study of bot games (a TOML file, or one cell from flags). "
        f"Other commands: {', '.join(COMMANDS)} (python -m pygames lab <command> --help).",
    )
    p.add_argument("study", nargs="?", type=Path, help="a study file (TOML)")
    one = p.add_argument_group("one cell, without a file")
    one.add_argument("--game", help="game id, e.g. tanbo")
    one.add_argument("--players", help="player counts, e.g. 4 or 3,4,5")
    one.add_argument("--bots", default="random,normal", help="line-up, e.g. random,normal")
    one.add_argument("--games", type=int, default=100, help="games (default 100)")
    one.add_argument("--seed", type=int, default=0, help="seed of the first game (default 0)")
    one.add_argument("--options", help="game options as JSON")
    one.add_argument("--fixed-seats", action="store_true", help="do not rotate the seats")
    one.add_argument("--name", default="study", help="the study's name in its rows")
    p.add_argument("--out", type=Path, required=True, help="rows file: .csv or .jsonl")
    p.add_argument("--resume", action="store_true", help="continue the study in --out")
    p.add_argument("--overwrite", action="store_true", help="replace --out if it exists")
    p.add_argument("--executor", choices=("local", "dask"), default="local")
    p.add_argument(
        "--workers",
        type=int,
        default=os.cpu_count() or 1,
        help="local processes (default: this machine's CPUs)",
    )
    p.add_argument("--scheduler", help="a running Dask scheduler, e.g. tcp://host:8786")
    p.add_argument(
        "--dask-local",
        type=int,
        metavar="N",
        help="start a Dask LocalCluster of N workers on 127.0.0.1",
    )
    p.add_argument("--batch", type=int, help="games per task (default: chosen per cell)")
    p.add_argument("--report", type=Path, help="also write an HTML report here")
    p.add_argument("--plots", type=Path, help="also write the figures into this folder")
    p.add_argument("--quiet", action="store_true", help="no progress bar, no summary")
    return p


def _study(args: argparse.Namespace) -> Study:
    if args.study is not None:
        if args.game:
            raise StudyError("give a study file or --game, not both")
        return load(args.study)
    if not args.game:
        raise StudyError("give a study file, or --game with --players and --bots")
    try:
        players = [int(p) for p in args.players.split(",")] if args.players else None
    except ValueError:
        raise StudyError(
            f"--players: expected numbers such as 3,4,5, got {args.players!r}"
        ) from None
    try:
        options = json.loads(args.options) if args.options else {}
    except ValueError:
        raise StudyError("--options: not JSON") from None
    return one_cell(
        args.game,
        players,
        args.bots,
        args.games,
        args.seed,
        options,
        rotate=not args.fixed_seats,
        name=args.name,
    )


def _executor(args: argparse.Namespace) -> Executor:
    if args.scheduler or args.dask_local is not None:
        args.executor = "dask"
    if args.executor == "dask":
        if not args.scheduler and args.dask_local is None:
            args.dask_local = args.workers
        return Dask(scheduler=args.scheduler, local=args.dask_local)
    return Local(args.workers)


def run(argv: Sequence[str]) -> int:
    """``lab [study.toml | flags] --out rows``."""
    args = run_parser().parse_args(argv)
    try:
        study = _study(args)
        executor = _executor(args)
        if args.out.suffix.lower() not in (".csv", ".jsonl"):
            raise StudyError(f"--out: {args.out.name} should end in .csv or .jsonl")
        result = run_study(
            study,
            args.out,
            executor,
            resume=args.resume,
            overwrite=args.overwrite,
            progress=sys.stderr,
            batch=args.batch,
        )
    except (StudyError, ExecutorError, GameError) as exc:
        return _fail(str(exc))
    summaries = summarise(result.rows) if result.rows else []
    if result.interrupted or not result.complete:
        print(
            f"stopped: {len(result.rows)} of {result.planned} games kept in {args.out}; "
            "the same command with --resume continues",
            file=sys.stderr,
        )
        return 130
    summary_path(args.out).write_text(
        json.dumps(
            {
                "study": study.name,
                "games": result.planned,
                "errors": result.errors,
                "cells": cells_table(study.cells),
                "summary": summaries,
            },
            indent=2,
        )
        + "\n"
    )
    if not args.quiet:
        print(text(summaries))
        print(
            f"\n{result.planned} games ({result.played} played now, {result.resumed} "
            f"resumed), {result.errors} errors; rows in {args.out}, summary in "
            f"{summary_path(args.out)}"
        )
    try:
        if args.plots:
            from .plots import write as write_plots

            for path in write_plots(result.rows, args.plots):
                print(f"figure: {path}")
        if args.report:
            from .report import write as write_report

            print(f"report: {write_report(result.rows, args.report, study.name)}")
    except RuntimeError as exc:
        return _fail(str(exc))
    return 1 if result.errors else 0


def _rows(path: Path) -> list[rowsio.Row]:
    rows = rowsio.read(path)
    if not rows:
        raise rowsio.RowsError(f"{path}: no rows")
    return rows


def tools(command: str, argv: Sequence[str]) -> int:
    """The commands that read a rows file, and the benchmark."""
    p = argparse.ArgumentParser(prog=f"python -m pygames lab {command}")
    if command == "bench":
        p.add_argument("--games", type=int, default=200, help="games per setting")
        cpus = os.cpu_count() or 2
        p.add_argument(
            "--workers",
            default="1,2" + (f",{cpus}" if cpus > 2 else ""),
            help="worker counts, the first 1 (default 1,2,<CPUs>)",
        )
        p.add_argument("--trials", type=int, default=3)
        p.add_argument("--no-dask", action="store_true")
        p.add_argument("--json", action="store_true")
        args = p.parse_args(argv)
        from .bench import bench, default_settings, report

        workers = [int(w) for w in args.workers.split(",")]
        if workers[0] != 1:
            return _fail("--workers must start with 1 (the baseline)")
        results = bench(default_settings(args.games), workers, args.trials, not args.no_dask)
        print(json.dumps(results, indent=2) if args.json else report(results))
        return 0
    p.add_argument("rows", type=Path, help="a rows file (.csv or .jsonl)")
    if command == "plot":
        p.add_argument("--out", type=Path, help="folder (default: <rows>-figures)")
        p.add_argument("--format", choices=("png", "svg"), default="png")
    elif command == "report":
        p.add_argument("--out", type=Path, help="HTML file (default: <rows>.html)")
    elif command == "replay":
        p.add_argument("--cell", type=int, default=0)
        p.add_argument("--game-index", type=int, required=True)
        p.add_argument("--out", type=Path, help="record file (default: print it)")
    else:
        p.add_argument("--json", action="store_true")
    args = p.parse_args(argv)
    try:
        rows = _rows(args.rows)
        if command == "summary":
            summaries = summarise(rows)
            print(json.dumps(summaries, indent=2) if args.json else text(summaries))
        elif command == "plot":
            from .plots import write as write_plots

            folder = args.out or args.rows.with_name(args.rows.stem + "-figures")
            for path in write_plots(rows, folder, args.format):
                print(path)
        elif command == "report":
            from .report import write as write_report

            out = args.out or args.rows.with_suffix(".html")
            print(write_report(rows, out, args.rows.stem))
        else:
            from .play import record_of

            found = [r for r in rows if (r["cell"], r["index"]) == (args.cell, args.game_index)]
            if not found:
                raise rowsio.RowsError(
                    f"{args.rows}: no game {args.game_index} in cell {args.cell}"
                )
            record = json.dumps(record_of(found[0]))
            if args.out:
                args.out.write_text(record + "\n")
                print(args.out)
            else:
                print(record)
    except (rowsio.RowsError, RuntimeError, GameError) as exc:
        return _fail(str(exc))
    return 0


def main(argv: Sequence[str]) -> int:
    """Entry point of ``python -m pygames lab``."""
    if argv and argv[0] in COMMANDS:
        return tools(argv[0], argv[1:])
    return run(argv)


__all__ = ["main"]
