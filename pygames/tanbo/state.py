"""The rules of a Tanbo game in progress: the phases of a turn and the decisions within them.

A turn runs Preparation (pick up the Farmer's paddy), Movement (place the tokens one by one),
Action (read the last paddy) and End (trim paddies over 10 tokens). Forced steps are taken at
once; the state stops only where a player has a real choice. The views, the saved form and the
reasons for refusals are added on top of these rules by :class:`~pygames.tanbo.game.TanboState`.

>>> from pygames.tanbo import TanboGame
>>> state = TanboGame().new_state(2, seed=1, options={})
>>> state.phase.value, state.actors()
('farmer', (0,))
>>> state.apply(0, PlaceFarmer(0)); state.apply(1, PlaceFarmer(4))
>>> state.phase.value, state.view(0)["table"]["hand"]["snakes"]
('move', 2)
"""

from __future__ import annotations

import copy
from dataclasses import replace
from enum import StrEnum
from typing import Any, Self

from ..core import Action, Game, IllegalAction, JsonDict, LogEntry, Outcome, Rng, State, made_text
from .actions import Place, PlaceFarmer, Remove, ReturnRice, Swap, Take
from .field import (
    Spot,
    Work,
    clockwise,
    excess,
    farmer_paddy,
    new_ring,
    removable,
    rest_target,
    swaps,
    work_for,
)
from .summary import Movement, Turn, add, tally
from .tokens import (
    PADDIES,
    RICE,
    RICE_IN_GAME,
    RICE_POINTS,
    SNAKES_IN_GAME,
    STANDARD_SNAKES_PER_PADDY,
    TOKEN_BY_WORD,
    TOKEN_WORDS,
    WIN_IN_ONE_TURN,
    WIN_LEAD,
    WIN_POINTS,
    Counts,
    Token,
    describe,
    empty,
    plural,
    points,
    rice_count,
)

SNAKE, FARMER = Token.SNAKE.value, Token.FARMER.value


class Phase(StrEnum):
    """Where the game stands; the view's ``"phase"``."""

    FARMER = "farmer"  # setup: a player places their Farmer (ruling T2)
    MOVE = "move"  # the turn's player places the next token (ruling T3)
    SWAP = "swap"  # the opponent swaps two tokens (Big Movement, ruling T4)
    HARVEST = "harvest"  # the turn's player takes Rice (ruling T4)
    REST = "rest"  # the turn's player returns collected Rice (ruling T4)
    EXCESS = "excess"  # the turn's player trims over-full paddies (ruling T6)
    OVER = "over"


def _one(token: int) -> str:
    """``"a Snake"``, ``"Black Rice"``, ``"the Farmer"``."""
    if token == SNAKE:
        return "a Snake"
    if token == FARMER:
        return "the Farmer"
    return Token(token).title


def _paddies(n: int) -> str:
    return f"{n} paddy" if n == 1 else f"{n} paddies"


