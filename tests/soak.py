"""The soak: seeded random games by the thousand, fuzzed bridge calls, saves and share links.

Games: every game at every player count plays ``--games`` seeded random games through the
shared conformance test (tests/conformance.py: components conserved and the game's invariants
after every step, legal actions until the end, refused actions change nothing, copies and views
checked, no view leaks, the record replays), with each game's own leak check and junk actions;
the deeper checks (copies, views, determinizations, a refusal) run about four times a game,
and at its start and its end.

Calls: ``--calls`` calls of every bridge function (pygames/bridge.py ``CALLS``) drawn by a
seeded generator: valid and stale matches, ids and steps; malformed JSON, wrong types, NaN,
Infinity, huge and negative integers, 10,000-deep nesting, long strings, lone surrogates, and
damaged records and configurations; the wrong number of arguments. Every answer must be JSON;
a refusal must be in words (never ``InternalError``, never an exception out of the bridge) and
must leave its match exactly as it was.

    python -m tests.soak [--games 10000] [--calls 10000] [--saves 10000] [--links 10000]
                         [--workers 2] [--seed 1] [--journal soak.jsonl]

Saves and links: ``--saves`` random operations on the page's saves (web/js/saves.js, in node:
tests-js/fuzz.mjs) over a storage that fills up, is denied or holds junk, and ``--links`` share
links made from whole games and then damaged; nothing may throw, no unfinished game may go
unless deleted, every save must be listed, and every link text the page's checks pass on is
opened by the engine, which must open it or refuse it in words.

With ``--journal`` every finished batch of games is appended to that file, and a later run with
the same file plays only the batches it lacks: the full soak takes hours on two cores, so it
can be stopped and continued. A batch counts only if the rules and the checks are the very ones
that played it (a hash of their sources is in each line); others are played again.

prints the counts (games, errors, calls, internal errors, state changes, max ms per call) and
exits non-zero on any error, internal error, uncaught exception, state change on a refusal, or
(here only, never in a test) a call over one second. ``make soak`` runs it in full; the test
suite runs a short one (tests/test_soak.py).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import math
import random
import sys
import time
import traceback
from collections.abc import Callable, Iterator
from concurrent.futures import ProcessPoolExecutor
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from pygames import bridge
from pygames.core.limits import as_json as limits_json
from pygames.games import get_game

from .conformance import LeakCheck, play_random_games

JsonRecord = dict[str, Any]

#: Game, player count: every one the games allow.
SETTINGS = [
    ("tanbo", 2),
    *(("humble_tea_party", n) for n in range(3, 7)),
    *(("storm_in_a_teacup", n) for n in range(2, 7)),
]
#: Steps between the deeper checks (copies, every view, determinizations, a refused action):
#: about four a game besides its start and its end, so that a long game (Storm at six players,
#: 430 steps) costs no more per step than a short one. The invariants and the legal actions are
#: checked at every step whatever this is.
DEEP_CHECKS_PER_GAME = 4
TYPICAL_STEPS = {
    ("tanbo", 2): 140,
    **{("humble_tea_party", n): 10 * n for n in range(3, 7)},
    **{("storm_in_a_teacup", n): 115 + 80 * (n - 2) for n in range(2, 7)},
}
#: Games a worker plays in one task (small enough for even work, large enough to pay its way).
CHUNK = 50
#: A call slower than this fails the soak (the command line only: tests never assert on time).
SLOW_CALL_S = 1.0


def _checks(game: str) -> tuple[LeakCheck, list[Any], int]:
    """Each game's own leak check, junk actions and depth of checks, from its conformance test."""
    if game == "tanbo":
        from . import test_tanbo_conformance as t

        return t.no_generator_in_view, t.JUNK, 7
    if game == "humble_tea_party":
        from . import test_htp_conformance as h

        return h.no_secret_in_view, h.JUNK, 9
    from . import test_storm_conformance as s

    return s.no_hidden_cards_in_view, s.JUNK, 29


