"""Tanbo's forecast (what a movement will do) against the engine: every way it lists is what
playing that way does, and the tokens it says lead there are the ones that do."""

from __future__ import annotations

from collections import Counter

import pytest

from pygames.core import Message, Rng
from pygames.core.messages import render
from pygames.tanbo import Place, ReturnRice, Take, TanboGame, TanboState
from pygames.tanbo.field import clockwise, slots
from pygames.tanbo.forecast import WayJson
from pygames.tanbo.position import position
from pygames.tanbo.state import Phase
from pygames.tanbo.tokens import RICE_POINTS, TOKEN_BY_WORD, TOKEN_WORDS, Token

GAME = TanboGame()


def ways_of(state: TanboState) -> list[WayJson]:
    sowing = state.view(None)["table"]["sowing"]
    assert sowing is not None
    return sowing["ways"]


def text(way: WayJson, lang: str = "en") -> str:
    return render(Message.from_json(way["text"]), lang)


def order_for(state: TanboState, way: WayJson) -> list[int]:
    """An order of the hand that puts ``way``'s tokens in the last paddy (ruling T3)."""
    hand = state.hand[:]
    caps, last = slots(sum(hand))
    landing = [TOKEN_BY_WORD[w] for w in way["tokens"]]
    assert len(landing) == caps[last]
    for t in landing:
        hand[t] -= 1
    others = [t for t in range(5) for _ in range(hand[t])]
    return [landing.pop() if i % 5 == last else others.pop() for i in range(sum(state.hand))]


def movements(state: TanboState, seat: int) -> int:
    """How many movements ``seat`` has finished this turn (each ends in an action)."""
    turn = state.last[seat]
    return 0 if turn is None else len(turn.moves)


def play_way(state: TanboState, way: WayJson) -> tuple[TanboState, int]:
    """A copy of ``state`` once the movement is played ``way``, each choice after it taken as
    the forecast assumes (the dearest Rice kept, the cheapest returned); and the points the
    mover's score changed by."""
    after = state.clone()
    me = after.turn
    before = after.score(me)
    done = movements(state, me) + 1
    for t in order_for(state, way):
        if after.turns != state.turns or movements(after, me) == done:
            break  # the last kind left was placed by the engine
        after.apply(me, Place(TOKEN_WORDS[t]))
    same = after.turns == state.turns
    while same and after.phase is Phase.HARVEST and movements(after, me) == done:
        here = after.rings[me][after.action_paddy or 0]
        dearest = max((t for t in (1, 2, 3) if here[t]), key=lambda t: RICE_POINTS[Token(t)])
        after.apply(me, Take(TOKEN_WORDS[dearest]))  # type: ignore[arg-type]
    while same and after.phase is Phase.REST and movements(after, me) == done:
        mine = after.collected[me]
        cheapest = min((t for t in (1, 2, 3) if mine[t]), key=lambda t: RICE_POINTS[Token(t)])
        after.apply(me, ReturnRice(TOKEN_WORDS[cheapest]))  # type: ignore[arg-type]
    return after, after.score(me) - before


def moves_in(message: Message) -> list[Message]:
    """The movement lines in a log line (a movement heads the line of its action)."""
    if message.id in ("tanbo.log.move", "tanbo.log.move_again"):
        return [message]
    found: list[Message] = []
    for _, value in message.args:
        if isinstance(value, Message):
            found += moves_in(value)
    return found


def check_ways(state: TanboState) -> int:
    """Check every way of ``state`` against the engine; the number checked."""
    me = state.turn
    moves_before = movements(state, me)
    ways = ways_of(state)
    contents = [tuple(sorted(w["tokens"])) for w in ways]
    assert len(set(contents)) == len(contents), "a content listed twice"
    _, last = slots(sum(state.hand))
    landing = clockwise(state.sow_next, last)
    for way in ways:
        after, gained = play_way(state, way)
        # The movement's line in the log: where it ended and the action (the turn may have
        # passed since, through forced turns, and with it the turn summary).
        line = next(m for e in after.log[len(state.log) :] for m in moves_in(e.message))
        assert line.arg("paddy") == landing + 1
        work = line.arg("work")
        assert isinstance(work, Message) and work.id == f"tanbo.work.{way['action']}", text(way)
        if after.turns != state.turns:
            continue  # later turns may have changed the scores
        move = after.last[me].moves[moves_before]  # type: ignore[union-attr]
        if way["action"] == "harvest":
            assert gained == way["points"], text(way)
            assert (after.winner == me) == way["wins"], text(way)
        elif way["action"] == "rest":
            assert gained == way["points"], text(way)
            assert (after.winner == 1 - me) == way["loses"], text(way)
            if move.farmer_to is None:
                assert way["text"]["id"] == "tanbo.forecast.rest_stays"
            else:
                assert way["text"]["args"]["paddy"] == move.farmer_to + 1
        else:
            assert way["points"] == 0 and not way["wins"] and not way["loses"]
        if way["action"] == "big_movement":
            assert way["text"]["args"]["tokens"] == sum(
                1 for p, _ in move.placed[len(state.placed) :] if p == landing
            ) + sum(state.rings[me][landing])
    # Which ways each next token keeps open: the forecast after placing it says the same.
    for word in {a.token for a in state.legal_actions(me) if isinstance(a, Place)}:
        after = state.clone()
        after.apply(me, Place(word))
        kept = {c for c, w in zip(contents, ways, strict=True) if word in w["next"]}
        if after.turns == state.turns and movements(after, me) == moves_before:  # it goes on
            reached = {tuple(sorted(w["tokens"])) for w in ways_of(after)}
            if last == 0:
                reached = {tuple(sorted((*c, word))) for c in reached}
            assert reached == kept, (word, reached, kept)
        else:  # the engine placed the rest: one way was left, the one played
            assert len(kept) == 1
    return len(ways)


