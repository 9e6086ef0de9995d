"""The soak's short run, on every change: its own batches of games (one at each game and player
count, each setting's checks and step figures at work: the random games themselves are the
conformance tests' work, and their volume the full soak's; the journal test plays batches of
two), a thousand fuzzed bridge calls, and the page's saves and share links fuzzed.
``make soak`` runs the full counts (tests/soak.py); the figures of a full run are in
docs/testing.md."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests import soak
from tests.soak import SETTINGS, fuzz_bridge, fuzz_page, play_batch

GAMES_EACH = 1  # the batches work at every setting; make soak plays 10,000 each
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


def test_the_pages_saves_and_share_links_survive_fuzzing() -> None:
    settings = [("tanbo", 2), ("humble_tea_party", 3), ("storm_in_a_teacup", 2)]
    result = fuzz_page(saves=600, links=300, seed=2, settings=settings)
    assert result.failures == []
    assert result.saves["operations"] == 600 and result.links["links"] == 300
    # The fuzz reached full and denied storage, damaged saves, and links of every fate.
    assert result.saves["failed"] > 10 and result.saves["damaged"] > 10
    assert result.links["refused"] > 20 and result.links["passed"] > 20
    assert result.opened > 0 and result.refused > 0
    assert result.imported == result.links["passed"]


def test_a_journalled_soak_continues_where_it_stopped(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(soak, "SETTINGS", [("tanbo", 2)])
    monkeypatch.setattr(soak, "CHUNK", 2)
    journal = tmp_path / "soak.jsonl"
    first = soak.soak_games(4, seed=3, journal=journal)
    lines = journal.read_text().splitlines()
    assert len(lines) == 2 and first[0].games == 4 and first[0].errors == []

    # The first batch alone was kept (the run stopped mid-line after it): only the second is
    # played again, and the totals are those of an uninterrupted run.
    journal.write_text(lines[0] + "\n" + lines[1][:20])
    played: list[int] = []
    real = soak.play_batch

    def counting(game: str, players: int, first_seed: int, count: int) -> soak.GamesResult:
        played.append(first_seed)
        return real(game, players, first_seed, count)

    monkeypatch.setattr(soak, "play_batch", counting)
    again = soak.soak_games(4, seed=3, journal=journal)
    assert played == [json.loads(lines[1])["first_seed"]]
    assert (again[0].games, again[0].steps) == (first[0].games, first[0].steps)

    # A batch played by other sources (the rules or the checks changed) is played again.
    played.clear()
    stale = [json.dumps({**json.loads(line), "sources": "0" * 16}) for line in lines]
    journal.write_text("\n".join(stale) + "\n")
    soak.soak_games(4, seed=3, journal=journal)
    assert len(played) == 2
