// The app shell: lobby, engine loading, the table (renderer, turn, log, errors, end screen),
// hot-seat hand-overs, bots, undo, save/load/share, the replay viewer, reload-to-resume.
//
// Game renderers plug in as web/js/games/<id>.js exporting
//   render(root, {view, legal, seat, seats, act, busy, sending, optional, animate, replay})
// act(action[, seat]) may name another human seat for an optional action (Humble Tea Party's
// Tea). `animate` is true when the redraw follows exactly one new step for the same seat (and
// motion is welcome); `replay` draws read-only. A renderer marks the acting player's hand or
// board with data-stay (it must not move between redraws) and its prompt with data-prompt; after
// each new decision the shell focuses the control marked data-first-choice, else the first
// enabled .legal choice that is not an interruption (data-interrupt), else the prompt; for a
// moment after that, and for a held key's repeats, no press reaches the renderer at all
// (input-gate.js: one press, one decision). It may also export scoreTableHtml(view, seats),
// outcomeTitle(view, seats) and outcomeReason(view, seats) for the end screen. A seat's name
// in props.seats may carry bidi isolates (bidi.js): drawn through redraw(), they become <bdi>.

import { sameAction } from "./actions.js";
import { isolate, isolateText, setText } from "./bidi.js";
import { recordProblem, sizeProblem } from "./bounds.js";
import { GAMES, LIMITS, gameById, loadGames } from "./catalog.js";
import { $, el } from "./dom.js";
import { startEngine } from "./engine.js";
import * as fallbackRenderer from "./fallback-renderer.js";
import { InputGate } from "./input-gate.js";
import { Lobby } from "./lobby.js";
import { keepOffline } from "./offline.js";
import { decodeRecord, recordParam, shareUrl } from "./record-link.js";
import { ReplayViewer } from "./replay.js";
import { SavedList, damageText, titleOf, when } from "./saved-list.js";
import { Saves, continues, hasUnsavedMoves, idOfKey, newSaveId, parseSave, recordText } from "./saves.js";
import { displayName, seatLabel as labelOf, shownSeats } from "./words.js";
import { join, language, preferredLanguage, say, t, translate, useLanguage } from "./i18n.js";
/** @import { Action, ActReply, LobbyConfig, NewMatchReply, ImportReply, MatchRecord, MatchSave, Progress, RecordSource, RecordTail, Renderer, Save, SaveEntry, SeatScreen, ShellMatch, ShellState, Status } from "./types.js" */

const params = new URLSearchParams(location.search);
// Time between two bot actions, so a person can follow them (?fast=1 for tests, ?pace=ms).
const BOT_PACE_MS = params.has("fast") ? 30 : Math.max(0, Number(params.get("pace") ?? 600) || 0);
// A bot waits this many times longer when a person may act before it (Humble Tea Party's Tea).
const INTERRUPT_PACE_FACTOR = 4;
const NARROW = "(max-width: 820px)";

const reducedMotion = () => matchMedia("(prefers-reduced-motion: reduce)").matches;
const sleep = (/** @type {number} */ ms) => new Promise((resolve) => setTimeout(resolve, ms));
const gameTitle = (/** @type {string} */ id) => {
  const title = gameById(id)?.title;
  return title ? t(title) : id;
};

/** @type {ShellState} */
const app = {
  engine: null,
  engineReady: null, // Promise of the engine
  match: null, // {id, game, status, seats, view, legal, optional, seat}
  generation: 0, // bumps whenever the match changes hands (new game, undo, load): cancels loops
  cancellers: new Set(), // waits (hand-over, pass screen) to release when the generation bumps
  busy: false, // a person's action is on its way
  applying: null, // Promise of a bot's action on its way (a person's click waits for it)
  drawn: null, // {match, seat, step} of the table on screen: animation and focus follow it
  shownSeat: null, // the human seat whose screen was last shown (hot-seat hand-over)
  logLines: [], // the log lines on screen (as the view gave them), for drawing only new ones
  renderers: new Map(),
  rendererTries: new Map(), // failed imports of a renderer so far, by game (rendererFor)
  replay: null,
  saves: new Saves(),
  readOnly: false, // the match moved on in another tab: this one shows it but cannot play it
  restarts: 0, // engine restarts so far (each restart's token: see restartEngine)
  reopening: false, // a restarted engine is reopening the match
  saving: null, // whether the match on screen is kept here: "saved", "off", "full"
};

function bumpGeneration() {
  app.generation++;
  for (const cancel of app.cancellers) cancel();
  app.cancellers.clear();
  return app.generation;
}

/**
 * Resolve when `button` is clicked, or at once when the match changes hands meanwhile.
 * @param {HTMLButtonElement} button
 * @param {number} gen
 */
function waitForClick(button, gen) {
  return new Promise(/** @param {(value?: unknown) => void} resolve */ (resolve) => {
    if (gen !== app.generation) return resolve();
    const done = () => {
      button.onclick = null;
      app.cancellers.delete(done);
      resolve();
    };
    button.onclick = done;
    app.cancellers.add(done);
  });
}

// ---------------------------------------------------------------- messages

/** A bridge refusal in the reader's words (its message), else its English text. */
/** @param {any} reply */
function errorText(reply) {
  return reply?.message ? say(reply.message, shownSeats(app.match?.seats)) : String(reply?.error ?? "");
}

/** Show an error: a bridge reply (rendered from its message) or words already made.
 *  @param {string | {message?: any, error?: string}} message */
function showError(message) {
  app.lastError = message; // said again in another language
  setText($("error-text"), typeof message === "string" ? message : errorText(message));
  $("error-banner").hidden = false;
}

function clearError() {
  $("error-banner").hidden = true;
  $("error-text").textContent = "";
}

/** Something the player should know that is not a fault (a race a bot won, a restored game). */
function showNotice(/** @type {string} */ message) {
  setText($("notice-text"), message);
  $("notice").hidden = false;
}

function clearNotice() {
  $("notice").hidden = true;
}

// ---------------------------------------------------------------- engine loading

// The worker's stages after the download (web/js/engine.js), and the words each shows.
/** @type {Record<string, string>} */
const START_STAGES = {
  start: "shell.engine.starting",
  restore: "shell.engine.starting",
  refused: "shell.engine.starting",
  restored: "shell.engine.starting",
  rules: "shell.engine.rules",
};

/** @param {Progress} progress */
function setProgress({ stage, fraction }) {
  const status = $("engine-status");
  // Every stage seen, for the curious and for the tests ("restore restored": from a snapshot).
  const seen = (status.dataset.stages ?? "").split(" ").filter(Boolean);
  if (seen.at(-1) !== stage) status.dataset.stages = [...seen, stage].join(" ");
  // The snapshot for the next visit is saved after the engine is ready: nothing to draw.
  if (app.progress?.stage === "ready" && stage !== "ready") return;
  app.progress = { stage, fraction }; // drawn again in another language
  const bar = $("engine-progress");
  const label = $("engine-label");
  status.dataset.stage = stage;
  if (stage === "download") {
    bar.value = Math.round(fraction * 100);
    label.textContent = t("shell.engine.loading_percent", { percent: Math.round(fraction * 100) });
  } else if (stage in START_STAGES) {
    bar.removeAttribute("value"); // indeterminate: Python's start has no measurable fraction
    label.textContent = t(START_STAGES[stage]);
  } else if (stage === "ready") {
    bar.value = 100;
    label.textContent = t("shell.engine.ready");
    $("start-hint").textContent = "";
  } else if (stage === "failed") {
    bar.value = 0;
    label.textContent = t("shell.engine.failed");
    $("start-hint").textContent = t("shell.engine.failed_hint");
  }
}

