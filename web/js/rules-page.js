// The rules page holds every game's rules in both languages; this shows the reader's (the one
// chosen on the games' page, else the browser's), offers the same switch, and draws the
// pictures: the rulebooks' examples as the engine plays them out (js/pictures.json, written by
// the build from pygames/pictures.py), with each table's own pieces.

import { preferredLanguage, translate, useLanguage } from "./i18n.js";
import { applyTheme, storedTheme } from "./theme.js";
import * as tanbo from "./games/tanbo.js";
import * as humbleTeaParty from "./games/humble_tea_party.js";
import * as storm from "./games/storm_in_a_teacup.js";

/** @typedef {{picture: (fig: any) => string, pictureSprite?: () => string}} PictureMaker */

/** @type {Record<string, PictureMaker>} */
const MAKERS = { tanbo, humble_tea_party: humbleTeaParty, storm_in_a_teacup: storm };

const select = /** @type {HTMLSelectElement} */ (document.getElementById("language"));

/** @type {Promise<Record<string, Record<string, unknown>>> | null} */
let loading = null;

/** The pictures, fetched once. */
function pictures() {
  loading ??= fetch(new URL("./pictures.json", import.meta.url)).then((r) => {
    if (!r.ok) throw new Error(`pictures: HTTP ${r.status}`);
    return r.json();
  });
  return loading;
}

/** Draw every `[data-picture="game:id"]` of the page, and each game's symbols once. */
async function draw() {
  let all;
  try {
    all = await pictures();
  } catch {
    // The words stand without their pictures; nothing else depends on them.
    document.body.dataset.pictures = "missing";
    return;
  }
  const sprites = /** @type {HTMLElement} */ (document.getElementById("picture-sprites"));
  sprites.innerHTML = Object.values(MAKERS).map((m) => m.pictureSprite?.() ?? "").join("");
  for (const el of document.querySelectorAll("[data-picture]")) {
    const [game, id] = (el.getAttribute("data-picture") ?? "").split(":");
    const fig = all[game]?.[id];
    if (fig) el.innerHTML = MAKERS[game].picture(fig);
  }
  document.body.dataset.pictures = "drawn";
}

/** @param {string} lang @param {boolean} remember */
async function show(lang, remember) {
  select.value = await useLanguage(lang, { remember });
  translate();
  await draw();
}

select.addEventListener("change", () => show(select.value, true));
// The theme chosen on the games' page (its switch is there).
try {
  applyTheme(document.documentElement, storedTheme(globalThis.localStorage ?? null));
} catch {
  // storage blocked: the system's theme
}
show(preferredLanguage(), false);
