// Meeting through a signalling server (web/js/peer-signal.js), against a real PeerJS server:
// the `peer` npm package's `peerjs` command, as a person would run it, on a free local port.
import assert from "node:assert/strict";
import { describe, it } from "node:test";

import { WebSocket } from "ws";

import {
  MAX_MESSAGE_CHARS,
  SignalError,
  SignalSeat,
  lockSockets,
  readMessage,
  socketAddress,
} from "../web/js/peer-signal.js";
import { serverSeats } from "./peerjs-server.mjs";

describe("a signalling server's address as a person types it", () => {
  it("becomes the server's socket address, wss unless said otherwise", () => {
    assert.equal(socketAddress("signal.example.org:9000/pygames"), "wss://signal.example.org:9000/pygames/peerjs");
    assert.equal(socketAddress(" https://signal.example.org/pygames/ "), "wss://signal.example.org/pygames/peerjs");
    assert.equal(socketAddress("http://127.0.0.1:9000/pygames"), "ws://127.0.0.1:9000/pygames/peerjs");
    assert.equal(socketAddress("ws://192.168.1.20:9000"), "ws://192.168.1.20:9000/peerjs");
    assert.equal(socketAddress("wss://x.org"), "wss://x.org/peerjs");
    assert.equal(socketAddress("ws://[::1]:9000/pygames"), "ws://[::1]:9000/pygames/peerjs");
  });

  it("refuses anything else in words", () => {
    for (const typed of ["", "   ", "javascript:alert(1)", "ftp://x.org", "wss://me:pw@x.org",
      "wss://x.org/p?q=1", "wss://x.org/#h", "https://", "x".repeat(400), "not a server",
      "a b:9000/pygames", "wss://x%20y.org", "wss://-x.org"]) {
      assert.throws(() => socketAddress(typed), (error) => error instanceof SignalError
        && error.reason === "shell.peer.signal.address", typed);
    }
  });
});

describe("a page's sockets", () => {
  it("are narrowed to the first server's origin by a policy of their own, added once", () => {
    /** @type {{httpEquiv: string, content: string}[]} */
    const added = [];
    const doc = /** @type {any} */ ({ createElement: () => ({}), head: { append: (/** @type {any} */ m) => added.push(m) } });
    assert.equal(lockSockets("ws://127.0.0.1:9000/pygames/peerjs", doc), true);
    assert.deepEqual(added, [{ httpEquiv: "Content-Security-Policy", content: "connect-src 'self' ws://127.0.0.1:9000" }]);
    // The same server again (a room opened again, another path): allowed, nothing added.
    assert.equal(lockSockets("ws://127.0.0.1:9000/other/peerjs", doc), true);
    // Another server, or the same host under another scheme or port: refused.
    for (const other of ["ws://127.0.0.1:9001/pygames/peerjs", "wss://127.0.0.1:9000/pygames/peerjs", "wss://x.org/peerjs"]) {
      assert.equal(lockSockets(other, doc), false, other);
    }
    assert.equal(added.length, 1);
    // Another page starts free.
    const page2 = /** @type {any} */ ({ createElement: () => ({}), head: { append: () => {} } });
    assert.equal(lockSockets("wss://x.org/peerjs", page2), true);
  });
});

describe("a message from the server", () => {
  it("is read only when it is a small JSON object with a type", () => {
    assert.deepEqual(readMessage('{"type":"OPEN"}'), { type: "OPEN", src: undefined, payload: undefined });
    assert.deepEqual(readMessage('{"type":"OFFER","src":"a","payload":{"x":1}}'), { type: "OFFER", src: "a", payload: { x: 1 } });
    for (const data of ["", "{", "[]", "null", '"OPEN"', '{"type":3}', 42, `{"type":"OFFER","payload":"${"x".repeat(MAX_MESSAGE_CHARS)}"}`]) {
      assert.equal(readMessage(data), null, String(data).slice(0, 30));
    }
  });
});

describe("two devices meeting through a PeerJS server", () => {
  const seat = serverSeats();

  it("passes a message from one id to the other, with who sent it", async () => {
    const host = seat("pg-room1");
    const guest = seat("pg-room1-g1");
    await host.open();
    await guest.open();
    const got = new Promise((resolve) => { host.onMessage = resolve; });
    assert.equal(guest.send("pg-room1", { ask: 1 }), true);
    assert.deepEqual(await got, { from: "pg-room1-g1", payload: { ask: 1 } });
    const back = new Promise((resolve) => { guest.onMessage = resolve; });
    host.send("pg-room1-g1", { offer: "pg1o.x" });
    assert.deepEqual(await back, { from: "pg-room1", payload: { offer: "pg1o.x" } });
    host.close();
    guest.close();
  });

  it("keeps a message for a device that connects later", async () => {
    const guest = seat("pg-room2-g1");
    await guest.open();
    guest.send("pg-room2", { ask: 2 });
    const host = seat("pg-room2");
    const got = new Promise((resolve) => { host.onMessage = resolve; });
    await host.open();
    assert.deepEqual(await got, { from: "pg-room2-g1", payload: { ask: 2 } });
    host.close();
    guest.close();
  });

  it("refuses an id another device holds, and gives it back to the same token", async () => {
    const first = seat("pg-room3", { token: "aaaa" });
    await first.open();
    const other = seat("pg-room3", { token: "bbbb" });
    await assert.rejects(other.open(), (error) => error instanceof SignalError && error.reason === "shell.peer.signal.taken");
    // The same device after a reload: its token takes its id back.
    const again = seat("pg-room3", { token: "aaaa" });
    await again.open();
    first.close();
    again.close();
  });

  it("says so when no server answers, and sends nothing before it is open", async () => {
    const lone = new SignalSeat("ws://127.0.0.1:9/pygames/peerjs", "pg-x", { WebSocket: /** @type {any} */ (WebSocket), openMs: 3000 });
    assert.equal(lone.send("pg-y", {}), false);
    await assert.rejects(lone.open(), (error) => error instanceof SignalError && error.reason === "shell.peer.signal.unreachable");
  });

  it("tells its owner once when the server goes away", async () => {
    const host = seat("pg-room4");
    await host.open();
    const closed = new Promise((resolve) => { host.onClosed = () => resolve(true); });
    host.socket?.close();
    assert.equal(await closed, true);
    assert.equal(host.send("pg-room4-g1", {}), false);
  });
});
