"""Nothing lost: a share link opens once, a full storage is said and never costs an unfinished
game (a blocked one: e2e/test_storage.py), damaged saves are listed as damaged and can be
deleted, a record that breaks at move N reopens at move N - 1, the lobby's saved games can be
opened, renamed, downloaded and deleted, and its finished games are listed apart with who won."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from pygames import bridge

from .a11y import assert_accessible
from .conftest import ENGINE_TIMEOUT_MS, Guard, screenshot, wait_ready
from .lobby import choose_game, table_command
from .play import board_state, bot_record, decide, record_link, tab_save, wait_turn

pytestmark = pytest.mark.e2e

SAVES_JS = """() => Object.keys(localStorage).filter((k) => k.startsWith("pygames:game:"))
  .map((k) => { try { return JSON.parse(localStorage.getItem(k)); } catch { return k; } })"""


def saves(page: Page) -> list[Any]:
    return page.evaluate(SAVES_JS)  # type: ignore[no-any-return]


def put_save(page: Page, save_id: str, value: Any) -> None:
    """Write a save into the page's storage as it is (text as given, anything else as JSON)."""
    text = value if isinstance(value, str) else json.dumps(value)
    page.evaluate("([k, v]) => localStorage.setItem(k, v)", ["pygames:game:" + save_id, text])


def a_save(record: dict[str, Any], save_id: str, time: int = 1_700_000_000_000) -> dict[str, Any]:
    return {
        "id": save_id,
        "record": record,
        "over": False,
        "game": record["game"],
        "step": len(record["actions"]),
        "version": 1,
        "time": time,
    }


def tanbo_at(step: int, seed: int = 5) -> dict[str, Any]:
    return bot_record("tanbo", 2, seed=seed, upto=step)


def test_a_share_link_opens_once_and_again_offers_the_game_it_became(
    site: tuple[Page, Guard],
) -> None:
    page, guard = site
    link = record_link(guard.origin + "/?fast=1", tanbo_at(6))
    page.goto(link)
    assert wait_turn(page) == "human"
    opened = int(board_state(page)["step"])
    # The address is the game's own now, not the link's position.
    assert "#r=" not in page.url and "#game=" in page.url
    for i in range(3):
        decide(page, i)
        wait_turn(page)
    played = int(board_state(page)["step"])
    assert played > opened
    # A reload comes back to the game as played, not to the link's position, and adds no save.
    page.reload()
    wait_turn(page)
    assert int(board_state(page)["step"]) == played
    assert len(saves(page)) == 1
    # Back leaves the site; Forward comes back to the same game, with no copy made.
    page.go_back()
    page.go_forward()
    wait_turn(page)
    assert int(board_state(page)["step"]) == played
    assert len(saves(page)) == 1
    # The same link opened again offers the game it became, instead of a duplicate.
    page.goto(guard.origin + "/?fast=1")
    wait_turn(page)
    page.goto(link)
    dialog = page.get_by_role("dialog", name="This game is already on this device")
    expect(dialog).to_be_visible(timeout=ENGINE_TIMEOUT_MS)
    expect(dialog).to_contain_text(f"at move {played}")
    screenshot(page, "link-again")
    assert_accessible(page, "a link opened again")
    dialog.get_by_role("button", name="Go to my game").click()
    wait_turn(page)
    assert int(board_state(page)["step"]) == played
    assert len(saves(page)) == 1
    # Asked for, the link's position opens as a game of its own.
    page.goto(guard.origin + "/?fast=1")
    wait_turn(page)
    page.goto(link)
    page.get_by_role("button", name="Open the link as a new game").click()
    expect(page.locator("#board")).to_have_attribute("data-step", str(opened))
    wait_turn(page)
    expect(page.locator("#save-status")).to_have_attribute("data-state", "saved")
    assert len(saves(page)) == 2


