// The review of a game, in the replay viewer: the engine (pygames/review.py) evaluates each
// person's chance to win before and after each of their decisions, from what they saw then,
// a few positions a call (bridge.review_run) so that the panel shows its progress and can stop;
// then the panel draws one line of win chance per person (SVG, a point a decision; a click
// jumps the replay there) and lists the turning points with the better move and why.
//
// The numbers and the words of why come from the engine; the panel draws and says them.

import { $, el } from "./dom.js";
import { displayName } from "./words.js";
import { say, t } from "./i18n.js";
/** @import { Engine, MarkJson, ReviewJson, SeatInfo, Renderer, View } from "./types.js" */

/** Positions a call evaluates: about a second of the engine's work in a browser. */
const CHUNK = 2;
/** The graph's height and margin (SVG user units: pixels, the width being the panel's). */
const H = 140;
const PAD = 10;

/** A win chance in words: "62 %". @param {number} value */
const percent = (value) => t("shell.review.percent", { n: Math.round(value * 100) });

export class ReviewPanel {
  /**
   * @param {object} options
   * @param {() => Engine} options.engine
   * @param {(step: number) => void} options.go show the replay at a step
   * @param {(message: string | {message?: any, error?: string}) => void} options.showError
   */
  constructor({ engine, go, showError }) {
    this.engine = engine;
    this.go = go;
    this.showError = showError;
    /** @type {string | null} the replay reviewed */
    this.replay = null;
    /** Bumps when a review is stopped or the replay closed: a run in flight then ends. */
    this.generation = 0;
    this.running = false;
    /** @type {ReviewJson | null} */
    this.result = null;
    this.steps = 0;
    /** The graph's width as last drawn (its user units are the panel's pixels). */
    this.width = 600;
    /** @type {SeatInfo[]} */
    this.seats = [];
    /** @type {Renderer | null} */
    this.renderer = null;
    /** @type {(result: ReviewJson) => void} where a finished review is kept (the save) */
    this.keep = () => {};
    $("review-start").addEventListener("click", () => this.start());
    $("review-cancel").addEventListener("click", () => this.cancel());
    $("review-graph").addEventListener("click", (e) => this.onGraphClick(e));
    $("review-marks").addEventListener("click", (e) => {
      const button = /** @type {Element} */ (e.target).closest("button[data-step]");
      if (button instanceof HTMLElement) this.go(Number(button.dataset.step));
    });
  }

  /**
   * A replay was opened: offer its review, or show the one kept with the save.
   * @param {{replay: string, steps: number, seats: SeatInfo[], renderer: Renderer | null,
   *   kept: ReviewJson | null, keep: (result: ReviewJson) => void}} what
   */
  open({ replay, steps, seats, renderer, kept, keep }) {
    this.generation++;
    Object.assign(this, { replay, steps, seats, renderer, keep, result: null, running: false });
    $("review").hidden = steps === 0;
    this.setRunning(false);
    $("review-status").textContent = "";
    $("review-graph").replaceChildren();
    $("review-marks").replaceChildren();
    if (kept) this.show(kept);
  }

  /** The replay is closing: a review under way stops. */
  close() {
    this.generation++;
    this.replay = null;
    this.running = false;
  }

  /** @param {boolean} on */
  setRunning(on) {
    this.running = on;
    $("review-start").hidden = on || !!this.result;
    $("review-cancel").hidden = !on;
    $("review-progress").hidden = !on;
  }

  /** Review the replay's game: evaluated in chunks, with progress, until done or cancelled. */
  async start() {
    const replay = this.replay;
    if (!replay || this.running) return;
    const gen = ++this.generation;
    const engine = this.engine();
    this.setRunning(true);
    const progress = /** @type {HTMLProgressElement} */ ($("review-progress"));
    const status = $("review-status");
    try {
      let reply = await engine.review_open(replay);
      while (reply.ok && reply.done < reply.total) {
        if (gen !== this.generation) return;
        progress.max = reply.total;
        progress.value = reply.done;
        status.textContent = t("shell.review.progress", { done: reply.done, total: reply.total });
        reply = await engine.review_run(replay, CHUNK);
      }
      if (gen !== this.generation) return;
      if (!reply.ok) {
        this.showError(reply);
        return;
      }
      status.textContent = t("shell.review.marking");
      const result = await engine.review_result(replay);
      if (gen !== this.generation) return;
      if (!result.ok) {
        this.showError(result);
        return;
      }
      /** @type {ReviewJson} */
      const review = { seats: result.seats, points: result.points, marks: result.marks };
      this.keep(review);
      this.show(review);
    } finally {
      if (gen === this.generation) this.setRunning(false);
    }
  }

  /** Stop the review under way (the engine finishes the call in flight; nothing lands). */
  cancel() {
    if (!this.running) return;
    this.generation++;
    this.setRunning(false);
    $("review-status").textContent = t("shell.review.cancelled");
  }

