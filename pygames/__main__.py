"""Command line: ``python -m pygames simulate|bench|games``.

``simulate`` plays bot games for balance studies; ``bench`` prints speed figures (with ratios
to a random game in the same run); ``games`` lists the games and their bots.
(The built site is served by ``scripts/serve.py``, which ``make serve`` runs.)
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence

from .core import GameError, JsonDict


def _table(result: JsonDict) -> str:
    lines = [
        f"{result['game']}: {result['games']} games, {result['players']} players, "
        f"seed {result['seed']}",
        "",
        f"{'bot':<12} {'win share':>9}",
    ]
    for name, share in result["wins_by_bot"].items():
        lines.append(f"{name:<12} {share:>9.1%}")
    lines += ["", "how games ended:"]
    for reason, n in sorted(result["reasons"].items(), key=lambda kv: -kv[1]):
        lines.append(f"  {n:>6}  {reason}")
    lines += [
        "",
        f"mean turns        {result['mean_turns']}",
        f"games per second  {result['games_per_second']}",
        f"errors            {result['errors']}",
    ]
    lines += result["error_samples"]
    return "\n".join(lines)


def _simulate(args: argparse.Namespace) -> int:
    from .simulate import simulate

    bots = [b.strip() for b in args.bots.split(",") if b.strip()]
    try:
        options = json.loads(args.options) if args.options else {}
        result = simulate(args.game, args.games, args.seed, bots, args.players, options)
    except (GameError, json.JSONDecodeError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    print(json.dumps(result, indent=2) if args.json else _table(result))
    return 1 if result["errors"] else 0


def _bench(args: argparse.Namespace) -> int:
    from .bench import bench
    from .games import all_games, get_game

    try:
        ids = [get_game(args.game).id] if args.game else [g.id for g in all_games()]
    except GameError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    results = []
    for game_id in ids:
        game = get_game(game_id)
        players = args.players or game.min_players
        results.append(bench(game_id, players, args.games, args.seed))
    if args.json:
        print(json.dumps(results, indent=2))
    else:
        for r in results:
            print(f"{r['game']} ({r['players']} players, {r['games']} games per bot)")
            for key, value in r.items():
                if key not in ("game", "players", "games"):
                    print(f"  {key:<32} {value}")
    return 0


def _games(args: argparse.Namespace) -> int:
    from .bots import bot_names
    from .games import all_games

    for g in all_games():
        print(f"{g.id:<20} {g.title:<22} {g.min_players}-{g.max_players} players, "
              f"bots: {', '.join(bot_names(g.id))}")
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of ``python -m pygames``."""
    parser = argparse.ArgumentParser(prog="python -m pygames", description=__doc__)
    sub = parser.add_subparsers(dest="command", required=True)

    sim = sub.add_parser("simulate", help="play bot games and report statistics")
    sim.add_argument("game", help="game id, e.g. tanbo")
    sim.add_argument("--games", type=int, default=100, help="number of games (default 100)")
    sim.add_argument("--seed", type=int, default=0, help="seed of the first game (default 0)")
    sim.add_argument("--bots", default="random,greedy", help="comma-separated bot names")
    sim.add_argument("--players", type=int, default=None, help="players per game")
    sim.add_argument("--options", default=None, help="game options as JSON")
    sim.add_argument("--json", action="store_true", help="print JSON instead of a table")
    sim.set_defaults(run=_simulate)

    ben = sub.add_parser("bench", help="time bot games and core operations (ratios to random)")
    ben.add_argument("game", nargs="?", default=None, help="game id (default: every game)")
    ben.add_argument("--games", type=int, default=20, help="games per bot (default 20)")
    ben.add_argument("--players", type=int, default=None)
    ben.add_argument("--seed", type=int, default=1)
    ben.add_argument("--json", action="store_true")
    ben.set_defaults(run=_bench)

    lst = sub.add_parser("games", help="list the games and their bots")
    lst.set_defaults(run=_games)

    args = parser.parse_args(argv)
    result: int = args.run(args)
    return result


if __name__ == "__main__":
    sys.exit(main())
