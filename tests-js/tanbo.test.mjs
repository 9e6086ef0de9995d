// Tanbo's pure helpers (web/js/games/tanbo.js): words, the ring order, the swap picker's first
// picks and what moved between two tables; checked against real games (web/dev/tanbo-fixtures.js).
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { describe, it } from "node:test";

import { fixtures } from "../web/dev/tanbo-fixtures.js";
import {
  collectedWords,
  countWords,
  describeAction,
  firstPicks,
  paddyName,
  ringOrder,
  seatEvents,
  stageOrder,
} from "../web/js/games/tanbo.js";
import { addCatalogue, useLanguage } from "../web/js/i18n.js";

// The words come from the catalogues the build ships (here read from their sources).
for (const lang of ["en", "ja"]) {
  for (const dir of ["core", "tanbo"]) {
    const url = new URL(`../pygames/${dir}/i18n/${lang}.json`, import.meta.url);
    addCatalogue(lang, JSON.parse(readFileSync(url, "utf-8")));
  }
}

const BAD = /undefined|NaN|null|\[object/;

describe("words", () => {
  it("counts each kind of token with its plural", () => {
    assert.equal(countWords(0, "snake"), "no Snakes");
    assert.equal(countWords(1, "snake"), "1 Snake");
    assert.equal(countWords(2, "snake"), "2 Snakes");
    assert.equal(countWords(0, "red"), "no Red Rice");
    assert.equal(countWords(2, "yellow"), "2 Yellow Rice");
    assert.equal(countWords(1, "token"), "1 token");
    assert.equal(countWords(0, "token"), "no tokens");
  });

  it("names a paddy and what is in it", () => {
    const pd = { snakes: 2, rice: { yellow: 0, black: 1, red: 3 }, farmer: true };
    assert.equal(paddyName(2, pd, "your Farmer"), "Paddy 3: 2 Snakes, 1 Black Rice, 3 Red Rice, your Farmer");
    assert.equal(paddyName(0, { snakes: 0, rice: {}, farmer: false }), "Paddy 1: empty");
    assert.equal(paddyName(4, undefined), "Paddy 5: empty");
    assert.equal(paddyName(1, { snakes: 0, farmer: true }), "Paddy 2: the Farmer");
  });

  it("lists the collected Rice, every colour", () => {
    assert.equal(collectedWords({ yellow: 0, black: 1, red: 2 }), "Collected: no Yellow Rice, 1 Black Rice, 2 Red Rice");
    assert.equal(collectedWords({ yellow: 3, black: 0, red: 0 }), "Collected: 3 Yellow Rice, no Black Rice, no Red Rice");
  });

  it("describes each kind of action", () => {
    assert.equal(describeAction({ type: "farmer", paddy: 0 }), "Put your Farmer in paddy 1");
    assert.equal(describeAction({ type: "place", token: "snake" }, /** @type {any} */ ({ table: { sowing: { next: 3 } } })), "Place Snake next (into paddy 4)");
    assert.equal(describeAction({ type: "place", token: "farmer" }), "Place your Farmer next");
    assert.equal(describeAction({ type: "swap", a: [0, "snake"], b: [1, "red"] }), "Swap Snake in paddy 1 with Red Rice in paddy 2");
    assert.equal(describeAction({ type: "take", rice: "black" }), "Take Black Rice");
    assert.equal(describeAction({ type: "return", rice: "yellow" }), "Return Yellow Rice to the bag");
    assert.equal(describeAction({ type: "remove", paddy: 4, token: "snake" }), "Remove a Snake from paddy 5");
    assert.equal(describeAction({ type: "remove", paddy: 0, token: "farmer" }), "Remove the Farmer from paddy 1");
    assert.equal(describeAction({ type: "bogus", x: 1 }), '{"type":"bogus","x":1}');
  });
});

describe("words in Japanese", () => {
  it("speaks the catalogue's Japanese, and English again after", async () => {
    await useLanguage("ja");
    try {
      assert.equal(countWords(2, "snake"), "ヘビ2個");
      assert.equal(countWords(0, "red"), "赤米なし");
      assert.equal(paddyName(2, { snakes: 1, rice: { yellow: 2 }, farmer: false }), "田3：ヘビ1個、黄米2個");
      assert.equal(describeAction({ type: "take", rice: "black" }), "黒米を取る");
      assert.equal(describeAction({ type: "swap", a: [0, "snake"], b: [1, "red"] }), "田1のヘビと田2の赤米を入れ替える");
    } finally {
      await useLanguage("en");
    }
    assert.equal(countWords(2, "snake"), "2 Snakes");
  });
});

describe("ringOrder", () => {
  const human = { name: "A", bot: null };
  const bot = { name: "B", bot: "normal" };

  it("puts the only person's ring first", () => {
    assert.deepEqual(ringOrder([human, bot], [0, 1]), [0, 1]);
    assert.deepEqual(ringOrder([bot, human], [0, 1]), [1, 0]);
  });

  it("keeps seat 0 first otherwise", () => {
    assert.deepEqual(ringOrder([human, human], [0, 1]), [0, 1]);
    assert.deepEqual(ringOrder([bot, bot], [0, 1]), [0, 1]);
    assert.deepEqual(ringOrder(undefined, [0, 1]), [0, 1]);
    assert.deepEqual(ringOrder([], [0, 1]), [0, 1]);
  });

  it("follows the table's order of the rings", () => {
    assert.deepEqual(ringOrder([bot, bot], [1, 0]), [1, 0]);
    assert.deepEqual(ringOrder([bot, human], [1, 0]), [1, 0]);
    assert.deepEqual(ringOrder([human, bot], [1, 0]), [0, 1]);
  });
});

describe("firstPicks (the Big Movement swap picker)", () => {
  it("lists each token of a swap once, in ring order: paddy, then kind", () => {
    /** @type {{a: [number, string], b: [number, string]}[]} */
    const swaps = [
      { a: [2, "red"], b: [0, "snake"] },
      { a: [0, "farmer"], b: [2, "snake"] },
      { a: [0, "snake"], b: [2, "red"] },
    ];
    assert.deepEqual(firstPicks(swaps), [[0, "snake"], [0, "farmer"], [2, "snake"], [2, "red"]]);
  });

  it("is empty without swaps", () => {
    assert.deepEqual(firstPicks([]), []);
  });

  it("covers every token of the legal swaps of a real Big Movement", () => {
    const f = fixtures["Big Movement: you swap"];
    const swaps = f.legal.filter((/** @type {any} */ a) => a.type === "swap");
    assert.ok(swaps.length > 1);
    const picks = firstPicks(swaps).map((x) => JSON.stringify(x));
    assert.equal(new Set(picks).size, picks.length);
    for (const w of swaps) {
      assert.ok(picks.includes(JSON.stringify(w.a)) && picks.includes(JSON.stringify(w.b)));
    }
  });
});

describe("seatEvents (what moved, for the animation)", () => {
  it("shows a Farmer just placed as a glow on its paddy", () => {
    const f = fixtures["farmer placement: your choice"];
    assert.deepEqual(seatEvents(f.before.table, f.view.table, 0), []);
    assert.deepEqual(seatEvents(f.before.table, f.view.table, 1), [
      { kind: "pulse", to: { ring: 1, paddy: 0, token: "farmer" } },
    ]);
  });

  it("shows nothing when nothing changed", () => {
    for (const [name, f] of Object.entries(fixtures)) {
      if (f.view.table.phase === "move") continue; // the live sowing is replayed on purpose
      for (const s of [0, 1]) assert.deepEqual(seatEvents(f.view.table, f.view.table, s), [], `${name}, seat ${s}`);
    }
  });

  it("gives every event of a real step a start and an end", () => {
    let events = 0;
    for (const [name, f] of Object.entries(fixtures)) {
      if (!f.before) continue;
      for (const s of [0, 1]) {
        for (const ev of seatEvents(f.before.table, f.view.table, s)) {
          assert.ok(ev.kind === "fly" || ev.kind === "pulse", name);
          assert.ok(ev.to, name);
          if (ev.kind === "fly") assert.ok(ev.from && typeof ev.token === "string" && ev.seat === s, name);
          events++;
        }
      }
    }
    assert.ok(events > 0);
  });
});

describe("on the views of real games", () => {
  it("describes every legal action in words", () => {
    let n = 0;
    for (const [name, f] of Object.entries(fixtures)) {
      for (const a of f.legal) {
        const words = describeAction(a, f.view);
        assert.doesNotMatch(words, /^\{/, `${name}: ${words}`);
        assert.doesNotMatch(words, BAD, `${name}: ${words}`);
        n++;
      }
    }
    assert.ok(n > 30);
  });
});

describe("stageOrder (a sowing staged whole by Confirm moves)", () => {
  const f = fixtures["sowing: two left, a winning Harvest"];
  const places = f.legal.filter((a) => a.type === "place");

  it("says each token staged and, once the order is whole, what the last paddy will do", () => {
    const one = stageOrder(f.view, f.legal, [places[0]], ["Aiko", "Kenji"]);
    assert.ok(one && one.complete && one.legal.length === 0);
    assert.match(one.words, /into paddy \d.*; then /);
    assert.doesNotMatch(one.words, BAD);
  });

  it("speaks Japanese from the catalogue too", async () => {
    await useLanguage("ja");
    try {
      const one = stageOrder(f.view, f.legal, [places[0]], ["Aiko", "Kenji"]);
      assert.ok(one);
      assert.match(one.words, /田\d/);
      assert.doesNotMatch(one.words, /into paddy|then|undefined/);
    } finally {
      await useLanguage("en");
    }
  });

  it("refuses what this table may not stage: another decision, a token not in hand", () => {
    assert.equal(stageOrder(f.view, f.legal, [{ type: "take", rice: "red" }]), null);
    assert.equal(stageOrder(f.view, f.legal, [{ type: "place", token: "nothing" }]), null);
    const mid = fixtures["sowing: your move, mid-path"];
    const open = stageOrder(mid.view, mid.legal, [mid.legal.find((a) => a.type === "place")]);
    assert.ok(open && !open.complete && open.staged === 1);
    assert.doesNotMatch(open.words, /; then /);
  });
});
