// Humble Tea Party's pure helpers (web/js/games/humble_tea_party.js): words and the picks of a
// placement; checked against real games (web/dev/htp-fixtures.js).
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { describe, it } from "node:test";
import { fileURLToPath } from "node:url";

import { fixtures } from "../web/dev/htp-fixtures.js";
import {
  describeAction,
  gainWords,
  handName,
  handsWords,
  lastMoveWords,
  pointsWords,
  settlePicks,
  tileWords,
} from "../web/js/games/humble_tea_party.js";
import { addCatalogue, useLanguage } from "../web/js/i18n.js";

// The six hands as the view lists them (pygames/humble_tea_party/views.py), each one made
// worth its points.
const HANDS = [1, 2, 3, 4, 5, 6].map((n) => ({ n, points: n === 6 ? -2 : 1 }));

// The words come from the engine's catalogue (as the build writes it to dist/i18n/).
const ROOT = fileURLToPath(new URL("..", import.meta.url));
const books = JSON.parse(
  execFileSync(process.env.PYTHON ?? "python3", ["-c",
    "import json, pygames.bridge; from pygames.core.messages import catalogue;"
    + " print(json.dumps({l: catalogue(l) for l in ('en', 'ja')}))"], { cwd: ROOT, encoding: "utf-8" }),
);
for (const [lang, words] of Object.entries(books)) addCatalogue(lang, words);
await useLanguage("en");

const BAD = /undefined|NaN|null|\[object/;
const tile = { id: 51, type: 19, name: "Kingyokukan - Gold fish", family: "other", month: 8, season: "summer", crest: "plum" };

describe("words", () => {
  it("names a tile in full", () => {
    assert.equal(tileWords(tile), "Kingyokukan - Gold fish (August, Summer, Plum crest, Other sweet)");
    assert.equal(tileWords({ ...tile, family: "nerikiri", month: 1 }), "Kingyokukan - Gold fish (January, Summer, Plum crest, Nerikiri-style)");
    assert.equal(tileWords(null), "an unknown tile");
  });

  it("names a tile in Japanese from the same catalogue", async () => {
    await useLanguage("ja");
    try {
      assert.equal(tileWords(tile), "「金魚錦玉羹」（8月・夏・梅の紋・その他の和菓子）");
      assert.equal(pointsWords(-2), "−2点");
      assert.equal(handName(HANDS[0]), "四季");
      assert.equal(handsWords([0, 1, null, 0, null, -2], HANDS), "おいしい三か月 1、重複 −2");
    } finally {
      await useLanguage("en");
    }
  });

  it("says points and gains", () => {
    assert.equal(pointsWords(0), "no points");
    assert.equal(pointsWords(1), "1 point");
    assert.equal(pointsWords(-2), "−2 points");
    assert.equal(gainWords(3), "adds 3 points");
    assert.equal(gainWords(-1), "takes away 1 point");
    assert.equal(gainWords(0), "adds no points");
  });

  it("lists the hands that count, skipping zero and the secret one", () => {
    assert.equal(handsWords([0, 1, null, 0, null, -2], HANDS), "Delicious Trimester 1, Duplication −2");
    assert.equal(handsWords([2, 0, 0, 0, 0, -1], HANDS, { gain: true }), `${handName(HANDS[0])} +2, Duplication −1`);
    assert.equal(handsWords(null, HANDS), "");
    assert.equal(handsWords([0, 0, 0, 0, 0, 0], HANDS), "");
  });

  it("names the hands the view lists, in its order", () => {
    const table = Object.values(fixtures).find((f) => f.view.table.hands)?.view.table;
    assert.ok(table, "a fixture with the hands");
    assert.equal(table.hands.length, 6);
    assert.deepEqual(
      table.hands.map((/** @type {{n: number, points: number}} */ h) => handName(h)),
      HANDS.map((h) => handName(h)),
    );
  });
});

describe("settlePicks (a sweet, then whom to give it to)", () => {
  const places = [
    { type: "place", deck: 0, target: 1, x: 0, y: 1 },
    { type: "place", deck: 0, target: 1, x: 1, y: 0 },
    { type: "place", deck: 0, target: 2, x: 0, y: 1 },
    { type: "place", deck: 1, target: 2, x: 0, y: 1 },
  ];

  it("offers nothing before a sweet is picked", () => {
    const st = { deck: null, target: null };
    assert.deepEqual(settlePicks(st, places), []);
    assert.deepEqual(st, { deck: null, target: null });
  });

  it("offers each player the picked sweet may go to, once", () => {
    const st = { deck: 0, target: null };
    assert.deepEqual(settlePicks(st, places), [1, 2]);
    assert.deepEqual(st, { deck: 0, target: null });
  });

  it("picks the only possible player itself", () => {
    const st = { deck: 1, target: null };
    assert.deepEqual(settlePicks(st, places), [2]);
    assert.deepEqual(st, { deck: 1, target: 2 });
  });

  it("drops a player who can no longer take the sweet", () => {
    const st = { deck: 0, target: 3 };
    assert.deepEqual(settlePicks(st, places), [1, 2]);
    assert.deepEqual(st, { deck: 0, target: null });
  });

  it("drops a sweet that can no longer go anywhere, and its player", () => {
    const st = { deck: 2, target: 1 };
    assert.deepEqual(settlePicks(st, places), []);
    assert.deepEqual(st, { deck: null, target: null });
    const none = { deck: 0, target: 1 };
    assert.deepEqual(settlePicks(none, []), []);
    assert.deepEqual(none, { deck: null, target: null });
  });

  it("keeps every pick a real game allows", () => {
    for (const [name, f] of Object.entries(fixtures)) {
      const live = f.legal.filter((/** @type {any} */ a) => a.type === "place");
      for (const a of live) {
        const st = { deck: a.deck, target: a.target };
        assert.ok(settlePicks(st, live).includes(a.target), name);
        assert.deepEqual(st, { deck: a.deck, target: a.target }, name);
      }
    }
  });
});

describe("on the views of real games", () => {
  it("describes every legal action in words, naming the player given to", () => {
    let n = 0;
    for (const [name, f] of Object.entries(fixtures)) {
      const names = f.seats.map((/** @type {{name: string}} */ s) => s.name);
      for (const a of [...f.legal, ...(f.optional ?? []).flatMap((/** @type {any} */ o) => o.legal)]) {
        const words = describeAction(a, f.view, names);
        assert.doesNotMatch(words, /^\{/, `${name}: ${words}`);
        assert.doesNotMatch(words, BAD, `${name}: ${words}`);
        if (a.type === "place") assert.ok(words.includes(` to ${names[a.target]}: `), `${name}: ${words}`);
        n++;
      }
    }
    assert.ok(n > 100);
  });

  it("says what each player did last", () => {
    let n = 0;
    for (const [name, f] of Object.entries(fixtures)) {
      const names = f.seats.map((/** @type {{name: string}} */ s) => s.name);
      for (const move of f.view.table.last ?? []) {
        const words = lastMoveWords(move, f.view, names);
        assert.ok(words, name);
        assert.doesNotMatch(words, BAD, `${name}: ${words}`);
        n++;
      }
    }
    assert.ok(n > 10);
  });
});
