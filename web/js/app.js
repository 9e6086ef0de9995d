// The app shell: lobby, engine loading, the table (renderer, turn, log, errors, end screen),
// undo, save/load and share links. Game renderers plug in as web/js/games/<id>.js exporting
// render(root, {view, legal, seat, seats, act, busy, sending, optional}); act(action[, seat])
// may name another human seat for an optional action (Humble Tea Party's Tea). A renderer may
// also export scoreTableHtml(view, seats), outcomeTitle(view, seats) and outcomeReason(view,
// seats) for the end screen.

import { GAMES, gameById } from "./catalog.js";
import { $, el } from "./dom.js";
import { startEngine } from "./engine.js";
import * as fallbackRenderer from "./fallback-renderer.js";
import { Lobby } from "./lobby.js";
import { decodeRecord, recordParam, shareUrl } from "./record-link.js";

const params = new URLSearchParams(location.search);
// Time between two bot actions, so a person can follow them (?fast=1 for tests, ?pace=ms).
const BOT_PACE_MS = params.has("fast") ? 30 : Math.max(0, Number(params.get("pace") ?? 600) || 0);
// A bot waits this many times longer when a person may act before it (Humble Tea Party's Tea).
const INTERRUPT_PACE_FACTOR = 4;
const AUTOSAVE_KEY = "pygames:last-record";

const app = {
  engine: null,
  engineReady: null, // Promise of the engine
  match: null, // {id, game, status, seats, view, legal, seat}
  generation: 0, // bumps whenever the match changes hands (new game, undo, load): cancels bot loops
  busy: false,
  lastConfig: null,
  shownSeat: null, // the human seat whose screen was last shown (hot-seat hand-over)
  renderers: new Map(),
};

// ---------------------------------------------------------------- errors

function showError(message) {
  $("error-text").textContent = message;
  $("error-banner").hidden = false;
}

function clearError() {
  $("error-banner").hidden = true;
  $("error-text").textContent = "";
}

// ---------------------------------------------------------------- engine loading

function setProgress({ stage, fraction }) {
  const bar = $("engine-progress");
  const label = $("engine-label");
  const status = $("engine-status");
  status.dataset.stage = stage;
  if (stage === "download") {
    bar.value = Math.round(fraction * 80);
    label.textContent = `Loading Python… ${Math.round(fraction * 100)}%`;
  } else if (stage === "start") {
    bar.value = 90;
    label.textContent = "Starting Python…";
  } else if (stage === "ready") {
    bar.value = 100;
    label.textContent = "Ready";
    $("start-hint").textContent = "";
  } else if (stage === "failed") {
    label.textContent = "Python could not start";
    $("start-hint").textContent = "Python could not start, so no game can begin. Reload to try again.";
  }
}

async function loadEngine() {
  try {
    const engine = await startEngine(setProgress);
    app.engine = engine;
    const reply = await engine.games();
    if (reply.ok) {
      const known = new Set(reply.games.map((g) => g.id));
      for (const g of GAMES) {
        if (!known.has(g.id)) showError(`The engine does not know the game "${g.title}".`);
      }
      app.lobby.useCatalogue(reply.games);
    }
    $("start").disabled = false;
    $("versions").textContent = `Python ${engine.python}, loaded in ${(engine.loadMs / 1000).toFixed(1)} s.`;
    document.body.dataset.engine = "ready";
    return engine;
  } catch (err) {
    setProgress({ stage: "failed" });
    document.body.dataset.engine = "failed";
    showError(`Python could not start: ${err?.message ?? err}. Reload the page to try again.`);
    throw err;
  }
}

// ---------------------------------------------------------------- screens

function showLobby() {
  app.generation++;
  $("table").hidden = true;
  $("lobby").hidden = false;
  $("resume").hidden = !localStorage.getItem(AUTOSAVE_KEY);
  document.title = "pygames · tabletop games in your browser";
}

function showTable() {
  $("lobby").hidden = true;
  $("table").hidden = false;
  $("end-screen").hidden = true;
  $("pass-screen").hidden = true;
}

