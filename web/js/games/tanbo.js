// Tanbo table renderer: turns a Tanbo view (JSON) into an SVG/HTML table and clicks into actions.
//
// Contract: render(root, {view, legal, seat, seats, act, busy}); describeAction(action[, view]);
// title. Every legal choice is one element carrying class "legal" and data-action (its JSON);
// nothing else is clickable, except the first pick of the two-click swap picker (data-pick).

import { esc, plural, redraw, send } from "./shared.js";

export const title = "Tanbo";

const NPADDY = 5;
const RICE = ["yellow", "black", "red"];
const KINDS = ["snake", "yellow", "black", "red", "farmer"];
const VALUE = { yellow: 3, black: 4, red: 5 };
const LETTER = { yellow: "Y", black: "B", red: "R" };
const NAME = {
  snake: "Snake",
  yellow: "Yellow Rice",
  black: "Black Rice",
  red: "Red Rice",
  farmer: "Farmer",
};

// Ring geometry (SVG user units, centred on 0,0).
const R_OUT = 138;
const R_IN = 34;
const R_CONTENT = 88;
const R_NUMBER = 151;
const VB = 168;

const paddyNo = (p) => p + 1;
const riceTotal = (r) => (r ? RICE.reduce((t, c) => t + (r[c] || 0), 0) : 0);
const ricePoints = (r) => (r ? RICE.reduce((t, c) => t + (r[c] || 0) * VALUE[c], 0) : 0);
const tokenName = (t) => NAME[t] || String(t);
const articled = (t) => (t === "snake" ? "a Snake" : t === "farmer" ? "the Farmer" : `a ${tokenName(t)}`);

/** Words for an action, as used in aria-labels and logs. `view` adds the target paddy of a place. */
export function describeAction(action, view) {
  if (!action || typeof action !== "object") return String(action);
  switch (action.type) {
    case "farmer":
      return `Put your Farmer in paddy ${paddyNo(action.paddy)}`;
    case "place": {
      const next = view?.table?.sowing?.next;
      const where = Number.isInteger(next) ? ` (into paddy ${paddyNo(next)})` : "";
      const what = action.token === "farmer" ? "your Farmer" : tokenName(action.token);
      return `Place ${what} next${where}`;
    }
    case "swap":
      return (
        `Swap ${tokenName(action.a[1])} in paddy ${paddyNo(action.a[0])} ` +
        `with ${tokenName(action.b[1])} in paddy ${paddyNo(action.b[0])}`
      );
    case "take":
      return `Take ${tokenName(action.rice)}`;
    case "return":
      return `Return ${tokenName(action.rice)} to the bag`;
    case "remove":
      return `Remove ${articled(action.token)} from paddy ${paddyNo(action.paddy)}`;
    default:
      return JSON.stringify(action);
  }
}

// ---------------------------------------------------------------------------------------------
// Per-root state: the latest props, the swap picker's first pick, and one set of listeners.

const roots = new WeakMap();

export function render(root, props) {
  let st = roots.get(root);
  if (!st) {
    st = { props: null, pick: null, pickKey: null, sending: false };
    roots.set(root, st);
    root.addEventListener("click", (e) => onActivate(root, e));
    root.addEventListener("keydown", (e) => {
      if (e.key !== "Enter" && e.key !== " ") return;
      const el = e.target.closest?.("[role=button]");
      if (!el || el.tagName === "BUTTON") return;
      e.preventDefault();
      onActivate(root, e);
    });
  }
  st.props = props;
  // A first pick survives only as long as the same swap decision is on the table.
  const key = JSON.stringify([props.view?.table?.pending, props.legal?.length]);
  if (key !== st.pickKey) {
    st.pick = null;
    st.pickKey = key;
  }
  draw(root, st);
}

function draw(root, st) {
  redraw(root, tableHtml(st));
}

function onActivate(root, e) {
  const st = roots.get(root);
  if (!st) return;
  const el = e.target.closest?.("[data-action],[data-pick],[data-unpick]");
  // Only our own table: the shell may draw a fallback into the same root.
  if (!el || !root.contains(el) || !el.closest(".tanbo")) return;
  const { props } = st;
  if (props.busy || st.sending) return;
  if (el.hasAttribute("data-unpick")) {
    st.pick = null;
    draw(root, st);
    return;
  }
  if (el.hasAttribute("data-pick")) {
    const pick = JSON.parse(el.getAttribute("data-pick"));
    st.pick = st.pick && sameToken(st.pick, pick) ? null : pick;
    draw(root, st);
    return;
  }
  let action;
  try {
    action = JSON.parse(el.getAttribute("data-action"));
  } catch {
    return;
  }
  send(root, st, "tanbo-sending", () => props.act(action));
}

