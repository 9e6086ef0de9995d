// What a guest's device keeps of its seat across a reload or a new invitation
// (web/js/guest-seat.js): kept and read back whole, a damaged entry read as none, a full or
// blocked storage keeping nothing without a fault; and the invitation read from the address.
import assert from "node:assert/strict";
import { describe, it } from "node:test";

import { blocked, memory } from "./fake-storage.mjs";
import { invitationOf, keepMemory, keptMemory } from "../web/js/guest-seat.js";
import { keptMeeting, meetingLink } from "../web/js/host-room.js";

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

describe("an invitation through a signalling server", () => {
  const meet = { server: "signal.example.org:9000/pygames", stun: "stun.example.org:3478", room: "0123456789", token: "ab".repeat(8) };
  const at = new URL("https://friends.example.io/pygames/?lang=ja#old");

  it("is read back by the guest as the host wrote it: the server, the room, the seat and its key", () => {
    const link = meetingLink(meet, 2, KEY, at);
    const url = new URL(link);
    assert.equal(url.origin + url.pathname, "https://friends.example.io/pygames/");
    assert.equal(url.search, "");
    assert.doesNotMatch(link, /token|join=/); // the host's token stays with the host
    assert.deepEqual(invitationOf(url.hash), { code: null, seat: 2, key: KEY, meet: { server: meet.server, stun: meet.stun, room: meet.room } });
    const plain = new URL(meetingLink({ ...meet, stun: "" }, -1, KEY, at));
    assert.equal(plain.hash.includes("stun"), false);
    assert.deepEqual(invitationOf(plain.hash), { code: null, seat: -1, key: KEY, meet: { server: meet.server, stun: "", room: meet.room } });
  });

  it("is damaged when its server, STUN server or room cannot be one", () => {
    const good = new URLSearchParams({ meet: meet.server, room: meet.room, seat: "1", key: KEY });
    for (const [name, value] of [["meet", "not a server"], ["meet", "ftp://x.org"], ["room", "0123"], ["room", ""], ["stun", "turn:x.org"], ["seat", "7"], ["key", "00"]]) {
      const params = new URLSearchParams(good);
      params.set(name, value);
      assert.equal(invitationOf(`#${params}`), "damaged", `${name}=${value}`);
    }
    const noRoom = new URLSearchParams(good);
    noRoom.delete("room");
    assert.equal(invitationOf(`#${noRoom}`), "damaged");
  });

  it("is kept with the host's save only when whole", () => {
    assert.deepEqual(keptMeeting(meet), meet);
    assert.deepEqual(keptMeeting({ ...meet, stun: "" }), { ...meet, stun: "" });
    for (const bad of [null, "x", {}, { ...meet, room: "xyz" }, { ...meet, token: "short" }, { ...meet, server: "a b" }, { ...meet, stun: 5 }, { ...meet, server: "x".repeat(301) }]) {
      assert.equal(keptMeeting(bad), null, JSON.stringify(bad)?.slice(0, 40));
    }
  });
});
