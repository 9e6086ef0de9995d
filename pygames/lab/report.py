"""A study's report: one HTML file, figures embedded, that opens offline anywhere."""

from __future__ import annotations

import base64
import html
from collections.abc import Sequence
from pathlib import Path

from ..core import JsonDict
from . import plots
from .rows import Row
from .summary import summarise

_STYLE = """
body { font: 15px/1.45 system-ui, sans-serif; margin: 2rem auto; max-width: 72rem;
       padding: 0 1rem; color: #222; }
table { border-collapse: collapse; margin: .5rem 0 1.5rem; }
th, td { border: 1px solid #ccc; padding: .25rem .6rem; text-align: right; }
th:first-child, td:first-child { text-align: left; }
caption { text-align: left; font-weight: 600; padding: .3rem 0; }
img { max-width: 100%; height: auto; }
.bad { color: #a00; font-weight: 600; }
"""


def _pct(rate: JsonDict) -> str:
    if rate["rate"] is None:
        return "-"
    low, high = rate["ci95"]
    return f"{rate['rate']:.1%} <small>({low:.1%}-{high:.1%})</small>"


def _cell(s: JsonDict) -> str:
    e = html.escape
    seats = "".join(
        f"<tr><td>seat {i + 1}</td><td>{_pct(r)}</td></tr>" for i, r in enumerate(s["seats"])
    )
    bots = "".join(
        f"<tr><td>{e(name)}</td><td>{_pct(r)}</td><td>{r['games']}</td></tr>"
        for name, r in s["bots"].items()
    )
    reasons = "".join(
        f"<tr><td>{e(reason)}</td><td>{entry['games']}</td><td>{e(entry['example'])}</td></tr>"
        for reason, entry in s["reasons"].items()
    )
    first = s["first_player"]
    advantage = "-" if first["advantage"] is None else f"{first['advantage']:+.1%}"
    turns = s["turns"]
    errors = f'<span class="bad">{s["errors"]} errors</span>' if s["errors"] else "0 errors"
    shared = s["shared_wins"]
    return f"""
<section>
<h2>Cell {s["cell"]}: {e(s["label"])}</h2>
<p>{s["games"]} games, {errors}. Fair share {s["fair_share"]:.1%}. First player wins
{_pct(first)} (advantage {advantage}). Shared wins: {shared["games"]}.
Turns: mean {turns["mean"]}, median {turns["median"]}, 10-90 % {turns["p10"]}-{turns["p90"]}.</p>
<table><caption>Win rate per seat (95 % interval)</caption>
<tr><th>seat</th><th>win rate</th></tr>{seats}</table>
<table><caption>Win rate per bot (per seat held)</caption>
<tr><th>bot</th><th>win rate</th><th>seat-games</th></tr>{bots}</table>
<table><caption>How games ended</caption>
<tr><th>reason</th><th>games</th><th>for example</th></tr>{reasons}</table>
</section>"""


def render(rows: Sequence[Row], title: str) -> str:
    """The report as HTML text."""
    summaries = summarise(rows)
    figures = "".join(
        f'<figure><img alt="{html.escape(name)} figure" '
        f'src="data:image/png;base64,{base64.b64encode(data).decode()}"></figure>'
        for name, data in plots.encoded(rows).items()
    )
    cells = "".join(_cell(s) for s in summaries)
    errors = sum(s["errors"] for s in summaries)
    return f"""<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{html.escape(title)}</title><style>{_STYLE}</style></head>
<body><main>
<h1>{html.escape(title)}</h1>
<p>{len(rows)} games in {len(summaries)} cells, {errors} errors.</p>
{cells}
<h2>Figures</h2>
{figures}
</main></body></html>
"""


def write(rows: Sequence[Row], path: Path, title: str) -> Path:
    """Write the report to ``path``."""
    path.write_text(render(rows, title), encoding="utf-8")
    return path


__all__ = ["render", "write"]
