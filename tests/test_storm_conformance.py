"""The shared random-play test for Storm in a Teacup, at 2 to 6 players, with a check that no
view shows what ruling S8 keeps secret: another seat's dealt hand (content or order), the order
of any hand but one's own, card ids, or the undealt box. What S8 makes public (each stock's
colours, a prepared hand's colours) is kept when the hidden cards are dealt anew."""

from __future__ import annotations

import json
import re
import time
from typing import Any

import pytest

from pygames.core import Rng, State
from pygames.games import get_game
from pygames.storm_in_a_teacup import Serve, StormState
from pygames.storm_in_a_teacup.cards import CARD_COLOURS, COLOURS, counts_json, counts_of, words
from tests.conformance import play_random_games, soak_first, soak_games

from .words import lines

GAME = get_game("storm_in_a_teacup")
JUNK = [
    {"type": "no-such-action"},
    {},
    "serve",
    {"type": None},
    {"type": "serve", "start": 0, "length": 0},
    {"type": "serve", "start": -1, "length": 1},
    {"type": "serve", "start": 99, "length": 1},
    {"type": "serve", "start": 0, "length": 99},
    {"type": "serve", "start": True, "length": 1},
    {"type": "serve", "start": 0},
    {"type": "discard", "tea": 9, "milk": 0, "lemon": 0},
    {"type": "discard", "tea": -1, "milk": 0, "lemon": 0},
    {"type": "discard", "tea": 1, "milk": 1, "lemon": 1, "sugar": 1},
]
TABLE_KEYS = {
    "step", "memory_aid", "phase", "round", "host", "turn", "hand", "hand_sizes", "stock_sizes",
    "stock_colours", "hand_colours", "box", "box_discards", "reveals", "lead", "party",
    "last_party", "combinations", "cards_left", "last", "runs", "refused_runs",
}  # fmt: skip

# Every line the log may hold: none can carry a hidden hand or stock (ruling S8).
P = r"Player \d"
CARDS = r"\d+ cards?"
COUNTS = r"\d+ (Tea|Milk|Lemon)(, \d+ (Tea|Milk|Lemon))*"
NAME = r"(Tea|Milk|Lemon|Milk Tea|Lemon Tea)"
PLAYERS = rf"{P}((, {P})* and {P})?"
LOG_LINES = [
    re.compile(p)
    for p in (
        rf"Each player gets 3 Tea, 2 Milk, 1 Lemon and 14 more cards: 20 cards each; "
        rf"{CARDS} stay in the box\.",
        rf"{P} is the first host( \(chosen at random\))?\.",
        rf"Round \d+: {P} hosts\.",
        rf"{P} serves {CARDS}: {NAME} \({COUNTS}\)\.",
        rf"{P} prepares: {CARDS} from their stock become their hand\.",
        rf"Nobody served: no tea party this round; {P} stays host\.",
        rf"Tea party: {P}( \(in place of {P}, who prepared\))? leads with {NAME}; "
        rf"({PLAYERS} match(es)?|nobody else matches)\.",
        rf"{P} wins the tea party with {CARDS} and becomes host\.",
        rf"{PLAYERS} (does|do) not match: their cards go to their stocks?\.",
        rf"{P} (discards {CARDS} \({COUNTS}\) to the box|discards nothing); "
        rf"(none go|1 goes|\d+ go) to their stock\.",
        rf"{P} wins with {CARDS} left\.",
        rf"{PLAYERS} share the victory \(.*cards left\)\.",
    )
]

_calls: list[int] = []
_good_lines: set[str] = set()


def hidden_shuffled(state: StormState, seat: int, rng: Rng) -> StormState:
    """A copy where every card ``seat`` cannot see is dealt again at random, keeping only what
    ruling S8 makes public: the other seats' dealt hands and the undealt box are dealt anew from
    their common pool (sizes kept); every stock and every other prepared hand keeps its colour
    counts but gets a new order; and card ids of one colour are exchanged across all of them."""
    other = state.clone()
    others = [s for s in range(other.players) if s != seat]
    undealt = other.box[: other.undealt]
    secret = [other.hands[s] for s in others if other.hand_secret[s]] + [undealt]
    pool = [c for p in secret for c in p]
    rng.shuffle(pool)
    for p in secret:
        p[:] = [pool.pop() for _ in p]
    known = [other.hands[s] for s in others if not other.hand_secret[s]] + other.stocks
    for p in known:
        rng.shuffle(p)  # ruling S8: hand order is its owner's alone; a stock has no order
    for colour in COLOURS:
        spots = [
            (p, i) for p in secret + known for i, c in enumerate(p) if CARD_COLOURS[c] is colour
        ]
        ids = [p[i] for p, i in spots]
        rng.shuffle(ids)
        for (p, i), card in zip(spots, ids, strict=True):
            p[i] = card
    other.box[: other.undealt] = undealt
    other.check_invariants()
    return other


