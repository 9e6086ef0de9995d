"""Tanbo rules audit: edge cases of rulings T1-T8 not covered by test_tanbo_rules.py.

Every position is built with :func:`pygames.tanbo.position.position`; each test names the
ruling it checks.
"""

from __future__ import annotations

import pytest

from pygames.core import BadOptions, IllegalAction
from pygames.tanbo import Phase, Place, PlaceFarmer, Remove, ReturnRice, Swap, Take, TanboGame
from pygames.tanbo.game import TanboState
from pygames.tanbo.position import position, tokens

GAME = TanboGame()
STANDARD_OPPONENT = ["SSF", "SS", "SS", "SS", "SS"]


def texts(state: TanboState) -> list[str]:
    return [e.text for e in state.log]


# --- T3 movement and T4: the Farmer is sown but never counted ----------------------------


def test_t4_farmer_is_not_counted_a_lone_snake_beside_him_is_sown() -> None:
    # ruling T3/T4: 6 tokens from paddy 1 go to 2, 3, 4, 5, 1, 2. The Farmer goes first to
    # paddy 2, the last Snake joins him there: 1 Snake, 0 Rice (Farmer ignored) -> Sow.
    state = position([["F SSSSS", "", "", "", ""], STANDARD_OPPONENT])
    state.apply(0, Place("farmer"))
    mine = state.rings[0]
    assert mine[0] == tokens("S") and mine[2] == tokens("S") and mine[4] == tokens("S")
    assert mine[1][0] == 0 and sum(mine[1][1:4]) == 2 and mine[1][4] == 1  # the Farmer stays
    assert any("from paddy 1 to paddy 2: Sow, returns 1 Snake" in t for t in texts(state))
    assert state.turn == 1


def test_t4_farmer_is_not_counted_for_harvest_size() -> None:
    # ruling T4: Farmer + 1 Snake + 3 Rice in the last paddy is a Harvest of 3 - 1 = 2.
    state = position([["F Y SSSS", "S YY", "", "", ""], STANDARD_OPPONENT])
    state.apply(0, Place("farmer"))  # to paddy 2; then 4 Snakes to 3, 4, 5, 1; Yellow to 2
    for _ in range(4):
        state.apply(0, Place("snake"))
    assert state.collected[0] == tokens("YY") and state.score(0) == 6
    assert state.rings[0][1] == tokens("F S Y")


def test_t4_big_movement_ignores_the_farmer_and_replay_picks_him_up() -> None:
    # ruling T4: Farmer + 1 Snake + 1 Rice -> Big Movement; the replay picks up every token of
    # that paddy, the Farmer included, and moves on from there.
    state = position([["F Y SSSS", "S", "", "", ""], STANDARD_OPPONENT])
    state.apply(0, Place("farmer"))
    for _ in range(4):
        state.apply(0, Place("snake"))
    assert state.phase is Phase.SWAP and state.actors() == (1,)
    state.apply(1, Swap((0, "farmer"), (1, "snake")))
    assert state.view(0)["table"]["phase"] == "move" and state.turn == 0
    assert state.hand == tokens("F S Y") and state.rings[0][1] == tokens("")
    assert state.sow_from == 1 and state.sow_next == 2
    assert state.view(0)["table"]["replaying"] is True


def test_t4_big_movement_without_swap_replays_from_the_last_paddy_and_goes_round() -> None:
    # Paddy 3 ends with 2 Snakes and 2 Rice (Big Movement); the opponent has no swap (all
    # their tokens in one paddy); the 4 tokens of paddy 3 go to paddies 4, 5, 1 and 2.
    state = position([["FS", "", "S YY", "", ""], ["SSF", "", "", "", ""]])
    state.apply(0, Place("farmer"))  # Farmer to paddy 2, Snake to paddy 3
    assert "Player 2 has no two different tokens to swap (Big Movement)." in texts(state)
    assert state.hand == tokens("SS YY") and state.sow_from == 2 and state.sow_next == 3
    for token in ("snake", "yellow", "snake"):
        state.apply(0, Place(token))  # to paddies 4, 5 and 1
    # The last Yellow is forced into paddy 2 beside the Farmer: 1 Rice, no Snake -> Sow.
    assert state.rings[0] == [tokens("S"), tokens("F SS"), tokens(""), tokens("S"), tokens("Y")]
    assert any("moves again 4 tokens from paddy 3 to paddy 2: Sow" in t for t in texts(state))
    assert state.turn == 1


# --- T4 Rest ------------------------------------------------------------------------------


