"""The JSON forms of a Tanbo state: the public table view, the saved state, and back.

Everything is public except the order of draws from the bag (ruling T8), so the table view
holds the whole position; a state rebuilt from it differs only in its random generator.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, TypedDict, TypeVar

from ..core import BadRecord, Game, JsonDict, LogEntry, Message, Rng
from ..core.contract import MessageJson
from .field import clockwise, excess, farmer_paddy, swaps
from .forecast import Mover, WayJson, forecast
from .state import Phase, PhaseWord, TanboRules
from .summary import PlacedJson, Turn, TurnJson, turn_text
from .tokens import (
    MAX_TOKENS_PER_PADDY,
    PADDIES,
    RICE,
    RICE_IN_GAME,
    RICE_POINTS,
    SEATS,
    SNAKES_IN_GAME,
    TOKEN_BY_WORD,
    TOKEN_WORDS,
    WIN_IN_ONE_TURN,
    WIN_LEAD,
    WIN_POINTS,
    RiceJson,
    Token,
    TokensJson,
    counts_from_json,
    points,
    rice_from_json,
    rice_json,
    tokens_json,
)

#: The state class to rebuild (the game's own, with views and refusals on top of the rules).
R = TypeVar("R", bound=TanboRules)


class LastTurnJson(TurnJson):
    """A player's last turn as the table shows it, with its line of words."""

    text: MessageJson | None


#: The sowing under way: where it started (``from``), the next paddy, what was placed where,
#: and where the last token in hand will land (ruling T3; null once all are placed).
SowingJson = TypedDict(
    "SowingJson",
    {
        "from": int,
        "next": int,
        "placed": list[PlacedJson],
        "landing": int | None,
        "ways": list[WayJson],
    },
)
SowingJson.__doc__ = """The sowing under way: where it started (``from``), the next paddy to
sow, each token placed so far, where the last token in hand will land (ruling T3; null once all
are placed), and each way the movement can still end there (empty once all are placed)."""


class PendingJson(TypedDict):
    """A decision the table waits for beside the sowing: a swap, a Harvest, a Rest or an End
    phase's removals (``kind``), how many are left, and whose it is."""

    kind: PhaseWord
    count: int
    seat: int


class GoalJson(TypedDict):
    """The three ways to win (ruling T7): reach ``points``, lead by ``lead``, or score
    ``in_one_turn`` in a single turn."""

    points: int
    lead: int
    in_one_turn: int


class TanboTable(TypedDict):
    """Tanbo's table: the whole position, the same for every seat (ruling T8)."""

    #: Each colour's points, the rules the table shows (ruling T2): the renderer derives none.
    rice_points: RiceJson
    goal: GoalJson
    #: Tokens a paddy may hold (ruling T6).
    paddy_limit: int
    #: Paddies in each ring, numbered clockwise from 0, the last followed by 0 (ruling T1).
    paddies: int
    #: The seats, one ring each, in the order the table lays their rings out (seat 0's first).
    ring_order: list[int]
    phase: PhaseWord
    turn: int
    first_player: int
    #: Each player's five paddies, in sowing order.
    rings: list[list[TokensJson]]
    #: The tokens in the sowing hand.
    hand: TokensJson
    sowing: SowingJson | None
    #: The paddy whose action is being carried out.
    action_paddy: int | None
    pending: PendingJson | None
    bag: RiceJson
    #: Snakes left in the supply.
    supply: int
    scores: list[int]
    collected: list[RiceJson]
    #: Scored so far this turn.
    turn_points: int
    winner_reason: MessageJson | None
    turn_number: int
    #: The movement under way follows a Big Movement.
    replaying: bool
    #: Decisions taken so far.
    steps: int
    #: What each player just did, until they play again (public: ruling T8).
    last: list[LastTurnJson | None]


def last_view(state: TanboRules, seat: int) -> LastTurnJson | None:
    """``seat``'s last turn as the table shows it, with one line of words (``"text"``)."""
    turn = state.last[seat]
    if turn is None:
        return None
    live = None
    if seat == state.turn and state.phase is Phase.MOVE and state.sow_from is not None:
        live = (state.sow_from, sum(state.hand))
    text = turn_text(turn, live)
    return {**turn.to_json(), "text": None if text is None else text.to_json()}


def _landing(state: TanboRules) -> int | None:
    left = sum(state.hand)
    if state.phase is not Phase.MOVE or not left:
        return None
    return clockwise(state.sow_next, left - 1)


