// Storm in a Teacup table renderer: a view (JSON) becomes the tea room; clicks become actions.
//
// Contract: render(root, {view, legal, seat, seats, act, busy, sending, optional, animate,
// replay}); describeAction(action, view); title; scoreTableHtml / outcomeTitle / outcomeReason
// for the end screen. Every final choice is a <button class="legal"> with an aria-label and
// data-action (its JSON): "Serve these N cards" (only for a legal run) and one button per
// discard choice. Selecting a run is intermediate: hand cards carry data-hand-index (and
// data-hand-seat: whose hand it is; only the seat on screen ever has its hand in the DOM,
// ruling S8), quick picks carry data-select-start / data-select-length (the best one, the
// longest run matching the lead, is data-first-choice: the shell focuses it when a decision
// begins), data-unselect clears.
//
// Layout: the own hand row is the one [data-stay] element. Everything above it has a
// height fixed for the whole game at a given width (status line, player tiles, the round's
// slots, a one-line headline, the prompt and the quick-pick line), so the hand never moves;
// what varies (selection, discard choices, the party's details, the last party) comes after.
// Ruling S8: each stock's colour counts and a prepared hand's are public; with the option
// Memory aid (view.table.memory_aid) the tiles show them as colour chips, without it only the
// number of cards. view.everything (a finished game's replay) shows every hand and stock.

import { has, join, language, say, seatName, t as tr } from "../i18n.js";
import { controlFor, esc, fly, motionOk, nextFrame, possessive, pulse, redraw, send } from "./shared.js";

/** @import { Action, Message, RendererProps, SeatInfo, View } from "../types.js" */
/** @import { CombinationJson, CountsJson, PartyJson, RevealJson, StormDetails, StormAction, StormDiscard, StormServe, StormTable } from "../views.js" */

/** @typedef {View<StormTable, StormDetails>} StormView */
/** @typedef {RendererProps<StormTable, StormDetails>} Props */
/** A card's colour, as views and actions name it: a key of every {@link CountsJson}. @typedef {keyof CountsJson} Kind */
/** A combination's id (the catalogue names it). @typedef {CombinationJson["id"]} ComboId */
/** A seat's last move (the view's `last`). @typedef {NonNullable<StormTable["last"][number]>} Move */

// The decisions of pygames/storm_in_a_teacup/actions.py, in their JSON forms (written from it,
// views.d.ts).
/** @typedef {StormServe} ServeAction */
/** @typedef {StormDiscard} DiscardAction */
/** @param {Action} a @returns {a is ServeAction} */
const isServe = (a) => a.type === "serve";
/** @param {Action} a @returns {a is DiscardAction} */
const isDiscard = (a) => a.type === "discard";

// Every word shown comes from the catalogue (pygames/storm_in_a_teacup/i18n/<lang>.json): the
// engine's words (storm_in_a_teacup.colour.*, .combination.*, .rule.*, .cards) and this
// renderer's (storm_in_a_teacup.ui.*). Which run forms which combination, and why another is
// none, is the engine's: the view's table.runs and table.refused_runs (no rule is derived here).
const NS = "storm_in_a_teacup";
/** A renderer word. @param {string} key @param {Record<string, unknown>} [args] */
const u = (key, args = {}) => tr(`${NS}.ui.${key}`, args);

/** The game's name in the reader's language (the engine's catalogue). */
export const title = () => tr(`${NS}.title`);

/** @type {Kind[]} */
const KINDS = ["tea", "milk", "lemon"];
/** @param {string} kind */
const kindName = (kind) => tr(`${NS}.colour.${kind}`);
/** @param {string} kind */
const kindLetter = (kind) => u(`letter.${kind}`);
/** @param {string | null | undefined} id */
const comboName = (id) => (id && has(`${NS}.combination.${id}`) ? tr(`${NS}.combination.${id}`) : String(id ?? ""));
/** @param {string} id */
const comboRule = (id) => tr(`${NS}.rule.${id}`);

/** "3 cards", "1 card"; "no cards" for none. @param {number} n */
const cardsWord = (n) => (n === 0 ? tr(`${NS}.no_cards`) : tr(`${NS}.cards`, { n }));
/** Words joined by the catalogue's comma ("a, b, c"). @param {string[]} parts */
const commaJoin = (parts) => (parts.length ? parts.reduceRight((b, a) => tr(`${NS}.comma`, { a, b })) : "");
/** "1st", "2nd" (English), "1番目" (Japanese). @param {number} n */
const ordinal = (n) =>
  language() === "en" ? `${n}${["th", "st", "nd", "rd"][(n % 100 > 10 && n % 100 < 14) || n % 10 > 3 ? 0 : n % 10]}` : u("ordinal", { n });

/** Colour counts of a list of card words. @param {readonly Kind[]} cards @returns {CountsJson} */
export function countsOf(cards) {
  const c = { tea: 0, milk: 0, lemon: 0 };
  for (const k of cards) if (k in c) c[k]++;
  return c;
}

/**
 * "2 Tea and 1 Lemon" ("+" instead of "and" with plus=true), in the reader's language.
 * @param {CountsJson} c @param {boolean} [plus]
 */
export function countsWords(c, plus = false) {
  const parts = KINDS.filter((k) => c[k]).map((k) => say(countMessage(k, c[k])));
  if (!parts.length) return u("nothing");
  return plus ? parts.join(" + ") : join(parts);
}

/** "2 Tea, 1 Lemon": counts joined by commas. @param {CountsJson} c */
const countsComma = (c) =>
  commaJoin(KINDS.filter((k) => c[k]).map((k) => say(countMessage(k, c[k]))));

/** The combinations a run may form (the engine's table). @param {StormView} view */
const combosOf = (view) => view?.table?.combinations ?? [];

/**
 * The engine's message for a number of cards of one colour ("2 Tea").
 * @param {Kind} k @param {number} n @returns {Message}
 */
const countMessage = (k, n) => ({ id: `${NS}.count`, args: { n, colour: { id: `${NS}.colour.${k}`, args: {} } } });

/**
 * The engine's word on a run of the hand of the seat to serve: `{combo}` (its combination id)
 * for a legal run, else `{why}` (the engine's reason, a message), from the view alone. The
 * view keys each reason by the colours of the run (the reason depends on nothing else) and
 * leaves its `counts` to be filled in with the run's own.
 * @param {StormView} view @param {number} start @param {number} length
 * @returns {{combo: ComboId | null, why: Message | null}}
 */
export function runVerdict(view, start, length) {
  const t = view?.table;
  const run = (t?.runs ?? []).find((r) => r.start === start && r.length === length);
  if (run) return { combo: run.combination, why: null };
  const hand = Array.isArray(t?.hand) ? t.hand.slice(start, start + length) : [];
  const c = countsOf(hand);
  const present = KINDS.filter((k) => c[k]);
  const reason = t?.refused_runs?.[present.join("+")];
  if (!reason) return { combo: null, why: null };
  return { combo: null, why: { id: reason.id, args: { counts: present.map((k) => countMessage(k, c[k])), ...reason.args } } };
}

/** Words for an action, as used in aria-labels. @param {Action} action @param {StormView} [view] */
export function describeAction(action, view) {
  if (!action || typeof action !== "object") return String(action);
  const t = view?.table;
  if (isServe(action)) {
    const n = action.length;
    const range = n === 1 ? u("card_n", { n: action.start + 1 }) : u("cards_range", { a: action.start + 1, b: action.start + n });
    const hand = t?.hand;
    if (Array.isArray(hand) && hand.length >= action.start + n) {
      const counts = countsOf(hand.slice(action.start, action.start + n));
      const { combo } = view ? runVerdict(view, action.start, n) : { combo: null };
      return u("serve_action", { cards: cardsWord(n), range, combination: combo ? comboName(combo) : u("no_combination"), counts: countsWords(counts) });
    }
    return u("serve_action_short", { cards: cardsWord(n), range });
  }
  if (isDiscard(action)) {
    const c = { tea: action.tea, milk: action.milk, lemon: action.lemon };
    const n = c.tea + c.milk + c.lemon;
    return n ? u("discard_action", { counts: countsWords(c) }) : u("discard_nothing_action");
  }
  return JSON.stringify(action);
}

// ---------------------------------------------------------------------------------------------
// Art: card glyphs (teacup, milk drop, lemon slice), the back, the host's teapot.

// One face-up card per kind (viewBox 50 x 70): a coloured index strip with letter and small
// glyph on the left (what shows when cards overlap), the big glyph on cream, the name below.
// Drawn once as a symbol and used by reference, so its letters are not text of the buttons
// that show cards (a button's name stays what it says: WCAG 2.5.3).
/** @type {Record<Kind, {edge: string, deep: string, idx: string, big: string}>} */
const FACE_COLOURS = {
  tea: { edge: "#b3362a", deep: "#7d2219", idx: "#fff", big: "#b3362a" },
  milk: { edge: "#2d5f9e", deep: "#1d406d", idx: "#fff", big: "#2d5f9e" },
  lemon: { edge: "#e8bb22", deep: "#7a5d00", idx: "#2a231e", big: "#d4a20f" },
};
const faces = () => KINDS.map((kind) => {
  const c = FACE_COLOURS[kind];
  const k = { letter: esc(kindLetter(kind)), name: esc(kindName(kind)) };
  return `<symbol id="storm-face-${kind}" viewBox="0 0 50 70">
    <rect x="0.5" y="0.5" width="49" height="69" rx="5" fill="${c.edge}" stroke="rgb(40 20 10 / 0.5)" stroke-width="1"/>
    <rect x="17" y="3" width="30" height="64" rx="3" fill="#fffaf0"/>
    <text x="9" y="15" text-anchor="middle" fill="${c.idx}" font-family="system-ui, sans-serif" font-weight="800" font-size="13">${k.letter}</text>
    <use href="#storm-g-${kind}" x="2.5" y="19" width="13" height="13" color="${c.idx}"/>
    <use href="#storm-g-${kind}" x="18.5" y="21" width="27" height="27" color="${c.big}"/>
    <text x="32" y="62" text-anchor="middle" fill="${c.deep}" font-family="system-ui, sans-serif" font-weight="700" font-size="7.5">${k.name}</text>
  </symbol>`;
}).join("");

