// The shell's words about seats: web/js/words.js.
import assert from "node:assert/strict";
import { describe, it } from "node:test";

import { count, seatLabel, withNames } from "../web/js/words.js";

const seats = [
  { name: "Aiko", bot: null },
  { name: "Kenji", bot: "normal" },
  { name: "", bot: "easy" },
];

describe("withNames", () => {
  it("puts the lobby's names for the engine's 'Player N'", () => {
    assert.equal(withNames("Player 1 sows; Player 2 harvests.", seats), "Aiko sows; Kenji harvests.");
  });

  it("keeps 'Player N' for a seat with no name, or no seat", () => {
    assert.equal(withNames("Player 3 passes.", seats), "Player 3 passes.");
    assert.equal(withNames("Player 4 passes.", seats), "Player 4 passes.");
    assert.equal(withNames("Player 1 passes."), "Player 1 passes.");
  });

  it("only touches whole 'Player 1' to 'Player 6'", () => {
    assert.equal(withNames("Player 10 and Player 7 and XPlayer 1", seats), "Player 10 and Player 7 and XPlayer 1");
    assert.equal(withNames("Player 2's turn (Player 1).", seats), "Kenji's turn (Aiko).");
  });

  it("replaces in one pass: a seat named 'Player 2' is not renamed again", () => {
    const swapped = [{ name: "Player 2" }, { name: "Player 1" }];
    assert.equal(withNames("Player 1 beats Player 2.", swapped), "Player 2 beats Player 1.");
  });
});

describe("seatLabel", () => {
  it("names a person, and a bot with its level", () => {
    assert.equal(seatLabel(seats, 0), "Aiko");
    assert.equal(seatLabel(seats, 1), "Kenji (bot · normal)");
  });

  it("falls back to the seat number", () => {
    assert.equal(seatLabel(seats, 5), "Seat 6");
    assert.equal(seatLabel(null, 0), "Seat 1");
    assert.equal(seatLabel(undefined, 2), "Seat 3");
  });
});

describe("count", () => {
  it("says none, one and many", () => {
    assert.equal(count(0, "step"), "no steps");
    assert.equal(count(1, "step"), "1 step");
    assert.equal(count(12, "step"), "12 steps");
    assert.equal(count(2, "Rice", "Rice"), "2 Rice");
    assert.equal(count(0, "Rice", "Rice"), "no Rice");
  });
});
