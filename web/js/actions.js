// Actions as the shell handles them: JSON values from the engine's legal actions.

/** @import { Action } from "./types.js" */

/**
 * Two actions are the same when their JSON is, whatever the order of the keys.
 * @param {Action} a
 * @param {Action} b
 */
export function sameAction(a, b) {
  const canon = (/** @type {Action} */ x) => JSON.stringify(Object.keys(x).sort().map((k) => [k, x[k]]));
  return canon(a) === canon(b);
}