# Storage that fills up: a write that would take localStorage past `limit` characters throws as
# a full browser storage does (set by the test through sessionStorage, kept across reloads).
QUOTA_JS = """(() => {
  const real = Storage.prototype.setItem;
  Storage.prototype.setItem = function (key, value) {
    const limit = Number(sessionStorage.getItem("test:limit") ?? Infinity);
    if (this === localStorage) {
      let used = 0;
      for (let i = 0; i < this.length; i++) {
        const k = this.key(i);
        if (k !== key) used += k.length + (this.getItem(k) ?? "").length;
      }
      if (used + key.length + String(value).length > limit) {
        throw new DOMException("The quota has been exceeded.", "QuotaExceededError");
      }
    }
    return real.call(this, key, value);
  };
})();"""


def test_a_full_storage_never_costs_a_game_and_asks_what_to_delete(
    site: tuple[Page, Guard],
) -> None:
    page, guard = site
    page.add_init_script(QUOTA_JS)
    page.goto(guard.origin + "/?fast=1")
    wait_ready(page)
    for i in range(15):
        put_save(
            page,
            f"old-{i:02}",
            a_save(tanbo_at(4 + i, seed=40 + i), f"old-{i:02}", time=1_700_000_000_000 + i),
        )
    used = page.evaluate(
        "() => Object.keys(localStorage).reduce((n, k) => n + k.length"
        " + localStorage.getItem(k).length, 0)"
    )
    page.evaluate("(n) => sessionStorage.setItem('test:limit', String(n))", used + 400)
    page.reload()
    wait_turn(page)  # the most recent of them is resumed; a new game is started beside them
    table_command(page, "New game")
    page.get_by_role("button", name="Go to the lobby").click()
    choose_game(page, "tanbo")
    page.get_by_role("button", name="Start").click()
    wait_turn(page)
    for i in range(4):
        decide(page, i)
        wait_turn(page)
    status = page.locator("#save-status")
    expect(status).to_have_attribute("data-state", "full")
    expect(status).to_contain_text("Not saved: this device's storage is full")
    expect(page.locator("#notice")).to_contain_text("storage is full")
    # Not one of the fifteen unfinished games was deleted to make room.
    kept = {s["id"] for s in saves(page) if isinstance(s, dict)}
    assert {f"old-{i:02}" for i in range(15)} <= kept
    screenshot(page, "storage-full")
    # The player chooses what goes: the largest first.
    page.get_by_role("button", name="Make room").click()
    dialog = page.get_by_role("dialog", name="This device's storage is full")
    expect(dialog).to_be_visible()
    assert_accessible(page, "the storage-full dialog")
    screenshot(page, "storage-full-dialog")
    step = int(board_state(page)["step"])
    for _ in range(3):
        if status.get_attribute("data-state") == "saved":
            break
        dialog.get_by_role("button", name=re.compile("^Delete")).first.click()
    expect(status).to_have_attribute("data-state", "saved")
    expect(dialog).to_be_hidden()
    assert tab_save(page)["step"] == step  # type: ignore[index]
    assert len([s for s in saves(page) if isinstance(s, dict)]) >= 13
    # A reload shows the game with every move played.
    page.reload()
    wait_turn(page)
    assert int(board_state(page)["step"]) == step