def test_t4_rest_goes_round_and_counts_each_step() -> None:
    # ruling T4: the Farmer alone lands in paddy 5 (empty); the next paddy holding a token is
    # paddy 2, going round: 2 steps, 2 Rice to return, colours chosen by the player.
    state = position([["", "S", "", "F", ""], STANDARD_OPPONENT], collected=["YBR", ""])
    assert state.phase is Phase.REST
    assert state.rings[0][1] == tokens("SF") and state.rings[0][4] == tokens("")
    assert state.view(0)["table"]["pending"] == {"kind": "rest", "count": 2, "seat": 0}
    state.apply(0, ReturnRice("red"))
    assert state.phase is Phase.REST
    state.apply(0, ReturnRice("yellow"))
    assert state.collected[0] == tokens("B") and state.bag[3] == 5 and state.bag[1] == 15
    assert state.turn == 1


def test_t4_rest_with_fewer_collected_rice_than_steps_returns_them_all() -> None:
    # ruling T4: 3 steps but only 1 collected Rice: it goes back, nothing more is lost.
    state = position([["F", "", "", "", "S"], STANDARD_OPPONENT], collected=["R", "Y"])
    assert state.rings[0][4] == tokens("SF")
    assert state.collected[0] == tokens("") and state.bag[3] == 5
    assert state.collected[1] == tokens("Y")  # the opponent's Rice is never touched
    assert state.turn == 1


def test_t4_rest_returns_all_without_asking_when_steps_cover_every_rice() -> None:
    state = position([["F", "", "", "", "S"], STANDARD_OPPONENT], collected=["YB", ""])
    assert state.collected[0] == tokens("") and state.turn == 1


def test_t6_rest_into_a_full_paddy_triggers_the_end_phase_farmer_counted() -> None:
    # ruling T4 + T6: the Farmer rests into a paddy of 10 tokens; with him it holds 11.
    state = position([["F", "", "SSSSS YYYYY", "SS", "SS"], STANDARD_OPPONENT])
    assert state.rings[0][2][4] == 1
    assert state.phase is Phase.EXCESS and state.turn == 0
    assert state.legal_actions(0) == [Remove(2, "snake"), Remove(2, "yellow")]
    bag = state.bag[1]
    state.apply(0, Remove(2, "yellow"))  # ruling T6: Rice goes back to the bag
    assert state.bag[1] == bag + 1 and state.rings[0][2] == tokens("SSSSS YYYY F")
    assert state.turn == 1


# --- T4 Sow and T5 shortages ----------------------------------------------------------------


def test_t4_sow_returns_mixed_rice_to_the_bag_and_adds_two_snakes() -> None:
    # ruling T4: Rice of several colours and no Snake: all Rice to the bag, 2 Snakes added.
    state = position([["FR", "S", "YB", "S", ""], STANDARD_OPPONENT])
    supply = state.supply
    state.apply(0, Place("farmer"))  # Red to paddy 3: Y, B, R and no Snake
    assert state.rings[0][2] == tokens("SS")
    assert state.bag[1:4] == [15, 10, 5] and state.supply == supply - 2


def test_t5_cultivate_draws_what_the_bag_holds() -> None:
    # ruling T5: Cultivate 3 with a single Rice left in the bag draws just that one.
    opponent = ["SSF" + "Y" * 8, "Y" * 5, "B" * 10, "R" * 5, ""]
    state = position([["FY", "SS", "SSSS", "SS", "SS"], opponent])
    assert state.bag[1:4] == [1, 0, 0]
    state.apply(0, Place("farmer"))  # Yellow to paddy 3: 4 Snakes, 1 Rice -> Cultivate 3
    assert state.rings[0][2] == tokens("SSSS YY")
    assert state.bag[1:4] == [0, 0, 0]
    assert any("Cultivate, draws 1 Yellow Rice (the bag ran short)" in t for t in texts(state))
    state.check_invariants()


def test_t5_sow_with_an_empty_supply_adds_no_snake() -> None:
    # ruling T5: all 20 Snakes on the field; a Sow of Rice adds none and the paddy is emptied.
    mine = ["FY", "SSSS", "", "SSSS", "SSSS"]
    state = position([mine, ["SSF", "SS", "SS", "SS", ""]])
    assert state.supply == 0
    state.apply(0, Place("farmer"))
    assert state.rings[0][2] == tokens("") and state.bag[1] == 15
    assert any("adds 0 Snakes (the supply ran short)" in t for t in texts(state))


