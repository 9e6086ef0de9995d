"""Storm in a Teacup views (ruling S8): a seat sees its own hand in order and what the public
log fixes: sizes, reveals, each stock's colour counts and a prepared hand's colour counts;
never another seat's dealt hand, nor the order of any hand but its own. The Memory aid option
changes only what the screen shows, never the view's facts."""

from __future__ import annotations

import json
import re
from collections import Counter
from typing import Any

import pytest

from pygames.core import BadOptions, BadRecord, MatchRecord, Rng, Seat
from pygames.storm_in_a_teacup import Discard, Serve, StormGame, StormState
from pygames.storm_in_a_teacup.cards import CARD_COLOURS, IDS_BY_COLOUR, Colour, counts_of
from pygames.storm_in_a_teacup.position import position

from .conformance import soak_first
from .words import lines

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
        "step": 0,
        "memory_aid": True,
        "phase": "serving",
        "round": 1,
        "host": 1,
        "turn": 1,
        "hand": ["tea", "milk", "lemon", "tea"],
        "hand_sizes": [4, 3, 2],
        "stock_sizes": [2, 0, 1],
        "stock_colours": [
            {"tea": 2, "milk": 0, "lemon": 0},
            {"tea": 0, "milk": 0, "lemon": 0},
            {"tea": 0, "milk": 1, "lemon": 0},
        ],
        "hand_colours": [None, None, None],  # dealt hands: only their owners know them
        "box": 120 - 12,
        "box_discards": {"tea": 0, "milk": 0, "lemon": 0},
        "reveals": [],
        "lead": None,
        "party": None,
        "last_party": None,
        "combinations": table["combinations"],
        "cards_left": [6, 3, 3],
        "last": [None, None, None],
        "runs": [],  # seat 0 is not the one to serve
        "refused_runs": {},
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


def test_s8_stock_colours_are_public_but_not_their_order_nor_ids() -> None:
    state = position(["TM", "MT", "L"], stocks=["TTTL", "MM", ""], host=0)
    before = {s: state.view(s) for s in (None, 0, 1, 2)}
    for view in before.values():
        assert view["table"]["stock_colours"] == [
            {"tea": 3, "milk": 0, "lemon": 1},
            {"tea": 0, "milk": 2, "lemon": 0},
            {"tea": 0, "milk": 0, "lemon": 0},
        ]
    # Another order, other card ids of the same colours: nobody's view changes.
    state.stocks[0].reverse()
    j = next(j for j, c in enumerate(state.box) if CARD_COLOURS[c] is Colour.TEA)
    i = next(i for i, c in enumerate(state.stocks[0]) if CARD_COLOURS[c] is Colour.TEA)
    state.stocks[0][i], state.box[j] = state.box[j], state.stocks[0][i]
    state.check_invariants()
    for seat, view in before.items():
        assert state.view(seat) == view
    # A colour changed in a stock shows in every view, its owner's too.
    swap_colour(state.stocks[1], Colour.MILK, Colour.LEMON, state)
    for seat in before:
        assert state.view(seat)["table"]["stock_colours"][1] == {
            "tea": 0, "milk": 1, "lemon": 1
        }  # fmt: skip


def test_s8_a_prepared_hand_shows_its_colours_to_all_and_its_order_to_its_owner_only() -> None:
    state = position(["", "TM", "MT"], stocks=["TTLM", "LL", ""], host=0)
    # Player 1 prepared at once (empty hand): 2 Tea, 1 Milk, 1 Lemon, in an order only they see.
    assert state.last[0] == {"move": "prepare", "step": 0, "round": 1, "cards": 4}
    public = {"tea": 2, "milk": 1, "lemon": 1}
    views = {s: state.view(s) for s in (None, 0, 1, 2)}
    for view in views.values():
        assert view["table"]["hand_colours"] == [public, None, None]
        assert view["table"]["stock_colours"][0] == {"tea": 0, "milk": 0, "lemon": 0}
    assert Counter(views[0]["table"]["hand"]) == Counter(tea=2, milk=1, lemon=1)
    for seat in (None, 1, 2):
        assert views[seat]["table"]["hand"] != views[0]["table"]["hand"]
    # Another order of that hand changes nobody's view but its owner's.
    state.hands[0].reverse()
    for seat in (None, 1, 2):
        assert state.view(seat) == views[seat]
    assert state.view(0)["table"]["hand"] == views[0]["table"]["hand"][::-1]
    # Serving from a prepared hand keeps its counts public: the rest of the hand.
    state = position(["TTLM", "MT", "L"], host=0, prepared=[0])
    assert state.view(1)["table"]["hand_colours"] == [public, None, None]
    state.apply(0, Serve(1, 2))  # Tea, Lemon: Lemon Tea
    assert state.view(1)["table"]["hand_colours"][0] == {"tea": 1, "milk": 1, "lemon": 0}


