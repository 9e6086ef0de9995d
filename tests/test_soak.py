"""The soak's short run, on every change (issue 11): a few hundred seeded random games across
every game and player count, and a thousand fuzzed bridge calls. ``make soak`` runs the full
counts (tests/soak.py); the figures of a full run are in the README."""

from __future__ import annotations

import pytest

from tests.soak import SETTINGS, fuzz_bridge, play_batch

GAMES_EACH = 25  # 250 games in all
CALLS = 1_000


@pytest.mark.parametrize(("game", "players"), SETTINGS)
def test_a_short_soak_of_random_games_finds_no_error(game: str, players: int) -> None:
    result = play_batch(game, players, first_seed=2_000_000 + 1000 * players, count=GAMES_EACH)
    assert result.games == GAMES_EACH
    assert result.errors == []


def test_a_thousand_fuzzed_bridge_calls_are_each_answered_in_words() -> None:
    result = fuzz_bridge(CALLS, seed=2)
    assert result.calls == CALLS, result.exceptions[:5]
    assert result.internal == []
    assert result.exceptions == []
    assert result.not_words == []
    assert result.changed == []
    # Every bridge function was called, and the fuzz reached both answers and refusals.
    from pygames.bridge import CALLS as FUNCTIONS

    assert set(result.by_call) == set(FUNCTIONS)
    assert result.answered_ok > 50 and result.refused > 300
    print(f"slowest call {result.slowest_ms:.1f} ms: {result.slowest_call}")
