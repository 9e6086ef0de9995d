// The rules engine: pygames.bridge running in a PyScript worker (Pyodide), so a thinking bot
// never freezes the page. Every call returns the parsed JSON answer of the bridge. Arguments out
// of bounds (web/js/bounds.js) are refused here, in the bridge's own shape, without crossing.
//
// The engine can die: Python may fail fatally (after which every call throws) or the worker
// may end (closed, killed, crashed: its lock is released, see web/js/python-start.js). Either
// way the engine is dead for good: every call still waiting and every later call answers
// {ok: false, error_type: "EngineDied"} at once, and `onDeath` is called once, so the page can
// start a new engine and reopen its match from the record it keeps.

import { LIMITS } from "./catalog.js";
import { callDepth, callProblem } from "./bounds.js";
import { coverIndexedDB } from "./memory-indexeddb.js";
import { PAGE_BUILD } from "./offline.js";

/** @param {string} path */
const here = (path) => new URL(path, import.meta.url).href;

// PyScript imports this in the worker as its Pyodide: it restores a memory snapshot if it can.
const START = here("python-start.js");
// Fetched first, with progress shown, so the worker later finds them in the HTTP cache.
const PREFETCH = [
  here("../vendor/pyodide/pyodide.asm.wasm"),
  here("../vendor/pyodide/python_stdlib.zip"),
];

/** @param {(fraction: number) => void} onProgress */
async function prefetch(onProgress) {
  /** @type {Map<string, number>} */
  const sizes = new Map();
  let done = 0;
  const report = () => {
    const total = [...sizes.values()].reduce((a, b) => a + b, 0);
    onProgress(total ? Math.min(done / total, 1) : 0);
  };
  await Promise.all(
    PREFETCH.map(async (url) => {
      const response = await fetch(url);
      if (!response.ok) throw new Error(`Could not load ${url} (HTTP ${response.status})`);
      sizes.set(url, Number(response.headers.get("content-length")) || 1);
      if (!response.body) {
        await response.arrayBuffer();
        done += sizes.get(url) ?? 0;
        report();
        return;
      }
      const reader = response.body.getReader();
      for (;;) {
        const { done: end, value } = await reader.read();
        if (end) break;
        done += value.byteLength;
        report();
      }
    }),
  );
}

/** Whether a service worker serves this page and already holds the runtime (a repeat visit).
 *  A sandboxed frame throws on reading `navigator.serviceWorker` or `caches` at all. */
async function runtimeIsHere() {
  try {
    if (!navigator.serviceWorker?.controller || typeof caches === "undefined") return false;
    const hits = await Promise.all(PREFETCH.map((url) => caches.match(url)));
    return hits.every(Boolean);
  } catch {
    return false;
  }
}

/** The answer of every call to a dead engine. @param {unknown} why */
const died = (why) => ({
  ok: false,
  error_type: "EngineDied",
  error: `Engine failure: ${String(/** @type {any} */ (why)?.message ?? why).slice(0, 200)}`,
  message: { id: "shell.engine.died", args: {} },
});

/**
 * Start the engine. `onProgress({stage, fraction})` is called as loading advances:
 * "download" (0..1 of the runtime bytes; skipped when this device already holds them), then the
 * worker's stages (web/js/python-start.js): "restore" (from this device's memory snapshot) or
 * "start" (Python starting) and "rules" (importing the rules), "refused" (a snapshot that would
 * not restore), and "ready"; "saved"/"unsaved" (the snapshot for the next visit) may come after.
 * Resolves to an object with one async method per bridge function: the worker names them
 * (pygames.bridge.CALLS), so the list is kept in Python only. `engine.crossings[name]` counts
 * the calls of each (every call is one round trip to the worker). `onDeath(reason)` is called
 * once if the engine dies after it was ready (see above).
 * @param {(progress: import("./types.js").Progress) => void} [onProgress]
 * @param {{onDeath?: (reason: string) => void}} [hooks]
 * @returns {Promise<import("./types.js").Engine>}
 */
