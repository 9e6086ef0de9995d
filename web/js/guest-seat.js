// A guest's seat at a table across devices, from the invitation link the host sent: its answer
// code to give back, the link to the host once the host pasted it, and what the host says
// after that (peer-guest.js reads it; peer-transport.js hands the tables to the match store).
// The invitation is in the address's fragment, which no server ever sees.
//
// An invitation through a signalling server (peer-meet.js) carries the server and the room
// instead of an offer: the page asks the host there for one, and after a drop (the host's
// reload, a network lost for a while) asks again until it is back at its seat.

import { $ } from "./dom.js";
import { t } from "./i18n.js";
import { PeerCodeError, join, whenLost } from "./peer-link.js";
import { guestId, iceServersOf, isRoomCode, meetHost, meetingProblem } from "./peer-meet.js";
import { SignalError, SignalSeat, socketAddress } from "./peer-signal.js";
import { PeerGuest } from "./peer-guest.js";
import { PeerTransport } from "./peer-transport.js";
import { loadEncoder, qrSvg } from "./qr.js";
/** @import { Limits, Message, SeatScreen } from "./types.js" */
/** @import { GuestEngine, GuestEvent, GuestMemory } from "./peer-guest.js" */

/**
 * An invitation: the host's offer (`code`), or (`meet`) the signalling server, STUN server and
 * room to ask the host for one; the seat (-1: to watch) and the seat's key.
 * @typedef {{code: string | null, seat: number, key: string, meet?: {server: string, stun: string, room: string}}} Invitation
 */
/** @import { PeerLink } from "./peer-link.js" */

/** Where a guest keeps its memory of a seat (by the seat's key), for a reload or a new link. */
const MEMORY_KEY = "pygames.guest.";

/** @param {unknown} value @param {RegExp} shape */
const fits = (value, shape) => typeof value === "string" && shape.test(value);

/**
 * The memory this device kept of the seat with key `key`, or null (none, or not one: a damaged
 * entry is as good as none). Only shape is checked here: the host and the check at the end
 * judge the rest.
 * @param {Pick<Storage, "getItem"> | null} storage @param {string} key
 * @returns {GuestMemory | null}
 */
export function keptMemory(storage, key) {
  let data;
  try {
    data = JSON.parse(storage?.getItem(MEMORY_KEY + key) ?? "null");
  } catch {
    return null;
  }
  if (!data || typeof data !== "object") return null;
  const { seat, salt, commitment, n, seen, changed } = data;
  const digests = seen && typeof seen === "object" && !Array.isArray(seen) ? Object.entries(seen) : null;
  const ok =
    Number.isSafeInteger(seat) && data.key === key && fits(salt, /^[0-9a-f]{32}$/) &&
    (commitment === null || fits(commitment, /^[0-9a-f]{64}$/)) && Number.isSafeInteger(n) && n >= 0 &&
    digests !== null && digests.every(([step, digest]) => /^\d{1,7}$/.test(step) && fits(digest, /^[0-9a-f]{64}$/)) &&
    Array.isArray(changed) && changed.every((step) => Number.isSafeInteger(step));
  return ok ? /** @type {GuestMemory} */ (data) : null;
}

/**
 * Keep `memory` on this device; a storage that is full or blocked keeps nothing (the game goes
 * on; only a reload would need it).
 * @param {Pick<Storage, "setItem"> | null} storage @param {GuestMemory} memory
 */
export function keepMemory(storage, memory) {
  try {
    storage?.setItem(MEMORY_KEY + memory.key, JSON.stringify(memory));
  } catch {
    // Nothing kept: see above.
  }
}

/**
 * The invitation in address fragment `hash` (`#join=<code>&seat=<n>&key=<hex>`, or
 * `#meet=<server>&room=<room>&seat=<n>&key=<hex>[&stun=<server>]`): null when there is none,
 * "damaged" when it is there but cannot be one.
 * @param {string} hash
 * @returns {Invitation | "damaged" | null}
 */
