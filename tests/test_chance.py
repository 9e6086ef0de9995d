"""Chance in the core: the rules draw only through ``State.draw`` and ``State.shuffle``, from
the match's generator, and an outcome that could have been another is recorded as shown to the
seats it names (``State.news``, which the undo policy reads)."""

from __future__ import annotations

import ast
from pathlib import Path

from pygames.core import Message, Rng
from tests.pilegame import PILE

ROOT = Path(__file__).resolve().parent.parent
WHY = Message.of("core.game_over")
GAMES = ("tanbo", "humble_tea_party", "storm_in_a_teacup")


def test_a_draw_is_the_generator_s_and_is_news_only_when_it_could_differ() -> None:
    state = PILE.new_state(3, 1, {})
    twin = Rng.from_state(state.rng.state)
    assert state.draw(1, WHY) == twin.randbelow(1) and dict(state.news) == {}
    assert state.draw(6) == twin.randbelow(6) and dict(state.news) == {}  # no why: no news
    assert state.draw(6, WHY, [2]) == twin.randbelow(6)
    assert dict(state.news) == {2: WHY}
    state.news = {}
    state.draw(2, WHY)
    assert dict(state.news) == {0: WHY, 1: WHY, 2: WHY}


def test_a_shuffle_is_news_only_when_the_order_could_differ() -> None:
    state = PILE.new_state(2, 1, {})
    twin = Rng.from_state(state.rng.state)
    cards, same = [1, 2, 3, 4], [1, 2, 3, 4]
    state.shuffle(cards, WHY, [0], alike=lambda c: c % 2)
    twin.shuffle(same)
    assert cards == same and dict(state.news) == {0: WHY}
    state.news = {}
    state.shuffle(cards, WHY, alike=lambda c: "tea")  # every order looks the same
    assert dict(state.news) == {}
    state.shuffle([7], WHY)
    assert dict(state.news) == {}


def _generator_calls(path: Path) -> list[str]:
    """Where a module calls a method of ``self.rng`` (a draw outside the core's chance API)."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and isinstance(node.func.value, ast.Attribute)
            and node.func.value.attr == "rng"
            and isinstance(node.func.value.value, ast.Name)
            and node.func.value.value.id == "self"
        ):
            found.append(f"{path.relative_to(ROOT)}:{node.lineno} self.rng.{node.func.attr}")
    return found


def test_the_rules_draw_only_through_the_core() -> None:
    # A state's own generator is read only by State.draw and State.shuffle (the determinizers
    # in views.py draw from the bot's generator they are given, not the match's).
    calls = [
        c
        for game in GAMES
        for p in sorted((ROOT / "pygames" / game).glob("*.py"))
        for c in _generator_calls(p)
    ]
    assert calls == []
    # The check sees a draw where there is one.
    core = _generator_calls(ROOT / "pygames" / "core" / "game.py")
    assert any("randbelow" in c for c in core) and any("shuffle" in c for c in core)
