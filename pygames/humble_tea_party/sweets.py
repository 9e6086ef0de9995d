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
from typing import Any


class Season(StrEnum):
    """A season; the tile's frame and each player's favourite (player card)."""

    SPRING = "spring"
    SUMMER = "summer"
    AUTUMN = "autumn"
    WINTER = "winter"

    @property
    def word(self) -> str:
        """How the log names it: ``"Spring"``."""
        return self.value.capitalize()


class Crest(StrEnum):
    """One of the three crests on a tile (ruling H3)."""

    PINE = "pine"
    BAMBOO = "bamboo"
    PLUM = "plum"

    @property
    def word(self) -> str:
        """How the log names it: ``"Pine"``."""
        return self.value.capitalize()


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

P, B, U = Crest.PINE, Crest.BAMBOO, Crest.PLUM

# ruling H3: the one data table. Month, Nerikiri-style name and crest, Other name and crest.
# January-August names are the rulebook's list; September-December are ruling H3's.
# Crests: Nerikiri 1,4,7,10 Pine; 2,5,8,11 Bamboo; 3,6,9,12 Plum; the Others shifted by one.
CATALOGUE: tuple[tuple[int, str, Crest, str, Crest], ...] = (
    (1, "Red Snapper", P, "Hanbira-mochi", B),
    (2, "Strawberry", B, "Strawberry Daifuku", U),
    (3, "Peach", U, "Hishi Mochi", P),
    (4, "Cherry Blossom", P, "Sakura Mochi", B),
    (5, "Wisteria", B, "Kashiwa Mochi", U),
    (6, "Loquat", U, "Hydrangea Wharf", P),
    (7, "Moth", P, "Milky Way", B),
    (8, "Sun Flower", B, "Kingyokukan - Gold fish", U),
    (9, "Chrysanthemum", U, "Tsukimi Dango", P),
    (10, "Persimmon", P, "Kuri Kinton", B),
    (11, "Maple Leaf", B, "Inoko Mochi", U),
    (12, "Camellia", U, "Yuzu Manju", P),
)


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
    rows = [(m, n, c, Family.NERIKIRI) for m, n, c, _, _ in CATALOGUE]
    rows += [(m, n, c, Family.OTHER) for m, _, _, n, c in CATALOGUE]
    first = 0
    for index, (month, name, crest, family) in enumerate(rows):
        out.append(SweetType(index, name, family, month, crest, first))
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
_TILE_JSON = tuple(
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


def tile_json(tile: int) -> dict[str, Any]:
    """The view's TILE object (a fresh dict)."""
    return dict(_TILE_JSON[tile])


def describe_tile(tile: int) -> str:
    """How the log names a tile: ``"Wisteria (May, Spring, Bamboo)"``."""
    t = TYPES[TILES[tile]]
    return f"{t.name} ({MONTH_NAMES[t.month - 1]}, {t.season.word}, {t.crest.word})"


def player_cards(players: int) -> list[str]:
    """Ruling H2: one card per season for 3-4 players, all eight (two per season) for 5-6."""
    per_season = 1 if players <= 4 else 2
    return [s.value for s in SEASONS for _ in range(per_season)]
