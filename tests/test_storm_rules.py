"""Storm in a Teacup rules: every ruling S1-S8 and the rulebook's example, on positions built
directly from letters (T Tea, M Milk, L Lemon)."""

from __future__ import annotations

import json

import pytest

from pygames.core import BadOptions, IllegalAction, Rng
from pygames.core.messages import render
from pygames.storm_in_a_teacup import Discard, Phase, Serve, StormGame, StormState
from pygames.storm_in_a_teacup.cards import CARD_COLOURS, CARDS, counts_of
from pygames.storm_in_a_teacup.combinations import COMBINATIONS, combination_of, why_not
from pygames.storm_in_a_teacup.position import position

GAME = StormGame()


def letters(cards: list[int] | tuple[int, ...]) -> str:
    return "".join("TML"[CARD_COLOURS[c]] for c in cards)


def hand(state: StormState, seat: int) -> str:
    return letters(state.hands[seat])


def stock(state: StormState, seat: int) -> str:
    return "".join(sorted(letters(state.stocks[seat])))


def texts(state: StormState) -> list[str]:
    return [e.text for e in state.log]


def refused(state: StormState, seat: int, action: object, match: str) -> None:
    before = json.dumps(state.to_json(), sort_keys=True)
    with pytest.raises(IllegalAction, match=match):
        state.apply(seat, action)  # type: ignore[arg-type]
    assert json.dumps(state.to_json(), sort_keys=True) == before


# --- S1 players, S2 deal, S3 host --------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_s1_s2_two_to_six_players_20_cards_each_the_rest_in_the_box(players: int) -> None:
    state = GAME.new_state(players, 11, {})
    assert isinstance(state, StormState)
    assert state.hand_sizes() == [20] * players
    assert state.stocks == [[]] * players
    assert len(state.box) == CARDS - 20 * players == state.undealt
    for seat in range(players):
        tea, milk, lemon = counts_of(state.hands[seat])
        assert tea >= 3 and milk >= 2 and lemon >= 1  # ruling S2: the fixed part of the deal
    everything = [c for h in state.hands for c in h] + state.box
    assert sorted(everything) == list(range(CARDS))
    assert counts_of(everything) == [60, 40, 20]
    state.check_invariants()


@pytest.mark.parametrize("players", [1, 7, 0])
def test_s1_other_player_counts_are_refused(players: int) -> None:
    with pytest.raises(BadOptions, match="2 to 6 players"):
        GAME.new_state(players, 1, {})


def test_s2_deal_comes_from_the_seed_and_hands_are_in_random_order() -> None:
    a, b = GAME.new_state(4, 5, {}), GAME.new_state(4, 5, {})
    assert a == b
    hands = {hand(GAME.new_state(4, s, {"host": 0}), 0) for s in range(10)}
    assert len(hands) == 10
    # The three fixed colours are not bunched at the front: the 20 cards were shuffled.
    starts = {hand(GAME.new_state(2, s, {"host": 0}), 0)[:6] for s in range(10)}
    assert starts != {"TTTMML"} and len(starts) > 1
    state = GAME.new_state(3, 1, {"host": 0})
    assert texts(state)[0] == (
        "Each player gets 3 Tea, 2 Milk, 1 Lemon and 14 more cards: 20 cards each; "
        "60 cards stay in the box."
    )


def test_s3_host_from_the_lobby_or_at_random() -> None:
    state = GAME.new_state(4, 3, {"host": 2})
    assert state.host == 2 and state.actors() == (2,)
    assert "Player 3 is the first host." in texts(state)
    hosts = {GAME.new_state(4, s, {}).host for s in range(30)}
    assert hosts == {0, 1, 2, 3}
    random_host = GAME.new_state(4, 3, {"host": None})
    assert f"Player {random_host.host + 1} is the first host (chosen at random)." in texts(
        random_host
    )
    assert GAME.validate_options(3, {}) == {"host": None, "memory_aid": True}


