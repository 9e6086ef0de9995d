"""Speed figures for the engine, measured in one run so that ratios are comparable.

The baseline is a whole game between random bots; everything else is reported in absolute
time and as a multiple of that baseline's cost per action, so a slower machine changes the
figures but hardly the ratios.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from typing import Any

from .bots import bot_names
from .core import JsonDict, Rng, State
from .games import get_game
from .simulate import play_one


def _ratio(x: float) -> float:
    """Three significant figures: a small ratio (a cheap call) must not round to 0."""
    return float(f"{x:.3g}")


def _time(fn: Callable[[], Any], repeat: int) -> float:
    """Best of three runs of ``repeat`` calls, in seconds per call."""
    best = float("inf")
    for _ in range(3):
        start = time.perf_counter()
        for _ in range(repeat):
            fn()
        best = min(best, (time.perf_counter() - start) / repeat)
    return best


def _midgame(game_id: str, players: int, seed: int) -> State:
    """The position halfway through a random game, to time single operations on."""
    game = get_game(game_id)
    rng = Rng(seed)
    state = game.new_state(players, seed, {})
    moves = []
    while not state.is_over():
        seat = state.awaiting()[0]
        action = rng.choice(state.legal_actions(seat))
        moves.append((seat, action))
        state.apply(seat, action)
    state = game.new_state(players, seed, {})
    for seat, action in moves[: len(moves) // 2]:
        state.apply(seat, action)
    return state


def bench(game_id: str, players: int, games: int, seed: int) -> JsonDict:
    """Time random and Normal games and the core operations of ``game_id``."""
    game = get_game(game_id)
    figures: JsonDict = {"game": game_id, "players": players, "games": games}

    def games_of(bots: list[str]) -> tuple[float, float]:
        start = time.perf_counter()
        actions = 0
        for i in range(games):
            names = [bots[(s + i) % len(bots)] for s in range(players)]
            actions += play_one(game_id, names, seed + i, {})[1]
        elapsed = time.perf_counter() - start
        return elapsed / games, elapsed / max(actions, 1)

    base_game, base_action = games_of(["random"])
    figures["random_game_ms"] = round(base_game * 1000, 3)
    bots = [b for b in ("normal",) if b in bot_names(game_id)]
    for name in bots:
        per_game, _ = games_of([name])
        figures[f"{name}_game_ms"] = round(per_game * 1000, 3)
        figures[f"{name}_game_vs_random"] = _ratio(per_game / base_game)

    state = _midgame(game_id, players, seed)
    seat = state.awaiting()[0] if not state.is_over() else 0
    ops: dict[str, Callable[[], Any]] = {
        "legal_actions": lambda: state.legal_actions(seat),
        "view": lambda: state.view(seat),
        "clone": state.clone,
        "to_json": state.to_json,
        "json_round_trip": lambda: game.state_from_json(json.loads(json.dumps(state.to_json()))),
        "determinize": lambda: state.determinize(seat, Rng(1)),
    }
    for name, fn in ops.items():
        per_call = _time(fn, 50)
        figures[f"{name}_us"] = round(per_call * 1e6, 1)
        figures[f"{name}_vs_random_action"] = _ratio(per_call / base_action)
    return figures
