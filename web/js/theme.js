// The page's theme: as the system says (prefers-color-scheme), or light or dark as the person
// chose, kept across visits. The stylesheet does the rest: every colour of the page's chrome is
// light-dark(), and `data-theme` on <html> pins the color-scheme when one is chosen.

import { keep, readKept } from "./kept.js";

/** @typedef {"system" | "light" | "dark"} ThemeName */

/** The choices in the order they are offered. */
export const THEMES = /** @type {ThemeName[]} */ (["system", "light", "dark"]);

const KEY = "pygames:theme";

/** @param {unknown} name @returns {name is ThemeName} */
export const isTheme = (name) => typeof name === "string" && THEMES.includes(/** @type {ThemeName} */ (name));

/**
 * The theme chosen before on this device, else "system". Storage may be missing or blocked,
 * and hold anything: neither is an error.
 * @param {Pick<Storage, "getItem"> | null} storage @returns {ThemeName}
 */
export function storedTheme(storage) {
  const name = readKept(storage, KEY);
  return isTheme(name) ? name : "system";
}

/**
 * Keep the choice for the next visit; answers whether it was kept (it still holds on this page
 * when storage is full or blocked).
 * @param {Pick<Storage, "setItem"> | null} storage @param {ThemeName} name @returns {boolean}
 */
export function keepTheme(storage, name) {
  return keep(storage, KEY, name);
}

/** Show `name` on the page (`root`: <html>). @param {HTMLElement} root @param {ThemeName} name */
export function applyTheme(root, name) {
  if (name === "system") delete root.dataset.theme;
  else root.dataset.theme = name;
}
