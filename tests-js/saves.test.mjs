// The automatic saves: web/js/saves.js (issue 11). One save per game, versions that tell a tab
// another one wrote its game, pruning, and the single save of earlier versions kept.
import assert from "node:assert/strict";
import { describe, it } from "node:test";

import { KEEP, Saves, hasUnsavedMoves, idOfKey, parseSave, recordText, saveKey, storageWorks } from "../web/js/saves.js";

/** A Storage in memory, shared by the "tabs" given it. */
class MemoryStorage {
  constructor() {
    /** @type {Map<string, string>} */
    this.map = new Map();
    this.full = false;
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
    if (this.full) throw new Error("QuotaExceededError");
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
    assert.deepEqual(saves.write("a", game(1), null), { status: "written", version: 1 });
    assert.deepEqual(saves.write("b", game(3), null), { status: "written", version: 1 });
    assert.deepEqual(saves.write("a", game(2), 1), { status: "written", version: 2 });
    assert.deepEqual(saves.list().map((s) => [s.id, s.step, s.version]), [["a", 2, 2], ["b", 3, 1]]);
  });

  it("writes nothing when nothing changed, unless the game is claimed", () => {
    const saves = tab(new MemoryStorage());
    saves.write("a", game(2), null);
    assert.deepEqual(saves.write("a", game(2), 1), { status: "unchanged", version: 1 });
    assert.deepEqual(saves.write("a", game(2), 1, { claim: true }), { status: "written", version: 2 });
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
    assert.equal(saves.toResume()?.id, "new");
    saves.setTabGame("old");
    assert.equal(saves.toResume()?.id, "old");
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

  it("answers failed when storage is full or missing, and loses nothing it had", () => {
    const storage = new MemoryStorage();
    const saves = tab(storage);
    saves.write("a", game(1), null);
    storage.full = true;
    assert.deepEqual(saves.write("a", game(2), 1), { status: "failed" });
    assert.equal(saves.read("a")?.step, 1);
    assert.deepEqual(new Saves(null, null).write("a", game(1), null), { status: "failed" });
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
    assert.equal(idOfKey(saveKey("x")), "x");
    assert.equal(idOfKey("pygames.language"), null);
  });

  it("tells a tab whether it holds moves the save lacks", () => {
    assert.equal(hasUnsavedMoves(recordText(record(2)), record(2)), false);
    assert.equal(hasUnsavedMoves(recordText(record(2)), record(3)), true);
    assert.equal(hasUnsavedMoves(null, record(0)), true);
  });
});

describe("storageWorks", () => {
  it("is true where a write goes through, and leaves nothing behind", () => {
    const storage = new MemoryStorage();
    storage.setItem("pygames:game:a", "kept");
    assert.equal(storageWorks(/** @type {any} */ (storage)), true);
    assert.deepEqual([...storage.map.keys()], ["pygames:game:a"]);
  });

  it("is false where storage is missing", () => {
    assert.equal(storageWorks(null), false);
  });

  it("is false where a write throws (site data blocked, a private mode without room)", () => {
    const refusing = new MemoryStorage();
    refusing.setItem = () => {
      throw new DOMException("Access is denied for this document.", "SecurityError");
    };
    assert.equal(storageWorks(/** @type {any} */ (refusing)), false);
    const full = new MemoryStorage();
    full.full = true;
    assert.equal(storageWorks(/** @type {any} */ (full)), false);
  });

  it("is false where even removing throws", () => {
    const storage = new MemoryStorage();
    storage.removeItem = () => {
      throw new DOMException("denied", "SecurityError");
    };
    assert.equal(storageWorks(/** @type {any} */ (storage)), false);
  });

  it("reads localStorage itself when given nothing, and a refusal to read it is a no", () => {
    const had = Object.getOwnPropertyDescriptor(globalThis, "localStorage");
    try {
      Object.defineProperty(globalThis, "localStorage", { value: new MemoryStorage(), configurable: true });
      assert.equal(storageWorks(), true);
      Object.defineProperty(globalThis, "localStorage", {
        get() {
          throw new DOMException("The document is sandboxed.", "SecurityError");
        },
        configurable: true,
      });
      assert.equal(storageWorks(), false);
    } finally {
      if (had) Object.defineProperty(globalThis, "localStorage", had);
      else delete (/** @type {any} */ (globalThis)).localStorage;
    }
  });
});
