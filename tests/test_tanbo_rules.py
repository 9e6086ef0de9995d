"""Tanbo rules: every ruling T1-T8 and every rulebook example, on positions built directly."""

from __future__ import annotations

import json

import pytest

from pygames.core import IllegalAction, Rng
from pygames.tanbo import (
    Phase,
    Place,
    PlaceFarmer,
    Remove,
    ReturnRice,
    Swap,
    Take,
    TanboGame,
    TanboState,
)
from pygames.tanbo.position import position, tokens

GAME = TanboGame()
STANDARD_OPPONENT = ["SSF", "SS", "SS", "SS", "SS"]


def ring(state: TanboState, seat: int) -> list[list[int]]:
    return state.rings[seat]


def last_log(state: TanboState, n: int = 1) -> list[str]:
    return [e.text for e in state.log[-n:]]


# --- T1 field and T2 setup -------------------------------------------------------------------


def test_t2_standard_setup_two_snakes_everywhere_bag_of_30_supply_empty() -> None:
    state = GAME.new_state(2, 5, {})
    table = state.view(0)["table"]
    assert table["phase"] == "farmer" and table["turn"] == 0
    for r in table["rings"]:
        assert [p["snakes"] for p in r] == [2] * 5
        assert all(p["rice"] == {"yellow": 0, "black": 0, "red": 0} for p in r)
        assert not any(p["farmer"] for p in r)
    assert table["bag"] == {"yellow": 15, "black": 10, "red": 5}
    assert table["supply"] == 0
    assert table["scores"] == [0, 0]


def test_t2_farmers_placed_from_the_first_player_then_the_game_starts() -> None:
    state = GAME.new_state(2, 5, {"first_player": 1})
    assert state.actors() == (1,)
    assert state.legal_actions(0) == []
    assert state.legal_actions(1) == [PlaceFarmer(p) for p in range(5)]
    state.apply(1, PlaceFarmer(3))
    assert state.actors() == (0,) and state.phase is Phase.FARMER
    state.apply(0, PlaceFarmer(0))
    # Player 2 plays first: their paddy 4 (index 3) is picked up, 2 Snakes and the Farmer.
    assert state.phase is Phase.MOVE and state.turn == 1
    assert state.hand == tokens("SSF")
    assert ring(state, 1)[3] == tokens("")
    assert last_log(state, 2) == [
        "Player 2 places the Farmer in paddy 4.",
        "Player 1 places the Farmer in paddy 1.",
    ]


def test_t1_a_turn_touches_only_the_players_own_ring() -> None:
    opponent = ["SSF", "SY", "SS", "B", "SS"]
    state = position([["FSY", "SS", "S YBR", "SS", "SYYY"], opponent], start=False)
    before = [p[:] for p in ring(state, 1)]
    state.begin_turn(0)
    state.apply(0, Place("snake"))
    state.apply(0, Place("farmer"))  # the Yellow lands in paddy 4 (2 Snakes): Cultivate
    assert state.turn == 1 and state.hand == tokens("SSF")
    assert ring(state, 1)[1:] == before[1:]  # only Player 2's own pickup changed their ring


def test_t1_paddy_5_is_followed_by_paddy_1() -> None:
    # Farmer and a Snake in paddy 5 (index 4): the tokens go to paddies 1 and 2.
    state = position([["S", "S", "SS", "SS", "SF"], STANDARD_OPPONENT])
    state.apply(0, Place("farmer"))
    assert ring(state, 0)[0] == tokens("SF")
    # The Snake lands in paddy 2: 2 Snakes and no Rice there, so they are sown into 2 Rice.
    assert ring(state, 0)[1][0] == 0 and sum(ring(state, 0)[1][1:4]) == 2
    assert "Player 1 moves 2 tokens from paddy 5 to paddy 2: Sow" in state.log[-1].text


# --- T3 movement ------------------------------------------------------------------------------


