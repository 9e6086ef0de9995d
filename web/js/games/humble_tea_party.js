// Humble Tea Party table renderer: a view (JSON) becomes the tea room; clicks become actions.
//
// Contract: render(root, {view, legal, seat, seats, act, busy, sending, optional, animate,
// replay}); describeAction(action, view[, names]); title; scoreTableHtml(view, seats),
// outcomeTitle(view, seats) for the end screen.
// Every final choice is one element with class "legal", an aria-label and data-action (its
// JSON); a Tea button for another human seat also carries data-as-seat (and every Tea button
// data-interrupt: the shell never focuses it first). The steps of a placement are buttons
// with class "pick": data-pick-deck (a deck's top tile; the first choice of a turn carries
// data-first-choice) and data-pick-target (whose Oribako); data-unpick clears the target. The decks and Oribako (the
// board) carry data-stay: nothing above them changes height between redraws. The prompt is
// [data-prompt]. Scores and previews come from the view (Python scores; nothing is re-derived
// here), and so do the rule facts drawn: the six hands and which is the favourite season's, each
// Oribako's window of cells (ruling H8), the Resets, a full box. The view's shapes are
// pygames/humble_tea_party/views.py's TypedDicts (web/js/views.d.ts: HtpTable). Hidden information: a favourite season is drawn only when the view gives it (the
// seat's own, revealed, or the replay's "everything"); its card carries
// data-favourite="<seat>:<season>" ("<seat>:?" while secret).

import { has, join, say, seatName, t as tr } from "../i18n.js";
import { controlFor, esc, fly, motionOk, nextFrame, pulse, redraw, send } from "./shared.js";

/** @import { Action, Message, RendererProps, SeatInfo, View } from "../types.js" */
/** @import { HandJson, HtpTable, OribakoJson, OtherMoveJson, PreviewJson, TileJson, TileMoveJson } from "../views.js" */
/** @import { HtpAction, HtpDetails, HtpKeep, HtpPlace, HtpTea } from "../views.js" */

/** @typedef {View<HtpTable, HtpDetails>} HtpView */
/** @typedef {RendererProps<HtpTable, HtpDetails>} Props */
/** A season, as views name it. @typedef {TileJson["season"]} Season */
/** A seat's last move (null before its first). @typedef {HtpTable["last"][number]} LastMove */

// The decisions of pygames/humble_tea_party/actions.py, in their JSON forms (written from it,
// views.d.ts).
/** @typedef {HtpKeep} KeepAction */
/** @typedef {HtpPlace} PlaceAction */
/** @typedef {HtpTea} TeaAction */

/** @param {Action} a @returns {a is KeepAction} */
const isKeep = (a) => a.type === "keep";
/** @param {Action} a @returns {a is PlaceAction} */
const isPlace = (a) => a.type === "place";
/** @param {Action} a @returns {a is TeaAction} */
const isTea = (a) => a.type === "tea";

export const title = "Humble Tea Party";

// Every word shown comes from the catalogue (pygames/humble_tea_party/i18n/*.json and the
// sweets' data table): the renderer's own words are humble_tea_party.ui.*.
/** @type {(key: string, args?: Record<string, unknown>) => string} */
const w = (key, args = {}) => tr(`humble_tea_party.ui.${key}`, args);
/** The words of `key` as HTML, with `args` already HTML (escaped by the caller).
 *  @type {(key: string, args?: Record<string, string>) => string} */
function html(key, args = {}) {
  const names = Object.keys(args);
  let out = esc(w(key, Object.fromEntries(names.map((k, i) => [k, `\u0000${i}\u0000`]))));
  names.forEach((k, i) => {
    out = out.split(`\u0000${i}\u0000`).join(args[k]);
  });
  return out;
}
/** @type {(season: Season) => string} */
const seasonName = (season) => tr(`humble_tea_party.season.${season}`);
/** A sweet's name (full, or as printed on the tile) from its type: ruling H3's data table.
 *  @type {(t: TileJson | null | undefined, short?: boolean) => string} */
const sweetName = (t, short = false) =>
  t ? tr(`humble_tea_party.${short ? "sweet_short" : "sweet"}.${t.type}`) : w("a_sweet");
/** A hand's name (ruling H12; the view lists the hands), from the catalogue.
 *  @type {(hand: HandJson) => string} */
export const handName = (hand) => tr(`humble_tea_party.hand.${hand.n}`);
/** What a hand counts, from the catalogue. @type {(hand: HandJson) => string} */
const handWhat = (hand) => w(`hand_what_${hand.n}`);
// The sweet's own colour, by month (Nerikiri, then Others): decoration only.
const SWEET_COLOUR = {
  nerikiri: ["#d9534f", "#e0465e", "#f3a7a0", "#f6c6d3", "#a58bc9", "#f0a64a", "#c9d98f",
    "#f4c430", "#f2e6a7", "#e8833a", "#c8442d", "#b8233a"],
  other: ["#f4d6dc", "#f7f1ea", "#9fc98f", "#f2b8c6", "#8fb069", "#8fa6d9", "#27406b",
    "#9cc7d8", "#f7f2e4", "#e8b43c", "#d9c9a8", "#f1cf3b"],
};

/** @type {(names: readonly string[] | undefined, s: number) => string} */
const nameOf = (names, s) => names?.[s] || seatName(s);

/** Full words for a tile, for screen readers and titles.
 * @param {TileJson | null | undefined} t */
export function tileWords(t) {
  if (!t) return w("unknown_tile");
  return w("tile_words", {
    sweet: sweetName(t),
    month: tr(`humble_tea_party.month.${t.month}`),
    season: seasonName(t.season),
    crest: tr(`humble_tea_party.crest.${t.crest}`),
    family: tr(`humble_tea_party.family.${t.family}`),
  });
}

/** "1 point", "−2 points", "no points". @param {number} n */
export function pointsWords(n) {
  if (n === 0) return w("no_points");
  return w("points", { n: Math.abs(n), sign: n < 0 ? "−" : "" });
}

/** A gain in words: "adds 1 point", "takes away 2 points", "adds no points". @param {number} n */
export function gainWords(n) {
  if (n > 0) return w("gain_up", { n });
  if (n < 0) return w("gain_down", { n: -n });
  return w("gain_none");
}

/** A gain on a badge: "+1", "−2", "±0". @type {(n: number) => string} */
const gainMark = (n) => (n > 0 ? `+${n}` : n < 0 ? `−${-n}` : "±0");

/** The hands a score or a gain is made of, in words ("Seasonal Assortment 1, Duplication −2"),
 *  by the view's list of `hands`; a hand not known to this reader (null) is left out.
 * @param {readonly (number | null)[] | null | undefined} points
 * @param {readonly HandJson[]} hands
 * @param {{gain?: boolean}} [how] */
export function handsWords(points, hands, { gain = false } = {}) {
  /** @type {string[]} */
  const parts = [];
  (points ?? []).forEach((p, i) => {
    const hand = hands[i];
    if (p === null || p === undefined || p === 0 || !hand) return;
    parts.push(w("hand_part", { hand: handName(hand), value: `${gain && p > 0 ? "+" : ""}${p < 0 ? `−${-p}` : p}` }));
  });
  return parts.join(w("sep"));
}

/** "Kenji's favourite season is secret and not counted" when the favourite season's hand
 *  (`t.favourite_hand`) is unknown.
 * @type {(points: readonly (number | null)[] | null | undefined, who: string, t: HtpTable | undefined) => string} */
const secretNote = (points, who, t) =>
  t && points?.[t.favourite_hand] === null ? w("secret_note", { who }) : "";

// ---------------------------------------------------------------------------------------------
// Geometry of an Oribako: the free grid, and the window of cells that can still be filled.

/**
 * The window of an Oribako's cells to draw, as the view gives it (ruling H8: the cells next to
 * its tiles that may still be filled; an empty box's round (0, 0)), and whether it is empty.
 * @param {OribakoJson} box
 */
export function extent(box) {
  const { x0, x1, y0, y1 } = box.window;
  return { x0, x1, y0, y1, empty: box.tiles.length === 0 };
}

/** An Oribako's tiles by cell ("x,y"). @param {OribakoJson | undefined} box */
function tilesByCell(box) {
  /** @type {Map<string, TileJson>} */
  const at = new Map();
  for (const c of box?.tiles ?? []) at.set(`${c.x},${c.y}`, c.tile);
  return at;
}

