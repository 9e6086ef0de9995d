"""The rules of a Humble Tea Party game in progress: Phase 1 (keep a sweet), Phase 2 (recommend
sweets to others, with Tea), and the scores once every Oribako is complete.

Forced steps happen at once: flipping tops, Resets (ruling H5), refilling a deck (H6), the Tea
token coming back (H11) and a player passing when no placement is legal (H9). The state stops
only where someone has a real choice. The views, the saved form and the reasons for refusals
are added on top of these rules by :class:`~pygames.humble_tea_party.game.HtpState`.

>>> from pygames.humble_tea_party import HtpGame
>>> state = HtpGame().new_state(3, seed=1, options={})
>>> state.phase.value, state.actors(), [a.to_json() for a in state.legal_actions(0)][:1]
('own', (0,), [{'type': 'keep', 'deck': 0}])
>>> for seat in (0, 1, 2):
...     state.apply(seat, Keep(0))
>>> state.phase.value, state.actors()[0], len(state.legal_actions(0)) > 0
('recommend', 0, True)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from enum import StrEnum
from typing import Literal, Self, TypedDict

from ..core import Action, Game, IllegalAction, JsonDict, LogEntry, Message, Outcome, Rng, State
from ..core.contract import MessageJson
from .actions import Keep, Place, Tea
from .oribako import Box, is_complete, open_cells, rows
from .scoring import Ranking, Score, hand_message, rank, score_board
from .sweets import SEASONS, TILE_COUNT, TILES, Season, player_cards, tile_message

DECKS = 3
DECK_SIZE = 20
MAX_RESETS = 3  # ruling H5


class Phase(StrEnum):
    """Where the game stands; the view's ``"phase"``."""

    OWN = "own"  # Phase 1: take your own sweets (ruling H7)
    RECOMMEND = "recommend"  # Phase 2: recommend sweets to others (ruling H9)
    OVER = "over"  # Phase 3: every Oribako is complete and scored


#: A phase in JSON (:class:`Phase`'s values).
PhaseWord = Literal["own", "recommend", "over"]


class HtpDetails(TypedDict):
    """Humble Tea Party's own figures at the end of a game (ruling H12), by seat."""

    #: How many of each of the six hands each Oribako holds, in the order of the table's hands.
    hands: list[list[int]]
    #: The points of each of those hands.
    points: list[list[int]]
    #: How a tie on the lowest total was settled (ruling H13), or null.
    tiebreak: MessageJson | None
    #: Team Battle's totals, team 1 then 2 (ruling H14), or null.
    team_scores: list[int] | None


class TileMoveJson(TypedDict):
    """A seat's last move that put a sweet in an Oribako: ``keep`` (Phase 1, its own) or
    ``place`` (Phase 2, another's). The sweet is the one on that cell now (tiles never move)."""

    move: Literal["keep", "place"]
    #: The step (decisions taken in the game) it happened at.
    step: int
    #: The deck it came from.
    deck: int
    #: Whose Oribako it went into.
    target: int
    x: int
    y: int


class OtherMoveJson(TypedDict):
    """A seat's last move that placed no sweet: ``tea`` (it took the Tea token, ruling H11) or
    ``pass`` (it could place nowhere, ruling H9)."""

    move: Literal["tea", "pass"]
    #: The step (decisions taken in the game) it happened at.
    step: int


#: A seat's last move, public (what just happened), until its next.
LastMoveJson = TileMoveJson | OtherMoveJson


def repeated_decks(decks: Sequence[Sequence[int]]) -> list[int]:
    """The decks whose face-up top is a sweet type another top shows too (ruling H5).

    >>> from .position import tile
    >>> repeated_decks([[tile("Moth", 0)], [tile("Peach")], [tile("Moth", 1), 5]])
    [0, 2]
    """
    kinds = Counter(TILES[d[0]] for d in decks if d)
    return [i for i, d in enumerate(decks) if d and kinds[TILES[d[0]]] > 1]


