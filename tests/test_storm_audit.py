"""Storm in a Teacup rules audit: the engine checked against rules/storm-in-a-teacup.txt and
rulings S1-S8, mostly on positions built from letters (T Tea, M Milk, L Lemon). Each test names
the ruling it checks; the combinations are judged here by an independent reference written from
ruling S4, not by the engine's own table."""

from __future__ import annotations

from collections import Counter

import pytest

from pygames.core import Rng
from pygames.storm_in_a_teacup import Discard, Phase, Serve, StormGame, StormState
from pygames.storm_in_a_teacup.cards import CARD_COLOURS, CARDS, counts_of
from pygames.storm_in_a_teacup.combinations import combination_of
from pygames.storm_in_a_teacup.position import position

GAME = StormGame()


def letters(cards: list[int] | tuple[int, ...]) -> str:
    return "".join("TML"[CARD_COLOURS[c]] for c in cards)


def hand(state: StormState, seat: int) -> str:
    return letters(state.hands[seat])


def reference(run: str) -> str | None:
    """Ruling S4, read literally: the combination a run of letters forms, or None."""
    t, m, y = run.count("T"), run.count("M"), run.count("L")
    if t and not m and not y:
        return "tea"
    if m and not t and not y:
        return "milk"
    if y and not t and not m:
        return "lemon"
    if t and m and not y and t == m:
        return "milk_tea"
    if t and y == 1 and not m:
        return "lemon_tea"
    return None


def serve_all(state: StormState, plays: list[tuple[int, int, int]]) -> None:
    for seat, start, length in plays:
        assert state.actors() == (seat,), (state.actors(), seat)
        state.apply(seat, Serve(start, length))


# --- S1, S2: the cards and the deal ------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_s2_deal_fixed_part_then_14_from_the_rest_and_the_rest_stays_in_the_box(
    players: int,
) -> None:
    # ruling S2: 3 Tea, 2 Milk, 1 Lemon each, then 14 more; the undealt cards stay in the box.
    for seed in range(5):
        state = GAME.new_state(players, seed, {"host": 0})
        everything = [c for h in state.hands for c in h] + state.box
        assert sorted(everything) == list(range(CARDS))
        assert counts_of(range(CARDS)) == [60, 40, 20]  # the box's contents
        assert state.undealt == len(state.box) == CARDS - 20 * players
        for seat in range(players):
            tea, milk, lemon = counts_of(state.hands[seat])
            assert len(state.hands[seat]) == 20
            assert tea >= 3 and milk >= 2 and lemon >= 1
        # What the box holds is what is left after the fixed part and 14 random cards each.
        assert counts_of(state.box) == [
            60 - sum(counts_of(h)[0] for h in state.hands),
            40 - sum(counts_of(h)[1] for h in state.hands),
            20 - sum(counts_of(h)[2] for h in state.hands),
        ]
    if players == 6:
        assert state.box == []  # ruling S1: six players use every card


def test_s2_the_14_extra_cards_are_drawn_at_random_from_the_shuffled_rest() -> None:
    # ruling S2: with 2 players the rest is 54 Tea, 36 Milk, 18 Lemon; the 14 extra cards of a
    # hand follow those proportions on average (not, say, always Tea first).
    extra = [0, 0, 0]
    seeds = 300
    for seed in range(seeds):
        state = GAME.new_state(2, seed, {"host": 0})
        for seat in range(2):
            c = counts_of(state.hands[seat])
            extra[0] += c[0] - 3
            extra[1] += c[1] - 2
            extra[2] += c[2] - 1
    total = sum(extra)
    assert total == seeds * 2 * 14
    assert abs(extra[0] / total - 54 / 108) < 0.03
    assert abs(extra[1] / total - 36 / 108) < 0.03
    assert abs(extra[2] / total - 18 / 108) < 0.03


