// The shell's words about seats: web/js/words.js, in English and Japanese.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { afterEach, beforeEach, describe, it } from "node:test";

import { addCatalogue, useLanguage } from "../web/js/i18n.js";
import { botLabel, defaultName, seatLabel, shownName, shownSeats, storedName } from "../web/js/words.js";

const json = (/** @type {string} */ path) => JSON.parse(readFileSync(new URL(`../${path}`, import.meta.url), "utf8"));
for (const lang of ["en", "ja"]) {
  addCatalogue(lang, { ...json(`web/i18n/${lang}.json`), ...json(`pygames/core/i18n/${lang}.json`) });
}

const seats = [
  { name: "Aiko", bot: null },
  { name: "Kenji", bot: "normal" },
  { name: "", bot: "easy" },
];

describe("in English", () => {
  beforeEach(() => useLanguage("en"));

  it("names a person, and a bot with its level", () => {
    assert.equal(seatLabel(seats, 0), "Aiko");
    assert.equal(seatLabel(seats, 1), "Kenji (bot · Normal)");
    assert.equal(seatLabel(seats, 2), "Player 3 (bot · Easy)");
    assert.equal(seatLabel([{ name: "X", bot: "greedy" }], 0), "X (bot · greedy)");
  });

  it("falls back to the seat number", () => {
    assert.equal(seatLabel(seats, 5), "Seat 6");
    assert.equal(seatLabel(null, 0), "Seat 1");
    assert.equal(seatLabel(undefined, 2), "Seat 3");
  });

  it("labels a bot in a seat's menu", () => {
    assert.equal(botLabel("strong"), "Bot: Strong");
    assert.equal(botLabel("random"), "Bot: random moves");
    assert.equal(botLabel("greedy"), "Bot: greedy");
  });
});

describe("in Japanese", () => {
  beforeEach(() => useLanguage("ja"));
  afterEach(() => useLanguage("en"));

  it("names a bot's level in Japanese, and never a typed name", () => {
    assert.equal(seatLabel(seats, 0), "Aiko");
    assert.equal(seatLabel(seats, 1), "Kenji（ボット・ふつう）");
    assert.equal(seatLabel(seats, 5), "席6");
    assert.equal(botLabel("easy"), "ボット：かんたん");
  });

  it("shows a seat's default name in Japanese, and stores it as records do", () => {
    assert.equal(shownName("Player 2", 1), "プレイヤー2");
    assert.equal(shownName("", 0), "プレイヤー1");
    assert.equal(shownName("Player 2", 0), "Player 2", "a typed name that is another seat's default");
    assert.equal(storedName("プレイヤー2", 1), "Player 2");
    assert.equal(storedName("  ", 3), defaultName(3));
    assert.equal(storedName(" 花子 ", 0), "花子");
    assert.deepEqual(shownSeats([{ name: "Player 1", bot: null }, { name: "Ken", bot: "easy" }]), [
      { name: "プレイヤー1", bot: null },
      { name: "Ken", bot: "easy", level: "かんたん" },
    ]);
    // An unknown bot keeps its id as its level; a person has none.
    assert.deepEqual(shownSeats([{ name: "X", bot: "greedy" }, { name: "Y", bot: null }]), [
      { name: "X", bot: "greedy", level: "greedy" },
      { name: "Y", bot: null },
    ]);
  });
});