def _ways(state: TanboRules) -> list[WayJson]:
    """What the movement under way can lead to (public: ruling T8)."""
    if state.phase is not Phase.MOVE or not sum(state.hand):
        return []
    me = state.turn
    mover = Mover(
        score=state.score(me),
        rival=state.score(1 - me),
        turn_points=state.turn_points,
        collected=state.collected[me],
        rival_seat=1 - me,
    )
    return forecast(
        state.rings[me],
        state.hand,
        state.sow_next,
        mover,
        state.bag,
        state.supply,
        len(swaps(state.rings[1 - me])),
    )


def _reason(data: Any) -> Message | None:
    """A winning reason from the view (a message; a state saved before: its English words)."""
    if data is None:
        return None
    if isinstance(data, str):
        for key, n in (("points", WIN_POINTS), ("lead", WIN_LEAD), ("turn", WIN_IN_ONE_TURN)):
            reason = Message.of(f"tanbo.reason.{key}", n=n)
            if str(reason) == data:
                return reason
        raise ValueError(f"unknown winning reason {data!r}")
    return Message.from_json(data)


def table_view(state: TanboRules) -> TanboTable:
    """The ``"table"`` part of every seat's view (the same for all: ruling T8)."""
    phase: PhaseWord = state.phase.value  # before the test below narrows it (to a plain str)
    pending: PendingJson | None = None
    if state.phase in (Phase.SWAP, Phase.HARVEST, Phase.REST, Phase.EXCESS):
        pending = PendingJson(kind=phase, count=state.pending_count(), seat=state.actors()[0])
    sowing: SowingJson | None = None
    if state.sow_from is not None:
        sowing = {
            "from": state.sow_from,
            "next": state.sow_next,
            "placed": [{"paddy": p, "token": TOKEN_WORDS[t]} for p, t in state.placed],
            # Where the last token in hand will land (ruling T3); None once all are placed.
            "landing": _landing(state),
            "ways": _ways(state),
        }
    return {
        # The rules the table shows (rulings T1, T2, T6, T7): the renderer derives none of them.
        "rice_points": rice_json([0, *(RICE_POINTS[t] for t in RICE), 0]),
        "goal": {"points": WIN_POINTS, "lead": WIN_LEAD, "in_one_turn": WIN_IN_ONE_TURN},
        "paddy_limit": MAX_TOKENS_PER_PADDY,
        "paddies": PADDIES,
        "ring_order": list(range(SEATS)),
        "phase": phase,
        "turn": state.turn,
        "first_player": state.first_player,
        "rings": [[tokens_json(p) for p in ring] for ring in state.rings],
        "hand": tokens_json(state.hand),
        "sowing": sowing,
        "action_paddy": state.action_paddy,
        "pending": pending,
        "bag": rice_json(state.bag),
        "supply": state.supply,
        "scores": [state.score(0), state.score(1)],
        "collected": [rice_json(c) for c in state.collected],
        "turn_points": state.turn_points,
        "winner_reason": None if state.winner_reason is None else state.winner_reason.to_json(),
        "turn_number": state.turns,
        "replaying": state.again,
        "steps": state.steps,
        # What each player just did, until they play again (public: ruling T8).
        "last": [last_view(state, 0), last_view(state, 1)],
    }


def state_json(state: TanboRules) -> JsonDict:
    """The whole state: the table, the generator, the log and the winner."""
    return {
        "table": table_view(state),
        "rng": state.rng.state,
        "log": [e.to_json() for e in state.log],
        "winner": state.winner,
    }


