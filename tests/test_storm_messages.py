# ruff: noqa: RUF001  (Japanese text: its full-width punctuation is meant)
"""Storm in a Teacup speaks in messages: every log line, outcome and refusal is a
``storm_in_a_teacup.*`` message (never ``core.text``), rendered in English and Japanese; the
view names each legal run's combination and the engine's reason for every other run."""

from __future__ import annotations

import re
from typing import Any

import pytest

from pygames.core import BadOptions, IllegalAction, Message, Rng
from pygames.core.messages import render
from pygames.storm_in_a_teacup import GAME, Discard, Serve
from pygames.storm_in_a_teacup.cards import count_messages, counts_of
from pygames.storm_in_a_teacup.position import position
from pygames.storm_in_a_teacup.views import colours_key

# The game's English vocabulary: none of it may be left in a Japanese rendering.
ENGLISH = re.compile(
    r"\b(Tea|Milk|Lemon|Serve|serves?|Prepare|prepares|Stock|stock|Hand|hand|Host|host|party|"
    r"Discard|discards?|Round|card|cards|wins?|Player)\b"
)


def _ids(value: Any) -> list[str]:
    """Every message id in a message tree (arguments included)."""
    if isinstance(value, Message):
        return [value.id] + [i for _, v in value.args for i in _ids(v)]
    if isinstance(value, tuple):
        return [i for v in value for i in _ids(v)]
    return []


def _check(message: Message) -> None:
    ids = _ids(message)
    assert "core.text" not in ids, f"made text in {message!r}"
    assert ids[0].startswith(("storm_in_a_teacup.", "core.")), ids[0]
    english = render(message, "en")
    japanese = render(message, "ja", names=["A", "B", "C", "D", "E", "F"])
    assert "{" not in english and "{" not in japanese, (english, japanese)
    assert not ENGLISH.search(japanese), f"English left in {japanese!r}"


def _refusals(state: Any, seat: int) -> list[Message]:
    out = []
    tries = [Serve(0, 0), Serve(99, 1), Serve(0, 99), Discard(9, 0, 0), Discard(-1, 0, 0)]
    tries += [Serve(s, n) for s in range(min(4, len(state.hands[seat]))) for n in (2, 3)]
    tries += [Discard(0, 3, 0), Discard(0, 0, 2), Discard(1, 1, 1)]
    legal = state.legal_actions(seat)
    for action in tries:
        if action in legal:
            continue
        with pytest.raises(IllegalAction) as refused:
            state.apply(seat, action)
        out.append(refused.value.message)
    return out


@pytest.mark.parametrize("players", [2, 3, 5])
def test_random_games_say_everything_in_messages_in_both_languages(players: int) -> None:
    rng = Rng(players)
    for game in range(3):
        state = GAME.new_state(players, game, {"host": None if game else 0})
        refusals: list[Message] = []
        while not state.is_over():
            seat = state.actors()[0]
            if rng.randbelow(4) == 0:
                refusals.extend(_refusals(state, seat))
            state.apply(seat, rng.choice(state.legal_actions(seat)))
        outcome = state.outcome()
        assert outcome is not None
        for message in [e.message for e in state.log] + [outcome.reason] + refusals:
            _check(message)
        assert refusals


def test_english_log_lines_read_as_before() -> None:
    state = position(["TTMML", "MMM", ""], stocks=["", "", "TL"], host=0)
    state.apply(0, Serve(0, 4))  # Milk Tea
    state.apply(1, Serve(0, 3))  # Milk; seat 2 prepares
    english = [str(e.message) for e in state.log]
    assert english == [
        "Round 1: Player 1 hosts.",
        "Player 1 serves 4 cards: Milk Tea (2 Tea, 2 Milk).",
        "Player 2 serves 3 cards: Milk (3 Milk).",
        "Player 3 prepares: 2 cards from their stock become their hand.",
        "Tea party: Player 1 leads with Milk Tea; nobody else matches.",
        "Player 1 wins the tea party with 4 cards and becomes host.",
        "Player 2 does not match: their cards go to their stock.",
    ]
    japanese = [render(e.message, "ja", ["花子", "太郎", "次郎"]) for e in state.log]
    assert japanese == [
        "第1ラウンド：花子がホスト。",
        "花子が4枚出す：ミルクティー（紅茶2枚、ミルク2枚）。",
        "太郎が3枚出す：ミルク（ミルク3枚）。",
        "次郎が準備：ストックの2枚が手札になる。",
        "お茶会：花子がミルクティーでリード。ほかに一致した人はいない。",
        "花子が4枚でお茶会に勝ち、次のホストになる。",
        "太郎は一致せず：出したカードはストックへ。",
    ]


def test_refusals_in_both_languages() -> None:
    state = position(["TTMML", "MMM"], host=0)
    with pytest.raises(IllegalAction) as refused:
        state.apply(0, Serve(0, 3))
    message = refused.value.message
    assert str(refused.value) == (
        "2 Tea and 1 Milk is no combination: Milk Tea needs equal numbers of Tea and Milk."
    )
    assert render(message, "ja") == (
        "紅茶2枚、ミルク1枚は組み合わせになりません：ミルクティーは紅茶とミルクが同じ枚数です。"
    )
    with pytest.raises(IllegalAction) as refused:
        state.apply(0, Serve(3, 5))
    assert render(refused.value.message, "ja", ["花子", "太郎"]) == (
        "位置3からの5枚の連なりは、花子の手札（5枚）の端を越えます。"
    )
    with pytest.raises(BadOptions) as bad:
        GAME.validate_options(3, {"host": 5})
    assert str(bad.value).startswith("The host must be a seat from 0 to 2")
    assert render(bad.value.message, "ja").startswith("ホストは0から2までの席")


def test_outcome_reason_in_both_languages() -> None:
    state = position(["T", "TT"], host=0)
    state.apply(0, Serve(0, 1))
    state.apply(1, Serve(0, 2))  # seat 1 wins with 2 Tea, discards
    while not state.is_over():
        seat = state.actors()[0]
        state.apply(seat, state.legal_actions(seat)[0])
    outcome = state.outcome()
    assert outcome is not None
    assert render(outcome.reason, "ja") in {"カードが残っていない", "残り1枚"} or render(
        outcome.reason, "ja"
    ).startswith("共同勝利")


def test_the_view_names_each_legal_run_and_the_reason_for_every_other() -> None:
    state = position(["TMLT", "MMT"], host=0)
    table = state.view(0)["table"]
    legal = [a for a in state.legal_actions(0) if isinstance(a, Serve)]
    assert [(r["start"], r["length"]) for r in table["runs"]] == [
        (a.start, a.length) for a in legal
    ]
    first = {"start": 0, "length": 2, "combination": "milk_tea"}
    assert first in [{k: r[k] for k in first} for r in table["runs"]]
    # Nobody has served: any run would lead, and alone win the tea party so far (ruling S5).
    assert {r["party"] for r in table["runs"]} == {"lead"}
    hand = state.hands[0]
    for start in range(len(hand)):
        for length in range(1, len(hand) - start + 1):
            if Serve(start, length) in legal:
                continue
            counts = counts_of(hand[start : start + length])
            with pytest.raises(IllegalAction) as refused:
                state.apply(0, Serve(start, length))
            # The view's reason, with the run's counts filled in, is the engine's refusal.
            reason = Message.from_json(table["refused_runs"][colours_key(counts)])
            filled = Message.of(reason.id, counts=count_messages(counts), **dict(reason.args))
            assert filled == refused.value.message
    assert state.view(1)["table"]["runs"] == []  # only the seat on turn
