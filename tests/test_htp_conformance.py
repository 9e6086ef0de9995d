"""The shared random-play test for Humble Tea Party at 3-6 players, with a check that no view
shows another player's unrevealed favourite season (ruling H10) or the face-down tiles."""

from __future__ import annotations

import json
import time
from typing import Any

import pytest

from pygames.core import State
from pygames.games import get_game
from pygames.humble_tea_party import HtpState
from pygames.humble_tea_party.oribako import is_complete
from tests.conformance import play_random_games, soak_games

from .words import lines

GAME = get_game("humble_tea_party")
JUNK = [
    {"type": "no-such-action"},
    {},
    "keep",
    {"type": None},
    {"type": "keep", "deck": 3},
    {"type": "keep", "deck": True},
    {"type": "keep", "deck": 1.0},
    {"type": "place", "deck": 0, "target": 0, "x": 0},
    {"type": "place", "deck": 0, "target": 9, "x": 0, "y": 0},
    {"type": "place", "deck": 0, "target": 1, "x": 7, "y": 7},
    {"type": "tea", "seat": 1},
]


def no_secret_in_view(state: State, seat: int, view: dict[str, Any]) -> None:
    """Another seat's season only once revealed; private log lines only for their seat; no
    face-down tile and no generator."""
    assert isinstance(state, HtpState)
    table = view["table"]
    for other, box in enumerate(table["oribako"]):
        complete = is_complete(state.boxes[other])
        assert box["revealed"] == complete
        if other != seat and not complete:
            assert box["season"] is None, f"seat {seat} sees seat {other}'s season"
        else:
            assert box["season"] == state.seasons[other]
    visible = [e for e in state.log if e.visible_to(seat)]
    assert all(e.seats is None or e.seats == (seat,) for e in visible)
    assert [e.text for e in visible] == lines(view["log"])
    for other in range(state.players):
        if other != seat:
            assert not any(f"Player {other + 1}, your" in t for t in lines(view["log"]))
    text = json.dumps(view)
    assert '"rng"' not in text and '"seasons"' not in text
    shown = {d["top"]["id"] for d in table["decks"] if d["top"]}
    shown |= {e["tile"]["id"] for box in table["oribako"] for e in box["tiles"]}
    tiles = json.dumps({k: v for k, v in view.items() if k not in ("log", "outcome")})
    assert tiles.count('"id":') == len(shown)  # each visible tile once, nothing face down


@pytest.mark.slow
@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_random_games_keep_the_contract(players: int) -> None:
    # Make test plays the first three games of each batch: between them they end every way the
    # first ten did (the lowest score, both tie-breaks, a shared win); the rest is volume.
    count = soak_games(500, everyday=3)
    started = time.perf_counter()
    summary = play_random_games(
        GAME,
        players,
        count=count,
        seed=30_000 + 1000 * players,
        leak_check=no_secret_in_view,
        junk_actions=JUNK,
        deep_every=9,
    )
    elapsed = time.perf_counter() - started
    assert summary.games == count
    assert set(summary.action_kinds) == {"keep", "place", "tea"}
    assert "lowest score" in " ".join(summary.reasons)
    print(
        f"{count} random {players}-player games: {summary.steps / count:.1f} steps, {elapsed:.1f} s"
    )


@pytest.mark.slow
@pytest.mark.parametrize("players", [4, 6])
def test_random_team_battle_and_options(players: int) -> None:
    # Three games a table in make test: a team's lowest total and a team tie-break at each.
    count = soak_games(40, everyday=3)
    summary = play_random_games(
        GAME,
        players,
        count=count,
        seed=77,
        options={"team_battle": True, "no_chatting": True, "start_player": players - 1},
        leak_check=no_secret_in_view,
        junk_actions=JUNK,
    )
    assert summary.games == count
    assert all("team" in r or r == "shared win" for r in summary.reasons)


@pytest.mark.slow
def test_random_games_quick() -> None:
    # The 3-player batch above makes the same checks less often (every ninth step): three games
    # with every check at every seventh step in make test, thirty in the soak.
    count = soak_games(30, everyday=3)
    summary = play_random_games(
        GAME, 3, count=count, seed=5, leak_check=no_secret_in_view, junk_actions=JUNK
    )
    assert summary.games == count and summary.refusals > 0