def reset_is_pointless(decks: Sequence[Sequence[int]]) -> bool:
    """Ruling H5: a Reset cannot change the repeated tops when each deck *showing the
    repeated sweet* holds a single tile (the other decks do not matter: turning them over
    would spend a Reset and leave the repetition as it was).

    >>> from .position import tile
    >>> reset_is_pointless([[tile("Moth", 0)], [tile("Moth", 1)], list(range(40, 50))])
    True
    >>> reset_is_pointless([[tile("Moth", 0)], [tile("Moth", 1), 5], [7]])
    False
    """
    repeated = repeated_decks(decks)
    return bool(repeated) and all(len(decks[i]) == 1 for i in repeated)


def season_message(season: str) -> Message:
    """``humble_tea_party.season.winter`` from ``"winter"``."""
    return Season(season).message


def say(key: str, **args: object) -> Message:
    """A message of this game: ``say("log.tea", seat=1)`` is ``humble_tea_party.log.tea``."""
    return Message.of(f"humble_tea_party.{key}", **args)


def seat_message(seat: int) -> Message:
    """A seat as a nested message (for lists of seats)."""
    return say("seat", seat=seat)


def season_order(seasons: list[str]) -> list[str]:
    """Seasons sorted spring, summer, autumn, winter."""
    return sorted(seasons, key=lambda s: SEASONS.index(Season(s)))