class TanboRules(State):
    """The whole position: both rings, the hand in motion, bag, supply and collected Rice.

    The rules only: :class:`~pygames.tanbo.game.TanboState` adds the views and the refusals.
    """

    players = 2

    def __init__(self, game: Game, rng: Rng, first_player: int = 0) -> None:
        self.game = game
        self.rng = rng
        self.log: list[LogEntry] = []
        self.first_player = first_player
        self.phase = Phase.FARMER
        self.turn = first_player
        self.rings = [new_ring(), new_ring()]
        self.hand = empty()
        self.sow_from: int | None = None
        self.sow_next = 0
        self.placed: list[tuple[int, int]] = []
        self.action_paddy: int | None = None
        self.left = 0  # Rice still to take (Harvest) or to return (Rest)
        self.bag = empty()
        self.supply = 0
        self.collected = [empty(), empty()]
        self.turn_points = 0
        self.winner: int | None = None
        self.winner_reason: str | None = None
        self.turns = 0
        self.again = False  # the current movement follows a Big Movement
        self.steps = 0  # decisions taken (the match record's step)
        self.last: list[Turn | None] = [None, None]  # each seat's last turn, shown on the table

    # --- reading the position ---------------------------------------------------------------

    def score(self, seat: int) -> int:
        """Points of ``seat``: the value of the Rice they have collected."""
        return points(self.collected[seat])

    def actors(self) -> tuple[int, ...]:
        if self.phase is Phase.OVER:
            return ()
        if self.phase is Phase.SWAP:
            return (1 - self.turn,)
        return (self.turn,)

    def legal_actions(self, seat: int) -> list[Action]:
        if seat not in self.actors():
            return []
        phase = self.phase
        if phase is Phase.MOVE:
            return [Place(TOKEN_WORDS[t]) for t in range(5) if self.hand[t]]
        if phase is Phase.FARMER:
            return [PlaceFarmer(p) for p in range(PADDIES)]
        if phase is Phase.HARVEST:
            assert self.action_paddy is not None
            paddy = self.rings[self.turn][self.action_paddy]
            return [Take(t.word) for t in RICE if paddy[t]]
        if phase is Phase.REST:
            mine = self.collected[self.turn]
            return [ReturnRice(t.word) for t in RICE if mine[t]]
        if phase is Phase.SWAP:
            return [
                Swap((p, TOKEN_WORDS[t]), (q, TOKEN_WORDS[u]))
                for (p, t), (q, u) in swaps(self.rings[1 - self.turn])
            ]
        if phase is Phase.EXCESS:
            return [
                Remove(p, TOKEN_WORDS[t])
                for p, paddy in enumerate(self.rings[self.turn])
                if excess(paddy)
                for t in removable(paddy)
            ]
        return []

    def is_over(self) -> bool:
        return self.phase is Phase.OVER

    def outcome(self) -> Outcome | None:
        if self.winner is None or self.winner_reason is None:
            return None
        return Outcome(
            winners=(self.winner,),
            scores=(self.score(0), self.score(1)),
            reason=made_text(self.winner_reason),
            details={"collected": [describe(c, "no Rice") for c in self.collected]},
        )

    def turns_taken(self) -> int:
        return self.turns

    def pending_count(self) -> int:
        """Decisions still owed in the current Harvest, Rest, swap or End phase."""
        if self.phase is Phase.EXCESS:
            return sum(excess(p) for p in self.rings[self.turn])
        if self.phase is Phase.SWAP:
            return 1
        return self.left

    # --- applying decisions -----------------------------------------------------------------

    def apply(self, seat: int, action: Action) -> None:
        """Apply a decision; a swap may name its two tokens in either order."""
        if (
            isinstance(action, Swap)
            and _is_spot(action.a)
            and _is_spot(action.b)
            and action.a[0] > action.b[0]
        ):
            action = Swap(action.b, action.a)
        super().apply(seat, action)

    def _apply(self, seat: int, action: Action) -> None:
        self.steps += 1
        if isinstance(action, Place):
            self._place(TOKEN_BY_WORD[action.token])
            self._continue_move()
        elif isinstance(action, PlaceFarmer):
            self._place_farmer(action.paddy)
        elif isinstance(action, Take):
            self._harvest(TOKEN_BY_WORD[action.rice], f"{self.seat_name(seat)} ")
        elif isinstance(action, ReturnRice):
            self._return_rice(TOKEN_BY_WORD[action.rice], f"{self.seat_name(seat)} ")
        elif isinstance(action, Swap):
            a = (action.a[0], TOKEN_BY_WORD[action.a[1]].value)
            b = (action.b[0], TOKEN_BY_WORD[action.b[1]].value)
            self._swap(a, b)
        elif isinstance(action, Remove):
            self._remove(action.paddy, TOKEN_BY_WORD[action.token], 1)
            self._end_phase()
        else:  # pragma: no cover - legal_actions only yields the kinds above
            raise IllegalAction(f"Tanbo has no {action.kind!r} action.")

    def _say(self, text: str) -> None:
        self.log.append(LogEntry(made_text(text)))  # ruling T8: every line is public

    # --- what each player just did (the table shows it until they play again) ---------------

    def _note(self, seat: int, **changes: Any) -> None:
        """Update ``seat``'s last-turn summary (a new value: copies of the state share them)."""
        turn = self.last[seat] or Turn(number=0, step=self.steps, done=True)
        self.last[seat] = replace(turn, step=self.steps, **changes)

    def _note_move(self, **changes: Any) -> None:
        """Update the movement of the current turn that is being acted on."""
        turn = self.last[self.turn]
        assert turn is not None and turn.moves
        moves = (*turn.moves[:-1], replace(turn.moves[-1], **changes))
        self._note(self.turn, moves=moves)

    def _moves(self) -> tuple[Movement, ...]:
        turn = self.last[self.turn]
        return () if turn is None else turn.moves

    # --- setup (ruling T2) ------------------------------------------------------------------

    def draw(self, n: int) -> Counts:
        """Draw ``n`` Rice at random from the bag, or what it holds (ruling T5)."""
        got = empty()
        bag = self.bag
        for _ in range(n):
            total = bag[1] + bag[2] + bag[3]
            if not total:
                break
            r = self.rng.randbelow(total)
            colour = 1
            while r >= bag[colour]:
                r -= bag[colour]
                colour += 1
            bag[colour] -= 1
            got[colour] += 1
        return got

    def set_up(self, setup: str | JsonDict) -> None:
        """Fill the rings, bag and supply from the standard or a custom setup."""
        for t in RICE:
            self.bag[t] = RICE_IN_GAME[t]
        if setup == "standard":
            for ring in self.rings:
                for paddy in ring:
                    paddy[SNAKE] = STANDARD_SNAKES_PER_PADDY
            self.supply = SNAKES_IN_GAME - 2 * PADDIES * STANDARD_SNAKES_PER_PADDY
            self._say("Standard setup: 2 Snakes in every paddy, 30 Rice in the bag.")
        else:
            assert isinstance(setup, dict)
            used = 0
            for seat, ring_spec in enumerate(setup["paddies"]):
                for p, spec in enumerate(ring_spec):
                    paddy = self.rings[seat][p]
                    paddy[SNAKE] = spec["snakes"]
                    used += spec["snakes"]
                    got = self.draw(spec["rice"])
                    for t in RICE:
                        paddy[t] += got[t]
            self.supply = SNAKES_IN_GAME - used
            for seat in (0, 1):
                contents = "; ".join(
                    f"paddy {p + 1}: {describe(paddy, 'empty')}"
                    for p, paddy in enumerate(self.rings[seat])
                )
                self._say(f"Custom setup, {self.seat_name(seat)}: {contents}.")
        self._say(f"{self.seat_name(self.first_player)} plays first.")

    def _place_farmer(self, paddy: int) -> None:
        seat = self.turn
        self.rings[seat][paddy][FARMER] = 1
        self.last[seat] = Turn(number=0, step=self.steps, farmer=paddy, done=True)
        self._say(f"{self.seat_name(seat)} places the Farmer in paddy {paddy + 1}.")
        if farmer_paddy(self.rings[1 - seat]) is None:
            self.turn = 1 - seat
        else:
            self.begin_turn(self.first_player)

    # --- Preparation and Movement (ruling T3) ---------------------------------------------

    def begin_turn(self, seat: int) -> None:
        """Start ``seat``'s turn: pick up the Farmer's paddy and make any forced placement."""
        self.turn = seat
        self.turn_points = 0
        self.turns += 1
        self.again = False
        self.last[seat] = Turn(number=self.turns, step=self.steps)
        paddy = farmer_paddy(self.rings[seat])
        assert paddy is not None
        self._pick_up(paddy)
        self._continue_move()

    def _pick_up(self, paddy: int) -> None:
        ring = self.rings[self.turn]
        self.hand = ring[paddy]
        ring[paddy] = empty()
        self.sow_from = paddy
        self.sow_next = clockwise(paddy)
        self.placed = []
        self.action_paddy = None
        self.left = 0
        self.phase = Phase.MOVE

    def _place(self, token: int) -> None:
        self.hand[token] -= 1
        self.rings[self.turn][self.sow_next][token] += 1
        self.placed.append((self.sow_next, token))
        self.sow_next = clockwise(self.sow_next)

    def _continue_move(self) -> None:
        kinds = [t for t in range(5) if self.hand[t]]
        if len(kinds) > 1:
            return  # the player chooses the next token
        if kinds:  # one kind left: no choice, place them all
            while self.hand[kinds[0]]:
                self._place(kinds[0])
        self._act()

    # --- Action (ruling T4) -----------------------------------------------------------------

    def _act(self) -> None:
        paddy = self.placed[-1][0]
        self.action_paddy = paddy
        here = self.rings[self.turn][paddy]
        work, size = work_for(here)
        n = len(self.placed)
        assert self.sow_from is not None
        move = Movement(self.sow_from, tuple(self.placed), self.again, paddy, work)
        self._note(self.turn, moves=(*self._moves(), move))
        head = (
            f"{self.seat_name(self.turn)} moves{' again' if self.again else ''} "
            f"{n} token{'s' if n != 1 else ''} from paddy {self.sow_from_text()} "
            f"to paddy {paddy + 1}: {work.value}"
        )
        self.again = False  # only a movement in progress needs to know
        if work is Work.REST:
            self._rest(head)
        elif work is Work.SOW:
            self._sow(here, head)
            self._end_phase()
        elif work is Work.CULTIVATE:
            got = self.draw(size)  # ruling T5: the bag may run short
            for t in RICE:
                here[t] += got[t]
            self._note_move(drew=tally(got))
            short = "" if rice_count(got) == size else " (the bag ran short)"
            self._say(f"{head}, draws {describe(got)}{short}.")
            self._end_phase()
        elif work is Work.HARVEST:
            self.left = size
            self._harvest(None, f"{head}, ")
        else:
            self._say(f"{head}.")
            self._big_movement()

    def sow_from_text(self) -> str:
        """The paddy the current movement started from, 1-based, for the log."""
        return "?" if self.sow_from is None else str(self.sow_from + 1)

    def _sow(self, here: Counts, head: str) -> None:
        if here[SNAKE] == 0:
            rice = here[:]
            rice[FARMER] = 0
            for t in RICE:
                self.bag[t] += here[t]
                here[t] = 0
            added = min(2, self.supply)  # ruling T5
            self.supply -= added
            here[SNAKE] += added
            self._note_move(cleared=tally(rice), snakes_added=added)
            short = "" if added == 2 else " (the supply ran short)"
            self._say(
                f"{head}, returns {describe(rice)} to the bag and adds "
                f"{plural(added, Token.SNAKE)}{short}."
            )
        else:
            snakes = here[SNAKE]
            self.supply += snakes
            here[SNAKE] = 0
            got = self.draw(2)  # ruling T5
            for t in RICE:
                here[t] += got[t]
            self._note_move(cleared=(snakes, 0, 0, 0, 0), drew=tally(got))
            short = "" if rice_count(got) == 2 else " (the bag ran short)"
            self._say(
                f"{head}, returns {plural(snakes, Token.SNAKE)} to the supply and draws "
                f"{describe(got)}{short}."
            )

    def _harvest(self, first: int | None, head: str) -> None:
        seat = self.turn
        assert self.action_paddy is not None
        here = self.rings[seat][self.action_paddy]
        mine = self.collected[seat]
        taken = empty()
        win = None
        choice = first
        while self.left > 0:
            if choice is None:
                present = [t for t in (1, 2, 3) if here[t]]
                if len(present) != 1:
                    break  # the player chooses the colours (ruling T4)
                choice = present[0]
            here[choice] -= 1
            mine[choice] += 1
            taken[choice] += 1
            self.turn_points += RICE_POINTS[Token(choice)]
            self.left -= 1
            choice = None
            win = self.winner_now()  # ruling T7: after every change of score
            if win:
                break
        move = self._moves()[-1]
        self._note_move(took=add(move.took, taken))
        self._note(seat, points=self._points() + points(taken))
        parts = []
        if rice_count(taken):
            parts.append(f"takes {describe(taken)}, +{points(taken)}")
        if self.left and not win:
            parts.append(f"{self.left}{' more' if parts else ''} Rice to take")
        self._say(head + "; ".join(parts) + ".")
        if win:
            self._declare(*win)
        elif self.left:
            self.phase = Phase.HARVEST
        else:
            self._end_phase()

    def _rest(self, head: str) -> None:
        seat = self.turn
        ring = self.rings[seat]
        assert self.action_paddy is not None
        steps = rest_target(ring, self.action_paddy)
        if steps is None:
            self._say(f"{head}, but no paddy holds a Snake or Rice: the Farmer stays.")
            self._end_phase()
            return
        target = clockwise(self.action_paddy, steps)
        ring[self.action_paddy][FARMER] = 0
        ring[target][FARMER] = 1
        self._note_move(farmer_to=target)
        self.left = min(steps, rice_count(self.collected[seat]))
        moved = f"{head}, the Farmer moves {_paddies(steps)} to paddy {target + 1}"
        if not self.left:
            self._say(f"{moved} and there is no collected Rice to return.")
            self._end_phase()
            return
        self._return_rice(None, f"{moved}, ")

    def _return_rice(self, first: int | None, head: str) -> None:
        seat = self.turn
        mine = self.collected[seat]
        returned = empty()
        win = None
        choice = first
        while self.left > 0:
            if choice is None:
                present = [t for t in (1, 2, 3) if mine[t]]
                if len(present) != 1 and self.left < rice_count(mine):
                    break  # the player chooses the colours (ruling T4)
                choice = present[0]
            mine[choice] -= 1
            self.bag[choice] += 1
            returned[choice] += 1
            self.left -= 1
            choice = None
            win = self.winner_now()  # ruling T7: a loss can give the opponent a 20 lead
            if win:
                break
        move = self._moves()[-1]
        self._note_move(returned=add(move.returned, returned))
        turn = self.last[seat]
        assert turn is not None
        self._note(seat, lost=turn.lost + points(returned))
        parts = []
        if rice_count(returned):
            parts.append(f"returns {describe(returned)}, -{points(returned)}")
        if self.left and not win:
            parts.append(f"{self.left}{' more' if parts else ''} Rice to return")
        self._say(head + "; ".join(parts) + ".")
        if win:
            self._declare(*win)
        elif self.left:
            self.phase = Phase.REST
        else:
            self._end_phase()

    def _big_movement(self) -> None:
        opponent = 1 - self.turn
        options = swaps(self.rings[opponent])
        if len(options) == 1:
            self._swap(*options[0])
        elif options:
            self.phase = Phase.SWAP
        else:
            self._note_move(no_swap=True)
            self._say(
                f"{self.seat_name(opponent)} has no two different tokens to swap (Big Movement)."
            )
            self._move_again()

    def _swap(self, a: Spot, b: Spot) -> None:
        opponent = 1 - self.turn
        ring = self.rings[opponent]
        (p, t), (q, u) = a, b
        ring[p][t] -= 1
        ring[q][t] += 1
        ring[q][u] -= 1
        ring[p][u] += 1
        self._note_move(swap=(a, b))
        mine = self.last[opponent]
        self._note(opponent, swaps=(*(mine.swaps if mine else ()), (a, b)))
        self._say(
            f"{self.seat_name(opponent)} swaps {_one(t)} in paddy {p + 1} with {_one(u)} "
            f"in paddy {q + 1} (Big Movement)."
        )
        self._move_again()

    def _move_again(self) -> None:
        # ruling T4: pick up the last paddy and move again from there; this can repeat.
        assert self.action_paddy is not None
        self.again = True
        self._pick_up(self.action_paddy)
        self._continue_move()

    # --- End phase (ruling T6) and winning (ruling T7) -----------------------------------

    def _remove(self, paddy: int, token: int, n: int) -> None:
        self.rings[self.turn][paddy][token] -= n
        if token == SNAKE:
            self.supply += n
        else:
            self.bag[token] += n
        self._note_removed(paddy, token, n)
        self._say(
            f"{self.seat_name(self.turn)} removes {plural(n, Token(token))} from paddy "
            f"{paddy + 1} (more than 10 tokens)."
        )

    def _note_removed(self, paddy: int, token: int, n: int) -> None:
        turn = self.last[self.turn]
        removed = [] if turn is None else list(turn.removed)
        for i, (p, t, m) in enumerate(removed):
            if (p, t) == (paddy, token):
                removed[i] = (p, t, m + n)
                break
        else:
            removed.append((paddy, token, n))
        self._note(self.turn, removed=tuple(removed))

    def _points(self) -> int:
        turn = self.last[self.turn]
        return 0 if turn is None else turn.points

    def _end_phase(self) -> None:
        ring = self.rings[self.turn]
        choice = False
        for p, paddy in enumerate(ring):
            n = excess(paddy)
            if n:
                kinds = removable(paddy)
                if len(kinds) == 1:
                    self._remove(p, kinds[0], n)
                else:
                    choice = True
        if choice:
            self.phase = Phase.EXCESS
            self.left = 0
        else:
            self._note(self.turn, done=True)
            self.begin_turn(1 - self.turn)

    def winner_now(self) -> tuple[int, str] | None:
        """Who wins at once with the current scores, and why (ruling T7)."""
        me = self.turn
        for seat in (me, 1 - me):
            mine, theirs = self.score(seat), self.score(1 - seat)
            if mine >= WIN_POINTS:
                return seat, f"reached {WIN_POINTS} points"
            if mine - theirs >= WIN_LEAD:
                return seat, f"led by {WIN_LEAD} points"
            if seat == me and self.turn_points >= WIN_IN_ONE_TURN:
                return seat, f"scored {WIN_IN_ONE_TURN} points in one turn"
        return None

    def _declare(self, seat: int, reason: str) -> None:
        self.winner = seat
        self.winner_reason = reason
        self.phase = Phase.OVER
        self.left = 0
        self._note(self.turn, done=True)
        self._say(f"{self.seat_name(seat)} wins: {reason}.")

    # --- copies ----------------------------------------------------------------------------

    def clone(self) -> Self:
        """An independent copy (faster than a deep copy)."""
        other = copy.copy(self)
        other.rng = Rng.from_state(self.rng.state)
        other.log = list(self.log)
        other.rings = [[p[:] for p in ring] for ring in self.rings]
        other.hand = self.hand[:]
        other.placed = list(self.placed)
        other.bag = self.bag[:]
        other.collected = [c[:] for c in self.collected]
        other.last = list(self.last)  # the summaries are immutable
        return other


def _is_spot(value: object) -> bool:
    return (
        isinstance(value, tuple)
        and len(value) == 2
        and isinstance(value[0], int)
        and not isinstance(value[0], bool)
        and isinstance(value[1], str)
    )
