// Tanbo table renderer: turns a Tanbo view (JSON) into an SVG/HTML table and clicks into actions.
//
// Contract: render(root, {view, legal, seat, seats, act, busy, sending, animate, replay});
// describeAction(action[, view]); title. Every legal choice is one element carrying class
// "legal" and data-action (its JSON); nothing else sends anything. The Big Movement swap is
// picked in two steps: a first token (data-pick, one is chosen from the start) and then its
// partner (a legal choice).
//
// Each player's ring keeps its place for the whole game: with exactly one person at the table
// their ring comes first; otherwise seat 0's. Whose turn it is is marked, never shown by moving
// the rings. The status (prompt and choices) has its own place so that the rings never jump.

import { controlFor, esc, fly, followMovement, nextFrame, pulse, redraw, send } from "./shared.js";
import { stageSowing } from "./tanbo-sowing.js";
import { say, seatName, t as words } from "../i18n.js";

// Every word shown comes from the tanbo catalogue (pygames/tanbo/i18n: tanbo.ui.* for the
// table's own words); every rule fact (the Rice colours and their points, the goal, the paddy
// limit, the paddies in a ring, the seats' rings, where a sowing lands) comes from the view.

/** @import { Action, Message, RendererProps, SeatInfo, View } from "../types.js" */
/** @import { MovementJson, PlacedJson, RiceJson, SwapJson, TanboDetails, TanboTable, TokensJson, WayJson } from "../views.js" */
/** @import { TanboAction, TanboPlace, TanboPlaceFarmer, TanboRemove, TanboReturnRice, TanboSwap, TanboTake } from "../views.js" */

/** @typedef {View<TanboTable, TanboDetails>} TanboView */
/** @typedef {import("../types.js").StagedOrder<TanboView>} StagedOrder */
/** @typedef {RendererProps<TanboTable, TanboDetails>} Props */
/** A kind of token, as views and actions name it. @typedef {PlacedJson["token"]} TokenWord */
/** A colour of Rice: a key of every {@link RiceJson}. @typedef {keyof RiceJson} Colour */
/** A token on a ring, as a swap names it: `[paddy, kind]`. @typedef {[number, TokenWord]} Spot */

// The decisions of pygames/tanbo/actions.py, in their JSON forms (written from it, views.d.ts).
/** @typedef {TanboPlaceFarmer} FarmerAction */
/** @typedef {TanboPlace} PlaceAction */
/** @typedef {TanboSwap} SwapAction */
/** @typedef {TanboTake} TakeAction */
/** @typedef {TanboReturnRice} ReturnAction */
/** @typedef {TanboRemove} RemoveAction */
/** A Rice choice (Harvest's take, Rest's return). @typedef {TakeAction | ReturnAction} RiceAction */
/**
 * The legal actions by type.
 * @typedef {{farmer: FarmerAction[], place: PlaceAction[], swap: SwapAction[], take: TakeAction[],
 *   return: ReturnAction[], remove: RemoveAction[]}} ByType
 */

export const title = "Tanbo";

/** The kinds of token in ring order (the swap picker's and the removals' order).
 *  @type {readonly TokenWord[]} */
const KINDS = ["snake", "yellow", "black", "red", "farmer"];

// Ring geometry (SVG user units, centred on 0,0).
const R_OUT = 138;
const R_IN = 34;
const R_CONTENT = 88;
const R_NUMBER = 151;
const VB = 168;

const paddyNo = (/** @type {number} */ p) => p + 1;
/** The colours of Rice in `rice` (every colour: the view writes each), in the view's order.
 *  @param {RiceJson | null | undefined} rice @returns {Colour[]} */
const colours = (rice) => (rice ? /** @type {Colour[]} */ (Object.keys(rice)) : []);
/** @param {RiceJson | null | undefined} r */
const riceTotal = (r) => (r ? colours(r).reduce((t, c) => t + (r[c] || 0), 0) : 0);
/** A message naming something: {id, args} for say() or a {x:msg} placeholder.
 *  @param {string} id @param {Record<string, unknown>} [args] @returns {Message} */
const msg = (id, args = {}) => ({ id, args });
/** @param {string} key @param {Record<string, unknown>} [args] @param {string[]} [names] */
const U = (key, args = {}, names = []) => words(`tanbo.ui.${key}`, args, names);
const tokenMsg = (/** @type {string} */ k) => msg(`tanbo.token.${k}`);
/** "a Snake", "a Red Rice", "the Farmer". */
const aMsg = (/** @type {string} */ k) => msg(`tanbo.a.${k}`);
const shortMsg = (/** @type {string} */ k) => msg(`tanbo.ui.short.${k}`);
const shortName = (/** @type {string} */ k) => say(shortMsg(k));

// ---------------------------------------------------------------------------------------------
// Words: every count a screen reader hears is a word with its plural right.

/** The message for `n` of a kind ("no Snakes", "1 Snake", "2 Snakes", "2 Red Rice", "1 token").
 *  @param {number} n @param {TokenWord | "token"} kind */
function countMsg(n, kind) {
  return n === 0 ? msg(`tanbo.none.${kind}`) : msg(`tanbo.count.${kind}`, { n });
}

/** "no Snakes", "1 Snake", "2 Snakes"; "no Red Rice", "1 Red Rice", "2 Red Rice".
 *  @param {number} n @param {TokenWord | "token"} kind */
export function countWords(n, kind) {
  return say(countMsg(n, kind));
}

/** "2 Snakes, 1 Black Rice, your Farmer", or "empty" (`farmer`: whose Farmer, in words).
 *  @param {TokensJson | undefined} pd @param {string} [farmer] */
function paddyContents(pd, farmer = U("the_farmer")) {
  const parts = [];
  if (pd?.snakes) parts.push(countWords(pd.snakes, "snake"));
  for (const c of colours(pd?.rice)) if (pd?.rice[c]) parts.push(countWords(pd.rice[c], c));
  if (pd?.farmer) parts.push(farmer);
  return parts.length ? parts.join(U("sep")) : say(msg("tanbo.none.empty"));
}

/** "Paddy 3: 2 Snakes, 1 Black Rice, your Farmer" (`farmer`: whose Farmer, in words).
 *  @param {number} p @param {TokensJson | undefined} pd @param {string} [farmer] */
export function paddyName(p, pd, farmer = U("the_farmer")) {
  return U("paddy", { paddy: paddyNo(p), what: paddyContents(pd, farmer) });
}

/** "Collected: no Yellow Rice, 1 Black Rice, 2 Red Rice" (every colour, as `rice` has them).
 *  @param {RiceJson | undefined} rice */
export function collectedWords(rice) {
  return U("collected", { what: colours(rice).map((c) => countWords(rice?.[c] || 0, c)).join(U("sep")) });
}

/** Words for an action, as used in aria-labels and logs. `view` adds the target paddy of a place.
 *  @param {TanboAction} action @param {TanboView} [view] */
export function describeAction(action, view) {
  if (!action || typeof action !== "object") return String(action);
  switch (action.type) {
    case "farmer":
      return U("act.farmer", { paddy: paddyNo(action.paddy) });
    case "place": {
      const next = view?.table?.sowing?.next;
      const what = action.token === "farmer" ? msg("tanbo.ui.your_farmer") : tokenMsg(action.token);
      return next !== undefined && Number.isInteger(next) ? U("act.place_into", { what, paddy: paddyNo(next) }) : U("act.place", { what });
    }
    case "swap":
      return U("act.swap", { a: tokenMsg(action.a[1]), p: paddyNo(action.a[0]), b: tokenMsg(action.b[1]), q: paddyNo(action.b[0]) });
    case "take":
      return U("act.take", { rice: tokenMsg(action.rice) });
    case "return":
      return U("act.return", { rice: tokenMsg(action.rice) });
    case "remove":
      return U("act.remove", { token: aMsg(action.token), paddy: paddyNo(action.paddy) });
    default:
      return JSON.stringify(action);
  }
}

/**
 * A sowing order staged whole by "Confirm moves" (tanbo-sowing.js): the table to draw with the
 * tokens pressed so far placed, what may be pressed next, and the order in words for the
 * confirmation bar; null when `order` is not a sowing this table may make (the press is then
 * staged alone).
 * @param {TanboView} view @param {readonly Action[]} legal @param {readonly Action[]} order
 * @param {string[]} [names] @returns {StagedOrder | null}
 */
export function stageOrder(view, legal, order, names = []) {
  const staged = stageSowing(view, legal, order);
  if (!staged) return null;
  const placed = staged.view.table.sowing?.placed ?? [];
  const items = placed.slice(placed.length - staged.staged)
    .map((p) => msg("tanbo.ui.hand.step", { token: tokenMsg(p.token), paddy: paddyNo(p.paddy) }));
  const steps = say(msg("tanbo.list", { items }));
  const words = staged.way ? U("staged.then", { steps, way: say(staged.way.text, names) }) : steps;
  return { view: staged.view, legal: staged.legal, staged: staged.staged, complete: staged.complete, words };
}

/** The seats' rings in the order they are drawn: the view's (`rings`, the table's `ring_order`),
 *  but for the only person's first (never the seat on screen's).
 *  @param {SeatInfo[] | undefined} seats @param {readonly number[]} rings @returns {number[]} */
export function ringOrder(seats, rings) {
  const humans = rings.filter((s) => seats?.[s] && !seats[s].bot);
  if (humans.length !== 1) return [...rings];
  return [humans[0], ...rings.filter((s) => s !== humans[0])];
}

// ---------------------------------------------------------------------------------------------
// Per-root state: the latest props, the swap picker's first pick, the view drawn before (for
// animations), and one set of listeners.

