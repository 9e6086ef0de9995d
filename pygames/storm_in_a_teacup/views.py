"""The JSON forms of a Storm in a Teacup state: each seat's view, the saved state, and back.

Ruling S8. A seat sees its own hand in order; every hand and stock size; the runs revealed this
round; the box's size and the colours discarded into it; each stock's colour counts
(``stock_colours``); and each hand's colour counts when they are public (``hand_colours``: a
hand prepared from the stock, minus what was served since; ``None`` for a dealt hand, whose
colours only its owner knows). It never sees the order or the colours of another seat's dealt
hand, nor the order of any hand but its own.

Why the colour counts are in every view whatever the *Memory aid* option says: they are public
facts. Every card that reaches a stock was revealed face up first, and the log names which
revealed cards went to the box (the rulebook's tip even asks players to watch "the ratios of
each color you're leaving in your Stock"); a player with a good memory, or a pencil, knows them
exactly. Hiding them would not make them secret, only make the game a memory test, and a bot
would still use them. So the option (``memory_aid`` in the view) only tells the renderer whether
to show the counts (on) or only the sizes (off); it changes nothing a seat may know.

:func:`from_view` rebuilds a full state from a view alone, dealing each stock its public
colours and each prepared hand its public colours in a random order; only what is truly unknown
(other seats' dealt hands, the undealt cards in the box) is dealt at random. Bots searching such
states therefore use what the public log fixes, and never peek.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, NotRequired, TypedDict, TypeVar

from ..core import BadRecord, Game, JsonDict, LogEntry, Message, Rng
from ..core.contract import MessageJson
from .cards import (
    CARDS,
    COLOUR_BY_WORD,
    COLOURS,
    IDS_BY_COLOUR,
    MATCH_DISCARDS,
    WINNER_DISCARDS,
    ColourWord,
    CountsJson,
    counts_from_json,
    counts_json,
    counts_of,
    words,
)
from .combinations import (
    COMBINATIONS,
    CombinationId,
    CombinationJson,
    combination_id,
    combination_of,
    why_not,
)
from .state import (
    LastPartyJson,
    LeadJson,
    MoveJson,
    Party,
    PartyJson,
    Phase,
    PhaseWord,
    Reveal,
    StormRules,
    runs,
)

#: The state class to rebuild (the game's own, with views and refusals on top of the rules).
R = TypeVar("R", bound=StormRules)


class RevealJson(TypedDict):
    """One seat's act in this round's Serving phase, in serving order: a run or a preparation."""

    seat: int
    #: The run served, its colours in order (empty for a preparation).
    cards: list[ColourWord]
    #: The combination the run forms; null for a preparation.
    combination: CombinationId | None
    #: The seat's hand was empty: its stock became its hand, and it served nothing.
    prepared: bool


#: What serving a run would do at the tea party, as the round stands (rulings S5, S6): lead it,
#: match the lead with the most cards so far (a tie goes to the later reveal), match it with
#: fewer, or not match it (the cards go to the stock).
PartyWord = Literal["lead", "match_most", "match", "no_match"]


class RunJson(TypedDict):
    """A legal run of the hand of the seat to serve (0-based ``start``), what it forms, and what
    serving it would do at the tea party if nobody served after it (``discards``: the cards
    its owner could then discard, ruling S6)."""

    start: int
    length: int
    combination: CombinationId
    party: PartyWord
    discards: int


class StormTable(TypedDict):
    """Storm in a Teacup's table as one seat sees it (ruling S8): its own hand in order, every
    size, and the colour counts the public log fixes. A finished game's replay adds every hand
    and stock (``hands``, ``stocks``)."""

    #: Actions taken so far.
    step: int
    #: The Memory aid option: show the public colour counts (else only the sizes).
    memory_aid: bool
    phase: PhaseWord
    round: int
    #: The host of this round (who serves first).
    host: int
    #: The seat to serve or to discard; null once the game is over.
    turn: int | None
    #: This seat's hand, in order; null for a spectator.
    hand: list[ColourWord] | None
    #: Cards in each seat's hand.
    hand_sizes: list[int]
    #: Cards in each seat's stock.
    stock_sizes: list[int]
    #: Each stock's colours (public, whatever the Memory aid option: ruling S8).
    stock_colours: list[CountsJson]
    #: Each hand's colours when the public log fixes them (a hand from the stock, an empty
    #: one); null for a dealt hand, whose colours only its owner knows.
    hand_colours: list[CountsJson | None]
    #: Cards in the box.
    box: int
    #: The colours of the cards discarded into the box (all were public when revealed).
    box_discards: CountsJson
    #: This round's runs and preparations, in serving order.
    reveals: list[RevealJson]
    #: Who leads this round's tea party; null until someone serves.
    lead: LeadJson | None
    #: The tea party being resolved (the Discard phase), else null.
    party: PartyJson | None
    last_party: LastPartyJson | None
    #: Every combination a run may form (the engine's table, in order).
    combinations: list[CombinationJson]
    #: For the seat on turn to serve: its legal runs with their combination (else empty).
    runs: list[RunJson]
    #: For the seat on turn to serve: why the other runs of its hand are refused, keyed by the
    #: colours they hold ("tea+lemon"); each reason leaves out its ``counts`` argument, for the
    #: page to fill in with the run's own. Empty for everyone else.
    refused_runs: dict[str, MessageJson]
    #: Cards each seat holds, hand and stock together (ruling S7: 0 or 1 wins).
    cards_left: list[int]
    #: Each seat's last move, public only; null before it has made one.
    last: list[MoveJson | None]
    #: The replay of a finished game only: every hand, in order.
    hands: NotRequired[list[list[ColourWord]]]
    #: The replay of a finished game only: every stock.
    stocks: NotRequired[list[list[ColourWord]]]


def _reveal_view(reveal: Reveal) -> RevealJson:
    return {
        "seat": reveal.seat,
        "cards": words(reveal.cards),
        "combination": reveal.combination,
        "prepared": reveal.prepared,
    }


def _hand_colours(state: StormRules) -> list[CountsJson | None]:
    out: list[CountsJson | None] = []
    for seat in range(state.players):
        counts = state.public_hand_counts(seat)
        out.append(None if counts is None else counts_json(counts))
    return out


def colours_key(counts: list[int]) -> str:
    """``"tea+lemon"``: the colours present in a run, as a key of ``refused_runs``."""
    return "+".join(c.word for c in COLOURS if counts[c])


class _Party(TypedDict):
    party: PartyWord
    discards: int


def _at_party(state: StormRules, length: int, combination: CombinationId) -> _Party:
    """What serving ``length`` cards of ``combination`` now would do at the tea party, if
    nobody served after it (rulings S5, S6)."""
    if state.lead is None:  # the first to serve leads, and alone wins the party so far
        return {"party": "lead", "discards": min(WINNER_DISCARDS, length)}
    if combination != state.lead[1]:
        return {"party": "no_match", "discards": 0}
    most = max(len(r.cards) for r in state.reveals if r.combination == combination)
    if length >= most:  # a tie goes to the later reveal: this one
        return {"party": "match_most", "discards": min(WINNER_DISCARDS, length)}
    return {"party": "match", "discards": min(MATCH_DISCARDS, length)}


def _serving(state: StormRules, seat: int | None) -> tuple[list[RunJson], dict[str, MessageJson]]:
    """For the seat about to serve: every legal run with the combination it forms, in the
    order of the legal actions, and why the other runs of its hand are refused, keyed by the
    colours they hold (:func:`colours_key`: the reason depends only on them). Each reason
    leaves out its ``counts`` argument, which the renderer fills in with the counts of the run
    it shows; so the renderer derives no rule."""
    if seat is None or state.phase is not Phase.SERVING or state.turn != seat:
        return [], {}
    colours = state.hand_colours(seat)
    legal: list[RunJson] = [
        {"start": s, "length": n, "combination": c.id, **_at_party(state, n, c.id)}
        for s, n, c in runs(colours)
    ]
    fine = {(r["start"], r["length"]) for r in legal}
    refused: dict[str, MessageJson] = {}
    for start in range(len(colours)):
        counts = [0, 0, 0]
        for end in range(start, len(colours)):
            counts[colours[end]] += 1
            key = colours_key(counts)
            if (start, end - start + 1) not in fine and key not in refused:
                refused[key] = why_not(counts, with_counts=False).to_json()
    return legal, refused


def table_view(state: StormRules, seat: int | None) -> StormTable:
    """The ``"table"`` part of ``seat``'s view (``None``: a spectator)."""
    lead: LeadJson | None = None
    if state.lead is not None:
        lead = {"seat": state.lead[0], "combination": state.lead[1]}
    serves, refused = _serving(state, seat)
    return {
        "step": state.steps,
        "memory_aid": state.memory_aid,
        "phase": state.phase.value,
        "round": state.round,
        "host": state.host,
        "turn": state.turn,
        "hand": None if seat is None else words(state.hands[seat]),
        "hand_sizes": state.hand_sizes(),
        "stock_sizes": [len(s) for s in state.stocks],
        # ruling S8: public whatever the Memory aid option (see the module docstring).
        "stock_colours": [counts_json(state.stock_counts(s)) for s in range(state.players)],
        "hand_colours": _hand_colours(state),
        "box": len(state.box),
        # The discarded cards were public when revealed; the undealt ones never were.
        "box_discards": counts_json(state.box_discards()),
        "reveals": [_reveal_view(r) for r in state.reveals],
        "lead": lead,
        "party": None if state.party is None else state.party.to_json(),
        "last_party": state.last_party,
        "combinations": [c.to_json() for c in COMBINATIONS],
        # The seat on turn: its legal runs with their combination, and the engine's reason
        # for every other run of its hand (by the colours it holds); empty for everyone else.
        "runs": serves,
        "refused_runs": refused,
        "cards_left": state.cards_left(),
        # Each seat's last move, public only: {"move": "serve" (cards, combination) |
        # "prepare" (cards: how many) | "discard" (discarded counts, kept), "step", "round"}.
        "last": [None if m is None else m.copy() for m in state.last],
    }


