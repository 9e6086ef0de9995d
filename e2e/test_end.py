"""The end of a game stays within reach and stays the end: after "Look at the table" or a
replay, "Results" opens the end screen again (with Rematch); Undo says the game is over and
changes nothing. Humble Tea Party's score table fits a phone."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import expect

from .a11y import assert_accessible
from .conftest import ENGINE_TIMEOUT_MS, screenshot, soak_beyond
from .layout import assert_fits_width
from .play import COUNT_GHOSTS_JS, board_state, bot_record, record_link


def test_results_stay_in_reach_and_undo_cannot_un_end_the_game(
    returning: Any, base_url: str
) -> None:
    record = bot_record("tanbo", 2, seed=8, humans=(0,))
    link = record_link(base_url + "?fast=1", record)
    page, _ = returning(link)
    page.goto(link)
    end = page.locator("#end-screen")
    expect(end).to_be_visible(timeout=ENGINE_TIMEOUT_MS)
    results = page.get_by_role("button", name="Results")
    expect(results).to_be_visible()
    expect(page.locator("#hint")).to_be_hidden()
    page.get_by_role("button", name="Look at the table").click()
    expect(end).to_be_hidden()
    expect(results).to_be_focused()
    # Undo: the game is over, and stays over.
    step = board_state(page)["step"]
    undo = page.locator("#undo")
    expect(undo).to_have_attribute("aria-disabled", "true")
    undo.click(force=True)  # in reach, though it undoes nothing: a press says why
    expect(page.locator("#notice")).to_contain_text("The game is over")
    assert board_state(page)["awaiting"] == "over" and board_state(page)["step"] == step
    # After a replay, the results are one press away.
    page.get_by_role("button", name="Replay").click()
    expect(page.locator("#replay")).to_be_visible()
    page.locator("#replay-close").click()
    expect(page.locator("#table")).to_be_visible()
    expect(end).to_be_hidden()
    results.click()
    expect(end).to_be_visible()
    expect(end.get_by_role("button", name="Rematch")).to_be_visible()
    expect(page.locator("#end-title")).to_be_focused()


STACKED_JS = """() => {
  const wrap = document.querySelector('#end-details .htp-scores-wrap');
  const box = document.getElementById('end-screen').getBoundingClientRect();
  const rows = [...wrap.querySelectorAll('tbody tr')].map((tr) => {
    const name = tr.querySelector('th').getBoundingClientRect();
    const total = tr.querySelector('td.total').getBoundingClientRect();
    const hands = [...tr.querySelectorAll('td[data-hand]')].map((td) => td.getBoundingClientRect());
    return {
      totalBesideName: Math.abs(total.top - name.top) < name.height,
      totalFirst: hands.every((h) => total.bottom <= h.top + 1),
      inside: [name, total, ...hands].every((r) => r.left >= box.left && r.right <= box.right),
    };
  });
  return {scrolls: wrap.scrollWidth > wrap.clientWidth + 1, rows};
}"""


# Six players at 320 px in Japanese in the long run.
@pytest.mark.parametrize(
    ("players", "width", "lang"),
    soak_beyond([(4, 360, "en")], [(4, 360, "en"), (6, 320, "ja")], unpack=True),
)
def test_the_humble_tea_party_scores_fit_a_phone_total_first(
    guard_factory: Any, base_url: str, players: int, width: int, lang: str
) -> None:
    """The end table was 621 px wide in a 297 px box, its Total off-screen: on a phone each
    player is a card, the total beside the name, the six hands below."""
    record = bot_record("humble_tea_party", players, seed=8, humans=(0,))
    link = record_link(base_url + "?fast=1", record)
    page, _ = guard_factory(
        link, viewport={"width": width, "height": 740}, locale="ja-JP" if lang == "ja" else "en-US"
    )
    page.goto(link)
    expect(page.locator("#end-screen")).to_be_visible(timeout=ENGINE_TIMEOUT_MS)
    found = page.evaluate(STACKED_JS)
    assert not found["scrolls"], found
    assert len(found["rows"]) == players
    for row in found["rows"]:
        assert row == {"totalBesideName": True, "totalFirst": True, "inside": True}, found
    assert_fits_width(page, f"the end screen at {width} px")
    assert_accessible(page, f"the stacked scores at {width} px")
    screenshot(page, f"htp-end-stacked-{players}-{width}-{lang}")
    # Below the finished table the same scores, named in the screen's language.
    page.locator("#end-close").click()
    final = page.locator("#board section.htp-final")
    expect(final).to_have_attribute("aria-label", "得点" if lang == "ja" else "Scores")


# The first frame that shows the end screen: how many flying tiles are drawn over it.
GHOSTS_AT_THE_END_JS = """() => {
  const end = document.getElementById('end-screen');
  if (end.hidden) return false;
  return {over: document.querySelectorAll('.fly-ghost').length, flown: window.__ghosts};
}"""


# Tanbo; Humble Tea Party in the long run (the results wait for the shell's last drawing).
@pytest.mark.parametrize("game", soak_beyond(["tanbo"], ["humble_tea_party", "tanbo"]))
def test_the_last_move_lands_before_the_results_open(
    returning: Any, base_url: str, game: str
) -> None:
    """The last move's flying tiles (drawn above everything) were seen over the results: the end
    screen now opens once the movement has landed."""
    record = bot_record(game, 3 if game == "humble_tea_party" else 2, seed=8, humans=())
    # The bots play the last moves in the page, with their movement (no reduced motion). A
    # deck emptied in the last round has no pile left to fly from: six moves reach back to one.
    record["actions"] = record["actions"][:-6]
    # At a bot pace a person might choose, not the tests' 30 ms: a step's movement starts on the
    # frame after its drawing and is dropped when the next step is drawn first (under CI load a
    # frame came after 30 ms, and every flight was dropped).
    link = record_link(base_url + "?pace=250", record)
    page, _ = returning(link)
    page.add_init_script(f"({COUNT_GHOSTS_JS})()")
    page.goto(link)
    shown = page.wait_for_function(GHOSTS_AT_THE_END_JS, polling="raf", timeout=ENGINE_TIMEOUT_MS)
    seen = shown.json_value()
    assert seen["flown"] > 0, "the last moves flew nothing: this checks nothing"
    assert seen["over"] == 0, seen
