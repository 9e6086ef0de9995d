// Lobby editor for a custom Tanbo setup (ruling T2): Snakes and Rice per paddy, per player.
// Numbers go to the engine as typed; the engine judges them and its error is shown. The words
// are Tanbo's (tanbo.ui.setup.* in pygames/tanbo/i18n).

import { el } from "./dom.js";
import { t } from "./i18n.js";
/** @import { CatalogGame, OptionsEditor } from "./types.js" */

/**
 * @param {HTMLElement} _options  the lobby's place for a game's options (Tanbo has none there)
 * @param {CatalogGame} game  its standard_setup (the engine's) gives the rings, their paddies
 *   and the editor's starting values
 * @param {HTMLElement} advanced  the place under the lobby's Advanced, where the editor goes: a
 *   custom start is for people who know the game
 * @returns {OptionsEditor}
 */
export function tanboSetupEditor(_options, game, advanced) {
  const standard = game.standard_setup?.paddies ?? [];
  const use = el("input", { type: "checkbox", id: "tanbo-custom" });
  const grid = el("div", { class: "setup-grid", id: "tanbo-setup" });
  standard.forEach((ring, player) => {
    const row = el("fieldset", { class: "setup-player" }, el("legend", { text: t("tanbo.ui.setup.paddies", { seat: player }) }));
    ring.forEach((start, paddy) => {
      const cell = el("div", { class: "setup-paddy" }, el("span", { class: "setup-paddy-name", text: t("tanbo.ui.setup.paddy", { paddy: paddy + 1 }) }));
      for (const kind of /** @type {const} */ (["snakes", "rice"])) {
        const value = start[kind];
        cell.append(
          el(
            "label",
            { class: `setup-${kind}` },
            el("span", { text: t(`tanbo.ui.setup.${kind}`) }),
            el("input", {
              type: "number",
              min: "0",
              max: "30",
              step: "1",
              value: String(value),
              "data-player": String(player),
              "data-paddy": String(paddy),
              "data-kind": kind,
              "aria-label": t(`tanbo.ui.setup.input_${kind}`, { seat: player, paddy: paddy + 1 }),
            }),
          ),
        );
      }
      row.append(cell);
    });
    grid.append(row);
  });
  const details = el(
    "details",
    { class: "setup-editor" },
    el("summary", { text: t("tanbo.ui.setup.summary") }),
    el("label", { class: "check" }, use, el("span", { text: t("tanbo.ui.setup.use") })),
    el("p", { class: "hint", text: t("tanbo.ui.setup.hint") }),
    grid,
  );
  advanced.append(details);
  const sync = () => grid.classList.toggle("disabled", !use.checked);
  use.addEventListener("change", sync);
  grid.addEventListener("input", () => {
    use.checked = true;
    sync();
  });
  sync();

  return {
    fill(options) {
      // A custom setup chosen before (New game, a language switch) is shown again.
      const paddies = /** @type {{paddies?: unknown}} */ (options.setup ?? {}).paddies;
      if (!Array.isArray(paddies)) return;
      for (const input of grid.querySelectorAll("input")) {
        const spec = paddies[Number(input.dataset.player)]?.[Number(input.dataset.paddy)];
        const value = spec?.[/** @type {"snakes" | "rice"} */ (input.dataset.kind)];
        if (value !== undefined) input.value = String(value);
      }
      use.checked = true;
      details.open = true;
      const around = details.parentElement?.closest("details");
      if (around) around.open = true;
      sync();
    },
    options() {
      if (!use.checked) return {};
      const paddies = standard.map((ring, player) =>
        ring.map((_, paddy) => {
          /** @param {string} kind */
          const read = (kind) => {
            const input = /** @type {HTMLInputElement} */ (grid.querySelector(`input[data-player="${player}"][data-paddy="${paddy}"][data-kind="${kind}"]`));
            const text = input.value.trim();
            const n = Number(text);
            return text === "" ? 0 : Number.isFinite(n) ? n : text;
          };
          return { snakes: read("snakes"), rice: read("rice") };
        }),
      );
      return { setup: { paddies } };
    },
  };
}