def full_table_view(state: StormRules) -> StormTable:
    """A spectator's table plus every secret: each hand in order and each stock (``hands``,
    ``stocks``: colour words). For the replay of a finished game only (``State.full_view``)."""
    table = table_view(state, None)
    table["hands"] = [words(h) for h in state.hands]
    table["stocks"] = [words(s) for s in state.stocks]
    return table


def state_json(state: StormRules) -> JsonDict:
    """The whole state, card ids included, for saving and for equality."""
    return {
        "players": state.players,
        "memory_aid": state.memory_aid,
        "steps": state.steps,
        "hand_secret": list(state.hand_secret),
        "last": [None if m is None else dict(m) for m in state.last],
        "phase": state.phase.value,
        "round": state.round,
        "host": state.host,
        "turn": state.turn,
        "hands": [list(h) for h in state.hands],
        "stocks": [list(s) for s in state.stocks],
        "box": list(state.box),
        "undealt": state.undealt,
        "reveals": [
            {
                "seat": r.seat,
                "cards": list(r.cards),
                "combination": r.combination,
                "prepared": r.prepared,
            }
            for r in state.reveals
        ],
        "lead": None if state.lead is None else list(state.lead),
        "party": None if state.party is None else state.party.to_json(),
        "last_party": state.last_party,
        "winners": list(state.winners),
        "rng": state.rng.state,
        "log": [e.to_json() for e in state.log],
    }