@pytest.mark.parametrize("seed", range(6))
def test_every_way_is_what_the_engine_does_in_random_games(seed: int) -> None:
    rng = Rng(seed)
    state = GAME.new_state(2, seed, {})
    checked: Counter[str] = Counter()
    while not state.is_over():
        seat = state.actors()[0]
        if state.phase is Phase.MOVE:
            for way in ways_of(state):
                checked[way["action"]] += 1
            check_ways(state)
        legal = state.legal_actions(seat)
        state.apply(seat, rng.choice(legal))
    assert checked["sow"] and checked["harvest"] + checked["cultivate"]


def test_every_kind_of_way_is_checked_somewhere() -> None:
    """The random games above meet every action; this makes sure of it on fixed positions."""
    seen = Counter[str]()
    for seed in range(12):
        state = GAME.new_state(2, 100 + seed, {})
        rng = Rng(seed)
        while not state.is_over():
            if state.phase is Phase.MOVE:
                seen.update(w["action"] for w in ways_of(state))
            legal = state.legal_actions(state.actors()[0])
            state.apply(state.actors()[0], rng.choice(legal))
    assert set(seen) == {"rest", "sow", "harvest", "cultivate", "big_movement"}, seen


def test_a_harvest_that_wins_says_so_and_stops_where_it_wins() -> None:
    # A Snake, a Yellow and the Farmer in hand from paddy 1; paddy 4 holds a Snake and 2 Red;
    # the mover has 20 points: the first Red reaches 25 (ruling T7) and the Harvest stops.
    state = position(
        [["SYF", "SS", "SS", "SRR", "SS"], ["SSF", "SS", "SS", "SS", "SS"]],
        collected=["BBBBB", ""],
    )
    ways = {w["tokens"][0]: w for w in ways_of(state)}
    assert ways["yellow"]["action"] == "harvest" and ways["farmer"]["action"] == "harvest"
    assert ways["snake"]["action"] == "big_movement"
    for way in (ways["yellow"], ways["farmer"]):
        assert way["wins"] and way["points"] == 5
        assert text(way) == "Harvest: take 1 Red Rice, +5, and win"
        assert text(way, "ja").endswith("勝利")
    assert check_ways(state) == 3


def test_a_rest_that_hands_the_opponent_a_20_lead_says_so() -> None:
    # A Snake and the Farmer in hand from paddy 1; paddy 3 is empty: the Farmer last there
    # rests, walks to paddy 4 and returns the mover's only Yellow: 0 against 20.
    state = position(
        [["SF", "", "", "S", "SS"], ["SSF", "SS", "SS", "SS", "SS"]],
        collected=["Y", "RRRR"],
    )
    rest = [w for w in ways_of(state) if w["action"] == "rest"]
    assert len(rest) == 1
    assert rest[0]["tokens"] == ["farmer"] and rest[0]["loses"] and rest[0]["points"] == -3
    assert rest[0]["next"] == ["snake"]
    assert text(rest[0]) == (
        "Rest: the Farmer walks to paddy 4; return 1 Rice (at best 1 Yellow Rice, -3),"
        " and Player 2 leads by 20: a loss"
    )
    assert check_ways(state) == 2


def test_a_big_movement_names_the_tokens_moved_again_and_the_swap_to_come() -> None:
    # Paddy 4 holds a Snake and a Red: the Farmer last there makes a Big Movement of 3 tokens.
    state = position(
        [["SRF", "S", "S", "SR", "SS"], ["SSF", "SS", "SS", "SS", "SS"]],
    )
    ways = {w["tokens"][0]: w for w in ways_of(state)}
    assert {k: w["action"] for k, w in ways.items()} == {
        "snake": "cultivate",
        "red": "harvest",
        "farmer": "big_movement",
    }
    assert text(ways["farmer"]) == (
        "Big Movement: Player 2 swaps two tokens, then you move the 3 tokens of paddy 4 again"
    )
    assert check_ways(state) == 3


def test_draws_are_told_as_draws_never_as_the_rice_to_come() -> None:
    """The order of the bag is secret (ruling T8): two states that differ only in it show the
    same forecast."""
    a = GAME.new_state(2, 7, {})
    rng = Rng(1)
    while a.phase is not Phase.MOVE or a.turns < 3:
        legal = a.legal_actions(a.actors()[0])
        a.apply(a.actors()[0], rng.choice(legal))
    b = a.clone()
    b.rng = Rng(12345)
    assert ways_of(a) == ways_of(b)
    for way in ways_of(a):
        assert "Rice at random" in text(way) or way["action"] not in ("cultivate",)
