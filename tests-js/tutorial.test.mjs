// The lesson's logic (web/js/tutorial.js): where the learner stands, read from the record; the
// one move each step allows; the lobby configuration; the tab's marker that resumes a lesson.
import assert from "node:assert/strict";
import { describe, it } from "node:test";

import { LEARNER, TUTORIAL_KEY, Tutorial } from "../web/js/tutorial.js";

const data = {
  game: "tanbo",
  seed: 239,
  options: { first_player: 0 },
  opponent: { name: "Kenji", bot: "easy" },
  steps: [
    { move: { type: "farmer", paddy: 0 }, text: "tanbo.tutorial.farmer" },
    { move: { type: "swap", a: [2, "snake"], b: [4, "yellow"] }, text: "tanbo.tutorial.swap" },
  ],
  end: "tanbo.tutorial.end",
};
const record = (/** @type {[number, any][]} */ actions) => ({ version: 1, game: "tanbo", options: {}, seats: [], seed: 239, actions });

class MemoryStorage {
  constructor() {
    /** @type {Map<string, string>} */
    this.map = new Map();
  }
  /** @param {string} k */
  getItem(k) {
    return this.map.get(k) ?? null;
  }
  /** @param {string} k @param {string} v */
  setItem(k, v) {
    this.map.set(k, v);
  }
  /** @param {string} k */
  removeItem(k) {
    this.map.delete(k);
  }
}

describe("Tutorial", () => {
  it("reads the learner's step from the record: the bot's moves do not count", () => {
    const lesson = new Tutorial(/** @type {any} */ (data), "s1");
    assert.equal(lesson.done(record([])), 0);
    assert.deepEqual(lesson.current(record([]))?.move, data.steps[0].move);
    const after = record([[LEARNER, data.steps[0].move], [1, { type: "farmer", paddy: 4 }]]);
    assert.equal(lesson.done(after), 1);
    assert.equal(lesson.current(after)?.text, "tanbo.tutorial.swap");
    assert.equal(lesson.current(record([[0, {}], [0, {}]])), null); // every step made
  });

  it("allows the asked move only, as an object or as JSON text, whatever its keys' order", () => {
    const lesson = new Tutorial(/** @type {any} */ (data), "s1");
    const at = record([[LEARNER, data.steps[0].move]]);
    assert.ok(lesson.allows({ type: "swap", b: [4, "yellow"], a: [2, "snake"] }, at));
    assert.ok(lesson.allows('{"type":"swap","a":[2,"snake"],"b":[4,"yellow"]}', at));
    assert.ok(!lesson.allows({ type: "swap", a: [2, "snake"], b: [3, "yellow"] }, at));
    assert.ok(!lesson.allows("{not json", at));
    assert.ok(lesson.allows({ type: "anything" }, record([[0, {}], [0, {}]]))); // over: free
  });

  it("starts the lesson's game: its seed, options and bot, no hints", () => {
    const config = new Tutorial(/** @type {any} */ (data), "").config("Ann");
    assert.deepEqual(config, { game: "tanbo", seed: 239, options: { first_player: 0 }, seats: [{ name: "Ann", bot: null }, { name: "Kenji", bot: "easy" }], hints: false });
  });

  it("remembers which save is a lesson, for that save only, and forgets it", () => {
    const storage = new MemoryStorage();
    new Tutorial(/** @type {any} */ (data), "s1").remember(storage);
    assert.equal(Tutorial.recall(storage, "s1"), "tanbo");
    assert.equal(Tutorial.recall(storage, "s2"), null);
    storage.setItem(TUTORIAL_KEY, "{damaged");
    assert.equal(Tutorial.recall(storage, "s1"), null);
    Tutorial.forget(storage);
    assert.equal(storage.getItem(TUTORIAL_KEY), null);
    assert.equal(Tutorial.recall(null, "s1"), null); // storage off: no lesson to resume
  });
});
