"""The message catalogues: every id in every language with the same parameters, and the page's
renderer (web/js/i18n.js) saying exactly what the engine's (pygames/core/messages.py) says."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

import pygames.bridge  # noqa: F401  (registers every game and its words)
from pygames.core import Message, Rng
from pygames.core.messages import (
    LANGUAGES,
    catalogue,
    join,
    namespaces,
    placeholders,
    render,
    words,
)
from pygames.games import all_games

ROOT = Path(__file__).resolve().parent.parent
PAGE_WORDS = ROOT / "web" / "i18n"


def _page_words(lang: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((PAGE_WORDS / f"{lang}.json").read_text("utf-8"))
    return data


def _forms_ok(found: Any, lang: str) -> bool:
    if isinstance(found, str):
        return True
    required = {"one", "other"} if lang == "en" else {"other"}
    return isinstance(found, dict) and required <= set(found) and "plural" in found


@pytest.mark.parametrize("namespace", ["page", *namespaces()])
def test_every_id_exists_in_every_language_with_the_same_parameters(namespace: str) -> None:
    books = {
        lang: (_page_words(lang) if namespace == "page" else dict(words(namespace, lang)))
        for lang in LANGUAGES
    }
    english = books["en"]
    assert english, f"the {namespace} catalogue is empty"
    for lang, book in books.items():
        assert set(book) == set(english), (
            f"{namespace}/{lang}: missing {sorted(set(english) - set(book))[:10]}, "
            f"extra {sorted(set(book) - set(english))[:10]}"
        )
        for key, found in book.items():
            assert _forms_ok(found, lang), f"{namespace}/{lang}: {key} has bad plural forms"
            assert placeholders(found) == placeholders(english[key]), f"{lang}: {key}"
            prefix = "shell." if namespace == "page" else f"{namespace}."
            assert key.startswith(prefix), f"{key} is not in the {namespace} namespace"


def test_the_page_words_do_not_repeat_the_engine_words() -> None:
    for lang in LANGUAGES:
        assert not set(_page_words(lang)) & set(catalogue(lang))


def test_rendering_fills_seats_plurals_lists_and_nested_messages() -> None:
    seat = Message.of("core.not_your_turn", seat=1)
    assert render(seat) == "It is not Player 2's turn to act."
    assert render(seat, names=["Ann", "Ben"]) == "It is not Ben's turn to act."
    assert render(seat, "ja", ["Ann", "Ben"]) == "いまはBenの手番ではありません。"
    assert join(["a", "b", "c"]) == "a, b and c" and join(["a", "b"], "ja") == "a、b"
    assert render(Message.of("no.such.id")) == "no.such.id"


def _sample_messages() -> list[dict[str, Any]]:
    """Every log line, outcome and refusal of a few random games of each title, as JSON."""
    found: list[dict[str, Any]] = [Message.of("core.not_your_turn", seat=1).to_json()]
    for game in all_games():
        for players in sorted({game.min_players, game.max_players}):
            state = game.new_state(players, 7 + players, game.default_options(players))
            rng = Rng(players)
            for _ in range(4000):
                if state.is_over():
                    break
                seat = state.actors()[0]
                legal = state.legal_actions(seat)
                state.apply(seat, legal[rng.randbelow(len(legal))])
            found.extend(e.message.to_json() for e in state.log)
            outcome = state.outcome()
            if outcome is not None:
                found.append(outcome.reason.to_json())
    return found


@pytest.mark.skipif(shutil.which("node") is None, reason="node is needed to run the page's code")
def test_the_page_renders_every_message_as_the_engine_does(tmp_path: Path) -> None:
    messages = _sample_messages()
    names = ["Ann", "", "Kenji"]
    cases = {
        "catalogues": {lang: catalogue(lang) for lang in LANGUAGES},
        "messages": messages,
        "names": names,
    }
    (tmp_path / "cases.json").write_text(json.dumps(cases), "utf-8")
    script = tmp_path / "render.mjs"
    script.write_text(
        f"""
import {{ readFileSync }} from "node:fs";
import {{ addCatalogue, say }} from {json.dumps((ROOT / "web/js/i18n.js").as_uri())};
const cases = JSON.parse(readFileSync({json.dumps(str(tmp_path / "cases.json"))}, "utf-8"));
for (const [lang, words] of Object.entries(cases.catalogues)) addCatalogue(lang, words);
const out = {{}};
for (const lang of Object.keys(cases.catalogues)) {{
  out[lang] = cases.messages.map((m) => say(m, cases.names, lang));
}}
console.log(JSON.stringify(out));
""",
        "utf-8",
    )
    done = subprocess.run(
        ["node", str(script)], capture_output=True, text=True, check=True, timeout=120
    )
    page = json.loads(done.stdout)
    for lang in LANGUAGES:
        engine = [render(Message.from_json(m), lang, names) for m in messages]
        assert page[lang] == engine
        assert not [line for line in engine if line in catalogue(lang) or "{" in line]


def test_a_message_read_back_from_its_own_json_is_that_message() -> None:
    """A view made in this process hands its log's messages back without decoding them again
    (determinizing rebuilds a state from a view); JSON that crossed a boundary is decoded."""
    message = Message.of("core.text", text="x", nested=Message.of("core.text", text="y"))
    made = message.to_json()
    assert Message.from_json(made) is message
    assert made == {"id": "core.text", "args": {"text": "x", "nested": made["args"]["nested"]}}
    crossed = json.loads(json.dumps(made))
    assert type(crossed) is dict
    decoded = Message.from_json(crossed)
    assert decoded == message and decoded is not message
    with pytest.raises(ValueError):
        Message.from_json({"args": {}})
