// Offline play after a first visit, and updates that never mix two builds nor lose one.
//
// The build fills in the two placeholders: its id and every file with its SHA-256. Each build
// has its own cache, filled at install with exactly its own files (a file whose digest differs,
// such as one of a newer deploy, fails the install, which is tried again later). A page runs
// one build from its first request to its last: the build of the worker that served its
// navigation, remembered per page (and for the workers a page starts) in a small metadata
// cache that outlives this worker. When a new build's worker takes over (once a player accepted
// it, "A new version is ready", or once no page of the old build is left: web/js/offline.js),
// pages still open go on being served their own build's cache. It never calls clients.claim()
// on its own: a first visit's page asks for it once it has loaded, and only if it is of this
// very build. It never touches requests to other origins.
//
// Which caches may go. During an update several workers of this site live at once, each
// running its own copy of this file: the active one, which serves every page and tidies on
// every navigation, a waiting one (installed, its cache complete, to take over later) and
// perhaps an installing one. If the active worker deleted every cache but its own and its
// pages', a reload or a new tab while an update waits would delete the new build's cache, and
// the new build would then run from the network (no offline play, and a later deploy's files
// mixed into its pages). So a build's cache is deleted only when all of these hold:
// - no open page (or a worker it started) runs that build;
// - it is not the build of this worker, nor of a waiting or installing worker (each is asked);
// - it was installed before this worker's build: every install first records its build with
//   an install number one above any recorded, before its cache exists, so a worker never
//   deletes a build that came after its own, even one whose worker did not answer. A waiting
//   or installing worker always came after the active one: the newest build's worker is the
//   one that removes the older builds, once their last page has closed.

const BUILD = "__PYGAMES_BUILD__";
/** @type {Array<[string, string]>} */
const FILES = /* __PYGAMES_FILES__ */ [];
const PREFIX = "pygames-";
const CACHE = `${PREFIX}${BUILD}`;
/** Every file of this build, as its cache names it. */
const URLS = FILES.map(([url]) => new URL(url, self.location.href).href);
// Not "pygames-...": only build caches are ever deleted.
const META = "sw-pages";
const SCOPE = self.registration.scope;
const BUILD_KEYS = `${SCOPE}__sw/build/`;
const PAGE_KEYS = `${SCOPE}__sw/page/`;
// A page's record is kept this long even when the page is not listed among the open clients:
// a navigation's page (and a worker being started) is listed only once it has begun to run,
// after the clean-up its own first request started. Forgetting it then would let its build's
// cache go under it.
const NEW_PAGE_GRACE_MS = 10_000;
// How long a waiting or installing worker has to say its build before the clean-up gives up
// for this time (nothing is deleted when one does not answer).
const ASK_MS = 3_000;

/**
 * @typedef {{order: number, files: string[] | null}} BuildRecord the install number of a
 *   build, and once its cache is complete, every file in it
 * @typedef {{build: string, at: number}} PageRecord the build a page (or a worker) runs, and
 *   when it was first seen
 */

/** @param {ArrayBuffer} data */
async function sha256(data) {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", data));
  return Array.from(digest, (b) => b.toString(16).padStart(2, "0")).join("");
}

/** @param {Cache} meta @param {string} key @param {unknown} value */
function putJson(meta, key, value) {
  return meta.put(key, new Response(JSON.stringify(value), { headers: { "content-type": "application/json" } }));
}

/**
 * The records under `prefix`, by the id that follows it.
 * @template T
 * @param {Cache} meta @param {string} prefix
 * @returns {Promise<Map<string, T>>}
 */
async function records(meta, prefix) {
  /** @type {Map<string, T>} */
  const found = new Map();
  for (const request of await meta.keys()) {
    if (!request.url.startsWith(prefix)) continue;
    const hit = await meta.match(request);
    try {
      if (hit) found.set(decodeURIComponent(request.url.slice(prefix.length)), await hit.json());
    } catch {
      /* a damaged record counts as none */
    }
  }
  return found;
}

/** @param {Cache} meta @returns {Promise<Map<string, BuildRecord>>} */
const buildRecords = (meta) => records(meta, BUILD_KEYS);
/** @param {string} build */
const buildKey = (build) => BUILD_KEYS + encodeURIComponent(build);
/** @param {string} id */
const pageKey = (id) => PAGE_KEYS + encodeURIComponent(id);

