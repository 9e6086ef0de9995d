"""The table as people use it, for every game: hot-seat hand-overs that show your own move, a
person's Tea winning over a waiting bot, reload straight back into the game, New game that
asks first, the Advanced lobby, the tab title, the end screen in view, the replay viewer,
rematch, the installable manifest and the "new version" notice."""

from __future__ import annotations

import json
import re
import struct
from typing import Any

import pytest
from playwright.sync_api import Page, expect

import pygames

from .conftest import ENGINE_TIMEOUT_MS, Guard, screenshot, soak_beyond, wait_ready
from .lobby import choose_seats, fill_seed, table_command
from .play import TAB_SAVE_JS, board_state, bot_record, decide, record_link, tab_save, wait_turn

GAMES = ("tanbo", "humble_tea_party", "storm_in_a_teacup")
PLAYERS = {"tanbo": 2, "humble_tea_party": 4, "storm_in_a_teacup": 4}


def start(page: Page, game: str, bots: list[str], seed: int = 7) -> None:
    choose_seats(page, game, bots)
    fill_seed(page, seed)
    page.get_by_role("button", name="Start").click()
    expect(page.locator("#table")).to_be_visible()


def saved(page: Page) -> dict[str, Any]:
    save = tab_save(page)
    assert save is not None
    return save


# ---------------------------------------------------------------- hot seat


def test_hot_seat_shows_your_own_move_before_the_device_is_passed(
    site: tuple[Page, Guard],
) -> None:
    page, guard = site
    page.goto(guard.origin + "/?fast=1")
    choose_seats(page, "humble_tea_party", ["", "", "normal"], ["Aiko", "Kenji", "Bot"])
    fill_seed(page, 5)
    page.get_by_role("button", name="Start").click()
    expect(page.locator("#pass-title")).to_have_text("Pass the device to Aiko")
    page.get_by_role("button", name="I am ready").click()
    assert wait_turn_no_handover(page) == "human"
    log_before = page.locator("#log li").count()
    decide(page)
    # Aiko's own move is on screen, with its log line, and nothing asks Kenji yet.
    done = page.locator("#handover-done")
    expect(done).to_be_visible()
    expect(done).to_have_text("Done: pass the device to Kenji")
    expect(done).to_be_focused()
    expect(page.locator("#pass-screen")).to_be_hidden()
    expect(page.locator("#turn")).to_have_text("Aiko: your move is made.")
    assert board_state(page)["awaiting"] == "handover" and board_state(page)["seat"] == "0"
    assert page.locator("#board").inner_html() != ""
    assert page.locator("#log li").count() > log_before
    expect(page.locator("#log li").last).to_contain_text("Aiko")
    assert page.locator("#board .legal:not([data-interrupt])").count() == 0
    screenshot(page, "hot-seat-done")
    done.click()
    # Only now the table goes blank and the device is passed.
    expect(page.locator("#pass-title")).to_have_text("Pass the device to Kenji")
    assert page.locator("#board").inner_html() == ""
    page.get_by_role("button", name="I am ready").click()
    assert wait_turn_no_handover(page) == "human"
    assert board_state(page)["seat"] == "1"


def wait_turn_no_handover(page: Page) -> str:
    page.wait_for_function(
        "() => ['human', 'over'].includes(document.getElementById('board').dataset.awaiting)",
        timeout=30_000,
    )
    return str(board_state(page)["awaiting"])


# ---------------------------------------------------------------- Tea against a waiting bot


TEA = '#board .legal[data-action=\'{"type":"tea"}\']:not([data-as-seat])'


