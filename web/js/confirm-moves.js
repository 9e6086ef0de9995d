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

/** The move waiting for its confirmation: which, for which seat, at which step of the game;
 *  or an order of moves staged whole (Tanbo's sowing), sent one after another on Confirm. */
export class StagedMove {
  constructor() {
    /** @type {{action: Action, seat: number, step: number, order?: Action[]} | null} */
    this.move = null;
  }

  /**
   * The order staged so far by `seat` at `step` with `action` after it: a new order when
   * nothing, a single move, or another seat's or step's order was staged.
   * @param {Action} action @param {number} seat @param {number} step @returns {Action[]}
   */
  orderWith(action, seat, step) {
    const m = this.move;
    return m?.order && m.seat === seat && m.step === step ? [...m.order, action] : [action];
  }

  /** Stage `order` whole (it replaces whatever was staged).
   *  @param {Action[]} order @param {number} seat @param {number} step */
  stageOrder(order, seat, step) {
    this.move = { action: order[order.length - 1], seat, step, order: [...order] };
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