/**
 * @typedef {object} RootState
 * @property {Props} props
 * @property {Spot | null} pick The swap picker's first token.
 * @property {string | null} pickKey The swap decision `pick` was made in.
 * @property {boolean} sending
 * @property {{view: TanboView, order: string} | null} drawn The view drawn last and its ring order.
 * @property {boolean} focusPartner
 * @property {boolean | null} forecastOpen The forecast's list was opened or closed by the
 *   person (null: as the screen's width suggests, closed on a phone).
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
    st = { props, pick: null, pickKey: null, sending: false, drawn: null, focusPartner: false, forecastOpen: null };
    roots.set(root, st);
    const state = st;
    // A toggle does not bubble: caught on the way down, it keeps the person's choice.
    root.addEventListener("toggle", (e) => {
      const el = /** @type {Element} */ (e.target);
      if (el instanceof HTMLDetailsElement && el.classList.contains("forecast")) state.forecastOpen = el.open;
    }, true);
    root.addEventListener("click", (e) => onActivate(root, e));
    root.addEventListener("keydown", (e) => {
      if (e.key !== "Enter" && e.key !== " ") return;
      const el = /** @type {Element} */ (e.target).closest?.("[role=button]");
      if (!el || el.tagName === "BUTTON") return;
      e.preventDefault();
      onActivate(root, e);
    });
  }
  st.props = props;
  // A toggle's event comes a task after the click that opened or closed the forecast: a redraw
  // in between (a bot's move landing) reads the person's choice from the list itself.
  const shown = root.querySelector("details.forecast");
  if (shown instanceof HTMLDetailsElement && shown.open !== (shown.dataset.drawnOpen === "true")) {
    st.forecastOpen = shown.open;
  }
  // A first pick survives only as long as the same swap decision is on the table.
  const key = JSON.stringify([props.view?.table?.steps, props.view?.table?.pending, props.legal?.length]);
  if (key !== st.pickKey) {
    st.pick = null;
    st.pickKey = key;
  }
  const before = st.drawn;
  draw(root, st);
  const order = props.view?.table ? ringOrder(props.seats, props.view.table.ring_order) : [];
  const drawn = { view: props.view, order: order.join() };
  st.drawn = drawn;
  if (props.animate && before && before.order === order.join() && before.view?.table && props.view?.table) {
    const [a, b] = [before.view.table, props.view.table];
    const state = st; // redrawn again before the frame: that step is not this one
    nextFrame(() => {
      if (state.drawn !== drawn) return;
      try {
        animateChange(root, a, b);
      } catch (err) {
        console.warn("tanbo: animation skipped", err); // decoration only: the table is drawn
      }
    });
  }
}

/** The thing a lesson's words name (pygames/tutorials.py SPOTS), found on the table drawn in
 *  `root`: a seat's ring, a paddy of it, or a seat's header (score and collected Rice).
 *  @param {HTMLElement} root @param {{thing: string, seat?: number, at?: number}} spot
 *  @returns {Element | null} */
export function spot(root, { thing, seat = 0, at = 0 }) {
  if (thing === "ring") return root.querySelector(`svg.ring.seat-${seat}`);
  if (thing === "paddy") return root.querySelector(`svg.ring.seat-${seat} [data-paddy="${at}"]`);
  if (thing === "player") return root.querySelector(`.tanbo-player.seat-${seat}`);
  return null;
}

/**
 * The control that makes `action` on the table drawn in `root`, or the next one to press
 * towards it (a swap's first token): a hint or a lesson marks it.
 * @param {HTMLElement} root @param {TanboAction} action @returns {Element | null}
 */
export function towards(root, action) {
  const exact = controlFor(root, action);
  if (exact || action.type !== "swap") return exact;
  const ends = [JSON.stringify(action.a), JSON.stringify(action.b)];
  return [...root.querySelectorAll("[data-pick]")].find((e) => ends.includes(e.getAttribute("data-pick") ?? "")) ?? null;
}

/** @param {HTMLElement} root @param {RootState} st */
function draw(root, st) {
  redraw(root, tableHtml(st));
  if (st.focusPartner) {
    st.focusPartner = false;
    const partner = root.querySelector(".tok-btn.partner"); // a <rect> over the ring
    if (partner instanceof SVGElement) partner.focus({ preventScroll: true });
  }
}

/** @param {HTMLElement} root @param {Event} e */
function onActivate(root, e) {
  const st = roots.get(root);
  if (!st) return;
  const el = e.target instanceof Element ? e.target.closest("[data-action],[data-pick]") : null;
  // Only our own table: the shell may draw a fallback into the same root.
  if (!el || !root.contains(el) || !el.closest(".tanbo")) return;
  const { props } = st;
  if (props.busy || st.sending || props.replay) return;
  const pick = el.getAttribute("data-pick");
  if (pick !== null) {
    /** @type {Spot} */
    const spot = JSON.parse(pick);
    st.pick = spot;
    st.focusPartner = true; // the picker moves on to the partners itself
    draw(root, st);
    return;
  }
  /** @type {Action} */
  let action;
  try {
    action = JSON.parse(el.getAttribute("data-action") ?? "");
  } catch {
    return;
  }
  send(root, st, "tanbo-sending", () => props.act(action));
}

/** A token of a turn's swap as a {@link Spot} (the view's pair is an array of both; null: not
 *  a pair). @param {SwapJson["a"]} pair @returns {Spot | null} */
const spotOf = ([p, k]) => (typeof p === "number" && typeof k === "string" ? [p, k] : null);

/** Whether two tokens on a ring are the same one. @param {Spot | null} x @param {Spot | null} y */
const sameToken = (x, y) => !!x && !!y && x[0] === y[0] && x[1] === y[1];

// ---------------------------------------------------------------------------------------------
// The whole table.

/** @param {RootState} st */
function tableHtml(st) {
  const { view, legal = [], seat, seats = [], busy, replay } = st.props;
  const t = view?.table;
  if (!t) return `<div class="tanbo"><p class="tanbo-prompt">${esc(U("waiting_table"))}</p></div>`;
  /** @type {string[]} */
  const names = [];
  for (const s of t.ring_order) names[s] = seatName(s, seats);
  const order = ringOrder(seats, t.ring_order);
  const humans = t.ring_order.filter((s) => seats[s] && !seats[s].bot);
  // The engine's legal actions for a Tanbo seat are Tanbo's (pygames/tanbo/actions.py).
  const actions = /** @type {TanboAction[]} */ (replay ? [] : legal);
  const ctx = buildContext(st, view, actions, seat, names, busy, order, humans);
  const over = view.over || t.phase === "over";
  return `<div class="tanbo${busy ? " busy" : ""}${over ? " over" : ""}${replay ? " replay" : ""} phase-${esc(t.phase)}"
      data-phase="${esc(t.phase)}">
    <div class="tanbo-table" data-stay>
      ${statusHtml(ctx)}
      ${sideHtml(ctx, order[0], "first")}
      ${sideHtml(ctx, order[1], "second")}
      <section class="tanbo-centre" aria-label="${esc(U("centre"))}">${centreHtml(ctx)}</section>
    </div>
  </div>`;
}

/**
 * The legal actions of one type.
 * @template {TanboAction["type"]} K
 * @param {TanboAction[]} legal @param {K} type
 * @returns {Extract<TanboAction, {type: K}>[]}
 */
function ofType(legal, type) {
  return legal.filter(/** @returns {a is Extract<TanboAction, {type: K}>} */ (a) => a.type === type);
}

/**
 * What every part of the table is drawn from.
 * @param {RootState} st @param {TanboView} view @param {TanboAction[]} legal
 * @param {number} seat @param {string[]} names @param {boolean} busy
 * @param {number[]} order @param {number[]} humans
 */
function buildContext(st, view, legal, seat, names, busy, order, humans) {
  const t = view.table;
  /** @type {ByType} */
  const byType = {
    farmer: ofType(legal, "farmer"), place: ofType(legal, "place"), swap: ofType(legal, "swap"),
    take: ofType(legal, "take"), return: ofType(legal, "return"), remove: ofType(legal, "remove"),
  };
  const sowing = t.phase === "move" ? t.sowing : null;
  const moving = !!sowing;
  /** @type {number | null} */
  let landing = null;
  if (sowing && Number.isInteger(sowing.landing)) landing = sowing.landing; // the engine's (ruling T3)
  /** @type {number | null} */
  const actor = view.over ? null : (view.actors?.length ? view.actors[0] : t.pending?.seat ?? t.turn);
  const swaps = byType.swap;
  /** @type {Spot | null} */
  let pick = null;
  if (swaps.length) {
    const valid = (/** @type {Spot} */ x) => swaps.some((w) => sameToken(w.a, x) || sameToken(w.b, x));
    pick = st.pick && valid(st.pick) ? st.pick : firstPicks(swaps)[0];
  }
  const viewer = Number.isInteger(seat) && seat >= 0 ? seat : null;
  return {
    st, view, t, legal, byType, names, busy, sowing, moving, landing, pick, actor, order, viewer,
    seats: st.props.seats || [], hotSeat: humans.length > 1, onlyHuman: humans.length === 1 ? humans[0] : null,
    replay: !!st.props.replay,
  };
}

/** @typedef {ReturnType<typeof buildContext>} Ctx */

/**
 * Every token that takes part in a legal swap, in ring order (paddy, then kind): the tokens the
 * swap picker offers first (the first of them is picked from the start).
 * @param {{a: Spot, b: Spot}[]} swaps
 * @returns {Spot[]}
 */