/** The sprite (card faces name their colour in the reader's language), made once per language. */
/** @type {Map<string, string>} */
const sprites = new Map();
const sprite = () => {
  const lang = language();
  let made = sprites.get(lang);
  if (made === undefined) {
    made = spriteSvg(faces());
    sprites.set(lang, made);
  }
  return made;
};
/** @param {string} FACES */
const spriteSvg = (FACES) => `<svg class="storm-sprite" aria-hidden="true" focusable="false" width="0" height="0">
  <symbol id="storm-g-tea" viewBox="-10 -10 20 20"><path d="M-3.5,-9.5 C-5,-8 -2,-7 -3.5,-5.5 M0.5,-9.5 C-1,-8 2,-7 0.5,-5.5" fill="none" stroke="currentColor" stroke-width="1.2" stroke-linecap="round"/><path d="M-8.5,-3.5 H5.5 V0 C5.5,5 2,7.5 -1.5,7.5 C-5,7.5 -8.5,5 -8.5,0 Z" fill="currentColor"/><path d="M5,-1.8 C9.5,-2.5 9.5,4 4.2,3.6" fill="none" stroke="currentColor" stroke-width="1.7"/><path d="M-9.5,9 H7.5" stroke="currentColor" stroke-width="1.6" stroke-linecap="round"/></symbol>
  <symbol id="storm-g-milk" viewBox="-10 -10 20 20"><path d="M0,-9.5 C2.5,-5 7,-1 7,3.2 A7,7 0 0 1 -7,3.2 C-7,-1 -2.5,-5 0,-9.5 Z" fill="currentColor"/><path d="M-3.6,2.5 C-3.6,5 -2,6.3 0,6.6" fill="none" stroke="#fff" stroke-width="1.3" stroke-linecap="round" opacity=".8"/></symbol>
  <symbol id="storm-g-lemon" viewBox="-10 -10 20 20"><circle r="9" fill="currentColor"/><circle r="7" fill="#fff7cf"/><g stroke="currentColor" stroke-width="1.1">${[0, 45, 90, 135].map((a) => `<line x1="0" y1="-7" x2="0" y2="7" transform="rotate(${a})"/>`).join("")}</g><circle r="1.4" fill="#fff7cf"/></symbol>
  <symbol id="storm-teapot" viewBox="-12 -12 24 24"><path d="M-6,-5 C-6,-9 6,-9 6,-5 Z" fill="currentColor"/><circle cy="-9.3" r="1.5" fill="currentColor"/><path d="M-8,-4 H8 C9.5,2 7,8 0,8 C-7,8 -9.5,2 -8,-4 Z" fill="currentColor"/><path d="M8,-1 C11,-3 12,-6 11.5,-8" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round"/><path d="M-8.5,-2 C-13,-2 -13,5 -7.5,4.5" fill="none" stroke="currentColor" stroke-width="1.8"/></symbol>
  ${FACES}
  <symbol id="storm-back" viewBox="0 0 50 70"><rect x="0.5" y="0.5" width="49" height="69" rx="5" fill="#5a3526"/><rect x="3.5" y="3.5" width="43" height="63" rx="3" fill="none" stroke="#c9a25a" stroke-width="1.2"/><path d="M25,35 m-1,0 a2,2 0 1 1 3,0 a5,5 0 1 1 -7,-2 a9,9 0 1 1 13,5 a13,13 0 1 1 -19,-7" fill="none" stroke="#c9a25a" stroke-width="1.4" stroke-linecap="round" opacity=".9"/></symbol>
</svg>`;

/** @type {(kind: string, size?: number | null, cls?: string) => string} */
const glyph = (kind, size = null, cls = "") =>
  `<svg class="storm-glyph kind-${kind} ${cls}" viewBox="-10 -10 20 20"${size ? ` width="${size}" height="${size}"` : ""} aria-hidden="true" focusable="false"><use href="#storm-g-${kind}" x="-10" y="-10" width="20" height="20"/></svg>`;
const teapot = (size = 18) =>
  `<svg class="storm-teapot" viewBox="-12 -12 24 24" width="${size}" height="${size}" aria-hidden="true" focusable="false"><use href="#storm-teapot" x="-12" y="-12" width="24" height="24"/></svg>`;

/** @param {Kind} kind */
function cardFace(kind) {
  const id = KINDS.includes(kind) ? kind : "tea";
  return `<svg class="storm-face" viewBox="0 0 50 70" aria-hidden="true" focusable="false"><use href="#storm-face-${id}" width="50" height="70"/></svg>`;
}

const backSvg = () =>
  `<svg class="storm-back" viewBox="0 0 50 70" aria-hidden="true" focusable="false"><use href="#storm-back" width="50" height="70"/></svg>`;

/** A run of face-up cards (a reveal), overlapping to fit its box. @param {readonly Kind[]} cards @param {string} [cls] */
function runHtml(cards, cls = "") {
  return `<span class="storm-run ${cls}" style="--n:${cards.length}" aria-hidden="true">${cards
    .map((k) => `<span class="storm-card kind-${esc(k)}" data-kind="${esc(k)}">${cardFace(k)}</span>`)
    .join("")}</span>`;
}

/** A small face-down pile: a fan (a hand) or a stack (a stock) of up to 4 backs. @param {number} n @param {string} cls */
function pileIcon(n, cls) {
  const shown = Math.min(n, 4);
  const backs = Array.from({ length: shown }, (_, i) => `<span class="storm-back-card" style="--i:${i}">${backSvg()}</span>`).join("");
  return `<span class="storm-pile ${cls}${n ? "" : " empty"}" style="--shown:${shown}" aria-hidden="true">${backs}</span>`;
}

/** Colour chips (glyph + count) for the colours present; "" when there are none. @param {CountsJson} c */
function chipsHtml(c) {
  return KINDS.filter((k) => c[k]).map((k) => `<span class="storm-chip kind-${k}">${glyph(k, 12)}<b>${c[k]}</b></span>`).join("");
}

/** @param {CountsJson | null | undefined} c */
const sumOf = (c) => (c ? c.tea + c.milk + c.lemon : 0);
/** @param {CountsJson | null | undefined} c @returns {CountsJson} */
const countsFromJson = (c) => ({ tea: c?.tea ?? 0, milk: c?.milk ?? 0, lemon: c?.lemon ?? 0 });
const reduced = () => !motionOk();
/** The cards of some colour counts, in colour order. @param {CountsJson} c @returns {Kind[]} */
const cardsOf = (c) => KINDS.flatMap((k) => Array.from({ length: c[k] }, () => k));

/** The HTML element `sel` finds under `root` (one that takes focus), or null. @param {ParentNode} root @param {string} sel */
const find = (root, sel) => {
  const node = root.querySelector(sel);
  return node instanceof HTMLElement ? node : null;
};
/** The element an event happened in (or its ancestor) that `sel` finds, or null. @param {Event} e @param {string} sel */
const closest = (e, sel) => {
  const node = e.target instanceof Element ? e.target.closest(sel) : null;
  return node instanceof HTMLElement ? node : null;
};

// ---------------------------------------------------------------------------------------------
// Per-root state: the latest props, the selected run, the last view drawn, one set of listeners.

/**
 * @typedef {object} RootState
 * @property {Props} props the latest
 * @property {number | null} anchor the selected run's first picked card
 * @property {number | null} end the selected run's moving end
 * @property {string | null} key what the selection belongs to (the same hand, the same decision)
 * @property {{pointer: number, from: number | null} | null} drag a drag across the hand
 * @property {boolean} [touch] the last press on a card was a finger's
 * @property {boolean} sending
 * @property {boolean} tried the refused run was tried (its reason is said again)
 * @property {StormView | null} drawn the view last drawn
 */

/** @type {WeakMap<HTMLElement, RootState>} */
const roots = new WeakMap();

/**
 * Draw the table of `props.view` into `root`.
 * @param {HTMLElement} root
 * @param {Props} props
 */
export function render(root, props) {
  let st = roots.get(root);
  if (!st) {
    st = { props, anchor: null, end: null, key: null, drag: null, sending: false, tried: false, drawn: null };
    roots.set(root, st);
    listen(root, st);
  }
  st.props = props;
  const t = props.view?.table;
  // A selection lives only while the same hand is on the table for the same decision.
  const key = JSON.stringify([props.seat, t?.round, t?.phase, t?.turn, t?.hand, props.legal?.length, !!props.replay]);
  if (key !== st.key) {
    st.anchor = null;
    st.end = null;
    st.tried = false;
    st.key = key;
  }
  const before = st.drawn;
  const rects = props.animate && before ? measure(root) : null;
  draw(root, st);
  st.drawn = props.view;
  const after = props.view; // redrawn again before the frame: that step is not this one
  const drawn = st;
  if (props.animate && before && t) nextFrame(() => drawn.drawn === after && animateStep(root, before, after, rects));
}

