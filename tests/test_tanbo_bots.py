"""Tanbo bots: the greedy bot's choices, its use of the view only, and its strength."""

from __future__ import annotations

import time

from pygames.bots import bot_names, make_bot
from pygames.core import Rng
from pygames.games import get_game
from pygames.simulate import simulate
from pygames.tanbo import Place, Remove, ReturnRice, Take
from pygames.tanbo.position import position

GAME = get_game("tanbo")
OPPONENT = ["SSF", "SS", "SS", "SS", "SS"]


def choose(state: object, seat: int) -> object:
    bot = make_bot("tanbo", "greedy")
    view = state.view(seat)  # type: ignore[attr-defined]
    legal = state.legal_actions(seat)  # type: ignore[attr-defined]
    return bot.choose(GAME, view, seat, legal, Rng(1))


def test_greedy_is_registered() -> None:
    assert bot_names("tanbo") == ["random", "easy", "normal", "strong"]


def test_greedy_plans_the_harvest_and_takes_the_best_rice() -> None:
    # Farmer last into paddy 3 leaves Yellow in paddy 2 (Cultivate); Yellow last harvests 3.
    state = position([["FY", "SS", "S YBR", "SS", "SS"], OPPONENT])
    assert choose(state, 0) == Place("farmer")
    state.apply(0, Place("farmer"))
    assert choose(state, 0) == Take("red")
    state.apply(0, Take("red"))
    assert choose(state, 0) == Take("black")


def test_greedy_avoids_a_rest_and_returns_the_cheapest_rice() -> None:
    # Farmer first would land alone in empty paddy 2 and Rest; the Snake goes first instead.
    state = position([["FS", "", "S", "SS", "SS"], OPPONENT], collected=["RY", ""])
    assert choose(state, 0) == Place("snake")
    resting = position([["F", "", "S", "SS", "SS"], OPPONENT], collected=["RY", ""])
    assert choose(resting, 0) == ReturnRice("yellow")


def test_greedy_removes_snakes_first_in_the_end_phase() -> None:
    state = position([["FSY", "SSSSS YYYYY", "", "SS", "SS"], OPPONENT])
    state.apply(0, Place("farmer"))
    state.apply(0, Place("snake"))
    assert choose(state, 0) == Remove(1, "snake")


def test_greedy_decides_from_the_view_alone() -> None:
    state = position([["FY", "SS", "S YBR", "SS", "SS"], OPPONENT])
    view = state.view(0)
    bot = make_bot("tanbo", "greedy")
    picks = {bot.choose(GAME, view, 0, state.legal_actions(0), Rng(s)) for s in range(5)}
    assert picks == {Place("farmer")}  # deterministic, and no state was passed in


def test_greedy_beats_random_clearly() -> None:
    started = time.perf_counter()
    result = simulate("tanbo", games=200, seed=11, bots=["random", "greedy"])
    elapsed = time.perf_counter() - started
    assert result["errors"] == 0
    assert result["wins_by_bot"]["greedy"] >= 0.9
    print(f"greedy vs random: {result['wins_by_bot']}, {elapsed / 200 * 1000:.0f} ms a game")


def test_greedy_mirror_match_finishes() -> None:
    result = simulate("tanbo", games=20, seed=3, bots=["greedy", "greedy"])
    assert result["errors"] == 0 and result["games"] == 20
