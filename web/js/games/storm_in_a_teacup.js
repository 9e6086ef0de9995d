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
// Layout (issue 7): the own hand row is the one [data-stay] element. Everything above it has a
// height fixed for the whole game at a given width (status line, player tiles, the round's
// slots, a one-line headline, the prompt and the quick-pick line), so the hand never moves;
// what varies (selection, discard choices, the party's details, the last party) comes after.
// Ruling S8: each stock's colour counts and a prepared hand's are public; with the option
// Memory aid (view.table.memory_aid) the tiles show them as colour chips, without it only the
// number of cards. view.everything (a finished game's replay) shows every hand and stock.

import { esc, fly, motionOk, plural, possessive, pulse, redraw, send } from "./shared.js";

export const title = "Storm in a Teacup";


const KINDS = ["tea", "milk", "lemon"];
const KIND = {
  tea: { name: "Tea", letter: "T" },
  milk: { name: "Milk", letter: "M" },
  lemon: { name: "Lemon", letter: "L" },
};
// Which colours each combination may hold and its test on counts (ruling S4); the engine's
// `legal` list stays the authority on what may be served, this only names a selection.
const COMBO_COLOURS = {
  tea: ["tea"], milk: ["milk"], lemon: ["lemon"], milk_tea: ["tea", "milk"], lemon_tea: ["tea", "lemon"],
};
const COMBO_TEST = {
  tea: (c) => c.tea >= 1 && c.milk === 0 && c.lemon === 0,
  milk: (c) => c.milk >= 1 && c.tea === 0 && c.lemon === 0,
  lemon: (c) => c.lemon >= 1 && c.tea === 0 && c.milk === 0,
  milk_tea: (c) => c.tea >= 1 && c.tea === c.milk && c.lemon === 0,
  lemon_tea: (c) => c.tea >= 1 && c.lemon === 1 && c.milk === 0,
};
const DEFAULT_COMBOS = [
  { id: "tea", name: "Tea", rule: "Tea cards only" },
  { id: "milk", name: "Milk", rule: "Milk cards only" },
  { id: "lemon", name: "Lemon", rule: "Lemon cards only" },
  { id: "milk_tea", name: "Milk Tea", rule: "equal numbers of Tea and Milk" },
  { id: "lemon_tea", name: "Lemon Tea", rule: "Tea and exactly one Lemon" },
];

const cardsWord = (n) => (n === 0 ? "no cards" : plural(n, "card"));
const join = (parts) => (parts.length <= 1 ? parts.join("") : `${parts.slice(0, -1).join(", ")} and ${parts[parts.length - 1]}`);
const ordinal = (n) => `${n}${["th", "st", "nd", "rd"][(n % 100 > 10 && n % 100 < 14) || n % 10 > 3 ? 0 : n % 10]}`;

/** Colour counts of a list of card words. */
export function countsOf(cards) {
  const c = { tea: 0, milk: 0, lemon: 0 };
  for (const k of cards) if (k in c) c[k]++;
  return c;
}

/** "2 Tea and 1 Lemon" ("+" instead of "and" with plus=true). */
export function countsWords(c, plus = false) {
  const parts = KINDS.filter((k) => c[k]).map((k) => `${c[k]} ${KIND[k].name}`);
  if (!parts.length) return "nothing";
  return plus ? parts.join(" + ") : join(parts);
}

const combosOf = (view) => view?.table?.combinations ?? DEFAULT_COMBOS;
const comboName = (view, id) => combosOf(view).find((c) => c.id === id)?.name ?? id;

/** The combination these counts make ({id, name, rule}) or null; `why` says why none. */
export function judge(counts, combos = DEFAULT_COMBOS) {
  const total = counts.tea + counts.milk + counts.lemon;
  if (!total) return { combo: null, why: "Choose at least one card." };
  for (const combo of combos) {
    if (COMBO_TEST[combo.id]?.(counts)) return { combo, why: null };
  }
  const present = KINDS.filter((k) => counts[k]);
  const head = `${countsWords(counts)} is no combination`;
  const near = combos.filter((c) => {
    const colours = COMBO_COLOURS[c.id] ?? [];
    return colours.length > 1 && present.every((k) => colours.includes(k));
  });
  if (near.length) return { combo: null, why: `${head}: ${near.map((c) => `${c.name} needs ${c.rule}`).join("; ")}.` };
  return { combo: null, why: `${head}: none mixes ${join(present.map((k) => KIND[k].name))}.` };
}

/** Words for an action, as used in aria-labels. */
export function describeAction(action, view) {
  if (!action || typeof action !== "object") return String(action);
  const t = view?.table;
  if (action.type === "serve") {
    const n = action.length;
    const range = n === 1 ? `card ${action.start + 1}` : `cards ${action.start + 1} to ${action.start + n}`;
    const hand = t?.hand;
    if (Array.isArray(hand) && hand.length >= action.start + n) {
      const counts = countsOf(hand.slice(action.start, action.start + n));
      const { combo } = judge(counts, combosOf(view));
      return `Serve ${cardsWord(n)} (${range} of your hand): ${combo ? combo.name : "no combination"}, ${countsWords(counts)}`;
    }
    return `Serve ${cardsWord(n)} (${range} of your hand)`;
  }
  if (action.type === "discard") {
    const c = { tea: action.tea, milk: action.milk, lemon: action.lemon };
    const n = c.tea + c.milk + c.lemon;
    return n ? `Discard ${countsWords(c)} to the box` : "Discard nothing: keep every revealed card in your stock";
  }
  return JSON.stringify(action);
}

// ---------------------------------------------------------------------------------------------
// Art: card glyphs (teacup, milk drop, lemon slice), the back, the host's teapot.

