// The bots' speed: web/js/pace.js.
import assert from "node:assert/strict";
import { describe, it } from "node:test";

import { INTERRUPT_FACTOR, PACES, PACE_NAMES, keepPace, storedPace } from "../web/js/pace.js";
import { blocked, memory } from "./fake-storage.mjs";

describe("the bots' speed", () => {
  it("is offered slow to instant, each faster than the one before", () => {
    assert.deepEqual(PACE_NAMES, ["slow", "normal", "fast", "instant"]);
    const ms = PACE_NAMES.map((n) => PACES[n]);
    assert.deepEqual([...ms].sort((a, b) => b - a), ms);
    assert.equal(PACES.instant, 0);
  });

  it("keeps a 4-player Humble Tea Party wait within 3 s at normal: three bots, each a Tea window", () => {
    assert.ok(3 * PACES.normal * INTERRUPT_FACTOR <= 3000);
  });

  it("is normal until chosen, then what was chosen, across visits", () => {
    const storage = memory();
    assert.equal(storedPace(storage), "normal");
    assert.equal(keepPace(storage, "fast"), true);
    assert.equal(storedPace(storage), "fast");
  });

  it("reads anything else as normal, and survives storage that is missing or blocked", () => {
    const storage = memory();
    storage.setItem("pygames:pace", "warp");
    assert.equal(storedPace(storage), "normal");
    assert.equal(storedPace(null), "normal");
    assert.equal(storedPace(blocked), "normal");
    assert.equal(keepPace(blocked, "slow"), false);
    assert.equal(keepPace(null, "slow"), false);
  });
});