/** @param {OribakoJson | undefined} box @param {number} x @param {number} y */
function whereWords(box, x, y) {
  const at = tilesByCell(box);
  /** @type {string[]} */
  const rel = [];
  /** @type {[number, number, string][]} */
  const sides = [[-1, 0, "where_right"], [1, 0, "where_left"], [0, -1, "where_below"], [0, 1, "where_above"]];
  for (const [dx, dy, word] of sides) {
    const t = at.get(`${x + dx},${y + dy}`);
    if (t) rel.push(w(word, { sweet: sweetName(t) }));
  }
  const e = box ? extent(box) : { x0: x, y0: y };
  const pos = w("pos", { row: y - e.y0 + 1, col: x - e.x0 + 1 });
  return rel.length ? w("where_at", { rel: rel[0], pos }) : w("where_first", { pos });
}

/** The view's preview of a placement or keep (what it adds to that Oribako), if any.
 * @param {HtpView | null | undefined} view @param {KeepAction | PlaceAction} action
 * @returns {PreviewJson | null} */
function previewOf(view, action) {
  const list = view?.table?.previews ?? [];
  const target = action.type === "keep" ? view?.seat : action.target;
  const x = action.type === "keep" ? 0 : action.x;
  const y = action.type === "keep" ? 0 : action.y;
  return list.find((p) => p.deck === action.deck && p.target === target && p.x === x && p.y === y) ?? null;
}

/** "adds 1 point (Seasonal Assortment +1); Kenji's favourite season is secret and not counted"
 * @param {PreviewJson | null} p @param {string} who @param {HtpTable | undefined} t */
function previewWords(p, who, t) {
  if (!p) return "";
  const hands = handsWords(p.hands, t?.hands ?? [], { gain: true });
  const note = secretNote(p.hands, who, t);
  const gain = hands ? w("with_hands", { text: gainWords(p.gain), hands }) : gainWords(p.gain);
  return note ? w("with_note", { text: gain, note }) : gain;
}

/** Words for an action, as used in aria-labels. `names` are the seats' names if known.
 * @param {Action} action @param {HtpView | null} [view] @param {readonly string[]} [names] */
export function describeAction(action, view, names) {
  if (!action || typeof action !== "object") return String(action);
  const t = view?.table;
  if (isKeep(action)) {
    const top = t?.decks?.[action.deck]?.top;
    const p = previewWords(previewOf(view, action), nameOf(names, view?.seat ?? -1), t);
    const text = w("act_keep", { tile: top ? tileWords(top) : w("top_tile"), deck: action.deck + 1 });
    return p ? w("with_preview", { text, preview: p }) : text;
  }
  if (isPlace(action)) {
    const top = t?.decks?.[action.deck]?.top;
    const who = nameOf(names, action.target);
    const box = t?.oribako?.[action.target];
    const p = previewWords(previewOf(view, action), who, t);
    const sweet = top ? sweetName(top) : w("deck_top", { deck: action.deck + 1 });
    const text = w("act_place", { sweet, who, where: whereWords(box, action.x, action.y) });
    return p ? w("with_note", { text, note: p }) : text;
  }
  if (isTea(action)) return w("get_tea");
  return JSON.stringify(action);
}

/** One line on what a seat just did, from the view's `last` entry.
 * @param {LastMove | undefined} move @param {HtpView | null | undefined} view
 * @param {readonly string[]} [names] */
export function lastMoveWords(move, view, names) {
  if (!move) return w("no_move");
  const t = view?.table;
  /** @type {(target: number, x: number, y: number) => TileJson | null} */
  const tileAt = (target, x, y) =>
    (t?.oribako?.[target]?.tiles ?? []).find((c) => c.x === x && c.y === y)?.tile ?? null;
  switch (move.move) {
    case "keep": {
      const tile = tileAt(move.target, move.x, move.y);
      return w("last_keep", { sweet: sweetName(tile), deck: move.deck + 1 });
    }
    case "place": {
      const tile = tileAt(move.target, move.x, move.y);
      return w("last_place", { sweet: sweetName(tile), who: nameOf(names, move.target), deck: move.deck + 1 });
    }
    case "tea":
      return w("last_tea");
    case "pass":
      return w("last_pass");
    default:
      return "";
  }
}
// ---------------------------------------------------------------------------------------------
// Art: one sprite of symbols (season glyphs, crests, tea bowl), used by every tile.

/** @param {number} points @param {number} rOut @param {number} rIn */
function star(points, rOut, rIn, rot = -90) {
  const out = [];
  for (let i = 0; i < points * 2; i++) {
    const r = i % 2 ? rIn : rOut;
    const a = ((rot + (i * 180) / points) * Math.PI) / 180;
    out.push(`${(r * Math.cos(a)).toFixed(2)},${(r * Math.sin(a)).toFixed(2)}`);
  }
  return `M${out.join("L")}Z`;
}

const SPRITE = `<svg class="htp-sprite" aria-hidden="true" focusable="false" width="0" height="0">
  <symbol id="htp-s-spring" viewBox="-10 -10 20 20"><path d="M0,9 C-8,3 -8,-6 -3.2,-9 L0,-5.5 L3.2,-9 C8,-6 8,3 0,9 Z" fill="currentColor"/></symbol>
  <symbol id="htp-s-summer" viewBox="-10 -10 20 20"><circle r="4.2" fill="currentColor"/><g stroke="currentColor" stroke-width="2" stroke-linecap="round">${[0, 45, 90, 135, 180, 225, 270, 315]
    .map((a) => { const r = (a * Math.PI) / 180; return `<line x1="${(6.5 * Math.cos(r)).toFixed(1)}" y1="${(6.5 * Math.sin(r)).toFixed(1)}" x2="${(9 * Math.cos(r)).toFixed(1)}" y2="${(9 * Math.sin(r)).toFixed(1)}"/>`; }).join("")}</g></symbol>
  <symbol id="htp-s-autumn" viewBox="-10 -10 20 20"><path d="${star(5, 9.5, 3.6)}" fill="currentColor"/><path d="M0,2 L0,9.5" stroke="currentColor" stroke-width="1.6" stroke-linecap="round"/></symbol>
  <symbol id="htp-s-winter" viewBox="-10 -10 20 20"><g stroke="currentColor" stroke-width="1.8" stroke-linecap="round" fill="none">${[90, 30, -30]
    .map((a) => { const r = (a * Math.PI) / 180; const c = Math.cos(r) * 9; const s = Math.sin(r) * 9; return `<line x1="${c.toFixed(1)}" y1="${s.toFixed(1)}" x2="${(-c).toFixed(1)}" y2="${(-s).toFixed(1)}"/>`; }).join("")}
    ${[90, 30, -30, -90, -150, 150].map((a) => `<path d="M-2.6,-8.2 L0,-5.6 L2.6,-8.2" transform="rotate(${a - 90 + 180})"/>`).join("")}</g></symbol>
  <symbol id="htp-c-pine" viewBox="-10 -10 20 20"><path d="M0,-7.5 L-5,-2.2 L-2.6,-2.2 L-6.8,3 L-2.2,3 L-2.2,3 L6.8,3 L2.6,-2.2 L5,-2.2 Z" fill="currentColor"/><rect x="-1.3" y="3" width="2.6" height="4.2" fill="currentColor"/></symbol>
  <symbol id="htp-c-bamboo" viewBox="-10 -10 20 20"><g fill="currentColor"><rect x="-5" y="-8" width="3" height="16" rx="1"/><rect x="1" y="-6" width="3" height="14" rx="1"/></g><g stroke="var(--htp-crest-bg, #fff)" stroke-width="1"><line x1="-5.5" y1="-3" x2="-1.5" y2="-3"/><line x1="-5.5" y1="3" x2="-1.5" y2="3"/><line x1="0.5" y1="0" x2="4.5" y2="0"/></g><path d="M4,-1 C7,-5 9,-5 9.5,-7 C6,-7 4.5,-4.5 4,-1 Z" fill="currentColor"/></symbol>
  <symbol id="htp-c-plum" viewBox="-10 -10 20 20"><g fill="currentColor">${[0, 72, 144, 216, 288]
    .map((a) => { const r = ((a - 90) * Math.PI) / 180; return `<circle cx="${(4.6 * Math.cos(r)).toFixed(2)}" cy="${(4.6 * Math.sin(r)).toFixed(2)}" r="3.5"/>`; }).join("")}</g><circle r="1.6" fill="var(--htp-crest-bg, #fff)"/></symbol>
  <symbol id="htp-tea" viewBox="-20 -20 40 40"><path d="M-7,-9 C-9,-13 -5,-14 -7,-18 M0,-9 C-2,-13 2,-14 0,-18 M7,-9 C5,-13 9,-14 7,-18" fill="none" stroke="currentColor" stroke-width="1.6" stroke-linecap="round" opacity="0.55"/><path d="M-16,-6 L16,-6 C15,8 8,14 0,14 C-8,14 -15,8 -16,-6 Z" fill="var(--htp-bowl, #3b2a22)"/><path d="M-14.5,-6 L14.5,-6 C14,-3 -14,-3 -14.5,-6 Z" fill="var(--htp-matcha, #7fa04a)"/><path d="M-6,14 L-5,17 L5,17 L6,14 Z" fill="var(--htp-bowl, #3b2a22)"/><path d="M-12,2 C-6,6 6,6 12,2" fill="none" stroke="var(--htp-glaze, #c9a15a)" stroke-width="1.4"/></symbol>
  <symbol id="htp-fan" viewBox="-10 -10 20 20"><path d="M0,7 L-8.5,-3.5 A11,11 0 0 1 8.5,-3.5 Z" fill="currentColor"/><path d="M0,7 L-4.3,-6.5 M0,7 L0,-7.5 M0,7 L4.3,-6.5" stroke="var(--htp-crest-bg, #fff)" stroke-width="0.8"/><circle cy="7" r="1.4" fill="currentColor"/></symbol>
  <symbol id="htp-hush" viewBox="-10 -10 20 20"><circle r="9" fill="none" stroke="currentColor" stroke-width="1.6"/><circle cx="-3.2" cy="-2.5" r="1.2" fill="currentColor"/><circle cx="3.2" cy="-2.5" r="1.2" fill="currentColor"/><path d="M-4,3.5 L4,3.5" stroke="currentColor" stroke-width="1.8" stroke-linecap="round"/><path d="M-2,1.8 L-2,5.2 M0,1.8 L0,5.2 M2,1.8 L2,5.2" stroke="currentColor" stroke-width="0.8"/></symbol>
</svg>`;

