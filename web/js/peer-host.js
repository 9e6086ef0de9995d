// The host's side of a match across devices: the invited seats, the link each guest holds, and
// every message between them. It knows no DOM and no engine: the page gives it the table of a
// seat when asked (`tableFor`) and takes the decisions it forwards (`decide`), so the match
// store stays the one place a match is played, whichever device a seat sits at.
//
// Each guest receives its own seat's table and nothing else; everything a guest sends is read
// by peer-protocol.js's `readGuestMessage` first, and a refusal changes nothing. A seat keeps
// its place across links: a guest that drops and comes back with its invitation's key gets its
// seat and the table as it is now, and the count of its decisions goes on (a decision sent
// before the drop cannot be replayed after it).

import { PROTOCOL, WATCHER, randomKey, readGuestMessage, sameKey } from "./peer-protocol.js";
/** @import { Action, Limits, Message } from "./types.js" */
/** @import { GuestMessage, LinkState, Refusal } from "./peer-protocol.js" */

/**
 * What the host needs of a link: a data channel (peer-link.js), or a fake one in tests.
 * @typedef {object} Channel
 * @property {(text: string) => void} send
 * @property {(type: "message" | "close", listener: (event: {data?: unknown}) => void) => void} addEventListener
 * @property {() => void} [close]
 */

/**
 * A seat's table to send: its step and whatever the guest's page draws (the seat's view,
 * legal actions, log). The page makes it; this module only carries it.
 * @typedef {{step: number} & Record<string, unknown>} SeatTable
 */

/**
 * What the engine said of a forwarded decision.
 * @typedef {{ok: true} | {ok: false, message?: Message, error?: string}} Decided
 */

/**
 * How the host is set up.
 * @typedef {object} PeerHostOptions
 * @property {string} commitment the deal's commitment, shown to every guest
 * @property {Map<number, string>} keys each invited seat's key (from its invitation)
 * @property {Map<number, string>} [salts] each seat's salt already taken (a host reopening its
 *   match: the deal was made with them, and a guest coming back must bring the same)
 * @property {Limits} limits the engine's bounds (js/catalog.json)
 * @property {() => number} step the table's step now
 * @property {(seat: number) => SeatTable | null | Promise<SeatTable | null>} tableFor the table
 *   seat `seat` may see now (null: there is none yet, before the match is dealt)
 * @property {(seat: number, action: Action, step: number) => Promise<Decided>} decide forward a decision to the match
 * @property {(entry: {seat: number | null, refused: Refusal | string}) => void} [log] the host's own record of refusals
 * @property {(seat: number) => void} [joined] a guest took (or took back) its seat
 * @property {(seat: number) => void} [left] a guest's link closed (it is away until it returns)
 */

/** A link as the host knows it: the seat it holds once its hello was accepted.
 *  @typedef {{seat: number | null, holder: Seat | null}} Link */

/** One invited seat as the host keeps it. */
class Seat {
  /** @param {number} seat @param {string} key */
  constructor(seat, key) {
    this.seat = seat;
    this.key = key;
    /** @type {Channel | null} the link the seat holds now */
    this.channel = null;
    /** @type {string | null} the salt the guest sent first (the deal is made with it) */
    this.salt = null;
    /** The last decision number accepted from this seat, over every link it held. */
    this.lastN = 0;
    /** Whether a decision of this seat is with the engine now. */
    this.deciding = false;
  }
}

export class PeerHost {
  /** @param {PeerHostOptions} options */
  constructor(options) {
    this.options = options;
    /** @type {Map<number, Seat>} */
    this.seats = new Map([...options.keys].map(([seat, key]) => [seat, new Seat(seat, key)]));
    for (const [seat, salt] of options.salts ?? []) {
      const kept = this.seats.get(seat);
      if (kept) kept.salt = salt;
    }
    /** @type {Map<Channel, Link>} each link attached, and the seat it holds */
    this.links = new Map();
    /** @type {Seat[]} the guests who only watch (seat -1), each with its own key */
    this.watchers = [];
  }

  /**
   * A new link from a guest: it holds no seat until its hello is accepted.
   * @param {Channel} channel
   */
  attach(channel) {
    /** @type {Link} The seat this link holds: none until its hello is accepted. */
    const link = { seat: null, holder: null };
    channel.addEventListener("message", (event) => {
      void this.#receive(channel, link, event.data);
    });
    this.links.set(channel, link);
    channel.addEventListener("close", () => this.lost(channel));
  }

  /**
   * The link `channel` is gone: closed, or its connection failed (a device that vanished, a
   * page closed, says nothing: its connection fails after some seconds, and its channel may
   * never close). Its seat is away until the guest comes back.
   * @param {Channel} channel
   */
  lost(channel) {
    const seat = this.links.get(channel)?.holder;
    this.links.delete(channel);
    if (seat && seat.channel === channel) {
      seat.channel = null;
      this.options.left?.(seat.seat);
    }
  }