def test_get_tea_always_wins_over_a_bot_that_has_not_yet_acted(site: tuple[Page, Guard]) -> None:
    page, guard = site
    page.goto(guard.origin + "/?fast=1&debug=1")
    wait_ready(page)
    # Bots that think for as long as the test likes (a search bot thinks for a while): the
    # person clicks Get Tea while a bot's choice is on its way. That choice must not land; the
    # bot chooses again after Tea. An awaited bot's think that starts while Get Tea is on the
    # board waits for the test's release, so no machine load can let its answer slip in before
    # the click.
    page.evaluate(
        """(tea) => {
          const app = window.pygamesDebug;
          const choose = app.engine.bot_choose;
          window.held = 0;
          window.holding = true;
          window.releases = [];
          window.release = () => {
            window.holding = false;
            window.releases.splice(0).forEach((r) => r());
          };
          app.engine.bot_choose = async (...args) => {
            const status = app.match.status;
            const awaited = (status.awaiting ?? status.actors).includes(args[1]);
            if (window.holding && awaited && document.querySelector(tea)) {
              window.held++;
              await new Promise((r) => window.releases.push(r));
            }
            return choose(...args);
          };
        }""",
        TEA,
    )
    start(page, "humble_tea_party", ["", "normal", "normal"], seed=2)
    tea = page.locator(TEA)
    for i in range(60):
        page.wait_for_function(
            "() => window.held > 0 || document.getElementById('board').dataset.awaiting"
            " === 'human'",
            timeout=30_000,
        )
        if page.evaluate("() => window.held > 0"):
            break
        decide(page, i)
    else:
        raise AssertionError("no bot turn came with Get Tea on offer")
    step = int(board_state(page)["step"])
    tea.click()
    page.evaluate("() => window.release()")  # the held bot answers only now, after the click
    page.wait_for_function(
        "(s) => Number(document.getElementById('board').dataset.step) > s + 1",
        arg=step,
        timeout=30_000,
    )
    expect(page.locator("#error-banner")).to_be_hidden()
    expect(page.locator("#notice")).to_be_hidden()
    page.wait_for_function(
        f"(s) => (({TAB_SAVE_JS})()?.record.actions.length ?? 0) > s + 1", arg=step
    )
    actions = saved(page)["record"]["actions"]
    # Tea is the very next action: the bot's choice for that step never landed...
    assert actions[step] == [0, {"type": "tea"}], actions[step:]
    # ...and the bot, choosing again, placed elsewhere than into the Oribako under Tea.
    placed = next(a for s, a in actions[step + 1 :] if a["type"] == "place")
    assert placed["target"] != 0, placed


# ---------------------------------------------------------------- lobby, reload, new game


def test_advanced_holds_the_seed_and_the_engine_details(site: tuple[Page, Guard]) -> None:
    page, guard = site
    page.goto(guard.origin + "/?fast=1")
    wait_ready(page)
    expect(page.get_by_label("Seed")).to_be_hidden()
    expect(page.locator("#versions")).to_be_hidden()
    expect(page.locator("footer")).not_to_contain_text("loaded in")
    page.get_by_text("Advanced").click()
    expect(page.get_by_label("Seed")).to_be_visible()
    # The rules' version is the package's, the one pyproject.toml states.
    expect(page.locator("#versions")).to_contain_text(
        re.compile(rf"pygames {re.escape(pygames.__version__)}: Python 3\.\d+.*loaded in")
    )


def test_a_reload_mid_game_returns_to_the_same_game(site: tuple[Page, Guard]) -> None:
    page, guard = site
    page.goto(guard.origin + "/?fast=1")
    start(page, "tanbo", ["", "normal"], seed=13)
    for i in range(3):
        wait_turn(page)
        decide(page, i)
    wait_turn(page)
    step = board_state(page)["step"]
    log = page.locator("#log").inner_text()
    page.reload()
    # Straight back to the table, not to a lobby with an unlabelled "Resume".
    expect(page.locator("#table")).to_be_visible(timeout=ENGINE_TIMEOUT_MS)
    expect(page.locator("#lobby")).to_be_hidden()
    wait_turn(page)
    assert board_state(page)["step"] == step
    assert page.locator("#log").inner_text() == log
    # From the lobby, the same game is offered by name.
    table_command(page, "New game")
    page.get_by_role("button", name="Go to the lobby").click()
    expect(page.get_by_role("button", name="Resume your Tanbo game")).to_be_visible()


def test_new_game_mid_game_asks_first(site: tuple[Page, Guard]) -> None:
    page, guard = site
    page.goto(guard.origin + "/?fast=1")
    start(page, "tanbo", ["", "normal"])
    wait_turn(page)
    decide(page)
    wait_turn(page)
    step = board_state(page)["step"]
    table_command(page, "New game")
    dialog = page.get_by_role("dialog", name="Leave this game?")
    expect(dialog).to_be_visible()
    expect(page.get_by_role("button", name="Keep playing")).to_be_focused()
    screenshot(page, "new-game-confirm")
    page.get_by_role("button", name="Keep playing").click()
    expect(page.locator("#table")).to_be_visible()
    assert board_state(page)["step"] == step
    table_command(page, "New game")
    page.get_by_role("button", name="Go to the lobby").click()
    expect(page.locator("#lobby")).to_be_visible()


def test_a_damaged_save_says_so_then_the_detail(site: tuple[Page, Guard]) -> None:
    page, guard = site
    page.goto(guard.origin + "/?fast=1")
    wait_ready(page)
    page.get_by_role("button", name="Load a game…").click()
    bad = {"game": "tanbo", "seed": -1, "seats": [{"name": "a"}, {"name": "b"}]}
    page.get_by_label("Paste a saved game (JSON) or a share link").fill(json.dumps(bad))
    page.get_by_role("button", name="Load", exact=True).click()
    expect(page.locator("#error-text")).to_have_text(
        "This saved game is damaged: The seed must be a whole number from 0 to 9007199254740991."
    )
    expect(page.locator("#lobby")).to_be_visible()


