// Humble Tea Party table renderer: a view (JSON) becomes the tea room; clicks become actions.
//
// Contract: render(root, {view, legal, seat, seats, act, busy, sending, optional});
// describeAction(action, view[, names]); title; scoreTableHtml(view, seats) for the end screen.
// Every final choice is one element with class "legal", an aria-label and data-action (its
// JSON); a Tea button for another human seat also carries data-as-seat. Intermediate picks use
// data-pick-deck (a deck's top tile) and data-pick-target (whose Oribako); data-unpick clears.
// Hidden information: a favourite season is drawn only when the view gives it (the seat's own,
// or revealed); its card carries data-favourite="<seat>:<season>" ("<seat>:?" while secret).

import { esc, plural, possessive, redraw, send } from "./shared.js";

export const title = "Humble Tea Party";

const SEASONS = ["spring", "summer", "autumn", "winter"];
const SEASON_NAME = { spring: "Spring", summer: "Summer", autumn: "Autumn", winter: "Winter" };
const CREST_NAME = { pine: "Pine", bamboo: "Bamboo", plum: "Plum" };
const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August",
  "September", "October", "November", "December"];
const MON = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
export const HANDS = [
  { n: 1, name: "Four Seasons", what: "2×2 squares showing all four seasons, +1 each" },
  { n: 2, name: "Delicious Trimester", what: "lines of three consecutive months, +1 each" },
  { n: 3, name: "Seasonal Assortment", what: "lines of one season, +1 each" },
  { n: 4, name: "Crest Assortment", what: "lines of one crest, +1 each" },
  { n: 5, name: "Favourite Season", what: "tiles of the owner's favourite season, +1 each" },
  { n: 6, name: "Duplication", what: "duplicated tiles, −2 each" },
];
// Short names printed on a tile (the full name is in its title and aria-label).
const SHORT = {
  "Red Snapper": "Snapper", "Cherry Blossom": "Cherry", "Sun Flower": "Sunflower",
  Chrysanthemum: "Chrysanth.", "Maple Leaf": "Maple", "Hanbira-mochi": "Hanbira",
  "Strawberry Daifuku": "Daifuku", "Hishi Mochi": "Hishi", "Sakura Mochi": "Sakura",
  "Kashiwa Mochi": "Kashiwa", "Hydrangea Wharf": "Hydrangea", "Kingyokukan - Gold fish": "Goldfish",
  "Tsukimi Dango": "Dango", "Kuri Kinton": "Kinton", "Inoko Mochi": "Inoko", "Yuzu Manju": "Yuzu",
};
// The sweet's own colour, by month (Nerikiri, then Others): decoration only.
const SWEET_COLOUR = {
  nerikiri: ["#d9534f", "#e0465e", "#f3a7a0", "#f6c6d3", "#a58bc9", "#f0a64a", "#c9d98f",
    "#f4c430", "#f2e6a7", "#e8833a", "#c8442d", "#b8233a"],
  other: ["#f4d6dc", "#f7f1ea", "#9fc98f", "#f2b8c6", "#8fb069", "#8fa6d9", "#27406b",
    "#9cc7d8", "#f7f2e4", "#e8b43c", "#d9c9a8", "#f1cf3b"],
};

const nameOf = (names, s) => names?.[s] || `Player ${s + 1}`;

/** Full words for a tile, for screen readers and titles. */
export function tileWords(t) {
  if (!t) return "an unknown tile";
  const family = t.family === "nerikiri" ? "Nerikiri-style" : "Other sweet";
  return `${t.name} (${MONTHS[t.month - 1] ?? `month ${t.month}`}, ${SEASON_NAME[t.season] ?? t.season}, ${CREST_NAME[t.crest] ?? t.crest} crest, ${family})`;
}

// ---------------------------------------------------------------------------------------------
// Geometry of an Oribako: the free grid, and the window of cells that can still be filled.