def _party(data: Any) -> Party | None:
    if data is None:
        return None
    return Party(
        matching=[int(s) for s in data["matching"]],
        winner=int(data["winner"]),
        allowed={int(s): int(n) for s, n in data["allowed"].items()},
        pending=[int(s) for s in data["pending"]],
        discarded={int(s): counts_from_json(c) for s, c in data["discarded"].items()},
    )


def _lead(data: Any) -> tuple[int, CombinationId] | None:
    if data is None:
        return None
    if isinstance(data, dict):
        seat, combination = data["seat"], data["combination"]
    else:
        seat, combination = data
    return int(seat), combination_id(combination)


def _colour_words(data: Any) -> list[ColourWord]:
    return [COLOUR_BY_WORD[w].word for w in data]


def _move(data: Any) -> MoveJson:
    """A last move read back (the view's or the saved state's ``last``)."""
    if not (isinstance(data, dict) and "move" in data):
        raise ValueError(f"not a move: {data!r}")
    kind, step, round_ = data["move"], int(data["step"]), int(data["round"])
    if kind == "serve":
        return {
            "move": "serve",
            "step": step,
            "round": round_,
            "cards": _colour_words(data["cards"]),
            "combination": combination_id(data["combination"]),
        }
    if kind == "prepare":
        return {"move": "prepare", "step": step, "round": round_, "cards": int(data["cards"])}
    if kind == "discard":
        return {
            "move": "discard",
            "step": step,
            "round": round_,
            "discarded": counts_json(counts_from_json(data["discarded"])),
            "kept": int(data["kept"]),
        }
    raise ValueError(f"not a move: {data!r}")


