// IndexedDB that falls back to memory (web/js/memory-indexeddb.js), driven by the very code
// PyScript opens its stores with: @webreflection/idb-map, which @pyscript/core depends on and
// bundles (its IDBMap and IDBMapSync are what its page and its worker open as they start).
import assert from "node:assert/strict";
import { describe, it } from "node:test";

import IDBMap from "@webreflection/idb-map";
import IDBMapSync from "@webreflection/idb-map/sync";

import { coverIndexedDB, memoryIndexedDB, withMemoryFallback } from "../web/js/memory-indexeddb.js";

/** Run `fn` with `factory` as the global indexedDB, which IDBMap reads when it opens. */
async function withGlobalIndexedDB(/** @type {unknown} */ factory, /** @type {() => Promise<void>} */ fn) {
  const had = Object.getOwnPropertyDescriptor(globalThis, "indexedDB");
  Object.defineProperty(globalThis, "indexedDB", { value: factory, configurable: true, writable: true });
  try {
    await fn();
  } finally {
    if (had) Object.defineProperty(globalThis, "indexedDB", had);
    else delete (/** @type {any} */ (globalThis)).indexedDB;
  }
}

/** A browser's factory whose open throws at once (a frame sandboxed without allow-same-origin). */
const throwing = {
  opened: 0,
  open() {
    this.opened++;
    throw new DOMException("access to the Indexed Database API is denied in this context.", "SecurityError");
  },
};

/** A browser's open request that fails later (site data blocked): an error event, as Chromium's.
 *  Its onerror is an event handler as a browser's is: a listener added when first set, so it
 *  runs after any listener added before. */
