"""Humble Tea Party rules audit: corners of rulings H2, H5, H6, H8, H10, H11 and H13 that the
other test files leave open, and whole random games checked against an independent model of
the decks (H5, H6), the Tea token (H11) and the secrecy of the favourite seasons (H2, H10)."""

from __future__ import annotations

import random

import pytest

from pygames.humble_tea_party import HtpGame, HtpState, Keep, Phase, Place, Tea
from pygames.humble_tea_party.oribako import rows
from pygames.humble_tea_party.position import box_of, position, tile
from pygames.humble_tea_party.scoring import rank, score_board
from pygames.humble_tea_party.state import MAX_RESETS
from pygames.humble_tea_party.sweets import TILES, type_by_name
from tests.test_htp_rules import SEASONS3, arrange, small, texts
from tests.test_htp_scoring import WINTER_BOARD, WINTER_TWIN

from .words import lines

GAME = HtpGame()


# --- ruling H2: the deal ---------------------------------------------------------------------


def test_h2_the_player_cards_are_shuffled_before_the_deal() -> None:
    first = {GAME.new_state(4, seed, {}).seasons[0] for seed in range(60)}
    assert first == {"spring", "summer", "autumn", "winter"}
    undealt = {GAME.new_state(3, seed, {}).undealt[0] for seed in range(60)}
    assert undealt == {"spring", "summer", "autumn", "winter"}


# --- ruling H5: Reset ----------------------------------------------------------------------------


def test_h5_the_check_repeats_after_a_reset() -> None:
    state = small(tops=["Wisteria", "Wisteria", "Loquat"])
    # After one Reset two Moths face up: the check repeats and Resets again.
    arrange(state, 0, 1, tile("Moth", 1))
    arrange(state, 1, 1, tile("Moth", 2))
    arrange(state, 2, 1, tile("Persimmon"))
    for deck, name in enumerate(["Red Snapper", "Sakura Mochi", "Kuri Kinton"]):
        arrange(state, deck, 2, tile(name))
    state.settle_tops()
    assert state.resets == 2
    assert [TILES[d[0]] for d in state.decks] == [
        type_by_name(n).index for n in ("Red Snapper", "Sakura Mochi", "Kuri Kinton")
    ]
    assert texts(state, 2) == [
        "Reset! The tops go to the bottom (1 of 3).",
        "Reset! The tops go to the bottom (2 of 3).",
    ]
    state.check_invariants()


def test_h5_same_month_is_not_the_same_sweet_type() -> None:
    # Red Snapper and Hanbira-mochi are both January sweets, but different types.
    state = small(tops=["Red Snapper", "Hanbira-mochi", "Loquat"])
    state.settle_tops()
    assert state.resets == 0
    state.check_invariants()


def test_h5_a_flip_in_phase_1_can_reset() -> None:
    state = position([[], [], []], SEASONS3, tops=["Wisteria", "Loquat", "Persimmon"])
    assert state.phase is Phase.OWN
    arrange(state, 0, 1, tile("Loquat", 1))  # under the Wisteria: a second Loquat
    for deck, name in enumerate(["Red Snapper", "Sakura Mochi", "Kuri Kinton"]):
        arrange(state, deck, 2 if deck == 0 else 1, tile(name))
    state.apply(0, Keep(0))
    assert state.boxes[0] == {(0, 0): tile("Wisteria")}
    assert state.resets == 1
    assert state.decks[0][-1] == tile("Loquat", 1)
    state.check_invariants()