// One face-up card per kind (viewBox 50 x 70): a coloured index strip with letter and small
// glyph on the left (what shows when cards overlap), the big glyph on cream, the name below.
// Drawn once as a symbol and used by reference, so its letters are not text of the buttons
// that show cards (a button's name stays what it says: WCAG 2.5.3).
const FACE_COLOURS = {
  tea: { edge: "#b3362a", deep: "#7d2219", idx: "#fff", big: "#b3362a" },
  milk: { edge: "#2d5f9e", deep: "#1d406d", idx: "#fff", big: "#2d5f9e" },
  lemon: { edge: "#e8bb22", deep: "#7a5d00", idx: "#2a231e", big: "#d4a20f" },
};
const FACES = KINDS.map((kind) => {
  const c = FACE_COLOURS[kind];
  const k = KIND[kind];
  return `<symbol id="storm-face-${kind}" viewBox="0 0 50 70">
    <rect x="0.5" y="0.5" width="49" height="69" rx="5" fill="${c.edge}" stroke="rgb(40 20 10 / 0.5)" stroke-width="1"/>
    <rect x="17" y="3" width="30" height="64" rx="3" fill="#fffaf0"/>
    <text x="9" y="15" text-anchor="middle" fill="${c.idx}" font-family="system-ui, sans-serif" font-weight="800" font-size="13">${k.letter}</text>
    <use href="#storm-g-${kind}" x="2.5" y="19" width="13" height="13" color="${c.idx}"/>
    <use href="#storm-g-${kind}" x="18.5" y="21" width="27" height="27" color="${c.big}"/>
    <text x="32" y="62" text-anchor="middle" fill="${c.deep}" font-family="system-ui, sans-serif" font-weight="700" font-size="7.5">${k.name}</text>
  </symbol>`;
}).join("");