def test_damaged_saves_are_listed_as_damaged_and_can_be_deleted(
    site: tuple[Page, Guard],
) -> None:
    page, guard = site
    page.goto(guard.origin + "/?fast=1")
    wait_ready(page)
    good = a_save(tanbo_at(4), "good", time=1_700_000_000_400)
    put_save(page, "good", good)
    put_save(page, "garbage", "\u0000 this is not a saved game")
    put_save(page, "cut", json.dumps(a_save(tanbo_at(8), "cut", time=1_700_000_000_300))[:90])
    storm = bot_record("storm_in_a_teacup", 2, seed=3, upto=4)
    put_save(page, "label", {**a_save(storm, "label", time=1_700_000_000_200), "game": "tanbo"})
    refused = {**tanbo_at(4), "seats": [{"name": "Ann", "bot": None}, {"name": "B", "bot": "zz"}]}
    put_save(page, "refused", a_save(refused, "refused", time=1_700_000_000_100))
    # This tab's game is the cut one: a reload says so instead of resuming another game.
    page.evaluate("() => sessionStorage.setItem('pygames:tab-game', 'cut')")
    page.reload()
    wait_ready(page)
    alert = page.locator("#error-banner")
    expect(alert).to_contain_text("could not be resumed")
    expect(alert).to_contain_text("its text is damaged")
    expect(page.locator("#lobby")).to_be_visible()
    rows = page.locator("#saved-list .saved-item")
    expect(rows).to_have_count(5)
    expect(page.locator("#saved-list .saved-item.damaged")).to_have_count(3)
    expect(page.locator('[data-save="label"]')).to_contain_text(
        "labelled Tanbo but holds a record of another game"
    )
    # The one the engine refuses says why once opened, and is listed as damaged from then on.
    page.get_by_role("button", name="Dismiss error").click()
    page.locator('[data-save="refused"]').get_by_role("button", name="Resume").click()
    expect(alert).to_contain_text("no bot called")
    expect(page.locator('[data-save="refused"]')).to_have_class(re.compile("damaged"))
    expect(page.locator('[data-save="refused"]')).to_contain_text("no bot called")
    refused_row = page.locator('[data-save="refused"]')
    expect(refused_row.get_by_role("button", name="Resume")).to_have_count(0)
    screenshot(page, "damaged-saves")
    assert_accessible(page, "the lobby with damaged saves")
    # Each damaged one can be deleted (asked once more in its row); the good one stays.
    for save_id in ("garbage", "cut", "label", "refused"):
        row = page.locator(f'[data-save="{save_id}"]')
        row.get_by_role("button", name=re.compile("^Delete")).click()
        row.get_by_role("button", name="Delete", exact=True).click()
        expect(row).to_have_count(0)
    assert [s["id"] for s in saves(page)] == ["good"]


def test_a_save_that_breaks_at_move_n_reopens_at_move_n_minus_one(
    site: tuple[Page, Guard],
) -> None:
    page, guard = site
    page.goto(guard.origin + "/?fast=1")
    wait_ready(page)
    record = tanbo_at(12)
    # The person's last action is made unplayable: before it, the person is to act.
    broken = max(i for i, (seat, _) in enumerate(record["actions"]) if seat == 0)
    record["actions"][broken] = [record["actions"][broken][0], {"type": "bogus"}]
    put_save(page, "broken", a_save(record, "broken"))
    page.reload()
    wait_turn(page)
    assert int(board_state(page)["step"]) == broken
    notice = page.locator("#notice")
    expect(notice).to_contain_text(f"Action {broken + 1}")
    expect(notice).to_contain_text(f"It was opened after move {broken}")
    # It goes on from there: the next move is saved over the damaged tail.
    decide(page, 0)
    wait_turn(page)
    save = tab_save(page)
    assert save is not None and save["id"] == "broken"
    assert save["record"]["actions"][:broken] == record["actions"][:broken]


def test_saved_games_can_be_opened_renamed_downloaded_and_deleted(
    site: tuple[Page, Guard], tmp_path: Path
) -> None:
    page, guard = site
    page.goto(guard.origin + "/?fast=1")
    wait_ready(page)
    one = tanbo_at(4)
    put_save(page, "one", a_save(one, "one", time=1_700_000_000_200))
    put_save(
        page,
        "two",
        a_save(bot_record("storm_in_a_teacup", 3, seed=2, upto=5), "two", time=1_700_000_000_100),
    )
    page.reload()
    wait_turn(page)  # the most recent unfinished game is resumed
    table_command(page, "New game")
    page.get_by_role("button", name="Go to the lobby").click()
    row = page.locator('[data-save="one"]')
    expect(row).to_contain_text("Tanbo")
    expect(row).to_contain_text(f"move {len(one['actions'])}")
    # Rename: the name stays when the game is played on.
    row.get_by_role("button", name="Rename Tanbo").click()
    row.get_by_label("New name").fill("Friday with Bot")
    row.get_by_role("button", name="Save name").click()
    expect(row).to_contain_text("Friday with Bot")
    expect(page.locator("#resume")).to_have_text("Resume your Friday with Bot game")
    # Download: the record as a file the Load dialog opens.
    with page.expect_download() as download:
        row.get_by_role("button", name="Download Friday with Bot").click()
    path = tmp_path / "one.json"
    download.value.save_as(path)
    assert json.loads(path.read_text())["actions"] == one["actions"]
    screenshot(page, "saved-games")
    assert_accessible(page, "the lobby's saved games")
    # Delete asks once more; Keep keeps it.
    other = page.locator('[data-save="two"]')
    other.get_by_role("button", name=re.compile("^Delete")).click()
    expect(other).to_contain_text("Delete this unfinished game?")
    other.get_by_role("button", name="Keep it").click()
    expect(other.get_by_role("button", name="Resume")).to_be_visible()
    other.get_by_role("button", name=re.compile("^Delete")).click()
    other.get_by_role("button", name="Delete", exact=True).click()
    expect(other).to_have_count(0)
    # Open the renamed one and play on: its name is kept.
    row.get_by_role("button", name="Resume").click()
    wait_turn(page)
    decide(page, 0)
    wait_turn(page)
    save = tab_save(page)
    assert save is not None and save["id"] == "one" and save["name"] == "Friday with Bot"
    assert [s["id"] for s in saves(page)] == ["one"]


