"""Humble Tea Party bots: the greedy bot's choices from its own view, its Tea, its strength,
and the command-line simulation."""

from __future__ import annotations

import json
import subprocess
import sys
import time

import pytest

from pygames.bots import bot_names, make_bot
from pygames.bots.humble_tea_party import estimate, season_probs
from pygames.core import Action, Rng
from pygames.games import get_game
from pygames.humble_tea_party import HtpState, Keep, Place, Tea
from pygames.humble_tea_party.position import box_of, position
from pygames.simulate import simulate

from .conformance import soak_games

GAME = get_game("humble_tea_party")
SEASONS3 = ["winter", "spring", "summer"]


def choose(state: HtpState, seat: int) -> Action | None:
    bot = make_bot("humble_tea_party", "greedy")
    return bot.choose(GAME, state.view(seat), seat, state.legal_actions(seat), Rng(1))


def test_greedy_is_registered() -> None:
    assert bot_names("humble_tea_party") == ["random", "easy", "normal", "strong"]


def test_greedy_keeps_a_sweet_not_of_its_own_season() -> None:
    state = position([[], [], []], SEASONS3, tops=["Camellia", "Red Snapper", "Peach"])
    assert choose(state, 0) == Keep(2)  # Player 1 loves Winter: the Peach (Spring)


def test_greedy_places_where_the_target_scores_most() -> None:
    # Loquat 6 and Moth 7 in a row: a Sun Flower (8, Summer) after them adds a Delicious
    # Trimester and a Seasonal Assortment.
    state = position(
        [["Camellia"], ["Loquat | Moth"], ["Persimmon"]],
        SEASONS3,
        tops=["Hanbira-mochi", "Sun Flower", "Red Snapper"],
    )
    assert choose(state, 0) == Place(1, 1, 2, 0)


def test_greedy_avoids_giving_a_duplicate_to_a_rival() -> None:
    # Only a second Moth would fit the row of Moths... it costs the target 2 points, so the
    # greedy bot gives it to nobody it can avoid: it plays another deck.
    state = position(
        [["Camellia"], ["Moth"], ["Moth"]], SEASONS3, tops=["Moth", "Wisteria", "Kuri Kinton"]
    )
    action = choose(state, 0)
    assert isinstance(action, Place) and action.deck != 0


def test_greedy_takes_tea_against_a_costly_sweet_and_declines_otherwise() -> None:
    threat = position(
        [["Camellia"], ["Persimmon"], ["Loquat | Moth"]],
        SEASONS3,
        tops=["Sun Flower", "Wisteria", "Kuri Kinton"],
    )
    assert 2 in threat.actors() and 2 not in threat.awaiting()
    assert choose(threat, 2) == Tea()
    calm = position(
        [["Camellia"], ["Persimmon"], ["Loquat | Moth"]],
        SEASONS3,
        tops=["Red Snapper", "Strawberry Daifuku", "Yuzu Manju"],
    )
    assert choose(calm, 2) is None  # optional: declines


def test_greedy_decides_from_the_view_alone() -> None:
    state = position(
        [["Camellia"], ["Loquat | Moth"], ["Persimmon"]],
        SEASONS3,
        tops=["Hanbira-mochi", "Sun Flower", "Red Snapper"],
    )
    view = state.view(0)
    bot = make_bot("humble_tea_party", "greedy")
    picks = {bot.choose(GAME, view, 0, state.legal_actions(0), Rng(s)) for s in range(4)}
    assert picks == {Place(1, 1, 2, 0)}


def test_season_expectation_uses_only_public_cards() -> None:
    state = position([["Camellia"], ["Persimmon"], ["Moth"]], SEASONS3)  # Autumn not dealt
    probs = season_probs(state.view(0)["table"], 3)
    assert probs[0] == (0.0, 0.0, 0.0, 1.0)  # its own: Winter
    assert probs[1] == probs[2] == (0.5, 0.5, 0.0, 0.0)  # Spring or Summer
    # A complete box is scored exactly.
    full = box_of(
        [
            "Camellia | Red Snapper | Strawberry",
            "Wisteria | Sun Flower | Maple Leaf",
            "Loquat | Chrysanthemum | Peach",
        ]
    )
    assert estimate(full, (0.0, 0.0, 0.0, 1.0)) == 7


def test_greedy_beats_random_clearly() -> None:
    # 40 games of two greedy and two random seats: a greedy no better than random would have
    # about half of the wins (a share of 0.72 is 2.8 standard deviations above that: odds
    # under 1 in 300 on a given seed), greedy has 0.74 to 0.84 on seeds 11 to 13 (the arena
    # measures the levels at length).
    games = 40
    started = time.perf_counter()
    result = simulate(
        "humble_tea_party", games=games, seed=11, bots=["random", "greedy"], players=4
    )
    elapsed = time.perf_counter() - started
    assert result["errors"] == 0
    assert result["wins_by_bot"]["greedy"] >= 0.72
    print(
        f"greedy vs random (4 players): {result['wins_by_bot']}, "
        f"{elapsed / games * 1000:.0f} ms a game"
    )


@pytest.mark.slow
@pytest.mark.parametrize("players", [3, 6])
def test_greedy_plays_every_table_size_and_team_battle(players: int) -> None:
    # A few games at each end of the table sizes play without error; the soak plays twelve.
    games = soak_games(12, everyday=3)
    options = {"team_battle": True} if players == 6 else {}
    result = simulate(
        "humble_tea_party",
        games=games,
        seed=3,
        bots=["greedy", "random"],
        players=players,
        options=options,
    )
    assert result["errors"] == 0 and result["games"] == games


@pytest.mark.slow
def test_python_dash_m_runs_humble_tea_party_simulation() -> None:
    # The command and its JSON are the check: a few games (seats alternating) in make test.
    games = soak_games(50, everyday=4)
    proc = subprocess.run(
        [
            sys.executable,
            "-m",
            "pygames",
            "simulate",
            "humble_tea_party",
            "--players",
            "4",
            "--games",
            str(games),
            "--seed",
            "5",
            "--bots",
            "random,greedy",
            "--json",
        ],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert proc.returncode == 0, proc.stderr
    out = json.loads(proc.stdout)
    assert out["games"] == games and out["errors"] == 0 and out["players"] == 4
    assert set(out["wins_by_bot"]) == {"random", "greedy"}
    assert sum(out["wins_by_bot"].values()) == pytest.approx(1.0)
    assert out["mean_turns"] > 0
