// Lobby options for Humble Tea Party: Team Battle (the player counts, teams and default teams
// are the engine's, from the catalogue: ruling H14) and No chatting (ruling H15: shown, changes
// nothing else).

import { el } from "./dom.js";
import { seatName, t } from "./i18n.js";
/** @import { CatalogGame, OptionsEditor } from "./types.js" */

// Every word from the catalogue (humble_tea_party.ui.*); the static ones carry data-i18n, so the
// page's translate() renames them when the language changes.
const UI = "humble_tea_party.ui.";

/**
 * @param {HTMLElement} container
 * @param {CatalogGame} game  its `team_battle`: the player counts, the teams, their defaults
 * @returns {OptionsEditor}
 */
export function htpOptionsEditor(container, game) {
  const rule = game.team_battle ?? { sizes: [], teams: [], default: {} };
  /** Each seat's team as a game of `n` players starts. @param {number} n @param {number} seat */
  const start = (n, seat) => rule.default[String(n)]?.[seat] ?? 0;
  const teamBox = el("input", { type: "checkbox", id: "htp-team-battle" });
  const hushBox = el("input", { type: "checkbox", id: "htp-no-chatting" });
  const teamHint = el("p", { class: "hint", id: "htp-team-hint" });
  const teamList = el("div", { class: "team-list", id: "htp-teams" });
  let count = 0;
  /** @type {number[]} */
  let teams = [];

  const fieldset = el(
    "fieldset",
    { class: "htp-options" },
    el("legend", { text: t(`${UI}opt_legend`), "data-i18n": `${UI}opt_legend` }),
    el("label", { class: "check" }, hushBox, el("span", { text: t(`${UI}opt_hush`), "data-i18n": `${UI}opt_hush` })),
    el("label", { class: "check" }, teamBox, el("span", { text: t(`${UI}opt_team`), "data-i18n": `${UI}opt_team` })),
    teamHint,
    teamList,
  );
  container.append(fieldset);

  const allowed = () => rule.sizes.includes(count);
  function draw() {
    teamBox.disabled = !allowed();
    if (!allowed()) teamBox.checked = false;
    teamHint.textContent = t(`${UI}${allowed() ? "team_hint_ok" : "team_hint_bad"}`);
    teamList.hidden = !teamBox.checked;
    teamList.replaceChildren(
      ...Array.from({ length: count }, (_, i) => {
        const pick = el(
          "select",
          { id: `seat-${i}-team`, "aria-label": t(`${UI}team_of_seat`, { who: seatName(i) }) },
          ...rule.teams.map((team) => el("option", { value: String(team), text: t(`${UI}team_option_${team}`) })),
        );
        pick.value = String(teams[i] ?? start(count, i));
        pick.addEventListener("change", () => {
          teams[i] = Number(pick.value);
        });
        return el("label", { class: "team-pick" }, el("span", { class: "seat-dot", "data-seat": String(i), "aria-hidden": "true" }), el("span", { text: seatName(i) }), pick);
      }),
    );
  }
  teamBox.addEventListener("change", draw);

  return {
    setSeats(n) {
      if (n !== count) teams = Array.from({ length: n }, (_, i) => start(n, i));
      count = n;
      draw();
    },
    fill(options) {
      hushBox.checked = !!options.no_chatting;
      if (Array.isArray(options.teams) && options.teams.length === count) teams = [...options.teams];
      teamBox.checked = !!options.team_battle && allowed();
      draw();
    },
    options() {
      const team = teamBox.checked && allowed();
      return {
        no_chatting: hushBox.checked,
        team_battle: team,
        teams: team ? Array.from({ length: count }, (_, i) => teams[i] ?? start(count, i)) : null,
      };
    },
  };
}
