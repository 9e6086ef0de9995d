// Lobby options for Humble Tea Party: Team Battle (4 or 6 players; a team per seat, alternate
// seats by default: ruling H14) and No chatting (ruling H15: shown, changes nothing else).

import { el } from "./dom.js";
import { seatName, t } from "./i18n.js";
/** @import { OptionsEditor } from "./types.js" */

// Every word from the catalogue (humble_tea_party.ui.*); the static ones carry data-i18n, so the
// page's translate() renames them when the language changes.
const UI = "humble_tea_party.ui.";
const TEAMS = [0, 1];

/**
 * @param {HTMLElement} container
 * @returns {OptionsEditor}
 */
export function htpOptionsEditor(container) {
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

  const allowed = () => count === 4 || count === 6;
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
          ...TEAMS.map((team) => el("option", { value: String(team), text: t(`${UI}team_option_${team}`) })),
        );
        pick.value = String(teams[i] ?? i % 2);
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
      if (n !== count) teams = Array.from({ length: n }, (_, i) => i % 2);
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
        teams: team ? Array.from({ length: count }, (_, i) => teams[i] ?? i % 2) : null,
      };
    },
  };
}
