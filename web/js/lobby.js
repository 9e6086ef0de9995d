// The lobby form: plain HTML/JS, usable before Python has loaded.

import { BOT_LEVELS, DEFAULT_BOT, GAMES, gameById } from "./catalog.js";
import { $, el } from "./dom.js";
import { t } from "./i18n.js";
import { botLabel, shownName, showsNothing, storedName } from "./words.js";
import { htpOptionsEditor } from "./setup-htp.js";
import { stormOptionsEditor } from "./setup-storm.js";
import { tanboSetupEditor } from "./setup-tanbo.js";
/** @import { CatalogGame, EngineGame, GameOptions, LobbyConfig, OptionsEditor, Renderer, SeatInfo } from "./types.js" */

/** The editor of each game's options: its own place in the form, and the place under Advanced.
 *  @type {Record<string, (options: HTMLElement, game: CatalogGame, advanced: HTMLElement) => OptionsEditor>} */
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

/**
 * A game's card: a radio button (the cards are one group: arrows move between them) whose
 * label is the game's picture (drawn later, by drawCovers), name, players, length (turns each,
 * as measured between bots) and one-line pitch.
 * @param {CatalogGame} game
 */
function gameCard(game) {
  const players =
    game.min_players === game.max_players
      ? t("shell.lobby.card.players", { n: game.min_players })
      : t("shell.lobby.card.players_range", { min: game.min_players, max: game.max_players });
  const about = `game-${game.id}-about`;
  return el(
    "label",
    { class: "game-card", "data-game": game.id },
    el("input", { type: "radio", name: "game", value: game.id, "aria-labelledby": `game-${game.id}-title`, "aria-describedby": about }),
    el("span", { class: "game-card-pic", "aria-hidden": "true", "data-cover": game.cover ? `${game.id}:${game.cover}` : null }),
    el("span", { class: "game-card-title", id: `game-${game.id}-title`, text: t(game.title) }),
    el("span", { class: "game-card-about", id: about },
      el("span", { class: "game-card-facts" },
        el("span", { class: "game-card-players", text: players }),
        ...(game.turns_each ? [" · ", el("span", { class: "game-card-length", text: t("shell.lobby.card.turns", { n: game.turns_each }) })] : [])),
      el("span", { class: "game-card-pitch", text: t(game.pitch) })),
  );
}

/** The seat menu's choice of a person playing on another device (a match across devices). */
const AWAY = "@away";

/** A seat as the form holds it: a person here, a bot, or a person on another device.
 *  @typedef {SeatInfo & {away?: boolean}} LobbySeat */

/** js/pictures.json, fetched once. @type {Promise<Record<string, Record<string, unknown>>> | null} */
let covers = null;

/** A game the lobby offers: its cards only ever hold ids of the catalogue. */
const offered = (/** @type {string} */ id) => /** @type {CatalogGame} */ (gameById(id));

export class Lobby {
  /** @param {{onStart: (config: LobbyConfig) => void, onGame?: (id: string) => void}} handlers */
  constructor({ onStart, onGame }) {
    this.onStart = onStart;
    /** @type {OptionsEditor | null} */
    this.editor = null;
    /** @type {LobbySeat[]} */
    this.seats = [];
    /** @type {((gameId: string) => Promise<Renderer>) | null} */
    this.coverLoad = null;
    const cards = $("game-cards");
    cards.append(...GAMES.map(gameCard));
    cards.addEventListener("change", () => {
      this.showGame(this.gameId);
      onGame?.(this.gameId);
    });
    $("lobby-form").addEventListener("submit", (event) => {
      event.preventDefault();
      if (!$("start").disabled) this.onStart(this.config());
    });
    this.showGame(GAMES[0].id);
  }

  /** The id of the game whose card is chosen. */
  get gameId() {
    const chosen = /** @type {HTMLInputElement | null} */ ($("game-cards").querySelector("input:checked"));
    return chosen?.value ?? GAMES[0].id;
  }

  get game() {
    return offered(this.gameId);
  }

  /** Choose a game's card (without drawing its settings: showGame does). @param {string} id */
  chooseCard(id) {
    for (const input of $("game-cards").querySelectorAll("input")) input.checked = input.value === id;
  }