@dataclass
class GamesResult:
    """What one batch of random games did."""

    game: str
    players: int
    games: int = 0
    steps: int = 0
    errors: list[str] = field(default_factory=list)
    seconds: float = 0.0


def play_batch(game_id: str, players: int, first_seed: int, count: int) -> GamesResult:
    """``count`` seeded random games, one at a time so that one failure does not hide others."""
    leak_check, junk, deep_every = _checks(game_id)
    typical = TYPICAL_STEPS[(game_id, players)] // DEEP_CHECKS_PER_GAME
    deep_every = max(deep_every, typical)
    game = get_game(game_id)
    result = GamesResult(game_id, players)
    # CPU time of this process (a pool worker): wall time would count the soak's pauses.
    started = time.process_time()
    for seed in range(first_seed, first_seed + count):
        try:
            summary = play_random_games(
                game,
                players,
                count=1,
                seed=seed,
                leak_check=leak_check,
                junk_actions=junk,
                deep_every=deep_every,
            )
            result.steps += summary.steps
        except Exception as exc:  # an error is counted and named, and the soak goes on
            where = traceback.format_exc(limit=3).strip().splitlines()[-1]
            result.errors.append(f"{game_id} {players}p seed {seed}: {exc!r} ({where})")
        result.games += 1
    result.seconds = time.process_time() - started
    return result