@pytest.mark.parametrize("bad", [4, -1, True, "1", 1.0])
def test_s3_a_host_that_is_no_seat_is_refused(bad: object) -> None:
    with pytest.raises(BadOptions, match="host must be a seat"):
        GAME.new_state(4, 1, {"host": bad})
    with pytest.raises(BadOptions, match="Unknown option"):
        GAME.new_state(4, 1, {"hostess": 1})


# --- S4 serving: runs and combinations -----------------------------------------------------


@pytest.mark.parametrize(
    ("cards", "combination"),
    [
        ("T", "tea"),
        ("TTTT", "tea"),
        ("M", "milk"),
        ("MMM", "milk"),
        ("L", "lemon"),
        ("LL", "lemon"),
        ("TM", "milk_tea"),
        ("MTTM", "milk_tea"),
        ("TMTMTM", "milk_tea"),
        ("TL", "lemon_tea"),
        ("TTLTT", "lemon_tea"),
        ("LTTTT", "lemon_tea"),
    ],
)
def test_s4_every_combination_is_accepted(cards: str, combination: str) -> None:
    state = position([cards + "M", "T"], host=0)
    action = Serve(0, len(cards))
    assert action in state.legal_actions(0)
    state.apply(0, action)
    assert state.reveals[0].combination == combination
    assert letters(state.reveals[0].cards) == cards
    assert hand(state, 0) == "M"


@pytest.mark.parametrize(
    ("cards", "reason"),
    [
        ("TTTMM", "3 Tea and 2 Milk is no combination: Milk Tea needs equal numbers of Tea"),
        ("LTL", "1 Tea and 2 Lemon is no combination: Lemon Tea needs Tea and exactly one Lemon."),
        ("ML", "1 Milk and 1 Lemon is no combination: none mixes Milk and Lemon."),
        ("TML", "1 Tea, 1 Milk and 1 Lemon is no combination: none mixes Tea, Milk and Lemon."),
        ("TMM", "1 Tea and 2 Milk is no combination: Milk Tea needs equal numbers"),
    ],
)
def test_s4_near_misses_are_refused_with_a_reason(cards: str, reason: str) -> None:
    state = position([cards, "T"], host=0)
    assert Serve(0, len(cards)) not in state.legal_actions(0)
    refused(state, 0, Serve(0, len(cards)), reason)


def test_s4_only_consecutive_cards_form_a_run() -> None:
    # Two Tea around a Milk are never one run: Tea can only be served one card at a time.
    state = position(["TMT", "T"], host=0)
    assert state.legal_actions(0) == [
        Serve(0, 1),
        Serve(0, 2),
        Serve(1, 1),
        Serve(1, 2),
        Serve(2, 1),
    ]
    assert all(
        combination_of(counts_of(state.hands[0][a.start : a.start + a.length])) is not None
        for a in state.legal_actions(0)
        if isinstance(a, Serve)
    )
    refused(state, 0, Serve(0, 3), "2 Tea and 1 Milk is no combination")


def test_s4_empty_and_out_of_range_runs_are_refused() -> None:
    state = position(["TTMM", "T"], host=0)
    refused(state, 0, Serve(0, 0), "never empty")
    refused(state, 0, Serve(1, -2), "never empty")
    refused(state, 0, Serve(-1, 1), "starts at position 0 to 3, not -1")
    refused(state, 0, Serve(4, 1), "starts at position 0 to 3, not 4")
    refused(state, 0, Serve(2, 3), "runs past the end of Player 1's hand of 4 cards")
    refused(state, 1, Serve(0, 1), "not Player 2's turn")
    refused(state, 0, Discard(1, 0, 0), "must serve a run")
    with pytest.raises(IllegalAction, match="must be a whole number"):
        GAME.decode_action({"type": "serve", "start": True, "length": 1})
    with pytest.raises(IllegalAction, match="missing length"):
        GAME.decode_action({"type": "serve", "start": 0})