/** @type {(id: string, cls?: string, size?: number | null) => string} */
const use = (id, cls = "", size = null) =>
  `<svg class="htp-icon ${cls}" viewBox="0 0 20 20"${size ? ` width="${size}" height="${size}"` : ""} aria-hidden="true" focusable="false"><use href="#${id}" width="20" height="20"/></svg>`;
/** @type {(season: Season, size?: number | null) => string} */
export const seasonIcon = (season, size = null) => use(`htp-s-${season}`, `season-${season}`, size);
const teaIcon = (cls = "") => `<svg class="htp-teabowl ${cls}" viewBox="0 0 40 40" aria-hidden="true" focusable="false"><use href="#htp-tea" width="40" height="40"/></svg>`;

/** @param {TileJson} t */
function sweetArt(t) {
  const colour = SWEET_COLOUR[t.family]?.[t.month - 1] ?? "#ddd";
  if (t.family === "nerikiri") {
    // A chakin-shaped Nerikiri: a soft five-lobed dome with pleats to its crown.
    return `<g class="sweet nerikiri"><path d="${star(5, 19, 15.5)}" transform="translate(50,53) rotate(0)" fill="${colour}" stroke="rgba(60,40,30,.45)" stroke-width="1.2" stroke-linejoin="round"/>
      <path d="M50,53 L50,38 M50,53 L64,48 M50,53 L59,66 M50,53 L41,66 M50,53 L36,48" stroke="rgba(255,255,255,.55)" stroke-width="1.3"/>
      <circle cx="50" cy="53" r="3.2" fill="rgba(255,255,255,.8)"/></g>`;
  }
  // Others: a mochi on a leaf.
  return `<g class="sweet other"><path d="M27,62 C34,44 66,44 73,62 C66,70 34,70 27,62 Z" fill="#6f8f3f" opacity=".8"/>
    <ellipse cx="50" cy="55" rx="18" ry="13" fill="${colour}" stroke="rgba(60,40,30,.45)" stroke-width="1.2"/>
    <ellipse cx="44" cy="50" rx="6" ry="3" fill="rgba(255,255,255,.55)"/></g>`;
}

/** One tile as SVG (viewBox 100 x 100): season frame + glyph, month in its family badge,
 *  crest, the sweet, its short name. `label` replaces its words; `hidden` makes it decoration
 *  (inside a labelled button, or a flying copy).
 * @param {TileJson} t
 * @param {{cls?: string, label?: string | null, hidden?: boolean, bare?: boolean}} [how] */
function tileSvg(t, { cls = "", label = null, hidden = false, bare = false } = {}) {
  const short = sweetName(t, true);
  const nerikiri = t.family === "nerikiri";
  const words = label ?? tileWords(t);
  const a11y = hidden ? `aria-hidden="true" focusable="false"` : `role="img" aria-label="${esc(words)}"`;
  return `<svg class="htp-tile season-${esc(t.season)} ${cls}" viewBox="0 0 100 100" ${a11y} data-type="${t.type}" data-tile-season="${esc(t.season)}">
    ${hidden ? "" : `<title>${esc(words)}</title>`}
    <rect class="frame" x="1.5" y="1.5" width="97" height="97" rx="10"/>
    <rect class="washi" x="8" y="8" width="84" height="84" rx="5"/>
    ${sweetArt(t)}
    ${bare ? "" : `<g class="month ${nerikiri ? "black" : "white"}"><circle cx="23" cy="23" r="15"/><text x="23" y="30.5" text-anchor="middle">${t.month}</text></g>`}
    <g class="crest"><circle cx="77" cy="23" r="14.5"/><use href="#htp-c-${esc(t.crest)}" x="65" y="11" width="24" height="24"/></g>
    <g class="band"><rect x="8" y="75" width="84" height="17" rx="3"/><use class="season-glyph" href="#htp-s-${esc(t.season)}" x="10" y="76.5" width="14" height="14"/>${bare ? "" : `<text class="name" x="57" y="89" text-anchor="middle"${short.length > 7 ? ` textLength="66" lengthAdjust="spacingAndGlyphs"` : ""}>${esc(short)}</text>`}</g>
  </svg>`;
}

// ---------------------------------------------------------------------------------------------
// Per-root state: the latest props, the view drawn last (for animations), the picked deck and
// target, where focus goes after a pick, one set of listeners.

/**
 * @typedef {object} RootState
 * @property {Props} props The latest props.
 * @property {HtpView | null} view The view drawn last.
 * @property {number | null} deck The picked deck.
 * @property {number | null} target The picked Oribako.
 * @property {string | null} key The decision the picks were made in.
 * @property {boolean} sending
 * @property {string | null} focus Where focus goes after the next draw (a selector).
 * @property {Set<number>} openScores The boxes whose score breakdown the person opened.
 * @property {number | null} hovered The box whose breakdown the mouse opened (it closes on leaving).
 */

/** @type {WeakMap<HTMLElement, RootState>} */
const roots = new WeakMap();

/** The thing a lesson's words name (pygames/tutorials.py SPOTS), found on the table drawn in
 *  `root`: a seat's Oribako or its favourite season card, the Tea token, a deck.
 *  @param {HTMLElement} root @param {{thing: string, seat?: number, at?: number}} spot
 *  @returns {Element | null} */
export function spot(root, { thing, seat = 0, at = 0 }) {
  if (thing === "box") return root.querySelector(`section.htp-box[data-seat="${seat}"]`);
  if (thing === "season") return root.querySelector(`section.htp-box[data-seat="${seat}"] [data-favourite]`);
  if (thing === "tea") return root.querySelector(".htp-tea");
  if (thing === "deck") return root.querySelector(`.htp-deck[data-deck="${at}"]`);
  return null;
}

/**
 * The control that makes `action` on the table drawn in `root`, or the next one to press
 * towards it (a placement: the deck, then whose Oribako, then the cell): a hint or a lesson
 * marks it.
 * @param {HTMLElement} root @param {Action} action @returns {Element | null}
 */
export function towards(root, action) {
  const exact = controlFor(root, action);
  if (exact) return exact;
  const st = roots.get(root);
  const a = /** @type {{type: string, deck?: number, target?: number}} */ (action);
  if (a.deck !== undefined && st?.deck !== a.deck) return root.querySelector(`[data-pick-deck="${a.deck}"]`);
  if (a.target !== undefined && st?.target !== a.target) {
    // The box's own button (its cells pick it too, but a cell also names a place).
    return root.querySelector(`button[data-pick-target="${a.target}"]`) ?? root.querySelector(`[data-pick-target="${a.target}"]`);
  }
  return null;
}

/**
 * Draw the table of `props.view` into `root`.
 * @param {HTMLElement} root
 * @param {Props} props
 */