async function rendererFor(gameId) {
  if (!app.renderers.has(gameId)) {
    let module;
    try {
      module = await import(`./games/${gameId}.js`);
    } catch (err) {
      console.warn(`No renderer for ${gameId}; using the plain one.`, err);
      module = fallbackRenderer;
    }
    app.renderers.set(gameId, module);
  }
  return app.renderers.get(gameId);
}

// ---------------------------------------------------------------- match flow

function seatLabel(seat) {
  const s = app.match.seats[seat];
  if (!s) return `Seat ${seat + 1}`;
  return s.bot ? `${s.name} (${s.bot} bot)` : s.name;
}

function humanSeats() {
  return app.match.seats.map((s, i) => (s.bot ? null : i)).filter((i) => i !== null);
}

/** Seats the game waits for (others among the actors only may act, like Tea). */
const awaitedSeats = (status) => status.awaiting ?? status.actors;

/** The seat whose screen is shown: the human awaited, else the last human shown, else a spectator. */
function seatToShow(status) {
  const humansToAct = awaitedSeats(status).filter((s) => !app.match.seats[s]?.bot);
  if (humansToAct.length) return humansToAct[0];
  const humans = humanSeats();
  if (app.shownSeat !== null && humans.includes(app.shownSeat)) return app.shownSeat;
  return humans.length ? humans[0] : -1;
}

async function openMatch(reply, config) {
  const gen = ++app.generation;
  if (app.match && app.match.id !== reply.match) app.engine.close(app.match.id);
  app.match = {
    id: reply.match,
    status: reply.status,
    seats: reply.status.seats,
    game: reply.status.game,
  };
  $("rules-link").href = `rules.html#${reply.status.game}`;
  app.lastConfig = config ?? {
    game: reply.status.game,
    seats: reply.status.seats,
    seed: null,
    options: {},
  };
  app.shownSeat = null;
  clearError();
  showTable();
  document.title = `${gameById(app.match.game)?.title ?? app.match.game} · pygames`;
  await refresh(gen);
}

/** Ask each bot that may act but is not awaited (Tea) once per step; it may decline. */
async function askOptionalBots(gen) {
  const match = app.match;
  for (;;) {
    const status = match.status;
    if (status.over) return;
    const awaited = awaitedSeats(status);
    if (!match.asked || match.asked.step !== status.step) match.asked = { step: status.step, seats: new Set() };
    const seat = status.actors.find((s) => !awaited.includes(s) && match.seats[s]?.bot && !match.asked.seats.has(s));
    if (seat === undefined) return;
    match.asked.seats.add(seat);
    const reply = await app.engine.bot_act(match.id, seat, status.step);
    if (gen !== app.generation) return;
    if (!reply.ok) {
      if (reply.error_type !== "StaleView") showError(`The bot could not move: ${reply.error}`);
      return;
    }
    if (reply.action) match.status = reply.status;
  }
}

async function refresh(gen = app.generation) {
  const match = app.match;
  if (!match || gen !== app.generation) return;
  await askOptionalBots(gen);
  if (gen !== app.generation) return;
  const seat = seatToShow(match.status);
  const game = gameById(match.game);
  const humans = humanSeats();
  if (
    game?.hiddenInformation &&
    humans.length > 1 &&
    seat >= 0 &&
    seat !== app.shownSeat &&
    !match.status.over
  ) {
    await passDevice(seat, gen);
    if (gen !== app.generation) return;
  }
  const reply = await app.engine.view(match.id, seat);
  if (gen !== app.generation) return;
  if (!reply.ok) {
    showError(reply.error);
    return;
  }
  match.status = reply.status;
  match.view = reply.view;
  match.legal = reply.legal;
  match.optional = reply.optional ?? [];
  match.seat = seat;
  if (seat >= 0) app.shownSeat = seat;
  await draw();
  autosave(gen);
  const botActors = match.status.over ? [] : awaitedSeats(match.status).filter((s) => match.seats[s]?.bot);
  if (botActors.length) botTurn(botActors[0], gen);
}

