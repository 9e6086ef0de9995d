"""Bot levels: registered for every game, honest (the move depends on the seat's view and the
seed only), deterministic, and the search finds a win that is there."""

from __future__ import annotations

import pytest

from pygames.bots import ALIASES, bot_names, make_bot
from pygames.bots.search import Knowledge, Search, search
from pygames.core import Action, Rng, State
from pygames.games import get_game
from pygames.tanbo.actions import Place
from pygames.tanbo.game import TanboState
from pygames.tanbo.position import position

LEVELS = ("easy", "normal", "strong")
SMALL = 12  # search iterations: enough to exercise every part, quick


def midgame(game_id: str, players: int, seed: int, steps: int) -> State:
    """The position after ``steps`` random decisions (a seat that must decide is awaited)."""
    game = get_game(game_id)
    state = game.new_state(players, seed, {})
    rng = Rng(seed)
    for _ in range(steps):
        if state.is_over():
            break
        seat = state.awaiting()[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    assert not state.is_over()
    return state


def other_truth(state: State, seat: int, salt: int) -> State:
    """A state with the same view for ``seat`` but other secrets (and another generator)."""
    other = state.game.state_from_view(state.view(seat), seat, Rng(salt))
    other.rng = Rng(salt * 7919 + 1)
    return other


DRAWS = 12  # bag draws that stand for Tanbo's one secret, the order of draws (ruling T8)


def hidden_truth(state: State) -> object:
    """What ``state`` holds that no seat sees: its record without the generator and the log,
    and for Tanbo, whose only secret is the order of draws from the bag (ruling T8), the
    colours of the next draws, one at a time (so the order counts)."""
    truth = {k: v for k, v in state.to_json().items() if k not in ("rng", "log")}
    if isinstance(state, TanboState):
        future = state.clone()
        assert isinstance(future, TanboState)
        truth["draws"] = [future.draw_rice(1) for _ in range(DRAWS)]
    return truth


@pytest.mark.parametrize("game", ["tanbo", "storm_in_a_teacup", "humble_tea_party"])
def test_every_game_offers_the_levels(game: str) -> None:
    assert bot_names(game) == ["random", *LEVELS]
    assert make_bot(game, "greedy").name == "normal"  # old saves and links still load
    assert ALIASES == {"greedy": "normal"}


def small(game: str, name: str):  # type: ignore[no-untyped-def]
    bot = make_bot(game, name)
    return bot.budgeted(SMALL / getattr(bot, "iterations_per_second", 1.0))


CASES = [
    ("tanbo", 2, 11, 9),
    ("tanbo", 2, 12, 30),
    ("storm_in_a_teacup", 4, 3, 6),
    ("storm_in_a_teacup", 2, 4, 9),
    ("humble_tea_party", 4, 5, 7),
    ("humble_tea_party", 3, 6, 12),
]


@pytest.mark.parametrize("name", LEVELS)
@pytest.mark.parametrize(("game", "players", "seed", "steps"), CASES)
def test_same_view_same_seed_same_move(
    game: str, players: int, seed: int, steps: int, name: str
) -> None:
    state = midgame(game, players, seed, steps)
    seat = state.awaiting()[0]
    twins = [other_truth(state, seat, salt) for salt in (1, 2)]
    assert all(hidden_truth(t) != hidden_truth(state) for t in twins)  # the secrets differ
    bot = small(game, name)
    g = get_game(game)
    moves = []
    for s in (state, *twins):
        assert s.view(seat) == state.view(seat)
        assert s.legal_actions(seat) == state.legal_actions(seat)
        moves.append(bot.choose(g, s.view(seat), seat, s.legal_actions(seat), Rng(42)))
    assert moves[0] == moves[1] == moves[2]
    assert moves[0] in state.legal_actions(seat)


def test_the_search_is_deterministic_and_budgeted_in_iterations() -> None:
    state = midgame("tanbo", 2, 12, 30)
    seat = state.awaiting()[0]
    game = get_game("tanbo")
    runs = []
    for _ in range(2):
        s = Search(game, state.view(seat), seat, state.legal_actions(seat), Rng(9), Knowledge())
        s.run(40)
        runs.append(s.visits())
    assert runs[0] == runs[1]
    assert sum(runs[0].values()) == 40


class Costly(Knowledge):
    """Plain knowledge whose every play costs one unit of its own work."""

    def __init__(self) -> None:
        self.units = 0

    def spent(self) -> int:
        return self.units

    def play(self, state: State, seat: int, action: Action) -> None:
        self.units += 1
        super().play(state, seat, action)


def test_a_search_stops_once_it_has_spent_its_work() -> None:
    state = midgame("tanbo", 2, 12, 30)
    seat = state.awaiting()[0]
    game = get_game("tanbo")

    def searched(work: int | None) -> tuple[Search, Costly]:
        knowledge = Costly()
        s = Search(game, state.view(seat), seat, state.legal_actions(seat), Rng(9), knowledge)
        s.run(40, work)
        return s, knowledge

    whole, whole_work = searched(None)
    assert whole.iterations == 40
    cap = whole_work.units // 4
    part, part_work = searched(cap)
    # It stops at the first iteration that finds the cap spent: well short of 40 iterations,
    # past the cap by at most the last iteration's plays.
    assert 1 < part.iterations < 40
    assert part_work.units >= cap
    # Work is counted, not timed: the same budget gives the same search.
    again, _ = searched(cap)
    assert again.visits() == part.visits()


def test_strong_takes_the_harvest_that_wins_now() -> None:
    # Player 1 holds 23 points; their hand is a Snake and the Farmer. Snake first, the Farmer
    # lands in paddy 3 (1 Snake, 2 Red): Harvest 1 Red, 28 points, a win. Farmer first, the
    # Snake lands there: Big Movement, no points.
    state = position(
        [["SF", "", "SRR", "SS", "SS"], ["SSF", "SS", "SS", "SS", "S"]],
        collected=["RRRBB", "YYYBB"],
    )
    assert state.legal_actions(0) == [Place("snake"), Place("farmer")]
    game = get_game("tanbo")
    strong = small("tanbo", "strong")
    for seed in (1, 2, 3):
        assert strong.choose(game, state.view(0), 0, state.legal_actions(0), Rng(seed)) == Place(
            "snake"
        )
    # The plain search, random rollouts and all, sees it too.
    plain = search(game, state.view(0), 0, state.legal_actions(0), Rng(4), Knowledge(), 30)
    assert plain == Place("snake")


def test_a_search_bot_turns_seconds_into_iterations() -> None:
    strong = make_bot("tanbo", "strong")
    rate = strong.iterations_per_second  # type: ignore[attr-defined]
    assert strong.budgeted(0.5).iterations == round(0.5 * rate)  # type: ignore[attr-defined]
    assert make_bot("tanbo", "normal").budgeted(0.5).name == "normal"