/** @typedef {{anchor: number | null, end: number | null, tried: boolean}} RunPick the hand's
 *  selected run: the card picked first (anchor) and the moving end */

/**
 * The selected run of the hand, `{start, length}` whichever way it was picked, or null.
 * @param {RunPick} st
 * @returns {{start: number, length: number} | null}
 */
export function selection(st) {
  if (st.anchor === null) return null;
  const a = Math.min(st.anchor, st.end ?? st.anchor);
  const b = Math.max(st.anchor, st.end ?? st.anchor);
  return { start: a, length: b - a + 1 };
}

/** @param {RootState} st */
function canSelect(st) {
  const { props } = st;
  return !props.replay && Array.isArray(props.view?.table?.hand) && (props.legal ?? []).some((a) => a.type === "serve");
}

/** @param {HTMLElement} root @param {RootState} st */
function draw(root, st) {
  redraw(root, tableHtml(st));
  keepRunInView(root, st);
}

/** A touch screen: the hand is one row that scrolls, and a tap (not a press) picks a card. */
const touchScreen = () => typeof matchMedia === "function" && matchMedia("(pointer: coarse)").matches;

/**
 * On a phone the hand is one row wider than the screen: the end of the run being chosen (or
 * its start) is scrolled into the row's view, and only the row scrolls, never the page.
 * @param {HTMLElement} root @param {RootState} st
 */
function keepRunInView(root, st) {
  const row = root.querySelector(".storm-hand-row");
  if (!(row instanceof HTMLElement)) return;
  const scrolls = row.scrollWidth > row.clientWidth + 1;
  // A row that scrolls is reached by the keyboard through its cards; while none of them takes
  // a press (not this seat's turn), the row itself is the stop, named as the hand.
  if (scrolls && !row.querySelector("button:not([disabled])")) {
    row.tabIndex = 0;
    row.setAttribute("role", "group");
    row.setAttribute("aria-label", u("your_hand"));
  }
  if (!scrolls) return;
  for (const i of [st.anchor, st.end]) {
    if (i === null) continue;
    const card = row.querySelector(`[data-hand-index="${i}"]`);
    if (!card) continue;
    const r = card.getBoundingClientRect();
    const box = row.getBoundingClientRect();
    const pad = 12;
    if (r.left < box.left + pad) row.scrollLeft -= box.left + pad - r.left;
    else if (r.right > box.right - pad) row.scrollLeft += r.right - (box.right - pad);
  }
}

/** @param {HTMLElement} root @param {number} x @param {number} y */
function cardIndexAt(root, x, y) {
  const node = document.elementFromPoint(x, y)?.closest?.("[data-hand-index]");
  return node && root.contains(node) ? Number(node.getAttribute("data-hand-index")) : null;
}

/**
 * A click (or tap, or Enter) on hand card i: first card, then last card of the run; `extend`
 * (Shift) moves the end of a started run. Picking the one selected card again clears it.
 * @param {RunPick} st
 * @param {number} i
 * @param {boolean} extend
 */
export function pickCard(st, i, extend) {
  if (extend && st.anchor !== null) st.end = i;
  else if (st.anchor !== null && st.anchor === st.end && st.anchor !== i) st.end = i;
  else if (st.anchor === i && st.end === i) { st.anchor = null; st.end = null; }
  else { st.anchor = i; st.end = i; }
  st.tried = false;
}

/** The thing a lesson's words name (pygames/tutorials.py SPOTS), found on the table drawn in
 *  `root`: the hand, a seat, or its stock.
 *  @param {HTMLElement} root @param {{thing: string, seat?: number, at?: number}} spot
 *  @returns {Element | null} */
export function spot(root, { thing, seat = 0 }) {
  if (thing === "hand") return root.querySelector("section.storm-hand");
  if (thing === "seat") return root.querySelector(`section.storm-seat[data-seat="${seat}"]`);
  if (thing === "stock") return root.querySelector(`section.storm-seat[data-seat="${seat}"] .storm-pile-row.stock`);
  return null;
}

/**
 * The control that makes `action` on the table drawn in `root`, or the next one to press
 * towards it (a run is selected by its first and last card): a hint or a lesson marks it.
 * @param {HTMLElement} root @param {StormAction} action @returns {Element | null}
 */
export function towards(root, action) {
  const exact = controlFor(root, action);
  if (exact || action.type !== "serve") return exact;
  const { start, length } = action;
  const quick = root.querySelector(`[data-select-start="${start}"][data-select-length="${length}"]`);
  if (quick) return quick;
  const st = roots.get(root);
  const last = start + length - 1;
  const next = st && st.anchor === start && st.end === start && length > 1 ? last : start;
  return root.querySelector(`[data-hand-index="${next}"]`);
}

/** @param {HTMLElement} root @param {RootState} st */
function listen(root, st) {
  root.addEventListener("pointerdown", (e) => {
    const card = closest(e, "[data-hand-index]");
    if (!card || !root.contains(card) || e.button !== 0 || !canSelect(st) || st.props.busy) return;
    // A finger on the hand may be starting to swipe it: its tap's click picks the card.
    st.touch = e.pointerType === "touch";
    if (st.touch) return;
    e.preventDefault(); // no text selection, no focus ring flash on drag
    pickCard(st, Number(card.getAttribute("data-hand-index")), e.shiftKey);
    st.drag = { pointer: e.pointerId, from: st.end };
    card.releasePointerCapture?.(e.pointerId); // touch: let moves reach the other cards
    draw(root, st);
    find(root, `[data-hand-index="${st.end ?? card.getAttribute("data-hand-index")}"]`)?.focus({ preventScroll: true });
  });
  root.addEventListener("pointermove", (e) => {
    if (!st.drag || st.drag.pointer !== e.pointerId || st.anchor === null) return;
    if (e.buttons === 0) { st.drag = null; return; } // released outside the table
    const i = cardIndexAt(root, e.clientX, e.clientY);
    if (i === null || i === st.end) return;
    st.end = i;
    draw(root, st);
  });
  const stop = () => { st.drag = null; };
  root.addEventListener("pointerup", stop);
  root.addEventListener("pointercancel", stop);
  root.addEventListener("click", (e) => onClick(root, st, e));
  root.addEventListener("keydown", (e) => onKey(root, st, e));
}

/** @param {HTMLElement} root @param {RootState} st @param {KeyboardEvent} e */
function onKey(root, st, e) {
  const card = closest(e, "[data-hand-index]");
  if (!card || !root.contains(card)) {
    if (e.key === "Escape" && st.anchor !== null) { st.anchor = null; st.end = null; draw(root, st); }
    return;
  }
  const i = Number(card.getAttribute("data-hand-index"));
  const n = st.props.view.table.hand?.length ?? 0;
  const row = card.parentElement;
  const cols = (row && Number(getComputedStyle(row).getPropertyValue("--cols"))) || n;
  /** @type {Record<string, number>} */
  const moves = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -cols, ArrowDown: cols, Home: -n, End: n };
  if (e.key in moves) {
    e.preventDefault();
    const j = Math.max(0, Math.min(n - 1, i + moves[e.key]));
    if (e.shiftKey && canSelect(st)) {
      if (st.anchor === null) st.anchor = i;
      st.end = j;
      st.tried = false;
      draw(root, st);
    }
    find(root, `[data-hand-index="${j}"]`)?.focus();
  } else if (e.key === "Escape") {
    st.anchor = null;
    st.end = null;
    draw(root, st);
  }
}

/** @param {HTMLElement} root @param {RootState} st @param {MouseEvent} e */
function onClick(root, st, e) {
  const node = closest(e, "[data-action],[data-hand-index],[data-select-start],[data-unselect],[data-refused]");
  if (!node || !root.contains(node)) return;
  const { props } = st;
  if (props.replay) return;
  if (node.hasAttribute("data-hand-index")) {
    // A mouse selects on pointerdown; a click comes from a tap, or (detail 0) the keyboard.
    if ((e.detail !== 0 && !st.touch) || !canSelect(st) || props.busy) return;
    pickCard(st, Number(node.getAttribute("data-hand-index")), e.shiftKey);
    draw(root, st);
    return;
  }
  if (node.hasAttribute("data-unselect")) {
    st.anchor = null;
    st.end = null;
    draw(root, st);
    find(root, "[data-hand-index]")?.focus({ preventScroll: true });
    return;
  }
  if (node.hasAttribute("data-select-start")) {
    if (props.busy) return;
    const s = Number(node.getAttribute("data-select-start"));
    st.anchor = s;
    st.end = s + Number(node.getAttribute("data-select-length")) - 1;
    st.tried = false;
    draw(root, st);
    find(root, ".storm-serve.legal")?.focus({ preventScroll: true });
    return;
  }
  if (node.hasAttribute("data-refused")) {
    // A run that makes no combination: say so again, send nothing.
    st.tried = true;
    draw(root, st);
    return;
  }
  if (st.sending || props.busy) return;
  /** @type {Action} */
  let action;
  try {
    action = JSON.parse(node.getAttribute("data-action") ?? "null");
  } catch {
    return;
  }
  send(root, st, "storm-sending", () => props.act(action));
}

// ---------------------------------------------------------------------------------------------
// The whole table.

