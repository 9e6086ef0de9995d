"""Storm in a Teacup's pictures for the rules page: a hand and the runs it holds, the
rulebook's example of each combination, and its example of a tea party, resolved by the engine.

The page draws them with the table's own cards (``picture`` in
web/js/games/storm_in_a_teacup.js); the build writes them into ``js/pictures.json``.

>>> [p["combination"] for p in pictures()["combinations"]["runs"]]
['tea', 'milk', 'lemon', 'milk_tea', 'lemon_tea']
>>> pictures()["tea_party"]["winner"]
3
"""

from __future__ import annotations

from typing import Literal, TypedDict

from .actions import Serve
from .cards import COLOURS, ColourWord, colours_from_letters
from .combinations import CombinationId, combination_of
from .position import position
from .state import runs

# A dealt hand, in its order (T Tea, M Milk, L Lemon), and the run it serves in the picture.
HAND = "MTTLMMTLTM"
HAND_RUN = (1, 3)  # Tea, Tea, Lemon: Lemon Tea
# The rulebook's "Example of the combinations".
COMBINATIONS = ["TTT", "M", "LL", "TMTMTM", "TTTTL"]
# The rulebook's tea party: Cathy hosts with 4 Milk Tea, Tommy serves 2 Milk Tea, Kiti
# 5 Lemon Tea, Martino 4 Milk Tea last; each serves the start of their hand.
PARTY = ["TMTMTT", "MTL", "TTLTTM", "MMTTT"]
PARTY_SERVED = [4, 2, 5, 4]
#: The rulebook's players, as the catalogue names them (``storm_in_a_teacup.ui.pic.name.<id>``).
PARTY_NAMES = ["cathy", "tommy", "kiti", "martino"]


class ServedJson(TypedDict):
    """Cards in a row and the combination they form (``None``: none)."""

    cards: list[ColourWord]
    combination: CombinationId | None


class HandPicture(TypedDict):
    """A hand in its order, the run picked in it (``start``, ``length``, its combination) and
    how many runs the hand holds in all."""

    kind: Literal["hand"]
    cards: list[ColourWord]
    start: int
    length: int
    combination: CombinationId | None
    runs: int


class RunsPicture(TypedDict):
    """Runs side by side, each with its combination."""

    kind: Literal["runs"]
    runs: list[ServedJson]


class PartyPicture(TypedDict):
    """A tea party: each seat's run (seat 0 hosts and leads), the seats that match the lead,
    the winner, and how many cards each matching seat may discard."""

    kind: Literal["party"]
    #: The rulebook's players (``storm_in_a_teacup.ui.pic.name.<id>`` names each).
    names: list[str]
    runs: list[ServedJson]
    matching: list[int]
    winner: int
    allowed: list[int]


def _run(letters: str) -> ServedJson:
    colours = colours_from_letters(letters)
    counts = [colours.count(c) for c in COLOURS]
    found = combination_of(counts)
    return {"cards": [c.word for c in colours], "combination": None if found is None else found.id}


def _party() -> PartyPicture:
    state = position(PARTY, host=0)
    served = []
    for seat, length in enumerate(PARTY_SERVED):
        served.append(_run(PARTY[seat][:length]))
        state.apply(seat, Serve(0, length))
    party = state.view(None)["table"]["party"]
    assert party is not None
    return {
        "kind": "party",
        "names": PARTY_NAMES,
        "runs": served,
        "matching": party["matching"],
        "winner": party["winner"],
        "allowed": [party["allowed"].get(str(s), 0) for s in range(len(PARTY))],
    }


def pictures() -> dict[str, HandPicture | RunsPicture | PartyPicture]:
    """Every Storm in a Teacup picture of the rules page, by id."""
    colours = colours_from_letters(HAND)
    start, length = HAND_RUN
    hand: HandPicture = {
        "kind": "hand",
        "cards": [c.word for c in colours],
        "start": start,
        "length": length,
        "combination": _run(HAND[start : start + length])["combination"],
        "runs": len(runs([int(c) for c in colours])),
    }
    combinations: RunsPicture = {"kind": "runs", "runs": [_run(r) for r in COMBINATIONS]}
    return {"hand": hand, "combinations": combinations, "tea_party": _party()}


__all__ = [
    "COMBINATIONS",
    "HAND",
    "PARTY",
    "HandPicture",
    "PartyPicture",
    "RunsPicture",
    "ServedJson",
    "pictures",
]
