"""Humble Tea Party's Strong bot: its determinizations keep what the seat knows, its season
posterior weighs the Phase 1 keeps, and it plays legal moves at every table size."""

from __future__ import annotations

from collections import Counter

import pytest

from pygames.bots import make_bot
from pygames.bots.humble_tea_party import (
    StrongHtpBot,
    draw_seasons,
    posterior_probs,
    season_posterior,
    win_chances,
)
from pygames.core import Rng
from pygames.games import get_game
from pygames.humble_tea_party import HtpState
from pygames.humble_tea_party.sweets import player_cards
from pygames.simulate import play_bots

GAME = get_game("humble_tea_party")


def played(players: int, seed: int, steps: int, revealed: int = 0) -> HtpState:
    """The position after ``steps`` decisions of Normal in the active seat, and more until
    ``revealed`` Oribako are complete."""
    state = GAME.new_state(players, seed, {})
    bot = make_bot("humble_tea_party", "normal")
    rng = Rng(seed)
    done = 0
    while done < steps or sum(state.complete(s) for s in range(players)) < revealed:
        done += 1
        seat = state.turn
        choice = bot.choose(GAME, state.view(seat), seat, state.legal_actions(seat), rng)
        assert choice is not None
        state.apply(seat, choice)
    assert isinstance(state, HtpState) and not state.is_over()
    return state


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_determinizations_keep_the_cards_the_seat_knows(players: int) -> None:
    state = played(players, 7, 0, revealed=1)
    seat = state.turn
    view = state.view(seat)
    revealed = {s: state.seasons[s] for s in range(players) if state.complete(s)}
    assert revealed  # the position has revealed seasons to keep
    seen = Counter()
    for salt in range(30):
        other = GAME.state_from_view(view, seat, Rng(salt))
        assert isinstance(other, HtpState)
        draw_seasons(other, seat, Rng(salt))
        assert other.undealt == state.undealt
        assert other.seasons[seat] == state.seasons[seat]
        assert all(other.seasons[s] == v for s, v in revealed.items())
        assert sorted(other.seasons + other.undealt) == sorted(player_cards(players))
        assert other.boxes == state.boxes and other.tops() == state.tops()
        assert other.view(seat)["table"] == view["table"]
        seen.update(other.seasons)
    hidden = [s for s in range(players) if s != seat and s not in revealed]
    if len(set(state.seasons[s] for s in hidden)) > 1:
        assert (
            len({tuple(GAME.state_from_view(view, seat, Rng(k)).seasons) for k in range(30)}) > 1
        )  # the secrets really are drawn afresh


def test_posterior_weighs_a_kept_sweet_against_its_season() -> None:
    # Four players, every card dealt: seat 0 loves spring; seat 1 kept an autumn sweet.
    deals = season_posterior(("spring", None, None, None), (), (None, "autumn", None, None))
    assert abs(sum(w for _, w in deals) - 1) < 1e-9
    assert len(deals) == 6 and all(d[0] == "spring" for d, _ in deals)
    autumn_for_1 = sum(w for d, w in deals if d[1] == "autumn")
    assert autumn_for_1 < 0.1 < 1 / 3


def test_posterior_probs_of_a_position_sum_to_one_and_know_its_own() -> None:
    state = played(4, 3, 4)  # Phase 1 just over
    probs = posterior_probs(state, 0)
    assert all(abs(sum(p) - 1) < 1e-9 for p in probs)
    assert max(probs[0]) == pytest.approx(1.0)


def test_win_chances_favour_the_lowest_box() -> None:
    state = played(3, 5, 20)
    chances = win_chances(state)
    assert all(0 <= c <= 1 for c in chances)
    assert 0.5 < sum(chances) < 1.5


@pytest.mark.parametrize("players", [3, 6])
def test_strong_plays_a_whole_game_legally(players: int) -> None:
    small = StrongHtpBot().budgeted(8 / StrongHtpBot.iterations_per_second)
    bots = [small, *[make_bot("humble_tea_party", "normal") for _ in range(players - 1)]]
    state, _ = play_bots("humble_tea_party", bots, 11, {})
    assert state.is_over()


def test_strong_plays_team_battle() -> None:
    small = StrongHtpBot().budgeted(8 / StrongHtpBot.iterations_per_second)
    bots = [small, *[make_bot("humble_tea_party", "normal") for _ in range(3)]]
    options = {"team_battle": True}
    state, _ = play_bots("humble_tea_party", bots, 4, GAME.validate_options(4, options))
    assert state.is_over()