/** @param {Promise<import("./types.js").Engine>} starting */
async function loadEngine(starting) {
  try {
    const engine = await starting;
    app.engine = engine;
    const reply = await engine.games();
    if (reply.ok) {
      const known = new Set(reply.games.map((g) => g.id));
      for (const g of GAMES) {
        if (!known.has(g.id)) showError(t("shell.engine.unknown_game", { title: t(g.title) }));
      }
      app.lobby.useCatalogue(reply.games);
    }
    $("start").disabled = false;
    app.versions = { python: engine.python, seconds: (engine.loadMs / 1000).toFixed(1) };
    drawVersions();
    document.body.dataset.engine = "ready";
    return engine;
  } catch (err) {
    setProgress({ stage: "failed" });
    document.body.dataset.engine = "failed";
    showError(err?.name === "SandboxedFrame" ? t("shell.engine.sandboxed") : t("shell.engine.failed_error", { error: err?.message ?? err }));
    throw err;
  }
}

/** The engine died (Python failed fatally, or its worker ended: web/js/engine.js). Start a new
 *  one and reopen the match from the page's own record, saying so once.
 *  @param {string} reason */
function engineDied(reason) {
  console.warn(`The engine stopped: ${reason}`);
  bumpGeneration(); // every flow waiting on the dead engine stops where it is
  app.busy = false;
  app.applying = null;
  restartEngine();
}

async function restartEngine() {
  const match = app.match;
  const record = match ? (match.record ?? app.saves.read(match.save.id)?.record ?? null) : null;
  // Died while its match was being reopened: that record may be what kills it, so it is not
  // opened again (no loop of restarts).
  const reopen = !app.reopening;
  app.reopening = false;
  const restart = ++app.restarts;
  const current = () => restart === app.restarts && app.match === match;
  app.progress = null; // the loading line shows the new start
  document.body.dataset.engine = "restarting";
  if (app.replay?.isOpen) app.replay.close();
  const starting = startEngine(setProgress, { onDeath: engineDied });
  starting.catch(() => {});
  app.engineReady = loadEngine(starting);
  app.engineReady.catch(() => {});
  let engine;
  try {
    engine = await app.engineReady;
  } catch {
    return; // loadEngine said that Python could not start
  }
  if (!current()) return;
  if (!match || !record) {
    showNotice(t("shell.engine.restarted"));
    return;
  }
  if (!reopen) {
    goToLobby();
    showError(t("shell.engine.gave_up"));
    return;
  }
  app.reopening = true;
  const reply = await engine.import_record(JSON.stringify(record), "autosave", shownParam());
  if (!current()) return;
  app.reopening = false;
  if (!reply.ok) {
    goToLobby();
    showError(reply);
    return;
  }
  const readOnly = app.readOnly; // a tab that only shows its game goes on only showing it
  await openMatch(reply, app.lastConfig ?? null, match.save);
  if (readOnly) setReadOnly(true);
  showNotice(t("shell.engine.restarted_match"));
}

// ---------------------------------------------------------------- screens

/** @typedef {"lobby" | "resuming" | "table" | "replay"} Screen */
/** @type {Screen[]} */
const SCREENS = ["lobby", "resuming", "table", "replay"];

/** @param {Screen} name */
function showScreen(name) {
  for (const s of SCREENS) $(s).hidden = s !== name;
  document.body.dataset.screen = name;
  if (name !== "table") {
    $("end-screen").hidden = true;
    $("pass-screen").hidden = true;
  }
  updateTitle();
}

function showLobby() {
  bumpGeneration();
  app.drawn = null;
  drawResume();
  showScreen("lobby");
}

/** The browser tab says whose turn it is, so a player in another tab knows when to come back. */
function updateTitle() {
  const screen = document.body.dataset.screen;
  const match = app.match;
  if (!match || screen === "lobby" || screen === "resuming") {
    document.title = t("shell.site.title");
    return;
  }
  const title = t("shell.tab.game", { game: gameTitle(match.game) });
  if (screen === "replay") {
    document.title = t("shell.tab.replay", { title });
    return;
  }
  const { status } = match;
  if (status.over) {
    document.title = t("shell.tab.over", { title });
    return;
  }
  const awaited = awaitedSeats(status).filter((s) => !match.seats[s]?.bot);
  if (!awaited.length) document.title = title;
  else if (humanSeats().length > 1) document.title = t("shell.tab.turn_of", { name: displayName(match.seats[awaited[0]].name, awaited[0]), title });
  else document.title = t("shell.tab.your_turn", { title });
}

/**
 * A game's renderer. One that cannot be loaded (offline before the site was stored on this
 * device, a network that failed) is not replaced by the plain renderer for good: the import is
 * tried again at the next draw and when the network returns, and meanwhile the table says what
 * is missing in the player's words (missingTable).
 * @param {string} gameId
 * @returns {Promise<Renderer>}
 */
async function rendererFor(gameId) {
  const known = app.renderers.get(gameId);
  if (known) return known;
  const tries = app.rendererTries.get(gameId) ?? 0;
  try {
    // Tried again under a new URL: a browser may keep a failed module fetch for its URL. The
    // service worker answers a file whatever its query.
    /** @type {Renderer} */
    const module = await import(`./games/${gameId}.js${tries ? `?retry=${tries}` : ""}`);
    app.renderers.set(gameId, module);
    app.rendererTries.delete(gameId);
    return module;
  } catch (err) {
    app.rendererTries.set(gameId, tries + 1);
    console.warn(`The renderer of ${gameId} could not be loaded; it is tried again later.`, err);
    return missingTable;
  }
}

/** What the table shows while its game's renderer cannot be loaded: why, in the player's
 *  words, and a way to try again; never the raw view. */
const missingTable = {
  /** @param {HTMLElement} root */
  render(root) {
    const offline = navigator.onLine === false;
    const retry = el("button", { type: "button", text: t("shell.table.missing_retry") });
    retry.addEventListener("click", () => redrawMissing());
    root.replaceChildren(
      el("div", { class: "table-missing", "data-missing": offline ? "offline" : "failed" },
        el("p", { "data-prompt": "", tabindex: "-1", text: t(offline ? "shell.table.missing_offline" : "shell.table.missing") }),
        retry),
    );
  },
};

/** Draw again a table (or a replay) that showed missingTable: its renderer is tried again. */
async function redrawMissing() {
  if (app.replay?.isOpen && $("replay").querySelector("[data-missing]")) await app.replay.redraw();
  const screen = document.body.dataset.screen;
  if (screen === "table" && app.match?.view && $("board").querySelector("[data-missing]")) await draw();
}

// ---------------------------------------------------------------- match flow

const seatLabel = (/** @type {number} */ seat) => labelOf(app.match.seats, seat);

function humanSeats() {
  return app.match.seats.map((s, i) => (s.bot ? null : i)).filter((i) => i !== null);
}

/** Seats the game waits for (others among the actors only may act, like Tea). */
const awaitedSeats = (/** @type {Status} */ status) => status.awaiting ?? status.actors;

/** The seat whose screen is shown: the human awaited, else the last human shown, else a spectator.
 *  @param {Status} status */
function seatToShow(status) {
  const humansToAct = awaitedSeats(status).filter((s) => !app.match.seats[s]?.bot);
  if (humansToAct.length) return humansToAct[0];
  const humans = humanSeats();
  if (app.shownSeat !== null && humans.includes(app.shownSeat)) return app.shownSeat;
  return humans.length ? humans[0] : -1;
}

/** The seat the page shows, as a decision's call names it (the bridge answers that seat's
 *  screen, or the person it must turn to). */
const shownParam = () => app.shownSeat ?? -1;

/** Join a decision's record tail to the page's copy of the record (the autosave and the share
 *  link read it); a tail that does not join drops the copy, and export_record is asked instead.
 *  @param {ShellMatch} match @param {RecordTail} tail */
function joinTail(match, tail) {
  const record = match.record;
  if (!record || tail.from > record.actions.length) {
    match.record = null;
    return;
  }
  record.actions = [...record.actions.slice(0, tail.from), ...tail.actions];
}

