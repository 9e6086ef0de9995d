// The rules engine: pygames.bridge running in a PyScript worker (Pyodide), so a thinking bot
// never freezes the page. Every call returns the parsed JSON answer of the bridge; a failure of
// the worker itself is turned into the bridge's own error shape ({ok: false, error_type}).

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

/** Whether a service worker serves this page and already holds the runtime (a repeat visit). */
async function runtimeIsHere() {
  if (!navigator.serviceWorker?.controller || typeof caches === "undefined") return false;
  try {
    const hits = await Promise.all(PREFETCH.map((url) => caches.match(url)));
    return hits.every(Boolean);
  } catch {
    return false;
  }
}

/**
 * Start the engine. `onProgress({stage, fraction})` is called as loading advances:
 * "download" (0..1 of the runtime bytes; skipped when this device already holds them), then the
 * worker's stages (web/js/python-start.js): "restore" (from this device's memory snapshot) or
 * "start" (Python starting) and "rules" (importing the rules), "refused" (a snapshot that would
 * not restore), and "ready"; "saved"/"unsaved" (the snapshot for the next visit) may come after.
 * Resolves to an object with one async method per bridge function: the worker names them
 * (pygames.bridge.CALLS), so the list is kept in Python only. `engine.crossings[name]` counts
 * the calls of each (every call is one round trip to the worker).
 * @param {(progress: import("./types.js").Progress) => void} [onProgress]
 * @returns {Promise<import("./types.js").Engine>}
 */
export async function startEngine(onProgress = () => {}) {
  const t0 = performance.now();
  // The worker starts at once, while the page downloads the runtime; its Python waits for the
  // download (it asks over this channel), so no byte is fetched twice.
  const channel = new BroadcastChannel(`pygames-engine-${Date.now()}-${Math.random().toString(36).slice(2)}`);
  let haveRuntime = false;
  channel.onmessage = (event) => {
    const data = event.data;
    if (data?.type === "waiting" && haveRuntime) channel.postMessage({ type: "go" });
    if (data?.type === "stage" && typeof data.stage === "string") onProgress({ stage: data.stage, fraction: 1 });
  };
  const starting = import("../vendor/pyscript/core.js").then(({ PyWorker }) =>
    PyWorker(here("../py/worker.py"), {
      type: "pyodide",
      version: `${START}?channel=${encodeURIComponent(channel.name)}`,
      config: { files: { [here("../pygames.zip")]: "./*" } },
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
  /** @type {Record<string, number>} */
  const crossings = {};
  /** @type {Record<string, unknown>} */
  const engine = { python: pong.python, loadMs: Math.round(performance.now() - t0), crossings };
  /** @type {string[]} */
  const calls = JSON.parse(await worker.sync.calls());
  for (const name of calls) {
    crossings[name] = 0;
    engine[name] = async (/** @type {unknown[]} */ ...args) => {
      crossings[name] += 1; // one crossing of the worker boundary (ping and calls are not counted)
      let text;
      try {
        text = await worker.sync[name](...args);
      } catch (err) {
        return { ok: false, error_type: "InternalError", error: `Engine failure: ${err?.message ?? err}` };
      }
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