export function firstPicks(swaps) {
  /** @type {Map<string, Spot>} */
  const seen = new Map();
  for (const w of swaps) for (const x of [w.a, w.b]) seen.set(`${x[0]}:${x[1]}`, x);
  return [...seen.values()].sort((x, y) => x[0] - y[0] || KINDS.indexOf(x[1]) - KINDS.indexOf(y[1]));
}

/** The tokens in the hand. @param {TokensJson | null | undefined} h */
function handCount(h) {
  if (!h) return 0;
  return (h.snakes || 0) + riceTotal(h.rice) + (h.farmer ? 1 : 0);
}

/** The tokens in a paddy (none in no paddy). @param {TokensJson | undefined} p */
function paddyCount(p) {
  if (!p) return 0;
  return (p.snakes || 0) + riceTotal(p.rice) + (p.farmer ? 1 : 0);
}

/** "Kenji's Farmer", or "your Farmer" for the only person at the table looking at their ring.
 *  @param {Ctx} ctx @param {number} s */
function farmerWords(ctx, s) {
  if (ctx.viewer === s && ctx.onlyHuman === s) return U("your_farmer");
  return U("their_farmer", { seat: s }, ctx.names);
}

// ---------------------------------------------------------------------------------------------
// Status: the prompt and the choices of the decision at hand (or what the table waits for).

/** @param {Ctx} ctx */
function statusHtml(ctx) {
  const { view, t, names } = ctx;
  if (view.over || t.phase === "over") return overHtml(ctx);
  const actor = ctx.actor;
  // A sowing order staged whole: every token is placed in the page, and the person's Confirm
  // is what the table waits for.
  const whole = t.phase === "move" && !!ctx.st.props.staged && handCount(t.hand) === 0;
  const yours = ctx.legal.length > 0 || whole;
  const say1 = (/** @type {string} */ key, /** @type {Record<string, unknown>} */ args = {}) =>
    esc(U(`prompt.${key}`, { seat: actor, ...args }, names));
  /** @type {string} */
  let prompt;
  let panel = "";

  switch (t.phase) {
    case "farmer":
      prompt = say1(yours ? "farmer_you" : "farmer");
      break;
    case "move": {
      const next = t.sowing ? paddyNo(t.sowing.next) : "?";
      const n = handCount(t.hand);
      const land = ctx.landing !== null ? say1("lands", { paddy: paddyNo(ctx.landing) }) : "";
      prompt = whole
        ? say1("move_staged")
        : (yours ? say1("move_you", { paddy: next }) : say1("move", { tokens: countMsg(n, "token"), paddy: next })) + land;
      panel = handPanel(ctx);
      break;
    }
    case "swap": {
      if (yours && ctx.pick) {
        const [p, k] = ctx.pick;
        prompt = say1("swap_you", { token: tokenMsg(k), paddy: paddyNo(p) });
        panel = swapPanel(ctx);
      } else {
        prompt = esc(U("prompt.swap", { seat: t.pending?.seat ?? actor }, names));
      }
      break;
    }
    case "harvest": {
      const n = t.pending?.count ?? 0;
      const paddy = t.action_paddy !== null && Number.isInteger(t.action_paddy) ? paddyNo(t.action_paddy) : "?";
      prompt = say1(yours ? "harvest_you" : "harvest", { n, paddy });
      // Best first: the most valuable Rice (the rulebook's advice).
      if (yours) panel = choicePanel(ctx, ctx.byType.take, "take", byValue(t, -1));
      break;
    }
    case "rest": {
      const n = t.pending?.count ?? 0;
      prompt = say1(yours ? "rest_you" : "rest", { n });
      // Best first: the cheapest Rice (the rulebook's advice).
      if (yours) panel = choicePanel(ctx, ctx.byType.return, "return", byValue(t, 1));
      break;
    }
    case "excess": {
      const n = t.pending?.count ?? 0;
      prompt = say1(yours ? "excess_you" : "excess", { tokens: countMsg(n, "token"), limit: t.paddy_limit });
      if (yours) panel = removePanel(ctx);
      break;
    }
    default:
      prompt = say1("default");
  }
  if (!yours && !ctx.replay && actor !== null) prompt += ` <span class="tanbo-wait">${say1("wait")}</span>`;
  const side = actor === null ? "" : ctx.order[0] === actor ? "first" : "second";
  const prompted = ctx.replay ? "" : ` data-prompt tabindex="-1"`;
  return `<div class="tanbo-status${yours ? " your-move" : ""}${actor !== null ? ` seat-${actor} acting-${side}` : ""}">
      <p class="tanbo-prompt"${prompted}>${actor !== null ? `${farmerIcon(actor, 20)} ` : ""}${prompt}</p>
      ${panel ? `<div class="tanbo-panel">${panel}</div>` : ""}
    </div>`;
}

/** The Rice colours by the points the view gives them: `dir` 1 cheapest first, -1 dearest.
 *  @param {TanboTable} t @param {1 | -1} dir */
function byValue(t, dir) {
  const pts = t.rice_points;
  return colours(pts).sort((x, y) => dir * ((pts[x] ?? 0) - (pts[y] ?? 0)));
}

/** @param {Ctx} ctx */
function overHtml(ctx) {
  const { view, t, names } = ctx;
  const o = view.outcome;
  const winners = o?.winners || [];
  const scores = o?.scores || t.scores || [0, 0];
  const head = esc(winners.length === 1
    ? U("over.wins", { seat: winners[0] }, names)
    : winners.length > 1 ? U("over.shared") : U("over.none"));
  const reason = say(o?.reason ?? t.winner_reason, names);
  return `<div class="tanbo-status tanbo-over">
      <p class="tanbo-prompt"${ctx.replay ? "" : ` data-prompt tabindex="-1"`}><strong>${head}</strong>${reason ? ` <span class="tanbo-reason">(${esc(reason)})</span>` : ""}</p>
      <p class="tanbo-final">${ctx.order
        .map((s) => `<span class="final-score seat-${s}${winners.includes(s) ? " winner" : ""}">${esc(names[s])}: <b>${scores[s] ?? 0}</b> ${esc(U("over.points", { n: scores[s] ?? 0 }))}</span>`)
        .join("")}</p>
    </div>`;
}

/** The attributes of a button that sends `action`.
 *  @param {Ctx} ctx @param {TanboAction} action @param {string} [extraClass] @param {string} [label] */
function legalAttrs(ctx, action, extraClass = "", label = describeAction(action, ctx.view)) {
  const json = JSON.stringify(action);
  const dis = ctx.busy ? " disabled" : "";
  return `class="legal ${extraClass}" data-action="${esc(json)}" data-focus-key="${esc(json)}" aria-label="${esc(label)}" title="${esc(label)}"${dis}`;
}

/** The attributes of an SVG shape that sends `action` (a button by its role).
 *  @param {Ctx} ctx @param {TanboAction} action @param {string} [extraClass] @param {string} [label] */
function svgLegalAttrs(ctx, action, extraClass = "", label = describeAction(action, ctx.view)) {
  const json = JSON.stringify(action);
  return `class="legal ${extraClass}" role="button" tabindex="${ctx.busy ? -1 : 0}" aria-disabled="${ctx.busy ? "true" : "false"}" data-action="${esc(json)}" data-focus-key="${esc(json)}" aria-label="${esc(label)}"`;
}

/** @param {Ctx} ctx */
function handPanel(ctx) {
  const { t } = ctx;
  const h = t.hand;
  /** @type {Record<TokenWord, number>} */
  const counts = { snake: h.snakes || 0, ...h.rice, farmer: h.farmer ? 1 : 0 };
  const legalByToken = new Map(ctx.byType.place.map((a) => [a.token, a]));
  const mover = t.turn;
  // The forecast is for the person sowing: others see the sowing on the ring.
  const ways = legalByToken.size ? t.sowing?.ways ?? [] : [];
  const chips = KINDS.filter((k) => counts[k] > 0 || legalByToken.has(k)).map((k) => {
    const a = legalByToken.get(k);
    // Visible: "2 Snakes", "1 Yellow", "Farmer"; the name starts with the same words.
    const shown = k === "farmer" ? shortName(k) : k === "snake" ? countWords(counts[k], "snake") : U("hand.rice", { n: counts[k], colour: shortMsg(k) });
    const inner = `${chipIcon(k, 22, mover)}<span class="chip-name">${esc(shown)}</span>`;
    if (a) {
      const what = k === "farmer" ? msg("tanbo.ui.your_farmer") : aMsg(k);
      // What the movement can still do once this token is placed (the engine's forecast);
      // when that is one thing, the chip shows it, and its name starts with what it shows.
      const kept = ways.filter((w) => w.next.includes(k));
      const fixed = kept.length === 1 ? `→ ${wayShort(kept[0])}` : "";
      const named = fixed ? `${shown} ${fixed}` : shown;
      const into = t.sowing && Number.isInteger(t.sowing.next)
        ? U("hand.label_into", { shown: named, what, paddy: paddyNo(t.sowing.next) })
        : U("hand.label", { shown: named, what });
      const label = kept.length > 1 ? U("forecast.chip", { into, then: kept.map(wayShort).join(U("forecast.or")) }) : into;
      const then = fixed ? `<span class="chip-then">${esc(fixed)}</span>` : "";
      return `<button type="button" ${legalAttrs(ctx, a, `chip token-${k}${kept.length === 1 ? " fixes" : ""}`, label)}>${inner}${then}</button>`;
    }
    return `<span class="chip token-${k} inert">${inner}</span>`;
  });
  const sw = t.sowing;
  // Tokens staged by "Confirm moves" are on the path too, marked as not played yet.
  const firstStaged = (sw?.placed.length ?? 0) - (ctx.st.props.staged ?? 0);
  const placed = (sw?.placed || [])
    .map((p, i) => {
      const step = U("hand.step", { token: tokenMsg(p.token), paddy: paddyNo(p.paddy) });
      const staged = i >= firstStaged;
      const heard = staged ? `${step} (${U("hand.staged")})` : step;
      return `<li${staged ? ' class="staged-step"' : ""}><span class="sr-only">${esc(heard)}</span><span aria-hidden="true"><span class="step-no">${i + 1}</span>${tokenIcon(p.token, 14, mover)}<span class="step-paddy">→${paddyNo(p.paddy)}</span></span></li>`;
    })
    .join("");
  return `<div class="hand">
      <span class="panel-label">${esc(U("hand.in_hand", { tokens: countMsg(handCount(h), "token") }))}</span>
      <div class="chips">${chips.join("")}</div>
    </div>
    ${placed && sw ? `<ol class="path-list" aria-label="${esc(U("hand.placed", { paddy: paddyNo(sw.from) }))}"><li class="path-from">${esc(U("hand.from", { paddy: paddyNo(sw.from) }))}</li>${placed}</ol>` : ""}
    ${ways.length && ctx.landing !== null ? forecastList(ways, ctx.landing, mover, ctx.names, ctx.st.forecastOpen) : ""}`;
}

