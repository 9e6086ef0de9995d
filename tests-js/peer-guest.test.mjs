// A guest's side of a match across devices: web/js/peer-guest.js, with a fake link and a fake
// engine (a digest is the SHA-256 of the view's text; the check returns what it was given).
import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { describe, it } from "node:test";

import { PeerGuest } from "../web/js/peer-guest.js";
import { PROTOCOL } from "../web/js/peer-protocol.js";
import { LIMITS } from "./engine-limits.mjs";

const KEY = "11111111111111111111111111111111";
const COMMITMENT = "c".repeat(64);

const digest = (text) => createHash("sha256").update(text).digest("hex");

function guestAt(seat = 1, memory = null, keep = undefined) {
  /** @type {any[]} */
  const events = [];
  /** @type {string[]} */
  const checks = [];
  const engine = {
    view_digest: async (viewText) => ({ ok: true, digest: digest(viewText) }),
    check_match: async (checkText) => {
      checks.push(checkText);
      return { ok: true, problems: [] };
    },
  };
  const guest = new PeerGuest({ seat, key: KEY, engine, limits: LIMITS, notify: (e) => events.push(e), memory, keep });
  /** @type {string[]} */
  const sent = [];
  /** @type {((event: {data?: unknown}) => void)[]} */
  const listeners = [];
  const channel = { send: (text) => sent.push(text), addEventListener: (_type, listener) => listeners.push(listener) };
  const hostSays = async (message) => {
    for (const l of listeners) l({ data: typeof message === "string" ? message : JSON.stringify(message) });
    await new Promise((resolve) => setTimeout(resolve, 0));
  };
  return { guest, events, checks, sent, channel, hostSays };
}

