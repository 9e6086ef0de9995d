// The lobby's catalogue: js/catalog.json, written by scripts/build_site.py from every game's
// Game.describe() (tests/test_build.py checks it against bridge.games()). Here: what the lobby
// reads from it is there, and every word it names is in both languages.
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { readFileSync, readdirSync } from "node:fs";
import { describe, it } from "node:test";

import { BOT_LEVELS, DEFAULT_BOT, GAMES, botLabelId, gameById, useGames } from "../web/js/catalog.js";

const ROOT = new URL("../", import.meta.url);
const python = process.env.PYTHON ?? "python3";
const catalogue = JSON.parse(execFileSync(python, ["scripts/build_site.py", "--catalogue"], { cwd: ROOT, encoding: "utf8" }));
useGames(catalogue);

/** Every word the page can show: the shell's and every package's, as the build merges them. */
function words(/** @type {string} */ lang) {
  const all = JSON.parse(readFileSync(new URL(`web/i18n/${lang}.json`, ROOT), "utf8"));
  for (const dir of readdirSync(new URL("pygames/", ROOT), { withFileTypes: true })) {
    try {
      Object.assign(all, JSON.parse(readFileSync(new URL(`pygames/${dir.name}/i18n/${lang}.json`, ROOT), "utf8")));
    } catch {
      /* a package with no words */
    }
  }
  return all;
}

describe("catalog", () => {
  it("finds a game by id, and nothing for an unknown id", () => {
    assert.equal(gameById("tanbo")?.title, "tanbo.title");
    assert.equal(gameById("storm_in_a_teacup")?.id, "storm_in_a_teacup");
    assert.equal(gameById("chess"), null);
    assert.equal(gameById(""), null);
  });

  it("has the three games, each id once, Tanbo first (the lobby's default)", () => {
    assert.deepEqual(GAMES.map((g) => g.id), ["tanbo", "humble_tea_party", "storm_in_a_teacup"]);
  });

  it("offers levels with a default among them", () => {
    assert.deepEqual(BOT_LEVELS, ["easy", "normal", "strong"]);
    assert.ok(BOT_LEVELS.includes(DEFAULT_BOT));
  });

  for (const game of GAMES) {
    describe(game.id, () => {
      it("has a player range holding its default", () => {
        assert.ok(Number.isInteger(game.min_players) && game.min_players >= 1);
        assert.ok(game.min_players <= game.max_players);
        assert.ok(game.min_players <= game.default_players && game.default_players <= game.max_players);
      });

      it("offers the default bot and every level", () => {
        assert.ok(game.bots.includes(DEFAULT_BOT));
        for (const level of BOT_LEVELS) assert.ok(game.bots.includes(level), level);
      });

      it("names an option the lobby fills for who starts", () => {
        assert.ok(game.first_player);
        assert.ok(Object.hasOwn(game.options, game.first_player.option));
        if (game.first_player.random) assert.equal(game.options[game.first_player.option], null);
      });

      it("has a lobby editor lobby.js knows", () => {
        assert.ok(["tanbo", "htp", "storm"].includes(String(game.setup_editor)));
      });

      for (const lang of ["en", "ja"]) {
        it(`has every word it names in ${lang}`, () => {
          const book = words(lang);
          const ids = [game.title, game.blurb, game.first_player?.label, ...game.bots.map(botLabelId)];
          for (const id of ids) assert.ok(id && typeof book[id] === "string" && book[id], `${lang}: ${id}`);
        });
      }
    });
  }
});
