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
from pygames.tutorials import TUTORIALS, tutorial


@pytest.mark.parametrize("game", TUTORIALS)
def test_a_tutorial_plays_to_a_win_with_every_asked_move_legal(game: str) -> None:
    data = tutorial(game)
    seats = [{"name": "You", "bot": None}, data["opponent"]]
    config = {"game": game, "seed": data["seed"], "options": data["options"], "seats": seats}
    reply = json.loads(bridge.new_match(json.dumps(config)))
    assert reply["ok"], reply
    match, status = reply["match"], reply["status"]
    asked = 0
    while not status["over"]:
        seat = status["awaiting"][0]
        if seat == 0:
            assert asked < len(data["steps"]), "the game goes on past the tutorial's steps"
            move = data["steps"][asked]["move"]
            legal = json.loads(bridge.view(match, 0))["legal"]
            assert move in legal, (asked, move, legal)
            moved = json.loads(bridge.act(match, 0, json.dumps(move), status["step"]))
            asked += 1
        else:
            moved = json.loads(bridge.bot_act(match, seat, status["step"]))
        assert moved["ok"], moved
        status = moved["status"]
    assert asked == len(data["steps"]), "steps left when the game ended"
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