export function render(root, props) {
  let st = roots.get(root);
  if (!st) {
    st = { props, view: null, deck: null, target: null, key: null, sending: false, focus: null, openScores: new Set(), hovered: null };
    roots.set(root, st);
    root.addEventListener("click", (e) => onActivate(root, e));
    root.addEventListener("keydown", (e) => onKey(root, e));
    const state = st;
    // A breakdown opened stays open across redraws (a toggle does not bubble: caught going down).
    root.addEventListener("toggle", (e) => {
      const el = /** @type {Element} */ (e.target);
      if (!(el instanceof HTMLDetailsElement) || !el.dataset.scoreOf) return;
      const s = Number(el.dataset.scoreOf);
      if (el.open) state.openScores.add(s);
      else state.openScores.delete(s);
    }, true);
    // A mouse pointing at a score opens its breakdown, and closes it on leaving, unless it was
    // opened by a click (a touch has no hover: a tap opens and closes it).
    root.addEventListener("pointerover", (e) => {
      const el = e.pointerType === "mouse" && /** @type {Element} */ (e.target).closest("details.htp-box-score");
      if (!(el instanceof HTMLDetailsElement) || el.open) return;
      state.hovered = Number(el.dataset.scoreOf);
      el.classList.add("by-hover");
      el.open = true;
    });
    root.addEventListener("pointerout", (e) => {
      const el = /** @type {Element} */ (e.target).closest("details.htp-box-score");
      if (!(el instanceof HTMLDetailsElement) || el.contains(/** @type {Node | null} */ (e.relatedTarget))) return;
      if (state.hovered === Number(el.dataset.scoreOf)) el.open = false;
      el.classList.remove("by-hover");
      state.hovered = null;
    });
    root.addEventListener("click", (e) => {
      // A click on a summary the mouse opened keeps it open (the click would close it).
      const summary = /** @type {Element} */ (e.target).closest("details.htp-box-score > summary");
      const el = summary?.parentElement;
      if (el instanceof HTMLDetailsElement && state.hovered === Number(el.dataset.scoreOf)) {
        e.preventDefault();
        el.classList.remove("by-hover");
        state.hovered = null;
      }
    }, true);
  }
  st.props = props;
  const t = props.view?.table;
  // Picks survive only while the same decision is on the table.
  const key = JSON.stringify([t?.step ?? null, t?.turn, t?.phase, props.legal, props.view?.seat, !!props.replay]);
  if (key !== st.key) {
    st.deck = null;
    st.target = null;
    st.key = key;
  }
  const before = st.view;
  st.view = props.view;
  draw(root, st);
  // The last step opens the end screen over the table: nothing travels under it.
  const over = props.view?.over || t?.phase === "over";
  if (props.animate && !props.replay && !over && before && before !== props.view && t) {
    const shown = props.view; // redrawn again before the frame: that step is not this one
    const drawn = st;
    nextFrame(() => drawn.view === shown && animateStep(root, t));
  }
}

/** @param {HTMLElement} root @param {RootState} st */
function draw(root, st) {
  redraw(root, tableHtml(st));
  if (st.focus) {
    const next = root.querySelector(st.focus);
    st.focus = null;
    if (next instanceof HTMLElement || next instanceof SVGElement) {
      next.focus({ preventScroll: true });
      // On a narrow screen the chosen Oribako may be far down: bring it into view (only then).
      const r = next.getBoundingClientRect();
      if (r.top < 0 || r.bottom > innerHeight) {
        next.scrollIntoView?.({ block: "center", behavior: motionOk() ? "smooth" : "auto" });
      }
    }
  }
}

/** @param {HTMLElement} root @param {MouseEvent} e */
function onActivate(root, e) {
  const st = roots.get(root);
  if (!st) return;
  const node = e.target instanceof Element
    ? e.target.closest("[data-action],[data-pick-deck],[data-pick-target],[data-unpick]")
    : null;
  if (!node || !root.contains(node) || !node.closest(".htp") || (node instanceof HTMLButtonElement && node.disabled)) return;
  const { props } = st;
  if (props.replay) return;
  const interrupt = node.hasAttribute("data-interrupt");
  if (st.sending || (interrupt ? (props.sending ?? props.busy) : props.busy)) return;
  if (node.hasAttribute("data-unpick")) {
    const s = st.target;
    st.target = null;
    st.focus = `[data-pick-target="${s}"]:is(button)`;
    draw(root, st);
    return;
  }
  if (node.hasAttribute("data-pick-deck")) {
    const d = Number(node.getAttribute("data-pick-deck"));
    if (st.deck === d) {
      // Pressing the chosen sweet again puts it back.
      st.deck = null;
      st.target = null;
      st.focus = `[data-pick-deck="${d}"]`;
    } else {
      st.deck = d;
      st.target = null;
      // Next: whom to recommend it to (or, with a single possible Oribako, where).
      st.focus = "button[data-pick-target], .htp-cell.spot";
    }
    draw(root, st);
    return;
  }
  if (node.hasAttribute("data-pick-target")) {
    const s = Number(node.getAttribute("data-pick-target"));
    if (st.deck === null) return;
    st.target = s;
    st.focus = `.htp-box[data-seat="${s}"] .htp-cell.spot`;
    draw(root, st);
    return;
  }
  /** @type {Action} */
  let action;
  try {
    action = JSON.parse(node.getAttribute("data-action") ?? "");
  } catch {
    return;
  }
  const asSeat = node.hasAttribute("data-as-seat") ? Number(node.getAttribute("data-as-seat")) : undefined;
  send(root, st, "htp-sending", () => (asSeat === undefined ? props.act(action) : props.act(action, asSeat)));
}

/** Arrow keys move between the deck tops, and between the glowing places of an Oribako.
 * @param {HTMLElement} root @param {KeyboardEvent} e */
function onKey(root, e) {
  /** @type {Record<string, [number, number] | undefined>} */
  const steps = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };
  const step = steps[e.key];
  if (!step || e.altKey || e.ctrlKey || e.metaKey) return;
  const here = e.target;
  if (!(here instanceof Element) || !root.contains(here)) return;
  /** @type {Element[] | null} */
  let group = null;
  if (here.matches(".htp-cell.spot")) group = [...(here.closest(".htp-tray")?.querySelectorAll(".htp-cell.spot") ?? [])];
  else if (here.matches("button.htp-deck-top")) group = [...root.querySelectorAll("button.htp-deck-top:not([disabled])")];
  if (!group || group.length < 2) return;
  const at = (/** @type {Element} */ n) => n.getBoundingClientRect();
  const a = at(here);
  const [dx, dy] = step;
  /** @type {HTMLElement | null} */
  let best = null;
  let bestScore = Infinity;
  for (const n of group) {
    if (n === here || !(n instanceof HTMLElement)) continue;
    const b = at(n);
    const ox = b.left + b.width / 2 - (a.left + a.width / 2);
    const oy = b.top + b.height / 2 - (a.top + a.height / 2);
    const along = ox * dx + oy * dy;
    if (along <= 1) continue;
    const score = along + 2 * Math.abs(ox * dy + oy * dx);
    if (score < bestScore) [best, bestScore] = [n, score];
  }
  if (best) {
    e.preventDefault();
    best.focus();
  }
}

// ---------------------------------------------------------------------------------------------
// What just happened: the step's moves travel (a tile from its deck to its cell) and glow.

/** @param {HTMLElement} root @param {HtpTable} t */
function animateStep(root, t) {
  if (!motionOk()) return;
  /** @type {[number, TileMoveJson | OtherMoveJson][]} */
  const moves = [];
  (t.last ?? []).forEach((m, s) => {
    if (m && m.step === t.step) moves.push([s, m]);
  });
  let delay = 0;
  for (const [s, m] of moves) {
    if (m.move === "keep" || m.move === "place") {
      const cell = root.querySelector(`.htp-box[data-seat="${m.target}"] .htp-cell[data-x="${m.x}"][data-y="${m.y}"]`);
      const pile = root.querySelector(`.htp-deck[data-deck="${m.deck}"] .htp-deck-pile`);
      const tile = (t.oribako?.[m.target]?.tiles ?? []).find((c) => c.x === m.x && c.y === m.y)?.tile;
      if ((cell instanceof HTMLElement || cell instanceof SVGElement) && pile && tile) {
        fly(tileSvg(tile, { hidden: true }), pile, cell, { duration: 520, delay, target: cell, className: "htp-fly" });
        pulse(pile.querySelector(".htp-deck-face"), { delay: delay + 260, duration: 500 });
        pulse(cell, { delay: delay + 520, duration: 600 });
      }
      delay += 520;
    } else if (m.move === "tea") {
      pulse(root.querySelector(".htp-tea-spot"), { delay, duration: 600 });
      pulse(root.querySelector(`.htp-box[data-seat="${s}"] .htp-box-head`), { delay, duration: 600 });
      delay += 300;
    } else {
      pulse(root.querySelector(`.htp-box[data-seat="${s}"] .htp-did`), { delay, duration: 600 });
      delay += 200;
    }
    if (delay > 900) delay = 900; // a whole step stays under about 1.2 s
  }
}

