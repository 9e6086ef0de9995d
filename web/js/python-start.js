// Python's start, as PyScript's worker sees it: engine.js hands this module's URL to PyScript as
// the Pyodide "version" (PyScript imports it in the worker and calls its `loadPyodide`), so the
// worker starts from a memory snapshot when this device has one for this build.
//
// First visit: Pyodide starts normally (told to allow a snapshot), the rules are unpacked and
// every module the bridge can need is imported (the catalogue, bridge.games), and the memory is
// saved in Cache Storage. Later visits restore that memory instead of starting Python and
// importing the rules again. The rules are imported from pygames.zip itself (zipimport), which
// this module writes into the worker's files as one file: the snapshot holds memory, not files,
// and the rules' catalogues are read from that file, so each start writes it again (unpacking
// its 67 files was the largest cost after a restore). PyScript then runs web/py/worker.py on
// the returned interpreter.
//
// The snapshot is kept under a key that the build writes (the Pyodide version and digests of
// the runtime and of both bytecode archives: see scripts/build_site.py), so a new build never
// restores an old one; saving a snapshot deletes the others. Any failure (no Cache Storage, a
// damaged or refused snapshot, a heap too large) falls back to a normal start without a word
// to the player, and a normal start saves a new snapshot.
//
// The page and this module talk over a BroadcastChannel named in this module's URL
// (?channel=...): this side says which stage it is in and asks to go on once the page has
// downloaded the runtime (so the worker starts during the download without fetching the same
// bytes twice), and it saves the snapshot once the page says it is ready. Without a channel it
// neither waits nor reports.

import { loadPyodide as startPyodide, version } from "../vendor/pyodide/pyodide.mjs";
import { coverIndexedDB } from "./memory-indexeddb.js";

export { version };

/** Filled in by scripts/build_site.py; while it is still the placeholder, no snapshot is used. */
const KEY = "__PYGAMES_SNAPSHOT_KEY__";
const PLACEHOLDER = "__PYGAMES_" + "SNAPSHOT_KEY__";
/** The Cache Storage cache of snapshots. Not "pygames-...": sw.js deletes those it does not own. */
const SNAPSHOT_CACHE = "python-snapshot";
const SIZE_HEADER = "x-snapshot-bytes";
const INDEX_URL = new URL("../vendor/pyodide/", import.meta.url).href;
const PACKAGE_URL = new URL("../pygames.zip", import.meta.url).href;
// The rules' archive, in the worker's working directory (Pyodide's home folder), on sys.path.
const HOME = "/home/pyodide";
const RULES = `${HOME}/pygames.zip`;
// The catalogue names every game's bots, so asking for it imports every module a call needs
// (tests/test_build.py runs this code and checks that a whole session imports nothing more).
// The archive is RULES, written out: the test runs this text as it stands, under CPython (where
// no such file is, and the checkout's pygames is imported).
const PRELOAD = `
import sys
if "/home/pyodide/pygames.zip" not in sys.path:
    sys.path.insert(0, "/home/pyodide/pygames.zip")
from pygames import bridge
bridge.games()
`;
// A restored interpreter holds the random state of the visit that saved it: reseed what the
// standard library seeds once at import (the rules draw unseeded games' seeds from
// os.urandom, which a snapshot cannot freeze).
const RESEED = `
import sys
if "random" in sys.modules:
    sys.modules["random"].seed()
`;

// PyScript opens an IndexedDB store in this worker (its cache of package lists) after it has
// imported this module and before it calls loadPyodide below, whatever its config says. Where
// the browser refuses IndexedDB (site data blocked, a sandboxed frame, a private mode that
// refuses storage), that open fails with an Event that PyScript cannot send to the page, and
// Python would never start. This site has no packages to cache, so for that one open a refusal
// is answered from memory (web/js/memory-indexeddb.js); loadPyodide puts the browser's own
// IndexedDB back. This module's top level is the only code of ours that runs in the worker
// before that store is opened.
const uncoverIndexedDB = coverIndexedDB();

const params = new URL(import.meta.url).searchParams;
const channelName = params.get("channel");
const channel = channelName ? new BroadcastChannel(channelName) : null;

// This worker holds a lock named after its channel for as long as it lives: the browser
// releases it when the worker ends for any reason (closed, killed, crashed), which is how the
// page learns that its engine is gone (web/js/engine.js) without waiting on a call that will
// never be answered. Web Locks exist in secure contexts only (https, localhost).
if (channelName && globalThis.navigator?.locks) {
  navigator.locks.request(`${channelName}:alive`, () => new Promise(() => {})).catch(() => {});
}

/** @param {string} stage @param {Record<string, unknown>} [extra] */
function say(stage, extra = {}) {
  channel?.postMessage({ type: "stage", stage, ...extra });
}

/**
 * Resolve when the page sends a message of `type` (at once without a channel); `ask`, if given,
 * is sent once listening, so that the answer cannot come before it is awaited.
 * @param {string} type @param {string} [ask]
 */
function hear(type, ask) {
  if (!channel) return Promise.resolve();
  const ch = channel;
  return new Promise((resolve) => {
    ch.addEventListener("message", function heard(event) {
      if (event.data?.type === type) {
        ch.removeEventListener("message", heard);
        resolve(undefined);
      }
    });
    if (ask) ch.postMessage({ type: ask });
  });
}