/**
 * What the movement can do: for each content the hand can still give the last paddy, its
 * action and effect, as the engine words them. Hovering or focusing a token dims the ways it
 * closes (tanbo.css).
 * @param {WayJson[]} ways @param {number} landing @param {number} mover @param {string[]} names
 * @param {boolean | null} open Whether the list is open (null: open unless on a phone, where
 *   the status shares the screen with the rings and shows one line per way until opened).
 */
function forecastList(ways, landing, mover, names, open) {
  // Ways that do the same thing share a row: "Yellow or Red: Big Movement ...".
  /** @type {Map<string, WayJson[]>} */
  const same = new Map();
  for (const w of ways) {
    const key = JSON.stringify([w.action, w.text]);
    same.set(key, [...(same.get(key) ?? []), w]);
  }
  const groups = [...same.values()];
  /** @param {WayJson[]} group */
  const icons = (group) => group.map((g) => `<span class="way-set">${g.tokens.map((k) => tokenIcon(k, 18, mover)).join("")}</span>`)
    .join(`<span class="way-or">/</span>`);
  /** @param {WayJson[]} group */
  const cls = (group) => [`way work-${group[0].action}`, group[0].wins ? "wins" : "", group[0].loses ? "loses" : ""].filter(Boolean).join(" ");
  /** @param {WayJson[]} group */
  const next = (group) => esc([...new Set(group.flatMap((g) => g.next))].join(" "));
  const rows = groups.map((group) => {
    const tokens = group.map(wayTokens).join(U("forecast.or"));
    return `<li class="${cls(group)}" data-next="${next(group)}"><span class="way-tokens" aria-hidden="true">${icons(group)}</span><span class="sr-only">${esc(U("forecast.way", { tokens }))}</span><span class="way-text">${esc(say(group[0].text, names))}</span></li>`;
  });
  const pills = groups.map((group) => `<span class="${cls(group)}" data-next="${next(group)}">${icons(group)}<span>${esc(wayShort(group[0]))}</span></span>`);
  const isOpen = open ?? !(typeof matchMedia === "function" && matchMedia("(max-width: 600px)").matches);
  const head = U("forecast.head", { paddy: paddyNo(landing) });
  return `<details class="forecast" data-drawn-open="${isOpen}"${isOpen ? " open" : ""}><summary><span class="panel-label">${esc(head)}</span><span class="way-pills" aria-hidden="true">${pills.join("")}</span></summary><ul class="ways">${rows.join("")}</ul></details>`;
}

/** The tokens of a way, in words: "a Red Rice", "2 Snakes and a Yellow Rice". @param {WayJson} w */
function wayTokens(w) {
  /** @type {Map<TokenWord, number>} */
  const by = new Map();
  for (const k of w.tokens) by.set(k, (by.get(k) ?? 0) + 1);
  const items = [...by].map(([k, n]) => (n === 1 ? aMsg(k) : countMsg(n, k)));
  return say(msg("tanbo.list", { items }));
}

/** A way in a few words: "Harvest +5", "Rest −3", "Harvest +10, wins". @param {WayJson} w */
function wayShort(w) {
  const work = say(msg(`tanbo.work.${w.action}`));
  const points = w.points > 0 ? ` +${w.points}` : w.points < 0 ? ` −${-w.points}` : "";
  const end = w.wins ? U("forecast.wins") : w.loses ? U("forecast.loses") : "";
  return `${work}${points}${end}`;
}

/**
 * The Rice to take (Harvest) or to return (Rest), in `order`.
 * @param {Ctx} ctx @param {RiceAction[]} actions @param {"take" | "return"} verb @param {Colour[]} order
 */
function choicePanel(ctx, actions, verb, order) {
  const { t } = ctx;
  /** @type {Partial<RiceJson>} */
  const src = verb === "take"
    ? (t.action_paddy === null ? undefined : t.rings[t.turn]?.[t.action_paddy]?.rice) || {}
    : (t.collected?.[t.pending?.seat ?? t.turn] || {});
  const btns = order.map((c) => {
    const a = actions.find((x) => x.rice === c);
    if (!a) return "";
    const have = src[c] ?? 0;
    // Visible: "Red, 5 points, 2 there"; the name starts with the same words.
    const pts = U("choice.points", { points: t.rice_points?.[c] ?? "?" });
    const where = U(verb === "take" ? "choice.there" : "choice.collected", { n: have });
    const shown = [shortName(c), pts, where].join(U("sep"));
    const doing = verb === "take"
      ? U("choice.take", { rice: aMsg(c), paddy: t.action_paddy === null ? "?" : paddyNo(t.action_paddy) })
      : U("choice.return", { rice: aMsg(c) });
    const label = U("labelled", { shown, doing });
    const comma = `<span class="sep">${esc(U("comma"))}</span>`;
    return `<button type="button" ${legalAttrs(ctx, a, `chip token-${c}`, label)}>${chipIcon(c, 22)}<span class="chip-name">${esc(shortName(c))}${comma}</span> <span class="chip-count">${esc(pts)}${comma} ${esc(where)}</span></button>`;
  });
  // Any legal action this panel does not know how to draw still gets a plain button.
  const extra = actions.filter((a) => !order.includes(a.rice))
    .map((a) => `<button type="button" ${legalAttrs(ctx, a, "chip")}>${esc(describeAction(a, ctx.view))}</button>`);
  return `<div class="chips">${btns.join("")}${extra.join("")}</div>`;
}

/** @param {Ctx} ctx */
function removePanel(ctx) {
  const acts = ctx.byType.remove;
  /** @type {Map<number, RemoveAction[]>} */
  const byPaddy = new Map();
  for (const a of acts) {
    let list = byPaddy.get(a.paddy);
    if (!list) byPaddy.set(a.paddy, (list = []));
    list.push(a);
  }
  const ring = ctx.t.rings[ctx.t.pending?.seat ?? ctx.t.turn] || [];
  return [...byPaddy.entries()].sort((x, y) => x[0] - y[0]).map(([p, list]) => {
    const n = ring[p] ? paddyCount(ring[p]) : 0;
    const btns = list
      .sort((x, y) => KINDS.indexOf(x.token) - KINDS.indexOf(y.token))
      .map((a) => `<button type="button" ${legalAttrs(ctx, a, `chip token-${a.token}`)}>${chipIcon(a.token, 20)}<span class="chip-name">${esc(shortName(a.token))}</span></button>`)
      .join("");
    return `<div class="remove-row"><span class="panel-label">${esc(U("paddy", { paddy: paddyNo(p), what: countWords(n, "token") }))}</span><div class="chips">${btns}</div></div>`;
  }).join("");
}

// The swap: the first token is chosen here or on the ring (one is chosen from the start); its
// partners glow on the ring and are the legal choices.
/** @param {Ctx} ctx */
function swapPanel(ctx) {
  const swaps = ctx.byType.swap;
  const seat = ctx.t.pending?.seat ?? ctx.actor;
  const chips = firstPicks(swaps).map((x) => {
    const [p, k] = x;
    const on = sameToken(x, ctx.pick);
    const shown = U("swap.shown", { token: shortMsg(k), paddy: paddyNo(p) });
    const label = U("swap.first_label", { shown, token: tokenMsg(k), paddy: paddyNo(p) });
    return `<button type="button" class="chip mini pick token-${k}${on ? " picked" : ""}" data-pick="${esc(JSON.stringify(x))}" data-focus-key="first-${p}-${k}" aria-pressed="${on}" aria-label="${esc(label)}"${ctx.busy ? " disabled" : ""}>${chipIcon(k, 16, seat)}<span>${esc(shown)}</span></button>`;
  });
  const partners = swaps.filter((w) => sameToken(w.a, ctx.pick) || sameToken(w.b, ctx.pick));
  // The partners glow on the ring, and are chips here too: a token on a phone's ring is a
  // smaller target than a finger needs, a chip is not.
  const withChips = partners.map((w) => {
    const other = sameToken(w.a, ctx.pick) ? w.b : w.a;
    const [p, k] = other;
    const shown = U("swap.shown", { token: shortMsg(k), paddy: paddyNo(p) });
    const label = U("labelled", { shown, doing: describeAction(w, ctx.view) });
    return `<button type="button" ${legalAttrs(ctx, w, `chip mini token-${k}`, label)}>${chipIcon(k, 16, seat)}<span>${esc(shown)}</span></button>`;
  });
  const withRow = withChips.length
    ? `<div class="swap-with" role="group" aria-label="${esc(U("swap.with"))}"><span class="panel-label">${esc(U("swap.with"))}</span><div class="chips">${withChips.join("")}</div></div>`
    : "";
  return `${withRow}<div class="swap-first" role="group" aria-label="${esc(U("swap.group"))}"><span class="panel-label">${esc(U("swap.another"))}</span><div class="chips">${chips.join("")}</div></div>
    <p class="hint">${esc(U("swap.partners", { n: partners.length }))}</p>`;
}

