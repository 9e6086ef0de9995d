"""Storm in a Teacup bots: the greedy bot's choices from its own view, its strength against
random play, and the command-line simulation."""

from __future__ import annotations

import json
import subprocess
import sys
import time

import pytest

from pygames.bots import bot_names, make_bot
from pygames.bots.storm_in_a_teacup import NormalBot
from pygames.core import Action, Rng
from pygames.games import get_game
from pygames.simulate import simulate
from pygames.storm_in_a_teacup import Discard, Serve, StormState
from pygames.storm_in_a_teacup.cards import counts_of
from pygames.storm_in_a_teacup.position import position

from .conformance import soak_games

GAME = get_game("storm_in_a_teacup")


def choose(state: StormState, seat: int) -> Action:
    bot = make_bot("storm_in_a_teacup", "greedy")
    choice = bot.choose(GAME, state.view(seat), seat, state.legal_actions(seat), Rng(1))
    assert choice is not None
    return choice


def test_greedy_is_registered() -> None:
    assert bot_names("storm_in_a_teacup") == ["random", "easy", "normal", "strong"]


def test_greedy_last_to_serve_wins_with_just_enough_to_discard_three() -> None:
    state = position(["TTM", "MM", "TTTTTM"], host=0)
    state.apply(0, Serve(0, 2))
    state.apply(1, Serve(0, 1))
    # Two Tea would tie and win (later reveal); three Tea win and are all discarded.
    assert choose(state, 2) == Serve(0, 3)


def test_greedy_follows_the_lead_cheaply_when_it_cannot_win() -> None:
    state = position(["TTTTM", "MTTM", "MM"], host=0)
    state.apply(0, Serve(0, 4))
    assert choose(state, 1) == Serve(1, 1)  # one Tea: matches, discards it


def test_greedy_keeps_its_lemon_when_it_cannot_match() -> None:
    state = position(["MMT", "LTTLT", "MM"], host=0)
    state.apply(0, Serve(0, 2))
    action = choose(state, 1)
    assert isinstance(action, Serve) and action.length == 1
    assert state.view(1)["table"]["hand"][action.start] == "tea"


def test_greedy_as_host_plays_big_enough_that_nobody_can_beat_it() -> None:
    state = position(["TTTTTMMLL", "TT", "MM"], host=0)
    action = choose(state, 0)
    assert action == Serve(0, 3)  # 3 cards: the others hold 2 each, and 3 are discarded


def test_greedy_discards_the_most_lemon_and_milk_first() -> None:
    state = position(["TTTLM", "M", "MMT"], host=0)
    state.apply(0, Serve(0, 4))  # Lemon Tea, 4 cards
    state.apply(1, Serve(0, 1))
    state.apply(2, Serve(0, 1))
    assert choose(state, 0) == Discard(2, 0, 1)


def test_greedy_decides_from_the_view_alone() -> None:
    state = position(["TTM", "MM", "TTTTTM"], host=0)
    state.apply(0, Serve(0, 2))
    state.apply(1, Serve(0, 1))
    view = state.view(2)
    bot = make_bot("storm_in_a_teacup", "greedy")
    picks = {bot.choose(GAME, view, 2, state.legal_actions(2), Rng(s)) for s in range(5)}
    assert picks == {Serve(0, 3)}


# 40 games in make test, 80 in the soak: a greedy no better than random would win about its
# seats' share (a third or two thirds of a game as the seats alternate, a half in all), not 9
# in 10; by chance 36 of 40 has odds under 1 in 1,000 even at two thirds a game, under 1 in
# 10 million at a half (the arena and `make bench` measure the levels at length).
GAMES = soak_games(80, everyday=40)


@pytest.mark.slow
@pytest.mark.parametrize("players", [3, 4])
def test_greedy_beats_random_clearly(players: int) -> None:
    started = time.perf_counter()
    result = simulate(
        "storm_in_a_teacup", games=GAMES, seed=11, bots=["random", "greedy"], players=players
    )
    elapsed = time.perf_counter() - started
    assert result["errors"] == 0
    assert result["wins_by_bot"]["greedy"] >= 0.9
    print(
        f"{players} players, greedy vs random: {result['wins_by_bot']}, "
        f"{elapsed / GAMES * 1000:.0f} ms a game"
    )


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 6])
def test_greedy_mirror_match_finishes(players: int) -> None:
    # A few games show the mirror match ends without error; the soak plays twenty.
    games = soak_games(20, everyday=4)
    result = simulate("storm_in_a_teacup", games=games, seed=3, bots=["greedy"], players=players)
    assert result["errors"] == 0 and result["games"] == games