def test_t5_sow_of_snakes_returns_them_before_drawing_rice() -> None:
    # ruling T4/T5: the Snakes return to the supply; 2 Rice drawn, or what the bag holds.
    opponent = ["SSF" + "Y" * 8, "Y" * 6, "B" * 10, "R" * 5, ""]
    state = position([["FS", "SS", "SS", "SS", "SS"], opponent])
    assert sum(state.bag) == 1
    supply = state.supply
    state.apply(0, Place("farmer"))  # Snake to paddy 3: 3 Snakes, no Rice -> Sow
    assert state.rings[0][2] == tokens("Y") and state.supply == supply + 3


# --- T4 Big Movement swaps ------------------------------------------------------------------


def test_t4_swap_choices_are_own_tokens_in_different_paddies_differing_in_kind_or_colour() -> None:
    opponent = ["SF", "Y", "Y", "B", ""]
    state = position([["FY", "SS", "S", "", "YY"], opponent])
    state.apply(0, Place("farmer"))  # Big Movement in paddy 3
    assert state.phase is Phase.SWAP
    assert set(state.legal_actions(1)) == {
        Swap((0, "snake"), (1, "yellow")),
        Swap((0, "farmer"), (1, "yellow")),
        Swap((0, "snake"), (2, "yellow")),
        Swap((0, "farmer"), (2, "yellow")),
        Swap((0, "snake"), (3, "black")),
        Swap((0, "farmer"), (3, "black")),
        Swap((1, "yellow"), (3, "black")),
        Swap((2, "yellow"), (3, "black")),
    }
    assert state.legal_actions(0) == []  # only the opponent swaps
    with pytest.raises(IllegalAction):
        state.apply(1, Swap((1, "yellow"), (2, "yellow")))
    state.apply(1, Swap((3, "black"), (1, "yellow")))
    assert state.rings[1][1] == tokens("B") and state.rings[1][3] == tokens("Y")
    assert state.view(0)["table"]["phase"] == "move" and state.turn == 0


# --- T6 End phase ---------------------------------------------------------------------------


def test_t6_only_the_active_players_paddies_are_trimmed() -> None:
    # Player 2's paddy 2 holds 12 tokens; Player 1's turn never trims it (ruling T6).
    opponent = ["SSF", "SSSS YYYYYYYY", "", "", ""]
    state = position([["FY", "SS", "SSSS", "SS", "SS"], opponent])
    state.apply(0, Place("farmer"))  # Cultivate; Player 1 has no paddy over 10
    assert state.turn == 1 and state.phase is Phase.MOVE
    assert state.rings[1][1] == tokens("SSSS YYYYYYYY")
    assert not any("removes" in t for t in texts(state))


def test_t6_trims_every_over_full_paddy_and_only_the_excess() -> None:
    # ruling T6: paddy 2 (10 Snakes + the Farmer = 11) holds one removable kind and is trimmed
    # at once; paddy 5 (12 Rice of two colours) waits for the player's 2 choices.
    state = position([["FY", "S" * 10, "SSSS", "", "BBBBBBBBBB YY"], ["SSF", "", "", "", ""]])
    state.apply(0, Place("farmer"))  # Farmer to paddy 2; Yellow to paddy 3: Cultivate 3
    assert state.phase is Phase.EXCESS and state.turn == 0
    assert state.rings[0][1] == tokens("S" * 9 + "F")
    assert state.pending_count() == 2
    assert state.legal_actions(0) == [Remove(4, "yellow"), Remove(4, "black")]
    state.apply(0, Remove(4, "black"))
    assert state.phase is Phase.EXCESS
    state.apply(0, Remove(4, "black"))
    assert state.rings[0][4] == tokens("BBBBBBBB YY") and state.bag[2] == 2
    assert state.turn == 1


# --- T7 winning -----------------------------------------------------------------------------


def test_t7_reaching_25_with_points_from_earlier_turns() -> None:
    # 17 points before and 8 this turn: 25 wins although only 8 were scored this turn.
    state = position(
        [["FB", "SS", "S BB", "SS", "SS"], STANDARD_OPPONENT], collected=("RRYB", "YY")
    )
    assert state.score(0) == 17
    state.apply(0, Place("farmer"))  # 3 Black, 1 Snake: takes 2 Black, +8 -> 25
    outcome = state.outcome()
    assert outcome is not None and str(outcome.reason) == "reached 25 points"


def test_t7_no_win_below_every_threshold() -> None:
    state = position([["FB", "SS", "S BB", "SS", "SS"], STANDARD_OPPONENT], collected=("RY", ""))
    state.apply(0, Place("farmer"))  # +8: 16 points, lead 16, 8 this turn
    assert not state.is_over() and state.score(0) == 16 and state.turn == 1