/**
 * @param {NewMatchReply | ImportReply} reply
 * @param {LobbyConfig | null} config
 * @param {MatchSave | Save | null} [save] the automatic save this match continues (a resumed
 *   game, a take-over, a restarted engine); by default a new one
 */
async function openMatch(reply, config, save = null) {
  const gen = bumpGeneration();
  if (app.match && app.match.id !== reply.match) app.engine.close(app.match.id);
  app.match = {
    id: reply.match,
    status: reply.status,
    seats: reply.status.seats,
    game: reply.status.game,
    record: reply.record,
    save: {
      id: save?.id ?? newSaveId(),
      version: save ? save.version : null,
      text: !save ? null : "record" in save ? recordText(save.record) : save.text,
    },
  };
  app.saves.setTabGame(app.match.save.id);
  setAddress(app.match.save.id);
  app.saving = null;
  drawSaveStatus();
  setReadOnly(false);
  $("rules-link").href = `rules.html#${reply.status.game}`;
  app.lastConfig = config ?? { game: reply.status.game, seats: reply.status.seats, seed: null, options: {} };
  app.shownSeat = null;
  app.drawn = null;
  delete $("end-screen").dataset.shown;
  clearError();
  showScreen("table");
  await refresh(gen, reply);
}

/**
 * Apply a bot's chosen action at the step it chose it for; null if that did not happen.
 * @param {number} seat
 * @param {Action} action
 * @param {number} step
 * @param {number} gen
 */
async function applyBot(seat, action, step, gen) {
  const match = app.match;
  const sending = app.engine.act(match.id, seat, JSON.stringify(action), step, shownParam());
  app.applying = sending;
  let reply;
  try {
    reply = await sending;
  } finally {
    if (app.applying === sending) app.applying = null;
  }
  if (gen !== app.generation) return null;
  if (!reply.ok) {
    if (reply.error_type !== "StaleView") showError(t("shell.error.bot", { error: errorText(reply) }));
    return null;
  }
  match.status = reply.status;
  joinTail(match, reply.tail);
  return reply;
}

/** Ask each bot that may act but is not awaited (Tea) once per step; it may decline. A person's
 *  action on its way (app.busy) wins: the bot is asked again from the position it leaves.
 *  Resolves to the answer of the last action applied (the screen to show), if any.
 *  @param {number} gen
 *  @returns {Promise<ActReply | null>} */
async function askOptionalBots(gen) {
  const match = app.match;
  /** @type {ActReply | null} */
  let last = null;
  for (;;) {
    const status = match.status;
    if (status.over || app.busy) return last;
    const awaited = awaitedSeats(status);
    if (!match.asked || match.asked.step !== status.step) match.asked = { step: status.step, seats: new Set() };
    const seat = status.actors.find((s) => !awaited.includes(s) && match.seats[s]?.bot && !match.asked.seats.has(s));
    if (seat === undefined) return last;
    match.asked.seats.add(seat);
    const choice = await thinkBot(match, seat, status.step);
    if (gen !== app.generation) return null;
    if (!choice.ok) {
      if (choice.error_type !== "StaleView") showError(t("shell.error.bot", { error: errorText(choice) }));
      return last;
    }
    if (!choice.action) continue;
    if (app.busy || match.status.step !== status.step) return last;
    const applied = await applyBot(seat, choice.action, status.step, gen);
    if (!applied) return gen === app.generation ? last : null;
    last = applied;
  }
}

/** Whether showing `seat` next needs the device handed over (secrets, several people).
 *  @param {number} seat */
function needsHandover(seat) {
  const { status } = app.match;
  return (
    !!gameById(app.match.game)?.hidden_information &&
    humanSeats().length > 1 &&
    seat >= 0 &&
    seat !== app.shownSeat &&
    !status.over
  );
}

/**
 * Draw what the match needs now and start the bot whose turn it is. `screen` is the last
 * answer of a decision (it carries the screen to show): drawn as it is, with no crossing,
 * while it is the current step's; otherwise the seat's view is asked for.
 * @param {number} [gen]
 * @param {SeatScreen | null} [screen]
 */
async function refresh(gen = app.generation, screen = null) {
  const match = app.match;
  if (!match || gen !== app.generation) return;
  screen = (await askOptionalBots(gen)) ?? screen;
  if (gen !== app.generation) return;
  const current = screen && screen.status.step === match.status.step ? screen : null;
  const seat = current ? current.seat : seatToShow(match.status);
  if (needsHandover(seat)) {
    // The player who just moved sees what their move did before the screen goes blank.
    if (app.shownSeat !== null && humanSeats().includes(app.shownSeat)) {
      await handoverDone(app.shownSeat, seat, gen);
      if (gen !== app.generation) return;
    }
    await passDevice(seat, gen);
    if (gen !== app.generation) return;
  }
  if (!(await showSeat(seat, gen, { screen: current }))) return;
  // Saved before a bot starts thinking, from the page's own copy of the record (no crossing).
  await autosave(gen);
  if (gen !== app.generation) return;
  const botActors = match.status.over || app.readOnly ? [] : awaitedSeats(match.status).filter((s) => match.seats[s]?.bot);
  if (botActors.length) botTurn(botActors[0], gen);
}

/**
 * Draw `seat`'s screen: from `screen` (a decision's answer for that seat) when given, else
 * fetched with `view`; `handover`: the mover's last look, with no choices.
 * @param {number} seat
 * @param {number} gen
 * @param {{handover?: boolean, screen?: SeatScreen | null}} [how]
 */
async function showSeat(seat, gen, { handover = false, screen = null } = {}) {
  const match = app.match;
  const reply =
    screen && screen.seat === seat
      ? /** @type {import("./types.js").Reply<import("./types.js").ViewReply>} */ ({ ...screen, ok: true })
      : await app.engine.view(match.id, seat);
  if (gen !== app.generation) return false;
  if (!reply.ok) {
    showError(reply);
    return false;
  }
  match.status = reply.status;
  match.view = reply.view;
  match.legal = handover ? [] : reply.legal;
  match.optional = handover ? [] : reply.optional ?? [];
  match.seat = seat;
  if (!handover && seat >= 0) app.shownSeat = seat;
  await draw({ handover });
  return true;
}

/**
 * @param {number} prev
 * @param {number} next
 * @param {number} gen
 */
async function handoverDone(prev, next, gen) {
  if (!(await showSeat(prev, gen, { handover: true }))) return;
  const done = $("handover-done");
  app.handoverTo = next; // drawn again in another language
  setText(done, t("shell.handover.done_to", { name: labelOf(app.match.seats, next) }));
  done.hidden = false;
  done.focus({ preventScroll: true });
  app.gate.settle(done);
  await waitForClick(done, gen);
  done.hidden = true;
  app.handoverTo = null;
}

/**
 * @param {number} seat
 * @param {number} gen
 */
async function passDevice(seat, gen) {
  // Nothing of the previous seat may stay on screen or in reach: its table, its log
  // (secrets), the turn line and the toolbar (Save and Share show the record, which holds
  // the seed and so every hidden card). They come back once the next person is ready.
  $("board").replaceChildren();
  $("board").dataset.awaiting = "pass";
  $("log").replaceChildren();
  delete $("log").dataset.match;
  $("turn").replaceChildren();
  $("game-menu").open = false;
  app.drawn = null;
  app.passTo = seat; // drawn again in another language
  drawPass();
  setPassing(true);
  $("pass-screen").hidden = false;
  $("pass-ok").focus();
  app.gate.settle($("pass-screen"));
  try {
    await waitForClick($("pass-ok"), gen);
  } finally {
    $("pass-screen").hidden = true;
    setPassing(false);
    app.passTo = null;
  }
}

/** While the device is passed, the table's bar and log are out of sight and out of reach. */
function setPassing(/** @type {boolean} */ on) {
  for (const part of [$("table-bar"), $("log-panel")]) {
    part.hidden = on;
    part.inert = on;
  }
  if (on) document.body.dataset.passing = "";
  else delete document.body.dataset.passing;
}