  /** A new invitation to watch: its key (a guest who watches is sent the public view). */
  addWatcher() {
    const seat = new Seat(WATCHER, randomKey());
    this.watchers.push(seat);
    return seat.key;
  }

  /**
   * @param {Channel} channel @param {Link} link @param {unknown} text
   */
  async #receive(channel, link, text) {
    const held = link.holder;
    // A link whose seat was taken over by a newer link (the guest reloaded) says nothing more.
    if (held && held.channel !== channel) return;
    /** @type {LinkState} */
    const state = { seat: link.seat, lastN: held ? held.lastN : 0, step: this.options.step() };
    const read = readGuestMessage(text, state, this.options.limits);
    if (!read.ok) {
      this.#refuse(channel, link.seat, read.reason, undefined);
      return;
    }
    if (read.message.type === "hello") await this.#hello(channel, link, read.message);
    else await this.#act(channel, /** @type {Seat} */ (held), read.message);
  }

  /**
   * @param {Channel} channel @param {Link} link
   * @param {Extract<GuestMessage, {type: "hello"}>} hello
   */
  async #hello(channel, link, hello) {
    const seat = hello.seat === WATCHER ? this.watchers.find((w) => sameKey(hello.key, w.key)) : this.seats.get(hello.seat);
    if (!seat || !sameKey(hello.key, seat.key)) {
      this.#refuse(channel, link.seat, "shell.peer.refused.wrong_key", undefined);
      return;
    }
    // The deal is made with the salt a seat sent first; a rejoin cannot change it. A watcher's
    // is not part of the deal (it may come after it).
    if (seat.seat !== WATCHER) seat.salt ??= hello.salt;
    if (seat.channel && seat.channel !== channel) seat.channel.close?.();
    seat.channel = channel;
    link.seat = seat.seat;
    link.holder = seat;
    this.#send(channel, { type: "welcome", v: PROTOCOL, seat: seat.seat, commitment: this.options.commitment });
    this.options.joined?.(seat.seat);
    await this.#sendTable(seat);
  }

  /**
   * @param {Channel} channel @param {Seat} seat
   * @param {Extract<GuestMessage, {type: "act"}>} act
   */
  async #act(channel, seat, act) {
    if (seat.deciding) {
      // One decision at a time: the one before it is still with the engine.
      this.#refuse(channel, seat.seat, "shell.peer.refused.stale", act.n);
      return;
    }
    seat.lastN = act.n;
    seat.deciding = true;
    try {
      const decided = await this.options.decide(seat.seat, act.action, act.step);
      if (!decided.ok) {
        this.options.log?.({ seat: seat.seat, refused: decided.message?.id ?? decided.error ?? "refused" });
        this.#send(channel, { type: "refused", n: act.n, message: decided.message ?? null });
        // The guest's table may be out of date: it gets the table as it is.
        await this.#sendTable(seat);
      }
    } finally {
      seat.deciding = false;
    }
  }

  /**
   * @param {Channel} channel @param {number | null} seat @param {Refusal} reason @param {number | undefined} n
   */
  #refuse(channel, seat, reason, n) {
    this.options.log?.({ seat, refused: reason });
    this.#send(channel, { type: "refused", reason, ...(n === undefined ? {} : { n }) });
  }

  /** @param {Channel} channel @param {Record<string, unknown>} message */
  #send(channel, message) {
    try {
      channel.send(JSON.stringify(message));
    } catch {
      // A link that closed as it was written to: the seat is away, and gets the table on its
      // return.
    }
  }

  /** Send seat `seat`'s guest its table as it is now, if there is one and the guest is linked.
   *  @param {Seat} seat */
  async #sendTable(seat) {
    if (!seat.channel) return;
    const table = await this.options.tableFor(seat.seat);
    if (table && seat.channel) this.#send(seat.channel, { type: "table", ...table });
  }

  /** Send every seated guest its own table as it is now (after any move). */
  async publish() {
    await Promise.all([...this.seats.values(), ...this.watchers].map((seat) => this.#sendTable(seat)));
  }

  /**
   * At the end: the deal's secret and every salt, so each guest can check the match.
   * @param {string} secret @param {Record<string, unknown>} record the match record
   */
  reveal(secret, record) {
    const salts = this.salts();
    for (const seat of [...this.seats.values(), ...this.watchers]) {
      if (seat.channel) this.#send(seat.channel, { type: "reveal", secret, salts, record });
    }
  }

  /** The salts the guests sent, by seat (the deal is made from them and the secret). */
  salts() {
    /** @type {Record<string, string>} */
    const salts = {};
    for (const seat of this.seats.values()) if (seat.salt) salts[String(seat.seat)] = seat.salt;
    return salts;
  }

  /** Who is at the table: each invited seat, and whether its guest is linked now. */
  presence() {
    return [...this.seats.values()].map((seat) => ({ seat: seat.seat, joined: seat.salt !== null, connected: seat.channel !== null }));
  }

  /** How many guests are watching now (linked). */
  watching() {
    return this.watchers.filter((w) => w.channel !== null).length;
  }
}
