"""Bot-versus-bot simulations, for designers studying balance.

>>> result = simulate("tanbo", games=4, seed=1, bots=["random", "normal"])
>>> result["games"], result["errors"]
(4, 0)
"""

from __future__ import annotations

import time
import traceback
from collections.abc import Callable, Sequence
from typing import Any

from .bots import Bot, make_bot
from .core import Action, JsonDict, Rng
from .games import get_game


def seating(bots: Sequence[str], players: int, game_index: int) -> list[str]:
    """The bot name in each seat for one game: the list cycled, rotated by one seat per game so
    that every bot takes every seat in turn.

    >>> seating(["random", "greedy"], 2, 0), seating(["random", "greedy"], 2, 1)
    (['random', 'greedy'], ['greedy', 'random'])
    """
    return [bots[(seat + game_index) % len(bots)] for seat in range(players)]


def play_one(game_id: str, names: Sequence[str], seed: int, options: JsonDict) -> tuple[Any, int]:
    """Play one bot game; returns the final state and the number of actions taken.

    At every step each seat that *may* act (not awaited) is asked once, in seat order, before
    the awaited seat decides, as the page does.
    """
    bots = [make_bot(game_id, n) for n in names]
    return play_bots(game_id, bots, seed, options)


def play_bots(
    game_id: str,
    bots: Sequence[Bot],
    seed: int,
    options: JsonDict,
    clock: Callable[[int, float], None] | None = None,
    on_action: Callable[[int, Action], None] | None = None,
) -> tuple[Any, int]:
    """:func:`play_one` with bot objects, one per seat; ``clock(seat, seconds)`` is told the
    CPU time of every decision a bot is asked for (declines included), ``on_action(seat,
    action)`` every action before it is applied (a record of the game: the lab keeps it)."""
    game = get_game(game_id)
    state = game.new_state(len(bots), seed, options)
    rng = Rng(seed ^ 0x5EED)
    actions = 0

    def ask(seat: int) -> Action | None:
        started = time.process_time()
        choice = bots[seat].choose(game, state.view(seat), seat, state.legal_actions(seat), rng)
        if clock is not None:
            clock(seat, time.process_time() - started)
        return choice

    while not state.is_over():
        actions += 1
        awaited = state.awaiting()
        acted = False
        for seat in state.actors():
            if seat in awaited:
                continue
            choice = ask(seat)
            if choice is not None:
                if on_action is not None:
                    on_action(seat, choice)
                state.apply(seat, choice)
                acted = True
                break
        if acted:
            continue
        seat = awaited[0]
        action = ask(seat)
        if action is None:
            raise RuntimeError(f"bot {bots[seat].name!r} declined an awaited decision")
        if on_action is not None:
            on_action(seat, action)
        state.apply(seat, action)
    return state, actions


def simulate(
    game_id: str,
    games: int,
    seed: int,
    bots: Sequence[str],
    players: int | None = None,
    options: JsonDict | None = None,
) -> JsonDict:
    """Play ``games`` bot games and summarise them.

    Returns ``games``, ``errors`` (games that raised), ``error_samples``, ``wins_by_bot`` (share
    of games won per bot name, a shared win split evenly), ``mean_turns``, ``reasons`` (how
    games ended) and ``games_per_second``.
    """
    game = get_game(game_id)
    players = players or max(game.min_players, min(len(bots), game.max_players))
    opts = game.validate_options(players, options or {})
    for name in set(bots):
        make_bot(game_id, name)  # an unknown bot fails here, before any game
    wins: dict[str, float] = {name: 0.0 for name in bots}
    reasons: dict[str, int] = {}
    errors: list[str] = []
    turns = finished = 0
    started = time.perf_counter()
    for i in range(games):
        names = seating(bots, players, i)
        try:
            state, _ = play_one(game_id, names, seed + i, opts)
        except Exception as exc:  # counted and reported, never hidden
            errors.append(f"game seed {seed + i}: {type(exc).__name__}: {exc}")
            if len(errors) == 1:
                errors.append(traceback.format_exc(limit=5))
            continue
        outcome = state.outcome()
        assert outcome is not None
        finished += 1
        for w in outcome.winners:
            wins[names[w]] += 1 / len(outcome.winners)
        reason = str(outcome.reason)
        reasons[reason] = reasons.get(reason, 0) + 1
        turns += state.turns_taken()
    elapsed = time.perf_counter() - started
    error_count = games - finished
    return {
        "game": game_id,
        "players": players,
        "games": games,
        "seed": seed,
        "bots": list(bots),
        "errors": error_count,
        "error_samples": errors[:4],
        "wins_by_bot": {k: round(v / games, 4) if games else 0.0 for k, v in wins.items()},
        "reasons": reasons,
        "mean_turns": round(turns / finished, 2) if finished else 0.0,
        "games_per_second": round(games / elapsed, 2) if elapsed > 0 else 0.0,
        "seconds": round(elapsed, 3),
    }
