// A meeting place for devices that are not in one room: a signalling server of the person's
// choosing that speaks PeerJS's protocol (the `peer` npm package's `peerjs --port 9000 --path
// /pygames` is one). The server only passes short messages between two ids; the devices then
// link over WebRTC as with the code exchange (peer-link.js), with the same codes.
//
// Why not the `peerjs` client library: the page already makes its own WebRTC links and codes,
// and the library would bring a second WebRTC stack (with msgpack and webrtc-adapter; its
// peerjs.min.js 1.5.5 is 87 KB, 23 KB gzipped), and default servers of a third party (its
// cloud server, a public STUN server) that the page would have to turn off. The protocol is
// small: a WebSocket at `<server>/peerjs?key=peerjs&id=<id>&token=<token>`; the server says
// {type: "OPEN"} (or "ID-TAKEN", "ERROR"); a device sends {type, dst, payload} and the other
// receives it with `src`; messages to an id not yet connected wait at the server; a HEARTBEAT
// keeps the socket.
// An id is free again as soon as its socket closes; one whose device vanished stays taken until
// the server notices (a minute without heartbeat), except to the same token, and the server then
// says no "OPEN": so a device sends itself a probe, and the probe coming back says it is in.
//
// Nothing secret goes through the server: a seat's key is said over the WebRTC channel only,
// once linked (peer-protocol.js), so whoever runs the server cannot take a seat.
//
// The page's policy allows sockets anywhere (`connect-src 'self' ws: wss:`): a policy written
// in the page cannot name a server typed in later. So the first time the page opens a socket
// it adds a second policy that allows only that server's origin (policies only ever narrow
// what a page may do): from then on the browser itself refuses a socket anywhere else, and
// another server needs a new page.

/** The key a PeerJS server expects unless it was started with another one. */
export const SERVER_KEY = "peerjs";
/** How often a heartbeat keeps the socket open (the server drops a silent one after 60 s). */
export const HEARTBEAT_MS = 5000;
/** How long connecting may take before it is given up. */
export const OPEN_MS = 10000;
/** Longest message read from the server: a code is well under 6,000 characters. */
export const MAX_MESSAGE_CHARS = 16000;
/** The message type every message of ours travels as: one the server passes on and keeps. */
const CARRIER = "OFFER";

/**
 * Why meeting through a server failed: `reason` is an id of the page's catalogue (web/i18n).
 */
export class SignalError extends Error {
  /** @param {"shell.peer.signal.address" | "shell.peer.signal.stun" | "shell.peer.signal.locked" | "shell.peer.signal.unreachable" | "shell.peer.signal.taken" | "shell.peer.signal.refused"} reason */
  constructor(reason) {
    super(reason);
    this.name = "SignalError";
    this.reason = reason;
  }
}

/**
 * The WebSocket address of a signalling server from what a person typed: `host:port/path`,
 * with or without `http(s)://` or `ws(s)://`. A host of this machine or of a local network
 * may be plain `ws:`; any other must be `wss:` (or `https://`), since a page on https may not
 * open a plain socket elsewhere. Throws a SignalError("shell.peer.signal.address") on anything
 * that is not such an address.
 * @param {string} typed
 * @returns {string} e.g. "wss://signal.example.org:9000/pygames/peerjs"
 */
export function socketAddress(typed) {
  const text = typed.trim();
  if (!text || text.length > 300) throw new SignalError("shell.peer.signal.address");
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `wss://${text}`;
  /** @type {URL} */
  let url;
  try {
    url = new URL(withScheme);
  } catch {
    throw new SignalError("shell.peer.signal.address");
  }
  const scheme = { "ws:": "ws:", "wss:": "wss:", "http:": "ws:", "https:": "wss:" }[url.protocol];
  // A host name, an IPv4 address or a bracketed IPv6 one: a parser may let other text through
  // (spaces, escapes), which is no server anyone meant.
  const host = /^([a-z0-9]([a-z0-9.-]*[a-z0-9])?|\[[0-9a-f:.]+\])$/i.test(url.hostname);
  if (!scheme || !host || url.username || url.password || url.search || url.hash) {
    throw new SignalError("shell.peer.signal.address");
  }
  const path = url.pathname.replace(/\/+$/, "");
  return `${scheme}//${url.host}${path}/peerjs`;
}

/** The origin each page's sockets were narrowed to, once one was opened. @type {WeakMap<Document, string>} */
const locks = new WeakMap();

/**
 * Allow the sockets of page `doc` to reach socket address `address`'s origin only, from now on
 * (a second Content-Security-Policy, added once). Answers whether `address` may be used: false
 * when the page was narrowed to another origin before. Without a document (node) there is no
 * policy to narrow.
 * @param {string} address a socket address (socketAddress())
 * @param {Document | undefined} [doc]
 */
export function lockSockets(address, doc = globalThis.document) {
  if (!doc) return true;
  const { protocol, host } = new URL(address);
  const origin = `${protocol}//${host}`;
  const before = locks.get(doc);
  if (before !== undefined) return before === origin;
  locks.set(doc, origin);
  const meta = doc.createElement("meta");
  meta.httpEquiv = "Content-Security-Policy";
  meta.content = `connect-src 'self' ${origin}`;
  doc.head.append(meta);
  return true;
}

/**
 * A random id part: `bytes` random bytes as lowercase hexadecimal.
 * @param {number} bytes
 */
export function randomHex(bytes) {
  const data = crypto.getRandomValues(new Uint8Array(bytes));
  return Array.from(data, (b) => b.toString(16).padStart(2, "0")).join("");
}

