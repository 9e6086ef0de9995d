"""Humble Tea Party scoring (ruling H12), winners and tie-breaks (H13), Team Battle (H14):
the rulebook's two samples as exact boards, months wrapping, the FAQ's trimester examples."""

from __future__ import annotations

import pytest

from pygames.core import Message, Outcome, render
from pygames.humble_tea_party.game import HtpState
from pygames.humble_tea_party.oribako import rows
from pygames.humble_tea_party.pictures import AUTUMN_SAMPLE, WINTER_SAMPLE
from pygames.humble_tea_party.position import box_of, position, tile
from pygames.humble_tea_party.scoring import (
    HAND_NAMES,
    LINES,
    SQUARES,
    consecutive,
    rank,
    score_board,
)

# The rulebook's samples (the rules page shows them): Winter #1..#6 = 0, 1, 1, 2, 3, 0 = 7.
# Top row Camellia 12, Red Snapper 1, Strawberry 2: one trimester, one all-Winter line; the
# middle row is all Bamboo, the bottom row all Plum; three Winter sweets; no duplicate.
# Autumn: 4, 0, 0, 4, 2, -6 (3 duplicates) = 4. Seasons W A W / Sp Su Sp / W A W put all four
# seasons in every 2 x 2 square; corners, top and bottom middles and the side middles are Pine
# (rows 1, 3 and columns 1, 3), the centre is Bamboo; 3 Red Snappers and 2 Persimmons make 3
# duplicates; two Autumn sweets.
WINTER_BOARD = WINTER_SAMPLE
AUTUMN_BOARD = AUTUMN_SAMPLE
# The same hands with 2 Red Snappers and 2 Yuzu Manju (leaves a Red Snapper for another box).
AUTUMN_BOARD_B = [
    "Red Snapper | Persimmon | Yuzu Manju",
    "Cherry Blossom | Milky Way | Hishi Mochi",
    "Yuzu Manju | Persimmon | Red Snapper",
]
# The Winter sample's hands again, mostly from Others (for games needing several such boxes).
WINTER_TWIN = [
    "Camellia | Hanbira-mochi | Strawberry Daifuku",
    "Sakura Mochi | Sun Flower | Kuri Kinton",
    "Kashiwa Mochi | Kingyokukan - Gold fish | Inoko Mochi",
]
SUMMER_HEAVY = [
    "Loquat | Moth | Sun Flower",
    "Hydrangea Wharf | Milky Way | Kingyokukan - Gold fish",
    "Moth | Moth | Hydrangea Wharf",
]


def tiebreak(out: Outcome, lang: str = "en") -> str:
    """The end screen's tie-break detail (a message in the outcome's details), in words."""
    detail = out.details["tiebreak"]
    assert detail is not None
    return render(Message.from_json(detail), lang)


def board(names: list[str]) -> list[list[int]]:
    return rows(box_of(names))


def test_h12_rulebook_winter_sample_scores_7_hand_by_hand() -> None:
    score = score_board(board(WINTER_BOARD), "winter")
    assert score.hands == (0, 1, 1, 2, 3, 0)
    assert score.points == (0, 1, 1, 2, 3, 0)
    assert score.total == 7


def test_h12_rulebook_autumn_sample_scores_4_hand_by_hand() -> None:
    score = score_board(board(AUTUMN_BOARD), "autumn")
    assert score.hands == (4, 0, 0, 4, 2, 3)
    assert score.points == (4, 0, 0, 4, 2, -6)
    assert score.total == 4
    assert score_board(board(AUTUMN_BOARD_B), "autumn").hands == (4, 0, 0, 4, 2, 3)


def test_h12_the_favourite_season_only_changes_hand_5() -> None:
    b = board(WINTER_BOARD)
    assert [score_board(b, s).hands[4] for s in ("spring", "summer", "autumn", "winter")] == [
        2,
        2,
        2,
        3,
    ]


def test_h12_eight_lines_and_four_squares() -> None:
    assert len(LINES) == 8 and len(SQUARES) == 4
    assert ((0, 0), (1, 1), (2, 2)) in LINES and ((0, 2), (1, 1), (2, 0)) in LINES
    assert all(len(set(line)) == 3 for line in LINES)


@pytest.mark.parametrize(
    ("months", "ok"),
    [
        ([7, 6, 5], True),  # FAQ: OK
        ([11, 12, 1], True),  # FAQ: OK, January comes after December
        ([5, 7, 6], False),  # FAQ: NG, not in order
        ([1, 12, 11], True),
        ([12, 1, 2], True),
        ([2, 1, 12], True),
        ([1, 2, 4], False),
        ([3, 3, 3], False),
        ([10, 11, 1], False),
    ],
)
def test_h12_trimester_runs_either_way_and_wraps(months: list[int], ok: bool) -> None:
    assert consecutive(months) is ok