# ---------------------------------------------------------------- what the tab and the end say


def test_the_tab_title_says_when_it_is_your_turn(site: tuple[Page, Guard]) -> None:
    page, guard = site
    page.goto(guard.origin + "/?pace=1500")
    start(page, "tanbo", ["", "normal"], seed=3)
    expect(page).to_have_title("● Your turn · Tanbo · pygames")
    wait_turn(page)
    decide(page)  # the farmer; then the bot places its own
    expect(page).to_have_title("Tanbo · pygames")
    expect(page).to_have_title("● Your turn · Tanbo · pygames", timeout=15_000)


# Storm; the other games in the long run (the end screen is the shell's).
@pytest.mark.parametrize("game", soak_beyond(["storm_in_a_teacup"], GAMES))
def test_the_end_screen_opens_in_view_with_replay_and_rematch(
    returning: Any, base_url: str, game: str
) -> None:
    record = bot_record(game, PLAYERS[game], seed=4)
    link = record_link(base_url + "?fast=1", record)
    page, _ = returning(link, viewport={"width": 360, "height": 740})
    page.goto(link)
    end = page.locator("#end-screen")
    expect(end).to_be_visible(timeout=ENGINE_TIMEOUT_MS)
    page.evaluate("() => window.scrollTo(0, document.body.scrollHeight)")
    title = page.locator("#end-title")
    box = title.bounding_box()
    assert box and box["y"] >= 0 and box["y"] + box["height"] <= 740, box
    expect(page.get_by_role("button", name="Watch the replay")).to_be_focused()
    screenshot(page, f"end-{game}-phone")
    page.get_by_role("button", name="Rematch").click()
    page.wait_for_function(
        "(n) => document.getElementById('board').dataset.step !== String(n)",
        arg=len(record["actions"]),
    )
    expect(page.locator("#end-screen")).to_be_hidden()
    rematch = saved(page)["record"]
    assert rematch["seats"] == record["seats"] and rematch["options"] == record["options"]
    assert rematch["seed"] != record["seed"]


# ---------------------------------------------------------------- the replay viewer


