"""Bot against bot with seats rotated: how often bot A wins, with a 95 % confidence interval.

Game ``i`` (seed ``seed + i``) puts bot A in seat ``i mod players`` and bot B in every other
seat, so A takes each seat equally often. A shared win counts ``1/k`` to each of its ``k``
winners. The win rate's interval is Wilson's score interval, which behaves at 0 % and 100 %
where the normal approximation does not. The fair share is ``1/players``: what A would win if
it were no better than B.

``budget`` (seconds of CPython CPU a move) is handed to both bots with
:meth:`Bot.budgeted`: a search bot turns it into iterations with its game's measured rate
(``iterations_per_second``), so a move stays reproducible; other bots ignore it. With
``workers`` above 1 the games run on a local process pool; every result but the timings is
identical for any number of workers.

>>> r = arena("tanbo", 2, "random", "random", games=4, seed=1)
>>> r["games"], r["fair_share"], len(r["per_seat"])
(4, 0.5, 2)
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from .bots import make_bot
from .core import BadOptions, JsonDict, Message
from .games import get_game
from .simulate import play_bots

Z95 = 1.959964  # the standard normal's 97.5 % quantile


def wilson(wins: float, games: int, z: float = Z95) -> tuple[float, float]:
    """Wilson's score interval for a proportion ``wins / games`` (``(0, 1)`` for no games).

    >>> low, high = wilson(8, 10)
    >>> round(low, 3), round(high, 3)
    (0.49, 0.943)
    """
    if games <= 0:
        return 0.0, 1.0
    p = wins / games
    z2 = z * z
    centre = (p + z2 / (2 * games)) / (1 + z2 / games)
    half = z / (1 + z2 / games) * math.sqrt(p * (1 - p) / games + z2 / (4 * games * games))
    return max(0.0, centre - half), min(1.0, centre + half)


def play_game(task: tuple[str, int, str, str, int, int, float | None, JsonDict]) -> JsonDict:
    """One arena game: ``(game, players, a, b, seed, a_seat, budget, options)`` in; the
    winners, A's seat and A's decision times (seconds) out. Top level, for process pools."""
    game_id, players, a, b, seed, a_seat, budget, options = task
    bots = [make_bot(game_id, a if s == a_seat else b) for s in range(players)]
    if budget is not None:
        bots = [bot.budgeted(budget) for bot in bots]
    times: list[float] = []

    def clock(seat: int, seconds: float) -> None:
        if seat == a_seat:
            times.append(seconds)

    state, actions = play_bots(game_id, bots, seed, options, clock)
    outcome = state.outcome()
    assert outcome is not None
    return {
        "seed": seed,
        "a_seat": a_seat,
        "winners": list(outcome.winners),
        "actions": actions,
        "a_times": times,
    }


def arena(
    game_id: str,
    players: int,
    a: str,
    b: str,
    games: int,
    seed: int,
    budget: float | None = None,
    workers: int = 1,
    options: JsonDict | None = None,
) -> JsonDict:
    """Play ``games`` games of A against B (see the module docstring) and summarise them.

    Returns ``games``, ``a_win_rate``, ``ci95`` ``[low, high]``, ``fair_share``,
    ``a_ms_per_move`` and ``a_max_ms_per_move`` (CPU time of A's decisions), ``per_seat``
    (for each seat: games A sat there and A's win rate there), ``mean_actions`` and the
    arguments.
    """
    game = get_game(game_id)
    opts = game.validate_options(players, options or {})
    for name in (a, b):
        make_bot(game_id, name)  # an unknown bot fails here, before any game
    if games < 1:
        raise BadOptions(Message.of("core.arena.games"))
    if budget is not None and not budget > 0:
        raise BadOptions(Message.of("core.arena.budget"))
    tasks = [(game_id, players, a, b, seed + i, i % players, budget, opts) for i in range(games)]
    results = _run(tasks, workers)
    wins = 0.0
    seat_games = [0] * players
    seat_wins = [0.0] * players
    times: list[float] = []
    actions = 0
    for r in results:
        share = 1.0 / len(r["winners"]) if r["a_seat"] in r["winners"] else 0.0
        wins += share
        seat_games[r["a_seat"]] += 1
        seat_wins[r["a_seat"]] += share
        times.extend(r["a_times"])
        actions += r["actions"]
    low, high = wilson(wins, games)
    return {
        "game": game_id,
        "players": players,
        "a": a,
        "b": b,
        "seed": seed,
        "budget": budget,
        "games": games,
        "a_wins": round(wins, 4),
        "a_win_rate": round(wins / games, 4),
        "ci95": [round(low, 4), round(high, 4)],
        "fair_share": round(1 / players, 4),
        "a_ms_per_move": round(1000 * sum(times) / len(times), 2) if times else 0.0,
        "a_max_ms_per_move": round(1000 * max(times), 2) if times else 0.0,
        "a_moves": len(times),
        "mean_actions": round(actions / games, 2),
        "per_seat": [
            {
                "seat": s,
                "games": seat_games[s],
                "a_win_rate": round(seat_wins[s] / seat_games[s], 4) if seat_games[s] else None,
            }
            for s in range(players)
        ],
    }


def _run(tasks: Sequence[Any], workers: int) -> list[JsonDict]:
    if workers <= 1 or len(tasks) <= 1:
        return [play_game(t) for t in tasks]
    from concurrent.futures import ProcessPoolExecutor  # the command line only, never Pyodide

    with ProcessPoolExecutor(max_workers=workers) as pool:
        return list(pool.map(play_game, tasks))


def report(result: JsonDict) -> str:
    """The arena's summary as a few lines of text."""
    low, high = result["ci95"]
    budget = "levels' own" if result["budget"] is None else f"{result['budget']} s"
    lines = [
        f"{result['game']}, {result['players']} players: {result['a']} (A, one seat, rotated) "
        f"against {result['b']} (B), budget {budget}, seed {result['seed']}",
        f"games              {result['games']}",
        f"A win rate         {result['a_win_rate']:.1%}  (95 % CI {low:.1%} - {high:.1%}, Wilson)",
        f"fair share         {result['fair_share']:.1%}",
        f"A ms per move      {result['a_ms_per_move']} mean, {result['a_max_ms_per_move']} max "
        f"(CPU, {result['a_moves']} decisions)",
        "per seat of A:",
    ]
    for row in result["per_seat"]:
        rate = "-" if row["a_win_rate"] is None else f"{row['a_win_rate']:.1%}"
        lines.append(f"  seat {row['seat'] + 1}: {row['games']} games, A won {rate}")
    return "\n".join(lines)


__all__ = ["arena", "play_game", "report", "wilson"]
