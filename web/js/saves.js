// The automatic saves: one per game in localStorage, so two games in two tabs both survive, and
// one writer per game, so two tabs on the same game never overwrite each other's moves.
//
// Each save has a version that every write bumps. A tab writes a save only if it is still at
// the version the tab last read or wrote; otherwise another tab has written it since (the game
// moved there), and the tab reconciles: if it holds no move of its own that the save lacks, it
// becomes read-only ("This game continues in another tab"); if it does (both tabs moved at the
// same moment), its line is kept as a new game. The storage event tells a tab at once when
// another one writes its game. sessionStorage remembers which game a tab shows, so a reload
// comes back to it.

/** @import { MatchRecord, Save } from "./types.js" */

const PREFIX = "pygames:game:";
/** The single save of earlier versions, read once and kept as a game of its own. */
const OLD_KEY = "pygames:autosave";
const TAB_KEY = "pygames:tab-game";
/** Written and removed at once, to learn whether storage takes a write. */
const PROBE_KEY = "pygames:probe";
/** Saves kept at most; the oldest finished games go first. */
export const KEEP = 20;

/** The storage key of save `id`. @param {string} id */
export const saveKey = (id) => PREFIX + id;

/** The save id a storage key names, or null. @param {string | null} key */
export const idOfKey = (key) => (key?.startsWith(PREFIX) ? key.slice(PREFIX.length) : null);

/** A new save id, unique enough for one device. */
export const newSaveId = () => `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;

/** The JSON text of a record, the form saves compare. @param {MatchRecord} record */
export const recordText = (record) => JSON.stringify(record);

/** A save read from its stored text, or null if it is missing or damaged.
 *  @param {string | null} text @returns {Save | null} */
export function parseSave(text) {
  try {
    const save = JSON.parse(text ?? "null");
    const ok =
      save && typeof save === "object" && typeof save.id === "string" && save.record && typeof save.record === "object" &&
      Number.isInteger(save.version);
    return ok ? save : null;
  } catch {
    return null;
  }
}

export class Saves {
  /** @param {Storage | null} [storage] @param {Storage | null} [session] @param {() => number} [now] */
  constructor(storage = safe(() => localStorage), session = safe(() => sessionStorage), now = Date.now) {
    this.storage = storage;
    this.session = session;
    this.now = now;
    this.migrate();
  }

  /** Save `id`, or null. @param {string} id @returns {Save | null} */
  read(id) {
    return parseSave(this.get(saveKey(id)));
  }

  /** Every save, the most recently written first. @returns {Save[]} */
  list() {
    /** @type {Save[]} */
    const saves = [];
    const storage = this.storage;
    if (!storage) return saves;
    for (let i = 0; i < storage.length; i++) {
      const id = idOfKey(storage.key(i));
      const save = id && this.read(id);
      if (save) saves.push(save);
    }
    return saves.sort((a, b) => b.time - a.time);
  }

  /** The save a tab opened without a game of its own resumes: this tab's game if it is
   *  unfinished, else the most recent unfinished one. @returns {Save | null} */
  toResume() {
    const mine = this.tabGame();
    const own = mine ? this.read(mine) : null;
    if (own && !own.over) return own;
    return this.list().find((s) => !s.over) ?? null;
  }

  /** The most recent save, finished or not (the lobby's "Resume" / "Open last game"). */
  latest() {
    return this.list()[0] ?? null;
  }

  /**
   * Write a game as save `id`, if nobody else wrote it since this tab's version `known` (null:
   * a game this tab has not saved yet). `claim` writes even when nothing changed (taking a game
   * over: the other tab hears of it). Answers "written" or "unchanged" with the version now
   * stored, "moved" with the other tab's save, or "failed" (storage missing or full).
   * @param {string} id
   * @param {{record: MatchRecord, over: boolean, game: string, step: number}} game
   * @param {number | null} known
   * @param {{claim?: boolean}} [how]
   * @returns {{status: "written" | "unchanged", version: number} | {status: "moved", save: Save} | {status: "failed"}}
   */
  write(id, game, known, { claim = false } = {}) {
    if (!this.storage) return { status: "failed" };
    const stored = this.read(id);
    if (stored && stored.version !== known) return { status: "moved", save: stored };
    if (stored && !claim && recordText(stored.record) === recordText(game.record)) {
      return { status: "unchanged", version: stored.version };
    }
    const version = (stored?.version ?? 0) + 1;
    /** @type {Save} */
    const save = { id, ...game, version, time: this.now() };
    const text = JSON.stringify(save);
    for (let attempt = 0; attempt < 2; attempt++) {
      try {
        this.storage.setItem(saveKey(id), text);
        // Only a new save adds to the count: reading every save back at each move would cost
        // the main thread up to 20 parses of a whole record.
        if (!stored) this.prune(id);
        return { status: "written", version };
      } catch {
        this.prune(id, KEEP / 2); // full: make room from the oldest, then try once more
      }
    }
    return { status: "failed" };
  }

  /** Keep at most `keep` saves besides `current`: the oldest finished games go first.
   *  @param {string} current @param {number} [keep] */
  prune(current, keep = KEEP) {
    const others = this.list().filter((s) => s.id !== current);
    const excess = others.length + 1 - keep;
    if (excess <= 0) return;
    const byAge = [...others].reverse(); // oldest first
    const doomed = [...byAge.filter((s) => s.over), ...byAge.filter((s) => !s.over)].slice(0, excess);
    for (const save of doomed) this.storage?.removeItem(saveKey(save.id));
  }

  /** The game this tab shows (kept across a reload of the tab). */
  tabGame() {
    return this.session ? safe(() => this.session?.getItem(TAB_KEY) ?? null) : null;
  }

  /** Remember that this tab shows game `id`. @param {string} id */
  setTabGame(id) {
    safe(() => this.session?.setItem(TAB_KEY, id));
  }

  /** @param {string} key */
  get(key) {
    return this.storage ? safe(() => this.storage?.getItem(key) ?? null) : null;
  }

  /** The single save of earlier versions becomes a game of its own. */
  migrate() {
    const old = this.get(OLD_KEY);
    if (old === null) return;
    try {
      const saved = JSON.parse(old);
      if (saved?.record && typeof saved.record === "object") {
        const { record, over = false, game = saved.record.game, step = 0 } = saved;
        this.write(newSaveId(), { record, over: Boolean(over), game, step }, null);
      }
    } catch {
      /* a damaged old save is dropped */
    }
    safe(() => this.storage?.removeItem(OLD_KEY));
  }
}

/**
 * Whether this browser lets the site keep anything: a probe key written and removed at once.
 * False where storage is missing or throws: site data blocked in the browser's settings, a
 * sandboxed frame, a private mode that refuses every write (one with no room throws too).
 * @param {Storage | null} [storage]
 */
export function storageWorks(storage = safe(() => localStorage)) {
  if (!storage) return false;
  try {
    storage.setItem(PROBE_KEY, "1");
    storage.removeItem(PROBE_KEY);
    return true;
  } catch {
    return false;
  }
}

/**
 * Whether the page's record holds moves of its own that the save does not: `text` is the record
 * as the page last saved or read it, `current` the page's record now. If not, the page may
 * become read-only without losing anything.
 * @param {string | null} text @param {MatchRecord} current
 */
export const hasUnsavedMoves = (text, current) => text !== recordText(current);

/**
 * @template T
 * @param {() => T} fn
 * @returns {T | null}
 */
function safe(fn) {
  try {
    return fn();
  } catch {
    return null; // storage disabled (private mode, a sandboxed frame): saving is a convenience
  }
}
