// Tiny DOM helpers.

import { setText } from "./bidi.js";

/** @param {string} id */
const byId = (id) => document.getElementById(id);

/** The page's element with that id (types.d.ts, PageElements: the ids and their kinds). */
export const $ = /** @type {import("./types.js").FindById} */ (byId);

/**
 * Create an element: attributes (text: its content, each isolated name in a <bdi>; true: an
 * empty attribute) and children.
 * @template {keyof HTMLElementTagNameMap} K
 * @param {K} tag
 * @param {Record<string, string | number | boolean | null | undefined>} [attrs]
 * @param {...(Node | string)} children
 * @returns {HTMLElementTagNameMap[K]}
 */
export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === undefined || value === null || value === false) continue;
    if (key === "text") setText(node, String(value));
    else node.setAttribute(key, value === true ? "" : String(value));
  }
  node.append(...children);
  return node;
}
