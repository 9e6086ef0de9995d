// Offline play after a first visit: this service worker keeps the site's own files in a cache
// and answers from it first. The build replaces the two placeholders: the build id (a new one
// makes a new worker and a new cache) and the list of files. A new build's worker waits until
// the player accepts it ("A new version is ready: reload", web/js/offline.js), so a running
// page is never served another build's files. It never touches requests to other origins.

const BUILD = "__PYGAMES_BUILD__";
const FILES = /* __PYGAMES_FILES__ */ [];
const CACHE = `pygames-${BUILD}`;

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.addAll(FILES.map((f) => new Request(f, { cache: "no-cache" })))),
  );
});

// The page asks for the switch once the player chose to reload.
self.addEventListener("message", (event) => {
  if (event.data?.type === "skip-waiting") self.skipWaiting();
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) =>
        Promise.all(keys.filter((k) => k.startsWith("pygames-") && k !== CACHE).map((k) => caches.delete(k))),
      )
      .then(() => self.clients.claim()),
  );
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || new URL(request.url).origin !== self.location.origin) return;
  event.respondWith(
    caches.open(CACHE).then(async (cache) => {
      // The query string only carries page settings (?fast=1) and cache busters.
      const hit = await cache.match(request, { ignoreSearch: true });
      // A cached file answers for its URL without the query; a copy made here has no URL of its
      // own, so the page sees the URL it asked for (web/js/python-start.js reads its ?channel=).
      if (hit && new URL(request.url).search) {
        return new Response(hit.body, { status: hit.status, statusText: hit.statusText, headers: hit.headers });
      }
      if (hit) return hit;
      const response = await fetch(request);
      if (response.ok && response.type === "basic") cache.put(request, response.clone());
      return response;
    }),
  );
});
