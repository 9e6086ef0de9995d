"""Humble Tea Party views for the table: each Oribako's running score (the public
part for everyone, the owner's own with #5), what each legal placement would add, each seat's
last move, and the full view of a finished game. Python is the only source of these numbers:
they are checked here against the scoring module (ruling H12) and for secrets (H2, H10)."""

from __future__ import annotations

import json
import random
from itertools import product

import pytest

from pygames import bridge
from pygames.core import Rng
from pygames.humble_tea_party import HtpGame, HtpState, Keep, Phase, Place, Tea
from pygames.humble_tea_party.oribako import SIDE, Box, bounds, open_cells, rows
from pygames.humble_tea_party.position import box_of, position
from pygames.humble_tea_party.scoring import (
    FAVOURITE,
    LINES,
    SQUARES,
    consecutive,
    placement_gain,
    running_score,
    score_board,
)
from pygames.humble_tea_party.sweets import TILE_COUNT, TILE_CREST, TILE_MONTH, TILE_SEASON
from tests.test_htp_rules import SEASONS3, small
from tests.test_htp_scoring import AUTUMN_BOARD, WINTER_BOARD, WINTER_TWIN
from tests.words import lines

GAME = HtpGame()


def random_box(rnd: random.Random, size: int) -> Box:
    """A legal Oribako of ``size`` sweets grown cell by cell (ruling H8), random tiles."""
    tiles = rnd.sample(range(TILE_COUNT), size)
    box: Box = {}
    for t in tiles:
        box[rnd.choice(open_cells(box))] = t
    return box


def frame_hands(box: Box) -> set[tuple[int, int, int, int]]:
    """An independent model of the hands #1-#4 already made: for every 3 x 3 frame that can
    still hold the box, count the rulebook's lines and squares whose cells are all filled."""
    x0, y0, x1, y1 = bounds(box)
    found = set()
    for fx, fy in product(range(x1 - SIDE + 1, x0 + 1), range(y1 - SIDE + 1, y0 + 1)):

        def at(cell: tuple[int, int], fx: int = fx, fy: int = fy) -> int | None:
            return box.get((fx + cell[1], fy + cell[0]))  # LINES are (row, column)

        four = trimester = seasonal = crests = 0
        for sq in SQUARES:
            tiles = [at(c) for c in sq]
            if all(t is not None for t in tiles):
                four += len({TILE_SEASON[t] for t in tiles if t is not None}) == 4
        for line in LINES:
            got = [at(c) for c in line]
            if all(t is not None for t in got):
                ts = [t for t in got if t is not None]
                trimester += consecutive([TILE_MONTH[t] for t in ts])
                seasonal += len({TILE_SEASON[t] for t in ts}) == 1
                crests += len({TILE_CREST[t] for t in ts}) == 1
        found.add((four, trimester, seasonal, crests))
    return found


# --- the running score (ruling H12) --------------------------------------------------------------


def test_running_score_of_a_complete_box_is_its_final_score() -> None:
    for names, season in [(WINTER_BOARD, "winter"), (AUTUMN_BOARD, "autumn")]:
        box = box_of(names)
        assert running_score(box, season) == score_board(rows(box), season)
    rnd = random.Random(5)
    for _ in range(300):
        box = random_box(rnd, 9)
        season = rnd.choice(["spring", "summer", "autumn", "winter"])
        assert running_score(box, season) == score_board(rows(box), season)


def test_running_score_counts_only_hands_that_every_frame_agrees_on() -> None:
    # A line or square filled in a partial box is one of the final box's, whatever frame the
    # box ends in; the model counts them frame by frame and must find one answer.
    rnd = random.Random(11)
    for _ in range(600):
        box = random_box(rnd, rnd.randint(1, 8))
        model = frame_hands(box)
        assert len(model) == 1, box
        assert running_score(box, None).hands[:4] == model.pop()


def test_running_score_only_grows_and_ends_at_the_final_score() -> None:
    rnd = random.Random(2)
    for _ in range(100):
        full = random_box(rnd, 9)
        season = rnd.choice(["spring", "summer", "autumn", "winter"])
        box: Box = {}
        previous = running_score(box, season).hands
        for cell, t in full.items():  # in the order they were grown
            box[cell] = t
            now = running_score(box, season).hands
            assert all(b >= a for a, b in zip(previous, now, strict=True))
            previous = now
        assert running_score(box, season) == score_board(rows(full), season)


