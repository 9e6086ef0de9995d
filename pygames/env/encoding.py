"""Fixed-size encodings of each game for learning agents: a seat's view as a vector of numbers,
and every action the game can ever offer as one index of a discrete space.

An encoding reads the seat's *view* only (the page's contract: :meth:`State.view`), so an
observation can never carry a secret the seat may not see. Seats are counted from the observer:
index 0 of every per-seat block is the observer itself, 1 the next seat clockwise, and so on,
padded to the game's most players with zeros. Counts are raw numbers, categories one-hot.

The layouts, block by block, are in each game's ``*_BLOCKS`` tuple below (name, width), and
``docs/library.md`` prints them.

This module uses only the standard library; :mod:`pygames.env` turns its lists into arrays.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..core.contract import ActionJson

Features = list[float]


def key(action: Mapping[str, Any]) -> str:
    """An action's canonical text, the same for equal actions whatever their keys' order."""
    return json.dumps(action, sort_keys=True, separators=(",", ":"))


def one_hot(index: int | None, size: int) -> Features:
    """``size`` zeros with a one at ``index`` (all zeros for None)."""
    out = [0.0] * size
    if index is not None:
        out[index] = 1.0
    return out


@dataclass(frozen=True)
class Encoding:
    """One game's encoding: its observation blocks and its action list."""

    game: str
    blocks: tuple[tuple[str, int], ...]
    actions: tuple[ActionJson, ...]
    encode: Callable[[Mapping[str, Any]], Features]

    @property
    def size(self) -> int:
        """The observation's length."""
        return sum(width for _, width in self.blocks)

    def __post_init__(self) -> None:
        indices = {key(a): i for i, a in enumerate(self.actions)}
        object.__setattr__(self, "_indices", indices)

    def index_of(self, action: Mapping[str, Any]) -> int:
        """The index of ``action``; KeyError for an action this encoding does not know."""
        indices: dict[str, int] = self.__dict__["_indices"]
        return indices[key(action)]

    def observe(self, view: Mapping[str, Any]) -> Features:
        """The observation of ``view`` (checked against the declared size)."""
        features = self.encode(view)
        if len(features) != self.size:
            raise AssertionError(f"{self.game}: {len(features)} features, {self.size} declared")
        return features


def relative(seat: int, players: int, most: int) -> list[int | None]:
    """The absolute seats in the observer's order (itself first), padded to ``most`` with None."""
    order: list[int | None] = [(seat + k) % players for k in range(players)]
    return order + [None] * (most - players)


def rel_one_hot(seat: int | None, observer: int, players: int, most: int) -> Features:
    """A seat one-hot in the observer's order (all zeros for None)."""
    return one_hot(None if seat is None else (seat - observer) % players, most)


# ------------------------------------------------------------------------------------ Tanbo

TANBO_TOKENS = ("snake", "yellow", "black", "red", "farmer")
TANBO_RICE = ("yellow", "black", "red")
TANBO_PHASES = ("farmer", "move", "swap", "harvest", "rest", "excess", "over")
TANBO_PADDIES = 5

TANBO_BLOCKS = (
    ("rings: own then the opponent's, 5 paddies each: snakes, yellow, black, red, farmer", 50),
    ("hand being sown: snakes, yellow, black, red, farmer", 5),
    ("bag: yellow, black, red", 3),
    ("snakes in the supply", 1),
    ("scores: own, opponent's", 2),
    ("collected rice: own yellow, black, red; opponent's yellow, black, red", 6),
    ("points scored this turn", 1),
    ("phase one-hot: farmer, move, swap, harvest, rest, excess, over", 7),
    ("sowing: next paddy one-hot (the mover's ring)", 5),
    ("sowing: landing paddy one-hot", 5),
    ("paddy whose action is being carried out, one-hot", 5),
    ("tokens still to take, return, swap or remove", 1),
    ("the observer is awaited", 1),
    ("the observer was the first player", 1),
)


def _tanbo_tokens(held: Mapping[str, Any]) -> Features:
    rice = held["rice"]
    return [held["snakes"], rice["yellow"], rice["black"], rice["red"], float(held["farmer"])]


def tanbo_observe(view: Mapping[str, Any]) -> Features:
    """Tanbo's observation (:data:`TANBO_BLOCKS`)."""
    seat, t = view["seat"], view["table"]
    other = 1 - seat
    out: Features = []
    for ring in (seat, other):
        for paddy in t["rings"][ring]:
            out += _tanbo_tokens(paddy)
    out += _tanbo_tokens(t["hand"])
    out += [t["bag"][r] for r in TANBO_RICE]
    out.append(t["supply"])
    out += [t["scores"][seat], t["scores"][other]]
    for s in (seat, other):
        out += [t["collected"][s][r] for r in TANBO_RICE]
    out.append(t["turn_points"])
    out += one_hot(TANBO_PHASES.index(t["phase"]), len(TANBO_PHASES))
    sowing = t["sowing"] or {}
    out += one_hot(sowing.get("next"), TANBO_PADDIES)
    out += one_hot(sowing.get("landing"), TANBO_PADDIES)
    out += one_hot(t["action_paddy"], TANBO_PADDIES)
    out.append((t["pending"] or {}).get("count", 0))
    out.append(float(seat in view["awaiting"]))
    out.append(float(t["first_player"] == seat))
    return [float(x) for x in out]


