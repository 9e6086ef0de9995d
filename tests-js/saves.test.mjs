// The automatic saves: web/js/saves.js. One save per game, versions that tell a tab another one
// wrote its game, pruning that never touches an unfinished game, a full or blocked storage said
// as such, damaged saves listed as damaged, and the single save of earlier versions kept.
import assert from "node:assert/strict";
import { describe, it } from "node:test";

import { KEEP, Saves, continues, hasUnsavedMoves, idOfKey, isQuotaError, parseSave, readSave, recordText, saveKey } from "../web/js/saves.js";

/** A Storage in memory, shared by the "tabs" given it; `quota` (characters in all) makes it
 *  throw as a full browser storage does, `denied` as a blocked one does. */
class MemoryStorage {
  constructor(quota = Infinity) {
    /** @type {Map<string, string>} */
    this.map = new Map();
    this.full = false;
    this.denied = false;
    this.quota = quota;
  }
  get used() {
    let n = 0;
    for (const [k, v] of this.map) n += k.length + v.length;
    return n;
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
    if (this.denied) throw Object.assign(new Error("The operation is insecure."), { name: "SecurityError" });
    const grows = k.length + String(v).length - (this.map.has(k) ? k.length + (this.map.get(k) ?? "").length : 0);
    if (this.full || this.used + grows > this.quota) {
      throw Object.assign(new Error("The quota has been exceeded."), { name: "QuotaExceededError", code: 22 });
    }
    this.map.set(k, String(v));
  }
  /** @param {string} k */
  removeItem(k) {
    this.map.delete(k);
  }
}

const record = (/** @type {number} */ moves, game = "tanbo") => ({
  version: 1,
  game,
  options: {},
  seats: [{ name: "A", bot: null }, { name: "B", bot: "normal" }],
  seed: 7,
  actions: Array.from({ length: moves }, (_, i) => [i % 2, { type: "place", n: i }]),
});
const game = (/** @type {number} */ moves, over = false) => ({ record: record(moves), over, game: "tanbo", step: moves });
let clock = 0;
const tab = (/** @type {MemoryStorage} */ storage) => new Saves(/** @type {any} */ (storage), /** @type {any} */ (new MemoryStorage()), () => ++clock);

