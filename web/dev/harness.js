// What the three renderer harness pages (web/dev/<game>.html) share: the page's language
// (?lang=), the fixture picker (#pick, ?fixture=), the busy switch (#busy), the actions sent
// (#acts and window.actLog) and window.harnessReady once the first fixture is drawn. Each page
// keeps its own fixtures, renderer, layout and any control of its own. The e2e tests drive
// these pages (e2e/harness.py, e2e/test_*_renderer.py).

import { useLanguage } from "../js/i18n.js";
/** @import { Action } from "../js/types.js" */

/**
 * The page's globals that the tests read.
 * @typedef {Window & { actLog: (Action | string)[], harnessReady?: boolean }} HarnessWindow
 */

/**
 * @template F
 * @typedef {object} HarnessOptions
 * @property {Record<string, F>} fixtures The fixtures by name, in the picker's order.
 * @property {string | (() => string)} title The renderer's title (a function: read once the
 *   page's language is loaded).
 * @property {(action: Action | string, fixture: F) => string} describe What an action sent
 *   does, in words, given the fixture picked.
 * @property {string} [joiner] Between the action and its description in #acts.
 */

/**
 * @template F
 * @typedef {object} Harness
 * @property {HTMLElement} root Where the renderer draws.
 * @property {HTMLInputElement} busy The busy switch.
 * @property {URLSearchParams} params The page's query.
 * @property {() => F} fixture The fixture picked.
 * @property {(action: Action | string, asSeat?: number) => Promise<void>} act The renderer's
 *   `act`: records the action (with `asSeat` when given) and says it in #acts.
 * @property {(show: (replay: boolean) => void) => void} run Draw the fixture picked with
 *   `show(true)`, again when another is picked (`show(true)`) or busy is switched
 *   (`show(false)`: no clicks replayed); then set window.harnessReady.
 */

/**
 * @param {string} id
 * @returns {HTMLElement}
 */
function byId(id) {
  const found = document.getElementById(id);
  if (!found) throw new Error(`the harness page has no #${id}`);
  return found;
}

/**
 * Load the page's language, name the page after the renderer, fill the picker (the fixture
 * in ?fixture= picked when there is one) and empty the log of actions sent.
 * @template F
 * @param {HarnessOptions<F>} options
 * @returns {Promise<Harness<F>>}
 */
export async function openHarness({ fixtures, title, describe, joiner = " — " }) {
  const params = new URLSearchParams(location.search);
  await useLanguage(params.get("lang") || "en");

  const win = /** @type {HarnessWindow} */ (/** @type {unknown} */ (window));
  const root = byId("root");
  const pick = /** @type {HTMLSelectElement} */ (byId("pick"));
  const busy = /** @type {HTMLInputElement} */ (byId("busy"));
  const acts = byId("acts");
  win.actLog = [];
  document.title = `${typeof title === "function" ? title() : title} renderer harness`;

  for (const name of Object.keys(fixtures)) pick.add(new Option(name, name));
  const wanted = params.get("fixture");
  if (wanted && fixtures[wanted]) pick.value = wanted;
  const fixture = () => fixtures[pick.value];

  /** @type {Harness<F>["act"]} */
  function act(action, asSeat) {
    win.actLog.push(asSeat === undefined ? action : { .../** @type {Action} */ (action), asSeat });
    const seat = asSeat === undefined ? "" : `, seat ${asSeat}`;
    acts.textContent = `act(${JSON.stringify(action)}${seat})${joiner}${describe(action, fixture())}`;
    return Promise.resolve();
  }

  /** @type {Harness<F>["run"]} */
  function run(show) {
    pick.addEventListener("change", () => {
      const u = new URL(location.href);
      u.searchParams.set("fixture", pick.value);
      history.replaceState(null, "", u);
      show(true);
    });
    busy.addEventListener("change", () => show(false));
    show(true);
    win.harnessReady = true;
  }

  return { root, busy, params, fixture, act, run };
}