function extent(box) {
  const tiles = box?.tiles ?? [];
  if (!tiles.length) return { x0: -1, x1: 1, y0: -1, y1: 1, empty: true };
  const xs = tiles.map((t) => t.x);
  const ys = tiles.map((t) => t.y);
  // Ruling H8: the bounding box stays within 3 x 3, so a cell can hold a tile only if it lies
  // within two cells of every tile in each direction; of those, show the ring next to the
  // tiles (where the next sweet can go), so the frame grows as the box fills.
  const [minX, maxX, minY, maxY] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  return {
    x0: Math.max(maxX - 2, minX - 1), x1: Math.min(minX + 2, maxX + 1),
    y0: Math.max(maxY - 2, minY - 1), y1: Math.min(minY + 2, maxY + 1), empty: false,
  };
}

function whereWords(box, x, y) {
  const at = new Map((box?.tiles ?? []).map((t) => [`${t.x},${t.y}`, t.tile]));
  const rel = [];
  for (const [dx, dy, word] of [[-1, 0, "right of"], [1, 0, "left of"], [0, -1, "below"], [0, 1, "above"]]) {
    const t = at.get(`${x + dx},${y + dy}`);
    if (t) rel.push(`${word} ${t.name}`);
  }
  const e = extent(box);
  const pos = `row ${y - e.y0 + 1}, column ${x - e.x0 + 1}`;
  return rel.length ? `${rel[0]} (${pos})` : `first tile (${pos})`;
}

/** Words for an action, as used in aria-labels. `names` are the seats' names if known. */
export function describeAction(action, view, names) {
  if (!action || typeof action !== "object") return String(action);
  const t = view?.table;
  switch (action.type) {
    case "keep": {
      const top = t?.decks?.[action.deck]?.top;
      return `Keep ${top ? tileWords(top) : "the top tile"} from deck ${action.deck + 1} in your own Oribako`;
    }
    case "place": {
      const top = t?.decks?.[action.deck]?.top;
      const who = nameOf(names, action.target);
      const box = t?.oribako?.[action.target];
      return `Recommend ${top ? top.name : `the top of deck ${action.deck + 1}`} to ${who}: ${whereWords(box, action.x, action.y)}`;
    }
    case "tea":
      return "Get Tea";
    default:
      return JSON.stringify(action);
  }
}

// ---------------------------------------------------------------------------------------------
// Art: one sprite of symbols (season glyphs, crests, tea bowl), used by every tile.

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

const use = (id, cls = "", size = null) =>
  `<svg class="htp-icon ${cls}" viewBox="0 0 20 20"${size ? ` width="${size}" height="${size}"` : ""} aria-hidden="true" focusable="false"><use href="#${id}" width="20" height="20"/></svg>`;
export const seasonIcon = (season, size = null) => use(`htp-s-${season}`, `season-${season}`, size);
const crestIcon = (crest, size = null) => use(`htp-c-${crest}`, `crest-${crest}`, size);
const teaIcon = (cls = "") => `<svg class="htp-teabowl ${cls}" viewBox="0 0 40 40" aria-hidden="true" focusable="false"><use href="#htp-tea" width="40" height="40"/></svg>`;

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
 *  crest, the sweet, its short name. */
function tileSvg(t, cls = "") {
  const short = SHORT[t.name] ?? (t.name.length > 10 ? t.name.split(/[\s-]/)[0] : t.name);
  const nerikiri = t.family === "nerikiri";
  const label = tileWords(t);
  return `<svg class="htp-tile season-${esc(t.season)} ${cls}" viewBox="0 0 100 100" role="img" aria-label="${esc(label)}" data-type="${t.type}" data-tile-season="${esc(t.season)}">
    <title>${esc(label)}</title>
    <rect class="frame" x="1.5" y="1.5" width="97" height="97" rx="10"/>
    <rect class="washi" x="8" y="8" width="84" height="84" rx="5"/>
    ${sweetArt(t)}
    <g class="month ${nerikiri ? "black" : "white"}"><circle cx="23" cy="23" r="13.5"/><text x="23" y="29.5" text-anchor="middle">${t.month}</text></g>
    <g class="crest"><circle cx="77" cy="23" r="13.5"/><use href="#htp-c-${esc(t.crest)}" x="66" y="12" width="22" height="22"/></g>
    <g class="band"><rect x="8" y="75" width="84" height="17" rx="3"/><use class="season-glyph" href="#htp-s-${esc(t.season)}" x="10" y="76.5" width="14" height="14"/><text class="name" x="57" y="89" text-anchor="middle"${short.length > 7 ? ` textLength="66" lengthAdjust="spacingAndGlyphs"` : ""}>${esc(short)}</text></g>
  </svg>`;
}

