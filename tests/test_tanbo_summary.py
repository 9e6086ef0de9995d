"""What each Tanbo player just did: the per-seat summary of their last turn in the table view
(``table["last"]``), shown on the table until they play again, so each player sees what just
happened.

Every action kind of ruling T4, Big Movement chains and the opponent's swaps, End-phase removals
(ruling T6), the winning turn (ruling T7), setup (ruling T2), the words and their plurals, and
that the summaries survive copies, saves and views (ruling T8: they are public).
"""

from __future__ import annotations

import json
from typing import Any

from pygames.core import Message, Rng, render
from pygames.tanbo import Place, PlaceFarmer, Remove, ReturnRice, Swap, Take, TanboGame, TanboState
from pygames.tanbo.field import Work
from pygames.tanbo.position import position
from pygames.tanbo.summary import Movement, Turn, swap_text, turn_text

GAME = TanboGame()
STANDARD_OPPONENT = ["SSF", "SS", "SS", "SS", "SS"]
NO_RICE = {"yellow": 0, "black": 0, "red": 0}


def last(state: TanboState, seat: int) -> dict[str, Any]:
    summary = state.view(seat)["table"]["last"][seat]
    assert summary is not None
    # The words travel as a message; these tests read its English.
    text = summary["text"]
    return {**summary, "text": "" if text is None else render(Message.from_json(text))}


def rice(yellow: int = 0, black: int = 0, red: int = 0) -> dict[str, int]:
    return {"yellow": yellow, "black": black, "red": red}


# --- setup (ruling T2) ----------------------------------------------------------------------


def test_setup_each_farmer_placement_is_the_players_last_turn_until_they_play() -> None:
    state = GAME.new_state(2, 5, {})
    assert state.view(0)["table"]["last"] == [None, None]
    state.apply(0, PlaceFarmer(2))
    mine = last(state, 0)
    assert mine["farmer"] == 2 and mine["done"] and mine["turn"] == 0 and mine["step"] == 1
    assert mine["text"] == "Placed the Farmer in paddy 3."
    assert state.view(0)["table"]["last"][1] is None
    state.apply(1, PlaceFarmer(4))
    # Player 1 plays first: their turn is under way (2 Snakes and the Farmer in hand).
    now = last(state, 0)
    assert not now["done"] and now["farmer"] is None and now["moves"] == [] and now["turn"] == 1
    assert now["text"] == "Sowing from paddy 3, 3 tokens in hand."
    assert last(state, 1)["text"] == "Placed the Farmer in paddy 5."


# --- the five actions (ruling T4) -----------------------------------------------------------


def test_harvest_the_paddies_sown_the_paddy_acted_on_and_the_rice_taken() -> None:
    state = position([["FS", "", "YYYR", "SS", "SS"], STANDARD_OPPONENT])
    state.apply(0, Place("farmer"))  # Farmer to paddy 2, Snake to paddy 3: 4 Rice, 1 Snake
    during = last(state, 0)
    assert not during["done"]
    [move] = during["moves"]
    assert move["from"] == 0 and move["paddy"] == 2 and move["action"] == "harvest"
    assert move["placed"] == [{"paddy": 1, "token": "farmer"}, {"paddy": 2, "token": "snake"}]
    assert move["took"] == NO_RICE and not move["again"]
    assert during["text"] == "From paddy 1 to 3 (2 tokens): Harvest."
    state.apply(0, Take("red"))  # then the 2 Yellow left are taken without asking
    done = last(state, 0)
    assert done["done"] and done["points"] == 11 and done["lost"] == 0
    assert done["moves"][0]["took"] == rice(yellow=2, red=1)
    assert done["text"] == (
        "From paddy 1 to 3 (2 tokens): Harvest, took 2 Yellow Rice and 1 Red Rice (+11)."
    )
    # The opponent's turn has begun: theirs is the one under way now.
    assert not last(state, 1)["done"] and last(state, 1)["turn"] == 2


