// What every game renderer needs the same way: escaping text into HTML, redrawing a table
// without losing keyboard focus, and sending one action at a time.

import { sameAction } from "../actions.js";
import { FSI, PDI, isolateText } from "../bidi.js";

/** Text made safe for HTML content and attribute values. @type {(s: unknown) => string} */
export const esc = (s) =>
  String(s).replace(/[&<>"']/g, (c) => /** @type {Record<string, string>} */ ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]);

/** "Kenji's", "Lewis'" (an isolated name ends with its PDI: the letter before it counts).
 *  @type {(name: string) => string} */
export const possessive = (name) => (name.replace(PDI, "").endsWith("s") ? `${name}'` : `${name}'s`);

/**
 * Make the table's DOM the given HTML. The result is exactly what `root.innerHTML = html` gives
 * (same elements, attributes in the same order, same text), but reached by changing only what
 * differs: elements that stay keep their identity, so the browser restyles and lays out only
 * what changed (a whole new table cost a full layout on every step). The element that
 * had focus keeps it; if it was replaced, the new one with the same data-focus-key gets it.
 * A player's name isolated in the HTML's text (web/js/bidi.js) is drawn in a <bdi>.
 * @param {HTMLElement} root
 * @param {string} html
 */
export function redraw(root, html) {
  const active = document.activeElement;
  const focusKey = active && root.contains(active) ? active.getAttribute("data-focus-key") : null;
  const fresh = document.createElement("template");
  fresh.innerHTML = html;
  if (html.includes(FSI)) isolateText(fresh.content);
  morphChildren(root, fresh.content);
  if (focusKey && !(active?.isConnected && root.contains(active))) {
    const again = root.querySelector(`[data-focus-key="${CSS.escape(focusKey)}"]`);
    if (again instanceof HTMLElement || again instanceof SVGElement) again.focus({ preventScroll: true });
  }
}

/** Whether `a` can be turned into `b` in place: the same kind of node, the same element. */
const sameKind = (/** @type {Node} */ a, /** @type {Node} */ b) =>
  a.nodeType === b.nodeType &&
  (!(a instanceof Element) || (a.localName === /** @type {Element} */ (b).localName &&
    a.namespaceURI === /** @type {Element} */ (b).namespaceURI));

/**
 * Turn the children of `into` into those of `from` (a parsed copy, whose nodes may be moved).
 * Children are matched by position: the tables are drawn in a fixed order, so a step changes
 * attributes and text far more often than it inserts in the middle.
 * @param {Node} into
 * @param {Node} from
 */
function morphChildren(into, from) {
  let old = into.firstChild;
  let next = from.firstChild;
  while (next) {
    const following = next.nextSibling;
    if (!old) {
      into.appendChild(next);
    } else if (sameKind(old, next)) {
      morph(old, next);
      old = old.nextSibling;
    } else {
      const after = old.nextSibling;
      into.replaceChild(next, old);
      old = after;
    }
    next = following;
  }
  while (old) {
    const after = old.nextSibling;
    into.removeChild(old);
    old = after;
  }
}

/**
 * Make `old` equal to `next` (same kind): its text, or its attributes (in `next`'s order, so
 * the serialised HTML is the same) and then its children.
 * @param {Node} old
 * @param {Node} next
 */
function morph(old, next) {
  if (!(old instanceof Element)) {
    if (old.nodeValue !== next.nodeValue) old.nodeValue = next.nodeValue;
    return;
  }
  const to = /** @type {Element} */ (next);
  const names = to.getAttributeNames();
  const had = old.getAttributeNames();
  if (names.length === had.length && names.every((n, i) => n === had[i])) {
    for (const n of names) {
      const v = /** @type {string} */ (to.getAttribute(n));
      if (old.getAttribute(n) !== v) old.setAttribute(n, v);
    }
  } else {
    for (const n of had) old.removeAttribute(n);
    for (const n of names) old.setAttribute(n, /** @type {string} */ (to.getAttribute(n)));
  }
  morphChildren(old, to);
}

/**
 * Send one action through the shell's `act` callback, ignoring clicks until it settles;
 * `sendingClass` marks the table meanwhile. A refusal is shown by the shell, not here.
 * @param {HTMLElement} root
 * @param {{sending: boolean}} st
 * @param {string} sendingClass
 * @param {() => unknown} call
 */
export function send(root, st, sendingClass, call) {
  st.sending = true;
  root.classList.add(sendingClass);
  return Promise.resolve()
    .then(call)
    .catch((err) => console.warn(`${sendingClass}: action refused`, err))
    .finally(() => {
      st.sending = false;
      root.classList.remove(sendingClass);
    });
}

// ---------------------------------------------------------------------------------------------
// Movement: what just happened, shown at a pace a person can follow. Every animation is
// decoration over the final DOM (the table is already drawn as it now is), never blocks input,
// and nothing moves when the user prefers reduced motion.

/** Whether movement may be shown (the user has not asked for reduced motion). */
export const motionOk = () =>
  typeof matchMedia !== "function" || !matchMedia("(prefers-reduced-motion: reduce)").matches;

/** @type {(x: Element | DOMRect | null | undefined) => DOMRect | null | undefined} */
const rectOf = (x) => (x instanceof Element ? x.getBoundingClientRect() : x);

/**
 * Run `fn` at the next frame, before that frame is drawn: an animation over a table just
 * redrawn measures it there, where the browser lays it out anyway, instead of forcing that
 * layout inside the task that replaced the table (one layout a step, not two). The
 * ghosts enter the page in the same frame as the new table, so nothing flickers.
 * @param {() => void} fn
 */
export function nextFrame(fn) {
  if (typeof requestAnimationFrame === "function") requestAnimationFrame(() => fn());
  else fn();
}

/** Ghosts measured but not yet in the page: appended together at the end of the current task. */
let landing = /** @type {(() => void)[]} */ ([]);

/** Append every pending ghost at once. Reading rectangles forces a layout whenever the page has
 *  changed since the last one, so flights measure first and write later: a step that flies five
 *  tokens costs one layout, not five (no long tasks during play). */
function land() {
  const now = landing;
  landing = [];
  for (const write of now) write();
}

/**
 * Fly a ghost copy of `html` (decoration, aria-hidden) from `from` to `to` (elements or
 * DOMRects) in page coordinates, then remove it; `target` (optional) is hidden meanwhile and
 * shown when the ghost lands. Works for SVG and HTML alike. The rectangles are read now; the
 * ghost enters the page at the end of the current task, with every other flight of that task.
 * Returns whether it flies.
 * @param {string} html
 * @param {Element | DOMRect | null | undefined} from
 * @param {Element | DOMRect | null | undefined} to
 * @param {{duration?: number, delay?: number, target?: HTMLElement | SVGElement | null, className?: string}} [how]
 * @returns {boolean}
 */
export function fly(html, from, to, { duration = 450, delay = 0, target = null, className = "" } = {}) {
  if (!motionOk()) return false;
  const a = rectOf(from);
  const b = rectOf(to);
  if (!a || !b || !b.width || !b.height) return false;
  if (!landing.length) queueMicrotask(land);
  landing.push(() => {
    const ghost = document.createElement("div");
    ghost.className = `fly-ghost ${className}`.trim();
    ghost.setAttribute("aria-hidden", "true");
    ghost.innerHTML = html;
    Object.assign(ghost.style, {
      position: "fixed", left: `${b.left}px`, top: `${b.top}px`, width: `${b.width}px`,
      height: `${b.height}px`, pointerEvents: "none", zIndex: "50", margin: "0",
    });
    document.body.append(ghost);
    const dx = a.left + a.width / 2 - (b.left + b.width / 2);
    const dy = a.top + a.height / 2 - (b.top + b.height / 2);
    const sx = a.width && b.width ? a.width / b.width : 1;
    if (target) target.style.visibility = "hidden";
    const animation = ghost.animate(
      [
        { transform: `translate(${dx}px, ${dy}px) scale(${sx})`, opacity: 0.85 },
        { transform: "none", opacity: 1 },
      ],
      { duration, delay, easing: "cubic-bezier(.25,.7,.3,1)", fill: "backwards" },
    );
    const done = () => {
      ghost.remove();
      if (target) target.style.visibility = "";
    };
    animation.onfinish = done;
    animation.oncancel = done;
  });
  return true;
}

/**
 * The top edge of the panel holding `node` when that panel is stuck to the foot of the screen (a
 * sticky or fixed panel there covers whatever scrolls under it), or null.
 * @param {Element | null} node
 * @returns {number | null}
 */
export function coverTop(node) {
  for (let n = node; n && n !== document.body; n = n.parentElement) {
    const { position } = getComputedStyle(n);
    if (position !== "sticky" && position !== "fixed") continue;
    const r = n.getBoundingClientRect();
    return r.bottom >= innerHeight - 1 && r.top > 0 ? r.top : null;
  }
  return null;
}

/**
 * Scroll at once, and only if needed, so that `area` sits whole on screen above `limit` (the top
 * of a panel stuck to the foot of the screen, else the screen's foot), or at least its top
 * when it cannot.
 * @param {Element} area
 * @param {number} limit
 */
export function scrollAbove(area, limit) {
  const r = area.getBoundingClientRect();
  const margin = 6;
  if (r.top >= 0 && r.bottom <= limit) return;
  const dy = r.bottom > limit && r.height + 2 * margin <= limit ? r.bottom - limit + margin : r.top - margin;
  window.scrollBy({ top: dy, behavior: "instant" });
}

/**
 * Before a movement starts, bring `area` (the part of the table it plays on: Tanbo's ring being
 * sown) on screen when it is not: on a phone the other player's ring is below the fold, and a
 * bot's sowing there played unseen. Above the prompt's panel when one is stuck to the foot of the
 * screen. Call it before the flights measure where they go: a ghost flies in screen coordinates.
 * @param {Element | null} area
 */
export function followMovement(area) {
  if (!area || !motionOk()) return;
  scrollAbove(area, coverTop(document.querySelector("[data-prompt]")) ?? innerHeight);
}

/**
 * Skip the movement in flight: every animation a table started (a flight, a glow) jumps to its
 * end, so a person who taps during it sees the table as it now is at once. Endless animations
 * are left alone (they have no end to jump to).
 * @param {{getAnimations(): Animation[]}} [doc]
 * @returns {number} how many were finished
 */
export function finishMovement(doc = document) {
  const moving = inFlight(doc);
  for (const animation of moving) animation.finish();
  return moving.length;
}

/** The animations running now that have an end (a flight, a glow; not an endless pulse).
 *  @param {{getAnimations(): Animation[]}} doc */
function inFlight(doc) {
  return doc.getAnimations().filter((animation) => {
    const end = animation.effect?.getComputedTiming().endTime;
    return animation.playState === "running" && end !== undefined && Number.isFinite(Number(end));
  });
}

/**
 * Wait until the movement in flight has landed (every running animation with an end), at most
 * `cap` ms; then whatever still moves is finished at once. The end screen waits for it, so the
 * last move is seen landing and no flying tile is drawn over the results.
 * @param {{getAnimations(): Animation[]}} [doc]
 * @param {number} [cap]
 * @returns {Promise<void>}
 */
export async function movementSettled(doc = document, cap = 1500) {
  const moving = inFlight(doc);
  if (!moving.length) return;
  /** @type {ReturnType<typeof setTimeout> | undefined} */
  let timer;
  const late = new Promise((done) => { timer = setTimeout(done, cap); });
  // A cancelled animation rejects its `finished`: that too is landed.
  await Promise.race([Promise.allSettled(moving.map((a) => a.finished)), late]);
  clearTimeout(timer);
  finishMovement(doc);
}

/**
 * A short glow on `node` (a highlight that draws the eye to what changed). It starts at the end
 * of the current task with the flights (starting an animation invalidates style, which the next
 * flight's measure would otherwise recompute at once). Returns whether it glows.
 * @param {Element | null | undefined} node
 * @param {{duration?: number, delay?: number}} [how]
 * @returns {boolean}
 */
export function pulse(node, { duration = 700, delay = 0 } = {}) {
  if (!node || !motionOk() || typeof node.animate !== "function") return false;
  if (!landing.length) queueMicrotask(land);
  landing.push(() => {
    node.animate(
      [{ filter: "brightness(1.35) drop-shadow(0 0 6px rgba(255, 200, 80, .9))" }, { filter: "none" }],
      { duration, delay, easing: "ease-out" },
    );
  });
  return true;
}

/**
 * The control drawn in `root` that sends `action` (its `data-action`), if any.
 * @param {ParentNode} root @param {import("../types.js").Action} action @returns {Element | null}
 */
export function controlFor(root, action) {
  for (const e of root.querySelectorAll("[data-action]")) {
    let sent;
    try {
      sent = JSON.parse(e.getAttribute("data-action") ?? "null");
    } catch {
      continue;
    }
    if (sent && typeof sent === "object" && sameAction(sent, action)) return e;
  }
  return null;
}
