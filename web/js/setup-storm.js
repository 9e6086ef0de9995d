// Lobby option for Storm in a Teacup: Memory aid (ruling S8, on by default). Which revealed
// cards went to which stock is public; with the aid on, the table shows each stock's colours
// as the reveals fix them, off only its size. Bots use what is public either way.

import { el } from "./dom.js";
import { t } from "./i18n.js";
/** @import { CatalogGame, OptionsEditor } from "./types.js" */

/**
 * @param {HTMLElement} container
 * @param {CatalogGame} game
 * @returns {OptionsEditor}
 */
export function stormOptionsEditor(container, game) {
  const aid = el("input", { type: "checkbox", id: "storm-memory-aid" });
  aid.checked = true;
  container.append(
    el(
      "fieldset",
      { class: "storm-options" },
      el("legend", { text: t("storm_in_a_teacup.ui.options.legend") }),
      el(
        "label",
        { class: "check" },
        aid,
        el("span", { text: t("storm_in_a_teacup.ui.options.memory_aid") }),
      ),
    ),
  );
  return {
    fill(options) {
      if (typeof options.memory_aid === "boolean") aid.checked = options.memory_aid;
    },
    options() {
      // Only an option the engine knows (its catalogue replaces the built-in one when it loads).
      return "memory_aid" in (game.options ?? {}) ? { memory_aid: aid.checked } : {};
    },
  };
}