// --- install ----------------------------------------------------------------------------------

/** Fill this build's cache with exactly its files, then record it as complete. */
async function install() {
  const meta = await caches.open(META);
  const known = await buildRecords(meta);
  const before = known.get(BUILD);
  const order = Math.max(0, ...[...known.values()].map((r) => Number(r.order) || 0)) + 1;
  // Recorded as the newest build before its cache exists: from now on no older worker's
  // clean-up deletes that cache (see tidy). A build installed again (a deploy rolled back)
  // keeps its complete cache while its files are checked again.
  await putJson(meta, buildKey(BUILD), { order, files: before?.files ?? null });
  try {
    const cache = await caches.open(CACHE);
    await Promise.all(
      FILES.map(async ([url, digest]) => {
        const response = await fetch(new Request(url, { cache: "no-cache" }));
        if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
        if ((await sha256(await response.clone().arrayBuffer())) !== digest) {
          throw new Error(`${url} is not the file of build ${BUILD} (a newer deploy?)`);
        }
        await cache.put(url, response);
      }),
    );
    await putJson(meta, buildKey(BUILD), { order, files: URLS });
  } catch (err) {
    if (before?.files) {
      // Its cache was complete before and each file put since was the same file: it still is.
      await putJson(meta, buildKey(BUILD), before);
    } else {
      // Half a build is no build: the next visit tries again. The cache goes first, so a
      // cache never outlives its record.
      await caches.delete(CACHE);
      await meta.delete(buildKey(BUILD));
    }
    throw err;
  }
}

self.addEventListener("install", (event) => {
  event.waitUntil(install());
});

/** Whether every file of `build` is in its cache (a page says "Ready to play offline" then).
 *  @param {string} build */
async function complete(build) {
  const record = (await buildRecords(await caches.open(META))).get(build);
  const name = `${PREFIX}${build}`;
  if (!record?.files || !(await caches.has(name))) return false;
  const held = new Set((await (await caches.open(name)).keys()).map((r) => r.url));
  return record.files.every((url) => held.has(url));
}

// --- which build each page runs -------------------------------------------------------------

/** The build of every page (and worker) seen by this worker, by client id; the metadata cache
 *  holds one record per client, so two workers writing at once never drop each other's.
 *  @type {Map<string, string>} */
const seen = new Map();

/** @param {string} id @returns {Promise<string | undefined>} */
async function buildOf(id) {
  if (!id) return undefined;
  if (!seen.has(id)) {
    const hit = await (await caches.open(META)).match(pageKey(id));
    /** @type {PageRecord | null} */
    const record = hit ? await hit.json().catch(() => null) : null;
    if (record?.build) seen.set(id, record.build);
  }
  return seen.get(id);
}

/** @param {string} id @param {string} build */
async function remember(id, build) {
  if (!id || seen.get(id) === build) return;
  seen.set(id, build);
  await putJson(await caches.open(META), pageKey(id), { build, at: Date.now() });
}

/** The build a waiting or installing worker runs; null if it does not say in time.
 *  @param {ServiceWorker} worker @returns {Promise<string | null>} */
function askBuild(worker) {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    const timer = setTimeout(() => resolve(null), ASK_MS);
    channel.port1.onmessage = (event) => {
      clearTimeout(timer);
      resolve(typeof event.data?.build === "string" ? event.data.build : null);
    };
    try {
      worker.postMessage({ type: "build" }, [channel.port2]);
    } catch {
      clearTimeout(timer);
      resolve(null);
    }
  });
}

/** Forget closed pages, and delete the caches of builds that nothing needs any more (see the
 *  top of this file for what "needs" means). */