def _last(data: Any, players: int) -> list[MoveJson | None]:
    if not isinstance(data, list) or len(data) != players:
        raise ValueError(f"expected one last move per seat, not {data!r}")
    return [None if move is None else _move(move) for move in data]


def _last_party(data: Any) -> LastPartyJson | None:
    """The last tea party read back (the view's or the saved state's ``last_party``)."""
    if data is None:
        return None
    matching = [int(s) for s in data["matching"]]
    discarded = {str(s): counts_json(counts_from_json(c)) for s, c in data["discarded"].items()}
    if _flag(data["skipped"], "skipped"):
        if data["lead"] is not None or data["winner"] is not None:
            raise ValueError(f"a skipped tea party has no lead and no winner: {data!r}")
        return {
            "round": int(data["round"]),
            "lead": None,
            "matching": matching,
            "winner": None,
            "discarded": discarded,
            "skipped": True,
        }
    lead = _lead(data["lead"])
    if lead is None:
        raise ValueError(f"a tea party without a lead: {data!r}")
    return {
        "round": int(data["round"]),
        "lead": {"seat": lead[0], "combination": lead[1]},
        "matching": matching,
        "winner": int(data["winner"]),
        "discarded": discarded,
        "skipped": False,
    }


def _flag(value: Any, what: str) -> bool:
    if not isinstance(value, bool):
        raise ValueError(f"{what} must be true or false, not {value!r}")
    return value


def _common(state: StormRules, data: Mapping[str, Any]) -> None:
    state.phase = Phase(data["phase"])
    state.round = int(data["round"])
    state.host = int(data["host"])
    turn = data["turn"]
    state.turn = None if turn is None else int(turn)
    state.lead = _lead(data["lead"])
    state.party = _party(data["party"])
    state.last_party = _last_party(data["last_party"])