  /** Put the keyboard on the chosen game's card. */
  focusGame() {
    /** @type {HTMLInputElement | null} */ ($("game-cards").querySelector("input:checked"))?.focus();
  }

  /**
   * The seats a game starts with: a human first, the strongest bot elsewhere.
   * @param {CatalogGame} game
   * @param {number} [count]
   * @returns {SeatInfo[]}
   */
  defaultSeats(game, count = game.default_players ?? game.max_players) {
    return Array.from({ length: count }, (_, i) => ({
      name: storedName("", i),
      bot: i > 0 ? defaultBot(game) : null,
    }));
  }

  /**
   * @param {string} id
   * @param {LobbySeat[] | null} [seats]
   * @param {GameOptions | null} [options]
   */
  showGame(id, seats = null, options = null) {
    const game = offered(id);
    this.chooseCard(id);
    $("rules-link").href = $("menu-rules").href = `rules.html#${game.id}`;
    this.seats = seats ?? this.defaultSeats(game);
    const options_ = $("game-options");
    options_.replaceChildren();
    // A game's technical set-up (Tanbo's custom start) goes under Advanced with the seed.
    $("game-advanced").replaceChildren();
    const make = game.setup_editor ? EDITORS[game.setup_editor] : null;
    this.editor = make ? make(options_, game, $("game-advanced")) : null;
    $("first-player-label").textContent = t(game.first_player?.label ?? "shell.lobby.first.label");
    $("first-player").closest(".field")?.toggleAttribute("hidden", !game.first_player);
    $("first-player").replaceChildren(); // a new game starts from its own default first player
    this.drawSeats();
    if (options) this.fillOptions(options);
  }

