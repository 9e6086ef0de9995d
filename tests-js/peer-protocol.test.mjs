// The host's check of what a guest's device says: web/js/peer-protocol.js. The limits are the
// engine's own (pygames/core/limits.py), read as the page reads them.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { describe, it } from "node:test";

import { PROTOCOL, WATCHER, randomKey, readGuestMessage, sameKey } from "../web/js/peer-protocol.js";
import { LIMITS } from "./engine-limits.mjs";

const ROOT = new URL("../", import.meta.url);

const KEY = "0123456789abcdef0123456789abcdef";
const SALT = "fedcba9876543210fedcba9876543210";
const hello = (over = {}) => JSON.stringify({ type: "hello", v: PROTOCOL, seat: 2, key: KEY, salt: SALT, ...over });
const act = (over = {}) => JSON.stringify({ type: "act", n: 4, step: 17, action: { type: "serve", start: 0, end: 2 }, ...over });
/** A link holding seat 2 that has had messages up to n = 3 accepted; the table is at step 17. */
const SEATED = Object.freeze({ seat: 2, lastN: 3, step: 17 });
const NEW = Object.freeze({ seat: null, lastN: 0, step: 17 });

/** @param {unknown} text @param {import("../web/js/peer-protocol.js").LinkState} link */
const reason = (text, link) => {
  const read = readGuestMessage(text, link, LIMITS);
  return read.ok ? null : read.reason;
};

describe("readGuestMessage", () => {
  it("accepts a hello for a seat and a fresh decision for the table as it is", () => {
    assert.deepEqual(readGuestMessage(hello(), NEW, LIMITS), { ok: true, message: { type: "hello", seat: 2, key: KEY, salt: SALT } });
    assert.deepEqual(readGuestMessage(act(), SEATED, LIMITS), {
      ok: true,
      message: { type: "act", n: 4, step: 17, action: { type: "serve", start: 0, end: 2 } },
    });
    // A guest that rejoins says hello again for its own seat.
    assert.equal(reason(hello(), SEATED), null);
  });

  it("refuses what is not a message: not text, not JSON, not an object, too deep", () => {
    for (const text of [undefined, 42, { type: "act" }, "", "{", "[]", "null", '"act"']) {
      assert.equal(reason(text, SEATED), "shell.peer.refused.malformed", String(text));
    }
    const deep = `{"type": "act", "n": 4, "step": 17, "action": {"type": "serve", "x": ${"[".repeat(40)}${"]".repeat(40)}}}`;
    assert.equal(reason(deep, SEATED), "shell.peer.refused.malformed");
  });

  it("refuses a message longer than an action can be, before reading it", () => {
    const long = act({ action: { type: "serve", pad: "x".repeat(LIMITS.action_chars + 300) } });
    assert.equal(reason(long, SEATED), "shell.peer.refused.too_long");
  });

  it("refuses fields of the wrong kind", () => {
    for (const text of [
      hello({ seat: -2 }),
      hello({ seat: 1.5 }),
      hello({ seat: "2" }),
      hello({ seat: LIMITS.max_seat + 1 }),
      hello({ key: KEY.toUpperCase() }),
      hello({ key: KEY.slice(1) }),
      hello({ salt: 7 }),
      act({ n: 0.5 }),
      act({ n: -4 }),
      act({ n: 2 ** 60 }),
      act({ step: "17" }),
      act({ step: LIMITS.max_step + 1 }),
      act({ action: null }),
      act({ action: ["serve"] }),
      act({ action: { start: 0 } }),
    ]) {
      assert.equal(reason(text, SEATED), "shell.peer.refused.malformed", text);
    }
  });

  it("takes a watcher's hello (seat -1), and refuses any move from a watcher", () => {
    assert.deepEqual(readGuestMessage(hello({ seat: WATCHER }), NEW, LIMITS), { ok: true, message: { type: "hello", seat: -1, key: KEY, salt: SALT } });
    assert.equal(reason(act(), { ...SEATED, seat: WATCHER }), "shell.peer.refused.watching");
  });

  it("refuses another protocol's hello and a message of no known type", () => {
    assert.equal(reason(hello({ v: PROTOCOL + 1 }), NEW), "shell.peer.refused.version");
    assert.equal(reason(hello({ v: undefined }), NEW), "shell.peer.refused.version");
    assert.equal(reason(JSON.stringify({ type: "view", seat: 0 }), SEATED), "shell.peer.refused.unknown");
    assert.equal(reason(JSON.stringify({ type: "reveal" }), SEATED), "shell.peer.refused.unknown");
  });

  it("refuses a hello for another seat than the link holds, and a decision before any seat", () => {
    assert.equal(reason(hello({ seat: 0 }), SEATED), "shell.peer.refused.not_your_seat");
    assert.equal(reason(act(), NEW), "shell.peer.refused.not_seated");
  });

  it("refuses a decision sent again, or made on a table that has moved on", () => {
    assert.equal(reason(act({ n: 3 }), SEATED), "shell.peer.refused.replayed");
    assert.equal(reason(act({ n: 1 }), SEATED), "shell.peer.refused.replayed");
    assert.equal(reason(act({ step: 16 }), SEATED), "shell.peer.refused.stale");
    assert.equal(reason(act({ step: 18 }), SEATED), "shell.peer.refused.stale");
    // n may skip (a message lost with a dropped link), never go back.
    assert.equal(reason(act({ n: 9 }), SEATED), null);
  });

  it("names every reason in every language of the page", () => {
    const reasons = [
      "shell.peer.refused.malformed",
      "shell.peer.refused.too_long",
      "shell.peer.refused.version",
      "shell.peer.refused.unknown",
      "shell.peer.refused.not_your_seat",
      "shell.peer.refused.wrong_key",
      "shell.peer.refused.replayed",
      "shell.peer.refused.stale",
      "shell.peer.refused.not_seated",
    ];
    for (const lang of ["en", "ja"]) {
      const words = JSON.parse(readFileSync(new URL(`web/i18n/${lang}.json`, ROOT), "utf8"));
      for (const id of reasons) assert.equal(typeof words[id], "string", `${lang}: ${id}`);
    }
  });
});

describe("seat keys", () => {
  it("are 32 hexadecimal characters, new each time", () => {
    const keys = new Set(Array.from({ length: 100 }, () => randomKey()));
    assert.equal(keys.size, 100);
    for (const key of keys) assert.match(key, /^[0-9a-f]{32}$/);
  });

  it("match only the same key", () => {
    assert.ok(sameKey(KEY, KEY));
    assert.ok(!sameKey(KEY, SALT));
    assert.ok(!sameKey(KEY, KEY.slice(0, 31)));
    assert.ok(!sameKey(KEY, `${KEY.slice(0, 31)}e`));
  });
});
