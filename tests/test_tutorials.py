"""Each tutorial played against the engine, as the page plays it: the bot across the table moves
as the seed makes it, and every move the tutorial asks for is legal where it stands; every text
is in both catalogues; the game is won at its last step."""

from __future__ import annotations

import json

import pytest

from pygames import bridge
from pygames.core import Message
from pygames.core.messages import render, template
from pygames.games import all_games
from pygames.tutorials import SPOTS, TUTORIALS, spot_problem, tutorial


@pytest.mark.parametrize("game", TUTORIALS)
def test_a_tutorial_plays_to_a_win_with_every_asked_move_legal(game: str) -> None:
    """Played as the page plays a match (web/js/match.js): at each step, first each bot that
    may act without being awaited (Humble Tea Party's Tea) is asked once, in seat order; then
    the awaited seat moves: the learner as the tutorial asks, a bot as it chooses."""
    data = tutorial(game)
    seats = [{"name": "You", "bot": None}, data["opponent"], *data.get("others", [])]
    config = {"game": game, "seed": data["seed"], "options": data["options"], "seats": seats}
    reply = json.loads(bridge.new_match(json.dumps(config)))
    assert reply["ok"], reply
    match, status = reply["match"], reply["status"]
    bots = {i for i, s in enumerate(seats) if s["bot"]}
    asked: tuple[int, set[int]] = (-1, set())
    done = 0
    spotted: set[str] = set()
    while not status["over"]:
        step = status["step"]
        if asked[0] != step:
            asked = (step, set())
        optional = [
            s
            for s in status["actors"]
            if s in bots and s not in status["awaiting"] and s not in asked[1]
        ]
        if optional:
            asked[1].add(optional[0])
            choice = json.loads(bridge.bot_choose(match, optional[0], step))
            assert choice["ok"], choice
            if choice["action"] is not None:
                text = json.dumps(choice["action"])
                moved = json.loads(bridge.act(match, optional[0], text, step))
                assert moved["ok"], moved
                status = moved["status"]
            continue
        seat = status["awaiting"][0]
        if seat == 0:
            assert done < len(data["steps"]), "the game goes on past the tutorial's steps"
            move = data["steps"][done]["move"]
            shown = json.loads(bridge.view(match, 0))
            assert move in shown["legal"], (done, move, shown["legal"])
            spot = data["steps"][done].get("spot")
            if spot is not None:
                assert spot_problem(game, shown["view"], spot) is None, (done, spot)
                spotted.add(spot["thing"])
            moved = json.loads(bridge.act(match, 0, json.dumps(move), step))
            done += 1
        else:
            moved = json.loads(bridge.bot_act(match, seat, step))
        assert moved["ok"], moved
        status = moved["status"]
    assert done == len(data["steps"]), "steps left when the game ended"
    assert spotted, "the lesson lights up nothing its words name"
    assert json.loads(bridge.view(match, 0))["view"]["outcome"]["winners"] == [0]
    bridge.close(match)


@pytest.mark.parametrize("game", TUTORIALS)
def test_every_tutorial_text_is_in_both_languages(game: str) -> None:
    data = tutorial(game)
    ids = [s["text"] for s in data["steps"]] + [data["end"]]
    for message_id in ids:
        for lang in ("en", "ja"):
            assert template(message_id, lang) is not None, (message_id, lang)
            text = render(Message.of(message_id), lang)
            assert text and "{" not in text, (message_id, lang, text)


def test_a_spot_that_is_not_on_the_table_is_found() -> None:
    """The check above can fail: a thing the table has not, a part missing or too many, a seat
    or a paddy not there, an empty deck."""
    view = {"players": 2, "table": {"rings": [[{}] * 5, [{}] * 5], "decks": [{"top": None}]}}
    assert spot_problem("tanbo", view, {"thing": "paddy", "seat": 1, "at": 4}) is None
    assert spot_problem("tanbo", view, {"thing": "paddy", "seat": 1, "at": 5})
    assert spot_problem("tanbo", view, {"thing": "paddy", "seat": 2, "at": 0})
    assert spot_problem("tanbo", view, {"thing": "paddy", "seat": 0})
    assert spot_problem("tanbo", view, {"thing": "ring", "seat": 0, "at": 1})
    assert spot_problem("tanbo", view, {"thing": "box", "seat": 0})
    assert spot_problem("humble_tea_party", view, {"thing": "deck", "at": 0})
    assert set(SPOTS) == set(TUTORIALS)


def test_a_game_without_a_tutorial_is_refused_in_words() -> None:
    for game in all_games():
        reply = json.loads(bridge.tutorial(game.id))
        if game.has_tutorial:
            assert reply["ok"] and reply["seed"] == tutorial(game.id)["seed"]
            assert game.describe()["tutorial"] is True
        else:
            assert reply["error_type"] == "BadInput" and "no guided game" in reply["error"]
    unknown = json.loads(bridge.tutorial("chess"))
    assert not unknown["ok"] and "chess" in unknown["error"]
