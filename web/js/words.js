// Words the shell writes about seats: the names chosen in the lobby, and what a seat is.
// A name a person typed is never translated; the default name of a seat ("Player 2", as the
// engine and the records store it) is shown in the reader's language ("プレイヤー2"). Wherever
// a name is shown it is isolated (web/js/bidi.js), so it cannot reorder the words around it.

import { isolate } from "./bidi.js";
import { BLANK } from "./catalog.js";
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

/** A seat's name as text to show (a log line, a title, a label): shownName, isolated.
 *  @param {string | null | undefined} name @param {number} seat */
export const displayName = (name, seat) => isolate(shownName(name, seat));

/** @type {RegExp | null} */
let visibleChar = null;

/** Whether `text` holds a character that shows: one that is not of the engine's blank
 *  characters (pygames/core/limits.py, through the catalogue: zero-width characters, bidi
 *  controls, spaces, fillers). Before the catalogue is read, anything but white space shows.
 *  @param {string} text */
export function showsSomething(text) {
  if (!BLANK.categories.length) return /\S/u.test(text);
  visibleChar ??= new RegExp(
    `[^${BLANK.categories.map((c) => `\\p{${c}}`).join("")}${[...BLANK.chars].map((c) => `\\u{${c.codePointAt(0)?.toString(16)}}`).join("")}]`,
    "u",
  );
  return visibleChar.test(text);
}

/** Whether the lobby should say that a typed name will not show (it is not empty, yet nothing
 *  in it shows), so the seat gets its default name.
 *  @param {string | null | undefined} name */
export const showsNothing = (name) => !!name && !!name.trim() && !showsSomething(name);

/** How a record stores a name typed in the lobby: empty, the default name in the reader's
 *  language, or a name of which nothing shows (as the engine reads it: pygames/core/limits.py
 *  seat_name) is the seat's default name; anything else is kept as typed.
 *  @param {string | null | undefined} name @param {number} seat */
export function storedName(name, seat) {
  const typed = (name ?? "").trim();
  return !typed || typed === t("core.seat", { n: seat + 1 }) || !showsSomething(typed) ? defaultName(seat) : typed;
}

/** The seats as the screen names them (see displayName: isolated), a bot's level in the
 *  reader's words beside its id (renderers show `level`); everything else unchanged.
 *  @template {{name: string, bot?: string | null}} S @param {S[] | null | undefined} seats @returns {(S & {level?: string})[]} */
export function shownSeats(seats) {
  return (seats ?? []).map((s, i) => ({ ...s, name: displayName(s.name, i), ...(s.bot ? { level: levelName(s.bot) } : {}) }));
}

/** A bot's level in the reader's words ("Normal"); an unknown name as it is.
 *  @param {string} bot */
function levelName(bot) {
  const id = `shell.level.${bot}`;
  const said = t(id);
  return said === id ? bot : said;
}

/**
 * "Ann", or "Kenji (bot · Normal)" for a bot seat; the name isolated (see displayName).
 * @param {SeatInfo[] | null | undefined} seats
 * @param {number} seat
 */
export function seatLabel(seats, seat) {
  const s = seats?.[seat];
  if (!s) return t("shell.seat.number", { n: seat + 1 });
  const name = displayName(s.name, seat);
  return s.bot ? t("shell.seat.bot", { name, level: levelName(s.bot) }) : name;
}

/** A bot's entry in a seat's menu: "Bot: Normal".
 *  @param {string} bot */
export function botLabel(bot) {
  const id = `shell.bot.${bot}`;
  const said = t(id);
  return said === id ? t("shell.bot.other", { name: bot }) : said;
}
