"""Tanbo speaks in messages: every log line, outcome, refusal, option error and turn summary is a
``tanbo.*`` (or ``core.*``) message with structured arguments, never ready-made English
(``core.text``), and reads naturally in English and Japanese."""

# ruff: noqa: RUF001  (Japanese text is written with its own punctuation)
from __future__ import annotations

from typing import Any

import pytest

from pygames.core import BadOptions, IllegalAction, Message, Rng, render
from pygames.tanbo import Place, PlaceFarmer, Swap, Take, TanboGame
from pygames.tanbo.position import position

GAME = TanboGame()
STANDARD_OPPONENT = ["SSF", "SS", "SS", "SS", "SS"]


def _made_text(message: Any) -> bool:
    """Whether a message (or any message nested in it) is ready-made text."""
    if isinstance(message, Message):
        return message.id == "core.text" or any(_made_text(v) for _, v in message.args)
    if isinstance(message, tuple):
        return any(_made_text(v) for v in message)
    return False


def _random_game(seed: int, options: dict[str, Any]) -> tuple[Any, list[Message]]:
    state = GAME.new_state(2, seed, options)
    rng = Rng(seed)
    refusals: list[Message] = []
    for _ in range(3000):
        if state.is_over():
            break
        seat = state.actors()[0]
        legal = state.legal_actions(seat)
        for wrong in (PlaceFarmer(9), Place("red"), Take("black"), Swap((0, "red"), (0, "red"))):
            if wrong not in legal:
                try:
                    state.apply(seat, wrong)
                except IllegalAction as refused:
                    refusals.append(refused.message)
        state.apply(seat, legal[rng.randbelow(len(legal))])
    return state, refusals


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_no_log_line_outcome_refusal_or_summary_is_ready_made_text(seed: int) -> None:
    custom = {"paddies": [[{"snakes": 1, "rice": 2}] * 5, [{"snakes": 2, "rice": 1}] * 5]}
    for options in ({}, {"setup": custom}):
        state, refusals = _random_game(seed, options)
        messages = [e.message for e in state.log] + refusals
        outcome = state.outcome()
        if outcome is not None:
            messages.append(outcome.reason)
            messages += [Message.from_json(c) for c in outcome.details["collected"]]
        table = state.view(0)["table"]
        messages += [Message.from_json(t["text"]) for t in table["last"] if t and t["text"]]
        if table["winner_reason"] is not None:
            messages.append(Message.from_json(table["winner_reason"]))
        assert refusals and len(messages) > 20
        for m in messages:
            assert not _made_text(m), m
            assert m.namespace in ("tanbo", "core"), m
            for lang in ("en", "ja"):
                text = render(m, lang)
                assert text and "{" not in text and "tanbo." not in text, (lang, text)


@pytest.mark.parametrize(
    "options",
    [
        {"first_player": 2},
        {"setup": "good harvest"},
        {"setup": {"paddies": [[{"snakes": 1, "rice": 1}] * 4] * 2}},
        {"setup": {"paddies": [[{"snakes": -1, "rice": 1}] * 5] * 2}},
        {"setup": {"paddies": [[{"snakes": 3, "rice": 1}] * 5] * 2}},
        {"setup": {"paddies": [[{"snakes": 0, "rice": 0}] * 5] * 2}},
        {"setup": {"paddies": [[{"snakes": 1, "rice": 1, "farmer": 1}] * 5] * 2}},
    ],
)
def test_option_errors_are_messages(options: dict[str, Any]) -> None:
    with pytest.raises(BadOptions) as refused:
        GAME.validate_options(2, options)
    assert not _made_text(refused.value.message)
    assert refused.value.message.id.startswith("tanbo.options.")
    assert render(refused.value.message, "ja") != str(refused.value)


def test_log_lines_in_japanese() -> None:
    state = GAME.new_state(2, 5, {})
    state.apply(0, PlaceFarmer(2))
    lines = [render(e.message, "ja", ["Aiko", "Kenji"]) for e in state.log]
    assert lines == [
        "標準セットアップ：どの田にもヘビ2個、袋に米30個。",
        "Aikoが先手。",
        "Aikoが農夫を田3に置く。",
    ]
    harvest = position([["FY", "SS", "SS YYBR", "SS", "SS"], STANDARD_OPPONENT])
    harvest.apply(0, Place("farmer"))
    english = harvest.log[-1].text
    assert english == (
        "Player 1 moves 2 tokens from paddy 1 to paddy 3: Harvest, 3 Rice to take."
    ), english
    assert render(harvest.log[-1].message, "ja") == (
        "プレイヤー1：田1から2個を動かし、田3で「収穫」。米を3個取る。"
    )
    harvest.apply(0, Take("red"))
    assert render(harvest.log[-1].message, "ja", ["Aiko", "Kenji"]) == (
        "Aikoが赤米1個を取る（+5）、あと2個取る。"
    )


def test_refusals_in_both_languages() -> None:
    state = position([["F", "", "S", "SS", "SS"], STANDARD_OPPONENT], collected=["YB", ""])
    with pytest.raises(IllegalAction) as refused:
        state.apply(0, Place("snake"))
    message = refused.value.message
    assert (
        str(refused.value)
        == "Player 1 must choose a collected Rice to return to the bag now, not place."
    )
    assert render(message, "ja", ["Aiko", "Kenji"]) == (
        "いまAikoがすることは「袋に戻す米を集めた米から選ぶ」です（placeではありません）。"
    )
    from_bag = position([["FY", "SS", "SS YYYR", "SS", "SS"], STANDARD_OPPONENT])
    from_bag.apply(0, Place("farmer"))
    with pytest.raises(IllegalAction) as refused:
        from_bag.apply(0, Take("black"))
    assert str(refused.value) == "There is no Black Rice left in paddy 3 to take."
    assert render(refused.value.message, "ja") == "田3に取れる黒米は残っていません。"


def test_the_turn_summary_in_japanese() -> None:
    state = position([["FY", "SS", "SS YYBR", "SS", "SS"], STANDARD_OPPONENT])
    state.apply(0, Place("farmer"))
    state.apply(0, Take("red"))
    text = Message.from_json(state.view(0)["table"]["last"][0]["text"])
    assert str(text) == "From paddy 1 to 3 (2 tokens): Harvest, took 1 Red Rice (+5)."
    assert render(text, "ja") == "田1から田3へ（2個）：収穫、赤米1個を取った（+5）。"
