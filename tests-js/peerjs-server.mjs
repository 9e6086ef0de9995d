// A real PeerJS signalling server for node tests: the `peer` npm package's `peerjs` command, as
// a person would run it, on a free local port with path /pygames.
import { spawn } from "node:child_process";
import { createServer } from "node:net";
import { fileURLToPath } from "node:url";

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
