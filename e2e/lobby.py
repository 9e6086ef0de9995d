"""Driving the lobby from tests: choose a game and fill its seats."""

from __future__ import annotations

from playwright.sync_api import Page

from .conftest import wait_ready


def choose_game(page: Page, game_id: str) -> None:
    """Choose ``game_id``'s card in the lobby (by id: it works in every language)."""
    page.locator(f'#game-cards input[value="{game_id}"]').check()


def choose_seats(page: Page, game_id: str, bots: list[str], names: list[str] | None = None) -> None:
    """Pick ``game_id`` and one seat per entry of ``bots`` ("" for a human), named ``names``.

    Driven by the lobby's ids, not its words, so it works in every language.
    """
    wait_ready(page)
    choose_game(page, game_id)
    while page.locator("#seat-list .seat-row").count() > len(bots):
        page.locator("#seat-list .seat-remove").last.click()
    while page.locator("#seat-list .seat-row").count() < len(bots):
        page.locator("#seat-add").click()
    for i, bot in enumerate(bots):
        page.locator(f"#seat-{i}-who").select_option(bot)
        if names and i < len(names):
            page.locator(f"#seat-{i}-name").fill(names[i])


def wait_covers(page: Page) -> None:
    """Wait until every game card's picture is drawn (its game's renderer is loaded by then)."""
    page.wait_for_function(
        "() => document.querySelectorAll('#game-cards [data-cover]').length > 0"
        " && document.querySelectorAll('#game-cards [data-cover]:empty').length === 0"
    )


def fill_seed(page: Page, seed: int | str) -> None:
    """Type ``seed`` in the lobby's Seed field, opening the "Advanced" disclosure it sits in."""
    advanced = page.locator("#advanced")
    if advanced.get_attribute("open") is None:
        advanced.locator(":scope > summary").click()
    page.locator("#seed").fill(str(seed))


def table_command(page: Page, name: str) -> None:
    """Press a button of the table's "Game" menu (Save, Load, Share link, New game)."""
    menu = page.locator("#game-menu")
    if menu.get_attribute("open") is None:
        menu.locator("summary").click()
    menu.get_by_role("button", name=name, exact=True).click()
