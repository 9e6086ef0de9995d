// The engine's first start, before the page's own modules: index.html runs this module on its
// own (async), so PyScript's worker boots while the browser still fetches and runs app.js and
// everything it imports (the screens, the lobby, the renderers). app.js takes the engine from
// here and follows its progress once it has words to draw it with; a later start (after the
// engine died) goes through startEngine directly.

import { startEngine } from "./engine.js";

/** @typedef {import("./types.js").Progress} Progress */

/** @type {Progress[]} */
const early = [];
/** @type {(progress: Progress) => void} */
let progressTo = (progress) => early.push(progress);
/** @type {string | null} */
let diedEarly = null;
/** @type {(why: string) => void} */
let deathTo = (why) => (diedEarly = why);

/** The first engine, starting since this module ran. */
export const firstEngine = startEngine((progress) => progressTo(progress), {
  onDeath: (why) => deathTo(why),
});
firstEngine.catch(() => {}); // the page awaits it and says why it failed

/**
 * From now on, tell `onProgress` and `onDeath` about the first engine: the progress so far at
 * once, in order, and a death that came before the page listened.
 * @param {(progress: Progress) => void} onProgress
 * @param {(why: string) => void} onDeath
 */
export function followFirstEngine(onProgress, onDeath) {
  progressTo = onProgress;
  for (const progress of early.splice(0)) onProgress(progress);
  deathTo = onDeath;
  if (diedEarly !== null) onDeath(diedEarly);
}