def test_cultivate_names_the_rice_drawn_and_an_empty_bag() -> None:
    state = position([["FY", "SS", "SSSS", "SS", "SS"], STANDARD_OPPONENT])
    state.apply(0, Place("farmer"))  # Yellow to paddy 3: 4 Snakes, 1 Rice -> Cultivate 3
    move = last(state, 0)["moves"][0]
    assert move["action"] == "cultivate" and move["paddy"] == 2
    drawn = move["drew"]
    assert sum(drawn.values()) == 3
    here = state.rings[0][2]
    assert [here[1] - 1, here[2], here[3]] == [drawn["yellow"], drawn["black"], drawn["red"]]
    assert last(state, 0)["text"].startswith("From paddy 1 to 3 (2 tokens): Cultivate, drew ")
    # ruling T5: every Rice is out of the bag; nothing is drawn.
    opponent = ["SSF" + "Y" * 9, "Y" * 6, "B" * 10, "R" * 4, ""]
    empty = position([["FR", "SS", "SSSS", "SS", "SS"], opponent])
    empty.apply(0, Place("farmer"))
    assert last(empty, 0)["moves"][0]["drew"] == NO_RICE
    assert last(empty, 0)["text"] == (
        "From paddy 1 to 3 (2 tokens): Cultivate, drew no Rice (the bag was empty)."
    )


def test_sow_of_rice_returns_it_and_adds_snakes_even_none() -> None:
    state = position([["FR", "S", "YB", "S", ""], STANDARD_OPPONENT])
    state.apply(0, Place("farmer"))  # Red to paddy 3: Yellow, Black, Red and no Snake
    move = last(state, 0)["moves"][0]
    assert move["action"] == "sow" and move["snakes_added"] == 2
    assert move["cleared"] == {"snakes": 0, "rice": rice(1, 1, 1)}
    assert last(state, 0)["text"] == (
        "From paddy 1 to 3 (2 tokens): Sow, returned 1 Yellow Rice, 1 Black Rice and "
        "1 Red Rice, added 2 Snakes."
    )
    # ruling T5: all 20 Snakes are on the field.
    short = position([["FY", "SSSS", "", "SSSS", "SSSS"], ["SSF", "SS", "SS", "SS", ""]])
    short.apply(0, Place("farmer"))
    assert last(short, 0)["moves"][0]["snakes_added"] == 0
    assert last(short, 0)["text"].endswith(
        "Sow, returned 1 Yellow Rice, added no Snakes (the supply ran short)."
    )


def test_sow_of_snakes_returns_them_and_draws_rice_one_and_three_snakes() -> None:
    three = position([["FS", "SS", "SS", "SS", "SS"], STANDARD_OPPONENT])
    three.apply(0, Place("farmer"))  # Snake to paddy 3: 3 Snakes, no Rice -> Sow
    move = last(three, 0)["moves"][0]
    assert move["cleared"] == {"snakes": 3, "rice": NO_RICE}
    assert sum(move["drew"].values()) == 2 and move["snakes_added"] == 0
    assert "Sow, returned 3 Snakes, drew " in last(three, 0)["text"]
    one = position([["FS", "SS", "", "SS", "SS"], STANDARD_OPPONENT])
    one.apply(0, Place("farmer"))  # Snake to empty paddy 3: 1 Snake -> Sow
    assert "Sow, returned 1 Snake, drew " in last(one, 0)["text"]


def test_rest_names_where_the_farmer_went_and_the_rice_returned() -> None:
    state = position([["F", "", "S", "SS", "SS"], STANDARD_OPPONENT], collected=["YB", ""])
    during = last(state, 0)  # the Farmer alone landed in paddy 2: Rest, 1 Rice to return
    move = during["moves"][0]
    assert move["action"] == "rest" and move["paddy"] == 1 and move["farmer_to"] == 2
    assert move["placed"] == [{"paddy": 1, "token": "farmer"}]
    assert during["text"] == "From paddy 1 to 2 (1 token): Rest, the Farmer moved to paddy 3."
    state.apply(0, ReturnRice("yellow"))
    done = last(state, 0)
    assert done["done"] and done["lost"] == 3 and done["points"] == 0
    assert done["moves"][0]["returned"] == rice(yellow=1)
    assert done["text"] == (
        "From paddy 1 to 2 (1 token): Rest, the Farmer moved to paddy 3, "
        "returned 1 Yellow Rice (-3)."
    )


def test_rest_with_nowhere_to_go_the_farmer_stays() -> None:
    state = position([["F", "", "", "", ""], STANDARD_OPPONENT])
    move = state.view(0)["table"]["last"][0]["moves"][0]
    assert move["action"] == "rest" and move["farmer_to"] is None
    assert last(state, 0)["text"] == "From paddy 1 to 2 (1 token): Rest, the Farmer stayed."