def test_t7_lead_is_checked_against_the_opponents_score() -> None:
    # 20 points in all but only 12 this turn and a lead of 17: no win yet.
    state = position([["FY", "SS", "S YYYY", "SS", "SS"], STANDARD_OPPONENT], collected=("BB", "Y"))
    state.apply(0, Place("farmer"))  # 5 Yellow, 1 Snake: +12 -> 20 against 3: lead 17
    assert not state.is_over() and state.score(0) == 20


# --- T2 setup and options -------------------------------------------------------------------


def test_t2_custom_setup_may_use_every_snake_and_every_rice() -> None:
    ring = [{"snakes": 2, "rice": 3}] * 5
    state = GAME.new_state(2, 3, {"setup": {"paddies": [ring, ring]}})
    assert state.supply == 0 and sum(state.bag) == 0
    state.check_invariants()
    state.apply(0, PlaceFarmer(0))
    state.apply(1, PlaceFarmer(0))
    state.check_invariants()


def test_t2_custom_setup_refuses_one_snake_too_many() -> None:
    ring = [{"snakes": 2, "rice": 0}] * 5
    over = [{"snakes": 3, "rice": 0}] + [{"snakes": 2, "rice": 0}] * 4
    with pytest.raises(BadOptions, match="21 Snakes"):
        GAME.validate_options(2, {"setup": {"paddies": [ring, over]}})


def test_t2_second_player_first_places_farmer_first_and_moves_first() -> None:
    state = GAME.new_state(2, 3, {"first_player": 1})
    state.apply(1, PlaceFarmer(4))
    state.apply(0, PlaceFarmer(4))
    assert state.turn == 1 and state.hand == tokens("SSF")
    state.apply(1, Place("snake"))  # to paddy 1
    state.apply(1, Place("snake"))  # to paddy 2; the Farmer is forced into paddy 3: Sow
    assert state.rings[1][2][0] == 0 and state.rings[1][2][4] == 1
    assert state.turn == 0 and state.hand == tokens("SSF") and state.sow_from == 4


def test_turns_alternate_and_each_turn_starts_with_the_farmers_paddy() -> None:
    state = position([["FY", "SS", "SSSS", "", ""], ["SS", "SSF", "SS", "SS", "SS"]])
    state.apply(0, Place("farmer"))
    assert state.turn == 1 and state.sow_from == 1 and state.hand == tokens("SSF")
    assert state.rings[1][1] == tokens("")


def test_t4_harvest_choice_take_cannot_exceed_the_difference() -> None:
    state = position([["FY", "SS", "S YBR", "SS", "SS"], STANDARD_OPPONENT])
    state.apply(0, Place("farmer"))
    state.apply(0, Take("red"))
    state.apply(0, Take("yellow"))
    state.apply(0, Take("black"))
    assert state.turn == 1 and state.rings[0][2] == tokens("SY")


def test_t4_big_movement_chains_with_a_new_swap_each_time() -> None:
    # ruling T4: each Big Movement of the chain gives the opponent a new swap.
    state = position([["FS", "", "Y", "", "Y"], STANDARD_OPPONENT])
    state.apply(0, Place("farmer"))  # Snake to paddy 3 beside a Yellow: Big Movement
    assert state.actors() == (1,)
    state.apply(1, Swap((0, "farmer"), (1, "snake")))
    assert state.hand == tokens("SY") and state.sow_from == 2
    state.apply(0, Place("yellow"))  # Yellow to paddy 4, Snake to paddy 5 beside a Yellow
    assert state.actors() == (1,) and state.turn == 0
    state.apply(1, Swap((1, "farmer"), (2, "snake")))
    assert state.rings[1][:3] == [tokens("SSS"), tokens("SS"), tokens("SF")]
    assert state.hand == tokens("SY") and state.sow_from == 4
    assert sum("moves again" in t for t in texts(state)) == 1


# --- T8 visibility --------------------------------------------------------------------------


def test_t8_every_seat_sees_the_same_table_and_no_draw_order() -> None:
    # Two states that differ only in their generator show the same view to everyone.
    layout = [["FY", "SS", "SSSS", "SS", "SS"], STANDARD_OPPONENT]
    one, two = position(layout, seed=1), position(layout, seed=2)
    assert one.view(0) == two.view(0) and one.view(1) == two.view(1)
    assert one.view(0)["table"] == one.view(1)["table"] == one.view(None)["table"]
    rest = position([["F", "", "S", "SS", "SS"], STANDARD_OPPONENT], collected=["YB", "R"])
    table = rest.view(1)["table"]
    assert table["collected"] == [
        {"yellow": 1, "black": 1, "red": 0},
        {"yellow": 0, "black": 0, "red": 1},
    ]
    assert table["pending"] == {"kind": "rest", "count": 1, "seat": 0}