def test_t3_player_chooses_each_token_and_the_last_paddy_acts() -> None:
    state = position([["FSY", "SS", "SS", "S", "SS"], STANDARD_OPPONENT])
    assert state.hand == tokens("FSY") and ring(state, 0)[0] == tokens("")
    assert state.legal_actions(0) == [Place("snake"), Place("yellow"), Place("farmer")]
    state.apply(0, Place("yellow"))
    assert ring(state, 0)[1] == tokens("SSY")
    state.apply(0, Place("farmer"))
    # The Snake is forced: it lands in paddy 4 (index 3): 2 Snakes, no Rice -> Sow.
    assert ring(state, 0)[2] == tokens("SSF") and ring(state, 0)[3][0] == 0
    assert last_log(state)[0].startswith(
        "Player 1 moves 3 tokens from paddy 1 to paddy 4: Sow, returns 2 Snakes"
    )


def test_t3_going_round_includes_the_starting_paddy() -> None:
    # 7 tokens from paddy 1: paddies 2, 3, 4, 5, 1, 2, 3; the last lands in paddy 3.
    state = position([["F SSSSSS", "", "", "", ""], STANDARD_OPPONENT])
    for _ in range(5):
        state.apply(0, Place("snake"))
    assert ring(state, 0)[0] == tokens("S")  # the starting paddy got a token
    assert state.placed[-1] == (0, 0) and state.sow_next == 1
    state.apply(0, Place("snake"))  # the sixth Snake goes to paddy 2; the Farmer is forced
    # The Farmer lands in paddy 3 beside two Snakes: Sow there.
    assert ring(state, 0)[1] == tokens("SS") and ring(state, 0)[2][4] == 1
    assert "from paddy 1 to paddy 3: Sow" in state.log[-1].text


def test_t3_a_hand_of_one_kind_is_placed_without_asking() -> None:
    # Only the Farmer in hand: he is placed at once; Snakes ahead make it a Sow there.
    state = position([["F", "SS", "SS", "SS", "SS"], STANDARD_OPPONENT])
    assert ring(state, 0)[1][4] == 1
    assert state.turn == 1  # the whole turn was forced
    assert state.log[-1].text.startswith("Player 1 moves 1 token from paddy 1 to paddy 2: Sow")


# --- T4 actions: the rulebook examples -----------------------------------------------------


def test_t4_harvest_example_4_rice_1_snake_takes_3_for_9_points() -> None:
    state = position([["FY", "SS", "S YYY", "SS", "SS"], STANDARD_OPPONENT])
    state.apply(0, Place("farmer"))  # the Yellow Rice lands last in paddy 3: 4 Rice, 1 Snake
    assert state.score(0) == 9 and state.collected[0] == tokens("YYY")
    assert ring(state, 0)[2] == tokens("SY")
    assert "Player 1 moves 2 tokens from paddy 1 to paddy 3: Harvest, takes 3 Yellow Rice, +9." in [
        e.text for e in state.log
    ]


def test_t4_harvest_player_chooses_colours_one_at_a_time() -> None:
    state = position([["FY", "SS", "S YBR", "SS", "SS"], STANDARD_OPPONENT])
    state.apply(0, Place("farmer"))
    assert state.phase is Phase.HARVEST
    assert state.view(0)["table"]["pending"] == {"kind": "harvest", "count": 3, "seat": 0}
    assert state.legal_actions(0) == [Take("yellow"), Take("black"), Take("red")]
    state.apply(0, Take("red"))
    state.apply(0, Take("black"))
    # One Rice left to take and only Yellow remains: taken without asking.
    assert state.collected[0] == tokens("YBR") and state.score(0) == 12
    assert ring(state, 0)[2] == tokens("SY")
    assert state.turn == 1 and state.view(1)["table"]["turn_points"] == 0


def test_t4_cultivate_example_4_snakes_1_rice_draws_3() -> None:
    state = position([["FY", "SS", "SSSS", "SS", "SS"], STANDARD_OPPONENT])
    state.apply(0, Place("farmer"))
    here = ring(state, 0)[2]
    assert here[0] == 4 and sum(here[1:4]) == 4
    assert sum(state.bag) == 30 - 4
    assert "Cultivate, draws" in last_log(state, 2)[0]