def trimester_board(first_row: list[str]) -> list[list[int]]:
    # Other rows chosen to make no trimester of their own.
    return board(
        [
            " | ".join(first_row),
            "Wisteria | Sun Flower | Maple Leaf",
            "Loquat | Chrysanthemum | Peach",
        ]
    )


def test_h12_wrapping_trimester_counts_on_a_board() -> None:
    # Maple Leaf 11, Camellia 12, Red Snapper 1 across the top row.
    wrapped = score_board(trimester_board(["Inoko Mochi", "Camellia", "Red Snapper"]), "spring")
    assert wrapped.hands[1] == 1
    # 5, 7, 6 (FAQ: NG) in a row does not count.
    faq = board(
        [
            "Kashiwa Mochi | Moth | Hydrangea Wharf",
            "Strawberry | Maple Leaf | Peach",
            "Camellia | Persimmon | Red Snapper",
        ]
    )
    assert score_board(faq, "spring").hands[1] == 0
    # 7, 6, 5 (FAQ: OK) does.
    ok = board(
        [
            "Moth | Hydrangea Wharf | Kashiwa Mochi",
            "Strawberry | Maple Leaf | Peach",
            "Camellia | Persimmon | Red Snapper",
        ]
    )
    assert score_board(ok, "spring").hands[1] == 1


def test_h12_duplication_counts_k_minus_1_per_type() -> None:
    three = board(
        ["Moth | Moth | Moth", "Peach | Peach | Camellia", "Wisteria | Loquat | Persimmon"]
    )
    assert score_board(three, "winter").hands[5] == 3  # 3 Moths: 2, 2 Peaches: 1
    assert score_board(three, "winter").points[5] == -6


def test_h12_same_month_different_family_is_no_duplicate() -> None:
    b = board(
        [
            "Moth | Milky Way | Peach",
            "Wisteria | Loquat | Camellia",
            "Persimmon | Red Snapper | Strawberry",
        ]
    )
    assert score_board(b, "winter").hands[5] == 0


def test_h12_four_seasons_needs_all_four_in_the_square() -> None:
    # Top-left square: Winter, Spring / Summer, Autumn.
    b = board(
        ["Red Snapper | Peach | Peach", "Moth | Persimmon | Peach", "Moth | Moth | Persimmon"]
    )
    assert score_board(b, "winter").hands[0] == 1


# --- ruling H13: the winner and tie-breaks -------------------------------------------------


def test_h13_lowest_total_wins() -> None:
    r = rank([7, 4, 9], [[0] * 6] * 3)
    assert r.winners == (1,) and r.decided_by is None and not r.shared


@pytest.mark.parametrize("hand", [0, 1, 2, 3])
def test_h13_ties_go_to_fewer_of_hand_1_then_2_3_4(hand: int) -> None:
    # Level on every earlier hand, one fewer of this one.
    more = [2, 2, 2, 2, 0, 0]
    fewer = list(more)
    fewer[hand] = 1
    r = rank([5, 5, 8], [more, fewer, [0] * 6])
    assert r.winners == (1,) and r.decided_by == hand and r.tied == (0, 1)
    # A later hand never outweighs an earlier one.
    if hand < 3:
        later = list(more)
        later[hand + 1] = 0
        r = rank([5, 5], [fewer, later])
        assert r.winners == (0,) and r.decided_by == hand


def test_h13_ties_narrow_step_by_step() -> None:
    hands = [[1, 3, 0, 0, 0, 0], [1, 2, 0, 0, 0, 0], [2, 0, 0, 0, 0, 0]]
    r = rank([4, 4, 4], hands)  # #1 leaves seats 0 and 1; #2 picks seat 1
    assert r.winners == (1,) and r.decided_by == 1


def test_h13_still_tied_is_a_shared_win() -> None:
    r = rank([3, 3, 5], [[1, 1, 0, 2, 0, 0], [1, 1, 0, 2, 1, 1], [0] * 6])
    assert r.winners == (0, 1) and r.shared and r.decided_by is None


def finished(boxes: list[list[str]], seasons: list[str], **kw: object) -> HtpState:
    state = position(boxes, seasons, **kw)  # type: ignore[arg-type]
    assert state.is_over()
    return state