/** The pass screen's words, for the seat the device goes to. */
function drawPass() {
  if (app.passTo === null || app.passTo === undefined) return;
  setText($("pass-title"), t("shell.pass.title", { who: seatLabel(app.passTo) }));
}

/** Draw the table of the shown seat; measured as "draw" (tests check none lands inside a think). */
async function draw({ handover = false } = {}) {
  const start = performance.now();
  try {
    await drawTable(handover);
  } finally {
    performance.measure("draw", { start });
  }
}

/** @param {boolean} handover */
async function drawTable(handover) {
  const match = app.match;
  const { status, view } = match;
  const awaited = awaitedSeats(status);
  // Read-only (the game goes on in another tab): the table as it is, with nothing to choose.
  const still = status.over || app.readOnly;
  const botThinking = !still && !handover && awaited.some((s) => match.seats[s]?.bot);
  const renderer = await rendererFor(match.game);
  const board = $("board");
  const before = app.drawn;
  const sameTable = before && before.match === match.id && before.seat === match.seat;
  const animate = !!sameTable && status.step === before.step + 1 && !reducedMotion();
  const newDecision = !sameTable || before.step !== status.step;
  board.dataset.game = match.game;
  board.setAttribute("aria-busy", String(app.busy || botThinking));
  // For tests and styles: who the table is waiting for, and how far the match is.
  const yours = awaited.includes(match.seat) && match.legal.length > 0;
  board.dataset.awaiting = status.over
    ? "over"
    : app.readOnly
      ? "elsewhere"
      : handover
        ? "handover"
        : botThinking
          ? "bot"
          : yours
            ? "human"
            : "other";
  board.dataset.step = String(status.step);
  board.dataset.seat = String(match.seat);
  const props = {
    view,
    legal: still ? [] : match.legal,
    seat: match.seat,
    seats: shownSeats(match.seats),
    act: humanAct,
    busy: app.busy || botThinking,
    sending: app.busy,
    optional: still ? [] : match.optional ?? [],
    animate,
    replay: false,
  };
  try {
    renderer.render(board, props);
  } catch (err) {
    console.warn("Renderer failed; showing the plain table.", err);
    showError(t("shell.error.draw", { error: err?.message ?? err }));
    fallbackRenderer.render(board, props);
  }
  app.drawn = { match: match.id, seat: match.seat, step: status.step };
  drawTurn(botThinking, handover);
  drawLog(view.log ?? []);
  await drawEnd();
  drawUndo(status);
  updateTitle();
  if (newDecision) {
    placeFocus(board);
    // A press meant for the last decision (a held key, a double tap) must not land on this one.
    if (props.legal.length || props.optional.length) app.gate.settle(board);
  }
}

/** The Undo button: off while nothing can be undone here at all; when the undo policy
 *  (pygames/core/undo.py) refuses, it stays in reach but says why instead of undoing.
 *  @param {import("./types.js").Status} status */
function drawUndo(status) {
  const button = $("undo");
  button.disabled = app.busy || app.readOnly || humanSeats().length === 0 || status.step === 0;
  const why = !button.disabled && status.undo && !status.undo.possible && status.undo.why
    ? sayLine(status.undo.why, app.match.seats) : null;
  if (why) {
    button.setAttribute("aria-disabled", "true");
    button.title = why;
    button.dataset.why = why;
  } else {
    button.removeAttribute("aria-disabled");
    button.removeAttribute("title");
    delete button.dataset.why;
  }
}

/** After a new decision, focus goes where the next key press is useful: the first legal choice
 *  when it is the player's turn, else the prompt; never if the player put focus elsewhere.
 *  @param {HTMLElement} board */
function placeFocus(board) {
  const active = document.activeElement;
  const lost = !active || active === document.body || !active.isConnected;
  const inBoard = !lost && board.contains(active);
  if (!lost && !inBoard) return; // a table button, the log, a dialog: the player's choice
  const live = inBoard && active.matches("button:not([disabled]), [role=button]:not([aria-disabled=true])");
  const yours = board.dataset.awaiting === "human";
  const prompt = /** @type {HTMLElement | null} */ (board.querySelector("[data-prompt]"));
  // A renderer may name its best first control (a pick that starts the decision).
  const first = /** @type {HTMLElement | null} */ (
    board.querySelector("[data-first-choice]:not([disabled])") ??
    board.querySelector(".legal:not([disabled]):not([aria-disabled=true]):not([data-interrupt])"));
  if (yours && !(live && active.matches(".legal, [data-focus-key]"))) {
    (first ?? prompt)?.focus({ preventScroll: true });
  } else if (!yours && !live) {
    prompt?.focus({ preventScroll: true });
  }
  // On a phone the table is taller than the screen: bring the decision into view.
  if (yours && matchMedia(NARROW).matches) bringIntoView(prompt, first);
}

/** Scroll (only if needed) so that the prompt and the first choice are both on screen, or at
 *  least the first choice when the two do not fit together.
 *  @param {Element | null} prompt
 *  @param {Element | null} first */
function bringIntoView(prompt, first) {
  const rects = [prompt, first].filter(Boolean).map((n) => n.getBoundingClientRect()).filter((r) => r.height);
  if (!rects.length) return;
  const margin = 8;
  const top = Math.min(...rects.map((r) => r.top));
  const bottom = Math.max(...rects.map((r) => r.bottom));
  if (top >= 0 && bottom <= innerHeight) return;
  let dy = top - margin;
  if (bottom - top + 2 * margin > innerHeight && first) {
    const r = first.getBoundingClientRect();
    dy = r.top - Math.max(margin, (innerHeight - r.height) / 2);
  }
  window.scrollBy({ top: dy, behavior: "instant" });
}

/**
 * @param {boolean} botThinking
 * @param {boolean} handover
 */
function drawTurn(botThinking, handover) {
  const { status, seat } = app.match;
  const seats = shownSeats(app.match.seats);
  const turn = $("turn");
  turn.replaceChildren();
  if (status.over) {
    turn.textContent = t("shell.turn.over");
    turn.dataset.state = "over";
    return;
  }
  if (app.readOnly) {
    turn.textContent = t("shell.tabs.read_only");
    turn.dataset.state = "elsewhere";
    return;
  }
  const actor = awaitedSeats(status)[0] ?? status.actors[0];
  turn.dataset.state = handover ? "handover" : botThinking ? "bot" : "human";
  turn.dataset.seat = String(handover ? seat : actor);
  const dot = el("span", { class: "seat-dot", "data-seat": String(handover ? seat : actor), "aria-hidden": "true" });
  let text;
  if (handover) text = t("shell.turn.made", { name: seats[seat]?.name });
  else if (botThinking) text = t("shell.turn.thinking", { who: seatLabel(actor) });
  else if (humanSeats().length > 1) text = t("shell.turn.hot_seat", { name: seats[actor]?.name });
  else text = actor === seat ? t("shell.turn.yours", { name: seats[actor]?.name }) : t("shell.turn.to_play", { who: seatLabel(actor) });
  turn.append(dot, el("span", { class: "turn-text", text }));
  turn.title = text;
}

/** A log line in the reader's words, seats named as the screen shows them.
 *  @param {import("./types.js").Message | string | null} line @param {import("./types.js").SeatInfo[]} seats */
const sayLine = (line, seats) => say(line, shownSeats(seats));

/** The log of the shown seat. New lines are appended (a screen reader hears only them, and the
 *  page does not rebuild a long log at every move); anything else redraws it.
 *  @param {Array<string | {id: string, args?: Record<string, unknown>}>} lines */