describe("PeerGuest", () => {
  it("says hello with its seat, key and a salt of its own, then draws the tables it is sent", async () => {
    const { guest, events, sent, channel, hostSays } = guestAt(1);
    guest.join(channel);
    const hello = JSON.parse(sent[0]);
    assert.deepEqual({ ...hello, salt: "?" }, { type: "hello", v: PROTOCOL, seat: 1, key: KEY, salt: "?" });
    assert.match(hello.salt, /^[0-9a-f]{32}$/);
    await hostSays({ type: "welcome", v: PROTOCOL, seat: 1, commitment: COMMITMENT });
    await hostSays({ type: "table", step: 3, view: { hand: ["tea"] }, legal: [] });
    assert.deepEqual(events, [
      { type: "welcome", seat: 1, commitment: COMMITMENT },
      { type: "table", step: 3, table: { step: 3, view: { hand: ["tea"] }, legal: [] } },
    ]);
    // A decision names the step it was made on, and counts up.
    guest.decide({ type: "serve", start: 0, end: 1 });
    guest.decide({ type: "discard", card: 2 });
    assert.deepEqual(sent.slice(1).map((t) => JSON.parse(t)), [
      { type: "act", n: 1, step: 3, action: { type: "serve", start: 0, end: 1 } },
      { type: "act", n: 2, step: 3, action: { type: "discard", card: 2 } },
    ]);
  });

  it("drops what is not a message from the host, and draws nothing of it", async () => {
    const { guest, events, channel, hostSays } = guestAt(1);
    guest.join(channel);
    for (const junk of ["{", "[1]", "x".repeat(LIMITS.record_chars + 1), "[".repeat(40) + "]".repeat(40)]) await hostSays(junk);
    await hostSays({ type: "table", step: -1, view: {} });
    await hostSays({ type: "table", step: 2, view: "everything" });
    await hostSays({ type: "welcome", v: PROTOCOL, seat: 2, commitment: COMMITMENT }); // another seat
    await hostSays({ type: "welcome", v: PROTOCOL, seat: 1, commitment: "short" });
    await hostSays({ type: "deal", cards: [] });
    assert.deepEqual(events.map((e) => e.type), Array(9).fill("fault"));
    assert.deepEqual(events.map((e) => e.what), ["json", "shape", "size", "depth", "table", "table", "welcome", "welcome", "type"]);
  });

  it("catches a host that shows another commitment after a drop", async () => {
    const { guest, events, channel, hostSays } = guestAt(1);
    guest.join(channel);
    await hostSays({ type: "welcome", v: PROTOCOL, seat: 1, commitment: COMMITMENT });
    await hostSays({ type: "welcome", v: PROTOCOL, seat: 1, commitment: "d".repeat(64) });
    assert.deepEqual(events.at(-1), { type: "fault", what: "commitment" });
    assert.equal(guest.memory.commitment, COMMITMENT);
  });

  it("at the reveal, asks its own engine to check everything it kept", async () => {
    const { guest, events, checks, channel, hostSays } = guestAt(1);
    guest.join(channel);
    await hostSays({ type: "welcome", v: PROTOCOL, seat: 1, commitment: COMMITMENT });
    await hostSays({ type: "table", step: 0, view: { a: 1 } });
    await hostSays({ type: "table", step: 1, view: { a: 2 } });
    const record = { game: "storm_in_a_teacup", seed: 5, actions: [] };
    await hostSays({ type: "reveal", secret: "e".repeat(64), salts: { 1: guest.memory.salt }, record });
    await new Promise((resolve) => setTimeout(resolve, 5));
    assert.deepEqual(JSON.parse(checks[0]), {
      record,
      seat: 1,
      salt: guest.memory.salt,
      commitment: COMMITMENT,
      secret: "e".repeat(64),
      salts: { 1: guest.memory.salt },
      seen: { 0: digest('{"a":1}'), 1: digest('{"a":2}') },
    });
    assert.deepEqual(events.at(-1), { type: "checked", problems: [] });
  });

  it("catches a step shown twice with two views, and a reveal with no commitment before it", async () => {
    const { guest, events, channel, hostSays } = guestAt(1);
    guest.join(channel);
    await hostSays({ type: "table", step: 4, view: { hand: ["tea"] } });
    await hostSays({ type: "table", step: 4, view: { hand: ["lemon"] } });
    await hostSays({ type: "reveal", secret: "e".repeat(64), salts: {}, record: { game: "tanbo" } });
    await new Promise((resolve) => setTimeout(resolve, 5));
    assert.deepEqual(events.at(-1), {
      type: "checked",
      problems: [
        { id: "core.deal.view_mismatch", args: { step: 4 } },
        { id: "core.deal.secret_mismatch", args: {} },
      ],
    });
  });

  it("comes back after a reload with its seat, salt, numbering and what it saw", async () => {
    const first = guestAt(1);
    first.guest.join(first.channel);
    await first.hostSays({ type: "welcome", v: PROTOCOL, seat: 1, commitment: COMMITMENT });
    await first.hostSays({ type: "table", step: 2, view: { a: 1 } });
    first.guest.decide({ type: "pass" });
    await new Promise((resolve) => setTimeout(resolve, 5));
    const kept = JSON.parse(JSON.stringify(first.guest.memory));
    const again = guestAt(1, kept);
    again.guest.join(again.channel);
    assert.equal(JSON.parse(again.sent[0]).salt, first.guest.memory.salt);
    await again.hostSays({ type: "table", step: 5, view: { a: 3 } });
    again.guest.decide({ type: "pass" });
    assert.equal(JSON.parse(again.sent[1]).n, 2);
    assert.deepEqual(Object.keys(again.guest.memory.seen), ["2", "5"]);
    // Memory of another seat or key is not used.
    const other = guestAt(2, kept);
    assert.notEqual(other.guest.memory.salt, kept.salt);
  });

  it("hands its memory to be kept whenever it changes: the commitment, each view, each decision", async () => {
    /** @type {any[]} */
    const kept = [];
    const { guest, channel, hostSays } = guestAt(1, null, (memory) => kept.push(JSON.parse(JSON.stringify(memory))));
    guest.join(channel);
    await hostSays({ type: "welcome", v: PROTOCOL, seat: 1, commitment: COMMITMENT });
    assert.equal(kept.at(-1).commitment, COMMITMENT);
    await hostSays({ type: "table", step: 4, view: { a: 1 } });
    await guest.digested;
    assert.deepEqual(Object.keys(kept.at(-1).seen), ["4"]);
    guest.decide({ type: "pass" });
    assert.equal(kept.at(-1).n, 1);
  });
});
