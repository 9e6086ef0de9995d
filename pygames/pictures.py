"""The pictures of the rules page, every game's, as the build writes them (``js/pictures.json``).

Each game's ``pictures`` module holds the rulebook's examples as positions and lets the
engine say what happens in them (the action a paddy calls for, a sample's score, who wins a
tea party), so the page shows what the rules do, never a copy of them; the page draws them
with each table's own pieces.

>>> sorted(rules_pictures())
['humble_tea_party', 'storm_in_a_teacup', 'tanbo']
"""

from __future__ import annotations

from collections.abc import Mapping

from .humble_tea_party import pictures as humble_tea_party
from .storm_in_a_teacup import pictures as storm_in_a_teacup
from .tanbo import pictures as tanbo


def rules_pictures() -> dict[str, Mapping[str, object]]:
    """Every game's pictures by game id, then by picture id."""
    return {
        "tanbo": tanbo.pictures(),
        "humble_tea_party": humble_tea_party.pictures(),
        "storm_in_a_teacup": storm_in_a_teacup.pictures(),
    }


__all__ = ["rules_pictures"]