/** What every part of the table reads. @param {RootState} st */
function context(st) {
  const { view, legal = [], seats = [], busy } = st.props;
  const replay = !!st.props.replay;
  const everything = view.everything === true;
  const seat = everything || st.props.seat === null || st.props.seat === undefined ? -1 : st.props.seat;
  const t = view.table;
  const n = t.hand_sizes?.length ?? view.players ?? 0;
  const names = Array.from({ length: n }, (_, s) => seatName(s, seats));
  const usable = replay ? [] : legal;
  const serves = usable.filter(isServe);
  const discards = usable.filter(isDiscard);
  const over = !!view.over || t.phase === "over";
  const aid = t.memory_aid !== false;
  return { st, view, t, legal: usable, seat, seats, names, n, busy: !!busy, serves, discards, over, replay, everything, aid, combos: combosOf(view) };
}
/** @typedef {ReturnType<typeof context>} Ctx */

/** @param {RootState} st */
function tableHtml(st) {
  const t = st.props.view?.table;
  if (!t) return `<div class="storm"><p class="storm-prompt">${esc(u("waiting_table"))}</p></div>`;
  const ctx = context(st);
  const cls = ["storm", `phase-${esc(t.phase)}`, `players-${ctx.n}`];
  if (ctx.busy) cls.push("busy");
  if (ctx.replay) cls.push("replay");
  if (ctx.everything) cls.push("everything");
  if (!ctx.aid) cls.push("no-aid");
  return `<div class="${cls.join(" ")}" data-phase="${esc(t.phase)}" data-players="${ctx.n}" data-round="${t.round}" data-host="${t.host}" data-memory-aid="${ctx.aid}">
    ${sprite()}
    ${statusHtml(ctx)}
    <section class="storm-seats" aria-label="${esc(u("players"))}">${ctx.names.map((_, s) => seatHtml(ctx, s)).join("")}</section>
    ${roundHtml(ctx)}
    ${ctx.everything ? everyHandHtml(ctx) : handHtml(ctx)}
    <div class="storm-after">
      ${ctx.over ? `<section class="storm-final" aria-label="${esc(u("final_result"))}">${scoreTableHtml(ctx.view, ctx.seats)}</section>` : ""}
      ${t.party ? partyHtml(ctx, t.party) : ""}
      ${lastPartyHtml(ctx)}
      ${legendHtml(ctx)}
    </div>
  </div>`;
}

// ---------------------------------------------------------------- status (one line)

/** @param {Ctx} ctx */
function statusHtml(ctx) {
  const { t, names } = ctx;
  const phase = ctx.over ? u("phase.over") : t.phase === "discard" ? u("phase.party") : u("phase.serving");
  const where = ctx.everything ? `<span class="storm-mode">${esc(u("mode.everything"))}</span>` : ctx.replay ? `<span class="storm-mode">${esc(u("mode.replay"))}</span>` : "";
  return `<div class="storm-status">
      <span class="storm-phase">${u("round_html", { n: `<b data-round="${t.round}">${t.round}</b>` })} · ${esc(phase)}</span>
      <span class="storm-host-line">${teapot(16)} <span class="storm-host-word">${esc(u("host_label"))}</span> <b class="storm-host-name">${esc(names[t.host] ?? "—")}</b></span>
      ${where}
      <span class="storm-box" title="${esc(u("box_title"))}" role="img" aria-label="${esc(u("box_aria", { cards: cardsWord(t.box) }))}"><span aria-hidden="true">${u("box_html", { n: `<b data-box="${t.box}">${t.box}</b>` })}</span></span>
    </div>`;
}

// ---------------------------------------------------------------- players

/** One line saying what a seat last did (public: the view's `last`), or null. @param {StormView} view @param {number} s */
export function lastMoveWords(view, s) {
  const m = view?.table?.last?.[s];
  if (!m) return null;
  if (m.move === "serve") {
    const c = countsOf(m.cards);
    const one = KINDS.filter((k) => c[k]).length === 1;
    // "Served 3 Tea"; a mixed run names its combination first: "Served Milk Tea: 2 Tea, 2 Milk".
    return one ? u("did.served", { counts: countsWords(c) }) : u("did.served_combo", { combination: comboName(m.combination), counts: countsComma(c) });
  }
  if (m.move === "prepare") return m.cards ? u("did.prepared", { cards: cardsWord(m.cards) }) : u("did.prepared_empty");
  if (m.move === "discard") {
    const c = countsFromJson(m.discarded);
    const kept = m.kept ?? 0;
    const head = sumOf(c) ? u("did.discarded", { counts: countsWords(c) }) : u("did.discarded_nothing");
    return u("did.discard_line", { head, rest: kept ? u("to_stock", { cards: cardsWord(kept) }) : u("none_to_stock") });
  }
  return null;
}

/** A short label for a seat: "Bot · greedy", "You" or "" (another person). @param {Ctx} ctx @param {number} s */
function roleOf(ctx, s) {
  const bot = ctx.seats?.[s]?.level ?? ctx.seats?.[s]?.bot;
  if (bot) return { cls: "bot", text: u("role.bot", { bot }) };
  if (s === ctx.seat) return { cls: "you", text: u("role.you") };
  return null;
}

/** @param {Ctx} ctx @param {number} s */
function seatHtml(ctx, s) {
  const { t, names, view } = ctx;
  const host = t.host === s;
  const turn = !ctx.over && t.turn === s;
  const you = s === ctx.seat;
  const winner = ctx.over && (view.outcome?.winners ?? []).includes(s);
  const last = t.last?.[s];
  const now = !!last && last.step === t.step && t.step > 0;
  const cls = ["storm-seat", `seat-${s}`];
  if (host) cls.push("is-host");
  if (turn) cls.push("is-turn");
  if (you) cls.push("is-you");
  if (winner) cls.push("is-winner");
  if (now) cls.push("moved-now");
  const hand = t.hand_sizes?.[s] ?? 0;
  const stock = t.stock_sizes?.[s] ?? 0;
  const left = t.cards_left?.[s] ?? hand + stock;
  const role = roleOf(ctx, s);
  // Ruling S8: stock colours are public; a hand's are when it came from the stock. The owner
  // knows their own hand; the full view (a finished game) knows every hand.
  const stockC = ctx.everything && t.stocks ? countsOf(t.stocks[s]) : countsFromJson(t.stock_colours?.[s]);
  const handC =
    ctx.everything && t.hands ? countsOf(t.hands[s])
    : you && Array.isArray(t.hand) ? countsOf(t.hand)
    : t.hand_colours?.[s] ? countsFromJson(t.hand_colours[s])
    : null;
  const showStock = ctx.aid && stock > 0;
  const showHand = ctx.aid && handC && hand > 0;
  const handWords = u("in_hand", { cards: cardsWord(hand) }) + (showHand ? u("paren", { x: countsWords(handC) }) : "");
  const stockWords = u("in_stock", { cards: cardsWord(stock) }) + (showStock ? u("paren", { x: countsWords(stockC) }) : "");
  const did = lastMoveWords(view, s);
  const doing = turn ? (t.phase === "discard" ? u("doing.discard") : u("doing.serve")) : "";
  const label = [
    `${names[s]}${ctx.seats?.[s]?.bot ? u("aria.bot", { bot: ctx.seats[s].level ?? ctx.seats[s].bot }) : you ? u("aria.you") : ""}${host ? u("aria.host") : ""}${turn ? u("aria.now", { doing }) : ""}${winner ? u("aria.wins") : ""}`,
    handWords,
    stockWords,
    u("left", { cards: cardsWord(left) }),
    did ? u("last_move", { did }) : u("no_move"),
  ].join(u("sep"));
  return `<section class="${cls.join(" ")}" data-seat="${s}" data-hand-size="${hand}" data-stock-size="${stock}" data-cards-left="${left}" aria-label="${esc(label)}">
      <div class="storm-seat-head" aria-hidden="true"><span class="seat-dot" data-seat="${s}"></span><span class="storm-name">${esc(names[s])}</span>${host ? `<span class="storm-host-mark" title="${esc(u("host"))}">${teapot(15)}</span>` : ""}${winner ? `<span class="storm-tag win" title="${esc(u("wins_title"))}">★</span>` : ""}</div>
      <div class="storm-seat-sub" aria-hidden="true">${role ? `<span class="storm-tag ${role.cls}">${esc(role.text)}</span>` : `<span class="storm-tag person">${esc(u("role.person"))}</span>`}<span class="storm-left" title="${esc(u("left_title"))}">${u("left_html", { n: `<b>${left}</b>` })}</span></div>
      <div class="storm-pile-row hand" aria-hidden="true" title="${esc(u("hand_title", { x: handWords }))}">${pileIcon(hand, "fan")}<b class="storm-count">${hand}</b><span class="storm-pile-what">${esc(u("pile.hand"))}</span>${showHand ? chipsHtml(handC) : ""}</div>
      <div class="storm-pile-row stock" aria-hidden="true" title="${esc(u("stock_title", { x: stockWords }))}">${pileIcon(stock, "stack")}<b class="storm-count">${stock}</b><span class="storm-pile-what">${esc(u("pile.stock"))}</span>${showStock ? chipsHtml(stockC) : ""}</div>
      <p class="storm-did${now ? " now" : ""}${did ? "" : " none"}" aria-hidden="true" title="${esc(did ?? u("no_move"))}">${esc(did ?? u("no_move"))}</p>
    </section>`;
}

