"""The sweets: 24 types of Japanese sweet in one data table, 60 tiles, and the player cards.

Ruling H3 fills in what the rulebook text lacks (crests, the names from September on); all of it
lives in :data:`CATALOGUE`, so the printed game's real values can be dropped in there alone.
Types 0-11 are the Nerikiri-style sweets of January to December, types 12-23 the Others. Tile
ids run type by type: the three Red Snappers are tiles 0-2, ..., the two Yuzu Manju tiles 58-59.

>>> t = TYPES[4]
>>> t.name, t.family.value, t.month, t.season.value, t.crest.value, t.copies
('Wisteria', 'nerikiri', 5, 'spring', 'bamboo', 3)
>>> describe_tile(type_by_name("Yuzu Manju").first_tile)
'Yuzu Manju (December, Winter, Pine)'
>>> len(TILES), sum(t.copies for t in TYPES)
(60, 60)
>>> player_cards(4), len(player_cards(6))
(['spring', 'summer', 'autumn', 'winter'], 8)
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Any, Literal, TypedDict

from ..core.messages import Message, Words, render

#: A season in JSON (:class:`Season`'s values).
SeasonWord = Literal["spring", "summer", "autumn", "winter"]
#: A crest in JSON (:class:`Crest`'s values).
CrestWord = Literal["pine", "bamboo", "plum"]
#: A family of sweets in JSON (:class:`Family`'s values).
FamilyWord = Literal["nerikiri", "other"]


class Season(StrEnum):
    """A season; the tile's frame and each player's favourite (player card)."""

    SPRING = "spring"
    SUMMER = "summer"
    AUTUMN = "autumn"
    WINTER = "winter"

    @property
    def message(self) -> Message:
        """How the log names it (``humble_tea_party.season.spring``: "Spring", 春)."""
        return Message.of(f"humble_tea_party.season.{self.value}")


class Crest(StrEnum):
    """One of the three crests on a tile (ruling H3)."""

    PINE = "pine"
    BAMBOO = "bamboo"
    PLUM = "plum"

    @property
    def message(self) -> Message:
        """How the log names it (``humble_tea_party.crest.pine``: "Pine", 松)."""
        return Message.of(f"humble_tea_party.crest.{self.value}")


class Family(StrEnum):
    """Nerikiri-style sweets come three to a type, the Others two (rulebook: Components)."""

    NERIKIRI = "nerikiri"
    OTHER = "other"


COPIES = {Family.NERIKIRI: 3, Family.OTHER: 2}
SEASONS = tuple(Season)
MONTH_NAMES = (
    "January", "February", "March", "April", "May", "June",
    "July", "August", "September", "October", "November", "December",
)  # fmt: skip
# The words of the seasons, crests and families, English then Japanese (the rulebook gives no
# Japanese names: plain translations; the crests are the usual 松竹梅).
SEASON_WORDS = {
    Season.SPRING: ("Spring", "春"), Season.SUMMER: ("Summer", "夏"),
    Season.AUTUMN: ("Autumn", "秋"), Season.WINTER: ("Winter", "冬"),
}  # fmt: skip
CREST_WORDS = {
    Crest.PINE: ("Pine", "松"), Crest.BAMBOO: ("Bamboo", "竹"), Crest.PLUM: ("Plum", "梅"),
}  # fmt: skip
FAMILY_WORDS = {
    Family.NERIKIRI: ("Nerikiri-style", "練り切り"),
    Family.OTHER: ("Other sweet", "その他の和菓子"),
}

P, B, U = Crest.PINE, Crest.BAMBOO, Crest.PLUM

# ruling H3: the one data table. Month, then the Nerikiri-style sweet and the Other sweet of
# that month, each as (name, short name printed on the tile, Japanese name, crest).
# January-August names are the rulebook's list; September-December are ruling H3's. The
# rulebook gives no Japanese names: these are the sweets' usual Japanese names.
# Crests: Nerikiri 1,4,7,10 Pine; 2,5,8,11 Bamboo; 3,6,9,12 Plum; the Others shifted by one.
Sweet = tuple[str, str, str, Crest]
CATALOGUE: tuple[tuple[int, Sweet, Sweet], ...] = (
    (1, ("Red Snapper", "Snapper", "鯛", P), ("Hanbira-mochi", "Hanbira", "花びら餅", B)),
    (2, ("Strawberry", "Strawberry", "苺", B), ("Strawberry Daifuku", "Daifuku", "苺大福", U)),
    (3, ("Peach", "Peach", "桃", U), ("Hishi Mochi", "Hishi", "菱餅", P)),
    (4, ("Cherry Blossom", "Cherry", "桜", P), ("Sakura Mochi", "Sakura", "桜餅", B)),
    (5, ("Wisteria", "Wisteria", "藤", B), ("Kashiwa Mochi", "Kashiwa", "柏餅", U)),
    (6, ("Loquat", "Loquat", "枇杷", U), ("Hydrangea Wharf", "Hydrangea", "紫陽花", P)),
    (7, ("Moth", "Moth", "蛾", P), ("Milky Way", "Milky Way", "天の川", B)),
    (8, ("Sun Flower", "Sunflower", "向日葵", B),
        ("Kingyokukan - Gold fish", "Goldfish", "金魚錦玉羹", U)),
    (9, ("Chrysanthemum", "Chrysanth.", "菊", U), ("Tsukimi Dango", "Dango", "月見団子", P)),
    (10, ("Persimmon", "Persimmon", "柿", P), ("Kuri Kinton", "Kinton", "栗きんとん", B)),
    (11, ("Maple Leaf", "Maple", "紅葉", B), ("Inoko Mochi", "Inoko", "亥の子餅", U)),
    (12, ("Camellia", "Camellia", "椿", U), ("Yuzu Manju", "Yuzu", "柚子饅頭", P)),
)  # fmt: skip


def season_of_month(month: int) -> Season:
    """Ruling H3: Spring 3-5, Summer 6-8, Autumn 9-11, Winter 12, 1, 2.

    >>> [season_of_month(m).value for m in (2, 3, 8, 9, 12)]
    ['winter', 'spring', 'summer', 'autumn', 'winter']
    """
    return SEASONS[((month - 3) % 12) // 3]


@dataclass(frozen=True)
class SweetType:
    """One of the 24 kinds of sweet."""

    index: int
    name: str
    family: Family
    month: int
    crest: Crest
    first_tile: int
    short: str = ""  # the name printed on the tile
    japanese: str = ""  # its Japanese name

    @property
    def message(self) -> Message:
        """How the log names it: ``humble_tea_party.sweet.<index>``."""
        return Message.of(f"humble_tea_party.sweet.{self.index}")

    @property
    def season(self) -> Season:
        """The season of its month."""
        return season_of_month(self.month)

    @property
    def copies(self) -> int:
        """How many tiles show this sweet."""
        return COPIES[self.family]


def _types() -> tuple[SweetType, ...]:
    out: list[SweetType] = []
    rows = [(m, sweet, Family.NERIKIRI) for m, sweet, _ in CATALOGUE]
    rows += [(m, sweet, Family.OTHER) for m, _, sweet in CATALOGUE]
    first = 0
    for index, (month, (name, short, japanese, crest), family) in enumerate(rows):
        out.append(SweetType(index, name, family, month, crest, first, short, japanese))
        first += COPIES[family]
    return tuple(out)


TYPES = _types()
#: The sweet type of each tile id.
TILES: tuple[int, ...] = tuple(t.index for t in TYPES for _ in range(t.copies))
TILE_COUNT = len(TILES)
_BY_NAME = {t.name.lower(): t for t in TYPES}

# Per-tile lookups used in the hot paths (legal moves, scoring, bots).
TILE_MONTH = tuple(TYPES[t].month for t in TILES)
TILE_SEASON = tuple(TYPES[t].season for t in TILES)
TILE_CREST = tuple(TYPES[t].crest for t in TILES)


class TileJson(TypedDict):
    """A tile as the view shows it: its sweet and what the sweet is (ruling H3)."""

    #: The tile (0-59): tiles run type by type, so copies of a sweet have neighbouring ids.
    id: int
    #: The sweet type (0-23): 0-11 the Nerikiri-style sweets of January to December, 12-23 the
    #: Others (the catalogue's ``humble_tea_party.sweet.<type>``).
    type: int
    #: The sweet's English name (the page names it from the catalogue instead).
    name: str
    family: FamilyWord
    #: 1 (January) to 12 (December).
    month: int
    #: The season of its month.
    season: SeasonWord
    crest: CrestWord


_TILE_JSON: tuple[TileJson, ...] = tuple(
    {
        "id": i,
        "type": t,
        "name": TYPES[t].name,
        "family": TYPES[t].family.value,
        "month": TYPES[t].month,
        "season": TYPES[t].season.value,
        "crest": TYPES[t].crest.value,
    }
    for i, t in enumerate(TILES)
)


def type_by_name(name: str) -> SweetType:
    """The sweet type called ``name`` (any case); ``KeyError`` if there is none."""
    return _BY_NAME[name.lower()]


def tile_json(tile: int) -> TileJson:
    """The view's TILE object (a fresh dict)."""
    return _TILE_JSON[tile].copy()