@pytest.mark.slow
def test_python_dash_m_runs_storm_simulation() -> None:
    # The command and its JSON are the check: a few games (seats alternating) in make test.
    games = soak_games(50, everyday=4)
    proc = subprocess.run(
        [
            sys.executable,
            "-m",
            "pygames",
            "simulate",
            "storm_in_a_teacup",
            "--players",
            "4",
            "--games",
            str(games),
            "--bots",
            "random,greedy",
            "--json",
        ],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert proc.returncode == 0, proc.stderr
    out = json.loads(proc.stdout)
    assert out["games"] == games and out["errors"] == 0 and out["players"] == 4
    assert set(out["wins_by_bot"]) == {"random", "greedy"}
    assert sum(out["wins_by_bot"].values()) == pytest.approx(1.0)
    assert out["mean_turns"] > 1


@pytest.mark.parametrize("players", [2, 4])
def test_normal_decides_the_same_from_the_state_as_from_the_view(players: int) -> None:
    # The search's rollouts call NormalBot.decide on full states (no view built); it must be
    # the very move choose makes from the seat's view, on ordinary and odd positions alike.
    normal = NormalBot()
    for seed in range(3):
        state = GAME.new_state(players, seed=seed, options={})
        step = 0
        while not state.is_over():
            seat = state.actors()[0]
            legal = state.legal_actions(seat)
            choice = normal.choose(GAME, state.view(seat), seat, legal, Rng(step))
            assert normal.decide(state, seat) == choice
            # every third move at random, to reach hands Normal would not make
            state.apply(seat, legal[step % len(legal)] if step % 3 == 0 else choice)
            step += 1


def _prepared_midgame(players: int, aid: bool) -> StormState:
    """A game of Normal bots played until some seat holds a hand prepared from its stock while
    every stock is non-empty somewhere (so the public colours constrain the samples)."""
    normal = NormalBot()
    for seed in range(40):
        state = GAME.new_state(players, seed=seed, options={"memory_aid": aid})
        while not state.is_over():
            seat = state.actors()[0]
            prepared = [s for s in range(players) if not state.hand_secret[s] and state.hands[s]]
            if prepared and any(state.stocks) and state.round > 3:
                return state
            state.apply(seat, normal.decide(state, seat))
    raise AssertionError("no game reached a prepared hand")


@pytest.mark.parametrize(("players", "aid"), [(2, True), (4, True), (4, False)])
def test_strong_searches_only_states_with_the_public_stock_and_hand_colours(
    players: int, aid: bool
) -> None:
    # Ruling S8: which revealed cards went to which stock is public, and so are the colours of a
    # prepared hand; every determinization the search draws must give each stock and each
    # prepared hand exactly those colours, whatever the Memory aid option says.
    from pygames.bots.search import Search
    from pygames.bots.storm_in_a_teacup import StrongStormBot

    state = _prepared_midgame(players, aid)
    seat = state.actors()[0]
    view = state.view(seat)
    knowledge = StrongStormBot.knowledge
    search = Search(GAME, view, seat, state.legal_actions(seat), Rng(3), knowledge)
    assert len(search.pool) == knowledge.determinizations > 1
    for det in search.pool:
        assert isinstance(det, StormState)
        det.check_invariants()
        assert det.hand_colours(seat) == state.hand_colours(seat)
        for s in range(players):
            assert det.stock_counts(s) == state.stock_counts(s)
            assert det.hand_secret[s] == state.hand_secret[s]
            if not state.hand_secret[s]:
                assert counts_of(det.hands[s]) == counts_of(state.hands[s])
            assert len(det.hands[s]) == len(state.hands[s])
        assert det.box_discards() == state.box_discards()
    secret = [s for s in range(players) if s != seat and state.hand_secret[s]]
    if secret:  # the dealt hands of others are what is sampled
        assert len({tuple(d.hands[secret[0]]) for d in search.pool}) > 1


def test_strong_spends_about_the_same_time_at_any_table() -> None:
    from pygames.bots.storm_in_a_teacup import StrongStormBot

    bot = StrongStormBot()
    assert bot.iterations_for(4) == bot.iterations
    assert bot.iterations_for(2) == 2 * bot.iterations
    assert bot.budgeted(0.1).iterations_for(2) == 2 * round(0.1 * bot.iterations_per_second)  # type: ignore[attr-defined]


def _plain_serve_choice(
    hand: list[int], lead: str | None, best: int, later_sizes: list[int]
) -> Serve:
    """Normal's serve scored the plain way (every legal run, then the best): the reference for
    the one-pass :func:`serve_choice`."""
    from pygames.bots.storm_in_a_teacup import LATER_THREAT, LEMON_KEPT, SPEND
    from pygames.storm_in_a_teacup.state import runs

    scored = []
    for start, length, combination in runs(hand):
        lemons = hand[start : start + length].count(2)
        if lead is None or combination.id == lead:
            threats = sum(1 for n in later_sizes if n >= length)
            p = 0.0 if length < best else LATER_THREAT**threats
            discards = p * min(3, length) + (1 - p) * 1
        else:
            discards = 0.0
        kept = length - discards
        value = discards - SPEND * kept - LEMON_KEPT * lemons * (kept / length)
        if length == len(hand):
            value -= 0.5
        if discards == 0.0 and length == 1:
            merges = 0 < start < len(hand) - 1 and hand[start - 1] == hand[start + 1]
            value += 0.05 * int(merges)
        scored.append((value, -start, length))
    _, neg_start, length = max(scored)
    return Serve(-neg_start, length)


def test_normal_serve_choice_is_the_plain_scoring() -> None:
    from pygames.bots.storm_in_a_teacup import serve_choice

    rng = Rng(4)
    leads = [None, "tea", "milk", "lemon", "milk_tea", "lemon_tea"]
    for _ in range(3000):
        hand = [(0, 0, 0, 1, 1, 2)[rng.randbelow(6)] for _ in range(1 + rng.randbelow(21))]
        lead = leads[rng.randbelow(len(leads))]
        best = 0 if lead is None else 1 + rng.randbelow(5)
        later = [rng.randbelow(21) for _ in range(rng.randbelow(4))]
        assert serve_choice(hand, lead, best, later) == _plain_serve_choice(hand, lead, best, later)


def test_strong_tree_sees_the_others_serves_by_their_colours_only() -> None:
    # Another seat's hand order is unknown to the searcher: its serves are tree decisions by
    # their colours (Reveal), played as some run of the sampled hand with those colours.
    from pygames.bots.storm_in_a_teacup import Reveal, StormKnowledge

    # Seat 1's hand came from its stock: its colours are public, its order is not (ruling S8);
    # every order of TTTM holds two Tea side by side.
    state = position(["TTM", "TTTM"], host=0, prepared=[1])
    knowledge = StormKnowledge()
    det = knowledge.sample(GAME, state.view(0), 0, Rng(2))
    assert isinstance(det, StormState)
    assert knowledge.decisions(det, 0, det.legal_actions(0)) == det.legal_actions(0)
    det.apply(0, Serve(0, 2))
    options = knowledge.decisions(det, 1, det.legal_actions(1))
    hand = det.hand_colours(1)
    expected = {
        tuple(counts_of(det.hands[1][a.start : a.start + a.length]))
        for a in det.legal_actions(1)
        if isinstance(a, Serve)
    }
    assert all(isinstance(o, Reveal) for o in options)
    assert {tuple(o.counts) for o in options if isinstance(o, Reveal)} == expected
    assert len(options) == len(expected)
    two_tea = Reveal(2, 0, 0)
    assert two_tea in options
    knowledge.play(det, 1, two_tea)
    assert det.revealed_by(1) and counts_of(det.revealed_by(1)) == [2, 0, 0]
    assert len(det.hands[1]) == len(hand) - 2


def test_strong_tree_discards_the_most_it_may() -> None:
    from pygames.bots.storm_in_a_teacup import StormKnowledge

    state = position(["TTTLM", "M"], host=0)
    state.apply(0, Serve(0, 4))
    state.apply(1, Serve(0, 1))
    legal = state.legal_actions(0)
    kept = StormKnowledge().decisions(state, 0, legal)
    assert {d for d in legal if isinstance(d, Discard) and sum(d.counts) == 3} == set(kept)
    assert len(kept) < len(legal)
