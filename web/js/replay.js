// The replay viewer: any game (finished, loaded from a save, opened from a share link) step by
// step, drawn by the game's own renderer, read-only. A finished game may be shown with every
// secret ("Everything"); while it runs, only as a person at this table saw it. The engine
// (bridge.replay_view) enforces the same: it refuses "Everything" until the game is over.

import { $, el } from "./dom.js";
import { ReviewPanel } from "./review-panel.js";
import { displayName, shownSeats } from "./words.js";
import { say, t } from "./i18n.js";
/** @import { Engine, Renderer, ReplayViewReply, ReviewJson, SeatInfo } from "./types.js" */

const EVERYTHING = -2;
const SPECTATOR = -1;

export class ReplayViewer {
  /**
   * `engine()` returns the engine; `rendererFor(id)` a renderer module; `onOpen`/`onClose`
   * switch screens; `fast` plays at test speed.
   * @param {object} options
   * @param {() => Engine} options.engine
   * @param {(gameId: string) => Promise<Renderer>} options.rendererFor
   * @param {(message: string | {message?: any, error?: string}) => void} options.showError
   * @param {() => void} options.onOpen
   * @param {() => void} options.onClose
   * @param {boolean} [options.fast]
   * @param {{kept: (steps: number) => ReviewJson | null, keep: (steps: number, result: ReviewJson) => void}} [options.reviews]
   *   where the review of the match on screen is kept (its save)
   */
  constructor({ engine, rendererFor, showError, onOpen, onClose, fast = false, reviews }) {
    this.engine = engine;
    this.rendererFor = rendererFor;
    this.showError = showError;
    this.onOpen = onOpen;
    this.onClose = onClose;
    /** @type {string | null} the open replay's id */
    this.id = null;
    this.game = "";
    /** @type {SeatInfo[]} */
    this.seats = [];
    /** @type {number[]} the seats of people at this table */
    this.humans = [];
    this.over = false;
    /** @type {Renderer | null} */
    this.renderer = null;
    /** @type {string | null} the log drawn: replay and seat */
    this.logKey = null;
    /** @type {boolean} */
    this.fetching = false;
    this.step = 0;
    this.steps = 0;
    this.seat = SPECTATOR;
    /** @type {ReturnType<typeof setInterval> | null} */
    this.timer = null;
    /** @type {{seat: number, step: number} | null} last drawn: animate one step forward only */
    this.drawn = null;
    this.want = 0; // the step asked for last (drawn as soon as the engine answers)
    this.playMs = fast ? 60 : 900;
    this.reviews = reviews ?? { kept: () => null, keep: () => {} };
    this.review = new ReviewPanel({ engine, go: (step) => this.go(step), showError });
    $("replay-first").addEventListener("click", () => this.go(0));
    $("replay-prev").addEventListener("click", () => this.go(this.want - 1));
    $("replay-next").addEventListener("click", () => this.go(this.want + 1));
    $("replay-last").addEventListener("click", () => this.go(this.steps));
    $("replay-play").addEventListener("click", () => this.toggle());
    $("replay-close").addEventListener("click", () => this.close());
    $("replay-slider").addEventListener("input", (e) => this.go(Number(/** @type {HTMLInputElement} */ (e.target).value), { keepPlaying: true }));
    $("replay-seat").addEventListener("change", (e) => {
      this.seat = Number(/** @type {HTMLSelectElement} */ (e.target).value);
      this.drawn = null;
      this.logKey = null;
      this.go(this.step, { keepPlaying: true });
    });
    $("replay").addEventListener("keydown", (e) => this.onKey(e));
    $("replay-log").addEventListener("click", (e) => {
      const line = /** @type {Element} */ (e.target).closest("li[data-step]");
      if (line instanceof HTMLElement) this.go(Number(line.dataset.step));
    });
  }

  get isOpen() {
    return this.id !== null;
  }