const SPRITE = `<svg class="storm-sprite" aria-hidden="true" focusable="false" width="0" height="0">
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

function cardFace(kind) {
  const id = KIND[kind] ? kind : "tea";
  return `<svg class="storm-face" viewBox="0 0 50 70" aria-hidden="true" focusable="false"><use href="#storm-face-${id}" width="50" height="70"/></svg>`;
}

const backSvg = () =>
  `<svg class="storm-back" viewBox="0 0 50 70" aria-hidden="true" focusable="false"><use href="#storm-back" width="50" height="70"/></svg>`;

/** A run of face-up cards (a reveal), overlapping to fit its box. */

/** A run of face-up cards (a reveal), overlapping to fit its box. */
function runHtml(cards, cls = "") {
  return `<span class="storm-run ${cls}" style="--n:${cards.length}" aria-hidden="true">${cards
    .map((k) => `<span class="storm-card kind-${esc(k)}" data-kind="${esc(k)}">${cardFace(k)}</span>`)
    .join("")}</span>`;
}

/** A small face-down pile: a fan (a hand) or a stack (a stock) of up to 4 backs. */
function pileIcon(n, cls) {
  const shown = Math.min(n, 4);
  const backs = Array.from({ length: shown }, (_, i) => `<span class="storm-back-card" style="--i:${i}">${backSvg()}</span>`).join("");
  return `<span class="storm-pile ${cls}${n ? "" : " empty"}" style="--shown:${shown}" aria-hidden="true">${backs}</span>`;
}

/** Colour chips (glyph + count) for the colours present; "" when there are none. */
function chipsHtml(c) {
  return KINDS.filter((k) => c[k]).map((k) => `<span class="storm-chip kind-${k}">${glyph(k, 12)}<b>${c[k]}</b></span>`).join("");
}

const sumOf = (c) => (c ? c.tea + c.milk + c.lemon : 0);
const countsFromJson = (c) => ({ tea: c?.tea ?? 0, milk: c?.milk ?? 0, lemon: c?.lemon ?? 0 });
const reduced = () => !motionOk();

// ---------------------------------------------------------------------------------------------
// Per-root state: the latest props, the selected run, the last view drawn, one set of listeners.

const roots = new WeakMap();

/**
 * Draw the table of `props.view` into `root`.
 * @param {HTMLElement} root
 * @param {import("../types.js").RendererProps} props
 */
export function render(root, props) {
  let st = roots.get(root);
  if (!st) {
    st = { props: null, anchor: null, end: null, key: null, drag: null, sending: false, tried: false, drawn: null };
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
  if (props.animate && before && t) animateStep(root, before, props.view, rects);
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

function canSelect(st) {
  const { props } = st;
  return !props.replay && Array.isArray(props.view?.table?.hand) && (props.legal ?? []).some((a) => a.type === "serve");
}

function draw(root, st) {
  redraw(root, tableHtml(st));
}

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

function listen(root, st) {
  root.addEventListener("pointerdown", (e) => {
    const card = e.target.closest?.("[data-hand-index]");
    if (!card || !root.contains(card) || e.button !== 0 || !canSelect(st) || st.props.busy) return;
    e.preventDefault(); // no text selection, no focus ring flash on drag
    pickCard(st, Number(card.getAttribute("data-hand-index")), e.shiftKey);
    st.drag = { pointer: e.pointerId, from: st.end };
    card.releasePointerCapture?.(e.pointerId); // touch: let moves reach the other cards
    draw(root, st);
    root.querySelector(`[data-hand-index="${st.end ?? card.getAttribute("data-hand-index")}"]`)?.focus({ preventScroll: true });
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

function onKey(root, st, e) {
  const card = e.target.closest?.("[data-hand-index]");
  if (!card || !root.contains(card)) {
    if (e.key === "Escape" && st.anchor !== null) { st.anchor = null; st.end = null; draw(root, st); }
    return;
  }
  const i = Number(card.getAttribute("data-hand-index"));
  const n = st.props.view.table.hand.length;
  const cols = Number(getComputedStyle(card.parentElement).getPropertyValue("--cols")) || n;
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
    root.querySelector(`[data-hand-index="${j}"]`)?.focus();
  } else if (e.key === "Escape") {
    st.anchor = null;
    st.end = null;
    draw(root, st);
  }
}

function onClick(root, st, e) {
  const node = e.target.closest?.("[data-action],[data-hand-index],[data-select-start],[data-unselect],[data-refused]");
  if (!node || !root.contains(node)) return;
  const { props } = st;
  if (props.replay) return;
  if (node.hasAttribute("data-hand-index")) {
    // Mouse and touch select on pointerdown; a click with detail 0 comes from the keyboard.
    if (e.detail !== 0 || !canSelect(st) || props.busy) return;
    pickCard(st, Number(node.getAttribute("data-hand-index")), e.shiftKey);
    draw(root, st);
    return;
  }
  if (node.hasAttribute("data-unselect")) {
    st.anchor = null;
    st.end = null;
    draw(root, st);
    root.querySelector("[data-hand-index]")?.focus({ preventScroll: true });
    return;
  }
  if (node.hasAttribute("data-select-start")) {
    if (props.busy) return;
    const s = Number(node.getAttribute("data-select-start"));
    st.anchor = s;
    st.end = s + Number(node.getAttribute("data-select-length")) - 1;
    st.tried = false;
    draw(root, st);
    root.querySelector(".storm-serve.legal")?.focus({ preventScroll: true });
    return;
  }
  if (node.hasAttribute("data-refused")) {
    // A run that makes no combination: say so again, send nothing.
    st.tried = true;
    draw(root, st);
    return;
  }
  if (st.sending || props.busy) return;
  let action;
  try {
    action = JSON.parse(node.getAttribute("data-action"));
  } catch {
    return;
  }
  send(root, st, "storm-sending", () => props.act(action));
}

// ---------------------------------------------------------------------------------------------
// The whole table.

function context(st) {
  const { view, legal = [], seats = [], busy } = st.props;
  const replay = !!st.props.replay;
  const everything = view.everything === true;
  const seat = everything || st.props.seat === null || st.props.seat === undefined ? -1 : st.props.seat;
  const t = view.table;
  const n = t.hand_sizes?.length ?? view.players ?? 0;
  const names = Array.from({ length: n }, (_, s) => seats[s]?.name || `Player ${s + 1}`);
  const usable = replay ? [] : legal;
  const serves = usable.filter((a) => a.type === "serve");
  const discards = usable.filter((a) => a.type === "discard");
  const over = !!view.over || t.phase === "over";
  const aid = t.memory_aid !== false;
  return { st, view, t, legal: usable, seat, seats, names, n, busy: !!busy, serves, discards, over, replay, everything, aid, combos: combosOf(view) };
}

function tableHtml(st) {
  const t = st.props.view?.table;
  if (!t) return `<div class="storm"><p class="storm-prompt">Waiting for the table…</p></div>`;
  const ctx = context(st);
  const cls = ["storm", `phase-${esc(t.phase)}`, `players-${ctx.n}`];
  if (ctx.busy) cls.push("busy");
  if (ctx.replay) cls.push("replay");
  if (ctx.everything) cls.push("everything");
  if (!ctx.aid) cls.push("no-aid");
  return `<div class="${cls.join(" ")}" data-phase="${esc(t.phase)}" data-players="${ctx.n}" data-round="${t.round}" data-host="${t.host}" data-memory-aid="${ctx.aid}">
    ${SPRITE}
    ${statusHtml(ctx)}
    <section class="storm-seats" aria-label="Players">${ctx.names.map((_, s) => seatHtml(ctx, s)).join("")}</section>
    ${roundHtml(ctx)}
    ${ctx.everything ? everyHandHtml(ctx) : handHtml(ctx)}
    <div class="storm-after">
      ${ctx.over ? `<section class="storm-final" aria-label="Final result">${scoreTableHtml(ctx.view, ctx.seats)}</section>` : ""}
      ${t.party ? partyHtml(ctx) : ""}
      ${lastPartyHtml(ctx)}
      ${legendHtml(ctx)}
    </div>
  </div>`;
}

// ---------------------------------------------------------------- status (one line)

function statusHtml(ctx) {
  const { t, names } = ctx;
  const phase = ctx.over ? "Game over" : t.phase === "discard" ? "Tea party" : "Serving";
  const where = ctx.everything ? `<span class="storm-mode">Everything: every hand and stock</span>` : ctx.replay ? `<span class="storm-mode">Replay</span>` : "";
  return `<div class="storm-status">
      <span class="storm-phase">Round <b data-round="${t.round}">${t.round}</b> · ${esc(phase)}</span>
      <span class="storm-host-line">${teapot(16)} <span class="storm-host-word">Host:</span> <b class="storm-host-name">${esc(names[t.host] ?? "—")}</b></span>
      ${where}
      <span class="storm-box" title="Cards in the box: the undealt ones and every discard" role="img" aria-label="Box: ${esc(cardsWord(t.box))}"><span aria-hidden="true">Box <b data-box="${t.box}">${t.box}</b></span></span>
    </div>`;
}

// ---------------------------------------------------------------- players

/** One line saying what a seat last did (public: the view's `last`), or null. */
export function lastMoveWords(view, s) {
  const m = view?.table?.last?.[s];
  if (!m) return null;
  if (m.move === "serve") {
    const c = countsOf(m.cards);
    const one = KINDS.filter((k) => c[k]).length === 1;
    // "Served 3 Tea"; a mixed run names its combination first: "Served Milk Tea: 2 Tea, 2 Milk".
    return one ? `Served ${countsWords(c)}` : `Served ${comboName(view, m.combination)}: ${KINDS.filter((k) => c[k]).map((k) => `${c[k]} ${KIND[k].name}`).join(", ")}`;
  }
  if (m.move === "prepare") return m.cards ? `Prepared: ${cardsWord(m.cards)} from the stock` : "Prepared: the stock was empty";
  if (m.move === "discard") {
    const c = countsFromJson(m.discarded);
    const kept = m.kept ?? 0;
    const head = sumOf(c) ? `Discarded ${countsWords(c)}` : "Discarded nothing";
    return `${head}; ${kept ? `${cardsWord(kept)} to the stock` : "none to the stock"}`;
  }
  return null;
}

/** A short label for a seat: "Bot · greedy", "You" or "" (another person). */
function roleOf(ctx, s) {
  const bot = ctx.seats?.[s]?.bot;
  if (bot) return { cls: "bot", text: `Bot · ${bot}` };
  if (s === ctx.seat) return { cls: "you", text: "You" };
  return null;
}

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
  let handC = t.hand_colours?.[s] ? countsFromJson(t.hand_colours[s]) : null;
  if (you && Array.isArray(t.hand)) handC = countsOf(t.hand);
  if (ctx.everything && t.hands) handC = countsOf(t.hands[s]);
  const showStock = ctx.aid && stock > 0;
  const showHand = ctx.aid && handC && hand > 0;
  const handWords = `${cardsWord(hand)} in hand${showHand ? ` (${countsWords(handC)})` : ""}`;
  const stockWords = `${cardsWord(stock)} in the stock, face down${showStock ? ` (${countsWords(stockC)})` : ""}`;
  const did = lastMoveWords(view, s);
  const doing = turn ? (t.phase === "discard" ? "discarding" : "serving") : "";
  const label = [
    `${names[s]}${ctx.seats?.[s]?.bot ? `, a ${ctx.seats[s].bot} bot` : you ? ", you" : ""}${host ? ", host" : ""}${turn ? `, ${doing} now` : ""}${winner ? ", wins" : ""}`,
    handWords,
    stockWords,
    `${cardsWord(left)} left`,
    did ? `last move: ${did}` : "No move yet",
  ].join("; ");
  return `<section class="${cls.join(" ")}" data-seat="${s}" data-hand-size="${hand}" data-stock-size="${stock}" data-cards-left="${left}" aria-label="${esc(label)}">
      <div class="storm-seat-head" aria-hidden="true"><span class="seat-dot" data-seat="${s}"></span><span class="storm-name">${esc(names[s])}</span>${host ? `<span class="storm-host-mark" title="Host">${teapot(15)}</span>` : ""}${winner ? `<span class="storm-tag win" title="Wins">★</span>` : ""}</div>
      <div class="storm-seat-sub" aria-hidden="true">${role ? `<span class="storm-tag ${role.cls}">${esc(role.text)}</span>` : `<span class="storm-tag person">Person</span>`}<span class="storm-left" title="Cards left: hand and stock; 0 or 1 after a tea party wins"><b>${left}</b> left</span></div>
      <div class="storm-pile-row hand" aria-hidden="true" title="${esc(`Hand: ${handWords}`)}">${pileIcon(hand, "fan")}<b class="storm-count">${hand}</b><span class="storm-pile-what">hand</span>${showHand ? chipsHtml(handC) : ""}</div>
      <div class="storm-pile-row stock" aria-hidden="true" title="${esc(`Stock: ${stockWords}`)}">${pileIcon(stock, "stack")}<b class="storm-count">${stock}</b><span class="storm-pile-what">stock</span>${showStock ? chipsHtml(stockC) : ""}</div>
      <p class="storm-did${now ? " now" : ""}${did ? "" : " none"}" aria-hidden="true" title="${esc(did ?? "No move yet")}">${esc(did ?? "No move yet")}</p>
    </section>`;
}

// ---------------------------------------------------------------- the round

/** The winner of a party and why, from the reveals (ruling S6: most cards, then later). */
function winnerWhy(ctx, party) {
  const { t, names } = ctx;
  const order = t.reveals.map((r) => r.seat);
  const size = (s) => t.reveals.find((r) => r.seat === s)?.cards.length ?? 0;
  const w = party.winner;
  const tied = party.matching.filter((s) => s !== w && size(s) === size(w));
  if (party.matching.length === 1) return `the only one to serve ${comboName(ctx.view, t.lead?.combination)}`;
  if (!tied.length) return `most cards: ${cardsWord(size(w))}`;
  const earlier = tied.filter((s) => order.indexOf(s) < order.indexOf(w));
  return `${cardsWord(size(w))}, tied with ${join(earlier.map((s) => names[s]))}; the later reveal wins the tie`;
}

/** The round's one-line headline, above the hand (its full story is below the hand). */
function headlineText(ctx) {
  const { t, names } = ctx;
  const lead = t.lead;
  if (ctx.over) return `The game is over after ${plural(t.round, "round")}.`;
  if (t.party && lead) {
    const p = t.party;
    return `Tea party: ${names[lead.seat]} led with ${comboName(ctx.view, lead.combination)}; ${names[p.winner]} wins (${winnerWhy(ctx, p)}) and hosts next.`;
  }
  if (lead) {
    const instead = lead.seat !== t.host ? ` in place of ${names[t.host]}, who prepared,` : "";
    return `${names[lead.seat]}${instead} leads with ${comboName(ctx.view, lead.combination)}: the most ${comboName(ctx.view, lead.combination)} cards win; a tie goes to the later reveal.`;
  }
  return `${names[t.host]} hosts: the first run served leads.`;
}

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
    body = `<span class="storm-prepared">Prepared${k !== null ? `: ${esc(cardsWord(k))}` : ""} from the stock</span>`;
    words = `${names[s]} prepared: their stock became their hand`;
  } else if (r) {
    cls.push("served");
    const isLead = lead && lead.seat === s;
    const matches = lead && r.combination === lead.combination;
    if (isLead) { cls.push("lead"); badge = `<span class="storm-badge lead">Lead</span>`; }
    else if (matches) { cls.push("matches"); badge = `<span class="storm-badge match">matches</span>`; }
    else if (lead) { cls.push("nomatch"); badge = `<span class="storm-badge nomatch">no match</span>`; }
    if (party && party.winner === s) { cls.push("winner"); badge += `<span class="storm-badge win">★ wins</span>`; }
    const last = t.last?.[s];
    if (last && last.step === t.step && last.move === "serve") cls.push("served-now");
    body = runHtml(r.cards);
    const c = countsOf(r.cards);
    let outcome = "";
    const done = party?.discarded?.[String(s)];
    if (done) {
      const k = sumOf(done);
      outcome = k ? `discarded ${countsWords(done)}` : "discarded nothing";
    } else if (party && party.pending.includes(s)) {
      outcome = party.pending[0] === s ? "choosing discards…" : `may discard ${party.allowed[String(s)] ?? 0}`;
    } else if (party && !party.matching.includes(s)) {
      outcome = "to the stock";
    }
    foot = `<span class="storm-combo"><b>${esc(comboName(ctx.view, r.combination))}</b> · ${esc(countsWords(c))}</span><span class="storm-slot-badges">${badge}${outcome ? `<span class="storm-outcome">${esc(outcome)}</span>` : ""}</span>`;
    words = `${names[s]} served ${cardsWord(r.cards.length)}: ${comboName(ctx.view, r.combination)}, ${countsWords(c)}${isLead ? ", the lead" : matches ? ", matches the lead" : lead ? ", does not match" : ""}${party?.winner === s ? ", wins the tea party" : ""}${outcome ? `, ${outcome}` : ""}`;
  } else if (t.turn === s && t.phase === "serving" && !ctx.over) {
    cls.push("now");
    body = `<span class="storm-waiting">choosing a run…</span>`;
    words = `${names[s]} is choosing a run`;
  } else if (ctx.over) {
    // The end: what each player holds (ruling S7: 0 or 1 card wins).
    const left = t.cards_left?.[s] ?? 0;
    const won = (ctx.view.outcome?.winners ?? []).includes(s);
    cls.push("final");
    if (won) cls.push("winner");
    body = `<span class="storm-final-left"><b>${left}</b> ${left === 1 ? "card" : "cards"} left</span>`;
    foot = won ? `<span class="storm-slot-badges"><span class="storm-badge win">★ wins</span></span>` : "";
    words = `${names[s]}: ${cardsWord(left)} left${won ? ", wins" : ""}`;
  } else {
    cls.push("later");
    body = `<span class="storm-waiting">to serve</span>`;
    words = `${names[s]}: still to serve`;
  }
  return `<li class="${cls.join(" ")}" data-seat="${s}" data-order="${i + 1}"${r && !r.prepared ? ` data-combination="${esc(r.combination)}"` : ""} aria-label="${esc(`${ordinal(i + 1)}: ${words}`)}">
      <span class="storm-slot-head" aria-hidden="true"><span class="storm-order">${ordinal(i + 1)}</span><span class="seat-dot" data-seat="${s}"></span><span class="storm-name">${esc(names[s])}</span>${s === t.host ? `<span class="storm-host-mark" title="Host">${teapot(14)}</span>` : ""}</span>
      <span class="storm-slot-body" aria-hidden="true">${body}</span>
      <span class="storm-slot-foot" aria-hidden="true">${foot}</span>
    </li>`;
}

function roundHtml(ctx) {
  const { t, n } = ctx;
  const slots = Array.from({ length: n }, (_, i) => slotHtml(ctx, i));
  const headline = headlineText(ctx);
  return `<section class="storm-round" aria-label="${esc(`Round ${t.round}: runs served, in order from the host`)}">
      <h3 class="visually-hidden">Round ${t.round}: runs served in order from the host</h3>
      <ol class="storm-slots">${slots.join("")}</ol>
      <p class="storm-headline" title="${esc(headline)}">${esc(headline)}</p>
    </section>`;
}

// ---------------------------------------------------------------- the tea party (details)

function partyHtml(ctx) {
  const { t, names } = ctx;
  const party = t.party;
  const lead = t.lead;
  const leadName = comboName(ctx.view, lead?.combination);
  const size = (s) => t.reveals.find((r) => r.seat === s)?.cards.length ?? 0;
  const matching = party.matching.map((s) => `${esc(names[s])} (${esc(cardsWord(size(s)))})`);
  const rows = [];
  const pendingNow = party.pending[0];
  for (const s of [party.winner, ...party.matching.filter((x) => x !== party.winner)]) {
    const allowed = party.allowed[String(s)] ?? 0;
    const done = party.discarded[String(s)];
    const role = s === party.winner ? `winner: up to ${cardsWord(allowed)}` : `matched: up to ${cardsWord(allowed)}`;
    let what;
    if (done) {
      const k = sumOf(done);
      const kept = size(s) - k;
      what = `<span class="storm-done">${k ? `discarded ${esc(countsWords(done))}` : "discarded nothing"}; ${esc(kept ? `${cardsWord(kept)} to the stock` : "none to the stock")}</span>`;
    } else if (s === pendingNow && s === ctx.seat && ctx.discards.length) {
      what = `<span class="storm-done now">your choice</span>`;
    } else if (s === pendingNow) {
      what = `<span class="storm-done now">choosing…</span>`;
    } else {
      what = `<span class="storm-done later">waiting</span>`;
    }
    rows.push(`<li data-seat="${s}" data-allowed="${allowed}"${done ? ` data-discarded="${esc(JSON.stringify(done))}"` : ""}><span class="seat-dot" data-seat="${s}" aria-hidden="true"></span><b>${esc(names[s])}</b> <small>${esc(role)}</small> ${what}</li>`);
  }
  const apart = t.reveals.filter((r) => !r.prepared && !party.matching.includes(r.seat));
  const stockLine = apart.length
    ? apart.map((r) => `${esc(names[r.seat])}: ${esc(cardsWord(r.cards.length))}`).join(" · ")
    : "nobody";
  return `<section class="storm-party" aria-label="Tea party" data-winner="${party.winner}">
      <h3 class="storm-h">${teapot(18)} Tea party</h3>
      <ol class="storm-steps">
        <li><span class="storm-step" aria-hidden="true">1</span> <b>${esc(names[lead.seat])}</b> leads with <b>${esc(leadName)}</b>${lead.seat !== t.host ? ` (in place of ${esc(names[t.host])})` : ""}.</li>
        <li><span class="storm-step" aria-hidden="true">2</span> Matching ${esc(leadName)}: ${matching.join(", ")}.</li>
        <li><span class="storm-step" aria-hidden="true">3</span> <b>${esc(names[party.winner])}</b> wins the tea party (${esc(winnerWhy(ctx, party))}) and hosts next round.</li>
        <li><span class="storm-step" aria-hidden="true">4</span> Discards to the box:
          <ul class="storm-discards">${rows.join("")}</ul></li>
        <li><span class="storm-step" aria-hidden="true">5</span> Not matching, all to their stock: ${stockLine}.</li>
      </ol>
    </section>`;
}

function lastPartyHtml(ctx) {
  const { t, names } = ctx;
  const last = t.last_party;
  if (!last || t.party) return "";
  let text;
  if (last.skipped) {
    text = `Round ${last.round}: everybody prepared, so there was no tea party; ${esc(names[t.host])} stayed host.`;
  } else {
    const lead = last.lead;
    const others = last.matching.filter((s) => s !== lead.seat);
    const disc = Object.entries(last.discarded ?? {})
      .map(([s, c]) => `${esc(names[Number(s)])} ${esc(sumOf(c) ? countsWords(c) : "nothing")}`);
    text = `Round ${last.round}: <b>${esc(names[lead.seat])}</b> led with <b>${esc(comboName(ctx.view, lead.combination))}</b>; ${
      others.length ? `${esc(join(others.map((s) => names[s])))} matched` : "nobody else matched"
    }; <b>${esc(names[last.winner])}</b> won${ctx.over ? "" : " and hosts now"}. Discarded: ${disc.length ? disc.join(", ") : "nothing"}. Every other revealed card went face down to its owner's stock.`;
  }
  return `<section class="storm-last" aria-label="Last tea party"><h3 class="storm-h">Last tea party</h3><p>${text}</p></section>`;
}