// ---------------------------------------------------------------------------------------------
// The whole table.

/** What a drawing of the table needs, worked out once from the props. @param {RootState} st */
function buildContext(st) {
  const { view, legal = [], seats = [], busy, sending, optional = [], replay = false } = st.props;
  const t = view.table;
  const n = t.oribako?.length ?? view.players ?? 0;
  const seat = typeof view.seat === "number" ? view.seat : -1;
  const names = Array.from({ length: n }, (_, s) => seats[s]?.name || seatName(s));
  /** @type {Action[]} */
  const live = replay ? [] : legal;
  const places = live.filter(isPlace);
  const keeps = live.filter(isKeep);
  const myTea = live.find(isTea) ?? null;
  // Other human seats that may Get Tea now (a bot decides its own Tea).
  const otherTea = replay ? [] : optional
    .filter((o) => o.seat !== seat && !seats[o.seat]?.bot && (o.legal ?? []).some((a) => a.type === "tea"))
    .map((o) => o.seat);
  const targets = settlePicks(st, places);
  const teams = t.options?.team_battle ? t.options.teams ?? null : null;
  return {
    st, view, t, legal: live, seat, seats, names, busy: !!busy, sending: !!(sending ?? busy), places, keeps,
    myTea, otherTea, targets, deck: st.deck, target: st.target, teams, replay,
    everything: view.everything === true, over: view.over || t.phase === "over",
  };
}
/** @typedef {ReturnType<typeof buildContext>} Ctx */

/**
 * Keep the player's picks (a deck, then whom to recommend it to) to what `places` (the legal
 * placements) still allow: a pick that no longer leads anywhere is dropped, and a single possible
 * target is picked for the player. Returns the targets the picked deck may go to.
 * @param {{deck: number | null, target: number | null}} st
 * @param {readonly PlaceAction[]} places
 * @returns {number[]}
 */
export function settlePicks(st, places) {
  if (st.deck !== null && !places.some((a) => a.deck === st.deck)) st.deck = null;
  const targets = st.deck === null ? [] : [...new Set(places.filter((a) => a.deck === st.deck).map((a) => a.target))];
  if (st.target !== null && !targets.includes(st.target)) st.target = null;
  if (st.deck !== null && st.target === null && targets.length === 1) st.target = targets[0];
  return targets;
}

/** @param {RootState} st */
function tableHtml(st) {
  const { view } = st.props;
  const t = view?.table;
  if (!t) return `<div class="htp"><p class="htp-prompt" data-prompt tabindex="-1">${esc(w("waiting"))}</p></div>`;
  const ctx = buildContext(st);
  const n = ctx.names.length;
  const cls = ["htp", `phase-${esc(t.phase)}`];
  if (ctx.busy) cls.push("busy");
  if (ctx.over) cls.push("over");
  if (ctx.replay) cls.push("replay");
  return `<div class="${cls.join(" ")}" data-phase="${esc(t.phase)}" data-players="${n}" data-layout="${n <= 4 ? "row" : "side"}" style="--n:${n}">
    ${SPRITE}
    ${statusHtml(ctx)}
    <div class="htp-layout" data-stay>
      <section class="htp-centre" aria-label="${esc(w("centre"))}">
        ${decksHtml(ctx)}
        <div class="htp-centre-side">
          ${teaHtml(ctx)}
          ${cardsHtml(ctx)}
        </div>
      </section>
      <section class="htp-boxes" aria-label="${esc(w("boxes"))}">
        ${ctx.names.map((_, s) => boxHtml(ctx, s)).join("")}
      </section>
    </div>
    ${ctx.over ? `<section class="htp-final" aria-label="${esc(w("final_scores"))}">${scoreTableHtml(view, ctx.seats, { inTable: true })}</section>` : ""}
  </div>`;
}

// ---------------------------------------------------------------- status

/** @param {HtpTable} t */
function phaseLabel(t) {
  if (t.phase === "own") return w("phase_own");
  if (t.phase === "recommend") return w("phase_recommend");
  return w("phase_over");
}

/** The phase's short name, for a phone's status line. @param {HtpTable} t */
function phaseShort(t) {
  if (t.phase === "own") return w("phase_own_short");
  if (t.phase === "recommend") return w("phase_recommend_short");
  return w("phase_over");
}

/** @param {Ctx} ctx */
function promptHtml(ctx) {
  const { t, view, names, seat } = ctx;
  const awaited = view.awaiting ?? view.actors ?? [];
  const actor = awaited.length ? awaited[0] : t.turn;
  const who = (/** @type {number} */ s) => `<strong>${esc(names[s] ?? "—")}</strong>${ctx.seats[s]?.bot ? esc(w("bot_mark")) : ""}`;
  if (ctx.over) {
    return html("prompt_over", { winner: `<strong>${esc(winnerWords(view.outcome?.winners ?? [], names, t))}</strong>` });
  }
  const doing = (/** @type {number} */ s) => html(t.phase === "own" ? "doing_own" : "doing_recommend", { who: who(s) });
  if (ctx.everything) return html("everything", { text: doing(actor) });
  if (ctx.replay) return doing(actor);
  const me = seat >= 0 ? `<strong>${esc(names[seat])}</strong>` : "";
  if (ctx.keeps.length) {
    return html("prompt_keep", { me, own: `<em>${esc(w("your_own"))}</em>` });
  }
  if (ctx.places.length) {
    if (ctx.deck === null) return html("prompt_choose", { me });
    const top = t.decks[ctx.deck]?.top;
    const sweet = `<strong>${esc(top ? sweetName(top) : w("a_sweet"))}</strong>`;
    if (ctx.target === null) return html("prompt_whom", { sweet });
    return html("prompt_where", { sweet, who: esc(names[ctx.target]) });
  }
  return `${doing(actor)}${ctx.myTea ? ` <span class="htp-hint">${esc(w("hint_tea"))}</span>` : ""}`;
}

/** @param {Ctx} ctx */
function statusHtml(ctx) {
  const { t } = ctx;
  const max = t.max_resets ?? 0;
  const resets = Math.min(max, t.resets ?? 0);
  const pips = Array.from({ length: max }, (_, i) => `<span class="pip${i < resets ? " used" : ""}"></span>`).join("");
  const hush = t.options?.no_chatting
    ? `<span class="htp-hush" title="${esc(w("hush_title"))}">${use("htp-hush", "", 18)}<span class="hush-word">${esc(w("hush"))}</span></span>`
    : "";
  const used = resets === 0 ? w("resets_none", { max }) : w("resets_used", { n: resets, max });
  const yours = ctx.keeps.length > 0 || ctx.places.length > 0;
  return `<div class="htp-status${yours ? " your-move" : ""}">
      <div class="htp-status-top">
        <span class="htp-phase"><span class="long">${esc(phaseLabel(t))}</span><span class="short" aria-hidden="true">${esc(phaseShort(t))}</span></span>
        <span class="htp-resets"><span aria-hidden="true">${esc(w("resets"))} ${pips} ${resets}/${max}</span><span class="sr">${esc(used)}</span></span>
        ${hush}
      </div>
      <p class="htp-prompt" data-prompt tabindex="-1" aria-live="polite">${promptHtml(ctx)}</p>
    </div>`;
}

/** The end screen's headline: the winner, the shared win or the winning team.
 * @param {HtpView | null | undefined} view @param {readonly SeatInfo[]} [seats] */
export function outcomeTitle(view, seats = []) {
  const n = view?.table?.oribako?.length ?? view?.players ?? 0;
  const names = Array.from({ length: n }, (_, s) => seats[s]?.name || seatName(s));
  return winnerWords(view?.outcome?.winners ?? [], names, view?.table);
}

/** @param {readonly number[]} winners @param {readonly string[]} names @param {HtpTable | undefined} t */
function winnerWords(winners, names, t) {
  if (t?.options?.team_battle && t.team_scores) {
    const teams = t.options.teams ?? [];
    const [a, b] = t.team_scores;
    if (a === b && winners.length === names.length) return w("teams_share");
    return w("team_wins", { team: w(`team_${teams[winners[0]] ?? 0}`) });
  }
  if (!winners.length) return w("no_winner");
  if (winners.length === 1) return w("wins", { who: names[winners[0]] });
  return w("shared_win", { who: join(winners.map((s) => names[s])) });
}

