// The lobby form: plain HTML/JS, usable before Python has loaded.

import { BOT_LABELS, BOT_LEVELS, DEFAULT_BOT, GAMES, gameById } from "./catalog.js";
import { $, el } from "./dom.js";
import { htpOptionsEditor } from "./setup-htp.js";
import { stormOptionsEditor } from "./setup-storm.js";
import { tanboSetupEditor } from "./setup-tanbo.js";
/** @import { CatalogGame, EngineGame, GameOptions, LobbyConfig, OptionsEditor, SeatInfo } from "./types.js" */

/** @type {Record<string, (container: HTMLElement, game: CatalogGame) => OptionsEditor>} */
const EDITORS = { tanbo: tanboSetupEditor, htp: htpOptionsEditor, storm: stormOptionsEditor };

/**
 * A new bot seat plays at Normal, when the engine offers it.
 * @param {CatalogGame} game
 * @returns {string | null}
 */
function defaultBot(game) {
  return game.bots.includes(DEFAULT_BOT) ? DEFAULT_BOT : (game.bots[0] ?? null);
}

/**
 * The bots a seat's menu offers: the levels, plus the bot the seat already has (a save or a
 * link may hold "random", or "greedy", the old name of Normal).
 * @param {CatalogGame} game
 * @param {string | null} current
 * @returns {string[]}
 */
function botChoices(game, current) {
  const levels = BOT_LEVELS.filter((b) => game.bots.includes(b));
  const offered = levels.length ? levels : game.bots;
  return current && !offered.includes(current) ? [...offered, current] : offered;
}

/** A game the lobby offers: its select only ever holds ids of the catalogue. */
const offered = (/** @type {string} */ id) => /** @type {CatalogGame} */ (gameById(id));

export class Lobby {
  /** @param {{onStart: (config: LobbyConfig) => void}} handlers */
  constructor({ onStart }) {
    this.onStart = onStart;
    /** @type {OptionsEditor | null} */
    this.editor = null;
    /** @type {SeatInfo[]} */
    this.seats = [];
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
    return offered($("game-select").value);
  }

  /**
   * The seats a game starts with: a human first, the strongest bot elsewhere.
   * @param {CatalogGame} game
   * @param {number} [count]
   * @returns {SeatInfo[]}
   */
  defaultSeats(game, count = game.default_players ?? game.max_players) {
    return Array.from({ length: count }, (_, i) => ({
      name: `Player ${i + 1}`,
      bot: i > 0 ? defaultBot(game) : null,
    }));
  }

  /**
   * @param {string} id
   * @param {SeatInfo[] | null} [seats]
   * @param {GameOptions | null} [options]
   */
  showGame(id, seats = null, options = null) {
    const game = offered(id);
    $("game-blurb").textContent = game.blurb ?? "";
    $("rules-link").href = `rules.html#${game.id}`;
    this.seats = seats ?? this.defaultSeats(game);
    const options_ = $("game-options");
    options_.replaceChildren();
    const make = EDITORS[game.setupEditor];
    this.editor = make ? make(options_, game) : null;
    $("first-player-label").textContent = game.firstPlayerLabel ?? "First player";
    $("first-player").replaceChildren(); // a new game starts from its own default first player
    this.drawSeats();
    if (options) this.fillOptions(options);
  }

  /** Read what the form shows back into this.seats (names and bots typed so far). */
  readSeats() {
    this.seats = this.seats.map((s, i) => ({
      name: $(`seat-${i}-name`)?.value ?? s.name,
      bot: ($(`seat-${i}-who`)?.value ?? s.bot ?? "") || null,
    }));
  }

