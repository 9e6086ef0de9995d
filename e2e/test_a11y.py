"""Accessibility of every page and state, with axe-core (0 violations of any impact), and a
game of Tanbo played with the keyboard alone (its first decisions; to the end in the long run).

Pages and states: the lobby of each game (desktop and phone), each game in the middle of a
person's decision and at its end with the replay viewer (each game at each size in one of the
two; every pair in both in the long run), the hot-seat hand-over, the dialogs, and the rules
page.
"""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Page, expect

from .a11y import assert_accessible
from .conftest import (
    ENGINE_TIMEOUT_MS,
    SOAK,
    Guard,
    decisions,
    screenshot,
    soak_beyond,
    wait_ready,
)
from .lobby import choose_game, choose_seats, fill_seed, table_command
from .play import bot_record, decide_by_keyboard, record_link, wait_turn

GAMES = ("tanbo", "humble_tea_party", "storm_in_a_teacup")
PLAYERS = {"tanbo": 2, "humble_tea_party": 4, "storm_in_a_teacup": 4}
DESKTOP = {"width": 1366, "height": 768}
PHONE = {"width": 360, "height": 740}
SIZES = {"desktop": DESKTOP, "phone": PHONE}


# The lobby at a phone's size in make test (its every game, Advanced and the load dialog); the
# desktop's in the long run.
@pytest.mark.parametrize("size", soak_beyond(["phone"], SIZES))
def test_the_lobby_of_every_game(guard_factory: Any, base_url: str, size: str) -> None:
    page, _ = guard_factory(base_url, viewport=SIZES[size])
    page.goto(base_url + "?fast=1")
    assert_accessible(page, f"the lobby while Python loads ({size})")
    wait_ready(page)
    for game in GAMES:
        choose_game(page, game)
        page.get_by_text("Advanced").click()
        assert_accessible(page, f"the {game} lobby ({size})")
        page.get_by_text("Advanced").click()
    page.get_by_role("button", name="Load a game…").click()
    assert_accessible(page, f"the load dialog ({size})")


# make test checks the shell's table mid-game once (Storm on a phone) and its end screen and
# replay once (Tanbo on a desktop); each game's own table is checked by axe in every fixture
# of its renderer's tests (test_*_renderer.py). The long run checks every game at each size
# in both.
MIDDLE = [("storm_in_a_teacup", "phone")]
END = [("tanbo", "desktop")]
PAIRS = [(game, size) for game in GAMES for size in SIZES]


@pytest.mark.parametrize(("game", "size"), soak_beyond(MIDDLE, PAIRS, unpack=True))
def test_a_game_in_the_middle(returning: Any, base_url: str, game: str, size: str) -> None:
    record = bot_record(game, PLAYERS[game], seed=3, upto=14, humans=(0,))
    link = record_link(base_url + "?fast=1", record)
    page, _ = returning(link, viewport=SIZES[size])
    page.goto(link)
    expect(page.locator("#table")).to_be_visible(timeout=ENGINE_TIMEOUT_MS)
    assert wait_turn(page) == "human"
    assert_accessible(page, f"{game} mid-game, a person to choose ({size})")
    screenshot(page, f"a11y-{game}-mid-{size}")
    table_command(page, "Share link")
    assert_accessible(page, f"the share dialog ({size})")
    page.get_by_role("button", name="Close").click()
    page.get_by_role("button", name="Replay").click()
    expect(page.locator("#replay")).to_be_visible()
    assert_accessible(page, f"the replay of a running {game} game ({size})")


@pytest.mark.parametrize(("game", "size"), soak_beyond(END, PAIRS, unpack=True))
def test_the_end_screen_and_replay(returning: Any, base_url: str, game: str, size: str) -> None:
    record = bot_record(game, PLAYERS[game], seed=8)
    link = record_link(base_url + "?fast=1", record)
    page, _ = returning(link, viewport=SIZES[size])
    page.goto(link)
    expect(page.locator("#end-screen")).to_be_visible(timeout=ENGINE_TIMEOUT_MS)
    assert_accessible(page, f"the {game} end screen ({size})")
    page.get_by_role("button", name="Look at the table").click()
    assert_accessible(page, f"the finished {game} table ({size})")
    page.get_by_role("button", name="Replay").click()
    expect(page.locator("#replay")).to_be_visible()
    page.locator("#replay-slider").fill(str(len(record["actions"]) // 2))
    assert_accessible(page, f"the {game} replay, everything shown ({size})")
    page.locator("#replay-seat").select_option("1")
    assert_accessible(page, f"the {game} replay as seat 2 saw it ({size})")


def test_the_hot_seat_hand_over(site: tuple[Page, Guard]) -> None:
    page, guard = site
    page.goto(guard.origin + "/?fast=1")
    choose_seats(page, "storm_in_a_teacup", ["", ""])
    fill_seed(page, 2)
    page.get_by_role("button", name="Start").click()
    expect(page.locator("#pass-screen")).to_be_visible()
    assert_accessible(page, "the pass-the-device screen")


def test_the_rules_page(site: tuple[Page, Guard]) -> None:
    page, guard = site
    for size in SIZES.values():
        page.set_viewport_size(size)
        page.goto(guard.origin + "/rules.html")
        assert_accessible(page, f"the rules page ({size['width']} px)")


# Humble Tea Party and Storm in a Teacup have their own whole keyboard games, with stricter key
# counts, in e2e/test_htp_site.py and e2e/test_storm_site.py.
@pytest.mark.slow
def test_a_game_of_tanbo_by_keyboard_alone(site: tuple[Page, Guard]) -> None:
    page, guard = site
    game = "tanbo"
    page.goto(guard.origin + "/?fast=1")
    choose_seats(page, game, ["", *(["normal"] * (PLAYERS[game] - 1))])
    fill_seed(page, 12)
    page.get_by_role("button", name="Start").focus()
    page.keyboard.press("Enter")
    expect(page.locator("#table")).to_be_visible()
    made = keys = 0
    for _ in decisions(8):
        if wait_turn(page) == "over":
            break
        keys += decide_by_keyboard(page)
        made += 1
    else:
        assert not SOAK, "the game does not end"
    # Every decision was reached in a few keys: focus lands on the choices after each move.
    assert made >= 8 and keys / made < 6, f"{keys} keys for {made} decisions"
    if SOAK:
        expect(page.locator("#end-screen")).to_be_visible()