// ---------------------------------------------------------------------------------------------
// Per-root state: the latest props, the picked deck and target, one set of listeners.

const roots = new WeakMap();

export function render(root, props) {
  let st = roots.get(root);
  if (!st) {
    st = { props: null, deck: null, target: null, key: null, sending: false };
    roots.set(root, st);
    root.addEventListener("click", (e) => onActivate(root, e));
    root.addEventListener("keydown", (e) => {
      if (e.key !== "Enter" && e.key !== " ") return;
      const node = e.target.closest?.("[role=button]");
      if (!node || node.tagName === "BUTTON") return;
      e.preventDefault();
      onActivate(root, e);
    });
  }
  st.props = props;
  // Picks survive only while the same decision is on the table.
  const key = JSON.stringify([props.view?.table?.turn, props.view?.table?.phase, props.legal]);
  if (key !== st.key) {
    st.deck = null;
    st.target = null;
    st.key = key;
  }
  draw(root, st);
}

function draw(root, st) {
  redraw(root, tableHtml(st));
}

function onActivate(root, e) {
  const st = roots.get(root);
  if (!st) return;
  const node = e.target.closest?.("[data-action],[data-pick-deck],[data-pick-target],[data-unpick]");
  if (!node || !root.contains(node) || !node.closest(".htp")) return;
  const { props } = st;
  const interrupt = node.hasAttribute("data-interrupt");
  if (st.sending || (interrupt ? (props.sending ?? props.busy) : props.busy)) return;
  if (node.hasAttribute("data-unpick")) {
    if (node.getAttribute("data-unpick") === "target") st.target = null;
    else { st.deck = null; st.target = null; }
    draw(root, st);
    return;
  }
  if (node.hasAttribute("data-pick-deck")) {
    const d = Number(node.getAttribute("data-pick-deck"));
    if (st.deck !== d) st.target = null;
    st.deck = d;
    draw(root, st);
    return;
  }
  if (node.hasAttribute("data-pick-target")) {
    const s = Number(node.getAttribute("data-pick-target"));
    st.target = s;
    draw(root, st);
    // On a narrow screen the chosen Oribako may be far down: bring its cells into view.
    root.querySelector(".htp-box.picked")?.scrollIntoView?.({ block: "nearest", behavior: "smooth" });
    return;
  }
  let action;
  try {
    action = JSON.parse(node.getAttribute("data-action"));
  } catch {
    return;
  }
  const asSeat = node.hasAttribute("data-as-seat") ? Number(node.getAttribute("data-as-seat")) : undefined;
  send(root, st, "htp-sending", () => (asSeat === undefined ? props.act(action) : props.act(action, asSeat)));
}

// ---------------------------------------------------------------------------------------------
// The whole table.