def from_table(
    kind: type[R],
    game: Game,
    table: Mapping[str, Any],
    rng: Rng,
    log: Sequence[LogEntry],
    winner: int | None,
    turns: int,
    again: bool,
) -> R:
    """A ``kind`` of state from a table view and the parts the table does not carry."""
    try:
        state = kind(game, rng, int(table["first_player"]))
        state.phase = Phase(table["phase"])
        state.turn = int(table["turn"])
        state.rings = [[counts_from_json(p) for p in ring] for ring in table["rings"]]
        state.hand = counts_from_json(table["hand"])
        sowing = table["sowing"]
        if sowing is not None:
            state.sow_from = int(sowing["from"])
            state.sow_next = int(sowing["next"])
            state.placed = [
                (int(e["paddy"]), int(TOKEN_BY_WORD[e["token"]])) for e in sowing["placed"]
            ]
        ap = table["action_paddy"]
        state.action_paddy = None if ap is None else int(ap)
        pending = table["pending"]
        if pending is not None and state.phase in (Phase.HARVEST, Phase.REST):
            state.left = int(pending["count"])
        state.bag = rice_from_json(table["bag"])
        state.supply = int(table["supply"])
        state.collected = [rice_from_json(c) for c in table["collected"]]
        state.turn_points = int(table["turn_points"])
        state.winner_reason = _reason(table["winner_reason"])
        state.steps = int(table.get("steps", 0))
        state.last = [
            None if t is None else Turn.from_json(t) for t in table.get("last", [None] * 2)
        ]
    except (KeyError, TypeError, ValueError, IndexError) as exc:
        raise BadRecord(Message.of("tanbo.error.not_table", detail=repr(exc))) from exc
    state.log = list(log)
    state.winner = winner
    state.turns = turns
    state.again = again
    return state


def from_json(kind: type[R], game: Game, data: Mapping[str, Any]) -> R:
    """Inverse of :func:`state_json`."""
    try:
        log = [LogEntry.from_json(e) for e in data["log"]]
        winner = data["winner"]
        return from_table(
            kind,
            game,
            data["table"],
            Rng.from_state(int(data["rng"])),
            log,
            None if winner is None else int(winner),
            int(data["table"]["turn_number"]),
            bool(data["table"]["replaying"]),
        )
    except (KeyError, TypeError, ValueError) as exc:
        raise BadRecord(Message.of("tanbo.error.not_saved", detail=repr(exc))) from exc


def from_view(kind: type[R], game: Game, view: Mapping[str, Any], rng: Rng) -> R:
    """A full state from what a seat sees, with a fresh generator drawn from ``rng``."""
    table = view["table"]
    outcome = view.get("outcome")
    winner = None
    if outcome is not None and outcome.get("winners"):
        winner = int(outcome["winners"][0])
    return from_table(
        kind,
        game,
        table,
        Rng(rng.next_u64()),
        [LogEntry(Message.from_json(t)) for t in view["log"]],
        winner,
        int(table["turn_number"]),
        bool(table["replaying"]),
    )


def check(state: TanboRules) -> None:
    """Raise ``AssertionError`` if tokens are not all accounted for or the phase is off."""
    snakes = state.supply + state.hand[Token.SNAKE]
    rice = [0, 0, 0, 0, 0]
    for t in RICE:
        rice[t] = state.bag[t] + state.hand[t] + sum(c[t] for c in state.collected)
    for seat, ring in enumerate(state.rings):
        assert len(ring) == PADDIES
        for paddy in ring:
            assert all(n >= 0 for n in paddy), f"negative count in {paddy}"
            assert paddy[Token.FARMER] in (0, 1)
            snakes += paddy[Token.SNAKE]
            for t in RICE:
                rice[t] += paddy[t]
        farmers = sum(p[Token.FARMER] for p in ring)
        if state.turn == seat and state.hand[Token.FARMER]:
            farmers += 1
        placed = state.phase is not Phase.FARMER or farmer_paddy(ring) is not None
        assert farmers == (1 if placed else 0), f"Player {seat + 1} has {farmers} Farmers"
    assert snakes == SNAKES_IN_GAME, f"{snakes} Snakes accounted for, not {SNAKES_IN_GAME}"
    for t in RICE:
        assert rice[t] == RICE_IN_GAME[t], f"{rice[t]} {t.word} accounted for"
    assert min(state.bag) >= 0 and state.supply >= 0 and min(state.hand) >= 0
    for c in state.collected:
        assert min(c) >= 0 and c[Token.SNAKE] == 0 and c[Token.FARMER] == 0
    for seat in (0, 1):  # scores are always the value of the collected Rice
        assert state.score(seat) == points(state.collected[seat])
    if state.phase is Phase.MOVE:
        assert sum(state.hand) > 0, "moving with an empty hand"
        assert sum(1 for t in state.hand if t) > 1, "a forced placement was left to the player"
    else:
        assert sum(state.hand) == 0, "tokens left in hand outside the movement"
    if state.phase is Phase.EXCESS:
        assert any(excess(p) for p in state.rings[state.turn])
    assert (state.phase is Phase.OVER) == (state.winner is not None)
    if state.phase in (Phase.HARVEST, Phase.REST):
        assert state.left > 0
