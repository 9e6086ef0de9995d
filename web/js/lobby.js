// The lobby form: plain HTML/JS, usable before Python has loaded.

import { BOT_LABELS, GAMES, gameById } from "./catalog.js";
import { $, el } from "./dom.js";
import { tanboSetupEditor } from "./setup-tanbo.js";

const EDITORS = { tanbo: tanboSetupEditor };


export class Lobby {
  constructor({ onStart }) {
    this.onStart = onStart;
    this.editor = null;
    const select = $("game-select");
    for (const g of GAMES) select.append(el("option", { value: g.id, text: g.title }));
    select.addEventListener("change", () => this.showGame(select.value));
    $("lobby-form").addEventListener("submit", (event) => {
      event.preventDefault();
      if (!$("start").disabled) this.onStart(this.config());
    });
    this.showGame(GAMES[0].id);
  }

  get game() {
    return gameById($("game-select").value);
  }

  showGame(id) {
    const game = gameById(id);
    $("game-blurb").textContent = game.blurb ?? "";
    const list = $("seat-list");
    list.replaceChildren();
    const count = game.max_players;
    for (let i = 0; i < count; i++) {
      const n = i + 1;
      const who = el(
        "select",
        { id: `seat-${i}-who`, "aria-label": `Player ${n}: human or bot` },
        el("option", { value: "", text: "Human" }),
        ...game.bots.map((b) => el("option", { value: b, text: BOT_LABELS[b] ?? `Bot: ${b}` })),
      );
      if (i > 0 && game.bots.includes("greedy")) who.value = "greedy";
      const name = el("input", {
        id: `seat-${i}-name`,
        type: "text",
        value: `Player ${n}`,
        maxlength: "40",
        autocomplete: "off",
        "aria-label": `Player ${n} name`,
      });
      list.append(
        el("div", { class: "seat-row" }, el("span", { class: "seat-dot", "aria-hidden": "true", "data-seat": String(i) }), name, who),
      );
    }
    const first = $("first-player");
    first.replaceChildren(...Array.from({ length: count }, (_, i) => el("option", { value: String(i), text: `Player ${i + 1}` })));
    const options = $("game-options");
    options.replaceChildren();
    const make = EDITORS[game.setupEditor];
    this.editor = make ? make(options, game) : null;
  }

  /** The engine's catalogue is the authority on bots: offer exactly the ones it has. */
  useCatalogue(games) {
    let changed = false;
    for (const g of games) {
      const known = gameById(g.id);
      if (known && Array.isArray(g.bots) && JSON.stringify(known.bots) !== JSON.stringify(g.bots)) {
        known.bots = g.bots;
        changed = true;
      }
    }
    if (changed) {
      const keep = this.config();
      this.fill({ ...keep, seats: keep.seats.map((s) => ({ ...s, bot: this.game.bots.includes(s.bot) ? s.bot : s.bot && this.game.bots[0] })) });
    }
  }

  /** Fill the form from a lobby config (used by "New game" to keep the last settings). */
  fill(config) {
    if (!config) return;
    $("game-select").value = config.game;
    this.showGame(config.game);
    config.seats.forEach((seat, i) => {
      const name = $(`seat-${i}-name`);
      const who = $(`seat-${i}-who`);
      if (name) name.value = seat.name;
      if (who) who.value = seat.bot ?? "";
    });
    if (config.options?.first_player !== undefined) $("first-player").value = String(config.options.first_player);
  }

  config() {
    const game = this.game;
    const seats = [];
    for (let i = 0; i < game.max_players; i++) {
      const name = $(`seat-${i}-name`).value.trim() || `Player ${i + 1}`;
      const bot = $(`seat-${i}-who`).value || null;
      seats.push({ name, bot });
    }
    const seedText = $("seed").value.trim();
    const seed = seedText === "" ? null : Number(seedText);
    const options = { ...game.options, first_player: Number($("first-player").value) };
    if (this.editor) Object.assign(options, this.editor.options());
    return { game: game.id, seats, seed: Number.isFinite(seed) ? seed : seedText, options };
  }
}