def test_s2_each_hand_is_in_random_order_positions_of_the_lemon_vary() -> None:
    # ruling S2: the 20 cards go in a random order; the guaranteed Lemon is not always first.
    firsts = Counter(hand(GAME.new_state(6, s, {"host": 0}), 5)[0] for s in range(200))
    assert set(firsts) == {"T", "M", "L"}


def test_s2_the_undealt_cards_stay_out_of_play_for_the_whole_game() -> None:
    state = GAME.new_state(3, 7, {"host": 0})
    undealt = list(state.box[: state.undealt])
    rng = Rng(1)
    while not state.is_over():
        seat = state.actors()[0]
        legal = state.legal_actions(seat)
        state.apply(seat, legal[rng.randbelow(len(legal))])
        assert state.box[: state.undealt] == undealt
        for cards in (*state.hands, *state.stocks):
            assert not set(cards) & set(undealt)


# --- S3: host ------------------------------------------------------------------------------


@pytest.mark.parametrize("host", [0, 1, 2, 3])
def test_s3_the_chosen_host_serves_first(host: int) -> None:
    state = GAME.new_state(4, 2, {"host": host})
    assert state.host == host and state.actors() == (host,)


# --- S4: serving ---------------------------------------------------------------------------


def test_s4_legal_serves_are_exactly_the_consecutive_runs_forming_one_combination() -> None:
    # ruling S4: every run of consecutive cards forming a combination, and nothing else.
    rng = Rng(42)
    for _ in range(150):
        size = 1 + rng.randbelow(12)
        cards = "".join("TTTMML"[rng.randbelow(6)] for _ in range(size))
        state = position([cards, "T"], host=0)
        legal = {(a.start, a.length) for a in state.legal_actions(0) if isinstance(a, Serve)}
        expected = {
            (s, n)
            for s in range(size)
            for n in range(1, size - s + 1)
            if reference(cards[s : s + n]) is not None
        }
        assert legal == expected, cards


@pytest.mark.parametrize(
    ("run", "combination"),
    [
        ("L", "lemon"),  # a single yellow card is Lemon, not Lemon Tea
        ("LLL", "lemon"),
        ("TL", "lemon_tea"),  # 1 red + 1 yellow is Lemon Tea
        ("LT", "lemon_tea"),
        ("TTTLT", "lemon_tea"),
        ("TLL", None),  # Lemon Tea has exactly one yellow
        ("TLM", None),
        ("T", "tea"),
        ("M", "milk"),
        ("MT", "milk_tea"),
        ("TTMM", "milk_tea"),
        ("TTM", None),  # Milk Tea needs equal counts
        ("TMML", None),  # Milk Tea holds red and blue only
        ("ML", None),
    ],
)
def test_s4_combinations_match_the_ruling(run: str, combination: str | None) -> None:
    assert reference(run) == combination
    state = position([run, "T"], host=0)
    found = combination_of(counts_of(state.hands[0]))
    assert (found.id if found else None) == combination
    if combination is None:
        assert Serve(0, len(run)) not in state.legal_actions(0)
    else:
        state.apply(0, Serve(0, len(run)))
        assert state.reveals[0].combination == combination


def test_s4_serving_from_the_middle_keeps_the_rest_in_order() -> None:
    state = position(["LTMMTL", "T"], host=0)
    ids = list(state.hands[0])
    state.apply(0, Serve(1, 4))  # T M M T: Milk Tea from the middle
    assert state.reveals[0].combination == "milk_tea"
    assert state.hands[0] == [ids[0], ids[5]]
    assert state.reveals[0].cards == tuple(ids[1:5])