def test_h5_a_refill_that_turns_up_a_match_resets() -> None:
    # Deck 1 runs out and takes the bottom 15 of deck 3, whose top is a second Loquat.
    state = small(tops=["Wisteria", "Loquat", "Persimmon"], sizes=[1, 25, 31])
    arrange(state, 2, 16, tile("Loquat", 1))
    arrange(state, 2, 17, tile("Red Snapper"))
    arrange(state, 1, 1, tile("Sakura Mochi"))
    arrange(state, 2, 1, tile("Kuri Kinton"))
    state.apply(0, Place(0, 1, 1, 0))
    assert len(state.decks[0]) == 15 and state.resets == 1
    assert state.decks[0][-1] == tile("Loquat", 1)  # went to the bottom of its new deck
    assert state.decks[0][0] == tile("Red Snapper")
    log = [e.text for e in state.log]
    assert log.index("Deck 1 ran out: the bottom 15 tiles of deck 3 become deck 1.") < log.index(
        "Reset! The tops go to the bottom (1 of 3)."
    )
    state.check_invariants()


def test_h5_one_tile_decks_showing_the_same_sweet_make_no_reset() -> None:
    state = small()
    state.decks = [[], [tile("Moth", 1)], [tile("Moth", 2)]]
    state.settle_tops()  # ruling H5: a Reset could not change them, so none is made or counted
    assert state.resets == 0
    assert state.decks == [[], [tile("Moth", 1)], [tile("Moth", 2)]]


# --- ruling H8: the frame of a complete box ------------------------------------------------------


def test_h8_a_box_grown_up_and_left_scores_top_row_first() -> None:
    shifted = {(x - 2, y - 1): t for (x, y), t in box_of(WINTER_BOARD).items()}
    assert rows(shifted) == rows(box_of(WINTER_BOARD))
    assert score_board(rows(shifted), "winter").hands == (0, 1, 1, 2, 3, 0)


# --- ruling H11: Tea ----------------------------------------------------------------------------


def test_h11_tea_may_be_taken_from_the_first_moment_of_phase_2() -> None:
    state = GAME.new_state(3, 4, {"start_player": 1})
    for _ in range(2):
        state.apply(state.turn, Keep(0))
        assert state.actors() == (state.turn,)  # still Phase 1: no Tea
    state.apply(state.turn, Keep(0))
    assert state.phase is Phase.RECOMMEND and state.turn == 1
    assert state.actors() == (1, 2, 0)
    assert all(Tea() in state.legal_actions(s) for s in range(3))


def test_h11_the_token_returns_at_the_takers_turn_even_if_they_pass() -> None:
    # Players 1 and 2 are complete, Player 3 holds Tea: nobody can place until Player 3's
    # turn starts, the token comes back, Player 3 passes (only their own box is open).
    state = position([WINTER_BOARD, WINTER_TWIN, ["Camellia"]], SEASONS3, tea_holder=2)
    assert texts(state, 4) == [
        "Player 1 cannot place a sweet anywhere and passes.",
        "Player 2 cannot place a sweet anywhere and passes.",
        "Tea returns to the centre (Player 3's Tea is spent).",
        "Player 3 cannot place a sweet anywhere and passes.",
    ]
    assert state.turn == 0 and state.tea_holder is None and state.tea_spent == [2]
    assert {a.target for a in state.legal_actions(0) if isinstance(a, Place)} == {2}
    assert state.actors() == (0,)  # Player 3's Tea is spent; the others are complete
    state.check_invariants()


def test_h11_the_holder_still_recommends_on_their_turn_and_is_not_a_target() -> None:
    state = small()
    state.apply(1, Tea())
    state.apply(0, Place(0, 2, 1, 0))
    assert state.turn == 1 and state.tea_holder is None and state.tea_spent == [1]
    state = small(turn=2)
    state.apply(1, Tea())  # Player 2 takes Tea during Player 3's turn
    assert {a.target for a in state.legal_actions(2) if isinstance(a, Place)} == {0}
    state.apply(2, Place(0, 0, 1, 0))
    assert state.turn == 0 and state.tea_holder == 1  # not yet Player 2's turn
    assert {a.target for a in state.legal_actions(0) if isinstance(a, Place)} == {2}


# --- ruling H13: tie-breaks compare counts of #1-#4 only -----------------------------------------