const sameToken = (x, y) => x && y && x[0] === y[0] && x[1] === y[1];

// ---------------------------------------------------------------------------------------------
// The whole table.

function tableHtml(st) {
  const { view, legal = [], seat = 0, seats = [], busy } = st.props;
  const t = view?.table;
  if (!t) return `<div class="tanbo"><p class="tanbo-prompt">Waiting for the table…</p></div>`;
  const names = [0, 1].map((s) => seats[s]?.name || `Player ${s + 1}`);
  const me = seat === 1 ? 1 : 0;
  const opp = 1 - me;
  const ctx = buildContext(st, view, legal, me, names, busy);

  return `<div class="tanbo${busy ? " busy" : ""} phase-${esc(t.phase)}${view.over ? " over" : ""}"
      data-phase="${esc(t.phase)}">
    ${statusHtml(ctx)}
    <div class="tanbo-table">
      <section class="tanbo-side side-me" aria-label="${esc(names[me])}'s paddies">
        ${playerHtml(ctx, me)}
        ${ringSvg(ctx, me)}
      </section>
      <section class="tanbo-centre" aria-label="Centre of the table">
        ${centreHtml(ctx)}
      </section>
      <section class="tanbo-side side-opp" aria-label="${esc(names[opp])}'s paddies">
        ${playerHtml(ctx, opp)}
        ${ringSvg(ctx, opp)}
      </section>
    </div>
  </div>`;
}

function buildContext(st, view, legal, me, names, busy) {
  const t = view.table;
  const byType = {};
  for (const a of legal) (byType[a.type] ||= []).push(a);
  const moving = !!t.sowing && t.phase === "move";
  let landing = null;
  if (moving) {
    const inHand = handCount(t.hand);
    if (inHand > 0) landing = (t.sowing.next + inHand - 1) % NPADDY;
  }
  return { st, view, t, legal, byType, me, names, busy, moving, landing, pick: st.pick };
}

function handCount(h) {
  if (!h) return 0;
  return (h.snakes || 0) + riceTotal(h.rice) + (h.farmer ? 1 : 0);
}

function paddyCount(p) {
  return (p.snakes || 0) + riceTotal(p.rice) + (p.farmer ? 1 : 0);
}

// ---------------------------------------------------------------------------------------------
// Status line and the action panel.

function statusHtml(ctx) {
  const { view, t, names, me } = ctx;
  const actor = (view.actors && view.actors.length ? view.actors[0] : t.pending?.seat ?? t.turn);
  const yours = ctx.legal.length > 0;
  const who = names[actor] ?? "—";
  let prompt;
  let panel = "";
  const deciding = yours ? `${esc(names[me])}: ` : "";

  if (view.over || t.phase === "over") {
    return overHtml(ctx);
  }
  const waitWord = yours ? "" : ` <span class="tanbo-wait">(waiting for ${esc(who)})</span>`;

  switch (t.phase) {
    case "farmer":
      prompt = yours
        ? `${deciding}put your Farmer in a paddy of your choice — click one of your paddies.`
        : `${esc(who)} is placing their Farmer.`;
      break;
    case "move": {
      const next = t.sowing ? paddyNo(t.sowing.next) : "?";
      const n = handCount(t.hand);
      const land = ctx.landing !== null ? ` The last token lands in paddy ${paddyNo(ctx.landing)}.` : "";
      prompt = yours
        ? `${deciding}choose the next token to place — it goes to paddy ${next}.${land}`
        : `${esc(who)} is sowing: ${plural(n, "token")} in hand, next goes to paddy ${next}.${land}`;
      panel = handPanel(ctx);
      break;
    }
    case "swap": {
      const dec = t.pending?.seat ?? actor;
      prompt = yours
        ? `Big Movement! ${deciding}swap two of your tokens in different paddies.`
        : `Big Movement! ${esc(names[dec])} swaps two of their tokens.`;
      if (yours) panel = swapPanel(ctx);
      break;
    }
    case "harvest": {
      const n = t.pending?.count ?? 0;
      const at = t.action_paddy !== null && t.action_paddy !== undefined ? ` from paddy ${paddyNo(t.action_paddy)}` : "";
      prompt = yours
        ? `Harvest! ${deciding}take which Rice${at}? (${n} left)`
        : `Harvest! ${esc(who)} takes ${plural(n, "more Rice", "more Rice")}${at}.`;
      if (yours) panel = choicePanel(ctx, ctx.byType.take || [], (a) => a.rice, "take");
      break;
    }
    case "rest": {
      const n = t.pending?.count ?? 0;
      prompt = yours
        ? `Rest: ${deciding}return which collected Rice to the bag? (${n} left)`
        : `Rest: ${esc(who)} returns ${plural(n, "collected Rice", "collected Rice")} to the bag.`;
      if (yours) panel = choicePanel(ctx, ctx.byType.return || [], (a) => a.rice, "return");
      break;
    }
    case "excess": {
      const n = t.pending?.count ?? 0;
      prompt = yours
        ? `End phase: ${deciding}remove which token? (${n} over the limit of 10)`
        : `End phase: ${esc(who)} removes ${plural(n, "excess token")}.`;
      if (yours) panel = removePanel(ctx);
      break;
    }
    default:
      prompt = `${esc(who)} to play.`;
  }
  if (!yours && !prompt.includes("waiting")) prompt += waitWord;
  return `<div class="tanbo-status" aria-live="polite">
      <p class="tanbo-prompt${yours ? " your-move" : ""}">${prompt}</p>
      ${panel ? `<div class="tanbo-panel">${panel}</div>` : ""}
    </div>`;
}

