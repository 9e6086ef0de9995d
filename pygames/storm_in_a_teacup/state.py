"""The rules of a game of Storm in a Teacup in progress: serving rounds and tea parties.

A round is the Serving phase (ruling S4: from the host, clockwise, each player serves a run or,
with an empty hand, prepares) followed by the Tea party (rulings S5, S6). Preparing is forced,
so it happens at once; the state stops only where a player decides: which run to serve, and
after a party, which revealed cards to discard. ``turns_taken`` counts rounds begun.

Ruling S8 makes more public than the hands' sizes: every card that reaches a stock was revealed
first, so each stock's colour counts follow from the public log, and so do the colours of a hand
made from a stock by a Prepare (minus what its owner served since). The state keeps, per seat,
whether its hand is still the dealt one (``hand_secret``: only its owner knows its colours), and
each seat's last move (``last``) with the step it happened at, for the table's "what just
happened". The views, the saved form and the reasons for refusals are added on top of these rules
by :class:`~pygames.storm_in_a_teacup.game.StormState`.

>>> from pygames.storm_in_a_teacup import StormGame
>>> state = StormGame().new_state(3, seed=1, options={"host": 2})
>>> state.phase.value, state.actors(), state.hand_sizes()
('serving', (2,), [20, 20, 20])
>>> state.apply(2, state.legal_actions(2)[0])
>>> state.actors(), state.view(0)["table"]["reveals"][0]["seat"]
((0,), 2)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from functools import lru_cache
from typing import Literal, Self, TypedDict

from ..core import Action, Game, IllegalAction, LogEntry, Outcome, Rng, State
from ..core.messages import Message
from .actions import Discard, Serve
from .cards import (
    CARD_COLOURS,
    COLOURS,
    DEALT_AFTER,
    IDS_BY_COLOUR,
    MATCH_DISCARDS,
    NS,
    STARTING_CARDS,
    WIN_AT_MOST,
    WINNER_DISCARDS,
    ColourWord,
    Counts,
    CountsJson,
    cards_message,
    comma,
    count_message,
    counts_json,
    counts_message,
    counts_of,
    number_message,
    seat_message,
    words,
)
from .combinations import (
    COMBINATION_BY_ID,
    COMBINATIONS,
    Combination,
    CombinationId,
    combination_of,
)


class Phase(StrEnum):
    """Where the game stands; the view's ``"phase"``."""

    SERVING = "serving"  # ruling S4
    DISCARD = "discard"  # ruling S6: matching players choose their discards in turn
    OVER = "over"  # ruling S7


#: A :class:`Phase` in JSON (its values).
PhaseWord = Literal["serving", "discard", "over"]


class StormDetails(TypedDict):
    """Storm in a Teacup's own figures at the end of a game."""

    #: Cards left in each hand, by seat (the winners have 1 or none: ruling S7).
    cards_left: list[int]
    #: Rounds played.
    rounds: int


class LeadJson(TypedDict):
    """Who leads the round's tea party (the first to serve, ruling S5) and with what."""

    seat: int
    combination: CombinationId


class PartyJson(TypedDict):
    """The tea party being resolved (ruling S6); seats as string keys, as JSON requires."""

    #: The seats whose run matches the lead's combination, in serving order.
    matching: list[int]
    #: The seat that wins the party (and hosts next).
    winner: int
    #: How many cards each matching seat may discard, by seat.
    allowed: dict[str, int]
    #: The seats still to choose their discards, the one choosing now first.
    pending: list[int]
    #: The discards chosen so far, by seat.
    discarded: dict[str, CountsJson]


class ServeMoveJson(TypedDict):
    """A seat's last move: it served a run."""

    move: Literal["serve"]
    #: The game's step when it was made (the table's ``step`` while it is the latest).
    step: int
    round: int
    #: The run's colours, in order.
    cards: list[ColourWord]
    combination: CombinationId


