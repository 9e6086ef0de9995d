// A guest's side of a match across devices: its seat at the host's table over one link, what
// the host sends it, and its check of the host at the end. It knows no DOM: the page draws the
// tables it is told of and forwards the decisions a person makes.
//
// The host is untrusted too: a message from it is read within bounds, and one that is not a
// message of the protocol is dropped and reported, never drawn. The guest keeps a digest of
// every view it is shown (computed by its own engine, as the check at the end computes them);
// when the host reveals the deal's secret, its own engine replays the record and checks the
// deal and every one of those views (pygames/verify.py).

import { jsonDepth } from "./bounds.js";
import { PROTOCOL, isObject, randomKey } from "./peer-protocol.js";
/** @import { Action, CheckReply, DigestReply, Limits, Message, Reply } from "./types.js" */

const HEX64 = /^[0-9a-f]{64}$/;

/**
 * The engine calls the check needs (the guest's own engine, web/js/engine.js).
 * @typedef {object} GuestEngine
 * @property {(viewText: string) => Promise<Reply<DigestReply>>} view_digest
 * @property {(checkText: string) => Promise<Reply<CheckReply>>} check_match
 */

/**
 * What the guest tells its page.
 * @typedef {{type: "welcome", seat: number, commitment: string}
 *   | {type: "table", step: number, table: Record<string, unknown>}
 *   | {type: "refused", reason?: string, message?: Message | null}
 *   | {type: "checked", problems: Message[]}
 *   | {type: "fault", what: string}} GuestEvent
 */

/**
 * What a guest keeps across a reload (with its invitation): its seat and key, its salt, the
 * commitment it was shown, the decisions it numbered, the digest of every view it saw (by
 * step) and the steps shown again with another view.
 * @typedef {{seat: number, key: string, salt: string, commitment: string | null, n: number, seen: Record<string, string>, changed: number[]}} GuestMemory
 */

export class PeerGuest {
  /**
   * `keep`: called whenever the memory changed, to keep it across a reload.
   * @param {{seat: number, key: string, engine: GuestEngine, limits: Limits, notify: (event: GuestEvent) => void, memory?: GuestMemory | null, keep?: (memory: GuestMemory) => void}} options
   */
  constructor({ seat, key, engine, limits, notify, memory = null, keep }) {
    this.engine = engine;
    this.limits = limits;
    this.notify = notify;
    this.keep = () => keep?.(this.memory);
    const kept = memory && memory.seat === seat && memory.key === key ? memory : null;
    /** @type {GuestMemory} */
    this.memory = kept ?? { seat, key, salt: randomKey(), commitment: null, n: 0, seen: {}, changed: [] };
    /** @type {{send: (text: string) => void} | null} */
    this.channel = null;
    /** The step of the last table shown (a decision is made on it). */
    this.step = -1;
    /** The digests of the views shown so far, computed in order: the check waits for them. */
    /** @type {Promise<void>} */
    this.digested = Promise.resolve();
  }

  /**
   * Take the seat over `channel` (a new link, or the same guest back after a drop).
   * @param {{send: (text: string) => void, addEventListener: (type: "message", listener: (event: {data?: unknown}) => void) => void}} channel
   */
  join(channel) {
    this.channel = channel;
    channel.addEventListener("message", (event) => {
      void this.#receive(event.data);
    });
    const { seat, key, salt } = this.memory;
    channel.send(JSON.stringify({ type: "hello", v: PROTOCOL, seat, key, salt }));
  }

  /**
   * Send a person's decision, made on the last table shown.
   * @param {Action} action
   */
  decide(action) {
    if (!this.channel) return false;
    this.memory.n += 1;
    this.keep();
    this.channel.send(JSON.stringify({ type: "act", n: this.memory.n, step: this.step, action }));
    return true;
  }

  /** @param {string} what */
  #fault(what) {
    this.notify({ type: "fault", what });
  }

  /** @param {unknown} text */
  async #receive(text) {
    if (typeof text !== "string" || text.length > this.limits.record_chars) return this.#fault("size");
    if (jsonDepth(text, this.limits.view_depth) > this.limits.view_depth) return this.#fault("depth");
    /** @type {unknown} */
    let data;
    try {
      data = JSON.parse(text);
    } catch {
      return this.#fault("json");
    }
    if (!isObject(data)) return this.#fault("shape");
    if (data.type === "welcome") return this.#welcome(data);
    if (data.type === "table") return this.#table(data);
    if (data.type === "refused") {
      const reason = typeof data.reason === "string" && data.reason.startsWith("shell.peer.refused.") ? data.reason : undefined;
      const message = isObject(data.message) && typeof data.message.id === "string" ? /** @type {Message} */ (/** @type {unknown} */ (data.message)) : null;
      return this.notify({ type: "refused", reason, message });
    }
    if (data.type === "reveal") return this.#reveal(data);
    return this.#fault("type");
  }

  /** @param {Record<string, unknown>} data */
  #welcome(data) {
    const { seat, commitment } = data;
    if (data.v !== PROTOCOL || seat !== this.memory.seat || typeof commitment !== "string" || !HEX64.test(commitment)) {
      return this.#fault("welcome");
    }
    // The commitment is fixed once shown: a host that shows another one after a drop is caught.
    if (this.memory.commitment !== null && this.memory.commitment !== commitment) return this.#fault("commitment");
    this.memory.commitment = commitment;
    this.keep();
    this.notify({ type: "welcome", seat, commitment });
  }

  /** @param {Record<string, unknown>} data */
  #table(data) {
    const { step, view } = data;
    if (!Number.isSafeInteger(step) || /** @type {number} */ (step) < 0 || /** @type {number} */ (step) > this.limits.max_step || !isObject(view)) {
      return this.#fault("table");
    }
    const at = /** @type {number} */ (step);
    this.step = at;
    const viewText = JSON.stringify(view);
    const digesting = this.engine.view_digest(viewText);
    this.digested = this.digested.then(() => digesting).then((reply) => {
      if (!reply.ok) return this.#fault("view");
      const before = this.memory.seen[String(at)];
      // The same step shown twice (a rejoin) must show the same view.
      if (before !== undefined && before !== reply.digest) this.memory.changed.push(at);
      else this.memory.seen[String(at)] = reply.digest;
      this.keep();
    });
    const table = { ...data };
    delete table.type;
    this.notify({ type: "table", step: at, table });
  }

  /** @param {Record<string, unknown>} data */
  async #reveal(data) {
    const { secret, salts, record } = data;
    if (typeof secret !== "string" || !isObject(salts) || !isObject(record)) return this.#fault("reveal");
    await this.digested;
    /** @type {Message[]} */
    const problems = [];
    // A step shown twice with two views: the host changed what the step showed.
    for (const step of this.memory.changed) problems.push({ id: "core.deal.view_mismatch", args: { step } });
    if (this.memory.commitment === null) problems.push({ id: "core.deal.secret_mismatch", args: {} });
    const check = {
      record,
      seat: this.memory.seat,
      salt: this.memory.salt,
      commitment: this.memory.commitment ?? "0".repeat(64),
      secret,
      salts,
      seen: this.memory.seen,
    };
    const reply = await this.engine.check_match(JSON.stringify(check));
    if (!reply.ok) {
      problems.push(reply.message ?? { id: "core.deal.does_not_replay", args: { detail: { id: "core.internal_error", args: {} } } });
    } else {
      problems.push(...reply.problems);
    }
    this.notify({ type: "checked", problems });
  }
}