  /** Read what the form shows back into this.seats (names and bots typed so far); a default
   *  name shown in the reader's language is kept as the seat's default name. */
  readSeats() {
    this.seats = this.seats.map((s, i) => {
      const who = $(`seat-${i}-who`)?.value ?? (s.away ? AWAY : s.bot ?? "");
      const name = storedName($(`seat-${i}-name`)?.value ?? s.name, i);
      return who === AWAY ? { name, bot: null, away: true } : { name, bot: who || null };
    });
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
        { id: `seat-${i}-who`, "aria-label": t("shell.lobby.who", { n }), "aria-describedby": "bot-levels" },
        el("option", { value: "", text: t("shell.lobby.human") }),
        el("option", { value: AWAY, text: t("shell.lobby.away") }),
        ...botChoices(game, seat.bot).map((b) => el("option", { value: b, text: botLabel(b) })),
      );
      who.value = seat.away ? AWAY : seat.bot ?? "";
      const name = el("input", {
        id: `seat-${i}-name`,
        type: "text",
        value: shownName(seat.name, i),
        maxlength: "40",
        autocomplete: "off",
        "aria-label": t("shell.lobby.name", { n }),
        "aria-describedby": `seat-${i}-name-hint`,
      });
      // A name of which nothing shows (zero-width characters, spaces) would leave log lines
      // with no visible subject: the engine names that seat by default, and the lobby says so.
      const hint = el("p", { id: `seat-${i}-name-hint`, class: "hint warning name-hint", "aria-live": "polite", hidden: true });
      const sayBlank = () => {
        const blank = showsNothing(name.value);
        hint.hidden = !blank;
        hint.textContent = blank ? t("shell.lobby.name_blank", { name: t("core.seat", { n }) }) : "";
      };
      name.addEventListener("input", sayBlank);
      sayBlank();
      const row = el("div", { class: "seat-row" }, el("span", { class: "seat-dot", "aria-hidden": "true", "data-seat": String(i) }), name, who);
      if (variable) {
        const remove = el("button", { type: "button", class: "seat-remove", "aria-label": t("shell.lobby.remove", { n }), title: t("shell.lobby.remove", { n }), text: "×" });
        remove.disabled = count <= game.min_players;
        remove.addEventListener("click", () => {
          this.readSeats();
          this.seats.splice(i, 1);
          this.drawSeats();
        });
        row.append(remove);
      }
      row.append(hint);
      list.append(row);
    });
    if (variable) {
      const add = el("button", { type: "button", id: "seat-add", class: "seat-add", text: t("shell.lobby.add", { count, max: game.max_players }) });
      add.disabled = count >= game.max_players;
      add.addEventListener("click", () => {
        this.readSeats();
        const n = this.seats.length + 1;
        this.seats.push({ name: storedName("", n - 1), bot: defaultBot(game) });
        this.drawSeats();
        $(`seat-${n - 1}-name`)?.focus();
      });
      list.append(el("div", { class: "seat-count" }, add, el("span", { class: "hint", text: t("shell.lobby.range", { min: game.min_players, max: game.max_players }) })));
    }
    first.replaceChildren(
      ...(game.first_player?.random ? [el("option", { value: "", text: t("shell.lobby.random") })] : []),
      ...Array.from({ length: count }, (_, i) => el("option", { value: String(i), text: t("core.seat", { n: i + 1 }) })),
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
    const key = game.first_player?.option;
    if (key && options?.[key] !== undefined && options[key] !== null) $("first-player").value = String(options[key]);
    else if (key && options?.[key] === null && game.first_player?.random) $("first-player").value = "";
    this.editor?.fill?.(options ?? {});
  }

  /**
   * Fill the form from a lobby config (used by "New game" to keep the last settings).
   * @param {LobbyConfig | null | undefined} config
   */
  fill(config) {
    if (!config) return;
    const game = offered(config.game);
    /** @type {LobbySeat[]} */
    const seats = (config.seats ?? []).map((s, i) => (config.away?.includes(i) ? { name: s.name, bot: null, away: true } : { name: s.name, bot: s.bot ?? null }));
    const count = Math.min(game.max_players, Math.max(game.min_players, seats.length));
    const filled = this.defaultSeats(game, count).map((d, i) => seats[i] ?? d);
    this.showGame(config.game, filled, config.options);
    $("hints").checked = config.hints !== false;
  }

  /**
   * Draw each card's picture: its game's figure of the rules page (js/pictures.json) in the
   * table's own art, with the words in it hidden (the card says what the game is). Called once
   * the engine has started, whose download comes first; a picture that cannot be had (offline
   * before the site was kept) leaves its card with words only.
   * @param {(gameId: string) => Promise<Renderer>} load
   */
  async drawCovers(load) {
    this.coverLoad = load;
    try {
      covers ??= fetch(new URL("./pictures.json", import.meta.url)).then((r) => (r.ok ? r.json() : {}));
      const all = await covers;
      const sprites = [];
      for (const pic of $("game-cards").querySelectorAll("[data-cover]")) {
        const [game, id] = (pic.getAttribute("data-cover") ?? "").split(":");
        const fig = all[game]?.[id];
        const maker = fig ? await load(game) : null;
        if (!maker?.picture) continue;
        pic.className = `game-card-pic ${maker.pictureClass ?? ""}`;
        pic.innerHTML = maker.picture(fig);
        sprites.push(maker.pictureSprite?.() ?? "");
      }
      $("cover-sprites").innerHTML = sprites.join("");
    } catch {
      covers = null; // tried again at the next draw
    }
  }

  /** Draw the lobby again in the reader's language, keeping everything chosen so far. */
  redraw() {
    const keep = this.config();
    $("game-cards").replaceChildren(...GAMES.map(gameCard));
    if (this.coverLoad) this.drawCovers(this.coverLoad);
    this.fill(keep);
  }

  /** @returns {LobbyConfig} */
  config() {
    const game = this.game;
    this.readSeats();
    const seats = this.seats.map((s, i) => ({ name: storedName(s.name, i), bot: s.bot }));
    const away = this.seats.flatMap((s, i) => (s.away ? [i] : []));
    const seedText = $("seed").value.trim();
    const seed = seedText === "" ? null : Number(seedText);
    const key = game.first_player?.option;
    const firstText = $("first-player").value;
    // "Random" (an empty value) leaves the choice to the engine (null), where a game allows it.
    const first = firstText === "" && game.first_player?.random ? null : Number(firstText);
    const options = key ? { ...game.options, [key]: first } : { ...game.options };
    if (this.editor) Object.assign(options, this.editor.options());
    const hints = $("hints").checked;
    return { game: game.id, seats, seed: Number.isFinite(seed) ? seed : seedText, options, hints, ...(away.length ? { away } : {}) };
  }
}
