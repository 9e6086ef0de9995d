// The table's sounds, made in the page with Web Audio (no sound files, nothing downloaded): a
// soft two-note chime when it becomes your turn, a short tap when a move lands, a rising
// phrase at the end of a game. Off by default (a page that makes noise unasked is rude); a
// switch in the Game menu, kept across visits. With sound on, a device that can vibrate also
// buzzes briefly when it becomes your turn.

import { keep, readKept } from "./kept.js";

/** @typedef {"turn" | "move" | "end"} Cue */
/** A note: frequency in Hz, start and length in seconds. @typedef {[number, number, number]} Note */

/** The notes of each cue. */
export const CUES = /** @type {Record<Cue, Note[]>} */ ({
  turn: [
    [659.25, 0, 0.14],
    [880, 0.13, 0.22],
  ],
  move: [[196, 0, 0.07]],
  end: [
    [523.25, 0, 0.16],
    [659.25, 0.15, 0.16],
    [783.99, 0.3, 0.34],
  ],
});

/** How long a device vibrates when it becomes your turn, in ms. */
export const TURN_BUZZ_MS = 80;

/**
 * The cue for a table drawn again, from what it awaited before (null: the match was just
 * opened, which makes no sound) and now ("human", "bot", "over"...), and whether a move was
 * made in between: the end of the game, your turn coming round (not each of your own decisions
 * in a row), else a move landing.
 * @param {string | null | undefined} before @param {string | undefined} now @param {boolean} moved
 * @returns {Cue | null}
 */
export function cueFor(before, now, moved) {
  if (before === null || before === undefined) return null;
  if (now === "over") return before === "over" ? null : "end";
  if (now === "human" && before !== "human") return "turn";
  return moved ? "move" : null;
}

const KEY = "pygames:sound";
const PEAK = 0.16; // loudness of a note: quiet beside any music the person plays

/**
 * Whether sound is on: the person's choice kept before, else off. Storage may be missing or
 * blocked, and hold anything.
 * @param {Pick<Storage, "getItem"> | null} storage @returns {boolean}
 */
export function storedSound(storage) {
  return readKept(storage, KEY) === "on";
}

/**
 * Keep the choice for the next visit; answers whether it was kept.
 * @param {Pick<Storage, "setItem"> | null} storage @param {boolean} on @returns {boolean}
 */
export function keepSound(storage, on) {
  return keep(storage, KEY, on ? "on" : "off");
}

/**
 * @typedef {{
 *   AudioContext?: new () => AudioContext,
 *   webkitAudioContext?: new () => AudioContext,
 *   navigator?: {vibrate?: (ms: number) => boolean},
 * }} SoundWindow
 */

/** The page's sounds: one audio context, made at the first cue (or the first press, which
 *  browsers ask for before a page may sound). */
export class Sounds {
  /** @param {SoundWindow} [win] */
  constructor(win = /** @type {SoundWindow} */ (globalThis)) {
    this.win = win;
    this.on = false;
    /** @type {AudioContext | null} */
    this.context = null;
  }

  /** The audio context, made (and woken) if the browser has Web Audio. */
  audio() {
    const Context = this.win.AudioContext ?? this.win.webkitAudioContext;
    if (!Context) return null;
    this.context ??= new Context();
    if (this.context.state === "suspended") this.context.resume().catch(() => {});
    return this.context;
  }

  /** A press of the person's: the browser now lets the page sound (when sound is on). */
  unlock() {
    if (this.on) this.audio();
  }

  /**
   * Sound `cue` if sound is on; answers whether it sounded.
   * @param {Cue} cue @returns {boolean}
   */
  play(cue) {
    if (!this.on) return false;
    if (cue === "turn") this.win.navigator?.vibrate?.(TURN_BUZZ_MS);
    const audio = this.audio();
    if (!audio) return false;
    const start = audio.currentTime;
    for (const [frequency, at, length] of CUES[cue]) {
      const tone = audio.createOscillator();
      const gain = audio.createGain();
      tone.type = "sine";
      tone.frequency.value = frequency;
      // A soft attack and a fading tail: a bell, not a beep.
      gain.gain.setValueAtTime(0.0001, start + at);
      gain.gain.exponentialRampToValueAtTime(PEAK, start + at + 0.012);
      gain.gain.exponentialRampToValueAtTime(0.0001, start + at + length);
      tone.connect(gain).connect(audio.destination);
      tone.start(start + at);
      tone.stop(start + at + length + 0.02);
    }
    return true;
  }
}
