// Storm in a Teacup's pure helpers (web/js/games/storm_in_a_teacup.js): the run selection, the
// colour counts, and the words in English and Japanese (from the engine's catalogues); checked
// against views of real games (web/dev/storm-fixtures.js). Which run forms which combination,
// and why another forms none, is the engine's: the renderer reads it from the view.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { after, before, describe, it } from "node:test";

import { fixtures } from "../web/dev/storm-fixtures.js";
import {
  countsOf,
  countsWords,
  describeAction,
  lastMoveWords,
  outcomeReason,
  outcomeTitle,
  pickCard,
  runVerdict,
  selection,
} from "../web/js/games/storm_in_a_teacup.js";
import { addCatalogue, say, useLanguage } from "../web/js/i18n.js";

const read = (/** @type {string} */ path) => JSON.parse(readFileSync(new URL(`../${path}`, import.meta.url), "utf8"));
for (const lang of ["en", "ja"]) {
  addCatalogue(lang, { ...read(`pygames/core/i18n/${lang}.json`), ...read(`pygames/storm_in_a_teacup/i18n/${lang}.json`) });
}
await useLanguage("en");

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

describe("in Japanese", () => {
  before(() => useLanguage("ja"));
  after(() => useLanguage("en"));

  it("says colour counts with the engine's names", () => {
    assert.equal(countsWords({ tea: 2, milk: 0, lemon: 1 }), "紅茶2枚、レモン1枚");
    assert.equal(countsWords({ tea: 0, milk: 0, lemon: 0 }), "なし");
  });

  it("leaves no English word of the game in any action or last move", () => {
    const english = /\b(Tea|Milk|Lemon|Serve|Discard|Prepared|Served|Discarded|stock|hand|box|card|cards)\b/;
    for (const [name, f] of Object.entries(fixtures)) {
      for (const a of f.legal) assert.doesNotMatch(describeAction(a, f.view), english, name);
      for (let s = 0; s < (f.view.players ?? 0); s++) assert.doesNotMatch(lastMoveWords(f.view, s) ?? "", english, name);
    }
  });

  it("names the winner and says why in Japanese", () => {
    const f = fixtures["game over"];
    assert.match(outcomeTitle(f.view, f.seats), /の勝ち！$/);
    assert.match(outcomeReason(f.view, f.seats), /ラウンドを終えて/);
  });
});

describe("on the views of real games", () => {
  const entries = Object.entries(fixtures);

  it("has fixtures to check", () => {
    assert.ok(entries.length >= 10);
  });

  it("reads the engine's combination for every run it lets the seat serve", () => {
    let serves = 0;
    for (const [name, f] of entries) {
      for (const a of f.legal.filter((/** @type {any} */ a) => a.type === "serve")) {
        const { combo, why } = runVerdict(f.view, a.start, a.length);
        assert.ok(combo && f.view.table.combinations.some((/** @type {any} */ c) => c.id === combo), `${name}: ${JSON.stringify(a)}`);
        assert.equal(why, null);
        serves++;
      }
    }
    assert.ok(serves > 100, `only ${serves} serves`);
  });

  it("gives the engine's reason for the fixture's refused selection, in both languages", () => {
    const f = fixtures["serving: a refused selection"];
    const { start, length } = f.select;
    assert.ok(!f.legal.some((/** @type {any} */ a) => a.type === "serve" && a.start === start && a.length === length));
    const { combo, why } = runVerdict(f.view, start, length);
    assert.equal(combo, null);
    assert.match(say(why, [], "en"), / is no combination: /);
    assert.match(say(why, [], "ja"), /は組み合わせになりません：/);
  });

  it("has a reason for every run of the hand that is not legal", () => {
    for (const [name, f] of entries) {
      const serves = f.legal.filter((/** @type {any} */ a) => a.type === "serve");
      if (!serves.length) continue;
      const n = f.view.table.hand.length;
      for (let start = 0; start < n; start++) {
        for (let length = 1; start + length <= n; length++) {
          const { combo, why } = runVerdict(f.view, start, length);
          const legal = serves.some((/** @type {any} */ a) => a.start === start && a.length === length);
          assert.equal(!!combo, legal, `${name}: ${start}+${length}`);
          if (!legal) assert.ok(why?.id?.startsWith("storm_in_a_teacup.refusal."), `${name}: ${start}+${length}`);
        }
      }
    }
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