class RefusedRequest extends EventTarget {
  /** @type {any} */ #onerror = null;
  constructor() {
    super();
    /** @type {any} */
    this.onsuccess = null;
    /** @type {any} */
    this.onupgradeneeded = null;
    this.defaultPrevented = false;
    setTimeout(() => {
      const event = new Event("error", { cancelable: true });
      this.dispatchEvent(event);
      this.defaultPrevented = event.defaultPrevented;
    });
  }
  get onerror() {
    return this.#onerror;
  }
  set onerror(handler) {
    if (this.#onerror === null && handler) this.addEventListener("error", (event) => this.#onerror?.call(this, event));
    this.#onerror = handler;
  }
  get error() {
    return new DOMException("The user denied permission to access the database.", "UnknownError");
  }
}

/** A factory whose opens fail with an error event; it keeps its requests. */
function refusing() {
  /** @type {RefusedRequest[]} */
  const requests = [];
  return {
    requests,
    open() {
      const request = new RefusedRequest();
      requests.push(request);
      return request;
    },
  };
}

/** PyScript's worker, as it starts: open its store, wait for it, read it, and close it. */
async function pyscriptStore() {
  const storage = new IDBMapSync("http://127.0.0.1/js@314.0.7");
  await storage.sync();
  const seen = [...storage.keys()];
  storage.set('["numpy"]', "{lock}");
  await storage.close();
  return seen;
}

describe("memoryIndexedDB", () => {
  it("serves what IDBMap asks: open, upgrade, put, get, has, keys, size, delete, clear, close", async () => {
    await withGlobalIndexedDB(memoryIndexedDB(), async () => {
      const map = new IDBMap("store");
      await map.set("b", { n: 2 });
      await map.set("a", "one");
      assert.deepEqual(await map.keys(), ["a", "b"]);
      assert.deepEqual(await map.get("b"), { n: 2 });
      assert.equal(await map.get("missing"), undefined);
      assert.equal(await map.has("a"), true);
      assert.equal(await map.has("missing"), false);
      assert.equal(await map.size, 2);
      assert.deepEqual(await map.entries(), [["a", "one"], ["b", { n: 2 }]]);
      await map.delete("a");
      assert.deepEqual(await map.keys(), ["b"]);
      await map.clear();
      assert.equal(await map.size, 0);
      await map.close();
    });
  });

  it("keeps a database for as long as the factory lives, and copies values in and out", async () => {
    await withGlobalIndexedDB(memoryIndexedDB(), async () => {
      const value = { list: [1] };
      const first = new IDBMap("kept");
      await first.set("k", value);
      value.list.push(2);
      await first.close();
      const again = new IDBMap("kept");
      assert.deepEqual(await again.get("k"), { list: [1] });
      assert.deepEqual(await new IDBMap("other").keys(), []);
    });
  });

  it("refuses a write in a read-only transaction and a store it does not have, as IndexedDB does", async () => {
    const idb = memoryIndexedDB();
    const request = idb.open("db");
    const db = await new Promise((resolve) => {
      request.onupgradeneeded = ({ target }) => target.result.createObjectStore("entries");
      request.onsuccess = ({ target }) => resolve(target.result);
    });
    assert.throws(() => db.transaction("entries", "readonly").objectStore("entries").put(1, "k"), { name: "ReadOnlyError" });
    assert.throws(() => db.transaction("nothing", "readonly").objectStore("nothing"), { name: "NotFoundError" });
    assert.throws(() => db.createObjectStore("entries"), { name: "ConstraintError" });
  });

  it("serves PyScript's store (IDBMapSync) through a whole start", async () => {
    await withGlobalIndexedDB(memoryIndexedDB(), async () => {
      assert.deepEqual(await pyscriptStore(), []);
      assert.deepEqual(await pyscriptStore(), ['["numpy"]']); // the same worker opening it again
    });
  });
});

describe("withMemoryFallback", () => {
  it("answers from memory where the browser's open throws at once", async () => {
    throwing.opened = 0;
    await withGlobalIndexedDB(withMemoryFallback(/** @type {any} */ (throwing)), async () => {
      assert.deepEqual(await pyscriptStore(), []);
    });
    assert.equal(throwing.opened, 1);
  });

  it("answers from memory where the browser's open fails later, and the refusal reaches no one", async () => {
    const browser = refusing();
    await withGlobalIndexedDB(withMemoryFallback(/** @type {any} */ (browser)), async () => {
      assert.deepEqual(await pyscriptStore(), []);
    });
    const [request] = browser.requests;
    assert.equal(browser.requests.length, 1);
    assert.equal(request.defaultPrevented, true);
  });

  it("answers from memory where there is no IndexedDB at all", async () => {
    await withGlobalIndexedDB(withMemoryFallback(undefined), async () => {
      assert.deepEqual(await pyscriptStore(), []);
    });
  });

  it("hands back the browser's own request where its open works", () => {
    const own = { onsuccess: null, addEventListener() {} };
    const browser = { open: (/** @type {string} */ name) => (name === "db" ? own : null) };
    assert.equal(withMemoryFallback(/** @type {any} */ (browser)).open("db"), own);
  });
});

describe("coverIndexedDB", () => {
  it("covers a scope's indexedDB until it is uncovered, then gives the browser's own back", async () => {
    const browser = refusing();
    const scope = {};
    Object.defineProperty(scope, "indexedDB", { get: () => browser, configurable: true, enumerable: true });
    const uncover = coverIndexedDB(scope);
    const covered = /** @type {any} */ (scope).indexedDB;
    assert.notEqual(covered, browser);
    uncover();
    assert.equal(/** @type {any} */ (scope).indexedDB, browser);
    assert.equal(typeof Object.getOwnPropertyDescriptor(scope, "indexedDB")?.get, "function");
    // What was opened while covered stays answered after.
    await withGlobalIndexedDB(covered, async () => assert.deepEqual(await pyscriptStore(), []));
  });

  it("answers every open from memory where reading the scope's indexedDB throws", async () => {
    const scope = {};
    Object.defineProperty(scope, "indexedDB", {
      get() {
        throw new DOMException("denied", "SecurityError");
      },
      configurable: true,
    });
    const uncover = coverIndexedDB(scope);
    const covered = /** @type {any} */ (scope).indexedDB;
    uncover();
    await withGlobalIndexedDB(covered, async () => assert.deepEqual(await pyscriptStore(), []));
    assert.throws(() => /** @type {any} */ (scope).indexedDB, { name: "SecurityError" });
  });

  it("removes what it added where the scope had no indexedDB of its own", () => {
    const proto = { indexedDB: "inherited" };
    const scope = Object.create(proto);
    const uncover = coverIndexedDB(scope);
    assert.notEqual(scope.indexedDB, "inherited");
    uncover();
    assert.equal(scope.indexedDB, "inherited");
    assert.equal(Object.hasOwn(scope, "indexedDB"), false);
  });

  it("changes nothing where the scope will not let its indexedDB be replaced", () => {
    const scope = {};
    Object.defineProperty(scope, "indexedDB", { value: "fixed", configurable: false });
    const uncover = coverIndexedDB(scope);
    assert.equal(/** @type {any} */ (scope).indexedDB, "fixed");
    uncover();
    assert.equal(/** @type {any} */ (scope).indexedDB, "fixed");
  });
});
