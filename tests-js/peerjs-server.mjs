// A real PeerJS signalling server for node tests: the `peer` npm package's `peerjs` command, as
// a person would run it, on a free local port with path /pygames.
import { spawn } from "node:child_process";
import { createServer } from "node:net";
import { after, before } from "node:test";
import { fileURLToPath } from "node:url";

import { WebSocket } from "ws";

import { SignalSeat, socketAddress } from "../web/js/peer-signal.js";

/** A free TCP port on 127.0.0.1. @returns {Promise<number>} */
function freePort() {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, "127.0.0.1", () => {
      const { port } = /** @type {import("node:net").AddressInfo} */ (probe.address());
      probe.close(() => resolve(port));
    });
  });
}

/**
 * Start a server; resolves once it says it listens, with its address as a person types it and
 * a function that stops it.
 * @returns {Promise<{typed: string, stop: () => void}>}
 */
export async function startPeerServer() {
  const port = await freePort();
  const command = fileURLToPath(new URL("../node_modules/peer/dist/bin/peerjs.js", import.meta.url));
  const server = spawn(process.execPath, [command, "--port", String(port), "--host", "127.0.0.1", "--path", "/pygames"], { stdio: ["ignore", "pipe", "inherit"] });
  await new Promise((resolve, reject) => {
    server.stdout?.on("data", (chunk) => { if (String(chunk).includes("Started PeerServer")) resolve(true); });
    server.on("exit", (code) => reject(new Error(`peerjs exited: ${code}`)));
  });
  return { typed: `http://127.0.0.1:${port}/pygames`, stop: () => server.kill() };
}

/**
 * For a `describe` block: a server started before its tests and stopped after them, and a
 * function that makes a device's seat at it (`seat(id, options)`, a SignalSeat over node's
 * WebSocket with a quick heartbeat).
 */
export function serverSeats() {
  /** @type {() => void} */
  let stop = () => {};
  let address = "";
  before(async () => {
    const server = await startPeerServer();
    stop = server.stop;
    address = socketAddress(server.typed);
  });
  after(() => stop());
  return (/** @type {string} */ id, /** @type {object} */ options = {}) =>
    new SignalSeat(address, id, { WebSocket: /** @type {any} */ (WebSocket), heartbeatMs: 200, ...options });
}
