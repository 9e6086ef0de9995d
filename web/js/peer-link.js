// A direct link between two devices (WebRTC data channel) set up by passing two codes by hand
// (a QR code or copied text): the host's invitation carries its offer, the guest answers with
// its own code. No server takes part: with no ICE servers at all, two devices on one network
// (or two pages of one browser) reach each other through their local (mDNS) addresses.
//
// A code is "pg1" + "o" (offer) or "a" (answer) + "." + base64url of the deflated SDP. The
// session description is gathered whole before it is written, candidates included, so one
// code each way is all the link needs.

/** The text before a code's payload, by kind. */
const PREFIX = /** @type {const} */ ({ offer: "pg1o.", answer: "pg1a." });
/** Longest code read: an SDP with a few candidates deflates to well under 1,000 characters. */
export const MAX_CODE_CHARS = 6000;
/** Longest session description read once inflated. */
export const MAX_SDP_CHARS = 20000;
/** How long gathering local addresses may take before the code is written with what it has. */
export const GATHER_MS = 4000;
/** The data channel's label: one channel per link, messages in order. */
const CHANNEL = "pygames";

/** @typedef {"offer" | "answer"} CodeKind */

/**
 * Why a code was refused: `reason` is an id of the page's catalogue (web/i18n), so the page
 * says it in the reader's language.
 */
export class PeerCodeError extends Error {
  /** @param {"shell.peer.code.damaged" | "shell.peer.code.not_offer" | "shell.peer.code.not_answer" | "shell.peer.code.too_long"} reason */
  constructor(reason) {
    super(reason);
    this.reason = reason;
  }
}

/** @param {Uint8Array} bytes */
function toBase64url(bytes) {
  let binary = "";
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary).replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "");
}

/** @param {string} text */
function fromBase64url(text) {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) throw new PeerCodeError("shell.peer.code.damaged");
  const b64 = text.replaceAll("-", "+").replaceAll("_", "/");
  const binary = atob(b64 + "=".repeat((4 - (b64.length % 4)) % 4));
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}

/**
 * Run `bytes` through a compression or decompression stream; a decompression stops (refused)
 * past `limit` bytes, so a small code cannot inflate into a huge text.
 * @param {Uint8Array<ArrayBuffer>} bytes @param {CompressionStream | DecompressionStream} stream @param {number} limit
 */
async function through(bytes, stream, limit) {
  const writer = stream.writable.getWriter();
  const written = writer.write(bytes).then(() => writer.close());
  written.catch(() => {});
  const reader = stream.readable.getReader();
  /** @type {Uint8Array[]} */
  const chunks = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.length;
    if (size > limit) {
      await reader.cancel();
      throw new PeerCodeError("shell.peer.code.too_long");
    }
    chunks.push(value);
  }
  await written;
  const out = new Uint8Array(size);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.length;
  }
  return out;
}

/**
 * The code that carries session description `sdp` of `kind`.
 * @param {CodeKind} kind @param {string} sdp
 */
export async function encodeCode(kind, sdp) {
  const deflated = await through(new TextEncoder().encode(sdp), new CompressionStream("deflate-raw"), Infinity);
  return PREFIX[kind] + toBase64url(deflated);
}

/**
 * The session description in `code`, which must be of `kind`; throws a PeerCodeError saying
 * what is wrong (damaged, too long, or the other kind: an invitation pasted where an answer
 * belongs). Spaces and line breaks (from a copy) are ignored.
 * @param {string} code @param {CodeKind} kind
 * @returns {Promise<string>}
 */
