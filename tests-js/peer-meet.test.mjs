// Meeting through a signalling server (web/js/peer-meet.js): a host's room and guests asking it
// for invitations, over a real PeerJS server (the `peer` package's `peerjs` command). The
// WebRTC links themselves are fakes here (node has none); the browser tests make real ones.
import assert from "node:assert/strict";
import { describe, it } from "node:test";

import { MAX_PENDING, MeetingHost, guestId, hostId, iceServersOf, isRoomCode, meetHost, readMeeting, roomCode } from "../web/js/peer-meet.js";
import { SignalError } from "../web/js/peer-signal.js";
import { serverSeats } from "./peerjs-server.mjs";

/**
 * Fake links: an offer "pg1o.<n>", its answer "pg1a.<n>"; completing with the right answer
 * opens both sides' channels. `made` counts offers, `closed` the links closed.
 */
function fakeLinking() {
  let n = 0;
  /** @type {Map<string, {open: (v: unknown) => void}[]>} */
  const sides = new Map();
  const stats = { made: 0, closed: 0, iceServers: /** @type {unknown[]} */ ([]) };
  const side = (/** @type {string} */ id, /** @type {string} */ code) => {
    /** @type {(v: unknown) => void} */
    let open = () => {};
    const channel = new Promise((resolve) => { open = resolve; });
    const entry = sides.get(id) ?? [];
    entry.push({ open });
    sides.set(id, entry);
    return { connection: /** @type {any} */ ({ close: () => { stats.closed += 1; } }), channel: /** @type {any} */ (channel), code };
  };
  return {
    stats,
    linking: {
      invite: async (/** @type {{iceServers: unknown[]}} */ { iceServers }) => {
        stats.made += 1;
        stats.iceServers.push(iceServers);
        n += 1;
        return side(String(n), `pg1o.${n}`);
      },
      join: async (/** @type {string} */ code) => {
        if (!code.startsWith("pg1o.")) throw new Error("not an offer");
        return side(code.slice(5), `pg1a.${code.slice(5)}`);
      },
      complete: async (/** @type {any} */ link, /** @type {string} */ code) => {
        const id = link.code.slice(5);
        if (code !== `pg1a.${id}`) throw new Error("not its answer");
        for (const s of sides.get(id) ?? []) s.open({ label: `channel ${id}` });
      },
    },
  };
}

describe("a room at a signalling server", () => {
  it("has a short random code, and ids made from it", () => {
    const room = roomCode();
    assert.ok(isRoomCode(room), room);
    assert.notEqual(roomCode(), room);
    assert.equal(hostId(room), `pygames-${room}`);
    assert.match(guestId(room), new RegExp(`^pygames-${room}-[0-9a-f]{12}$`));
    for (const bad of ["", "ABCDEF0123", "0123456789a", 42, null]) assert.equal(isRoomCode(bad), false);
  });

  it("takes a STUN server as a person types it, or none", () => {
    assert.deepEqual(iceServersOf(""), []);
    assert.deepEqual(iceServersOf("  "), []);
    assert.deepEqual(iceServersOf("stun.example.org:3478"), [{ urls: "stun:stun.example.org:3478" }]);
    assert.deepEqual(iceServersOf("STUN:Stun.Example.org"), [{ urls: "stun:stun.example.org" }]);
    assert.deepEqual(iceServersOf("192.168.1.2:19302"), [{ urls: "stun:192.168.1.2:19302" }]);
    for (const bad of ["turn:x.org", "https://x.org", "x.org:0", "x.org:70000", "x.org/path", "a b", "x.org:", "-x.org"]) {
      assert.throws(() => iceServersOf(bad), (e) => e instanceof SignalError && e.reason === "shell.peer.signal.stun", bad);
    }
  });

  it("reads only the meeting's own messages", () => {
    assert.deepEqual(readMeeting({ m: "ask", extra: 1 }), { m: "ask" });
    assert.deepEqual(readMeeting({ m: "offer", code: "pg1o.x" }), { m: "offer", code: "pg1o.x" });
    for (const bad of [null, "ask", [], { m: "hello" }, { m: "offer" }, { m: "answer", code: 5 }, { m: "answer", code: "x".repeat(7000) }]) {
      assert.equal(readMeeting(bad), null, JSON.stringify(bad)?.slice(0, 30));
    }
  });
});