def test_h13_hands_5_and_6_never_break_a_tie() -> None:
    r = rank([3, 3], [[1, 1, 1, 1, 3, 0], [1, 1, 1, 1, 5, 1]])
    assert r.winners == (0, 1) and r.shared
    # Counts, not points: a single #1 beats two #2s only through #1.
    r = rank([2, 2], [[1, 0, 0, 0, 1, 0], [0, 2, 0, 0, 0, 0]])
    assert r.winners == (1,) and r.decided_by == 0


# --- whole games against an independent model ----------------------------------------------------


def model_draw(decks: list[list[int]], deck: int, resets: int) -> tuple[list[list[int]], int]:
    """Rulings H6 then H5, written afresh: take the top, refill, Reset while tops match,
    unless every deck whose top is a repeated sweet holds just that tile."""
    decks = [d[:] for d in decks]
    decks[deck].pop(0)
    for i in range(3):
        if decks[i]:
            continue
        j = min((k for k in range(3) if k != i), key=lambda k: (-len(decks[k]), k))
        n = len(decks[j])
        if n >= 2:
            decks[i], decks[j] = decks[j][n - n // 2 :], decks[j][: n - n // 2]
    while resets < MAX_RESETS:
        kinds = [TILES[d[0]] for d in decks if d]
        if len(kinds) == len(set(kinds)):
            break
        twice = {k for k in kinds if kinds.count(k) > 1}
        if all(len(d) == 1 for d in decks if d and TILES[d[0]] in twice):
            break
        resets += 1
        for d in decks:
            if d:
                d.append(d.pop(0))
    return decks, resets


def check_secrets(state: HtpState) -> None:
    """Rulings H2, H10: a seat sees its own card and the completed boxes' cards, no other."""
    for seat in [None, *range(state.players)]:
        view = state.view(seat)
        for other in range(state.players):
            shown = view["table"]["oribako"][other]["season"]
            if other == seat or state.complete(other):
                assert shown == state.seasons[other]
            else:
                assert shown is None
                log = lines(view["log"])
                assert not any(f"Player {other + 1}, your favourite" in t for t in log)
                assert not any(
                    f"Player {other + 1}'s Oribako is complete" in t for t in lines(view["log"])
                )


@pytest.mark.parametrize("seed", range(12))
def test_random_games_follow_the_deck_tea_and_secrecy_rulings(seed: int) -> None:
    rnd = random.Random(seed)
    players = 3 + seed % 4
    state = GAME.new_state(players, seed, {"start_player": rnd.randrange(players)})
    while not state.is_over():
        state.check_invariants()
        check_secrets(state)
        teas = [s for s in state.actors() if Tea() in state.legal_actions(s)]
        if teas and rnd.random() < 0.15:
            state.apply(rnd.choice(teas), Tea())
            continue
        seat, holder = state.turn, state.tea_holder
        action = rnd.choice([a for a in state.legal_actions(seat) if not isinstance(a, Tea)])
        assert isinstance(action, (Keep, Place))
        if isinstance(action, Place):
            assert action.target not in (seat, holder)
        expected = model_draw(state.decks, action.deck, state.resets)
        done = {s for s in range(players) if state.complete(s)}
        logged = len(state.log)
        state.apply(seat, action)
        assert (state.decks, state.resets) == expected
        new = [e.text for e in state.log[logged:]]
        if holder is not None and state.tea_holder is None:  # H11: back at the taker's turn
            back = new.index(
                f"Tea returns to the centre ({state.seat_name(holder)}'s Tea is spent)."
            )
            # The turns begun before it were passes of the seats between, in seat order.
            passes = [t for t in new[:back] if t.endswith("and passes.")]
            between = [(seat + k) % players for k in range(1, (holder - seat - 1) % players + 1)]
            assert passes == [
                f"{state.seat_name(s)} cannot place a sweet anywhere and passes." for s in between
            ]
            assert holder in state.tea_spent
        for s in set(range(players)) - done:  # H10: revealed the moment it completes
            if state.complete(s):
                assert any(t.startswith(f"{state.seat_name(s)}'s Oribako is complete") for t in new)
    check_secrets(state)
    state.check_invariants()