// ---------------------------------------------------------------- decks, tea, cards

/**
 * @param {Ctx} ctx
 * @param {HtpAction} action
 * @param {string} [cls]
 * @param {string | null} [label]
 * @param {boolean} [busy]
 */
function legalAttrs(ctx, action, cls = "", label = null, busy = ctx.busy) {
  const json = JSON.stringify(action);
  const words = label ?? describeAction(action, ctx.view, ctx.names);
  return `class="legal ${cls}" data-action="${esc(json)}" data-focus-key="${esc(json)}" aria-label="${esc(words)}" title="${esc(words)}"${busy ? " disabled" : ""}`;
}

/** @param {PreviewJson | null} p */
function gainBadge(p) {
  if (!p) return "";
  const kind = p.gain > 0 ? "up" : p.gain < 0 ? "down" : "even";
  // Drawn from an attribute (CSS content): decoration, the button's name says it in words.
  return `<span class="htp-gain ${kind}" data-gain="${gainMark(p.gain)}" aria-hidden="true"></span>`;
}

/** @param {Ctx} ctx */
function decksHtml(ctx) {
  const { t } = ctx;
  let first = true;
  const decks = (t.decks ?? []).map((d, i) => {
    const top = d.top;
    const size = d.size ?? 0;
    const depth = Math.min(6, Math.ceil(size / 4));
    const stack = `<span class="htp-stack" style="--depth:${depth}" aria-hidden="true"></span>`;
    // A deck's top is drawn under its button (the button holds no printed words of the tile,
    // so its name, which says everything, is all a screen reader or voice control meets).
    let face;
    if (!top) {
      face = `<span class="htp-deck-empty">${esc(w("empty"))}</span>`;
    } else {
      const keep = ctx.keeps.find((a) => a.deck === i);
      const canPick = ctx.places.some((a) => a.deck === i);
      const mark = (ctx.busy || !first) ? "" : " data-first-choice";
      const art = `<span class="htp-deck-face" aria-hidden="true">${tileSvg(top, { hidden: true })}</span>`;
      if (keep) {
        first = first && !!ctx.busy;
        const p = previewOf(ctx.view, keep);
        face = `${art}<button type="button" ${legalAttrs(ctx, keep, "htp-deck-top")}${mark}>${gainBadge(p)}</button>`;
      } else if (canPick) {
        first = first && !!ctx.busy;
        const picked = ctx.deck === i;
        const words = picked
          ? w("deck_picked", { sweet: sweetName(top), deck: i + 1 })
          : w("deck_choose", { tile: tileWords(top), deck: i + 1 });
        face = `${art}<button type="button" class="pick htp-deck-top pickable${picked ? " picked" : ""}" data-pick-deck="${i}" data-focus-key="deck-${i}" aria-pressed="${picked}" aria-label="${esc(words)}" title="${esc(words)}"${ctx.busy ? " disabled" : ""}${mark}></button>`;
      } else {
        face = `<span class="htp-deck-face">${tileSvg(top, { label: w("deck_top_label", { deck: i + 1, tile: tileWords(top) }) })}</span>`;
      }
    }
    const left = size === 0 ? w("empty") : w("tiles", { n: size });
    return `<div class="htp-deck${ctx.deck === i ? " is-picked" : ""}" data-deck="${i}">
        <div class="htp-deck-pile">${stack}${face}</div>
        <span class="htp-deck-label">${esc(w("deck_label", { deck: i + 1, left }))}</span>
      </div>`;
  });
  return `<div class="htp-decks" role="group" aria-label="${esc(w("decks"))}">${decks.join("")}</div>`;
}

/** @param {Ctx} ctx */
function teaHtml(ctx) {
  const { t, names } = ctx;
  const holder = t.tea?.holder ?? null;
  const spent = t.tea?.spent ?? [];
  const where = holder === null
    ? w("tea_centre")
    : w("tea_away", { who: names[holder] });
  const buttons = [];
  // Tea is an interruption: only a send in flight disables it, never a bot's pause.
  if (ctx.myTea) {
    const words = ctx.seat >= 0 ? w("get_tea_as", { who: names[ctx.seat] }) : w("get_tea");
    buttons.push(`<button type="button" ${legalAttrs(ctx, ctx.myTea, "htp-tea-btn", words, ctx.sending)} data-interrupt="1">${teaIcon("small")}<span>${esc(w("get_tea"))}</span></button>`);
  }
  for (const s of ctx.otherTea) {
    const words = w("get_tea_as", { who: names[s] });
    buttons.push(`<button type="button" class="legal htp-tea-btn other" data-action="${esc(JSON.stringify({ type: "tea" }))}" data-as-seat="${s}" data-interrupt="1" data-focus-key="tea-${s}" aria-label="${esc(words)}" title="${esc(words)}"${ctx.sending ? " disabled" : ""}>${teaIcon("small")}<span>${esc(words)}</span></button>`);
  }
  const spentList = spent.length
    ? `<p class="htp-spent">${esc(w("tea_taken"))} ${spent.map((s) => `<span class="htp-point">${esc(names[s])}</span>`).join(" ")}</p>`
    : "";
  return `<div class="htp-tea${holder === null ? " home" : " away"}" data-tea-holder="${holder ?? ""}">
      <div class="htp-tea-spot">${holder === null ? teaIcon() : `<span class="htp-tea-empty" aria-hidden="true"></span>`}</div>
      <div class="htp-tea-text"><span class="htp-label">${esc(w("tea"))}</span><p>${esc(where)}</p>${spentList}
        ${buttons.length ? `<div class="htp-tea-buttons">${buttons.join("")}</div>` : ""}</div>
    </div>`;
}

/** @param {Ctx} ctx */
function cardsHtml(ctx) {
  const cards = ctx.t.undealt_cards ?? [];
  if (!cards.length) return "";
  return `<div class="htp-undealt"><span class="htp-label">${esc(w("undealt"))}</span>
      <div class="htp-cards">${cards.map((s) => seasonCard(s, "undealt")).join("")}</div>
    </div>`;
}

/**
 * @param {Season} season
 * @param {string} cls
 * @param {{label?: string | null, data?: string}} [how]
 */
function seasonCard(season, cls, { label = null, data = "" } = {}) {
  const name = seasonName(season);
  const words = label ?? name;
  return `<span class="htp-card season-${esc(season)} ${cls}" title="${esc(words)}"${data}><span aria-hidden="true">${seasonIcon(season)}<span>${esc(name)}</span></span><span class="sr">${esc(words)}</span></span>`;
}

// ---------------------------------------------------------------- the Oribako

/** @param {Ctx} ctx @param {number} s @param {OribakoJson} box */
function favouriteHtml(ctx, s, box) {
  const season = box.season;
  if (season && has(`humble_tea_party.season.${season}`)) {
    const own = s === ctx.seat && !box.revealed;
    const label = w(own ? "fav_own" : box.revealed ? "fav_revealed" : "fav_replay", { season: seasonName(season) });
    return seasonCard(season, own ? "fav own" : "fav revealed", { label, data: ` data-favourite="${s}:${esc(season)}"` });
  }
  return `<span class="htp-card fav secret" data-favourite="${s}:?" title="${esc(w("fav_secret_title"))}"><span class="q" aria-hidden="true">?</span><span aria-hidden="true">${esc(w("secret"))}</span><span class="sr">${esc(w("fav_secret"))}</span></span>`;
}

/** The running score in words, and its short form on the box.
 * @param {Ctx} ctx @param {number} s @param {OribakoJson} box */
function scoreParts(ctx, s, box) {
  const sc = box.score;
  if (!sc) return { head: "", short: "", others: "", words: "" };
  const own = s === ctx.seat && !box.revealed;
  const hands = handsWords(sc.points, ctx.t.hands);
  const secret = sc.points?.[ctx.t.favourite_hand] === null;
  const total = pointsWords(sc.total);
  let words = w(box.complete ? "score" : "score_so_far", { total });
  if (hands) words = w("with_hands", { text: words, hands });
  if (secret) words = w(box.complete ? "score_secret" : "score_secret_plus", { text: words });
  if (own && sc.public !== sc.total) words = w("others_see", { text: words, points: pointsWords(sc.public) });
  const head = w(box.complete ? "head_score" : "head_so_far");
  // The favourite season's part, still secret, is said as unknown: never a "+?" to puzzle over.
  const short = fmt(sc.total);
  const others = own && sc.public !== sc.total ? w("others_see_short", { n: fmt(sc.public) }) : "";
  return { head, short, others, words, secret: secret && !box.complete };
}