function overHtml(ctx) {
  const { view, t, names } = ctx;
  const o = view.outcome || {};
  const winners = o.winners || [];
  const scores = o.scores || t.scores || [0, 0];
  const head = winners.length === 1
    ? `${esc(names[winners[0]])} wins!`
    : winners.length > 1 ? "A shared victory!" : "Game over";
  const reason = o.reason || t.winner_reason || "";
  return `<div class="tanbo-status tanbo-over" aria-live="polite">
      <p class="tanbo-prompt"><strong>${head}</strong>${reason ? ` <span class="tanbo-reason">— ${esc(reason)}</span>` : ""}</p>
      <p class="tanbo-final">${[0, 1]
        .map((s) => `<span class="final-score seat-${s}${winners.includes(s) ? " winner" : ""}">${esc(names[s])}: <b>${scores[s] ?? 0}</b> points</span>`)
        .join("")}</p>
    </div>`;
}

function legalAttrs(ctx, action, extraClass = "") {
  const json = JSON.stringify(action);
  const label = describeAction(action, ctx.view);
  const dis = ctx.busy ? " disabled" : "";
  return `class="legal ${extraClass}" data-action="${esc(json)}" data-focus-key="${esc(json)}" aria-label="${esc(label)}" title="${esc(label)}"${dis}`;
}

function svgLegalAttrs(ctx, action, extraClass = "") {
  const json = JSON.stringify(action);
  const label = describeAction(action, ctx.view);
  return `class="legal ${extraClass}" role="button" tabindex="${ctx.busy ? -1 : 0}" aria-disabled="${ctx.busy ? "true" : "false"}" data-action="${esc(json)}" data-focus-key="${esc(json)}" aria-label="${esc(label)}"`;
}

function handPanel(ctx) {
  const { t } = ctx;
  const h = t.hand || {};
  const counts = { snake: h.snakes || 0, yellow: h.rice?.yellow || 0, black: h.rice?.black || 0, red: h.rice?.red || 0, farmer: h.farmer ? 1 : 0 };
  const legalByToken = new Map((ctx.byType.place || []).map((a) => [a.token, a]));
  const chips = KINDS.filter((k) => counts[k] > 0 || legalByToken.has(k)).map((k) => {
    const a = legalByToken.get(k);
    const inner = `${tokenIcon(k, 22, ctx.t.turn)}<span class="chip-name">${esc(tokenName(k))}</span><span class="chip-count">×${counts[k]}</span>`;
    return a
      ? `<button type="button" ${legalAttrs(ctx, a, `chip token-${k}`)}>${inner}</button>`
      : `<span class="chip token-${k} inert" aria-label="${esc(tokenName(k))} ×${counts[k]}">${inner}</span>`;
  });
  const placed = (t.sowing?.placed || [])
    .map((p, i) => `<li title="${esc(tokenName(p.token))} into paddy ${paddyNo(p.paddy)}"><span class="step-no">${i + 1}</span>${tokenIcon(p.token, 14, ctx.t.turn)}<span class="step-paddy">→${paddyNo(p.paddy)}</span></li>`)
    .join("");
  return `<div class="hand">
      <span class="panel-label">In hand (${plural(handCount(h), "token")})</span>
      <div class="chips">${chips.join("")}</div>
    </div>
    ${placed ? `<ol class="path-list" aria-label="Placed so far, from paddy ${paddyNo(t.sowing.from)}"><li class="path-from">from ${paddyNo(t.sowing.from)}</li>${placed}</ol>` : ""}`;
}