class HtpRules(State):
    """The whole game: decks, Oribako, secret seasons, the Tea token and whose turn it is.

    The rules only: :class:`~pygames.humble_tea_party.game.HtpState` adds the views and the
    refusals.
    """

    def __init__(self, game: Game, players: int, rng: Rng, options: JsonDict) -> None:
        self.game = game
        self.players = players
        self.rng = rng
        self.log: list[LogEntry] = []
        self.start_player: int = options["start_player"]
        self.team_battle: bool = options["team_battle"]
        self.teams: list[int] | None = options["teams"]
        self.no_chatting: bool = options["no_chatting"]
        self.phase = Phase.OWN
        self.turn = self.start_player
        self.decks: list[list[int]] = [[] for _ in range(DECKS)]  # index 0 is the face-up top
        self.resets = 0
        self.boxes: list[Box] = [{} for _ in range(players)]
        self.seasons: list[str] = []  # each seat's favourite season (secret until complete)
        self.undealt: list[str] = []  # player cards not dealt, face up (ruling H2)
        self.tea_holder: int | None = None
        self.tea_spent: list[int] = []
        self.turns = 0
        self.steps = 0  # actions applied so far: the match record's step
        # Each seat's last move, public (what just happened): see :meth:`_remember`.
        self.last: list[LastMoveJson | None] = [None] * players

    # --- reading the position ---------------------------------------------------------------

    def options_json(self) -> JsonDict:
        """The options, completed."""
        return {
            "start_player": self.start_player,
            "team_battle": self.team_battle,
            "teams": None if self.teams is None else list(self.teams),
            "no_chatting": self.no_chatting,
        }

    def complete(self, seat: int) -> bool:
        """Whether ``seat``'s Oribako holds nine sweets (its season is then public, H10)."""
        return is_complete(self.boxes[seat])

    def tops(self) -> list[int | None]:
        """The face-up tile of each deck (``None``: empty)."""
        return [d[0] if d else None for d in self.decks]

    def targets(self, seat: int) -> list[int]:
        """The Oribako ``seat`` may place into: another player's, neither complete nor under
        Tea (ruling H9, H11)."""
        return [
            t
            for t in range(self.players)
            if t != seat and t != self.tea_holder and not is_complete(self.boxes[t])
        ]

    def can_place(self, seat: int) -> bool:
        """Whether ``seat`` has any legal placement (an incomplete box always has a cell)."""
        return any(self.decks) and bool(self.targets(seat))

    def placements(self, seat: int) -> list[Place]:
        """Every legal placement for ``seat``: deck, then target, then cell."""
        cells = [(t, open_cells(self.boxes[t])) for t in self.targets(seat)]
        return [
            Place(d, t, x, y)
            for d in range(DECKS)
            if self.decks[d]
            for t, open_ in cells
            for x, y in open_
        ]

    def may_take_tea(self, seat: int) -> bool:
        """Ruling H11: in Phase 2, once per game, the token in the centre, own box incomplete."""
        return (
            self.phase is Phase.RECOMMEND
            and self.tea_holder is None
            and seat not in self.tea_spent
            and not is_complete(self.boxes[seat])
        )

    def actors(self) -> tuple[int, ...]:
        if self.phase is Phase.OVER:
            return ()
        if self.phase is Phase.OWN:
            return (self.turn,)
        later = [(self.turn + i) % self.players for i in range(1, self.players)]
        return (self.turn, *[s for s in later if self.may_take_tea(s)])

    def awaiting(self) -> tuple[int, ...]:
        return () if self.phase is Phase.OVER else (self.turn,)

    def legal_actions(self, seat: int) -> list[Action]:
        if self.phase is Phase.OWN:
            return [Keep(d) for d in range(DECKS) if self.decks[d]] if seat == self.turn else []
        if self.phase is Phase.RECOMMEND:
            out: list[Action] = []
            if seat == self.turn:
                out.extend(self.placements(seat))
            if self.may_take_tea(seat):
                out.append(Tea())
            return out
        return []

    def is_over(self) -> bool:
        return self.phase is Phase.OVER

    def turns_taken(self) -> int:
        return self.turns

    # --- scores (rulings H12-H14) -------------------------------------------------------------

    def scores(self) -> list[Score]:
        """Each seat's hands; only for complete Oribako (the game is over)."""
        return [score_board(rows(box), self.seasons[s]) for s, box in enumerate(self.boxes)]

    def team_totals(self, scores: list[Score]) -> tuple[list[int], list[list[int]]]:
        """Team Battle (ruling H14): the members' summed totals and hands, team 0 then 1."""
        assert self.teams is not None
        totals = [0, 0]
        hands = [[0] * 6, [0] * 6]
        for seat, score in enumerate(scores):
            team = self.teams[seat]
            totals[team] += score.total
            hands[team] = [a + b for a, b in zip(hands[team], score.hands, strict=True)]
        return totals, hands

    def outcome(self) -> Outcome | None:
        if self.phase is not Phase.OVER:
            return None
        scores = self.scores()
        totals = [s.total for s in scores]
        team_scores = None
        if self.team_battle:
            assert self.teams is not None
            team_scores, team_hands = self.team_totals(scores)
            ranking = rank(team_scores, team_hands)
            names = [say("team", n=k + 1) for k in (0, 1)]
            winners = tuple(s for s in range(self.players) if self.teams[s] in ranking.winners)
            won = ranking.winners[0] + 1
            if ranking.shared:
                reason = say("reason.shared")
            elif ranking.decided_by is None:
                reason = say("reason.team_lowest", team=won)
            else:
                hand = hand_message(ranking.decided_by)
                reason = say("reason.team_tiebreak", team=won, hand=hand)
            tiebreak = _tiebreak(ranking, names, min(team_scores))
        else:
            ranking = rank(totals, [s.hands for s in scores])
            winners = ranking.winners
            if ranking.shared:
                reason = say("reason.shared")
            elif ranking.decided_by is None:
                reason = say("reason.lowest", score=min(totals))
            else:
                reason = say("reason.tiebreak", hand=hand_message(ranking.decided_by))
            names = [seat_message(s) for s in range(self.players)]
            tiebreak = _tiebreak(ranking, names, min(totals))
        return Outcome(
            winners=winners,
            scores=tuple(totals),
            reason=reason,
            details=HtpDetails(
                hands=[list(s.hands) for s in scores],
                points=[list(s.points) for s in scores],
                tiebreak=None if tiebreak is None else tiebreak.to_json(),
                team_scores=team_scores,
            ),
        )

    # --- applying decisions -----------------------------------------------------------------

    def _apply(self, seat: int, action: Action) -> None:
        self.steps += 1
        if isinstance(action, Keep):
            self._keep(action.deck)
        elif isinstance(action, Place):
            self._place(action)
        elif isinstance(action, Tea):
            self._tea(seat)
        else:  # pragma: no cover - legal_actions only yields the kinds above
            raise IllegalAction(say("refusal.no_kind", kind=repr(action.kind)))

    def _say(self, key: str, seat: int | None = None, /, **args: object) -> None:
        """Log ``humble_tea_party.log.<key>``; with ``seat``, only that seat reads it."""
        self.log.append(LogEntry(say(f"log.{key}", **args), None if seat is None else (seat,)))

    def _remember(self, seat: int, move: Literal["tea", "pass"]) -> None:
        """Record ``seat``'s last move for the view, with the step it happened at: ``tea``, or
        ``pass`` (a forced pass, ruling H9). All public."""
        self.last[seat] = {"move": move, "step": self.steps}

    def _remember_tile(
        self, seat: int, move: Literal["keep", "place"], deck: int, target: int, x: int, y: int
    ) -> None:
        """Record ``seat``'s last move for the view: ``keep`` or ``place`` of a sweet from
        ``deck`` on ``target``'s cell ``(x, y)`` (the tile is the one on that cell, tiles never
        move), with the step it happened at. Public."""
        self.last[seat] = {
            "move": move,
            "step": self.steps,
            "deck": deck,
            "target": target,
            "x": x,
            "y": y,
        }

    def _pass(self, seat: int) -> None:
        self._say("pass", seat=seat)
        self._remember(seat, "pass")

    # --- setup (rulings H2, H4, H5) -------------------------------------------------------

    def set_up(self) -> None:
        """Deal the player cards, shuffle the tiles into three decks, turn up the tops."""
        cards = player_cards(self.players)
        self.shuffle(cards)
        self.seasons = cards[: self.players]
        self.undealt = season_order(cards[self.players :])
        if self.undealt:
            self._say("dealt", cards=[season_message(s) for s in self.undealt])
        else:
            self._say("dealt_all")
        for seat, season in enumerate(self.seasons):
            # Only that seat reads this line: the card is secret until the box is complete.
            self._say("your_season", seat, seat=seat, season=season_message(season))
        tiles = list(range(TILE_COUNT))
        self.shuffle(tiles)
        self.decks = [tiles[i * DECK_SIZE : (i + 1) * DECK_SIZE] for i in range(DECKS)]
        self._say("shuffled")
        self.settle_tops()
        self._say("phase1", seat=self.start_player)
        self._begin_turn(self.start_player)

    # --- the decks (rulings H5, H6) ---------------------------------------------------------

    def settle_tops(self) -> None:
        """Ruling H5: while two visible tops are the same sweet, Reset (three times a game);
        a Reset that cannot change the repeated tops is neither made nor counted."""
        while True:
            kinds = [TILES[d[0]] for d in self.decks if d]
            if len(kinds) == len(set(kinds)):
                return
            if self.resets >= MAX_RESETS:
                self._say("resets_used")
                return
            if reset_is_pointless(self.decks):
                self._say("reset_pointless")
                return
            self.resets += 1
            for deck in self.decks:
                if deck:
                    deck.append(deck.pop(0))
            self._say("reset", n=self.resets, max=MAX_RESETS)

    def refill(self) -> None:
        """Ruling H6: a deck that runs out takes the bottom half (rounded down) of the largest
        other deck (lowest index on a tie); it stays empty only if no other has two tiles."""
        for i, deck in enumerate(self.decks):
            if deck:
                continue
            others = [j for j in range(DECKS) if j != i]
            j = max(others, key=lambda k: (len(self.decks[k]), -k))
            size = len(self.decks[j])
            if size < 2:
                continue
            half = size // 2
            self.decks[i] = self.decks[j][size - half :]
            del self.decks[j][size - half :]
            self._say("refill", deck=i + 1, n=half, source=j + 1)

    def _draw(self, deck: int) -> int:
        """Take the top of ``deck``; the next tile turns up (ruling H7, H9 step 2)."""
        return self.decks[deck].pop(0)

    def _after_draw(self, seen: set[int]) -> None:
        """Refill and settle the decks after a tile was taken; ``seen`` holds the tiles that
        were face up before it. A tile face up now that was not is news to every seat."""
        self.refill()
        self.settle_tops()
        if any(d[0] not in seen for d in self.decks if d):
            self.tell(say("news.tile_turned"))

    # --- turns (rulings H7, H9, H11) --------------------------------------------------------

    def settle_phase(self, begin: bool) -> None:
        """Once a position's boxes, decks and turn are set (humble_tea_party/position.py): the
        phase they make (the sweets still to keep, the placements, or the end) and the turns
        counted; with ``begin``, the turn of a placement phase begun as play would begin it."""
        self.turns = sum(len(b) for b in self.boxes)
        if not all(self.boxes):
            self.phase = Phase.OWN
            self.turns += 1
        elif all(is_complete(b) for b in self.boxes):
            self._finish()
        else:
            self.phase = Phase.RECOMMEND
            if begin:
                self._begin_turn(self.turn)

    def _begin_turn(self, seat: int) -> None:
        """Start ``seat``'s turn; in Phase 2 the Tea token comes home first, and a player with
        no legal placement passes at once (possibly several in a row)."""
        if self.phase is Phase.OWN:
            self.turn = seat
            self.turns += 1
            return
        for _ in range(2 * self.players + 1):
            self.turn = seat
            self.turns += 1
            if self.tea_holder == seat:
                self.tea_holder = None
                self.tea_spent.append(seat)
                self._say("tea_returns", seat=seat)
            if self.can_place(seat):
                return
            self._pass(seat)
            seat = (seat + 1) % self.players
        raise AssertionError("nobody could place a sweet")  # pragma: no cover

    def _keep(self, deck: int) -> None:
        seat = self.turn
        seen = {d[0] for d in self.decks if d}
        tile = self._draw(deck)
        self.boxes[seat][(0, 0)] = tile
        self._remember_tile(seat, "keep", deck, seat, 0, 0)
        self._say("keep", seat=seat, tile=tile_message(tile), deck=deck + 1)
        self._after_draw(seen)
        following = (seat + 1) % self.players
        if all(self.boxes):
            self.phase = Phase.RECOMMEND
            self._say("phase2", seat=self.start_player)
            following = self.start_player
        self._begin_turn(following)

    def _place(self, action: Place) -> None:
        seat, target = self.turn, action.target
        seen = {d[0] for d in self.decks if d}
        tile = self._draw(action.deck)
        self.boxes[target][(action.x, action.y)] = tile
        self._remember_tile(seat, "place", action.deck, target, action.x, action.y)
        self._say("recommend", seat=seat, tile=tile_message(tile), target=target)
        if self.complete(target):  # ruling H10: the season becomes public at once
            self._say("complete", seat=target, season=season_message(self.seasons[target]))
            others = [s for s in range(self.players) if s != target]
            self.tell(say("news.season"), others)
        self._after_draw(seen)
        if all(is_complete(b) for b in self.boxes):
            self._finish()
        else:
            self._begin_turn((seat + 1) % self.players)

    def _tea(self, seat: int) -> None:
        self.tea_holder = seat
        self._remember(seat, "tea")
        self._say("tea", seat=seat)
        # Ruling H11: Tea taken while a placement is pending takes effect first.
        if not self.can_place(self.turn):
            self._pass(self.turn)
            self._begin_turn((self.turn + 1) % self.players)

    def _finish(self) -> None:
        self.phase = Phase.OVER
        scores = self.scores()
        for seat, score in enumerate(scores):
            hands = {f"h{i + 1}": n for i, n in enumerate(score.hands)}
            self._say("scores", seat=seat, total=score.total, **hands)
        outcome = self.outcome()
        assert outcome is not None
        if self.team_battle and outcome.details["team_scores"] is not None:
            t0, t1 = outcome.details["team_scores"]
            self._say("team_scores", a=t0, b=t1)
        winners = [seat_message(s) for s in outcome.winners]
        self._say("win", winners=winners, n=len(winners), reason=outcome.reason)

    # --- copies ----------------------------------------------------------------------------

    def clone(self) -> Self:
        """An independent copy (faster than a deep copy)."""
        other = type(self).__new__(type(self))
        other.__dict__.update(self.__dict__)
        other.rng = Rng.from_state(self.rng.state)
        other.log = list(self.log)
        other.decks = [d[:] for d in self.decks]
        other.boxes = [dict(b) for b in self.boxes]
        other.seasons = list(self.seasons)
        other.undealt = list(self.undealt)
        other.tea_spent = list(self.tea_spent)
        other.last = list(self.last)  # the entries are never changed, only replaced
        other.teams = None if self.teams is None else list(self.teams)
        return other


def _tiebreak(ranking: Ranking, names: list[Message], low: int) -> Message | None:
    """For the end screen: how a tie on the lowest total was settled (ruling H13)."""
    if len(ranking.tied) < 2:
        return None
    tied = [names[i] for i in ranking.tied]
    if ranking.decided_by is not None:
        return say("tiebreak.decided", tied=tied, low=low, hand=hand_message(ranking.decided_by))
    return say("tiebreak.shared", tied=tied, low=low)