def test_s8_a_dealt_hand_served_empty_is_known_to_be_empty() -> None:
    state = position(["T", "MMT", "LLT"], host=0)
    assert state.view(1)["table"]["hand_colours"] == [None, None, None]
    state.apply(0, Serve(0, 1))
    assert state.view(1)["table"]["hand_colours"] == [
        {"tea": 0, "milk": 0, "lemon": 0}, None, None
    ]  # fmt: skip


@pytest.mark.parametrize("aid", [True, False])
def test_s8_memory_aid_is_in_the_view_and_changes_no_fact(aid: bool) -> None:
    on = GAME.new_state(3, 5, {"host": 0})
    state = GAME.new_state(3, 5, {"host": 0, "memory_aid": aid})
    rng = Rng(2)
    for _ in range(40):
        seat = state.actors()[0]
        action = rng.choice(state.legal_actions(seat))
        state.apply(seat, action)
        on.apply(seat, action)
        for s in (None, 0, 1, 2):
            table = state.view(s)["table"]
            assert table["memory_aid"] is aid
            assert {**table, "memory_aid": True} == on.view(s)["table"]


@pytest.mark.parametrize("bad", [1, 0, "yes", None, "true"])
def test_s8_memory_aid_must_be_true_or_false(bad: object) -> None:
    with pytest.raises(BadOptions, match=r"Memory aid \(memory_aid\) must be true or false"):
        GAME.validate_options(3, {"memory_aid": bad})
    with pytest.raises(BadOptions, match="Memory aid"):
        GAME.new_state(3, 1, {"memory_aid": bad})


def test_s8_memory_aid_is_a_default_option_and_replays_from_records() -> None:
    assert GAME.default_options(2) == {"host": None, "memory_aid": True}
    assert GAME.validate_options(4, {"memory_aid": False}) == {"host": None, "memory_aid": False}
    state = GAME.new_state(3, 8, {"memory_aid": False})
    record = MatchRecord(GAME.id, [Seat(f"P{i}") for i in range(3)], 8, {"memory_aid": False})
    rng = Rng(4)
    for _ in range(12):
        seat = state.actors()[0]
        action = rng.choice(state.legal_actions(seat))
        state.apply(seat, action)
        record.actions.append((seat, action.to_json()))
    text = json.dumps(record.to_json())
    replayed = MatchRecord.from_json(json.loads(text)).replay(GAME)
    assert replayed == state and replayed.view(1)["table"]["memory_aid"] is False
    assert GAME.state_from_json(json.loads(json.dumps(state.to_json()))).memory_aid is False
    assert GAME.state_from_view(state.view(0), 0, Rng(1)).view(0) == state.view(0)


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


# --- ruling S8: what the public log fixes, counted independently from the log's words -----