function drawLog(lines) {
  const log = $("log");
  // Keyed by seat too: two seats' logs differ (each sees its own secret) at the same length.
  const key = `${app.match.id}:${app.match.seat}:${language()}`;
  const drawn = log.dataset.match === key ? app.logLines : null;
  const keys = lines.map((line) => JSON.stringify(line));
  const kept = drawn && drawn.length <= keys.length && drawn.every((line, i) => line === keys[i]);
  if (kept && drawn.length === keys.length) return;
  const items = (/** @type {number} */ from) => lines.slice(from).map((line) => el("li", { text: sayLine(line, app.match.seats) }));
  if (kept) log.append(...items(drawn.length));
  else log.replaceChildren(...items(0));
  log.dataset.match = key;
  app.logLines = keys;
  // Scrolled at the next frame, when layout is done anyway: reading scrollHeight now would
  // force a layout of the whole table in the middle of the draw (issue 10's profile).
  requestAnimationFrame(() => {
    const panel = $("log-panel");
    panel.scrollTop = panel.scrollHeight;
  });
}

async function drawEnd() {
  const { status, view } = app.match;
  const seats = shownSeats(app.match.seats);
  const end = $("end-screen");
  const renderer = await rendererFor(app.match.game);
  if (!status.over || !view.outcome) {
    end.hidden = true;
    delete end.dataset.shown;
    return;
  }
  if (end.dataset.shown === app.match.id) return; // dismissed or already up
  end.dataset.shown = app.match.id;
  // The last table is drawn first, the end screen in a task of its own: together they made one
  // long task at the end of every game (issue 10's bench_play).
  const match = app.match;
  await new Promise((done) => requestAnimationFrame(() => setTimeout(done, 0)));
  if (app.match !== match) return;
  const { winners = [], scores = [], reason = null } = view.outcome;
  const names = winners.map((w) => seats[w]?.name ?? t("shell.seat.number", { n: w + 1 }));
  setText($("end-title"), renderer.outcomeTitle
    ? renderer.outcomeTitle(view, seats)
    : names.length === 1
      ? t("shell.end.wins", { name: names[0] })
      : names.length
        ? t("shell.end.shared", { names: join(names) })
        : t("shell.end.none"));
  setText($("end-reason"), renderer.outcomeReason ? renderer.outcomeReason(view, seats) : sayLine(reason, seats));
  const table = $("end-scores");
  const details = $("end-details");
  if (renderer.scoreTableHtml) {
    // The game's own breakdown (every hand, seasons, tie-break) replaces the plain scores.
    table.hidden = true;
    details.innerHTML = `<div class="htp-end">${renderer.scoreTableHtml(view, seats)}</div>`;
    isolateText(details);
    end.classList.add("wide");
  } else {
    table.hidden = false;
    details.replaceChildren();
    end.classList.remove("wide");
    table.replaceChildren(
      el("caption", { text: t("shell.end.scores") }),
      ...seats.map((s, i) =>
        el(
          "tr",
          { class: winners.includes(i) ? "winner" : "" },
          el("th", { scope: "row", text: s.name }),
          el("td", { text: String(scores[i] ?? "") }),
        ),
      ),
    );
  }
  end.hidden = false;
  end.scrollTop = 0;
  $("end-replay").focus({ preventScroll: true });
  app.gate.settle(end);
}

/** A person's action: for the seat on screen, or (optional actions such as Tea) for another
 *  human seat at the table, which reveals nothing of that seat. It always wins over a bot that
 *  has not yet acted: bots' choices are applied only when no person's action is on its way.
 *  @param {Action | string} action
 *  @param {number} [asSeat] */
async function humanAct(action, asSeat) {
  const match = app.match;
  if (!match || app.busy || app.readOnly) return;
  const seat = asSeat ?? match.seat;
  if (match.seats[seat]?.bot || seat < 0) return;
  const gen = app.generation;
  const text = typeof action === "string" ? action : JSON.stringify(action);
  const data = typeof action === "string" ? JSON.parse(action) : action;
  app.busy = true;
  clearNotice();
  /** @type {SeatScreen | null} */
  let screen;
  try {
    if (app.applying) await app.applying; // a bot's move already on its way lands first
    if (gen !== app.generation) return;
    /** @type {any} */
    let reply = await app.engine.act(match.id, seat, text, app.drawn?.step ?? match.status.step, shownParam());
    if (gen !== app.generation) return;
    if (!reply.ok && reply.error_type === "StaleView") {
      // A bot's move landed between the drawing and the click: if the same choice is still
      // open to this seat, it stands; otherwise the player looks again.
      const now = await app.engine.view(match.id, seat);
      if (gen !== app.generation) return;
      if (now.ok && now.legal.some((a) => sameAction(a, data))) {
        reply = await app.engine.act(match.id, seat, text, now.status.step, shownParam());
      } else {
        reply = null;
        if (now.ok) match.status = now.status;
        showNotice(t("shell.notice.stale"));
      }
    }
    if (reply && !reply.ok) {
      showError(reply);
    } else if (reply) {
      clearError();
      match.status = reply.status;
      joinTail(match, reply.tail);
    }
    screen = reply?.ok ? reply : null;
  } finally {
    app.busy = false;
  }
  await refresh(gen, screen);
}

/** The bot's choice, thought out in the engine's worker (with `apply`: chosen and applied at
 *  once, bot_act). Each think is a performance measure named "bot-think", so tests and
 *  profiles can check the page stays responsive meanwhile.
 *  @template {boolean} [A=false]
 *  @param {ShellMatch} match
 *  @param {number} seat
 *  @param {number} step
 *  @param {A} [apply]
 *  @returns {Promise<A extends true ? import("./types.js").Reply<ActReply> : import("./types.js").Reply<import("./types.js").BotChooseReply>>} */
async function thinkBot(match, seat, step, apply) {
  const start = performance.now();
  try {
    return /** @type {any} */ (
      apply
        ? await app.engine.bot_act(match.id, seat, step, shownParam())
        : await app.engine.bot_choose(match.id, seat, step)
    );
  } finally {
    performance.measure("bot-think", { start, detail: { seat, step } });
  }
}

/**
 * @param {number} seat
 * @param {number} gen
 */
async function botTurn(seat, gen) {
  const match = app.match;
  const step = match.status.step;
  // While a person may still interrupt (Get Tea before the bot places), give them time to.
  const personMayAct =
    (match.optional ?? []).some((o) => !match.seats[o.seat]?.bot) ||
    (match.seat >= 0 && match.seat !== seat && match.legal.length > 0);
  await sleep(personMayAct ? BOT_PACE_MS * INTERRUPT_PACE_FACTOR : BOT_PACE_MS);
  // A person may have acted meanwhile (Tea): that action's refresh starts the bot again.
  if (gen !== app.generation || match.status.step !== step || app.busy) return;
  if (!personMayAct) {
    // Nobody can interrupt: the bot chooses and moves in one crossing.
    const reply = await thinkBot(match, seat, step, true);
    if (gen !== app.generation) return;
    if (!reply.ok) {
      if (reply.error_type !== "StaleView") showError(t("shell.error.bot", { error: errorText(reply) }));
      return;
    }
    match.status = reply.status;
    joinTail(match, reply.tail);
    await refresh(gen, reply);
    return;
  }
  // A person may act first (Tea): the bot's choice is applied only if nobody acted meanwhile.
  const choice = await thinkBot(match, seat, step);
  if (gen !== app.generation) return;
  if (!choice.ok) {
    if (choice.error_type !== "StaleView") showError(t("shell.error.bot", { error: errorText(choice) }));
    return;
  }
  // The bot thought from the position at `step`; if a person acted meanwhile it thinks again.
  if (app.busy || match.status.step !== step || !choice.action) return;
  const applied = await applyBot(seat, choice.action, step, gen);
  if (!applied) return;
  await refresh(gen, applied);
}

/**
 * Keep the match in localStorage (resumed on the next visit, from the lobby or after a reload);
 * resolves once written. Another tab may have written this game since: see reconcile.
 * @param {number} gen
 */