class PrepareMoveJson(TypedDict):
    """A seat's last move: its hand was empty, so its stock became its hand (ruling S4)."""

    move: Literal["prepare"]
    #: The game's step when it was made (the table's ``step`` while it is the latest).
    step: int
    round: int
    #: How many cards the stock gave the hand.
    cards: int


class DiscardMoveJson(TypedDict):
    """A seat's last move: after a tea party it discarded cards of its run to the box."""

    move: Literal["discard"]
    #: The game's step when it was made (the table's ``step`` while it is the latest).
    step: int
    round: int
    #: The cards discarded to the box, by colour.
    discarded: CountsJson
    #: The cards of the run that went to its stock instead.
    kept: int


#: A seat's last move (public only), told apart by ``move``.
MoveJson = ServeMoveJson | PrepareMoveJson | DiscardMoveJson


class HeldPartyJson(TypedDict):
    """The last tea party, resolved, shown until the next one."""

    round: int
    #: Who led and with what.
    lead: LeadJson
    #: The seats whose run matched the lead's combination, in serving order.
    matching: list[int]
    #: The seat that won it (and hosts now).
    winner: int
    #: What each matching seat discarded, by seat (string keys).
    discarded: dict[str, CountsJson]
    skipped: Literal[False]


class SkippedPartyJson(TypedDict):
    """The last round's tea party did not take place: nobody served (ruling S5)."""

    round: int
    lead: None
    #: Empty.
    matching: list[int]
    winner: None
    #: Empty.
    discarded: dict[str, CountsJson]
    skipped: Literal[True]


#: The last tea party, held or skipped (told apart by ``skipped``).
LastPartyJson = HeldPartyJson | SkippedPartyJson


@dataclass(frozen=True)
class Reveal:
    """One player's act in the Serving phase: the run served (card ids), or a preparation."""

    seat: int
    cards: tuple[int, ...]
    combination: CombinationId | None
    prepared: bool = False


@dataclass
class Party:
    """A tea party being resolved (ruling S6): who matches, who wins, who still decides."""

    matching: list[int]
    winner: int
    allowed: dict[int, int]
    pending: list[int]
    discarded: dict[int, Counts] = field(default_factory=dict)

    def copy(self) -> Party:
        """An independent copy."""
        return Party(
            list(self.matching),
            self.winner,
            dict(self.allowed),
            list(self.pending),
            {s: list(c) for s, c in self.discarded.items()},
        )

    def to_json(self) -> PartyJson:
        """The view's ``"party"`` (seats as string keys, as JSON requires)."""
        return {
            "matching": list(self.matching),
            "winner": self.winner,
            "allowed": {str(s): n for s, n in self.allowed.items()},
            "pending": list(self.pending),
            "discarded": {str(s): counts_json(c) for s, c in self.discarded.items()},
        }


def runs(colours: list[int]) -> list[tuple[int, int, Combination]]:
    """Every run ``(start, length, combination)`` of consecutive cards forming a combination.

    A combination holds only its own colours, so a run is not extended once no combination
    allows the colours it already holds.

    >>> [(s, n, c.id) for s, n, c in runs([0, 1, 0])]
    [(0, 1, 'tea'), (0, 2, 'milk_tea'), (1, 1, 'milk'), (1, 2, 'milk_tea'), (2, 1, 'tea')]
    """
    out = []
    n = len(colours)
    for start in range(n):
        counts = [0, 0, 0]
        present = 0
        for end in range(start, n):
            colour = colours[end]
            counts[colour] += 1
            present |= 1 << colour
            if not _POSSIBLE[present]:
                break
            combination = _combination(counts)
            if combination is not None:
                out.append((start, end - start + 1, combination))
    return out


@lru_cache(maxsize=64)
def _serves(colours: tuple[int, ...]) -> tuple[Serve, ...]:
    # Pure in the hand's colours; legal actions are asked for several times per decision.
    return tuple(Serve(s, n) for s, n, _ in runs(list(colours)))


