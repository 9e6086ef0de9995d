// The shell's words about seats: web/js/words.js, in English and Japanese.
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { afterEach, beforeEach, describe, it } from "node:test";

import { useGames } from "../web/js/catalog.js";
import { addCatalogue, useLanguage } from "../web/js/i18n.js";
import {
  botLabel,
  defaultName,
  displayName,
  seatLabel,
  shownName,
  shownSeats,
  showsNothing,
  showsSomething,
  storedName,
} from "../web/js/words.js";

const json = (/** @type {string} */ path) => JSON.parse(readFileSync(new URL(`../${path}`, import.meta.url), "utf8"));
for (const lang of ["en", "ja"]) {
  addCatalogue(lang, { ...json(`web/i18n/${lang}.json`), ...json(`pygames/core/i18n/${lang}.json`) });
}

// The engine's blank characters, read as the build writes them into the catalogue.
const venv = new URL("../.venv/bin/python", import.meta.url).pathname;
const python = process.env.PYTHON ?? (existsSync(venv) ? venv : "python3");
const BLANK_CHARACTERS = JSON.parse(
  execFileSync(python, ["-c", "import json; from pygames.core import limits; print(json.dumps(limits.blank_json()))"], {
    cwd: new URL("../", import.meta.url),
    encoding: "utf8",
  }),
);

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

describe("names that could reorder or hide the words around them", () => {
  beforeEach(() => useLanguage("en"));

  it("isolates a name with right-to-left letters or bidi controls wherever it is said", () => {
    const rtl = [{ name: "\u202eEve", bot: null }, { name: "\u05e9\u05e8\u05d4", bot: "easy" }];
    assert.equal(seatLabel(rtl, 0), "\u2068\u202eEve\u2069");
    assert.equal(seatLabel(rtl, 1), "\u2068\u05e9\u05e8\u05d4\u2069 (bot · Easy)");
    assert.equal(shownSeats(rtl)[0].name, "\u2068\u202eEve\u2069");
    assert.equal(displayName("\u202eEve", 0), "\u2068\u202eEve\u2069");
    // A name left to right in the English or Japanese around it stays as typed.
    assert.equal(displayName("Aiko", 0), "Aiko");
    assert.equal(displayName("花子", 0), "花子");
  });

  it("stores a name of which nothing shows as the seat's default, as the engine does", () => {
    useGames({ games: [], levels: [], default_bot: "normal", limits: /** @type {any} */ ({}), blank: BLANK_CHARACTERS });
    for (const blank of ["\u200b", "\u200b\u200c\u200d\u2060", "\u202e\u2066", "\u3164", "\u2800", "\u0301"]) {
      assert.equal(showsSomething(blank), false, JSON.stringify(blank));
      assert.equal(showsNothing(blank), true, JSON.stringify(blank));
      assert.equal(storedName(blank, 1), "Player 2", JSON.stringify(blank));
    }
    for (const name of ["A", "\u202eEve", "\u200bBen", "花子", "\u{1f375}"]) {
      assert.equal(showsSomething(name), true, name);
      assert.equal(storedName(name, 1), name);
    }
    // Empty is no warning: the seat is simply unnamed.
    assert.equal(showsNothing(""), false);
    assert.equal(showsNothing("  "), false);
  });
});
