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

import { isolate, isolateText, setText } from "./bidi.js";
import { recordProblem, sizeProblem } from "./bounds.js";
import { GAMES, LIMITS, gameById, loadGames } from "./catalog.js";
import { $, el } from "./dom.js";
import { firstEngine, followFirstEngine } from "./boot.js";
import { startEngine } from "./engine.js";
import * as fallbackRenderer from "./fallback-renderer.js";
import { InputGate } from "./input-gate.js";
import { Lobby } from "./lobby.js";
import { GuestSeat, invitationOf } from "./guest-seat.js";
import { HostRoom, keptMeeting } from "./host-room.js";
import { controlFor, coverTop, finishMovement, movementSettled, nextFrame, scrollAbove } from "./games/shared.js";
import { Match, awaitedSeats } from "./match.js";
import { INTERRUPT_FACTOR, PACES, isPace, keepPace, storedPace } from "./pace.js";
import { StagedMove, keepConfirm, storedConfirm } from "./confirm-moves.js";
import { applyTheme, isTheme, keepTheme, storedTheme } from "./theme.js";
import { Sounds, cueFor, keepSound, storedSound } from "./sound.js";
import { Tutorial } from "./tutorial.js";
import { keepOffline } from "./offline.js";
import { decodeRecord, recordParam, shareUrl } from "./record-link.js";
import { ReplayViewer } from "./replay.js";
import { SavedList, damageText, titleOf, when } from "./saved-list.js";
import { Saves, continues, idOfKey, parseSave } from "./saves.js";
import { displayName, seatLabel as labelOf, shownSeats } from "./words.js";
import { join, language, preferredLanguage, say, t, translate, useLanguage } from "./i18n.js";
/** @import { Action, LobbyConfig, NewMatchReply, ImportReply, MatchRecord, MatchSave, Progress, RecordSource, Renderer, Save, SaveEntry, ShellState, SpotJson, Status } from "./types.js" */

const params = new URLSearchParams(location.search);
// Time between two bot actions, so a person can follow them: the speed chosen on the table
// (pace.js), unless the address sets it (?fast=1 for tests, ?pace=ms).
const PACE_MS_SET = params.has("fast") ? 30 : params.has("pace") ? Math.max(0, Number(params.get("pace")) || 0) : null;
// The input gate's pause at test speed (?fast=1): still longer than one frame.
const FAST_SETTLE_MS = 40;
const NARROW = "(max-width: 820px)";

const reducedMotion = () => matchMedia("(prefers-reduced-motion: reduce)").matches;
const gameTitle = (/** @type {string} */ id) => {
  const title = gameById(id)?.title;
  return title ? t(title) : id;
};

/** @type {ShellState} */
const app = {
  engine: null,
  engineReady: null, // Promise of the engine
  match: null, // the match on screen (web/js/match.js): its state, bots, decisions, autosave
  drawn: null, // {match, seat, step} of the table on screen: animation and focus follow it
  logLines: [], // the log lines on screen (as the view gave them), for drawing only new ones
  renderers: new Map(),
  rendererTries: new Map(), // failed imports of a renderer so far, by game (rendererFor)
  rendererLoads: new Map(), // the import of a renderer under way, by game (rendererFor)
  replay: null,
  saves: new Saves(),
  // One press, one decision. ?settle=ms: a longer pause for the test of a tap on a decision
  // just drawn, so that a busy machine's slow tap still lands inside it. At test speed
  // (?fast=1) the pause is short, as the bots' is: a test that plays whole games would
  // otherwise spend most of its time waiting out the pause; the pause's own tests use the
  // default one (e2e/test_input.py).
  gate: new InputGate($("table"), {
    settleMs: Number(params.get("settle")) || (params.has("fast") ? FAST_SETTLE_MS : undefined),
  }).install(),
  restarts: 0, // engine restarts so far (each restart's token: see restartEngine)
  reopening: false, // a restarted engine is reopening the match
  // "Confirm moves": on a touch screen unless the person chose otherwise on this device.
  confirmMoves: storedConfirm(tabStorage(), matchMedia("(pointer: coarse)").matches),
  staged: new StagedMove(),
  sounds: new Sounds(),
  heard: null, // {match, awaiting} of the last table drawn: what its sounds answered
};

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
    const percent = Math.round((fraction ?? 0) * 100);
    bar.value = percent;
    label.textContent = t("shell.engine.loading_percent", { percent });
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
      app.lobby?.useCatalogue(reply.games);
    }
    $("start").disabled = false;
    app.versions = { python: engine.python, rules: engine.rules, seconds: (engine.loadMs / 1000).toFixed(1) };
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
  app.match?.stop(); // every flow waiting on the dead engine stops where it is
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
  delete app.progress; // the loading line shows the new start
  document.body.dataset.engine = "restarting";
  if (app.replay?.isOpen) app.replay.close();
  const starting = startEngine(setProgress, { onDeath: engineDied });
  starting.catch(() => {});
  app.engineReady = loadEngine(starting);
  app.engineReady.catch(() => {});
  let engine;
  try {
    engine = await readyEngine();
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
  const reply = await engine.import_record(JSON.stringify(record), "autosave", match.shown());
  if (!current()) return;
  app.reopening = false;
  if (!reply.ok) {
    goToLobby();
    showError(reply);
    return;
  }
  // A tab that only shows its game goes on only showing it.
  await openMatch(reply, app.lastConfig ?? null, match.save, { readOnly: match.readOnly });
  showNotice(t("shell.engine.restarted_match"));
}

/** The engine once Python is ready; refused when it could not start. */
function readyEngine() {
  return app.engineReady ?? Promise.reject(new Error("Python has not started"));
}

// ---------------------------------------------------------------- screens

/** @typedef {"lobby" | "resuming" | "host-room" | "join" | "table" | "replay"} Screen */
/** @type {Screen[]} */
const SCREENS = ["lobby", "resuming", "host-room", "join", "table", "replay"];

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
  app.match?.stop();
  leaveAcross();
  app.drawn = null;
  drawResume();
  drawLearn();
  showScreen("lobby");
}

