// The rules page holds every summary and ruling in both languages; this shows the reader's
// (the one chosen on the games' page, else the browser's) and offers the same switch.

import { preferredLanguage, translate, useLanguage } from "./i18n.js";

const select = /** @type {HTMLSelectElement} */ (document.getElementById("language"));

/** @param {string} lang @param {boolean} remember */
async function show(lang, remember) {
  select.value = await useLanguage(lang, { remember });
  translate();
}

select.addEventListener("change", () => show(select.value, true));
show(preferredLanguage(), false);