def test_t4_sow_example_single_rice_goes_back_and_2_snakes_come() -> None:
    # Paddy 3 is empty; the Yellow Rice lands last there: 1 Rice, no Snake -> Sow.
    state = position([["FY", "S", "", "S", ""], STANDARD_OPPONENT])
    supply = state.supply
    bag_yellow = state.bag[1]
    state.apply(0, Place("farmer"))
    assert ring(state, 0)[2] == tokens("SS")
    assert state.supply == supply - 2 and state.bag[1] == bag_yellow + 1
    assert (
        "Player 1 moves 2 tokens from paddy 1 to paddy 3: Sow, returns 1 Yellow Rice to the bag "
        "and adds 2 Snakes." in [e.text for e in state.log]
    )


def test_t4_sow_snakes_alone_go_to_supply_and_2_rice_are_drawn() -> None:
    state = position([["FS", "S", "S", "S", "S"], STANDARD_OPPONENT])
    state.apply(0, Place("farmer"))  # the Snake lands in paddy 3: 2 Snakes, no Rice
    here = ring(state, 0)[2]
    assert here[0] == 0 and sum(here[1:4]) == 2
    assert sum(state.bag) == 28


def test_t4_rest_example_moving_one_paddy_loses_one_rice_of_the_players_choice() -> None:
    state = position([["F", "", "S", "SS", "SS"], STANDARD_OPPONENT], collected=["YB", ""])
    assert state.phase is Phase.REST
    assert ring(state, 0)[2][4] == 1  # the Farmer moved on to paddy 3
    assert state.legal_actions(0) == [ReturnRice("yellow"), ReturnRice("black")]
    state.apply(0, ReturnRice("yellow"))
    assert state.collected[0] == tokens("B") and state.bag[1] == 15
    assert last_log(state, 2) == [
        "Player 1 moves 1 token from paddy 1 to paddy 2: Rest, the Farmer moves 1 paddy to "
        "paddy 3, 1 Rice to return.",
        "Player 1 returns 1 Yellow Rice, -3.",
    ]


def test_t4_rest_loses_one_rice_per_paddy_moved_forced_when_one_colour() -> None:
    state = position([["F", "", "", "S", "SS"], STANDARD_OPPONENT], collected=["YYY", ""])
    assert state.collected[0] == tokens("Y") and state.turn == 1
    assert ring(state, 0)[3][4] == 1
    assert (
        "Player 1 moves 1 token from paddy 1 to paddy 2: Rest, the Farmer moves 2 paddies to "
        "paddy 4, returns 2 Yellow Rice, -6." in [e.text for e in state.log]
    )


def test_t4_rest_without_collected_rice_or_without_tokens_loses_nothing() -> None:
    state = position([["F", "", "", "", "S"], STANDARD_OPPONENT])
    assert ring(state, 0)[4][4] == 1 and state.turn == 1
    assert "there is no collected Rice to return" in state.log[-1].text or any(
        "no collected Rice" in e.text for e in state.log
    )
    lonely = position([["F", "", "", "", ""], STANDARD_OPPONENT], collected=["Y", ""])
    assert ring(lonely, 0)[1][4] == 1 and lonely.collected[0] == tokens("Y")
    assert any("the Farmer stays" in e.text for e in lonely.log)


