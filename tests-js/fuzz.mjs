// The soak's fuzzing of the page's saves and share links (tests/soak.py runs it, the test suite
// a short run): seeded, so a failure replays with its seed.
//
// Saves: random operations on web/js/saves.js over a storage that fills up, is denied, or holds
// junk put there by hand (damaged text, cut JSON, wrong types, labels of another game, huge
// texts). Every operation must answer without throwing, an unfinished game must never go
// unless the player deleted it, every stored save must be listed (readable or damaged), and
// the answers must be what the page expects.
//
// Links: real records (given by the soak, from games played in Python) turned into share links,
// then damaged (cut, characters changed or inserted, padding, bytes that are not UTF-8, huge).
// The page's checks must answer each in words or pass it on; the texts they pass on are
// written out for the soak, which gives them to the engine as a link.
//
//   node tests-js/fuzz.mjs --saves N --links N --seed S --input in.json --out texts.json
//
// in.json: {"records": [...], "limits": pygames.core.limits.as_json()}.
//
// prints one JSON line: counts and the failures found (at most 30).

import { readFileSync, writeFileSync } from "node:fs";

import { recordProblem, sizeProblem } from "../web/js/bounds.js";
import { addCatalogue, t } from "../web/js/i18n.js";
import { decodeRecord, encodeRecord, recordParam } from "../web/js/record-link.js";
import { KEEP, Saves, continues, readSave, saveKey } from "../web/js/saves.js";

addCatalogue("en", JSON.parse(readFileSync(new URL("../web/i18n/en.json", import.meta.url), "utf8")));

/** A small seeded generator (mulberry32). @param {number} seed */
function generator(seed) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let x = a;
    x = Math.imul(x ^ (x >>> 15), x | 1);
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    /** @param {number} n */
    int: (n) => Math.floor(next() * n),
    /** @template T @param {T[]} items @returns {T} */
    pick: (items) => items[Math.floor(next() * items.length)],
  };
}

/** A Storage in memory that may be full (a quota in characters) or denied. */
class FuzzStorage {
  constructor() {
    /** @type {Map<string, string>} */
    this.map = new Map();
    this.quota = Infinity;
    this.denied = false;
  }
  get length() {
    if (this.denied) throw Object.assign(new Error("denied"), { name: "SecurityError" });
    return this.map.size;
  }
  /** @param {number} i */
  key(i) {
    return [...this.map.keys()][i] ?? null;
  }
  /** @param {string} k */
  getItem(k) {
    if (this.denied) throw Object.assign(new Error("denied"), { name: "SecurityError" });
    return this.map.get(k) ?? null;
  }
  /** @param {string} k @param {string} v */
  setItem(k, v) {
    if (this.denied) throw Object.assign(new Error("denied"), { name: "SecurityError" });
    let used = 0;
    for (const [key, value] of this.map) if (key !== k) used += key.length + value.length;
    if (used + k.length + String(v).length > this.quota) {
      throw Object.assign(new Error("full"), { name: "QuotaExceededError", code: 22 });
    }
    this.map.set(k, String(v));
  }
  /** @param {string} k */
  removeItem(k) {
    if (this.denied) throw Object.assign(new Error("denied"), { name: "SecurityError" });
    this.map.delete(k);
  }
}

/** A record like the engine's, of `moves` actions. @param {ReturnType<typeof generator>} rnd */
function someRecord(rnd, moves = rnd.int(40)) {
  const game = rnd.pick(["tanbo", "humble_tea_party", "storm_in_a_teacup"]);
  return {
    version: 1,
    game,
    options: rnd.int(2) ? {} : { memory_aid: true },
    seats: [{ name: rnd.pick(["Ann", "愛子", "\u202eevil", ""]), bot: null }, { name: "Bot", bot: "normal" }],
    seed: rnd.int(1000),
    actions: Array.from({ length: moves }, (_, i) => [i % 2, { type: "place", n: rnd.int(9) }]),
  };
}

/** Junk a person, an old version or a broken disk could leave under a save's key.
 *  @param {ReturnType<typeof generator>} rnd @param {string} id */
