"""A whole game in a terminal: the page's table as text, through the same bridge the page calls.

Everything the page enforces holds here because it is the same code: the engine applies every
decision, bots choose from their own view, Undo follows the same policy, and saves are the
record files the page's Save and Load use. What the terminal adds is only the reading of lines:

- the seat to move sees the table from its own view and its legal moves, numbered;
- a line is a move's number, ``u`` (undo), ``s [FILE]`` (save), ``l`` (the log), ``t`` (the
  table again), ``h`` (help) or ``q`` (leave); anything else is answered with what is allowed
  and changes nothing, as a refused move does;
- with several people at one keyboard in a game of secrets, the screen is cleared and the
  keyboard handed over between them, as the page's pass screen does.

It reads plain lines and writes plain text (so it works over ssh and in a pipe, and tests drive
it with a scripted input); colour only when asked or when the output is a terminal.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TextIO

from .. import bridge
from . import humble_tea_party, storm_in_a_teacup, tanbo
from .words import Speaker

TableText = Callable[[Mapping[str, Any], Speaker], list[str]]
ActionText = Callable[[Mapping[str, Any], Mapping[str, Any], Speaker], str]

#: Each game's table and moves as text.
TEXTS: dict[str, tuple[TableText, ActionText]] = {
    "tanbo": (tanbo.table, tanbo.action),
    "humble_tea_party": (humble_tea_party.table, humble_tea_party.action),
    "storm_in_a_teacup": (storm_in_a_teacup.table, storm_in_a_teacup.action),
}
#: Games whose seats hold secrets: people sharing a keyboard hand it over between turns.
SECRETS = {"humble_tea_party", "storm_in_a_teacup"}
CLEAR = "\033[2J\033[H"
BOLD, DIM, RESET = "\033[1m", "\033[2m", "\033[0m"


class InputEnded(Exception):
    """The input has no more lines."""


@dataclass
class Seats:
    """Who sits where: a bot level per seat (``None``: a person) and the names."""

    bots: list[str | None]
    names: list[str] = field(default_factory=list)

    def config(self) -> list[dict[str, Any]]:
        """The lobby's seats, as ``new_match`` takes them."""
        return [
            {"name": self.names[i] if i < len(self.names) else "", "bot": bot}
            for i, bot in enumerate(self.bots)
        ]