def test_s4_each_player_acts_exactly_once_per_round_clockwise_from_the_host() -> None:
    # ruling S4: from the host, clockwise, each player acts once; one who prepares does not
    # also serve in that round, even though their hand is no longer empty.
    state = position(["TT", "MM", "", "LL"], stocks=["", "", "TTT", ""], host=1)
    assert state.actors() == (1,)
    state.apply(1, Serve(0, 1))
    # Player 3 prepares at once; Player 4 is next, not Player 3 again.
    assert state.actors() == (3,)
    assert sorted(hand(state, 2)) == ["T", "T", "T"]
    state.apply(3, Serve(0, 1))
    assert state.actors() == (0,)
    state.apply(0, Serve(0, 1))
    # Everyone has acted once: the tea party, not a second go for anyone.
    assert state.phase is Phase.DISCARD
    assert [r.seat for r in state.reveals] == [1, 2, 3, 0]
    assert [r.prepared for r in state.reveals] == [False, True, False, False]
    state.check_invariants()


def test_s4_preparing_takes_the_whole_stock_and_empties_it() -> None:
    state = position(["", "T"], stocks=["TMLTM", "M"], host=0)
    assert sorted(hand(state, 0)) == sorted("TMLTM")
    assert state.stocks[0] == [] and state.stocks[1] != []  # only the empty hand prepares
    assert state.actors() == (1,)


def test_s4_a_hand_emptied_by_serving_prepares_only_at_its_next_turn() -> None:
    state = position(["TT", "MMT", "MM"], stocks=["MM", "", ""], host=0)
    state.apply(0, Serve(0, 2))  # Player 1 empties their hand
    assert state.hands[0] == [] and len(state.stocks[0]) == 2  # no preparing mid-round
    state.apply(1, Serve(0, 1))
    state.apply(2, Serve(0, 1))
    state.apply(0, Discard(0, 0, 0))  # keeps both Tea: they go to the stock
    # Round 2: Player 1 hosts and prepares from the stock holding the served Tea too.
    assert state.round == 2 and state.host == 0
    assert sorted(hand(state, 0)) == sorted("MMTT") and state.stocks[0] == []
    assert state.reveals[0].prepared and state.actors() == (1,)


def test_s4_hand_and_stock_both_empty_prepares_nothing_and_play_goes_on() -> None:
    # Unreachable in a real game (0 cards wins at the previous party, ruling S7), but a position
    # can hold it: the player prepares nothing, and wins at the next tea party.
    state = position(["", "TTM", "MMT"], stocks=["", "", ""], host=0)
    assert state.hands[0] == [] and state.reveals[0].prepared
    assert state.actors() == (1,)
    state.apply(1, Serve(0, 2))
    state.apply(2, Serve(0, 1))
    assert state.lead == (1, "tea")
    state.apply(1, Discard(0, 0, 0))
    outcome = state.outcome()
    assert outcome is not None and outcome.winners == (0,)


# --- S5: lead --------------------------------------------------------------------------------


def test_s5_lead_is_the_first_server_after_the_host_clockwise_wrapping_round() -> None:
    # Host Player 3 prepares, Player 4 (next clockwise) prepares too; Player 1 is the first
    # after the host to serve, so Player 1 leads although Player 2 serves more after them.
    state = position(["TTMM", "MMMT", "", ""], stocks=["", "", "MM", "TTT"], host=2)
    assert [r.prepared for r in state.reveals] == [True, True]
    assert state.actors() == (0,) and state.lead is None
    serve_all(state, [(0, 0, 2)])
    assert state.lead == (0, "tea")
    serve_all(state, [(1, 0, 3)])
    assert state.party is not None
    assert state.party.matching == [0] and state.party.winner == 0
    state.apply(0, Discard(2, 0, 0))
    assert not state.is_over()
    assert state.host == 0 and state.round == 2 and state.actors() == (0,)


def test_s5_the_host_who_serves_leads_even_with_a_small_run() -> None:
    state = position(["T", "TTT", "MMMM"], host=0)
    serve_all(state, [(0, 0, 1), (1, 0, 3), (2, 0, 4)])
    assert state.lead == (0, "tea")
    assert state.party is not None
    assert state.party.matching == [0, 1] and state.party.winner == 1  # Milk does not match