function junk(rnd, id) {
  const good = JSON.stringify({ id, record: someRecord(rnd), over: rnd.int(2) === 1, game: "tanbo", step: 3, version: 1, time: rnd.int(1e6) });
  return rnd.pick([
    "",
    "null",
    "[]",
    "{",
    "\u0000\ud800 garbage",
    good.slice(0, rnd.int(good.length)),
    good.replace('"version":1', '"version":"1"'),
    good.replace('"game":"tanbo"', '"game":"storm_in_a_teacup"'),
    good.replace('"time":', '"broken":{"id":"core.damaged.autosave","args":{}},"time":'),
    JSON.stringify({ id, record: "x", version: 1, game: "tanbo" }),
    JSON.stringify({ __proto__: { polluted: true }, id, record: {}, version: 1, game: "tanbo" }),
    "9".repeat(rnd.int(5000)),
    good,
  ]);
}

/**
 * `count` random operations on the saves; the failures found.
 * @param {number} count @param {number} seed
 */
export function fuzzSaves(count, seed) {
  const rnd = generator(seed);
  /** @type {string[]} */
  const failures = [];
  const counts = { operations: 0, written: 0, unchanged: 0, moved: 0, failed: 0, damaged: 0 };
  let storage = new FuzzStorage();
  const session = new FuzzStorage();
  let clock = 0;
  const now = () => ++clock;
  const ids = Array.from({ length: 30 }, (_, i) => `g${i}`);
  /** @type {Map<string, number>} the version each id was last written at, per this "tab" */
  const known = new Map();
  for (let n = 0; n < count; n++) {
    if (n % 500 === 0) {
      storage = new FuzzStorage(); // a new device now and then
      known.clear();
    }
    const saves = new Saves(/** @type {any} */ (storage), /** @type {any} */ (session), now);
    const before = unfinished(storage);
    const op = rnd.pick(["write", "write", "write", "junk", "rename", "remove", "broken", "quota", "deny", "read", "old"]);
    const id = rnd.pick(ids);
    let allowedToGo = /** @type {string | null} */ (null);
    try {
      counts.operations++;
      if (op === "write") {
        const record = someRecord(rnd);
        const over = rnd.int(4) === 0;
        const version = rnd.int(6) === 0 ? rnd.int(9) : known.get(id) ?? null;
        const result = saves.write(id, { record, over, game: record.game, step: record.actions.length }, version);
        counts[result.status]++;
        if (result.status === "written" || result.status === "unchanged") known.set(id, result.version);
        if (result.status === "moved") known.set(id, result.save.version);
        if (!["written", "unchanged", "moved", "failed"].includes(result.status)) failures.push(`op ${n}: write answered ${JSON.stringify(result)}`);
        if (result.status === "failed" && !["off", "full"].includes(result.reason)) failures.push(`op ${n}: failed with ${result.reason}`);
        if (result.status === "written") {
          const stored = saves.read(id);
          if (!stored || JSON.stringify(stored.record) !== JSON.stringify(record)) failures.push(`op ${n}: written but not read back`);
        }
        allowedToGo = id; // its own earlier save is replaced, not lost
      } else if (op === "junk") {
        storage.denied = false;
        try {
          storage.map.set(saveKey(id), junk(rnd, id));
        } catch {
          /* a full storage takes no junk either */
        }
        allowedToGo = id;
      } else if (op === "rename") {
        saves.rename(id, rnd.pick(["", "  ", "Friday", "\u202e\u200b", "x".repeat(200)]));
      } else if (op === "remove") {
        saves.remove(id);
        allowedToGo = id;
      } else if (op === "broken") {
        saves.markBroken(id, { id: "core.damaged.autosave", args: {} });
        allowedToGo = id; // listed as damaged from now on: still there, no longer unfinished
      } else if (op === "quota") {
        storage.quota = rnd.pick([Infinity, Infinity, 2000, 8000, 30000]);
      } else if (op === "deny") {
        storage.denied = rnd.int(3) === 0;
      } else if (op === "read") {
        const entries = saves.entries();
        const list = saves.list();
        saves.toResume();
        saves.latest();
        saves.works();
        if (!storage.denied) {
          const keys = [...storage.map.keys()].filter((k) => k.startsWith("pygames:game:"));
          if (entries.length !== keys.length) failures.push(`op ${n}: ${keys.length} saves stored, ${entries.length} listed`);
        }
        for (const e of entries) {
          if (!e.save && !e.problem) failures.push(`op ${n}: ${e.id} neither readable nor damaged`);
          if (e.save && e.save.game !== e.save.record.game) failures.push(`op ${n}: ${e.id} listed though its label lies`);
          if (!e.save) counts.damaged++;
        }
        for (const s of list) if (readSave(JSON.stringify(s)).problem) failures.push(`op ${n}: list() holds a damaged save`);
        if (entries.length > KEEP + 40) failures.push(`op ${n}: ${entries.length} saves`);
      } else if (op === "old") {
        storage.map.set("pygames:autosave", junk(rnd, "old"));
        new Saves(/** @type {any} */ (storage), /** @type {any} */ (session), now);
      }
    } catch (err) {
      failures.push(`op ${n}: ${op} threw ${err}`);
      continue;
    }
    // Nothing unfinished goes, but what the operation was about.
    const after = unfinished(storage);
    for (const gone of before) {
      if (gone !== allowedToGo && !after.has(gone)) failures.push(`op ${n}: ${op} on ${id} lost the unfinished game ${gone}`);
    }
  }
  return { counts, failures };
}

