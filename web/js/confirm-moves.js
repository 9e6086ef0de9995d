// "Confirm moves": a person's move is staged in the page first and reaches the engine only when
// confirmed (a second press on the same control, or the Confirm button), so a mis-tap on a
// phone costs nothing. On by default on a touch screen, a setting kept across visits. Staging
// is the page's alone: nothing is sent before the confirmation, and a new step of the game
// (a bot's move, an undo, a reload) forgets what was staged.

import { sameAction } from "./actions.js";
import { keep, readKept } from "./kept.js";

/** @import { Action } from "./types.js" */

const KEY = "pygames:confirm";

/**
 * Whether moves are confirmed on this device: the person's choice kept before, else whether
 * the screen is a touch screen. Storage may be missing or blocked, and hold anything.
 * @param {Pick<Storage, "getItem"> | null} storage @param {boolean} touch @returns {boolean}
 */
export function storedConfirm(storage, touch) {
  const kept = readKept(storage, KEY);
  return kept === "on" ? true : kept === "off" ? false : touch;
}

/**
 * Keep the choice for the next visit; answers whether it was kept (the choice still holds on
 * this page when storage is full or blocked).
 * @param {Pick<Storage, "setItem"> | null} storage @param {boolean} on @returns {boolean}
 */
export function keepConfirm(storage, on) {
  return keep(storage, KEY, on ? "on" : "off");
}

/** The move waiting for its confirmation: which, for which seat, at which step of the game. */
export class StagedMove {
  constructor() {
    /** @type {{action: Action, seat: number, step: number} | null} */
    this.move = null;
  }

  /**
   * A press of `action` by `seat` at `step`: "send" when it confirms the move staged (the
   * same move, seat and step), else "staged" (it replaces whatever was staged).
   * @param {Action} action @param {number} seat @param {number} step @returns {"send" | "staged"}
   */
  press(action, seat, step) {
    const m = this.move;
    if (m && m.seat === seat && m.step === step && sameAction(m.action, action)) {
      this.move = null;
      return "send";
    }
    this.move = { action, seat, step };
    return "staged";
  }

  /** The staged move, if it still belongs to `step` (else it is forgotten). @param {number} step */
  at(step) {
    if (this.move && this.move.step !== step) this.move = null;
    return this.move;
  }

  /** Take the staged move to send it (the Confirm button), forgetting it. */
  take() {
    const m = this.move;
    this.move = null;
    return m;
  }

  clear() {
    this.move = null;
  }
}