def from_json(kind: type[R], game: Game, data: Mapping[str, Any]) -> R:
    """Inverse of :func:`state_json`: a ``kind`` of state."""
    try:
        players = int(data["players"])
        state = kind(
            game,
            players,
            Rng.from_state(int(data["rng"])),
            _flag(data["memory_aid"], "memory_aid"),
        )
        _common(state, data)
        state.steps = int(data["steps"])
        state.hand_secret = [_flag(f, "hand_secret") for f in data["hand_secret"]]
        if len(state.hand_secret) != players:
            raise ValueError("one hand_secret flag per seat")
        state.last = _last(data["last"], players)
        state.hands = [[int(c) for c in h] for h in data["hands"]]
        state.stocks = [[int(c) for c in s] for s in data["stocks"]]
        state.box = [int(c) for c in data["box"]]
        state.undealt = int(data["undealt"])
        state.reveals = [
            Reveal(
                int(r["seat"]),
                tuple(int(c) for c in r["cards"]),
                None if r["combination"] is None else combination_id(r["combination"]),
                bool(r["prepared"]),
            )
            for r in data["reveals"]
        ]
        state.winners = tuple(int(s) for s in data["winners"])
        state.log = [LogEntry.from_json(e) for e in data["log"]]
    except (KeyError, TypeError, ValueError, AttributeError) as exc:
        raise BadRecord(Message.of("storm_in_a_teacup.record.bad_state", detail=repr(exc))) from exc
    return state


class _Pool:
    """Card ids by colour, handed out in order: to give known colours concrete ids."""

    def __init__(self) -> None:
        self.free = {c: list(reversed(IDS_BY_COLOUR[c])) for c in COLOURS}

    def take(self, word: str) -> int:
        colour = COLOUR_BY_WORD[word]
        if not self.free[colour]:
            raise ValueError(f"more {colour.title} cards than the game has")
        return self.free[colour].pop()

    def rest(self) -> list[int]:
        return sorted(c for ids in self.free.values() for c in ids)


def from_view(kind: type[R], game: Game, view: Mapping[str, Any], seat: int, rng: Rng) -> R:
    """A full state consistent with ``seat``'s view (ruling S8). What the view fixes is kept:
    the seat's own hand in order, the reveals, the discards, every stock's colours and every
    prepared hand's colours (each dealt in a random order). Only what the seat cannot know,
    the other seats' dealt hands and the undealt cards in the box, is dealt at random. The
    state is a ``kind``: the game's own state class."""
    try:
        table = view["table"]
        players = int(view["players"])
        state = kind(game, players, Rng(rng.next_u64()), _flag(table["memory_aid"], "memory_aid"))
        _common(state, table)
        state.steps = int(table["step"])
        state.last = _last(table["last"], players)
        pool = _Pool()
        hand_sizes = [int(n) for n in table["hand_sizes"]]
        stock_sizes = [int(n) for n in table["stock_sizes"]]
        if len(hand_sizes) != players or len(stock_sizes) != players:
            raise ValueError("one hand size and one stock size per seat")
        own = [pool.take(w) for w in table["hand"]]
        state.reveals = [
            Reveal(
                int(r["seat"]),
                tuple(pool.take(w) for w in r["cards"]),
                None if r["combination"] is None else combination_id(r["combination"]),
                bool(r["prepared"]),
            )
            for r in table["reveals"]
        ]
        discards = counts_from_json(table["box_discards"])
        discarded = [pool.take(c.word) for c in COLOURS for _ in range(discards[c])]

        def known(counts: list[int], size: int, what: str) -> list[int]:
            if sum(counts) != size or min(counts) < 0:
                raise ValueError(f"{what}: colour counts {counts} for {size} cards")
            cards = [pool.take(c.word) for c in COLOURS for _ in range(counts[c])]
            rng.shuffle(cards)  # the order is nobody's knowledge (a stock) or not this seat's
            return cards

        stock_colours = [counts_from_json(c) for c in table["stock_colours"]]
        hand_colours = [None if c is None else counts_from_json(c) for c in table["hand_colours"]]
        if len(stock_colours) != players or len(hand_colours) != players:
            raise ValueError("one stock_colours and one hand_colours entry per seat")
        stocks = [known(stock_colours[s], stock_sizes[s], f"stock {s}") for s in range(players)]
        hands: list[list[int] | None] = [None] * players
        for s in range(players):
            counts = hand_colours[s]
            if s == seat:
                if counts is not None and counts != counts_of(own):
                    raise ValueError("the seat's own hand does not have its public colours")
                hands[s] = own
            elif counts is not None:
                hands[s] = known(counts, hand_sizes[s], f"hand {s}")
        unseen = pool.rest()
        rng.shuffle(unseen)
        undealt = int(table["box"]) - len(discarded)
        secret = sum(hand_sizes[s] for s in range(players) if hands[s] is None)
        if secret + undealt != len(unseen) or len(own) != hand_sizes[seat] or undealt < 0:
            raise ValueError("the sizes in the view do not add up to the 120 cards")

        def deal(n: int) -> list[int]:
            cards = unseen[-n:] if n else []
            del unseen[len(unseen) - n :]
            return cards

        state.hands = [h if h is not None else deal(hand_sizes[s]) for s, h in enumerate(hands)]
        state.stocks = stocks
        state.hand_secret = [c is None for c in hand_colours]
        state.box = deal(undealt) + discarded
        state.undealt = undealt
        outcome = view.get("outcome")
        if outcome is not None:
            state.winners = tuple(int(s) for s in outcome["winners"])
        state.log = [LogEntry(Message.from_json(t)) for t in view["log"]]
    except (KeyError, TypeError, ValueError, AttributeError, IndexError) as exc:
        raise BadRecord(Message.of("storm_in_a_teacup.record.bad_view", detail=repr(exc))) from exc
    return state