  /** Draw a finished review: the graph and the turning points. @param {ReviewJson} result */
  show(result) {
    this.result = result;
    this.setRunning(false);
    $("review-status").textContent = result.marks.length ? "" : t("shell.review.no_marks");
    this.drawGraph(result);
    this.drawMarks(result);
  }

  /** @param {number} step */
  x(step) {
    return PAD + (this.width - 2 * PAD) * (this.steps ? step / this.steps : 0);
  }

  /** @param {number} value */
  y(value) {
    return PAD + (H - 2 * PAD) * (1 - value);
  }

  /** One line of win chance per seat reviewed, a point a decision, the turning points ringed.
   *  @param {ReviewJson} result */
  drawGraph(result) {
    const names = result.seats.map((s) => displayName(this.seats[s]?.name, s));
    const graph = $("review-graph");
    this.width = Math.max(240, Math.round(graph.clientWidth || 600));
    const W = this.width;
    const lines = result.seats.map((seat) => {
      const points = result.points.filter((p) => p.seat === seat);
      const path = points.map((p) => `${this.x(p.step).toFixed(1)},${this.y(p.value).toFixed(1)}`).join(" ");
      const dots = points.map((p) => `<circle cx="${this.x(p.step).toFixed(1)}" cy="${this.y(p.value).toFixed(1)}" r="2.5"/>`).join("");
      return `<g class="review-line" data-seat="${seat}"><polyline points="${path}"/>${dots}</g>`;
    });
    const marks = result.marks.map((m, i) => `<g class="review-mark"><circle cx="${this.x(m.step).toFixed(1)}" cy="${this.y(m.before).toFixed(1)}" r="7"/><text x="${this.x(m.step).toFixed(1)}" y="${(this.y(m.before) + 3.5).toFixed(1)}">${i + 1}</text></g>`);
    const half = this.y(0.5).toFixed(1);
    const label = t("shell.review.graph", {
      names: names.join(", "),
      marks: result.marks.length,
    });
    graph.innerHTML = `<svg viewBox="0 0 ${W} ${H}" role="img">
      <line class="review-half" x1="${PAD}" x2="${W - PAD}" y1="${half}" y2="${half}"/>
      <text class="review-axis" x="${W - PAD}" y="${(Number(half) - 3).toFixed(1)}">${percent(0.5)}</text>
      ${lines.join("")}${marks.join("")}</svg>`;
    graph.querySelector("svg")?.setAttribute("aria-label", label);
    const legend = el("p", { class: "review-legend" }, ...result.seats.map((seat, i) =>
      el("span", { class: "review-key", "data-seat": String(seat), text: names[i] })));
    graph.append(legend);
  }

  /** The turning points, each a button that shows its step. @param {ReviewJson} result */
  async drawMarks(result) {
    const gen = this.generation;
    const list = $("review-marks");
    /** @type {HTMLElement[]} */
    const items = [];
    for (const [i, mark] of result.marks.entries()) {
      const words = await this.markWords(mark);
      if (gen !== this.generation) return;
      items.push(el("li", {}, el("button", { type: "button", class: "review-mark-go", "data-step": String(mark.step) },
        el("span", { class: "review-mark-no", text: String(i + 1) }),
        el("span", { text: words }))));
    }
    list.replaceChildren(...items);
  }

  /** "Step 12 · Ann: 62 % → 31 %. Played: …; better: … (why)". @param {MarkJson} mark */
  async markWords(mark) {
    const name = displayName(this.seats[mark.seat]?.name, mark.seat);
    // The moves are named as the table named them at that step (as that seat saw it).
    const reply = this.replay ? await this.engine().replay_view(this.replay, mark.step, mark.seat) : null;
    /** @type {View | undefined} */
    const view = reply?.ok ? reply.view : undefined;
    const describe = (/** @type {import("./types.js").Action} */ a) => this.renderer?.describeAction?.(a, view) ?? JSON.stringify(a);
    return t("shell.review.mark", {
      step: mark.step,
      name,
      before: percent(mark.before),
      after: percent(mark.after),
      played: describe(mark.played),
      best: describe(mark.best),
      why: say(mark.why, this.seats.map((s, i) => displayName(s.name, i))),
    });
  }

  /** A click on the graph shows the nearest step. @param {MouseEvent} e */
  onGraphClick(e) {
    const svg = /** @type {Element} */ (e.target).closest("svg");
    if (!svg || !this.steps) return;
    const box = svg.getBoundingClientRect();
    const at = ((e.clientX - box.left) / box.width) * this.width;
    this.go(Math.max(0, Math.min(this.steps, Math.round(((at - PAD) / (this.width - 2 * PAD)) * this.steps))));
  }
}
