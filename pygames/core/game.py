"""The contract every game speaks: a :class:`Game` that makes :class:`State` objects.

A state says whose decision it is (:meth:`State.actors`), which actions are legal for a seat,
applies one (validating first, changing nothing when it refuses), says when the game is over and
how it ended, and shows each seat a JSON-ready view holding only what that seat may see.
"""

from __future__ import annotations

import copy
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Mapping, MutableSequence
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, ClassVar, TypeVar

from .actions import Action, ActionCodec
from .contract import GameJson, OutcomeJson, ViewJson
from .errors import BadOptions, IllegalAction
from .limits import quote
from .messages import Message, template
from .messages import text as made_text
from .rng import Rng

JsonDict = dict[str, Any]
S = TypeVar("S", bound="State")
T = TypeVar("T")


@dataclass(frozen=True)
class LogEntry:
    """One line of the match log; ``seats`` limits who may read it (``None``: everyone)."""

    message: Message
    seats: tuple[int, ...] | None = None

    @property
    def text(self) -> str:
        """The line in English, seats named "Player N" (the command line, tests)."""
        return str(self.message)

    def visible_to(self, seat: int | None) -> bool:
        """Whether ``seat`` (``None``: a spectator) may read this line."""
        return self.seats is None or (seat is not None and seat in self.seats)

    def to_json(self) -> JsonDict:
        """JSON form, for saving the state."""
        seats = None if self.seats is None else list(self.seats)
        return {"message": self.message.to_json(), "seats": seats}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> LogEntry:
        """Inverse of :meth:`to_json`."""
        seats = data.get("seats")
        if "message" in data:
            message = Message.from_json(data["message"])
        else:  # a state saved before messages were structured
            message = made_text(str(data["text"]))
        return cls(message, None if seats is None else tuple(int(s) for s in seats))


@dataclass(frozen=True)
class Outcome:
    """How a finished game ended.

    ``winners`` may hold several seats (a shared win). ``scores`` has one number per seat;
    ``reason`` says why the winners won (a message); ``details`` carries game-specific figures
    (a per-hand breakdown, the tie-break used, ...).
    """

    winners: tuple[int, ...]
    scores: tuple[int, ...]
    reason: Message
    #: The game's own figures, declared as a TypedDict in its state module (``TanboDetails``).
    details: Mapping[str, Any] = field(default_factory=dict)

    def to_json(self) -> OutcomeJson:
        """JSON form, shown on the end screen."""
        return {
            "winners": list(self.winners),
            "scores": list(self.scores),
            "reason": self.reason.to_json(),
            "details": dict(self.details),
        }