function choicePanel(ctx, actions, colourOf, verb) {
  const { t } = ctx;
  const src = verb === "take"
    ? t.rings[t.turn]?.[t.action_paddy]?.rice || {}
    : (t.collected?.[t.pending?.seat ?? t.turn] || {});
  const btns = RICE.map((c) => {
    const a = actions.find((x) => colourOf(x) === c);
    if (!a) return "";
    const have = src[c] ?? 0;
    return `<button type="button" ${legalAttrs(ctx, a, `chip token-${c}`)}>${tokenIcon(c, 22)}<span class="chip-name">${esc(tokenName(c))}</span><span class="chip-count">${VALUE[c]} pts · ${have} ${verb === "take" ? "there" : "held"}</span></button>`;
  });
  // Any legal action this panel does not know how to draw still gets a plain button.
  const extra = actions.filter((a) => !RICE.includes(colourOf(a)))
    .map((a) => `<button type="button" ${legalAttrs(ctx, a, "chip")}>${esc(describeAction(a, ctx.view))}</button>`);
  return `<div class="chips">${btns.join("")}${extra.join("")}</div>`;
}

function removePanel(ctx) {
  const acts = ctx.byType.remove || [];
  const byPaddy = new Map();
  for (const a of acts) (byPaddy.get(a.paddy) || byPaddy.set(a.paddy, []).get(a.paddy)).push(a);
  const ring = ctx.t.rings[ctx.t.pending?.seat ?? ctx.t.turn] || [];
  return [...byPaddy.entries()].sort((x, y) => x[0] - y[0]).map(([p, list]) => {
    const n = ring[p] ? paddyCount(ring[p]) : "?";
    const btns = list
      .sort((x, y) => KINDS.indexOf(x.token) - KINDS.indexOf(y.token))
      .map((a) => `<button type="button" ${legalAttrs(ctx, a, `chip token-${a.token}`)}>${tokenIcon(a.token, 20)}<span class="chip-name">${esc(tokenName(a.token))}</span></button>`)
      .join("");
    return `<div class="remove-row"><span class="panel-label">Paddy ${paddyNo(p)} <small>(${n} tokens)</small></span><div class="chips">${btns}</div></div>`;
  }).join("");
}

function swapPanel(ctx) {
  const swaps = ctx.byType.swap || [];
  if (ctx.pick) {
    const [p, k] = ctx.pick;
    return `<div class="swap-picked">
        <span class="panel-label">Swap ${tokenIcon(k, 18)} <b>${esc(tokenName(k))}</b> in paddy ${paddyNo(p)} with…</span>
        <span class="hint">click a glowing token in your paddies</span>
        <button type="button" class="cancel" data-unpick="1" data-focus-key="unpick"${ctx.busy ? " disabled" : ""}>Choose another first token</button>
      </div>`;
  }
  // Every legal swap as a compact button, grouped by its first token.
  const groups = new Map();
  for (const a of swaps) {
    const key = `${a.a[0]}:${a.a[1]}`;
    (groups.get(key) || groups.set(key, []).get(key)).push(a);
  }
  const order = (x) => x[0] * 10 + KINDS.indexOf(x[1]);
  const rows = [...groups.values()].sort((x, y) => order(x[0].a) - order(y[0].a)).map((list) => {
    const [p, k] = list[0].a;
    const btns = list
      .map((a) => `<button type="button" ${legalAttrs(ctx, a, `chip mini token-${a.b[1]}`)}>${tokenIcon(a.b[1], 14)}<span>${esc(short(a.b[1]))} ${paddyNo(a.b[0])}</span></button>`)
      .join("");
    return `<li><span class="swap-from">${tokenIcon(k, 14)}${esc(short(k))} ${paddyNo(p)} ⇄</span>${btns}</li>`;
  });
  return `<p class="hint">Click one of your glowing tokens on the table, then the token to swap it with — or pick a pair here (${swaps.length}):</p>
    <ul class="swap-list">${rows.join("")}</ul>`;
}

function short(k) {
  return { snake: "Snake", yellow: "Yellow", black: "Black", red: "Red", farmer: "Farmer" }[k] || k;
}

// ---------------------------------------------------------------------------------------------
// Players, centre, log.

