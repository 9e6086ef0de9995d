"""The JSON forms of a Storm in a Teacup state: each seat's view, the saved state, and back.

A seat sees its own hand in order, every hand and stock size, the runs revealed this round and
the box's size (ruling S8); never another seat's hand nor any stock's colours, not even its own
stock's. :func:`from_view` rebuilds a full state from a view alone, dealing the cards that seat
cannot see at random, so that bots searching it never peek.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from ..core import BadRecord, JsonDict, LogEntry, Rng
from .cards import (
    CARDS,
    COLOUR_BY_WORD,
    COLOURS,
    IDS_BY_COLOUR,
    counts_from_json,
    counts_json,
    counts_of,
    words,
)
from .combinations import COMBINATION_BY_ID, COMBINATIONS, combination_of
from .state import Party, Phase, Reveal, StormState

if TYPE_CHECKING:
    from .game import StormGame


def _reveal_view(reveal: Reveal) -> JsonDict:
    return {
        "seat": reveal.seat,
        "cards": words(reveal.cards),
        "combination": reveal.combination,
        "prepared": reveal.prepared,
    }


def table_view(state: StormState, seat: int | None) -> JsonDict:
    """The ``"table"`` part of ``seat``'s view (``None``: a spectator)."""
    lead = None if state.lead is None else {"seat": state.lead[0], "combination": state.lead[1]}
    return {
        "phase": state.phase.value,
        "round": state.round,
        "host": state.host,
        "turn": state.turn,
        "hand": None if seat is None else words(state.hands[seat]),
        "hand_sizes": state.hand_sizes(),
        "stock_sizes": [len(s) for s in state.stocks],
        "box": len(state.box),
        # The discarded cards were public when revealed; the undealt ones never were.
        "box_discards": counts_json(state.box_discards()),
        "reveals": [_reveal_view(r) for r in state.reveals],
        "lead": lead,
        "party": None if state.party is None else state.party.to_json(),
        "last_party": state.last_party,
        "combinations": [c.to_json() for c in COMBINATIONS],
        "cards_left": state.cards_left(),
    }


def state_json(state: StormState) -> JsonDict:
    """The whole state, card ids included, for saving and for equality."""
    return {
        "players": state.players,
        "phase": state.phase.value,
        "round": state.round,
        "host": state.host,
        "turn": state.turn,
        "hands": [list(h) for h in state.hands],
        "stocks": [list(s) for s in state.stocks],
        "box": list(state.box),
        "undealt": state.undealt,
        "reveals": [
            {
                "seat": r.seat,
                "cards": list(r.cards),
                "combination": r.combination,
                "prepared": r.prepared,
            }
            for r in state.reveals
        ],
        "lead": None if state.lead is None else list(state.lead),
        "party": None if state.party is None else state.party.to_json(),
        "last_party": state.last_party,
        "winners": list(state.winners),
        "rng": state.rng.state,
        "log": [e.to_json() for e in state.log],
    }


def _party(data: Any) -> Party | None:
    if data is None:
        return None
    return Party(
        matching=[int(s) for s in data["matching"]],
        winner=int(data["winner"]),
        allowed={int(s): int(n) for s, n in data["allowed"].items()},
        pending=[int(s) for s in data["pending"]],
        discarded={int(s): counts_from_json(c) for s, c in data["discarded"].items()},
    )


def _lead(data: Any) -> tuple[int, str] | None:
    if data is None:
        return None
    if isinstance(data, dict):
        seat, combination = data["seat"], data["combination"]
    else:
        seat, combination = data
    if combination not in COMBINATION_BY_ID:
        raise ValueError(f"unknown combination {combination!r}")
    return int(seat), str(combination)


def _common(state: StormState, data: Mapping[str, Any]) -> None:
    state.phase = Phase(data["phase"])
    state.round = int(data["round"])
    state.host = int(data["host"])
    turn = data["turn"]
    state.turn = None if turn is None else int(turn)
    state.lead = _lead(data["lead"])
    state.party = _party(data["party"])
    last = data["last_party"]
    state.last_party = None if last is None else dict(last)


def from_json(game: StormGame, data: Mapping[str, Any]) -> StormState:
    """Inverse of :func:`state_json`."""
    try:
        state = StormState(game, int(data["players"]), Rng.from_state(int(data["rng"])))
        _common(state, data)
        state.hands = [[int(c) for c in h] for h in data["hands"]]
        state.stocks = [[int(c) for c in s] for s in data["stocks"]]
        state.box = [int(c) for c in data["box"]]
        state.undealt = int(data["undealt"])
        state.reveals = [
            Reveal(
                int(r["seat"]),
                tuple(int(c) for c in r["cards"]),
                None if r["combination"] is None else str(r["combination"]),
                bool(r["prepared"]),
            )
            for r in data["reveals"]
        ]
        state.winners = tuple(int(s) for s in data["winners"])
        state.log = [LogEntry.from_json(e) for e in data["log"]]
    except (KeyError, TypeError, ValueError, AttributeError) as exc:
        raise BadRecord(f"This is not a saved Storm in a Teacup state: {exc!r}") from exc
    return state