/** The running score hand by hand (ruling H12: the view's hands, in order), opened by a tap
 *  or a hover on the score; the favourite season's hand says "secret" while it is.
 * @param {Ctx} ctx @param {OribakoJson} box */
function scoreBreakdown(ctx, box) {
  const sc = box.score;
  const rows = (ctx.t.hands ?? []).map((hand, i) => {
    const p = sc?.points?.[i];
    const k = sc?.hands?.[i];
    const unknown = p === null || p === undefined;
    const value = unknown ? w("secret") : gainMark(p).replace("±0", "0");
    const title = w("hand_title", { hand: handName(hand), what: handWhat(hand) });
    const count = unknown || !k ? "" : ` <small>(${esc(String(k))})</small>`;
    return `<li class="${unknown ? "secret" : p ? "scores" : "none"}" title="${esc(title)}"><span class="htp-hand-name">${esc(handName(hand))}${count}</span><b>${esc(value)}</b></li>`;
  });
  return `<ul class="htp-hand-list">${rows.join("")}</ul>`;
}

/** @param {Ctx} ctx @param {number} s */
function boxHtml(ctx, s) {
  const { t, names, view } = ctx;
  const box = t.oribako[s];
  const turn = !ctx.over && t.turn === s;
  const underTea = (t.tea?.holder ?? null) === s || box.tea;
  const spent = (t.tea?.spent ?? []).includes(s) && !underTea;
  const isTarget = ctx.targets.includes(s);
  const picked = ctx.target === s;
  const team = ctx.teams ? ctx.teams[s] : null;
  const cls = ["htp-box", `seat-${s}`];
  if (turn) cls.push("is-turn");
  if (s === ctx.seat) cls.push("is-you");
  if (box.complete) cls.push("complete");
  if (underTea) cls.push("under-tea");
  if (isTarget) cls.push(picked ? "is-target picked" : "is-target");
  if (team !== null) cls.push(`team-${team}`);
  const count = box.tiles?.length ?? 0;
  const bot = ctx.seats[s]?.level ?? ctx.seats[s]?.bot;
  const tags = [];
  if (s === ctx.seat) tags.push(`<span class="htp-tag you">${esc(w("you"))}</span>`);
  if (t.start_player === s) tags.push(`<span class="htp-tag first" title="${esc(w("start_title"))}">${esc(w("start"))}</span>`);
  if (team !== null) {
    const word = w(`team_word_${team}`);
    tags.push(`<span class="htp-tag team team-${team}" title="${esc(w(`team_${team}`))}"><span aria-hidden="true">${team === 0 ? "▲" : "●"}</span><span class="team-word"> ${esc(word)}</span></span>`);
  }
  if (turn) tags.push(`<span class="htp-turn" title="${esc(w("active"))}">${use("htp-fan", "", 14)}<span class="sr">${esc(w(view.awaiting?.includes(s) ? "to_play" : "their_turn"))}</span></span>`);
  const did = lastMoveWords(t.last?.[s], view, names);
  const botTag = bot ? `<span class="htp-bot">${esc(w("bot", { bot }))}</span> ` : "";
  const { head, short, others, words: scoreWords, secret: seasonSecret } = scoreParts(ctx, s, box);
  const badges = [];
  if (underTea) badges.push(`<span class="htp-has-tea" title="${esc(w("having_tea_title"))}">${teaIcon("small")}${esc(w("having_tea"))}</span>`);
  if (spent) badges.push(`<span class="htp-spent-tea" title="${esc(w("tea_spent"))}">${teaIcon("small")}<span class="sr">${esc(w("tea_spent"))}</span></span>`);
  let pick = "";
  if (isTarget && !picked) {
    const words = w("recommend_to", { who: names[s] });
    pick = `<button type="button" class="pick htp-target-btn" data-pick-target="${s}" data-focus-key="target-${s}" aria-label="${esc(words)}"${ctx.busy ? " disabled" : ""}>${esc(w("recommend"))}</button>`;
  } else if (picked && ctx.targets.length > 1) {
    pick = `<button type="button" class="htp-cancel" data-unpick="target" data-focus-key="unpick-target" aria-label="${esc(w("choose_another"))}"${ctx.busy ? " disabled" : ""}>${esc(w("another"))}</button>`;
  }
  const full = t.box_full ?? count;
  const label = w("box_label", { who: names[s], bot: bot ? w("bot_suffix") : "", fill: box.complete ? w("complete") : w("sweets_of", { n: count, full }) });
  return `<section class="${cls.join(" ")}" data-seat="${s}" style="--mover: var(--seat-${s})" aria-label="${esc(label)}">
      <header class="htp-box-head">
        <div class="htp-head-row">
          <span class="seat-dot" data-seat="${s}" aria-hidden="true"></span>
          <span class="htp-name">${esc(names[s])}</span>${tags.join("")}
          <span class="htp-head-right">${favouriteHtml(ctx, s, box)}</span>
        </div>
        <p class="htp-did" title="${esc(bot ? w("bot_did", { bot, did }) : did)}">${botTag}<span>${esc(did)}</span></p>
      </header>
      ${trayHtml(ctx, s, box)}
      <footer class="htp-box-foot">
        <details class="htp-box-score${ctx.st.hovered === s ? " by-hover" : ""}" data-total="${box.score?.total ?? ""}" data-public="${box.score?.public ?? ""}"${ctx.st.openScores.has(s) ? " open" : ""} data-score-of="${s}"><summary title="${esc(scoreWords)}"><span aria-hidden="true"><span class="head">${esc(head)} </span>${esc(short)}${seasonSecret ? `<span class="secret-part"> ${esc(w("plus_secret_season"))}</span>` : ""}${others ? `<span class="others">${esc(others)}</span>` : ""}</span><span class="sr">${esc(scoreWords)}</span></summary>${scoreBreakdown(ctx, box)}</details>
        <span class="htp-count" aria-hidden="true">${count}/${full}</span>
        ${badges.join("")}
        ${pick}
      </footer>
    </section>`;
}

/** @param {Ctx} ctx @param {number} s @param {OribakoJson} box */
function trayHtml(ctx, s, box) {
  const { t, names } = ctx;
  const e = extent(box);
  const cols = e.x1 - e.x0 + 1;
  const rows = e.y1 - e.y0 + 1;
  const at = tilesByCell(box);
  const mine = ctx.deck !== null ? ctx.places.filter((a) => a.deck === ctx.deck && a.target === s) : [];
  const active = ctx.target === s;
  /** @type {Map<string, PlaceAction>} */
  const byCell = new Map();
  for (const a of mine) byCell.set(`${a.x},${a.y}`, a);
  const top = ctx.deck !== null ? t.decks[ctx.deck]?.top : null;
  // Last moves that put a tile here, by cell: the mover's colour stays on it until they move.
  /** @type {Map<string, number>} */
  const lastHere = new Map();
  (t.last ?? []).forEach((m, mover) => {
    if (m && (m.move === "keep" || m.move === "place") && m.target === s) lastHere.set(`${m.x},${m.y}`, mover);
  });
  const cells = [];
  for (let y = e.y0; y <= e.y1; y++) {
    for (let x = e.x0; x <= e.x1; x++) {
      const k = `${x},${y}`;
      const tile = at.get(k);
      const place = byCell.get(k);
      const style = `grid-column:${x - e.x0 + 1};grid-row:${y - e.y0 + 1}`;
      if (tile) {
        const mover = lastHere.get(k);
        if (mover === undefined) {
          cells.push(`<div class="htp-cell filled" style="${style}" data-x="${x}" data-y="${y}">${tileSvg(tile)}</div>`);
        } else {
          const label = w("last_here", { tile: tileWords(tile), who: names[mover] });
          cells.push(`<div class="htp-cell filled last" style="${style};--mover:var(--seat-${mover})" data-last-by="${mover}" data-x="${x}" data-y="${y}">${tileSvg(tile, { label })}<span class="htp-mover seat-dot" data-seat="${mover}" aria-hidden="true"></span></div>`);
        }
      } else if (place && active) {
        const a = place;
        const p = previewOf(ctx.view, a);
        // The faded sweet inside is bare (no printed words): the button's name says it all.
        cells.push(`<button type="button" ${legalAttrs(ctx, a, "htp-cell spot")} style="${style}" data-x="${x}" data-y="${y}">${top ? tileSvg(top, { cls: "ghost", hidden: true, bare: true }) : ""}${gainBadge(p)}</button>`);
      } else if (place) {
        // A mouse shortcut for "Recommend to …" (keyboard users have that button).
        const p = previewOf(ctx.view, place);
        cells.push(`<div class="htp-cell candidate" style="${style}" data-pick-target="${s}" aria-hidden="true">${gainBadge(p)}</div>`);
      } else {
        cells.push(`<div class="htp-cell slot${e.empty ? " first" : ""}" style="${style}" aria-hidden="true"></div>`);
      }
    }
  }
  const label = box.tiles?.length ? w("sweets_of", { n: box.tiles.length, full: t.box_full ?? "" }) : w("empty");
  // The tray keeps the room of a 4 x 4 window (the most the free grid can show), so an
  // Oribako does not change size as it fills; the cells sit centred in it.
  return `<div class="htp-tray-wrap"><div class="htp-tray${active ? " active" : ""}" role="group" aria-label="${esc(label)}"><div class="htp-grid" style="--cols:${cols};--rows:${rows}">${cells.join("")}</div></div></div>`;
}

