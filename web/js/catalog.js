// The games the lobby offers, known before Python has loaded. Python is the only source: the
// build writes js/catalog.json from every game's Game.describe() and the engine's bots
// (scripts/build_site.py; tests/test_build.py fails when it differs from bridge.games()). Words are
// message ids (tanbo.title, shell.lobby.first.label), rendered in the reader's language.

/** @import { CatalogGame, Catalogue } from "./types.js" */

/** @type {CatalogGame[]} */
export const GAMES = [];

/** Bot levels a person picks from and their labels' ids; "random" (for tests and the lab) and
 *  old names such as "greedy" (now "normal") appear only on a seat that already has them. */
export const BOT_LEVELS = /** @type {string[]} */ ([]);
export let DEFAULT_BOT = "normal";

/** The bounds on what the page hands the engine (pygames/core/limits.py; web/js/bounds.js). */
export const LIMITS = /** @type {import("./types.js").Limits} */ ({});

/** The characters of which a name must not be made alone (pygames/core/limits.py: the lobby
 *  says so before Start, and the engine names such a seat by default). */
export const BLANK = /** @type {import("./types.js").Blank} */ ({ categories: [], chars: "" });

/** The label's message id of a bot: shell.bot.<name> (unknown names: shell.bot.other).
 *  @param {string} name */
export const botLabelId = (name) => `shell.bot.${name}`;

/**
 * Use `catalogue` (the content of js/catalog.json) as the lobby's games.
 * @param {Catalogue} catalogue
 */
export function useGames(catalogue) {
  GAMES.splice(0, GAMES.length, ...catalogue.games);
  BOT_LEVELS.splice(0, BOT_LEVELS.length, ...catalogue.levels);
  DEFAULT_BOT = catalogue.default_bot;
  Object.assign(LIMITS, catalogue.limits);
  if (catalogue.blank) Object.assign(BLANK, catalogue.blank);
}

/**
 * Fetch js/catalog.json (beside this module) and use it.
 * @param {URL} [url]
 */
export async function loadGames(url = new URL("./catalog.json", import.meta.url)) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`Could not load the games (HTTP ${response.status})`);
  useGames(await response.json());
}

/**
 * @param {string} id
 * @returns {CatalogGame | null}
 */
export function gameById(id) {
  return GAMES.find((g) => g.id === id) ?? null;
}