// ---------------------------------------------------------------------------------------------
// A player's side: header (name, score, collected Rice, what they just did) and ring.

/** @param {Ctx} ctx @param {number} s @param {"first" | "second"} place */
function sideHtml(ctx, s, place) {
  const acting = ctx.actor === s;
  return `<section class="tanbo-side side-${place} seat-${s}${acting ? " is-acting" : ""}" aria-label="${esc(U("side", { seat: s }, ctx.names))}">
      ${playerHtml(ctx, s)}
      ${ringSvg(ctx, s)}
    </section>`;
}

/** @param {Ctx} ctx @param {number} s */
function playerHtml(ctx, s) {
  const { t, view, names } = ctx;
  /** @type {RiceJson | undefined} */
  const coll = t.collected?.[s];
  const acting = ctx.actor === s;
  const turn = !view.over && t.turn === s && t.phase !== "farmer";
  const tags = [];
  if (ctx.viewer === s && ctx.onlyHuman === s) tags.push(`<span class="you-tag">${esc(U("tag.you"))}</span>`);
  const bot = ctx.seats[s]?.bot;
  if (bot) tags.push(`<span class="bot-tag">${esc(U("tag.bot", { level: ctx.seats[s].level ?? bot }))}</span>`);
  if (t.first_player === s) tags.push(`<span class="first-tag" title="${esc(U("tag.first_title"))}">${esc(U("tag.first"))}</span>`);
  if (acting) tags.push(`<span class="turn-tag">${esc(U(t.phase === "swap" && !turn ? "tag.swapping" : "tag.to_play"))}</span>`);
  const score = t.scores?.[s] ?? 0;
  const riceChips = colours(t.rice_points).map((c) => `<span class="held token-${c}">${tokenIcon(c, 16)}<span>×${coll?.[c] || 0}</span></span>`).join("");
  const turnPts = turn && t.turn_points ? `<span class="turn-points">${esc(U("turn_points", { n: t.turn_points }))}</span>` : "";
  const last = t.last?.[s];
  const lastText = last?.text ? say(last.text, ctx.names) : "";
  const goal = t.goal?.points ?? "?";
  return `<header class="tanbo-player seat-${s}${acting ? " is-acting" : ""}">
      <span class="pname">${farmerIcon(s, 22)}<span class="pname-text">${esc(names[s])}</span>${tags.join("")}</span>
      <span class="pscore"><b aria-hidden="true">${score}</b><small aria-hidden="true">/${goal}</small><span class="sr-only">${esc(U("score", { n: score, goal }))}</span></span>
      <span class="pheld"><span class="held-chips" aria-hidden="true">${riceChips}</span><span class="sr-only">${esc(collectedWords(coll))}</span>${turnPts}</span>
      <p class="plast"${lastText ? ` title="${esc(lastText)}"` : ""}>${lastText ? `<span class="sr-only">${esc(U(last?.done === false ? "last.now" : "last.before"))}</span><span class="plast-text">${esc(lastText)}</span>` : `<span class="plast-none">${esc(U("last.none"))}</span>`}</p>
    </header>`;
}

// ---------------------------------------------------------------------------------------------
// Centre: bag, supply and the goal.

/** @param {Ctx} ctx */
function centreHtml(ctx) {
  const { t } = ctx;
  /** @type {RiceJson | undefined} */
  const bag = t.bag;
  const total = riceTotal(bag);
  const rows = colours(t.rice_points).map((c) => `<li class="token-${c}"><span class="bag-row" aria-hidden="true">${tokenIcon(c, 18)}<span class="cname">${esc(shortName(c))}</span><b>${bag?.[c] || 0}</b></span><span class="sr-only">${esc(U("bag.each", { count: countMsg(bag?.[c] || 0, c), points: t.rice_points?.[c] ?? "?" }))}</span></li>`).join("");
  const supply = t.supply ?? 0;
  return `<div class="bag" role="group" aria-label="${esc(U("bag.group", { n: total }))}">
      <svg class="bag-art" viewBox="-40 -40 80 80" aria-hidden="true">
        <path class="bag-body" d="M-16,-22 C-30,-6 -34,18 -22,28 C-10,36 10,36 22,28 C34,18 30,-6 16,-22 Z"/>
        <path class="bag-neck" d="M-18,-22 Q0,-14 18,-22 L15,-30 Q0,-25 -15,-30 Z"/>
        <path class="bag-cord" d="M-8,-20 C-14,-8 -6,-4 -10,6 M8,-20 C14,-8 6,-4 10,6" fill="none"/>
        <text class="bag-count" x="0" y="22" text-anchor="middle">${total}</text>
      </svg>
      <div><span class="panel-label" aria-hidden="true">${esc(U("bag.label"))}</span><ul class="bag-list">${rows}</ul></div>
    </div>
    <div class="supply">
      ${tokenIcon("snake", 26)}<span><span class="panel-label">${esc(U("supply.label"))}</span>${supply ? `<b>${supply}</b> ${esc(U("supply.unit", { n: supply }))}` : esc(countWords(0, "snake"))}</span>
    </div>
    <p class="legend">${colours(t.rice_points).map((c) => `<span aria-hidden="true">${tokenIcon(c, 14)}${t.rice_points?.[c] ?? "?"}</span>`).join("")}<span class="legend-goal">${esc(U("goal", { ...t.goal }))}</span></p>`;
}

// ---------------------------------------------------------------------------------------------
// The ring of paddies (the view's `paddies` of them: five sectors of 72 degrees).

/** The point `r` from the centre at `deg` degrees (clockwise from 3 o'clock).
 *  @param {number} r @param {number} deg @returns {[number, number]} */
function polar(r, deg) {
  const a = (deg * Math.PI) / 180;
  return [r * Math.cos(a), r * Math.sin(a)];
}
const f1 = (/** @type {number} */ x) => Math.round(x * 10) / 10;
/** The angle of the middle of paddy `p` of `n`: the first at the top, then clockwise.
 *  @param {number} p @param {number} n */
const centreAngle = (p, n) => -90 + (p * 360) / n;

/** The sector of paddy `p` of `n`. @param {number} p @param {number} n */
function sectorPath(p, n, rIn = R_IN, rOut = R_OUT) {
  const a0 = centreAngle(p, n) - 180 / n;
  const a1 = centreAngle(p, n) + 180 / n;
  const [x0, y0] = polar(rOut, a0);
  const [x1, y1] = polar(rOut, a1);
  const [x2, y2] = polar(rIn, a1);
  const [x3, y3] = polar(rIn, a0);
  return `M${f1(x0)},${f1(y0)} A${rOut},${rOut} 0 0 1 ${f1(x1)},${f1(y1)} L${f1(x2)},${f1(y2)} A${rIn},${rIn} 0 0 0 ${f1(x3)},${f1(y3)} Z`;
}

/** A band along the inside of a paddy's rim (marks a paddy sown on the last turn). */
/** @param {number} p @param {number} n */
function rimArc(p, n) {
  const r = R_OUT - 6;
  const [x0, y0] = polar(r, centreAngle(p, n) - 180 / n + 6);
  const [x1, y1] = polar(r, centreAngle(p, n) + 180 / n - 6);
  return `M${f1(x0)},${f1(y0)} A${r},${r} 0 0 1 ${f1(x1)},${f1(y1)}`;
}

/**
 * What a player's last turn touched on their ring.
 * @typedef {object} Marks
 * @property {Set<number>} sown @property {Set<number>} acted @property {Set<number>} swapped
 * @property {Set<number>} trimmed Paddies sown, acted on, swapped, trimmed.
 * @property {MovementJson["action"] | null} work The action the last movement led to.
 * @property {number} points Scored, less what was lost.
 */

/** What a player's last turn touched on their ring: paddies sown, acted on, swapped, trimmed.
 *  @param {Ctx} ctx @param {number} s @returns {Marks} */
function lastMarks(ctx, s) {
  const { t } = ctx;
  const last = t.last?.[s];
  /** @type {Marks} */
  const marks = { sown: new Set(), acted: new Set(), swapped: new Set(), trimmed: new Set(), work: null, points: 0 };
  if (!last) return marks;
  // While the player is sowing, the live path on the ring shows the movement instead.
  const live = ctx.moving && t.turn === s;
  if (last.farmer !== null && last.farmer !== undefined) marks.acted.add(last.farmer);
  if (!live) {
    for (const m of last.moves || []) {
      for (const pl of m.placed) marks.sown.add(pl.paddy);
      marks.acted.add(m.paddy);
      if (m.farmer_to !== null && Number.isInteger(m.farmer_to)) marks.acted.add(m.farmer_to);
    }
    const final = last.moves?.[last.moves.length - 1];
    if (final) marks.work = final.action;
  }
  for (const w of last.swaps || []) {
    for (const spot of [spotOf(w.a), spotOf(w.b)]) if (spot) marks.swapped.add(spot[0]);
  }
  for (const r of last.removed || []) marks.trimmed.add(r.paddy);
  marks.points = (last.points || 0) - (last.lost || 0);
  return marks;
}