def test_t4_big_movement_opponent_swaps_then_the_player_moves_again() -> None:
    # The Yellow Rice lands in paddy 3 beside one Snake: 1 = 1, Big Movement.
    state = position([["FY", "SS", "S", "", "YY"], STANDARD_OPPONENT])
    state.apply(0, Place("farmer"))
    assert state.phase is Phase.SWAP and state.actors() == (1,) and state.turn == 0
    assert state.view(1)["table"]["pending"] == {"kind": "swap", "count": 1, "seat": 1}
    legal = state.legal_actions(1)
    assert Swap((0, "farmer"), (3, "snake")) in legal and len(legal) == 4
    state.apply(1, Swap((3, "snake"), (0, "farmer")))  # either order is accepted
    assert ring(state, 1)[0] == tokens("SSS") and ring(state, 1)[3] == tokens("SF")
    # The player picks up paddy 3 (a Snake and a Yellow Rice) and moves again from there.
    assert state.phase is Phase.MOVE and state.hand == tokens("SY")
    state.apply(0, Place("yellow"))  # Yellow to paddy 4, the Snake to paddy 5: 2 Rice, 1 Snake
    assert state.collected[0] == tokens("Y")
    assert [e.text for e in state.log[-3:]] == [
        "Player 1 moves 2 tokens from paddy 1 to paddy 3: Big Movement.",
        "Player 2 swaps the Farmer in paddy 1 with a Snake in paddy 4 (Big Movement).",
        "Player 1 moves again 2 tokens from paddy 3 to paddy 5: Harvest, takes 1 Yellow Rice, +3.",
    ]


def test_t4_big_movement_chains_and_is_skipped_without_a_swap() -> None:
    # The opponent's ring has tokens in one paddy only: no swap is possible.
    opponent = ["SSSSF", "", "", "", ""]
    state = position([["FY", "SS", "S", "", "Y"], opponent])
    state.apply(0, Place("farmer"))  # Big Movement in paddy 3
    assert state.phase is Phase.MOVE and state.hand == tokens("SY")
    state.apply(0, Place("yellow"))  # the Snake lands in paddy 5 beside a Yellow: again 1 = 1
    assert state.hand == tokens("SY") and state.sow_from == 4
    texts = [e.text for e in state.log]
    assert texts.count("Player 2 has no two different tokens to swap (Big Movement).") == 2
    assert ring(state, 1) == [tokens("SSSSF")] + [tokens("")] * 4


def test_t4_swap_must_use_different_paddies_and_different_tokens() -> None:
    state = position([["FY", "SS", "S", "", "YY"], ["SSF", "SS", "SS", "SS", "SSY"]])
    state.apply(0, Place("farmer"))
    legal = state.legal_actions(1)
    assert all(a.a[0] < a.b[0] and a.a[1] != a.b[1] for a in legal if isinstance(a, Swap))
    assert Swap((1, "snake"), (4, "yellow")) in legal
    assert Swap((1, "snake"), (4, "snake")) not in legal
    with pytest.raises(IllegalAction, match="differ in kind or colour"):
        state.apply(1, Swap((1, "snake"), (4, "snake")))
    with pytest.raises(IllegalAction, match="different paddies"):
        state.apply(1, Swap((4, "snake"), (4, "yellow")))
    with pytest.raises(IllegalAction, match="Player 2 has no Red Rice in paddy 3"):
        state.apply(1, Swap((0, "snake"), (2, "red")))


# --- T5 shortage ------------------------------------------------------------------------------

ALL_RICE_OPPONENT = ["SSF" + "Y" * 8, "Y" * 7, "B" * 10, "R" * 5, ""]


def test_t5_sowing_snakes_from_an_empty_bag_draws_no_rice() -> None:
    state = position([["FS", "SS", "SS", "SS", "SS"], ALL_RICE_OPPONENT])
    assert sum(state.bag) == 0
    state.apply(0, Place("farmer"))  # the Snake lands in paddy 3: 3 Snakes, no Rice -> Sow
    assert ring(state, 0)[2] == tokens("")
    assert any("the bag ran short" in e.text for e in state.log)
    state.check_invariants()


def test_t5_sow_takes_what_the_supply_holds() -> None:
    # 19 Snakes on the field: the supply holds one.
    mine = ["FY", "SSSS", "", "SSSSS", "SSSSS"]
    state = position([mine, ["SSF", "SS", "S", "", ""]])
    assert state.supply == 1
    state.apply(0, Place("farmer"))  # 1 Rice alone in paddy 3 -> Sow
    assert ring(state, 0)[2] == tokens("S") and state.supply == 0
    assert any("the supply ran short" in e.text for e in state.log)


