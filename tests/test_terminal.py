"""Terminal play (``python -m pygames play``): whole games from a scripted input, in both
languages; a bad line changes nothing; Undo follows the page's policy; saves are the page's
record files; people sharing a keyboard never see each other's secrets, and nobody is ever
shown a bot's view."""

from __future__ import annotations

import io
import json
import re
from pathlib import Path
from typing import Any

import pytest

from pygames import bridge
from pygames.core.messages import placeholders
from pygames.terminal import play, table
from pygames.terminal.words import terminal_words

GAMES = ("tanbo", "humble_tea_party", "storm_in_a_teacup")


def run(*args: Any, lines: str, **kwargs: Any) -> tuple[int, str]:
    out = io.StringIO()
    code = play(*args, stdin=io.StringIO(lines), stdout=out, **kwargs)
    return code, out.getvalue()


def screens(text: str) -> list[str]:
    """The output between hand-overs (each clears the screen: a form feed in a pipe)."""
    return text.split("\f")


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_whole_game_from_a_scripted_input(game: str, lang: str) -> None:
    code, out = run(game, None, seed=7, lang=lang, lines="1\n" * 400)
    assert code == 0, out[-2000:]
    over = "The game is over." if lang == "en" else "ゲーム終了です。"
    assert over in out
    winner = re.compile(
        r"(wins|share the win|Nobody wins): "
        if lang == "en"
        else "(の勝ち|分け合いました|勝者なし)\uff1a"  # a full-width colon
    )
    assert winner.search(out.split(over)[-1]), out[-500:]
    if lang == "ja":
        assert "ステップ" in out and "Step " not in out
        assert "ボット・ふつう" in out.splitlines()[1]
    else:
        assert "(bot, Normal)" in out.splitlines()[1]


def test_the_moves_are_the_legal_actions_in_the_page_s_words() -> None:
    code, out = run("tanbo", ["human", "normal"], seed=3, lines="q\n")
    assert code == 0
    for paddy in range(1, 6):
        assert f"{paddy}. Put your Farmer in paddy {paddy}" in out
    # Sowing: each token says where the last one lands and what that does (the forecast).
    code, out = run("tanbo", ["human", "normal"], seed=3, lines="1\nq\n")
    assert "it goes to paddy 2. The last token lands in paddy 4." in out
    assert "1. Place a Snake next: Sow: return 3 Snakes, draw 2 Rice at random" in out


@pytest.mark.parametrize("bad", ["x", "0", "6", "-1", "1.5", "u2", "s/"])
def test_a_bad_line_is_answered_and_changes_nothing(bad: str, tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    code, out = run("tanbo", ["human", "normal"], seed=3, save=save, lines=f"{bad}\nq\n")
    assert code == 0
    if bad == "s/":
        assert "Could not save" in out or "not one of your choices" in out
    else:
        assert f'"{bad}" is not one of your choices: type a number from 1 to 5' in out
        assert "Nothing changed." in out
    record = json.loads(save.read_text())
    assert record["actions"] == [], "a bad line moved the game"


def test_the_end_of_the_input_leaves_the_game_where_it_was(tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    code, out = run("storm_in_a_teacup", None, seed=2, save=save, lines="1\n")
    assert code == 1
    assert "No more input: the game is left at step" in out
    assert len(json.loads(save.read_text())["actions"]) >= 1


def test_undo_takes_back_your_move_but_not_past_a_reveal() -> None:
    # Tanbo: the Farmer's place is taken back, and the bot's reply with it.
    code, out = run("tanbo", ["human", "normal"], seed=3, lines="1\nu\nq\n")
    assert code == 0
    assert "Taken back: the table is as it was at step 0." in out
    assert out.rstrip().endswith("Left the game at step 0.")
    # Storm: the bot's serve showed you its cards: that cannot be taken back.
    _, out = run("storm_in_a_teacup", ["human", "normal"], seed=2, lines="1\nu\nq\n")
    assert "Cannot take back:" in out
    assert "Taken back" not in out


def test_a_save_is_the_page_s_record_and_opens_again(tmp_path: Path) -> None:
    save = tmp_path / "storm.json"
    code, out = run(
        "storm_in_a_teacup", ["human", "easy", "normal"], seed=9, lines=f"1\ns {save}\nq\n"
    )
    assert code == 0
    assert f"Saved to {save}." in out
    record = json.loads(save.read_text())
    # The page's Load opens it: the bridge imports it as a save.
    opened = json.loads(bridge.import_record(save.read_text(), "save"))
    assert opened["ok"], opened
    step = opened["status"]["step"]
    assert step == len(record["actions"]) >= 2
    bridge.close(opened["status"]["match"])
    _, out = run(None, load=save, lines="t\nq\n")
    assert f"Opened {save} at step {step}." in out
    assert f"Left the game at step {step}." in out


def test_a_damaged_or_missing_save_is_refused_with_the_reason(tmp_path: Path) -> None:
    damaged = tmp_path / "damaged.json"
    damaged.write_text('{"game": "tanbo", "seats": 3}')
    code, out = run(None, load=damaged, lines="")
    assert code == 2
    assert f"Could not open {damaged}: This saved game is damaged" in out
    code, out = run(None, load=tmp_path / "missing.json", lines="")
    assert code == 2 and "Could not open" in out


def test_a_game_or_seats_that_do_not_exist_are_refused() -> None:
    code, out = run("chess", None, lines="")
    assert code == 2 and 'There is no game "chess"' in out
    code, out = run("tanbo", ["human", "grandmaster"], lines="")
    assert code == 2 and "a bot level (random, easy, normal, strong)" in out
    code, out = run("humble_tea_party", ["human", "normal"], lines="")
    assert code == 2 and "3 to 6 of them" in out


def test_people_at_one_keyboard_see_only_their_own_secrets(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every screen is one person's: the terminal asks the engine for no other seat's view,
    never a bot's; and people sharing a keyboard are separated by a cleared screen."""
    asked: list[int] = []
    real_view = bridge.view

    def watched(match: str, seat: int) -> str:
        asked.append(seat)
        return real_view(match, seat)

    monkeypatch.setattr(table.bridge, "view", watched)
    lines = "\n".join(["", "1"] * 300)  # each hand-over's two Enters, then a move
    code, out = run("storm_in_a_teacup", ["human", "human", "easy"], seed=4, lines=lines + "\n")
    assert code == 0, out[-1000:]
    assert set(asked) <= {0, 1} and {0, 1} <= set(asked)
    assert len(screens(out)) > 4, "no hand-over cleared the screen"
    for screen in screens(out):
        seats = set(re.findall(r"^(Player \d), your moves:$", screen, re.M))
        hands = screen.count("\nHand: ")
        # One person's moves and hand per screen at most: nobody reads another's hand.
        assert len(seats) <= 1, screen[:500]
        assert hands <= screen.count("your moves:") + (1 if "The game is over." in screen else 0)


def test_the_terminal_words_are_in_both_languages_with_the_same_placeholders() -> None:
    en, ja = terminal_words("en"), terminal_words("ja")
    assert en.keys() == ja.keys()
    for key in en:
        assert placeholders(en[key]) == placeholders(ja[key]), key


def test_colour_only_when_asked_or_on_a_terminal() -> None:
    _, plain = run("tanbo", None, seed=1, lines="q\n")
    assert "\033[" not in plain
    _, coloured = run("tanbo", None, seed=1, lines="q\n", colour=True)
    assert (
        "\033[1m" in coloured
        and coloured.replace("\033[1m", "").replace("\033[0m", "").replace("\033[2m", "") == plain
    )