function passDevice(seat, gen) {
  return new Promise((resolve) => {
    // Nothing of the previous seat may stay on screen: its table and its log (secrets).
    $("board").replaceChildren();
    $("board").dataset.awaiting = "pass";
    $("log").replaceChildren();
    delete $("log").dataset.match;
    $("pass-title").textContent = `Pass the device to ${seatLabel(seat)}`;
    $("pass-screen").hidden = false;
    $("pass-ok").focus();
    $("pass-ok").onclick = () => {
      $("pass-screen").hidden = true;
      resolve();
    };
    if (gen !== app.generation) resolve();
  });
}

async function draw() {
  const match = app.match;
  const { status, view } = match;
  const awaited = awaitedSeats(status);
  const botThinking = !status.over && awaited.some((s) => match.seats[s]?.bot);
  const renderer = await rendererFor(match.game);
  const board = $("board");
  board.dataset.game = match.game;
  board.setAttribute("aria-busy", String(app.busy || botThinking));
  // For tests and styles: who the table is waiting for, and how far the match is.
  board.dataset.awaiting = status.over ? "over" : botThinking ? "bot" : awaited.includes(match.seat) && match.legal.length ? "human" : "other";
  board.dataset.step = String(status.step);
  board.dataset.seat = String(match.seat);
  try {
    renderer.render(board, {
      view,
      legal: status.over ? [] : match.legal,
      seat: match.seat,
      seats: match.seats,
      act: humanAct,
      busy: app.busy || botThinking,
      sending: app.busy,
      optional: status.over ? [] : match.optional ?? [],
    });
  } catch (err) {
    console.warn("Renderer failed; showing the plain table.", err);
    showError(`The table could not be drawn: ${err?.message ?? err}`);
    fallbackRenderer.render(board, { view, legal: match.legal, busy: app.busy, act: humanAct });
  }
  drawTurn(botThinking);
  drawLog(view.log ?? []);
  await drawEnd();
  $("undo").disabled = app.busy || humanSeats().length === 0 || status.step === 0;
}

function drawTurn(botThinking) {
  const { status, seat } = app.match;
  const turn = $("turn");
  turn.replaceChildren();
  if (status.over) {
    turn.textContent = "Game over";
    turn.dataset.state = "over";
    return;
  }
  const actor = awaitedSeats(status)[0] ?? status.actors[0];
  turn.dataset.state = botThinking ? "bot" : "human";
  turn.dataset.seat = String(actor);
  const dot = el("span", { class: "seat-dot", "data-seat": String(actor), "aria-hidden": "true" });
  let text;
  if (botThinking) text = `${seatLabel(actor)} is thinking…`;
  else if (humanSeats().length > 1) text = `${seatLabel(actor)}, your turn (seat ${actor + 1})`;
  else text = actor === seat ? `Your turn, ${seatLabel(actor)}` : `${seatLabel(actor)} to play`;
  turn.append(dot, text);
}

// The engine's log names seats "Player N"; people read the names chosen in the lobby.
function withNames(line) {
  const seats = app.match.seats ?? [];
  return line.replace(/\bPlayer ([1-6])\b/g, (words, n) => seats[Number(n) - 1]?.name || words);
}

function drawLog(lines) {
  const log = $("log");
  // Keyed by seat too: two seats' logs differ (each sees its own secret) at the same length.
  const key = `${app.match.id}:${app.match.seat}`;
  if (log.childElementCount === lines.length && log.dataset.match === key) return;
  log.dataset.match = key;
  log.replaceChildren(...lines.map((line) => el("li", { text: withNames(line) })));
  log.parentElement.scrollTop = log.parentElement.scrollHeight;
}