# --- T6 end phase -----------------------------------------------------------------------------


def test_t6_excess_is_removed_by_choice_farmer_included() -> None:
    state = position([["FSY", "SSSSS YYYYY", "", "SS", "SS"], STANDARD_OPPONENT])
    state.apply(0, Place("farmer"))  # 11 tokens in paddy 2 with the Farmer
    state.apply(0, Place("snake"))  # the Yellow lands in paddy 4 (2 Snakes): Cultivate
    assert state.phase is Phase.EXCESS
    assert state.view(0)["table"]["pending"] == {"kind": "excess", "count": 1, "seat": 0}
    assert state.legal_actions(0) == [Remove(1, "snake"), Remove(1, "yellow")]
    with pytest.raises(IllegalAction, match="Farmer is never removed"):
        state.apply(0, Remove(1, "farmer"))
    with pytest.raises(IllegalAction, match="not more than 10"):
        state.apply(0, Remove(3, "snake"))
    supply = state.supply
    state.apply(0, Remove(1, "snake"))
    assert ring(state, 0)[1] == tokens("SSSS YYYYY F") and state.supply == supply + 1
    assert state.turn == 1
    assert "Player 1 removes 1 Snake from paddy 2 (more than 10 tokens)." in [
        e.text for e in state.log
    ]


def test_t6_excess_of_one_kind_is_removed_without_asking() -> None:
    state = position([["FY", "S" * 10, "S", "", "SS"], ["SF", "S", "", "", ""]])
    state.apply(0, Place("farmer"))  # 11 in paddy 2; Yellow + Snake in paddy 3: Big Movement
    # The opponent's only possible swap is made for them.
    assert (
        "Player 2 swaps the Farmer in paddy 1 with a Snake in paddy 2 (Big Movement)."
        in last_log(state, 5)
    )
    state.apply(0, Place("snake"))  # Snake to paddy 4, Yellow to paddy 5: Sow
    assert "Player 1 removes 1 Snake from paddy 2 (more than 10 tokens)." in last_log(state, 4)
    # Player 2's Farmer rested alone; Player 1 now picks up the trimmed paddy 2.
    assert state.turn == 0 and state.hand == tokens("S" * 9 + "F")


# --- T7 winning -------------------------------------------------------------------------------


def harvest_position(paddy: str, collected: tuple[str, str]) -> TanboState:
    """Player 1 harvests ``paddy`` plus a Snake placed last... via 'F' + 'S' moving in."""
    return position([["FY", "SS", paddy, "SS", "SS"], STANDARD_OPPONENT], collected=collected)


def test_t7_reaching_25_points_wins_at_once_mid_harvest() -> None:
    state = harvest_position("S YYY", ("RRRR", "YY"))
    state.apply(0, Place("farmer"))  # 4 Yellow, 1 Snake: 3 to take, but the second wins
    assert state.is_over() and state.collected[0] == tokens("RRRR YY")
    outcome = state.outcome()
    assert outcome is not None
    assert outcome.winners == (0,) and outcome.scores == (26, 6)
    assert str(outcome.reason) == "reached 25 points"
    reason = state.view(1)["table"]["winner_reason"]
    assert reason == {"id": "tanbo.reason.points", "args": {"n": 25}}
    assert state.log[-1].text == "Player 1 wins: reached 25 points."
    assert state.actors() == () and state.legal_actions(0) == []
    with pytest.raises(IllegalAction, match="over"):
        state.apply(0, Place("snake"))


def test_t7_leading_by_20_wins() -> None:
    state = position([["FR", "SS", "S RR", "SS", "SS"], STANDARD_OPPONENT], collected=("RR", ""))
    state.apply(0, Place("farmer"))  # 3 Red, 1 Snake: takes 2 Red, 20 points against 0
    assert state.collected[0] == tokens("RRRR")
    outcome = state.outcome()
    assert outcome is not None and str(outcome.reason) == "led by 20 points"