function buildContext(st) {
  const { view, legal = [], seat = -1, seats = [], busy, sending, optional = [] } = st.props;
  const t = view.table;
  const n = t.oribako?.length ?? view.players ?? 0;
  const names = Array.from({ length: n }, (_, s) => seats[s]?.name || `Player ${s + 1}`);
  const places = legal.filter((a) => a.type === "place");
  const keeps = legal.filter((a) => a.type === "keep");
  const myTea = legal.find((a) => a.type === "tea") ?? null;
  // Other human seats that may Get Tea now (a bot decides its own Tea).
  const otherTea = optional
    .filter((o) => o.seat !== seat && !seats[o.seat]?.bot && (o.legal ?? []).some((a) => a.type === "tea"))
    .map((o) => o.seat);
  // Drop picks that no longer lead anywhere; one possible target is picked for the player.
  if (st.deck !== null && !places.some((a) => a.deck === st.deck)) st.deck = null;
  const targets = st.deck === null ? [] : [...new Set(places.filter((a) => a.deck === st.deck).map((a) => a.target))];
  if (st.target !== null && !targets.includes(st.target)) st.target = null;
  if (st.deck !== null && st.target === null && targets.length === 1) st.target = targets[0];
  const teams = t.options?.team_battle ? t.options.teams ?? names.map((_, i) => i % 2) : null;
  return {
    st, view, t, legal, seat, seats, names, busy: !!busy, sending: sending ?? busy, places, keeps,
    myTea, otherTea, targets, deck: st.deck, target: st.target, teams, over: view.over || t.phase === "over",
  };
}

function tableHtml(st) {
  const { view } = st.props;
  const t = view?.table;
  if (!t) return `<div class="htp"><p class="htp-prompt">Waiting for the table…</p></div>`;
  const ctx = buildContext(st);
  const n = ctx.names.length;
  return `<div class="htp${ctx.busy ? " busy" : ""} phase-${esc(t.phase)}${ctx.over ? " over" : ""}" data-phase="${esc(t.phase)}" data-players="${n}">
    ${SPRITE}
    ${statusHtml(ctx)}
    <div class="htp-layout">
      <section class="htp-centre" aria-label="Centre of the table">
        ${decksHtml(ctx)}
        <div class="htp-centre-side">
          ${teaHtml(ctx)}
          ${cardsHtml(ctx)}
        </div>
      </section>
      <section class="htp-boxes" aria-label="Oribako">
        ${ctx.names.map((_, s) => boxHtml(ctx, s)).join("")}
      </section>
    </div>
    ${ctx.over ? `<section class="htp-final" aria-label="Scores">${scoreTableHtml(view, ctx.seats)}</section>` : ""}
  </div>`;
}

// ---------------------------------------------------------------- status

function phaseLabel(t) {
  if (t.phase === "own") return "Phase 1 · Take your own sweets";
  if (t.phase === "recommend") return "Phase 2 · Recommend sweets to others";
  return "The tea party is over";
}

function statusHtml(ctx) {
  const { t, view, names, seat } = ctx;
  const awaited = view.awaiting ?? view.actors ?? [];
  const actor = awaited.length ? awaited[0] : t.turn;
  const yours = ctx.keeps.length > 0 || ctx.places.length > 0;
  const me = seat >= 0 ? names[seat] : null;
  let prompt;
  let tools = "";
  if (ctx.over) {
    const o = view.outcome ?? {};
    const w = o.winners ?? [];
    prompt = `<strong>${esc(winnerWords(w, names, t))}</strong>${o.reason ? ` <span class="htp-reason">${esc(withNames(o.reason, names))}</span>` : ""}`;
  } else if (yours && t.phase === "own") {
    prompt = `<strong>${esc(me)}</strong>, take a sweet from the top of a deck for <em>your own</em> Oribako.`;
  } else if (yours) {
    if (ctx.deck === null) {
      prompt = `<strong>${esc(me)}</strong>, choose a sweet from a deck to recommend to another player.`;
    } else {
      const top = t.decks[ctx.deck]?.top;
      tools = `<span class="htp-picked">${top ? tileSvg(top, "mini") : ""}<span>${esc(top?.name ?? "")}</span></span>
        <button type="button" class="htp-cancel" data-unpick="deck" data-focus-key="unpick"${ctx.busy ? " disabled" : ""}>Choose another sweet</button>`;
      prompt = ctx.target === null
        ? `Recommend the <strong>${esc(top?.name ?? "sweet")}</strong> to whom? Choose a glowing Oribako.`
        : `Put the <strong>${esc(top?.name ?? "sweet")}</strong> in ${esc(possessive(names[ctx.target]))} Oribako: choose a glowing place.`;
      if (ctx.target !== null && ctx.targets.length > 1) {
        tools += `<button type="button" class="htp-cancel" data-unpick="target" data-focus-key="unpick-target"${ctx.busy ? " disabled" : ""}>Another Oribako</button>`;
      }
    }
  } else {
    const verb = t.phase === "own" ? "is taking a sweet for their own Oribako" : "is choosing a sweet to recommend";
    prompt = `<strong>${esc(names[actor] ?? "—")}</strong> ${verb}.`;
    if (ctx.myTea) prompt += ` <span class="htp-hint">You may Get Tea now.</span>`;
  }
  const resets = Math.min(3, t.resets ?? 0);
  const pips = [0, 1, 2].map((i) => `<span class="pip${i < resets ? " used" : ""}"></span>`).join("");
  const hush = t.options?.no_chatting
    ? `<span class="htp-hush" title="Optional rule: players may not discuss placements">${use("htp-hush", "", 18)} No chatting</span>`
    : "";
  return `<div class="htp-status${yours ? " your-move" : ""}">
      <div class="htp-status-top">
        <span class="htp-phase">${esc(phaseLabel(t))}</span>
        <span class="htp-resets" aria-label="Resets used: ${resets} of 3">Resets ${pips} <small>${resets}/3</small></span>
        ${hush}
      </div>
      <p class="htp-prompt" aria-live="polite">${prompt}</p>
      ${tools ? `<div class="htp-tools">${tools}</div>` : ""}
    </div>`;
}