// ---------------------------------------------------------------- the round

/** The winner of a party and why, from the reveals (ruling S6: most cards, then later). @param {Ctx} ctx @param {PartyJson} party */
function winnerWhy(ctx, party) {
  const { t, names } = ctx;
  const order = t.reveals.map((r) => r.seat);
  const size = (/** @type {number} */ s) => t.reveals.find((r) => r.seat === s)?.cards.length ?? 0;
  const w = party.winner;
  const tied = party.matching.filter((s) => s !== w && size(s) === size(w));
  if (party.matching.length === 1) return u("why.only", { combination: comboName(t.lead?.combination) });
  if (!tied.length) return u("why.most", { cards: cardsWord(size(w)) });
  const earlier = tied.filter((s) => order.indexOf(s) < order.indexOf(w));
  return u("why.tie", { cards: cardsWord(size(w)), names: join(earlier.map((s) => names[s])) });
}

/** The round's one-line headline, above the hand (its full story is below the hand). @param {Ctx} ctx */
function headlineText(ctx) {
  const { t, names } = ctx;
  const lead = t.lead;
  if (ctx.over) return u("headline.over", { n: t.round });
  if (t.party && lead) {
    const p = t.party;
    return u("headline.party", { lead: names[lead.seat], combination: comboName(lead.combination), winner: names[p.winner], why: winnerWhy(ctx, p) });
  }
  if (lead) {
    const args = { lead: names[lead.seat], host: names[t.host], combination: comboName(lead.combination) };
    return lead.seat !== t.host ? u("headline.lead_instead", args) : u("headline.lead", args);
  }
  return u("headline.host", { host: names[t.host] });
}

/** @param {Ctx} ctx @param {number} i */
function slotHtml(ctx, i) {
  const { t, names, n } = ctx;
  const s = (t.host + i) % n;
  const lead = t.lead;
  const party = t.party;
  const r = t.reveals.find((x) => x.seat === s);
  const cls = ["storm-slot", `seat-${s}`];
  let body;
  let foot = "";
  let badge = "";
  let words;
  if (r && r.prepared) {
    cls.push("prepared");
    const m = t.last?.[s];
    const k = m && m.move === "prepare" && m.round === t.round ? m.cards : null;
    body = `<span class="storm-prepared">${esc(k !== null ? u("slot.prepared_n", { cards: cardsWord(k) }) : u("slot.prepared"))}</span>`;
    words = u("slot.prepared_aria", { name: names[s] });
  } else if (r) {
    cls.push("served");
    const isLead = lead && lead.seat === s;
    const matches = lead && r.combination === lead.combination;
    if (isLead) { cls.push("lead"); badge = `<span class="storm-badge lead">${esc(u("badge.lead"))}</span>`; }
    else if (matches) { cls.push("matches"); badge = `<span class="storm-badge match">${esc(u("badge.match"))}</span>`; }
    else if (lead) { cls.push("nomatch"); badge = `<span class="storm-badge nomatch">${esc(u("badge.nomatch"))}</span>`; }
    if (party && party.winner === s) { cls.push("winner"); badge += `<span class="storm-badge win">★ ${esc(u("badge.wins"))}</span>`; }
    const last = t.last?.[s];
    if (last && last.step === t.step && last.move === "serve") cls.push("served-now");
    body = runHtml(r.cards);
    const c = countsOf(r.cards);
    let outcome = "";
    const done = party?.discarded?.[String(s)];
    if (done) {
      const k = sumOf(done);
      outcome = k ? u("out.discarded", { counts: countsWords(done) }) : u("out.discarded_nothing");
    } else if (party && party.pending.includes(s)) {
      outcome = party.pending[0] === s ? u("out.choosing") : u("out.may", { n: party.allowed[String(s)] ?? 0 });
    } else if (party && !party.matching.includes(s)) {
      outcome = u("out.to_stock");
    }
    foot = `<span class="storm-combo"><b>${esc(comboName(r.combination))}</b><span class="storm-combo-counts"> · ${esc(countsWords(c))}</span></span><span class="storm-slot-badges">${badge}${outcome ? `<span class="storm-outcome">${esc(outcome)}</span>` : ""}</span>`;
    words = u("slot.served_aria", { name: names[s], cards: cardsWord(r.cards.length), combination: comboName(r.combination), counts: countsWords(c) }) +
      (isLead ? u("aria.the_lead") : matches ? u("aria.matches") : lead ? u("aria.nomatch") : "") +
      (party?.winner === s ? u("aria.wins_party") : "") + (outcome ? u("aria.more", { x: outcome }) : "");
  } else if (t.turn === s && t.phase === "serving" && !ctx.over) {
    cls.push("now");
    body = `<span class="storm-waiting">${esc(u("slot.choosing"))}</span>`;
    words = u("slot.choosing_aria", { name: names[s] });
  } else if (ctx.over) {
    // The end: what each player holds (ruling S7: 0 or 1 card wins).
    const left = t.cards_left?.[s] ?? 0;
    const won = (ctx.view.outcome?.winners ?? []).includes(s);
    cls.push("final");
    if (won) cls.push("winner");
    body = `<span class="storm-final-left">${u("slot.left_html", { n: `<b>${left}</b>`, count: left })}</span>`;
    foot = won ? `<span class="storm-slot-badges"><span class="storm-badge win">★ ${esc(u("badge.wins"))}</span></span>` : "";
    words = u("slot.final_aria", { name: names[s], cards: cardsWord(left) }) + (won ? u("aria.wins") : "");
  } else {
    cls.push("later");
    body = `<span class="storm-waiting">${esc(u("slot.later"))}</span>`;
    words = u("slot.later_aria", { name: names[s] });
  }
  return `<li class="${cls.join(" ")}" data-seat="${s}" data-order="${i + 1}"${r && !r.prepared ? ` data-combination="${esc(r.combination)}"` : ""} aria-label="${esc(u("slot.aria", { order: ordinal(i + 1), words }))}">
      <span class="storm-slot-head" aria-hidden="true"><span class="storm-order">${ordinal(i + 1)}</span><span class="seat-dot" data-seat="${s}"></span><span class="storm-name">${esc(names[s])}</span>${s === t.host ? `<span class="storm-host-mark" title="${esc(u("host"))}">${teapot(14)}</span>` : ""}</span>
      <span class="storm-slot-body" aria-hidden="true">${body}</span>
      <span class="storm-slot-foot" aria-hidden="true">${foot}</span>
    </li>`;
}

/** @param {Ctx} ctx */
function roundHtml(ctx) {
  const { t, n } = ctx;
  const slots = Array.from({ length: n }, (_, i) => slotHtml(ctx, i));
  const headline = headlineText(ctx);
  return `<section class="storm-round" aria-label="${esc(u("round_aria", { n: t.round }))}">
      <h3 class="visually-hidden">${esc(u("round_aria", { n: t.round }))}</h3>
      <ol class="storm-slots">${slots.join("")}</ol>
      <p class="storm-headline" title="${esc(headline)}">${esc(headline)}</p>
    </section>`;
}

// ---------------------------------------------------------------- the tea party (details)

/** @param {Ctx} ctx @param {PartyJson} party */
function partyHtml(ctx, party) {
  const { t, names } = ctx;
  const lead = t.lead;
  if (!lead) return ""; // a party always has its lead
  const leadName = comboName(lead.combination);
  const size = (/** @type {number} */ s) => t.reveals.find((r) => r.seat === s)?.cards.length ?? 0;
  const matching = party.matching.map((s) => esc(u("name_cards", { name: names[s], cards: cardsWord(size(s)) })));
  const rows = [];
  const pendingNow = party.pending[0];
  for (const s of [party.winner, ...party.matching.filter((x) => x !== party.winner)]) {
    const allowed = party.allowed[String(s)] ?? 0;
    const done = party.discarded[String(s)];
    const role = s === party.winner ? u("party.winner_role", { cards: cardsWord(allowed) }) : u("party.matched_role", { cards: cardsWord(allowed) });
    let what;
    if (done) {
      const k = sumOf(done);
      const kept = size(s) - k;
      const head = k ? u("out.discarded", { counts: countsWords(done) }) : u("out.discarded_nothing");
      const rest = kept ? u("to_stock", { cards: cardsWord(kept) }) : u("none_to_stock");
      what = `<span class="storm-done">${esc(u("did.discard_line", { head, rest }))}</span>`;
    } else if (s === pendingNow && s === ctx.seat && ctx.discards.length) {
      what = `<span class="storm-done now">${esc(u("party.your_choice"))}</span>`;
    } else if (s === pendingNow) {
      what = `<span class="storm-done now">${esc(u("party.choosing"))}</span>`;
    } else {
      what = `<span class="storm-done later">${esc(u("party.waiting"))}</span>`;
    }
    rows.push(`<li data-seat="${s}" data-allowed="${allowed}"${done ? ` data-discarded="${esc(JSON.stringify(done))}"` : ""}><span class="seat-dot" data-seat="${s}" aria-hidden="true"></span><b>${esc(names[s])}</b> <small>${esc(role)}</small> ${what}</li>`);
  }
  const apart = t.reveals.filter((r) => !r.prepared && !party.matching.includes(r.seat));
  const stockLine = apart.length
    ? apart.map((r) => `${esc(names[r.seat])}: ${esc(cardsWord(r.cards.length))}`).join(" · ")
    : esc(u("nobody"));
  const step1 = { lead: `<b>${esc(names[lead.seat])}</b>`, combination: `<b>${esc(leadName)}</b>`, host: esc(names[t.host]) };
  return `<section class="storm-party" aria-label="${esc(u("tea_party"))}" data-winner="${party.winner}">
      <h3 class="storm-h">${teapot(18)} ${esc(u("tea_party"))}</h3>
      <ol class="storm-steps">
        <li><span class="storm-step" aria-hidden="true">1</span> ${lead.seat !== t.host ? u("party.step1_instead", step1) : u("party.step1", step1)}</li>
        <li><span class="storm-step" aria-hidden="true">2</span> ${u("party.step2", { combination: esc(leadName), list: commaJoin(matching) })}</li>
        <li><span class="storm-step" aria-hidden="true">3</span> ${u("party.step3", { winner: `<b>${esc(names[party.winner])}</b>`, why: esc(winnerWhy(ctx, party)) })}</li>
        <li><span class="storm-step" aria-hidden="true">4</span> ${esc(u("party.step4"))}
          <ul class="storm-discards">${rows.join("")}</ul></li>
        <li><span class="storm-step" aria-hidden="true">5</span> ${u("party.step5", { line: stockLine })}</li>
      </ol>
    </section>`;
}

