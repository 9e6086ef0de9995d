"""The JSON forms of a Humble Tea Party state: each seat's table view, the saved state, and
rebuilding a state from either.

Secrets: the favourite season of another player until their Oribako is complete (ruling H10),
and the order of the face-down deck tiles. A view holds neither; a state rebuilt from a view
(:func:`from_view`, for bots that look ahead) draws them afresh, consistent with what that seat
knows: the public undealt cards, its own card, the seasons already revealed, the tiles not seen.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any, TypedDict, TypeVar

from ..core import BadRecord, Game, JsonDict, LogEntry, Message, Rng
from .oribako import FULL, SIDE, WindowJson, bounds, is_complete, is_connected, window
from .scoring import (
    FAVOURITE,
    HandJson,
    Score,
    ScoreJson,
    hands_json,
    placement_gain,
    running_score,
)
from .state import (
    DECKS,
    MAX_RESETS,
    HtpRules,
    LastMoveJson,
    Phase,
    PhaseWord,
    reset_is_pointless,
    say,
)
from .sweets import TILE_COUNT, TILES, Season, SeasonWord, TileJson, player_cards, tile_json

#: The state class to rebuild (the game's own, with views and refusals on top of the rules).
R = TypeVar("R", bound=HtpRules)
#: The log line of a forced pass (ruling H9): each one is a turn begun.
PASS = "humble_tea_party.log.pass"


class DeckJson(TypedDict):
    """One of the three decks: how many tiles it holds and its face-up top."""

    size: int
    #: null: the deck is empty.
    top: TileJson | None


class CellJson(TypedDict):
    """A sweet in an Oribako, on its free grid: x grows to the right, y downwards, the first
    sweet at (0, 0)."""

    x: int
    y: int
    tile: TileJson


class RunningScoreJson(TypedDict):
    """An Oribako's hands made so far (ruling H12), as the reader may know them: per hand,
    in the order of the table's ``hands``; the favourite season's hand is null where the season
    is secret to the reader."""

    hands: list[int | None]
    points: list[int | None]
    #: The score as the reader knows it.
    total: int
    #: The score as every player knows it (the favourite season's hand left out until the box
    #: is complete).
    public: int


class OribakoJson(TypedDict):
    """One seat's Oribako and what the reader may know of it."""

    #: Its sweets, in the order they were placed.
    tiles: list[CellJson]
    #: The cells to draw (ruling H8).
    window: WindowJson
    #: Nine sweets: the box is full and scored.
    complete: bool
    #: The owner's favourite season where the reader may know it (their own; everyone's once
    #: the box is complete, ruling H10; every one in a finished game's replay); else null.
    season: SeasonWord | None
    #: The season is public (the box is complete).
    revealed: bool
    #: The owner holds the Tea token: nobody may place here (ruling H11).
    tea: bool
    score: RunningScoreJson


class PreviewJson(TypedDict):
    """What one of the reader's legal placements (or keeps) would add to the Oribako it goes
    into: the sweet of ``deck`` on ``target``'s cell ``(x, y)``."""

    deck: int
    target: int
    x: int
    y: int
    #: The points it adds in all (the reader's knowledge).
    gain: int
    #: The points it adds per hand; the favourite season's hand null while the owner's season
    #: is secret to the reader.
    hands: list[int | None]


class TeaJson(TypedDict):
    """The Tea token (ruling H11)."""

    #: The seat having Tea; null: the token is in the centre.
    holder: int | None
    #: The seats that have had their Tea (once a game each).
    spent: list[int]


class HtpOptionsJson(TypedDict):
    """The game's options the table shows."""

    #: Team Battle (ruling H14).
    team_battle: bool
    #: Each seat's team (0 or 1) in a Team Battle; else null.
    teams: list[int] | None
    #: No chatting (ruling H15: shown, changes nothing).
    no_chatting: bool


class HtpTable(TypedDict):
    """Humble Tea Party's table, as one seat (or a spectator) may see it: no favourite season
    the reader may not know (ruling H10), and no deck's order."""

    #: Decisions taken so far.
    step: int
    phase: PhaseWord
    #: Whose turn it is.
    turn: int
    #: The seat that starts both phases.
    start_player: int
    decks: list[DeckJson]
    #: Resets made so far (ruling H5).
    resets: int
    #: Resets a game allows (ruling H5).
    max_resets: int
    #: The sweets of a complete Oribako (ruling H8).
    box_full: int
    #: The six hands (ruling H12), in the order every score lists them.
    hands: list[HandJson]
    #: Where the favourite season's hand (#5) is in ``hands`` and in every score's lists: the
    #: one hand that depends on a secret (null there while the season is secret to the reader).
    favourite_hand: int
    #: Each seat's Oribako.
    oribako: list[OribakoJson]
    #: For the seat to act: what each legal placement would add (else empty).
    previews: list[PreviewJson]
    #: Each seat's last move (public); null before its first.
    last: list[LastMoveJson | None]
    tea: TeaJson
    #: The player cards not dealt, face up (ruling H2).
    undealt_cards: list[SeasonWord]
    options: HtpOptionsJson
    #: Each seat's final score once the game is over; else null.
    scores: list[ScoreJson] | None
    #: A finished Team Battle's team totals, team 0 then 1 (ruling H14); else null.
    team_scores: list[int] | None


