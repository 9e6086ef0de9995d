"""The in-app rules reference names every ruling a player may wonder about."""

from __future__ import annotations

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

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        if tag == "section" and a.get("id"):
            self.section = a["id"]
            self.ids[self.section] = []
        self.in_dt = tag == "dt"
        for key in ("href", "src"):
            if a.get(key):
                self.links.append(str(a[key]))

    def handle_data(self, data: str) -> None:
        if self.in_dt and self.section and data.strip():
            self.ids[self.section].append(data.strip())
            self.in_dt = False


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