# The viewer is the shell's, the same for every game (each game's replay drawing has its own
# tests: the game's site tests, and the end screens' in test_a11y.py): Humble Tea Party in
# make test, every game in the long run.
@pytest.mark.parametrize("game", soak_beyond(["humble_tea_party"], GAMES))
def test_the_replay_of_a_finished_game(returning: Any, base_url: str, game: str) -> None:
    record = bot_record(game, PLAYERS[game], seed=6)
    steps = len(record["actions"])
    link = record_link(base_url + "?fast=1", record)
    page, _ = returning(link)
    page.goto(link)
    expect(page.locator("#end-screen")).to_be_visible(timeout=ENGINE_TIMEOUT_MS)
    page.get_by_role("button", name="Watch the replay").click()
    expect(page.locator("#replay")).to_be_visible()
    expect(page).to_have_title(re.compile("^Replay · "))
    expect(page.locator("#replay-step")).to_have_text(f"Step 0 of {steps}")
    expect(page.locator("#replay-board")).to_have_attribute("data-step", "0")
    seat = page.locator("#replay-seat")
    options = seat.locator("option").all_inner_texts()
    assert options[0] == "Everything" and len(options) == 1 + PLAYERS[game]
    # Play stands apart from the steps beside it (they looked alike): filled, and wider.
    looks = page.evaluate(
        """() => ['replay-prev', 'replay-play', 'replay-next'].map((id) => {
          const b = document.getElementById(id);
          return [getComputedStyle(b).backgroundColor, b.getBoundingClientRect().width];
        })"""
    )
    assert looks[1][0] not in (looks[0][0], looks[2][0]), looks
    assert looks[1][1] > max(looks[0][1], looks[2][1]), looks
    # Buttons, keys and the slider all move through the steps.
    page.get_by_role("button", name="Next step").click()
    expect(page.locator("#replay-step")).to_have_text(f"Step 1 of {steps}")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    expect(page.locator("#replay-step")).to_have_text(f"Step 3 of {steps}")
    page.keyboard.press("ArrowLeft")
    expect(page.locator("#replay-step")).to_have_text(f"Step 2 of {steps}")
    current = page.locator("#replay-log li.current")
    assert current.count() >= 1
    assert all(s == "2" for s in current.evaluate_all("els => els.map(e => e.dataset.step)"))
    page.keyboard.press("End")
    expect(page.locator("#replay-step")).to_have_text(f"Step {steps} of {steps}")
    page.get_by_label("Step", exact=True).fill(str(steps // 2))
    expect(page.locator("#replay-step")).to_have_text(f"Step {steps // 2} of {steps}")
    screenshot(page, f"replay-{game}")
    page.keyboard.press("Home")
    expect(page.locator("#replay-step")).to_have_text(f"Step 0 of {steps}")
    # Play runs to the end on its own (from a few steps before it, to keep the test short).
    page.get_by_label("Step", exact=True).fill(str(steps - 4))
    expect(page.locator("#replay-step")).to_have_text(f"Step {steps - 4} of {steps}")
    page.get_by_role("button", name="Play").click()
    expect(page.locator("#replay-step")).to_have_text(f"Step {steps} of {steps}", timeout=60_000)
    expect(page.get_by_role("button", name="Play")).to_be_visible()
    # Seen as one seat: drawn for that seat.
    seat.select_option(label="As Player 2 saw it")
    expect(page.locator("#replay-board")).to_have_attribute("data-seat", "1")
    page.get_by_role("button", name="Back").click()
    expect(page.locator("#table")).to_be_visible()


def test_the_replay_of_a_running_game_shows_only_what_its_people_saw(
    site: tuple[Page, Guard],
) -> None:
    page, guard = site
    page.goto(guard.origin + "/?fast=1")
    start(page, "humble_tea_party", ["", "normal", "normal"], seed=9)
    for i in range(2):
        wait_turn(page)
        decide(page, i)
    wait_turn(page)
    page.get_by_role("button", name="Replay").click()
    expect(page.locator("#replay")).to_be_visible()
    step = int(board_state(page)["step"])
    # A running game opens where it stands (waited for: the replay draws after it opens).
    expect(page.locator("#replay-board")).to_have_attribute("data-step", str(step))
    # No Everything and no other seat while it runs.
    expect(page.locator("#replay-seat option")).to_have_text(["As Player 1 saw it"])
    marks = page.evaluate(
        "() => [...document.querySelectorAll('#replay-board [data-favourite]')]"
        ".map(e => e.dataset.favourite)"
    )
    assert marks and all(m.endswith(":?") for m in marks if not m.startswith("0:")), marks
    page.keyboard.press("Home")
    expect(page.locator("#replay-step")).to_have_text(f"Step 0 of {step}")
    page.get_by_role("button", name="Back").click()
    expect(page.locator("#table")).to_be_visible()


# ---------------------------------------------------------------- installable, updates


def png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    width, height = struct.unpack(">II", data[16:24])
    return width, height


def test_the_site_is_installable(site: tuple[Page, Guard]) -> None:
    page, guard = site
    page.goto(guard.origin + "/?fast=1")
    href = page.locator("link[rel=manifest]").get_attribute("href")
    assert href == "manifest.webmanifest", "a relative manifest works under a sub-path"
    response = page.request.get(guard.origin + "/" + href)
    assert response.ok and "manifest+json" in response.headers["content-type"]
    manifest = response.json()
    assert manifest["name"] and manifest["short_name"] == "pygames"
    assert manifest["start_url"] == "./" and manifest["scope"] == "./"
    assert manifest["display"] == "standalone" and manifest["theme_color"].startswith("#")
    sizes = set()
    for icon in manifest["icons"]:
        got = page.request.get(guard.origin + "/" + icon["src"])
        assert got.ok, icon
        assert got.headers["content-type"].startswith(icon["type"])
        if icon["type"] == "image/png":
            w, h = png_size(got.body())
            assert f"{w}x{h}" == icon["sizes"], icon
            sizes.add((w, icon["purpose"]))
    assert {(192, "any"), (512, "any"), (512, "maskable")} <= sizes
    expect(page.locator("meta[name=theme-color]")).to_have_attribute(
        "content", manifest["theme_color"]
    )


def test_storm_memory_aid_is_on_by_default_and_can_be_turned_off(
    site: tuple[Page, Guard],
) -> None:
    # Ruling S8: the option Memory aid, on by default, is chosen in the lobby.
    page, guard = site
    page.goto(guard.origin + "/?fast=1")
    choose_seats(page, "storm_in_a_teacup", ["", "normal"])
    aid = page.get_by_label("Memory aid", exact=False)
    expect(aid).to_be_checked()
    aid.uncheck()
    page.get_by_role("button", name="Start").click()
    expect(page.locator("#table")).to_be_visible()
    page.wait_for_function(TAB_SAVE_JS)
    assert saved(page)["record"]["options"]["memory_aid"] is False