class PublicLedger:
    """Each stock's and each prepared hand's colour counts, worked out from the public log alone
    (the lines every seat reads), as a player with a pencil would: served runs are named with
    their colours, discards too; what a player revealed and did not discard goes to their stock
    when the party ends; a Prepare turns the stock into the hand."""

    SERVE = re.compile(r"Player (\d) serves \d+ cards?: [A-Za-z ]+ \((.*)\)\.")
    PREPARE = re.compile(r"Player (\d) prepares: ")
    DISCARD = re.compile(r"Player (\d) discards (?:\d+ cards? \((.*)\) to the box|nothing); ")
    PARTY_OVER = re.compile(r"Round \d+: |.* wins with |.* share the victory ")

    def __init__(self, players: int) -> None:
        self.stocks = [Counter[str]() for _ in range(players)]
        self.hands: list[Counter[str] | None] = [None] * players  # None: the dealt hand
        self.revealed: dict[int, Counter[str]] = {}
        self.read = 0

    @staticmethod
    def counts(text: str | None) -> Counter[str]:
        return Counter(
            {k.lower(): int(n) for n, k in re.findall(r"(\d+) (Tea|Milk|Lemon)", text or "")}
        )

    def follow(self, log: list[str]) -> None:
        for line in log[self.read :]:
            if m := self.SERVE.fullmatch(line):
                seat, cards = int(m[1]) - 1, self.counts(m[2])
                self.revealed[seat] = cards
                hand = self.hands[seat]
                if hand is not None:
                    hand.subtract(cards)
            elif m := self.PREPARE.match(line):
                seat = int(m[1]) - 1
                self.hands[seat], self.stocks[seat] = self.stocks[seat], Counter()
            elif m := self.DISCARD.match(line):
                self.revealed[int(m[1]) - 1].subtract(self.counts(m[2]))
            elif self.PARTY_OVER.match(line):
                for seat, cards in self.revealed.items():
                    self.stocks[seat].update(cards)
                self.revealed = {}
        self.read = len(log)


def as_counts(c: Counter[str]) -> dict[str, int]:
    return {k: c[k] for k in ("tea", "milk", "lemon")}


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_s8_the_views_show_the_colours_the_public_log_fixes(players: int) -> None:
    prepared = 0
    # Make test follows two games at each table, the Memory aid on and off; the soak four.
    for seed in soak_first(range(4), everyday=2):
        state = GAME.new_state(players, 500 + seed, {"memory_aid": seed % 2 == 0})
        ledger = PublicLedger(players)
        rng = Rng(seed)
        while True:
            spectator = state.view(None)
            ledger.follow(lines(spectator["log"]))
            for seat in (None, *range(players)):
                table = state.view(seat)["table"]
                assert table["stock_colours"] == [as_counts(c) for c in ledger.stocks]
                for s, hand in enumerate(ledger.hands):
                    if hand is not None:
                        assert table["hand_colours"][s] == as_counts(hand)
                    elif table["hand_sizes"][s] == 0:
                        assert table["hand_colours"][s] == {"tea": 0, "milk": 0, "lemon": 0}
                    else:  # a dealt hand: nobody but its owner knows it
                        assert table["hand_colours"][s] is None
            if state.is_over():
                break
            seat = state.actors()[0]
            state.apply(seat, rng.choice(state.legal_actions(seat)))
        prepared += sum(h is not None for h in ledger.hands)
    assert prepared > 0, "no game had a Prepare"


def test_s8_determinize_deals_stocks_and_prepared_hands_their_public_colours() -> None:
    checked = 0
    for seed in range(20):
        state = GAME.new_state(4, 900 + seed, {})
        rng = Rng(seed)
        for _ in range(rng.randbelow(120) + 20):
            if state.is_over():
                break
            seat = state.actors()[0]
            state.apply(seat, rng.choice(state.legal_actions(seat)))
        if state.is_over():
            continue
        seat = state.actors()[0]
        orders = set()
        for k in range(4):
            det = state.determinize(seat, Rng(k))
            assert isinstance(det, StormState)
            det.check_invariants()
            assert det.view(seat)["table"] == state.view(seat)["table"]
            for s in range(4):
                assert counts_of(det.stocks[s]) == counts_of(state.stocks[s])
                if not state.hand_secret[s]:
                    assert counts_of(det.hands[s]) == counts_of(state.hands[s])
            assert det.hand_colours(seat) == state.hand_colours(seat)
            orders.add(tuple(tuple(CARD_COLOURS[c] for c in h) for h in det.hands))
            checked += 1
        assert len(orders) > 1, "the hidden orders are not dealt anew"
    assert checked >= 20


def test_s8_determinize_deals_a_prepared_hand_in_a_random_order() -> None:
    state = position(["TTLMMT", "T", "M"], host=1, prepared=[0])
    orders = {tuple(GAME.state_from_view(state.view(2), 2, Rng(k)).hands[0]) for k in range(12)}
    colours = {tuple(sorted(CARD_COLOURS[c] for c in o)) for o in orders}
    assert len(orders) > 1 and colours == {(0, 0, 0, 1, 1, 2)}