def test_s4_the_rest_of_the_hand_keeps_its_order_and_play_goes_clockwise() -> None:
    state = position(["TMLLMTT", "MT", "L"], host=1)
    assert state.actors() == (1,)
    state.apply(1, Serve(0, 2))
    assert state.actors() == (2,)
    state.apply(2, Serve(0, 1))
    assert state.actors() == (0,)
    before = list(state.hands[0])
    state.apply(0, Serve(2, 2))  # the two Lemon in the middle
    assert state.hands[0] == before[:2] + before[4:]
    assert hand(state, 0) == "TMMTT"
    log = texts(state)
    i = log.index("Player 2 serves 2 cards: Milk Tea (1 Tea, 1 Milk).")
    assert log[i : i + 3] == [
        "Player 2 serves 2 cards: Milk Tea (1 Tea, 1 Milk).",
        "Player 3 serves 1 card: Lemon (1 Lemon).",
        "Player 1 serves 2 cards: Lemon (2 Lemon).",
    ]


def test_s4_combinations_are_data_a_sixth_could_be_added() -> None:
    assert [c.id for c in COMBINATIONS] == ["tea", "milk", "lemon", "milk_tea", "lemon_tea"]
    for c in COMBINATIONS:  # every entry is complete and its test only holds its own colours
        assert c.colours
        for lang in ("en", "ja"):  # its name and rule are in every catalogue
            assert render(c.name, lang) != c.name.id and render(c.rule, lang) != c.rule.id
        for counts in ([1, 0, 0], [0, 1, 0], [0, 0, 1], [2, 2, 0], [3, 0, 1]):
            if c.test(counts):
                assert {k for k in range(3) if counts[k]} <= set(c.colours)
    table = position(["T", "T"]).view(0)["table"]["combinations"]
    assert {"id": "milk_tea", "colours": ["tea", "milk"]} in table
    assert str(why_not([0, 2, 1])).endswith("none mixes Milk and Lemon.")
    assert render(why_not([0, 2, 1]), "ja").endswith(
        "ミルク、レモンを混ぜる組み合わせはありません。"
    )


# --- S4 preparing ------------------------------------------------------------------------------


def test_s4_an_empty_hand_prepares_at_once_from_the_shuffled_stock() -> None:
    state = position(["TT", "", "M"], stocks=["", "TTTMML", ""], host=0)
    state.apply(0, Serve(0, 2))
    # Player 2 prepares without a decision: the stock becomes the hand, the stock is empty.
    assert state.actors() == (2,)
    assert sorted(hand(state, 1)) == sorted("TTTMML") and state.stocks[1] == []
    assert state.reveals[1].prepared and state.reveals[1].cards == ()
    assert "Player 2 prepares: 6 cards from their stock become their hand." in texts(state)
    state.check_invariants()


def test_s4_preparing_order_comes_from_the_state_generator() -> None:
    def prepared(seed: int) -> str:
        state = position(["", "T"], stocks=["TTTTMMMMLL", ""], host=0, seed=seed)
        return hand(state, 0)

    orders = {prepared(s) for s in range(8)}
    assert len(orders) > 1  # shuffled, not the stock's order
    assert prepared(3) == prepared(3)  # and reproducible from the seed
    assert all(sorted(o) == sorted("TTTTMMMMLL") for o in orders)


# --- S5 lead -----------------------------------------------------------------------------------


def test_s5_the_host_leads() -> None:
    state = position(["TTM", "TT", "M"], host=0)
    state.apply(0, Serve(0, 1))
    assert state.lead == (0, "tea")
    assert state.view(1)["table"]["lead"] == {"seat": 0, "combination": "tea"}


def test_s5_when_the_host_prepares_the_next_server_leads() -> None:
    state = position(["M", "", "MM", "TTT"], stocks=["", "TT", "", ""], host=1)
    # Player 2 (host) prepares; Player 3 is the first after them to serve and leads.
    assert state.actors() == (2,) and state.lead is None
    state.apply(2, Serve(0, 2))
    assert state.lead == (2, "milk")
    state.apply(3, Serve(0, 3))
    state.apply(0, Serve(0, 1))
    party = state.view(0)["table"]["party"]
    assert party["matching"] == [2, 0] and party["winner"] == 2
    assert (
        "Tea party: Player 3 (in place of Player 2, who prepared) leads with Milk; "
        "Player 1 matches." in texts(state)
    )


