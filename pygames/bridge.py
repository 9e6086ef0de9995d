"""The JSON API that the browser calls; nothing else crosses from Python to JavaScript.

Every function takes plain strings and integers and returns a JSON string. A failure returns
``{"ok": false, "error": <English text>, "message": <the same, as a message to render in the
reader's language>, "error_type": <kind>}`` and leaves the match exactly as it was: actions
are tried on a copy of the state, which replaces the match's state only once they succeed.
The full state never leaves Python; callers get the view of one seat.

One decision is one crossing: ``act``, ``bot_act``, ``undo``, ``new_match`` and
``import_record`` answer with the screen to show next (the status, ``seat`` and that seat's
``view``, ``legal`` and ``optional`` actions, as :func:`view` would answer), and with the record:
its new ``tail`` after a decision, the whole ``record`` when a match is (re)opened, so the page
keeps its own copy for the autosave and the share link. :func:`view` and
:func:`export_record` remain for the rest (a hot-seat player's last look, a replay).

>>> import json
>>> reply = json.loads(new_match(json.dumps({"game": "tanbo", "seed": 3,
...     "seats": [{"name": "Ann", "bot": None}, {"name": "Bot", "bot": "random"}]})))
>>> reply["ok"], reply["status"]["step"]
(True, 0)
>>> json.loads(act(reply["match"], 0, '{"type": "bogus"}', 0))["error_type"]
'IllegalAction'
"""

from __future__ import annotations

import inspect
import itertools
import json
import secrets
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import wraps
from typing import Any

from . import verify
from .bots import Bot, bot_names, make_bot
from .core import (
    MAX_SEED,
    BadInput,
    BadOptions,
    BadRecord,
    Game,
    GameError,
    IllegalAction,
    JsonDict,
    LogEntry,
    MatchRecord,
    Message,
    Rng,
    Seat,
    State,
)
from .core.contract import MessageJson
from .core.deal import commitment as deal_commitment
from .core.limits import (
    MAX_ACTION_CHARS,
    MAX_CONFIG_CHARS,
    MAX_NAME_ARG_CHARS,
    MAX_RECORD_CHARS,
    MAX_SEAT,
    MAX_STEP,
    MAX_VIEW_DEPTH,
    quote,
    read_json,
    seat_name,
    whole,
)
from .core.undo import undo_cut, undo_state
from .games import all_games, get_game
from .hints import suggest
from .replay import Replay
from .replies import (
    ActReply,
    BotChooseReply,
    CheckReply,
    Closed,
    DealReply,
    DigestReply,
    GamesReply,
    HintReply,
    ImportReply,
    NewMatchReply,
    OpenedReply,
    OpenReplayReply,
    OptionalActions,
    RecordReply,
    Refusal,
    ReplayViewReply,
    Salvaged,
    SeatScreen,
    Status,
    ViewReply,
)
from .review import ProgressJson, Review, ReviewJson
from .tutorials import TutorialJson
from .tutorials import tutorial as tutorial_of

SPECTATOR = -1


class StaleView(GameError):
    """The caller acted on a screen drawn before the match moved on (another tab, a late click)."""


class UnknownMatch(GameError):
    """No match has that id (the page was reloaded, or the id is wrong)."""


@dataclass
class Match:
    """A match in progress: its record (the source of truth), its state and its bots."""

    id: str
    game: Game
    record: MatchRecord
    state: State
    bots: dict[int, Bot] = field(default_factory=dict)
    #: What each action of the record showed each seat (State.news), for the undo policy.
    news: list[Mapping[int, Message]] = field(default_factory=list)

    @property
    def people(self) -> list[int]:
        """The seats played by persons (not bots)."""
        return [i for i in range(len(self.record.seats)) if i not in self.bots]

    @property
    def step(self) -> int:
        """How many actions have been taken."""
        return len(self.record.actions)

    def status(self) -> Status:
        """A summary the page can poll cheaply."""
        return {
            "match": self.id,
            "game": self.game.id,
            "step": self.step,
            "actors": list(self.state.actors()),
            "awaiting": list(self.state.awaiting()),
            "over": self.state.is_over(),
            "seats": [s.to_json() for s in self.record.seats],
        }


_matches: dict[str, Match] = {}
_match_numbers = itertools.count(1)


def _refused(message: Message, error_type: str) -> str:
    """A refusal's JSON reply: its English words, its message and its kind."""
    refusal: Refusal = {
        "ok": False,
        "error": str(message),
        "message": message.to_json(),
        "error_type": error_type,
    }
    return json.dumps(refusal)