def _tanbo_actions() -> tuple[ActionJson, ...]:
    cells = [(p, tok) for p in range(TANBO_PADDIES) for tok in TANBO_TOKENS]
    actions: list[ActionJson] = [{"type": "farmer", "paddy": p} for p in range(TANBO_PADDIES)]
    actions += [{"type": "place", "token": tok} for tok in TANBO_TOKENS]
    actions += [
        {"type": "swap", "a": [p, a], "b": [q, b]}
        for p, a in cells
        for q, b in cells
        if (p, a) != (q, b)
    ]
    actions += [{"type": "take", "rice": r} for r in TANBO_RICE]
    actions += [{"type": "return", "rice": r} for r in TANBO_RICE]
    actions += [{"type": "remove", "paddy": p, "token": tok} for p, tok in cells]
    return tuple(actions)


# ------------------------------------------------------------------------- Humble Tea Party

HTP_MOST = 6
HTP_DECKS = 3
HTP_TYPES = 24
HTP_SPAN = range(-2, 3)  # a box's cells: x and y from -2 to 2 around its first tile
HTP_SEASONS = ("spring", "summer", "autumn", "winter")
HTP_PHASES = ("own", "recommend", "over")
HTP_CELLS = len(HTP_SPAN) ** 2
HTP_BOX = HTP_CELLS * HTP_TYPES + 4 + len(HTP_SEASONS)

HTP_BLOCKS = (
    ("seats present, in the observer's order", HTP_MOST),
    ("decks: tiles left, then the top tile's type one-hot (24) and 'no top', for each of 3", 78),
    (
        "Oribako per seat in the observer's order: 25 cells (x, then y, from -2 to 2) of a "
        "type one-hot (24); complete; revealed; under Tea; score the observer may know; "
        "favourite season one-hot where the observer may know it",
        HTP_MOST * HTP_BOX,
    ),
    ("phase one-hot: own, recommend, over", 3),
    ("the turn's seat, one-hot in the observer's order", HTP_MOST),
    ("the start player, one-hot in the observer's order", HTP_MOST),
    ("Tea's holder, one-hot in the observer's order, then 'in the centre'", HTP_MOST + 1),
    ("seats that have had Tea, in the observer's order", HTP_MOST),
    ("resets used, resets allowed", 2),
    ("season cards not dealt: spring, summer, autumn, winter", 4),
)


def htp_observe(view: Mapping[str, Any]) -> Features:
    """Humble Tea Party's observation (:data:`HTP_BLOCKS`)."""
    seat, players, t = view["seat"], view["players"], view["table"]
    order = relative(seat, players, HTP_MOST)
    out: Features = [float(s is not None) for s in order]
    for deck in t["decks"]:
        top = deck["top"]
        out.append(deck["size"])
        out += one_hot(top["type"] if top else HTP_TYPES, HTP_TYPES + 1)
    for s in order:
        if s is None:
            out += [0.0] * HTP_BOX
            continue
        box = t["oribako"][s]
        cells = [0.0] * (HTP_CELLS * HTP_TYPES)
        for c in box["tiles"]:
            cell = (c["x"] - HTP_SPAN.start) * len(HTP_SPAN) + (c["y"] - HTP_SPAN.start)
            cells[cell * HTP_TYPES + c["tile"]["type"]] = 1.0
        out += cells
        score = box["score"]
        known = score["total"] if s == seat or box["revealed"] else score["public"]
        out += [float(box["complete"]), float(box["revealed"]), float(box["tea"]), known]
        season = box["season"]
        out += one_hot(HTP_SEASONS.index(season) if season else None, len(HTP_SEASONS))
    out += one_hot(HTP_PHASES.index(t["phase"]) if t["phase"] in HTP_PHASES else 2, 3)
    out += rel_one_hot(t["turn"], seat, players, HTP_MOST)
    out += rel_one_hot(t["start_player"], seat, players, HTP_MOST)
    holder = t["tea"]["holder"]
    out += [*rel_one_hot(holder, seat, players, HTP_MOST), float(holder is None)]
    spent = [0.0] * HTP_MOST
    for s in t["tea"]["spent"]:
        spent[(s - seat) % players] = 1.0
    out += spent
    out += [t["resets"], t["max_resets"]]
    out += [float(sum(1 for c in t["undealt_cards"] if c == season)) for season in HTP_SEASONS]
    return [float(x) for x in out]


def _htp_actions() -> tuple[ActionJson, ...]:
    actions: list[ActionJson] = [{"type": "keep", "deck": d} for d in range(HTP_DECKS)]
    actions += [
        {"type": "place", "deck": d, "target": s, "x": x, "y": y}
        for d in range(HTP_DECKS)
        for s in range(HTP_MOST)
        for x in HTP_SPAN
        for y in HTP_SPAN
    ]
    actions.append({"type": "tea"})
    return tuple(actions)