def test_s5_when_everyone_prepares_the_party_is_skipped_and_the_host_stays() -> None:
    # Player 1 holds a single card, but a skipped party checks nothing (ruling S7).
    state = position(["", "", ""], stocks=["T", "TTMM", "MML"], host=1)
    assert state.round == 2 and state.host == 1 and state.actors() == (1,)
    assert not state.is_over()
    assert "Nobody served: no tea party this round; Player 2 stays host." in texts(state)
    table = state.view(0)["table"]
    assert table["last_party"] == {
        "round": 1,
        "lead": None,
        "matching": [],
        "winner": None,
        "discarded": {},
        "skipped": True,
    }
    assert table["hand_sizes"] == [1, 4, 3] and table["stock_sizes"] == [0, 0, 0]
    assert texts(state)[-1] == "Round 2: Player 2 hosts."


# --- S6 tea party ------------------------------------------------------------------------------


def rulebook_example() -> StormState:
    # Cathy hosts with 4 Milk Tea, Tommy 2 Milk Tea, Kiti 5 Lemon Tea, Martino 4 Milk Tea last.
    state = position(["TMTMTT", "MTL", "TTLTTM", "MMTTT"], host=0)
    state.apply(0, Serve(0, 4))
    state.apply(1, Serve(0, 2))
    state.apply(2, Serve(0, 5))
    state.apply(3, Serve(0, 4))
    return state


def test_s6_rulebook_example_martino_wins_on_the_later_reveal() -> None:
    state = rulebook_example()
    assert state.phase is Phase.DISCARD
    party = state.view(2)["table"]["party"]
    assert party == {
        "matching": [0, 1, 3],
        "winner": 3,
        "allowed": {"0": 1, "1": 1, "3": 3},
        "pending": [3, 0, 1],
        "discarded": {},
    }
    assert texts(state)[-3:] == [
        "Tea party: Player 1 leads with Milk Tea; Player 2 and Player 4 match.",
        "Player 4 wins the tea party with 4 cards and becomes host.",
        "Player 3 does not match: their cards go to their stock.",
    ]
    # The winner decides first; nobody else may act meanwhile.
    assert state.actors() == (3,) and state.awaiting() == (3,)
    assert all(state.legal_actions(s) == [] for s in (0, 1, 2))
    assert state.legal_actions(3)[0] in (Discard(2, 1, 0), Discard(1, 2, 0))
    assert Discard(2, 2, 0) not in state.legal_actions(3)
    refused(state, 3, Discard(2, 2, 0), "at most 3 cards, not 4")
    refused(state, 3, Discard(0, 0, 1), "revealed 0 Lemon")
    refused(state, 3, Discard(-1, 0, 0), "negative")
    refused(state, 0, Discard(1, 0, 0), "not Player 1's turn")
    refused(state, 3, Serve(0, 1), "must choose which revealed cards to discard")
    state.apply(3, Discard(2, 1, 0))
    assert state.actors() == (0,)
    refused(state, 0, Discard(1, 1, 0), "at most 1 card, not 2")
    state.apply(0, Discard(0, 1, 0))
    assert state.actors() == (1,)
    state.apply(1, Discard(1, 0, 0))
    # Kiti's 5 cards went to her stock; the rest of the matching runs too.
    assert [stock(state, s) for s in range(4)] == ["MTT", "M", "LTTTT", "M"]
    assert len(state.box) == state.undealt + 5
    assert state.box_discards() == [3, 2, 0]
    assert state.host == 3 and state.round == 2 and state.actors() == (3,)
    assert texts(state)[-4:] == [
        "Player 4 discards 3 cards (2 Tea, 1 Milk) to the box; 1 goes to their stock.",
        "Player 1 discards 1 card (1 Milk) to the box; 3 go to their stock.",
        "Player 2 discards 1 card (1 Tea) to the box; 1 goes to their stock.",
        "Round 2: Player 4 hosts.",
    ]
    last = state.view(0)["table"]["last_party"]
    assert last == {
        "round": 1,
        "lead": {"seat": 0, "combination": "milk_tea"},
        "matching": [0, 1, 3],
        "winner": 3,
        "discarded": {
            "3": {"tea": 2, "milk": 1, "lemon": 0},
            "0": {"tea": 0, "milk": 1, "lemon": 0},
            "1": {"tea": 1, "milk": 0, "lemon": 0},
        },
        "skipped": False,
    }
    state.check_invariants()