# _POSSIBLE[mask]: some combination may hold exactly the colours in the bit mask.
_POSSIBLE = tuple(
    any(mask & ~sum(1 << k for k in c.colours) == 0 for c in COMBINATIONS) for mask in range(8)
)
_KNOWN: dict[tuple[int, int, int], Combination | None] = {}


def _combination(counts: Counts) -> Combination | None:
    """:func:`combination_of`, remembered (runs are judged very often)."""
    key = (counts[0], counts[1], counts[2])
    try:
        return _KNOWN[key]
    except KeyError:
        found = _KNOWN[key] = combination_of(counts)
        return found


class StormRules(State):
    """The whole table: hands in order, face-down stocks, the box, and the current round.

    The rules only: :class:`~pygames.storm_in_a_teacup.game.StormState` adds the views and the
    refusals.
    """

    def __init__(self, game: Game, players: int, rng: Rng, memory_aid: bool = True) -> None:
        self.game = game
        self.players = players
        self.rng = rng
        self.memory_aid = memory_aid  # ruling S8: a display aid only; the counts stay public
        self.log: list[LogEntry] = []
        self.steps = 0  # actions applied so far: the match record's step
        # ruling S8: True while a seat's hand is the dealt one, whose colours only its owner
        # knows; False once it is empty or came from the stock (its colours are then public).
        self.hand_secret: list[bool] = [True] * players
        self.last: list[MoveJson | None] = [None] * players
        self.phase = Phase.SERVING
        self.round = 0
        self.host = 0
        self.turn: int | None = None
        self.hands: list[list[int]] = [[] for _ in range(players)]
        self.stocks: list[list[int]] = [[] for _ in range(players)]
        self.box: list[int] = []  # the undealt cards first, then the discards in order
        self.undealt = 0
        self.reveals: list[Reveal] = []
        self.lead: tuple[int, CombinationId] | None = None
        self.party: Party | None = None
        self.last_party: LastPartyJson | None = None
        self.winners: tuple[int, ...] = ()

    # --- reading the table ---------------------------------------------------------------

    def hand_sizes(self) -> list[int]:
        """Cards in each seat's hand."""
        return [len(h) for h in self.hands]

    def cards_left(self) -> list[int]:
        """Cards each seat holds, hand and stock together (ruling S7)."""
        return [len(h) + len(s) for h, s in zip(self.hands, self.stocks, strict=True)]

    def box_discards(self) -> Counts:
        """Colour counts of the cards discarded to the box so far (all were public)."""
        return counts_of(self.box[self.undealt :])

    def hand_colours(self, seat: int) -> list[int]:
        """The colours of ``seat``'s hand, in order, as integers."""
        return [CARD_COLOURS[c] for c in self.hands[seat]]

    def stock_counts(self, seat: int) -> Counts:
        """Colour counts of ``seat``'s stock: public, since every stock card was revealed before
        it went face down (ruling S8)."""
        return counts_of(self.stocks[seat])

    def public_hand_counts(self, seat: int) -> Counts | None:
        """Colour counts of ``seat``'s hand when the public log fixes them (a hand prepared from
        the stock, minus what was served since; an empty hand), else ``None`` (ruling S8)."""
        if self.hand_secret[seat] and self.hands[seat]:
            return None
        return counts_of(self.hands[seat])

    def actors(self) -> tuple[int, ...]:
        if self.phase is Phase.OVER or self.turn is None:
            return ()
        return (self.turn,)

    def legal_actions(self, seat: int) -> list[Action]:
        if self.phase is Phase.OVER or seat != self.turn:
            return []
        if self.phase is Phase.SERVING:
            return list(_serves(tuple(self.hand_colours(seat))))
        return list(self._discards(seat))

    def _discards(self, seat: int) -> list[Discard]:
        assert self.party is not None
        allowed = self.party.allowed[seat]
        have = counts_of(self.revealed_by(seat))
        options = [
            Discard(a, b, c)
            for a in range(min(have[0], allowed), -1, -1)
            for b in range(min(have[1], allowed - a), -1, -1)
            for c in range(min(have[2], allowed - a - b), -1, -1)
        ]
        options.sort(key=lambda d: -(d.tea + d.milk + d.lemon))  # the default first: the most
        return options

    def revealed_by(self, seat: int) -> tuple[int, ...]:
        """The cards ``seat`` served this round (empty if they prepared or have not acted)."""
        for reveal in self.reveals:
            if reveal.seat == seat:
                return reveal.cards
        return ()

    def is_over(self) -> bool:
        return self.phase is Phase.OVER

    def outcome(self) -> Outcome | None:
        if not self.winners:
            return None
        left = self.cards_left()
        if len(self.winners) == 1:
            n = left[self.winners[0]]
            reason = Message.of(f"{NS}.outcome.one_left" if n == 1 else f"{NS}.outcome.none_left")
        else:
            reason = Message.of(f"{NS}.outcome.shared", n=len(self.winners))
        return Outcome(
            winners=self.winners,
            scores=tuple(left),
            reason=reason,
            details=StormDetails(cards_left=left, rounds=self.round),
        )

    def turns_taken(self) -> int:
        """Rounds begun (a round is every player's go and its tea party)."""
        return self.round

    # --- applying decisions ----------------------------------------------------------------

    def _apply(self, seat: int, action: Action) -> None:
        self.steps += 1
        if isinstance(action, Serve):
            self._serve(seat, action.start, action.length)
            self._advance()
        elif isinstance(action, Discard):
            self._discard(seat, action.counts)
        else:  # pragma: no cover - legal_actions only yields the kinds above
            raise IllegalAction(Message.of(f"{NS}.refusal.no_such_action", kind=action.kind))

    def _say(self, key: str, **args: object) -> None:
        # Every line is public: the log only names what was revealed (ruling S8).
        self.log.append(LogEntry(Message.of(f"{NS}.log.{key}", **args)))

    # --- setup (rulings S2, S3) ------------------------------------------------------------

    def deal(self, host: int | None) -> None:
        """Deal the hands (ruling S2), choose the host (ruling S3) and start round 1."""
        given: list[list[int]] = [[] for _ in range(self.players)]
        rest: list[int] = []
        for colour in COLOURS:
            ids = IDS_BY_COLOUR[colour]
            per = STARTING_CARDS[colour]
            for seat in range(self.players):
                given[seat].extend(ids[seat * per : (seat + 1) * per])
            rest.extend(ids[self.players * per :])
        self.shuffle(rest)
        for seat in range(self.players):
            hand = given[seat] + rest[seat * DEALT_AFTER : (seat + 1) * DEALT_AFTER]
            self.shuffle(hand)  # ruling S2: the random order is the hand's order
            self.hands[seat] = hand
        self.box = rest[self.players * DEALT_AFTER :]
        self.undealt = len(self.box)
        start = comma([count_message(c, n) for c, n in STARTING_CARDS.items()])
        self._say(
            "deal",
            start=start,
            more=DEALT_AFTER,
            each=cards_message(len(self.hands[0])),
            box=cards_message(self.undealt),
        )
        if host is None:
            self.host = self.draw(self.players)
            self._say("first_host_random", seat=self.host)
        else:
            self.host = host
            self._say("first_host", seat=self.host)
        self.start_round()

    # --- the Serving phase (rulings S4, S5) ------------------------------------------------

    def start_round(self) -> None:
        """Begin the next round from the host; forced preparations happen at once."""
        self.round += 1
        self.phase = Phase.SERVING
        self.reveals = []
        self.lead = None
        self.party = None
        self._say("round", n=self.round, seat=self.host)
        self._advance()

    def _advance(self) -> None:
        """Move to the next player who must decide, preparing for those with empty hands."""
        while self.phase is Phase.SERVING:
            if len(self.reveals) == self.players:
                self._tea_party()
                return
            seat = (self.host + len(self.reveals)) % self.players
            if self.hands[seat]:
                self.turn = seat
                return
            self._prepare(seat)

    def _prepare(self, seat: int) -> None:
        # ruling S4: the stock, shuffled, becomes the hand; the stock is then empty.
        cards = self.stocks[seat]
        # Its order is news to its owner when it could have been another (colours differ).
        new_hand = Message.of("storm_in_a_teacup.news.new_hand")
        self.shuffle(cards, new_hand, [seat], alike=CARD_COLOURS.__getitem__)
        self.hands[seat] = cards
        self.stocks[seat] = []
        self.hand_secret[seat] = False  # ruling S8: its colours are the stock's, public
        self.reveals.append(Reveal(seat, (), None, prepared=True))
        self.last[seat] = {
            "move": "prepare",
            "step": self.steps,
            "round": self.round,
            "cards": len(cards),
        }
        self._say("prepare", seat=seat, cards=cards_message(len(cards)))

    def _serve(self, seat: int, start: int, length: int) -> None:
        hand = self.hands[seat]
        # Cards from a hand in an order only its owner knew: news to everyone else, unless its
        # colours are public (ruling S8) and all alike, so that any run of it looks the same.
        if self.hand_secret[seat] or len({CARD_COLOURS[c] for c in hand}) > 1:
            self.tell(
                Message.of("storm_in_a_teacup.news.run_revealed"),
                [s for s in range(self.players) if s != seat],
            )
        cards = tuple(hand[start : start + length])
        del hand[start : start + length]  # ruling S4: the rest keeps its order
        if not hand:
            self.hand_secret[seat] = False  # an empty hand hides nothing
        counts = counts_of(cards)
        combination = combination_of(counts)
        assert combination is not None  # legal_actions checked it
        self.reveals.append(Reveal(seat, cards, combination.id))
        self.last[seat] = {
            "move": "serve",
            "step": self.steps,
            "round": self.round,
            "cards": words(cards),
            "combination": combination.id,
        }
        self._say(
            "serve",
            seat=seat,
            cards=cards_message(length),
            combination=combination.name,
            counts=counts_message(counts),
        )
        if self.lead is None:
            # ruling S5: the host leads; if the host prepared, the first player after them
            # who served (the first to serve, since serving starts with the host).
            self.lead = (seat, combination.id)

    # --- the Tea party (ruling S6) -----------------------------------------------------------

    def _tea_party(self) -> None:
        if self.lead is None:
            # ruling S5: nobody served; no party, the host stays, nothing is checked (S7).
            self._say("nobody_served", seat=self.host)
            self.last_party = {
                "round": self.round,
                "lead": None,
                "matching": [],
                "winner": None,
                "discarded": {},
                "skipped": True,
            }
            self.start_round()
            return
        combination = COMBINATION_BY_ID[self.lead[1]]
        matching = [r for r in self.reveals if r.combination == combination.id]
        best = matching[0]
        for reveal in matching[1:]:
            if len(reveal.cards) >= len(best.cards):  # a tie goes to the later reveal
                best = reveal
        winner = best.seat
        allowed = {
            r.seat: min(WINNER_DISCARDS if r.seat == winner else MATCH_DISCARDS, len(r.cards))
            for r in matching
        }
        pending = [winner] + [r.seat for r in matching if r.seat != winner]
        pending = [s for s in pending if allowed[s] > 0]
        self.party = Party([r.seat for r in matching], winner, allowed, pending)
        if self.lead[0] != self.host:
            leader = Message.of(f"{NS}.log.leader_instead", seat=self.lead[0], host=self.host)
        else:
            leader = seat_message(self.lead[0])
        others = [seat_message(r.seat) for r in matching[1:]]
        if others:
            also = Message.of(f"{NS}.log.also_match", n=len(others), seats=others)
        else:
            also = Message.of(f"{NS}.log.nobody_else")
        self._say("party", leader=leader, combination=combination.name, also=also)
        self._say("party_winner", seat=winner, cards=cards_message(len(best.cards)))
        apart = [
            seat_message(r.seat)
            for r in self.reveals
            if not r.prepared and r.combination != combination.id
        ]
        if apart:
            self._say("no_match", n=len(apart), seats=apart)
        self.phase = Phase.DISCARD
        self._next_discard()

    def _next_discard(self) -> None:
        assert self.party is not None
        if self.party.pending:
            self.turn = self.party.pending[0]
        else:
            self._finish_party()

    def _discard(self, seat: int, counts: Counts) -> None:
        assert self.party is not None
        self.party.discarded[seat] = list(counts)
        self.party.pending.remove(seat)
        n = sum(counts)
        kept = len(self.revealed_by(seat)) - n
        self.last[seat] = {
            "move": "discard",
            "step": self.steps,
            "round": self.round,
            "discarded": counts_json(counts),
            "kept": kept,
        }
        if kept:
            to_stock = Message.of(f"{NS}.log.kept", n=kept)
        else:
            to_stock = Message.of(f"{NS}.log.kept_none")
        if n:
            self._say(
                "discard",
                seat=seat,
                cards=cards_message(n),
                counts=counts_message(counts),
                kept=to_stock,
            )
        else:
            self._say("discard_nothing", seat=seat, kept=to_stock)
        self._next_discard()

    def _finish_party(self) -> None:
        assert self.party is not None and self.lead is not None
        party = self.party
        for reveal in self.reveals:
            wanted = list(party.discarded.get(reveal.seat, [0, 0, 0]))
            for card in reveal.cards:
                colour = CARD_COLOURS[card]
                if wanted[colour]:
                    wanted[colour] -= 1
                    self.box.append(card)
                else:
                    self.stocks[reveal.seat].append(card)  # face down (ruling S8)
        self.last_party = {
            "round": self.round,
            "lead": {"seat": self.lead[0], "combination": self.lead[1]},
            "matching": list(party.matching),
            "winner": party.winner,
            "discarded": {str(s): counts_json(c) for s, c in party.discarded.items()},
            "skipped": False,
        }
        self.host = party.winner
        self.reveals = []
        self.lead = None
        self.party = None
        # ruling S7: after each tea party, whoever holds 0 or 1 card wins; several share.
        left = self.cards_left()
        winners = tuple(s for s in range(self.players) if left[s] <= WIN_AT_MOST)
        if winners:
            self._end(winners, left)
        else:
            self.start_round()

    def _end(self, winners: tuple[int, ...], left: list[int]) -> None:
        self.winners = winners
        self.phase = Phase.OVER
        self.turn = None
        if len(winners) == 1:
            w = winners[0]
            self._say("wins", seat=w, cards=cards_message(left[w]))
        else:
            self._say(
                "share",
                seats=[seat_message(w) for w in winners],
                figures=[number_message(left[w]) for w in winners],
            )

    # --- copies ------------------------------------------------------------------------------

    def clone(self) -> Self:
        """An independent copy (faster than a deep copy)."""
        other = type(self).__new__(type(self))
        other.__dict__.update(self.__dict__)
        other.rng = Rng.from_state(self.rng.state)
        other.log = list(self.log)
        other.hands = [list(h) for h in self.hands]
        other.stocks = [list(s) for s in self.stocks]
        other.box = list(self.box)
        other.hand_secret = list(self.hand_secret)
        other.last = list(self.last)  # the entries are never changed, only replaced
        other.reveals = list(self.reveals)
        other.party = None if self.party is None else self.party.copy()
        return other