def test_h13_full_game_tie_broken_by_fewer_four_seasons() -> None:
    # Winter board with Spring: 6 (no Four Seasons); Autumn board with Winter: 6 (four of them).
    state = finished([WINTER_BOARD, AUTUMN_BOARD_B, SUMMER_HEAVY], ["spring", "winter", "summer"])
    out = state.outcome()
    assert out is not None
    assert out.scores[:2] == (6, 6) and out.scores[2] > 6
    assert out.winners == (0,)
    assert str(out.reason) == "tie broken by fewer Four Seasons"
    assert tiebreak(out) == "Player 1 and Player 2 tied on 6; fewer Four Seasons decided."
    assert tiebreak(out, "ja") == (
        "プレイヤー1、プレイヤー2が6点で同点。「四季」の少なさで決まりました。"
    )
    assert out.details["hands"][1] == [4, 0, 0, 4, 4, 3]
    assert state.log[-1].text == "Player 1 wins: tie broken by fewer Four Seasons."
    table = state.view(2)["table"]
    assert [s["total"] for s in table["scores"]] == list(out.scores)
    assert table["scores"][0] == {
        "hands": [0, 1, 1, 2, 2, 0],
        "points": [0, 1, 1, 2, 2, 0],
        "total": 6,
    }
    assert table["team_scores"] is None


def test_h13_full_game_shared_win() -> None:
    # The Winter board three times (Nerikiri sweets have three copies): 6, 6 and 7.
    state = finished([WINTER_BOARD] * 3, ["spring", "summer", "winter"])
    out = state.outcome()
    assert out is not None and out.scores == (6, 6, 7)
    assert out.winners == (0, 1) and str(out.reason) == "shared win"
    assert "shared win" in tiebreak(out)
    assert state.log[-1].text == "Player 1 and Player 2 win: shared win."


def test_h13_full_game_clear_winner_reason_and_details() -> None:
    state = finished([WINTER_BOARD, AUTUMN_BOARD_B, SUMMER_HEAVY], ["winter", "autumn", "summer"])
    out = state.outcome()
    assert out is not None
    assert out.scores[:2] == (7, 4) and out.winners == (1,)
    assert str(out.reason) == "lowest score (4)" and out.details["tiebreak"] is None
    assert out.details["points"][1] == [4, 0, 0, 4, 2, -6]
    assert len(HAND_NAMES) == 6


# --- ruling H14: Team Battle ------------------------------------------------------------------


def four_boards() -> list[list[str]]:
    other = [
        "Hanbira-mochi | Strawberry Daifuku | Hishi Mochi",
        "Sakura Mochi | Kashiwa Mochi | Hydrangea Wharf",
        "Milky Way | Kingyokukan - Gold fish | Tsukimi Dango",
    ]
    return [WINTER_BOARD, WINTER_BOARD, WINTER_TWIN, other]


def test_winter_twin_has_the_winter_sample_hands() -> None:
    assert score_board(board(WINTER_TWIN), "winter").hands == (0, 1, 1, 2, 3, 0)


def test_h14_team_score_is_the_members_sum_lowest_team_wins() -> None:
    seasons = ["spring", "winter", "summer", "autumn"]
    solo = finished(four_boards(), seasons)
    totals = solo.outcome().scores  # type: ignore[union-attr]
    team = finished(four_boards(), seasons, options={"team_battle": True})  # 0,1,0,1
    out = team.outcome()
    assert out is not None
    sums = [totals[0] + totals[2], totals[1] + totals[3]]
    assert out.details["team_scores"] == sums
    assert team.view(0)["table"]["team_scores"] == sums
    assert sums[0] != sums[1]
    winner = 0 if sums[0] < sums[1] else 1
    assert out.winners == tuple(s for s in range(4) if s % 2 == winner)
    assert str(out.reason) == f"team {winner + 1}'s lowest total"
    assert out.scores == totals  # each seat still shows its own total
    assert team.log[-2].text == f"Team 1 scores {sums[0]}, Team 2 scores {sums[1]}."


def test_h14_custom_teams_and_team_tie_break() -> None:
    # Winter sample board with Spring 6, Autumn board with Winter 6 (four Four Seasons),
    # twins with Summer and Autumn 6 each: teams {0, 3} and {1, 2} tie on 12.
    boards = [WINTER_BOARD, AUTUMN_BOARD_B, WINTER_TWIN, WINTER_TWIN]
    seasons = ["spring", "winter", "summer", "autumn"]
    state = finished(boards, seasons, options={"team_battle": True, "teams": [0, 1, 1, 0]})
    out = state.outcome()
    assert out is not None and out.scores == (6, 6, 6, 6)
    assert out.details["team_scores"] == [12, 12]
    assert out.winners == (0, 3)
    assert str(out.reason) == "team 1: tie broken by fewer Four Seasons"
    assert tiebreak(out) == "Team 1 and Team 2 tied on 12; fewer Four Seasons decided."
    # Without Team Battle the same boards are a four-way tie broken by Four Seasons: a
    # shared win of the three boxes without any.
    solo = finished(boards, seasons).outcome()
    assert solo is not None and solo.winners == (0, 2, 3) and str(solo.reason) == "shared win"


def test_tile_helper_picks_copies() -> None:
    assert tile("Red Snapper", 0) == 0 and tile("Yuzu Manju", 1) == 59
