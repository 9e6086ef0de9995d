// The renderers' shared text helpers: web/js/games/shared.js (the DOM ones are for e2e).
import assert from "node:assert/strict";
import { describe, it } from "node:test";

import { esc, finishMovement, motionOk, movementSettled, possessive, scrollAbove } from "../web/js/games/shared.js";

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

describe("movementSettled", () => {
  /** A flight that lands when `land()` is called, or is finished early. */
  const flight = (end = 450) => {
    /** @type {() => void} */
    let land = () => {};
    const a = {
      playState: "running",
      effect: { getComputedTiming: () => ({ endTime: end }) },
      finished: new Promise((done) => { land = () => done(undefined); }),
      finish() { a.playState = "finished"; land(); },
    };
    return { a, land: () => { a.playState = "finished"; land(); } };
  };

  it("returns only once every flight with an end has landed", async () => {
    const one = flight();
    const two = flight();
    const endless = flight(Infinity);
    const doc = { getAnimations: () => [one.a, two.a, endless.a] };
    let settled = false;
    const waiting = movementSettled(doc, 10_000).then(() => { settled = true; });
    one.land();
    await new Promise((done) => setTimeout(done, 5));
    assert.equal(settled, false);
    two.land();
    await waiting;
    assert.equal(settled, true);
    assert.equal(endless.a.playState, "running");
  });

  it("finishes what still moves once the cap is reached", async () => {
    const stuck = flight();
    const doc = { getAnimations: () => [stuck.a] };
    await movementSettled(doc, 5);
    assert.equal(stuck.a.playState, "finished");
  });

  it("returns at once when nothing moves", async () => {
    await movementSettled({ getAnimations: () => [] }, 10_000);
  });
});

describe("scrollAbove", () => {
  /** Scroll by `scrollAbove` on a part of the table at `top`..`bottom` of the screen.
   *  @param {number} top @param {number} bottom @param {number} limit */
  const scrolled = (top, bottom, limit) => {
    /** @type {number[]} */
    const by = [];
    const saved = globalThis.window;
    globalThis.window = /** @type {any} */ ({ scrollBy: (/** @type {{top: number}} */ o) => by.push(o.top) });
    try {
      const area = /** @type {any} */ ({ getBoundingClientRect: () => ({ top, bottom, height: bottom - top }) });
      scrollAbove(area, limit);
    } finally {
      globalThis.window = saved;
    }
    return by;
  };

  it("leaves a part already whole on screen above the panel where it is", () => {
    assert.deepEqual(scrolled(100, 400, 511), []);
  });

  it("lifts a part under the panel until it sits whole above it", () => {
    assert.deepEqual(scrolled(700, 930, 511), [930 - 511 + 6]);
  });

  it("brings down a part above the screen to its top", () => {
    assert.deepEqual(scrolled(-300, -70, 511), [-306]);
  });

  it("shows at least the top of a part taller than the room above the panel", () => {
    assert.deepEqual(scrolled(600, 1200, 511), [594]);
  });
});