describe("a host and its guests meeting through a PeerJS server", () => {
  const seat = serverSeats();

  it("links each guest who asks to the host, with the STUN server the host chose", async () => {
    const room = roomCode();
    const { linking, stats } = fakeLinking();
    const hostSeat = seat(hostId(room));
    await hostSeat.open();
    /** @type {unknown[]} */
    const linked = [];
    const stun = [{ urls: "stun:stun.example.org" }];
    const meeting = new MeetingHost({ seat: hostSeat, iceServers: stun, linked: (link) => linked.push(link.code), linking });
    const guests = [seat(guestId(room)), seat(guestId(room))];
    await Promise.all(guests.map((g) => g.open()));
    const links = await Promise.all(guests.map((g) => meetHost({ seat: g, room, iceServers: [], linking, askMs: 300 })));
    assert.deepEqual(links.map((l) => l.open.label).sort(), ["channel 1", "channel 2"]);
    // The host has handed on both links, each once.
    await new Promise((resolve) => setTimeout(resolve, 100));
    assert.deepEqual([...linked].sort(), ["pg1o.1", "pg1o.2"]);
    assert.deepEqual(stats.iceServers, [stun, stun]);
    meeting.close();
    guests.forEach((g) => g.close());
  });

  it("reaches a host that comes back (a reload): the guest asks until it answers", async () => {
    const room = roomCode();
    const { linking } = fakeLinking();
    const guest = seat(guestId(room));
    await guest.open();
    const meeting = meetHost({ seat: guest, room, iceServers: [], linking, askMs: 200 });
    await new Promise((resolve) => setTimeout(resolve, 700)); // no host yet: asks wait or expire
    const hostSeat = seat(hostId(room));
    await hostSeat.open();
    /** @type {string[]} */
    const linked = [];
    const host = new MeetingHost({ seat: hostSeat, iceServers: [], linked: (link) => linked.push(link.code), linking });
    const link = await meeting;
    assert.match(link.code, /^pg1a\./);
    await new Promise((resolve) => setTimeout(resolve, 100));
    assert.equal(linked.length, 1);
    host.close();
    guest.close();
  });

  it("makes only a few links at once for guests who do not answer, and drops them in time", async () => {
    const room = roomCode();
    const { linking, stats } = fakeLinking();
    const hostSeat = seat(hostId(room));
    await hostSeat.open();
    const host = new MeetingHost({ seat: hostSeat, iceServers: [], linked: () => {}, linking, answerMs: 800 });
    // Askers who never answer (anyone who knows the room may ask).
    const askers = Array.from({ length: MAX_PENDING + 3 }, () => seat(guestId(room)));
    await Promise.all(askers.map((a) => a.open()));
    /** @type {unknown[]} */
    const said = [];
    for (const a of askers) {
      a.onMessage = ({ payload }) => said.push(readMeeting(payload)?.m);
      a.send(hostId(room), { m: "ask" });
    }
    await new Promise((resolve) => setTimeout(resolve, 400));
    assert.equal(stats.made, MAX_PENDING);
    assert.equal(said.filter((m) => m === "offer").length, MAX_PENDING);
    assert.equal(said.filter((m) => m === "busy").length, 3);
    // Unanswered, the offers are dropped: a real guest then gets its link.
    await new Promise((resolve) => setTimeout(resolve, 800));
    assert.equal(host.pending.size, 0);
    assert.equal(stats.closed, MAX_PENDING);
    const guest = seat(guestId(room));
    await guest.open();
    const link = await meetHost({ seat: guest, room, iceServers: [], linking, askMs: 300 });
    assert.ok(link.open);
    host.close();
    askers.forEach((a) => a.close());
    guest.close();
  });

  it("drops what is not a meeting, and an answer to no offer, and links nothing for them", async () => {
    const room = roomCode();
    const { linking, stats } = fakeLinking();
    const hostSeat = seat(hostId(room));
    await hostSeat.open();
    let linked = 0;
    const host = new MeetingHost({ seat: hostSeat, iceServers: [], linked: () => { linked += 1; }, linking });
    const stranger = seat(guestId(room));
    await stranger.open();
    for (const payload of ["ask", null, [1], { m: "offer", code: "pg1o.1" }, { m: "answer", code: "pg1a.1" }, { m: "ask", code: 1, x: "y".repeat(100) }]) {
      stranger.send(hostId(room), payload);
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
    // Only the last (an ask, whatever else it holds) made an offer; nothing was linked.
    assert.equal(stats.made, 1);
    assert.equal(linked, 0);
    // A wrong answer to that offer closes it; nothing is linked.
    stranger.send(hostId(room), { m: "answer", code: "pg1a.999" });
    await new Promise((resolve) => setTimeout(resolve, 300));
    assert.equal(linked, 0);
    assert.equal(host.pending.size, 0);
    assert.equal(stats.closed, 1);
    host.close();
    stranger.close();
  });

  it("stops asking when the guest leaves", async () => {
    const room = roomCode();
    const { linking } = fakeLinking();
    const guest = seat(guestId(room));
    await guest.open();
    const leaving = new AbortController();
    const meeting = meetHost({ seat: guest, room, iceServers: [], linking, askMs: 100, signal: leaving.signal });
    leaving.abort();
    await assert.rejects(meeting, (e) => e instanceof DOMException && e.name === "AbortError");
    guest.close();
  });
});
