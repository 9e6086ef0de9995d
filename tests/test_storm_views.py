"""Storm in a Teacup views (ruling S8): a seat sees its own hand in order and public counts;
never another seat's hand, nor the colours of any stock, its own included."""

from __future__ import annotations

import json

import pytest

from pygames.core import BadRecord, Rng
from pygames.storm_in_a_teacup import Discard, Serve, StormGame, StormState
from pygames.storm_in_a_teacup.cards import IDS_BY_COLOUR, Colour
from pygames.storm_in_a_teacup.position import position

GAME = StormGame()


def swap_colour(cards: list[int], old: Colour, new: Colour, state: StormState) -> None:
    """Replace one card of colour ``old`` in ``cards`` by an undealt card of colour ``new``."""
    i = next(k for k, c in enumerate(cards) if c in IDS_BY_COLOUR[old])
    j = next(k for k, c in enumerate(state.box[: state.undealt]) if c in IDS_BY_COLOUR[new])
    cards[i], state.box[j] = state.box[j], cards[i]
    state.check_invariants()


def test_s8_view_shape_and_own_hand_in_order() -> None:
    state = position(["TMLT", "MMT", "LL"], stocks=["TT", "", "M"], host=1)
    table = state.view(0)["table"]
    assert table == {
        "phase": "serving",
        "round": 1,
        "host": 1,
        "turn": 1,
        "hand": ["tea", "milk", "lemon", "tea"],
        "hand_sizes": [4, 3, 2],
        "stock_sizes": [2, 0, 1],
        "box": 120 - 12,
        "box_discards": {"tea": 0, "milk": 0, "lemon": 0},
        "reveals": [],
        "lead": None,
        "party": None,
        "last_party": None,
        "combinations": table["combinations"],
        "cards_left": [6, 3, 3],
    }
    assert [c["id"] for c in table["combinations"]] == [
        "tea", "milk", "lemon", "milk_tea", "lemon_tea"
    ]  # fmt: skip
    assert state.view(2)["table"]["hand"] == ["lemon", "lemon"]
    assert state.view(None)["table"]["hand"] is None
    state.apply(1, Serve(0, 2))
    reveal = state.view(None)["table"]["reveals"][0]
    assert reveal == {
        "seat": 1, "cards": ["milk", "milk"], "combination": "milk", "prepared": False
    }  # fmt: skip


def test_s8_another_seats_hand_order_and_content_never_show() -> None:
    state = position(["TMLTT", "MMTLT", "LLM"], host=0)
    state.apply(0, Serve(0, 1))
    before = {s: state.view(s) for s in (None, 0, 2)}
    # Reorder Player 2's hand and change a card's colour: nobody else's view changes.
    state.hands[1].reverse()
    swap_colour(state.hands[1], Colour.MILK, Colour.TEA, state)
    for seat, view in before.items():
        assert state.view(seat) == view
    assert state.view(1)["table"]["hand"] != ["milk", "milk", "tea", "lemon", "tea"]
    text = json.dumps(before[0])
    assert '"hand": ["milk", "lemon", "tea", "tea"]' in text  # only Player 1's own hand


def test_s8_stock_colours_show_nowhere_not_even_to_the_owner() -> None:
    state = position(["TM", "MT", "L"], stocks=["TTTL", "MM", ""], host=0)
    before = {s: state.view(s) for s in (None, 0, 1, 2)}
    swap_colour(state.stocks[0], Colour.TEA, Colour.MILK, state)
    swap_colour(state.stocks[1], Colour.MILK, Colour.LEMON, state)
    state.stocks[0].reverse()
    for seat, view in before.items():
        assert state.view(seat) == view
    assert before[0]["table"]["stock_sizes"] == [4, 2, 0]


def test_s8_the_party_in_the_view_while_discards_are_chosen() -> None:
    state = position(["TTTM", "TTM", "MM"], host=0)
    state.apply(0, Serve(0, 3))
    state.apply(1, Serve(0, 2))
    state.apply(2, Serve(0, 1))
    view = state.view(2)
    table = view["table"]
    assert table["phase"] == "discard" and table["turn"] == 0
    assert view["actors"] == [0] and view["awaiting"] == [0]
    assert table["lead"] == {"seat": 0, "combination": "tea"}
    assert table["party"] == {
        "matching": [0, 1],
        "winner": 0,
        "allowed": {"0": 3, "1": 1},
        "pending": [0, 1],
        "discarded": {},
    }
    state.apply(0, Discard(2, 0, 0))
    party = state.view(2)["table"]["party"]
    assert party["pending"] == [1] and party["discarded"] == {
        "0": {"tea": 2, "milk": 0, "lemon": 0}
    }
    assert state.view(2)["table"]["turn"] == 1
    state.apply(1, Discard(1, 0, 0))
    table = state.view(2)["table"]
    assert table["phase"] == "serving" and table["party"] is None and table["reveals"] == []
    assert table["box_discards"] == {"tea": 3, "milk": 0, "lemon": 0}
    assert table["stock_sizes"] == [1, 1, 1] and table["cards_left"] == [2, 2, 2]


def test_determinize_keeps_what_the_seat_knows_and_deals_the_rest_anew() -> None:
    state = GAME.new_state(4, 9, {"host": 0})
    state.apply(0, state.legal_actions(0)[-1])
    view = state.view(1)
    hands = set()
    for s in range(5):
        det = GAME.state_from_view(view, 1, Rng(s))
        assert isinstance(det, StormState)
        det.check_invariants()
        assert det.view(1)["table"] == view["table"] and det.view(1)["log"] == view["log"]
        assert det.legal_actions(1) == state.legal_actions(1)
        hands.add(tuple(det.hands[2]))
    assert len(hands) == 5


def test_determinize_respects_cards_known_to_be_in_the_box() -> None:
    # All 20 Lemon are discarded or in Player 1's hand: no other place may get a Lemon.
    state = position(["L" * 12 + "T", "TM", "MT"], discarded="L" * 8, host=0)
    for s in range(5):
        det = state.determinize(0, Rng(s))
        assert isinstance(det, StormState)
        assert det.box_discards() == [0, 0, 8]
        assert all(c not in IDS_BY_COLOUR[Colour.LEMON] for h in det.hands[1:] for c in h)
        assert all(c not in IDS_BY_COLOUR[Colour.LEMON] for c in det.box[: det.undealt])


def test_state_from_a_broken_view_is_refused() -> None:
    view = GAME.new_state(3, 1, {}).view(0)
    view["table"]["box"] = 5
    with pytest.raises(BadRecord, match="do not add up"):
        GAME.state_from_view(view, 0, Rng(1))
    with pytest.raises(BadRecord):
        GAME.state_from_view({"table": {}}, 0, Rng(1))
    with pytest.raises(BadRecord):
        GAME.state_from_json({"players": 2})
