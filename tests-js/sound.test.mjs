// The table's sounds: web/js/sound.js, with a stand-in for Web Audio and vibration.
import assert from "node:assert/strict";
import { describe, it } from "node:test";

import { CUES, Sounds, TURN_BUZZ_MS, cueFor, keepSound, storedSound } from "../web/js/sound.js";
import { blocked, memory } from "./fake-storage.mjs";

/** A window whose Web Audio records the notes started, and whose device records vibrations. */
function fakeWindow({ audio = true, state = "running" } = {}) {
  const notes = [];
  const buzzes = [];
  let made = 0;
  let resumed = 0;
  class FakeContext {
    constructor() {
      made += 1;
      this.state = state;
      this.currentTime = 10;
      this.destination = {};
    }
    resume() { resumed += 1; this.state = "running"; return Promise.resolve(); }
    createOscillator() {
      const tone = { type: "", frequency: { value: 0 }, connect: (g) => g, start: (t) => notes.push([tone.frequency.value, t]), stop() {} };
      return tone;
    }
    createGain() {
      return { gain: { setValueAtTime() {}, exponentialRampToValueAtTime() {} }, connect: (d) => d };
    }
  }
  const win = { navigator: { vibrate: (ms) => { buzzes.push(ms); return true; } } };
  if (audio) win.AudioContext = FakeContext;
  return { win, notes, buzzes, made: () => made, resumed: () => resumed };
}

describe("the sound setting", () => {
  it("is off until chosen, then kept across visits", () => {
    const storage = memory();
    assert.equal(storedSound(storage), false);
    assert.equal(keepSound(storage, true), true);
    assert.equal(storedSound(storage), true);
    keepSound(storage, false);
    assert.equal(storedSound(storage), false);
  });

  it("survives storage missing or blocked", () => {
    assert.equal(storedSound(null), false);
    assert.equal(storedSound(blocked), false);
    assert.equal(keepSound(blocked, true), false);
  });
});

describe("the table's sounds", () => {
  it("say nothing and make no audio while off", () => {
    const f = fakeWindow();
    const sounds = new Sounds(f.win);
    assert.equal(sounds.play("turn"), false);
    sounds.unlock();
    assert.equal(f.made(), 0);
    assert.deepEqual(f.buzzes, []);
  });

  it("play each cue's notes at their times, from one audio context", () => {
    const f = fakeWindow();
    const sounds = new Sounds(f.win);
    sounds.on = true;
    assert.equal(sounds.play("end"), true);
    assert.deepEqual(f.notes, CUES.end.map(([hz, at]) => [hz, 10 + at]));
    sounds.play("move");
    assert.equal(f.made(), 1);
    assert.equal(f.notes.length, CUES.end.length + CUES.move.length);
  });

  it("buzz a device that can vibrate on your turn only", () => {
    const f = fakeWindow();
    const sounds = new Sounds(f.win);
    sounds.on = true;
    sounds.play("move");
    sounds.play("end");
    assert.deepEqual(f.buzzes, []);
    sounds.play("turn");
    assert.deepEqual(f.buzzes, [TURN_BUZZ_MS]);
  });

  it("wake an audio context the browser suspended, and do without Web Audio", () => {
    const f = fakeWindow({ state: "suspended" });
    const sounds = new Sounds(f.win);
    sounds.on = true;
    sounds.unlock();
    assert.equal(f.resumed(), 1);
    const none = fakeWindow({ audio: false });
    const quiet = new Sounds(none.win);
    quiet.on = true;
    assert.equal(quiet.play("turn"), false);
    assert.deepEqual(none.buzzes, [TURN_BUZZ_MS]); // the vibration still tells the turn
  });
});

describe("which cue a table drawn again makes", () => {
  it("makes none when a match is opened, even a finished one", () => {
    assert.equal(cueFor(null, "human", false), null);
    assert.equal(cueFor(null, "over", false), null);
  });

  it("chimes when your turn comes round, not at each of your decisions in a row", () => {
    assert.equal(cueFor("bot", "human", true), "turn");
    assert.equal(cueFor("handover", "human", false), "turn");
    assert.equal(cueFor("human", "human", true), "move");
  });

  it("taps for a move that lands, and says nothing for a redraw without one", () => {
    assert.equal(cueFor("human", "bot", true), "move");
    assert.equal(cueFor("bot", "bot", true), "move");
    assert.equal(cueFor("bot", "bot", false), null);
  });

  it("plays the end once, when the game ends on screen", () => {
    assert.equal(cueFor("bot", "over", true), "end");
    assert.equal(cueFor("over", "over", false), null);
  });
});