def _reply(fn: Callable[..., Mapping[str, Any]]) -> Callable[..., str]:
    """Turn a function returning a dict (or raising) into one returning a JSON reply.

    The arguments are bound first, so a call with too many or too few of them is refused in
    words, like any other bad input.
    """
    signature = inspect.signature(fn)

    @wraps(fn)
    def wrapper(*args: Any) -> str:
        try:
            try:
                signature.bind(*args)
            except TypeError as exc:
                raise BadInput(
                    Message.of("core.bridge.arguments", call=fn.__name__, count=len(args))
                ) from exc
            return json.dumps({"ok": True, **fn(*args)})
        except GameError as exc:
            return _refused(exc.message, type(exc).__name__)
        except Exception as exc:  # an engine bug: report it, keep the match as it was
            internal = Message.of("core.internal_error", detail=f"{type(exc).__name__}: {exc}")
            return _refused(internal, "InternalError")

    return wrapper


def _step(step: object) -> int:
    return whole(step, "step", 0, MAX_STEP)


def _match(match_id: object) -> Match:
    if isinstance(match_id, str) and len(match_id) <= MAX_NAME_ARG_CHARS:
        match = _matches.get(match_id)
    else:
        match = None
    if match is None:
        raise UnknownMatch(Message.of("core.bridge.unknown_match", match=quote(match_id)))
    return match


def _open(record: MatchRecord) -> Match:
    """Rebuild a match from a record, checking every seat and action."""
    game = get_game(record.game)
    bots = {i: make_bot(game.id, s.bot) for i, s in enumerate(record.seats) if s.bot is not None}
    news: list[Mapping[int, Message]] = []
    state = record.replay(game, on_step=lambda s: news.append(s.news))
    match = Match(f"m{next(_match_numbers)}", game, record, state, bots, news)
    _matches[match.id] = match
    return match


def _new_log(before: Sequence[LogEntry], after: State, seat: int | None) -> list[MessageJson]:
    old = len([e for e in before if e.visible_to(seat)])
    return [e.message.to_json() for e in after.log if e.visible_to(seat)][old:]


def _seat(match: Match, seat: object) -> int:
    """A seat index of ``match`` or ``SPECTATOR``; refused otherwise."""
    seat = whole(seat, "seat", SPECTATOR, MAX_SEAT)
    if seat != SPECTATOR and not 0 <= seat < match.state.players:
        raise BadInput(Message.of("core.bridge.no_seat", seat=seat))
    return seat


def _shown_seat(match: Match, shown: object) -> int:
    """The seat whose screen the page shows next: the first person the game waits for, else
    the person shown so far (``shown``), else the first person, else a spectator. A bot's
    seat is never shown: its view stays in Python."""
    humans = match.people
    awaited = [s for s in match.state.awaiting() if s in humans]
    if awaited:
        return awaited[0]
    preferred = _seat(match, shown)
    if preferred in humans:
        return preferred
    return humans[0] if humans else SPECTATOR


def _view_reply(match: Match, seat: int) -> ViewReply:
    """Everything a screen of ``seat`` needs: the status, its view, its legal actions and
    the optional actions of other seats (what :func:`view` answers)."""
    who = None if seat == SPECTATOR else seat
    state = match.state
    legal = [] if who is None else [a.to_json() for a in state.legal_actions(who)]
    # What other seats may do without being waited for (Tea): public, so every screen can
    # offer it to the people sitting there.
    optional: list[OptionalActions] = [
        {"seat": s, "legal": [a.to_json() for a in state.legal_actions(s)]}
        for s in state.actors()
        if s not in state.awaiting() and s != who
    ]
    undo = undo_state(match.record.actions, match.news, seat, match.people, state.is_over())
    return {
        "status": {**match.status(), "undo": undo},
        "view": state.view(who),
        "legal": legal,
        "optional": optional,
    }


def _screen(match: Match, seat: int) -> SeatScreen:
    """:func:`_view_reply` of ``seat``, naming the seat."""
    return {**_view_reply(match, seat), "seat": seat}


def _opened(match: Match, shown: object = SPECTATOR) -> OpenedReply:
    """The answer to a call that (re)opens a match: its screen and its whole record."""
    return {
        "match": match.id,
        **_screen(match, _shown_seat(match, shown)),
        "record": match.record.to_json(),
    }