# --- Big Movement: chains and the opponent's swaps (ruling T4) -----------------------------


def test_big_movement_chain_and_each_swap_the_opponent_made() -> None:
    state = position([["FS", "", "Y", "", "Y"], STANDARD_OPPONENT])
    state.apply(0, Place("farmer"))  # Snake to paddy 3 beside a Yellow: Big Movement
    first = last(state, 0)["moves"][0]
    assert first["action"] == "big_movement" and first["swap"] is None and not first["no_swap"]
    assert last(state, 0)["text"] == "From paddy 1 to 3 (2 tokens): Big Movement."
    state.apply(1, Swap((0, "farmer"), (1, "snake")))
    swap = {"a": [0, "farmer"], "b": [1, "snake"]}
    assert last(state, 0)["moves"][0]["swap"] == swap
    theirs = last(state, 1)
    assert theirs["swaps"] == [swap] and theirs["done"]
    assert theirs["text"] == "Swapped the Farmer in paddy 1 with a Snake in paddy 2."
    assert last(state, 0)["text"] == (
        "From paddy 1 to 3 (2 tokens): Big Movement; now sowing again from paddy 3."
    )
    state.apply(0, Place("yellow"))  # Yellow to paddy 4, Snake to paddy 5: Big Movement again
    state.apply(1, Swap((1, "farmer"), (2, "snake")))
    moves = last(state, 0)["moves"]
    assert [(m["from"], m["paddy"], m["again"]) for m in moves] == [(0, 2, False), (2, 4, True)]
    assert moves[1]["placed"] == [{"paddy": 3, "token": "yellow"}, {"paddy": 4, "token": "snake"}]
    assert len(last(state, 1)["swaps"]) == 2
    assert last(state, 1)["text"] == (
        "Swapped the Farmer in paddy 1 with a Snake in paddy 2. "
        "Swapped the Farmer in paddy 2 with a Snake in paddy 3."
    )
    state.apply(0, Place("snake"))  # Snake to paddy 1, Yellow to paddy 2 (empty): Sow
    mine = last(state, 0)
    assert mine["done"] and [m["action"] for m in mine["moves"]] == [
        "big_movement",
        "big_movement",
        "sow",
    ]
    assert mine["text"] == (
        "From paddy 1 to 3 (2 tokens): Big Movement; then from paddy 3 to 5 (2 tokens): "
        "Big Movement; then from paddy 5 to 2 (2 tokens): Sow, returned 1 Yellow Rice, "
        "added 2 Snakes."
    )
    # The opponent plays again: their swaps are no longer what they just did.
    theirs = last(state, 1)
    assert theirs["swaps"] == [] and not theirs["done"] and theirs["turn"] == 2


def test_big_movement_without_a_swap_says_so() -> None:
    state = position([["FS", "", "S YY", "", ""], ["SSF", "", "", "", ""]])
    state.apply(0, Place("farmer"))
    assert last(state, 0)["moves"][0]["no_swap"] is True
    for token in ("snake", "yellow", "snake"):
        state.apply(0, Place(token))
    assert last(state, 0)["text"] == (
        "From paddy 1 to 3 (2 tokens): Big Movement, no swap possible; then from paddy 3 to 2 "
        "(4 tokens): Sow, returned 1 Yellow Rice, added 2 Snakes."
    )


def test_a_forced_swap_is_the_opponents_too() -> None:
    state = position([["FY", "S" * 10, "S", "", "SS"], ["SF", "S", "", "", ""]])
    state.apply(0, Place("farmer"))  # Big Movement; Player 2's only swap is made for them
    assert last(state, 1)["swaps"] == [{"a": [0, "farmer"], "b": [1, "snake"]}]
    assert last(state, 0)["moves"][0]["swap"] == {"a": [0, "farmer"], "b": [1, "snake"]}


# --- End phase (ruling T6) and winning (ruling T7) -----------------------------------------


