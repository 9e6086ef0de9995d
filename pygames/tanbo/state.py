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
from typing import Any, Literal, Self, TypedDict

from ..core import Action, Game, IllegalAction, JsonDict, LogEntry, Message, Outcome, Rng, State
from ..core.contract import MessageJson
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
    MAX_TOKENS_PER_PADDY,
    PADDIES,
    RICE,
    RICE_IN_GAME,
    RICE_POINTS,
    RICE_WORD,
    SNAKES_IN_GAME,
    STANDARD_SNAKES_PER_PADDY,
    TOKEN_BY_WORD,
    TOKEN_WORDS,
    WIN_IN_ONE_TURN,
    WIN_LEAD,
    WIN_POINTS,
    Counts,
    Token,
    empty,
    points,
    rice_count,
)
from .words import count, describe, one
from .words import work as work_name

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


#: A :class:`Phase`'s value, as views carry it (JSON has no enums); mypy checks that the values
#: match, as it reads ``Phase.value`` as the union of its members' values.
PhaseWord = Literal["farmer", "move", "swap", "harvest", "rest", "excess", "over"]


class TanboDetails(TypedDict):
    """Tanbo's own figures at the end of a game."""

    #: The Rice each player collected, in words, by seat.
    collected: list[MessageJson]


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
        self.winner_reason: Message | None = None
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
            return [Take(RICE_WORD[t]) for t in RICE if paddy[t]]
        if phase is Phase.REST:
            mine = self.collected[self.turn]
            return [ReturnRice(RICE_WORD[t]) for t in RICE if mine[t]]
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
            reason=self.winner_reason,
            details=TanboDetails(collected=[describe(c, "rice").to_json() for c in self.collected]),
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
            self._harvest(TOKEN_BY_WORD[action.rice], seat)
        elif isinstance(action, ReturnRice):
            self._return_rice(TOKEN_BY_WORD[action.rice], seat)
        elif isinstance(action, Swap):
            a = (action.a[0], TOKEN_BY_WORD[action.a[1]].value)
            b = (action.b[0], TOKEN_BY_WORD[action.b[1]].value)
            self._swap(a, b)
        elif isinstance(action, Remove):
            self._remove(action.paddy, TOKEN_BY_WORD[action.token], 1)
            self._end_phase()
        else:  # pragma: no cover - legal_actions only yields the kinds above
            raise IllegalAction(Message.of("tanbo.refuse.no_such_action", kind=repr(action.kind)))

    def _say(self, message_id: str, /, **args: object) -> None:
        # ruling T8: every line is public
        self.log.append(LogEntry(Message.of(f"tanbo.log.{message_id}", **args)))

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

    def draw_rice(self, n: int) -> Counts:
        """Draw ``n`` Rice at random from the bag, or what it holds (ruling T5)."""
        got = empty()
        bag = self.bag
        if n < sum(bag[1:4]) and sum(1 for c in (1, 2, 3) if bag[c]) > 1:
            # A draw whose colours could have gone otherwise: both players now know them
            # (the undo policy, pygames/core/undo.py).
            self.tell(Message.of("tanbo.news.rice_drawn"))
        for _ in range(n):
            total = bag[1] + bag[2] + bag[3]
            if not total:
                break
            r = self.draw(total)  # told above, for the whole draw
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
            self._say("standard_setup", snakes=STANDARD_SNAKES_PER_PADDY, rice=sum(self.bag))
        else:
            assert isinstance(setup, dict)
            used = 0
            for seat, ring_spec in enumerate(setup["paddies"]):
                for p, spec in enumerate(ring_spec):
                    paddy = self.rings[seat][p]
                    paddy[SNAKE] = spec["snakes"]
                    used += spec["snakes"]
                    got = self.draw_rice(spec["rice"])
                    for t in RICE:
                        paddy[t] += got[t]
            self.supply = SNAKES_IN_GAME - used
            for seat in (0, 1):
                contents = {
                    f"p{p + 1}": describe(paddy, "empty")
                    for p, paddy in enumerate(self.rings[seat])
                }
                self._say("custom_setup", seat=seat, **contents)
        self._say("first", seat=self.first_player)

    def _place_farmer(self, paddy: int) -> None:
        seat = self.turn
        self.rings[seat][paddy][FARMER] = 1
        self.last[seat] = Turn(number=0, step=self.steps, farmer=paddy, done=True)
        self._say("farmer", seat=seat, paddy=paddy + 1)
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
        head = Message.of(
            "tanbo.log.move_again" if self.again else "tanbo.log.move",
            seat=self.turn,
            n=n,
            start=self.sow_from + 1,
            paddy=paddy + 1,
            work=work_name(work),
        )
        self.again = False  # only a movement in progress needs to know
        if work is Work.REST:
            self._rest(head)
        elif work is Work.SOW:
            self._sow(here, head)
            self._end_phase()
        elif work is Work.CULTIVATE:
            got = self.draw_rice(size)  # ruling T5: the bag may run short
            for t in RICE:
                here[t] += got[t]
            self._note_move(drew=tally(got))
            short = "" if rice_count(got) == size else "_short"
            self._say(f"cultivate{short}", head=head, rice=describe(got))
            self._end_phase()
        elif work is Work.HARVEST:
            self.left = size
            self._harvest(None, head)
        else:
            self._say("line", head=head)
            self._big_movement()

    def _sow(self, here: Counts, head: Message) -> None:
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
            short = "" if added == 2 else "_short"
            self._say(
                f"sow_rice{short}", head=head, rice=describe(rice), snakes=count(added, SNAKE)
            )
        else:
            snakes = here[SNAKE]
            self.supply += snakes
            here[SNAKE] = 0
            got = self.draw_rice(2)  # ruling T5
            for t in RICE:
                here[t] += got[t]
            self._note_move(cleared=(snakes, 0, 0, 0, 0), drew=tally(got))
            short = "" if rice_count(got) == 2 else "_short"
            self._say(
                f"sow_snakes{short}", head=head, snakes=count(snakes, SNAKE), rice=describe(got)
            )

    def _harvest(self, first: int | None, head: Message | int) -> None:
        """Take Rice (``head``: the movement that led here, or the seat choosing it)."""
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
            parts.append(Message.of("tanbo.do.take", rice=describe(taken), points=points(taken)))
        if self.left and not win:
            more = "more_to_take" if parts else "to_take"
            parts.append(Message.of(f"tanbo.do.{more}", n=self.left))
        self._say_parts(head, parts)
        if win:
            self._declare(*win)
        elif self.left:
            self.phase = Phase.HARVEST
        else:
            self._end_phase()

    def _say_parts(self, head: Message | int, parts: list[Message]) -> None:
        """One line: what a movement led to, or what a seat chose (an int), then ``parts``."""
        if not parts:
            assert isinstance(head, Message)
            self._say("line", head=head)
            return
        what = parts[0] if len(parts) == 1 else Message.of("tanbo.do.both", a=parts[0], b=parts[1])
        if isinstance(head, Message):
            self._say("then", head=head, what=what)
        else:
            self._say("seat_does", seat=head, what=what)

    def _rest(self, head: Message) -> None:
        seat = self.turn
        ring = self.rings[seat]
        assert self.action_paddy is not None
        steps = rest_target(ring, self.action_paddy)
        if steps is None:
            self._say("rest_stays", head=head)
            self._end_phase()
            return
        target = clockwise(self.action_paddy, steps)
        ring[self.action_paddy][FARMER] = 0
        ring[target][FARMER] = 1
        self._note_move(farmer_to=target)
        self.left = min(steps, rice_count(self.collected[seat]))
        moved = Message.of("tanbo.log.farmer_moves", head=head, n=steps, paddy=target + 1)
        if not self.left:
            self._say("rest_nothing", head=moved)
            self._end_phase()
            return
        self._return_rice(None, moved)

    def _return_rice(self, first: int | None, head: Message | int) -> None:
        """Return Rice (``head``: the Farmer's move that led here, or the seat choosing it)."""
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
            parts.append(
                Message.of("tanbo.do.return", rice=describe(returned), points=points(returned))
            )
        if self.left and not win:
            more = "more_to_return" if parts else "to_return"
            parts.append(Message.of(f"tanbo.do.{more}", n=self.left))
        self._say_parts(head, parts)
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
            self._say("no_swap", seat=opponent)
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
        self._say("swap", seat=opponent, a=one(t), p=p + 1, b=one(u), q=q + 1)
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
            "remove",
            seat=self.turn,
            tokens=count(n, token),
            paddy=paddy + 1,
            limit=MAX_TOKENS_PER_PADDY,
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

    def winner_now(self) -> tuple[int, Message] | None:
        """Who wins at once with the current scores, and why (ruling T7)."""
        me = self.turn
        for seat in (me, 1 - me):
            mine, theirs = self.score(seat), self.score(1 - seat)
            if mine >= WIN_POINTS:
                return seat, Message.of("tanbo.reason.points", n=WIN_POINTS)
            if mine - theirs >= WIN_LEAD:
                return seat, Message.of("tanbo.reason.lead", n=WIN_LEAD)
            if seat == me and self.turn_points >= WIN_IN_ONE_TURN:
                return seat, Message.of("tanbo.reason.turn", n=WIN_IN_ONE_TURN)
        return None

    def _declare(self, seat: int, reason: Message) -> None:
        self.winner = seat
        self.winner_reason = reason
        self.phase = Phase.OVER
        self.left = 0
        self._note(self.turn, done=True)
        self._say("wins", seat=seat, reason=reason)

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
