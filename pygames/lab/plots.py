"""A study's figures, drawn with matplotlib (``pip install 'pygames[lab]'``).

- ``seats``: win rate per seat, one panel per cell, with 95 % interval bars and the fair share;
- ``bots``: each bot's win rate against the player count, one line per game and line-up (only
  for studies with cells at more than one player count);
- ``length``: a histogram of game lengths (turns) per cell;
- ``scores``: the distribution of final scores per game: Humble Tea Party totals (lowest wins),
  Tanbo points, Storm in a Teacup cards left.

Every figure is drawn off screen (Agg), so this runs on a server with no display.
"""

from __future__ import annotations

import io
import json
import math
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from ..core import JsonDict
from ..games import get_game
from .rows import Row, by_cell
from .summary import summarise

SCORE_NAMES = {
    "tanbo": "points (most wins)",
    "humble_tea_party": "total (lowest wins)",
    "storm_in_a_teacup": "cards left (0 or 1 wins)",
}


def _pyplot() -> Any:
    try:
        import matplotlib
    except ImportError:
        raise RuntimeError("plots need matplotlib: pip install 'pygames[lab]'") from None
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    return plt


def _grid(n: int) -> tuple[int, int]:
    cols = min(3, n)
    return math.ceil(n / cols), cols


def seats_figure(summaries: Sequence[JsonDict]) -> Any:
    """Win rate per seat with interval bars, one panel per cell."""
    plt = _pyplot()
    rows, cols = _grid(len(summaries))
    fig, axes = plt.subplots(rows, cols, figsize=(4.2 * cols, 3.2 * rows), squeeze=False)
    for ax, s in zip(axes.flat, summaries, strict=False):
        rates = [r["rate"] or 0.0 for r in s["seats"]]
        low = [rate - r["ci95"][0] for rate, r in zip(rates, s["seats"], strict=True)]
        high = [r["ci95"][1] - rate for rate, r in zip(rates, s["seats"], strict=True)]
        seats = [str(i + 1) for i in range(len(rates))]
        ax.bar(seats, rates, yerr=[low, high], capsize=4, color="#6b8f3a")
        ax.axhline(s["fair_share"], color="#a33", linestyle="--", linewidth=1, label="fair share")
        ax.set_ylim(0, 1)
        ax.set_title(_wrap(s["label"]), fontsize=9)
        ax.set_xlabel("seat")
        ax.set_ylabel("win rate")
    for ax in list(axes.flat)[len(summaries) :]:
        ax.axis("off")
    axes.flat[0].legend(fontsize=8)
    fig.suptitle("Win rate per seat (95 % interval)")
    fig.tight_layout()
    return fig


def _rule_options(s: JsonDict) -> str:
    """The options of a cell that change the rules (not who sits where), if not defaults."""
    defaults = get_game(s["game"]).default_options(s["players"])
    changed = [
        f"{k}={json.dumps(v)}"
        for k, v in sorted(s["options"].items())
        if k not in _SEATING_OPTIONS and defaults.get(k) != v
    ]
    return " ".join(changed)


def bots_figure(summaries: Sequence[JsonDict]) -> Any | None:
    """Each bot's win rate by player count; ``None`` when no series has two player counts.

    A series is one bot in one line-up under one set of rules, across the player counts."""
    series: dict[tuple[str, str, str, str], list[tuple[int, JsonDict]]] = {}
    for s in summaries:
        lineup = ",".join(s["bots"])
        for name, rate in s["bots"].items():
            key = (s["game"], lineup, _rule_options(s), name)
            series.setdefault(key, []).append((s["players"], rate))
    series = {k: sorted(v, key=lambda p: p[0]) for k, v in series.items() if len(v) > 1}
    if not series:
        return None
    plt = _pyplot()
    games = sorted({k[0] for k in series})
    fig, axes = plt.subplots(1, len(games), figsize=(5.5 * len(games), 3.8), squeeze=False)
    for ax, game in zip(axes.flat, games, strict=True):
        counts: set[int] = set()
        for (g, lineup, rules, name), points in sorted(series.items()):
            if g != game:
                continue
            xs = [p for p, _ in points]
            counts.update(xs)
            ys = [r["rate"] or 0.0 for _, r in points]
            err = [
                [y - r["ci95"][0] for y, (_, r) in zip(ys, points, strict=True)],
                [r["ci95"][1] - y for y, (_, r) in zip(ys, points, strict=True)],
            ]
            others = [b for b in lineup.split(",") if b != name]
            label = name + (f" vs {','.join(others)}" if others else "")
            ax.errorbar(
                xs,
                ys,
                yerr=err,
                marker="o",
                capsize=3,
                label=label + (f" ({rules})" if rules else ""),
            )
        fair = sorted(counts)
        ax.plot(fair, [1 / p for p in fair], color="#888", linestyle=":", label="fair share")
        ax.set_xticks(fair)
        ax.set_title(game)
        ax.set_xlabel("players")
        ax.set_ylabel("win rate per seat held")
        ax.set_ylim(0, 1)
        ax.legend(fontsize=8)
    fig.suptitle("Win rate by player count (95 % interval)")
    fig.tight_layout()
    return fig