async function autosave(gen) {
  if (app.readOnly) return;
  const record = await currentRecord({ quiet: true });
  const match = app.match;
  if (!record || !match || gen !== app.generation) return;
  const { status } = match;
  const game = { record, over: status.over, game: match.game, step: status.step };
  const result = app.saves.write(match.save.id, game, match.save.version);
  if (result.status === "moved") {
    reconcile(result.save);
    return;
  }
  const was = app.saving;
  if (result.status !== "unchanged" && result.removed) showNotice(t("shell.saving.made_room", { count: result.removed }));
  if (result.status === "failed") {
    app.saving = result.reason;
    // Said once when it starts: the status line keeps saying it while it lasts.
    if (result.reason === "full" && was !== "full") showNotice(t("shell.saving.full_notice"));
  } else {
    match.save.version = result.version;
    match.save.text = recordText(record);
    app.saving = "saved";
  }
  drawSaveStatus();
}

/** The table's line that says whether the game is kept on this device. It never hides: a
 *  player can always tell whether a reload would lose the game. */
function drawSaveStatus() {
  const status = $("save-status");
  const state = app.readOnly ? "elsewhere" : app.saving ?? (app.saves.works() ? "pending" : "off");
  status.dataset.state = state;
  $("save-status-text").textContent = t(`shell.saving.${state}`);
  $("make-room").hidden = state !== "full";
}

/** Storage is full: the saves, largest and oldest first, each with Delete; the game is saved
 *  again as soon as there is room. Nothing goes unless the player deletes it. */
function openRoom() {
  const current = app.match?.save.id;
  const entries = app.saves.entries().filter((e) => e.id !== current);
  // The largest first (they free the most), the oldest first among equals.
  entries.sort((a, b) => b.size - a.size || a.time - b.time);
  $("room-list").replaceChildren(
    ...entries.map((entry) => {
      const label = entry.save ? entry.save.name ?? titleOf(entry.save.game) : t("shell.saved.damaged", { game: titleOf(entry.game) });
      const state = entry.save ? t(entry.save.over ? "shell.saved.finished" : "shell.saved.move", { step: entry.save.step }) : damageText(entry);
      const size = t("shell.room.size", { kb: Math.max(1, Math.round((entry.size * 2) / 1024)) });
      const remove = el("button", { type: "button", class: "danger", text: t("shell.saved.delete"), "aria-label": t("shell.saved.delete_named", { game: label }) });
      remove.addEventListener("click", async () => {
        app.saves.remove(entry.id);
        app.savedList?.draw();
        if (app.match) await autosave(app.generation);
        if (app.saving === "full") openRoom();
        else $("room-dialog").close();
      });
      const details = [state, when(entry.time), size].filter(Boolean).join(" · ");
      return el("li", {}, el("span", { class: "room-name" }, el("bdi", { text: label }), ` · ${details}`), remove);
    }),
  );
  if (!$("room-dialog").open) $("room-dialog").showModal();
}

/** Another tab wrote this tab's game (`save`, its version now). If this tab holds no move of
 *  its own that the save lacks, it becomes read-only; otherwise (both moved at the same moment)
 *  its line is kept as a game of its own, so no move is ever dropped.
 *  @param {Save} save */
function reconcile(save) {
  const match = app.match;
  if (!match || app.readOnly || save.version === match.save.version) return;
  const record = match.record;
  if (!record || !hasUnsavedMoves(match.save.text, record)) {
    setReadOnly(true);
    return;
  }
  match.save = { id: newSaveId(), version: null, text: null };
  app.saves.setTabGame(match.save.id);
  showNotice(t("shell.tabs.forked"));
  autosave(app.generation);
}

/** Read-only: the table stays as it is, nobody (person or bot) can act here, and a banner offers
 *  to take the game over. @param {boolean} on */
function setReadOnly(on) {
  if (app.readOnly === on) return;
  app.readOnly = on;
  $("moved-banner").hidden = !on;
  drawSaveStatus();
  document.body.dataset.readOnly = String(on);
  if (!on) return;
  bumpGeneration(); // a bot about to move here stops
  app.busy = false;
  if (app.match?.view) draw();
  $("take-over").focus({ preventScroll: true });
}

/** Take the game over from the tab where it went on: open its latest save here and claim it,
 *  which makes the other tab read-only. */
async function takeOver() {
  const match = app.match;
  const save = match ? app.saves.read(match.save.id) : null;
  if (!match || !save) {
    setReadOnly(false);
    return;
  }
  const engine = await app.engineReady;
  const reply = await engine.import_record(JSON.stringify(save.record), "autosave", shownParam());
  if (app.match !== match) return;
  if (!reply.ok) {
    showError(reply);
    return;
  }
  await openMatch(reply, app.lastConfig ?? null, save);
  const claimed = app.saves.write(save.id, { record: save.record, over: save.over, game: save.game, step: save.step },
    save.version, { claim: true });
  if (claimed.status === "written" && app.match?.save.id === save.id) app.match.save.version = claimed.version;
  clearNotice();
}

/** The storage event: another tab wrote a save. If it is this tab's game, reconcile.
 *  @param {StorageEvent} event */
function heardSave(event) {
  const match = app.match;
  if (!match || idOfKey(event.key) !== match.save.id) return;
  const save = parseSave(event.newValue);
  if (save) reconcile(save);
}

/** The lobby's way back to saved games: the most recent one at hand, then the list of every
 *  game saved here (open, rename, download, delete; damaged ones say what is wrong). */
function drawResume() {
  const latest = app.saves.latest();
  const button = $("resume");
  button.hidden = !latest;
  if (latest) {
    const what = latest.name ? isolate(latest.name) : gameTitle(latest.game);
    setText(button, t(latest.over ? "shell.lobby.open_last" : "shell.lobby.resume_game", { game: what }));
    button.onclick = () => resumeSave(latest);
  }
  $("storage-off").hidden = app.saves.works();
  app.savedList?.draw();
}

/** Open an automatic save where it was left (the same game: its later moves are saved there).
 *  A save the engine refuses is marked damaged (the lobby lists it so, with Delete) instead of
 *  being offered again.
 *  @param {Save} save */
async function resumeSave(save) {
  const refused = await openRecord(JSON.stringify(save.record), "autosave", save);
  // Only the record's own fault marks it: an engine that died meanwhile says nothing of it.
  if (refused?.error_type === "BadRecord") {
    if (refused.message) app.saves.markBroken(save.id, refused.message);
    drawResume();
  }
  return !refused;
}

/** Download a save: its record as a file the Load dialog opens (a damaged one as it is stored).
 *  @param {SaveEntry} entry */
function downloadSave(entry) {
  const text = entry.save ? JSON.stringify(entry.save.record, null, 1) : entry.text;
  const game = entry.save?.game ?? entry.game ?? "game";
  saveFile(text, `${game}-${entry.save ? "game" : "damaged"}.json`);
}

/** Offer `text` as a file download. @param {string} text @param {string} name */
function saveFile(text, name) {
  const blob = new Blob([text], { type: "application/json" });
  const a = el("a", { href: URL.createObjectURL(blob), download: name });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(a.href), 1000);
}

/** The address of the game on screen (`#game=<save id>`): a reload, Back and Forward come back
 *  to it, never to a share link's position. Replaced, not pushed: the history does not grow
 *  at every game. null: the lobby's address. @param {string | null} id */
function setAddress(id) {
  const hash = id ? `#game=${encodeURIComponent(id)}` : "";
  if (location.hash === hash) return;
  history.replaceState(null, "", location.pathname + location.search + hash);
}

/** The save id in the address (`#game=...`), or null. */
function addressedGame() {
  const id = new URLSearchParams(location.hash.slice(1)).get("game");
  return id && id.length <= 64 ? id : null;
}

// ---------------------------------------------------------------- commands

/** @param {LobbyConfig} config */
async function startMatch(config) {
  clearError();
  clearNotice();
  const engine = await app.engineReady;
  $("start").disabled = true;
  try {
    const reply = await engine.new_match(JSON.stringify(config));
    if (!reply.ok) {
      showError(reply);
      return;
    }
    await openMatch(reply, config);
  } finally {
    $("start").disabled = false;
  }
}