// ---------------------------------------------------------------- your hand

function longestRuns(ctx, hand) {
  // The longest legal run of each combination (lead's first): quick picks for the selection.
  const best = new Map();
  for (const a of ctx.serves) {
    const { combo } = judge(countsOf(hand.slice(a.start, a.start + a.length)), ctx.combos);
    if (!combo) continue;
    const b = best.get(combo.id);
    if (!b || a.length > b.length) best.set(combo.id, { ...a, combo });
  }
  const lead = ctx.t.lead?.combination;
  return [...best.values()].sort((x, y) => Number(y.combo.id === lead) - Number(x.combo.id === lead) || y.length - x.length);
}

/** The prompt: what the seat on screen is asked to do, or who the table waits for. */
function promptHtml(ctx) {
  const { t, names, seat } = ctx;
  const me = seat >= 0 ? names[seat] : null;
  const lead = t.lead;
  const who = (s) => `<strong>${esc(names[s])}</strong>${ctx.seats?.[s]?.bot ? " (bot)" : ""}`;
  if (ctx.over) return `<strong>${esc(outcomeTitle(ctx.view, ctx.seats))}</strong> ${esc(outcomeReason(ctx.view, ctx.seats))}`;
  if (ctx.everything) return "Everything: every hand in its order and every stock, as they were at this step.";
  if (ctx.replay) {
    const whose = me ? `${possessive(me)} view` : "a spectator's view";
    const turn = t.turn !== null && t.turn !== undefined ? ` ${esc(names[t.turn])} is to ${t.phase === "discard" ? "discard" : "serve"}.` : "";
    return `Replay: the table as seen in ${esc(whose)}.${turn}`;
  }
  if (ctx.serves.length) {
    const name = (id) => esc(comboName(ctx.view, id));
    let follow;
    if (lead) follow = ` ${esc(names[lead.seat])} leads with <b>${name(lead.combination)}</b>: serve ${name(lead.combination)} to match.`;
    else if (t.host === seat) follow = " You host: your run leads this round.";
    else follow = ` ${esc(names[t.host])} prepared: your run leads.`;
    return `<strong>${esc(me)}</strong>, serve a run of neighbouring cards.${follow}`;
  }
  if (ctx.discards.length) {
    const allowed = t.party?.allowed?.[String(seat)] ?? 0;
    const won = t.party?.winner === seat;
    return `<strong>${esc(me)}</strong>, ${won ? "you won the tea party" : "you matched the lead"}: discard up to ${esc(allowed === 1 ? "1" : String(allowed))} of your revealed cards; the rest go to your stock.`;
  }
  if (t.turn !== null && t.turn !== undefined) {
    return t.phase === "discard" ? `${who(t.turn)} is choosing discards.` : `${who(t.turn)} is choosing a run to serve.`;
  }
  return "";
}