def test_t7_scoring_20_in_one_turn_wins() -> None:
    state = position([["FB", "SS", "S BBBBB", "SS", "SS"], STANDARD_OPPONENT], collected=("", "Y"))
    state.apply(0, Place("farmer"))  # 6 Black, 1 Snake: takes 5 Black = 20 points
    outcome = state.outcome()
    assert outcome is not None
    assert outcome.scores == (20, 3) and str(outcome.reason) == "scored 20 points in one turn"


def test_t7_a_rest_loss_can_make_the_opponent_win_by_20() -> None:
    state = position([["F", "", "S", "SS", "SS"], STANDARD_OPPONENT], collected=("YB", "RRRBB"))
    state.apply(0, ReturnRice("black"))
    outcome = state.outcome()
    assert outcome is not None
    assert outcome.winners == (1,) and str(outcome.reason) == "led by 20 points"
    assert state.log[-1].text == "Player 2 wins: led by 20 points."


def test_t7_turn_points_are_the_gains_of_this_turn_only() -> None:
    state = harvest_position("S YYY", ("", ""))
    state.apply(0, Place("farmer"))
    assert state.view(0)["table"]["turn_points"] == 0  # Player 2's turn began
    assert state.score(0) == 9 and not state.is_over()


# --- T8 visibility, views and copies ------------------------------------------------------


def test_t8_view_shape_is_public_and_holds_no_generator() -> None:
    state = GAME.new_state(2, 123456789, {})
    state.apply(0, PlaceFarmer(2))
    state.apply(1, PlaceFarmer(2))
    view = state.view(1)
    table = view["table"]
    assert set(table) == {
        "phase", "turn", "first_player", "rings", "hand", "sowing", "action_paddy", "pending",
        "bag", "supply", "scores", "collected", "turn_points", "winner_reason", "turn_number",
        "replaying", "steps", "last", "rice_points", "goal", "paddy_limit", "paddies",
        "ring_order",
    }  # fmt: skip
    assert table["paddies"] == 5 and table["ring_order"] == [0, 1]  # ruling T1
    # The rules the table shows come from the engine (rulings T2, T6, T7).
    assert table["rice_points"] == {"yellow": 3, "black": 4, "red": 5}
    assert table["goal"] == {"points": 25, "lead": 20, "in_one_turn": 20}
    assert table["paddy_limit"] == 10
    assert table["hand"] == {
        "snakes": 2,
        "rice": {"yellow": 0, "black": 0, "red": 0},
        "farmer": True,
    }
    sowing = table["sowing"]
    assert sowing is not None
    assert {k: v for k, v in sowing.items() if k != "ways"} == {
        "from": 2, "next": 3, "placed": [], "landing": 0
    }  # fmt: skip
    # 2 Snakes and the Farmer from paddy 3: paddy 1 (2 Snakes) gets a Snake or the Farmer.
    assert [(w["tokens"], w["action"]) for w in sowing["ways"]] == [
        (["snake"], "sow"), (["farmer"], "sow")
    ]  # fmt: skip
    assert state.view(0)["table"] == table == state.view(None)["table"]
    text = json.dumps(view)
    assert "rng" not in text and str(state.rng.state) not in text and "123456789" not in text


def test_t8_state_from_view_rebuilds_everything_but_the_draws() -> None:
    state = position([["FY", "SS", "SSSS", "SS", "SS"], STANDARD_OPPONENT])
    rebuilt = GAME.state_from_view(state.view(1), 1, Rng(99))
    assert isinstance(rebuilt, TanboState)
    assert rebuilt.view(0) == state.view(0)
    assert rebuilt.legal_actions(0) == state.legal_actions(0)
    assert rebuilt.turns_taken() == state.turns_taken() == 1
    assert rebuilt.rng != state.rng
    # Cultivating 3 Rice: same number drawn, colours from each state's own generator.
    results = set()
    for seed in range(12):
        det = state.determinize(0, Rng(seed))
        assert isinstance(det, TanboState)
        det.apply(0, Place("farmer"))
        assert sum(ring(det, 0)[2][1:4]) == 4
        results.add(tuple(ring(det, 0)[2]))
    assert len(results) > 1