/** The end screen's headline: the winner, the shared win or the winning team. */
export function outcomeTitle(view, seats = []) {
  const n = view?.table?.oribako?.length ?? view?.players ?? 0;
  const names = Array.from({ length: n }, (_, s) => seats[s]?.name || `Player ${s + 1}`);
  return winnerWords(view?.outcome?.winners ?? [], names, view?.table ?? {});
}

/** The engine says "Player N"; people read the names chosen in the lobby. */
const withNames = (text, names) =>
  String(text).replace(/\bPlayer ([1-6])\b/g, (words, k) => names[Number(k) - 1] ?? words);

function winnerWords(winners, names, t) {
  if (t.options?.team_battle && t.team_scores) {
    const teams = t.options.teams ?? names.map((_, i) => i % 2);
    const [a, b] = t.team_scores;
    if (a === b && winners.length === names.length) return "The two teams share the win!";
    const team = teams[winners[0]];
    return `Team ${team === 0 ? "Pine" : "Plum"} wins!`;
  }
  if (!winners.length) return "No winner";
  if (winners.length === 1) return `${names[winners[0]]} wins!`;
  return `Shared win: ${winners.map((w) => names[w]).join(" and ")}`;
}

// ---------------------------------------------------------------- decks, tea, cards

function legalAttrs(ctx, action, cls = "", label = null, busy = ctx.busy) {
  const json = JSON.stringify(action);
  const words = label ?? describeAction(action, ctx.view, ctx.names);
  return `class="legal ${cls}" data-action="${esc(json)}" data-focus-key="${esc(json)}" aria-label="${esc(words)}" title="${esc(words)}"${busy ? " disabled" : ""}`;
}

function decksHtml(ctx) {
  const { t } = ctx;
  const decks = (t.decks ?? []).map((d, i) => {
    const top = d.top;
    const depth = Math.min(6, Math.ceil((d.size ?? 0) / 4));
    const stack = `<span class="htp-stack" style="--depth:${depth}" aria-hidden="true"></span>`;
    let face;
    if (!top) {
      face = `<span class="htp-deck-empty">empty</span>`;
    } else {
      const keep = ctx.keeps.find((a) => a.deck === i);
      const canPick = ctx.places.some((a) => a.deck === i);
      if (keep) {
        face = `<button type="button" ${legalAttrs(ctx, keep, "htp-deck-top")}>${tileSvg(top)}</button>`;
      } else if (canPick) {
        const picked = ctx.deck === i;
        const words = picked ? `${top.name} from deck ${i + 1} is chosen (click to choose again)` : `Choose ${tileWords(top)} from deck ${i + 1} to recommend`;
        face = `<button type="button" class="htp-deck-top pickable${picked ? " picked" : ""}" data-pick-deck="${i}" data-focus-key="deck-${i}" aria-pressed="${picked}" aria-label="${esc(words)}" title="${esc(words)}"${ctx.busy ? " disabled" : ""}>${tileSvg(top)}</button>`;
      } else {
        face = `<span class="htp-deck-top">${tileSvg(top)}</span>`;
      }
    }
    return `<div class="htp-deck${ctx.deck === i ? " is-picked" : ""}" data-deck="${i}">
        <div class="htp-deck-pile">${stack}${face}</div>
        <span class="htp-deck-label">Deck ${i + 1} · <b>${d.size ?? 0}</b> left</span>
      </div>`;
  });
  return `<div class="htp-decks" aria-label="Decks">${decks.join("")}</div>`;
}