/** Open a record given as JSON text from `source` ("save", "link" or "autosave"); answers
 *  null on success, else shows the refusal (the engine says what is damaged), opens nothing and
 *  answers it. A record too long or too deep for the engine is refused here, before it reaches
 *  the worker.
 *  @param {string} text
 *  @param {RecordSource} [source]
 *  @param {Save | null} [save] the automatic save it comes from (it goes on there)
 *  @returns {Promise<null | {message?: any, error_type?: string}>} */
async function openRecord(text, source = "save", save = null) {
  const problem = recordProblem(text, source, LIMITS);
  if (problem) {
    showError({ message: problem });
    return { message: problem, error_type: "BadRecord" };
  }
  const engine = await app.engineReady;
  // Salvage: a record that breaks at move N opens at move N - 1, and the player is told.
  const reply = await engine.import_record(text, source, -1, true);
  if (!reply.ok) {
    showError(reply);
    return reply;
  }
  await openMatch(reply, null, save);
  if (reply.salvaged) {
    showNotice(t("shell.saving.salvaged", { problem: errorText({ message: reply.salvaged.problem }), kept: reply.salvaged.kept }));
  }
  return null;
}

async function undo() {
  if (!app.match || app.busy || app.readOnly) return;
  const why = $("undo").dataset.why;
  if (why) {
    showNotice(why); // the policy's reason, in the player's words; nothing is asked
    return;
  }
  const gen = bumpGeneration();
  app.busy = true;
  let reply;
  try {
    reply = await app.engine.undo(app.match.id, shownParam());
  } finally {
    app.busy = false;
  }
  if (gen !== app.generation) return;
  /** @type {SeatScreen | null} */
  let screen = null;
  if (!reply.ok) showError(reply);
  else {
    clearError();
    app.match.status = reply.status;
    app.match.record = reply.record;
    app.drawn = null;
    delete $("end-screen").dataset.shown;
    screen = reply;
  }
  await refresh(gen, screen);
}

/** The match record as it stands: the page's own copy (kept from every answer's tail), asked
 *  of the engine only if that copy was lost.
 *  @param {{quiet?: boolean}} [how] quiet: no error shown (the autosave) */
async function currentRecord({ quiet = false } = {}) {
  const match = app.match;
  if (match.record && match.record.actions.length === match.status.step) return match.record;
  const reply = await app.engine.export_record(match.id);
  if (!reply.ok) {
    if (!quiet) showError(reply);
    return null;
  }
  if (app.match === match) match.record = reply.record;
  return reply.record;
}

async function rematch() {
  const record = await currentRecord();
  if (!record) return;
  await startMatch({ game: record.game, seats: record.seats, seed: null, options: record.options });
}

/** @param {"save-text" | "share-link"} focus */
async function openShare(focus) {
  if (!app.match) return;
  closeMenu();
  const record = await currentRecord();
  if (!record) return;
  $("share-link").value = shareUrl(record);
  $("save-text").value = JSON.stringify(record, null, 1);
  $("share-note").textContent = "";
  $("share-secrets").hidden = !(gameById(app.match.game)?.hidden_information && !app.match.status.over);
  $("share-dialog").showModal();
  $(focus).focus();
  $(focus).select();
}

/**
 * @param {string} text
 * @param {"link" | "json"} what
 */
async function copy(text, what) {
  try {
    await navigator.clipboard.writeText(text);
    $("share-note").textContent = t(`shell.share.${what}_copied`);
  } catch {
    $("share-note").textContent = t(`shell.share.select_${what}`);
  }
}

function download() {
  saveFile($("save-text").value, `${app.match.game}-game.json`);
  $("share-note").textContent = t("shell.share.downloaded");
}

function openLoad() {
  closeMenu();
  $("load-text").value = "";
  $("load-file").value = "";
  $("load-dialog").showModal();
  $("load-text").focus();
}

async function loadFromDialog() {
  let text = $("load-text").value.trim();
  const file = $("load-file").files[0];
  const tooLarge = file ? sizeProblem(file.size, "save", LIMITS) : null;
  if (tooLarge) {
    showError({ message: tooLarge });
    return;
  }
  if (file) text = (await file.text()).trim();
  if (!text) {
    showError(t("shell.load.empty"));
    return;
  }
  const param = text.startsWith("{") ? null : recordParam(text);
  const tooLong = param ? sizeProblem(param.length, "link", LIMITS) : null;
  if (tooLong) {
    showError({ message: tooLong });
    return;
  }
  if (param) {
    try {
      text = decodeRecord(param);
    } catch (err) {
      showError(err.message);
      return;
    }
  }
  await openRecord(text, param ? "link" : "save");
}

/** A share link in the address: open it, or explain what is wrong and keep what is shown. A
 *  link opens once: the address then becomes the game's own (setAddress), so a reload does not
 *  open the link's position again; a link whose game is already here (opened before, perhaps
 *  played on) offers that game instead of a copy. */
async function openHashRecord() {
  const param = recordParam(location.hash);
  if (param === null) return false;
  const forget = () => setAddress(app.match?.save.id ?? null);
  const tooLong = sizeProblem(param.length, "link", LIMITS);
  if (tooLong) {
    showError({ message: tooLong });
    forget();
    return false;
  }
  let text;
  try {
    text = decodeRecord(param);
  } catch (err) {
    showError(err.message);
    forget();
    return false;
  }
  const known = savedCopyOf(text);
  if (known && (await chooseSavedCopy(known)) === "mine") {
    return resumeSave(known);
  }
  const refused = await openRecord(text, "link");
  if (refused) forget();
  return !refused;
}

/** The saved game a link's record is (the same game, perhaps played on since), if any.
 *  @param {string} text */
function savedCopyOf(text) {
  /** @type {MatchRecord | null} */
  let link;
  try {
    link = JSON.parse(text);
  } catch {
    return null;
  }
  if (!link || typeof link !== "object" || !Array.isArray(link.actions)) return null;
  const record = link;
  return app.saves.list().find((save) => continues(record, save.record)) ?? null;
}

/** Ask whether to go to the saved game a link is, or open the link as a new game.
 *  @param {Save} save @returns {Promise<"mine" | "new">} */
function chooseSavedCopy(save) {
  const dialog = $("link-dialog");
  const game = save.name ? isolate(save.name) : gameTitle(save.game);
  setText($("link-text"), t(save.over ? "shell.link.text_over" : "shell.link.text", { game, step: save.step }));
  dialog.returnValue = "";
  dialog.showModal();
  return new Promise((resolve) => {
    dialog.addEventListener("close", () => resolve(dialog.returnValue === "new" ? "new" : "mine"), { once: true });
  });
}

/** The address changed by hand or by Back/Forward: a share link opens (once), a game's own
 *  address opens that game unless it is the one on screen. */
async function heardAddress() {
  if (recordParam(location.hash) !== null) {
    await openHashRecord();
    return;
  }
  const id = addressedGame();
  if (!id || id === app.match?.save.id) return;
  const save = app.saves.read(id);
  if (save) await resumeSave(save);
}

/** A reload in the middle of a game comes straight back to it (the game in the address, else
 *  this tab's game, else the most recent unfinished one). A damaged save is never skipped in
 *  silence: the lobby says what is wrong with it. */
async function resumeAutosave() {
  const addressed = addressedGame();
  const named = addressed ? app.saves.entries().find((e) => e.id === addressed) : null;
  if (addressed && !named) {
    setAddress(null);
    showNotice(t("shell.saved.not_here"));
  }
  const saved = named ?? app.saves.toResume();
  if (!saved) return false;
  if (!saved.save) {
    showError(t("shell.saved.damaged_resume", { game: titleOf(saved.game), problem: damageText(saved) }));
    return false;
  }
  const save = saved.save;
  showScreen("resuming");
  app.resumingGame = save.game;
  $("resuming-title").textContent = t("shell.resuming.title_game", { game: gameTitle(save.game) });
  let cancelled = false;
  $("resuming-lobby").onclick = () => {
    cancelled = true;
    showLobby();
  };
  const ok = await app.engineReady.then(
    () => (cancelled ? false : resumeSave(save)),
    () => false,
  );
  if (!ok && !cancelled) showLobby();
  return ok;
}

