"""The rules page: written for players in English and Japanese (both in the page;
js/rules-page.js shows the reader's), every ruling under its game's Fine points, and pictures
of the rulebooks' examples whose facts are the engine's (pygames/pictures.py)."""

from __future__ import annotations

import json
import re
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

from pygames.core import Message, render
from pygames.pictures import rules_pictures

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
        self.pictures: list[str] = []  # data-picture ids, "game:picture"

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
        if a.get("data-picture"):
            self.pictures.append(str(a["data-picture"]))
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


# Words that belong to the people who build the site, not to those who play on it.
DEVELOPER_WORDS = re.compile(
    r"\b(engine|tests?|JSON|Python|code|ruling|rulings|id|ids|renderer|view|log)\b|エンジン|テスト|裁定",
    re.IGNORECASE,
)


def test_the_page_speaks_to_players_only() -> None:
    parser = _Sections()
    parser.feed(PAGE.read_text())
    for lang in ("en", "ja"):
        text = " ".join(parser.text[lang])
        assert DEVELOPER_WORDS.findall(text) == [], lang


def test_every_picture_of_the_page_is_drawn_from_the_engine_and_each_is_shown() -> None:
    parser = _Sections()
    parser.feed(PAGE.read_text())
    drawn = {f"{game}:{pid}" for game, pics in rules_pictures().items() for pid in pics}
    assert sorted(parser.pictures) == sorted(drawn)
    assert len(set(parser.pictures)) == len(parser.pictures)


def said(message: object) -> str:
    assert isinstance(message, dict)
    return render(Message.from_json(message), "en")


def test_tanbo_pictures_are_the_rulebooks_examples() -> None:
    pics: Any = rules_pictures()["tanbo"]
    # Each example's paddy calls for the action it shows, in the table's forecast words.
    for work in ("harvest", "cultivate", "sow", "rest", "big_movement"):
        assert pics[work]["work"] == work
    # "4 Rice tokens and 1 Snake token ... take 3 Rice ... They give you 9 points."
    harvest = pics["harvest"]
    assert harvest["paddies"][0] == {
        "snakes": 1,
        "rice": {"yellow": 4, "black": 0, "red": 0},
        "farmer": False,
    }
    assert harvest["points"] == 9
    assert said(harvest["effect"]) == "Harvest: take 3 Yellow Rice, +9"
    # "4 Snake tokens and 1 Rice token ... draw 3 Rice".
    assert said(pics["cultivate"]["effect"]) == "Cultivate: draw 3 Rice at random from the bag"
    # "only 1 Rice ... return the Rice token ... add 2 Snake tokens".
    assert said(pics["sow"]["effect"]) == "Sow: return 1 Yellow Rice to the bag, add 2 Snakes"
    # "moved the Rice Farmer by only 1 paddy. Therefore, you lose 1 previously collected Rice".
    rest = said(pics["rest"]["effect"])
    assert rest.startswith("Rest: the Farmer walks to paddy 2; return 1 Rice")
    assert pics["rest"]["points"] == -3
    # The setup: 2 Snakes in every paddy, the Farmer in the first.
    setup = pics["setup"]["paddies"]
    assert [p["snakes"] for p in setup] == [2] * 5
    assert [p["farmer"] for p in setup] == [True, False, False, False, False]
    assert pics["rice"]["points"] == {"yellow": 3, "black": 4, "red": 5}


def test_humble_tea_party_pictures_score_the_rulebooks_samples() -> None:
    pics: Any = rules_pictures()["humble_tea_party"]
    winter, autumn = pics["winter_sample"], pics["autumn_sample"]
    assert (winter["hands"], winter["total"]) == ([0, 1, 1, 2, 3, 0], 7)
    assert winter["season"] == "winter"
    assert (autumn["hands"], autumn["points"], autumn["total"]) == (
        [4, 0, 0, 4, 2, 3],
        [4, 0, 0, 4, 2, -6],
        4,
    )
    seasons = [t["season"] for t in pics["sweets"]["tiles"]]
    assert seasons == ["spring", "summer", "autumn", "winter"]
    # The growing box: four sweets, and every open cell is next to one and keeps 3 x 3.
    growing = pics["growing"]
    filled = {(c["x"], c["y"]) for c in growing["cells"]}
    assert len(filled) == 4 and growing["open"]
    for x, y in growing["open"]:
        assert (x, y) not in filled
        assert {(x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)} & filled
        xs = [p[0] for p in filled] + [x]
        ys = [p[1] for p in filled] + [y]
        assert max(xs) - min(xs) < 3 and max(ys) - min(ys) < 3


def test_storm_pictures_are_the_rulebooks_examples() -> None:
    pics: Any = rules_pictures()["storm_in_a_teacup"]
    runs = pics["combinations"]["runs"]
    assert [r["combination"] for r in runs] == ["tea", "milk", "lemon", "milk_tea", "lemon_tea"]
    assert [len(r["cards"]) for r in runs] == [3, 1, 2, 6, 5]
    party = pics["tea_party"]
    # Cathy leads with 4 Milk Tea; Tommy matches with 2; Kiti's Lemon Tea does not match;
    # Martino's 4 Milk Tea, later than Cathy's, wins: up to 3 to discard, 1 for the others.
    assert [r["combination"] for r in party["runs"]] == [
        "milk_tea",
        "milk_tea",
        "lemon_tea",
        "milk_tea",
    ]
    assert (party["matching"], party["winner"], party["allowed"]) == ([0, 1, 3], 3, [1, 1, 0, 3])
    hand = pics["hand"]
    start, length = hand["start"], hand["length"]
    assert hand["cards"][start : start + length] == ["tea", "tea", "lemon"]
    assert hand["combination"] == "lemon_tea"