def known_season(
    state: HtpRules, owner: int, seat: int | None, everything: bool = False
) -> SeasonWord | None:
    """``owner``'s favourite season if ``seat`` may know it: their own, or revealed by a
    complete Oribako (ruling H10); every season in the full view of a finished game."""
    if everything or seat == owner or is_complete(state.boxes[owner]):
        return Season(state.seasons[owner]).value
    return None


def score_json(score: Score, season_known: bool, public: int) -> RunningScoreJson:
    """A running score as the view gives it: #5 is ``None`` where the season is not known.
    ``total`` is what the reader knows; ``public`` what every player knows (#5 left out
    until the season is revealed)."""
    hands: list[int | None] = list(score.hands)
    points: list[int | None] = list(score.points)
    if not season_known:
        hands[FAVOURITE] = points[FAVOURITE] = None
    return {"hands": hands, "points": points, "total": score.total, "public": public}


def box_score(
    state: HtpRules, owner: int, seat: int | None, everything: bool = False
) -> RunningScoreJson:
    """The running score of ``owner``'s Oribako as ``seat`` may know it (ruling H12; H10)."""
    box = state.boxes[owner]
    season = known_season(state, owner, seat, everything)
    score = running_score(box, season)
    public = score if is_complete(box) else running_score(box, None)
    return score_json(score, season is not None, public.total)


def previews(state: HtpRules, seat: int) -> list[PreviewJson]:
    """What each of ``seat``'s legal placements (or keeps) would add to the Oribako it goes
    into, as ``seat`` may know it: ``gain`` (the total) and ``hands`` (per hand; #5 is
    ``None`` while the owner's season is secret from ``seat``)."""
    if state.phase is Phase.OVER or seat != state.turn:
        return []
    if state.phase is Phase.OWN:
        moves = [(d, seat, 0, 0) for d in range(len(state.decks)) if state.decks[d]]
    else:
        moves = [(a.deck, a.target, a.x, a.y) for a in state.placements(seat)]
    out: list[PreviewJson] = []
    for deck, target, x, y in moves:
        season = known_season(state, target, seat)
        counts = placement_gain(state.boxes[target], (x, y), state.decks[deck][0], season)
        points = Score(counts).points
        hands: list[int | None] = list(points)
        if season is None:
            hands[FAVOURITE] = None
        out.append(
            {"deck": deck, "target": target, "x": x, "y": y, "gain": sum(points), "hands": hands}
        )
    return out


def table_view(state: HtpRules, seat: int | None, everything: bool = False) -> HtpTable:
    """The ``"table"`` of ``seat``'s view (``None``: a spectator); with ``everything``, a
    spectator's table with every favourite season shown (the replay of a finished game)."""
    phase: PhaseWord = state.phase.value
    over = state.phase is Phase.OVER
    scores = state.scores() if over else None
    team_scores = state.team_totals(scores)[0] if scores and state.team_battle else None
    return {
        "step": state.steps,
        "phase": phase,
        "turn": state.turn,
        "start_player": state.start_player,
        "decks": [{"size": len(d), "top": tile_json(d[0]) if d else None} for d in state.decks],
        "resets": state.resets,
        "max_resets": MAX_RESETS,  # ruling H5
        "box_full": FULL,  # ruling H8: the sweets of a complete Oribako
        # Ruling H12: the six hands, and where the one that depends on a secret is.
        "hands": hands_json(),
        "favourite_hand": FAVOURITE,
        "oribako": [
            {
                "tiles": [{"x": x, "y": y, "tile": tile_json(t)} for (x, y), t in box.items()],
                # Ruling H8: the cells that may still take a sweet, and the sweets.
                "window": window(box),
                "complete": is_complete(box),
                # ruling H10: public once complete; until then only its owner sees it.
                "season": known_season(state, i, seat, everything),
                "revealed": is_complete(box),
                "tea": state.tea_holder == i,
                # The hands made so far (ruling H12), #5 only where the season is known.
                "score": box_score(state, i, seat, everything),
            }
            for i, box in enumerate(state.boxes)
        ],
        # For the seat to act: what each legal placement would add to that Oribako.
        "previews": [] if seat is None else previews(state, seat),
        # Each seat's last move, public only: {"move": "keep" | "place" (deck, target, x, y:
        # the tile is on that cell) | "tea" | "pass", "step"}; None before their first.
        "last": [None if m is None else m.copy() for m in state.last],
        "tea": {"holder": state.tea_holder, "spent": list(state.tea_spent)},
        "undealt_cards": [Season(s).value for s in state.undealt],
        "options": {
            "team_battle": state.team_battle,
            "teams": None if state.teams is None else list(state.teams),
            "no_chatting": state.no_chatting,
        },
        "scores": None if scores is None else [s.to_json() for s in scores],
        "team_scores": team_scores,
    }


