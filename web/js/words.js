// Words the shell writes about seats: the names chosen in the lobby, and what a seat is.

/** @import { SeatInfo } from "./types.js" */

/**
 * The engine's log names seats "Player N"; people read the names chosen in the lobby.
 * @param {string} line
 * @param {{name: string}[]} [seats]
 */
export function withNames(line, seats = []) {
  return line.replace(/\bPlayer ([1-6])\b/g, (/** @type {string} */ words, /** @type {string} */ n) => seats[Number(n) - 1]?.name || words);
}

/**
 * "Ann", or "Kenji (bot · greedy)" for a bot seat.
 * @param {SeatInfo[] | null | undefined} seats
 * @param {number} seat
 */
export function seatLabel(seats, seat) {
  const s = seats?.[seat];
  if (!s) return `Seat ${seat + 1}`;
  return s.bot ? `${s.name} (bot · ${s.bot})` : s.name;
}

/**
 * "1 step", "2 steps", "no steps".
 * @type {(n: number, one: string, many?: string) => string}
 */
export const count = (n, one, many = `${one}s`) => (n === 0 ? `no ${many}` : `${n} ${n === 1 ? one : many}`);