function closeMenu() {
  $("game-menu").open = false;
}

function leaveForLobby() {
  closeMenu();
  if (app.replay?.isOpen) app.replay.close();
  const running = app.match && !app.match.status.over && app.match.status.step > 0;
  if (running) {
    const dialog = $("confirm-dialog");
    // Only a game that is kept here can be resumed: otherwise leaving loses it, and says so.
    const kept = app.saving === "saved";
    $("confirm-text").textContent = t(kept ? "shell.confirm.text" : `shell.confirm.text_${app.saving === "full" ? "full" : "off"}`);
    dialog.returnValue = "";
    dialog.showModal();
    dialog.onclose = () => {
      if (dialog.returnValue === "leave") goToLobby();
    };
    return;
  }
  goToLobby();
}

function goToLobby() {
  if (app.match) app.engine.close(app.match.id);
  app.match = null;
  setAddress(null);
  if (app.lastConfig) app.lobby.fill(app.lastConfig);
  showLobby();
  $("game-select").focus();
}

function openReplay() {
  if (!app.match) return;
  closeMenu();
  const { match } = app;
  app.replay.open({
    matchId: match.id,
    game: match.game,
    seats: match.seats,
    over: match.status.over,
    humans: humanSeats(),
    shownSeat: app.shownSeat,
  });
}

// ---------------------------------------------------------------- language

function drawVersions() {
  $("versions").textContent = app.versions ? t("shell.engine.versions", app.versions) : t("shell.engine.not_loaded");
}

/** Switch the screen's language and draw what is on screen again, without a reload and without
 *  touching the match: the language is the screen's, never the match's (records, saves and
 *  links are the same in every language).
 *  @param {string} lang */
async function switchLanguage(lang) {
  const chosen = await useLanguage(lang, { remember: true });
  $("language").value = chosen;
  translate(); // the static words; what the shell drew itself is drawn again below
  if (app.progress) setProgress(app.progress);
  drawVersions();
  app.lobby.redraw();
  drawResume();
  if (app.match) drawSaveStatus();
  if (app.resumingGame) $("resuming-title").textContent = t("shell.resuming.title_game", { game: gameTitle(app.resumingGame) });
  if (app.lastError && !$("error-banner").hidden) showError(app.lastError);
  $("share-note").textContent = "";
  const screen = document.body.dataset.screen;
  if (app.match && screen === "table") {
    if (app.passTo !== null && app.passTo !== undefined) {
      drawPass(); // the board stays empty: the next seat's secrets are not shown yet
    } else if (app.match.view) {
      const handover = app.handoverTo !== null && app.handoverTo !== undefined;
      await draw({ handover });
      if (handover) setText($("handover-done"), t("shell.handover.done_to", { name: labelOf(app.match.seats, app.handoverTo) }));
      if (!$("end-screen").hidden) {
        delete $("end-screen").dataset.shown;
        await drawEnd();
      }
    }
  }
  if (app.replay?.isOpen) await app.replay.redraw();
  updateTitle();
  $("language").focus({ preventScroll: true });
}

// ---------------------------------------------------------------- wiring

async function main() {
  // The engine starts first, so its worker boots while the page loads its words; its progress
  // is drawn once there are words to draw it with.
  /** @type {Progress[]} */
  const early = [];
  /** @type {(progress: Progress) => void} */
  let onProgress = (progress) => early.push(progress);
  const starting = startEngine((progress) => onProgress(progress), { onDeath: engineDied });
  starting.catch(() => {}); // awaited by loadEngine below, which reports a failure
  await Promise.all([useLanguage(preferredLanguage()), loadGames()]);
  translate();
  onProgress = setProgress;
  for (const progress of early) setProgress(progress);
  $("language").value = language();
  $("language").addEventListener("change", () => switchLanguage($("language").value));
  // ?debug=1: the shell's state on window, for tests that need to slow the engine down.
  if (params.has("debug")) globalThis.pygamesDebug = app;
  // ?settle=ms: a longer pause for the test of a tap on a decision just drawn, so that a busy
  // machine's slow tap still lands inside it.
  const settleMs = Number(params.get("settle")) || undefined;
  app.gate = new InputGate($("table"), { settleMs }).install();
  const lobby = new Lobby({ onStart: startMatch });
  app.lobby = lobby;
  app.savedList = new SavedList($("saved-list"), {
    entries: () => app.saves.entries(),
    open: (save) => resumeSave(save),
    rename: (id, name) => {
      if (!app.saves.rename(id, name)) showError(t("shell.saved.rename_failed"));
      drawResume();
    },
    download: downloadSave,
    remove: (id) => {
      app.saves.remove(id);
      drawResume();
    },
  });
  app.engineReady = loadEngine(starting);
  app.engineReady.catch(() => {});
  app.replay = new ReplayViewer({
    engine: () => app.engine,
    rendererFor,
    showError,
    onOpen: () => showScreen("replay"),
    onClose: () => {
      showScreen(app.match ? "table" : "lobby");
      if (app.match) $("replay-open").focus();
    },
    fast: params.has("fast"),
  });

  $("error-close").addEventListener("click", clearError);
  $("notice-close").addEventListener("click", clearNotice);
  $("undo").addEventListener("click", undo);
  $("new-game").addEventListener("click", leaveForLobby);
  $("end-new").addEventListener("click", goToLobby);
  $("end-rematch").addEventListener("click", rematch);
  $("end-replay").addEventListener("click", openReplay);
  $("replay-open").addEventListener("click", openReplay);
  $("end-close").addEventListener("click", () => {
    $("end-screen").hidden = true;
    $("replay-open").focus();
  });
  $("save").addEventListener("click", () => openShare("save-text"));
  $("share").addEventListener("click", () => openShare("share-link"));
  $("copy-link").addEventListener("click", () => copy($("share-link").value, "link"));
  $("copy-record").addEventListener("click", () => copy($("save-text").value, "json"));
  $("download-record").addEventListener("click", download);
  $("load").addEventListener("click", openLoad);
  $("lobby-load").addEventListener("click", openLoad);
  $("load-dialog").addEventListener("close", () => {
    if ($("load-dialog").returnValue === "load") loadFromDialog();
  });
  $("take-over").addEventListener("click", takeOver);
  $("make-room").addEventListener("click", openRoom);
  window.addEventListener("storage", heardSave);
  // A menu closes when the player clicks elsewhere or presses Escape.
  document.addEventListener("click", (e) => {
    if (!$("game-menu").contains(/** @type {Node} */ (e.target))) closeMenu();
  });
  $("game-menu").addEventListener("keydown", (e) => {
    if (e.key === "Escape" && $("game-menu").open) {
      closeMenu();
      $("game-menu").querySelector("summary").focus();
    }
  });
  window.addEventListener("hashchange", heardAddress);
  // The service worker's install downloads every file of the site (17 MB): on a first visit it
  // waits for the engine, whose start it would otherwise slow down (issue 10: cold ready went
  // from 0.83x to 0.71x of a bare Pyodide start when it waited).
  const offline = () =>
    keepOffline(
      (accept) => {
        $("update-banner").hidden = false;
        $("update-reload").onclick = accept;
      },
      () => {
        $("offline-status").hidden = false;
      },
    );
  app.engineReady.then(offline, offline);
  // A table waiting for its renderer gets it as soon as the network is back.
  window.addEventListener("online", () => redrawMissing());
  showLobby();
  if (!(await openHashRecord())) await resumeAutosave();
}

main();