def state_json(state: HtpRules) -> JsonDict:
    """The whole state, secrets and generator included (the save file of a position)."""
    return {
        "players": state.players,
        "options": state.options_json(),
        "phase": state.phase.value,
        "turn": state.turn,
        "decks": [list(d) for d in state.decks],
        "resets": state.resets,
        "boxes": [[[x, y, t] for (x, y), t in box.items()] for box in state.boxes],
        "seasons": list(state.seasons),
        "undealt": list(state.undealt),
        "tea_holder": state.tea_holder,
        "tea_spent": list(state.tea_spent),
        "turns": state.turns,
        "steps": state.steps,
        "last": [None if m is None else m.copy() for m in state.last],
        "rng": state.rng.state,
        "log": [e.to_json() for e in state.log],
    }


def from_json(kind: type[R], game: Game, data: Mapping[str, Any]) -> R:
    """Inverse of :func:`state_json`: a ``kind`` of state."""
    try:
        state = kind(
            game, int(data["players"]), Rng.from_state(int(data["rng"])), dict(data["options"])
        )
        state.phase = Phase(data["phase"])
        state.turn = int(data["turn"])
        state.decks = [[int(t) for t in d] for d in data["decks"]]
        state.resets = int(data["resets"])
        state.boxes = [{(int(x), int(y)): int(t) for x, y, t in box} for box in data["boxes"]]
        state.seasons = [str(s) for s in data["seasons"]]
        state.undealt = [str(s) for s in data["undealt"]]
        holder = data["tea_holder"]
        state.tea_holder = None if holder is None else int(holder)
        state.tea_spent = [int(s) for s in data["tea_spent"]]
        state.turns = int(data["turns"])
        state.steps = int(data.get("steps", 0))
        state.last = _last(data.get("last"), state.players)
        state.log = [LogEntry.from_json(e) for e in data["log"]]
    except (KeyError, TypeError, ValueError) as exc:
        raise BadRecord(say("record.bad_state", detail=repr(exc))) from exc
    return state


def from_view(kind: type[R], game: Game, view: Mapping[str, Any], seat: int, rng: Rng) -> R:
    """A full ``kind`` of state consistent with ``seat``'s view; the secrets drawn afresh from
    ``rng``."""
    try:
        table = view["table"]
        players = int(view["players"])
        options = {"start_player": int(table["start_player"]), **table["options"]}
        state = kind(game, players, Rng(rng.next_u64()), options)
        state.phase = Phase(table["phase"])
        state.turn = int(table["turn"])
        state.resets = int(table["resets"])
        state.boxes = [
            {(int(e["x"]), int(e["y"])): int(e["tile"]["id"]) for e in box["tiles"]}
            for box in table["oribako"]
        ]
        known = [box["season"] for box in table["oribako"]]
        state.undealt = [str(s) for s in table["undealt_cards"]]
        tea = table["tea"]
        state.tea_holder = None if tea["holder"] is None else int(tea["holder"])
        state.tea_spent = [int(s) for s in tea["spent"]]
        state.steps = int(table["step"])
        state.last = _last(table["last"], players)
        decks = table["decks"]
        sizes = [int(d["size"]) for d in decks]
        tops = [None if d["top"] is None else int(d["top"]["id"]) for d in decks]
        log_messages = [Message.from_json(t) for t in view["log"]]
    except (KeyError, TypeError, ValueError) as exc:
        raise BadRecord(say("record.bad_view", detail=repr(exc))) from exc

    # Favourite seasons not shown: drawn from the cards neither public nor known to this seat.
    pool = Counter(player_cards(players))
    pool.subtract(state.undealt)
    pool.subtract(s for s in known if s is not None)
    hidden = list(pool.elements())
    unknown = [i for i, s in enumerate(known) if s is None]
    if len(hidden) != len(unknown) or min(pool.values(), default=0) < 0:
        raise BadRecord(say("record.bad_seasons"))
    rng.shuffle(hidden)
    state.seasons = [str(s) if s is not None else "" for s in known]
    for i, season in zip(unknown, hidden, strict=True):
        state.seasons[i] = season

    # Face-down tiles: whatever is neither in an Oribako nor face up, in a fresh order.
    seen = {t for box in state.boxes for t in box.values()} | {t for t in tops if t is not None}
    unseen = [t for t in range(TILE_COUNT) if t not in seen]
    rng.shuffle(unseen)
    if len(unseen) != sum(max(0, n - 1) for n in sizes):
        raise BadRecord(say("record.bad_decks"))
    state.decks = []
    for size, top in zip(sizes, tops, strict=True):
        deck = [] if top is None else [top]
        deck.extend(unseen[: max(0, size - 1)])
        del unseen[: max(0, size - 1)]
        state.decks.append(deck)

    state.log = [LogEntry(m) for m in log_messages]
    # Turns begun: one per sweet taken, one per pass, and the turn under way.
    placed = sum(len(b) for b in state.boxes)
    passes = sum(m.id == PASS for m in log_messages)
    state.turns = placed + passes + (0 if state.phase is Phase.OVER else 1)
    return state


