// The renderers' shared text helpers: web/js/games/shared.js (the DOM ones are for e2e).
import assert from "node:assert/strict";
import { describe, it } from "node:test";

import { esc, finishMovement, motionOk, possessive } from "../web/js/games/shared.js";

describe("esc", () => {
  it("escapes the five characters that matter in HTML text and attributes", () => {
    assert.equal(esc(`<a href="x" title='y'>Tom & Jerry</a>`), "&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;Tom &amp; Jerry&lt;/a&gt;");
  });

  it("does not escape twice what it is given once", () => {
    assert.equal(esc("&amp;"), "&amp;amp;");
  });

  it("writes any value as text", () => {
    assert.equal(esc(5), "5");
    assert.equal(esc(null), "null");
    assert.equal(esc(undefined), "undefined");
    assert.equal(esc("愛子"), "愛子");
  });
});

describe("possessive", () => {
  it("makes the possessive of a name", () => {
    assert.equal(possessive("Kenji"), "Kenji's");
    assert.equal(possessive("Lewis"), "Lewis'");
  });
});

describe("motionOk", () => {
  it("allows movement where matchMedia is missing (no browser)", () => {
    assert.equal(typeof globalThis.matchMedia, "undefined");
    assert.equal(motionOk(), true);
  });
});

describe("finishMovement", () => {
  /** An animation stand-in: running or not, ending at `end` ms (Infinity: endless). */
  const animation = (end, playState = "running") => {
    const a = { playState, finished: false, effect: { getComputedTiming: () => ({ endTime: end }) } };
    a.finish = () => {
      if (!Number.isFinite(end)) throw new DOMException("endless", "InvalidStateError");
      a.finished = true;
      a.playState = "finished";
    };
    return a;
  };

  it("ends every running flight and glow at once, and leaves the endless and the ended alone", () => {
    const flight = animation(420);
    const glow = animation(700);
    const endless = animation(Infinity);
    const done = animation(300, "finished");
    const doc = { getAnimations: () => [flight, glow, endless, done] };
    assert.equal(finishMovement(doc), 2);
    assert.equal(flight.finished && glow.finished, true);
    assert.equal(endless.finished || done.finished, false);
    assert.equal(finishMovement(doc), 0);
  });
});
