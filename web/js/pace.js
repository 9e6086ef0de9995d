// How fast the bots play: a person's choice on the table, kept across visits. Each speed is
// the pause before a bot's action, so that a person can follow it; a bot that a person could
// still answer first (Humble Tea Party's Tea) waits INTERRUPT_FACTOR times as long. At
// "normal", a 4-player Humble Tea Party with three bots leaves about 3 s between a person's
// decisions (3 bots x 200 ms x 4, and their moves drawn), against 7.5 s at "slow".

import { keep, readKept } from "./kept.js";

/** @typedef {"slow" | "normal" | "fast" | "instant"} PaceName */

/** The pause before a bot acts, in ms, by speed. */
export const PACES = /** @type {const} */ ({ slow: 600, normal: 200, fast: 80, instant: 0 });

/** The speeds in the order they are offered. */
export const PACE_NAMES = /** @type {PaceName[]} */ (Object.keys(PACES));

/** A bot waits this many times longer when a person may act before it (Tea). */
export const INTERRUPT_FACTOR = 4;

const KEY = "pygames:pace";

/** @param {unknown} name @returns {name is PaceName} */
export const isPace = (name) => typeof name === "string" && Object.hasOwn(PACES, name);

/**
 * The speed chosen before on this device, else "normal". Storage may be missing or blocked
 * (private browsing), and what it holds may be anything: neither is an error.
 * @param {Pick<Storage, "getItem"> | null} storage @returns {PaceName}
 */
export function storedPace(storage) {
  const name = readKept(storage, KEY);
  return isPace(name) ? name : "normal";
}

/**
 * Keep `name` for the next visit; answers whether it was kept (storage full or blocked: the
 * speed still holds on this page).
 * @param {Pick<Storage, "setItem"> | null} storage @param {PaceName} name @returns {boolean}
 */
export function keepPace(storage, name) {
  return keep(storage, KEY, name);
}
