// Words the shell writes about seats: the names chosen in the lobby, and what a seat is.
// A name a person typed is never translated; the default name of a seat ("Player 2", as the
// engine and the records store it) is shown in the reader's language ("プレイヤー2").

import { t } from "./i18n.js";
/** @import { SeatInfo } from "./types.js" */

/** The name a seat has when nobody typed one, as records store it (the same in every language).
 *  @param {number} seat */
export const defaultName = (seat) => `Player ${seat + 1}`;

/** How the screen shows a seat's name: a default name in the reader's language.
 *  @param {string | null | undefined} name @param {number} seat */
export function shownName(name, seat) {
  return !name || name === defaultName(seat) ? t("core.seat", { n: seat + 1 }) : name;
}

/** How a record stores a name typed in the lobby: empty, or the default name in the reader's
 *  language, is the seat's default name; anything else is kept as typed.
 *  @param {string | null | undefined} name @param {number} seat */
export function storedName(name, seat) {
  const typed = (name ?? "").trim();
  return !typed || typed === t("core.seat", { n: seat + 1 }) ? defaultName(seat) : typed;
}

/** The seats as the screen names them (see shownName), a bot's level in the reader's words
 *  beside its id (renderers show `level`); everything else unchanged.
 *  @template {{name: string, bot?: string | null}} S @param {S[] | null | undefined} seats @returns {(S & {level?: string})[]} */
export function shownSeats(seats) {
  return (seats ?? []).map((s, i) => ({ ...s, name: shownName(s.name, i), ...(s.bot ? { level: levelName(s.bot) } : {}) }));
}

/** A bot's level in the reader's words ("Normal"); an unknown name as it is.
 *  @param {string} bot */
function levelName(bot) {
  const id = `shell.level.${bot}`;
  const said = t(id);
  return said === id ? bot : said;
}

/**
 * "Ann", or "Kenji (bot · Normal)" for a bot seat.
 * @param {SeatInfo[] | null | undefined} seats
 * @param {number} seat
 */
export function seatLabel(seats, seat) {
  const s = seats?.[seat];
  if (!s) return t("shell.seat.number", { n: seat + 1 });
  const name = shownName(s.name, seat);
  return s.bot ? t("shell.seat.bot", { name, level: levelName(s.bot) }) : name;
}

/** A bot's entry in a seat's menu: "Bot: Normal".
 *  @param {string} bot */
export function botLabel(bot) {
  const id = `shell.bot.${bot}`;
  const said = t(id);
  return said === id ? t("shell.bot.other", { name: bot }) : said;
}
