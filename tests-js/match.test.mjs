// The match store (web/js/match.js) with a fake engine and saves in memory, no browser: a
// person's decision and the bot's reply, a stale click, hot seat's hand-overs, a stopped match,
// undo, a refusal, an optional bot that declines, and a game that went on in another tab.
import assert from "node:assert/strict";
import { describe, it } from "node:test";

import { Match } from "../web/js/match.js";
import { Saves } from "../web/js/saves.js";

/** A Storage in memory. */
class MemoryStorage {
  constructor() {
    /** @type {Map<string, string>} */
    this.map = new Map();
  }
  get length() {
    return this.map.size;
  }
  /** @param {number} i */
  key(i) {
    return [...this.map.keys()][i] ?? null;
  }
  /** @param {string} k */
  getItem(k) {
    return this.map.get(k) ?? null;
  }
  /** @param {string} k @param {string} v */
  setItem(k, v) {
    this.map.set(k, String(v));
  }
  /** @param {string} k */
  removeItem(k) {
    this.map.delete(k);
  }
}

/**
 * A fake engine for a pile of stones: seats take 1 to 3 in turn; whoever takes the last wins.
 * With `tea`, seat `tea` may also "wait" on others' turns (an optional action, like Tea).
 * Every call is logged in `calls`; it answers in the bridge's shapes.
 */