def test_s5_nobody_served_no_party_and_the_host_stays() -> None:
    state = position(["", "", ""], stocks=["TT", "MM", "LL"], host=2)
    # Round 1: all prepare, no party; round 2 begins with the same host.
    assert state.round == 2 and state.host == 2 and state.actors() == (2,)
    assert state.box_discards() == [0, 0, 0]
    assert state.last_party is not None and state.last_party["skipped"] is True


# --- S6: tea party ---------------------------------------------------------------------------


def test_s6_a_tie_goes_to_the_later_reveal_in_serving_order_not_seat_order() -> None:
    # Host Player 3: serving order 3, 1, 2. Players 3 and 1 tie with 2 Tea; Player 1 revealed
    # later, so Player 1 wins although their seat comes first.
    state = position(["TTM", "TM", "TTM"], host=2)
    serve_all(state, [(2, 0, 2), (0, 0, 2), (1, 0, 1)])
    assert state.party is not None
    assert state.party.matching == [2, 0, 1]
    assert state.party.winner == 0
    assert state.party.allowed == {2: 1, 0: 2, 1: 1}
    assert state.party.pending == [0, 2, 1]


def test_s6_only_the_leads_combination_matches_and_most_cards_win() -> None:
    # Lead Lemon Tea (2 cards); a bigger Tea run and a bigger Lemon run do not match;
    # a 3-card Lemon Tea does and wins.
    state = position(["TLM", "TTTTT", "LLLL", "TTLM"], host=0)
    serve_all(state, [(0, 0, 2), (1, 0, 5), (2, 0, 4), (3, 0, 3)])
    assert state.party is not None
    assert state.party.matching == [0, 3] and state.party.winner == 3
    assert state.party.allowed == {3: 3, 0: 1}


def test_s6_discards_go_to_the_box_and_every_other_revealed_card_to_its_owners_stock() -> None:
    state = position(["TTTTM", "TTM", "MMM", "LLT"], stocks=["M", "", "L", ""], host=0)
    serve_all(state, [(0, 0, 4), (1, 0, 2), (2, 0, 3), (3, 0, 2)])
    assert state.party is not None and state.party.winner == 0
    state.apply(0, Discard(3, 0, 0))
    state.apply(1, Discard(1, 0, 0))
    # Winner: 4 served, 3 discarded, 1 to stock. Matcher: 2 served, 1 discarded, 1 to stock.
    # Non-matching: all served cards go to stock.
    assert [len(s) for s in state.stocks] == [1 + 1, 1, 1 + 3, 2]
    assert state.box_discards() == [4, 0, 0]
    assert sorted(letters(state.stocks[2])) == sorted("LMMM")
    assert sorted(letters(state.stocks[3])) == ["L", "L"]
    # The winner hosts the next round and serves first.
    assert state.host == 0 and state.round == 2 and state.actors() == (0,)
    state.check_invariants()


def test_s6_the_winner_may_discard_up_to_three_and_matchers_up_to_one_of_their_own() -> None:
    state = position(["TTTTTM", "TTTT", "TTM"], host=0)
    serve_all(state, [(0, 0, 5), (1, 0, 4), (2, 0, 2)])
    assert state.party is not None and state.party.winner == 0
    assert max(sum(a.counts) for a in state.legal_actions(0) if isinstance(a, Discard)) == 3
    assert Discard(0, 0, 0) in state.legal_actions(0)  # fewer is allowed
    state.apply(0, Discard(1, 0, 0))
    assert [a for a in state.legal_actions(1)] == [Discard(1, 0, 0), Discard(0, 0, 0)]
    state.apply(1, Discard(0, 0, 0))
    assert state.legal_actions(2) == [Discard(1, 0, 0), Discard(0, 0, 0)]
    state.apply(2, Discard(1, 0, 0))
    assert state.box_discards() == [2, 0, 0]
    assert [len(s) for s in state.stocks] == [4, 4, 1]


