"""Time the Strong bots' search on fixed positions, under CPython here and under the vendored
Pyodide in Node (``node scripts/bot_speed.mjs``), to state the Pyodide/CPython ratio.

Prints one JSON object: seconds per move of each game's Strong bot at its own iteration count,
from a few positions reached by seeded Normal play. Both runtimes run this same file. The
clock is the wall clock (Pyodide's process_time is not CPU time under Node), so run both on an
idle machine.
"""

from __future__ import annotations

import json
import sys
import time


def measure() -> dict[str, float]:
    from pygames.bots import make_bot
    from pygames.core import Rng
    from pygames.games import get_game

    out: dict[str, float] = {}
    for game_id, players in (("tanbo", 2), ("storm_in_a_teacup", 4), ("humble_tea_party", 4)):
        game = get_game(game_id)
        normal = make_bot(game_id, "normal")
        strong = make_bot(game_id, "strong")
        total = 0.0
        moves = 0
        for seed in (1, 2, 3):
            state = game.new_state(players, seed, {})
            rng = Rng(seed)
            for step in range(12):
                if state.is_over():
                    break
                seat = state.awaiting()[0]
                view, legal = state.view(seat), state.legal_actions(seat)
                if step % 4 == 3:
                    start = time.perf_counter()
                    strong.choose(game, view, seat, legal, Rng(seed * 100 + step))
                    total += time.perf_counter() - start
                    moves += 1
                action = normal.choose(game, view, seat, legal, rng)
                assert action is not None
                state.apply(seat, action)
        out[game_id] = round(total / max(1, moves), 4)
    return out


if __name__ == "__main__":
    runtime = "pyodide" if sys.platform == "emscripten" else "cpython"
    print(json.dumps({"runtime": runtime, "seconds_per_move": measure()}))