async function drawEnd() {
  const { status, view, seats } = app.match;
  const end = $("end-screen");
  const renderer = await rendererFor(app.match.game);
  if (!status.over || !view.outcome) {
    end.hidden = true;
    delete end.dataset.shown;
    return;
  }
  if (end.dataset.shown === app.match.id) return; // dismissed or already up
  end.dataset.shown = app.match.id;
  const { winners = [], scores = [], reason = "" } = view.outcome;
  const names = winners.map((w) => seats[w]?.name ?? `Seat ${w + 1}`);
  $("end-title").textContent = renderer.outcomeTitle
    ? renderer.outcomeTitle(view, seats)
    : names.length === 1 ? `${names[0]} wins!` : names.length ? `Shared win: ${names.join(" and ")}` : "No winner";
  $("end-reason").textContent = renderer.outcomeReason ? renderer.outcomeReason(view, seats) : withNames(reason);
  const table = $("end-scores");
  const details = $("end-details");
  if (renderer.scoreTableHtml) {
    // The game's own breakdown (every hand, seasons, tie-break) replaces the plain scores.
    table.hidden = true;
    details.innerHTML = `<div class="htp-end">${renderer.scoreTableHtml(view, seats)}</div>`;
    end.classList.add("wide");
    end.hidden = false;
    $("end-new").focus();
    return;
  }
  table.hidden = false;
  details.replaceChildren();
  end.classList.remove("wide");
  table.replaceChildren(
    el("caption", { text: "Scores" }),
    ...seats.map((s, i) =>
      el(
        "tr",
        { class: winners.includes(i) ? "winner" : "" },
        el("th", { scope: "row", text: s.name }),
        el("td", { text: String(scores[i] ?? "") }),
      ),
    ),
  );
  end.hidden = false;
  $("end-new").focus();
}

/** A person's action: for the seat on screen, or (optional actions such as Tea) for another
 *  human seat at the table, which reveals nothing of that seat. */
async function humanAct(action, asSeat) {
  const match = app.match;
  if (!match || app.busy) return;
  const seat = asSeat ?? match.seat;
  if (match.seats[seat]?.bot || seat < 0) return;
  const gen = app.generation;
  const text = typeof action === "string" ? action : JSON.stringify(action);
  app.busy = true;
  try {
    const reply = await app.engine.act(match.id, seat, text, match.status.step);
    if (gen !== app.generation) return;
    if (!reply.ok) {
      showError(reply.error);
    } else {
      clearError();
      match.status = reply.status;
    }
  } finally {
    app.busy = false;
  }
  await refresh(gen);
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

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
  const reply = await app.engine.bot_act(match.id, seat, step);
  if (gen !== app.generation) return;
  if (!reply.ok) {
    if (reply.error_type === "StaleView") return;
    showError(`The bot could not move: ${reply.error}`);
    return;
  }
  match.status = reply.status;
  await refresh(gen);
}

async function autosave(gen) {
  const reply = await app.engine.export_record(app.match.id);
  if (reply.ok && gen === app.generation) {
    try {
      localStorage.setItem(AUTOSAVE_KEY, JSON.stringify(reply.record));
    } catch {
      /* storage full or disabled: saving is a convenience */
    }
  }
}

// ---------------------------------------------------------------- commands

async function startMatch(config) {
  clearError();
  const engine = await app.engineReady;
  $("start").disabled = true;
  try {
    const reply = await engine.new_match(JSON.stringify(config));
    if (!reply.ok) {
      showError(reply.error);
      return;
    }
    await openMatch(reply, config);
  } finally {
    $("start").disabled = false;
  }
}

/** Open a record given as JSON text; returns true on success, else shows the error. */
async function openRecord(text) {
  const engine = await app.engineReady;
  const reply = await engine.import_record(text);
  if (!reply.ok) {
    showError(reply.error);
    return false;
  }
  await openMatch(reply, null);
  return true;
}

async function undo() {
  if (!app.match || app.busy) return;
  const gen = ++app.generation;
  app.busy = true;
  let reply;
  try {
    reply = await app.engine.undo(app.match.id);
  } finally {
    app.busy = false;
  }
  if (gen !== app.generation) return;
  if (!reply.ok) showError(reply.error);
  else {
    clearError();
    app.match.status = reply.status;
    delete $("end-screen").dataset.shown;
  }
  await refresh(gen);
}

async function currentRecord() {
  const reply = await app.engine.export_record(app.match.id);
  if (!reply.ok) {
    showError(reply.error);
    return null;
  }
  return reply.record;
}

