"""Humble Tea Party rules: rulings H1-H11 and H15 on positions built directly (the scoring
rulings H12-H14 are in test_htp_scoring.py)."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest

from pygames.core import BadOptions, IllegalAction, Rng
from pygames.humble_tea_party import HtpGame, HtpState, Keep, Phase, Place, Tea
from pygames.humble_tea_party.oribako import open_cells, refusal
from pygames.humble_tea_party.position import box_of, position, tile
from pygames.humble_tea_party.state import MAX_RESETS
from pygames.humble_tea_party.sweets import (
    CATALOGUE,
    TILES,
    TYPES,
    Crest,
    Family,
    describe_tile,
    player_cards,
    tile_json,
    type_by_name,
)
from tests.test_htp_scoring import WINTER_BOARD, WINTER_TWIN
from tests.words import lines

GAME = HtpGame()
SEASONS3 = ["winter", "spring", "summer"]
# Eight sweets of the Winter sample, the centre left empty.
ALMOST = [
    "Camellia | Red Snapper | Strawberry",
    "Wisteria | . | Maple Leaf",
    "Loquat | Chrysanthemum | Peach",
]


def small(turn: int = 0, **kw: object) -> HtpState:
    """Three players, one sweet each, Phase 2."""
    return position([["Moth"], ["Peach"], ["Camellia"]], SEASONS3, turn=turn, **kw)  # type: ignore[arg-type]


def texts(state: HtpState, n: int) -> list[str]:
    return [e.text for e in state.log[-n:]]


def place_anywhere(state: HtpState, target: int | None = None) -> Place:
    for a in state.legal_actions(state.turn):
        if isinstance(a, Place) and (target is None or a.target == target):
            state.apply(state.turn, a)
            return a
    raise AssertionError("no placement")


def arrange(state: HtpState, deck: int, index: int, tile_id: int) -> None:
    """Swap ``tile_id`` (wherever it is in the decks) into ``deck`` at ``index``."""
    for d in state.decks:
        if tile_id in d:
            i = d.index(tile_id)
            d[i], state.decks[deck][index] = state.decks[deck][index], d[i]
            return
    raise AssertionError("tile not in a deck")


# --- H1 players and H2 player cards ---------------------------------------------------------


@pytest.mark.parametrize("players", [2, 7])
def test_h1_three_to_six_players(players: int) -> None:
    with pytest.raises(BadOptions, match="3 to 6 players"):
        GAME.new_state(players, 1, {})


def test_h1_turns_go_to_the_next_seat_from_the_start_player() -> None:
    state = GAME.new_state(4, 3, {"start_player": 2})
    order = []
    while state.phase is Phase.OWN:
        order.append(state.turn)
        state.apply(state.turn, Keep(0))
    assert order == [2, 3, 0, 1]
    assert state.turn == 2  # Phase 2 starts from the start player too (ruling H9)


@pytest.mark.parametrize(("players", "cards"), [(3, 4), (4, 4), (5, 8), (6, 8)])
def test_h2_player_cards_dealt_secretly_undealt_public(players: int, cards: int) -> None:
    state = GAME.new_state(players, 11, {})
    assert len(player_cards(players)) == cards
    assert Counter(player_cards(players)) == Counter(
        {s: cards // 4 for s in ("spring", "summer", "autumn", "winter")}
    )
    assert sorted(state.seasons + state.undealt) == sorted(player_cards(players))
    for seat in range(players):
        table = state.view(seat)["table"]
        assert table["undealt_cards"] == state.undealt
        seen = [box["season"] for box in table["oribako"]]
        assert seen[seat] == state.seasons[seat]
        assert all(s is None for i, s in enumerate(seen) if i != seat)
        mine = [t for t in lines(state.view(seat)["log"]) if "your favourite season" in t]
        assert mine == [
            f"Player {seat + 1}, your favourite season is "
            f"{state.seasons[seat].capitalize()} (only you see this)."
        ]
    assert not any("your favourite" in t for t in lines(state.view(None)["log"]))


# --- H3 the sweets ---------------------------------------------------------------------------


def test_h3_catalogue_24_types_60_tiles() -> None:
    assert len(TYPES) == 24 and len(TILES) == 60 and len(CATALOGUE) == 12
    nerikiri = [t for t in TYPES if t.family is Family.NERIKIRI]
    assert len(nerikiri) == 12 and all(t.copies == 3 for t in nerikiri)
    assert all(t.copies == 2 for t in TYPES if t.family is Family.OTHER)
    for month in range(1, 13):  # one of each family per month
        assert sorted(t.family.value for t in TYPES if t.month == month) == ["nerikiri", "other"]
    assert Counter(TILES) == {t.index: t.copies for t in TYPES}


def test_h3_names_from_the_rulebook_and_the_ruling() -> None:
    names = [t.name for t in TYPES]
    assert names[:8] == [
        "Red Snapper",
        "Strawberry",
        "Peach",
        "Cherry Blossom",
        "Wisteria",
        "Loquat",
        "Moth",
        "Sun Flower",
    ]
    assert names[8:12] == ["Chrysanthemum", "Persimmon", "Maple Leaf", "Camellia"]
    assert names[12:20] == [
        "Hanbira-mochi",
        "Strawberry Daifuku",
        "Hishi Mochi",
        "Sakura Mochi",
        "Kashiwa Mochi",
        "Hydrangea Wharf",
        "Milky Way",
        "Kingyokukan - Gold fish",
    ]
    assert names[20:] == ["Tsukimi Dango", "Kuri Kinton", "Inoko Mochi", "Yuzu Manju"]


def test_h3_seasons_from_months_and_crests_by_the_ruling() -> None:
    seasons = {
        1: "winter",
        2: "winter",
        3: "spring",
        4: "spring",
        5: "spring",
        6: "summer",
        7: "summer",
        8: "summer",
        9: "autumn",
        10: "autumn",
        11: "autumn",
        12: "winter",
    }
    nerikiri = {
        1: "pine",
        4: "pine",
        7: "pine",
        10: "pine",
        2: "bamboo",
        5: "bamboo",
        8: "bamboo",
        11: "bamboo",
        3: "plum",
        6: "plum",
        9: "plum",
        12: "plum",
    }
    other = {
        1: "bamboo",
        4: "bamboo",
        7: "bamboo",
        10: "bamboo",
        2: "plum",
        5: "plum",
        8: "plum",
        11: "plum",
        3: "pine",
        6: "pine",
        9: "pine",
        12: "pine",
    }
    for t in TYPES:
        assert t.season.value == seasons[t.month]
        table = nerikiri if t.family is Family.NERIKIRI else other
        assert t.crest.value == table[t.month], t.name
    per_crest = Counter(TYPES[t].crest for t in TILES)
    assert per_crest == {Crest.PINE: 20, Crest.BAMBOO: 20, Crest.PLUM: 20}


def test_h3_tile_json_and_log_names() -> None:
    wisteria = type_by_name("Wisteria").first_tile
    assert tile_json(wisteria) == {
        "id": 12,
        "type": 4,
        "name": "Wisteria",
        "family": "nerikiri",
        "month": 5,
        "season": "spring",
        "crest": "bamboo",
    }
    assert describe_tile(wisteria) == "Wisteria (May, Spring, Bamboo)"
    assert tile_json(59)["name"] == "Yuzu Manju" and tile_json(36)["family"] == "other"


# --- H4 decks and H5 Reset -------------------------------------------------------------------


def test_h4_three_decks_of_20_tops_face_up() -> None:
    state = GAME.new_state(3, 5, {})
    table = state.view(0)["table"]
    assert [d["size"] for d in table["decks"]] == [20, 20, 20]
    assert [d["top"]["id"] for d in table["decks"]] == [d[0] for d in state.decks]
    kinds = [d["top"]["type"] for d in table["decks"]]
    assert len(set(kinds)) == 3 or table["resets"] == MAX_RESETS


def test_h5_reset_sends_each_top_to_the_bottom_of_its_own_deck() -> None:
    state = small(tops=["Wisteria", "Wisteria", "Loquat"])
    for deck, name in enumerate(["Red Snapper", "Persimmon", "Sakura Mochi"]):
        arrange(state, deck, 1, tile(name))  # distinct new tops: one Reset settles it
    old = [d[:] for d in state.decks]
    state.settle_tops()
    assert state.resets == 1
    for before, after in zip(old, state.decks, strict=True):
        assert after == before[1:] + before[:1]
    assert texts(state, 1) == ["Reset! The tops go to the bottom (1 of 3)."]
    state.check_invariants()


def test_h5_reset_after_a_flip_in_phase_2() -> None:
    state = small(tops=["Wisteria", "Loquat", "Persimmon"])
    arrange(state, 0, 1, tile("Loquat", 1))  # under the Wisteria: a second Loquat
    before = [d[:] for d in state.decks]
    state.apply(0, Place(0, 1, 1, 0))
    assert state.resets == 1
    assert state.decks[0][-1] == tile("Loquat", 1)  # it went to the bottom of deck 1
    assert state.decks[1][-1] == before[1][0] and state.decks[2][-1] == before[2][0]
    assert "Reset! The tops go to the bottom (1 of 3)." in texts(state, 3)


def test_h5_at_most_three_resets_setup_included() -> None:
    state = small(tops=["Wisteria", "Wisteria", "Wisteria"], resets=2)
    # Second tiles match too, so the check would repeat: only one Reset is left.
    arrange(state, 0, 1, tile("Moth", 1))
    arrange(state, 1, 1, tile("Moth", 2))
    state.settle_tops()
    assert state.resets == MAX_RESETS
    kinds = [TILES[d[0]] for d in state.decks]
    assert kinds[0] == kinds[1] == type_by_name("Moth").index  # play goes on as it is
    assert texts(state, 2) == [
        "Reset! The tops go to the bottom (3 of 3).",
        "Two tops show the same sweet, but the three Resets are used up: play goes on.",
    ]
    state.check_invariants()
    state.apply(0, Place(2, 1, 1, 0))  # a further flip never Resets again
    assert state.resets == MAX_RESETS


PLAIN3 = [["Peach"], ["Loquat"], ["Camellia"]]  # no Moth in an Oribako: all three in the decks
POINTLESS = (
    "Two tops show the same sweet, but each of their decks holds a single tile: "
    "a Reset cannot change them, so none is made and play goes on."
)


def test_h5_a_reset_that_cannot_change_the_repeated_tops_is_not_made() -> None:
    # Ruling H5 (changed): decks of 2, 1 and 54 tiles; the sweet under deck 1's top is a Moth,
    # like deck 2's only tile. Taking deck 1's top leaves two one-tile decks showing Moth: a
    # Reset would only turn deck 3 over, so none is made and none is counted (before the
    # ruling changed, this turn spent all three Resets).
    state = small(tops=["Wisteria", "Moth", "Loquat"], sizes=[2, 1, 54])
    arrange(state, 0, 1, tile("Moth", 2))
    deck3 = state.decks[2][:]
    state.apply(0, Place(0, 1, 1, 0))
    assert state.resets == 0
    assert state.decks == [[tile("Moth", 2)], [tile("Moth", 1)], deck3]
    assert POINTLESS in texts(state, 2)
    assert not any(e.text.startswith("Reset!") for e in state.log)
    assert state.view(1)["table"]["resets"] == 0
    state.check_invariants()
    # The three Resets are all still there for later.
    state.decks = [[tile("Moth", 2), *deck3[:10]], [tile("Moth", 1)], deck3[10:]]
    state.settle_tops()
    assert state.resets == 1


def test_h5_only_the_decks_showing_the_repeated_sweet_must_hold_one_tile() -> None:
    # The repeated Moth is on a one-tile deck and on a deck of two: the Reset can change
    # the tops (the second deck turns up another sweet), so it is made and counted, even
    # though a deck holds a single tile.
    state = small(tops=["Wisteria", "Moth", "Loquat"], sizes=[3, 1, 53])
    arrange(state, 0, 1, tile("Moth", 2))
    arrange(state, 0, 2, tile("Red Snapper"))
    arrange(state, 2, 1, tile("Kuri Kinton"))
    state.apply(0, Place(0, 1, 1, 0))
    assert state.resets == 1
    assert state.decks[0] == [tile("Red Snapper"), tile("Moth", 2)]
    assert state.decks[1] == [tile("Moth", 1)]
    assert state.decks[2][0] == tile("Kuri Kinton")
    assert "Reset! The tops go to the bottom (1 of 3)." in texts(state, 3)
    state.check_invariants()
    # A large deck showing the repeated sweet can change it too.
    state = small(tops=["Wisteria", "Moth", "Moth"], sizes=[20, 1, 36])
    arrange(state, 2, 1, tile("Kuri Kinton"))
    state.settle_tops()
    assert state.resets == 1 and state.decks[2][0] == tile("Kuri Kinton")
    assert state.decks[1] == [tile("Moth", 1)]


def test_h5_the_check_repeats_until_a_reset_would_change_nothing() -> None:
    # Three Moths face up, the third on a long deck: one Reset turns that deck over; the two
    # Moths left are on one-tile decks, so the check stops there (before: three Resets).
    state = position(PLAIN3, SEASONS3, tops=["Moth", "Moth", "Moth"], sizes=[1, 1, 55])
    arrange(state, 2, 1, tile("Red Snapper"))
    state.settle_tops()
    assert state.resets == 1
    assert [d[0] for d in state.decks] == [tile("Moth", 0), tile("Moth", 1), tile("Red Snapper")]
    assert texts(state, 2) == ["Reset! The tops go to the bottom (1 of 3).", POINTLESS]
    state.check_invariants()


def test_h5_the_cap_of_three_still_holds_with_the_setup_resets() -> None:
    # A deal whose setup made one Reset; then tops that match again after every Reset (none
    # of them pointless: every deck holds many tiles): only two more are made.
    state = next(s for s in (GAME.new_state(3, seed, {}) for seed in range(300)) if s.resets == 1)
    for i, name in enumerate(["Moth", "Wisteria", "Loquat"]):
        arrange(state, 0, i, tile(name, 0))
        arrange(state, 1, i, tile(name, 1))
    for i, name in enumerate(["Red Snapper", "Sakura Mochi", "Kuri Kinton"]):
        arrange(state, 2, i, tile(name))
    logged = len(state.log)
    state.settle_tops()
    assert state.resets == MAX_RESETS
    assert [e.text for e in state.log[logged:]] == [
        "Reset! The tops go to the bottom (2 of 3).",
        "Reset! The tops go to the bottom (3 of 3).",
        "Two tops show the same sweet, but the three Resets are used up: play goes on.",
    ]
    assert state.decks[0][0] == tile("Loquat", 0) and state.decks[1][0] == tile("Loquat", 1)
    state.check_invariants()


def test_h5_setup_resets_count_towards_the_three() -> None:
    found = [GAME.new_state(3, seed, {}) for seed in range(150)]
    with_reset = [s for s in found if s.resets]
    assert with_reset, "no setup Reset in 150 deals"
    for state in with_reset:
        assert any(t.startswith("Reset!") for t in lines(state.view(0)["log"]))
        state.check_invariants()
    assert all(s.resets <= MAX_RESETS for s in found)


# --- H6 refilling a deck ---------------------------------------------------------------------


def test_h6_an_empty_deck_takes_the_bottom_half_of_the_largest_other() -> None:
    state = small(tops=["Wisteria", None, None], sizes=[1, 31, 25])
    deck2 = state.decks[1][:]
    state.apply(0, Place(0, 1, 1, 0))
    assert state.decks[0][:15] == deck2[16:] and len(state.decks[0]) == 15
    assert state.decks[1] == deck2[:16]
    assert "Deck 1 ran out: the bottom 15 tiles of deck 2 become deck 1." in texts(state, 2)
    state.check_invariants()


def test_h6_ties_go_to_the_lowest_index_and_halves_round_down() -> None:
    state = small(tops=[None, None, "Wisteria"], sizes=[28, 28, 1])
    deck1 = state.decks[0][:]
    state.apply(0, Place(2, 1, 1, 0))
    assert state.decks[2] == deck1[14:] and len(state.decks[0]) == 14
    state = small(tops=[None, "Wisteria", None], sizes=[27, 1, 29])
    deck3 = state.decks[2][:]
    state.apply(0, Place(1, 2, 1, 0))
    assert state.decks[1] == deck3[15:] and len(state.decks[1]) == 14  # 29 // 2


def test_h6_a_deck_stays_empty_only_if_no_other_has_two() -> None:
    state = small()
    state.decks = [[], [5], [6]]
    state.refill()
    assert state.decks == [[], [5], [6]]
    state.decks = [[], [5], [6, 7]]
    state.refill()
    assert state.decks == [[7], [5], [6]]


# --- H7 Phase 1 ------------------------------------------------------------------------------


def test_h7_phase_1_keep_a_top_into_your_own_oribako() -> None:
    state = GAME.new_state(3, 2, {"start_player": 1})
    assert state.phase is Phase.OWN and state.actors() == (1,) and state.awaiting() == (1,)
    assert state.legal_actions(1) == [Keep(0), Keep(1), Keep(2)]
    assert state.legal_actions(0) == [] and state.legal_actions(2) == []
    top, under = state.decks[2][0], state.decks[2][1]
    state.apply(1, Keep(2))
    assert state.boxes[1] == {(0, 0): top}
    assert state.decks[2][0] == under or state.resets  # the next tile turned up
    assert len(state.decks[2]) == 19
    assert f"Player 2 keeps {describe_tile(top)} from deck 3." in [e.text for e in state.log]
    state.check_invariants()


def test_h7_nobody_may_take_tea_or_place_in_phase_1() -> None:
    state = GAME.new_state(3, 2, {})
    assert Tea() not in state.legal_actions(0)
    with pytest.raises(IllegalAction, match="Nobody may take Tea in Phase 1"):
        state.apply(0, Tea())
    with pytest.raises(IllegalAction, match="Phase 1: Player 1 keeps a sweet"):
        state.apply(0, Place(0, 1, 0, 0))
    with pytest.raises(IllegalAction, match="It is not Player 2's turn"):
        state.apply(1, Keep(0))
    with pytest.raises(IllegalAction, match="There is no deck 3"):
        state.apply(0, Keep(3))


# --- H8 the Oribako grid ---------------------------------------------------------------------


def test_h8_a_row_of_three_cannot_grow_to_four() -> None:
    row = box_of(["Moth | Peach | Loquat"])
    cells = open_cells(row)
    assert (3, 0) not in cells and (-1, 0) not in cells
    assert cells == [(0, -1), (1, -1), (2, -1), (0, 1), (1, 1), (2, 1)]
    assert str(refusal(row, (3, 0))) == "The Oribako would be wider than 3"
    assert str(refusal(row, (-1, 0))) == "The Oribako would be wider than 3"


def test_h8_a_column_of_three_cannot_grow_taller() -> None:
    col = box_of(["Moth", "Peach", "Loquat"])
    assert (0, 3) not in open_cells(col) and (0, -1) not in open_cells(col)
    assert str(refusal(col, (0, 3))) == "The Oribako would be taller than 3"


def test_h8_l_shapes_and_adjacency() -> None:
    ell = box_of(["Moth | .", "Peach | Loquat"])  # (0,0), (0,1), (1,1)
    cells = open_cells(ell)
    assert (1, 0) in cells  # fills the corner
    assert (2, 1) in cells and (-1, 0) in cells and (0, 2) in cells and (1, 2) in cells
    assert (0, -1) in cells  # height 3 is still fine
    assert (2, 0) not in cells  # only diagonal to (1, 1)
    assert str(refusal(ell, (2, 0))) == "That cell is not next to a sweet"
    assert str(refusal(ell, (0, 0))) == "That cell already holds a sweet"
    big_ell = box_of(["Moth | . | .", "Peach | . | .", "Loquat | Wisteria | Camellia"])
    assert open_cells(big_ell) == [(1, 0), (1, 1), (2, 1)]


def test_h8_growing_left_and_up_with_negative_cells() -> None:
    state = small()
    state.apply(0, Place(0, 1, -1, 0))
    state.apply(1, Place(0, 0, 0, -1))
    box = state.boxes[1]
    assert set(box) == {(0, 0), (-1, 0)}
    view = state.view(1)["table"]["oribako"][1]["tiles"]
    assert [(e["x"], e["y"]) for e in view] == [(0, 0), (-1, 0)]


def test_h8_refusals_name_the_problem() -> None:
    state = position([["Moth"], ["Peach | Loquat | Wisteria"], ["Camellia"]], SEASONS3)
    for action, message in [
        (Place(0, 1, 3, 0), "The Oribako would be wider than 3"),
        (Place(0, 1, 0, 2), "That cell is not next to a sweet"),
        (Place(0, 1, 1, 0), "That cell already holds a sweet"),
        (Place(0, 0, 1, 0), "You cannot place into your own Oribako"),
        (Place(0, 3, 1, 0), "There is no Player 4"),
        (Place(5, 1, 1, 1), "There is no deck 5"),
        (Keep(0), "Phase 1 is over"),
    ]:
        with pytest.raises(IllegalAction, match=message):
            state.apply(0, action)
    state.decks[1] = []
    with pytest.raises(IllegalAction, match="Deck 2 is empty"):
        state.apply(0, Place(1, 1, 1, 1))


def test_h8_a_complete_box_is_a_full_3x3_read_top_to_bottom() -> None:
    state = position([["Moth"], ALMOST, ["Camellia"]], SEASONS3, tops=["Sun Flower", None, None])
    state.apply(0, Place(0, 1, 1, 1))
    assert state.complete(1)
    assert sorted(state.boxes[1]) == [(x, y) for x in range(3) for y in range(3)]


# --- H9 Phase 2 ------------------------------------------------------------------------------


def test_h9_phase_2_place_a_top_in_another_players_oribako() -> None:
    state = small()
    legal = state.legal_actions(0)
    assert legal[-1] == Tea()
    places = [a for a in legal if isinstance(a, Place)]
    assert {a.target for a in places} == {1, 2} and {a.deck for a in places} == {0, 1, 2}
    assert len(places) == 3 * 2 * 4
    top = state.decks[1][0]
    state.apply(0, Place(1, 2, 0, 1))
    assert state.boxes[2][(0, 1)] == top
    assert texts(state, 1) == [f"Player 1 recommends {describe_tile(top)} to Player 3."]
    assert state.turn == 1


def test_h9_completed_players_keep_taking_turns() -> None:
    state = position([["Moth"], WINTER_BOARD, ["Camellia"]], SEASONS3, turn=1)
    assert state.turn == 1 and state.complete(1)
    assert {a.target for a in state.legal_actions(1) if isinstance(a, Place)} == {0, 2}
    assert Tea() not in state.legal_actions(1)  # nothing to protect


def test_h9_pass_when_the_only_open_box_is_your_own() -> None:
    state = position([["Moth"], WINTER_BOARD, WINTER_TWIN], ["winter", "spring", "summer"])
    assert state.turn == 1
    assert texts(state, 1) == ["Player 1 cannot place a sweet anywhere and passes."]
    assert state.legal_actions(1)[0].target == 0  # type: ignore[attr-defined]
    state.check_invariants()


def test_h9_pass_when_everything_left_is_under_tea_or_your_own() -> None:
    # Player 2 is complete, Player 3 holds Tea: Player 1 has nowhere to place.
    state = position([["Moth"], WINTER_BOARD, ["Camellia"]], SEASONS3, tea_holder=2)
    assert state.turn == 1
    assert "Player 1 cannot place a sweet anywhere and passes." in texts(state, 1)
    assert {a.target for a in state.legal_actions(1) if isinstance(a, Place)} == {0}


def test_h9_the_game_ends_when_every_oribako_is_complete() -> None:
    state = position([WINTER_BOARD, ALMOST, WINTER_TWIN], ["spring", "summer", "autumn"])
    assert state.turn == 0 and not state.is_over()
    state.apply(0, Place(0, 1, 1, 1))
    assert state.is_over() and state.actors() == () and state.awaiting() == ()
    assert all(state.legal_actions(s) == [] for s in range(3))
    assert state.view(0)["table"]["phase"] == "over"
    with pytest.raises(IllegalAction, match="over"):
        state.apply(1, Tea())
    state.check_invariants()


# --- H10 completion reveals the season ---------------------------------------------------------


def test_h10_completion_reveals_the_favourite_season() -> None:
    state = position([["Moth"], ALMOST, ["Camellia"]], SEASONS3)
    assert state.view(2)["table"]["oribako"][1]["season"] is None
    state.apply(0, Place(0, 1, 1, 1))
    for seat in (0, 2, None):
        box = state.view(seat)["table"]["oribako"][1]
        assert box["complete"] and box["revealed"] and box["season"] == "spring"
    assert "Player 2's Oribako is complete: their favourite season is Spring." in texts(state, 3)


# --- H11 Tea ---------------------------------------------------------------------------------


def test_h11_any_eligible_player_may_take_tea_while_a_placement_is_awaited() -> None:
    state = small()
    assert state.awaiting() == (0,)
    assert state.actors() == (0, 1, 2)
    assert state.legal_actions(1) == [Tea()] and state.legal_actions(2) == [Tea()]
    assert Tea() in state.legal_actions(0)


def test_h11_tea_blocks_placement_until_the_takers_next_turn() -> None:
    state = small()
    state.apply(2, Tea())
    assert texts(state, 1) == ["Player 3 gets Tea."]
    assert state.turn == 0 and state.actors() == (0,)  # one token: nobody else may take it
    view = state.view(1)["table"]
    assert view["tea"] == {"holder": 2, "spent": []} and view["oribako"][2]["tea"]
    assert {a.target for a in state.legal_actions(0) if isinstance(a, Place)} == {1}
    with pytest.raises(IllegalAction, match="Player 3's Oribako is under Tea"):
        state.apply(0, Place(0, 2, 1, 0))
    place_anywhere(state)  # Player 1 into Player 2's box
    assert state.turn == 1 and state.tea_holder == 2
    assert {a.target for a in state.legal_actions(1) if isinstance(a, Place)} == {0}
    place_anywhere(state)
    # Player 3's turn starts: the token goes back to the centre, their Tea is spent.
    assert state.turn == 2 and state.tea_holder is None and state.tea_spent == [2]
    assert texts(state, 1) == ["Tea returns to the centre (Player 3's Tea is spent)."]
    assert state.view(0)["table"]["tea"] == {"holder": None, "spent": [2]}
    assert Tea() not in state.legal_actions(2)  # once per game
    assert state.actors() == (2, 0, 1)  # the others may take it now
    with pytest.raises(IllegalAction, match="already had Tea"):
        state.apply(2, Tea())


def test_h11_only_one_tea_token() -> None:
    state = small()
    state.apply(1, Tea())
    assert 2 not in state.actors() and state.legal_actions(2) == []
    with pytest.raises(IllegalAction, match="Player 2 has the Tea token; wait"):
        state.apply(0, Tea())
    with pytest.raises(IllegalAction, match="It is not Player 3's turn"):
        state.apply(2, Tea())


def test_h11_the_active_player_may_take_tea_and_still_places() -> None:
    state = small()
    state.apply(0, Tea())
    assert state.turn == 0 and state.awaiting() == (0,) and state.tea_holder == 0
    assert Tea() not in state.legal_actions(0)
    place_anywhere(state)
    assert state.tea_holder == 0  # Player 1's next turn has not begun
    assert {a.target for a in state.legal_actions(1) if isinstance(a, Place)} == {2}
    place_anywhere(state)
    assert {a.target for a in state.legal_actions(2) if isinstance(a, Place)} == {1}
    place_anywhere(state)
    assert state.turn == 0 and state.tea_holder is None and state.tea_spent == [0]


def test_h11_tea_while_a_placement_is_pending_forces_it_elsewhere() -> None:
    state = small()
    state.apply(1, Tea())  # before Player 1 places
    assert all(a.target == 2 for a in state.legal_actions(0) if isinstance(a, Place))


def test_h11_tea_while_a_placement_is_pending_can_force_a_pass() -> None:
    state = position([["Moth"], WINTER_BOARD, ["Camellia"]], SEASONS3)
    assert state.turn == 0 and state.actors() == (0, 2)
    state.apply(2, Tea())
    assert texts(state, 2) == [
        "Player 3 gets Tea.",
        "Player 1 cannot place a sweet anywhere and passes.",
    ]
    assert state.turn == 1  # Player 2 (complete) may only place into Player 1's box
    assert {a.target for a in state.legal_actions(1) if isinstance(a, Place)} == {0}
    place_anywhere(state)
    assert state.turn == 2 and state.tea_holder is None
    state.check_invariants()


def test_h11_no_tea_with_a_complete_box() -> None:
    state = position([["Moth"], WINTER_BOARD, ["Camellia"]], SEASONS3)
    assert state.legal_actions(1) == [] and 1 not in state.actors()


def test_h11_taken_tea_survives_passes_and_returns_at_the_takers_turn_start() -> None:
    # Player 3 takes Tea during Player 2's turn; their own turn comes right after.
    state = small(turn=1)
    state.apply(2, Tea())
    place_anywhere(state)
    assert state.turn == 2 and state.tea_holder is None and state.tea_spent == [2]


# --- H15 No chatting, and the view ----------------------------------------------------------------


def test_h15_no_chatting_is_shown_and_changes_nothing() -> None:
    quiet = GAME.new_state(4, 9, {"no_chatting": True})
    loud = GAME.new_state(4, 9, {})
    assert quiet.view(0)["table"]["options"] == {
        "team_battle": False,
        "teams": None,
        "no_chatting": True,
    }
    a, b = quiet.view(0), loud.view(0)
    a["table"].pop("options")
    b["table"].pop("options")
    assert a == b


def test_view_shape_for_the_renderer() -> None:
    state = small()
    table = state.view(0)["table"]
    assert set(table) == {
        "step",
        "phase",
        "turn",
        "start_player",
        "decks",
        "resets",
        "max_resets",
        "box_full",
        "hands",
        "favourite_hand",
        "oribako",
        "tea",
        "undealt_cards",
        "options",
        "scores",
        "team_scores",
        "previews",
        "last",
    }
    assert table["phase"] == "recommend" and table["scores"] is None
    assert [h["points"] for h in table["hands"]] == [1, 1, 1, 1, 1, -2]
    assert [h["n"] for h in table["hands"]] == [1, 2, 3, 4, 5, 6]
    assert table["favourite_hand"] == 4
    assert set(table["oribako"][0]) == {
        "tiles",
        "window",
        "complete",
        "season",
        "revealed",
        "tea",
        "score",
    }
    assert table["oribako"][0]["window"] == {"x0": -1, "y0": -1, "x1": 1, "y1": 1}
    assert table["oribako"][0]["tiles"][0] == {"x": 0, "y": 0, "tile": tile_json(tile("Moth"))}
    assert set(table["decks"][0]) == {"size", "top"}
    assert table["undealt_cards"] == ["autumn"]


def test_views_hold_no_secret() -> None:
    state = GAME.new_state(5, 21, {})
    for seat in [None, *range(5)]:
        view = state.view(seat)
        text = json.dumps(view)
        assert '"rng"' not in text
        ids = {d["top"]["id"] for d in view["table"]["decks"]}
        # Messages have ids too: count the tiles' ids outside the log and the outcome.
        tiles = json.dumps({k: v for k, v in view.items() if k not in ("log", "outcome")})
        assert tiles.count('"id":') == len(ids)  # no face-down tile appears
        for other in range(5):
            if other != seat:
                assert f"Player {other + 1}, your favourite" not in text
                assert view["table"]["oribako"][other]["season"] is None


def test_turns_taken_counts_keeps_placements_and_passes() -> None:
    state = position([["Moth"], WINTER_BOARD, WINTER_TWIN], ["winter", "spring", "summer"])
    # 19 sweets placed, one pass, and Player 2's turn under way.
    assert state.turns_taken() == 19 + 1 + 1
    det = state.determinize(0, Rng(1))
    assert det.turns_taken() == state.turns_taken()


# --- determinize -------------------------------------------------------------------------------


def test_determinize_resamples_secrets_consistently() -> None:
    state = GAME.new_state(6, 4, {})
    for seat in range(6):
        state.apply(seat, Keep(seat % 3))
    seen: Counter[str] = Counter()
    for i in range(60):
        det = state.determinize(2, Rng(i))
        assert isinstance(det, HtpState)
        assert det.view(2)["table"] == state.view(2)["table"]
        assert det.seasons[2] == state.seasons[2]
        assert sorted(det.seasons + det.undealt) == sorted(player_cards(6))
        det.check_invariants()
        assert [d[0] for d in det.decks] == [d[0] for d in state.decks]
        assert sorted(t for d in det.decks for t in d) == sorted(t for d in state.decks for t in d)
        seen[det.seasons[0]] += 1
        assert det.legal_actions(state.turn) == state.legal_actions(state.turn)
    # Seat 0's season is drawn from the cards neither public nor seat 2's own.
    pool = Counter(player_cards(6))
    pool.subtract([*state.undealt, state.seasons[2]])
    assert set(seen) == {s for s, n in pool.items() if n > 0}
    assert sum(pool.values()) == 5


def test_determinize_keeps_revealed_seasons() -> None:
    state = position([["Moth"], WINTER_BOARD, ["Camellia"]], SEASONS3)
    for i in range(20):
        det = state.determinize(0, Rng(i))
        assert isinstance(det, HtpState)
        assert det.seasons[1] == "spring" and det.seasons[0] == "winter"
        assert det.seasons[2] in ("summer", "autumn")


def test_h5_the_rules_page_shows_the_changed_ruling() -> None:
    # Ruling H5 changed: the in-app rules reference says so in the ruling's own words.
    page = (Path(__file__).resolve().parent.parent / "web" / "rules.html").read_text()
    line = next(x for x in page.splitlines() if "<dt>H5</dt>" in x)
    assert (
        "A Reset that cannot change the repeated tops (each deck showing the repeated sweet "
        "holds a single tile) is not made and not counted: play goes on with the tops as "
        "they are."
    ) in line