def test_placement_gain_is_the_change_of_the_running_score() -> None:
    rnd = random.Random(9)
    for _ in range(400):
        box = random_box(rnd, rnd.randint(1, 8))
        cell = rnd.choice(open_cells(box))
        t = rnd.choice([t for t in range(TILE_COUNT) if t not in box.values()])
        season = rnd.choice([None, "spring", "summer", "autumn", "winter"])
        after = dict(box)
        after[cell] = t
        want = tuple(
            b - a
            for a, b in zip(
                running_score(box, season).hands, running_score(after, season).hands, strict=True
            )
        )
        assert placement_gain(box, cell, t, season) == want, (box, cell, t)


def test_public_running_score_leaves_out_the_favourite_season() -> None:
    box = box_of(["Moth | Loquat | Sun Flower"])  # all Summer, one line of one season
    assert running_score(box, None).hands == (0, 0, 1, 0, 0, 0)
    assert running_score(box, "summer").hands == (0, 0, 1, 0, 3, 0)
    assert running_score(box, "winter").total == 1


# --- the running score in the view ---------------------------------------------------------------


def test_each_box_shows_its_public_running_score_and_the_owner_adds_their_season() -> None:
    state = position(
        [["Moth | Loquat | Sun Flower"], ["Peach"], ["Camellia | Red Snapper"]],
        ["summer", "spring", "winter"],
    )
    for seat in (None, 1, 2):
        score = state.view(seat)["table"]["oribako"][0]["score"]
        assert score == {
            "hands": [0, 0, 1, 0, None, 0],
            "points": [0, 0, 1, 0, None, 0],
            "total": 1,
            "public": 1,
        }
    own = state.view(0)["table"]["oribako"][0]["score"]
    assert own == {
        "hands": [0, 0, 1, 0, 3, 0],
        "points": [0, 0, 1, 0, 3, 0],
        "total": 4,
        "public": 1,
    }
    # Duplication is public: two Moths already cost -2 for everyone to see.
    state = position([["Moth | Moth"], ["Peach"], ["Camellia"]], SEASONS3)
    assert state.view(1)["table"]["oribako"][0]["score"]["total"] == -2


def test_a_complete_box_shows_its_final_score_to_everyone() -> None:
    state = position([WINTER_BOARD, ["Peach"], ["Moth"]], ["winter", "spring", "summer"])
    for seat in (None, 0, 1, 2):
        score = state.view(seat)["table"]["oribako"][0]["score"]
        assert score["hands"] == [0, 1, 1, 2, 3, 0] and score["total"] == score["public"] == 7


def test_no_public_score_or_preview_depends_on_a_hidden_season() -> None:
    # The same table with seats 1 and 2 swapping their (hidden) favourite seasons: nothing in
    # seat 0's view or a spectator's may change; the owners' own views may.
    boxes = [
        ["Moth"],
        ["Loquat | Sun Flower | Milky Way", "Peach"],
        ["Camellia | Red Snapper", "Strawberry"],
    ]
    a = position(boxes, ["autumn", "summer", "winter"], tops=["Moth", "Persimmon", "Hishi Mochi"])
    b = position(boxes, ["autumn", "winter", "summer"], tops=["Moth", "Persimmon", "Hishi Mochi"])
    assert a.turn == 0
    for seat in (None, 0):
        assert a.view(seat) == b.view(seat)
    assert a.view(0)["table"]["previews"], "seat 0 is to place"
    own_a = a.view(1)["table"]["oribako"][1]["score"]
    own_b = b.view(1)["table"]["oribako"][1]["score"]
    assert own_a["total"] == 1 + 3 and own_b["total"] == 1  # three Summer sweets
    assert own_a["public"] == own_b["public"] == 1


@pytest.mark.parametrize("seed", range(6))
def test_random_games_running_scores_match_the_scoring_module(seed: int) -> None:
    rnd = random.Random(seed)
    players = 3 + seed % 4
    state = GAME.new_state(players, seed, {})
    while not state.is_over():
        for seat in [None, *range(players)]:
            table = state.view(seat)["table"]
            for owner, box in enumerate(table["oribako"]):
                known = seat == owner or state.complete(owner)
                season = state.seasons[owner] if known else None
                want = running_score(state.boxes[owner], season)
                assert box["score"]["total"] == want.total
                assert box["score"]["public"] == (
                    want.total
                    if state.complete(owner)
                    else running_score(state.boxes[owner], None).total
                )
                assert (box["score"]["hands"][FAVOURITE] is None) == (not known)
        legal = state.legal_actions(state.turn)
        state.apply(state.turn, rnd.choice([a for a in legal if not isinstance(a, Tea)]))
    final = state.view(0)["table"]
    outcome = state.outcome()
    assert outcome is not None
    assert [b["score"]["total"] for b in final["oribako"]] == list(outcome.scores)
    assert [b["score"]["hands"] for b in final["oribako"]] == outcome.details["hands"]