describe("Saves", () => {
  it("keeps one save per game, each with its own version", () => {
    const saves = tab(new MemoryStorage());
    assert.deepEqual(saves.write("a", game(1), null), { status: "written", version: 1, removed: 0 });
    assert.deepEqual(saves.write("b", game(3), null), { status: "written", version: 1, removed: 0 });
    assert.deepEqual(saves.write("a", game(2), 1), { status: "written", version: 2, removed: 0 });
    assert.deepEqual(saves.list().map((s) => [s.id, s.step, s.version]), [["a", 2, 2], ["b", 3, 1]]);
  });

  it("writes nothing when nothing changed, unless the game is claimed", () => {
    const saves = tab(new MemoryStorage());
    saves.write("a", game(2), null);
    assert.deepEqual(saves.write("a", game(2), 1), { status: "unchanged", version: 1 });
    assert.deepEqual(saves.write("a", game(2), 1, { claim: true }), { status: "written", version: 2, removed: 0 });
  });

  it("refuses to write over a version another tab wrote since", () => {
    const storage = new MemoryStorage();
    const first = tab(storage);
    const second = tab(storage);
    first.write("a", game(1), null);
    second.write("a", game(2), 1); // the second tab moved: version 2
    const answer = first.write("a", game(2), 1);
    assert.equal(answer.status, "moved");
    assert.equal(answer.status === "moved" && answer.save.version, 2);
    assert.equal(first.read("a")?.step, 2);
  });

  it("resumes this tab's game first, else the most recent unfinished one", () => {
    const storage = new MemoryStorage();
    const saves = tab(storage);
    saves.write("old", game(4), null);
    saves.write("done", game(9, true), null);
    saves.write("new", game(1), null);
    assert.equal(saves.toResume()?.save?.id, "new");
    saves.setTabGame("old");
    assert.equal(saves.toResume()?.save?.id, "old");
    assert.equal(saves.latest()?.id, "new");
  });

  it("keeps at most KEEP saves, dropping the oldest finished games first", () => {
    const saves = tab(new MemoryStorage());
    saves.write("finished", game(5, true), null);
    for (let i = 0; i < KEEP; i++) saves.write(`g${i}`, game(1), null);
    const ids = saves.list().map((s) => s.id);
    assert.equal(ids.length, KEEP);
    assert.ok(!ids.includes("finished"));
    assert.ok(ids.includes("g0"));
  });

  it("never drops an unfinished game for the cap: only finished ones go, oldest first", () => {
    const saves = tab(new MemoryStorage());
    for (let i = 0; i < KEEP + 3; i++) saves.write(`u${i}`, game(1), null);
    assert.equal(saves.list().length, KEEP + 3); // every unfinished game kept
    saves.write("f-old", game(9, true), null);
    saves.write("f-new", game(9, true), null);
    saves.write("another", game(2), null);
    const ids = saves.list().map((s) => s.id);
    assert.ok(ids.includes("another") && ids.every((id) => id !== "f-old" && id !== "f-new"));
    assert.equal(ids.filter((id) => id.startsWith("u")).length, KEEP + 3);
  });

  it("answers failed when storage is full or missing, says which, and loses nothing it had", () => {
    const storage = new MemoryStorage();
    const saves = tab(storage);
    saves.write("a", game(1), null);
    storage.full = true;
    assert.deepEqual(saves.write("a", game(2), 1), { status: "failed", reason: "full", removed: 0 });
    assert.equal(saves.read("a")?.step, 1);
    assert.deepEqual(new Saves(null, null).write("a", game(1), null), { status: "failed", reason: "off", removed: 0 });
    storage.full = false;
    storage.denied = true;
    assert.deepEqual(saves.write("a", game(2), 1), { status: "failed", reason: "off", removed: 0 });
    assert.equal(saves.read("a")?.step, 1);
  });

  it("makes room from finished games only when full, and says how many went", () => {
    const size = JSON.stringify({ id: "x0", ...game(30), version: 1, time: 1 }).length + 20;
    const storage = new MemoryStorage(size * 6);
    const saves = tab(storage);
    for (const id of ["u1", "u2", "u3"]) saves.write(id, game(30), null);
    for (const id of ["f1", "f2"]) saves.write(id, game(30, true), null);
    const bigger = saves.write("u1", game(80), 1); // needs the room of one finished game or more
    assert.equal(bigger.status, "written");
    assert.ok(bigger.status === "written" && bigger.removed >= 1);
    assert.deepEqual(saves.list().filter((s) => !s.over).map((s) => s.id).sort(), ["u1", "u2", "u3"]);
    // With no finished game left to remove, nothing unfinished goes: the write fails instead.
    const finishedBefore = saves.list().filter((s) => s.over).length;
    const huge = saves.write("u2", game(400), 1);
    // The finished games it removed trying are counted, so the page can say so.
    assert.deepEqual(huge, { status: "failed", reason: "full", removed: finishedBefore });
    assert.equal(saves.list().filter((s) => s.over).length, 0);
    assert.deepEqual(saves.list().filter((s) => !s.over).map((s) => [s.id, s.step]).sort(),
      [["u1", 80], ["u2", 30], ["u3", 30]]);
  });

  it("tells whether this device keeps anything", () => {
    const storage = new MemoryStorage();
    assert.equal(tab(storage).works(), true);
    storage.denied = true;
    assert.equal(tab(storage).works(), false);
    assert.equal(new Saves(null, null).works(), false);
    storage.denied = false;
    storage.full = true; // full is not off: deleting a save makes room
    assert.equal(tab(storage).works(), true);
    assert.equal(isQuotaError({ name: "QuotaExceededError" }), true);
    assert.equal(isQuotaError({ name: "NS_ERROR_DOM_QUOTA_REACHED" }), true);
    assert.equal(isQuotaError({ name: "SecurityError", code: 18 }), false);
  });

  it("lists damaged saves as damaged, with what is wrong, instead of skipping them", () => {
    const storage = new MemoryStorage();
    const saves = tab(storage);
    saves.write("good", game(2), null);
    storage.setItem(saveKey("garbage"), "\u0000 not a save");
    storage.setItem(saveKey("cut"), JSON.stringify({ id: "cut", ...game(5), version: 1, time: 99 }).slice(0, 60));
    storage.setItem(saveKey("label"), JSON.stringify({ id: "label", ...game(3), game: "storm_in_a_teacup", version: 1, time: 5 }));
    const byId = Object.fromEntries(saves.entries().map((e) => [e.id, e]));
    assert.equal(byId.good.problem, null);
    assert.equal(byId.good.save?.step, 2);
    assert.equal(byId.garbage.problem, "unreadable");
    assert.equal(byId.cut.problem, "unreadable");
    assert.equal(byId.label.problem, "mismatch");
    assert.equal(byId.label.game, "storm_in_a_teacup");
    assert.equal(byId.label.time, 5);
    assert.deepEqual(saves.list().map((s) => s.id), ["good"]);
    // A save the engine refused is listed as damaged from then on, with the refusal.
    saves.markBroken("good", { id: "core.damaged.autosave", args: {} });
    const marked = saves.entries().find((e) => e.id === "good");
    assert.equal(marked?.problem, "refused");
    assert.deepEqual(marked?.broken, { id: "core.damaged.autosave", args: {} });
    assert.equal(saves.list().length, 0);
    saves.remove("garbage");
    assert.ok(!saves.entries().some((e) => e.id === "garbage"));
  });

  it("answers this tab's damaged game when resuming, not another game in silence", () => {
    const storage = new MemoryStorage();
    const saves = tab(storage);
    saves.write("other", game(2), null);
    storage.setItem(saveKey("mine"), "{truncated");
    saves.setTabGame("mine");
    const resumed = saves.toResume();
    assert.equal(resumed?.id, "mine");
    assert.equal(resumed?.save, null);
    assert.equal(resumed?.problem, "unreadable");
  });

  it("keeps a name given to a save across later writes, without bumping its version", () => {
    const storage = new MemoryStorage();
    const playing = tab(storage);
    const lobby = tab(storage);
    playing.write("a", game(1), null);
    assert.equal(lobby.rename("a", "  Friday  "), true);
    assert.equal(lobby.read("a")?.name, "Friday");
    assert.equal(lobby.read("a")?.version, 1);
    assert.equal(playing.write("a", game(2), 1).status, "written"); // not "moved"
    assert.equal(playing.read("a")?.name, "Friday");
    lobby.rename("a", " ");
    assert.equal(lobby.read("a")?.name, undefined);
    assert.equal(lobby.rename("missing", "x"), false);
  });

  it("keeps a review with its game, for the record it reviewed, without a new version", () => {
    const storage = new MemoryStorage();
    const saves = tab(storage);
    saves.write("a", game(4, true), null);
    const result = { seats: [0], points: [{ step: 0, seat: 0, value: 0.5 }], marks: [] };
    assert.equal(saves.keepReview("a", 3, result), false); // reviewed another record: not kept
    assert.equal(saves.review("a"), null);
    assert.equal(saves.keepReview("a", 4, result), true);
    assert.deepEqual(saves.review("a"), result);
    assert.equal(saves.read("a")?.version, 1); // no other tab hears of it
    saves.write("a", game(5), 1); // the game went on (an undo, a move): the review is gone
    assert.equal(saves.review("a"), null);
    saves.write("b", game(2, true), null);
    storage.full = true; // a full storage keeps no review, and loses nothing else
    assert.equal(saves.keepReview("b", 2, result), false);
    assert.equal(saves.read("b")?.step, 2);
    assert.equal(saves.keepReview("missing", 1, result), false);
  });

  it("keeps the single save of earlier versions as a game of its own", () => {
    const storage = new MemoryStorage();
    storage.setItem("pygames:autosave", JSON.stringify({ record: record(3), over: false, game: "tanbo", step: 3 }));
    const saves = tab(storage);
    assert.equal(storage.getItem("pygames:autosave"), null);
    const [only] = saves.list();
    assert.equal(only.step, 3);
    assert.deepEqual(only.record, record(3));
  });

  it("reads damaged saves as none", () => {
    assert.equal(parseSave("{not json"), null);
    assert.equal(parseSave(JSON.stringify({ id: "a" })), null);
    assert.deepEqual(readSave("[1]"), { problem: "unreadable" });
    assert.equal(idOfKey(saveKey("x")), "x");
    assert.equal(idOfKey("pygames.language"), null);
  });

  it("tells a tab whether it holds moves the save lacks", () => {
    assert.equal(hasUnsavedMoves(recordText(record(2)), record(2)), false);
    assert.equal(hasUnsavedMoves(recordText(record(2)), record(3)), true);
    assert.equal(hasUnsavedMoves(null, record(0)), true);
  });

  it("knows a link's game carried on in a save, whatever the order of its keys", () => {
    const link = record(2);
    const later = { ...record(5), seats: link.seats.map((s) => ({ bot: s.bot, name: s.name })) };
    assert.equal(continues(link, later), true);
    assert.equal(continues(link, record(2)), true);
    assert.equal(continues(record(5), link), false); // the save is behind the link
    assert.equal(continues(link, { ...later, seed: 8 }), false);
    assert.equal(continues(link, record(5, "storm_in_a_teacup")), false);
    const other = record(5);
    other.actions[1] = [1, { type: "place", n: 99 }];
    assert.equal(continues(link, other), false);
  });
});
