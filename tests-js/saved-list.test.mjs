// The lobby's finished games say who won (web/js/saved-list.js wonBy), from what a save holds:
// a save is read from storage, which is not trusted, so winners that are not its seats name no
// one.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { beforeEach, describe, it } from "node:test";

import { addCatalogue, useLanguage } from "../web/js/i18n.js";
import { wonBy } from "../web/js/saved-list.js";

const json = (/** @type {string} */ path) => JSON.parse(readFileSync(new URL(`../${path}`, import.meta.url), "utf8"));
for (const lang of ["en", "ja"]) {
  addCatalogue(lang, { ...json(`web/i18n/${lang}.json`), ...json(`pygames/core/i18n/${lang}.json`) });
}

const seats = [
  { name: "Aiko", bot: null },
  { name: "Kenji", bot: "normal" },
  { name: "", bot: "easy" },
];
/** @param {unknown} winners @param {boolean} [over] */
const save = (winners, over = true) =>
  /** @type {import("../web/js/types.js").Save} */ ({
    id: "x",
    record: /** @type {any} */ ({ game: "storm_in_a_teacup", seats, actions: [] }),
    over,
    game: "storm_in_a_teacup",
    step: 40,
    version: 1,
    time: 0,
    ...(winners === undefined ? {} : { winners }),
  });

describe("who won a finished game", () => {
  beforeEach(() => useLanguage("en"));

  it("names the winner, or the winners of a shared win, or no one", () => {
    assert.equal(wonBy(save([1])), "won by Kenji");
    assert.equal(wonBy(save([0, 2])), "won by Aiko and Player 3");
    assert.equal(wonBy(save([])), "no winner");
  });

  it("says it in Japanese", async () => {
    await useLanguage("ja");
    assert.match(/** @type {string} */ (wonBy(save([0]))), /^勝者：Aiko$/);
  });

  it("says nothing of a game not over, or of an older save that did not keep its winners", () => {
    assert.equal(wonBy(save([1], false)), null);
    assert.equal(wonBy(save(undefined)), null);
  });

  it("names no one from winners that are not the save's seats", () => {
    for (const bad of [[3], [-1], [0.5], ["0"], [1, 1], "0", { 0: 1 }, null]) {
      assert.equal(wonBy(save(bad)), null, JSON.stringify(bad));
    }
  });
});