function handHtml(ctx) {
  const { t, seat, st } = ctx;
  const hand = t.hand;
  const prompt = `<p class="storm-prompt" data-prompt tabindex="-1" aria-live="polite">${promptHtml(ctx)}</p>`;
  if (!Array.isArray(hand) || seat < 0) {
    return `<section class="storm-hand spectator" aria-label="Hands">
        ${prompt}
        <div class="storm-hand-bar"><h3 class="storm-h">Hands</h3></div>
        <div class="storm-hand-row empty" data-stay style="--n:1;--cols:1"><p class="storm-note">You are watching: every hand is hidden.</p></div>
      </section>`;
  }
  const selectable = ctx.serves.length > 0 && !ctx.busy;
  const sel = ctx.serves.length ? selection(st) : null;
  const inSel = (i) => sel && i >= sel.start && i < sel.start + sel.length;
  // One tab stop for the whole hand (arrows move between cards): the moving end, else card 1.
  const tabStop = st.end ?? st.anchor ?? 0;
  const cards = hand.map((k, i) => {
    const picked = inSel(i);
    const label = `${KIND[k]?.name ?? k}, card ${i + 1} of ${hand.length}${picked ? " (selected)" : ""}`;
    const attrs = `class="storm-card in-hand kind-${esc(k)}${picked ? " picked" : ""}${sel && i === sel.start ? " first" : ""}${sel && i === sel.start + sel.length - 1 ? " last" : ""}" data-hand-seat="${seat}" data-hand-index="${i}" data-kind="${esc(k)}"`;
    return selectable
      ? `<button type="button" ${attrs} data-focus-key="card-${i}" tabindex="${i === tabStop ? 0 : -1}" aria-pressed="${picked ? "true" : "false"}" aria-label="${esc(label)}">${cardFace(k)}</button>`
      : `<span ${attrs} role="img" aria-label="${esc(label)}">${cardFace(k)}</span>`;
  });
  const picks = ctx.serves.length
    ? longestRuns(ctx, hand).slice(0, 5).map((r, i) => {
        const leads = ctx.t.lead && r.combo.id === ctx.t.lead.combination;
        const words = `Select the longest ${r.combo.name} run: ${cardsWord(r.length)} from card ${r.start + 1}${leads ? " (matches the lead)" : ""}`;
        // The name is the visible text, with words for the "×": "Tea, 4 cards from card 1, lead".
        return `<button type="button" class="storm-quick${leads ? " matches-lead" : ""}" data-select-start="${r.start}" data-select-length="${r.length}" data-focus-key="quick-${r.combo.id}"${i === 0 ? " data-first-choice" : ""} title="${esc(words)}"${ctx.busy ? " disabled" : ""}>${esc(r.combo.name)} <b><span aria-hidden="true">×</span><span class="visually-hidden">, </span>${r.length}<span class="visually-hidden"> ${r.length === 1 ? "card" : "cards"} from card ${r.start + 1}</span></b>${leads ? ` <small><span class="visually-hidden">, </span>lead</small>` : ""}</button>`;
      })
    : [];
  // Rows of at most 24 cards (desktop) or 10 (phones: two rows of a dealt hand), evened out,
  // so that every card stays a target of at least 24 x 24 px (WCAG 2.5.8).
  const even = (n, most) => Math.ceil(n / Math.ceil(n / most));
  const cols = even(hand.length || 1, 24);
  const cols2 = even(hand.length || 1, 10);
  let actions = "";
  if (ctx.serves.length) actions = selectionInfo(ctx, hand, sel);
  else if (ctx.discards.length) actions = discardChoicesHtml(ctx);
  const empty = ctx.over
    ? `<p class="storm-note">${hand.length ? "" : "Your hand is empty."}</p>`
    : `<p class="storm-note">Your hand is empty: when your turn comes, your stock becomes your hand.</p>`;
  return `<section class="storm-hand${selectable ? " selectable" : ""}" aria-label="Your hand" data-seat="${seat}">
      ${prompt}
      <div class="storm-hand-bar"><h3 class="storm-h">Your hand <small>${esc(cardsWord(hand.length))}, in order</small></h3></div>
      <div class="storm-hand-row${hand.length ? "" : " empty"}" data-stay style="--n:${cols};--cols:${cols};--cols2:${cols2}">${hand.length ? cards.join("") : empty}</div>
      ${picks.length ? `<div class="storm-quicks" role="group" aria-label="Quick picks: the longest run of each combination"><span class="storm-quicks-label" aria-hidden="true">Longest runs:</span>${picks.join("")}</div>` : ""}
      ${actions ? `<div class="storm-actions">${actions}</div>` : ""}
      ${ctx.serves.length ? `<p class="storm-how">Choose the first and the last card of a run (or drag across it; with the keyboard: arrows, Shift+arrows, Enter). The order of your hand cannot change.</p>` : ""}
    </section>`;
}