/** The ids of the unfinished games stored (read straight from the map). @param {FuzzStorage} storage */
function unfinished(storage) {
  const ids = new Set();
  for (const [key, text] of storage.map) {
    if (!key.startsWith("pygames:game:")) continue;
    const read = readSave(text);
    if ("save" in read && !read.save.over) ids.add(key.slice("pygames:game:".length));
  }
  return ids;
}

/** A damaged copy of a share link's parameter. @param {ReturnType<typeof generator>} rnd @param {string} param */
function damage(rnd, param) {
  const at = rnd.int(param.length + 1);
  return rnd.pick([
    () => param.slice(0, at),
    () => param.slice(0, at) + rnd.pick(["%", "=", "==", "+", "/", "#", "&r=x", " ", "\u00e9", "\ud800"]) + param.slice(at),
    () => param.slice(0, at) + "A" + param.slice(at + 1),
    () => param + "=",
    () => `${param}&r=${param}`,
    () => btoa(String.fromCharCode(0xff, 0xfe, 0xc3, 0x28)) + param,
    () => param.repeat(rnd.int(40) + 1),
    () => encodeRecord(/** @type {any} */ (rnd.pick([[], "text", 7, null, { game: "tanbo" }]))),
    () => param,
  ])();
}

/**
 * `count` damaged share links made from `records`; the failures found and the texts the page's
 * checks let through (for the engine).
 * @param {number} count @param {number} seed @param {any[]} records
 * @param {import("../web/js/types.js").Limits} limits the engine's bounds
 */
export function fuzzLinks(count, seed, records, limits) {
  const rnd = generator(seed);
  /** @type {string[]} */
  const failures = [];
  /** @type {string[]} */
  const texts = [];
  const counts = { links: 0, refused: 0, passed: 0 };
  const damaged = t("shell.load.damaged_link");
  for (let n = 0; n < count; n++) {
    counts.links++;
    const record = rnd.pick(records);
    const url = `https://example.org/pygames/#r=${damage(rnd, encodeRecord(record))}`;
    try {
      const param = recordParam(url);
      if (param === null) {
        counts.refused++;
        continue;
      }
      if (sizeProblem(param.length, "link", limits)) {
        counts.refused++;
        continue;
      }
      let text;
      try {
        text = decodeRecord(param);
      } catch (err) {
        if (!(err instanceof Error) || err.message !== damaged) failures.push(`link ${n}: refused with ${err}`);
        counts.refused++;
        continue;
      }
      if (recordProblem(text, "link", limits)) {
        counts.refused++;
        continue;
      }
      const parsed = JSON.parse(text);
      if (parsed && typeof parsed === "object" && Array.isArray(parsed.actions)) continues(parsed, record);
      counts.passed++;
      texts.push(text);
    } catch (err) {
      failures.push(`link ${n}: threw ${err}`);
    }
  }
  return { counts, failures, texts };
}

function main() {
  const args = process.argv.slice(2);
  /** @param {string} name @param {string} fallback */
  const arg = (name, fallback) => {
    const i = args.indexOf(`--${name}`);
    return i >= 0 ? args[i + 1] : fallback;
  };
  const seed = Number(arg("seed", "1"));
  const { records, limits } = JSON.parse(readFileSync(arg("input", ""), "utf8"));
  const saves = fuzzSaves(Number(arg("saves", "1000")), seed);
  const links = fuzzLinks(Number(arg("links", "1000")), seed, records, limits);
  writeFileSync(arg("out", ""), JSON.stringify(links.texts));
  const failures = [...saves.failures, ...links.failures];
  console.log(JSON.stringify({ saves: saves.counts, links: links.counts, failures: failures.slice(0, 30), failed: failures.length }));
}

if (import.meta.url === `file://${process.argv[1]}`) main();