/** @param {Ctx} ctx @param {number} s */
function ringSvg(ctx, s) {
  const { t } = ctx;
  const np = t.paddies;
  const ring = t.rings?.[s] || [];
  const isTurnRing = t.turn === s;
  const farmerActs = new Map((ctx.actor === s ? ctx.byType.farmer : []).map((a) => [a.paddy, a]));
  // The Big Movement's swap is the opponent's (ruling T4).
  const swapRing = t.phase === "swap" && (t.pending?.seat ?? t.ring_order.find((o) => o !== t.turn)) === s;
  const excessRing = t.phase === "excess" && (t.pending?.seat ?? t.turn) === s;
  const marks = lastMarks(ctx, s);

  const cells = [];
  for (let p = 0; p < np; p++) {
    /** @type {TokensJson | undefined} */
    const pd = ring[p]; // none: drawn empty
    const n = paddyCount(pd);
    const cls = ["paddy", p % 2 ? "alt" : "plain"];
    if (isTurnRing && ctx.sowing?.next === p) cls.push("is-next");
    if (isTurnRing && ctx.sowing?.from === p) cls.push("is-from");
    if (isTurnRing && ctx.landing === p) cls.push("is-landing");
    if (isTurnRing && t.action_paddy === p && ["harvest", "swap", "rest"].includes(t.phase)) cls.push("is-action");
    if (excessRing && n > (t.paddy_limit ?? Infinity)) cls.push("is-excess");
    if (marks.sown.has(p)) cls.push("was-sown");
    if (marks.acted.has(p)) cls.push("was-acted");
    if (marks.swapped.has(p)) cls.push("was-swapped");
    if (marks.trimmed.has(p)) cls.push("was-trimmed");
    const fa = farmerActs.get(p);
    const name = paddyName(p, pd, farmerWords(ctx, s));
    const sector = fa
      ? `<path d="${sectorPath(p, np)}" ${svgLegalAttrs(ctx, fa, "sector", U("act.farmer_in", { act: describeAction(fa), what: paddyContents(pd, farmerWords(ctx, s)) }))}/>`
      : `<path d="${sectorPath(p, np)}" class="sector" aria-hidden="true"/>`;
    const water = `<path d="${sectorPath(p, np)}" class="water" fill="url(#water-${s})" aria-hidden="true"/>`;
    const sown = marks.sown.has(p) ? `<path class="sown-arc" d="${rimArc(p, np)}" aria-hidden="true"/>` : "";
    const [tokens, buttons] = paddyContent(ctx, s, p, pd, swapRing);
    const [ax, ay] = polar(R_CONTENT, centreAngle(p, np));
    const anchor = `<circle class="anchor" cx="${f1(ax)}" cy="${f1(ay)}" r="11" fill="none" aria-hidden="true"/>`;
    cells.push(`<g class="${cls.join(" ")}" data-paddy="${p}">${sector}${water}${sown}<g class="paddy-name" role="img" aria-label="${esc(name)}">${anchor}${tokens}</g>${buttons}${paddyBadges(ctx, s, p, n, isTurnRing)}</g>`);
  }

  // Dikes: raised banks between the paddies.
  const dikes = [];
  for (let p = 0; p < np; p++) {
    const a = centreAngle(p, np) + 180 / np;
    const [x0, y0] = polar(R_IN, a);
    const [x1, y1] = polar(R_OUT, a);
    dikes.push(`<line class="dike" x1="${f1(x0)}" y1="${f1(y0)}" x2="${f1(x1)}" y2="${f1(y1)}"/>`);
  }
  const numbers = [];
  for (let p = 0; p < np; p++) {
    const [x, y] = polar(R_NUMBER, centreAngle(p, np));
    const cls = ["pnum"];
    if (marks.sown.has(p)) cls.push("sown");
    if (marks.acted.has(p)) cls.push("acted");
    if (marks.swapped.has(p)) cls.push("swapped");
    numbers.push(`<g class="${cls.join(" ")}" transform="translate(${f1(x)},${f1(y)})"><circle r="11"/><text y="4.5" text-anchor="middle">${paddyNo(p)}</text></g>`);
  }
  const hub = hubContent(ctx, s, isTurnRing, marks);
  // The path explains the movement in progress; afterwards the action paddy is what matters.
  const path = isTurnRing && ctx.moving ? pathMarkers(ctx, s) : "";

  // The ring a decision plays on: a phone keeps it in view above the prompt (the app reads it).
  const area = isTurnRing && ctx.legal.length > 0 ? " data-decision-area" : "";
  return `<svg class="ring seat-${s}${isTurnRing ? " is-turn-ring" : ""}"${area} viewBox="${-VB} ${-VB} ${2 * VB} ${2 * VB}" role="group"
      aria-label="${esc(U("ring", { seat: s }, ctx.names))}">
    <defs>
      <pattern id="water-${s}" width="12" height="12" patternUnits="userSpaceOnUse" patternTransform="rotate(30)">
        <line x1="0" y1="6" x2="12" y2="6" class="water-line"/>
      </pattern>
      <marker id="arrow-${s}" viewBox="0 0 10 10" refX="5" refY="5" markerWidth="5" markerHeight="5" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" class="arrowhead"/></marker>
    </defs>
    <circle class="ring-bank" r="${R_OUT + 6}" aria-hidden="true"/>
    ${cells.join("")}
    <g aria-hidden="true">
      ${dikes.join("")}
      <circle class="ring-hub" r="${R_IN}"/>
      ${hub}
      ${path}
      ${numbers.join("")}
      <path class="clockwise" d="M${f1(polar(R_OUT + 12, -70)[0])},${f1(polar(R_OUT + 12, -70)[1])} A${R_OUT + 12},${R_OUT + 12} 0 0 1 ${f1(polar(R_OUT + 12, -58)[0])},${f1(polar(R_OUT + 12, -58)[1])}" marker-end="url(#arrow-${s})"/>
    </g>
  </svg>`;
}

/** @param {Ctx} ctx @param {number} s @param {boolean} isTurnRing @param {Marks} marks */
function hubContent(ctx, s, isTurnRing, marks) {
  const { t } = ctx;
  if (isTurnRing && ctx.moving && handCount(t.hand) > 0) {
    return `<g class="hub-hand"><text y="-4" text-anchor="middle" class="hub-n">${handCount(t.hand)}</text><text y="10" text-anchor="middle" class="hub-sub">${esc(U("hub.in_hand"))}</text></g>`;
  }
  if (!marks.work) return "";
  const words = (marks.work === "big_movement" ? U("hub.big_movement") : say(msg(`tanbo.work.${marks.work}`))).split("|");
  const pts = marks.points ? `${marks.points > 0 ? "+" : "−"}${Math.abs(marks.points)}` : "";
  const lines = pts ? [...words, pts] : words;
  const y0 = -((lines.length - 1) * 11) / 2 + 3.5;
  return `<g class="hub-last">${lines.map((w, i) => `<text y="${f1(y0 + i * 11)}" text-anchor="middle"${i === lines.length - 1 && pts ? ` class="hub-pts"` : ""}>${esc(w)}</text>`).join("")}</g>`;
}

/** The kinds of token in a paddy, each with its count (the Farmer: 1), in drawing order.
 *  @param {TokensJson | undefined} pd @returns {[TokenWord, number][]} */
function tokenKinds(pd) {
  /** @type {[TokenWord, number][]} */
  const items = [];
  if (pd?.snakes) items.push(["snake", pd.snakes]);
  for (const c of colours(pd?.rice)) if (pd?.rice[c]) items.push([c, pd.rice[c]]);
  if (pd?.farmer) items.push(["farmer", 1]);
  return items;
}

// Tokens in a paddy: one glyph per kind present with its count, laid out upright in a small grid.
// Returns [the drawing (named as a whole by the paddy), the swap buttons drawn over it].
/**
 * @param {Ctx} ctx @param {number} s @param {number} p @param {TokensJson | undefined} pd @param {boolean} swapRing
 * @returns {[string, string]}
 */
function paddyContent(ctx, s, p, pd, swapRing) {
  const np = ctx.t.paddies;
  const items = tokenKinds(pd);
  if (!items.length) {
    const [x, y] = polar(R_CONTENT, centreAngle(p, np));
    return [`<text class="empty-paddy" x="${f1(x)}" y="${f1(y + 4)}" text-anchor="middle">${esc(say(msg("tanbo.none.empty")))}</text>`, ""];
  }
  const cols = items.length <= 2 ? items.length : 2;
  const rows = Math.ceil(items.length / cols);
  const [cx, cy] = polar(rows >= 3 ? R_CONTENT - 6 : R_CONTENT, centreAngle(p, np));
  const cw = 42;
  const ch = rows >= 3 ? 27 : 29;
  /** @type {string[]} */
  const drawn = [];
  /** @type {string[]} */
  const buttons = [];
  const swaps = swapRing ? ctx.byType.swap : [];
  items.forEach(([k, n], i) => {
    const r = Math.floor(i / cols);
    const inRow = r === rows - 1 ? items.length - r * cols : cols;
    const c = i - r * cols;
    const x = cx + (c - (inRow - 1) / 2) * cw;
    const y = cy + (r - (rows - 1) / 2) * ch;
    const gs = k === "farmer" ? (rows >= 3 ? 24 : 26) : 22;
    const glyph = `${tokenIcon(k, gs, s, f1(x - gs / 2), f1(y - gs / 2))}${k !== "farmer" ? `<text class="tcount" x="${f1(x + 12)}" y="${f1(y + 6)}">${n}</text>` : ""}`;
    if (!swaps.length) {
      drawn.push(`<g class="tok token-${k}">${glyph}</g>`);
      return;
    }
    const [look, button] = swapToken(ctx, swaps, p, k, x, y, glyph);
    drawn.push(look);
    if (button) buttons.push(button);
  });
  return [drawn.join(""), buttons.length ? `<g class="paddy-tokens">${buttons.join("")}</g>` : ""];
}