function playerHtml(ctx, s) {
  const { t, view, names } = ctx;
  const coll = t.collected?.[s] || {};
  const turn = !view.over && t.turn === s && t.phase !== "farmer";
  const acting = !view.over && (view.actors || []).includes(s);
  const you = s === ctx.me ? ` <span class="you-tag">you</span>` : "";
  const score = t.scores?.[s] ?? 0;
  const riceChips = RICE.map((c) => `<span class="held token-${c}" title="${esc(tokenName(c))}: ${coll[c] || 0}">${tokenIcon(c, 16)}<span>×${coll[c] || 0}</span></span>`).join("");
  const turnPts = turn && t.turn_points ? `<span class="turn-points" title="Scored this turn">+${t.turn_points} this turn</span>` : "";
  return `<header class="tanbo-player seat-${s}${turn ? " is-turn" : ""}${acting ? " is-acting" : ""}">
      <span class="pname">${farmerIcon(s, 22)}<span>${esc(names[s])}</span>${you}${t.first_player === s ? ` <span class="first-tag" title="First player">1st</span>` : ""}${turn ? ` <span class="turn-tag">to play</span>` : acting ? ` <span class="turn-tag">deciding</span>` : ""}</span>
      <span class="pscore" aria-label="${score} points"><b>${score}</b><small>/25</small></span>
      <span class="pheld" aria-label="Collected Rice">${riceChips}${turnPts}</span>
    </header>`;
}

function centreHtml(ctx) {
  const { t } = ctx;
  const bag = t.bag || {};
  const total = riceTotal(bag);
  const rows = RICE.map((c) => `<li class="token-${c}" title="${esc(tokenName(c))}, ${VALUE[c]} points each">${tokenIcon(c, 18)}<span class="cname">${esc(short(c))}</span><b>${bag[c] || 0}</b></li>`).join("");
  return `<div class="bag" aria-label="Bag: ${total} Rice">
      <svg class="bag-art" viewBox="-40 -40 80 80" aria-hidden="true">
        <path class="bag-body" d="M-16,-22 C-30,-6 -34,18 -22,28 C-10,36 10,36 22,28 C34,18 30,-6 16,-22 Z"/>
        <path class="bag-neck" d="M-18,-22 Q0,-14 18,-22 L15,-30 Q0,-25 -15,-30 Z"/>
        <path class="bag-cord" d="M-8,-20 C-14,-8 -6,-4 -10,6 M8,-20 C14,-8 6,-4 10,6" fill="none"/>
        <text class="bag-count" x="0" y="22" text-anchor="middle">${total}</text>
      </svg>
      <div><span class="panel-label">Bag</span><ul class="bag-list">${rows}</ul></div>
    </div>
    <div class="supply" aria-label="Snake supply: ${t.supply ?? 0}">
      ${tokenIcon("snake", 26)}<span><span class="panel-label">Supply</span><b>${t.supply ?? 0}</b> ${(t.supply ?? 0) === 1 ? "Snake" : "Snakes"}</span>
    </div>
    <p class="legend"><span>${tokenIcon("yellow", 14)}3</span><span>${tokenIcon("black", 14)}4</span><span>${tokenIcon("red", 14)}5</span><span class="legend-goal">Win: 25 pts · lead by 20 · 20 in a turn</span></p>`;
}


// ---------------------------------------------------------------------------------------------
// The ring of five paddies.

function polar(r, deg) {
  const a = (deg * Math.PI) / 180;
  return [r * Math.cos(a), r * Math.sin(a)];
}
const f1 = (x) => Math.round(x * 10) / 10;
const centreAngle = (p) => -90 + p * 72;

function sectorPath(p, rIn = R_IN, rOut = R_OUT) {
  const a0 = centreAngle(p) - 36;
  const a1 = centreAngle(p) + 36;
  const [x0, y0] = polar(rOut, a0);
  const [x1, y1] = polar(rOut, a1);
  const [x2, y2] = polar(rIn, a1);
  const [x3, y3] = polar(rIn, a0);
  return `M${f1(x0)},${f1(y0)} A${rOut},${rOut} 0 0 1 ${f1(x1)},${f1(y1)} L${f1(x2)},${f1(y2)} A${rIn},${rIn} 0 0 0 ${f1(x3)},${f1(y3)} Z`;
}