/** The full view of a finished game: every hand in order and every stock (view.everything). */
function everyHandHtml(ctx) {
  const { t, names } = ctx;
  const rows = names.map((name, s) => {
    const hand = t.hands?.[s] ?? [];
    const stock = [...(t.stocks?.[s] ?? [])].sort((a, b) => KINDS.indexOf(a) - KINDS.indexOf(b));
    const words = `${name}: hand ${hand.length ? `${cardsWord(hand.length)} in order: ${hand.map((k) => KIND[k]?.name ?? k).join(", ")}` : "empty"}; stock ${stock.length ? `${cardsWord(stock.length)}: ${countsWords(countsOf(stock))}` : "empty"}`;
    return `<li class="storm-every-row seat-${s}" data-seat="${s}" data-hand="${esc(hand.join(" "))}" data-stock="${esc(stock.join(" "))}" aria-label="${esc(words)}">
        <span class="storm-every-name" aria-hidden="true"><span class="seat-dot" data-seat="${s}"></span>${esc(name)}</span>
        <span class="storm-every-hand" aria-hidden="true">${hand.length ? runHtml(hand, "mini") : `<span class="storm-none">no cards</span>`}</span>
        <span class="storm-every-stock" aria-hidden="true"><small>stock</small>${stock.length ? runHtml(stock, "mini") : `<span class="storm-none">empty</span>`}</span>
      </li>`;
  });
  return `<section class="storm-hand everything" aria-label="Every hand and stock">
      <p class="storm-prompt" data-prompt tabindex="-1">${promptHtml(ctx)}</p>
      <div class="storm-hand-bar"><h3 class="storm-h">Every hand, in order <small>and every stock</small></h3></div>
      <ol class="storm-every" data-stay>${rows.join("")}</ol>
    </section>`;
}