def checked_sources() -> str:
    """A hash of what a batch's result depends on: the rules, the core and the checks."""
    root = Path(__file__).resolve().parent.parent
    digest = hashlib.sha256()
    files = [
        *sorted((root / "pygames").glob("core/*.py")),
        *sorted(p for g in {g for g, _ in SETTINGS} for p in (root / "pygames" / g).glob("*.py")),
        *sorted(Path(__file__).parent.glob("*conformance.py")),
        Path(__file__).parent / "words.py",
    ]
    for path in files:
        digest.update(path.relative_to(root).as_posix().encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()[:16]


def _journalled(journal: Path | None, sources: str) -> dict[tuple[str, int, int, int], GamesResult]:
    """The batches a journal already holds, played by these very sources."""
    done: dict[tuple[str, int, int, int], GamesResult] = {}
    if journal is None or not journal.exists():
        return done
    for line in journal.read_text(encoding="utf-8").splitlines():
        try:
            row = json.loads(line)
            if row.pop("sources") != sources:
                continue
            key = (row.pop("game"), row.pop("players"), row.pop("first_seed"), row.pop("count"))
            done[key] = GamesResult(key[0], key[1], **row)
        except (ValueError, KeyError, TypeError, AttributeError):
            continue  # a line cut short when a run was stopped: its batch is played again
    return done


def soak_games(
    count: int,
    seed: int = 1,
    workers: int = 1,
    progress: Callable[[str], None] | None = None,
    journal: Path | None = None,
) -> list[GamesResult]:
    """``count`` games at every setting of :data:`SETTINGS`, on ``workers`` processes.

    With a ``journal``, batches it holds are not played again and new ones are appended to it.
    """
    sources = checked_sources()
    before = _journalled(journal, sources)
    tasks = []
    for index, (game, players) in enumerate(SETTINGS):
        base = seed * 10_000_000 + index * 1_000_000
        tasks += [
            (game, players, base + start, min(CHUNK, count - start))
            for start in range(0, count, CHUNK)
        ]
    totals = {s: GamesResult(*s) for s in SETTINGS}

    def add(done: GamesResult) -> None:
        total = totals[(done.game, done.players)]
        total.games += done.games
        total.steps += done.steps
        total.errors += done.errors
        total.seconds += done.seconds
        if progress and total.games == count:
            progress(_games_line(total))

    todo = []
    for task in tasks:
        if task in before:
            add(before[task])
        else:
            todo.append(task)
    if progress and journal is not None:
        progress(f"  journal {journal}: {len(tasks) - len(todo)} of {len(tasks)} batches done")
    results: Iterator[GamesResult]
    if workers > 1:
        pool = ProcessPoolExecutor(workers)
        results = pool.map(play_batch, *zip(*todo, strict=True)) if todo else iter(())
    else:
        pool = None
        results = (play_batch(*task) for task in todo)
    out = None if journal is None else journal.open("a", encoding="utf-8")
    try:
        for task, done in zip(todo, results, strict=True):
            if out is not None:
                row = {**asdict(done), "first_seed": task[2], "count": task[3]}
                out.write(json.dumps({**row, "sources": sources}) + "\n")
                out.flush()
            add(done)
    finally:
        if out is not None:
            out.close()
        if pool is not None:
            pool.shutdown(cancel_futures=True)
    return list(totals.values())


def _games_line(r: GamesResult) -> str:
    return (
        f"  {r.game:>17} {r.players}p: {r.games:6d} games, {r.steps / max(r.games, 1):6.1f}"
        f" steps each, {len(r.errors)} errors, {r.seconds:7.1f} s of CPU"
    )


# --- fuzzed bridge calls -----------------------------------------------------------------------

DEEP = 10_000


@dataclass
class FuzzResult:
    """What the fuzzed calls did."""

    calls: int = 0
    answered_ok: int = 0
    refused: int = 0
    internal: list[str] = field(default_factory=list)
    exceptions: list[str] = field(default_factory=list)
    changed: list[str] = field(default_factory=list)
    not_words: list[str] = field(default_factory=list)
    slowest_ms: float = 0.0
    slowest_call: str = ""
    by_call: dict[str, int] = field(default_factory=dict)

    @property
    def failures(self) -> list[str]:
        return [*self.internal, *self.exceptions, *self.changed, *self.not_words]


class Fuzzer:
    """Draws bridge calls from a seeded generator, keeping a few live matches to aim at."""

    def __init__(self, seed: int) -> None:
        self.rnd = random.Random(seed)
        self.matches: list[str] = []
        self.records: list[str] = []
        self.replays: list[str] = []

    # - values ---------------------------------------------------------------------------------

    def junk_number(self) -> Any:
        return self.rnd.choice(
            [
                math.nan,
                math.inf,
                -math.inf,
                2.5,
                -1,
                -(2**63),
                2**53,
                2**64,
                10**5000,
                -(10**40),
                True,
                None,
                "0",
                "",
                [0],
                {"n": 0},
                1e308,
                -0.0,
            ]
        )

    def junk_text(self) -> Any:
        r = self.rnd
        return r.choice(
            [
                "",
                "{",
                "}",
                "null",
                "[]",
                "{}",
                "NaN",
                "Infinity",
                "-Infinity",
                '{"a": NaN}',
                '{"seed": Infinity}',
                "[" * DEEP + "]" * DEEP,
                '{"a": ' * DEEP + "1" + "}" * DEEP,
                '{"type": "' + "x" * 100_000 + '"}',
                "x" * 300_000,
                '{"seed": ' + "9" * 5_000 + "}",
                "\ud800",
                '{"name": "\\ud800\\udfff\\udc00"}',
                '"\\u0000"',
                "\x00\x01",
                json.dumps({"type": "\udc80"}),
                "[1, 2,]",
                '{"type": "farmer", "paddy": 1e400}',
                "0" * 5_000,
                "-" + "1" * 5_000,
                None,
                12,
                math.nan,
                ["{}"],
                b"{}",
            ]
        )

    def mutate(self, value: Any, depth: int = 0) -> Any:
        """A copy of JSON ``value`` with one thing changed: a field dropped, added or given a
        value of the wrong type."""
        r = self.rnd
        if isinstance(value, dict) and value and depth < 4 and r.random() < 0.7:
            key = r.choice(list(value))
            out = dict(value)
            move = r.randrange(4)
            if move == 0:
                del out[key]
            elif move == 1:
                out[r.choice(["x", "type", "seat", "steps", key + "_"])] = self.junk_value()
            elif move == 2:
                out[key] = self.junk_value()
            else:
                out[key] = self.mutate(value[key], depth + 1)
            return out
        if isinstance(value, list) and value and depth < 4 and r.random() < 0.7:
            i = r.randrange(len(value))
            out = list(value)
            move = r.randrange(4)
            if move == 0:
                del out[i]
            elif move == 1:
                out.insert(i, self.junk_value())
            elif move == 2:
                out[i] = self.mutate(value[i], depth + 1)
            else:
                out = out[: r.randrange(len(out) + 1)]
            return out
        return self.junk_value()

    def junk_value(self) -> Any:
        r = self.rnd
        return r.choice(
            [
                None,
                True,
                -1,
                0,
                7,
                2**53,
                10**30,
                1.5,
                "",
                "tea",
                "\ud800",
                "x" * r.choice([1, 41, 1000]),
                [],
                [0, 1],
                {},
                {"type": "tea"},
            ]
        )

    def text_of(self, value: Any) -> str:
        return json.dumps(value, ensure_ascii=self.rnd.random() < 0.5)

    # - targets --------------------------------------------------------------------------------

    def new_match(self) -> str | None:
        r = self.rnd
        game = get_game(r.choice(["tanbo", "humble_tea_party", "storm_in_a_teacup"]))
        players = r.randint(game.min_players, game.max_players)
        seats = [
            {"name": f"P{i}", "bot": r.choice([None, "random", "easy", "normal"])}
            for i in range(players)
        ]
        config = {"game": game.id, "seats": seats, "seed": r.randrange(2**32)}
        reply = json.loads(bridge.new_match(json.dumps(config)))
        if not reply["ok"]:
            return None
        match = str(reply["match"])
        # A few moves in, so that undo, stale steps and replays have something to work on.
        for _ in range(r.randrange(12)):
            status = reply["status"]
            if status["over"]:
                break
            seat = status["awaiting"][0]
            view = json.loads(bridge.view(match, seat))
            if not view["legal"]:
                break
            action = json.dumps(r.choice(view["legal"]))
            reply = json.loads(bridge.act(match, seat, action, status["step"], seat))
            if not reply["ok"]:
                break
        self.matches.append(match)
        self.records.append(json.dumps(json.loads(bridge.export_record(match))["record"]))
        if len(self.matches) > 6:
            old = self.matches.pop(0)
            bridge.close(old)
        if len(self.records) > 12:
            self.records.pop(0)
        return match

    def match_id(self) -> Any:
        r = self.rnd
        if not self.matches or r.random() < 0.1:
            self.new_match()
        roll = r.random()
        if roll < 0.8 and self.matches:
            return r.choice(self.matches)
        return r.choice(["m0", "m999999", "", "x" * 10_000, None, 3, math.nan, ["m1"], "m1\x00"])

    def seat_for(self, match: Any) -> Any:
        r = self.rnd
        m = bridge._matches.get(match) if isinstance(match, str) else None
        if m is not None and r.random() < 0.7:
            actors = list(m.state.actors()) or [0]
            return r.choice([*actors, r.randrange(m.state.players), -1])
        return self.junk_number() if r.random() < 0.7 else r.randrange(-3, 9)

    def step_for(self, match: Any) -> Any:
        r = self.rnd
        m = bridge._matches.get(match) if isinstance(match, str) else None
        if m is not None and r.random() < 0.7:
            return r.choice([m.step, m.step, max(0, m.step - 1), m.step + 1])
        return self.junk_number()

    def action_for(self, match: Any, seat: Any) -> Any:
        r = self.rnd
        m = bridge._matches.get(match) if isinstance(match, str) else None
        if m is not None and isinstance(seat, int) and 0 <= seat < m.state.players:
            legal = [a.to_json() for a in m.state.legal_actions(seat)]
            if legal and r.random() < 0.5:
                action = r.choice(legal)
                return self.text_of(action if r.random() < 0.4 else self.mutate(action))
        return self.junk_text() if r.random() < 0.6 else self.text_of(self.mutate({"type": "x"}))

    def check_text(self) -> Any:
        """A guest's check of a match across devices: well formed around a record of this
        run, or with one thing changed, or junk."""
        r = self.rnd
        if r.random() < 0.2:
            return self.junk_text()
        text = self.record_text()
        try:
            record = json.loads(text)
        except (TypeError, ValueError, RecursionError):  # junk, or nested past any bound
            record = text
        check = {
            "record": record,
            "seat": r.randrange(0, 3),
            "salt": "a1" * 16,
            "commitment": "c0" * 32,
            "secret": "5e" * 32,
            "salts": {"1": "a1" * 16},
            "seen": {"0": "d1" * 32, "1": "d2" * 32},
        }
        return self.text_of(check if r.random() < 0.4 else self.mutate(check))

    def record_text(self) -> Any:
        r = self.rnd
        if self.records and r.random() < 0.7:
            record = json.loads(r.choice(self.records))
            return self.text_of(record if r.random() < 0.2 else self.mutate(record))
        return self.junk_text()

    def config_text(self) -> Any:
        r = self.rnd
        config = {
            "game": r.choice(["tanbo", "humble_tea_party", "storm_in_a_teacup", "chess"]),
            "seats": [{"name": "A", "bot": None}, {"name": "B", "bot": "random"}, {"name": "C"}],
            "seed": r.randrange(1000),
            "options": {},
        }
        if r.random() < 0.3:  # a match across devices: dealt by everyone at the table
            del config["seed"]
            config["deal"] = {"secret": "5e" * 32, "salts": {"1": "a1" * 16, "2": "b2" * 16}}
        if r.random() < 0.3:
            return self.junk_text()
        return self.text_of(config if r.random() < 0.2 else self.mutate(config))

    # - calls ----------------------------------------------------------------------------------

    def call(self) -> tuple[str, tuple[Any, ...], str | None]:
        """A call: its name, its arguments, and the match it names (or None)."""
        r = self.rnd
        name = r.choice(bridge.CALLS)
        match = self.match_id()
        if name in ("games", "new_deal"):
            args: tuple[Any, ...] = ()
        elif name == "new_match":
            args = (self.config_text(), self.seat_for(None))
        elif name == "view":
            args = (match, self.seat_for(match))
        elif name == "act":
            seat = self.seat_for(match)
            args = (match, seat, self.action_for(match, seat), self.step_for(match), -1)
        elif name in ("bot_act", "bot_choose"):
            args = (match, self.seat_for(match), self.step_for(match))
        elif name == "undo":
            args = (match, self.seat_for(match))
        elif name == "export_record":
            args = (match,)
        elif name == "import_record":
            source = r.choice(["save", "link", "autosave", "autosave", "file", None, "x" * 1000])
            args = (self.record_text(), source, -1)
        elif name == "close":
            args = (match if r.random() < 0.3 else "m-none",)
        elif name == "open_replay":
            args = (match,)
        elif name == "replay_view":
            replay = r.choice(self.replays) if self.replays and r.random() < 0.8 else "r0"
            args = (
                replay,
                self.junk_number() if r.random() < 0.3 else r.randrange(0, 9),
                self.seat_for(None) if r.random() < 0.3 else r.randrange(-2, 3),
            )
        elif name == "view_digest":
            args = (self.record_text() if r.random() < 0.7 else self.junk_text(),)
        elif name == "check_match":
            args = (self.check_text(),)
        else:  # close_replay and the review's calls
            args = (r.choice(self.replays) if self.replays else "r0",)
        if r.random() < 0.03:  # the wrong number of arguments
            args = args[: r.randrange(len(args))] if args and r.random() < 0.5 else (*args, 1, 2)
        # A refused call must leave the match it names exactly as it was.
        target = match if isinstance(match, str) and args[:1] == (match,) else None
        return name, args, target


def _snapshot(match: str | None) -> str | None:
    m = bridge._matches.get(match) if isinstance(match, str) else None
    if m is None:
        return None
    return json.dumps([m.record.to_json(), m.state.to_json()], sort_keys=True)


def _words(reply: dict[str, Any]) -> bool:
    """A refusal a player can read: English text from a catalogued message, not a traceback."""
    from pygames.core import Message
    from pygames.core.messages import render

    error = reply.get("error")
    if not isinstance(error, str) or not error or "Traceback" in error:
        return False
    try:
        message = Message.from_json(reply["message"])
    except (KeyError, ValueError):
        return False
    return render(message) == error and message.id != "core.internal_error"


def fuzz_bridge(calls: int, seed: int = 1) -> FuzzResult:
    """``calls`` fuzzed bridge calls; what they did."""
    fuzzer = Fuzzer(seed)
    result = FuzzResult()
    for n in range(calls):
        name, args, target = fuzzer.call()
        before = _snapshot(target)
        shown = f"{name}{tuple(_short(a) for a in args)}"
        started = time.perf_counter()
        try:
            text = getattr(bridge, name)(*args)
        except Exception as exc:  # the bridge must answer everything itself
            result.exceptions.append(f"call {n}: {shown} raised {exc!r}")
            continue
        finally:
            elapsed = (time.perf_counter() - started) * 1000
            if elapsed > result.slowest_ms:
                result.slowest_ms, result.slowest_call = elapsed, shown
        result.calls += 1
        result.by_call[name] = result.by_call.get(name, 0) + 1
        reply = json.loads(text)
        if reply.get("ok"):
            result.answered_ok += 1
            if name == "open_replay":
                fuzzer.replays = [*fuzzer.replays[-5:], reply["replay"]]
            continue
        result.refused += 1
        if reply.get("error_type") == "InternalError":
            result.internal.append(f"call {n}: {shown}: {reply.get('error')}")
        elif not _words(reply):
            result.not_words.append(f"call {n}: {shown}: {reply!r:.300}")
        if before is not None and _snapshot(target) != before:
            result.changed.append(f"call {n}: {shown} was refused but changed the match")
    return result


# --- the page's saves and share links ------------------------------------------------------------

#: The node fuzzer of web/js/saves.js and the share links (tests-js/fuzz.mjs).
PAGE_FUZZER = Path(__file__).resolve().parent.parent / "tests-js" / "fuzz.mjs"


@dataclass
class PageFuzzResult:
    """What the fuzzing of the page's saves and links found, and what the engine made of the
    links the page's checks let through."""

    saves: dict[str, int] = field(default_factory=dict)
    links: dict[str, int] = field(default_factory=dict)
    failures: list[str] = field(default_factory=list)
    imported: int = 0
    opened: int = 0
    refused: int = 0


def _played_records(seed: int, settings: list[tuple[str, int]]) -> list[JsonRecord]:
    """A whole game at each setting, played by random bots through the bridge."""
    records: list[JsonRecord] = []
    for n, (game, players) in enumerate(settings):
        seats = [{"name": f"Player {i + 1}", "bot": "random"} for i in range(players)]
        config = {"game": game, "seats": seats, "seed": seed * 100 + n, "options": {}}
        reply = json.loads(bridge.new_match(json.dumps(config)))
        match, status = reply["match"], reply["status"]
        while not status["over"]:
            moved = json.loads(bridge.bot_act(match, status["awaiting"][0], status["step"]))
            status = moved["status"]
        records.append(json.loads(bridge.export_record(match))["record"])
        bridge.close(match)
    return records


def fuzz_page(
    saves: int, links: int, seed: int = 1, settings: list[tuple[str, int]] | None = None
) -> PageFuzzResult:
    """``saves`` random operations on the page's saves and ``links`` damaged share links, in
    node, the links made from a game at each of ``settings`` (all by default); every link text
    the page would pass on is then opened by the engine as a link, which must open it or refuse
    it in words."""
    import subprocess
    import tempfile

    result = PageFuzzResult()
    with tempfile.TemporaryDirectory() as folder:
        given, taken = Path(folder) / "in.json", Path(folder) / "texts.json"
        records = _played_records(seed, settings or SETTINGS)
        given.write_text(json.dumps({"records": records, "limits": limits_json()}))
        run = subprocess.run(
            [
                "node",
                str(PAGE_FUZZER),
                "--saves",
                str(saves),
                "--links",
                str(links),
                "--seed",
                str(seed),
                "--input",
                str(given),
                "--out",
                str(taken),
            ],
            capture_output=True,
            text=True,
            check=False,
        )
        if run.returncode != 0:
            result.failures.append(f"the page fuzzer failed: {run.stderr.strip()[-500:]}")
            return result
        summary = json.loads(run.stdout.strip().splitlines()[-1])
        texts: list[str] = json.loads(taken.read_text())
    result.saves, result.links = summary["saves"], summary["links"]
    result.failures.extend(summary["failures"])
    rnd = random.Random(seed)
    for n, text in enumerate(texts):
        result.imported += 1
        try:
            reply = json.loads(bridge.import_record(text, "link", -1, rnd.random() < 0.5))
        except Exception as exc:  # the bridge must answer everything itself
            result.failures.append(f"link text {n}: import_record raised {exc!r}")
            continue
        if reply.get("ok"):
            result.opened += 1
            bridge.close(reply["match"])
        elif reply.get("error_type") == "InternalError" or not _words(reply):
            result.failures.append(f"link text {n}: {reply!r:.300}")
        else:
            result.refused += 1
    return result


def _short(value: Any) -> str:
    text = repr(value) if not isinstance(value, int) or abs(value) < 10**20 else "<huge int>"
    return text if len(text) <= 60 else text[:57] + "..."


# --- the command line --------------------------------------------------------------------------


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10_000, help="games per game and count")
    parser.add_argument("--calls", type=int, default=10_000, help="fuzzed bridge calls")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--journal", type=Path, help="keep finished batches here; continue")
    parser.add_argument("--saves", type=int, default=10_000, help="fuzzed operations on saves")
    parser.add_argument("--links", type=int, default=10_000, help="fuzzed share links")
    args = parser.parse_args(argv)
    started = time.perf_counter()
    print(f"soak: {args.games} random games at each of {len(SETTINGS)} settings", flush=True)
    games = soak_games(args.games, args.seed, args.workers, progress=print, journal=args.journal)
    errors = [e for r in games for e in r.errors]
    print(f"soak: {args.calls} fuzzed bridge calls", flush=True)
    fuzz = fuzz_bridge(args.calls, args.seed)
    slow = fuzz.slowest_ms > SLOW_CALL_S * 1000
    total = sum(r.games for r in games)
    print(
        f"games {total}, errors {len(errors)}; calls {fuzz.calls + len(fuzz.exceptions)}"
        f" ({fuzz.answered_ok} answered, {fuzz.refused} refused), internal errors"
        f" {len(fuzz.internal)}, uncaught exceptions {len(fuzz.exceptions)}, refusals not in"
        f" words {len(fuzz.not_words)}, state changes on a refusal {len(fuzz.changed)}, max"
        f" {fuzz.slowest_ms:.1f} ms per call ({fuzz.slowest_call}); calls by function:"
        f" {dict(sorted(fuzz.by_call.items()))}; {time.perf_counter() - started:.0f} s"
    )
    print(f"soak: {args.saves} fuzzed operations on saves, {args.links} fuzzed links", flush=True)
    page = fuzz_page(args.saves, args.links, args.seed)
    print(
        f"saves {page.saves}; links {page.links}; link texts opened by the engine"
        f" {page.imported} ({page.opened} opened, {page.refused} refused in words); failures"
        f" {len(page.failures)}"
    )
    for line in [*errors, *fuzz.failures, *page.failures][:30]:
        print("  " + line)
    if slow:
        print(f"  a call took over {SLOW_CALL_S:.0f} s: {fuzz.slowest_call}")
    return 1 if errors or fuzz.failures or page.failures or slow else 0


if __name__ == "__main__":
    sys.exit(main())