  /**
   * Open the replay of a match: `humans` are the seats of people at this table.
   * @param {{matchId: string, game: string, seats: SeatInfo[], over: boolean, humans: number[], shownSeat: number | null}} match
   */
  async open({ matchId, game, seats, humans, shownSeat }) {
    const engine = this.engine();
    const reply = await engine.open_replay(matchId);
    if (!reply.ok) {
      this.showError(reply);
      return;
    }
    if (this.id) engine.close_replay(this.id);
    Object.assign(this, { id: reply.replay, game, seats, steps: reply.steps, over: reply.over, logKey: null, drawn: null });
    this.renderer = await this.rendererFor(game);
    this.humans = humans;
    const choices = this.drawChoices();
    this.seat = reply.over ? EVERYTHING : shownSeat !== null && humans.includes(shownSeat) ? shownSeat : choices[0][0];
    $("replay-seat").value = String(this.seat);
    const slider = $("replay-slider");
    slider.max = String(this.steps);
    this.drawTitle();
    this.onOpen();
    // Once on screen: the graph is drawn to the panel's width.
    const steps = this.steps;
    this.review.open({
      replay: reply.replay, steps, seats, renderer: this.renderer,
      kept: this.reviews.kept(steps), keep: (result) => this.reviews.keep(steps, result),
    });
    // A finished game starts from its setup; a game in progress from where it stands.
    await this.go(reply.over ? 0 : this.steps);
    $("replay-play").focus();
  }

  /** Who the replay may show (everyone's secrets only once the game is over), as the seat menu.
   *  @returns {[number, string][]} */
  drawChoices() {
    /** @type {[number, string][]} */
    const choices = [];
    if (this.over) choices.push([EVERYTHING, t("shell.replay.everything")]);
    const asSeat = (/** @type {number} */ s) => /** @type {[number, string]} */ ([s, t("shell.replay.as_seat", { name: displayName(this.seats[s]?.name, s) })]);
    if (this.over) choices.push(...this.seats.map((_, s) => asSeat(s)));
    else if (this.humans.length) choices.push(...this.humans.map(asSeat));
    else choices.push([SPECTATOR, t("shell.replay.spectator")]);
    const select = $("replay-seat");
    select.replaceChildren(...choices.map(([value, text]) => el("option", { value: String(value), text })));
    return choices;
  }

  drawTitle() {
    $("replay-title").textContent = this.steps ? t("shell.replay.title_steps", { n: this.steps }) : t("shell.replay.title_none");
  }

  /** Draw the open replay again in the reader's language, at the same step and seat. */
  async redraw() {
    if (!this.id) return;
    this.drawChoices();
    $("replay-seat").value = String(this.seat);
    this.drawTitle();
    $("replay-play").setAttribute("aria-label", t(this.timer ? "shell.replay.pause" : "shell.replay.play"));
    this.logKey = null;
    this.drawn = null;
    await this.go(this.want, { keepPlaying: true });
  }

  close() {
    this.pause();
    this.review.close();
    if (this.id) this.engine().close_replay(this.id);
    this.id = null;
    $("replay-board").replaceChildren();
    $("replay-log").replaceChildren();
    this.onClose();
  }

  /**
   * Show step `step` (clamped). Moves are relative to the step asked for last (`want`), so
   * keys pressed faster than the engine answers all count; the drawing catches up.
   * @param {number} step
   * @param {{keepPlaying?: boolean}} [how]
   */
  async go(step, { keepPlaying = false } = {}) {
    if (!this.id) return;
    if (!keepPlaying) this.pause();
    this.want = Math.max(0, Math.min(this.steps, step));
    if (this.fetching) return;
    this.fetching = true;
    try {
      while (this.id && this.drawn?.step !== this.want) {
        if (!(await this.draw(this.want))) break;
      }
    } finally {
      this.fetching = false;
    }
  }