/** The browser tab says whose turn it is, so a player in another tab knows when to come back. */
function updateTitle() {
  const screen = document.body.dataset.screen;
  const match = app.match;
  if (!match || screen === "lobby" || screen === "resuming" || screen === "host-room" || screen === "join") {
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
  else if (match.people().length > 1) document.title = t("shell.tab.turn_of", { name: displayName(match.seats[awaited[0]].name, awaited[0]), title });
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
function rendererFor(gameId) {
  const known = app.renderers.get(gameId);
  if (known) return Promise.resolve(known);
  // One import at a time per game: the lobby's pictures and the table may ask together (when
  // the network returns), and each failure moves the next try to a new URL.
  let loading = app.rendererLoads.get(gameId);
  if (!loading) {
    loading = importRenderer(gameId).finally(() => app.rendererLoads.delete(gameId));
    app.rendererLoads.set(gameId, loading);
  }
  return loading;
}

/**
 * @param {string} gameId
 * @returns {Promise<Renderer>}
 */
async function importRenderer(gameId) {
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

// ---------------------------------------------------------------- the match on screen

const seatLabel = (/** @type {number} */ seat) => labelOf(app.match?.seats, seat);

/**
 * Open a match on the table: a store (web/js/match.js) owns it from now on, and the page draws
 * what it tells.
 * @param {NewMatchReply | ImportReply} reply
 * @param {LobbyConfig | null} config
 * @param {MatchSave | Save | null} [save] the automatic save this match continues (a resumed
 *   game, a take-over, a restarted engine); by default a new one
 * @param {{readOnly?: boolean, across?: Across}} [how] it opens only to be shown (its game goes on
 *   in another tab); `across`: a match across devices, at its host or at a guest
 */
async function openMatch(reply, config, save = null, { readOnly = false, across } = {}) {
  const before = app.match;
  before?.stop();
  if (before && before.id !== reply.match) {
    if (!before.away.size || before.options.saves) app.engine?.close(before.id);
    clearBoard();
  }
  const guest = across?.role === "guest";
  const transport = across?.role === "guest" ? across.transport : /** @type {import("./types.js").Engine} */ (app.engine);
  const match = new Match(transport, reply, {
    saves: guest ? null : app.saves,
    hidden: !!gameById(reply.status.game)?.hidden_information,
    botPace: botPaceMs(),
    interruptFactor: INTERRUPT_FACTOR,
    measure: (name, start, detail) => performance.measure(name, { start, detail }),
    away: across?.away ?? [],
    hints: !guest,
    across: across?.role === "host" ? app.hostRoom?.kept() : undefined,
  }, save);
  app.match = match;
  if (across) document.body.dataset.across = across.role;
  else delete document.body.dataset.across;
  $("peer-presence").hidden = true;
  $("peer-check").hidden = true;
  app.tutorial = await lessonOf(match);
  match.subscribe((event) => heard(match, event));
  if (across?.role === "host") app.hostRoom?.play(match);
  // A guest's address keeps its invitation; it has no save of its own here.
  if (!guest) setAddress(match.save.id);
  endHandover();
  showReadOnly(false);
  drawSaveStatus();
  $("rules-link").href = $("menu-rules").href = `rules.html#${reply.status.game}`;
  app.lastConfig = config ?? { game: reply.status.game, seats: reply.status.seats, seed: null, options: {} };
  app.drawn = null;
  delete $("end-screen").dataset.shown;
  clearError();
  showScreen("table");
  if (readOnly) await match.setReadOnly(true);
  await match.start();
  return match;
}

/** Take the last match's table away before another is drawn: the new match's screen must not
 *  show the old game for a moment, nor say it awaits a person (`data-awaiting`) before it does. */
function clearBoard() {
  const board = $("board");
  board.replaceChildren();
  for (const key of ["awaiting", "step", "seat", "game"]) delete board.dataset[key];
}

/**
 * What the match tells the page: draw, hand over, say.
 * @param {Match} match @param {import("./match.js").MatchEvent} event
 */
async function heard(match, event) {
  if (app.match !== match) return;
  switch (event.type) {
    case "screen":
      await draw({ handover: event.handover });
      break;
    case "handover": {
      const done = $("handover-done");
      app.handoverTo = event.to; // drawn again in another language
      setText(done, t("shell.handover.done_to", { name: labelOf(match.seats, event.to) }));
      done.hidden = false;
      done.focus({ preventScroll: true });
      app.gate.settle(done);
      break;
    }
    case "pass":
      passDevice(event.to);
      break;
    case "passed":
      endHandover();
      break;
    case "error":
      showError(event.bot ? t("shell.error.bot", { error: errorText(event.reply) }) : event.reply);
      break;
    case "notice":
      showNotice(t(event.id, event.args));
      break;
    case "saving":
      drawSaveStatus();
      break;
    case "readonly":
      showReadOnly(match.readOnly);
      break;
    case "busy":
      if (match.busy) clearNotice();
      break;
    case "accepted":
      clearError();
      break;
    case "undone":
      clearError();
      app.drawn = null;
      delete $("end-screen").dataset.shown;
      break;
    case "hint":
      await drawHint(match);
      break;
  }
}

/** The device goes to `seat`: nothing of the previous seat may stay on screen or in reach:
 *  its table, its log (secrets), the turn line and the toolbar (Save and Share show the record,
 *  which holds the seed and so every hidden card). They come back once the next person is
 *  ready. @param {number} seat */
function passDevice(seat) {
  $("handover-done").hidden = true;
  app.handoverTo = null;
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
}

/** The hand-over is over (the next person is ready, or the match changed hands). */
function endHandover() {
  $("handover-done").hidden = true;
  app.handoverTo = null;
  $("pass-screen").hidden = true;
  setPassing(false);
  app.passTo = null;
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
  const match = /** @type {Match} */ (app.match);
  const { status } = match;
  const view = /** @type {import("./types.js").View} */ (match.view);
  const awaited = awaitedSeats(status);
  // Read-only (the game goes on in another tab): the table as it is, with nothing to choose.
  const still = status.over || match.readOnly;
  const botThinking = !handover && match.botThinking();
  const renderer = await rendererFor(match.game);
  const board = $("board");
  const before = app.drawn;
  const sameTable = before && before.match === match.id && before.seat === match.seat;
  const animate = !!sameTable && status.step === before.step + 1 && !reducedMotion();
  const newDecision = !sameTable || before.step !== status.step;
  board.dataset.game = match.game;
  board.setAttribute("aria-busy", String(match.busy || botThinking));
  // For tests and styles: who the table is waiting for, and how far the match is.
  const yours = awaited.includes(match.seat) && match.legal.length > 0;
  board.dataset.awaiting = status.over
    ? "over"
    : match.readOnly
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
  soundFor(match, board.dataset.awaiting, animate);
  const props = {
    view,
    legal: still ? [] : match.legal,
    seat: match.seat,
    seats: shownSeats(match.seats),
    act: humanAct,
    busy: match.busy || botThinking,
    sending: match.busy,
    optional: still ? [] : match.optional,
    animate,
    replay: false,
  };
  app.rendererNow = renderer;
  // A whole order staged by "Confirm moves" is drawn made, in the page only.
  const order = still || handover ? null : stagedOrderAt(match, status.step);
  if (order) Object.assign(props, { view: order.view, legal: order.legal, staged: order.staged });
  try {
    renderer.render(board, props);
  } catch (err) {
    console.warn("Renderer failed; showing the plain table.", err);
    showError(t("shell.error.draw", { error: err?.message ?? err }));
    fallbackRenderer.render(board, props);
  }
  app.drawn = { match: match.id, seat: match.seat, step: status.step };
  drawStaged();
  drawTurn(match, botThinking, handover);
  drawLog(match, view.log ?? []);
  await drawEnd(match);
  drawUndo(status);
  await drawHint(match);
  drawTutorial(match);
  if (newDecision) $("tutorial-refusal").hidden = true;
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
  const match = /** @type {Match} */ (app.match);
  // A lesson's moves are its script; a move seen on other devices is not taken back.
  button.hidden = !!app.tutorial || match.away.size > 0;
  button.disabled = !match.mayUndo() || match.people().length === 0 || status.step === 0;
  const why = !button.disabled && status.undo && !status.undo.possible && status.undo.why
    ? sayLine(status.undo.why, match.seats) : null;
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

/** The Hint button and the hint on show: its move marked on the table (when the table draws
 *  it as one control) and said in words with the engine's one line of why. A hint is only ever
 *  shown; the person makes the move. @param {Match} match */
async function drawHint(match) {
  const button = $("hint");
  const line = $("hint-line");
  button.hidden = !match.hintsAllowed() || match.status.over; // "Results" stands in its place
  button.disabled = !match.mayHint();
  button.setAttribute("aria-busy", String(!!match.hinting));
  setText(/** @type {HTMLElement} */ (button.querySelector(".bar-label")), t(match.hinting ? "shell.hint.thinking" : "shell.table.hint"));
  const board = $("board");
  for (const marked of board.querySelectorAll(".hinted")) marked.classList.remove("hinted");
  const hint = match.hintShown;
  if (!hint || hint.seat !== match.seat || hint.step !== match.status.step) {
    line.hidden = true;
    line.replaceChildren();
    return;
  }
  const renderer = await rendererFor(match.game);
  if (app.match !== match || match.hintShown !== hint) return;
  const why = sayLine(hint.why, match.seats);
  const action = hint.action;
  if (action) mark(board, "hinted", action);
  const move = action ? (renderer.describeAction?.(action, match.view ?? undefined) ?? JSON.stringify(action)) : "";
  line.replaceChildren(
    el("strong", { text: t("shell.hint.label") }),
    " ",
    ...(move ? [el("span", { class: "hint-move", text: move }), t("shell.hint.sep")] : []),
    el("span", { class: "hint-why", text: why }),
  );
  line.hidden = false;
  isolateText(line);
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
  if (yours && matchMedia(NARROW).matches) {
    bringIntoView(prompt, first);
    const area = board.querySelector("[data-decision-area]");
    keepAboveCover(area, prompt ?? first);
    // The other player's move may be shown on their own part of the table first (a renderer's
    // followMovement, at the next frame); once it has landed, back to the decision's. Not if the
    // person has touched, scrolled or typed meanwhile: the page never moves under a finger.
    const touches = touchedCount;
    if (area) {
      nextFrame(() => movementSettled().then(() => {
        if (area.isConnected && touchedCount === touches) keepAboveCover(area, prompt ?? first);
      }));
    }
  }
}

/** How many times the person has touched, clicked, scrolled or typed on this page. */
let touchedCount = 0;
for (const type of ["pointerdown", "keydown", "wheel", "touchstart"]) {
  addEventListener(type, () => { touchedCount += 1; }, { capture: true, passive: true });
}

/** A table whose prompt is a panel stuck to the foot of a phone's screen names the part of the
 *  board its decision plays on (`data-decision-area`, Tanbo's ring): scroll (only if needed) so
 *  that it sits whole above that panel, or at least its top when it cannot.
 *  @param {Element | null} area
 *  @param {Element | null} prompt */
function keepAboveCover(area, prompt) {
  const limit = area ? coverTop(prompt) : null;
  if (!area || limit === null) return;
  scrollAbove(area, limit);
}

/** Scroll (only if needed) so that the prompt and the first choice are both on screen, or at
 *  least the first choice when the two do not fit together.
 *  @param {Element | null} prompt
 *  @param {Element | null} first */
function bringIntoView(prompt, first) {
  const rects = [prompt, first].flatMap((n) => (n ? [n.getBoundingClientRect()] : [])).filter((r) => r.height);
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
 * @param {Match} match
 * @param {boolean} botThinking
 * @param {boolean} handover
 */
function drawTurn(match, botThinking, handover) {
  const { status, seat } = match;
  const seats = shownSeats(match.seats);
  const turn = $("turn");
  turn.replaceChildren();
  if (status.over) {
    turn.textContent = t("shell.turn.over");
    turn.dataset.state = "over";
    return;
  }
  if (match.readOnly) {
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
  else if (match.people().length > 1) text = t("shell.turn.hot_seat", { name: seats[actor]?.name });
  else text = actor === seat ? t("shell.turn.yours", { name: seats[actor]?.name }) : t("shell.turn.to_play", { who: seatLabel(actor) });
  turn.append(dot, el("span", { class: "turn-text", text }));
  turn.title = text;
}

/** A log line in the reader's words, seats named as the screen shows them.
 *  @param {import("./types.js").Message | string | null} line @param {import("./types.js").SeatInfo[]} seats */
const sayLine = (line, seats) => say(line, shownSeats(seats));

/** The log of the shown seat. New lines are appended (a screen reader hears only them, and the
 *  page does not rebuild a long log at every move); anything else redraws it.
 *  @param {Match} match @param {Array<string | {id: string, args?: Record<string, unknown>}>} lines */
function drawLog(match, lines) {
  const log = $("log");
  // Keyed by seat too: two seats' logs differ (each sees its own secret) at the same length.
  const key = `${match.id}:${match.seat}:${language()}`;
  const drawn = log.dataset.match === key ? app.logLines : null;
  const keys = lines.map((line) => JSON.stringify(line));
  const kept = drawn && drawn.length <= keys.length && drawn.every((line, i) => line === keys[i]);
  if (kept && drawn.length === keys.length) return;
  const items = (/** @type {number} */ from) => lines.slice(from).map((line) => el("li", { text: sayLine(line, match.seats) }));
  if (kept) log.append(...items(drawn.length));
  else log.replaceChildren(...items(0));
  log.dataset.match = key;
  app.logLines = keys;
  // Scrolled at the next frame, when layout is done anyway: reading scrollHeight now would
  // force a layout of the whole table in the middle of the draw (a profile of the page showed it).
  requestAnimationFrame(() => {
    const panel = $("log-panel");
    panel.scrollTop = panel.scrollHeight;
  });
}

/** The end screen, once the match is over (drawn once; "Look at the table" dismisses it).
 *  @param {Match} match */
async function drawEnd(match) {
  const { status, view } = match;
  const seats = shownSeats(match.seats);
  const end = $("end-screen");
  const renderer = await rendererFor(match.game);
  // Once the game is over its results stay one press away, whatever was opened since (the
  // table, a replay): "Results" takes the place of Hint (drawHint).
  $("results").hidden = !(status.over && view?.outcome);
  if (!status.over || !view?.outcome) {
    end.hidden = true;
    delete end.dataset.shown;
    return;
  }
  if (end.dataset.shown === match.id) return; // dismissed or already up
  end.dataset.shown = match.id;
  // The last table is drawn first, the end screen in a task of its own: together they made one
  // long task at the end of a game (scripts/bench_play.py counted it).
  await new Promise((done) => requestAnimationFrame(() => setTimeout(done, 0)));
  if (app.match !== match) return;
  const { winners = [], scores = [], reason = null } = view.outcome;
  const names = winners.map((/** @type {number} */ w) => seats[w]?.name ?? t("shell.seat.number", { n: w + 1 }));
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
  // A lesson's last words, and a real game to follow.
  const lesson = app.tutorial;
  $("end-tutorial").hidden = !lesson;
  if (lesson) {
    setText($("end-tutorial-text"), sayLine({ id: lesson.data.end, args: {} }, match.seats));
    Tutorial.forget(tabStorage());
  }
  // How many hints each person asked for (bots ask none).
  const used = match.hintsUsed();
  const people = seats.map((s, i) => ({ s, i })).filter(({ s }) => !s.bot);
  const hintsLine = $("end-hints");
  hintsLine.hidden = !match.hintsAllowed() || !people.length;
  setText(hintsLine, t("shell.end.hints", { list: join(people.map(({ s, i }) => t("shell.end.hints_one", { name: s.name, n: used[i] ?? 0 }))) }));
  // It opens once the last move has landed (its flying tiles are drawn above everything), in a
  // task of its own: the draw, and the autosave after it, do not wait for it.
  void movementSettled().then(() => {
    if (app.match !== match || end.dataset.shown !== match.id) return;
    end.hidden = false;
    end.scrollTop = 0;
    $("end-replay").focus({ preventScroll: true });
    app.gate.settle(end);
  });
}

/** A person's decision, from the table's controls: for the seat on screen, or (optional
 *  actions such as Tea) for another person at the table. The match decides what it does.
 *  @param {Action | string} action
 *  @param {number} [asSeat] */
async function humanAct(action, asSeat) {
  const match = app.match;
  if (!match) return;
  // A lesson asks for one move: any other is refused kindly and nothing is sent.
  if (app.tutorial && !app.tutorial.allows(action, match.record)) {
    $("tutorial-refusal").hidden = false;
    return;
  }
  const seat = asSeat ?? match.seat;
  const step = app.drawn?.step ?? match.status.step;
  const move = moveToStage(action, asSeat);
  const order = move ? orderToStage(move, seat, step) : null;
  if (order) {
    app.staged.stageOrder(order, seat, step);
    await draw();
    keepOrderInView();
    return;
  }
  if (move && app.staged.press(move, seat, step) === "staged") {
    drawStaged();
    return;
  }
  app.staged.clear();
  drawStaged();
  await match.act(action, { seat, step });
}

/** The move a press of `action` stages before it is sent, or null when it is sent at once:
 *  "Confirm moves" is off, or the press is a confirmation already (Storm's "Serve these cards",
 *  after choosing the run on the table), a race against a bot (Tea), another person's optional
 *  action, or a lesson's asked move. @param {Action | string} action @param {number | undefined} asSeat
 *  @returns {Action | null} */
function moveToStage(action, asSeat) {
  if (!app.confirmMoves || app.tutorial || asSeat !== undefined) return null;
  let move;
  try {
    move = typeof action === "string" ? JSON.parse(action) : action;
  } catch {
    return null; // the match refuses it, and says why
  }
  return controlFor($("board"), move)?.closest("[data-confirms], [data-interrupt]") ? null : move;
}

/** The order a press of `move` makes when the table stages whole orders (Tanbo's sowing:
 *  each token pressed is placed in the page, and Confirm plays them all), else null.
 *  @param {Action} move @param {number} seat @param {number} step @returns {Action[] | null} */
function orderToStage(move, seat, step) {
  const match = app.match;
  const renderer = app.rendererNow;
  if (!match?.view || !renderer?.stageOrder) return null;
  const order = app.staged.orderWith(move, seat, step);
  return renderer.stageOrder(match.view, match.legal, order) ? order : null;
}

/** A staged order's next choice in view above the staged bar: on a phone the bar covers the
 *  bottom of the screen, where the hand's tokens were (app.css: --staged-bar). */
function keepOrderInView() {
  $("board").querySelector(".legal")?.scrollIntoView({ block: "nearest" });
}

/** The staged order drawn on the table at `step`, or null (none, or no longer one the table
 *  may make: then it is forgotten). @param {Match} match @param {number} step */
function stagedOrderAt(match, step) {
  const staged = app.staged.at(step);
  if (!staged?.order || !match.view) return null;
  const shown = app.rendererNow?.stageOrder?.(match.view, match.legal, staged.order, match.seats.map((s) => s.name));
  if (!shown) app.staged.clear();
  return shown ?? null;
}

/** The staged move's bar (what it will do, Confirm, Cancel) and its mark on the table; a move
 *  staged at an earlier step is forgotten. */
function drawStaged() {
  const match = app.match;
  const step = app.drawn?.step ?? match?.status.step ?? 0;
  const staged = match && document.body.dataset.screen === "table" ? app.staged.at(step) : null;
  const order = staged?.order && match ? stagedOrderAt(match, step) : null;
  const board = $("board");
  // An order is drawn on the table itself (its tokens placed, marked as not played yet).
  const control = staged && !staged.order ? controlFor(board, staged.action) : null;
  for (const n of board.querySelectorAll(".staged")) if (n !== control) n.classList.remove("staged");
  $("staged").hidden = !staged;
  document.body.toggleAttribute("data-staging", !!staged); // the room the bar takes (app.css)
  if (!staged || !match) return;
  // How much of the screen's bottom the bar takes: what stays at the bottom of a phone's
  // screen (Tanbo's prompt and tokens) moves up above it.
  document.documentElement.style.setProperty("--staged-bar", `${Math.max(0, innerHeight - $("staged").getBoundingClientRect().top)}px`);
  const renderer = app.rendererNow;
  const words = order?.words ?? renderer?.describeAction?.(staged.action, match.view ?? undefined);
  setText($("staged-move"), words ?? JSON.stringify(staged.action));
  setText($("staged-again"), t(!staged.order ? "shell.confirm_moves.again" : order?.complete ? "shell.confirm_moves.order_done" : "shell.confirm_moves.order_more"));
  control?.classList.add("staged");
}

/** Confirm: the staged move is sent as if pressed again; a staged order, move after move (one
 *  refused or overtaken stops the rest: the table then shows what the engine holds). */
async function confirmStaged() {
  const match = app.match;
  const staged = app.staged.take();
  drawStaged();
  if (!match || !staged) return;
  const order = staged.order ?? [staged.action];
  for (const [i, action] of order.entries()) {
    if (match !== app.match || match.status.step !== staged.step + i) break;
    await match.act(action, { seat: staged.seat, step: staged.step + i });
  }
}

/** Cancel: nothing staged, and the keyboard back on the control that staged it (a staged order:
 *  the table drawn again without it). */
async function cancelStaged() {
  const staged = app.staged.take();
  drawStaged();
  if (staged?.order && app.match) await draw();
  const control = staged ? controlFor($("board"), staged.action) : null;
  if (control instanceof HTMLElement) control.focus();
}

/** A theme chosen (the header's switch, or the Game menu's on a phone): shown at once on this
 *  page and kept for the next visit. @param {string} name */
function chooseTheme(name) {
  if (!isTheme(name)) return;
  $("theme").value = $("menu-theme").value = name;
  applyTheme(document.documentElement, name);
  keepTheme(tabStorage(), name);
}

/** The sound of what the table now shows, compared with the last one drawn of the same match
 *  (sound.js cueFor). @param {Match} match @param {string | undefined} awaiting @param {boolean} moved */
function soundFor(match, awaiting, moved) {
  const before = app.heard?.match === match.id ? (app.heard.awaiting ?? null) : null;
  app.heard = { match: match.id, awaiting };
  const cue = cueFor(before, awaiting, moved);
  if (cue) app.sounds.play(cue);
}

/** The Sound switch of the Game menu: kept for the next visit; turned on, it says so at once. */
function chooseSound() {
  app.sounds.on = $("sound").checked;
  keepSound(tabStorage(), app.sounds.on);
  app.sounds.play("move");
}

/** The "Confirm moves" switch of the Game menu: kept for the next visit. */
function chooseConfirm() {
  app.confirmMoves = $("confirm-moves").checked;
  keepConfirm(tabStorage(), app.confirmMoves);
  if (!app.confirmMoves) cancelStaged();
}

// ---------------------------------------------------------------- lessons

/** The pause before a bot's action, in ms: the address's, else the chosen speed's. */
const botPaceMs = () => PACE_MS_SET ?? PACES[storedPace(tabStorage())];

/** A speed chosen on the table: kept for the next visit, and the bots of the match on the
 *  table take it at their next action. */
function choosePace() {
  const name = $("pace").value;
  if (!isPace(name)) return;
  keepPace(tabStorage(), name);
  if (app.match) app.match.options.botPace = botPaceMs();
}

/** The device's storage (the lesson marker, the bots' speed), if the browser lets the site keep
 *  anything. */
function tabStorage() {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

/** The lesson `match` is, if any: the one being started, or the one this tab remembers (a
 *  reload resumes it). @param {Match} match */
async function lessonOf(match) {
  const pending = app.tutorialPending;
  app.tutorialPending = null;
  if (pending && pending.game === match.game) {
    const lesson = new Tutorial(pending, match.save.id);
    lesson.remember(tabStorage());
    return lesson;
  }
  const game = Tutorial.recall(tabStorage(), match.save.id);
  if (!game || game !== match.game || !app.engine) return null;
  const reply = await app.engine.tutorial(game);
  return reply.ok ? new Tutorial(reply, match.save.id) : null;
}

/** "Learn to play": the chosen game's guided first game, on the real table. */
async function startLesson() {
  clearError();
  const game = app.lobby?.gameId ?? "";
  const engine = await readyEngine();
  const reply = await engine.tutorial(game);
  if (!reply.ok) {
    showError(reply);
    return;
  }
  app.tutorialPending = reply;
  await startMatch(new Tutorial(reply, "").config(learnerName()));
  app.tutorialPending = null;
}

/** The learner's name: the lobby's first seat's, if a person sits there (else the engine's
 *  default, "Player 1"): the log speaks of them in the third person. */
function learnerName() {
  const first = app.lobby?.config().seats[0];
  return first && !first.bot ? first.name : "";
}

/** Whether the lobby offers a lesson for the chosen game (the catalogue says). */
function drawLearn() {
  $("learn").hidden = !app.lobby?.game.tutorial;
}

/** The lesson's panel: the step's words next to the table, the asked move marked on it, or
 *  whose move the table waits for. @param {Match} match */
function drawTutorial(match) {
  const panel = $("tutorial");
  const lesson = app.tutorial;
  const board = $("board");
  for (const marked of board.querySelectorAll(".tutorial-spot, .tutorial-thing")) marked.classList.remove("tutorial-spot", "tutorial-thing");
  if (!lesson || match.status.over) {
    panel.hidden = true;
    return;
  }
  panel.hidden = false;
  const step = lesson.current(match.record);
  const total = lesson.data.steps.length;
  setText($("tutorial-title"), t("shell.tutorial.title", { n: Math.min(lesson.done(match.record) + 1, total), total }));
  const yours = board.dataset.awaiting === "human";
  $("tutorial-show").hidden = !yours || !step;
  if (!yours || !step) {
    setText($("tutorial-text"), t("shell.tutorial.watch"));
    return;
  }
  setText($("tutorial-text"), sayLine({ id: step.text, args: {} }, match.seats));
  mark(board, "tutorial-spot", step.move);
  markThing(board, step.spot);
}

/** Light up the thing a lesson's words name (a paddy, a box, a stock), as the game's renderer
 *  finds it, unless it is lit already. @param {HTMLElement} board @param {SpotJson | undefined} spot */
function markThing(board, spot) {
  if (!spot || board.querySelector(".tutorial-thing")) return;
  app.rendererNow?.spot?.(board, spot)?.classList.add("tutorial-thing");
}

/** Mark with `cls` the control that makes `move` on the table, or the next one to press
 *  towards it (the game's renderer knows its picks; else the control that sends it), unless
 *  something already bears the mark. @param {HTMLElement} board @param {string} cls @param {Action} move */
function mark(board, cls, move) {
  if (board.querySelector(`.${cls}`)) return;
  const renderer = app.rendererNow;
  (renderer?.towards ? renderer.towards(board, move) : controlFor(board, move))?.classList.add(cls);
}

/** Mark again what the hint and the lesson point at, after the table redrew itself (a pick
 *  inside a decision: the next control towards the move is then another one). */
function remark() {
  const match = app.match;
  if (!match || document.body.dataset.screen !== "table") return;
  const board = $("board");
  const hint = match.hintShown;
  if (hint?.action && hint.seat === match.seat && hint.step === match.status.step) mark(board, "hinted", hint.action);
  const step = app.tutorial?.current(match.record);
  if (step && board.dataset.awaiting === "human") {
    mark(board, "tutorial-spot", step.move);
    markThing(board, step.spot);
  }
  const staged = app.staged.at(app.drawn?.step ?? match.status.step);
  // A staged order is drawn on the table itself, not as a marked control.
  const control = staged && !staged.order ? controlFor(board, staged.action) : null;
  if (control && !control.classList.contains("staged")) control.classList.add("staged");
}

/** "Show me": the lesson makes the asked move. */
async function showMe() {
  const match = app.match;
  const step = app.tutorial?.current(match?.record);
  if (!match || !step) return;
  $("tutorial-refusal").hidden = true;
  await match.act(step.move, { seat: match.seat, step: match.status.step });
}

/** Leave the lesson: the game goes on as an ordinary one. */
function skipLesson() {
  app.tutorial = null;
  Tutorial.forget(tabStorage());
  if (app.match) {
    drawTutorial(app.match);
    drawUndo(app.match.status);
    drawHint(app.match);
  }
}

/** After a lesson: a real game against Easy. */
async function playEasy() {
  const game = app.match?.game ?? app.lobby?.gameId ?? "";
  skipLesson();
  const learner = app.match?.seats[0]?.name ?? "";
  // As many Easy bots as the lesson had bots.
  const bots = (app.match?.seats.length ?? 2) - 1;
  const seats = [{ name: learner, bot: null }, ...Array.from({ length: bots }, () => ({ name: "", bot: "easy" }))];
  await startMatch({ game, seed: null, options: gameById(game)?.options ?? {}, seats });
}

/** The table's line that says whether the game is kept on this device. It never hides: a
 *  player can always tell whether a reload would lose the game. */
function drawSaveStatus() {
  const status = $("save-status");
  const match = app.match;
  const state = match?.readOnly ? "elsewhere" : match?.saving ?? (app.saves.works() ? "pending" : "off");
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
        if (app.match) await app.match.autosave();
        if (app.match?.saving === "full") openRoom();
        else $("room-dialog").close();
      });
      const details = [state, when(entry.time), size].filter(Boolean).join(" · ");
      return el("li", {}, el("span", { class: "room-name" }, el("bdi", { text: label }), ` · ${details}`), remove);
    }),
  );
  if (!$("room-dialog").open) $("room-dialog").showModal();
}

/** Read-only (the game went on in another tab): the table stays as it is, nobody can act
 *  here, and a banner offers to take the game over. @param {boolean} on */
function showReadOnly(on) {
  const was = $("moved-banner").hidden === false;
  $("moved-banner").hidden = !on;
  document.body.dataset.readOnly = String(on);
  drawSaveStatus();
  if (!on || was) return;
  endHandover();
  if (app.match?.view) draw();
  $("take-over").focus({ preventScroll: true });
}

/** Take the game over from the tab where it went on: open its latest save here and claim it,
 *  which makes the other tab read-only. */
async function takeOver() {
  const match = app.match;
  const save = match ? app.saves.read(match.save.id) : null;
  if (!match || !save) {
    await match?.setReadOnly(false);
    return;
  }
  const engine = await readyEngine();
  const reply = await engine.import_record(JSON.stringify(save.record), "autosave", match.shown());
  if (app.match !== match) return;
  if (!reply.ok) {
    showError(reply);
    return;
  }
  const taken = await openMatch(reply, app.lastConfig ?? null, save);
  if (app.match === taken) taken.claim(save);
  clearNotice();
}

/** The storage event: another tab wrote a save. If it is this tab's game, reconcile.
 *  @param {StorageEvent} event */
function heardSave(event) {
  const match = app.match;
  if (!match || idOfKey(event.key) !== match.save.id) return;
  const save = parseSave(event.newValue);
  if (save) match.reconcile(save);
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
  if (config.away?.length) {
    await openHostRoom(config);
    return;
  }
  const engine = await readyEngine();
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
  const engine = await readyEngine();
  // Salvage: a record that breaks at move N opens at move N - 1, and the player is told.
  const reply = await engine.import_record(text, source, -1, true);
  if (!reply.ok) {
    showError(reply);
    return reply;
  }
  const across = save?.across ? reopenRoom(reply, save) : null;
  await openMatch(reply, null, save, across ? { across } : {});
  app.hostRoom?.drawPresence();
  if (reply.salvaged) {
    showNotice(t("shell.saving.salvaged", { problem: errorText({ message: reply.salvaged.problem }), kept: reply.salvaged.kept }));
  }
  return null;
}

async function undo() {
  const match = app.match;
  if (!match || match.busy || match.readOnly) return;
  const why = $("undo").dataset.why;
  if (why) {
    showNotice(why); // the policy's reason, in the player's words; nothing is asked
    return;
  }
  await match.undo();
}

/** The match record as it stands (the match's own copy, or the engine's).
 *  @param {{quiet?: boolean}} [how] quiet: no error shown (the autosave) */
async function currentRecord({ quiet = false } = {}) {
  return app.match ? app.match.currentRecord({ quiet }) : null;
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
  saveFile($("save-text").value, `${app.match?.game ?? "game"}-game.json`);
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
  const file = $("load-file").files?.[0];
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
  const invitation = invitationOf(location.hash);
  if (invitation) {
    await openGuestSeat(invitation);
    return;
  }
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
  const ok = await readyEngine().then(
    () => (cancelled ? false : resumeSave(save)),
    () => false,
  );
  if (!ok && !cancelled) showLobby();
  return ok;
}

function closeMenu() {
  $("game-menu").open = false;
}

// ---------------------------------------------------------------- a table across devices

/**
 * How a match across devices is carried: at the host, which seats are played elsewhere; at a
 * guest, the transport to its host and every seat but its own.
 * @typedef {{role: "host", away: number[]} | {role: "guest", away: number[], transport: import("./peer-transport.js").PeerTransport}} Across
 */

/** Close the room or the seat of a match across devices (the page goes to the lobby). */
function leaveAcross() {
  app.hostRoom?.close();
  app.hostRoom = null;
  app.guestSeat?.close();
  app.guestSeat = null;
  delete document.body.dataset.across;
}

/**
 * The host's room: invitations for the seats played on other devices; the match is dealt once
 * every guest has joined (Start).
 * @param {LobbyConfig} config
 */
async function openHostRoom(config) {
  const engine = await readyEngine();
  const deal = await engine.new_deal();
  if (!deal.ok) {
    showError(deal);
    return;
  }
  leaveAcross();
  const room = new HostRoom({ engine, config, deal, limits: LIMITS, showRoom: () => showScreen("host-room"), storage: tabStorage() });
  app.hostRoom = room;
  app.lastConfig = config;
  // The servers typed for the last room on this device are offered again; nothing is contacted
  // until Use is pressed.
  const last = room.lastServers();
  $("meet-server").value = last.server;
  $("meet-stun").value = last.stun;
  $("meet").open = false;
  showScreen("host-room");
  $("host-start-hint").textContent = t("shell.peer.room.waiting");
  await room.open();
}

/**
 * The host's table across devices reopened from its save (a reload): the room comes back with
 * the deal, the seat keys and the salts, every guest away until invited again. A save whose
 * across-devices part is damaged opens as a game on this device.
 * @param {import("./types.js").ImportReply} reply @param {Save} save
 * @returns {Across | null}
 */
function reopenRoom(reply, save) {
  const kept = save.across;
  const hex = (/** @type {unknown} */ v, /** @type {number} */ n) => typeof v === "string" && new RegExp(`^[0-9a-f]{${n}}$`).test(v);
  const seats = reply.status.seats;
  const away = Object.keys(kept?.keys ?? {}).map(Number);
  const meet = keptMeeting(kept?.meet);
  const ok =
    !!kept && hex(kept.secret, 64) && hex(kept.commitment, 64) && away.length > 0 &&
    away.every((seat) => Number.isInteger(seat) && seat >= 0 && seat < seats.length && hex(kept.keys[String(seat)], 32)) &&
    Object.entries(kept.salts ?? {}).every(([seat, salt]) => away.includes(Number(seat)) && hex(salt, 32));
  if (!ok || !kept) return null;
  leaveAcross();
  const config = { game: reply.status.game, seats, seed: null, options: {}, away };
  app.hostRoom = new HostRoom({
    engine: /** @type {import("./types.js").Engine} */ (app.engine),
    config,
    deal: { secret: kept.secret, commitment: kept.commitment },
    limits: LIMITS,
    showRoom: () => showScreen("host-room"),
    // A damaged meeting is dropped: the guests are invited again by hand.
    kept: { ...kept, meet: meet ?? undefined },
    storage: tabStorage(),
  });
  app.hostRoom.draw();
  if (meet) {
    $("meet-server").value = meet.server;
    $("meet-stun").value = meet.stun;
    $("meet").open = true;
    // The room opens again at its server, and the guests come back by themselves.
    void app.hostRoom.meetAgain();
  }
  return { role: "host", away };
}

/** The host starts the match: dealt from its secret and every guest's salt. */
async function startAcross() {
  const room = app.hostRoom;
  if (room?.match) {
    // The room was opened during the match to invite again: back to the table.
    showScreen("table");
    room.drawPresence();
    return;
  }
  if (!room || !room.ready()) return;
  const engine = await readyEngine();
  $("host-start").disabled = true;
  const config = { ...room.config, seed: null, deal: room.dealt() };
  const reply = await engine.new_match(JSON.stringify(config));
  if (!reply.ok) {
    showError(reply);
    $("host-start").disabled = false;
    return;
  }
  await openMatch(reply, room.config, null, { across: { role: "host", away: room.config.away ?? [] } });
  room.drawPresence();
}

/**
 * A guest's page, opened from an invitation link: answer it, then play the seat from the
 * tables the host sends.
 * @param {import("./guest-seat.js").Invitation | "damaged"} invitation
 */
async function openGuestSeat(invitation) {
  leaveAcross();
  showScreen("join");
  // A new invitation gets a new answer: nothing of the last one stays to be copied.
  $("join-answer").value = "";
  $("join-qr").replaceChildren();
  $("join-code").hidden = true;
  $("join-deal").hidden = true;
  if (invitation === "damaged") {
    $("join-status").textContent = t("shell.peer.join.bad_invitation");
    return;
  }
  const seat = new GuestSeat({
    invitation,
    engine: readyEngine,
    limits: LIMITS,
    onTable: (table, transport) => {
      const away = table.status.seats.map((_, i) => i).filter((i) => i !== invitation.seat);
      const opened = { match: "peer", ...table, record: null };
      void openMatch(/** @type {any} */ (opened), null, null, { across: { role: "guest", away, transport } }).then(() => drawGuestLink(true));
    },
    onMoved: () => app.match?.moved(),
    onRefused: (message) => showError({ message }),
    onChecked: (problems) => {
      const line = $("peer-check");
      line.dataset.verified = String(problems.length === 0);
      line.textContent = problems.length
        ? t("shell.peer.check.failed", { problems: problems.map((p) => say(p, app.match?.seats.map((s) => s.name) ?? [])).join(" ") })
        : t("shell.peer.check.verified");
      line.hidden = false;
    },
    onLink: (linked) => drawGuestLink(linked),
    storage: tabStorage(),
  });
  app.guestSeat = seat;
  await seat.open();
}

/** A guest's line of whether it is linked to its host. @param {boolean} linked */
function drawGuestLink(linked) {
  if (!app.match || document.body.dataset.across !== "guest") return;
  const line = $("peer-presence");
  line.dataset.linked = String(linked);
  const watching = app.guestSeat?.options.invitation.seat === -1;
  // Invited through a signalling server, the page reaches its host again by itself.
  const lost = app.guestSeat?.options.invitation.meet ? "shell.peer.presence.relinking" : "shell.peer.presence.lost";
  line.textContent = t(linked ? "shell.peer.presence.linked" : lost) + (watching ? ` · ${t("shell.peer.join.watching")}` : "");
  line.hidden = false;
  if (app.match.status.over && $("peer-check").hidden) {
    $("peer-check").textContent = t("shell.peer.check.running");
    $("peer-check").hidden = false;
  }
}

function leaveForLobby() {
  closeMenu();
  if (app.replay?.isOpen) app.replay.close();
  const running = app.match && !app.match.status.over && app.match.status.step > 0;
  if (running) {
    const dialog = $("confirm-dialog");
    // Only a game that is kept here can be resumed: otherwise leaving loses it, and says so.
    const saving = app.match?.saving;
    $("confirm-text").textContent = t(saving === "saved" ? "shell.confirm.text" : `shell.confirm.text_${saving === "full" ? "full" : "off"}`);
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
  app.match?.close();
  app.match = null;
  endHandover();
  showReadOnly(false);
  setAddress(null);
  if (app.lastConfig) app.lobby?.fill(app.lastConfig);
  showLobby();
  app.lobby?.focusGame();
}

/** Open the replay of the match on screen (`review`: and start its review at once). */
async function openReplay({ review = false } = {}) {
  if (!app.match) return;
  closeMenu();
  const { match } = app;
  await app.replay?.open({
    matchId: match.id,
    game: match.game,
    seats: match.seats,
    over: match.status.over,
    humans: match.people(),
    shownSeat: match.shownSeat,
  });
  if (review && app.replay?.isOpen) await app.replay.review.start();
}

// ---------------------------------------------------------------- language

function drawVersions() {
  $("versions").textContent = app.versions ? t("shell.engine.versions", app.versions) : t("shell.engine.not_loaded");
}

/** Switch the screen's language and draw what is on screen again, without a reload and without
 *  touching the match: the language is the screen's, never the match's (records, saves and
 *  links are the same in every language). `from`: the switch used (the header's, or the Game
 *  menu's on a phone), which keeps the keyboard.
 *  @param {string} lang @param {HTMLSelectElement} [from] */
async function switchLanguage(lang, from = $("language")) {
  const chosen = await useLanguage(lang, { remember: true });
  $("language").value = $("menu-language").value = chosen;
  translate(); // the static words; what the shell drew itself is drawn again below
  if (app.progress) setProgress(app.progress);
  drawVersions();
  app.lobby?.redraw();
  drawResume();
  if (app.match) drawSaveStatus();
  app.hostRoom?.draw();
  app.guestSeat?.draw();
  if (app.hostRoom?.match) app.hostRoom.drawPresence();
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
      if (app.handoverTo !== null && app.handoverTo !== undefined) {
        setText($("handover-done"), t("shell.handover.done_to", { name: labelOf(app.match.seats, app.handoverTo) }));
      }
      if (!$("end-screen").hidden) {
        delete $("end-screen").dataset.shown;
        await drawEnd(app.match);
      }
    }
  }
  if (app.replay?.isOpen) await app.replay.redraw();
  updateTitle();
  from.focus({ preventScroll: true });
}

// ---------------------------------------------------------------- wiring

async function main() {
  // The engine started before this module loaded (web/js/boot.js), so its worker boots while
  // the page loads its modules and its words; its progress is drawn once there are words to
  // draw it with.
  const starting = firstEngine; // awaited by loadEngine below, which reports a failure
  await Promise.all([useLanguage(preferredLanguage()), loadGames()]);
  translate();
  followFirstEngine(setProgress, engineDied);
  $("language").value = $("menu-language").value = language();
  $("language").addEventListener("change", () => switchLanguage($("language").value));
  $("menu-language").addEventListener("change", () => switchLanguage($("menu-language").value, $("menu-language")));
  const theme = storedTheme(tabStorage());
  applyTheme(document.documentElement, theme);
  $("theme").value = $("menu-theme").value = theme;
  for (const select of [$("theme"), $("menu-theme")]) select.addEventListener("change", () => chooseTheme(select.value));
  // ?debug=1: the shell's state on window, for tests that need to slow the engine down.
  if (params.has("debug")) globalThis.pygamesDebug = app;
  const lobby = new Lobby({ onStart: startMatch, onGame: drawLearn });
  app.lobby = lobby;
  drawLearn();
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
    // A replay opens only for the match on screen, whose engine is up.
    engine: () => {
      if (!app.engine) throw new Error("no engine for the replay");
      return app.engine;
    },
    rendererFor,
    showError,
    onOpen: () => showScreen("replay"),
    onClose: () => {
      showScreen(app.match ? "table" : "lobby");
      if (app.match) $("replay-open").focus();
    },
    fast: params.has("fast"),
    // A review is kept with the save of the match on screen, for the record it reviewed.
    reviews: {
      kept: (steps) => {
        const match = app.match;
        return match && steps === match.status.step ? app.saves.review(match.save.id) : null;
      },
      keep: (steps, result) => {
        if (app.match) app.saves.keepReview(app.match.save.id, steps, result);
      },
    },
  });

  $("error-close").addEventListener("click", clearError);
  $("notice-close").addEventListener("click", clearNotice);
  $("undo").addEventListener("click", undo);
  app.sounds.on = $("sound").checked = storedSound(tabStorage());
  $("sound").addEventListener("change", chooseSound);
  // Browsers let a page sound only after a press of the person's.
  document.addEventListener("pointerdown", () => app.sounds.unlock(), { capture: true });
  $("confirm-moves").checked = app.confirmMoves;
  $("confirm-moves").addEventListener("change", chooseConfirm);
  $("staged-confirm").addEventListener("click", () => confirmStaged());
  $("staged-cancel").addEventListener("click", cancelStaged);
  // Escape takes back a staged move (before anything else Escape does on the table).
  $("table").addEventListener("keydown", (e) => {
    if (e.key === "Escape" && app.staged.move) {
      e.stopPropagation();
      cancelStaged();
    }
  }, true);
  $("pace").value = storedPace(tabStorage());
  $("pace").addEventListener("change", choosePace);
  // A tap on the table skips the movement in flight: the table as it now is, at once.
  $("table").addEventListener("pointerdown", () => finishMovement(), true);
  $("hint").addEventListener("click", () => app.match?.hint());
  $("learn").addEventListener("click", () => startLesson());
  $("tutorial-show").addEventListener("click", () => showMe());
  // A pick redraws the table from inside the renderer: its marks are put back after any
  // redraw, new nodes or patched classes (once a frame; a mark found in place is left alone,
  // so putting one back ends it).
  let remarking = false;
  new MutationObserver(() => {
    if (remarking) return;
    remarking = true;
    requestAnimationFrame(() => {
      remarking = false;
      remark();
    });
  }).observe($("board"), { childList: true, subtree: true, attributes: true, attributeFilter: ["class"] });
  $("tutorial-skip").addEventListener("click", skipLesson);
  $("end-easy").addEventListener("click", () => playEasy());
  // Hot seat: the mover's "Done", then the next person's "I am ready" (the match waits for them).
  $("handover-done").addEventListener("click", () => app.match?.handoverDone());
  $("pass-ok").addEventListener("click", () => app.match?.ready());
  $("new-game").addEventListener("click", leaveForLobby);
  $("end-new").addEventListener("click", goToLobby);
  $("end-rematch").addEventListener("click", rematch);
  $("end-replay").addEventListener("click", () => openReplay());
  $("end-review").addEventListener("click", () => openReplay({ review: true }));
  $("replay-open").addEventListener("click", () => openReplay());
  $("end-close").addEventListener("click", () => {
    $("end-screen").hidden = true;
    $("results").focus();
  });
  $("results").addEventListener("click", () => {
    $("end-screen").hidden = false;
    $("end-title").focus();
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
      $("game-menu").querySelector("summary")?.focus();
    }
  });
  window.addEventListener("hashchange", heardAddress);
  $("host-start").addEventListener("click", () => startAcross());
  $("meet-use").addEventListener("click", async () => {
    const room = app.hostRoom;
    if (!room) return;
    $("meet-use").disabled = true;
    try {
      await room.meetAt($("meet-server").value, $("meet-stun").value);
    } finally {
      $("meet-use").disabled = false;
    }
  });
  $("host-watch").addEventListener("click", () => app.hostRoom?.addWatcher());
  // Before the deal the room leaves nothing behind; during the match it is the match's to leave.
  $("host-cancel").addEventListener("click", () => (app.hostRoom?.match ? leaveForLobby() : showLobby()));
  $("join-lobby").addEventListener("click", () => {
    setAddress(null);
    goToLobby();
  });
  $("join-copy").addEventListener("click", async () => {
    try {
      await navigator.clipboard.writeText($("join-answer").value);
      $("join-status").textContent = t("shell.peer.join.copied");
    } catch {
      $("join-answer").select();
    }
  });
  // The service worker's install downloads every file of the site (17 MB): on a first visit it
  // waits for the engine, whose start it would otherwise slow down (cold ready went
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
  // The lobby's pictures, once the engine has started (its download comes first); again when
  // the network returns to a first visit cut off.
  const covers = () => app.lobby?.drawCovers(rendererFor);
  app.engineReady.then(covers, covers);
  // A table waiting for its renderer gets it as soon as the network is back. The browser may
  // say it is online a moment before its requests go through: what still fails is tried
  // again a few times, a little later each time.
  const coversMissing = () => Boolean($("game-cards").querySelector("[data-cover]:empty"));
  const missing = () => coversMissing() || Boolean(document.querySelector("#board [data-missing], #replay [data-missing]"));
  /** @param {number} tries */
  const whenOnline = async (tries) => {
    if (!navigator.onLine || !missing()) return;
    if (coversMissing()) await covers();
    await redrawMissing();
    if (tries < 5 && missing()) setTimeout(() => whenOnline(tries + 1), 500 * 2 ** tries);
  };
  window.addEventListener("online", () => whenOnline(0));
  showLobby();
  const invitation = invitationOf(location.hash);
  if (invitation) await openGuestSeat(invitation);
  else if (!(await openHashRecord())) await resumeAutosave();
}

main();