/** @param {Ctx} ctx */
function lastPartyHtml(ctx) {
  const { t, names } = ctx;
  const last = t.last_party;
  if (!last || t.party) return "";
  let text;
  if (last.skipped) {
    text = esc(u("last.skipped", { n: last.round, host: names[t.host] }));
  } else {
    const lead = last.lead;
    const others = last.matching.filter((s) => s !== lead.seat);
    const disc = Object.entries(last.discarded ?? {})
      .map(([s, c]) => esc(u("last.disc_item", { name: names[Number(s)], counts: sumOf(c) ? countsWords(c) : u("nothing") })));
    text = u("last.party", {
      n: last.round,
      lead: `<b>${esc(names[lead.seat])}</b>`,
      combination: `<b>${esc(comboName(lead.combination))}</b>`,
      matched: others.length ? esc(u("last.matched", { names: join(others.map((s) => names[s])) })) : esc(u("last.nobody_matched")),
      winner: `<b>${esc(names[last.winner])}</b>`,
      hosts: ctx.over ? "" : esc(u("last.hosts_now")),
      discarded: disc.length ? commaJoin(disc) : esc(u("nothing")),
    });
  }
  return `<section class="storm-last" aria-label="${esc(u("last.title"))}"><h3 class="storm-h">${esc(u("last.title"))}</h3><p>${text}</p></section>`;
}

// ---------------------------------------------------------------- your hand

/** @param {Ctx} ctx */
function longestRuns(ctx) {
  // The longest legal run of each combination (lead's first): quick picks for the selection.
  // Each legal run's combination is the engine's (view.table.runs).
  /** @type {Map<ComboId, ServeAction & {combo: {id: ComboId, name: string}}>} */
  const best = new Map();
  for (const a of ctx.serves) {
    const { combo: id } = runVerdict(ctx.view, a.start, a.length);
    if (!id) continue;
    const combo = { id, name: comboName(id) };
    const b = best.get(id);
    if (!b || a.length > b.length) best.set(id, { ...a, combo });
  }
  const lead = ctx.t.lead?.combination;
  return [...best.values()].sort((x, y) => Number(y.combo.id === lead) - Number(x.combo.id === lead) || y.length - x.length);
}

/** The prompt: what the seat on screen is asked to do, or who the table waits for. @param {Ctx} ctx */
function promptHtml(ctx) {
  const { t, names, seat } = ctx;
  const me = seat >= 0 ? names[seat] : null;
  const lead = t.lead;
  const who = (/** @type {number} */ s) => `<strong>${esc(names[s])}</strong>${ctx.seats?.[s]?.bot ? esc(u("bot_suffix")) : ""}`;
  if (ctx.over) return `<strong>${esc(outcomeTitle(ctx.view, ctx.seats))}</strong> ${esc(outcomeReason(ctx.view, ctx.seats))}`;
  if (ctx.everything) return esc(u("prompt.everything"));
  if (ctx.replay) {
    const whose = me ? u("prompt.replay_seat", { whose: language() === "en" ? possessive(me) : me }) : u("prompt.replay_spectator");
    const turn = t.turn !== null && t.turn !== undefined ? u(t.phase === "discard" ? "prompt.replay_turn_discard" : "prompt.replay_turn_serve", { name: names[t.turn] }) : "";
    return esc(whose + turn);
  }
  if (ctx.serves.length) {
    const name = (/** @type {ComboId} */ id) => esc(comboName(id));
    let follow;
    if (lead) follow = u("prompt.follow_lead", { lead: esc(names[lead.seat]), combination: `<b>${name(lead.combination)}</b>`, plain: name(lead.combination) });
    else if (t.host === seat) follow = esc(u("prompt.follow_host"));
    else follow = u("prompt.follow_prepared", { host: esc(names[t.host]) });
    return u("prompt.serve", { me: `<strong>${esc(me)}</strong>`, follow });
  }
  if (ctx.discards.length) {
    const allowed = t.party?.allowed?.[String(seat)] ?? 0;
    const won = t.party?.winner === seat;
    return u(won ? "prompt.discard_won" : "prompt.discard_matched", { me: `<strong>${esc(me)}</strong>`, n: allowed });
  }
  if (t.turn !== null && t.turn !== undefined) {
    return u(t.phase === "discard" ? "prompt.wait_discard" : "prompt.wait_serve", { who: who(t.turn) });
  }
  return "";
}

/** @param {Ctx} ctx */
function handHtml(ctx) {
  const { t, seat, st } = ctx;
  const hand = t.hand;
  const prompt = `<p class="storm-prompt" data-prompt tabindex="-1" aria-live="polite">${promptHtml(ctx)}</p>`;
  if (!Array.isArray(hand) || seat < 0) {
    return `<section class="storm-hand spectator" aria-label="${esc(u("hands"))}">
        ${prompt}
        <div class="storm-hand-bar"><h3 class="storm-h">${esc(u("hands"))}</h3></div>
        <div class="storm-hand-row empty" data-stay style="--n:1;--cols:1"><p class="storm-note">${esc(u("spectator_note"))}</p></div>
      </section>`;
  }
  const selectable = ctx.serves.length > 0 && !ctx.busy;
  const sel = ctx.serves.length ? selection(st) : null;
  const inSel = (/** @type {number} */ i) => sel && i >= sel.start && i < sel.start + sel.length;
  // One tab stop for the whole hand (arrows move between cards): the moving end, else card 1.
  const tabStop = st.end ?? st.anchor ?? 0;
  const cards = hand.map((k, i) => {
    const picked = inSel(i);
    const label = u("card_label", { kind: KINDS.includes(k) ? kindName(k) : k, n: i + 1, of: hand.length }) + (picked ? u("selected_suffix") : "");
    const attrs = `class="storm-card in-hand kind-${esc(k)}${picked ? " picked" : ""}${sel && i === sel.start ? " first" : ""}${sel && i === sel.start + sel.length - 1 ? " last" : ""}" data-hand-seat="${seat}" data-hand-index="${i}" data-kind="${esc(k)}"`;
    return selectable
      ? `<button type="button" ${attrs} data-focus-key="card-${i}" tabindex="${i === tabStop ? 0 : -1}" aria-pressed="${picked ? "true" : "false"}" aria-label="${esc(label)}">${cardFace(k)}</button>`
      : `<span ${attrs} role="img" aria-label="${esc(label)}">${cardFace(k)}</span>`;
  });
  const picks = ctx.serves.length
    ? longestRuns(ctx).slice(0, 5).map((r, i) => {
        const leads = ctx.t.lead && r.combo.id === ctx.t.lead.combination;
        const words = u("quick.title", { combination: r.combo.name, cards: cardsWord(r.length), n: r.start + 1 }) + (leads ? u("quick.leads") : "");
        // The name is the visible text, with words for the "×": "Tea, 4 cards from card 1, lead".
        return `<button type="button" class="storm-quick${leads ? " matches-lead" : ""}" data-select-start="${r.start}" data-select-length="${r.length}" data-focus-key="quick-${r.combo.id}"${i === 0 ? " data-first-choice" : ""} title="${esc(words)}"${ctx.busy ? " disabled" : ""}>${esc(r.combo.name)} <b><span aria-hidden="true">×</span><span class="visually-hidden">, </span>${r.length}<span class="visually-hidden">${esc(u("quick.hidden", { count: r.length, n: r.start + 1 }))}</span></b>${leads ? ` <small><span class="visually-hidden">, </span>${esc(u("quick.lead"))}</small>` : ""}</button>`;
      })
    : [];
  // Rows of at most 24 cards (desktop) or 10 (phones: two rows of a dealt hand), evened out,
  // so that every card stays a target of at least 24 x 24 px (WCAG 2.5.8).
  const even = (/** @type {number} */ n, /** @type {number} */ most) => Math.ceil(n / Math.ceil(n / most));
  const cols = even(hand.length || 1, 24);
  const cols2 = even(hand.length || 1, 10);
  let actions = "";
  if (ctx.serves.length) actions = selectionInfo(ctx, hand, sel);
  else if (ctx.discards.length) actions = discardChoicesHtml(ctx);
  const empty = ctx.over
    ? `<p class="storm-note">${hand.length ? "" : esc(u("hand_empty"))}</p>`
    : `<p class="storm-note">${esc(u("hand_empty_note"))}</p>`;
  return `<section class="storm-hand${selectable ? " selectable" : ""}" aria-label="${esc(u("your_hand"))}" data-seat="${seat}">
      ${prompt}
      <div class="storm-hand-bar"><h3 class="storm-h">${esc(u("your_hand"))} <small>${esc(u("in_order", { cards: cardsWord(hand.length) }))}</small></h3></div>
      <div class="storm-hand-row${hand.length ? "" : " empty"}" data-stay style="--n:${cols};--cols:${cols};--cols2:${cols2}">${hand.length ? cards.join("") : empty}</div>
      ${picks.length ? `<div class="storm-quicks" role="group" aria-label="${esc(u("quick.group"))}"><span class="storm-quicks-label" aria-hidden="true">${esc(u("quick.label"))}</span>${picks.join("")}</div>` : ""}
      ${actions ? `<div class="storm-actions">${actions}</div>` : ""}
      ${ctx.serves.length ? `<p class="storm-how">${esc(u(touchScreen() ? "how_touch" : "how"))}</p>` : ""}
    </section>`;
}