# ------------------------------------------------------------------------ Storm in a Teacup

STORM_MOST = 6
STORM_CARDS = 120  # every card in the box: no hand can hold more
STORM_COLOURS = ("tea", "milk", "lemon")
STORM_COMBINATIONS = ("tea", "milk", "lemon", "milk_tea", "lemon_tea")
STORM_PHASES = ("serving", "discard", "over")
STORM_MOST_DISCARDS = 3  # the tea party's winner (ruling S6)

STORM_BLOCKS = (
    ("seats present, in the observer's order", STORM_MOST),
    ("the observer's hand in its order: 120 slots of a colour one-hot (tea, milk, lemon)", 360),
    (
        "per seat in the observer's order: cards in hand, in stock, the stock's tea, milk and "
        "lemon as the public log fixes them (zeros with the memory aid off), cards left",
        STORM_MOST * 6,
    ),
    ("cards in the box; discarded tea, milk, lemon", 4),
    ("round", 1),
    ("host, one-hot in the observer's order", STORM_MOST),
    ("the turn's seat, one-hot in the observer's order", STORM_MOST),
    ("phase one-hot: serving, discard, over", 3),
    ("the lead: seat one-hot in the observer's order, combination one-hot", STORM_MOST + 5),
    (
        "this round's reveals per seat in the observer's order: tea, milk, lemon served; "
        "served; prepared",
        STORM_MOST * 5,
    ),
    (
        "the tea party: observer's discards allowed; winner one-hot; matching seats",
        1 + 2 * STORM_MOST,
    ),
)


def storm_observe(view: Mapping[str, Any]) -> Features:
    """Storm in a Teacup's observation (:data:`STORM_BLOCKS`)."""
    seat, players, t = view["seat"], view["players"], view["table"]
    order = relative(seat, players, STORM_MOST)
    out: Features = [float(s is not None) for s in order]
    hand = t["hand"] if isinstance(t.get("hand"), list) else []
    slots = [0.0] * (STORM_CARDS * 3)
    for i, card in enumerate(hand[:STORM_CARDS]):
        slots[i * 3 + STORM_COLOURS.index(card)] = 1.0
    out += slots
    for s in order:
        if s is None:
            out += [0.0] * 6
            continue
        colours = (t.get("stock_colours") or [None] * players)[s] or {}
        out += [t["hand_sizes"][s], t["stock_sizes"][s]]
        out += [colours.get(c, 0) for c in STORM_COLOURS]
        out.append(t["cards_left"][s])
    out.append(t["box"])
    out += [t["box_discards"][c] for c in STORM_COLOURS]
    out.append(t["round"])
    out += rel_one_hot(t["host"], seat, players, STORM_MOST)
    out += rel_one_hot(t["turn"], seat, players, STORM_MOST)
    out += one_hot(STORM_PHASES.index(t["phase"]), len(STORM_PHASES))
    lead = t.get("lead")
    out += rel_one_hot(lead["seat"] if lead else None, seat, players, STORM_MOST)
    out += one_hot(STORM_COMBINATIONS.index(lead["combination"]) if lead else None, 5)
    reveals: list[Features] = [[0.0] * 5 for _ in range(STORM_MOST)]
    for reveal in t["reveals"]:
        cards: Sequence[str] = reveal["cards"]
        counts = [float(sum(1 for c in cards if c == colour)) for colour in STORM_COLOURS]
        reveals[(reveal["seat"] - seat) % players] = [*counts, 1.0, float(reveal["prepared"])]
    for block in reveals:
        out += block
    party = t.get("party") or {}
    out.append(party.get("allowed", {}).get(str(seat), 0))
    out += rel_one_hot(party.get("winner"), seat, players, STORM_MOST)
    matching = [0.0] * STORM_MOST
    for s in party.get("matching", []):
        matching[(s - seat) % players] = 1.0
    out += matching
    return [float(x) for x in out]


def _storm_actions() -> tuple[ActionJson, ...]:
    actions: list[ActionJson] = [
        {"type": "serve", "start": start, "length": length}
        for start in range(STORM_CARDS)
        for length in range(1, STORM_CARDS - start + 1)
    ]
    actions += [
        {"type": "discard", "tea": a, "milk": b, "lemon": c}
        for a in range(STORM_MOST_DISCARDS + 1)
        for b in range(STORM_MOST_DISCARDS + 1 - a)
        for c in range(STORM_MOST_DISCARDS + 1 - a - b)
    ]
    return tuple(actions)


ENCODINGS: dict[str, Encoding] = {
    "tanbo": Encoding("tanbo", TANBO_BLOCKS, _tanbo_actions(), tanbo_observe),
    "humble_tea_party": Encoding("humble_tea_party", HTP_BLOCKS, _htp_actions(), htp_observe),
    "storm_in_a_teacup": Encoding(
        "storm_in_a_teacup", STORM_BLOCKS, _storm_actions(), storm_observe
    ),
}