def test_s6_discards_default_to_the_most_and_fewer_is_allowed() -> None:
    state = position(["TTTTM", "TM", "T"], host=0)
    state.apply(0, Serve(0, 4))
    state.apply(1, Serve(0, 1))
    state.apply(2, Serve(0, 1))
    legal = state.legal_actions(0)
    assert legal[0] == Discard(3, 0, 0)  # the default: the most allowed
    assert legal == [Discard(3, 0, 0), Discard(2, 0, 0), Discard(1, 0, 0), Discard(0, 0, 0)]
    state.apply(0, Discard(0, 0, 0))  # a player may keep them all
    assert "Player 1 discards nothing; 4 go to their stock." in texts(state)
    assert state.legal_actions(1) == [Discard(1, 0, 0), Discard(0, 0, 0)]
    state.apply(1, Discard(1, 0, 0))
    state.apply(2, Discard(0, 0, 0))
    assert stock(state, 0) == "TTTT" and stock(state, 1) == "" and stock(state, 2) == "T"


def test_s6_most_cards_win_and_a_tie_goes_to_the_later_reveal() -> None:
    state = position(["TTM", "TTTM", "TTTM", "MM"], host=0)
    for seat, n in ((0, 2), (1, 3), (2, 3), (3, 2)):
        state.apply(seat, Serve(0, n))
    party = state.party
    assert party is not None
    assert party.winner == 2 and party.matching == [0, 1, 2]  # Player 4's Milk does not match
    assert party.pending == [2, 0, 1]
    # Most cards beat a later reveal.
    state = position(["TTTM", "TTM", "TM"], host=0)
    for seat, n in ((0, 3), (1, 2), (2, 1)):
        state.apply(seat, Serve(0, n))
    assert state.party is not None and state.party.winner == 0


def test_s6_allowed_discards_are_capped_by_the_cards_revealed() -> None:
    state = position(["LMM", "TT", "TTL"], host=0)
    state.apply(0, Serve(0, 1))  # the host leads with a single Lemon
    state.apply(1, Serve(0, 2))
    state.apply(2, Serve(0, 2))
    assert state.party is not None
    assert state.party.matching == [0] and state.party.allowed == {0: 1}
    state.apply(0, Discard(0, 0, 1))
    assert state.host == 0 and state.round == 2
    assert stock(state, 1) == "TT" and stock(state, 2) == "TT"


def test_s6_a_winner_of_two_cards_may_discard_both() -> None:
    state = position(["TTM", "M"], host=0)
    state.apply(0, Serve(0, 2))
    state.apply(1, Serve(0, 1))
    assert state.party is not None and state.party.allowed == {0: 2}
    assert state.legal_actions(0)[0] == Discard(2, 0, 0)


# --- S7 end ------------------------------------------------------------------------------------


def test_s7_a_player_left_with_one_card_wins() -> None:
    state = position(["TTTTM", "MM", "MMT"], stocks=["", "T", "T"], host=0)
    state.apply(0, Serve(0, 4))
    state.apply(1, Serve(0, 1))
    state.apply(2, Serve(0, 2))
    state.apply(0, Discard(3, 0, 0))  # Player 1 keeps 1 in stock and 1 in hand: 2 cards
    assert not state.is_over()
    state = position(["TTTM", "MM", "MMT"], stocks=["", "T", "T"], host=0)
    state.apply(0, Serve(0, 3))
    state.apply(1, Serve(0, 1))
    state.apply(2, Serve(0, 2))
    state.apply(0, Discard(3, 0, 0))
    assert state.is_over() and state.actors() == () and state.phase is Phase.OVER
    outcome = state.outcome()
    assert outcome is not None
    assert outcome.winners == (0,) and str(outcome.reason) == "has 1 card left"
    assert outcome.scores == (1, 3, 4)  # cards left, hand and stock
    assert outcome.details == {"cards_left": [1, 3, 4], "rounds": 1}
    assert texts(state)[-1] == "Player 1 wins with 1 card left."
    assert state.view(None)["table"]["turn"] is None
    state.check_invariants()


