// Actions in the shell: web/js/actions.js, and the plain renderer's words for any action.
import assert from "node:assert/strict";
import { describe, it } from "node:test";

import { sameAction } from "../web/js/actions.js";
import { describeAction } from "../web/js/fallback-renderer.js";

describe("sameAction", () => {
  it("ignores the order of the keys", () => {
    assert.equal(sameAction({ type: "serve", start: 1, length: 2 }, { length: 2, type: "serve", start: 1 }), true);
  });

  it("compares values, arrays included", () => {
    assert.equal(sameAction({ type: "serve", start: 1, length: 2 }, { type: "serve", start: 1, length: 3 }), false);
    const swap = { type: "swap", a: [0, "snake"], b: [1, "farmer"] };
    assert.equal(sameAction(swap, { b: [1, "farmer"], a: [0, "snake"], type: "swap" }), true);
    assert.equal(sameAction(swap, { type: "swap", a: [1, "farmer"], b: [0, "snake"] }), false);
  });

  it("tells a missing or extra field", () => {
    assert.equal(sameAction({ type: "tea" }, { type: "tea", seat: 1 }), false);
    assert.equal(sameAction({ type: "remove", paddy: 0, token: "snake" }, { type: "remove", paddy: 0 }), false);
  });

  it("does not confuse a number with its text", () => {
    assert.equal(sameAction({ type: "farmer", paddy: 1 }, { type: "farmer", paddy: "1" }), false);
  });
});

describe("the plain renderer's describeAction", () => {
  it("names the type, then each field with its JSON", () => {
    assert.equal(describeAction({ type: "farmer", paddy: 2 }), "farmer, paddy 2");
    assert.equal(describeAction({ type: "swap", a: [0, "snake"] }), 'swap, a [0,"snake"]');
    assert.equal(describeAction({ type: "tea" }), "tea");
  });
});
