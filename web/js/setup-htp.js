// Lobby options for Humble Tea Party: Team Battle (4 or 6 players; a team per seat, alternate
// seats by default: ruling H14) and No chatting (ruling H15: shown, changes nothing else).

import { el } from "./dom.js";
/** @import { OptionsEditor } from "./types.js" */

const TEAM_NAMES = ["Team Pine ▲", "Team Plum ●"];

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
    el("legend", { text: "Optional rules" }),
    el("label", { class: "check" }, hushBox, el("span", { text: " No chatting — players may not discuss placements (shown on the table)" })),
    el("label", { class: "check" }, teamBox, el("span", { text: " Team Battle — two teams; a team's score is its members' sum" })),
    teamHint,
    teamList,
  );
  container.append(fieldset);

  const allowed = () => count === 4 || count === 6;
  function draw() {
    teamBox.disabled = !allowed();
    if (!allowed()) teamBox.checked = false;
    teamHint.textContent = allowed()
      ? "Lowest team total wins; teams sit on alternate seats unless you change them."
      : "Team Battle needs 4 or 6 players.";
    teamList.hidden = !teamBox.checked;
    teamList.replaceChildren(
      ...Array.from({ length: count }, (_, i) => {
        const pick = el(
          "select",
          { id: `seat-${i}-team`, "aria-label": `Player ${i + 1} team` },
          ...TEAM_NAMES.map((name, t) => el("option", { value: String(t), text: name })),
        );
        pick.value = String(teams[i] ?? i % 2);
        pick.addEventListener("change", () => {
          teams[i] = Number(pick.value);
        });
        return el("label", { class: "team-pick" }, el("span", { class: "seat-dot", "data-seat": String(i), "aria-hidden": "true" }), el("span", { text: `Player ${i + 1}` }), pick);
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