  drawSeats() {
    const game = this.game;
    const list = $("seat-list");
    const first = $("first-player");
    const keepFirst = first.value;
    list.replaceChildren();
    const count = this.seats.length;
    const variable = game.min_players !== game.max_players;
    this.seats.forEach((seat, i) => {
      const n = i + 1;
      const who = el(
        "select",
        { id: `seat-${i}-who`, "aria-label": `Player ${n}: human or bot`, "aria-describedby": "bot-levels" },
        el("option", { value: "", text: "Human" }),
        ...botChoices(game, seat.bot).map((b) => el("option", { value: b, text: BOT_LABELS[b] ?? `Bot: ${b}` })),
      );
      who.value = seat.bot ?? "";
      const name = el("input", {
        id: `seat-${i}-name`,
        type: "text",
        value: seat.name,
        maxlength: "40",
        autocomplete: "off",
        "aria-label": `Player ${n} name`,
      });
      const row = el("div", { class: "seat-row" }, el("span", { class: "seat-dot", "aria-hidden": "true", "data-seat": String(i) }), name, who);
      if (variable) {
        const remove = el("button", { type: "button", class: "seat-remove", "aria-label": `Remove player ${n}`, title: `Remove player ${n}`, text: "×" });
        remove.disabled = count <= game.min_players;
        remove.addEventListener("click", () => {
          this.readSeats();
          this.seats.splice(i, 1);
          this.drawSeats();
        });
        row.append(remove);
      }
      list.append(row);
    });
    if (variable) {
      const add = el("button", { type: "button", id: "seat-add", class: "seat-add", text: `+ Add a player (${count}/${game.max_players})` });
      add.disabled = count >= game.max_players;
      add.addEventListener("click", () => {
        this.readSeats();
        const n = this.seats.length + 1;
        this.seats.push({ name: `Player ${n}`, bot: defaultBot(game) });
        this.drawSeats();
        $(`seat-${n - 1}-name`)?.focus();
      });
      list.append(el("div", { class: "seat-count" }, add, el("span", { class: "hint", text: `${game.min_players} to ${game.max_players} players` })));
    }
    first.replaceChildren(
      ...(game.firstPlayerRandom ? [el("option", { value: "", text: "Random" })] : []),
      ...Array.from({ length: count }, (_, i) => el("option", { value: String(i), text: `Player ${i + 1}` })),
    );
    if (keepFirst !== "" && Number(keepFirst) < count) first.value = keepFirst;
    this.editor?.setSeats?.(count);
  }

  /**
   * The engine's catalogue is the authority on bots and options: offer exactly its own.
   * @param {EngineGame[]} games
   */
  useCatalogue(games) {
    let changed = false;
    for (const g of games) {
      const known = gameById(g.id);
      if (!known) continue;
      if (Array.isArray(g.bots) && JSON.stringify(known.bots) !== JSON.stringify(g.bots)) {
        known.bots = g.bots;
        changed = true;
      }
      if (g.options && typeof g.options === "object" && JSON.stringify(known.options) !== JSON.stringify(g.options)) {
        known.options = g.options;
        changed = true;
      }
    }
    if (changed) {
      const keep = this.config();
      this.fill({ ...keep, seats: keep.seats.map((s) => ({ ...s, bot: s.bot !== null && this.game.bots.includes(s.bot) ? s.bot : s.bot && defaultBot(this.game) })) });
    }
  }

  /** @param {GameOptions | null | undefined} options */
  fillOptions(options) {
    const game = this.game;
    const key = game.firstPlayerOption ?? "first_player";
    if (options?.[key] !== undefined && options[key] !== null) $("first-player").value = String(options[key]);
    else if (options?.[key] === null && game.firstPlayerRandom) $("first-player").value = "";
    this.editor?.fill?.(options ?? {});
  }

  /**
   * Fill the form from a lobby config (used by "New game" to keep the last settings).
   * @param {LobbyConfig | null | undefined} config
   */
  fill(config) {
    if (!config) return;
    $("game-select").value = config.game;
    const game = offered(config.game);
    const seats = (config.seats ?? []).map((s) => ({ name: s.name, bot: s.bot ?? null }));
    const count = Math.min(game.max_players, Math.max(game.min_players, seats.length));
    const filled = this.defaultSeats(game, count).map((d, i) => seats[i] ?? d);
    this.showGame(config.game, filled, config.options);
  }

  /** @returns {LobbyConfig} */
  config() {
    const game = this.game;
    this.readSeats();
    const seats = this.seats.map((s, i) => ({ name: s.name.trim() || `Player ${i + 1}`, bot: s.bot }));
    const seedText = $("seed").value.trim();
    const seed = seedText === "" ? null : Number(seedText);
    const key = game.firstPlayerOption ?? "first_player";
    const firstText = $("first-player").value;
    // "Random" (an empty value) leaves the choice to the engine (null), where a game allows it.
    const first = firstText === "" && game.firstPlayerRandom ? null : Number(firstText);
    const options = { ...game.options, [key]: first };
    if (this.editor) Object.assign(options, this.editor.options());
    return { game: game.id, seats, seed: Number.isFinite(seed) ? seed : seedText, options };
  }
}