class Terminal:
    """One game at one terminal: reads ``stdin``, writes ``stdout``."""

    def __init__(
        self,
        stdin: TextIO,
        stdout: TextIO,
        lang: str = "en",
        colour: bool = False,
        save_path: Path | None = None,
    ) -> None:
        self.stdin = stdin
        self.stdout = stdout
        self.lang = lang
        self.colour = colour
        self.save_path = save_path
        self.say = Speaker(lang)
        self.match = ""
        self.game = ""
        self.people: list[int] = []
        self.shown = -1  # the person whose screen is up (-1: nobody's yet)
        self.asked: set[tuple[int, int]] = set()  # (step, bot seat) asked about Tea

    # ------------------------------------------------------------------ output and input

    def write(self, text: str = "", style: str = "") -> None:
        """One line (or several), styled when colour is on."""
        if self.colour and style and text:
            text = f"{style}{text}{RESET}"
        self.stdout.write(text + "\n")
        self.stdout.flush()

    def read(self, prompt: str) -> str:
        """The next line, stripped; :class:`InputEnded` at the end of the input."""
        self.stdout.write(prompt)
        self.stdout.flush()
        line = self.stdin.readline()
        if not line:
            self.write()
            raise InputEnded
        if not self.stdin.isatty():  # a scripted input: the transcript shows what was typed
            self.stdout.write(line if line.endswith("\n") else line + "\n")
        return line.strip()

    def clear(self) -> None:
        """A fresh screen: cleared on a terminal, a form feed in a pipe or a file."""
        self.stdout.write(CLEAR if self.stdout.isatty() else "\f\n")

    # ------------------------------------------------------------------ the match

    def open_new(
        self, game: str, seats: Seats, seed: int | None, options: Mapping[str, Any]
    ) -> dict[str, Any] | None:
        """Start a match; None (having said why) when the engine refuses the set-up."""
        config = {"game": game, "seats": seats.config(), "seed": seed, "options": dict(options)}
        reply = json.loads(bridge.new_match(json.dumps(config)))
        if not reply["ok"]:
            self.write(self.say.json(reply["message"]))
            return None
        return self._opened(reply)

    def open_saved(self, path: Path) -> dict[str, Any] | None:
        """Open a save file (the page's); None (having said why) when it cannot be opened."""
        try:
            text = path.read_text("utf-8")
        except (OSError, UnicodeDecodeError) as exc:
            self.write(
                self.say(
                    "terminal.load_failed",
                    path=path,
                    why=exc.strerror if isinstance(exc, OSError) else str(exc),
                )
            )
            return None
        reply = json.loads(bridge.import_record(text, "save"))
        if not reply["ok"]:
            self.write(
                self.say("terminal.load_failed", path=path, why=self.say.json(reply["message"]))
            )
            return None
        opened = self._opened(reply)
        self.write(self.say("terminal.loaded", path=path, step=reply["status"]["step"]))
        return opened

    def _opened(self, reply: dict[str, Any]) -> dict[str, Any]:
        status = reply["status"]
        self.match = status["match"]
        self.game = status["game"]
        seats = status["seats"]
        names = [s["name"] for s in seats]
        self.say = Speaker(self.lang, names)
        self.people = [i for i, s in enumerate(seats) if not s.get("bot")]
        title = self.say(f"{self.game}.title")
        self.write(
            self.say(
                "terminal.title",
                game=title,
                players=len(seats),
                seed=reply.get("record", {}).get("seed", "?"),
            ),
            BOLD,
        )
        at_table = [
            self.say("terminal.seat_bot", name=s["name"], level=self.level(s["bot"]))
            if s.get("bot")
            else s["name"]
            for s in seats
        ]
        self.write(self.say("terminal.seats", seats=", ".join(at_table)))
        return reply

    def level(self, bot: str) -> str:
        """A bot level in this language ("Normal", ふつう); an unknown one as it is named."""
        key = f"terminal.level.{bot}"
        return self.say(key) if self.say.knows(key) else bot

    def play(self, opened: dict[str, Any]) -> int:
        """Play the match to its end (0), or until the person leaves (0) or the input ends (1)."""
        status = opened["status"]
        try:
            while not status["over"]:
                status = self.turn(status)
        except InputEnded:
            self.write(self.say("terminal.input_ended", step=status["step"]))
            self.autosave()
            return 1
        except _Left as left:
            self.write(self.say("terminal.quit", step=left.step))
            self.autosave()
            return 0
        self.finish()
        return 0

    def turn(self, status: dict[str, Any]) -> dict[str, Any]:
        """One decision: a bot's, a bot's optional Tea, or a person's read from the input."""
        step = status["step"]
        awaited = status["awaiting"]
        people = [s for s in awaited if s in self.people]
        # A bot that may act without being waited for (Tea) is asked once a step, as the page does.
        for seat in status["actors"]:
            if seat not in awaited and seat not in self.people and (step, seat) not in self.asked:
                self.asked.add((step, seat))
                reply = json.loads(bridge.bot_act(self.match, seat, step, self.shown))
                if reply["ok"] and reply["action"] is not None:
                    self.news(reply)
                    return dict(reply["status"])
        if not people:
            seat = awaited[0]
            reply = json.loads(bridge.bot_act(self.match, seat, step, self.shown))
            if not reply["ok"]:
                raise RuntimeError(self.say.json(reply["message"]))
            self.news(reply)
            return dict(reply["status"])
        return self.person(people[0])

    def news(self, reply: Mapping[str, Any]) -> None:
        """The log lines a decision added that the shown seat may read."""
        for line in reply.get("log", []):
            self.write("  " + self.say.json(line), DIM)

    def hand_over(self, seat: int) -> None:
        """People sharing the keyboard in a game of secrets: clear, and wait for the next."""
        if self.game not in SECRETS or len(self.people) < 2 or seat == self.shown:
            return
        if self.shown >= 0:
            self.read(self.say("terminal.pass_back", name=self.say.seat(self.shown)) + " ")
            self.clear()
        self.read(self.say("terminal.pass", name=self.say.seat(seat)) + " ")
        self.clear()

    def person(self, seat: int) -> dict[str, Any]:
        """Show ``seat`` its table and moves, and carry out one line of its input."""
        self.hand_over(seat)
        self.shown = seat
        screen = json.loads(bridge.view(self.match, seat))
        table_text, action_text = TEXTS[self.game]
        view = screen["view"]
        moves: list[dict[str, Any]] = list(screen["legal"])
        for extra in screen.get("optional", []):
            if extra["seat"] == seat:
                moves += [a for a in extra["legal"] if a not in moves]
        self.write()
        self.write(self.say("terminal.step", step=screen["status"]["step"]), BOLD)
        for line in table_text(view, self.say):
            self.write(line)
        self.write()
        self.write(self.say("terminal.moves", name=self.say.seat(seat)), BOLD)
        for i, move in enumerate(moves, start=1):
            self.write(f"  {i:>2}. {action_text(move, view, self.say)}")
        while True:
            line = self.read(self.say("terminal.ask", n=len(moves)))
            done = self.command(line, seat, moves, view, screen["status"])
            if done is not None:
                return done

    def command(
        self,
        line: str,
        seat: int,
        moves: Sequence[Mapping[str, Any]],
        view: Mapping[str, Any],
        status: dict[str, Any],
    ) -> dict[str, Any] | None:
        """Carry out one line: the new status when the game moved, else None (ask again)."""
        word, _, rest = line.partition(" ")
        word = word.lower()
        if not word:
            return None
        if word.isdigit() and 1 <= int(word) <= len(moves):
            action = moves[int(word) - 1]
            reply = json.loads(
                bridge.act(self.match, seat, json.dumps(action), status["step"], seat)
            )
            if not reply["ok"]:
                self.write(self.say("terminal.refused", why=self.say.json(reply["message"])))
                return None
            self.news(reply)
            return dict(reply["status"])
        if word == "u":
            reply = json.loads(bridge.undo(self.match, seat))
            if not reply["ok"]:
                self.write(self.say("terminal.undo_refused", why=self.say.json(reply["message"])))
                return None
            self.write(self.say("terminal.undone", step=reply["status"]["step"]))
            return dict(reply["status"])
        if word == "s":
            self.save(Path(rest.strip()) if rest.strip() else None)
            return None
        if word == "l":
            self.write(self.say("terminal.log_heading"), BOLD)
            for entry in view.get("log", []):
                self.write("  " + self.say.json(entry))
            return None
        if word == "t":
            for text in TEXTS[self.game][0](view, self.say):
                self.write(text)
            for i, move in enumerate(moves, start=1):
                self.write(f"  {i:>2}. {TEXTS[self.game][1](move, view, self.say)}")
            return None
        if word in ("h", "?", "help"):
            self.write(self.say("terminal.help"))
            return None
        if word in ("q", "quit", "exit"):
            raise _Left(status["step"])
        self.write(self.say("terminal.not_a_choice", text=line, n=len(moves)))
        return None

    # ------------------------------------------------------------------ saves and the end

    def save(self, path: Path | None) -> bool:
        """Write the record (the page's save file) to ``path`` (or the game's default file)."""
        path = path or self.save_path or Path(f"{self.game}-game.json")
        record = json.loads(bridge.export_record(self.match))["record"]
        try:
            path.write_text(json.dumps(record, indent=1) + "\n", "utf-8")
        except OSError as exc:
            self.write(self.say("terminal.save_failed", path=path, why=exc.strerror or exc))
            return False
        self.write(self.say("terminal.saved", path=path))
        return True

    def autosave(self) -> None:
        """On leaving mid-game, the game is kept in the save file named on the command line."""
        if self.save_path is not None:
            self.save(self.save_path)

    def finish(self) -> None:
        """The end: the whole table (nothing is secret any more) and who won."""
        screen = json.loads(bridge.view(self.match, self.people[0] if self.people else -1))
        view = screen["view"]
        self.write()
        for line in TEXTS[self.game][0](view, self.say):
            self.write(line)
        self.write()
        self.write(self.say("terminal.over"), BOLD)
        outcome = view.get("outcome")
        if outcome:
            winners = ", ".join(self.say.seat(s) for s in outcome["winners"])
            reason = self.say.json(outcome["reason"])
            key = {0: "terminal.no_winner", 1: "terminal.winner"}.get(
                len(outcome["winners"]), "terminal.shared"
            )
            self.write(self.say(key, names=winners, reason=reason), BOLD)
        self.autosave()
        bridge.close(self.match)


class _Left(Exception):
    """The person chose to leave at ``step``."""

    def __init__(self, step: int) -> None:
        super().__init__(step)
        self.step = step


def colour_wanted(stream: TextIO, choice: bool | None) -> bool:
    """Colour when asked; otherwise on a terminal, unless ``NO_COLOR`` is set."""
    if choice is not None:
        return choice
    return stream.isatty() and not os.environ.get("NO_COLOR")
