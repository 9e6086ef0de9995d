// Offline play after a first visit, and updates that never mix two builds (issue 13).
//
// The build fills in the two placeholders: its id and every file with its SHA-256. Each build
// has its own cache, filled at install with exactly its own files (a file whose digest differs,
// such as one of a newer deploy, fails the install, which is tried again later). A page runs
// one build from its first request to its last: the build of the worker that served its
// navigation, remembered per page (and for the workers a page starts) in a small cache that
// outlives this worker. When a new build's worker takes over (only once a player accepted it:
// "A new version is ready", web/js/offline.js), pages still open go on being served their own
// build's cache, which is deleted only once no open page runs that build. It never calls
// clients.claim() on its own: a first visit's page asks for it once it has loaded, and only
// if it is of this very build. It never touches requests to other origins.

const BUILD = "__PYGAMES_BUILD__";
/** @type {Array<[string, string]>} */
const FILES = /* __PYGAMES_FILES__ */ [];
const PREFIX = "pygames-";
const CACHE = `${PREFIX}${BUILD}`;
// Not "pygames-...": the clean-up below deletes only build caches.
const PAGES = "sw-pages";
const PAGES_KEY = new URL("__pages.json", self.registration.scope).href;

/** @param {ArrayBuffer} data */
async function sha256(data) {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", data));
  return Array.from(digest, (b) => b.toString(16).padStart(2, "0")).join("");
}

self.addEventListener("install", (event) => {
  event.waitUntil(
    (async () => {
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
    })().catch(async (err) => {
      await caches.delete(CACHE); // half a build is no build: the next visit tries again
      throw err;
    }),
  );
});

// --- which build each page runs -------------------------------------------------------------

/** @type {Promise<Map<string, string>> | null} */
let pages = null;

/** The build of every page (and worker) this origin's workers served, by client id. */
function pageBuilds() {
  pages ??= caches
    .open(PAGES)
    .then((cache) => cache.match(PAGES_KEY))
    .then(async (hit) => new Map(hit ? Object.entries(await hit.json()) : []))
    .catch(() => new Map());
  return pages;
}

/** @param {Map<string, string>} map */
async function savePages(map) {
  const cache = await caches.open(PAGES);
  const body = JSON.stringify(Object.fromEntries(map));
  await cache.put(PAGES_KEY, new Response(body, { headers: { "content-type": "application/json" } }));
}

/** @param {string} id @param {string} build */
async function remember(id, build) {
  if (!id) return;
  const map = await pageBuilds();
  if (map.get(id) === build) return;
  map.set(id, build);
  await savePages(map);
}

/** Forget closed pages, and delete the caches of builds no open page runs (never this one's). */
async function tidy() {
  const map = await pageBuilds();
  const open = new Set((await self.clients.matchAll({ includeUncontrolled: true, type: "all" })).map((c) => c.id));
  for (const id of [...map.keys()]) if (!open.has(id)) map.delete(id);
  await savePages(map);
  const used = new Set([BUILD, ...map.values()]);
  const keys = await caches.keys();
  await Promise.all(
    keys.filter((k) => k.startsWith(PREFIX) && !used.has(k.slice(PREFIX.length))).map((k) => caches.delete(k)),
  );
}

self.addEventListener("message", (event) => {
  const data = event.data;
  // The page asks for the switch once the player chose to reload.
  if (data?.type === "skip-waiting") self.skipWaiting();
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
        const known = (await pageBuilds()).get(event.clientId);
        if (known === undefined) {
          // A client first seen here (a worker a page made from a blob, whose script was never
          // fetched): it keeps the build it is first served.
          event.waitUntil(remember(event.clientId, BUILD));
        } else {
          build = known;
        }
        // A worker's script: the worker runs its page's build.
        if (event.resultingClientId) event.waitUntil(remember(event.resultingClientId, build));
      }
      const name = `${PREFIX}${build}`;
      if (!(await caches.has(name))) return fetch(request);
      const cache = await caches.open(name);
      // The query string only carries page settings (?fast=1) and cache busters.
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
