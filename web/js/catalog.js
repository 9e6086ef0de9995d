// The games the lobby offers, known before Python has loaded. The engine's own catalogue
// (bridge.games()) is the authority once it is up; app.js checks that the two agree.

/** @import { CatalogGame } from "./types.js" */

/** @type {CatalogGame[]} */
export const GAMES = [
  {
    id: "tanbo",
    title: "Tanbo",
    blurb:
      "Two farmers sow and harvest around their rice paddies. First to 25 points, a 20-point lead, or 20 points in one turn wins.",
    min_players: 2,
    max_players: 2,
    bots: ["random", "easy", "normal", "strong"],
    options: { first_player: 0 },
    hiddenInformation: false,
    setupEditor: "tanbo",
  },
  {
    id: "humble_tea_party",
    title: "Humble Tea Party",
    blurb:
      "Recommend Japanese sweets to your guests' Oribako boxes — and keep your own favourite season secret. Lowest score wins: be the most humble.",
    min_players: 3,
    max_players: 6,
    default_players: 4,
    bots: ["random", "easy", "normal", "strong"],
    options: { start_player: 0, team_battle: false, teams: null, no_chatting: false },
    firstPlayerOption: "start_player",
    firstPlayerLabel: "Start player",
    hiddenInformation: true,
    setupEditor: "htp",
  },
  {
    id: "storm_in_a_teacup",
    title: "Storm in a Teacup",
    blurb:
      "Serve runs of Tea, Milk and Lemon cards from a hand you may not reorder; match the host's blend at the tea party to discard. Hold one card or none to win.",
    min_players: 2,
    max_players: 6,
    default_players: 4,
    bots: ["random", "easy", "normal", "strong"],
    options: { host: null, memory_aid: true },
    firstPlayerOption: "host",
    firstPlayerLabel: "Starting host",
    // Ruling S3: the starting host is random unless the lobby names one (engine option null).
    firstPlayerRandom: true,
    hiddenInformation: true,
    setupEditor: "storm",
  },
];

/** @type {Record<string, string>} */
export const BOT_LABELS = {
  easy: "Bot: Easy",
  normal: "Bot: Normal",
  strong: "Bot: Strong",
  random: "Bot: random moves",
};

/** The bot levels a person picks from; "random" (for tests and the lab) and old names such as
 *  "greedy" (now "normal") appear only on a seat that already has them, from a save or link. */
export const BOT_LEVELS = ["easy", "normal", "strong"];
export const DEFAULT_BOT = "normal";

/**
 * @param {string} id
 * @returns {CatalogGame | null}
 */
export function gameById(id) {
  return GAMES.find((g) => g.id === id) ?? null;
}
