// Meeting through a signalling server instead of passing codes by hand: the host holds a room
// at the server (id `pygames-<room>`), and a guest with the room in its invitation asks the
// host there for an invitation code; the host answers with a fresh offer (peer-link.js), the
// guest answers it, and the two devices link directly as with the code exchange. The server
// sees the codes (network addresses) but never a seat's key: the guest says its key over the
// linked channel only (peer-protocol.js), so whoever runs the server, or knows the room, can
// link but not take a seat.
//
// Messages over the server (each the `payload` of one; peer-signal.js carries them):
//   guest -> host  {m: "ask"}                  "send me an invitation"
//   host  -> guest {m: "offer", code}          a new invitation code ("pg1o.")
//   guest -> host  {m: "answer", code}         its answer ("pg1a.")
//   host  -> guest {m: "busy"}                 too many links being made: ask again later
// Anyone at the server may send anything: the host keeps at most a few links being made, each
// for a short time, and a message that is not one of these is dropped.

import { MAX_CODE_CHARS, complete, invite, join } from "./peer-link.js";
import { SignalError, randomHex, socketAddress } from "./peer-signal.js";
/** @import { PeerLink } from "./peer-link.js" */
/** @import { SignalSeat, SignalMessage } from "./peer-signal.js" */

/** What every id of this site at a server starts with. */
const ID_PREFIX = "pygames-";
/** How many links a host makes at once for guests who asked and have not answered. */
export const MAX_PENDING = 8;
/** How long a host waits for the answer to an offer before it drops the offer. */
export const ANSWER_MS = 60000;
/** How long a guest waits for an offer before it asks again. */
export const ASK_MS = 4000;

/** A new room code: 10 lowercase hexadecimal characters (40 random bits). */
export function roomCode() {
  return randomHex(5);
}

/** Whether `text` can be a room code. @param {unknown} text */
export function isRoomCode(text) {
  return typeof text === "string" && /^[0-9a-f]{10}$/.test(text);
}

/** The host's id at the server for room `room`. @param {string} room */
export function hostId(room) {
  return `${ID_PREFIX}${room}`;
}

/** A new guest id at the server for room `room` (one per page). @param {string} room */
export function guestId(room) {
  return `${ID_PREFIX}${room}-${randomHex(6)}`;
}

/**
 * The ICE servers for a STUN server a person typed (`host:port`, with or without `stun:`), or
 * none for an empty field (enough on one network). Throws a
 * SignalError("shell.peer.signal.stun") on anything else.
 * @param {string} typed
 * @returns {RTCIceServer[]}
 */
export function iceServersOf(typed) {
  const text = typed.trim().replace(/^stun:/i, "");
  if (!text) return [];
  // A host name or IPv4 address, and a port if any: nothing else reaches the browser.
  const match = /^([a-z0-9]([a-z0-9.-]{0,251}[a-z0-9])?)(:(\d{1,5}))?$/i.exec(text);
  const port = match?.[4] === undefined ? 3478 : Number(match[4]);
  if (!match || port < 1 || port > 65535) throw new SignalError("shell.peer.signal.stun");
  return [{ urls: `stun:${match[1].toLowerCase()}${match[4] === undefined ? "" : `:${port}`}` }];
}

/**
 * What is wrong with a signalling server and a STUN server as typed (a catalogue id), or null
 * when both can be used.
 * @param {string} server @param {string} stun
 * @returns {string | null}
 */
export function meetingProblem(server, stun) {
  try {
    socketAddress(server);
    iceServersOf(stun);
    return null;
  } catch (error) {
    return error instanceof SignalError ? error.reason : "shell.peer.signal.address";
  }
}

/**
 * A message over the server, or null for one that is not of this site's (dropped).
 * @param {unknown} payload
 * @returns {{m: "ask"} | {m: "busy"} | {m: "offer" | "answer", code: string} | null}
 */
export function readMeeting(payload) {
  if (!payload || typeof payload !== "object" || Array.isArray(payload)) return null;
  const { m, code } = /** @type {Record<string, unknown>} */ (payload);
  if (m === "ask" || m === "busy") return { m };
  if ((m === "offer" || m === "answer") && typeof code === "string" && code.length <= MAX_CODE_CHARS) return { m, code };
  return null;
}

/**
 * How links are made: peer-link.js's in the page, fakes in node tests.
 * @typedef {object} Linking
 * @property {(options: {iceServers: RTCIceServer[]}) => Promise<PeerLink>} invite
 * @property {(code: string, options: {iceServers: RTCIceServer[]}) => Promise<PeerLink>} join
 * @property {(link: PeerLink, code: string) => Promise<void>} complete
 */

/** @type {Linking} */
const WEB_RTC = { invite, join, complete };