def test_s6_the_lead_always_matches_when_the_host_prepared() -> None:
    state = position(["", "MMM", "TTT"], stocks=["TT", "", ""], host=0)
    serve_all(state, [(1, 0, 1), (2, 0, 3)])
    assert state.lead == (1, "milk")
    assert state.party is not None
    assert state.party.matching == [1] and state.party.winner == 1
    state.apply(1, Discard(0, 1, 0))
    assert state.host == 1  # the substitute lead won and hosts next


# --- S7: end ---------------------------------------------------------------------------------


def test_s7_a_player_who_prepared_with_one_card_wins_after_the_party() -> None:
    state = position(["", "TTM", "MMT"], stocks=["L", "", ""], host=0)
    assert hand(state, 0) == "L"
    serve_all(state, [(1, 0, 2), (2, 0, 1)])
    state.apply(1, Discard(0, 0, 0))
    outcome = state.outcome()
    assert outcome is not None and outcome.winners == (0,)
    assert state.phase is Phase.OVER and state.actors() == ()


def test_s7_hand_and_stock_are_counted_together() -> None:
    # Player 1 ends with 1 card in hand and 1 in stock: 2 cards, no win.
    state = position(["TTTTM", "MMT", "MMT"], stocks=["", "", ""], host=0)
    serve_all(state, [(0, 0, 4), (1, 0, 1), (2, 0, 1)])
    state.apply(0, Discard(3, 0, 0))
    assert not state.is_over()
    assert state.cards_left()[0] == 2


# --- S8: visibility --------------------------------------------------------------------------


def test_s8_a_prepared_hands_order_is_its_owners_and_its_colours_and_stocks_are_public() -> None:
    state = position(["", "TM", "MT"], stocks=["TTLM", "LL", ""], host=0)
    own = state.view(0)["table"]
    assert sorted(own["hand"]) == sorted(["tea", "tea", "lemon", "milk"])
    for seat in (1, 2, None):
        table = state.view(seat)["table"]
        assert table["hand_sizes"] == [4, 2, 2] and table["stock_sizes"] == [0, 2, 0]
        # The order of Player 1's prepared hand is theirs alone; its colours are public.
        assert table["hand"] != own["hand"]
        assert table["hand_colours"][0] == {"tea": 2, "milk": 1, "lemon": 1}
        # Player 2's stock went face down, but everyone saw those 2 Lemon go there.
        assert table["stock_colours"][1] == {"tea": 0, "milk": 0, "lemon": 2}
        assert table["hand_colours"][1:] == [None, None]  # dealt hands stay their owners'
    assert "TTLM" not in str(state.view(1))


# --- every ruling at once: an independent referee follows random games -----------------------