def _check_step(match: Match, step: object) -> None:
    if _step(step) != match.step:
        raise StaleView(Message.of("core.bridge.stale"))


def _advance(match: Match, seat: int, data: JsonDict, step: object, shown: object) -> ActReply:
    """Apply ``data`` for ``seat`` and answer everything the screen needs next.

    No copy of the state is made: ``State.apply`` refuses before it changes anything. A fault
    inside the rules could still leave it half-changed; the record, not yet extended, then
    rebuilds the match as it was before the error is answered."""
    _check_step(match, step)
    action = match.game.decode_action(data)
    state = match.state
    try:
        _seat(match, shown)  # checked before anything changes
    except BadInput:
        if not state.is_legal(seat, action):
            state.apply(seat, action)  # the action's own refusal is told first; it changes nothing
        raise
    before = list(state.log)
    try:
        state.apply(seat, action)
    except IllegalAction:
        raise
    except Exception:
        match.state = match.record.replay(match.game)
        raise
    match.record.actions.append((seat, action.to_json()))
    match.news.append(state.news)
    return _moved(match, before, match.step - 1, action.to_json(), shown)


def _moved(
    match: Match, before: Sequence[LogEntry], start: int, action: JsonDict | None, shown: object
) -> ActReply:
    """The answer to a decision: the screen to show, the log lines new to that seat, and the
    record's tail (the actions from step ``start`` on), so the page keeps its own copy."""
    screen = _screen(match, _shown_seat(match, shown))
    seat = screen["seat"]
    return {
        **screen,
        "action": action,
        "log": _new_log(before, match.state, None if seat == SPECTATOR else seat),
        "tail": {
            "from": start,
            "actions": [[s, a] for s, a in match.record.actions[start:]],
        },
    }


@_reply
def games() -> GamesReply:
    """The catalogue: id, title, player range, bots and default options of every game."""
    return {
        "games": [
            {
                **g.describe(),
                "bots": bot_names(g.id),
                "options": g.default_options(g.min_players),
            }
            for g in all_games()
        ]
    }


@_reply
def new_match(config_text: str, shown: int = SPECTATOR) -> NewMatchReply:
    """Start a match from a lobby config ``{game, seats: [{name, bot}], seed, options, hints}``
    (``hints``: false sets the table up without them). A match across devices gives ``deal:
    {secret, salts}`` instead of a seed: its seed is made from them (:func:`new_deal`).

    The answer carries the first screen (as :func:`view` would, for the seat the page shows:
    see :func:`act`) and the whole record, so opening a match is one crossing.
    """
    config = read_json(config_text, "lobby configuration", MAX_CONFIG_CHARS)
    if not isinstance(config, dict):
        raise BadInput(Message.of("core.bridge.lobby_not_object"))
    game = get_game(config.get("game"))
    raw_seats = config.get("seats")
    if not isinstance(raw_seats, list):
        raise BadOptions(Message.of("core.bridge.choose_seats"))
    seats = []
    for i, s in enumerate(raw_seats):
        if not isinstance(s, dict):
            raise BadOptions(Message.of("core.bridge.seat_malformed", n=i + 1))
        name = s.get("name") or ""
        bot = s.get("bot") or None
        if not isinstance(name, str) or (bot is not None and not isinstance(bot, str)):
            raise BadOptions(Message.of("core.bridge.seat_malformed", n=i + 1))
        seats.append(Seat(seat_name(name, i), bot))
    seed = config.get("seed")
    deal = config.get("deal")
    if deal is not None:
        # A match across devices is dealt by everyone at the table (pygames.core.deal).
        if seed is not None and seed != "":
            raise BadOptions(Message.of("core.bridge.deal_and_seed"))
        seed = verify.seed_from_json(deal)
    elif seed is None or seed == "":
        seed = secrets.randbelow(MAX_SEED + 1)
    seed = whole(seed, "seed", -MAX_SEED, 2 * MAX_SEED)
    if not 0 <= seed <= MAX_SEED:
        raise BadOptions(Message.of("core.bridge.seed_range", max=MAX_SEED))
    options = config.get("options") or {}
    if not isinstance(options, dict):
        raise BadOptions(Message.of("core.bridge.options_not_object"))
    game.validate_options(len(seats), options)
    hints = config.get("hints", True)
    if not isinstance(hints, bool):
        what = Message.of("core.what.hints")
        raise BadOptions(Message.of("core.bridge.not_yes_no", what=what, value=quote(hints)))
    try:
        match = _open(MatchRecord(game.id, seats, seed, dict(options), no_hints=not hints))
    except BadRecord as exc:  # a fresh match has no actions: only the setup can fail
        detail = exc.message.arg("detail") if exc.message.id == "core.record.cannot_start" else None
        raise BadOptions(detail if isinstance(detail, Message) else exc.message) from exc
    return {"seed": seed, **_opened(match, shown)}