function selectionInfo(ctx, hand, sel) {
  if (!sel) {
    return `<div class="storm-selection none" aria-live="polite"><span class="storm-sel-text">No run selected yet: choose its first and last card, or a longest run above.</span></div>`;
  }
  const run = hand.slice(sel.start, sel.start + sel.length);
  const counts = countsOf(run);
  const { combo, why } = judge(counts, ctx.combos);
  const action = ctx.serves.find((a) => a.start === sel.start && a.length === sel.length);
  const range = sel.length === 1 ? `card ${sel.start + 1}` : `cards ${sel.start + 1}–${sel.start + sel.length}`;
  const clear = `<button type="button" class="storm-clear" data-unselect="1" data-focus-key="unselect">Clear</button>`;
  const serveText = sel.length === 1 ? "Serve this card" : `Serve these ${cardsWord(sel.length)}`;
  if (combo && action) {
    const lead = ctx.t.lead;
    let fit = "";
    if (lead && lead.seat !== ctx.seat) {
      fit = lead.combination === combo.id
        ? `<span class="storm-fit yes">matches the lead</span>`
        : `<span class="storm-fit no">does not match the lead's ${esc(comboName(ctx.view, lead.combination))}: these cards will go to your stock</span>`;
    } else if (!lead) {
      fit = `<span class="storm-fit lead">this will lead the round</span>`;
    }
    const json = JSON.stringify(action);
    const words = `${serveText}: ${range} of your hand, ${combo.name}, ${countsWords(counts)}`;
    return `<div class="storm-selection ok" aria-live="polite" data-combination="${esc(combo.id)}">
        <span class="storm-sel-text"><b>${esc(combo.name)}</b>: ${esc(countsWords(counts, true))} <small>(${range})</small> ${fit}</span>
        <span class="storm-sel-buttons"><button type="button" class="legal primary storm-serve" data-action="${esc(json)}" data-focus-key="serve" aria-label="${esc(words)}"${ctx.busy ? " disabled" : ""}>${esc(serveText)}</button>${clear}</span>
      </div>`;
  }
  const message = combo ? `${combo.name} cannot be served from here.` : why;
  return `<div class="storm-selection refused${ctx.st.tried ? " tried" : ""}" aria-live="polite">
      <span class="storm-sel-text storm-refusal" role="status"><b>Not a combination.</b> ${esc(message)} <small>(${range})</small></span>
      <span class="storm-sel-buttons"><button type="button" class="storm-serve refused" data-refused="1" data-focus-key="serve" aria-disabled="true" aria-label="${esc(`${serveText}: not possible, ${message}`)}">${esc(serveText)}</button>${clear}</span>
    </div>`;
}

function discardChoicesHtml(ctx) {
  const { t, seat } = ctx;
  const mine = t.reveals.find((r) => r.seat === seat)?.cards ?? [];
  const buttons = ctx.discards.map((a, i) => {
    const c = { tea: a.tea, milk: a.milk, lemon: a.lemon };
    const n = sumOf(c);
    const kept = mine.length - n;
    const keptWords = kept ? `${cardsWord(kept)} to your stock` : "none to your stock";
    // The name holds the visible text (WCAG 2.5.3), then why the first one is the default.
    const label = `Discard ${n ? countsWords(c, true) : "nothing"}: ${keptWords}${i === 0 ? " (the default: the most allowed)" : ""}`;
    const cards = KINDS.flatMap((k) => Array(c[k]).fill(k));
    const json = JSON.stringify(a);
    return `<button type="button" class="legal storm-discard${i === 0 ? " default" : ""}" data-action="${esc(json)}" data-focus-key="${esc(json)}" aria-label="${esc(label)}" title="${esc(label)}"${ctx.busy ? " disabled" : ""}>
        <span class="storm-discard-cards">${n ? runHtml(cards, "mini") : `<span class="storm-none">—</span>`}</span>
        <span class="storm-discard-text"><b>${esc(n ? countsWords(c, true) : "Nothing")}</b> <small>${esc(keptWords)}</small></span>
      </button>`;
  });
  const allowed = ctx.t.party?.allowed?.[String(seat)] ?? 0;
  return `<div class="storm-discard-choices" role="group" aria-label="Your discards: up to ${esc(cardsWord(allowed))} to the box">
      <p class="storm-choice-head">Discard to the box, from your revealed cards ${runHtml(mine, "mini")} <span>${esc(countsWords(countsOf(mine)))}</span> (the most allowed is the default):</p>
      <div class="storm-discard-list">${buttons.join("")}</div>
    </div>`;
}

