// What a guest's device keeps of its seat across a reload or a new invitation
// (web/js/guest-seat.js): kept and read back whole, a damaged entry read as none, a full or
// blocked storage keeping nothing without a fault; and the invitation read from the address.
import assert from "node:assert/strict";
import { describe, it } from "node:test";

import { blocked, memory } from "./fake-storage.mjs";
import { invitationOf, keepMemory, keptMemory } from "../web/js/guest-seat.js";

const KEY = "ab".repeat(16);
const MEMORY = {
  seat: 1,
  key: KEY,
  salt: "cd".repeat(16),
  commitment: "ef".repeat(32),
  n: 4,
  seen: { 0: "01".repeat(32), 5: "02".repeat(32) },
  changed: [],
};

describe("a guest's memory of its seat", () => {
  it("is kept and read back whole, under its seat's key only", () => {
    const storage = memory();
    keepMemory(storage, MEMORY);
    assert.deepEqual(keptMemory(storage, KEY), JSON.parse(JSON.stringify(MEMORY)));
    assert.equal(keptMemory(storage, "12".repeat(16)), null);
  });

  it("reads a damaged entry as none", () => {
    const damaged = [
      "{not json",
      "[]",
      JSON.stringify({ ...MEMORY, salt: "short" }),
      JSON.stringify({ ...MEMORY, key: "12".repeat(16) }),
      JSON.stringify({ ...MEMORY, n: -1 }),
      JSON.stringify({ ...MEMORY, seen: { x: "01".repeat(32) } }),
      JSON.stringify({ ...MEMORY, seen: { 3: "not a digest" } }),
      JSON.stringify({ ...MEMORY, changed: ["3"] }),
      JSON.stringify({ ...MEMORY, commitment: 7 }),
    ];
    for (const text of damaged) {
      const storage = memory();
      storage.setItem(`pygames.guest.${KEY}`, text);
      assert.equal(keptMemory(storage, KEY), null, text);
    }
  });

  it("keeps nothing, and raises nothing, where storage is full or blocked", () => {
    keepMemory(blocked, MEMORY);
    assert.equal(keptMemory(blocked, KEY), null);
    keepMemory(null, MEMORY);
    assert.equal(keptMemory(null, KEY), null);
  });
});

describe("invitationOf", () => {
  it("reads the invitation in the address, and says a damaged one is damaged", () => {
    assert.deepEqual(invitationOf(`#join=pg1o.AbC-_1&seat=2&key=${KEY}`), { code: "pg1o.AbC-_1", seat: 2, key: KEY });
    assert.deepEqual(invitationOf(`#join=pg1o.x&seat=-1&key=${KEY}`), { code: "pg1o.x", seat: -1, key: KEY });
    assert.equal(invitationOf("#game=abc"), null);
    assert.equal(invitationOf(""), null);
    for (const hash of [`#join=pg1a.x&seat=2&key=${KEY}`, `#join=pg1o.x&seat=9&key=${KEY}`, `#join=pg1o.x&seat=-2&key=${KEY}`, "#join=pg1o.x&seat=1&key=zz", `#join=pg1o.x&key=${KEY}`]) {
      assert.equal(invitationOf(hash), "damaged", hash);
    }
  });
});