@_reply
def view(match_id: str, seat: int) -> ViewReply:
    """What ``seat`` sees (``-1``: a spectator), with that seat's legal actions.

    Every decision's answer already carries the screen to show next; this is for the others
    (the last look of a hot-seat player before the device is handed over).
    """
    match = _match(match_id)
    return _view_reply(match, _seat(match, seat))


@_reply
def act(
    match_id: str, seat: int, action_text: str, step: int, shown: int | None = None
) -> ActReply:
    """Apply a person's action; ``step`` is the step their screen was drawn at.

    ``shown`` is the seat the page shows (``-1``: a spectator; by default the acting seat).
    The answer is everything the next screen needs, so a decision is one crossing: the
    status; ``seat``, the seat to show now (the first person the game waits for, else
    ``shown`` if a person sits there, else the first person, else ``-1``) with its ``view``,
    ``legal`` and ``optional`` actions (what :func:`view` would answer); ``log``, the lines
    new to that seat; and ``tail``, the record's actions from step ``tail.from`` on.
    """
    match = _match(match_id)
    data = read_json(action_text, "action", MAX_ACTION_CHARS)
    seat = whole(seat, "seat", 0, MAX_SEAT)
    return _advance(match, seat, data, step, seat if shown is None else shown)


def _bot_choice(match: Match, seat: object, step: object) -> tuple[int, JsonDict | None]:
    """What the bot in ``seat`` would do at ``step``, from its own view only; changes nothing.

    The step is checked first, so a bot asked about a position that has moved on (a person
    acted meanwhile) gets :class:`StaleView`, an ordinary race, not a refusal.
    """
    _check_step(match, step)
    seat = whole(seat, "seat", 0, MAX_SEAT)
    bot = match.bots.get(seat)
    if bot is None:
        raise IllegalAction(Message.of("core.bridge.not_a_bot", n=seat + 1))
    state = match.state
    if seat not in state.actors():
        raise IllegalAction(Message.of("core.not_your_turn", seat=seat))
    rng = Rng(match.record.seed * 1_000_003 + match.step * 31 + seat)
    action = bot.choose(match.game, state.view(seat), seat, state.legal_actions(seat), rng)
    if action is None:
        if seat in state.awaiting():
            raise IllegalAction(Message.of("core.bridge.bot_declined", bot=bot.name))
        return seat, None
    return seat, action.to_json()


@_reply
def bot_choose(match_id: str, seat: int, step: int) -> BotChooseReply:
    """The action the bot in ``seat`` chooses at ``step`` (``null``: it declines an optional
    action), without applying it.

    The page applies it later with :func:`act`, at the same step, only if nobody acted in
    between: so a person's optional action (Tea) always wins over a bot that has not yet
    acted, and the bot then chooses again from the new position.
    """
    _, action = _bot_choice(_match(match_id), seat, step)
    return {"action": action}


@_reply
def bot_act(match_id: str, seat: int, step: int, shown: int = SPECTATOR) -> ActReply:
    """Let the bot in ``seat`` choose and apply its action at once, from its own view only,
    and answer as :func:`act` does for the page's ``shown`` seat (never the bot's own view).

    A bot asked about an optional action (it may act but is not awaited) may decline:
    the reply's ``action`` is then ``null``, nothing changes and the tail is empty.
    """
    match = _match(match_id)
    _seat(match, shown)
    seat, action = _bot_choice(match, seat, step)
    if action is None:
        return _moved(match, match.state.log, match.step, None, shown)
    return _advance(match, seat, action, step, shown)