export async function startEngine(onProgress = () => {}, { onDeath = () => {} } = {}) {
  const t0 = performance.now();
  // A frame sandboxed without allow-same-origin has an opaque origin, where Chromium runs no
  // module worker made from a blob: URL (PyScript's worker is one): Python could never start,
  // so the page says so at once instead of waiting.
  if (globalThis.origin === "null") throw Object.assign(new Error("sandboxed frame"), { name: "SandboxedFrame" });
  // The worker starts at once, while the page downloads the runtime; its Python waits for the
  // download (it asks over this channel), so no byte is fetched twice.
  const channel = new BroadcastChannel(`pygames-engine-${Date.now()}-${Math.random().toString(36).slice(2)}`);
  let haveRuntime = false;
  channel.onmessage = (event) => {
    const data = event.data;
    if (data?.type === "waiting" && haveRuntime) channel.postMessage({ type: "go" });
    if (data?.type === "stage" && typeof data.stage === "string") onProgress({ stage: data.stage, fraction: 1 });
  };
  // PyScript's core opens an IndexedDB store of its own as it loads: where the browser refuses
  // IndexedDB, that refusal is answered from memory (web/js/memory-indexeddb.js).
  const uncover = coverIndexedDB();
  const core = import("../vendor/pyscript/core.js");
  core.finally(uncover).catch(() => {});
  const starting = core.then(({ PyWorker }) =>
    PyWorker(here("../py/worker.py"), {
      type: "pyodide",
      // The page's build, for the service worker: this URL is the first the worker asks for,
      // and the worker has no script of its own (sw.js firstBuild).
      version: `${START}?channel=${encodeURIComponent(channel.name)}&build=${encodeURIComponent(PAGE_BUILD)}`,
      // No files: python-start.js writes the rules' archive itself (one file, not 67).
      config: {},
    }),
  );
  starting.catch(() => {}); // awaited below, where a failure is reported
  if (!(await runtimeIsHere())) {
    onProgress({ stage: "download", fraction: 0 });
    await prefetch((fraction) => onProgress({ stage: "download", fraction }));
  }
  haveRuntime = true;
  channel.postMessage({ type: "go" });
  onProgress({ stage: "start", fraction: 1 });
  const worker = await starting;
  const pong = JSON.parse(await worker.sync.ping());

  /** @type {ReturnType<typeof died> | null} */
  let dead = null;
  /** @type {(answer: ReturnType<typeof died>) => void} */
  let bury = () => {};
  /** Resolves with the dead engine's answer: every call waiting races it. */
  const death = new Promise((resolve) => (bury = resolve));
  /** @param {unknown} why */
  const die = (why) => {
    if (dead) return;
    dead = died(why);
    channel.close();
    onDeath(dead.error); // first, so the page stops what it was doing before calls answer
    bury(dead);
  };
  // The worker holds this lock while it lives (web/js/python-start.js).
  navigator.locks?.request(`${channel.name}:alive`, () => die("the engine's worker ended")).catch(() => {});

  /** @type {Record<string, number>} */
  const crossings = {};
  /** @type {Record<string, unknown>} */
  const engine = { python: pong.python, rules: pong.rules, loadMs: Math.round(performance.now() - t0), crossings, pending: 0 };
  /** @type {string[]} */
  const calls = JSON.parse(await worker.sync.calls());
  for (const name of calls) {
    crossings[name] = 0;
    engine[name] = async (/** @type {unknown[]} */ ...args) => {
      if (dead) return dead;
      const refused = callProblem(args, LIMITS, callDepth(name, LIMITS));
      if (refused) return refused;
      crossings[name] += 1; // one crossing of the worker boundary (ping and calls are not counted)
      // Calls not answered yet: a test waits for none, where a late answer must change nothing.
      engine.pending = /** @type {number} */ (engine.pending) + 1;
      let text;
      try {
        text = await Promise.race([worker.sync[name](...args), death]);
      } catch (err) {
        // The bridge answers every refusal and every bug of its own: a throw is the runtime's.
        die(err);
        return dead;
      } finally {
        engine.pending = /** @type {number} */ (engine.pending) - 1;
      }
      if (dead) return dead;
      try {
        return JSON.parse(text);
      } catch {
        return { ok: false, error_type: "InternalError", error: `Engine answered non-JSON: ${String(text).slice(0, 200)}` };
      }
    };
  }
  onProgress({ stage: "ready", fraction: 1 });
  channel.postMessage({ type: "ready" }); // the worker may now save its snapshot
  return /** @type {import("./types.js").Engine} */ (/** @type {unknown} */ (engine));
}
