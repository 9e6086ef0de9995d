// What the devices of a match across devices say to each other, and the host's check of every
// message a guest sends. A guest's device is untrusted input, as a share link is: its message
// is read only within the bounds the engine sets (pygames/core/limits.py, through
// js/catalog.json), must be one of the few things a guest may say, for its own seat only,
// never twice, and about the table as it is now. Anything else is refused with a reason the
// guest's page can say in its reader's words, and changes nothing.
//
// A guest says:
//   {type: "hello", v, seat, key, salt}   take (or take back) its seat: the seat key of its
//                                          invitation, and its salt for the deal (seat -1: a
//                                          guest who only watches; its salt is not used)
//   {type: "act", n, step, action}         a decision at the table's step `step`; `n` counts
//                                          the guest's messages of this kind, from 1
// The host says:
//   {type: "welcome", v, seat, commitment} the seat is taken; the deal's commitment
//   {type: "table", step, view, log}       the seat's view of the table now, and the log
//   {type: "refused", reason, n?}          a message was refused (reason: a catalogue id)
//   {type: "reveal", secret, salts}        at the end: the deal's secret, for the check

import { jsonDepth } from "./bounds.js";
/** @import { Action, Limits } from "./types.js" */

/** The version of this protocol: a device speaking another one is told so. */
export const PROTOCOL = 1;
/** The seat of a guest who only watches: it is sent the public view, and cannot act. */
export const WATCHER = -1;
/** A seat key and a salt: 16 random bytes as 32 lowercase hexadecimal characters. */
const KEY = /^[0-9a-f]{32}$/;

/**
 * Why the host refused a guest's message: an id of the page's catalogue (web/i18n).
 * @typedef {"shell.peer.refused.malformed" | "shell.peer.refused.too_long" | "shell.peer.refused.version"
 *   | "shell.peer.refused.unknown" | "shell.peer.refused.not_your_seat" | "shell.peer.refused.wrong_key"
 *   | "shell.peer.refused.replayed" | "shell.peer.refused.stale" | "shell.peer.refused.not_seated"
 *   | "shell.peer.refused.watching"} Refusal
 */

/**
 * A guest's message once checked.
 * @typedef {{type: "hello", seat: number, key: string, salt: string}
 *   | {type: "act", n: number, step: number, action: Action}} GuestMessage
 */

/**
 * What the host knows of the guest's link when a message arrives: the seat the link holds
 * (null before a hello is accepted), the last `n` accepted from it, and the table's step now.
 * @typedef {{seat: number | null, lastN: number, step: number}} LinkState
 */

/** @param {Refusal} reason @returns {{ok: false, reason: Refusal}} */
const refuse = (reason) => ({ ok: false, reason });

/** @param {unknown} value @param {number} max */
const wholeUpTo = (value, max) => Number.isSafeInteger(value) && /** @type {number} */ (value) >= 0 && /** @type {number} */ (value) <= max;

/** @param {unknown} value @returns {value is Record<string, unknown>} */
export const isObject = (value) => typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * Check guest message `text` from a link in state `link`, against the engine's `limits`:
 * `{ok: true, message}` to act on, or `{ok: false, reason}` to send back as refused. Only
 * shape, seat, order and freshness are checked here; whether an action is legal is the
 * engine's to say.
 * @param {unknown} text @param {LinkState} link @param {Limits} limits
 * @returns {{ok: true, message: GuestMessage} | {ok: false, reason: Refusal}}
 */
export function readGuestMessage(text, link, limits) {
  if (typeof text !== "string") return refuse("shell.peer.refused.malformed");
  // A message is at most an action and a few numbers.
  if (text.length > limits.action_chars + 256) return refuse("shell.peer.refused.too_long");
  if (jsonDepth(text, limits.depth) > limits.depth) return refuse("shell.peer.refused.malformed");
  /** @type {unknown} */
  let data;
  try {
    data = JSON.parse(text);
  } catch {
    return refuse("shell.peer.refused.malformed");
  }
  if (!isObject(data)) return refuse("shell.peer.refused.malformed");
  if (data.type === "hello") {
    if (data.v !== PROTOCOL) return refuse("shell.peer.refused.version");
    const { seat, key, salt } = data;
    if ((seat !== WATCHER && !wholeUpTo(seat, limits.max_seat)) || typeof key !== "string" || !KEY.test(key) || typeof salt !== "string" || !KEY.test(salt)) {
      return refuse("shell.peer.refused.malformed");
    }
    if (link.seat !== null && link.seat !== seat) return refuse("shell.peer.refused.not_your_seat");
    return { ok: true, message: { type: "hello", seat: /** @type {number} */ (seat), key, salt } };
  }
  if (data.type === "act") {
    const { n, step, action } = data;
    if (!wholeUpTo(n, Number.MAX_SAFE_INTEGER) || !wholeUpTo(step, limits.max_step) || !isObject(action) || typeof action.type !== "string") {
      return refuse("shell.peer.refused.malformed");
    }
    if (link.seat === null) return refuse("shell.peer.refused.not_seated");
    if (link.seat === WATCHER) return refuse("shell.peer.refused.watching");
    if (/** @type {number} */ (n) <= link.lastN) return refuse("shell.peer.refused.replayed");
    if (step !== link.step) return refuse("shell.peer.refused.stale");
    const message = { type: /** @type {const} */ ("act"), n: /** @type {number} */ (n), step: /** @type {number} */ (step), action: /** @type {Action} */ (action) };
    return { ok: true, message };
  }
  return refuse("shell.peer.refused.unknown");
}

/**
 * Whether the seat key a guest offers is the one its invitation carried, compared in time
 * that does not depend on where they differ.
 * @param {string} offered @param {string} expected
 */
export function sameKey(offered, expected) {
  if (offered.length !== expected.length) return false;
  let diff = 0;
  for (let i = 0; i < offered.length; i++) diff |= offered.charCodeAt(i) ^ expected.charCodeAt(i);
  return diff === 0;
}

/**
 * A new seat key or salt: 16 random bytes in hex.
 * @param {Crypto} [source]
 */
export function randomKey(source = globalThis.crypto) {
  const bytes = source.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}
