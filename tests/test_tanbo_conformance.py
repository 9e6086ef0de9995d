"""The shared random-play test for Tanbo, with a check that no view leaks the generator."""

from __future__ import annotations

import json
import time
from typing import Any

import pytest

from pygames.core import Rng, State
from pygames.games import get_game
from pygames.tanbo import TanboState
from tests.conformance import play_random_games, soak_games

GAME = get_game("tanbo")
JUNK = [
    {"type": "no-such-action"},
    {},
    "sow",
    {"type": None},
    {"type": "place", "token": "dragon"},
    {"type": "farmer", "paddy": 9},
    {"type": "farmer", "paddy": True},
    {"type": "take", "rice": "snake"},
    {"type": "swap", "a": [0, "snake"], "b": [0, "snake"]},
    {"type": "remove", "paddy": 0, "token": "farmer"},
]


_calls: list[int] = []


def no_generator_in_view(state: State, seat: int, view: dict[str, Any]) -> None:
    """Ruling T8: the order of bag draws is the only secret; the view never holds the RNG."""
    assert isinstance(state, TanboState)
    text = json.dumps(view)
    assert "rng" not in text and "seed" not in text
    if state.rng.state >= 10**6:  # small numbers (a fresh seed) appear in any view
        assert str(state.rng.state) not in text
    assert set(view["table"]["bag"]) == {"yellow", "black", "red"}
    # Everything else is in the view: a state rebuilt from it differs only in its generator
    # (checked on a sample of views, to keep 2000 games quick).
    _calls.append(seat)
    if len(_calls) % 8:
        return
    rebuilt = GAME.state_from_view(view, seat, Rng(seat)).to_json()
    original = state.to_json()
    assert rebuilt.pop("rng") != original.pop("rng") or state.rng.state == Rng(seat).state
    assert rebuilt == original


@pytest.mark.slow
def test_random_games_keep_the_contract() -> None:
    # A win by 20 points in one turn is rare in random play (1 game in 200 from seed 20,000):
    # the batch starts where the everyday run's four games show every way to win and every kind
    # of decision.
    count = soak_games(2000, everyday=4)
    started = time.perf_counter()
    summary = play_random_games(
        GAME, 2, count=count, seed=20_049, leak_check=no_generator_in_view, junk_actions=JUNK
    )
    elapsed = time.perf_counter() - started
    assert summary.games == count
    # Every kind of decision and every way to win shows up in random play.
    assert set(summary.action_kinds) == {"farmer", "place", "swap", "take", "return", "remove"}
    assert set(summary.reasons) == {
        "reached 25 points",
        "led by 20 points",
        "scored 20 points in one turn",
    }
    print(f"{count} random Tanbo games: {summary.steps / count:.1f} steps each, {elapsed:.1f} s")


@pytest.mark.slow
def test_random_games_from_a_custom_setup_and_the_second_player() -> None:
    # Three games from the setup with the second player first in make test; volume in the soak.
    setup = {"paddies": [[{"snakes": 1, "rice": 3}] * 5, [{"snakes": 3, "rice": 1}] * 5]}
    play_random_games(
        GAME,
        2,
        count=soak_games(150, everyday=3),
        seed=7,
        options={"first_player": 1, "setup": setup},
        leak_check=no_generator_in_view,
        junk_actions=JUNK,
    )