function ringSvg(ctx, s) {
  const { t } = ctx;
  const ring = t.rings?.[s] || [];
  const isTurnRing = t.turn === s;
  const farmerActs = new Map(s === ctx.me ? (ctx.byType.farmer || []).map((a) => [a.paddy, a]) : []);
  const swapRing = t.phase === "swap" && (t.pending?.seat ?? 1 - t.turn) === s;
  const excessRing = t.phase === "excess" && (t.pending?.seat ?? t.turn) === s;

  const cells = [];
  for (let p = 0; p < NPADDY; p++) {
    const pd = ring[p] || { snakes: 0, rice: {}, farmer: false };
    const n = paddyCount(pd);
    const cls = ["paddy", p % 2 ? "alt" : "plain"];
    if (isTurnRing && ctx.moving && t.sowing.next === p) cls.push("is-next");
    if (isTurnRing && ctx.moving && t.sowing.from === p) cls.push("is-from");
    if (isTurnRing && ctx.landing === p) cls.push("is-landing");
    if (isTurnRing && t.action_paddy === p && ["harvest", "swap", "rest"].includes(t.phase)) cls.push("is-action");
    if (excessRing && n > 10) cls.push("is-excess");
    const fa = farmerActs.get(p);
    const label = paddyLabel(p, pd);
    const sector = fa
      ? `<path d="${sectorPath(p)}" ${svgLegalAttrs(ctx, fa, "sector")}><title>${esc(describeAction(fa))}</title></path>`
      : `<path d="${sectorPath(p)}" class="sector"><title>${esc(label)}</title></path>`;
    const water = `<path d="${sectorPath(p)}" class="water" fill="url(#water-${s})"/>`;
    cells.push(`<g class="${cls.join(" ")}" data-paddy="${p}">${sector}${water}${paddyContent(ctx, s, p, pd, swapRing)}${paddyBadges(ctx, s, p, pd, n, isTurnRing)}</g>`);
  }

  // Dikes: raised banks between the paddies.
  const dikes = [];
  for (let p = 0; p < NPADDY; p++) {
    const a = centreAngle(p) + 36;
    const [x0, y0] = polar(R_IN, a);
    const [x1, y1] = polar(R_OUT, a);
    dikes.push(`<line class="dike" x1="${f1(x0)}" y1="${f1(y0)}" x2="${f1(x1)}" y2="${f1(y1)}"/>`);
  }
  const numbers = [];
  for (let p = 0; p < NPADDY; p++) {
    const [x, y] = polar(R_NUMBER, centreAngle(p));
    numbers.push(`<g class="pnum" transform="translate(${f1(x)},${f1(y)})"><circle r="11"/><text y="4.5" text-anchor="middle">${paddyNo(p)}</text></g>`);
  }
  const hub = hubContent(ctx, s, isTurnRing);
  // The path explains the movement in progress; afterwards the action paddy is what matters.
  const path = isTurnRing && ctx.moving ? pathMarkers(ctx, s) : "";

  return `<svg class="ring seat-${s}${isTurnRing ? " is-turn-ring" : ""}" viewBox="${-VB} ${-VB} ${2 * VB} ${2 * VB}" role="group"
      aria-label="${esc(ctx.names[s])}'s ring of paddies">
    <defs>
      <pattern id="water-${s}" width="12" height="12" patternUnits="userSpaceOnUse" patternTransform="rotate(30)">
        <line x1="0" y1="6" x2="12" y2="6" class="water-line"/>
      </pattern>
    </defs>
    <circle class="ring-bank" r="${R_OUT + 6}"/>
    ${cells.join("")}
    ${dikes.join("")}
    <circle class="ring-hub" r="${R_IN}"/>
    ${hub}
    ${path}
    ${numbers.join("")}
    <path class="clockwise" d="M${f1(polar(R_OUT + 12, -70)[0])},${f1(polar(R_OUT + 12, -70)[1])} A${R_OUT + 12},${R_OUT + 12} 0 0 1 ${f1(polar(R_OUT + 12, -58)[0])},${f1(polar(R_OUT + 12, -58)[1])}" marker-end="url(#arrow-${s})"/>
    <defs><marker id="arrow-${s}" viewBox="0 0 10 10" refX="5" refY="5" markerWidth="5" markerHeight="5" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" class="arrowhead"/></marker></defs>
  </svg>`;
}

function paddyLabel(p, pd) {
  const parts = [];
  if (pd.snakes) parts.push(plural(pd.snakes, "Snake"));
  for (const c of RICE) if (pd.rice?.[c]) parts.push(`${pd.rice[c]} ${tokenName(c)}`);
  if (pd.farmer) parts.push("the Farmer");
  return `Paddy ${paddyNo(p)}: ${parts.length ? parts.join(", ") : "empty"}`;
}

function hubContent(ctx, s, isTurnRing) {
  const { t } = ctx;
  if (isTurnRing && ctx.moving && handCount(t.hand) > 0) {
    return `<g class="hub-hand"><text y="-4" text-anchor="middle" class="hub-n">${handCount(t.hand)}</text><text y="10" text-anchor="middle" class="hub-sub">in hand</text></g>`;
  }
  return "";
}

