// The host's side of a match across devices: web/js/peer-host.js, with fake links and a fake
// match (a counter of steps and the decisions it took).
import assert from "node:assert/strict";
import { describe, it } from "node:test";

import { PeerHost } from "../web/js/peer-host.js";
import { PROTOCOL } from "../web/js/peer-protocol.js";
import { LIMITS } from "./engine-limits.mjs";

const KEYS = new Map([
  [1, "11111111111111111111111111111111"],
  [2, "22222222222222222222222222222222"],
]);
const SALT = "abababababababababababababababab";
const COMMITMENT = "c".repeat(64);

/** A link's far end: what the host sent it, and a way to say something to the host. */
class FakeChannel {
  constructor() {
    /** @type {Record<string, any>[]} */
    this.received = [];
    /** @type {Map<string, ((event: {data?: unknown}) => void)[]>} */
    this.listeners = new Map();
    this.closed = false;
  }
  /** @param {string} text */
  send(text) {
    if (this.closed) throw new Error("closed");
    this.received.push(JSON.parse(text));
  }
  /** @param {string} type @param {(event: {data?: unknown}) => void} listener */
  addEventListener(type, listener) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  close() {
    this.closed = true;
    for (const listener of this.listeners.get("close") ?? []) listener({});
  }
  /** The guest says `message` (an object is sent as its JSON). @param {unknown} message */
  async say(message) {
    for (const listener of this.listeners.get("message") ?? []) listener({ data: typeof message === "string" ? message : JSON.stringify(message) });
    // Long enough for the fake engine (5 ms a decision) to answer.
    await new Promise((resolve) => setTimeout(resolve, 15));
  }
  /** @param {string} type */
  last(type) {
    return this.received.filter((m) => m.type === type).at(-1);
  }
}

/** A host over a fake match: each seat's table names its seat (so a leak would show). */
function table() {
  const match = { step: 5, /** @type {[number, unknown, number][]} */ decisions: [], refuse: false };
  /** @type {{seat: number | null, refused: string}[]} */
  const log = [];
  const host = new PeerHost({
    commitment: COMMITMENT,
    keys: KEYS,
    limits: LIMITS,
    step: () => match.step,
    tableFor: (seat) => ({ step: match.step, view: { seat, hand: `hand of seat ${seat}` } }),
    decide: async (seat, action, step) => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      if (match.refuse) return { ok: false, message: { id: "core.not_your_turn", args: { seat } } };
      match.decisions.push([seat, action, step]);
      match.step += 1;
      await host.publish();
      return { ok: true };
    },
    log: (entry) => log.push(entry),
  });
  return { host, match, log };
}

const hello = (seat = 1, over = {}) => ({ type: "hello", v: PROTOCOL, seat, key: KEYS.get(seat) ?? "0".repeat(32), salt: SALT, ...over });
const act = (n, step, over = {}) => ({ type: "act", n, step, action: { type: "serve", start: 0, end: 1 }, ...over });

/** A guest linked and seated at `seat`. */
async function seated(host, seat = 1) {
  const channel = new FakeChannel();
  host.attach(channel);
  await channel.say(hello(seat));
  return channel;
}