/**
 * @typedef {object} SignalMessage
 * @property {string} from the sender's id
 * @property {unknown} payload what it sent (untrusted: read it with care)
 */

/**
 * One device's seat at a signalling server, under `id`. `open()` connects; `send(to, payload)`
 * passes `payload` (JSON) to the device with id `to`; every message for this id reaches
 * `onMessage`. `onClosed` is called once if the socket closes after it opened.
 */
export class SignalSeat {
  /**
   * @param {string} address a socket address (socketAddress())
   * @param {string} id this device's id at the server
   * @param {{token?: string, WebSocket?: typeof WebSocket, heartbeatMs?: number, openMs?: number}} [options]
   *   `token`: the same token takes the same id back while the server still holds it for a
   *   vanished device; `WebSocket`: for node tests.
   */
  constructor(address, id, { token = randomHex(8), WebSocket: Socket = globalThis.WebSocket, heartbeatMs = HEARTBEAT_MS, openMs = OPEN_MS } = {}) {
    this.address = address;
    this.id = id;
    this.token = token;
    this.Socket = Socket;
    this.heartbeatMs = heartbeatMs;
    this.openMs = openMs;
    /** @type {WebSocket | null} */
    this.socket = null;
    /** @type {(message: SignalMessage) => void} */
    this.onMessage = () => {};
    /** @type {() => void} */
    this.onClosed = () => {};
    /** @type {ReturnType<typeof setInterval> | null} */
    this.beat = null;
  }

  /**
   * Connect; resolves once the server has taken this id. Rejects with a SignalError: the server
   * could not be reached ("unreachable"), the id is another device's ("taken"), the server
   * refused (a wrong key, too many devices: "refused"), or this page already met through
   * another server ("locked").
   * @returns {Promise<void>}
   */
  open() {
    // The socket could not reach another server than the page's first anyway (lockSockets).
    if (!lockSockets(this.address)) return Promise.reject(new SignalError("shell.peer.signal.locked"));
    const query = new URLSearchParams({ key: SERVER_KEY, id: this.id, token: this.token });
    const socket = new this.Socket(`${this.address}?${query}`);
    this.socket = socket;
    return new Promise((resolve, reject) => {
      let opened = false;
      const fail = (/** @type {SignalError} */ error) => {
        clearTimeout(timer);
        if (!opened) reject(error);
        this.close();
      };
      const timer = setTimeout(() => fail(new SignalError("shell.peer.signal.unreachable")), this.openMs);
      const entered = () => {
        if (opened) return;
        opened = true;
        clearTimeout(timer);
        this.startBeat();
        resolve();
      };
      socket.addEventListener("open", () => {
        socket.send(JSON.stringify({ type: CARRIER, dst: this.id, payload: { probe: this.token } }));
      });
      socket.addEventListener("error", () => fail(new SignalError("shell.peer.signal.unreachable")));
      socket.addEventListener("close", () => {
        clearTimeout(timer);
        if (!opened) {
          reject(new SignalError("shell.peer.signal.unreachable"));
          return;
        }
        this.stopBeat();
        if (this.socket === socket) {
          this.socket = null;
          this.onClosed();
        }
      });
      socket.addEventListener("message", (event) => {
        const message = readMessage(event.data);
        if (!message) return;
        if (message.type === "OPEN") {
          entered();
        } else if (message.type === "ID-TAKEN") {
          fail(new SignalError("shell.peer.signal.taken"));
        } else if (message.type === "ERROR") {
          fail(new SignalError("shell.peer.signal.refused"));
        } else if (message.type === CARRIER && message.src === this.id) {
          entered(); // its own probe back: in, with the id it held
        } else if (message.type === CARRIER && typeof message.src === "string") {
          this.onMessage({ from: message.src, payload: message.payload });
        }
      });
    });
  }

  /**
   * Pass `payload` to the device with id `to` (kept at the server until it connects).
   * @param {string} to @param {unknown} payload
   */
  send(to, payload) {
    if (!this.socket || this.socket.readyState !== 1) return false;
    this.socket.send(JSON.stringify({ type: CARRIER, dst: to, payload }));
    return true;
  }

  /** Leave the server (the id is free again once the server notices). */
  close() {
    this.stopBeat();
    const socket = this.socket;
    this.socket = null;
    if (socket && socket.readyState <= 1) socket.close();
  }

  /** @private */
  startBeat() {
    this.stopBeat();
    this.beat = setInterval(() => {
      if (this.socket?.readyState === 1) this.socket.send(JSON.stringify({ type: "HEARTBEAT" }));
    }, this.heartbeatMs);
  }

  /** @private */
  stopBeat() {
    if (this.beat !== null) clearInterval(this.beat);
    this.beat = null;
  }
}

/**
 * A message from the server, or null for anything that is not one (too long, not JSON, not an
 * object with a string `type`).
 * @param {unknown} data
 * @returns {{type: string, src?: unknown, payload?: unknown} | null}
 */
export function readMessage(data) {
  if (typeof data !== "string" || data.length > MAX_MESSAGE_CHARS) return null;
  /** @type {unknown} */
  let message;
  try {
    message = JSON.parse(data);
  } catch {
    return null;
  }
  if (!message || typeof message !== "object" || Array.isArray(message)) return null;
  const { type, src, payload } = /** @type {Record<string, unknown>} */ (message);
  return typeof type === "string" ? { type, src, payload } : null;
}
