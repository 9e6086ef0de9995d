// The reader's language. The engine says what happened as a message id with arguments
// ({id: "tanbo.log.farmer", args: {seat: 0, paddy: 3}}); this module renders it from the
// catalogue the build wrote for each language (dist/i18n/<lang>.json: the page's own words
// from web/i18n/ and every game's words from pygames). The template rules are those of
// pygames/core/messages.py; tests render the same messages with both and compare.

/** @import { Message } from "./types.js" */
/** @typedef {string | Record<string, string>} Template */
/** @typedef {Array<string | {name?: string} | null | undefined>} Names */

export const LANGUAGES = ["en", "ja"];
const STORE_KEY = "pygames.language";
const PLACEHOLDER = /\{(\w+)(?::(\w+))?\}/g;

/** @type {Record<string, Record<string, Template>>} */
const catalogues = {};
let current = "en";

/** The language shown: the one chosen before, else the browser's, else English. */
export function preferredLanguage() {
  /** @type {string | null} */
  let stored = null;
  try {
    stored = localStorage.getItem(STORE_KEY);
  } catch {
    /* storage may be unavailable (private mode): fall through to the browser's */
  }
  if (stored && LANGUAGES.includes(stored)) return stored;
  const wanted = (globalThis.navigator?.languages ?? [globalThis.navigator?.language ?? "en"]).map((l) =>
    String(l).toLowerCase().slice(0, 2),
  );
  return wanted.find((l) => LANGUAGES.includes(l)) ?? "en";
}

/** The language in use. */
export const language = () => current;

/** Make `words` the catalogue of `lang` (tests and the loader use this).
 *  @param {string} lang @param {Record<string, Template>} words */
export function addCatalogue(lang, words) {
  catalogues[lang] = { ...(catalogues[lang] ?? {}), ...words };
}

/** Fetch the catalogues (English always: it is the fallback), switch to `lang`, remember it.
 *  @param {string} lang @param {{remember?: boolean, base?: URL}} [options] @returns {Promise<string>} */
export async function useLanguage(lang, { remember = false, base = new URL("../i18n/", import.meta.url) } = {}) {
  if (!LANGUAGES.includes(lang)) lang = "en";
  for (const l of new Set(["en", lang])) {
    if (catalogues[l]) continue;
    const response = await fetch(new URL(`${l}.json`, base));
    if (!response.ok) throw new Error(`Could not load the ${l} words (HTTP ${response.status})`);
    addCatalogue(l, await response.json());
  }
  current = lang;
  if (remember) {
    try {
      localStorage.setItem(STORE_KEY, lang);
    } catch {
      /* not remembered: the choice still holds for this page */
    }
  }
  if (globalThis.document) document.documentElement.lang = lang;
  return lang;
}

/** @param {string} id @param {string} lang @returns {Template | undefined} */
function template(id, lang) {
  return catalogues[lang]?.[id] ?? catalogues.en?.[id];
}

/** @param {unknown} n @param {string} lang */
function pluralCategory(n, lang) {
  return lang === "en" && n === 1 ? "one" : "other";
}

/** The name of `seat`: the lobby's, or "Player N" in the reader's language.
 *  @param {number} seat @param {Names} [names] @param {string} [lang] @returns {string} */
export function seatName(seat, names = [], lang = current) {
  const name = names?.[seat];
  if (typeof name === "string" && name) return name;
  if (name && typeof name === "object" && name.name) return name.name;
  return say({ id: "core.seat", args: { n: seat + 1 } }, [], lang);
}

/** "a", "a and b", "a, b and c" as the catalogue's core.list.* say.
 *  @param {string[]} items @param {string} [lang] @returns {string} */
export function join(items, lang = current) {
  if (items.length <= 1) return items.join("");
  const plain = (/** @type {string} */ id) => {
    const found = template(id, lang);
    return typeof found === "string" ? found : "";
  };
  const sep = plain("core.list.sep");
  const last = plain("core.list.last");
  return items.slice(0, -1).join(sep) + last + items[items.length - 1];
}

/** @param {unknown} value @param {string | undefined} kind @param {string} lang @param {Names} names
 *  @returns {string} */
function argText(value, kind, lang, names) {
  if (kind === "seat" && typeof value === "number" && Number.isInteger(value)) return seatName(value, names, lang);
  if (kind === "list" && Array.isArray(value)) return join(value.map((v) => argText(v, "msg", lang, names)), lang);
  if (value && typeof value === "object" && "id" in value && typeof value.id === "string") {
    return say(/** @type {Message} */ (value), names, lang);
  }
  return String(value);
}

/**
 * Render a message ({id, args}) in `lang`; seats are named from `names` (strings or seats
 * with a `name`). A plain string (an old record's line) is shown as it is.
 * @param {Message | string | null | undefined} message @param {Names} [names] @param {string} [lang]
 * @returns {string}
 */
export function say(message, names = [], lang = current) {
  if (typeof message === "string") return message;
  if (!message || typeof message.id !== "string") return "";
  const args = message.args ?? {};
  let found = template(message.id, lang);
  if (found === undefined) return message.id;
  if (typeof found === "object") {
    const forms = found;
    found = forms[pluralCategory(args[forms.plural ?? "n"], lang)] ?? forms.other ?? message.id;
  }
  return String(found).replace(PLACEHOLDER, (whole, name, kind) =>
    name in args ? argText(args[name], kind, lang, names) : whole,
  );
}

/** Shorthand for the page's own words: t("shell.lobby.start", {n: 2}).
 *  @param {string} id @param {Record<string, unknown>} [args] @param {Names} [names] */
export const t = (id, args = {}, names = []) => say({ id, args }, names);

/** Whether the catalogue has `id` (in English, the fallback). @param {string} id */
export const has = (id) => template(id, "en") !== undefined;

/**
 * Fill every element under `root` marked `data-i18n="id"` (its text) or
 * `data-i18n-attr="attr:id attr2:id2"` (attributes such as aria-label, title, placeholder).
 * @param {ParentNode} [root]
 */
export function translate(root = document) {
  for (const node of root.querySelectorAll("[data-i18n]")) node.textContent = t(node.getAttribute("data-i18n") ?? "");
  for (const node of root.querySelectorAll("[data-i18n-attr]")) {
    for (const pair of (node.getAttribute("data-i18n-attr") ?? "").split(/\s+/).filter(Boolean)) {
      const [attr, id] = pair.split(":");
      node.setAttribute(attr, t(id));
    }
  }
}