function teaHtml(ctx) {
  const { t, names } = ctx;
  const holder = t.tea?.holder ?? null;
  const spent = t.tea?.spent ?? [];
  const where = holder === null
    ? "The Tea token is in the centre."
    : `${names[holder]} is having Tea: nobody may place in their Oribako until their next turn.`;
  const buttons = [];
  if (ctx.myTea) {
    buttons.push(`<button type="button" ${legalAttrs(ctx, ctx.myTea, "htp-tea-btn", ctx.seat >= 0 ? `Get Tea (${names[ctx.seat]})` : "Get Tea", ctx.sending)} data-interrupt="1">${teaIcon("small")}<span>Get Tea</span></button>`);
  }
  for (const s of ctx.otherTea) {
    const words = `Get Tea (${names[s]})`;
    buttons.push(`<button type="button" class="legal htp-tea-btn other" data-action="${esc(JSON.stringify({ type: "tea" }))}" data-as-seat="${s}" data-interrupt="1" data-focus-key="tea-${s}" aria-label="${esc(words)}" title="${esc(words)}"${ctx.sending ? " disabled" : ""}>${teaIcon("small")}<span>${esc(words)}</span></button>`);
  }
  const spentList = spent.length
    ? `<p class="htp-spent">Tea taken: ${spent.map((s) => `<span class="htp-point" title="${esc(names[s])} has had their Tea">${esc(names[s])}</span>`).join(" ")}</p>`
    : "";
  return `<div class="htp-tea${holder === null ? " home" : " away"}" data-tea-holder="${holder ?? ""}">
      <div class="htp-tea-spot">${holder === null ? teaIcon() : `<span class="htp-tea-empty" aria-hidden="true"></span>`}</div>
      <div class="htp-tea-text"><span class="htp-label">Tea</span><p>${esc(where)}</p>${spentList}
        ${buttons.length ? `<div class="htp-tea-buttons">${buttons.join("")}</div>` : ""}</div>
    </div>`;
}

function cardsHtml(ctx) {
  const cards = ctx.t.undealt_cards ?? [];
  if (!cards.length) return "";
  return `<div class="htp-undealt"><span class="htp-label">Cards not dealt (public)</span>
      <div class="htp-cards">${cards.map((s) => seasonCard(s, "undealt")).join("")}</div>
    </div>`;
}

function seasonCard(season, cls, extra = "") {
  const name = SEASON_NAME[season] ?? season;
  return `<span class="htp-card season-${esc(season)} ${cls}" title="${esc(name)}"${extra}>${seasonIcon(season)}<span>${esc(name)}</span></span>`;
}

// ---------------------------------------------------------------- the Oribako

function favouriteHtml(ctx, s, box) {
  const season = box.season;
  if (season && SEASONS.includes(season)) {
    const own = s === ctx.seat && !box.revealed;
    const label = own ? `Your favourite season (secret): ${SEASON_NAME[season]}` : `Favourite season (revealed): ${SEASON_NAME[season]}`;
    return seasonCard(season, own ? "fav own" : "fav revealed", ` data-favourite="${s}:${esc(season)}" aria-label="${esc(label)}"`);
  }
  return `<span class="htp-card fav secret" data-favourite="${s}:?" aria-label="Favourite season: secret" title="Secret until the Oribako is complete"><span class="q">?</span><span>Secret</span></span>`;
}

