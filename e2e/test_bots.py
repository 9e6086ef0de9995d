"""Bot levels at the table: the lobby offers Easy, Normal and Strong; a Strong bot thinks in the
engine's worker while the page says so and stays responsive (no long task on the main thread
while it thinks); leaving the table while a bot thinks lets no late move land."""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from .conftest import SOAK, screenshot, soak_beyond
from .lobby import choose_game, choose_seats, fill_seed, table_command
from .play import board_state, decide, thinking_in_the_engine, wait_answered, wait_turn

PLAYERS = {"tanbo": 2, "humble_tea_party": 3, "storm_in_a_teacup": 2}
# A person's decisions in the game against Strong bots: each one is followed by a think of each
# bot, and every think is checked alike; enough for at least 5 thinks. The soak (``make
# soak-tests``) plays the games to their end.
THINKS = 5


def strong_decisions(game: str) -> int | None:
    """How many decisions the person makes against Strong bots: None for the whole game."""
    return None if SOAK else -(-THINKS // (PLAYERS[game] - 1))


# Every long task of the main thread (>= 50 ms by the API's definition), from the first script on.
WATCH_LONG_TASKS = """
window.__longTasks = [];
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) window.__longTasks.push([e.startTime, e.duration]);
}).observe({ type: "longtask", buffered: true });
// Long animation frames name the scripts that ran in them: the culprit of a long task.
window.__frames = [];
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) {
    window.__frames.push({
      start: e.startTime,
      duration: e.duration,
      scripts: e.scripts.map((s) => {
        const where = `${s.sourceFunctionName}@${s.sourceURL.split("/").pop()}`;
        return `${s.invoker} ${where}:${Math.round(s.duration)}ms`;
      }),
      layout: e.styleAndLayoutStart
        ? Math.round(e.startTime + e.duration - e.styleAndLayoutStart)
        : 0,
    });
  }
}).observe({ type: "long-animation-frame", buffered: true });
"""

# The app measures each bot's think as "bot-think" and each redraw as "draw". A think is named
# by its seat, step and rank among the thinks of that step, so two plays of a game compare.
STUTTERS = """() => {
  const seen = new Map();
  const thinks = performance.getEntriesByName("bot-think").map((m) => {
    const at = `${m.detail.seat}@${m.detail.step}`;
    const rank = (seen.get(at) ?? 0) + 1;
    seen.set(at, rank);
    return { name: `${at}#${rank}`, start: m.startTime, end: m.startTime + m.duration };
  });
  const during = (s, d) => thinks.filter((t) => s < t.end && s + d > t.start).map((t) => t.name);
  const hits = window.__longTasks
    .map(([s, d]) => ({ start: s, duration: d, thinks: during(s, d) }))
    .filter((h) => h.thinks.length);
  const draws = performance.getEntriesByName("draw")
    .filter((m) => thinks.some((t) => m.startTime > t.start && m.startTime < t.end)).length;
  const frames = window.__frames.filter((f) =>
    hits.some((h) => f.start < h.start + h.duration && f.start + f.duration > h.start));
  const longest = Math.max(0, ...thinks.map((t) => t.end - t.start));
  return { thinks: thinks.length, longest, hits, draws, frames };
}"""


def play_against_strong(returning: Any, base_url: str, game: str) -> dict[str, Any]:
    """Play one seeded game against Strong bots (the same clicks each time), to its end or
    for ``strong_decisions(game)`` decisions; what the main thread did while the bots thought."""
    upto = strong_decisions(game)
    page, _ = returning(base_url)
    page.add_init_script(WATCH_LONG_TASKS)
    page.goto(base_url + "?fast=1")
    choose_seats(page, game, ["", *["strong"] * (PLAYERS[game] - 1)])
    fill_seed(page, 31)
    page.get_by_role("button", name="Start").click()
    expect(page.locator("#table")).to_be_visible()
    seen_thinking = False
    decisions = 0
    while True:
        awaiting = board_state(page).get("awaiting")
        if awaiting == "bot" and not seen_thinking:
            text = page.locator("#turn").inner_text()
            seen_thinking = "(bot · Strong) is thinking" in text
        if awaiting == "bot":
            page.wait_for_function(
                "() => document.getElementById('board').dataset.awaiting !== 'bot'",
                timeout=120_000,
            )
            continue
        if wait_turn(page, timeout=120_000) == "over":
            break
        if decisions == upto:
            # The bots' answer to the last decision has been thought and drawn.
            break
        decide(page, decisions * 3)
        decisions += 1
        assert decisions < 400, "the game does not end"
    if upto is None:
        expect(page.locator("#end-screen")).to_be_visible()
    screenshot(page, f"strong-{game}-end" if upto is None else f"strong-{game}")
    stutters: dict[str, Any] = page.evaluate(STUTTERS)
    page.close()
    assert stutters["thinks"] >= THINKS, stutters
    assert seen_thinking, "the turn line says which bot is thinking"
    return stutters


def test_the_lobby_offers_the_three_levels(site: tuple[Page, Any]) -> None:
    page, guard = site
    page.goto(guard.origin + "/?fast=1&debug=1")
    page.wait_for_selector("body[data-engine=ready]", timeout=60_000)
    for game in PLAYERS:
        choose_game(page, game)
        who = page.locator("#seat-1-who")
        options = who.locator("option").all_inner_texts()
        assert options == [
            "Human",
            "Player on another device",
            "Bot: Easy",
            "Bot: Normal",
            "Bot: Strong",
        ], (game, options)
        assert who.input_value() == "normal", "a new bot seat plays at Normal"
        # What the levels mean is said beside them, and read out with each seat's menu.
        expect(who).to_have_accessible_description(re.compile(r"Easy .* Normal .* Strong"))
    who.select_option("strong")
    for width, height in ((360, 740), (1366, 768)):
        page.set_viewport_size({"width": width, "height": height})
        screenshot(page, f"lobby-levels-{width}")


# The shell schedules the bots and the drawing, the same for every game: make test plays
# Humble Tea Party (two bots, and Tea asked of them), the long run every game to its end.
@pytest.mark.slow
@pytest.mark.parametrize("game", soak_beyond(["humble_tea_party"], PLAYERS))
def test_a_game_against_strong_bots_draws_nothing_while_they_think(
    returning: Any, base_url: str, game: str
) -> None:
    first = play_against_strong(returning, base_url, game)
    # The search runs in the worker; the page draws before a think starts or after it ends.
    assert first["draws"] == 0, f"the page redrew while a bot thought: {first}"
    # Long tasks are wall-clock figures (a loaded machine stalls the main thread at random):
    # printed for the record, measured by the benchmark, never asserted here.
    hits = first["hits"]
    longest = max((h["duration"] for h in hits), default=0)
    print(f"{game}: {first['thinks']} thinks, {len(hits)} long tasks in them (max {longest} ms)")


def test_leaving_while_a_bot_thinks_lets_no_late_move_land(site: tuple[Page, Any]) -> None:
    page, guard = site
    page.goto(guard.origin + "/?fast=1&debug=1")
    # The Strong bot plays first (it places its Farmer), so it is thinking from the start.
    choose_seats(page, "tanbo", ["strong", ""])
    fill_seed(page, 5)
    page.get_by_role("button", name="Start").click()
    expect(page.locator("#turn")).to_contain_text("is thinking")
    thinking_in_the_engine(page)
    table_command(page, "New game")
    leave = page.get_by_role("button", name="Go to the lobby")
    if leave.is_visible():  # asked only once a person has made a move
        leave.click()
    expect(page.locator("#lobby")).to_be_visible()
    choose_seats(page, "tanbo", ["", "strong"])
    fill_seed(page, 6)
    page.get_by_role("button", name="Start").click()
    assert wait_turn(page) == "human"
    # Once the old think has answered, the new game must still be at its first step.
    wait_answered(page)
    state = board_state(page)
    assert state["step"] == "0" and state["awaiting"] == "human", state
    assert page.locator("#error-banner").is_hidden()


def test_undo_while_a_bot_thinks_takes_back_your_move_and_no_late_move_lands(
    site: tuple[Page, Any],
) -> None:
    page, guard = site
    page.goto(guard.origin + "/?fast=1&debug=1")
    choose_seats(page, "tanbo", ["", "strong"])
    fill_seed(page, 8)
    page.get_by_role("button", name="Start").click()
    assert wait_turn(page) == "human"
    decide(page)  # your Farmer: now the Strong bot thinks about its own
    expect(page.locator("#turn")).to_contain_text("is thinking")
    thinking_in_the_engine(page)
    page.get_by_role("button", name="Undo").click()
    assert wait_turn(page) == "human"
    wait_answered(page)  # the old think has answered, and landed nowhere
    state = board_state(page)
    assert state["step"] == "0" and state["awaiting"] == "human", state
    assert page.locator("#error-banner").is_hidden()