/** The full view of a finished game: every hand in order and every stock (view.everything). @param {Ctx} ctx */
function everyHandHtml(ctx) {
  const { t, names } = ctx;
  const rows = names.map((name, s) => {
    const hand = t.hands?.[s] ?? [];
    const stock = [...(t.stocks?.[s] ?? [])].sort((a, b) => KINDS.indexOf(a) - KINDS.indexOf(b));
    const words = u("every.aria", {
      name,
      hand: hand.length ? u("every.hand", { cards: cardsWord(hand.length), list: commaJoin(hand.map((k) => (KINDS.includes(k) ? kindName(k) : k))) }) : u("empty"),
      stock: stock.length ? u("every.stock", { cards: cardsWord(stock.length), counts: countsWords(countsOf(stock)) }) : u("empty"),
    });
    return `<li class="storm-every-row seat-${s}" data-seat="${s}" data-hand="${esc(hand.join(" "))}" data-stock="${esc(stock.join(" "))}" aria-label="${esc(words)}">
        <span class="storm-every-name" aria-hidden="true"><span class="seat-dot" data-seat="${s}"></span>${esc(name)}</span>
        <span class="storm-every-hand" aria-hidden="true">${hand.length ? runHtml(hand, "mini") : `<span class="storm-none">${esc(cardsWord(0))}</span>`}</span>
        <span class="storm-every-stock" aria-hidden="true"><small>${esc(u("pile.stock"))}</small>${stock.length ? runHtml(stock, "mini") : `<span class="storm-none">${esc(u("empty"))}</span>`}</span>
      </li>`;
  });
  return `<section class="storm-hand everything" aria-label="${esc(u("every.title_aria"))}">
      <p class="storm-prompt" data-prompt tabindex="-1">${promptHtml(ctx)}</p>
      <div class="storm-hand-bar"><h3 class="storm-h">${esc(u("every.h"))} <small>${esc(u("every.h_small"))}</small></h3></div>
      <ol class="storm-every" data-stay>${rows.join("")}</ol>
    </section>`;
}

/** @param {Ctx} ctx @param {Kind[]} hand @param {{start: number, length: number} | null} sel */
function selectionInfo(ctx, hand, sel) {
  if (!sel) {
    return `<div class="storm-selection none" aria-live="polite"><span class="storm-sel-text">${esc(u("sel.none"))}</span></div>`;
  }
  const run = hand.slice(sel.start, sel.start + sel.length);
  const counts = countsOf(run);
  // The engine's verdict on this run: its combination if legal, else its reason (the view's).
  const { combo, why } = runVerdict(ctx.view, sel.start, sel.length);
  const action = ctx.serves.find((a) => a.start === sel.start && a.length === sel.length);
  const range = sel.length === 1 ? u("sel.card", { n: sel.start + 1 }) : u("sel.cards", { a: sel.start + 1, b: sel.start + sel.length });
  const clear = `<button type="button" class="storm-clear" data-unselect="1" data-focus-key="unselect">${esc(u("clear"))}</button>`;
  const serveText = sel.length === 1 ? u("serve_one") : u("serve_these", { cards: cardsWord(sel.length) });
  if (combo && action) {
    const lead = ctx.t.lead;
    // What serving it would do at the tea party (the engine's, as the round stands).
    const run = ctx.t.runs.find((r) => r.start === sel.start && r.length === sel.length);
    const n = run?.discards ?? 0;
    let fit = "";
    if (run?.party === "match_most") fit = `<span class="storm-fit yes">${esc(u("fit.most", { n }))}</span>`;
    else if (run?.party === "match") fit = `<span class="storm-fit yes">${esc(u("fit.match", { n }))}</span>`;
    else if (run?.party === "no_match" && lead) {
      fit = `<span class="storm-fit no">${esc(u("fit.no", { combination: comboName(lead.combination) }))}</span>`;
    } else if (run?.party === "lead") fit = `<span class="storm-fit lead">${esc(u("fit.leads", { n }))}</span>`;
    const json = JSON.stringify(action);
    const words = u("sel.serve_aria", { serve: serveText, range, combination: comboName(combo), counts: countsWords(counts) });
    return `<div class="storm-selection ok" aria-live="polite" data-combination="${esc(combo)}">
        <span class="storm-sel-text"><b>${esc(comboName(combo))}</b>: ${esc(countsWords(counts, true))} <small>(${esc(range)})</small> ${fit}</span>
        <span class="storm-sel-buttons"><button type="button" class="legal primary storm-serve" data-action="${esc(json)}" data-confirms data-focus-key="serve" aria-label="${esc(words)}"${ctx.busy ? " disabled" : ""}>${esc(serveText)}</button>${clear}</span>
      </div>`;
  }
  const message = why ? say(why, ctx.names) : u("sel.not_servable");
  return `<div class="storm-selection refused${ctx.st.tried ? " tried" : ""}" aria-live="polite">
      <span class="storm-sel-text storm-refusal" role="status"><b>${esc(u("sel.not_combination"))}</b> ${esc(message)} <small>(${esc(range)})</small></span>
      <span class="storm-sel-buttons"><button type="button" class="storm-serve refused" data-refused="1" data-focus-key="serve" aria-disabled="true" aria-label="${esc(u("sel.refused_aria", { serve: serveText, why: message }))}">${esc(serveText)}</button>${clear}</span>
    </div>`;
}

/** @param {Ctx} ctx */
function discardChoicesHtml(ctx) {
  const { t, seat } = ctx;
  const mine = t.reveals.find((r) => r.seat === seat)?.cards ?? [];
  const buttons = ctx.discards.map((a, i) => {
    const c = { tea: a.tea, milk: a.milk, lemon: a.lemon };
    const n = sumOf(c);
    const kept = mine.length - n;
    const keptWords = kept ? u("to_your_stock", { cards: cardsWord(kept) }) : u("none_to_your_stock");
    // The name holds the visible text unbroken (WCAG 2.5.3; each language's label keeps it so),
    // then says why the first is the default.
    const label = u("discard.label", { what: n ? countsWords(c, true) : u("nothing"), kept: keptWords }) + (i === 0 ? u("discard.default") : "");
    const cards = cardsOf(c);
    const json = JSON.stringify(a);
    return `<button type="button" class="legal storm-discard${i === 0 ? " default" : ""}" data-action="${esc(json)}" data-focus-key="${esc(json)}" aria-label="${esc(label)}" title="${esc(label)}"${ctx.busy ? " disabled" : ""}>
        <span class="storm-discard-cards">${n ? runHtml(cards, "mini") : `<span class="storm-none">—</span>`}</span>
        <span class="storm-discard-text"><b>${esc(n ? countsWords(c, true) : u("nothing_cap"))}</b> <small>${esc(keptWords)}</small></span>
      </button>`;
  });
  const allowed = ctx.t.party?.allowed?.[String(seat)] ?? 0;
  return `<div class="storm-discard-choices" role="group" aria-label="${esc(u("discard.group", { cards: cardsWord(allowed) }))}">
      <p class="storm-choice-head">${u("discard.head", { run: runHtml(mine, "mini"), counts: `<span>${esc(countsWords(countsOf(mine)))}</span>` })}</p>
      <div class="storm-discard-list">${buttons.join("")}</div>
    </div>`;
}

/** @param {Ctx} ctx */
function legendHtml(ctx) {
  // The combinations and the colours each may hold are the view's (the engine's table).
  const items = ctx.combos.map((c) => {
    const kinds = c.colours ?? [];
    return `<li>${kinds.map((k) => glyph(k, 14)).join("")}<b>${esc(comboName(c.id))}</b> <span>${esc(comboRule(c.id))}</span></li>`;
  });
  const aid = ctx.aid ? u("legend.aid_on") : u("legend.aid_off");
  const keys = KINDS.map((k) => `<span class="storm-key kind-${k}">${glyph(k, 14)} ${esc(kindLetter(k))} = ${esc(kindName(k))}</span>`).join(" ");
  return `<details class="storm-legend"><summary>${esc(u("legend.summary"))}</summary>
      <ul>${items.join("")}</ul>
      <p class="storm-note">${u("legend.cards", { keys })}</p>
      <p class="storm-note">${esc(aid)}</p>
    </details>`;
}

// ---------------------------------------------------------------- what just happened (motion)