  /** @param {number} step */
  async draw(step) {
    if (!this.id || !this.renderer) return false;
    const reply = await this.engine().replay_view(this.id, step, this.seat);
    if (!this.id) return false;
    if (!reply.ok) {
      this.showError(reply);
      this.pause();
      return false;
    }
    // Asked at every step: a renderer that could not be loaded yet is tried again.
    this.renderer = await this.rendererFor(this.game);
    if (!this.id) return false;
    this.step = step;
    const animate = !!this.drawn && this.drawn.seat === this.seat && step === this.drawn.step + 1 && !!this.timer;
    const board = $("replay-board");
    board.dataset.game = this.game;
    board.dataset.step = String(step);
    board.dataset.seat = String(this.seat);
    this.renderer.render(board, {
      view: reply.view,
      legal: [],
      seat: this.seat >= 0 ? this.seat : -1,
      seats: shownSeats(this.seats),
      act: () => {},
      busy: false,
      sending: false,
      optional: [],
      animate,
      replay: true,
    });
    this.drawn = { seat: this.seat, step };
    $("replay-slider").value = String(step);
    $("replay-step").textContent = t("shell.replay.step_of", { step, steps: this.steps });
    $("replay-first").disabled = $("replay-prev").disabled = step === 0;
    $("replay-next").disabled = $("replay-last").disabled = step === this.steps;
    this.drawLog(reply, step);
    return true;
  }

  /**
   * @param {ReplayViewReply} reply
   * @param {number} step
   */
  drawLog(reply, step) {
    const log = $("replay-log");
    const key = `${this.id}:${this.seat}`;
    if (this.logKey !== key) {
      this.logKey = key;
      const seats = shownSeats(this.seats);
      log.replaceChildren(
        ...reply.log.map((line, i) =>
          el("li", { "data-step": String(reply.log_steps[i]), title: t("shell.replay.step", { step: reply.log_steps[i] }), text: say(line, seats) }),
        ),
      );
    }
    /** @type {HTMLElement | null} */
    let first = null;
    for (const li of /** @type {HTMLCollectionOf<HTMLElement>} */ (log.children)) {
      const now = Number(li.dataset.step) === step;
      li.classList.toggle("current", now);
      li.classList.toggle("future", Number(li.dataset.step) > step);
      if (now) li.setAttribute("aria-current", "step");
      else li.removeAttribute("aria-current");
      if (now && !first) first = li;
    }
    // Keep the step's lines in sight inside the log, without scrolling the page.
    const panel = $("replay-log-panel");
    if (first) {
      const top = first.offsetTop - panel.offsetTop;
      if (top < panel.scrollTop || top > panel.scrollTop + panel.clientHeight - first.offsetHeight) {
        panel.scrollTop = Math.max(0, top - panel.clientHeight / 3);
      }
    }
  }

  toggle() {
    if (this.timer) this.pause();
    else this.play();
  }

  play() {
    if (this.want >= this.steps) this.go(0, { keepPlaying: true });
    const button = $("replay-play");
    button.classList.add("playing");
    button.setAttribute("aria-label", t("shell.replay.pause"));
    this.timer = setInterval(() => {
      if (this.fetching) return;
      if (this.want >= this.steps) this.pause();
      else this.go(this.want + 1, { keepPlaying: true });
    }, this.playMs);
  }

  pause() {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    const button = $("replay-play");
    button.classList.remove("playing");
    button.setAttribute("aria-label", t("shell.replay.play"));
  }

  /** @param {KeyboardEvent} e */
  onKey(e) {
    const target = /** @type {Element} */ (e.target);
    if (target.matches?.("input, select, textarea") || e.altKey || e.ctrlKey || e.metaKey) return;
    /** @type {Record<string, () => unknown>} */
    const keys = {
      ArrowLeft: () => this.go(this.want - 1),
      ArrowRight: () => this.go(this.want + 1),
      Home: () => this.go(0),
      End: () => this.go(this.steps),
      " ": () => this.toggle(),
    };
    // Space on a button presses it; only take it when focus is elsewhere in the viewer.
    if (e.key === " " && target.closest?.("button")) return;
    const run = keys[e.key];
    if (!run) return;
    e.preventDefault();
    run();
  }
}
