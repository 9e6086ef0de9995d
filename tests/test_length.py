"""The length each game's lobby card says (``Game.turns_each``): about how many turns each
player takes, measured here as the median over seeded games between Normal bots at the game's
default player count. A game whose rules or bots change its length fails here until the card
says the new figure."""

from __future__ import annotations

import statistics

import pytest

from pygames.bots import make_bot
from pygames.core import State
from pygames.games import get_game
from pygames.simulate import play_bots

GAMES = 12


def turns_each(game_id: str, state: State, players: int) -> float:
    """The turns each player took in a finished game. Storm in a Teacup counts rounds, and a
    round is every player's go (one turn each); the others count every player's turns."""
    taken = state.turns_taken()
    return float(taken) if game_id == "storm_in_a_teacup" else taken / players


@pytest.mark.parametrize("game_id", ["tanbo", "humble_tea_party", "storm_in_a_teacup"])
def test_the_card_s_length_is_the_median_of_games_between_normal_bots(game_id: str) -> None:
    game = get_game(game_id)
    players = game.default_players or game.max_players
    lengths = []
    for seed in range(GAMES):
        state, _ = play_bots(
            game_id, [make_bot(game_id, "normal") for _ in range(players)], seed, {}
        )
        lengths.append(turns_each(game_id, state, players))
    median = statistics.median(lengths)
    print(f"{game_id} at {players}: turns each {sorted(lengths)}, median {median}")
    assert game.turns_each is not None
    # "About n": within a turn and a half of the median.
    assert abs(game.turns_each - median) <= 1.5, (game.turns_each, median)
    assert game.describe()["turns_each"] == game.turns_each
