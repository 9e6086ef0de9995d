// Offline play and updates. After a first visit a service worker (sw.js) keeps the site's files,
// so the page works with no network. A new build never swaps in under a running page: its
// worker waits, the page says "A new version is ready", and the player reloads when they
// choose (the waiting worker then takes over and the page reloads once). Another tab's page
// that goes on running meanwhile is still served its own build (sw.js).

/** This page's build (the build writes it into index.html). */
const PAGE_BUILD = document.querySelector('meta[name="pygames-build"]')?.getAttribute("content") ?? "";

/** The page's service workers, or null: none in this browser, or refused (a sandboxed frame
 *  throws on reading `navigator.serviceWorker`). */
function serviceWorkers() {
  try {
    return navigator.serviceWorker ?? null;
  } catch (err) {
    console.warn(`Offline play is unavailable: ${err?.message ?? err}`);
    return null;
  }
}

/**
 * Register the service worker; `onUpdate(accept)` is called when a new build is waiting, with
 * a function that switches to it (the page then reloads).
 * @param {(accept: () => void) => void} onUpdate
 */
export function keepOffline(onUpdate) {
  const workers = location.protocol === "file:" ? null : serviceWorkers();
  if (!workers) return;
  let accepted = false;
  workers.addEventListener("controllerchange", () => {
    // The first visit's worker takes control without a reload; only a chosen update reloads.
    if (accepted) location.reload();
  });
  /** @param {ServiceWorker | null} worker */
  const offer = (worker) => {
    // A waiting worker with no controlling one is a first install: nothing to announce.
    if (!worker || !workers.controller) return;
    onUpdate(() => {
      accepted = true;
      // Still waiting: it takes over, and "controllerchange" reloads. Already in charge (another
      // tab accepted it first): nothing will change hands, so reload now.
      if (worker.state === "installed") worker.postMessage({ type: "skip-waiting" });
      else location.reload();
    });
  };
  workers
    .register("./sw.js")
    .then((registration) => {
      if (registration.waiting) offer(registration.waiting);
      // A first visit's page came from the network: once its worker is in charge, it asks to be
      // served from the worker's cache too (offline from now on), which the worker grants only
      // to a page of its own build. Asked after the page has loaded, never during.
      if (!workers.controller) {
        workers.ready.then((ready) => {
          ready.active?.postMessage({ type: "claim", build: PAGE_BUILD });
        });
      }
      registration.addEventListener("updatefound", () => {
        const worker = registration.installing;
        worker?.addEventListener("statechange", () => {
          if (worker.state === "installed") offer(worker);
        });
      });
      // A tab left open for days still hears about a new build.
      document.addEventListener("visibilitychange", () => {
        if (document.visibilityState === "visible") registration.update().catch(() => {});
      });
    })
    .catch((err) => {
      console.warn(`Offline play is unavailable: ${err?.message ?? err}`);
    });
}
