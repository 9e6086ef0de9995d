"""Tanbo options: the first player and custom setups (ruling T2), with readable refusals."""

from __future__ import annotations

from typing import Any

import pytest

from pygames.core import BadOptions, MatchRecord, Seat
from pygames.games import get_game
from pygames.tanbo import PlaceFarmer, TanboState

GAME = get_game("tanbo")


def paddies(snakes: int, rice: int) -> list[list[dict[str, int]]]:
    return [[{"snakes": snakes, "rice": rice} for _ in range(5)] for _ in range(2)]


def test_defaults_and_first_player() -> None:
    assert GAME.validate_options(2, {}) == {"first_player": 0, "setup": "standard"}
    assert GAME.validate_options(2, {"first_player": 1})["first_player"] == 1
    state = GAME.new_state(2, 1, {"first_player": 1})
    assert state.actors() == (1,)
    assert state.view(0)["table"]["first_player"] == 1


def test_custom_setup_places_snakes_and_draws_rice_from_the_bag() -> None:
    setup = {"paddies": paddies(1, 3)}
    state = GAME.new_state(2, 42, {"setup": setup})
    assert isinstance(state, TanboState)
    table = state.view(0)["table"]
    for ring in table["rings"]:
        for paddy in ring:
            assert paddy["snakes"] == 1 and sum(paddy["rice"].values()) == 3
    assert table["supply"] == 10  # ruling T2: Snakes not on the field wait in the supply
    assert sum(table["bag"].values()) == 0
    state.check_invariants()
    # The draws come from the state's generator: the same seed gives the same field.
    assert GAME.new_state(2, 42, {"setup": setup}) == state
    assert any(GAME.new_state(2, s, {"setup": setup}) != state for s in range(43, 50))
    assert state.log[0].text.startswith("Custom setup, Player 1: paddy 1: 1 Snake")


def test_custom_setup_game_plays_to_the_end() -> None:
    setup = {"paddies": [[{"snakes": 2, "rice": 2}] * 5, [{"snakes": 1, "rice": 1}] * 5]}
    record = MatchRecord("tanbo", [Seat("a"), Seat("b")], 9, {"setup": setup})
    state = record.replay(GAME)
    state.apply(0, PlaceFarmer(1))
    state.apply(1, PlaceFarmer(2))
    assert state.view(0)["table"]["phase"] == "move"


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"first_player": 2}, "first_player must be 0 or 1"),
        ({"first_player": True}, "first_player must be 0 or 1"),
        ({"first_player": 1.0}, "first_player must be 0 or 1"),
        ({"colour": "red"}, "Unknown option"),
        ({"setup": "good harvest"}, 'setup must be "standard"'),
        ({"setup": {"paddies": paddies(1, 1)[:1]}}, "exactly 2 rings"),
        ({"setup": {"paddies": [[{"snakes": 1, "rice": 1}] * 4] * 2}}, "exactly 5 paddies"),
        ({"setup": {"paddies": paddies(-1, 1)}}, "Paddy 1 of Player 1: the Snakes must be a whole"),
        ({"setup": {"paddies": paddies(1, 1.5)}}, "the Rice must be a whole number"),  # type: ignore[arg-type]
        ({"setup": {"paddies": paddies(3, 1)}}, "uses 30 Snakes; there are only 20"),
        ({"setup": {"paddies": paddies(1, 4)}}, "uses 40 Rice; there are only 30"),
        ({"setup": {"paddies": paddies(0, 0)}}, "no Snake or Rice on the field"),
        (
            {"setup": {"paddies": [[{"snakes": 1, "rice": 1, "farmer": 1}] * 5] * 2}},
            "Paddy 1 of Player 1 has unknown part",
        ),
        ({"setup": {"paddies": [[3] * 5] * 2}}, "Paddy 1 of Player 1 must be"),
    ],
)
def test_bad_options_are_refused_with_a_clear_message(options: Any, message: str) -> None:
    with pytest.raises(BadOptions, match=message):
        GAME.validate_options(2, options)
    with pytest.raises(BadOptions):
        GAME.new_state(2, 1, options)


def test_tanbo_is_for_two_players() -> None:
    with pytest.raises(BadOptions, match="exactly 2 players"):
        GAME.validate_options(3, {})


def test_the_lobby_editor_starts_from_the_standard_setup() -> None:
    """The catalogue's standard_setup, played as a custom setup, lays out the standard field."""
    described = GAME.describe()["standard_setup"]
    standard = GAME.new_state(2, 5, {}).view(0)["table"]
    custom = GAME.new_state(2, 5, {"setup": described}).view(0)["table"]
    for key in ("rings", "supply", "bag"):
        assert custom[key] == standard[key], key
    assert described == {"paddies": paddies(2, 0)}
