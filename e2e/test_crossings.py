"""One decision is one crossing of the worker boundary.

The page's engine counts every bridge call (``engine.crossings``, on ``?debug=1``'s
``globalThis.pygamesDebug``); the test also wraps each call to keep a trace of them. Between a
person's click and the next time the page waits for them, what is counted is:

- the person's decision: exactly one ``act`` (for the person's seat);
- each bot decision: one ``bot_act`` when no person can act before the bot (it chooses and
  moves in one crossing), else (a person may Get Tea first: Humble Tea Party's Tea race) one
  ``bot_choose`` and, if the bot does not decline, one ``act`` for the bot's seat right after;
- nothing else: no ``view``, no ``export_record`` (every answer carries the next screen and
  the record's tail, from which the page keeps its own record for the autosave and the link).

At the end, the autosave and the share link hold exactly the record the engine exports.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from .conftest import Guard
from .lobby import choose_seats, fill_seed, table_command
from .play import board_state, decide, tab_save, wait_turn

TRACE_JS = """() => {
  const app = globalThis.pygamesDebug;
  const engine = app.engine;
  globalThis.crossingTrace = [];
  for (const name of Object.keys(engine.crossings)) {
    const call = engine[name];
    engine[name] = async (...args) => {
      const reply = await call(...args);
      globalThis.crossingTrace.push({
        name,
        seat: ["act", "bot_act", "bot_choose", "view"].includes(name) ? args[1] : null,
        moved: reply && reply.ok && reply.tail ? reply.tail.actions.length : 0,
        action: reply && reply.ok && "action" in reply ? reply.action : undefined,
      });
      return reply;
    };
  }
}"""


def trace(page: Page) -> list[dict[str, Any]]:
    calls: list[dict[str, Any]] = page.evaluate(
        "() => globalThis.crossingTrace.splice(0, globalThis.crossingTrace.length)"
    )
    return calls


def crossings(page: Page) -> dict[str, int]:
    counts: dict[str, int] = page.evaluate("() => ({...globalThis.pygamesDebug.engine.crossings})")
    return counts


def check_decision(calls: list[dict[str, Any]], human: int, moved: int) -> int:
    """Check one person's decision and the bots' replies; returns how many bot decisions."""
    names = [c["name"] for c in calls]
    assert "view" not in names and "export_record" not in names, names
    assert set(names) <= {"act", "bot_act", "bot_choose"}, names
    assert [c for c in calls if c["name"] == "act" and c["seat"] == human] == [calls[0]], calls
    bot_decisions = 0
    for i, c in enumerate(calls[1:], start=1):
        if c["name"] in ("bot_act", "bot_choose"):
            bot_decisions += 1
        else:  # a bot's chosen action, applied at once after its bot_choose
            before = calls[i - 1]
            assert before["name"] == "bot_choose" and before["seat"] == c["seat"], calls
            assert before["action"] is not None, calls
    assert sum(c["moved"] for c in calls) == moved, (calls, moved)
    assert len(calls) == 1 + bot_decisions + sum(1 for c in calls[1:] if c["name"] == "act"), calls
    return bot_decisions


def play_and_count(page: Page, decisions: int) -> list[list[dict[str, Any]]]:
    """Make ``decisions`` person's decisions (or until the end); the calls of each."""
    assert wait_turn(page) == "human"
    page.evaluate(TRACE_JS)
    found = []
    for i in range(decisions):
        before = int(board_state(page)["step"])
        decide(page, i)
        state = wait_turn(page)
        calls = trace(page)
        check_decision(calls, 0, int(board_state(page)["step"]) - before)
        found.append(calls)
        if state == "over":
            break
    return found


def records_agree(page: Page) -> None:
    """The autosave and the share link hold the engine's record, in full."""
    exported = page.evaluate(
        "async () => (await globalThis.pygamesDebug.engine"
        ".export_record(globalThis.pygamesDebug.match.id)).record"
    )
    save = tab_save(page)
    assert save is not None
    saved = save["record"]
    assert saved == exported
    assert len(exported["actions"]) == int(board_state(page)["step"])
    table_command(page, "Share link")
    expect(page.get_by_role("dialog", name="Share this game")).to_be_visible()
    link = page.locator("#share-link").input_value()
    text = page.locator("#save-text").input_value()
    page.get_by_role("button", name="Close").click()
    from_link = page.evaluate(
        """async (link) => {
          const m = await import(new URL("js/record-link.js", location.href).href);
          return JSON.parse(m.decodeRecord(m.recordParam(link)));
        }""",
        link,
    )
    assert from_link == exported
    assert json.loads(text) == exported


# The long run only: Humble Tea Party's test below checks the same one act and one bot_act a
# decision in its first phase, then the Tea race's bot_choose.
@pytest.mark.soak
def test_tanbo_one_crossing_per_decision(site: tuple[Page, Guard]) -> None:
    page, guard = site
    page.goto(guard.origin + "/?fast=1&debug=1")
    choose_seats(page, "tanbo", ["", "normal"])
    fill_seed(page, 5)
    page.get_by_role("button", name="Start").click()
    expect(page.locator("#table")).to_be_visible()
    at_start = crossings(page)
    assert at_start["new_match"] == 1 and at_start["view"] == 0, at_start
    assert at_start["export_record"] == 0, at_start
    for calls in play_and_count(page, 6):
        # Nobody can interrupt a Tanbo bot: each of its decisions is one bot_act.
        assert [c["name"] for c in calls] == ["act"] + ["bot_act"] * (len(calls) - 1), calls
    records_agree(page)
    guard.check()


def test_htp_one_crossing_per_decision(site: tuple[Page, Guard]) -> None:
    page, guard = site
    page.goto(guard.origin + "/?fast=1&debug=1")
    choose_seats(page, "humble_tea_party", ["", "easy", "easy"])
    fill_seed(page, 3)
    page.get_by_role("button", name="Start").click()
    expect(page.locator("#table")).to_be_visible()
    at_start = crossings(page)
    assert at_start["view"] == 0 and at_start["export_record"] == 0, at_start
    # The whole game: Phase 1, where nobody can interrupt a bot (one bot_act each), and Phase
    # 2, where a person may Get Tea before a bot places (bot_choose, then act), and the bots
    # are asked once a step whether they Get Tea (bot_choose; each declining is a decision).
    played = play_and_count(page, 60)
    assert board_state(page)["awaiting"] == "over", [[c["name"] for c in d] for d in played]
    # Phase 1 is one tile each: the person's, then one bot_act per bot.
    assert [c["name"] for c in played[0][:3]] == ["act", "bot_act", "bot_act"], played[0]
    assert any(c["name"] == "bot_choose" for d in played for c in d), played
    records_agree(page)
    guard.check()