// The swap picker on the ring: the chosen first token, its partners (legal choices) and the
// other tokens that could be chosen first; tokens in no swap are dimmed. Returns [the token as
// drawn, the button laid over it (a bare shape: its name is its label, not the glyph's text)].
/**
 * @param {Ctx} ctx @param {SwapAction[]} swaps @param {number} p @param {TokenWord} k
 * @param {number} x @param {number} y @param {string} glyph
 * @returns {[string, string | null]}
 */
function swapToken(ctx, swaps, p, k, x, y, glyph) {
  /** @type {Spot} */
  const me = [p, k];
  // At least 24 x 24 px on a phone ring (about 0.9 px per unit): a 32 x 30 unit target.
  const w = k === "farmer" ? 32 : 40;
  const box = `x="${f1(x - 16)}" y="${f1(y - 15)}" width="${w}" height="30" rx="9"`;
  const look = (/** @type {string} */ cls) => `<g class="tok token-${k} ${cls}"><rect class="tok-hit" ${box}/>${glyph}</g>`;
  if (sameToken(ctx.pick, me)) return [look("picked"), null];
  const a = swaps.find((w2) => (sameToken(w2.a, ctx.pick) && sameToken(w2.b, me)) || (sameToken(w2.b, ctx.pick) && sameToken(w2.a, me)));
  // data-twin: the same choice as a chip of the swap panel (the finger's target).
  if (a) return [look("partner"), `<rect ${box} ${svgLegalAttrs(ctx, a, "tok-btn partner")} data-twin=""/>`];
  if (swaps.some((w2) => sameToken(w2.a, me) || sameToken(w2.b, me))) {
    const label = U("swap.pick", { token: tokenMsg(k), paddy: paddyNo(p) });
    const dis = ctx.busy ? -1 : 0;
    return [look("pickable"), `<rect ${box} class="tok-btn pickable" role="button" tabindex="${dis}" data-pick="${esc(JSON.stringify(me))}" data-focus-key="pick-${p}-${k}" aria-label="${esc(label)}"/>`];
  }
  return [look("dim"), null];
}

/** @param {Ctx} ctx @param {number} s @param {number} p @param {number} n @param {boolean} isTurnRing */
function paddyBadges(ctx, s, p, n, isTurnRing) {
  const { t } = ctx;
  const out = [];
  const [ox, oy] = polar(R_NUMBER + 4, centreAngle(p, t.paddies) + 17);
  const limit = t.paddy_limit ?? Infinity;
  if (n > limit && t.phase === "excess") {
    out.push(`<g class="badge over-limit" transform="translate(${f1(ox)},${f1(oy)})" aria-hidden="true"><rect x="-16" y="-9" width="32" height="18" rx="9"/><text y="4" text-anchor="middle">${n}/${limit}</text></g>`);
  }
  if (isTurnRing && ctx.landing === p && ctx.moving) {
    const [lx, ly] = polar(R_NUMBER + 2, centreAngle(p, t.paddies) + 13);
    out.push(`<g class="badge landing" transform="translate(${f1(lx)},${f1(ly)})" aria-hidden="true"><path class="flag" d="M-4,-9 L-4,9 M-4,-9 L8,-5 L-4,-1 Z"/></g>`);
  }
  return out.join("");
}

// The movement so far: numbered markers on the rim, from the start paddy clockwise.
/** @param {Ctx} ctx @param {number} s */
function pathMarkers(ctx, s) {
  const { t } = ctx;
  const np = t.paddies;
  const sw = ctx.sowing;
  if (!sw) return "";
  const placed = sw.placed || [];
  // Only the latest lap goes on the ring (one marker per paddy); the panel lists every step.
  const first = Math.max(0, placed.length - np);
  const marks = placed.slice(first).map((pl, j) => {
    const i = first + j;
    const [x, y] = polar(R_OUT - 13, centreAngle(pl.paddy, np) - 24);
    const last = i === placed.length - 1 ? " last" : "";
    const staged = i >= placed.length - (ctx.st.props.staged ?? 0) ? " staged-step" : "";
    return `<g class="step token-${pl.token}${last}${staged}" transform="translate(${f1(x)},${f1(y)})"><circle r="9"/><text y="3.8" text-anchor="middle">${i + 1}</text></g>`;
  });
  const steps = placed.length + (handCount(t.hand) > 0 ? 1 : 0);
  let arc = "";
  if (steps > 0) {
    const a0 = centreAngle(sw.from, np);
    const a1 = a0 + (360 / np) * Math.min(steps, np) - (steps >= np ? 8 : 0);
    const r = R_IN + 7;
    const large = a1 - a0 > 180 ? 1 : 0;
    const [x0, y0] = polar(r, a0);
    const [x1, y1] = polar(r, a1);
    arc = `<path class="sow-arc" d="M${f1(x0)},${f1(y0)} A${r},${r} 0 ${large} 1 ${f1(x1)},${f1(y1)}" marker-end="url(#arrow-${s})"/>`;
  }
  const [fx, fy] = polar(R_NUMBER + 4, centreAngle(sw.from, np) - 17);
  const fromMark = `<g class="from-mark" transform="translate(${f1(fx)},${f1(fy)})"><rect x="-15" y="-7" width="30" height="14" rx="7"/><text y="3.5" text-anchor="middle">${esc(U("from_mark"))}</text></g>`;
  return `<g class="sow-path">${arc}${fromMark}${marks.join("")}</g>`;
}

// ---------------------------------------------------------------------------------------------
// What just happened, moving: tokens travel to the paddies they were sown in, Rice to the
// player's collected Rice or back to the bag, swapped tokens trade places. Decoration over the
// final table (shared.js: fly and pulse do nothing when the user prefers reduced motion).

const BUDGET_MS = 1100; // a whole move, however many tokens, stays under ~1.2 s

/**
 * Where an animation starts or lands: a token (or just a paddy) on a seat's ring, a Rice among
 * a seat's collected Rice, the bag, or the Snakes' supply.
 * @typedef {{ring: number, paddy: number, token?: TokenWord} | {held: number, token: Colour} | {bag: true} | {supply: true}} Where
 */
/**
 * One animation: a token flying from one place to another, or a place pulsing.
 * @typedef {{kind: "pulse", to: Where} | {kind: "fly", seat: number, token: TokenWord, from: Where, to: Where}} Motion
 */

/** @param {HTMLElement} root @param {TanboTable} before @param {TanboTable} after */
function animateChange(root, before, after) {
  /** @type {Motion[]} */
  const events = [];
  for (const s of after.ring_order) events.push(...seatEvents(before, after, s));
  if (!events.length) return;
  // On a phone one ring is on screen at a time: show the one where most of this move lands.
  /** @type {Map<number, number>} */
  const landings = new Map();
  for (const ev of events) if ("ring" in ev.to) landings.set(ev.to.ring, (landings.get(ev.to.ring) ?? 0) + 1);
  const busiest = [...landings].sort((x, y) => y[1] - x[1])[0];
  if (busiest) followMovement(root.querySelector(`.ring.seat-${busiest[0]}`));
  const gap = Math.min(260, (BUDGET_MS - 350) / Math.max(1, events.length - 1));
  const duration = Math.max(250, Math.min(420, BUDGET_MS - gap * (events.length - 1)));
  events.forEach((ev, i) => {
    const delay = Math.round(i * gap);
    if (ev.kind === "pulse") {
      pulse(locate(root, ev.to), { delay, duration: 600 });
      return;
    }
    const from = locate(root, ev.from);
    const to = locate(root, ev.to);
    if (!from || !to) return;
    // The token keeps its size on the way: it leaves from the middle of where it comes from.
    const a = from.getBoundingClientRect();
    const b = to.getBoundingClientRect();
    const start = new DOMRect(a.left + a.width / 2 - b.width / 2, a.top + a.height / 2 - b.height / 2, b.width, b.height);
    fly(ghostIcon(ev.token, ev.seat), start, to, { duration, delay, className: "tanbo-fly" });
    pulse(to, { delay: delay + duration - 60, duration: 350 });
  });
}

/** Every placement of a seat's turn so far, in order, each with the paddy it came from.
 *  @param {TanboTable} table @param {number} s */
function placements(table, s) {
  const last = table.last?.[s];
  if (!last) return [];
  /** @type {(PlacedJson & {prev: number})[]} */
  const out = [];
  for (const m of last.moves || []) {
    let prev = m.from;
    for (const pl of m.placed) {
      out.push({ ...pl, prev });
      prev = pl.paddy;
    }
  }
  if (table.phase === "move" && table.turn === s && table.sowing) {
    let prev = table.sowing.from;
    for (const pl of table.sowing.placed) {
      out.push({ ...pl, prev });
      prev = pl.paddy;
    }
  }
  return out;
}

/**
 * What moved for seat `s` between two tables (before and after one step), in order: the
 * animations to show (`kind` "fly" from somewhere to somewhere, or "pulse").
 * @param {TanboTable} before
 * @param {TanboTable} after
 * @param {number} s
 * @returns {Motion[]}
 */
