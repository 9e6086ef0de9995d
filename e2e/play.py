"""Playing any game in the real page: one decision by clicks or by the keyboard alone, games
started from records made in this process, hand-overs answered.

``decide(page, i)`` makes the ``i``-th human decision of whatever game is on the table by
clicking, the way a person would: a final choice (``.legal``), or the intermediate picks that
lead to one (a Storm run, a Humble Tea Party deck and target, a Tanbo swap's first token).
``decide_by_keyboard(page)`` does the same with Tab, Enter and Space only.
"""

from __future__ import annotations

import base64
import json
from typing import Any

from playwright.sync_api import Locator, Page

from pygames import bridge

BOARD = "#board"
CHOICE = ".legal:not([disabled]):not([aria-disabled=true])"
# Intermediate picks, in the order a decision goes through them.
PICKS = (
    "[data-select-start]:not([disabled])",  # Storm: a quick pick selects a run
    "[data-pick-deck]:not([disabled])",  # Humble Tea Party: a deck's top tile
    "button[data-pick-target]:not([disabled])",  # Humble Tea Party: whose Oribako
    "[data-pick]",  # Tanbo: a swap's first token
)
NOT_INTERRUPT = ":not([data-interrupt])"  # Tea for another seat is no answer to a decision

STATE_JS = "() => ({...document.getElementById('board').dataset})"

# Counts in ``window.__ghosts`` the tiles and tokens that travel (shared.js fly() adds a
# ``.fly-ghost`` to the body for each). A function: ``page.evaluate`` it, or run it before the
# page's own scripts with ``page.add_init_script(f"({COUNT_GHOSTS_JS})()")``.
COUNT_GHOSTS_JS = """() => {
  window.__ghosts = 0;
  new MutationObserver((list) => {
    for (const m of list) for (const n of m.addedNodes)
      if (n.classList?.contains('fly-ghost')) window.__ghosts += 1;
  }).observe(document, {childList: true, subtree: true});
}"""


def board_state(page: Page) -> dict[str, Any]:
    return page.evaluate(STATE_JS)  # type: ignore[no-any-return]


def hand_over_if_asked(page: Page) -> bool:
    """Answer a hot-seat hand-over: the mover's "Done" step, then the pass screen."""
    handled = False
    done = page.locator("#handover-done")
    if done.is_visible():
        done.click()
        handled = True
        page.wait_for_selector("#pass-screen:not([hidden])", timeout=30_000)
    if page.locator("#pass-screen").is_visible():
        page.get_by_role("button", name="I am ready").click()
        handled = True
    return handled


def wait_turn(page: Page, timeout: int = 60_000) -> str:
    """Wait until a person is to act (answering hand-overs) or the game is over."""
    while True:
        # Only the table on screen counts: a table left for the lobby keeps its last words
        # until the next match opens.
        page.wait_for_function(
            """() => document.body.dataset.screen === 'table'
                && (['human', 'over', 'handover'].includes(document.getElementById('board')
                       .dataset.awaiting) || !document.getElementById('pass-screen').hidden)""",
            timeout=timeout,
        )
        if not hand_over_if_asked(page):
            return str(board_state(page)["awaiting"])


def kill_engine(page: Page) -> None:
    """End the engine's worker from inside, as a crash would: the page is not told."""
    workers = [w for w in page.workers if w.url.startswith("blob:")]
    assert len(workers) == 1, [w.url for w in page.workers]
    workers[0].evaluate("self.close()")


def wait_moved(page: Page, before: str, staged_ok: bool = False) -> None:
    """Wait until the match has moved on from step ``before`` (or handed over, or said an
    error); ``staged_ok``: a move staged by "Confirm moves" will do too."""
    page.wait_for_function(
        """([b, staged]) => document.getElementById('board').dataset.step !== b
            || !document.getElementById('pass-screen').hidden
            || !document.getElementById('handover-done').hidden
            || !document.getElementById('error-banner').hidden
            || (staged && !document.getElementById('staged').hidden)""",
        arg=[before, staged_ok],
        timeout=30_000,
    )
    assert page.locator("#error-banner").is_hidden(), page.locator("#error-text").inner_text()


def confirm_staged(page: Page, before: str, again: Locator | None = None) -> None:
    """After a final choice was pressed: where "Confirm moves" staged it (a touch screen's
    default), confirm it (by pressing ``again`` a second time, else with the bar's Confirm; an
    order staged whole, Tanbo's sowing, with Confirm); then wait until the match has moved on."""
    wait_moved(page, before, staged_ok=True)
    if page.locator("#staged").is_visible():
        assert board_state(page)["step"] == before, "a staged move reached the engine"
        # A sowing order is staged on the table itself: a press adds to it, Confirm plays it.
        order = page.locator(f"{BOARD} .staged-step").count() > 0
        (again if again is not None and not order else page.locator("#staged-confirm")).click()
    wait_moved(page, before)


