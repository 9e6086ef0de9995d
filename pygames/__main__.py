"""Command line: ``python -m pygames play|simulate|arena|lab|bench|games``.

``play`` plays a whole game in the terminal, against bots or with people at one keyboard;
``simulate`` plays bot games for balance studies; ``arena`` pits bot A (one seat, rotated)
against bot B and prints A's win rate with a 95 % interval and its time a move; ``bench``
prints speed figures (with ratios to a random game in the same run); ``games`` lists the games
and their bots; ``lab`` runs studies of many settings on local processes or a Dask
cluster, with resumable rows, summaries, figures and reports (``python -m pygames lab --help``).
(The built site is served by ``scripts/serve.py``, which ``make serve`` runs.)
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from pathlib import Path

from . import __version__
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


def _arena(args: argparse.Namespace) -> int:
    from .arena import arena, report
    from .games import get_game

    try:
        options = json.loads(args.options) if args.options else {}
        players = args.players or get_game(args.game).min_players
        result = arena(
            args.game,
            players,
            args.a,
            args.b,
            args.games,
            args.seed,
            args.budget,
            args.workers,
            options,
        )
    except (GameError, json.JSONDecodeError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    print(json.dumps(result, indent=2) if args.json else report(result))
    return 0


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


def _play(args: argparse.Namespace) -> int:
    from .terminal import play

    try:
        options = json.loads(args.options) if args.options else {}
    except json.JSONDecodeError as exc:
        print(f"error: --options is not JSON: {exc}", file=sys.stderr)
        return 2
    return play(
        args.game,
        args.seats.split(",") if args.seats else None,
        names=[n.strip() for n in args.names.split(",")] if args.names else (),
        seed=args.seed,
        options=options,
        lang=args.lang,
        load=args.load,
        save=args.save,
        colour=args.colour,
    )


def _games(args: argparse.Namespace) -> int:
    from .bots import bot_names
    from .games import all_games

    for g in all_games():
        print(
            f"{g.id:<20} {g.title:<22} {g.min_players}-{g.max_players} players, "
            f"bots: {', '.join(bot_names(g.id))}"
        )
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of ``python -m pygames``."""
    argv = list(sys.argv[1:] if argv is None else argv)
    if argv and argv[0] == "lab":
        # The lab has its own commands and flags (pygames/lab/cli.py).
        from .lab.cli import main as lab_main

        return lab_main(argv[1:])
    args = parser().parse_args(argv)
    result: int = args.run(args)
    return result


def parser() -> argparse.ArgumentParser:
    """The command line's parser (but ``lab``'s own flags: :func:`pygames.lab.cli.run_parser`)."""
    parser = argparse.ArgumentParser(prog="python -m pygames", description=__doc__)
    parser.add_argument("--version", action="version", version=f"pygames {__version__}")
    sub = parser.add_subparsers(dest="command", required=True)

    pla = sub.add_parser(
        "play", help="play a game in the terminal, against bots or with people at one keyboard"
    )
    pla.add_argument("game", nargs="?", help="game id, e.g. tanbo (not needed with --load)")
    pla.add_argument(
        "--seats",
        default=None,
        help="comma-separated: human or a bot level per seat, e.g. human,normal "
        "(default: you against Normal bots, the game's fewest players)",
    )
    pla.add_argument("--names", default=None, help="comma-separated names of the seats")
    pla.add_argument("--seed", type=int, default=None, help="the deal's seed (default: random)")
    pla.add_argument("--options", default=None, help="game options as JSON")
    pla.add_argument("--lang", choices=("en", "ja"), default="en", help="language (default en)")
    pla.add_argument(
        "--load",
        type=Path,
        default=None,
        help="open a save file (the page's Save writes the same files)",
    )
    pla.add_argument(
        "--save",
        type=Path,
        default=None,
        help="the file that s (save) writes, also written on leaving or at the end",
    )
    pla.add_argument(
        "--colour",
        "--color",
        dest="colour",
        action="store_true",
        default=None,
        help="colour even when the output is not a terminal",
    )
    pla.add_argument(
        "--no-colour",
        "--no-color",
        dest="colour",
        action="store_false",
        help="plain text even on a terminal",
    )
    pla.set_defaults(run=_play)

    sim = sub.add_parser("simulate", help="play bot games and report statistics")
    sim.add_argument("game", help="game id, e.g. tanbo")
    sim.add_argument("--games", type=int, default=100, help="number of games (default 100)")
    sim.add_argument("--seed", type=int, default=0, help="seed of the first game (default 0)")
    sim.add_argument("--bots", default="random,normal", help="comma-separated bot names")
    sim.add_argument("--players", type=int, default=None, help="players per game")
    sim.add_argument("--options", default=None, help="game options as JSON")
    sim.add_argument("--json", action="store_true", help="print JSON instead of a table")
    sim.set_defaults(run=_simulate)

    are = sub.add_parser("arena", help="bot A in one seat (rotated) against bot B elsewhere")
    are.add_argument("game", help="game id, e.g. tanbo")
    are.add_argument("--players", type=int, default=None, help="players (default: the least)")
    are.add_argument("--a", default="strong", help="bot A (default strong)")
    are.add_argument("--b", default="normal", help="bot B, every other seat (default normal)")
    are.add_argument("--games", type=int, default=20, help="number of games (default 20)")
    are.add_argument("--seed", type=int, default=0, help="seed of the first game (default 0)")
    are.add_argument(
        "--budget",
        type=float,
        default=None,
        help="seconds of CPython CPU a move for search bots, turned into "
        "iterations by the game's measured rate (default: each level's own)",
    )
    are.add_argument("--workers", type=int, default=1, help="processes (results identical)")
    are.add_argument("--options", default=None, help="game options as JSON")
    are.add_argument("--json", action="store_true", help="print JSON instead of text")
    are.set_defaults(run=_arena)

    ben = sub.add_parser("bench", help="time bot games and core operations (ratios to random)")
    ben.add_argument("game", nargs="?", default=None, help="game id (default: every game)")
    ben.add_argument("--games", type=int, default=20, help="games per bot (default 20)")
    ben.add_argument("--players", type=int, default=None)
    ben.add_argument("--seed", type=int, default=1)
    ben.add_argument("--json", action="store_true")
    ben.set_defaults(run=_bench)

    sub.add_parser(
        "lab",
        help="studies: many settings, many games, on many cores; python -m pygames lab --help",
    )

    lst = sub.add_parser("games", help="list the games and their bots")
    lst.set_defaults(run=_games)
    return parser


if __name__ == "__main__":
    sys.exit(main())