function boxHtml(ctx, s) {
  const { t, names, view } = ctx;
  const box = t.oribako?.[s] ?? { tiles: [] };
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
  const score = t.scores?.[s];
  const tags = [];
  if (s === ctx.seat) tags.push(`<span class="htp-tag you">you</span>`);
  if (t.start_player === s) tags.push(`<span class="htp-tag first" title="Start player">start</span>`);
  if (team !== null) tags.push(`<span class="htp-tag team team-${team}" title="Team ${team === 0 ? "Pine" : "Plum"}">${team === 0 ? "▲ Pine" : "● Plum"}</span>`);
  const turnTag = turn ? `<span class="htp-turn" title="Active player">${use("htp-fan", "", 16)}${view.awaiting?.includes(s) ? "to play" : "turn"}</span>` : "";
  let targetBtn = "";
  if (isTarget && !picked) {
    const words = `Recommend to ${names[s]}`;
    targetBtn = `<button type="button" class="htp-target-btn" data-pick-target="${s}" data-focus-key="target-${s}" aria-label="${esc(words)}"${ctx.busy ? " disabled" : ""}>${esc(words)}</button>`;
  }
  return `<section class="${cls.join(" ")}" data-seat="${s}" aria-label="${esc(possessive(names[s]))} Oribako${box.complete ? " (complete)" : ""}">
      <header class="htp-box-head">
        <span class="seat-dot" data-seat="${s}" aria-hidden="true"></span>
        <span class="htp-name">${esc(names[s])}</span>${tags.join("")}
        <span class="htp-head-right">${favouriteHtml(ctx, s, box)}</span>
      </header>
      ${trayHtml(ctx, s, box)}
      <footer class="htp-box-foot">
        <span>${box.complete ? "Complete" : `${count}/9 sweets`}</span>${turnTag}${underTea ? `<span class="htp-has-tea" title="Having Tea: nobody may place here">${teaIcon("small")}having Tea</span>` : ""}${spent ? `<span class="htp-point" title="Tea already taken">Tea taken</span>` : ""}
        ${score ? `<span class="htp-box-score" data-total="${score.total}">${score.total} pts</span>` : ""}
        ${targetBtn}
      </footer>
    </section>`;
}

function trayHtml(ctx, s, box) {
  const e = extent(box);
  const cols = e.x1 - e.x0 + 1;
  const rows = e.y1 - e.y0 + 1;
  const at = new Map((box.tiles ?? []).map((c) => [`${c.x},${c.y}`, c.tile]));
  const mine = ctx.deck !== null ? ctx.places.filter((a) => a.deck === ctx.deck && a.target === s) : [];
  const active = ctx.target === s;
  const byCell = new Map(mine.map((a) => [`${a.x},${a.y}`, a]));
  const top = ctx.deck !== null ? ctx.t.decks[ctx.deck]?.top : null;
  const cells = [];
  for (let y = e.y0; y <= e.y1; y++) {
    for (let x = e.x0; x <= e.x1; x++) {
      const k = `${x},${y}`;
      const tile = at.get(k);
      const style = `style="grid-column:${x - e.x0 + 1};grid-row:${y - e.y0 + 1}"`;
      if (tile) {
        cells.push(`<div class="htp-cell filled" ${style} data-x="${x}" data-y="${y}">${tileSvg(tile)}</div>`);
      } else if (byCell.has(k) && active) {
        const a = byCell.get(k);
        cells.push(`<button type="button" ${legalAttrs(ctx, a, "htp-cell spot")} ${style} data-x="${x}" data-y="${y}">${top ? tileSvg(top, "ghost") : ""}</button>`);
      } else if (byCell.has(k)) {
        // A mouse shortcut for "Recommend to …" (keyboard users have that button).
        cells.push(`<div class="htp-cell candidate" ${style} data-pick-target="${s}" aria-hidden="true"></div>`);
      } else if (!e.empty) {
        cells.push(`<div class="htp-cell slot" ${style} aria-hidden="true"></div>`);
      } else {
        cells.push(`<div class="htp-cell slot first" ${style} aria-hidden="true"></div>`);
      }
    }
  }
  const label = box.tiles?.length
    ? `${box.tiles.length} of 9 sweets`
    : "empty";
  return `<div class="htp-tray-wrap"><div class="htp-tray${active ? " active" : ""}" style="--cols:${cols};--rows:${rows}" role="group" aria-label="${esc(label)}">${cells.join("")}</div></div>`;
}