def test_finished_games_are_listed_apart_with_who_won(site: tuple[Page, Guard]) -> None:
    """The lobby's history: games to go on with first, then the finished ones, each saying
    who won (kept with the save when the game ended on this device)."""
    page, guard = site
    page.goto(guard.origin + "/?fast=1")
    wait_ready(page)
    whole = bot_record("tanbo", 2, seed=5)
    # The first game's last decisions for Player 1 (the bots made its last few moves).
    near_end = whole
    for back in range(4, 30, 4):
        near_end = bot_record("tanbo", 2, seed=5, upto=len(whole["actions"]) - back)
        if len(near_end["actions"]) < len(whole["actions"]):
            break
    assert len(near_end["actions"]) < len(whole["actions"])
    put_save(page, "near", a_save(near_end, "near", time=1_700_000_000_200))
    put_save(page, "open", a_save(tanbo_at(4, seed=6), "open", time=1_700_000_000_100))
    page.reload()
    # The most recent unfinished game is resumed: played to its end.
    for i in range(80):
        if wait_turn(page) == "over":
            break
        decide(page, i)
    assert wait_turn(page) == "over"
    # The end is saved a moment after it is drawn.
    page.wait_for_function(
        "() => JSON.parse(localStorage.getItem('pygames:game:near') || 'null')?.over === true"
    )
    save = tab_save(page)
    assert save is not None and save["id"] == "near" and save["over"]
    opened = json.loads(bridge.import_record(json.dumps(save["record"])))
    view = json.loads(bridge.view(opened["match"], 0))["view"]
    bridge.close(opened["match"])
    winners = view["outcome"]["winners"]
    assert save["winners"] == winners
    names = [save["record"]["seats"][w]["name"] for w in winners]

    table_command(page, "New game")  # nothing to lose: the game is over and saved
    expect(page.locator("body")).to_have_attribute("data-screen", "lobby")
    saved = page.locator("#saved-list")
    expect(saved.get_by_role("heading", name="To go on with (1)")).to_be_visible()
    expect(saved.get_by_role("heading", name="Finished games (1)")).to_be_visible()
    finished = saved.get_by_role("list", name="Finished games (1)")
    expect(finished.locator("[data-save]")).to_have_count(1)
    row = finished.locator('[data-save="near"]')
    expect(row).to_contain_text(f"won by {names[0]}" if names else "no winner")
    expect(row).to_contain_text(f"finished after {save['step']} moves")
    expect(
        saved.get_by_role("list", name="To go on with (1)").locator('[data-save="open"]')
    ).to_be_visible()
    # An older save of a finished game, which kept no winners, names no one.
    put_save(page, "old", {**a_save(whole, "old", time=1_600_000_000_000), "over": True})
    page.locator("#language").select_option("ja")
    expect(page.locator("html")).to_have_attribute("lang", "ja")
    expect(saved.get_by_role("heading", name="終了したゲーム（2）")).to_be_visible()  # noqa: RUF001
    old = saved.locator('[data-save="old"]')
    expect(old).to_contain_text(f"{len(whole['actions'])}手で終了")
    expect(old).not_to_contain_text("勝者")
    expect(saved.locator('[data-save="near"]')).to_contain_text("勝者：" if names else "勝者なし")  # noqa: RUF001
    screenshot(page, "saved-games-history-ja")
    assert_accessible(page, "the lobby's finished games")