# --- previews: what a placement would add --------------------------------------------------------


def test_previews_cover_exactly_the_legal_placements_of_the_seat_to_act() -> None:
    state = small(tops=["Wisteria", "Loquat", "Persimmon"])
    table = state.view(0)["table"]
    got = sorted((p["deck"], p["target"], p["x"], p["y"]) for p in table["previews"])
    want = sorted(
        (a.deck, a.target, a.x, a.y) for a in state.legal_actions(0) if isinstance(a, Place)
    )
    assert got == want
    for seat in (None, 1, 2):  # only the seat to act gets them (Tea is no placement)
        assert state.view(seat)["table"]["previews"] == []


def test_a_preview_is_the_change_of_the_public_running_score() -> None:
    # Player 2's box holds two Summer sweets in a row; Player 1 may finish the line with a
    # third (+1 Seasonal Assortment) or duplicate a Moth (-2); #5 is unknown to Player 1.
    state = position(
        [["Peach"], ["Moth | Loquat"], ["Camellia"]],
        SEASONS3,
        tops=["Sun Flower", "Moth", "Red Snapper"],
    )
    previews = {
        (p["deck"], p["target"], p["x"], p["y"]): p for p in state.view(0)["table"]["previews"]
    }
    line = previews[(0, 1, 2, 0)]
    assert line["gain"] == 1 and line["hands"] == [0, 0, 1, 0, None, 0]
    twin = previews[(1, 1, 0, 1)]
    assert twin["gain"] == -2 and twin["hands"] == [0, 0, 0, 0, None, -2]
    assert previews[(2, 1, 0, 1)]["gain"] == 0
    # Sun Flower (August) left of the Moth (July) and Loquat (June): 8, 7, 6 run down.
    left = previews[(0, 1, -1, 0)]
    assert left["hands"][1] == 1 and left["hands"][2] == 1 and left["gain"] == 2


def test_previews_against_score_board_when_a_placement_completes_a_box() -> None:
    almost = [
        "Camellia | Red Snapper | Strawberry",
        "Wisteria | . | Maple Leaf",
        "Loquat | Chrysanthemum | Peach",
    ]
    state = position(
        [["Moth"], almost, ["Persimmon"]],
        SEASONS3,
        tops=["Sun Flower", "Hanbira-mochi", "Cherry Blossom"],
    )
    before = running_score(state.boxes[1], None).total
    for p in state.view(0)["table"]["previews"]:
        if p["target"] != 1:
            continue
        box = dict(state.boxes[1])
        box[(p["x"], p["y"])] = state.decks[p["deck"]][0]
        full = score_board(rows(box), "spring")  # Player 2's season, secret from Player 1
        assert p["gain"] == full.total - full.points[FAVOURITE] - before
    centre = next(
        p for p in state.view(0)["table"]["previews"] if (p["deck"], p["target"]) == (0, 1)
    )
    # The Sun Flower completes the Winter sample: the middle row is all Bamboo, the one hand
    # that needed the centre; the rest was made already.
    assert centre["hands"] == [0, 0, 0, 1, None, 0]
    assert before + centre["gain"] == 7 - 3


def test_keeping_a_sweet_previews_your_own_season() -> None:
    state = position([[], [], []], SEASONS3, tops=["Camellia", "Moth", "Peach"])
    previews = state.view(0)["table"]["previews"]  # Player 1 likes Winter
    assert [(p["deck"], p["target"], p["gain"]) for p in previews] == [
        (0, 0, 1),
        (1, 0, 0),
        (2, 0, 0),
    ]
    assert previews[0]["hands"] == [0, 0, 0, 0, 1, 0]


# --- each seat's last move -----------------------------------------------------------------------