export function invitationOf(hash) {
  const params = new URLSearchParams(hash.replace(/^#/, ""));
  const code = params.get("join");
  const server = params.get("meet");
  if (code === null && server === null) return null;
  const seatText = params.get("seat") ?? "";
  const key = params.get("key") ?? "";
  // Seat -1: an invitation to watch.
  if (!/^(-1|[0-5])$/.test(seatText) || !/^[0-9a-f]{32}$/.test(key)) return "damaged";
  const seat = Number(seatText);
  if (code !== null) return code.startsWith("pg1o.") ? { code, seat, key } : "damaged";
  const room = params.get("room");
  const stun = params.get("stun") ?? "";
  if (meetingProblem(server ?? "", stun) || !isRoomCode(room)) return "damaged";
  return { code: null, seat, key, meet: { server: /** @type {string} */ (server), stun, room: /** @type {string} */ (room) } };
}

export class GuestSeat {
  /**
   * @param {{
   *   invitation: Invitation,
   *   engine: () => Promise<GuestEngine>,
   *   limits: Limits,
   *   onTable: (table: SeatScreen, transport: PeerTransport) => void,
   *   onMoved: () => void,
   *   onRefused: (message: Message) => void,
   *   onChecked: (problems: Message[]) => void,
   *   onLink: (linked: boolean) => void,
   *   storage: Storage | null,
   * }} options `storage`: where the seat's memory is kept (null: nowhere)
   */
  constructor(options) {
    this.options = options;
    /** @type {{id: string, args?: Record<string, unknown>}} what the join screen says */
    this.status = { id: "shell.peer.join.making" };
    /** @type {string | null} */
    this.commitment = null;
    /** @type {PeerTransport | null} */
    this.transport = null;
    /** Whether the first table was handed to the page. */
    this.seated = false;
    /** @type {RTCPeerConnection | null} */
    this.connection = null;
    /** @type {PeerGuest | null} */
    this.guest = null;
    /** @type {SignalSeat | null} this device at the signalling server, when invited through one */
    this.signal = null;
    /** Stops asking the host through the server when the seat is left. */
    this.leaving = new AbortController();
  }

  /** Answer the invitation, wait for the host to take the answer, and take the seat. */
  async open() {
    this.draw();
    const linked = this.options.invitation.meet ? await this.#meet() : await this.#exchange();
    if (!linked) return;
    const engine = await this.options.engine();
    const { seat, key } = this.options.invitation;
    const store = this.options.storage;
    const guest = new PeerGuest({
      seat,
      key,
      engine,
      limits: this.options.limits,
      notify: (event) => this.#heard(event),
      // Back at the same seat (a reload, or a new invitation after a drop): the same salt, the
      // count of decisions, and every view seen so far for the check at the end.
      memory: keptMemory(store, key),
      keep: (memory) => keepMemory(store, memory),
    });
    /** The guest's side of the link (its decisions' count, the digests it keeps). */
    this.guest = guest;
    this.transport = new PeerTransport(guest, () => this.options.onMoved());
    $("join-code").hidden = true;
    this.status = { id: seat === -1 ? "shell.peer.join.watching" : "shell.peer.join.linked" };
    this.draw();
    this.#hold(linked.link, linked.channel);
  }

  /**
   * The code exchange: answer the host's offer, show the answer, and wait for the host to take
   * it. Null when the invitation is no offer or the link failed (said on the join screen).
   * @returns {Promise<{link: PeerLink, channel: RTCDataChannel} | null>}
   */
  async #exchange() {
    let link;
    try {
      link = await join(/** @type {string} */ (this.options.invitation.code));
    } catch (error) {
      this.status = { id: error instanceof PeerCodeError ? error.reason : "shell.peer.join.bad_invitation" };
      this.draw();
      return null;
    }
    this.connection = link.connection;
    $("join-answer").value = link.code;
    $("join-code").hidden = false;
    void loadEncoder().then(
      (encode) => {
        $("join-qr").innerHTML = qrSvg(encode, link.code, t("shell.peer.join.qr"));
      },
      () => {}, // the code is still there to copy
    );
    this.status = { id: "shell.peer.join.give" };
    this.draw();
    try {
      return { link, channel: await link.channel };
    } catch {
      this.status = { id: "shell.peer.presence.lost" };
      this.draw();
      return null;
    }
  }

  /**
   * Through the signalling server: ask the host for an invitation and answer it, until the
   * link opens. Null when the server cannot be reached or the seat was left.
   * @returns {Promise<{link: PeerLink, channel: RTCDataChannel} | null>}
   */
  async #meet() {
    const meet = /** @type {NonNullable<Invitation["meet"]>} */ (this.options.invitation.meet);
    this.status = { id: "shell.peer.join.meeting" };
    this.draw();
    if (!this.signal) {
      const signal = new SignalSeat(socketAddress(meet.server), guestId(meet.room));
      try {
        await signal.open();
      } catch (error) {
        this.status = { id: error instanceof SignalError ? error.reason : "shell.peer.signal.unreachable" };
        this.draw();
        return null;
      }
      // The server went away: this device opens its place there again when it next asks.
      signal.onClosed = () => {
        if (this.signal === signal) this.signal = null;
      };
      this.signal = signal;
    }
    try {
      const link = await meetHost({ seat: this.signal, room: meet.room, iceServers: iceServersOf(meet.stun), signal: this.leaving.signal });
      this.connection = link.connection;
      return { link, channel: link.open };
    } catch {
      return null; // the seat was left
    }
  }

  /**
   * Hold the seat over `channel` (the first link, or a new one after a drop): the guest says
   * hello with its key, and when the link is lost the page says so (and, through a server,
   * reaches the host again by itself).
   * @param {PeerLink} link @param {RTCDataChannel} channel
   */
  #hold(link, channel) {
    const guest = /** @type {PeerGuest} */ (this.guest);
    // The host is gone when the channel closes, or when the connection fails without closing it.
    let gone = false;
    const lost = () => {
      if (gone || this.connection !== link.connection) return;
      gone = true;
      this.transport?.dropped();
      this.options.onLink(false);
      if (this.options.invitation.meet) void this.#relink();
    };
    channel.addEventListener("close", lost);
    whenLost(link.connection, lost);
    this.options.onLink(true);
    guest.join(channel);
  }

  /** Reach the host again through the server after a drop, until linked or the seat is left. */
  async #relink() {
    while (!this.leaving.signal.aborted) {
      const linked = await this.#meet();
      if (linked) {
        this.#hold(linked.link, linked.channel);
        return;
      }
      // The server itself could not be reached: try again in a while.
      await new Promise((resolve) => setTimeout(resolve, 5000));
    }
  }

  /** @param {GuestEvent} event */
  #heard(event) {
    const transport = /** @type {PeerTransport} */ (this.transport);
    if (event.type === "table" && !this.seated) {
      this.seated = true;
      transport.heard(event);
      this.options.onTable(/** @type {SeatScreen} */ (/** @type {unknown} */ (event.table)), transport);
      return;
    }
    const waiting = transport.pending !== null;
    transport.heard(event);
    if (event.type === "welcome") {
      this.commitment = event.commitment;
      this.draw();
    } else if (event.type === "refused" && !waiting) {
      this.options.onRefused(event.message ?? { id: event.reason ?? "shell.peer.refused.malformed", args: {} });
    } else if (event.type === "checked") {
      this.options.onChecked(event.problems);
    } else if (event.type === "fault") {
      console.warn("pygames: the host sent what this page cannot read:", event.what);
      this.options.onRefused({ id: "shell.peer.fault", args: {} });
    }
  }

  /** Draw the join screen in the reader's language. */
  draw() {
    $("join-qr").querySelector("svg")?.setAttribute("aria-label", t("shell.peer.join.qr"));
    $("join-status").textContent = t(this.status.id, this.status.args ?? {});
    $("join-deal").hidden = this.commitment === null;
    $("join-commitment").textContent = this.commitment ?? "";
  }

  /** Leave the table: the link closes, and this device leaves the signalling server. */
  close() {
    this.leaving.abort();
    this.connection?.close();
    this.signal?.close();
    this.signal = null;
  }
}