class PileEngine {
  /** @param {{seats: {name: string, bot: string | null}[], stones?: number, tea?: number}} setup */
  constructor({ seats, stones = 9, tea = -1 }) {
    this.seats = seats;
    this.start = stones;
    this.tea = tea;
    /** @type {[number, any][]} */
    this.actions = [];
    /** @type {string[]} */
    this.calls = [];
    /** @type {null | ((seat: number, step: number) => any)} what a bot chooses */
    this.chooser = null;
    /** @type {[number, number][]} the hints asked for */
    this.hints = [];
    /** @type {Promise<void> | null} a hint's answer waits for this */
    this.hintGate = null;
  }
  get stones() {
    return this.start - this.actions.reduce((n, [, a]) => n + (a.type === "take" ? a.n : 0), 0);
  }
  get turn() {
    return this.actions.filter(([, a]) => a.type === "take").length % this.seats.length;
  }
  status() {
    const over = this.stones <= 0;
    const actors = over ? [] : [this.turn, ...(this.tea >= 0 && this.tea !== this.turn ? [this.tea] : [])];
    return {
      game: "pile",
      step: this.actions.length,
      over,
      actors,
      awaiting: over ? [] : [this.turn],
      seats: this.seats,
      undo: { possible: true, why: null },
    };
  }
  /** @param {number} seat */
  legal(seat) {
    if (this.stones <= 0) return [];
    if (seat === this.turn) return [1, 2, 3].filter((n) => n <= this.stones).map((n) => ({ type: "take", n }));
    return seat === this.tea ? [{ type: "wait" }] : [];
  }
  /** @param {number} seat */
  screen(seat) {
    const status = this.status();
    const people = this.seats.map((s, i) => (s.bot ? -1 : i)).filter((i) => i >= 0);
    const optional = status.actors.filter((s) => !status.awaiting.includes(s) && s !== seat).map((s) => ({ seat: s, legal: this.legal(s) }));
    return { status, seat, view: { stones: this.stones, log: [] }, legal: seat >= 0 ? this.legal(seat) : [], optional, people };
  }
  /** @param {number} shown */
  shownSeat(shown) {
    const people = this.seats.map((s, i) => (s.bot ? -1 : i)).filter((i) => i >= 0);
    const awaited = this.status().awaiting.filter((s) => people.includes(s));
    if (awaited.length) return awaited[0];
    return people.includes(shown) ? shown : people[0] ?? -1;
  }
  record() {
    const record = { version: 1, game: "pile", options: {}, seats: this.seats, seed: 1, actions: this.actions.map(([s, a]) => [s, a]) };
    return this.hints.length ? { ...record, hints: this.hints.map((h) => [...h]) } : record;
  }
  opened() {
    return { ok: true, match: "m1", ...this.screen(this.shownSeat(-1)), record: this.record() };
  }
  /** @param {number} seat @param {any} action @param {number} step @param {number} shown */
  apply(seat, action, step, shown) {
    if (step !== this.actions.length) return { ok: false, error_type: "StaleView", error: "stale", message: { id: "core.bridge.stale", args: {} } };
    if (!this.legal(seat).some((a) => JSON.stringify(a) === JSON.stringify(action))) {
      return { ok: false, error_type: "IllegalAction", error: "no", message: { id: "core.text", args: { text: "no" } } };
    }
    const from = this.actions.length;
    this.actions.push([seat, action]);
    return { ok: true, ...this.screen(this.shownSeat(shown)), action, log: [], tail: { from, actions: this.actions.slice(from) } };
  }
  // The bridge's calls.
  /** @param {string} m @param {number} seat */
  async view(m, seat) {
    this.calls.push(`view ${seat}`);
    return { ok: true, ...this.screen(seat) };
  }
  /** @param {string} m @param {number} seat @param {string} text @param {number} step @param {number} shown */
  async act(m, seat, text, step, shown) {
    this.calls.push(`act ${seat} ${text}`);
    return this.apply(seat, JSON.parse(text), step, shown);
  }
  /** @param {number} seat @param {number} step */
  choose(seat, step) {
    return this.chooser ? this.chooser(seat, step) : this.legal(seat)[0] ?? null;
  }
  /** @param {string} m @param {number} seat @param {number} step @param {number} shown */
  async bot_act(m, seat, step, shown) {
    this.calls.push(`bot_act ${seat}`);
    return this.apply(seat, this.choose(seat, step), step, shown);
  }
  /** @param {string} m @param {number} seat @param {number} step */
  async bot_choose(m, seat, step) {
    this.calls.push(`bot_choose ${seat}`);
    return { ok: true, action: this.choose(seat, step) };
  }
  /** @param {string} m @param {number} shown */
  async undo(m, shown) {
    this.calls.push(`undo ${shown}`);
    const own = this.actions.map(([s], i) => (s === shown ? i : -1)).filter((i) => i >= 0);
    if (!own.length) return { ok: false, error_type: "IllegalAction", error: "nothing", message: { id: "core.undo.nothing", args: {} } };
    this.actions = this.actions.slice(0, own.at(-1));
    return { ok: true, ...this.screen(this.shownSeat(shown)), record: this.record() };
  }
  /** @param {string} m @param {number} seat @param {number} step */
  async hint(m, seat, step) {
    this.calls.push(`hint ${seat}`);
    if (this.hintGate) await this.hintGate;
    if (step !== this.actions.length) return { ok: false, error_type: "StaleView", error: "stale", message: { id: "core.bridge.stale", args: {} } };
    if (!this.hints.some(([s, n]) => s === seat && n === step)) this.hints.push([seat, step]);
    return { ok: true, action: this.legal(seat).at(-1) ?? null, why: { id: "core.text", args: { text: "most stones" } }, hints: this.hints.map((h) => [...h]) };
  }
  async export_record() {
    return { ok: true, record: this.record() };
  }
  async close() {
    this.calls.push("close");
    return { ok: true };
  }
}

const ANN = { name: "Ann", bot: null };
const BOB = { name: "Bob", bot: null };
const BOT = { name: "Bot", bot: "normal" };

/** A match on `engine`, its events kept in order; hand-overs are answered only when asked. */
function open(engine, { hidden = false, saves = new Saves(/** @type {any} */ (new MemoryStorage()), /** @type {any} */ (new MemoryStorage())) } = {}) {
  const match = new Match(/** @type {any} */ (engine), /** @type {any} */ (engine.opened()), { saves, hidden, botPace: 0, sleep: () => Promise.resolve() });
  /** @type {any[]} */
  const events = [];
  match.subscribe((event) => {
    events.push(event.type === "screen" ? { type: "screen", seat: match.seat, step: match.status.step, handover: event.handover } : event);
  });
  return { match, events, saves };
}