def _last(data: Any, players: int) -> list[LastMoveJson | None]:
    """The ``last`` moves from a saved state or a view (absent in older saves: none)."""
    if data is None:
        return [None] * players
    moves = [None if m is None else _move(m) for m in data]
    if len(moves) != players:
        raise ValueError("the last moves do not match the players")
    return moves


def _move(data: Mapping[str, Any]) -> LastMoveJson:
    """One seat's last move from a saved state or a view."""
    move, step = data["move"], int(data["step"])
    if move in ("keep", "place"):
        return {
            "move": move,
            "step": step,
            "deck": int(data["deck"]),
            "target": int(data["target"]),
            "x": int(data["x"]),
            "y": int(data["y"]),
        }
    if move in ("tea", "pass"):
        return {"move": move, "step": step}
    raise ValueError(f"no such move {move!r}")


def check(state: HtpRules) -> None:
    """Raise ``AssertionError`` if a tile is lost or doubled, a box is malformed, or the Tea
    token, the Resets or the phase are incoherent."""
    n = state.players
    placed = [t for box in state.boxes for t in box.values()]
    decked = [t for d in state.decks for t in d]
    everything = sorted(placed + decked)
    assert everything == list(range(TILE_COUNT)), "the 60 tiles are not all there exactly once"
    assert len(state.decks) == DECKS
    for seat, box in enumerate(state.boxes):
        assert len(box) <= FULL, f"Player {seat + 1}'s Oribako holds {len(box)} tiles"
        if box:
            x0, y0, x1, y1 = bounds(box)
            assert x1 - x0 < SIDE and y1 - y0 < SIDE, f"Player {seat + 1}'s Oribako is too big"
            assert is_connected(box), f"Player {seat + 1}'s Oribako is not connected"
            if is_complete(box):
                assert (x1 - x0, y1 - y0) == (SIDE - 1, SIDE - 1)
    # Ruling H6: no deck stays empty while another could refill it.
    for i, deck in enumerate(state.decks):
        if not deck:
            assert all(len(d) < 2 for j, d in enumerate(state.decks) if j != i), "empty deck"
    # Ruling H5: matching tops only once the three Resets are used up, or when no Reset
    # could change them (each deck showing the repeated sweet holds a single tile).
    assert 0 <= state.resets <= MAX_RESETS
    kinds = [TILES[d[0]] for d in state.decks if d]
    if state.resets < MAX_RESETS and not reset_is_pointless(state.decks):
        assert len(kinds) == len(set(kinds)), "two tops match but no Reset was made"
    # Ruling H2: the dealt and undealt cards are the player cards.
    assert sorted(state.seasons + state.undealt) == sorted(player_cards(n))
    assert len(state.seasons) == n
    # Ruling H11: one Tea token, once per player.
    assert len(set(state.tea_spent)) == len(state.tea_spent)
    holder = state.tea_holder
    if holder is not None:
        assert state.phase is Phase.RECOMMEND, "Tea outside Phase 2"
        assert holder not in state.tea_spent and not is_complete(state.boxes[holder])
    if state.phase is Phase.OWN:
        assert all(len(b) <= 1 for b in state.boxes) and not state.tea_spent
        assert not state.boxes[state.turn], "the player to keep a sweet already has one"
    elif state.phase is Phase.RECOMMEND:
        assert all(state.boxes) and not all(is_complete(b) for b in state.boxes)
        assert state.can_place(state.turn), "the active player should have passed"
    else:
        assert all(is_complete(b) for b in state.boxes) and holder is None