// ---------------------------------------------------------------- scores

/** The score table of a finished game: every hand per player, totals, seasons, tie-break. */
export function scoreTableHtml(view, seats = []) {
  const t = view?.table ?? {};
  const o = view?.outcome ?? {};
  const d = o.details ?? {};
  const n = t.oribako?.length ?? view?.players ?? 0;
  const names = Array.from({ length: n }, (_, s) => seats[s]?.name || `Player ${s + 1}`);
  const winners = o.winners ?? [];
  const teams = t.options?.team_battle ? t.options.teams ?? names.map((_, i) => i % 2) : null;
  const rows = names.map((name, s) => {
    const sc = t.scores?.[s] ?? {};
    const hands = sc.hands ?? d.hands?.[s] ?? [];
    const points = sc.points ?? d.points?.[s] ?? [];
    const total = sc.total ?? o.scores?.[s] ?? "";
    const season = t.oribako?.[s]?.season;
    const cells = HANDS.map((h, i) => {
      const p = points[i] ?? "";
      const k = hands[i] ?? "";
      const shown = h.n === 6 && k ? `${fmt(p)} <small>(${k})</small>` : fmt(p);
      return `<td data-hand="${h.n}" data-count="${k}" data-points="${p}" title="${esc(`${h.name}: ${k} → ${p} points`)}">${shown}</td>`;
    }).join("");
    const team = teams ? `<span class="htp-tag team team-${teams[s]}">${teams[s] === 0 ? "▲" : "●"}</span>` : "";
    return `<tr data-seat="${s}" data-total="${total}" class="${winners.includes(s) ? "winner" : ""}">
        <th scope="row">${winners.includes(s) ? `<span class="htp-crown" aria-label="winner">★</span> ` : ""}${esc(name)} ${team}</th>
        <td class="season">${season ? `${seasonIcon(season, 14)} ${esc(SEASON_NAME[season] ?? season)}` : "?"}</td>
        ${cells}
        <td class="total" data-total="${total}"><b>${total}</b></td>
      </tr>`;
  }).join("");
  const head = HANDS.map((h) => `<th scope="col" title="${esc(`${h.name}: ${h.what}`)}"><abbr title="${esc(h.name)}">#${h.n}</abbr><span class="hand-name">${esc(h.name)}</span></th>`).join("");
  const teamScores = t.team_scores ?? d.team_scores;
  const teamRow = teams && teamScores
    ? `<p class="htp-team-scores" data-team-scores="${esc(JSON.stringify(teamScores))}">Team Pine ▲ <b>${teamScores[0]}</b> · Team Plum ● <b>${teamScores[1]}</b></p>`
    : "";
  const tb = d.tiebreak;
  const tiebreak = tb
    ? `<p class="htp-tiebreak" data-tiebreak="1">Tie-break: ${esc(withNames(typeof tb === "string" ? tb : JSON.stringify(tb), names))}</p>`
    : `<p class="htp-tiebreak">No tie-break was needed.</p>`;
  return `<div class="htp-scores-wrap"><table class="htp-scores">
      <caption>Scores: the lowest total wins</caption>
      <thead><tr><th scope="col">Player</th><th scope="col">Season</th>${head}<th scope="col">Total</th></tr></thead>
      <tbody>${rows}</tbody>
    </table></div>${teamRow}${tiebreak}`;
}

const fmt = (p) => (typeof p === "number" && p < 0 ? `−${-p}` : String(p));
