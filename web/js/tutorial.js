// A guided first game on the real table (pygames/tutorials.py): the tutorial's data gives the
// move asked at each of the learner's decisions and the words said beside it; the bot across the
// table plays as the seed makes it. The page draws the table as always, says the step's words
// next to it, marks the asked move, refuses any other move kindly (nothing is sent), and "Show
// me" makes the asked one. Where the learner stands is read from the record (their moves so
// far), so a reload resumes the lesson where it was: the tab remembers which save is a lesson.
//
// No DOM here: the page asks and draws.

import { sameAction } from "./actions.js";
/** @import { Action, LobbyConfig, MatchRecord, TutorialJson, TutorialStepJson } from "./types.js" */

/** The learner's seat. */
export const LEARNER = 0;
/** Where the tab keeps which save is a lesson, and of which game. */
export const TUTORIAL_KEY = "pygames:tutorial";

export class Tutorial {
  /** @param {TutorialJson} data @param {string} saveId the lesson's automatic save */
  constructor(data, saveId) {
    this.data = data;
    this.saveId = saveId;
  }

  /** The learner's decisions the record holds. @param {MatchRecord | null | undefined} record */
  done(record) {
    return (record?.actions ?? []).filter(([seat]) => seat === LEARNER).length;
  }

  /** The step at hand, or null once every step is made.
   *  @param {MatchRecord | null | undefined} record @returns {TutorialStepJson | null} */
  current(record) {
    return this.data.steps[this.done(record)] ?? null;
  }

  /** Whether `action` is the move the lesson asks for now.
   *  @param {Action | string} action @param {MatchRecord | null | undefined} record */
  allows(action, record) {
    const step = this.current(record);
    if (!step) return true; // the lesson is over: the game is the learner's
    let move = action;
    if (typeof move === "string") {
      try {
        move = JSON.parse(move);
      } catch {
        return false;
      }
    }
    return sameAction(/** @type {Action} */ (move), step.move);
  }

  /** The lobby configuration that starts the lesson's game. @param {string} learner the
   *  learner's name @returns {LobbyConfig} */
  config(learner) {
    const { game, seed, options, opponent, others = [] } = this.data;
    return { game, seed, options: { ...options }, seats: [{ name: learner, bot: null }, opponent, ...others], hints: false };
  }

  /** Keep in the tab's storage that this save is a lesson (a reload resumes it).
   *  @param {Pick<Storage, "setItem"> | null} storage */
  remember(storage) {
    try {
      storage?.setItem(TUTORIAL_KEY, JSON.stringify({ game: this.data.game, save: this.saveId }));
    } catch {
      /* storage off: the lesson lasts as long as the tab */
    }
  }

  /** Forget the lesson (skipped or finished). @param {Pick<Storage, "removeItem"> | null} storage */
  static forget(storage) {
    try {
      storage?.removeItem(TUTORIAL_KEY);
    } catch {
      /* nothing kept */
    }
  }

  /** The lesson the tab remembers, if it is save `saveId`.
   *  @param {Pick<Storage, "getItem"> | null} storage @param {string} saveId
   *  @returns {string | null} its game */
  static recall(storage, saveId) {
    try {
      const kept = JSON.parse(storage?.getItem(TUTORIAL_KEY) ?? "null");
      return kept && kept.save === saveId && typeof kept.game === "string" ? kept.game : null;
    } catch {
      return null;
    }
  }
}
