"""A study's summary, per cell: win rates with 95 % intervals, first-player advantage, game
lengths, how games ended, shared wins and errors.

A shared win counts ``1/k`` to each of its ``k`` winners. Win rates per seat and per bot are
shares of the games (or seat-games) played, with Wilson's score interval
(:func:`pygames.arena.wilson`); the fair share is ``1/players``. Error rows are counted and
left out of every rate.
"""

from __future__ import annotations

import statistics
from collections.abc import Iterable, Sequence
from typing import Any

from ..arena import wilson
from ..core import JsonDict
from .rows import Row, by_cell
from .study import label


def _rate(wins: float, games: int) -> JsonDict:
    low, high = wilson(wins, games)
    return {
        "games": games,
        "wins": round(wins, 4),
        "rate": round(wins / games, 4) if games else None,
        "ci95": [round(low, 4), round(high, 4)],
    }


def _quantile(values: Sequence[int], q: float) -> float:
    ordered = sorted(values)
    if not ordered:
        return 0.0
    pos = q * (len(ordered) - 1)
    low = int(pos)
    high = min(low + 1, len(ordered) - 1)
    return ordered[low] + (ordered[high] - ordered[low]) * (pos - low)


def label_of(row: Row) -> str:
    """The cell's label from one of its rows (:func:`pygames.lab.study.label`)."""
    return label(row["game"], int(row["players"]), row["options"], row["seats"])


def cell_summary(rows: Sequence[Row]) -> JsonDict:
    """The summary of one cell's rows."""
    first = rows[0]
    players = int(first["players"])
    ok = [r for r in rows if not r["error"]]
    errors = [r for r in rows if r["error"]]
    seat_wins = [0.0] * players
    bot_wins: dict[str, float] = {}
    bot_games: dict[str, int] = {}
    first_wins = 0.0
    first_games = 0
    reasons: dict[str, JsonDict] = {}
    shared = 0
    turns = [int(r["turns"]) for r in ok]
    score_sums = [0.0] * players
    for r in ok:
        winners = r["winners"]
        share = 1.0 / len(winners) if winners else 0.0
        for seat in winners:
            seat_wins[seat] += share
        for seat, name in enumerate(r["seats"]):
            bot_games[name] = bot_games.get(name, 0) + 1
            bot_wins[name] = bot_wins.get(name, 0.0) + (share if seat in winners else 0.0)
        if r["first"] >= 0:
            first_games += 1
            first_wins += share if r["first"] in winners else 0.0
        entry = reasons.setdefault(r["reason"], {"games": 0, "example": r["reason_text"]})
        entry["games"] += 1
        shared += bool(r["shared"])
        for seat, score in enumerate(r["scores"]):
            score_sums[seat] += score
    n = len(ok)
    first_rate = _rate(first_wins, first_games)
    fair = 1 / players
    advantage = None if first_rate["rate"] is None else round(first_rate["rate"] - fair, 4)
    return {
        "cell": int(first["cell"]),
        "label": label_of(first),
        "game": first["game"],
        "players": players,
        "options": first["options"],
        "games": len(rows),
        "errors": len(errors),
        "error_samples": [
            {"index": r["index"], "seed": r["seed"], "error": r["error"]} for r in errors[:3]
        ],
        "fair_share": round(fair, 4),
        "seats": [_rate(seat_wins[s], n) for s in range(players)],
        "bots": {name: _rate(bot_wins[name], bot_games[name]) for name in sorted(bot_games)},
        "first_player": {
            **first_rate,
            "advantage": advantage,
        },
        "shared_wins": {"games": shared, "rate": round(shared / n, 4) if n else None},
        "turns": {
            "mean": round(statistics.fmean(turns), 2) if turns else None,
            "min": min(turns, default=None),
            "p10": round(_quantile(turns, 0.1), 1),
            "median": round(_quantile(turns, 0.5), 1),
            "p90": round(_quantile(turns, 0.9), 1),
            "max": max(turns, default=None),
        },
        "mean_decisions": round(statistics.fmean(int(r["actions"]) for r in ok), 2) if ok else None,
        "mean_scores": [round(s / n, 3) for s in score_sums] if n else [],
        "reasons": dict(sorted(reasons.items(), key=lambda kv: -int(kv[1]["games"]))),
    }


def summarise(rows: Iterable[Row]) -> list[JsonDict]:
    """Every cell's summary, cells in order."""
    return [cell_summary(cell_rows) for _, cell_rows in by_cell(rows)]


def _pct(rate: JsonDict) -> str:
    if rate["rate"] is None:
        return "-"
    low, high = rate["ci95"]
    return f"{rate['rate']:.1%} ({low:.1%}-{high:.1%})"


def text(summaries: Sequence[JsonDict]) -> str:
    """The summaries as text for a terminal."""
    out: list[str] = []
    for s in summaries:
        out += [
            f"cell {s['cell']}: {s['label']}: {s['games']} games, {s['errors']} errors",
            f"  win rate per seat (95 % CI; fair {s['fair_share']:.1%}):",
        ]
        for seat, rate in enumerate(s["seats"]):
            out.append(f"    seat {seat + 1}: {_pct(rate)}")
        out.append("  win rate per bot (per seat it held):")
        for name, rate in s["bots"].items():
            out.append(f"    {name:<8} {_pct(rate)} of {rate['games']} seat-games")
        first: Any = s["first_player"]
        advantage = "-" if first["advantage"] is None else f"{first['advantage']:+.1%}"
        out.append(f"  first player: {_pct(first)}, advantage {advantage}")
        turns = s["turns"]
        out.append(
            f"  turns: mean {turns['mean']}, median {turns['median']}, 10-90 % "
            f"{turns['p10']}-{turns['p90']}, range {turns['min']}-{turns['max']}"
        )
        shared = s["shared_wins"]
        rate = "-" if shared["rate"] is None else f"{shared['rate']:.1%}"
        out.append(f"  shared wins: {shared['games']} ({rate})")
        out.append("  how games ended:")
        for reason, entry in s["reasons"].items():
            out.append(f'    {entry["games"]:>6}  {reason} (e.g. "{entry["example"]}")')
        for sample in s["error_samples"]:
            out.append(
                f"  error in game {sample['index']} (seed {sample['seed']}): {sample['error']}"
            )
    return "\n".join(out)


__all__ = ["cell_summary", "summarise", "text"]
