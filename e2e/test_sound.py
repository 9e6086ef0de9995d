"""Sound and vibration: off by default; switched on in the Game menu (kept across visits), the
page chimes and buzzes when your turn comes round and taps when a move lands, all made with Web
Audio in the page (no file is fetched: the guard fails the test on any request elsewhere). A
stand-in for Web Audio and the vibration motor records what the page plays."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import Page, expect

from .conftest import wait_ready
from .lobby import choose_seats, fill_seed
from .play import decide, wait_turn

RECORDER_JS = """(() => {
  window.__notes = [];
  window.__buzzes = [];
  class RecordingContext {
    constructor() { this.state = 'running'; this.currentTime = 0; this.destination = {}; }
    resume() { return Promise.resolve(); }
    createOscillator() {
      const tone = { type: '', frequency: { value: 0 }, connect: (g) => g,
                     start: () => window.__notes.push(tone.frequency.value), stop() {} };
      return tone;
    }
    createGain() {
      const gain = { setValueAtTime() {}, exponentialRampToValueAtTime() {} };
      return { gain, connect: (d) => d };
    }
  }
  window.AudioContext = RecordingContext;
  navigator.vibrate = (ms) => { window.__buzzes.push(ms); return true; };
})();"""

TURN = [659.25, 880]  # the chime of sound.js CUES.turn
MOVE = [196]


def notes(page: Page) -> list[float]:
    return list(page.evaluate("() => window.__notes"))


def test_sound_is_off_until_chosen_then_chimes_your_turn_and_taps_moves(
    returning: Any, base_url: str
) -> None:
    page, _ = returning(base_url, viewport={"width": 1366, "height": 768})
    page.add_init_script(RECORDER_JS)
    page.goto(base_url + "?fast=1")
    wait_ready(page)
    choose_seats(page, "tanbo", ["", "easy"])
    fill_seed(page, 4)
    page.get_by_role("button", name="Start").click()
    for i in range(2):
        assert wait_turn(page) == "human"
        decide(page, i)
    assert wait_turn(page) == "human"
    assert notes(page) == [] and page.evaluate("() => window.__buzzes") == []
    # Switched on: a tap says so at once.
    menu = page.locator("#game-menu")
    menu.locator("summary").click()
    sound = page.get_by_label("Sound and vibration")
    expect(sound).not_to_be_checked()
    sound.check()
    assert notes(page) == MOVE
    page.keyboard.press("Escape")
    # Play until the bot has moved and it is this person's turn again: taps, then the chime.
    page.evaluate("() => { window.__notes = []; }")
    for i in range(40):
        before = page.evaluate("() => window.__buzzes.length")
        decide(page, i)
        assert wait_turn(page) in ("human", "over")
        if page.evaluate("() => window.__buzzes.length") > before:
            break
    else:
        raise AssertionError("the turn never came back to the person")
    played = notes(page)
    assert played[-2:] == TURN, played
    assert set(played[:-2]) <= set(MOVE) and played[:-2], played
    assert page.evaluate("() => window.__buzzes")[-1] == 80
    # Kept across visits.
    page.reload()
    wait_ready(page)
    menu.locator("summary").click()
    expect(sound).to_be_checked()
