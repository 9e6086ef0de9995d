// IndexedDB that falls back to memory, for the stores PyScript opens as it starts (on the page
// and in its worker): web/js/engine.js and web/js/python-start.js put it in place for that long.
//
// Why: PyScript opens IndexedDB stores (IDBMap and IDBMapSync from @webreflection/idb-map) as
// it starts, whatever its config says: on the page, one for its persistent file system, and in
// the worker, its cache of package lists, before it starts Python. Where the browser refuses
// IndexedDB (site data blocked in its settings, a sandboxed frame, a private mode that refuses
// storage), those opens fail: on the page two uncaught errors, and in the worker an Event that
// PyScript sends to the page over postMessage, which cannot clone it, so Python never starts
// and reloading changes nothing. This site uses neither store (no packages, no mounted folder),
// so where the browser refuses, a store in memory that is forgotten when the page or the
// worker ends loses nothing. Where IndexedDB works, the browser's own request is handed back
// untouched, at no cost (no probe is waited for).
//
// What IDBMap asks of IndexedDB, and all that the memory stand-in serves: `indexedDB.open(name)`
// (an upgrade that creates one object store, then success), `db.transaction(store, mode,
// options).objectStore(store)` and the store's get, getKey, getAllKeys, count, put, delete and
// clear, each a request answered through its onsuccess handler (set just after the call), and
// `db.close()`.

/**
 * A request: `result` and `onsuccess` as IndexedDB's, answered after the caller has set its
 * handlers (as IndexedDB answers on a later task).
 */
class MemoryRequest {
  constructor() {
    /** @type {unknown} */
    this.result = undefined;
    /** @type {DOMException | null} */
    this.error = null;
    this.readyState = "pending";
    /** @type {((event: {type: string, target: MemoryRequest}) => void) | null} */
    this.onsuccess = null;
    /** @type {((event: {type: string, target: MemoryRequest}) => void) | null} */
    this.onerror = null;
    /** An open request's upgrade only: the transaction that creates the stores. */
    /** @type {{oncomplete: (() => void) | null} | null} */
    this.transaction = null;
    /** @type {((event: {type: string, target: MemoryRequest}) => void) | null} */
    this.onupgradeneeded = null;
  }

  /** Answer `result` on a later task. @param {unknown} result */
  succeed(result) {
    setTimeout(() => {
      this.result = result;
      this.readyState = "done";
      this.onsuccess?.({ type: "success", target: this });
    });
    return this;
  }
}

/** @param {string} message @param {string} name */
const refusal = (message, name) => new DOMException(message, name);

/** One object store: keys as a Map compares them (PyScript's are strings), values copied in and out. */
class MemoryStore {
  /** @param {Map<unknown, unknown>} entries @param {boolean} writable */
  constructor(entries, writable) {
    this.entries = entries;
    this.writable = writable;
  }

  /** @param {unknown} key */
  get(key) {
    return new MemoryRequest().succeed(structuredClone(this.entries.get(key)));
  }

  /** @param {unknown} key */
  getKey(key) {
    return new MemoryRequest().succeed(this.entries.has(key) ? key : undefined);
  }

  getAllKeys() {
    // IndexedDB lists keys in order; strings compare by code unit, as sort() does.
    return new MemoryRequest().succeed([...this.entries.keys()].sort());
  }

  count() {
    return new MemoryRequest().succeed(this.entries.size);
  }

  /** @param {unknown} value @param {unknown} key */
  put(value, key) {
    this.check();
    this.entries.set(key, structuredClone(value));
    return new MemoryRequest().succeed(key);
  }

  /** @param {unknown} key */
  delete(key) {
    this.check();
    this.entries.delete(key);
    return new MemoryRequest().succeed(undefined);
  }

  clear() {
    this.check();
    this.entries.clear();
    return new MemoryRequest().succeed(undefined);
  }

  check() {
    if (!this.writable) throw refusal("The transaction is read-only.", "ReadOnlyError");
  }
}

