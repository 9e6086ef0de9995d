"""Humble Tea Party speaks in messages: every log line, outcome, tie-break and refusal is a
``humble_tea_party.*`` id with structured arguments, rendered in English and Japanese."""

# ruff: noqa: RUF001  (Japanese text uses full-width brackets)
from __future__ import annotations

from typing import Any

import pytest

from pygames.core import BadOptions, IllegalAction, Message, Rng, render
from pygames.core.messages import words
from pygames.humble_tea_party import GAME, Keep, Place, Tea
from pygames.humble_tea_party.position import position, tile
from pygames.humble_tea_party.sweets import TYPES, describe_tile


def _messages(value: Any) -> list[Message]:
    """``value`` and every message nested in it."""
    if isinstance(value, Message):
        return [value, *(m for _, v in value.args for m in _messages(v))]
    if isinstance(value, tuple):
        return [m for v in value for m in _messages(v)]
    return []


def _random_game(players: int, seed: int, options: dict[str, Any] | None = None) -> Any:
    state = GAME.new_state(players, seed, options or {})
    rng = Rng(seed)
    refusals: list[Message] = []
    while not state.is_over():
        seat = state.actors()[0]
        legal = state.legal_actions(seat)
        for wrong in (Keep(5), Place(0, seat, 9, 9), Place(0, 9, 0, 0), Tea()):
            if wrong not in legal:
                with pytest.raises(IllegalAction) as refused:
                    state.apply(seat, wrong)
                refusals.append(refused.value.message)
        state.apply(seat, legal[rng.randbelow(len(legal))])
    return state, refusals


@pytest.mark.parametrize(("players", "options"), [(3, {}), (6, {}), (4, {"team_battle": True})])
def test_a_random_game_speaks_only_in_its_own_words(players: int, options: dict[str, Any]) -> None:
    state, refusals = _random_game(players, 11 + players, options)
    outcome = state.outcome()
    said = [e.message for e in state.log] + [outcome.reason] + refusals
    tb = outcome.details["tiebreak"]
    if tb is not None:
        said.append(Message.from_json(tb))
    for message in said:
        for m in _messages(message):
            assert m.id != "core.text", f"made text in {message}"
            assert m.namespace in ("humble_tea_party", "core"), m.id
        for lang in ("en", "ja"):
            text = render(message, lang, ["Ann", "Ben", "Cy", "Di", "Ed", "Flo"])
            assert "{" not in text.replace('{"type"', "") and "humble_tea_party." not in text
    assert any(m.id == "humble_tea_party.log.win" for m in said)


def test_the_log_in_japanese_names_the_sweets_from_the_data_table() -> None:
    wisteria = tile("Wisteria")
    assert describe_tile(wisteria) == "Wisteria (May, Spring, Bamboo)"
    assert describe_tile(wisteria, "ja") == "「藤」（5月・春・竹）"
    assert describe_tile(tile("Yuzu Manju"), "ja") == "「柚子饅頭」（12月・冬・松）"
    # ruling H3: one table holds each sweet's English and Japanese name.
    for lang, attr in (("en", "name"), ("ja", "japanese")):
        book = words("humble_tea_party", lang)
        assert [book[f"humble_tea_party.sweet.{t.index}"] for t in TYPES] == [
            getattr(t, attr) for t in TYPES
        ]
    assert words("humble_tea_party", "ja")["humble_tea_party.crest.plum"] == "梅"
    assert words("humble_tea_party", "ja")["humble_tea_party.hand.1"] == "四季"


def test_log_lines_render_with_lobby_names_in_both_languages() -> None:
    state = GAME.new_state(3, 5, {})
    state.apply(0, Keep(2))
    line = state.log[-1].message
    assert line.id == "humble_tea_party.log.keep" and line.arg("seat") == 0
    en = render(line, "en", ["Player 2", "Ann", "Ben"])
    assert en.startswith("Player 2 keeps ") and en.endswith(" from deck 3.")
    ja = render(line, "ja", ["Aya", "Ann", "Ben"])
    assert ja.startswith("Ayaが山札3から「") and ja.endswith("を取りました。")


def test_the_secret_season_line_is_only_for_its_seat() -> None:
    state = GAME.new_state(4, 9, {})
    for seat in range(4):
        log = state.view(seat)["log"]
        mine = [m for m in log if m["id"] == "humble_tea_party.log.your_season"]
        assert len(mine) == 1 and mine[0]["args"]["seat"] == seat
        season = state.seasons[seat]
        assert mine[0]["args"]["season"]["id"] == f"humble_tea_party.season.{season}"
        ja = render(Message.from_json(mine[0]), "ja")
        assert ja.startswith(f"プレイヤー{seat + 1}さん、あなたの好きな季節は")
    assert not [m for m in state.view(None)["log"] if "your_season" in m["id"]]


def _refusal(state: Any, seat: int, action: Any) -> Message:
    with pytest.raises(IllegalAction) as refused:
        state.apply(seat, action)
    return refused.value.message


def test_refusals_in_english_and_japanese() -> None:
    state = position(
        [["Moth"], ["Peach | Loquat"], ["Camellia"]],
        seasons=["winter", "spring", "summer"],
        tea_holder=2,
    )
    under = _refusal(state, 0, Place(0, 2, 1, 0))
    assert under.id == "humble_tea_party.refusal.under_tea"
    assert render(under) == "Player 3's Oribako is under Tea."
    assert render(under, "ja", ["A", "B", "Cy"]) == (
        "Cyはお茶をいただいているので、その折箱には置けません。"
    )
    cell = _refusal(state, 0, Place(0, 1, 0, 0))
    assert render(cell) == "That cell already holds a sweet."
    assert render(cell, "ja") == "そのマスにはもう和菓子があります。"
    own = _refusal(state, 0, Place(0, 0, 1, 0))
    assert render(own, "ja") == "自分の折箱には置けません。"
    tea = _refusal(state, 0, Tea())
    assert render(tea) == "Player 3 has the Tea token; wait until it returns to the centre."
    assert render(tea, "ja") == (
        "お茶はプレイヤー3のところにあります。中央に戻るまでお待ちください。"
    )
    phase1 = GAME.new_state(3, 1, {})
    assert render(_refusal(phase1, 0, Keep(7))).startswith("There is no deck 7. Choose deck")
    assert render(_refusal(phase1, 0, Keep(7)), "ja").startswith("山札7はありません。")


def test_option_refusals_are_messages() -> None:
    with pytest.raises(BadOptions) as refused:
        GAME.validate_options(3, {"team_battle": True})
    assert str(refused.value) == "Team Battle needs 4 or 6 players, not 3."
    assert render(refused.value.message, "ja") == (
        "チーム戦は4人か6人で遊びます（3人ではできません）。"
    )


def test_a_state_rebuilt_from_a_view_counts_passes_by_message_id() -> None:
    state, _ = _random_game(3, 4)
    passes = sum(e.message.id == "humble_tea_party.log.pass" for e in state.log)
    rebuilt = GAME.state_from_view(state.view(0), 0, Rng(1))
    placed = sum(len(b) for b in state.boxes)
    assert rebuilt.turns_taken() == placed + passes