def test_end_phase_removals_chosen_and_forced_are_listed_per_paddy() -> None:
    state = position([["FY", "S" * 10, "SSSS", "", "BBBBBBBBBB YY"], ["SSF", "", "", "", ""]])
    state.apply(0, Place("farmer"))  # paddy 2 trimmed at once (Snakes only); paddy 5 waits
    assert last(state, 0)["removed"] == [{"paddy": 1, "token": "snake", "count": 1}]
    assert not last(state, 0)["done"]
    state.apply(0, Remove(4, "black"))
    state.apply(0, Remove(4, "black"))
    mine = last(state, 0)
    assert mine["done"]
    assert mine["removed"] == [
        {"paddy": 1, "token": "snake", "count": 1},
        {"paddy": 4, "token": "black", "count": 2},
    ]
    assert mine["text"].endswith("; removed 1 Snake from paddy 2 and 2 Black Rice from paddy 5.")


def test_the_winning_turn_is_done_with_its_points() -> None:
    layout = [["FY", "SS", "S YYY", "SS", "SS"], STANDARD_OPPONENT]
    state = position(layout, collected=["RRRR", "YY"])
    state.apply(0, Place("farmer"))  # Harvest 3 Yellow; 20 + 6 = 26 wins before the third
    assert state.is_over()
    mine = last(state, 0)
    assert mine["done"] and mine["points"] == 6
    assert mine["text"] == "From paddy 1 to 3 (2 tokens): Harvest, took 2 Yellow Rice (+6)."


# --- words ----------------------------------------------------------------------------------


def test_words_plurals_for_zero_one_and_two() -> None:
    one = Movement(0, ((1, 4),), False, 1, _work("Rest"), farmer_to=2, returned=(0, 0, 1, 0, 0))
    assert str(turn_text(Turn(1, 1, moves=(one,)))) == (
        "From paddy 1 to 2 (1 token): Rest, the Farmer moved to paddy 3, "
        "returned 1 Black Rice (-4)."
    )
    two = Movement(0, ((1, 0), (2, 0)), False, 2, _work("Sow"), cleared=(2, 0, 0, 0, 0))
    assert str(turn_text(Turn(1, 1, moves=(two,)))) == (
        "From paddy 1 to 3 (2 tokens): Sow, returned 2 Snakes, drew no Rice (the bag was empty)."
    )
    sow = Movement(0, ((1, 1),), False, 1, _work("Sow"), cleared=(0, 2, 0, 0, 0), snakes_added=1)
    assert str(turn_text(Turn(1, 1, moves=(sow,)))).endswith(
        "returned 2 Yellow Rice, added 1 Snake (the supply ran short)."
    )
    assert str(turn_text(Turn(1, 1), live=(3, 1))) == "Sowing from paddy 4, 1 token in hand."
    assert str(turn_text(Turn(1, 1), live=(3, 2))) == "Sowing from paddy 4, 2 tokens in hand."
    assert turn_text(Turn(0, 0)) is None
    swapped = str(swap_text(((0, 0), (4, 3))))
    assert swapped == "Swapped a Snake in paddy 1 with a Red Rice in paddy 5."


def _work(name: str) -> Work:
    return Work(name.lower())


# --- copies, saves and views (ruling T8) ---------------------------------------------------


def test_summaries_survive_clone_json_and_a_state_rebuilt_from_the_view() -> None:
    state = position([["FS", "", "Y", "", "Y"], STANDARD_OPPONENT])
    state.apply(0, Place("farmer"))
    state.apply(1, Swap((0, "farmer"), (1, "snake")))
    clone = state.clone()
    assert clone == state and clone.last == state.last
    restored = GAME.state_from_json(json.loads(json.dumps(state.to_json())))
    assert restored == state
    rebuilt = GAME.state_from_view(state.view(1), 1, Rng(3))
    assert rebuilt.view(0)["table"] == state.view(0)["table"]
    clone.apply(0, Place("yellow"))  # the copy moves on; the original's summary does not
    assert len(last(clone, 0)["moves"]) == 2 and len(last(state, 0)["moves"]) == 1


def test_every_seat_and_the_replay_see_the_same_summaries() -> None:
    state = position([["FS", "", "YYYR", "SS", "SS"], STANDARD_OPPONENT])
    state.apply(0, Place("farmer"))
    tables = [state.view(s)["table"]["last"] for s in (0, 1, None)]
    assert tables[0] == tables[1] == tables[2]
    assert state.full_view()["table"] == state.view(None)["table"]
