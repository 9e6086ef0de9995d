// The lobby's catalogue (web/js/catalog.js): what the lobby reads from it must be there.
import assert from "node:assert/strict";
import { describe, it } from "node:test";

import { BOT_LABELS, BOT_LEVELS, DEFAULT_BOT, GAMES, gameById } from "../web/js/catalog.js";

describe("catalog", () => {
  it("finds a game by id, and nothing for an unknown id", () => {
    assert.equal(gameById("tanbo")?.title, "Tanbo");
    assert.equal(gameById("storm_in_a_teacup")?.id, "storm_in_a_teacup");
    assert.equal(gameById("chess"), null);
    assert.equal(gameById(""), null);
  });

  it("has the three games, each id once", () => {
    assert.deepEqual(GAMES.map((g) => g.id).sort(), ["humble_tea_party", "storm_in_a_teacup", "tanbo"]);
  });

  for (const game of GAMES) {
    describe(game.id, () => {
      it("has a player range holding its default", () => {
        assert.ok(Number.isInteger(game.min_players) && game.min_players >= 1);
        assert.ok(game.min_players <= game.max_players);
        const start = game.default_players ?? game.max_players;
        assert.ok(game.min_players <= start && start <= game.max_players);
      });

      it("offers the default bot and every level, each with a label", () => {
        assert.ok(game.bots.includes(DEFAULT_BOT));
        for (const level of BOT_LEVELS) {
          assert.ok(game.bots.includes(level), level);
          assert.ok(BOT_LABELS[level], level);
        }
      });

      it("names an option the lobby fills for who starts", () => {
        // lobby.js writes options[firstPlayerOption ?? "first_player"].
        assert.ok(Object.hasOwn(game.options, game.firstPlayerOption ?? "first_player"));
        if (game.firstPlayerRandom) assert.equal(game.options[game.firstPlayerOption ?? "first_player"], null);
      });

      it("has a lobby editor lobby.js knows", () => {
        assert.ok(["tanbo", "htp", "storm"].includes(game.setupEditor));
      });
    });
  }
});