// ---------------------------------------------------------------- scores

/** The score table of a finished game: every hand per player, totals, seasons, tie-break.
 * @param {HtpView} view @param {readonly SeatInfo[]} [seats] @param {{inTable?: boolean}} [how] */
export function scoreTableHtml(view, seats = [], { inTable = false } = {}) {
  const t = view.table;
  const o = view.outcome;
  const n = t.oribako?.length ?? view.players ?? 0;
  const names = Array.from({ length: n }, (_, s) => seats[s]?.name || seatName(s));
  const winners = o?.winners ?? [];
  const teams = t.options?.team_battle ? t.options.teams ?? null : null;
  const handList = t.hands ?? [];
  const rows = names.map((name, s) => {
    const sc = t.scores?.[s];
    const hands = sc?.hands ?? [];
    const points = sc?.points ?? [];
    const total = sc?.total ?? o?.scores?.[s] ?? "";
    const season = t.oribako?.[s]?.season;
    const cells = handList.map((h, i) => {
      const p = points[i] ?? "";
      const k = hands[i] ?? "";
      // A hand worth other than a point each (Duplication) shows its count too.
      const shown = h.points !== 1 && k ? `${fmt(p)} <small>(${k})</small>` : fmt(p);
      return `<td role="cell" data-hand="${h.n}" data-label="#${h.n}" data-count="${k}" data-points="${p}" title="${esc(w("hand_cell", { hand: handName(h), k, p }))}">${shown}</td>`;
    }).join("");
    const team = teams ? `<span class="htp-tag team team-${teams[s]}" title="${esc(w(`team_${teams[s]}`))}">${teams[s] === 0 ? "▲" : "●"}</span>` : "";
    return `<tr role="row" data-seat="${s}" data-total="${total}" class="${winners.includes(s) ? "winner" : ""}">
        <th scope="row" role="rowheader">${winners.includes(s) ? `<span class="htp-crown" aria-label="${esc(w("winner"))}">★</span> ` : ""}${esc(name)} ${team}</th>
        <td role="cell" class="season">${season ? `${seasonIcon(season, 14)} ${esc(seasonName(season))}` : "?"}</td>
        ${cells}
        <td role="cell" class="total" data-total="${total}" data-label="${esc(w("total"))}"><b>${fmt(total)}</b></td>
      </tr>`;
  }).join("");
  const head = handList.map((h) => `<th scope="col" role="columnheader" title="${esc(w("hand_title", { hand: handName(h), what: handWhat(h) }))}"><abbr title="${esc(handName(h))}">#${h.n}</abbr><span class="hand-name">${esc(handName(h))}</span></th>`).join("");
  const teamScores = t.team_scores;
  const teamRow = teams && teamScores
    ? `<p class="htp-team-scores" data-team-scores="${esc(JSON.stringify(teamScores))}">${html("team_scores", { a: `<b>${esc(teamScores[0])}</b>`, b: `<b>${esc(teamScores[1])}</b>` })}</p>`
    : "";
  const tb = o?.details?.tiebreak;
  const tiebreak = isMessage(tb)
    ? `<p class="htp-tiebreak" data-tiebreak="1">${esc(w("tiebreak", { text: say(tb, names) }))}</p>`
    : `<p class="htp-tiebreak">${esc(w("no_tiebreak"))}</p>`;
  // The table may scroll sideways on a narrow screen: a keyboard can reach it (tabindex). On
  // the end screen it is a region of its own; below the table it sits in the "Scores" one. On
  // a phone each player's row is stacked as a card, the total first (humble_tea_party.css):
  // the roles keep it a table for screen readers, which the stacking's display would undo.
  const role = inTable ? "group" : "region";
  return `<div class="htp-scores-wrap" role="${role}" aria-label="${esc(w("scores_table"))}" tabindex="0"><table class="htp-scores" role="table">
      <caption>${esc(w("scores_caption"))}</caption>
      <thead role="rowgroup"><tr role="row"><th scope="col" role="columnheader">${esc(w("player"))}</th><th scope="col" role="columnheader">${esc(w("season"))}</th>${head}<th scope="col" role="columnheader">${esc(w("total"))}</th></tr></thead>
      <tbody role="rowgroup">${rows}</tbody>
    </table></div>${teamRow}${tiebreak}`;
}

/** A number of points as shown ("−2"). @type {(p: number | string) => string} */
const fmt = (p) => (typeof p === "number" && p < 0 ? `−${-p}` : String(p));

/** Whether an outcome's detail is a message (how a tie was settled). @param {unknown} x
 * @returns {x is Message} */
function isMessage(x) {
  return typeof x === "object" && x !== null && "id" in x && typeof x.id === "string";
}

// ---------------------------------------------------------------------------------------------
// The rules page's pictures (pygames/humble_tea_party/pictures.py): the table's own tiles, as a
// row of sweets or an Oribako (where a sweet may go, or a full box scored hand by hand).

/** @typedef {import("../views.js").SweetsPicture | import("../views.js").BoxPicture} HtpPicture */

/** The symbols the pictures' tiles use: put once in a page that shows pictures. */
export const pictureSprite = () => SPRITE;

/** The classes that give a picture its table's look (the rules page's figures, the lobby's cards). */
export const pictureClass = "htp rules-pic-htp";

/** One picture of the rules page, as HTML (its words in the reader's language).
 *  @param {HtpPicture} fig @returns {string} */
export function picture(fig) {
  if (fig.kind === "sweets") {
    return `<ul class="htp-pic-sweets">${fig.tiles.map((t) => `<li>${tileSvg(t)}<span>${esc(tileWords(t))}</span></li>`).join("")}</ul>`;
  }
  const spots = [...fig.cells.map((c) => [c.x, c.y]), ...fig.open];
  const xs = spots.map(([x]) => x);
  const ys = spots.map(([, y]) => y);
  const [x0, x1, y0, y1] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  const at = new Map(fig.cells.map((c) => [`${c.x},${c.y}`, c.tile]));
  const open = new Set(fig.open.map(([x, y]) => `${x},${y}`));
  const cells = [];
  for (let y = y0; y <= y1; y += 1) {
    for (let x = x0; x <= x1; x += 1) {
      const tile = at.get(`${x},${y}`);
      if (tile) cells.push(`<span class="htp-pic-cell" role="listitem">${tileSvg(tile)}</span>`);
      else if (open.has(`${x},${y}`)) cells.push(`<span class="htp-pic-cell open" role="listitem"><span class="sr">${esc(w("pic.open"))}</span></span>`);
      else cells.push(`<span class="htp-pic-cell none" aria-hidden="true"></span>`);
    }
  }
  const grid = `<div class="htp-pic-box" role="list" style="--cols:${x1 - x0 + 1}">${cells.join("")}</div>`;
  if (!fig.season) return grid;
  const hands = fig.points.map((p, i) => {
    const hand = { n: i + 1, points: 0 };
    const k = fig.hands[i];
    return `<li class="${p ? "scores" : "none"}"><span class="htp-hand-name">${esc(handName(hand))}${k ? ` <small>(${esc(String(k))})</small>` : ""}</span><span class="htp-pic-what">${esc(handWhat(hand))}</span><b>${esc(gainMark(p).replace("±0", "0"))}</b></li>`;
  });
  const favourite = seasonCard(fig.season, "fav revealed", { label: w("fav_revealed", { season: seasonName(fig.season) }) });
  return `<div class="htp-pic-scored">${grid}<div class="htp-pic-score">${favourite}<ol class="htp-pic-hands">${hands.join("")}</ol><p class="htp-pic-total">${esc(w("total"))} <b>${esc(fmt(fig.total))}</b></p></div></div>`;
}