@_reply
def hint(match_id: str, seat: int, step: int) -> HintReply:
    """What the Strong bot would do in the person's ``seat`` at ``step``, and why, in one line;
    the match does not change, but the record notes the hint (once a step).

    Honest as the bots are (:mod:`pygames.hints`): equal views get equal hints whatever the
    secrets behind them.
    """
    match = _match(match_id)
    _check_step(match, step)
    seat = whole(seat, "seat", 0, MAX_SEAT)
    if not 0 <= seat < match.state.players or seat in match.bots:
        raise BadInput(Message.of("core.bridge.hint_not_person", n=seat + 1))
    if match.record.no_hints:
        raise IllegalAction(Message.of("core.bridge.hints_off"))
    state = match.state
    legal = state.legal_actions(seat)
    if not legal:
        raise IllegalAction(Message.of("core.not_your_turn", seat=seat))
    action, why = suggest(match.game, state.view(seat), seat, legal)
    if (seat, match.step) not in match.record.hints:
        match.record.hints.append((seat, match.step))
    return {
        "action": None if action is None else action.to_json(),
        "why": why.to_json(),
        "hints": [[s, n] for s, n in match.record.hints],
    }


@_reply
def tutorial(game_id: str) -> TutorialJson:
    """The guided first game of ``game_id`` (:mod:`pygames.tutorials`)."""
    return tutorial_of(game_id)


@_reply
def undo(match_id: str, shown: int = SPECTATOR) -> OpenedReply:
    """The person at seat ``shown`` takes back their last action, with the bot replies after
    it, under the undo policy (pygames/core/undo.py): never past anything hidden or random
    that became known to them, never another person's move. A refusal says why and changes
    nothing.

    The answer is the screen to show (see :func:`act`) and the whole record.
    """
    match = _match(match_id)
    seat = _seat(match, shown)
    keep = undo_cut(match.record.actions, match.news, seat, match.people, match.state.is_over())
    match.state = match.record.replay(match.game, keep)
    del match.record.actions[keep:]
    del match.news[keep:]
    return _opened(match, shown)


@_reply
def export_record(match_id: str) -> RecordReply:
    """The match record: the save file and the share link."""
    return {"record": _match(match_id).record.to_json()}


_DAMAGED = {
    "save": "core.damaged.save",
    "link": "core.damaged.link",
    "autosave": "core.damaged.autosave",
}


@_reply
def import_record(
    record_text: str, source: str = "save", shown: int = SPECTATOR, salvage: bool = False
) -> ImportReply:
    """Open a saved match; a corrupted record is refused with the reason, opening nothing.

    ``source`` says where the record came from (``"save"``, ``"link"`` or ``"autosave"``), so
    the refusal first tells the player what is wrong in their words, then the detail. The
    answer is the screen to show (see :func:`act`) and the whole record.

    With ``salvage``, a record whose setup is sound but whose action N does not apply opens at
    the position before it (its first N - 1 actions), and the answer's ``salvaged`` says so:
    ``{"kept": N - 1, "problem": <the refusal the whole record would get>}``. A damaged save
    keeps every move that still replays instead of losing the whole game.
    """
    head = _DAMAGED.get(source) if isinstance(source, str) else None
    if head is None:
        raise BadInput(Message.of("core.bridge.unknown_source", source=quote(source)))
    if not isinstance(salvage, bool):
        what = Message.of("core.what.argument")
        raise BadInput(Message.of("core.bridge.not_yes_no", what=what, value=quote(salvage)))
    salvaged: Salvaged | None = None
    try:
        data = read_json(record_text, "saved match", MAX_RECORD_CHARS)
        record = MatchRecord.from_json(data)
        get_game(record.game).validate_options(len(record.seats), record.options)
        try:
            match = _open(record)
        except BadRecord as exc:
            kept = _applies_before(exc)
            if not salvage or kept is None:
                raise
            problem = Message.of(head, detail=exc.message)
            record.actions = record.actions[:kept]
            match = _open(record)
            salvaged = {"kept": kept, "problem": problem.to_json()}
    except (BadInput, BadOptions, BadRecord) as exc:
        raise BadRecord(Message.of(head, detail=exc.message)) from exc
    try:
        opened = _opened(match, shown)
    except GameError:
        del _matches[match.id]
        raise
    if not salvaged:
        return opened  # type: ignore[return-value]  # no salvage: ImportReply's one optional key
    return {**opened, "salvaged": salvaged}


def _applies_before(refusal: BadRecord) -> int | None:
    """How many actions of a record apply before the one ``refusal`` names, or ``None`` when
    the refusal is not about an action (the setup itself cannot start)."""
    if refusal.message.id != "core.record.does_not_apply":
        return None
    n = refusal.message.arg("n")
    return n - 1 if isinstance(n, int) and n >= 1 else None


_replays: dict[str, Replay] = {}
_replay_numbers = itertools.count(1)


