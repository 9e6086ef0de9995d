"""Time the Strong bots' thinking on whole games, under CPython here and under the vendored
Pyodide in Node (``node scripts/bot_speed.mjs``), to state the Pyodide/CPython ratio and the
slowest move a player waits for.

Prints one JSON object: for each game, Strong's decisions in whole games against Normal (seeds
1 to 6, Strong in the first seat, the same bot object all game, as a match keeps it) with the
mean and the slowest in seconds. Both runtimes run this same file and play the same moves, so
their figures compare move for move. The clock is the wall clock (Pyodide's process_time is not
CPU time under Node), so run both on an idle machine.
"""

from __future__ import annotations

import json
import sys
import time

GAMES = (("tanbo", 2), ("storm_in_a_teacup", 4), ("humble_tea_party", 4))
SEEDS = range(1, 7)


def measure() -> dict[str, dict[str, float]]:
    from pygames.bots import make_bot
    from pygames.core import Rng
    from pygames.games import get_game

    out: dict[str, dict[str, float]] = {}
    for game_id, players in GAMES:
        game = get_game(game_id)
        times: list[float] = []
        for seed in SEEDS:
            state = game.new_state(players, seed, {})
            bots = [make_bot(game_id, "strong")]
            bots += [make_bot(game_id, "normal") for _ in range(players - 1)]
            step = 0
            while not state.is_over():
                acted = False
                for seat in state.actors():
                    view, legal = state.view(seat), state.legal_actions(seat)
                    rng = Rng(seed * 1_000_003 + step * 31 + seat)
                    start = time.perf_counter()
                    action = bots[seat].choose(game, view, seat, legal, rng)
                    if seat == 0:
                        times.append(time.perf_counter() - start)
                    if action is not None:
                        state.apply(seat, action)
                        step += 1
                        acted = True
                        break
                assert acted, "an awaited seat declined"
        out[game_id] = {
            "moves": len(times),
            "mean": round(sum(times) / len(times), 4),
            "max": round(max(times), 4),
        }
    return out


if __name__ == "__main__":
    runtime = "pyodide" if sys.platform == "emscripten" else "cpython"
    print(json.dumps({"runtime": runtime, "seconds_per_move": measure()}))