async function openShare(focus) {
  if (!app.match) return;
  const record = await currentRecord();
  if (!record) return;
  const link = shareUrl(record);
  const json = JSON.stringify(record, null, 1);
  $("share-link").value = link;
  $("save-text").value = json;
  $("share-note").textContent = "";
  $("share-secrets").hidden = !(gameById(app.match.game)?.hiddenInformation && !app.match.status.over);
  const dialog = $("share-dialog");
  dialog.showModal();
  $(focus).focus();
  $(focus).select();
}

async function copy(text, what) {
  try {
    await navigator.clipboard.writeText(text);
    $("share-note").textContent = `${what} copied.`;
  } catch {
    $("share-note").textContent = `Select the ${what.toLowerCase()} above and copy it.`;
  }
}

function download() {
  const blob = new Blob([$("save-text").value], { type: "application/json" });
  const a = el("a", { href: URL.createObjectURL(blob), download: `${app.match.game}-game.json` });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(a.href), 1000);
  $("share-note").textContent = "Saved game downloaded.";
}

function openLoad() {
  $("load-text").value = "";
  $("load-file").value = "";
  $("load-dialog").showModal();
  $("load-text").focus();
}

async function loadFromDialog() {
  let text = $("load-text").value.trim();
  const file = $("load-file").files[0];
  if (file) text = (await file.text()).trim();
  if (!text) {
    showError("Paste a saved game or choose a file to load.");
    return;
  }
  const param = text.startsWith("{") ? null : recordParam(text);
  if (param) {
    try {
      text = decodeRecord(param);
    } catch (err) {
      showError(err.message);
      return;
    }
  }
  await openRecord(text);
}

/** A share link in the address: open it, or explain what is wrong and keep what is shown. */
async function openHashRecord() {
  const param = recordParam(location.hash);
  if (param === null) return;
  let text;
  try {
    text = decodeRecord(param);
  } catch (err) {
    showError(err.message);
    history.replaceState(null, "", location.pathname + location.search);
    return;
  }
  const ok = await openRecord(text);
  if (!ok) {
    showError(`This share link cannot be opened. ${$("error-text").textContent}`);
    history.replaceState(null, "", location.pathname + location.search);
  }
}

// ---------------------------------------------------------------- wiring

function main() {
  const lobby = new Lobby({ onStart: startMatch });
  app.lobby = lobby;
  app.engineReady = loadEngine();
  app.engineReady.catch(() => {});

  $("error-close").addEventListener("click", clearError);
  $("undo").addEventListener("click", undo);
  const newGame = () => {
    if (app.match) app.engine.close(app.match.id);
    app.match = null;
    if (app.lastConfig) lobby.fill(app.lastConfig);
    showLobby();
    $("game-select").focus();
  };
  $("new-game").addEventListener("click", newGame);
  $("end-new").addEventListener("click", newGame);
  $("end-close").addEventListener("click", () => {
    $("end-screen").hidden = true;
  });
  $("save").addEventListener("click", () => openShare("save-text"));
  $("share").addEventListener("click", () => openShare("share-link"));
  $("copy-link").addEventListener("click", () => copy($("share-link").value, "Link"));
  $("copy-record").addEventListener("click", () => copy($("save-text").value, "Saved game"));
  $("download-record").addEventListener("click", download);
  $("load").addEventListener("click", openLoad);
  $("lobby-load").addEventListener("click", openLoad);
  $("load-dialog").addEventListener("close", () => {
    if ($("load-dialog").returnValue === "load") loadFromDialog();
  });
  $("resume").addEventListener("click", () => {
    const saved = localStorage.getItem(AUTOSAVE_KEY);
    if (saved) openRecord(saved);
  });
  window.addEventListener("hashchange", openHashRecord);
  showLobby();
  openHashRecord();
  keepOffline();
}

// After a first visit the site works with no network: a service worker keeps its files.
function keepOffline() {
  if (!("serviceWorker" in navigator) || location.protocol === "file:") return;
  navigator.serviceWorker.register("./sw.js").catch((err) => {
    console.warn(`Offline play is unavailable: ${err?.message ?? err}`);
  });
}

main();