/**
 * The host's side: it answers every guest who asks at the server with a new link's offer, and
 * hands each link to `linked` once made (the page attaches its channel to the match's host;
 * the guest's hello over it says which seat it is, with its key).
 */
export class MeetingHost {
  /**
   * @param {{seat: SignalSeat, iceServers: RTCIceServer[], linked: (link: PeerLink) => void, linking?: Linking, answerMs?: number}} options
   */
  constructor({ seat, iceServers, linked, linking = WEB_RTC, answerMs = ANSWER_MS }) {
    this.seat = seat;
    this.iceServers = iceServers;
    this.linked = linked;
    this.linking = linking;
    this.answerMs = answerMs;
    /** @type {Map<string, {link: PeerLink, timer: ReturnType<typeof setTimeout>}>} offers waiting for an answer, by guest id */
    this.pending = new Map();
    /** How many offers are being made now (before they are sent). */
    this.making = 0;
    seat.onMessage = (message) => void this.#heard(message);
  }

  /** @param {SignalMessage} message */
  async #heard({ from, payload }) {
    const said = readMeeting(payload);
    if (!said) return;
    if (said.m === "ask") {
      this.#drop(from);
      if (this.pending.size + this.making >= MAX_PENDING) {
        this.seat.send(from, { m: "busy" });
        return;
      }
      this.making += 1;
      let link;
      try {
        link = await this.linking.invite({ iceServers: this.iceServers });
      } finally {
        this.making -= 1;
      }
      this.#drop(from); // a second ask while this one was made: the newer offer wins
      const timer = setTimeout(() => this.#drop(from), this.answerMs);
      this.pending.set(from, { link, timer });
      this.seat.send(from, { m: "offer", code: link.code });
    } else if (said.m === "answer") {
      const waiting = this.pending.get(from);
      if (!waiting) return;
      clearTimeout(waiting.timer);
      this.pending.delete(from);
      try {
        await this.linking.complete(waiting.link, said.code);
      } catch {
        waiting.link.connection.close(); // not an answer: the guest asks again
        return;
      }
      this.linked(waiting.link);
    }
  }

  /** Drop the offer waiting for guest `from`, if any. @param {string} from */
  #drop(from) {
    const waiting = this.pending.get(from);
    if (!waiting) return;
    clearTimeout(waiting.timer);
    this.pending.delete(from);
    waiting.link.connection.close();
  }

  /** Leave the server and drop every offer still waiting. */
  close() {
    for (const from of [...this.pending.keys()]) this.#drop(from);
    this.seat.close();
  }
}

/**
 * The guest's side: ask the host of room `room` for an invitation, answer it, and resolve with
 * the link once its channel is open; ask again every `askMs` until then (the host may be
 * reloading, or busy). Stops (rejects with an AbortError) when `signal` aborts.
 * @param {{seat: SignalSeat, room: string, iceServers: RTCIceServer[], signal?: AbortSignal, linking?: Linking, askMs?: number}} options
 * @returns {Promise<PeerLink & {open: RTCDataChannel}>}
 */
export function meetHost({ seat, room, iceServers, signal, linking = WEB_RTC, askMs = ASK_MS }) {
  const host = hostId(room);
  return new Promise((resolve, reject) => {
    /** @type {PeerLink | null} */
    let current = null;
    let done = false;
    /** @type {ReturnType<typeof setInterval> | null} */
    let asking = null;
    const finish = () => {
      done = true;
      if (asking !== null) clearInterval(asking);
      seat.onMessage = () => {};
    };
    const ask = () => {
      if (current) return; // an offer is being answered: its channel opens or fails first
      seat.send(host, { m: "ask" });
    };
    signal?.addEventListener("abort", () => {
      if (done) return;
      finish();
      current?.connection.close();
      reject(new DOMException("stopped", "AbortError"));
    });
    seat.onMessage = async ({ from, payload }) => {
      const said = readMeeting(payload);
      if (done || from !== host || said?.m !== "offer" || current) return;
      let link;
      try {
        link = await linking.join(said.code, { iceServers });
      } catch {
        return; // not an invitation: the next ask gets another
      }
      if (done) {
        link.connection.close();
        return;
      }
      current = link;
      seat.send(host, { m: "answer", code: link.code });
      link.channel.then(
        (open) => {
          if (done) return;
          finish();
          resolve({ ...link, open });
        },
        () => {
          if (current === link) current = null; // failed: ask again
        },
      );
      // A link that never opens (the host dropped the offer) is given up for a new one.
      setTimeout(() => {
        if (!done && current === link) {
          current = null;
          link.connection.close();
        }
      }, askMs * 4);
    };
    asking = setInterval(ask, askMs);
    ask();
  });
}