// Tokens in a paddy: one glyph per kind present with its count, laid out upright in a small grid.
function paddyContent(ctx, s, p, pd, swapRing) {
  const items = [];
  if (pd.snakes) items.push(["snake", pd.snakes]);
  for (const c of RICE) if (pd.rice?.[c]) items.push([c, pd.rice[c]]);
  if (pd.farmer) items.push(["farmer", 1]);
  if (!items.length) {
    const [x, y] = polar(R_CONTENT, centreAngle(p));
    return `<text class="empty-paddy" x="${f1(x)}" y="${f1(y + 4)}" text-anchor="middle">empty</text>`;
  }
  const cols = items.length <= 2 ? items.length : 2;
  const rows = Math.ceil(items.length / cols);
  const [cx, cy] = polar(rows >= 3 ? R_CONTENT - 6 : R_CONTENT, centreAngle(p));
  const cw = 42;
  const ch = rows >= 3 ? 27 : 29;
  const out = [];
  // Swap picker: which tokens here are part of a legal swap (first pick or partner)?
  const swaps = swapRing ? ctx.byType.swap || [] : [];
  items.forEach(([k, n], i) => {
    const r = Math.floor(i / cols);
    const inRow = r === rows - 1 ? items.length - r * cols : cols;
    const c = i - r * cols;
    const x = cx + (c - (inRow - 1) / 2) * cw;
    const y = cy + (r - (rows - 1) / 2) * ch;
    const gs = k === "farmer" ? (rows >= 3 ? 24 : 26) : 22;
    const glyph = `${tokenIcon(k, gs, s, f1(x - gs / 2), f1(y - gs / 2))}${n > 1 || k !== "farmer" ? `<text class="tcount" x="${f1(x + 12)}" y="${f1(y + 6)}">${k === "farmer" ? "" : n}</text>` : ""}`;
    out.push(swapToken(ctx, swaps, p, k, n, x, y, glyph));
  });
  return `<g class="paddy-tokens">${out.join("")}</g>`;
}

function swapToken(ctx, swaps, p, k, n, x, y, glyph) {
  if (!swaps.length) return `<g class="tok token-${k}">${glyph}</g>`;
  const me = [p, k];
  const hit = `<rect class="tok-hit" x="${f1(x - 14)}" y="${f1(y - 13)}" width="${n > 1 || k !== "farmer" ? 38 : 28}" height="25" rx="8"/>`;
  if (ctx.pick) {
    if (sameToken(ctx.pick, me)) {
      const label = `Cancel: ${tokenName(k)} in paddy ${paddyNo(p)} is chosen`;
      return `<g class="tok token-${k} picked" role="button" tabindex="${ctx.busy ? -1 : 0}" data-unpick="1" data-focus-key="unpick-${p}-${k}" aria-label="${esc(label)}">${hit}${glyph}</g>`;
    }
    const a = swaps.find((w) => (sameToken(w.a, ctx.pick) && sameToken(w.b, me)) || (sameToken(w.b, ctx.pick) && sameToken(w.a, me)));
    if (a) return `<g ${svgLegalAttrs(ctx, a, `tok token-${k} partner`)}>${hit}${glyph}</g>`;
    return `<g class="tok token-${k} dim">${glyph}</g>`;
  }
  if (swaps.some((w) => sameToken(w.a, me) || sameToken(w.b, me))) {
    const label = `Choose ${tokenName(k)} in paddy ${paddyNo(p)} to swap`;
    const pick = JSON.stringify(me);
    return `<g class="tok token-${k} pickable" role="button" tabindex="${ctx.busy ? -1 : 0}" data-pick="${esc(pick)}" data-focus-key="pick-${p}-${k}" aria-label="${esc(label)}">${hit}${glyph}</g>`;
  }
  return `<g class="tok token-${k}">${glyph}</g>`;
}

function paddyBadges(ctx, s, p, pd, n, isTurnRing) {
  const { t } = ctx;
  const out = [];
  const [ox, oy] = polar(R_NUMBER + 4, centreAngle(p) + 17);
  if (n > 10 && t.phase === "excess") {
    out.push(`<g class="badge over-limit" transform="translate(${f1(ox)},${f1(oy)})"><rect x="-16" y="-9" width="32" height="18" rx="9"/><text y="4" text-anchor="middle">${n}/10</text></g>`);
  }
  if (isTurnRing && ctx.landing === p && ctx.moving) {
    const [lx, ly] = polar(R_NUMBER + 2, centreAngle(p) + 13);
    out.push(`<g class="badge landing" transform="translate(${f1(lx)},${f1(ly)})" aria-hidden="true"><path class="flag" d="M-4,-9 L-4,9 M-4,-9 L8,-5 L-4,-1 Z"/><title>The last token lands here</title></g>`);
  }
  return out.join("");
}