def test_json_round_trip_and_clone_are_equal_and_independent() -> None:
    state = position([["FY", "SS", "S YBR", "SS", "SS"], STANDARD_OPPONENT])
    state.apply(0, Place("farmer"))
    data = json.loads(json.dumps(state.to_json()))
    again = GAME.state_from_json(data)
    assert again == state
    clone = state.clone()
    clone.apply(0, Take("red"))
    assert clone != state and state.collected[0] == tokens("")


# --- illegal actions --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("seat", "action", "message"),
    [
        (1, Place("snake"), "It is not Player 2's turn"),
        (0, Place("red"), "Player 1 has no Red Rice in hand to place"),
        (0, Place("rice"), "Unknown token 'rice'"),
        (0, Take("red"), "Player 1 must place the next token from the hand now, not take"),
        (0, PlaceFarmer(7), "must place the next token"),
        (0, Swap((0, "snake"), (1, "yellow")), "must place the next token"),
    ],
)
def test_illegal_moves_are_refused_with_a_reason_and_change_nothing(
    seat: int, action: object, message: str
) -> None:
    state = position([["FSY", "SS", "SS", "S", "SS"], STANDARD_OPPONENT])
    before = json.dumps(state.to_json(), sort_keys=True)
    with pytest.raises(IllegalAction, match=message):
        state.apply(seat, action)  # type: ignore[arg-type]
    assert json.dumps(state.to_json(), sort_keys=True) == before


def test_illegal_setup_and_harvest_and_rest_choices() -> None:
    state = GAME.new_state(2, 1, {})
    with pytest.raises(IllegalAction, match="Choose a paddy 1-5"):
        state.apply(0, PlaceFarmer(5))
    with pytest.raises(IllegalAction, match=r"'farmer.paddy' must be a whole number, not True"):
        state.apply(0, GAME.decode_action({"type": "farmer", "paddy": True}))
    harvest = position([["FY", "SS", "S YYB", "SS", "SS"], STANDARD_OPPONENT])
    harvest.apply(0, Place("farmer"))
    with pytest.raises(IllegalAction, match="There is no Red Rice left in paddy 3 to take"):
        harvest.apply(0, Take("red"))
    rest = position([["F", "", "S", "SS", "SS"], STANDARD_OPPONENT], collected=["YB", ""])
    with pytest.raises(IllegalAction, match="Player 1 has no collected Red Rice to return"):
        rest.apply(0, ReturnRice("red"))
    with pytest.raises(IllegalAction, match="Unknown Rice"):
        rest.apply(0, ReturnRice("snake"))


def test_malformed_swaps_are_refused_readably() -> None:
    state = position([["FY", "SS", "S", "", "YY"], STANDARD_OPPONENT])
    state.apply(0, Place("farmer"))
    for data, message in (
        ({"type": "swap", "a": [0, "snake"], "b": 3}, "'swap.b' must be a list, not 3"),
        ({"type": "swap", "a": [0], "b": [1, "farmer"]}, "'swap.a' must be a list of 2"),
        (
            {"type": "swap", "a": [0, 1], "b": [1, "farmer"]},
            r"'swap.a'\[1\] must be one of snake, yellow, black, red, farmer, not 1",
        ),
        (
            {"type": "swap", "a": [0, "snake"], "b": [1, "Farmer"]},
            r"'swap.b'\[1\] must be one of snake, yellow, black, red, farmer, not 'Farmer'",
        ),
    ):
        with pytest.raises(IllegalAction, match=message):
            GAME.decode_action(data)
    with pytest.raises(IllegalAction, match=r"\[paddy 0-4, token\]"):
        state.apply(1, GAME.decode_action({"type": "swap", "a": [0, "snake"], "b": [9, "snake"]}))
