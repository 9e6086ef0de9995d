"""The in-app rules reference names every ruling a player may wonder about, in English and
Japanese (both in the page; js/rules-page.js shows the reader's)."""

from __future__ import annotations

import json
import re
from html.parser import HTMLParser
from pathlib import Path

PAGE = Path(__file__).resolve().parent.parent / "web" / "rules.html"
RULINGS = {"tanbo": ("T", 8), "humble_tea_party": ("H", 15), "storm_in_a_teacup": ("S", 8)}


class _Sections(HTMLParser):
    """Collects the ruling ids (<dt>) under each game's <section id=...>."""

    def __init__(self) -> None:
        super().__init__()
        self.section: str | None = None
        self.in_dt = False
        self.ids: dict[str, list[str]] = {}
        self.links: list[str] = []
        self.blocks: dict[str, dict[str, int]] = {}  # section -> language -> blocks
        self.words: list[str] = []  # data-i18n ids
        self.depth = 0
        self.dd_langs: list[list[str]] = []
        self.text: dict[str, list[str]] = {"en": [], "ja": []}
        self.lang_stack: list[tuple[str, int]] = []
        self.dd_depth: int | None = None  # the depth of the <dd> being read

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        if tag == "section" and a.get("id"):
            self.section = a["id"]
            self.ids[self.section] = []
        self.in_dt = tag == "dt"
        for key in ("href", "src"):
            if a.get(key):
                self.links.append(str(a[key]))
        if a.get("data-i18n"):
            self.words.append(str(a["data-i18n"]))
        self.depth += 1
        if tag == "dd":
            self.dd_langs.append([])
            self.dd_depth = self.depth
        if "data-bi" in a:
            lang = str(a.get("lang"))
            self.lang_stack.append((lang, self.depth))
            if self.section:
                counts = self.blocks.setdefault(self.section, {})
                counts[lang] = counts.get(lang, 0) + 1
            if tag == "span" and self.dd_depth is not None:
                self.dd_langs[-1].append(lang)

    def handle_endtag(self, tag: str) -> None:
        if self.lang_stack and self.lang_stack[-1][1] == self.depth:
            self.lang_stack.pop()
        if self.dd_depth == self.depth:
            self.dd_depth = None
        self.depth -= 1

    def handle_data(self, data: str) -> None:
        if self.in_dt and self.section and data.strip():
            self.ids[self.section].append(data.strip())
            self.in_dt = False
        if self.lang_stack and data.strip():
            self.text[self.lang_stack[-1][0]].append(data.strip())


def test_every_ruling_is_in_its_game_section() -> None:
    parser = _Sections()
    parser.feed(PAGE.read_text())
    for game, (letter, count) in RULINGS.items():
        assert parser.ids[game] == [f"{letter}{i}" for i in range(1, count + 1)], game


def test_the_rules_page_asks_no_other_origin() -> None:
    parser = _Sections()
    parser.feed(PAGE.read_text())
    assert parser.links
    assert not [u for u in parser.links if re.match(r"^[a-z]+:|^//", u)]


def test_every_summary_and_ruling_is_in_both_languages() -> None:
    parser = _Sections()
    parser.feed(PAGE.read_text())
    assert len(parser.dd_langs) == sum(count for _, count in RULINGS.values())
    assert all(langs == ["en", "ja"] for langs in parser.dd_langs)
    for game in RULINGS:
        counts = parser.blocks[game]
        assert counts["en"] == counts["ja"] > 0, game
    japanese = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")
    assert japanese.search(" ".join(parser.text["ja"]))
    assert re.findall(r"[A-Za-z]{4,}", " ".join(parser.text["ja"])) == [], "English left"
    assert not [t for t in parser.text["en"] if japanese.search(t)]


def test_the_rules_page_words_are_in_the_catalogues() -> None:
    parser = _Sections()
    parser.feed(PAGE.read_text())
    root = PAGE.parent.parent
    for lang in ("en", "ja"):
        book = json.loads((root / "web" / "i18n" / f"{lang}.json").read_text("utf-8"))
        for game in RULINGS:
            book.update(json.loads((root / "pygames" / game / "i18n" / f"{lang}.json").read_text()))
        assert [w for w in parser.words if w not in book] == [], lang