/** Let every flow in progress (a bot's turn started without being awaited) run to its end. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 10));

describe("Match", () => {
  it("shows the first screen, takes a person's decision, then lets the bot reply and saves", async () => {
    const engine = new PileEngine({ seats: [ANN, BOT] });
    const { match, events, saves } = open(engine);
    await match.start();
    assert.deepEqual(events[0], { type: "screen", seat: 0, step: 0, handover: false });
    await match.act({ type: "take", n: 2 }, { step: 0 });
    await settle();
    assert.deepEqual(engine.calls, ['act 0 {"type":"take","n":2}', "bot_act 1"]);
    assert.equal(match.status.step, 2);
    assert.deepEqual(match.record?.actions, engine.record().actions); // joined from the tails
    const screens = events.filter((e) => e.type === "screen");
    assert.deepEqual(screens.at(-1), { type: "screen", seat: 0, step: 2, handover: false });
    assert.ok(events.some((e) => e.type === "accepted"));
    const saved = saves.read(match.save.id);
    assert.deepEqual(saved?.record.actions, engine.record().actions);
    assert.equal(match.saving, "saved");
  });

  it("lets a click drawn before a bot's move stand if the same choice is still open, else says so", async () => {
    const engine = new PileEngine({ seats: [ANN, BOB], stones: 20 });
    const { match, events } = open(engine);
    await match.start();
    engine.actions.push([0, { type: "take", n: 1 }], [1, { type: "take", n: 1 }]); // moved meanwhile
    await match.act({ type: "take", n: 3 }, { step: 0 });
    assert.equal(engine.actions.length, 3); // still open to seat 0: it stands
    await match.act({ type: "take", n: 1 }, { seat: 0, step: 1 }); // not seat 0's turn any more
    assert.equal(engine.actions.length, 3);
    assert.ok(events.some((e) => e.type === "notice" && e.id === "shell.notice.stale"));
  });

  it("hands the device over in hot seat with secrets: the mover's look, then the pass screen", async () => {
    const engine = new PileEngine({ seats: [ANN, BOB] });
    const { match, events } = open(engine, { hidden: true });
    const starting = match.start();
    await settle();
    assert.deepEqual(events, [{ type: "pass", to: 0 }]); // the first person is asked for too
    match.ready();
    await starting;
    events.length = 0;
    const acting = match.act({ type: "take", n: 1 }, { step: 0 });
    await settle();
    assert.deepEqual(events.map((e) => e.type), ["busy", "accepted", "busy", "screen", "handover"]);
    assert.deepEqual(events[3], { type: "screen", seat: 0, step: 1, handover: true });
    assert.deepEqual(match.legal, []); // nothing to choose on the mover's last look
    match.ready(); // not asked yet: nothing happens
    await settle();
    assert.equal(events.at(-1).type, "handover");
    match.handoverDone();
    await settle();
    assert.deepEqual(events.at(-1), { type: "pass", to: 1 });
    match.ready();
    await acting;
    assert.deepEqual(events.slice(-2), [{ type: "passed" }, { type: "screen", seat: 1, step: 1, handover: false }]);
  });

  it("lands nothing once stopped: a bot waiting to move never moves", async () => {
    const engine = new PileEngine({ seats: [ANN, BOT] });
    /** @type {() => void} */
    let wake = () => {};
    const match = new Match(/** @type {any} */ (engine), /** @type {any} */ (engine.opened()), {
      saves: new Saves(null, null),
      hidden: false,
      sleep: () => new Promise((resolve) => (wake = resolve)),
    });
    await match.start();
    await match.act({ type: "take", n: 1 }, { step: 0 }); // the bot's pause begins
    match.stop();
    wake();
    await settle();
    assert.ok(!engine.calls.some((c) => c.startsWith("bot_")), engine.calls.join(", "));
    await match.act({ type: "take", n: 1 }, { step: 1 }); // a stopped match takes nothing either
    assert.equal(engine.actions.length, 1);
  });

  it("undoes the shown person's last decision and shows the table again", async () => {
    const engine = new PileEngine({ seats: [ANN, BOT] });
    const { match, events } = open(engine);
    await match.start();
    await match.act({ type: "take", n: 1 }, { step: 0 });
    await settle();
    assert.equal(match.status.step, 2);
    await match.undo();
    await settle();
    assert.equal(match.status.step, 0);
    assert.deepEqual(match.record?.actions, []);
    assert.ok(events.some((e) => e.type === "undone"));
    assert.deepEqual(events.filter((e) => e.type === "screen").at(-1), { type: "screen", seat: 0, step: 0, handover: false });
  });

  it("shows a hint for the person on screen, keeps it in the record and the save, and drops it when the table moves on", async () => {
    const engine = new PileEngine({ seats: [ANN, BOT], stones: 20 });
    const { match, events, saves } = open(engine);
    await match.start();
    assert.ok(match.mayHint());
    await match.hint();
    assert.deepEqual(match.hintShown, { seat: 0, step: 0, action: { type: "take", n: 3 }, why: { id: "core.text", args: { text: "most stones" } } });
    assert.deepEqual(match.record?.hints, [[0, 0]]);
    assert.deepEqual(match.hintsUsed(), [1, 0]);
    assert.deepEqual(saves.read(match.save.id)?.record.hints, [[0, 0]]); // a reload still counts it
    assert.equal(engine.actions.length, 0); // a hint plays nothing
    assert.ok(events.filter((e) => e.type === "hint").length >= 2); // thinking, then shown
    await match.act({ type: "take", n: 3 }, { step: 0 });
    await settle();
    assert.equal(match.hintShown, null); // the decision it was for is made
    assert.deepEqual(match.record?.hints, [[0, 0]]); // the tails keep it
    // A hint that arrives after the table moved on is dropped, not shown.
    /** @type {() => void} */
    let release = () => {};
    engine.hintGate = new Promise((resolve) => (release = resolve));
    const asking = match.hint();
    assert.ok(!match.mayHint()); // one at a time
    await match.act({ type: "take", n: 1 }, { step: 2 });
    release();
    await asking;
    await settle();
    assert.equal(match.hintShown, null);
    assert.ok(!events.some((e) => e.type === "error"));
  });

  it("offers no hint on a bot's turn, after the end, or at a table set up without hints", async () => {
    const engine = new PileEngine({ seats: [ANN, BOT], stones: 1 });
    const { match } = open(engine);
    await match.start();
    await match.act({ type: "take", n: 1 }, { step: 0 });
    await settle();
    assert.ok(match.status.over && !match.mayHint());
    await match.hint();
    assert.ok(!engine.calls.some((c) => c.startsWith("hint")));
    const off = new PileEngine({ seats: [ANN, BOT] });
    const opened = off.opened();
    opened.record = { ...opened.record, no_hints: true };
    const closed = new Match(/** @type {any} */ (off), /** @type {any} */ (opened), { saves: new Saves(null, null), hidden: false, botPace: 0, sleep: () => Promise.resolve() });
    await closed.start();
    assert.ok(!closed.hintsAllowed() && !closed.mayHint());
  });

  it("shows a refusal and changes nothing", async () => {
    const engine = new PileEngine({ seats: [ANN, BOT] });
    const { match, events } = open(engine);
    await match.start();
    await match.act({ type: "take", n: 7 }, { step: 0 });
    await settle();
    assert.equal(engine.actions.length, 0);
    assert.equal(match.status.step, 0);
    const error = events.find((e) => e.type === "error");
    assert.equal(error?.reply.error_type, "IllegalAction");
    assert.equal(match.busy, false);
  });

  it("asks an optional bot once a step, and goes on when it declines", async () => {
    const engine = new PileEngine({ seats: [ANN, BOB, BOT], tea: 2 });
    engine.chooser = (seat) => (seat === 2 ? null : { type: "take", n: 1 });
    const { match } = open(engine);
    await match.start();
    assert.deepEqual(engine.calls.filter((c) => c.startsWith("bot_")), ["bot_choose 2"]);
    await match.act({ type: "take", n: 1 }, { step: 0 });
    await settle();
    assert.deepEqual(engine.calls.filter((c) => c.startsWith("bot_")), ["bot_choose 2", "bot_choose 2"]);
    assert.equal(match.status.step, 1); // seat 1, a person, is awaited now
  });

  it("becomes read-only when another tab moved the game on, and keeps its own moves as a new game", async () => {
    const storage = new MemoryStorage();
    const saves = new Saves(/** @type {any} */ (storage), /** @type {any} */ (new MemoryStorage()));
    const engine = new PileEngine({ seats: [ANN, BOB], stones: 20 });
    const { match, events } = open(engine, { saves });
    await match.start();
    const saved = saves.read(match.save.id);
    assert.ok(saved);
    // Another tab writes a later version of the same game.
    const other = new Saves(/** @type {any} */ (storage), /** @type {any} */ (new MemoryStorage()));
    const later = { ...saved.record, actions: [[0, { type: "take", n: 2 }]] };
    other.write(saved.id, { record: /** @type {any} */ (later), over: false, game: "pile", step: 1 }, saved.version);
    const newer = other.read(saved.id);
    assert.ok(newer);
    await match.reconcile(newer);
    assert.equal(match.readOnly, true);
    assert.ok(events.some((e) => e.type === "readonly"));
    await match.act({ type: "take", n: 1 }, { step: 0 }); // read-only: nothing is sent
    assert.equal(engine.actions.length, 0);

    // A tab that moved at the same moment keeps its line as a game of its own.
    const second = new PileEngine({ seats: [ANN, BOB], stones: 20 });
    const mine = open(second, { saves });
    await mine.match.start();
    const first = mine.match.save.id;
    second.actions.push([0, { type: "take", n: 3 }]);
    mine.match.record = second.record(); // a move of its own not saved yet
    const theirs = saves.read(first);
    assert.ok(theirs);
    other.write(first, { record: /** @type {any} */ ({ ...theirs.record, actions: [[0, { type: "take", n: 1 }]] }), over: false, game: "pile", step: 1 }, theirs.version);
    await mine.match.reconcile(/** @type {any} */ (other.read(first)));
    assert.equal(mine.match.readOnly, false);
    assert.notEqual(mine.match.save.id, first);
    assert.ok(mine.events.some((e) => e.type === "notice" && e.id === "shell.tabs.forked"));
    assert.deepEqual(saves.read(mine.match.save.id)?.record.actions, second.record().actions);
  });

  it("at the host, plays its own people and bots and takes an away seat's decisions as they arrive", async () => {
    const engine = new PileEngine({ seats: [ANN, BOB, BOT], stones: 20, tea: 1 });
    const match = new Match(/** @type {any} */ (engine), /** @type {any} */ (engine.opened()), {
      saves: null,
      hidden: true,
      away: [1],
      botPace: 0,
      sleep: () => Promise.resolve(),
    });
    /** @type {any[]} */
    const events = [];
    match.subscribe((event) => {
      events.push(event.type);
    });
    await match.start();
    assert.deepEqual(match.people(), [0]);
    assert.equal(match.seat, 0);
    assert.ok(!events.includes("pass"), "one person here: nothing to hand over");
    assert.deepEqual(match.optional, [], "the away seat's optional action is offered at its own device");
    await match.act({ type: "take", n: 1 }, { step: 0 });
    assert.equal(match.status.step, 1); // now Bob's turn, at another device
    assert.equal(match.botThinking(), false);
    await match.act({ type: "take", n: 1 }, { seat: 1, step: 1 }); // not from this device
    assert.equal(engine.actions.length, 1);
    const refused = await match.remoteAct(1, { type: "take", n: 9 }, 1);
    assert.equal(refused.ok, false);
    assert.equal(engine.actions.length, 1, "a refusal changes nothing");
    const taken = await match.remoteAct(1, { type: "take", n: 2 }, 1);
    assert.deepEqual(taken, { ok: true });
    await settle(); // the bot (seat 2) replies here
    assert.deepEqual(engine.actions.map(([s]) => s), [0, 1, 2]);
    assert.equal(match.seat, 0);
    assert.equal((await match.remoteAct(0, { type: "take", n: 1 }, 3)).ok, false, "only away seats come this way");
    assert.equal(match.mayUndo(), false, "a decision seen on other devices is not taken back");
  });

  it("at a guest, shows its seat from the host's tables and sends its decisions over the link", async () => {
    const engine = new PileEngine({ seats: [ANN, BOB, BOT], stones: 20 });
    /** @type {any[]} */
    const sent = [];
    const guest = { decide: (/** @type {any} */ action) => sent.push(action) > 0 };
    const { PeerTransport } = await import("../web/js/peer-transport.js");
    /** @type {Match | null} */
    let match = null;
    const transport = new PeerTransport(guest, () => match?.moved());
    const first = engine.screen(1);
    transport.heard({ type: "table", step: 0, table: first });
    match = new Match(/** @type {any} */ (transport), /** @type {any} */ ({ match: "peer", ...first, record: null }), {
      saves: null,
      hidden: true,
      away: [0, 2],
      hints: false,
      botPace: 0,
      sleep: () => Promise.resolve(),
    });
    await match.start();
    assert.equal(match.seat, 1);
    assert.deepEqual(match.legal, []); // Ann's turn
    // The host's table moves on (Ann took 2): the store shows it.
    engine.actions.push([0, { type: "take", n: 2 }]);
    transport.heard({ type: "table", step: 1, table: engine.screen(1) });
    await settle();
    assert.equal(match.status.step, 1);
    assert.equal(match.legal.length, 3);
    const acting = match.act({ type: "take", n: 3 }, { step: 1 });
    await settle();
    assert.deepEqual(sent, [{ type: "take", n: 3 }]);
    assert.equal(match.busy, true);
    engine.actions.push([1, { type: "take", n: 3 }]);
    transport.heard({ type: "table", step: 2, table: engine.screen(1) });
    await acting;
    assert.equal(match.status.step, 2);
    assert.equal(match.busy, false);
    // A refused decision says why and changes nothing.
    engine.actions.push([2, { type: "take", n: 1 }]);
    engine.actions.push([0, { type: "take", n: 1 }]);
    transport.heard({ type: "table", step: 4, table: engine.screen(1) });
    await settle();
    /** @type {any[]} */
    const errors = [];
    match.subscribe((event) => {
      if (event.type === "error") errors.push(event.reply.message.id);
    });
    const again = match.act({ type: "take", n: 1 }, { step: 4 });
    await settle();
    transport.heard({ type: "refused", reason: "shell.peer.refused.stale", message: null });
    await again;
    assert.deepEqual(errors, ["shell.peer.refused.stale"]);
    // What only the host's engine answers is refused here, and nothing is kept on this device.
    assert.equal(match.hintsAllowed(), false);
    assert.equal((await transport.hint()).ok, false);
    assert.equal((await transport.bot_act()).ok, false);
    assert.equal(match.saving, null);
  });

  it("at the host, gives a person on another device the time to take an optional action before a bot moves", async () => {
    const engine = new PileEngine({ seats: [BOT, BOB, ANN], stones: 20, tea: 1 });
    /** @type {number[]} */
    const slept = [];
    const match = new Match(/** @type {any} */ (engine), /** @type {any} */ (engine.opened()), {
      saves: null,
      hidden: false,
      away: [1],
      botPace: 10,
      interruptFactor: 4,
      sleep: async (ms) => {
        slept.push(ms);
      },
    });
    await match.start();
    await settle();
    // The bot (seat 0) is awaited while Bob, at another device, may "wait" (as Tea): it gives
    // him four times its pace, as it would a person at this device.
    assert.equal(slept[0], 40);
    assert.deepEqual(match.optional, []);
  });
});