def test_s8_a_view_whose_public_colours_do_not_add_up_is_refused() -> None:
    view = position(["TTLMMT", "T", "M"], host=1, prepared=[0]).view(2)
    bad: Any = json.loads(json.dumps(view))
    bad["table"]["hand_colours"][0] = {"tea": 9, "milk": 0, "lemon": 0}
    with pytest.raises(BadRecord, match="colour counts"):
        GAME.state_from_view(bad, 2, Rng(1))
    bad = json.loads(json.dumps(view))
    bad["table"]["hand_colours"][2] = {"tea": 1, "milk": 0, "lemon": 0}  # own hand is 1 Milk
    with pytest.raises(BadRecord, match="own hand"):
        GAME.state_from_view(bad, 2, Rng(1))


# --- what just happened: each seat's last move ---------------------------------------------


def test_each_seats_last_move_with_its_step() -> None:
    state = position(["TTTM", "TTM", "", "MM"], stocks=["", "", "LL", ""], host=0)
    state.apply(0, Serve(0, 3))
    state.apply(1, Serve(0, 2))  # Player 3 prepares at once, then Player 4 is to serve
    table = state.view(3)["table"]
    assert table["step"] == 2
    assert table["last"] == [
        {"move": "serve", "step": 1, "round": 1, "cards": ["tea"] * 3, "combination": "tea"},
        {"move": "serve", "step": 2, "round": 1, "cards": ["tea"] * 2, "combination": "tea"},
        {"move": "prepare", "step": 2, "round": 1, "cards": 2},
        None,
    ]
    state.apply(3, Serve(0, 1))
    state.apply(0, Discard(2, 0, 0))
    last = state.view(None)["table"]["last"]
    assert last[0] == {
        "move": "discard", "step": 4, "round": 1,
        "discarded": {"tea": 2, "milk": 0, "lemon": 0}, "kept": 1,
    }  # fmt: skip
    assert last[3]["move"] == "serve" and last[1]["move"] == "serve"
    assert all(state.view(s)["table"]["last"] == last for s in range(4))


def test_the_full_view_of_a_finished_game_shows_every_hand_and_stock() -> None:
    state = GAME.new_state(3, 21, {})
    rng = Rng(3)
    while not state.is_over():
        seat = state.actors()[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    full = state.full_view()
    assert full["everything"] is True and full["seat"] is None
    table = full["table"]
    assert table["hands"] == [
        [("tea", "milk", "lemon")[CARD_COLOURS[c]] for c in h] for h in state.hands
    ]
    assert [Counter(s) for s in table["stocks"]] == [
        Counter({k: v for k, v in as_counts_ids(s).items() if v}) for s in state.stocks
    ]
    assert {k: v for k, v in table.items() if k not in ("hands", "stocks")} == state.view(None)[
        "table"
    ]
    assert json.loads(json.dumps(full)) == full


def as_counts_ids(cards: list[int]) -> dict[str, int]:
    c = counts_of(cards)
    return {"tea": c[0], "milk": c[1], "lemon": c[2]}


@pytest.mark.parametrize("players", [2, 4])
def test_s6_each_run_says_what_serving_it_would_do_at_the_tea_party(players: int) -> None:
    """A run's ``party`` and ``discards`` (rulings S5, S6): checked against the engine where
    the seat serves last in its round, so the party follows at once: the winner, and what
    each may discard."""
    game = StormGame()
    checked: Counter[str] = Counter()
    for seed in range(12):
        state = game.new_state(players, seed, {})
        rng = Rng(seed)
        while not state.is_over() and sum(checked.values()) < 400:
            seat = state.awaiting()[0]
            table = state.view(seat)["table"]
            last = table["phase"] == "serving" and len(table["reveals"]) == players - 1
            for run in table["runs"]:
                assert run["discards"] <= run["length"]
                if not last:
                    continue
                after = state.clone()
                after.apply(seat, Serve(run["start"], run["length"]))
                party = after.view(seat)["table"]["party"]
                if party is None:  # nobody else served: no party needed, or the game ended
                    assert run["party"] == "lead" or after.is_over()
                    continue
                allowed = party["allowed"].get(str(seat), 0)
                won = party["winner"] == seat
                assert won == (run["party"] in ("lead", "match_most")), run
                assert allowed == run["discards"], (run, party)
                checked[run["party"]] += 1
            legal = state.legal_actions(seat)
            state.apply(seat, rng.choice(legal))
    assert checked["match_most"] and checked["no_match"], checked