class State(ABC):
    """One position of a game in progress.

    Subclasses implement the ``_``-prefixed hooks; the public methods add the checks every game
    shares, so that a refused action never changes anything.
    """

    game: Game
    players: int
    rng: Rng
    log: list[LogEntry]
    #: What the last applied action showed a seat that it could not have known before it: a
    #: card or tile turned up, a random draw, another seat's hidden cards. Seat -> why (a
    #: message such as "a new tile was turned up"). Games fill it with :meth:`tell` while they
    #: apply an action; the undo policy (pygames/core/undo.py) never goes back past it.
    #: Not part of the state's JSON: a match rebuilds it by replaying its record.
    news: Mapping[int, Message] = MappingProxyType({})

    # --- whose decision, and what it may be -----------------------------------------------

    @abstractmethod
    def actors(self) -> tuple[int, ...]:
        """Seats that may act now (usually one; empty once the game is over)."""

    def awaiting(self) -> tuple[int, ...]:
        """Seats whose decision the game waits for: a subset of :meth:`actors`.

        The other actors *may* act now but need not (Humble Tea Party's Tea, which any eligible
        player may take while a placement is awaited). Their optional actions are public.
        """
        return self.actors()

    @abstractmethod
    def legal_actions(self, seat: int) -> list[Action]:
        """Every action ``seat`` may take now (empty if it is not to act)."""

    def apply(self, seat: int, action: Action) -> None:
        """Apply ``action`` for ``seat``; raise :class:`IllegalAction` and change nothing if the
        rules forbid it."""
        if self.is_over():
            raise IllegalAction(Message.of("core.game_over"))
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < self.players:
            raise IllegalAction(Message.of("core.no_seat", seat=quote(seat)))
        if seat not in self.actors():
            raise IllegalAction(Message.of("core.not_your_turn", seat=seat))
        if action not in self.legal_actions(seat):
            raise IllegalAction(self.explain_illegal(seat, action))
        self.news = {}
        self._apply(seat, action)

    def is_legal(self, seat: int, action: Action) -> bool:
        """Whether :meth:`apply` would take ``action`` for ``seat`` now, as it stands (in the
        form :meth:`legal_actions` gives it)."""
        return not self.is_over() and seat in self.actors() and action in self.legal_actions(seat)

    def apply_trusted(self, seat: int, action: Action) -> None:
        """Apply ``action`` for ``seat`` without checking it: the action is not checked for
        legality, so an illegal one leaves the state undefined.

        For search and for building positions, whose actions come from :meth:`legal_actions`
        (checking one builds them all again). Everything else calls :meth:`apply`.
        """
        self.news = {}
        self._apply(seat, action)

    # --- chance and what it shows ---------------------------------------------------------
    # Every random draw of the rules goes through draw() or shuffle(), from the match's own
    # generator, and every reveal through tell(): what each action showed whom is then recorded
    # in one place (``news``), which the undo policy reads (a test holds the games to it).

    def tell(self, why: Message, seats: Iterable[int] | None = None) -> None:
        """While an action is applied: it shows ``seats`` (every seat if ``None``) something
        hidden or random, for the reason ``why``. The first reason a seat is told is kept."""
        news = self.news if isinstance(self.news, dict) else {}
        for seat in range(self.players) if seats is None else seats:
            news.setdefault(seat, why)
        self.news = news

    def draw(self, n: int, why: Message | None = None, seats: Iterable[int] | None = None) -> int:
        """A chance outcome: a uniform number in ``range(n)`` from the match's generator. With
        ``why``, the outcome is shown to ``seats`` (every seat if ``None``) when it could have
        been another (``n > 1``): see :meth:`tell`. Without, the caller says what it shows."""
        if why is not None and n > 1:
            self.tell(why, seats)
        return self.rng.randbelow(n)

    def shuffle(
        self,
        items: MutableSequence[T],
        why: Message | None = None,
        seats: Iterable[int] | None = None,
        alike: Callable[[T], object] | None = None,
    ) -> None:
        """A chance outcome: ``items`` shuffled in place from the match's generator. With
        ``why``, the order is shown to ``seats`` (every seat if ``None``) when it could have been
        another: two items differ (as ``alike`` sees them, when given)."""
        if why is not None and len({item if alike is None else alike(item) for item in items}) > 1:
            self.tell(why, seats)
        self.rng.shuffle(items)

    @abstractmethod
    def _apply(self, seat: int, action: Action) -> None:
        """Apply an action already known to be legal."""

    def explain_illegal(self, seat: int, action: Action) -> Message:
        """Why ``action`` is refused; games override this with sharper reasons."""
        return Message.of("core.cannot", seat=seat, kind=action.kind)

    # --- the end ------------------------------------------------------------------------

    @abstractmethod
    def is_over(self) -> bool:
        """Whether the game has ended."""

    @abstractmethod
    def outcome(self) -> Outcome | None:
        """How the game ended, or ``None`` while it goes on."""

    @abstractmethod
    def turns_taken(self) -> int:
        """How many turns have begun: a turn is one player's go, whatever decisions it takes
        (reported by simulations as ``mean_turns``)."""

    # --- what each seat may see -----------------------------------------------------------

    def view(self, seat: int | None) -> ViewJson:
        """What ``seat`` may see (``None``: a spectator), JSON-ready.

        Common fields come first; the game adds its own under ``"table"``.
        """
        outcome = self.outcome()
        view: ViewJson = {
            "game": self.game.id,
            "players": self.players,
            "seat": seat,
            "actors": list(self.actors()),
            "awaiting": list(self.awaiting()),
            "over": self.is_over(),
            "outcome": None if outcome is None else outcome.to_json(),
            "log": [e.message.to_json() for e in self.log if e.visible_to(seat)],
            "table": self._table_view(seat),
        }
        return view

    @abstractmethod
    def _table_view(self, seat: int | None) -> Mapping[str, Any]:
        """The game's own part of :meth:`view`."""

    def full_view(self) -> ViewJson:
        """Everything, every secret included: for the replay of a *finished* game only.

        Shaped like a spectator's :meth:`view` (``"seat"`` is ``None``) with ``"everything"``
        true; the game's table comes from :meth:`_full_table_view`. Never shown while the game
        runs: the bridge refuses it until the game is over.
        """
        return {
            **self.view(None),
            "everything": True,
            "log": [e.message.to_json() for e in self.log],
            "table": self._full_table_view(),
        }

    def _full_table_view(self) -> Mapping[str, Any]:
        """The game's table with every secret shown; games with secrets override this."""
        return self._table_view(None)

    def determinize(self, seat: int, rng: Rng) -> State:
        """A state consistent with ``seat``'s view, hidden information resampled with ``rng``.

        It is built from the view alone, so a bot searching it can never peek.
        """
        return self.game.state_from_view(self.view(seat), seat, rng)

    # --- copies ---------------------------------------------------------------------------

    @abstractmethod
    def to_json(self) -> JsonDict:
        """The whole state, for saving and for equality."""

    def clone(self: S) -> S:
        """An independent copy."""
        return copy.deepcopy(self)

    @abstractmethod
    def check_invariants(self) -> None:
        """Raise ``AssertionError`` if the state breaks a game invariant (tokens conserved, ...).

        The shared random-play test calls this after every action.
        """

    def seat_name(self, seat: int) -> str:
        """How the log and messages name a seat."""
        return f"Player {seat + 1}"

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, State) or type(other) is not type(self):
            return NotImplemented
        return self.to_json() == other.to_json()

    __hash__ = None  # type: ignore[assignment]


