// A guest's seat at a table across devices, from the invitation link the host sent: its answer
// code to give back, the link to the host once the host pasted it, and what the host says
// after that (peer-guest.js reads it; peer-transport.js hands the tables to the match store).
// The invitation is in the address's fragment, which no server ever sees.

import { $ } from "./dom.js";
import { t } from "./i18n.js";
import { PeerCodeError, join, whenLost } from "./peer-link.js";
import { PeerGuest } from "./peer-guest.js";
import { PeerTransport } from "./peer-transport.js";
import { loadEncoder, qrSvg } from "./qr.js";
/** @import { Limits, Message, SeatScreen } from "./types.js" */
/** @import { GuestEngine, GuestEvent, GuestMemory } from "./peer-guest.js" */

/** @typedef {{code: string, seat: number, key: string}} Invitation */

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
 * The invitation in address fragment `hash` (`#join=<code>&seat=<n>&key=<hex>`): null when
 * there is none, "damaged" when it is there but cannot be one.
 * @param {string} hash
 * @returns {Invitation | "damaged" | null}
 */
export function invitationOf(hash) {
  const params = new URLSearchParams(hash.replace(/^#/, ""));
  const code = params.get("join");
  if (code === null) return null;
  const seatText = params.get("seat") ?? "";
  const key = params.get("key") ?? "";
  // Seat -1: an invitation to watch.
  if (!/^(-1|[0-5])$/.test(seatText) || !/^[0-9a-f]{32}$/.test(key) || !code.startsWith("pg1o.")) return "damaged";
  return { code, seat: Number(seatText), key };
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
  }

  /** Answer the invitation, wait for the host to take the answer, and take the seat. */
  async open() {
    this.draw();
    let link;
    try {
      link = await join(this.options.invitation.code);
    } catch (error) {
      this.status = { id: error instanceof PeerCodeError ? error.reason : "shell.peer.join.bad_invitation" };
      this.draw();
      return;
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
    let channel;
    try {
      channel = await link.channel;
    } catch {
      this.status = { id: "shell.peer.presence.lost" };
      this.draw();
      return;
    }
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
    // The host is gone when the channel closes, or when the connection fails without closing it.
    let gone = false;
    const lost = () => {
      if (gone) return;
      gone = true;
      this.transport?.dropped();
      this.options.onLink(false);
    };
    channel.addEventListener("close", lost);
    whenLost(link.connection, lost);
    $("join-code").hidden = true;
    this.status = { id: seat === -1 ? "shell.peer.join.watching" : "shell.peer.join.linked" };
    this.draw();
    this.options.onLink(true);
    guest.join(channel);
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

  /** Leave the table: the link closes. */
  close() {
    this.connection?.close();
  }
}
