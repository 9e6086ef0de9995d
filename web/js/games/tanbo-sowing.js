// A whole sowing order staged in the page ("Confirm moves"): the tokens a person presses are
// placed on a copy of the view as the rules place them (ruling T3: each in the next paddy
// clockwise, and once one kind is left in hand the rest go down by themselves), and nothing
// reaches the engine until Confirm. What the movement can still do is the engine's own forecast
// (the view's `ways`), narrowed to the ways the staged tokens leave open: the page computes no
// action of its own. tests/test_tanbo_staging.py checks every part against the engine.

/** @import { Action, View } from "../types.js" */
/** @import { PlacedJson, TanboDetails, TanboTable, TokensJson, WayJson } from "../views.js" */
/** @typedef {View<TanboTable, TanboDetails>} TanboView */
/** @typedef {PlacedJson["token"]} TokenWord */

/** @type {TokenWord[]} */
const KINDS = ["snake", "yellow", "black", "red", "farmer"];

/** How many tokens of `kind` `tokens` holds. @param {TokensJson} tokens @param {TokenWord} kind */
function countOf(tokens, kind) {
  if (kind === "snake") return tokens.snakes;
  if (kind === "farmer") return tokens.farmer ? 1 : 0;
  return tokens.rice[kind];
}

/** Add `n` tokens of `kind` (negative: take them). @param {TokensJson} tokens @param {TokenWord} kind @param {number} n */
function change(tokens, kind, n) {
  if (kind === "snake") tokens.snakes += n;
  else if (kind === "farmer") tokens.farmer = countOf(tokens, kind) + n > 0;
  else tokens.rice[kind] += n;
}

/** The kinds `tokens` holds. @param {TokensJson} tokens */
function kindsIn(tokens) {
  return KINDS.filter((k) => countOf(tokens, k) > 0);
}

/** `tokens` as a multiset. @param {TokensJson} tokens @returns {Map<TokenWord, number>} */
function bag(tokens) {
  return new Map(kindsIn(tokens).map((k) => [k, countOf(tokens, k)]));
}

/** A list of tokens as a multiset. @param {readonly TokenWord[]} list */
function bagOf(list) {
  /** @type {Map<TokenWord, number>} */
  const out = new Map();
  for (const k of list) out.set(k, (out.get(k) ?? 0) + 1);
  return out;
}

/** `a` minus `b`, or null when `b` holds something `a` has not.
 *  @param {Map<TokenWord, number>} a @param {Map<TokenWord, number>} b */
function minus(a, b) {
  const out = new Map(a);
  for (const [k, n] of b) {
    const left = (out.get(k) ?? 0) - n;
    if (left < 0) return null;
    out.set(k, left);
  }
  return out;
}

/** Whether every token of `part` is in `whole`. @param {Map<TokenWord, number>} part @param {Map<TokenWord, number>} whole */
function within(part, whole) {
  return minus(whole, part) !== null;
}

/**
 * @typedef {object} StagedSowing
 * @property {TanboView} view The view with the staged tokens placed (the hand, the ring, the
 *   sowing's path and next paddy, and the ways still open).
 * @property {Action[]} legal The tokens that may be staged next (none once the order is whole).
 * @property {number} staged How many of the sowing's placements are staged, not played.
 * @property {boolean} complete Every token of the hand is placed: Confirm plays the movement.
 * @property {WayJson | null} way Once the order is whole, the one way it takes (the engine's
 *   words for what the last paddy's action will do); else null.
 */

/**
 * `view` and its `legal` actions with `order` (place actions, in the order pressed) staged on
 * them, or null when `order` is not a sowing this view may make (another decision, a token not
 * in hand, or a press after the order was whole).
 * @param {TanboView} view @param {readonly Action[]} legal @param {readonly Action[]} order
 * @returns {StagedSowing | null}
 */
export function stageSowing(view, legal, order) {
  const real = view.table;
  const sowing = real.sowing;
  if (real.phase !== "move" || !sowing || sowing.landing === null || !order.length) return null;
  /** @type {TanboTable} */
  const table = structuredClone(real);
  const sw = /** @type {NonNullable<TanboTable["sowing"]>} */ (table.sowing);
  const ring = table.rings[table.turn];
  const landing = sowing.landing;
  const start = sw.placed.length;
  /** @param {TokenWord} kind */
  const place = (kind) => {
    change(table.hand, kind, -1);
    change(ring[sw.next], kind, 1);
    sw.placed.push({ paddy: sw.next, token: kind });
    sw.next = (sw.next + 1) % table.paddies;
  };
  for (const action of order) {
    const kind = /** @type {TokenWord} */ (action.token);
    const pressable = legal.some((a) => a.type === "place" && a.token === kind);
    if (action.type !== "place" || !pressable || countOf(table.hand, kind) < 1 || kindsIn(table.hand).length < 2) return null;
    place(kind);
  }
  const kinds = kindsIn(table.hand);
  if (kinds.length === 1) while (countOf(table.hand, kinds[0]) > 0) place(kinds[0]);
  const complete = kinds.length <= 1;
  // The ways still open: what the staged tokens put in the last paddy is part of the way's, and
  // the hand still holds the rest of it.
  const landed = bagOf(sw.placed.slice(start).filter((p) => p.paddy === landing).map((p) => p.token));
  const hand = bag(table.hand);
  const nextLands = sw.next === landing;
  /** @type {WayJson[]} */
  const ways = [];
  for (const way of sowing.ways) {
    const rest = minus(bagOf(way.tokens), landed);
    if (!rest || !within(rest, hand)) continue;
    // A token placed next keeps this way open when it is one the last paddy still needs, or
    // (placed elsewhere) when the hand keeps all it needs without it.
    const next = complete ? [] : kindsIn(table.hand).filter((k) => {
      if (nextLands) return (rest.get(k) ?? 0) > 0;
      const without = minus(hand, new Map([[k, 1]]));
      return without !== null && within(rest, without);
    });
    // The way's tokens are those still to come from the hand, as the engine lists them.
    const tokens = KINDS.flatMap((k) => Array.from({ length: rest.get(k) ?? 0 }, () => k));
    ways.push({ ...way, tokens, next });
  }
  sw.ways = complete ? [] : ways;
  if (complete) sw.landing = null;
  return {
    view: { ...view, table },
    legal: complete ? [] : legal.filter((a) => a.type === "place" && countOf(table.hand, /** @type {TokenWord} */ (a.token)) > 0),
    staged: sw.placed.length - start,
    complete,
    way: complete && ways.length === 1 ? ways[0] : null,
  };
}