describe("PeerHost", () => {
  it("seats a guest with its invitation's key, shows the commitment, then only its own table", async () => {
    const { host } = table();
    const one = await seated(host, 1);
    const two = await seated(host, 2);
    assert.deepEqual(one.received[0], { type: "welcome", v: PROTOCOL, seat: 1, commitment: COMMITMENT });
    assert.deepEqual(one.received[1], { type: "table", step: 5, view: { seat: 1, hand: "hand of seat 1" } });
    await host.publish();
    for (const [channel, seat] of [[one, 1], [two, 2]]) {
      const hands = channel.received.filter((m) => m.type === "table").map((m) => m.view.hand);
      assert.ok(hands.length >= 2 && hands.every((h) => h === `hand of seat ${seat}`), hands.join());
    }
    assert.deepEqual(host.salts(), { 1: SALT, 2: SALT });
    assert.deepEqual(host.presence(), [{ seat: 1, joined: true, connected: true }, { seat: 2, joined: true, connected: true }]);
  });

  it("refuses a wrong key, a seat not invited and another protocol, and seats no one", async () => {
    const { host, log } = table();
    const channel = new FakeChannel();
    host.attach(channel);
    await channel.say(hello(1, { key: KEYS.get(2) }));
    await channel.say(hello(0, { key: KEYS.get(1) }));
    await channel.say(hello(1, { v: 99 }));
    assert.deepEqual(channel.received.map((m) => m.reason), ["shell.peer.refused.wrong_key", "shell.peer.refused.wrong_key", "shell.peer.refused.version"]);
    assert.ok(!channel.received.some((m) => m.type === "table" || m.type === "welcome"));
    assert.equal(log.length, 3);
    assert.deepEqual(host.presence().map((p) => p.joined), [false, false]);
  });

  it("forwards a fresh decision of the guest's own seat, and refuses every other", async () => {
    const { host, match, log } = table();
    const one = await seated(host, 1);
    const hostile = [
      "not json",
      "[".repeat(50),
      JSON.stringify({ type: "act", n: 1, step: 5, action: { type: "x", pad: "y".repeat(9000) } }),
      act(1, 4), // the table is at step 5
      { type: "view", seat: 2 }, // asking for another seat's table
      hello(2), // taking another seat on the same link
    ];
    for (const message of hostile) await one.say(message);
    assert.deepEqual(match.decisions, [], "nothing reached the match");
    assert.deepEqual(one.received.filter((m) => m.type === "refused").map((m) => m.reason), [
      "shell.peer.refused.malformed",
      "shell.peer.refused.malformed",
      "shell.peer.refused.too_long",
      "shell.peer.refused.stale",
      "shell.peer.refused.unknown",
      "shell.peer.refused.not_your_seat",
    ]);
    assert.equal(log.length, hostile.length);
    await one.say(act(1, 5));
    assert.deepEqual(match.decisions, [[1, { type: "serve", start: 0, end: 1 }, 5]]);
    // The same decision again, or an older one, is a replay.
    await one.say(act(1, 6));
    assert.equal(one.last("refused").reason, "shell.peer.refused.replayed");
    assert.equal(match.decisions.length, 1);
    assert.ok(!one.received.some((m) => m.type === "table" && m.view.seat !== 1), "only seat 1's tables");
  });

  it("takes one decision of a seat at a time", async () => {
    const { host, match } = table();
    const one = await seated(host, 1);
    const channel = one.listeners.get("message")?.[0];
    assert.ok(channel);
    // Two decisions sent at once: the second arrives while the first is with the engine.
    channel({ data: JSON.stringify(act(1, 5)) });
    channel({ data: JSON.stringify(act(2, 5)) });
    await new Promise((resolve) => setTimeout(resolve, 20));
    assert.equal(match.decisions.length, 1);
    assert.equal(one.last("refused").reason, "shell.peer.refused.stale");
  });

  it("tells the guest the engine's refusal and sends the table as it is", async () => {
    const { host, match, log } = table();
    const one = await seated(host, 1);
    match.refuse = true;
    await one.say(act(1, 5));
    assert.deepEqual(one.last("refused"), { type: "refused", n: 1, message: { id: "core.not_your_turn", args: { seat: 1 } } });
    assert.deepEqual(one.received.at(-1), { type: "table", step: 5, view: { seat: 1, hand: "hand of seat 1" } });
    assert.equal(log.at(-1)?.refused, "core.not_your_turn");
  });

  it("gives a guest that comes back its seat, the table as it is, and no replay of what it sent", async () => {
    const { host, match } = table();
    const first = await seated(host, 1);
    await first.say(act(1, 5));
    first.close();
    assert.deepEqual(host.presence()[0], { seat: 1, joined: true, connected: false });
    match.step = 9; // the others played on
    const again = new FakeChannel();
    host.attach(again);
    await again.say(hello(1, { salt: "cdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcd" }));
    assert.deepEqual(again.last("table"), { type: "table", step: 9, view: { seat: 1, hand: "hand of seat 1" } });
    // The deal keeps the salt sent first.
    assert.equal(host.salts()[1], SALT);
    await again.say(act(1, 9));
    assert.equal(again.last("refused").reason, "shell.peer.refused.replayed");
    await again.say(act(2, 9));
    assert.equal(match.decisions.length, 2);
  });

  it("hands a seat to the newer link of the same guest; the older says nothing more", async () => {
    const { host, match } = table();
    const old = await seated(host, 1);
    const fresh = await seated(host, 1);
    assert.ok(old.closed, "the older link is closed");
    const before = old.received.length;
    await host.publish();
    assert.equal(old.received.length, before);
    old.closed = false; // a link that still delivers what it had
    await old.say(act(1, 5));
    assert.equal(match.decisions.length, 0);
    await fresh.say(act(1, 5));
    assert.equal(match.decisions.length, 1);
  });

  it("reveals the secret, the salts and the record to every linked guest at the end", async () => {
    const { host } = table();
    const one = await seated(host, 1);
    const two = await seated(host, 2);
    host.reveal("e".repeat(64), { game: "storm_in_a_teacup", seed: 7, actions: [] });
    for (const channel of [one, two]) {
      assert.deepEqual(channel.last("reveal"), {
        type: "reveal",
        secret: "e".repeat(64),
        salts: { 1: SALT, 2: SALT },
        record: { game: "storm_in_a_teacup", seed: 7, actions: [] },
      });
    }
  });

  it("seats guests before the deal with no table, says who joins and leaves, and sends the first table once dealt", async () => {
    /** @type {{step: number, view: object} | null} */
    let dealt = null;
    /** @type {string[]} */
    const heard = [];
    const host = new PeerHost({
      commitment: COMMITMENT,
      keys: KEYS,
      limits: LIMITS,
      step: () => 0,
      tableFor: async (seat) => dealt && { ...dealt, view: { seat } },
      decide: async () => ({ ok: true }),
      joined: (seat) => heard.push(`joined ${seat}`),
      left: (seat) => heard.push(`left ${seat}`),
    });
    const one = await seated(host, 1);
    assert.deepEqual(one.received.map((m) => m.type), ["welcome"]); // nothing dealt yet
    dealt = { step: 0, view: {} };
    await host.publish();
    assert.deepEqual(one.last("table"), { type: "table", step: 0, view: { seat: 1 } });
    one.close();
    assert.deepEqual(heard, ["joined 1", "left 1"]);
    assert.deepEqual(host.presence().find((p) => p.seat === 1), { seat: 1, joined: true, connected: false });
  });

  it("takes a link whose connection failed as lost: its seat is away, and a later link takes it back", async () => {
    /** @type {string[]} */
    const heard = [];
    const host = new PeerHost({
      commitment: COMMITMENT, keys: KEYS, limits: LIMITS, step: () => 5,
      tableFor: (seat) => ({ step: 5, view: { seat } }),
      decide: async () => ({ ok: true }),
      joined: (seat) => heard.push(`joined ${seat}`),
      left: (seat) => heard.push(`left ${seat}`),
    });
    const one = await seated(host, 1);
    host.lost(one); // no close event: the connection failed
    host.lost(one); // said once
    assert.deepEqual(heard, ["joined 1", "left 1"]);
    assert.equal(host.presence().find((p) => p.seat === 1)?.connected, false);
    const back = await seated(host, 1);
    assert.equal(host.presence().find((p) => p.seat === 1)?.connected, true);
    host.lost(one); // the old link again: the seat stays with the new one
    assert.equal(host.presence().find((p) => p.seat === 1)?.connected, true);
    assert.equal(back.last("table").view.seat, 1);
  });

  it("seats a watcher with its own key: it is sent the public table, adds nothing to the deal, and cannot act", async () => {
    /** @type {number[]} */
    const asked = [];
    const host = new PeerHost({
      commitment: COMMITMENT, keys: KEYS, limits: LIMITS, step: () => 5,
      tableFor: (seat) => {
        asked.push(seat);
        return { step: 5, view: { seat } };
      },
      decide: async () => ({ ok: true }),
    });
    const key = host.addWatcher();
    const watcher = new FakeChannel();
    host.attach(watcher);
    await watcher.say(hello(-1, { key: "0".repeat(32) }));
    assert.equal(watcher.last("refused").reason, "shell.peer.refused.wrong_key");
    await watcher.say(hello(-1, { key }));
    assert.deepEqual(watcher.last("table"), { type: "table", step: 5, view: { seat: -1 } });
    assert.equal(host.watching(), 1);
    assert.deepEqual(host.salts(), {}, "a watcher's salt is no part of the deal");
    await watcher.say(act(1, 5));
    assert.equal(watcher.last("refused").reason, "shell.peer.refused.watching");
    await host.publish();
    assert.ok(asked.every((seat) => seat === -1), asked.join());
    host.reveal("e".repeat(64), {});
    assert.equal(watcher.last("reveal").secret, "e".repeat(64));
  });
});