// The movement so far: numbered markers on the rim, from the start paddy clockwise.
function pathMarkers(ctx, s) {
  const { t } = ctx;
  const sw = t.sowing;
  const placed = sw.placed || [];
  // Only the latest lap goes on the ring (one marker per paddy); the panel lists every step.
  const first = Math.max(0, placed.length - NPADDY);
  const marks = placed.slice(first).map((pl, j) => {
    const i = first + j;
    const [x, y] = polar(R_OUT - 13, centreAngle(pl.paddy) - 24);
    const last = i === placed.length - 1 ? " last" : "";
    return `<g class="step token-${pl.token}${last}" transform="translate(${f1(x)},${f1(y)})"><circle r="9"/><text y="3.8" text-anchor="middle">${i + 1}</text><title>${i + 1}: ${esc(tokenName(pl.token))} into paddy ${paddyNo(pl.paddy)}</title></g>`;
  });
  // Arrow from the start paddy round to the next paddy (or the last placed one).
  const steps = placed.length + (handCount(t.hand) > 0 ? 1 : 0);
  let arc = "";
  if (steps > 0) {
    const a0 = centreAngle(sw.from);
    const a1 = a0 + 72 * Math.min(steps, NPADDY) - (steps >= NPADDY ? 8 : 0);
    const r = R_IN + 7;
    const large = a1 - a0 > 180 ? 1 : 0;
    const [x0, y0] = polar(r, a0);
    const [x1, y1] = polar(r, a1);
    arc = `<path class="sow-arc" d="M${f1(x0)},${f1(y0)} A${r},${r} 0 ${large} 1 ${f1(x1)},${f1(y1)}" marker-end="url(#arrow-${s})"/>`;
  }
  const [fx, fy] = polar(R_NUMBER + 4, centreAngle(sw.from) - 17);
  const fromMark = `<g class="from-mark" transform="translate(${f1(fx)},${f1(fy)})"><rect x="-15" y="-7" width="30" height="14" rx="7"/><text y="3.5" text-anchor="middle">start</text></g>`;
  return `<g class="sow-path" aria-hidden="true">${arc}${fromMark}${marks.join("")}</g>`;
}

// ---------------------------------------------------------------------------------------------
// Token art: Snakes are wavy bodies, Rice are lettered grains, the Farmer wears a kasa hat.

function tokenIcon(kind, size = 20, seatForFarmer = 0, x = null, y = null) {
  if (kind === "farmer") return farmerIcon(seatForFarmer, size, x, y);
  const pos = x === null ? "" : ` x="${x}" y="${y}"`;
  const open = `<svg class="ticon ticon-${kind}" width="${size}" height="${size}"${pos} viewBox="-12 -12 24 24" aria-hidden="true" focusable="false">`;
  if (kind === "snake") {
    return `${open}<rect class="snake-tile" x="-11" y="-11" width="22" height="22" rx="5"/><path class="snake-body" d="M-7,6 C-7,-2 0,-2 0,2 C0,7 7,6 7,-1 C7,-5 4,-7 2,-6"/><circle class="snake-eye" cx="3" cy="-6" r="1.2"/></svg>`;
  }
  const letter = LETTER[kind] || "?";
  return `${open}<ellipse class="grain" rx="10.5" ry="11"/><text class="grain-letter" y="4.3" text-anchor="middle">${letter}</text></svg>`;
}

function farmerIcon(seat, size = 20, x = null, y = null) {
  const pos = x === null ? "" : ` x="${x}" y="${y}"`;
  // Seat 0 wears a plain kasa with a band; seat 1 a striped kasa with a point: shape differs too.
  const hat = seat === 1
    ? `<path class="kasa" d="M-12,1 L0,-11 L12,1 Z"/><path class="kasa-stripe" d="M-6,-5 L6,-5 M-9,-2 L9,-2"/>`
    : `<path class="kasa" d="M-12,0 Q0,-14 12,0 Z"/><path class="kasa-stripe" d="M-8,-3 L8,-3"/>`;
  return `<svg class="ticon farmer farmer-${seat}" width="${size}" height="${size}"${pos} viewBox="-12 -12 24 24" aria-hidden="true" focusable="false"><path class="farmer-body" d="M-6,11 Q-6,3 0,3 Q6,3 6,11 Z"/><circle class="farmer-head" cy="2" r="4"/>${hat}</svg>`;
}