/** @typedef {{slots: Record<string, DOMRect>, box: DOMRect | null}} Rects */

/** Page rectangles of the things an animation starts from, before the redraw replaces them. @param {HTMLElement} root @returns {Rects} */
function measure(root) {
  const rect = (/** @type {string} */ sel) => root.querySelector(sel)?.getBoundingClientRect() ?? null;
  /** @type {Rects} */
  const out = { slots: {}, box: rect(".storm-box") };
  for (const node of root.querySelectorAll(".storm-slot.served")) out.slots[node.getAttribute("data-seat") ?? ""] = node.getBoundingClientRect();
  return out;
}

/**
 * Decoration over the final DOM after exactly one new step: a run just served travels from its
 * player's tile to its place on the table; a Prepare and cards going to a stock make the pile
 * glow; discards travel from the run to the box. Never more than about 1.2 s in all.
 * @param {HTMLElement} root @param {StormView} before @param {StormView} after @param {Rects | null} rects
 */
function animateStep(root, before, after, rects) {
  if (reduced()) return;
  const a = before.table;
  const b = after.table;
  if (!a || !b) return;
  let delay = 0;
  const step = 320;
  const tile = (/** @type {number} */ s) => root.querySelector(`.storm-seat[data-seat="${s}"]`);
  const sameRound = a.round === b.round;
  const had = new Set(sameRound ? a.reveals.map((r) => r.seat) : []);
  for (const r of b.reveals) {
    if (had.has(r.seat)) continue;
    if (r.prepared) {
      pulse(tile(r.seat)?.querySelector(".storm-pile-row.hand"), { delay });
    } else {
      const target = find(root, `.storm-slot[data-seat="${r.seat}"] .storm-run`);
      if (target) fly(target.outerHTML, tile(r.seat), target, { duration: 480, delay, target, className: "storm-fly" });
      pulse(tile(r.seat), { delay });
    }
    delay = Math.min(delay + step, 900);
  }
  // Discards chosen in this step: from the run to the box.
  const doneBefore = a.party?.discarded ?? {};
  /** @type {Record<string, CountsJson>} */
  let doneAfter = {};
  if (b.party) doneAfter = b.party.discarded;
  else b.last?.forEach((m, s) => { if (m?.move === "discard" && m.step === b.step) doneAfter[s] = m.discarded; });
  for (const [s, c] of Object.entries(doneAfter)) {
    if (doneBefore[s] || !sumOf(c)) continue;
    const from = rects?.slots?.[s] ?? root.querySelector(`.storm-slot[data-seat="${s}"]`);
    const box = root.querySelector(".storm-box");
    if (from && box) fly(runHtml(cardsOf(c), "mini"), from, box, { duration: 450, delay, className: "storm-fly" });
    pulse(box, { delay: delay + 400 });
    delay = Math.min(delay + step, 900);
  }
  // Cards that went face down to a stock at the end of the party.
  (b.stock_sizes ?? []).forEach((n, s) => {
    if (n > (a.stock_sizes?.[s] ?? 0)) pulse(tile(s)?.querySelector(".storm-pile-row.stock"), { delay });
  });
}

// ---------------------------------------------------------------- the end

/** The outcome's cards left per seat (its details: the engine's own figures). @param {StormView} view @returns {number[] | undefined} */
const cardsLeftOf = (view) => {
  const left = view?.outcome?.details?.cards_left;
  return Array.isArray(left) ? left : undefined;
};
/** The outcome's number of rounds (its details). @param {StormView} view */
const roundsOf = (view) => {
  const rounds = view?.outcome?.details?.rounds;
  return typeof rounds === "number" ? rounds : undefined;
};

/** @param {StormView} view @param {SeatInfo[]} [seats] */
const namesOf = (view, seats) => {
  const n = view?.table?.hand_sizes?.length ?? view?.players ?? cardsLeftOf(view)?.length ?? 0;
  return Array.from({ length: n }, (_, s) => seatName(s, seats ?? []));
};

/** The end screen's headline: the winner or the shared victory. @param {StormView} view @param {SeatInfo[]} [seats] */
export function outcomeTitle(view, seats = []) {
  const names = namesOf(view, seats);
  const w = view?.outcome?.winners ?? [];
  if (!w.length) return u("end.no_winner");
  if (w.length === 1) return u("end.wins", { name: names[w[0]] });
  return u("end.shared", { names: join(w.map((s) => names[s])) });
}

/** The end screen's reason, in the players' names. @param {StormView} view @param {SeatInfo[]} [seats] */
export function outcomeReason(view, seats = []) {
  const names = namesOf(view, seats);
  const o = view?.outcome;
  const left = cardsLeftOf(view) ?? o?.scores ?? [];
  const rounds = roundsOf(view) ?? view?.table?.round;
  const w = o?.winners ?? [];
  const who = w.map((s) => u(left[s] === 1 ? "end.has_one" : "end.has_none", { name: names[s] }));
  return u("end.reason", { who: join(who), n: rounds ?? 0 });
}

/** The final table: cards left per player (hand + stock), winners first marked, rounds. @param {StormView} view @param {SeatInfo[]} [seats] */
export function scoreTableHtml(view, seats = []) {
  const names = namesOf(view, seats);
  const o = view?.outcome;
  const left = cardsLeftOf(view) ?? o?.scores ?? [];
  const rounds = roundsOf(view) ?? view?.table?.round ?? "";
  const winners = o?.winners ?? [];
  const rows = names.map((name, s) => `<tr data-seat="${s}" data-cards-left="${left[s] ?? ""}" class="${winners.includes(s) ? "winner" : ""}">
      <th scope="row">${winners.includes(s) ? `<span class="storm-crown" aria-hidden="true">★</span> <span class="visually-hidden">${esc(u("end.winner_hidden"))}</span>` : ""}<span class="seat-dot" data-seat="${s}" aria-hidden="true"></span> ${esc(name)}</th>
      <td>${left[s] === undefined ? "" : esc(cardsWord(left[s]))}</td>
    </tr>`).join("");
  return `<div class="storm-end"><table class="storm-scores">
      <caption>${esc(u("end.caption"))}</caption>
      <thead><tr><th scope="col">${esc(u("end.player"))}</th><th scope="col">${esc(u("end.cards_left"))}</th></tr></thead>
      <tbody>${rows}</tbody>
    </table>
    <p class="storm-rounds" data-rounds="${rounds}">${u("end.rounds", { n: `<b>${rounds}</b>` })}</p></div>`;
}

// ---------------------------------------------------------------------------------------------
// The rules page's pictures (pygames/storm_in_a_teacup/pictures.py): the table's own cards, as
// a hand with a run marked, runs with their combinations, or a tea party as the engine ends it.

/** @typedef {import("../views.js").HandPicture | import("../views.js").RunsPicture | import("../views.js").PartyPicture} StormPicture */

/** The symbols the pictures' cards use (their faces name their colour in the reader's
 *  language): put once in a page that shows pictures, again after a change of language. */
export const pictureSprite = () => sprite();

/** Cards side by side, each named. @param {readonly Kind[]} cards @param {(i: number) => string} [cls] */
function pictureCards(cards, cls = () => "") {
  return cards.map((k, i) => `<li class="storm-card kind-${esc(k)} ${cls(i)}">${cardFace(k)}<span class="visually-hidden">${esc(kindName(k))}</span></li>`).join("");
}

/** The classes that give a picture its table's look (the rules page's figures, the lobby's cards). */
export const pictureClass = "storm rules-pic-storm";

/** One picture of the rules page, as HTML (its words in the reader's language).
 *  @param {StormPicture} fig @returns {string} */
export function picture(fig) {
  if (fig.kind === "hand") {
    const inRun = (/** @type {number} */ i) => (i >= fig.start && i < fig.start + fig.length ? "picked" : "");
    const note = u("pic.hand_run", { combination: comboName(fig.combination), n: fig.runs });
    return `<ol class="storm-pic-cards">${pictureCards(fig.cards, inRun)}</ol><p class="storm-pic-note">${esc(note)}</p>`;
  }
  if (fig.kind === "runs") {
    return `<ul class="storm-pic-runs">${fig.runs
      .map((r) => `<li><ol class="storm-pic-cards small">${pictureCards(r.cards)}</ol><b>${esc(comboName(r.combination))}</b></li>`)
      .join("")}</ul>`;
  }
  const seats = fig.runs.map((r, s) => {
    const role = s === 0 ? "lead" : s === fig.winner ? "wins" : fig.matching.includes(s) ? "match" : "nomatch";
    const badges = [s === 0 ? u("badge.lead") : "", s === fig.winner ? u("badge.wins") : "", s !== 0 && s !== fig.winner ? u(fig.matching.includes(s) ? "badge.match" : "badge.nomatch") : ""]
      .filter(Boolean)
      .map((b) => `<span class="storm-pic-badge">${esc(b)}</span>`)
      .join("");
    const allowed = fig.allowed[s] ? u("pic.may_discard", { n: fig.allowed[s] }) : u("pic.to_stock");
    return `<li class="storm-pic-seat ${role}"><span class="storm-pic-name">${esc(u(`pic.name.${fig.names[s]}`))}</span><ol class="storm-pic-cards small">${pictureCards(r.cards)}</ol><span class="storm-pic-combo">${esc(comboName(r.combination))}</span>${badges}<span class="storm-pic-after">${esc(allowed)}</span></li>`;
  });
  return `<ol class="storm-pic-party">${seats.join("")}</ol>`;
}