/** A database: named object stores, each a Map. */
class MemoryDatabase {
  /** @param {string} name */
  constructor(name) {
    this.name = name;
    this.version = 1;
    /** @type {Map<string, Map<unknown, unknown>>} */
    this.stores = new Map();
  }

  get objectStoreNames() {
    return [...this.stores.keys()].sort();
  }

  /** @param {string} name */
  createObjectStore(name) {
    if (this.stores.has(name)) throw refusal(`The store "${name}" already exists.`, "ConstraintError");
    this.stores.set(name, new Map());
    return new MemoryStore(/** @type {Map<unknown, unknown>} */ (this.stores.get(name)), true);
  }

  /** @param {string} name @param {IDBTransactionMode} [mode] */
  transaction(name, mode = "readonly") {
    const db = this;
    return {
      mode,
      /** @param {string} storeName */
      objectStore(storeName) {
        const entries = storeName === name ? db.stores.get(storeName) : undefined;
        if (!entries) throw refusal(`No object store "${storeName}" in this transaction.`, "NotFoundError");
        return new MemoryStore(entries, mode !== "readonly");
      },
    };
  }

  close() {}
}

/**
 * An IndexedDB factory in memory: its databases live as long as it does (the page's or the
 * worker's life).
 * A database opened for the first time gets an upgrade first, as a new IndexedDB database does.
 */
export function memoryIndexedDB() {
  /** @type {Map<string, MemoryDatabase>} */
  const databases = new Map();
  return {
    /** @param {string} name */
    open(name) {
      const request = new MemoryRequest();
      const known = databases.get(name);
      const db = known ?? new MemoryDatabase(name);
      databases.set(name, db);
      if (known) return request.succeed(db);
      setTimeout(() => {
        /** @type {{oncomplete: (() => void) | null}} */
        const upgrade = { oncomplete: null };
        request.result = db;
        request.transaction = upgrade;
        request.onupgradeneeded?.({ type: "upgradeneeded", target: request });
        request.transaction = null;
        upgrade.oncomplete?.();
        request.succeed(db);
      });
      return request;
    },
  };
}

/**
 * An IndexedDB factory that opens with the browser's `real` one and, where that refuses (no
 * factory, `open` throws, or the open fails), answers the same request's handlers from memory.
 * @param {IDBFactory | null | undefined} real
 */
export function withMemoryFallback(real) {
  const memory = memoryIndexedDB();
  return {
    /** @param {string} name */
    open(name) {
      /** @type {IDBOpenDBRequest} */
      let request;
      try {
        if (!real) throw new Error("no IndexedDB");
        request = real.open(name);
      } catch {
        return memory.open(name); // a sandboxed frame throws at once
      }
      // Added before the caller sets its own onerror, so this listener runs first and the
      // caller never hears of the refusal: it is answered from memory instead.
      request.addEventListener("error", (event) => {
        event.preventDefault();
        event.stopImmediatePropagation();
        const stand = memory.open(name);
        const handlers = /** @type {any} */ (request);
        stand.onupgradeneeded = (e) => handlers.onupgradeneeded?.(e);
        stand.onsuccess = (e) => handlers.onsuccess?.(e);
      });
      return request;
    },
  };
}

/**
 * Put on `scope` (the page's or a worker's global object) an IndexedDB that falls back to
 * memory (withMemoryFallback), until the function returned is called, which puts the
 * browser's own back: only what opens a database meanwhile is covered.
 * @param {any} [scope]
 * @returns {() => void}
 */
export function coverIndexedDB(scope = globalThis) {
  const own = Object.getOwnPropertyDescriptor(scope, "indexedDB");
  /** @type {IDBFactory | undefined} */
  let real;
  try {
    real = scope.indexedDB;
  } catch {
    real = undefined; // refused outright: every open is answered from memory
  }
  try {
    Object.defineProperty(scope, "indexedDB", { value: withMemoryFallback(real), configurable: true, writable: true });
  } catch {
    return () => {}; // nothing could be put in place: PyScript meets the browser's own
  }
  return () => {
    if (own) Object.defineProperty(scope, "indexedDB", own);
    else delete scope.indexedDB;
  };
}
