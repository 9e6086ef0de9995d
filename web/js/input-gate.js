// One press, one decision. After each move the shell focuses the next decision's first choice
// (app.js placeFocus), and a table is redrawn in place, so the control under a finger or the
// focus is often a choice of the new decision: a held Enter's auto-repeat played five Tanbo
// placements or four Storm serves (each revealing cards, which Undo cannot take back), and a
// double tap 120 ms apart placed two Tanbo tokens. The gate stands between input and every
// game's controls, once for all games:
//
// - a repeated keydown (a held key's auto-repeat) of Enter or Space presses nothing;
// - for SETTLE_MS after an area is drawn for a new decision, it takes no press (pointer down,
//   Enter or Space down) and no click; meanwhile it is marked data-settling (its style lets
//   pointers through it, so a tap lands on nothing);
// - a click whose press began before the area was drawn (a finger or a key still down from the
//   last decision), or while it settled, is not taken either: only a press made on what is on
//   screen counts. A click that no press began (a screen reader's "activate") is judged by the
//   time alone.
//
// A second, separate press after SETTLE_MS works as ever: deliberate play is not slowed. Only
// the user's own input is gated (trusted events): the page's scripts are not input.

/** How long a new decision's controls wait before they take a press: longer than a double
 *  tap or a key's bounce, shorter than a person's deliberate second press. */
export const SETTLE_MS = 250;

const PRESS_KEYS = new Set(["Enter", " "]);
// What a repeated Enter or Space would press; a text field's own keys are never touched.
const PRESSABLE = "button, [role=button], summary, a[href]";

export class InputGate {
  /**
   * @param {ParentNode & Node} within where held keys never press twice (the table screen)
   * @param {{now?: () => number, settleMs?: number}} [how]
   */
  constructor(within, { now = () => performance.now(), settleMs = SETTLE_MS } = {}) {
    this.within = within;
    this.now = now;
    this.settleMs = settleMs;
    /** @type {Map<Element, {since: number, timer: ReturnType<typeof setTimeout>}>} */
    this.settling = new Map();
    /** @type {WeakMap<Element, number>} when each area was last drawn for a decision */
    this.drawnAt = new WeakMap();
    /** @type {number | null} when the press in progress began (-Infinity: it was refused),
     *  from a pointer or key down until its click; null when none is */
    this.pressAt = null;
  }

  /** Listen, before anything else on the page does (capture on the document). */
  install(/** @type {Document} */ doc = document) {
    doc.addEventListener("keydown", (e) => this.onKeyDown(e), true);
    doc.addEventListener("pointerdown", (e) => this.onPress(e), true);
    doc.addEventListener("mousedown", (e) => this.onPress(e), true);
    // A release ends the press once its click (dispatched right after it) has been judged.
    const released = () => setTimeout(() => { this.pressAt = null; }, 0);
    doc.addEventListener("pointerup", released, true);
    doc.addEventListener("pointercancel", released, true);
    doc.addEventListener("keyup", (e) => PRESS_KEYS.has(e.key) && released(), true);
    doc.addEventListener("click", (e) => this.onClick(e), true);
    return this;
  }

  /**
   * `area` was just drawn for a new decision: it takes nothing for SETTLE_MS.
   * @param {HTMLElement} area
   */
  settle(area) {
    const since = this.now();
    this.drawnAt.set(area, since);
    const before = this.settling.get(area);
    if (before) clearTimeout(before.timer);
    area.dataset.settling = "";
    const timer = setTimeout(() => this.open(area), this.settleMs);
    this.settling.set(area, { since, timer });
  }

  /** @param {HTMLElement} area */
  open(area) {
    const state = this.settling.get(area);
    if (state) clearTimeout(state.timer);
    this.settling.delete(area);
    delete area.dataset.settling;
  }

  /** Whether `target` is in an area still settling. @param {EventTarget | null} target */
  isSettling(target) {
    if (!(target instanceof Node)) return false;
    const at = this.now();
    for (const [area, { since }] of this.settling) {
      if (at - since < this.settleMs && area.contains(target)) return true;
    }
    return false;
  }

  /** When the area holding `target` was last drawn for a decision, if it is gated at all.
   *  @param {EventTarget | null} target */
  drawnBefore(target) {
    let node = target instanceof Element ? target : target instanceof Node ? target.parentElement : null;
    for (; node; node = node.parentElement) {
      const at = this.drawnAt.get(node);
      if (at !== undefined) return at;
    }
    return -Infinity;
  }

  /** @param {Event} e */
  swallow(e) {
    e.preventDefault();
    e.stopImmediatePropagation();
  }

  /** @param {KeyboardEvent} e */
  onKeyDown(e) {
    if (!e.isTrusted || !PRESS_KEYS.has(e.key)) return;
    const target = e.target;
    if (e.repeat && target instanceof Element && this.within.contains(target) && target.closest(PRESSABLE)) {
      this.swallow(e);
    } else if (this.isSettling(target)) {
      this.swallow(e);
      this.pressAt = -Infinity;
    } else if (!e.repeat) {
      this.pressAt = this.now();
    }
  }

  /** @param {Event} e */
  onPress(e) {
    if (!e.isTrusted) return;
    if (this.isSettling(e.target)) {
      this.swallow(e);
      this.pressAt = -Infinity;
    } else if (e.type === "pointerdown" || this.pressAt === null) {
      this.pressAt = this.now(); // a mouse's pointerdown and mousedown are one press
    }
  }

  /** @param {MouseEvent} e */
  onClick(e) {
    if (!e.isTrusted) return;
    const began = this.pressAt;
    this.pressAt = null;
    if (this.isSettling(e.target) || (began !== null && began < this.drawnBefore(e.target))) this.swallow(e);
  }
}