class Referee:
    """Rulings S4-S7 written out again from the text, with hands as letter strings; it takes
    only the shuffles (the deal, preparing) from the engine."""

    def __init__(self, state: StormState) -> None:
        self.n = state.players
        self.hands = [hand(state, s) for s in range(self.n)]
        self.stocks = [Counter(letters(state.stocks[s])) for s in range(self.n)]
        self.host = state.host
        self.discarded: Counter[str] = Counter()
        self.reveals: list[tuple[int, str | None, str]] = []  # seat, combination, cards
        self.pending: list[int] = []
        self.allowed: dict[int, int] = {}
        self.kept: dict[int, Counter[str]] = {}  # each server's revealed cards still on the table
        self.winner = -1
        self.winners: tuple[int, ...] = ()

    def expected_actor(self, state: StormState) -> int | None:
        """Play forced steps (preparing, skipped parties); return who decides next."""
        while True:
            if self.winners:
                return None
            if self.pending:
                return self.pending[0]
            if len(self.reveals) == self.n:
                self.party()
                continue
            seat = (self.host + len(self.reveals)) % self.n
            if self.hands[seat]:
                return seat
            # ruling S4: preparing; the engine's shuffle decides the order.
            assert Counter(hand(state, seat)) == self.stocks[seat]
            self.hands[seat] = hand(state, seat)
            self.stocks[seat] = Counter()
            self.reveals.append((seat, None, ""))

    def party(self) -> None:
        served = [r for r in self.reveals if r[1] is not None]
        if not served:  # ruling S5: no party, the host stays
            self.reveals = []
            return
        lead = served[0][1]
        matching = [r for r in served if r[1] == lead]
        best = matching[0]
        for r in matching:
            if len(r[2]) >= len(best[2]):
                best = r
        self.winner = best[0]
        self.allowed = {r[0]: min(3 if r[0] == self.winner else 1, len(r[2])) for r in matching}
        self.pending = [self.winner] + [r[0] for r in matching if r[0] != self.winner]
        self.kept = {r[0]: Counter(r[2]) for r in served}

    def serves(self, seat: int) -> set[tuple[int, int]]:
        h = self.hands[seat]
        return {
            (s, k)
            for s in range(len(h))
            for k in range(1, len(h) - s + 1)
            if reference(h[s : s + k]) is not None
        }

    def serve(self, seat: int, start: int, length: int) -> None:
        h = self.hands[seat]
        run = h[start : start + length]
        self.hands[seat] = h[:start] + h[start + length :]
        self.reveals.append((seat, reference(run), run))

    def discards(self, seat: int) -> set[tuple[int, int, int]]:
        have = self.kept[seat]
        return {
            (a, b, c)
            for a in range(have["T"] + 1)
            for b in range(have["M"] + 1)
            for c in range(have["L"] + 1)
            if a + b + c <= self.allowed[seat]
        }

    def discard(self, seat: int, counts: tuple[int, int, int]) -> None:
        for letter, k in zip("TML", counts, strict=True):
            self.kept[seat][letter] -= k
            self.discarded[letter] += k
        self.pending.remove(seat)
        if self.pending:
            return
        for s, cards in self.kept.items():
            self.stocks[s] += cards
        self.reveals = []
        self.host = self.winner
        left = [len(self.hands[s]) + self.stocks[s].total() for s in range(self.n)]
        self.winners = tuple(s for s in range(self.n) if left[s] <= 1)  # ruling S7


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_random_games_follow_an_independent_referee(players: int) -> None:
    for seed in range(8):
        state = GAME.new_state(players, 100 + seed, {})
        ref = Referee(state)
        rng = Rng(seed)
        for _ in range(3000):
            actor = ref.expected_actor(state)
            assert ref.host == state.host
            assert [Counter(letters(s)) for s in state.stocks] == ref.stocks
            assert [hand(state, s) for s in range(players)] == ref.hands
            if actor is None:
                assert state.is_over()
                outcome = state.outcome()
                assert outcome is not None and outcome.winners == ref.winners
                break
            assert state.actors() == (actor,)
            if ref.pending:
                assert state.phase is Phase.DISCARD
                assert state.party is not None and state.party.winner == ref.winner
                legal = state.legal_actions(actor)
                assert {tuple(a.counts) for a in legal if isinstance(a, Discard)} == (
                    ref.discards(actor)
                )
                choice = legal[rng.randbelow(len(legal))]
                assert isinstance(choice, Discard)
                state.apply(actor, choice)
                ref.discard(actor, (choice.tea, choice.milk, choice.lemon))
                if not ref.pending:  # the engine boxes the discards once all have chosen
                    assert Counter(letters(state.box[state.undealt :])) == +ref.discarded
            else:
                assert state.phase is Phase.SERVING
                legal = state.legal_actions(actor)
                assert {(a.start, a.length) for a in legal if isinstance(a, Serve)} == (
                    ref.serves(actor)
                )
                choice = legal[rng.randbelow(len(legal))]
                assert isinstance(choice, Serve)
                state.apply(actor, choice)
                ref.serve(actor, choice.start, choice.length)
            state.check_invariants()
        else:
            pytest.fail("the game did not end")