def test_s7_several_players_share_the_victory() -> None:
    state = position(["TTT", "TM", "MMMM"], host=0)
    state.apply(0, Serve(0, 3))
    state.apply(1, Serve(0, 1))
    state.apply(2, Serve(0, 2))
    state.apply(0, Discard(3, 0, 0))  # Player 1: no cards left
    assert not state.is_over()  # Player 2 has not decided yet: the check waits for the end
    state.apply(1, Discard(1, 0, 0))  # Player 2: only the Milk left
    outcome = state.outcome()
    assert outcome is not None
    assert outcome.winners == (0, 1)
    assert str(outcome.reason) == "shared victory: 2 players have 1 card or none left"
    assert outcome.scores == (0, 1, 4)
    assert texts(state)[-1] == "Player 1 and Player 2 share the victory (0 and 1 cards left)."


def test_s7_no_cards_left() -> None:
    state = position(["TT", "M"], host=0)
    state.apply(0, Serve(0, 2))
    state.apply(1, Serve(0, 1))
    state.apply(0, Discard(2, 0, 0))
    outcome = state.outcome()
    assert outcome is not None and outcome.winners == (0, 1)  # Player 2 holds one Milk
    state = position(["TT", "MM"], host=0)
    state.apply(0, Serve(0, 2))
    state.apply(1, Serve(0, 1))
    state.apply(0, Discard(2, 0, 0))
    outcome = state.outcome()
    assert outcome is not None and outcome.winners == (0,)
    assert str(outcome.reason) == "has no cards left"


# --- copies and records ----------------------------------------------------------------------


def test_clone_and_json_round_trip_are_independent_copies() -> None:
    state = rulebook_example()
    clone = state.clone()
    assert clone == state
    clone.apply(3, Discard(0, 0, 0))
    assert clone != state and state.actors() == (3,)
    restored = GAME.state_from_json(json.loads(json.dumps(state.to_json())))
    assert restored == state
    restored.apply(3, Discard(2, 1, 0))
    state.apply(3, Discard(2, 1, 0))
    assert restored == state


def test_turns_taken_counts_rounds_begun() -> None:
    state = rulebook_example()
    assert state.turns_taken() == 1
    for seat, action in ((3, Discard(2, 1, 0)), (0, Discard(0, 1, 0)), (1, Discard(1, 0, 0))):
        state.apply(seat, action)
    assert state.turns_taken() == 2 == state.view(0)["table"]["round"]


def test_invariants_catch_a_lost_card() -> None:
    state = rulebook_example()
    state.box.pop()
    with pytest.raises(AssertionError, match="120 cards"):
        state.check_invariants()
    state = rulebook_example()
    state.stocks[2].append(state.hands[0][0])
    with pytest.raises(AssertionError):
        state.check_invariants()


def test_determinized_states_differ_only_in_what_the_seat_cannot_see() -> None:
    state = rulebook_example()
    seen = set()
    for s in range(6):
        det = state.determinize(2, Rng(s))
        assert isinstance(det, StormState)
        det.check_invariants()
        assert det.view(2)["table"] == state.view(2)["table"]
        assert hand(det, 2) == hand(state, 2)
        assert det.legal_actions(3) == state.legal_actions(3)
        seen.add((hand(det, 0), hand(det, 3), letters(det.box[: det.undealt])[:10]))
    assert len(seen) > 1  # other hands and the box are resampled
