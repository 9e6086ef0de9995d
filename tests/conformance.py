"""The shared random-play test every game plugs into.

``play_random_games`` plays many seeded games with random legal actions and checks, after every
step: legal actions exist until the end, the game's own invariants hold, a refused action changes
nothing, clone and JSON round trips are equal, every view is JSON and shows its seat nothing it
may not see; and at the end, that the record replays to the very same state.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, TypeVar

from pygames.core import Action, Game, IllegalAction, MatchRecord, Rng, Seat, State

LeakCheck = Callable[[State, int, dict[str, Any]], None]

# The long run: ``PYGAMES_SOAK=1`` (``make soak-tests``) plays every conformance batch in full; the
# everyday run (``make test``) plays its first games only, with the same seeds, as OpenSpiel's
# random_sim_test does: every check runs on every step of those games, and volume is the soak's.
SOAK = os.environ.get("PYGAMES_SOAK", "") not in ("", "0")
EVERYDAY = 10


def soak_games(full: int, everyday: int = EVERYDAY) -> int:
    """How many games a conformance batch plays: ``full`` in a soak, else ``everyday`` (enough
    for the batch's own coverage assertions: its seeds are fixed, so the same games each run)."""
    return full if SOAK else min(full, everyday)


T = TypeVar("T")


def soak_first(values: Sequence[T], everyday: int = 1) -> list[T]:
    """The parameters (seeds, settings) of a test marked ``slow`` whose every one repeats the
    same check: all of ``values`` in a soak, else the first ``everyday`` (``make test`` makes
    the check once; the volume is ``make soak-tests``'s)."""
    return list(values[: soak_games(len(values), everyday)])


@dataclass
class Summary:
    """What a batch of random games did, for assertions on coverage."""

    games: int = 0
    steps: int = 0
    refusals: int = 0
    action_kinds: dict[str, int] = field(default_factory=dict)
    reasons: dict[str, int] = field(default_factory=dict)


def _snapshot(state: State) -> str:
    return json.dumps(state.to_json(), sort_keys=True)


def _check_copies(game: Game, state: State, rng: Rng, leak_check: LeakCheck | None) -> None:
    # State equality is equality of the saved form (State.__eq__): the original's is taken
    # once, as a game's log makes it long.
    saved = state.to_json()
    clone = state.clone()
    assert type(clone) is type(state) and clone.to_json() == saved, "clone differs"
    restored = game.state_from_json(json.loads(json.dumps(saved)))
    assert type(restored) is type(state), "JSON round trip gives another kind of state"
    assert restored.to_json() == saved, "JSON round trip differs from the original"
    for seat in [None, *range(state.players)]:
        view = state.view(seat)
        assert json.loads(json.dumps(view)) == view, "view is not plain JSON"
        if seat is None:
            continue
        if leak_check is not None:
            leak_check(state, seat, view)
        if not state.is_over():
            det = state.determinize(seat, Rng(rng.next_u64()))
            assert det.view(seat)["table"] == view["table"], "determinized table differs"
            assert det.actors() == state.actors()
            assert det.legal_actions(seat) == state.legal_actions(seat)


def _try_refusal(state: State, seat: int, rng: Rng, junk: list[Any]) -> bool:
    """Apply something illegal and check nothing changed; returns whether it tried."""
    before = _snapshot(state)
    others = [s for s in range(state.players) if s not in state.actors()]
    attempt: tuple[int, Any]
    if others and rng.randbelow(2):
        wrong_seat = rng.choice(others)
        attempt = (wrong_seat, rng.choice(state.legal_actions(seat)))
    else:
        attempt = (seat, rng.choice(junk))
    try:
        action = attempt[1]
        if not isinstance(action, Action):
            action = state.game.decode_action(action)
        state.apply(attempt[0], action)
    except IllegalAction as exc:
        assert str(exc), "refusal without a message"
        assert _snapshot(state) == before, "a refused action changed the state"
        return True
    raise AssertionError(f"illegal action accepted: {attempt!r}")


def play_random_games(
    game: Game,
    players: int,
    count: int,
    seed: int,
    options: Mapping[str, Any] | None = None,
    leak_check: LeakCheck | None = None,
    junk_actions: list[Any] | None = None,
    deep_every: int = 7,
    max_steps: int = 20_000,
) -> Summary:
    """Play ``count`` random games and check the contract after every step.

    ``junk_actions`` are JSON actions that must always be refused (malformed or never legal);
    the deeper checks (copies, views, determinize) run every ``deep_every`` steps and at the end.
    """
    junk = junk_actions or [{"type": "no-such-action"}, {}, "sow", {"type": None}]
    summary = Summary()
    for g in range(count):
        game_seed = seed + g
        rng = Rng(game_seed * 7919 + 1)
        opts = dict(options or {})
        state = game.new_state(players, game_seed, opts)
        record = MatchRecord(
            game=game.id,
            seats=[Seat(f"P{i + 1}") for i in range(players)],
            seed=game_seed,
            options=opts,
        )
        state.check_invariants()
        _check_copies(game, state, rng, leak_check)
        steps = 0
        while not state.is_over():
            actors = state.actors()
            assert actors, f"game {game_seed}: nobody may act but the game is not over"
            awaited = state.awaiting()
            assert awaited and set(awaited) <= set(actors), "awaited seats must be actors"
            seat = rng.choice(actors)
            legal = state.legal_actions(seat)
            assert legal, f"game {game_seed}: {seat} is to act but has no legal action"
            for other in range(players):
                if other not in actors:
                    assert not state.legal_actions(other), "a seat not acting has legal actions"
            if steps % deep_every == 0:
                summary.refusals += _try_refusal(state, seat, rng, junk)
            action = rng.choice(legal)
            data = action.to_json()
            assert game.decode_action(json.loads(json.dumps(data))) == action
            state.apply(seat, action)
            record.actions.append((seat, data))
            summary.action_kinds[action.kind] = summary.action_kinds.get(action.kind, 0) + 1
            state.check_invariants()
            steps += 1
            if steps % deep_every == 0:
                _check_copies(game, state, rng, leak_check)
            assert steps < max_steps, f"game {game_seed} did not end in {max_steps} steps"
        outcome = state.outcome()
        assert outcome is not None
        assert outcome.winners, "a finished game has no winner"
        assert state.actors() == ()
        for s in range(players):
            assert state.legal_actions(s) == []
        _check_copies(game, state, rng, leak_check)
        reason = str(outcome.reason)
        summary.reasons[reason] = summary.reasons.get(reason, 0) + 1
        replayed = MatchRecord.from_json(json.loads(json.dumps(record.to_json()))).replay(game)
        assert replayed == state, f"game {game_seed}: the record does not replay exactly"
        summary.games += 1
        summary.steps += steps
    return summary
