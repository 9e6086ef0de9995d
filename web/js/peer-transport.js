// A guest's transport: the match store's calls (web/js/match.js) carried to the host's device,
// so a guest's table is drawn by the same store and screens as a match played here. The host
// runs the only engine: a view is the last table the host sent, a decision goes over the link
// (web/js/peer-guest.js) and is answered by the table the host sends back, or its refusal.
// What only the host's engine could answer (a bot's move, a hint, undo, the record) is refused
// here in words: a guest's page never holds more than its own seat's table.

/** @import { Action, ActReply, Message, Reply, SeatScreen } from "./types.js" */
/** @import { GuestEvent, PeerGuest } from "./peer-guest.js" */

/**
 * A refusal of what the host's device alone can answer.
 * @param {string} id a message id of the page's catalogue
 * @returns {{ok: false, error: string, error_type: string, message: Message}}
 */
const elsewhere = (id = "shell.peer.at_host") => ({ ok: false, error: id, error_type: "Elsewhere", message: { id, args: {} } });

export class PeerTransport {
  /**
   * @param {Pick<PeerGuest, "decide">} guest the guest's side of the link
   * @param {() => void} moved called when the host's table moved on with no decision of this
   *   device on its way (the store then shows it: Match.moved)
   */
  constructor(guest, moved) {
    this.guest = guest;
    this.moved = moved;
    /** @type {SeatScreen | null} the last table the host sent */
    this.latest = null;
    /** @type {{step: number, resolve: (reply: Reply<ActReply>) => void} | null} a decision sent, awaiting its table */
    this.pending = null;
  }

  /**
   * What the guest heard from its host (PeerGuest's notify): a table shown, or a decision
   * refused.
   * @param {GuestEvent} event
   */
  heard(event) {
    if (event.type === "table") {
      const table = /** @type {SeatScreen & {step: number}} */ (/** @type {unknown} */ (event.table));
      this.latest = table;
      const pending = this.pending;
      if (pending && event.step > pending.step) {
        this.pending = null;
        pending.resolve({ ok: true, ...table, action: null, log: [], tail: { from: event.step, actions: [] } });
      } else if (!pending) {
        this.moved();
      }
    } else if (event.type === "refused" && this.pending) {
      const pending = this.pending;
      this.pending = null;
      const message = event.message ?? { id: event.reason ?? "shell.peer.refused.malformed", args: {} };
      pending.resolve({ ok: false, error: message.id, error_type: event.message ? "IllegalAction" : "Refused", message });
    }
  }

  /** The link to the host dropped: a decision on its way is not known to have landed. */
  dropped() {
    const pending = this.pending;
    this.pending = null;
    pending?.resolve(elsewhere("shell.peer.lost"));
  }

  /** @param {string} _match @param {number} seat */
  async view(_match, seat) {
    const table = this.latest;
    if (!table || table.seat !== seat) return elsewhere("shell.peer.not_yours");
    return { ok: /** @type {const} */ (true), ...table };
  }

  /**
   * @param {string} _match @param {number} seat @param {string} actionText @param {number} step
   * @returns {Promise<Reply<ActReply>>}
   */
  act(_match, seat, actionText, step) {
    if (!this.latest || seat !== this.latest.seat) return Promise.resolve(elsewhere("shell.peer.not_yours"));
    if (this.pending) return Promise.resolve(elsewhere("shell.peer.refused.stale"));
    /** @type {Action} */
    const action = JSON.parse(actionText);
    if (!this.guest.decide(action)) return Promise.resolve(elsewhere("shell.peer.lost"));
    return new Promise((resolve) => {
      this.pending = { step, resolve };
    });
  }

  async bot_act() {
    return elsewhere();
  }

  async bot_choose() {
    return elsewhere();
  }

  async hint() {
    return elsewhere();
  }

  async undo() {
    return elsewhere();
  }

  async export_record() {
    return elsewhere();
  }

  async close() {
    return { ok: /** @type {const} */ (true) };
  }
}