class Game(ABC):
    """A game's declaration: identity, player range, options and how to start it."""

    id: ClassVar[str]
    title: ClassVar[str]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    codec: ClassVar[ActionCodec]

    # What a lobby shows before the engine has loaded (describe(); the build writes it out).
    default_players: ClassVar[int | None] = None
    """How many seats a new lobby sets (``None``: ``max_players``)."""
    first_player_option: ClassVar[str | None] = None
    """The option naming the seat that starts, if the lobby may choose it."""
    first_player_random: ClassVar[bool] = False
    """Whether that option may be ``None``: the engine picks the seat at random."""
    hidden_information: ClassVar[bool] = False
    """Whether a seat's view hides something from the others (hot seat hands the device over)."""
    setup_editor: ClassVar[str | None] = None
    """The page's editor of the game's own options (web/js/setup-<name>.js), if any."""
    has_tutorial: ClassVar[bool] = False
    """Whether the game has a guided first game (``<game>/tutorial.json``: pygames.tutorials)."""
    cover_picture: ClassVar[str | None] = None
    """The rules page's picture the lobby shows on the game's card (an id of
    :func:`pygames.pictures.rules_pictures`), or ``None`` for none."""
    turns_each: ClassVar[int | None] = None
    """About how many turns each player takes in a game at ``default_players``: the median over
    games between Normal bots (tests/test_length.py plays them). The lobby's card says it."""

    def default_options(self, players: int) -> JsonDict:
        """Options a lobby starts from."""
        return {}

    def _title_message(self) -> Message:
        """The game's name as its catalogue gives it (``<id>.title``), else its title."""
        key = f"{self.id}.title"
        return Message.of(key) if template(key) is not None else made_text(self.title)

    def validate_options(self, players: int, options: Mapping[str, Any]) -> JsonDict:
        """Check the player count and options; return them completed with defaults.

        Raises :class:`BadOptions` with a readable message.
        """
        if not isinstance(players, int) or not self.min_players <= players <= self.max_players:
            raise BadOptions(
                Message.of(
                    "core.options.players_exactly"
                    if self.min_players == self.max_players
                    else "core.options.players",
                    game=self._title_message(),
                    min=self.min_players,
                    max=self.max_players,
                    players=quote(players),
                )
            )
        unknown = sorted(set(options) - set(self.default_options(players)))
        if unknown:
            raise BadOptions(
                Message.of(
                    "core.options.unknown", game=self._title_message(), options=", ".join(unknown)
                )
            )
        return {**self.default_options(players), **options}

    @abstractmethod
    def new_state(self, players: int, seed: int, options: Mapping[str, Any]) -> State:
        """A fresh game; ``options`` are validated here too."""

    @abstractmethod
    def state_from_json(self, data: Mapping[str, Any]) -> State:
        """Inverse of :meth:`State.to_json`."""

    @abstractmethod
    def state_from_view(self, view: Mapping[str, Any], seat: int, rng: Rng) -> State:
        """A full state consistent with ``view`` (what ``seat`` sees); hidden parts from ``rng``."""

    def decode_action(self, data: Any) -> Action:
        """An action from its JSON form (raises :class:`IllegalAction` if malformed)."""
        return self.codec.decode(data)

    def explain(self, view: Mapping[str, Any], seat: int, action: Action) -> Message | None:
        """Why ``action`` is a good move for ``seat``, in one line, from its ``view`` alone
        (a hint says it beside the move); ``None`` when the game has nothing to add."""
        return None

    def describe(self) -> GameJson:
        """What a lobby needs to know about this game; words are message ids.

        The build writes every game's description into the site (js/catalog.json), so the
        lobby knows the games before Python has loaded.
        """
        option = self.first_player_option
        return {
            "id": self.id,
            "title": f"{self.id}.title",
            "blurb": f"{self.id}.blurb",
            "pitch": f"{self.id}.pitch",
            "cover": self.cover_picture,
            "turns_each": self.turns_each,
            "min_players": self.min_players,
            "max_players": self.max_players,
            "default_players": self.default_players or self.max_players,
            "first_player": None
            if option is None
            else {
                "option": option,
                # One name for who starts, whatever the rulebook calls that seat (first
                # player, start player, first host): the lobby's words stay the same.
                "label": "shell.lobby.first.label",
                "random": self.first_player_random,
            },
            "hidden_information": self.hidden_information,
            "setup_editor": self.setup_editor,
            "tutorial": self.has_tutorial,
        }
