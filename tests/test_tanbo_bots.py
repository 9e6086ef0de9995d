"""Tanbo bots: the greedy bot's choices, its use of the view only, and its strength."""

from __future__ import annotations

import time

import pytest

from pygames.bots import bot_names, make_bot
from pygames.bots.search import Search, search
from pygames.bots.tanbo import Plan, TanboKnowledge, sequence
from pygames.core import Rng
from pygames.games import get_game
from pygames.simulate import simulate
from pygames.tanbo import Place, Remove, ReturnRice, Take
from pygames.tanbo.position import position
from pygames.tanbo.state import Phase
from pygames.tanbo.tokens import TOKEN_WORDS

from .conformance import soak_games

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


@pytest.mark.slow
def test_greedy_beats_random_clearly() -> None:
    # 40 games in make test, 80 in the soak: a greedy no better than random would win about
    # half, not 9 in 10 (36 of 40 by chance: odds under 1 in 10 million); the arena and
    # `make bench` measure the levels at length.
    games = soak_games(80, everyday=40)
    started = time.perf_counter()
    result = simulate("tanbo", games=games, seed=11, bots=["random", "greedy"])
    elapsed = time.perf_counter() - started
    assert result["errors"] == 0
    assert result["wins_by_bot"]["greedy"] >= 0.9
    print(f"greedy vs random: {result['wins_by_bot']}, {elapsed / games * 1000:.0f} ms a game")


@pytest.mark.slow
def test_greedy_mirror_match_finishes() -> None:
    # A few games show the mirror match ends without error; the soak plays twenty.
    games = soak_games(20, everyday=4)
    result = simulate("tanbo", games=games, seed=3, bots=["greedy", "greedy"])
    assert result["errors"] == 0 and result["games"] == games


def test_strong_searches_whole_movements_and_plays_their_first_token() -> None:
    # A hand of Snake, Yellow and the Farmer from paddy 0: the tree's options are whole plans
    # (distinct placement orders of the hand), the move is the first token of one of them.
    state = position([["SYF", "SS", "S YBR", "SS", "SS"], OPPONENT])
    assert state.hand == [1, 1, 0, 0, 1]
    knowledge = TanboKnowledge()
    root = state.clone()
    knowledge.prepare(root)
    legal = state.legal_actions(0)
    plans = knowledge.decisions(root, 0, legal)
    assert plans and all(isinstance(p, Plan) for p in plans)
    assert len(set(plans)) == len(plans)
    for plan in plans:
        assert isinstance(plan, Plan) and sorted(plan.tokens) == [0, 1, 4]
        assert knowledge.step(plan) in legal
        # Played in the tree, a plan is the whole movement: the turn's placements are done.
        after = state.clone()
        knowledge.play(after, 0, plan)
        assert after.phase is not Phase.MOVE or after.turn != 0 or len(after.placed) < 3
    # The searched move is one of the plans' first tokens, and reproducible.
    game = get_game("tanbo")
    moves = {search(game, state.view(0), 0, legal, Rng(9), knowledge, 40) for _ in range(2)}
    assert len(moves) == 1 and moves <= {knowledge.step(p) for p in plans}


def test_strong_plays_out_the_movement_it_chose_without_searching_again(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # A hand of Snake, Yellow and the Farmer: one search chooses the whole movement, and its
    # tokens are placed in the plan's order with no search after the first (the last token,
    # alone of its kind, is placed with the one before it).
    state = position([["SYF", "SS", "S YBR", "SS", "SS"], OPPONENT])
    searches: list[int] = []
    run = Search.run

    def counted(self: Search, iterations: int, work: int | None = None) -> None:
        searches.append(iterations)
        run(self, iterations, work)

    monkeypatch.setattr(Search, "run", counted)
    strong = make_bot("tanbo", "strong").budgeted(0.05)
    placed: list[Place] = []
    while state.phase is Phase.MOVE and state.turn == 0:
        action = strong.choose(GAME, state.view(0), 0, state.legal_actions(0), Rng(len(placed)))
        assert isinstance(action, Place)
        placed.append(action)
        state.apply(0, action)
    assert len(placed) == 2 and len(searches) == 1
    # The one search had the movement's budget: twice a move's iterations.
    assert searches == [2 * strong.iterations]  # type: ignore[attr-defined]
    # Asked about a position its plan did not lead to (here, the movement's start again, as
    # after an undo), it searches afresh.
    fresh = position([["SYF", "SS", "S YBR", "SS", "SS"], OPPONENT])
    strong.choose(GAME, fresh.view(0), 0, fresh.legal_actions(0), Rng(0))
    assert len(searches) == 2


def test_a_kept_plan_replays_the_move_the_search_chose_first() -> None:
    # What the bot places at the movement's second token is the second token of the plan the
    # first search preferred (not a new search's pick).
    state = position([["SYF", "SS", "S YBR", "SS", "SS"], OPPONENT])
    strong = make_bot("tanbo", "strong").budgeted(0.05)
    first = strong.choose(GAME, state.view(0), 0, state.legal_actions(0), Rng(3))
    kept = strong._kept  # type: ignore[attr-defined]
    assert kept is not None and len(kept[1]) == 2
    assert first is not None
    state.apply(0, first)
    second = strong.choose(GAME, state.view(0), 0, state.legal_actions(0), Rng(4))
    assert second == Place(TOKEN_WORDS[kept[1][0]])


def test_a_plan_places_slot_by_slot() -> None:
    # Seven tokens: slots 0 and 1 get two each (steps 0, 5 and 1, 6), the others one.
    plan = [[1, 1, 0, 0, 0], [0, 0, 2, 0, 0], [0, 0, 0, 1, 0], [1, 0, 0, 0, 0], [0, 0, 0, 0, 1]]
    assert sequence(plan) == (0, 2, 3, 0, 4, 1, 2)


def test_strong_keeps_the_best_rice_without_searching() -> None:
    state = position([["FY", "SS", "S YBR", "SS", "SS"], OPPONENT])
    state.apply(0, Place("farmer"))
    strong = make_bot("tanbo", "strong")
    assert strong.choose(GAME, state.view(0), 0, state.legal_actions(0), Rng(1)) == Take("red")