function legendHtml(ctx) {
  const items = ctx.combos.map((c) => {
    const kinds = COMBO_COLOURS[c.id] ?? [];
    return `<li>${kinds.map((k) => glyph(k, 14)).join("")}<b>${esc(c.name)}</b> <span>${esc(c.rule)}</span></li>`;
  });
  const aid = ctx.aid
    ? "Memory aid is on: each player's tile shows the colours of their stock (and of a hand made from it), as the reveals fixed them."
    : "Memory aid is off: the tiles show only how many cards each stock holds; everyone still saw which cards went there.";
  return `<details class="storm-legend"><summary>Combinations and cards</summary>
      <ul>${items.join("")}</ul>
      <p class="storm-note">Cards: ${KINDS.map((k) => `<span class="storm-key kind-${k}">${glyph(k, 14)} ${KIND[k].letter} = ${KIND[k].name}</span>`).join(" ")}. A run is neighbouring cards of your hand; their order inside the run does not matter.</p>
      <p class="storm-note">${aid}</p>
    </details>`;
}

// ---------------------------------------------------------------- what just happened (motion)

/** Page rectangles of the things an animation starts from, before the redraw replaces them. */
function measure(root) {
  const rect = (sel) => root.querySelector(sel)?.getBoundingClientRect() ?? null;
  const out = { slots: {}, box: rect(".storm-box") };
  for (const node of root.querySelectorAll(".storm-slot.served")) out.slots[node.dataset.seat] = node.getBoundingClientRect();
  return out;
}

/**
 * Decoration over the final DOM after exactly one new step: a run just served travels from its
 * player's tile to its place on the table; a Prepare and cards going to a stock make the pile
 * glow; discards travel from the run to the box. Never more than about 1.2 s in all.
 */
function animateStep(root, before, after, rects) {
  if (reduced()) return;
  const a = before.table;
  const b = after.table;
  if (!a || !b) return;
  let delay = 0;
  const step = 320;
  const tile = (s) => root.querySelector(`.storm-seat[data-seat="${s}"]`);
  const sameRound = a.round === b.round;
  const had = new Set(sameRound ? a.reveals.map((r) => r.seat) : []);
  for (const r of b.reveals) {
    if (had.has(r.seat)) continue;
    if (r.prepared) {
      pulse(tile(r.seat)?.querySelector(".storm-pile-row.hand"), { delay });
    } else {
      const target = root.querySelector(`.storm-slot[data-seat="${r.seat}"] .storm-run`);
      if (target) fly(target.outerHTML, tile(r.seat), target, { duration: 480, delay, target, className: "storm-fly" });
      pulse(tile(r.seat), { delay });
    }
    delay = Math.min(delay + step, 900);
  }
  // Discards chosen in this step: from the run to the box.
  const doneBefore = a.party?.discarded ?? {};
  const doneAfter = b.party?.discarded ?? (b.last ? Object.fromEntries(b.last.map((m, s) => [s, m]).filter(([, m]) => m?.move === "discard" && m.step === b.step).map(([s, m]) => [s, m.discarded])) : {});
  for (const [s, c] of Object.entries(doneAfter)) {
    if (doneBefore[s] || !sumOf(c)) continue;
    const from = rects?.slots?.[s] ?? root.querySelector(`.storm-slot[data-seat="${s}"]`);
    const box = root.querySelector(".storm-box");
    if (from && box) fly(runHtml(KINDS.flatMap((k) => Array(c[k]).fill(k)), "mini"), from, box, { duration: 450, delay, className: "storm-fly" });
    pulse(box, { delay: delay + 400 });
    delay = Math.min(delay + step, 900);
  }
  // Cards that went face down to a stock at the end of the party.
  (b.stock_sizes ?? []).forEach((n, s) => {
    if (n > (a.stock_sizes?.[s] ?? 0)) pulse(tile(s)?.querySelector(".storm-pile-row.stock"), { delay });
  });
}

// ---------------------------------------------------------------- the end

const namesOf = (view, seats) => {
  const n = view?.table?.hand_sizes?.length ?? view?.players ?? view?.outcome?.details?.cards_left?.length ?? 0;
  return Array.from({ length: n }, (_, s) => seats?.[s]?.name || `Player ${s + 1}`);
};

/** The end screen's headline: the winner or the shared victory. */
export function outcomeTitle(view, seats = []) {
  const names = namesOf(view, seats);
  const w = view?.outcome?.winners ?? [];
  if (!w.length) return "No winner";
  if (w.length === 1) return `${names[w[0]]} wins!`;
  return `Shared victory: ${join(w.map((s) => names[s]))}`;
}

/** The end screen's reason, in the players' names. */
export function outcomeReason(view, seats = []) {
  const names = namesOf(view, seats);
  const o = view?.outcome ?? {};
  const left = o.details?.cards_left ?? o.scores ?? [];
  const rounds = o.details?.rounds ?? view?.table?.round;
  const w = o.winners ?? [];
  const who = w.map((s) => `${names[s]} ${left[s] === 1 ? "has 1 card" : "has no cards"}`);
  return `${join(who)} left after ${plural(rounds ?? 0, "round")}.`;
}

/** The final table: cards left per player (hand + stock), winners first marked, rounds. */
export function scoreTableHtml(view, seats = []) {
  const names = namesOf(view, seats);
  const o = view?.outcome ?? {};
  const left = o.details?.cards_left ?? o.scores ?? [];
  const rounds = o.details?.rounds ?? view?.table?.round ?? "";
  const winners = o.winners ?? [];
  const rows = names.map((name, s) => `<tr data-seat="${s}" data-cards-left="${left[s] ?? ""}" class="${winners.includes(s) ? "winner" : ""}">
      <th scope="row">${winners.includes(s) ? `<span class="storm-crown" aria-hidden="true">★</span> <span class="visually-hidden">Winner: </span>` : ""}<span class="seat-dot" data-seat="${s}" aria-hidden="true"></span> ${esc(name)}</th>
      <td>${left[s] === undefined ? "" : esc(cardsWord(left[s]))}</td>
    </tr>`).join("");
  return `<div class="storm-end"><table class="storm-scores">
      <caption>Cards left (hand + stock): 0 or 1 wins</caption>
      <thead><tr><th scope="col">Player</th><th scope="col">Cards left</th></tr></thead>
      <tbody>${rows}</tbody>
    </table>
    <p class="storm-rounds" data-rounds="${rounds}">Rounds played: <b>${rounds}</b></p></div>`;
}