async function tidy() {
  // The cache names first: a build is recorded before its cache is made, so every cache listed
  // here has its record (if it has one at all) among those read after.
  const names = (await caches.keys()).filter((k) => k.startsWith(PREFIX));
  const meta = await caches.open(META);
  const builds = await buildRecords(meta);
  const open = new Set((await self.clients.matchAll({ includeUncontrolled: true, type: "all" })).map((c) => c.id));
  const used = new Set([BUILD]);
  const now = Date.now();
  for (const [id, record] of await records(meta, PAGE_KEYS)) {
    const page = /** @type {PageRecord} */ (record);
    if (open.has(id) || now - (Number(page.at) || 0) < NEW_PAGE_GRACE_MS) {
      used.add(page.build);
    } else {
      seen.delete(id);
      await meta.delete(pageKey(id));
    }
  }
  // The layout of an earlier version of this file: one map of every page.
  await meta.delete(`${SCOPE}__pages.json`);
  const mine = builds.get(BUILD)?.order;
  // This build's record is gone: a newer build's worker removed it, and tidies from now on.
  if (mine === undefined) return;
  for (const worker of [self.registration.installing, self.registration.waiting]) {
    if (!worker) continue;
    const build = await askBuild(worker);
    if (build === null) return; // which build it runs is not known: nothing goes this time
    used.add(build);
  }
  for (const name of names) {
    const build = name.slice(PREFIX.length);
    // A cache with no record is of an earlier version of this file: older than any.
    const order = Number(builds.get(build)?.order) || 0;
    if (used.has(build) || order > mine) continue;
    await caches.delete(name);
    await meta.delete(buildKey(build));
  }
  // Records left by an install cut short (the browser closed during it).
  for (const [build, record] of builds) {
    if (!used.has(build) && record.order < mine && !names.includes(`${PREFIX}${build}`)) {
      await meta.delete(buildKey(build));
    }
  }
}

self.addEventListener("message", (event) => {
  const data = event.data;
  const port = event.ports[0];
  // The page asks for the switch once the player chose to reload.
  if (data?.type === "skip-waiting") self.skipWaiting();
  // The active worker's clean-up asks which build this one runs.
  if (data?.type === "build" && port) port.postMessage({ build: BUILD });
  // A page asks whether its build is stored whole, to say "Ready to play offline".
  if (data?.type === "status" && port && typeof data.build === "string") {
    event.waitUntil(
      complete(data.build)
        .catch(() => false)
        .then((stored) => port.postMessage({ build: data.build, complete: stored })),
    );
  }
  // A first visit's page, loaded from the network, once it has loaded: served from this cache
  // from now on, offline included, but only if it is this very build.
  const source = /** @type {Client | null} */ (event.source);
  if (data?.type === "claim" && data.build === BUILD && source) {
    event.waitUntil(remember(source.id, BUILD).then(() => self.clients.claim()));
  }
});

self.addEventListener("activate", (event) => {
  event.waitUntil(tidy());
});

/** The build a client seen for the first time runs. A worker that a page made from a blob
 *  fetched no script of its own: the page names its build in the first URL the worker asks
 *  for (web/js/engine.js), so an engine started again on a page of an older build still gets
 *  that build's files. Anything else runs this worker's build.
 *  @param {Request} request */
async function firstBuild(request) {
  const named = new URL(request.url).searchParams.get("build");
  if (named && (await caches.has(`${PREFIX}${named}`))) return named;
  return BUILD;
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || new URL(request.url).origin !== self.location.origin) return;
  event.respondWith(
    (async () => {
      let build = BUILD;
      if (request.mode === "navigate") {
        // A new page: it runs this worker's build to its end.
        event.waitUntil(remember(event.resultingClientId, BUILD).then(tidy));
      } else {
        const known = await buildOf(event.clientId);
        if (known === undefined) {
          build = await firstBuild(request);
          event.waitUntil(remember(event.clientId, build));
        } else {
          build = known;
        }
        // A worker's script: the worker runs its page's build.
        if (event.resultingClientId) event.waitUntil(remember(event.resultingClientId, build));
      }
      const name = `${PREFIX}${build}`;
      if (!(await caches.has(name))) return fetch(request);
      const cache = await caches.open(name);
      // The query string only carries page settings (?fast=1), cache busters and the build.
      const hit = await cache.match(request, { ignoreSearch: true });
      // A cached file answers for its URL without the query; a copy made here has no URL of its
      // own, so the page sees the URL it asked for (web/js/python-start.js reads its ?channel=).
      if (hit && new URL(request.url).search) {
        return new Response(hit.body, { status: hit.status, statusText: hit.statusText, headers: hit.headers });
      }
      if (hit) return hit;
      return fetch(request);
    })(),
  );
});