export function seatEvents(before, after, s) {
  const b = before.last?.[s];
  const a = after.last?.[s];
  if (!a) return [];
  const same = b && b.turn === a.turn && b.step <= a.step;
  if (same && b.step === a.step && JSON.stringify(b) === JSON.stringify(a) && before.phase === after.phase) {
    // Nothing new in the summary; the live sowing may still have grown.
    if (!(after.phase === "move" && after.turn === s)) return [];
  }
  /** @type {Motion[]} */
  const out = [];
  if (a.farmer !== null && a.farmer !== undefined && !(same && b.farmer === a.farmer)) {
    out.push({ kind: "pulse", to: { ring: s, paddy: a.farmer, token: "farmer" } });
  }
  const done = same ? placements(before, s).length : 0;
  const now = placements(after, s);
  // A whole lap of tokens would be too many to follow: show the last ten of them.
  const fresh = now.slice(Math.max(done, now.length - 10));
  for (const pl of fresh) {
    out.push({ kind: "fly", seat: s, token: pl.token, from: { ring: s, paddy: pl.prev }, to: { ring: s, paddy: pl.paddy, token: pl.token } });
  }
  (a.moves || []).forEach((m, i) => {
    const old = same ? b.moves?.[i] : null;
    const diff = (/** @type {"drew" | "took" | "returned"} */ key) =>
      colours(after.rice_points)
        .map(/** @returns {[Colour, number]} */ (c) => [c, (m[key]?.[c] || 0) - (old?.[key]?.[c] || 0)])
        .filter(([, n]) => n > 0);
    for (const [c, n] of diff("drew")) {
      for (let k = 0; k < n; k++) out.push({ kind: "fly", seat: s, token: c, from: { bag: true }, to: { ring: s, paddy: m.paddy, token: c } });
    }
    for (const [c, n] of diff("took")) {
      for (let k = 0; k < n; k++) out.push({ kind: "fly", seat: s, token: c, from: { ring: s, paddy: m.paddy }, to: { held: s, token: c } });
    }
    for (const [c, n] of diff("returned")) {
      for (let k = 0; k < n; k++) out.push({ kind: "fly", seat: s, token: c, from: { held: s, token: c }, to: { bag: true } });
    }
    if (m.farmer_to !== null && Number.isInteger(m.farmer_to) && !(old && old.farmer_to === m.farmer_to)) {
      out.push({ kind: "fly", seat: s, token: "farmer", from: { ring: s, paddy: m.paddy }, to: { ring: s, paddy: m.farmer_to, token: "farmer" } });
    }
  });
  const oldSwaps = same ? (b.swaps || []).length : 0;
  for (const w of (a.swaps || []).slice(oldSwaps)) {
    const [x, y] = [spotOf(w.a), spotOf(w.b)];
    if (!x || !y) continue;
    out.push({ kind: "fly", seat: s, token: x[1], from: { ring: s, paddy: x[0] }, to: { ring: s, paddy: y[0], token: x[1] } });
    out.push({ kind: "fly", seat: s, token: y[1], from: { ring: s, paddy: y[0] }, to: { ring: s, paddy: x[0], token: y[1] } });
  }
  const oldRemoved = new Map((same ? b.removed || [] : []).map((r) => [`${r.paddy}:${r.token}`, r.count]));
  for (const r of a.removed || []) {
    const n = r.count - (oldRemoved.get(`${r.paddy}:${r.token}`) || 0);
    for (let k = 0; k < Math.min(n, 3); k++) {
      out.push({ kind: "fly", seat: s, token: r.token, from: { ring: s, paddy: r.paddy }, to: r.token === "snake" ? { supply: true } : { bag: true } });
    }
  }
  return out;
}

/** The element an animation starts from or lands on (a token's glyph where it can be found).
 *  @param {HTMLElement} root @param {Where | undefined} where @returns {Element | null} */
function locate(root, where) {
  if (!where) return null;
  if ("bag" in where) return root.querySelector(".bag-art");
  if ("supply" in where) return root.querySelector(".supply .ticon");
  if ("held" in where) return root.querySelector(`.tanbo-player.seat-${where.held} .held.token-${where.token} .ticon`);
  const paddy = root.querySelector(`.ring.seat-${where.ring} .paddy[data-paddy="${where.paddy}"]`);
  if (!paddy) return null;
  const glyph = where.token ? paddy.querySelector(`.tok.token-${where.token} .ticon`) : null;
  return glyph || paddy.querySelector(".anchor");
}

/** @param {TokenWord} kind @param {number} seat */
function ghostIcon(kind, seat) {
  return tokenIcon(kind, 24, seat).replace(/width="24" height="24"/, 'width="100%" height="100%"');
}

// ---------------------------------------------------------------------------------------------
// Token art: Snakes are wavy bodies, Rice are lettered grains, the Farmer wears a kasa hat.

/**
 * @param {TokenWord} kind
 * @param {number} [size]
 * @param {number | null} [seatForFarmer]
 * @param {number | string | null} [x]
 * @param {number | string | null} [y]
 */
function tokenIcon(kind, size = 20, seatForFarmer = 0, x = null, y = null) {
  if (kind === "farmer") return farmerIcon(seatForFarmer, size, x, y);
  const pos = x === null ? "" : ` x="${x}" y="${y}"`;
  const open = `<svg class="ticon ticon-${kind}" width="${size}" height="${size}"${pos} viewBox="-12 -12 24 24" aria-hidden="true" focusable="false">`;
  if (kind === "snake") {
    return `${open}<rect class="snake-tile" x="-11" y="-11" width="22" height="22" rx="5"/><path class="snake-body" d="M-7,6 C-7,-2 0,-2 0,2 C0,7 7,6 7,-1 C7,-5 4,-7 2,-6"/><circle class="snake-eye" cx="3" cy="-6" r="1.2"/></svg>`;
  }
  const letter = esc(U(`letter.${kind}`));
  return `${open}<ellipse class="grain" rx="10.5" ry="11"/><text class="grain-letter" y="4.3" text-anchor="middle">${letter}</text></svg>`;
}

/** A token beside its name on a button: without the grain's letter (the name says it, and a
 * button's visible text must be its name's).
 * @param {TokenWord} kind @param {number} size @param {number | null} [seat] */
function chipIcon(kind, size, seat = 0) {
  return tokenIcon(kind, size, seat).replace(/<text class="grain-letter"[^>]*>[^<]*<\/text>/, "");
}

/**
 * @param {number | null} seat
 * @param {number} [size]
 * @param {number | string | null} [x]
 * @param {number | string | null} [y]
 */
function farmerIcon(seat, size = 20, x = null, y = null) {
  const pos = x === null ? "" : ` x="${x}" y="${y}"`;
  // Seat 0 wears a plain kasa with a band; seat 1 a striped kasa with a point: shape differs too.
  const hat = seat === 1
    ? `<path class="kasa" d="M-12,1 L0,-11 L12,1 Z"/><path class="kasa-stripe" d="M-6,-5 L6,-5 M-9,-2 L9,-2"/>`
    : `<path class="kasa" d="M-12,0 Q0,-14 12,0 Z"/><path class="kasa-stripe" d="M-8,-3 L8,-3"/>`;
  return `<svg class="ticon farmer farmer-${seat}" width="${size}" height="${size}"${pos} viewBox="-12 -12 24 24" aria-hidden="true" focusable="false"><path class="farmer-body" d="M-6,11 Q-6,3 0,3 Q6,3 6,11 Z"/><circle class="farmer-head" cy="2" r="4"/>${hat}</svg>`;
}

// ---------------------------------------------------------------------------------------------
// The rules page's pictures (pygames/tanbo/pictures.py): the table's own tokens, laid out as a
// row of paddies or the Rice, with what the engine says happens there.

/** @typedef {import("../views.js").PaddiesPicture | import("../views.js").RicePicture} TanboPicture */

/** The classes that give a picture its table's look (the rules page's figures, the lobby's cards). */
export const pictureClass = "tanbo rules-pic-tanbo";

/** One picture of the rules page, as HTML (its words in the reader's language).
 *  @param {TanboPicture} fig @returns {string} */
export function picture(fig) {
  if (fig.kind === "rice") {
    const rice = /** @type {Colour[]} */ (Object.keys(fig.points));
    return `<ul class="tanbo-pic-rice">${rice
      .map((c) => `<li>${tokenIcon(c, 34)}<span>${esc(say(tokenMsg(c)))}</span><b>${esc(say({ id: "tanbo.ui.choice.points", args: { points: fig.points[c] } }))}</b></li>`)
      .join("")}</ul>`;
  }
  const paddies = fig.paddies
    .map((pd, p) => {
      const lands = p === 0 && fig.lands ? `<span class="tanbo-pic-lands">${esc(U("pic.lands", { token: tokenMsg(fig.lands) }))}</span>` : "";
      const glyphs = pictureTokens(pd);
      return `<li class="tanbo-pic-paddy${lands ? " landing" : ""}" aria-label="${esc(paddyName(p, pd))}"><span class="tanbo-pic-no" aria-hidden="true">${paddyNo(p)}</span><span class="tanbo-pic-tokens" aria-hidden="true">${glyphs}</span>${lands}</li>`;
    })
    .join("");
  const effect = fig.effect ? `<p class="tanbo-pic-effect">${esc(say(fig.effect))}</p>` : "";
  return `<ol class="tanbo-pic-row">${paddies}</ol>${effect}`;
}

/** A paddy's tokens as glyphs with their counts (the Farmer alone, uncounted).
 *  @param {TokensJson} pd */
function pictureTokens(pd) {
  const items = tokenKinds(pd);
  if (!items.length) return `<span class="tanbo-pic-empty">${esc(say(msg("tanbo.none.empty")))}</span>`;
  return items
    .map(([k, n]) => `<span class="tanbo-pic-token">${tokenIcon(k, 26)}${k === "farmer" ? "" : `<b>${n}</b>`}</span>`)
    .join("");
}