def test_last_moves_keep_place_tea_and_pass_with_their_steps() -> None:
    state = GAME.new_state(3, 4, {})
    table = state.view(0)["table"]
    assert table["step"] == 0 and table["last"] == [None, None, None]
    for seat in range(3):
        state.apply(seat, Keep(seat))
    table = state.view(None)["table"]
    assert table["step"] == 3
    assert table["last"] == [
        {"move": "keep", "step": 1, "deck": 0, "target": 0, "x": 0, "y": 0},
        {"move": "keep", "step": 2, "deck": 1, "target": 1, "x": 0, "y": 0},
        {"move": "keep", "step": 3, "deck": 2, "target": 2, "x": 0, "y": 0},
    ]
    state.apply(2, Tea())
    state.apply(0, Place(1, 1, 1, 0))
    last = state.view(1)["table"]["last"]
    assert last[2] == {"move": "tea", "step": 4}
    assert last[0] == {"move": "place", "step": 5, "deck": 1, "target": 1, "x": 1, "y": 0}
    # The placed tile is the one now on that cell.
    assert (1, 0) in state.boxes[1]
    # Every seat sees the same last moves (they are public).
    assert all(state.view(s)["table"]["last"] == last for s in (None, 0, 2))


def test_a_forced_pass_is_a_last_move() -> None:
    # Players 1 and 2 are complete; Player 3 takes Tea on Player 2's turn, so Player 2 can
    # place nowhere and passes, and so does Player 3 (only their own box is open) once the
    # token is back (rulings H9, H11): both passes are their last moves, at Tea's step.
    state = position([WINTER_BOARD, WINTER_TWIN, ["Camellia"]], SEASONS3, turn=1)
    assert state.turn == 1
    state.steps = 7
    state.apply(2, Tea())
    last = state.view(0)["table"]["last"]
    assert last[1] == {"move": "pass", "step": 8}
    assert last[2] == {"move": "pass", "step": 8}  # Tea first, then their own turn's pass
    assert last[0] is None and state.turn == 0


def test_last_moves_survive_saving_cloning_and_determinizing() -> None:
    state = small()
    state.apply(1, Tea())
    state.apply(0, Place(0, 2, 1, 0))
    again = GAME.state_from_json(json.loads(json.dumps(state.to_json())))
    assert isinstance(again, HtpState)
    assert again.last == state.last and again.steps == state.steps == 2
    assert state.clone().last == state.last
    det = state.determinize(2, Rng(3))
    assert det.view(2)["table"] == state.view(2)["table"]


# --- the full view of a finished game ------------------------------------------------------------


def finished_record(seed: int = 3, players: int = 4) -> str:
    """A whole game played by random bots, as the page would save it."""
    config = {
        "game": "humble_tea_party",
        "seed": seed,
        "options": {},
        "seats": [{"name": f"P{i + 1}", "bot": "random"} for i in range(players)],
    }
    reply = json.loads(bridge.new_match(json.dumps(config)))
    assert reply["ok"], reply
    match = reply["match"]
    while not json.loads(bridge.view(match, 0))["view"]["over"]:
        step = json.loads(bridge.view(match, 0))["status"]["step"]
        actor = json.loads(bridge.view(match, 0))["view"]["awaiting"][0]
        moved = json.loads(bridge.bot_act(match, actor, step))
        assert moved["ok"], moved
    return match


def test_everything_shows_every_favourite_season_in_a_replay_of_a_finished_game() -> None:
    match = finished_record()
    opened = json.loads(bridge.open_replay(match))
    assert opened["ok"] and opened["over"]
    replay = opened["replay"]
    at = json.loads(bridge.replay_view(replay, 6, -2))
    assert at["ok"], at
    view = at["view"]
    assert view["everything"] is True and view["seat"] is None
    table = view["table"]
    assert table["phase"] == "recommend"
    seasons = [b["season"] for b in table["oribako"]]
    assert all(s in {"spring", "summer", "autumn", "winter"} for s in seasons)
    assert all(b["score"]["hands"][FAVOURITE] is not None for b in table["oribako"])
    assert table["previews"] == []
    # A spectator at the same step sees no incomplete box's season.
    spectator = json.loads(bridge.replay_view(replay, 6, -1))["view"]["table"]
    assert all(b["season"] is None for b in spectator["oribako"] if not b["complete"])
    assert [b["score"]["public"] for b in spectator["oribako"]] == [
        b["score"]["public"] for b in table["oribako"]
    ]


def test_full_view_of_a_state_matches_its_secrets() -> None:
    state = GAME.new_state(5, 8, {})
    for seat in range(5):
        state.apply(seat, Keep(0))
    full = state.full_view()
    assert [b["season"] for b in full["table"]["oribako"]] == state.seasons
    for owner, box in enumerate(full["table"]["oribako"]):
        assert (
            box["score"]["total"] == running_score(state.boxes[owner], state.seasons[owner]).total
        )
    assert state.phase is Phase.RECOMMEND
    assert lines(full["log"]) == [e.text for e in state.log]