def _replay(replay_id: object) -> Replay:
    if isinstance(replay_id, str) and len(replay_id) <= MAX_NAME_ARG_CHARS:
        replay = _replays.get(replay_id)
    else:
        replay = None
    if replay is None:
        raise UnknownMatch(Message.of("core.bridge.unknown_replay", replay=quote(replay_id)))
    return replay


@_reply
def open_replay(match_id: str) -> OpenReplayReply:
    """A replay of the match as it stands now (a finished game, a loaded save, a share link).

    The replay keeps its own copy of the record: the match may go on meanwhile.
    """
    match = _match(match_id)
    record = MatchRecord.from_json(match.record.to_json())
    replay = Replay(match.game, record)
    replay_id = f"r{next(_replay_numbers)}"
    _replays[replay_id] = replay
    return {
        "replay": replay_id,
        "game": match.game.id,
        "steps": replay.steps,
        "over": replay.over,
        "seats": [s.to_json() for s in record.seats],
    }


@_reply
def replay_view(replay_id: str, step: int, seat: int) -> ReplayViewReply:
    """Step ``step`` of a replay as ``seat`` saw it (``-1``: a spectator; ``-2``: everything,
    refused until the game is over), with the log and the step of each of its lines."""
    return _replay(replay_id).view(_step(step), whole(seat, "seat", -2, MAX_SEAT))


_reviews: dict[str, Review] = {}
#: Positions one call of :func:`review_run` evaluates at most (a call is never long).
MAX_REVIEW_CHUNK = 64


@_reply
def review_open(replay_id: str) -> ProgressJson:
    """Start the review of a replay's game (its people's decisions, or every seat's if bots
    played alone); :func:`review_run` evaluates it a few positions at a time."""
    replay = _replay(replay_id)
    review = _reviews.get(replay_id)
    if review is None:
        review = _reviews[replay_id] = Review(replay)
    return review.progress()


def _review(replay_id: object) -> Review:
    _replay(replay_id)
    review = _reviews.get(replay_id) if isinstance(replay_id, str) else None
    if review is None:
        raise IllegalAction(Message.of("core.review.not_open"))
    return review


@_reply
def review_run(replay_id: str, count: int) -> ProgressJson:
    """Evaluate up to ``count`` more positions of the review; answers how far it has come."""
    return _review(replay_id).run(whole(count, "count", 1, MAX_REVIEW_CHUNK))


@_reply
def review_result(replay_id: str) -> ReviewJson:
    """The finished review: every position's value and the turning points."""
    return _review(replay_id).result()


@_reply
def close_replay(replay_id: str) -> Closed:
    """Forget a replay (the viewer was closed), and its review."""
    _replay(replay_id)
    del _replays[replay_id]
    _reviews.pop(replay_id, None)
    return {}


@_reply
def new_deal() -> DealReply:
    """A new deal's secret, for a match across devices, and the commitment every guest is
    shown before it joins (:mod:`pygames.core.deal`)."""
    secret = secrets.token_hex(32)
    return {"secret": secret, "commitment": deal_commitment(secret)}


@_reply
def view_digest(view_text: str) -> DigestReply:
    """The digest a guest keeps of view ``view_text`` (JSON), as it was sent to it."""
    view = read_json(view_text, "view", MAX_RECORD_CHARS, MAX_VIEW_DEPTH)
    return {"digest": verify.view_digest(view)}


@_reply
def check_match(check_text: str) -> CheckReply:
    """A guest's check at the end of a match across devices (:mod:`pygames.verify`):
    ``check_text`` is ``{record, seat, salt, commitment, secret, salts, seen}`` (JSON)."""
    problems = verify.check_from_json(read_json(check_text, "check", MAX_RECORD_CHARS))
    return {"problems": [p.to_json() for p in problems]}


@_reply
def close(match_id: str) -> Closed:
    """Forget a match (the page started another)."""
    _matches.pop(_match(match_id).id)
    return {}


#: The functions JavaScript calls, in the one place they are listed: the worker exports these
#: names (web/py/worker.py) and tells the page's engine (web/js/engine.js) which methods to make.
CALLS = (
    "games",
    "new_match",
    "view",
    "act",
    "bot_act",
    "bot_choose",
    "hint",
    "tutorial",
    "undo",
    "export_record",
    "import_record",
    "close",
    "open_replay",
    "replay_view",
    "review_open",
    "review_run",
    "review_result",
    "close_replay",
    "new_deal",
    "view_digest",
    "check_match",
)

__all__ = ["CALLS", *CALLS]