export async function decodeCode(code, kind) {
  if (typeof code !== "string") throw new PeerCodeError("shell.peer.code.damaged");
  const text = code.replace(/\s+/g, "");
  if (text.length > MAX_CODE_CHARS) throw new PeerCodeError("shell.peer.code.too_long");
  const other = kind === "offer" ? "answer" : "offer";
  if (text.startsWith(PREFIX[other])) {
    throw new PeerCodeError(kind === "offer" ? "shell.peer.code.not_offer" : "shell.peer.code.not_answer");
  }
  if (!text.startsWith(PREFIX[kind])) throw new PeerCodeError("shell.peer.code.damaged");
  let sdp;
  try {
    const bytes = await through(fromBase64url(text.slice(PREFIX[kind].length)), new DecompressionStream("deflate-raw"), MAX_SDP_CHARS);
    sdp = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch (error) {
    if (error instanceof PeerCodeError) throw error;
    throw new PeerCodeError("shell.peer.code.damaged");
  }
  // A session description starts with its version line; anything else is no description.
  if (!sdp.startsWith("v=0\r\n") || !/\r\nm=application /.test(sdp)) throw new PeerCodeError("shell.peer.code.damaged");
  return sdp;
}

/**
 * Resolve once `pc` has gathered its local addresses, or after `ms` (a code written then still
 * holds what was found).
 * @param {RTCPeerConnection} pc @param {number} ms
 */
function gathered(pc, ms) {
  if (pc.iceGatheringState === "complete") return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      pc.removeEventListener("icegatheringstatechange", check);
      resolve(undefined);
    }
    function check() {
      if (pc.iceGatheringState === "complete") done();
    }
    pc.addEventListener("icegatheringstatechange", check);
  });
}

/**
 * One side of a link: its connection, and its channel once the other side has answered.
 * @typedef {object} PeerLink
 * @property {RTCPeerConnection} connection
 * @property {Promise<RTCDataChannel>} channel resolves once the channel is open
 * @property {string} code the code to give the other side
 */

/**
 * Call `lost` once `connection` has failed or closed. A device that vanishes (a page closed, a
 * network gone) says nothing: its connection fails some seconds later, and its data channel
 * may never close.
 * @param {RTCPeerConnection} connection @param {() => void} lost
 */
export function whenLost(connection, lost) {
  connection.addEventListener("connectionstatechange", () => {
    if (connection.connectionState === "failed" || connection.connectionState === "closed") lost();
  });
}

/** @param {RTCDataChannel} channel @returns {Promise<RTCDataChannel>} */
function opened(channel) {
  if (channel.readyState === "open") return Promise.resolve(channel);
  return new Promise((resolve, reject) => {
    channel.addEventListener("open", () => resolve(channel), { once: true });
    channel.addEventListener("close", () => reject(new Error("peer.link.closed")), { once: true });
  });
}

/**
 * The inviting side (the host): a new connection and the invitation's code (its offer).
 * `iceServers`: none by default, which is enough on one network.
 * @param {{iceServers?: RTCIceServer[], gatherMs?: number}} [options]
 * @returns {Promise<PeerLink>}
 */
export async function invite({ iceServers = [], gatherMs = GATHER_MS } = {}) {
  const connection = new RTCPeerConnection({ iceServers });
  const channel = connection.createDataChannel(CHANNEL, { ordered: true });
  await connection.setLocalDescription(await connection.createOffer());
  await gathered(connection, gatherMs);
  const sdp = connection.localDescription?.sdp ?? "";
  return { connection, channel: opened(channel), code: await encodeCode("offer", sdp) };
}

/**
 * The invited side (a guest): a connection answering the invitation `offerCode`, and the
 * code to give back to the host (its answer). Throws a PeerCodeError on a code that is not an
 * invitation.
 * @param {string} offerCode @param {{iceServers?: RTCIceServer[], gatherMs?: number}} [options]
 * @returns {Promise<PeerLink>}
 */
export async function join(offerCode, { iceServers = [], gatherMs = GATHER_MS } = {}) {
  const sdp = await decodeCode(offerCode, "offer");
  const connection = new RTCPeerConnection({ iceServers });
  /** @type {Promise<RTCDataChannel>} */
  const channel = new Promise((resolve) => {
    connection.addEventListener("datachannel", (event) => {
      if (event.channel.label === CHANNEL) resolve(opened(event.channel));
    });
  });
  await connection.setRemoteDescription({ type: "offer", sdp });
  await connection.setLocalDescription(await connection.createAnswer());
  await gathered(connection, gatherMs);
  const answer = connection.localDescription?.sdp ?? "";
  return { connection, channel, code: await encodeCode("answer", answer) };
}

/**
 * The host's last step: take the guest's answer `answerCode`; the link's channel then opens.
 * Throws a PeerCodeError on a code that is not an answer.
 * @param {PeerLink} link @param {string} answerCode
 */
export async function complete(link, answerCode) {
  const sdp = await decodeCode(answerCode, "answer");
  await link.connection.setRemoteDescription({ type: "answer", sdp });
}
