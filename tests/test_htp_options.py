"""Humble Tea Party options: start player, Team Battle and its teams (ruling H14), No chatting
(H15), with readable refusals; records replay."""

from __future__ import annotations

from typing import Any

import pytest

from pygames.core import BadOptions, MatchRecord, Seat
from pygames.games import get_game
from pygames.humble_tea_party import Keep

GAME = get_game("humble_tea_party")
DEFAULTS = {"start_player": 0, "team_battle": False, "teams": None, "no_chatting": False}


def test_defaults() -> None:
    assert GAME.default_options(3) == DEFAULTS
    assert GAME.validate_options(3, {}) == DEFAULTS
    assert GAME.describe() == {
        "id": "humble_tea_party",
        "title": "humble_tea_party.title",
        "blurb": "humble_tea_party.blurb",
        "pitch": "humble_tea_party.pitch",
        "cover": "winter_sample",
        "turns_each": 9,
        "min_players": 3,
        "max_players": 6,
        "default_players": 4,
        "first_player": {
            "option": "start_player",
            "label": "shell.lobby.first.label",
            "random": False,
        },
        "hidden_information": True,
        "setup_editor": "htp",
        "tutorial": True,
        "team_battle": {
            "sizes": [4, 6],
            "teams": [0, 1],
            "default": {"4": [0, 1, 0, 1], "6": [0, 1, 0, 1, 0, 1]},
        },
    }


def test_start_player_starts_both_phases() -> None:
    state = GAME.new_state(5, 1, {"start_player": 3})
    assert state.actors() == (3,)
    assert state.view(0)["table"]["start_player"] == 3
    for _ in range(5):
        state.apply(state.awaiting()[0], Keep(0))
    assert state.view(0)["table"]["phase"] == "recommend" and state.awaiting() == (3,)


@pytest.mark.parametrize("players", [4, 6])
def test_h14_team_battle_defaults_to_alternate_seats(players: int) -> None:
    opts = GAME.validate_options(players, {"team_battle": True})
    assert opts["teams"] == [s % 2 for s in range(players)]
    table = GAME.new_state(players, 1, {"team_battle": True}).view(0)["table"]
    assert table["options"]["teams"] == opts["teams"] and table["options"]["team_battle"]


def test_h14_the_lobby_s_team_battle_rule_is_the_engine_s() -> None:
    # The lobby (web/js/setup-htp.js) draws its Team Battle form from the catalogue alone.
    rule = GAME.describe()["team_battle"]
    assert rule == {"sizes": [4, 6], "teams": [0, 1], "default": rule["default"]}
    for players in range(GAME.min_players, GAME.max_players + 1):
        if players in rule["sizes"]:
            teams = rule["default"][str(players)]
            chosen = GAME.validate_options(players, {"team_battle": True})["teams"]
            assert chosen == teams and set(teams) == set(rule["teams"])
        else:
            assert str(players) not in rule["default"]
            with pytest.raises(BadOptions):
                GAME.validate_options(players, {"team_battle": True})


def test_h14_chosen_teams() -> None:
    opts = GAME.validate_options(6, {"team_battle": True, "teams": [0, 0, 0, 1, 1, 1]})
    assert opts["teams"] == [0, 0, 0, 1, 1, 1]


@pytest.mark.parametrize(
    ("players", "options", "message"),
    [
        (4, {"start_player": 4}, "start_player must be a seat from 0 to 3"),
        (4, {"start_player": -1}, "start_player must be a seat"),
        (4, {"start_player": True}, "start_player must be a seat"),
        (4, {"start_player": "1"}, "start_player must be a seat"),
        (4, {"team_battle": "yes"}, "team_battle must be true or false"),
        (4, {"no_chatting": 1}, "no_chatting must be true or false"),
        (3, {"team_battle": True}, "Team Battle needs 4 or 6 players, not 3"),
        (5, {"team_battle": True}, "Team Battle needs 4 or 6 players, not 5"),
        (4, {"teams": [0, 1, 0, 1]}, "teams are only used with team_battle"),
        (4, {"team_battle": True, "teams": [0, 1, 0]}, "teams must list 0 or 1 for each of the 4"),
        (4, {"team_battle": True, "teams": "0101"}, "teams must list 0 or 1"),
        (4, {"team_battle": True, "teams": [0, 1, 2, 1]}, "The team of Player 3 must be 0 or 1"),
        (4, {"team_battle": True, "teams": [0, 1, True, 1]}, "The team of Player 3 must be"),
        (4, {"team_battle": True, "teams": [0, 0, 0, 1]}, "must be the same size: 3 and 1"),
        (6, {"team_battle": True, "teams": [1] * 6}, "must be the same size: 0 and 6"),
        (4, {"colour": "red"}, "Unknown option"),
    ],
)
def test_bad_options_are_refused_with_a_clear_message(
    players: int, options: Any, message: str
) -> None:
    with pytest.raises(BadOptions, match=message):
        GAME.validate_options(players, options)
    with pytest.raises(BadOptions):
        GAME.new_state(players, 1, options)


def test_a_record_replays_with_options() -> None:
    seats = [Seat(f"P{i}") for i in range(4)]
    record = MatchRecord(
        "humble_tea_party",
        seats,
        12,
        {"team_battle": True, "teams": [0, 0, 1, 1], "start_player": 2},
    )
    state = record.replay(GAME)
    state.apply(2, Keep(1))
    record.actions.append((2, Keep(1).to_json()))
    assert record.replay(GAME) == state
    assert state.view(0)["table"]["options"]["teams"] == [0, 0, 1, 1]