class _Pool:
    """Card ids by colour, handed out in order: to give known colours concrete ids."""

    def __init__(self) -> None:
        self.free = {c: list(reversed(IDS_BY_COLOUR[c])) for c in COLOURS}

    def take(self, word: str) -> int:
        colour = COLOUR_BY_WORD[word]
        if not self.free[colour]:
            raise ValueError(f"more {colour.title} cards than the game has")
        return self.free[colour].pop()

    def rest(self) -> list[int]:
        return sorted(c for ids in self.free.values() for c in ids)


def from_view(game: StormGame, view: Mapping[str, Any], seat: int, rng: Rng) -> StormState:
    """A full state consistent with ``seat``'s view; every card that seat cannot see (other
    hands, every stock, the undealt cards in the box) is dealt at random with ``rng``."""
    try:
        table = view["table"]
        players = int(view["players"])
        state = StormState(game, players, Rng(rng.next_u64()))
        _common(state, table)
        pool = _Pool()
        hand_sizes = [int(n) for n in table["hand_sizes"]]
        stock_sizes = [int(n) for n in table["stock_sizes"]]
        own = [pool.take(w) for w in table["hand"]]
        state.reveals = [
            Reveal(
                int(r["seat"]),
                tuple(pool.take(w) for w in r["cards"]),
                None if r["combination"] is None else str(r["combination"]),
                bool(r["prepared"]),
            )
            for r in table["reveals"]
        ]
        discards = counts_from_json(table["box_discards"])
        discarded = [pool.take(c.word) for c in COLOURS for _ in range(discards[c])]
        unseen = pool.rest()
        rng.shuffle(unseen)
        undealt = int(table["box"]) - len(discarded)
        needed = sum(hand_sizes) - len(own) + sum(stock_sizes) + undealt
        if needed != len(unseen) or len(own) != hand_sizes[seat] or undealt < 0:
            raise ValueError("the sizes in the view do not add up to the 120 cards")

        def deal(n: int) -> list[int]:
            cards = unseen[-n:] if n else []
            del unseen[len(unseen) - n :]
            return cards

        state.hands = [own if s == seat else deal(hand_sizes[s]) for s in range(players)]
        state.stocks = [deal(n) for n in stock_sizes]
        state.box = deal(undealt) + discarded
        state.undealt = undealt
        outcome = view.get("outcome")
        if outcome is not None:
            state.winners = tuple(int(s) for s in outcome["winners"])
        state.log = [LogEntry(str(t)) for t in view["log"]]
    except (KeyError, TypeError, ValueError, AttributeError, IndexError) as exc:
        raise BadRecord(f"This is not a Storm in a Teacup view: {exc!r}") from exc
    return state


def check(state: StormState) -> None:
    """Raise ``AssertionError`` if a card is lost or doubled, or the round is incoherent."""
    places: list[int] = [*state.box]
    for hand in state.hands:
        places.extend(hand)
    for stock in state.stocks:
        places.extend(stock)
    for reveal in state.reveals:
        places.extend(reveal.cards)
    assert sorted(places) == list(range(CARDS)), "the 120 cards are not each in one place"
    assert len(state.hands) == len(state.stocks) == state.players
    assert 0 <= state.undealt <= len(state.box)
    assert 0 <= state.host < state.players
    assert state.round >= 1
    seats = [r.seat for r in state.reveals]
    expected = [(state.host + i) % state.players for i in range(len(seats))]
    assert seats == expected, f"reveals {seats} out of order from host {state.host}"
    for reveal in state.reveals:
        if reveal.prepared:
            assert not reveal.cards and reveal.combination is None
        else:
            combination = combination_of(counts_of(reveal.cards))
            assert combination is not None and combination.id == reveal.combination
    served = [r for r in state.reveals if not r.prepared]
    if state.lead is None:
        assert not served, "someone served but nobody leads"
    else:
        assert served and (served[0].seat, served[0].combination) == state.lead
    left = state.cards_left()
    if state.phase is Phase.SERVING:
        assert state.party is None and len(state.reveals) < state.players
        assert state.turn == (state.host + len(state.reveals)) % state.players
        assert state.hands[state.turn], "the server has no cards"
        assert not state.winners
    elif state.phase is Phase.DISCARD:
        party = state.party
        assert party is not None and len(state.reveals) == state.players
        assert party.pending and state.turn == party.pending[0]
        assert party.winner in party.matching
        for s in party.pending:
            assert s not in party.discarded
        for s, counts in party.discarded.items():
            have = counts_of(state.revealed_by(s))
            assert sum(counts) <= party.allowed[s]
            assert all(0 <= counts[c] <= have[c] for c in COLOURS)
        assert not state.winners
    else:
        assert state.turn is None and state.party is None and not state.reveals
        assert state.winners and all(left[w] <= 1 for w in state.winners)
        assert all((left[s] <= 1) == (s in state.winners) for s in range(state.players))