def wait_answered(page: Page, timeout: int = 60_000) -> None:
    """Wait until the engine has answered every call the page made (``?debug=1`` exposes the
    count): a late answer that must change nothing has then come, instead of a fixed pause."""
    page.wait_for_function(
        "() => window.pygamesDebug.engine && window.pygamesDebug.engine.pending === 0",
        timeout=timeout,
    )


def thinking_in_the_engine(page: Page) -> None:
    """Wait until a call is on its way to the engine (a bot's think has left its pause)."""
    page.wait_for_function(
        "() => window.pygamesDebug.engine && window.pygamesDebug.engine.pending > 0",
        timeout=30_000,
    )


def wait_settled(page: Page) -> None:
    """Wait until the controls just drawn take a press (web/js/input-gate.js: a new decision
    ignores presses for 250 ms, so that a held key or a double tap plays only one). A click
    waits by itself (the settling controls let pointers through them); a key must wait."""
    page.wait_for_function("() => !document.querySelector('[data-settling]')", timeout=10_000)


def decide(page: Page, i: int = 0, root: str = BOARD) -> None:
    """Make one decision by clicks: the ``i``-th final choice, through picks if need be."""
    before = board_state(page)["step"]
    first = 0  # picks go forward: a deck, then a target, then a cell
    for _ in range(len(PICKS) + 1):
        choices = page.locator(f"{root} {CHOICE}{NOT_INTERRUPT}")
        if choices.count():
            choice = choices.nth(i % choices.count())
            choice.click()
            # Staged moves are confirmed both ways in turn: the same control again, or Confirm.
            confirm_staged(page, before, choice if i % 2 else None)
            return
        for k, pick in enumerate(PICKS[first:], start=first):
            found = page.locator(f"{root} {pick}")
            if found.count():
                found.nth(i % found.count()).click()
                first = k + 1
                break
        else:
            raise AssertionError(
                f"a person is to act but nothing can be chosen: {board_state(page)}"
            )
    raise AssertionError("picks lead to no final choice")


def decide_by_keyboard(page: Page, limit: int = 120) -> int:
    """Make one decision with the keyboard only: Tab to a final choice or a pick, then Enter.
    Returns the number of keys pressed."""
    before = board_state(page)["step"]
    keys = 0
    while board_state(page)["step"] == before:
        focused = page.evaluate(
            """(picks) => {
                const a = document.activeElement;
                if (!a || !document.getElementById('board').contains(a)) return 'outside';
                if (a.matches('.legal:not([disabled]):not([aria-disabled=true])'
                              + ':not([data-interrupt])')) return 'choice';
                if (picks.some((p) => a.matches(p))) return 'pick';
                return 'other';
            }""",
            list(PICKS),
        )
        if focused in ("choice", "pick"):
            wait_settled(page)
        page.keyboard.press("Enter" if focused in ("choice", "pick") else "Tab")
        keys += 1
        assert keys < limit, f"no choice reached with {limit} keys (focus: {focused})"
        if focused == "choice":
            # A staged move: the loop presses Enter on it again, which plays it.
            wait_moved(page, before, staged_ok=True)
    return keys


# The automatic save of the game this tab shows (web/js/saves.js), or null.
TAB_SAVE_JS = """() => {
  const id = sessionStorage.getItem("pygames:tab-game");
  return id ? JSON.parse(localStorage.getItem("pygames:game:" + id)) : null;
}"""


def tab_save(page: Page) -> dict[str, Any] | None:
    """The automatic save of the game this tab shows: ``{id, record, over, game, step,
    version, time}``, or None."""
    save: dict[str, Any] | None = page.evaluate(TAB_SAVE_JS)
    return save


def record_link(base: str, record: dict[str, Any]) -> str:
    """The share link that opens ``record`` on the site at ``base``."""
    text = json.dumps(record).encode()
    return base + "#r=" + base64.urlsafe_b64encode(text).decode().rstrip("=")


def bot_record(
    game: str,
    players: int,
    *,
    seed: int = 1,
    upto: int | None = None,
    humans: tuple[int, ...] = (0,),
    options: dict[str, Any] | None = None,
    bot: str = "normal",
) -> dict[str, Any]:
    """A record of ``game`` played by bots in this process, up to step ``upto`` (or the end,
    and then ``humans`` are named as people: the page opens it finished). With ``upto``, the
    record stops at the first step from ``upto`` on where a seat of ``humans`` is awaited."""
    seats = [{"name": f"Player {i + 1}", "bot": bot} for i in range(players)]
    config = {"game": game, "seats": seats, "seed": seed, "options": options or {}}
    reply = json.loads(bridge.new_match(json.dumps(config)))
    assert reply["ok"], reply
    match = reply["match"]
    status = reply["status"]
    while not status["over"]:
        awaited = status["awaiting"]
        if upto is not None and status["step"] >= upto and set(awaited) & set(humans):
            break
        moved = json.loads(bridge.bot_act(match, awaited[0], status["step"]))
        assert moved["ok"], moved
        status = moved["status"]
    record: dict[str, Any] = json.loads(bridge.export_record(match))["record"]
    bridge.close(match)
    for seat in humans:
        record["seats"][seat] = {"name": record["seats"][seat]["name"], "bot": None}
    return record
