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
//
// Nothing unfinished is ever deleted behind the player's back: the cap on saves and a full
// storage only ever remove finished games (oldest first); when that is not enough the write
// fails, says why ("full" or "off"), and the page asks the player what to delete. A save that
// cannot be read (damaged text, a game label that does not match its record, a record the
// engine refused) is listed as damaged, so the player can see it and delete it.

/** @import { MatchRecord, Message, Save, SaveEntry, SaveProblem, WriteResult } from "./types.js" */

const PREFIX = "pygames:game:";
/** The single save of earlier versions, read once and kept as a game of its own. */
const OLD_KEY = "pygames:autosave";
const TAB_KEY = "pygames:tab-game";
const PROBE_KEY = "pygames:probe";
/** Saves kept at most; beyond it the oldest finished games go (unfinished ones never do). */
export const KEEP = 20;

/** The storage key of save `id`. @param {string} id */
export const saveKey = (id) => PREFIX + id;

/** The save id a storage key names, or null. @param {string | null} key */
export const idOfKey = (key) => (key?.startsWith(PREFIX) ? key.slice(PREFIX.length) : null);

/** A new save id, unique enough for one device. */
export const newSaveId = () => `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;

/** The JSON text of a record, the form saves compare. @param {MatchRecord} record */
export const recordText = (record) => JSON.stringify(record);

/** @param {unknown} value @returns {value is Record<string, unknown>} */
const isObject = (value) => !!value && typeof value === "object" && !Array.isArray(value);

/**
 * A save read from its stored text, or what is wrong with it: "unreadable" (not JSON, or not
 * the shape of a save) or "mismatch" (its label names another game than its record holds).
 * @param {string | null} text
 * @returns {{save: Save} | {problem: SaveProblem}}
 */
export function readSave(text) {
  let save;
  try {
    save = JSON.parse(text ?? "null");
  } catch {
    return { problem: "unreadable" };
  }
  const ok =
    isObject(save) && typeof save.id === "string" && isObject(save.record) && Number.isInteger(save.version) &&
    typeof save.game === "string";
  if (!ok) return { problem: "unreadable" };
  if (save.record.game !== save.game) return { problem: "mismatch" };
  if (save.broken !== undefined) return { problem: "refused" };
  return { save: /** @type {Save} */ (save) };
}

/** A save read from its stored text, or null if it is missing or damaged.
 *  @param {string | null} text @returns {Save | null} */
export function parseSave(text) {
  const read = readSave(text);
  return "save" in read ? read.save : null;
}

/** Whether a storage error says the storage is full (every browser names it its own way).
 *  @param {unknown} err */
export function isQuotaError(err) {
  const e = /** @type {{name?: string, code?: number} | null} */ (err);
  return !!e && (e.name === "QuotaExceededError" || e.name === "NS_ERROR_DOM_QUOTA_REACHED" || e.code === 22 || e.code === 1014);
}

/** JSON text with object keys in order, so two records compare by content. @param {unknown} value */
const canonical = (value) =>
  JSON.stringify(value, (_, v) => (isObject(v) ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : 1))) : v));

/**
 * Whether `later` is the game `earlier` holds, carried on: the same game, seats, seed and
 * options, and every action of `earlier` at the start of `later`'s (a share link opened again
 * after a few moves).
 * @param {MatchRecord} earlier @param {MatchRecord} later
 */
export function continues(earlier, later) {
  const setup = (/** @type {MatchRecord} */ r) => canonical({ game: r.game, seats: r.seats, seed: r.seed, options: r.options ?? {} });
  const a = earlier.actions ?? [];
  const b = later.actions ?? [];
  return setup(earlier) === setup(later) && a.length <= b.length && a.every((action, i) => canonical(action) === canonical(b[i]));
}

export class Saves {
  /** @param {Storage | null} [storage] @param {Storage | null} [session] @param {() => number} [now] */
  constructor(storage = safe(() => localStorage), session = safe(() => sessionStorage), now = Date.now) {
    this.storage = storage;
    this.session = session;
    this.now = now;
    this.migrate();
  }

  /** Whether this device keeps anything: a write and a removal really work (blocked site data
   *  and sandboxed frames throw; some private modes throw only on writing). */
  works() {
    const storage = this.storage;
    if (!storage) return false;
    try {
      storage.setItem(PROBE_KEY, "1");
      storage.removeItem(PROBE_KEY);
      return true;
    } catch (err) {
      return isQuotaError(err); // full is not off: removing a save makes room
    }
  }

  /** Save `id`, or null (missing or damaged). @param {string} id @returns {Save | null} */
  read(id) {
    return parseSave(this.get(saveKey(id)));
  }

  /**
   * Keep a game's review with its save, for the record it reviewed (`steps` actions). The
   * game does not change: the version stays, so no other tab hears of it; a full storage
   * keeps no review (it can be made again) and loses nothing else.
   * @param {string} id @param {number} steps @param {import("./types.js").ReviewJson} result
   */
  keepReview(id, steps, result) {
    const stored = this.read(id);
    if (!stored || !this.storage || stored.record.actions.length !== steps) return false;
    try {
      this.storage.setItem(saveKey(id), JSON.stringify({ ...stored, review: { steps, result } }));
      return true;
    } catch {
      return false;
    }
  }

  /** The review kept with save `id` for its record as it stands, if any. @param {string} id */
  review(id) {
    const stored = this.read(id);
    const kept = stored?.review;
    return kept && stored.record.actions.length === kept.steps ? kept.result : null;
  }

  /** Every save, damaged ones included (with what is wrong), the most recently written first.
   *  @returns {SaveEntry[]} */
  entries() {
    /** @type {SaveEntry[]} */
    const entries = [];
    const storage = this.storage;
    if (!storage) return entries;
    for (const key of this.keys()) {
      const id = /** @type {string} */ (idOfKey(key));
      const text = this.get(key);
      if (text === null) continue;
      const read = readSave(text);
      if ("save" in read) {
        const { save } = read;
        entries.push({ id, save, problem: null, size: text.length, text, time: save.time, game: save.game, broken: null });
      } else {
        const loose = safe(() => JSON.parse(text));
        const time = isObject(loose) && typeof loose.time === "number" ? loose.time : 0;
        const game = isObject(loose) && typeof loose.game === "string" ? loose.game : null;
        const broken = isObject(loose) && isObject(loose.broken) ? /** @type {Message} */ (/** @type {unknown} */ (loose.broken)) : null;
        entries.push({ id, save: null, problem: read.problem, size: text.length, text, time, game, broken });
      }
    }
    return entries.sort((a, b) => b.time - a.time);
  }

  /** Every readable save, the most recently written first. @returns {Save[]} */
  list() {
    return this.entries().flatMap((e) => (e.save ? [e.save] : []));
  }

  /** The save a tab opened without a game of its own resumes: this tab's game if it is
   *  unfinished, else the most recent unfinished one. When this tab's own game is damaged, that
   *  is the answer (the page says so) rather than another game resumed without a word.
   *  @returns {SaveEntry | null} */
  toResume() {
    const mine = this.tabGame();
    const own = mine ? this.entries().find((e) => e.id === mine) : null;
    if (own && !own.save?.over) return own;
    const next = this.list().find((s) => !s.over);
    return next ? this.entries().find((e) => e.id === next.id) ?? null : null;
  }

  /** The most recent save, finished or not (the lobby's "Resume" / "Open last game"). */
  latest() {
    return this.list()[0] ?? null;
  }

  /**
   * Write a game as save `id`, if nobody else wrote it since this tab's version `known` (null:
   * a game this tab has not saved yet). `claim` writes even when nothing changed (taking a game
   * over: the other tab hears of it). Answers "written" or "unchanged" with the version now
   * stored (and how many finished games a full storage made it remove), "moved" with the
   * other tab's save, or "failed" with why: "off" (this device keeps nothing) or "full" (no
   * room even without the finished games: only the player may choose what else goes), and
   * how many finished games it removed trying.
   * @param {string} id
   * @param {{record: MatchRecord, over: boolean, game: string, step: number, winners?: number[]}} game
   * @param {number | null} known
   * @param {{claim?: boolean}} [how]
   * @returns {WriteResult}
   */
  write(id, game, known, { claim = false } = {}) {
    if (!this.storage) return { status: "failed", reason: "off", removed: 0 };
    const stored = this.read(id);
    if (stored && stored.version !== known) return { status: "moved", save: stored };
    if (stored && !claim && recordText(stored.record) === recordText(game.record)) {
      return { status: "unchanged", version: stored.version };
    }
    const version = (stored?.version ?? 0) + 1;
    /** @type {Save} */
    const save = { id, ...game, version, time: this.now(), ...(stored?.name ? { name: stored.name } : {}) };
    const text = JSON.stringify(save);
    let removed = 0;
    for (;;) {
      try {
        this.storage.setItem(saveKey(id), text);
        break;
      } catch (err) {
        if (!isQuotaError(err)) return { status: "failed", reason: "off", removed };
        // Full: the oldest finished game makes room, one at a time; never an unfinished one.
        const oldest = this.list().filter((s) => s.over && s.id !== id).at(-1);
        if (!oldest) return { status: "failed", reason: "full", removed };
        this.remove(oldest.id);
        removed++;
      }
    }
    // Only a new save adds to the count: reading every save back at each move would cost the
    // main thread up to 20 parses of a whole record. The cap's removals are its rule, not news;
    // `removed` counts the finished games a full storage cost, which the page tells.
    if (!stored) this.prune(id);
    return { status: "written", version, removed };
  }

  /** Keep at most `keep` saves besides `current` by removing the oldest finished games; an
   *  unfinished game is never removed here. Answers how many went.
   *  @param {string} current @param {number} [keep] */
  prune(current, keep = KEEP) {
    const entries = this.entries();
    const excess = entries.length - keep;
    if (excess <= 0) return 0;
    const finished = entries.filter((e) => e.id !== current && e.save?.over).reverse(); // oldest first
    const doomed = finished.slice(0, excess);
    for (const e of doomed) this.remove(e.id);
    return doomed.length;
  }

  /** Give save `id` a name of the player's (empty: its default name again). The version stays:
   *  a tab playing that game goes on writing it, and keeps the name.
   *  @param {string} id @param {string} name */
  rename(id, name) {
    const stored = this.read(id);
    if (!stored || !this.storage) return false;
    /** @type {Save} */
    const named = { ...stored, name: name.trim() };
    if (!named.name) delete named.name;
    try {
      this.storage.setItem(saveKey(id), JSON.stringify(named));
      return true;
    } catch {
      return false;
    }
  }

  /** Mark save `id` as refused by the engine (`why`: the refusal), so it is listed as damaged
   *  instead of offered again and again. The version stays. @param {string} id @param {Message} why */
  markBroken(id, why) {
    const text = this.get(saveKey(id));
    const loose = safe(() => JSON.parse(text ?? "null"));
    if (!isObject(loose)) return;
    safe(() => this.storage?.setItem(saveKey(id), JSON.stringify({ ...loose, broken: why })));
  }

  /** Delete save `id`. @param {string} id */
  remove(id) {
    safe(() => this.storage?.removeItem(saveKey(id)));
  }

  /** The storage keys of every save. */
  keys() {
    const storage = this.storage;
    /** @type {string[]} */
    const keys = [];
    if (!storage) return keys;
    const count = safe(() => storage.length) ?? 0;
    for (let i = 0; i < count; i++) {
      const key = safe(() => storage.key(i));
      if (idOfKey(key)) keys.push(/** @type {string} */ (key));
    }
    return keys;
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
        const written = this.write(newSaveId(), { record, over: Boolean(over), game, step }, null);
        if (written.status === "failed") return; // kept where it is until there is room
      }
    } catch {
      /* a damaged old save is dropped */
    }
    safe(() => this.storage?.removeItem(OLD_KEY));
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
    return null; // storage disabled (private mode, a sandboxed frame): see Saves.works
  }
}