def month_message(month: int) -> Message:
    """``humble_tea_party.month.5``: "May", 5月."""
    return Message.of(f"humble_tea_party.month.{month}")


def tile_message(tile: int) -> Message:
    """How the log names a tile: its sweet, month, season and crest, as nested messages."""
    t = TYPES[TILES[tile]]
    return Message.of(
        "humble_tea_party.tile",
        sweet=t.message,
        month=month_message(t.month),
        season=t.season.message,
        crest=t.crest.message,
    )


def describe_tile(tile: int, lang: str = "en") -> str:
    """A tile in words: ``"Wisteria (May, Spring, Bamboo)"``."""
    return render(tile_message(tile), lang)


def words(lang: str) -> Words:
    """The words this table holds, for the catalogue (ruling H3: the sweets' names live here
    alone): each sweet's name and short name, the months, seasons, crests and families."""
    ja = lang == "ja"
    out: dict[str, str] = {}
    for t in TYPES:
        out[f"humble_tea_party.sweet.{t.index}"] = t.japanese if ja else t.name
        out[f"humble_tea_party.sweet_short.{t.index}"] = t.japanese if ja else t.short
    for m, name in enumerate(MONTH_NAMES, start=1):
        out[f"humble_tea_party.month.{m}"] = f"{m}月" if ja else name
    tables: list[tuple[str, dict[Any, tuple[str, str]]]] = [
        ("season", dict(SEASON_WORDS)),
        ("crest", dict(CREST_WORDS)),
        ("family", dict(FAMILY_WORDS)),
    ]
    for kind, table in tables:
        for key, (en, jp) in table.items():
            out[f"humble_tea_party.{kind}.{key.value}"] = jp if ja else en
    return out


def player_cards(players: int) -> list[str]:
    """Ruling H2: one card per season for 3-4 players, all eight (two per season) for 5-6."""
    per_season = 1 if players <= 4 else 2
    return [s.value for s in SEASONS for _ in range(per_season)]