# Options that only say who sits where or who starts: not a different rule set.
_SEATING_OPTIONS = {"first_player", "start_player", "host", "teams"}


def length_figure(rows: Sequence[Row]) -> Any:
    """Histograms of game length (turns), one panel per cell."""
    plt = _pyplot()
    cells = [(c, [r for r in rs if not r["error"]]) for c, rs in by_cell(rows)]
    grid_rows, cols = _grid(len(cells))
    fig, axes = plt.subplots(grid_rows, cols, figsize=(4.2 * cols, 3.0 * grid_rows), squeeze=False)
    summaries = {s["cell"]: s for s in summarise(rows)}
    for ax, (cell, cell_rows) in zip(axes.flat, cells, strict=False):
        turns = [int(r["turns"]) for r in cell_rows]
        ax.hist(turns, bins=min(30, max(5, len(set(turns)))), color="#4a7ab0")
        ax.set_title(_wrap(summaries[cell]["label"]), fontsize=9)
        ax.set_xlabel("turns")
        ax.set_ylabel("games")
    for ax in list(axes.flat)[len(cells) :]:
        ax.axis("off")
    fig.suptitle("Game length")
    fig.tight_layout()
    return fig


def scores_figure(rows: Sequence[Row]) -> Any:
    """Final scores of every seat, per game (all cells of a game together)."""
    plt = _pyplot()
    by_game: dict[str, list[int]] = {}
    for r in rows:
        if not r["error"]:
            by_game.setdefault(r["game"], []).extend(int(s) for s in r["scores"])
    games = sorted(by_game)
    fig, axes = plt.subplots(1, len(games), figsize=(4.8 * len(games), 3.4), squeeze=False)
    for ax, game in zip(axes.flat, games, strict=True):
        scores = by_game[game]
        low, high = min(scores), max(scores)
        ax.hist(scores, bins=range(low, high + 2), align="left", color="#c08a3e")
        ax.set_title(game)
        ax.set_xlabel(SCORE_NAMES.get(game, "score"))
        ax.set_ylabel("seats")
    fig.suptitle("Final scores")
    fig.tight_layout()
    return fig


def _wrap(label: str, width: int = 42) -> str:
    if len(label) <= width:
        return label
    cut = label.rfind(" ", 0, width)
    cut = cut if cut > 0 else width
    return label[:cut] + "\n" + _wrap(label[cut:].strip(), width)


def figures(rows: Sequence[Row]) -> dict[str, Any]:
    """Every figure the rows allow, by name."""
    if not rows:
        raise ValueError("no rows to plot")
    summaries = summarise(rows)
    out = {"seats": seats_figure(summaries)}
    bots = bots_figure(summaries)
    if bots is not None:
        out["bots"] = bots
    if any(not r["error"] for r in rows):
        out["length"] = length_figure(rows)
        out["scores"] = scores_figure(rows)
    return out


def write(rows: Sequence[Row], folder: Path, fmt: str = "png") -> list[Path]:
    """Write every figure to ``folder`` as ``<name>.<fmt>`` (png or svg); returns the paths."""
    if fmt not in ("png", "svg"):
        raise ValueError(f"unknown figure format {fmt!r} (png or svg)")
    plt = _pyplot()
    folder.mkdir(parents=True, exist_ok=True)
    paths = []
    for name, fig in figures(rows).items():
        path = folder / f"{name}.{fmt}"
        # Fixed metadata: the same rows make the same file.
        metadata = {"Software": None} if fmt == "png" else {"Date": None}
        fig.savefig(path, format=fmt, dpi=110, metadata=metadata)
        plt.close(fig)
        paths.append(path)
    return paths


def encoded(rows: Sequence[Row]) -> dict[str, bytes]:
    """Every figure as PNG bytes (for the HTML report)."""
    plt = _pyplot()
    out = {}
    for name, fig in figures(rows).items():
        buffer = io.BytesIO()
        fig.savefig(buffer, format="png", dpi=100, metadata={"Software": None})
        plt.close(fig)
        out[name] = buffer.getvalue()
    return out


__all__ = ["SCORE_NAMES", "encoded", "figures", "write"]