def check(state: StormRules) -> None:
    """Raise ``AssertionError`` if a card is lost or doubled, or the round is incoherent."""
    places: list[int] = [*state.box]
    for hand in state.hands:
        places.extend(hand)
    for stock in state.stocks:
        places.extend(stock)
    for reveal in state.reveals:
        places.extend(reveal.cards)
    assert sorted(places) == list(range(CARDS)), "the 120 cards are not each in one place"
    assert len(state.hands) == len(state.stocks) == len(state.hand_secret) == state.players
    assert len(state.last) == state.players
    for seat in range(state.players):
        # ruling S8: a hand whose colours are secret is the non-empty dealt hand.
        assert not (state.hand_secret[seat] and not state.hands[seat]), "empty secret hand"
    assert 0 <= state.undealt <= len(state.box)
    assert 0 <= state.host < state.players
    assert state.round >= 1
    seats = [r.seat for r in state.reveals]
    expected = [(state.host + i) % state.players for i in range(len(seats))]
    assert seats == expected, f"reveals {seats} out of order from host {state.host}"
    for reveal in state.reveals:
        if reveal.prepared:
            assert not reveal.cards and reveal.combination is None
        else:
            combination = combination_of(counts_of(reveal.cards))
            assert combination is not None and combination.id == reveal.combination
    served = [r for r in state.reveals if not r.prepared]
    if state.lead is None:
        assert not served, "someone served but nobody leads"
    else:
        assert served and (served[0].seat, served[0].combination) == state.lead
    left = state.cards_left()
    if state.phase is Phase.SERVING:
        assert state.party is None and len(state.reveals) < state.players
        assert state.turn == (state.host + len(state.reveals)) % state.players
        assert state.hands[state.turn], "the server has no cards"
        assert not state.winners
    elif state.phase is Phase.DISCARD:
        party = state.party
        assert party is not None and len(state.reveals) == state.players
        assert party.pending and state.turn == party.pending[0]
        assert party.winner in party.matching
        for s in party.pending:
            assert s not in party.discarded
        for s, counts in party.discarded.items():
            have = counts_of(state.revealed_by(s))
            assert sum(counts) <= party.allowed[s]
            assert all(0 <= counts[c] <= have[c] for c in COLOURS)
        assert not state.winners
    else:
        assert state.turn is None and state.party is None and not state.reveals
        assert state.winners and all(left[w] <= 1 for w in state.winners)
        assert all((left[s] <= 1) == (s in state.winners) for s in range(state.players))
