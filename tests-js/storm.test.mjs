// Storm in a Teacup's pure helpers (web/js/games/storm_in_a_teacup.js): the run selection, the
// colour counts, and the words; checked against views of real games (web/dev/storm-fixtures.js).
import assert from "node:assert/strict";
import { describe, it } from "node:test";

import { fixtures } from "../web/dev/storm-fixtures.js";
import {
  countsOf,
  countsWords,
  describeAction,
  judge,
  lastMoveWords,
  pickCard,
  selection,
} from "../web/js/games/storm_in_a_teacup.js";

/** @returns {{anchor: number | null, end: number | null, tried: boolean}} */
const fresh = () => ({ anchor: null, end: null, tried: true });

/**
 * @param {ReturnType<typeof fresh>} st
 * @param {[number, boolean?][]} clicks card index, Shift held
 */
function clickAll(st, clicks) {
  for (const [i, shift = false] of clicks) pickCard(st, i, shift);
  return selection(st);
}

describe("selecting a run", () => {
  it("has nothing selected at first", () => {
    assert.equal(selection(fresh()), null);
  });

  it("takes the first click as a one-card run, the second as its other end", () => {
    const st = fresh();
    assert.deepEqual(clickAll(st, [[3]]), { start: 3, length: 1 });
    assert.equal(st.tried, false);
    assert.deepEqual(clickAll(st, [[6]]), { start: 3, length: 4 });
  });

  it("reads a run picked right to left the same way", () => {
    assert.deepEqual(clickAll(fresh(), [[6], [2]]), { start: 2, length: 5 });
  });

  it("starts a new run on a third click", () => {
    assert.deepEqual(clickAll(fresh(), [[1], [4], [7]]), { start: 7, length: 1 });
  });

  it("clears the run when its one card is clicked again", () => {
    const st = fresh();
    assert.equal(clickAll(st, [[5], [5]]), null);
    assert.equal(st.anchor, null);
    assert.equal(st.end, null);
  });

  it("moves the end of a started run with Shift", () => {
    assert.deepEqual(clickAll(fresh(), [[2], [4], [8, true]]), { start: 2, length: 7 });
    assert.deepEqual(clickAll(fresh(), [[5], [0, true]]), { start: 0, length: 6 });
  });

  it("starts a run with Shift when none is started", () => {
    assert.deepEqual(clickAll(fresh(), [[4, true]]), { start: 4, length: 1 });
  });

  it("resets the refusal shown for the last try", () => {
    const st = fresh();
    pickCard(st, 0, false);
    assert.equal(st.tried, false);
  });
});

describe("colour counts", () => {
  it("counts the cards of each colour, ignoring other words", () => {
    assert.deepEqual(countsOf(["tea", "milk", "tea", "lemon", "back"]), { tea: 2, milk: 1, lemon: 1 });
    assert.deepEqual(countsOf([]), { tea: 0, milk: 0, lemon: 0 });
  });

  it("says them in words", () => {
    assert.equal(countsWords({ tea: 2, milk: 0, lemon: 1 }), "2 Tea and 1 Lemon");
    assert.equal(countsWords({ tea: 1, milk: 2, lemon: 3 }), "1 Tea, 2 Milk and 3 Lemon");
    assert.equal(countsWords({ tea: 1, milk: 2, lemon: 3 }, true), "1 Tea + 2 Milk + 3 Lemon");
    assert.equal(countsWords({ tea: 0, milk: 4, lemon: 0 }), "4 Milk");
    assert.equal(countsWords({ tea: 0, milk: 0, lemon: 0 }), "nothing");
  });
});

describe("judge (ruling S4)", () => {
  const c = (tea = 0, milk = 0, lemon = 0) => ({ tea, milk, lemon });
  const id = (/** @type {ReturnType<typeof c>} */ counts) => judge(counts).combo?.id ?? null;

  it("names each combination", () => {
    assert.equal(id(c(3)), "tea");
    assert.equal(id(c(0, 2)), "milk");
    assert.equal(id(c(0, 0, 1)), "lemon");
    assert.equal(id(c(2, 2)), "milk_tea");
    assert.equal(id(c(3, 0, 1)), "lemon_tea");
  });

  it("finds none at the edges of the rules", () => {
    assert.equal(id(c(2, 1)), null); // Milk Tea needs as much Milk as Tea
    assert.equal(id(c(1, 0, 2)), null); // Lemon Tea has exactly one Lemon
    assert.equal(id(c(1, 1, 1)), null);
    assert.equal(id(c(0, 1, 1)), null);
  });

  it("says why a selection is no combination", () => {
    assert.equal(judge(c()).why, "Choose at least one card.");
    assert.match(/** @type {string} */ (judge(c(2, 1)).why), /^2 Tea and 1 Milk is no combination: Milk Tea needs equal numbers of Tea and Milk\.$/);
    assert.match(/** @type {string} */ (judge(c(0, 1, 1)).why), /none mixes Milk and Lemon/);
    assert.equal(judge(c(2)).why, null);
  });
});

describe("on the views of real games", () => {
  const entries = Object.entries(fixtures);

  it("has fixtures to check", () => {
    assert.ok(entries.length >= 10);
  });

  it("finds a combination in every run the engine lets the seat serve", () => {
    let serves = 0;
    for (const [name, f] of entries) {
      const hand = f.view.table.hand;
      for (const a of f.legal.filter((/** @type {any} */ a) => a.type === "serve")) {
        const run = hand.slice(a.start, a.start + a.length);
        assert.equal(run.length, a.length, name);
        assert.ok(judge(countsOf(run), f.view.table.combinations).combo, `${name}: ${JSON.stringify(a)} ${run}`);
        serves++;
      }
    }
    assert.ok(serves > 100, `only ${serves} serves`);
  });

  it("refuses the fixture's refused selection, which no legal serve matches", () => {
    const f = fixtures["serving: a refused selection"];
    const { start, length } = f.select;
    assert.equal(judge(countsOf(f.view.table.hand.slice(start, start + length))).combo, null);
    assert.ok(!f.legal.some((/** @type {any} */ a) => a.type === "serve" && a.start === start && a.length === length));
  });

  it("describes every legal action in words", () => {
    for (const [name, f] of entries) {
      for (const a of f.legal) {
        const words = describeAction(a, f.view);
        assert.match(words, /^(Serve|Discard) /, `${name}: ${words}`);
        assert.doesNotMatch(words, /undefined|NaN|null|\[object/, `${name}: ${words}`);
      }
    }
  });

  it("says what every seat did last, in words", () => {
    let said = 0;
    for (const [name, f] of entries) {
      const seats = f.view.players ?? f.seats.length;
      for (let s = 0; s < seats; s++) {
        const words = lastMoveWords(f.view, s);
        if (words === null) continue;
        assert.match(words, /^(Served|Prepared|Discarded)\b/, `${name}: ${words}`);
        assert.doesNotMatch(words, /undefined|NaN|null|\[object/, `${name}: ${words}`);
        said++;
      }
    }
    assert.ok(said > 20, `only ${said} lines`);
  });
});