def no_hidden_cards_in_view(state: State, seat: int, view: dict[str, Any]) -> None:
    """Ruling S8: a seat sees its own hand and public counts, nothing else."""
    assert isinstance(state, StormState)
    table = view["table"]
    assert set(table) == TABLE_KEYS
    assert table["hand"] == words(state.hands[seat])
    assert table["hand_sizes"] == state.hand_sizes()
    assert table["stock_sizes"] == [len(s) for s in state.stocks]
    # ruling S8: each stock's colours are public, and so are a prepared hand's.
    assert table["stock_colours"] == [counts_json(counts_of(s)) for s in state.stocks]
    for s, counts in enumerate(table["hand_colours"]):
        if state.hand_secret[s]:
            assert counts is None and state.hands[s]
        else:
            assert counts == counts_json(counts_of(state.hands[s]))
    # The runs and their refusals only name what the seat on turn may serve from its own hand.
    if state.turn != seat or state.phase.value != "serving":
        assert table["runs"] == [] and table["refused_runs"] == {}
    else:
        assert [(r["start"], r["length"]) for r in table["runs"]] == [
            (a.start, a.length) for a in state.legal_actions(seat) if isinstance(a, Serve)
        ]
    for line in lines(view["log"]):
        if line not in _good_lines:
            assert any(p.fullmatch(line) for p in LOG_LINES), f"unexpected log line {line!r}"
            _good_lines.add(line)
    _calls.append(seat)
    if len(_calls) % 3:
        return
    # Structurally: dealing every hidden card anew changes nothing this seat sees.
    other = hidden_shuffled(state, seat, Rng(len(_calls)))
    assert other.view(seat) == view


# Games per player count in a soak: 2,020 in all. Make test plays the first two of each batch:
# one of them ends with one card left, as the batch asserts (at 4 to 6 players the other is a
# shared victory); more games are the soak's volume (a 6-player game takes as long as five of
# 2).
GAMES_AT = {2: 700, 3: 550, 4: 400, 5: 220, 6: 150}
EVERYDAY_AT = dict.fromkeys(GAMES_AT, 2)


@pytest.mark.slow
@pytest.mark.parametrize("players", GAMES_AT)
def test_random_games_keep_the_contract_at_every_player_count(players: int) -> None:
    count = soak_games(GAMES_AT[players], everyday=EVERYDAY_AT[players])
    started = time.perf_counter()
    summary = play_random_games(
        GAME,
        players,
        count=count,
        seed=40_000 + 1000 * players,
        leak_check=no_hidden_cards_in_view,
        junk_actions=JUNK,
        deep_every=29,
    )
    elapsed = time.perf_counter() - started
    assert summary.games == count
    assert set(summary.action_kinds) == {"serve", "discard"}
    assert "has 1 card left" in summary.reasons
    print(
        f"{players} players: {count} games, {summary.steps / count:.0f} steps each, "
        f"{elapsed:.1f} s; {summary.reasons}"
    )


def test_the_soak_plays_two_thousand_games() -> None:
    assert sum(GAMES_AT.values()) >= 2020
    assert sum(soak_games(n) for n in GAMES_AT.values()) >= soak_games(2020)


# Make test plays one game of the first two settings: a chosen host with the Memory aid on and
# off, every check every seventh step. The 6-player table repeats the first's options at the
# largest table (whose games the batch above checks every run) and the games' volume is the
# soak's.
@pytest.mark.slow
def test_random_games_with_a_chosen_host_and_every_check() -> None:
    for players, full in soak_first([(2, 12), (3, 8), (6, 3)], everyday=2):
        count = soak_games(full, everyday=1)
        summary = play_random_games(
            GAME,
            players,
            count=count,
            seed=7,
            options={"host": players - 1, "memory_aid": players != 3},
            leak_check=no_hidden_cards_in_view,
            junk_actions=JUNK,
        )
        assert summary.games == count and summary.refusals > 0


def test_the_log_patterns_accept_every_line_of_a_finished_game() -> None:
    state = GAME.new_state(4, 3, {})
    rng = Rng(1)
    while not state.is_over():
        seat = state.actors()[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    view = state.view(0)
    no_hidden_cards_in_view(state, 0, view)
    assert json.loads(json.dumps(view)) == view