/** Resolve once the page has the runtime's bytes. */
const downloaded = () => hear("go", "waiting");
/** Resolve once the page says the engine is ready. */
const pageReady = () => hear("ready");

/** The snapshot cache's URL for `key` (Cache Storage keys are requests). @param {string} key */
function snapshotUrl(key) {
  return new URL(`../python-snapshot/${encodeURIComponent(key)}`, import.meta.url).href;
}

/** The snapshot cache, or null where Cache Storage is missing or refused (an insecure origin,
 *  site data blocked; a sandboxed frame throws on reading `caches` at all). */
async function openStore() {
  if (KEY === PLACEHOLDER) return null;
  try {
    if (typeof caches === "undefined") return null;
    return await caches.open(SNAPSHOT_CACHE);
  } catch {
    return null;
  }
}

/**
 * This build's snapshot, with the size it was saved with (a shorter body is a damaged one).
 * @param {Cache} store
 * @returns {Promise<{bytes: Uint8Array, size: number} | null>}
 */
async function readSnapshot(store) {
  try {
    const hit = await store.match(snapshotUrl(KEY));
    if (!hit) return null;
    return { bytes: new Uint8Array(await hit.arrayBuffer()), size: Number(hit.headers.get(SIZE_HEADER)) };
  } catch {
    return null;
  }
}

/** Save `bytes` as this build's snapshot and delete every other. @param {Cache} store @param {Uint8Array} bytes */
async function saveSnapshot(store, bytes) {
  const url = snapshotUrl(KEY);
  const headers = { "content-type": "application/octet-stream", [SIZE_HEADER]: String(bytes.byteLength) };
  await store.put(url, new Response(/** @type {BodyInit} */ (bytes), { headers }));
  for (const request of await store.keys()) {
    if (request.url !== url) await store.delete(request);
  }
}

/**
 * Pyodide's own module factory, but with a heap large enough for `size` bytes before the
 * snapshot is copied in: Pyodide 314 sizes the heap through a setting its module ignores, so
 * a snapshot larger than the 30 MiB default heap would fail to restore (pyodide#6254).
 * @param {number} size
 */
function roomFor(size) {
  /** @param {Record<string, unknown>} settings */
  return async (settings) => {
    const { default: create } = await import(`${INDEX_URL}pyodide.asm.mjs`);
    const module = await create(settings);
    if (module.HEAP8.length < size) module.growMemory(size);
    return module;
  };
}

// The rules' archive is fetched at once, beside the snapshot's read and Python's start.
const rulesArchive = fetch(PACKAGE_URL).then((response) => {
  if (!response.ok) throw new Error(`Could not load ${PACKAGE_URL} (HTTP ${response.status})`);
  return response.arrayBuffer();
});
rulesArchive.catch(() => {}); // awaited by placeRules, whose failure is Python's failure to start

/** Write the rules' archive where sys.path finds it (PRELOAD puts it there). @param {any} pyodide */
async function placeRules(pyodide) {
  const bytes = new Uint8Array(await rulesArchive);
  pyodide.FS.mkdirTree(HOME);
  pyodide.FS.writeFile(RULES, bytes);
}

/**
 * What PyScript calls to start Pyodide: the same options and answer as Pyodide's own
 * `loadPyodide`, from a snapshot when there is a good one.
 * @param {Record<string, unknown>} options
 */
export async function loadPyodide(options) {
  uncoverIndexedDB(); // PyScript's store is open by now
  // The snapshot is read while the page downloads the runtime.
  const opening = openStore();
  const [store, snapshot] = await Promise.all([
    opening,
    opening.then((s) => (s ? readSnapshot(s) : null)),
    downloaded(),
  ]);
  const base = { ...options, indexURL: INDEX_URL };
  if (snapshot) {
    say("restore");
    try {
      const { bytes, size } = snapshot;
      if (bytes.byteLength !== size) throw new Error(`a snapshot of ${bytes.byteLength} bytes, saved with ${size}`);
      const pyodide = await startPyodide({ ...base, _loadSnapshot: bytes, createPyodideModule: roomFor(size) });
      await placeRules(pyodide);
      // The snapshot must hold the rules; anything else is a damaged one.
      pyodide.runPython(`${RESEED}\nimport pygames.bridge`);
      say("restored", { bytes: snapshot.size });
      return pyodide;
    } catch (err) {
      say("refused", { reason: String(err?.message ?? err).slice(0, 200) });
    }
  }
  say("start");
  const pyodide = await startPyodide({ ...base, _makeSnapshot: Boolean(store) });
  await placeRules(pyodide);
  say("rules");
  pyodide.runPython(PRELOAD);
  if (!store) return pyodide;
  try {
    const bytes = pyodide.makeMemorySnapshot();
    // Written once the page is ready, so that the write does not compete with the start.
    pageReady().then(() => saveSnapshot(store, bytes)).then(
      () => say("saved", { bytes: bytes.byteLength }),
      (err) => say("unsaved", { reason: String(err?.message ?? err).slice(0, 200) }),
    );
  } catch (err) {
    say("unsaved", { reason: String(err?.message ?? err).slice(0, 200) });
  }
  return pyodide;
}
