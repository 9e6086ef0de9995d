// Offline play and updates. After a first visit a service worker (sw.js) keeps the site's files,
// so the page works with no network. A new build never swaps in under a running page: its
// worker waits, the page says "A new version is ready", and the player reloads when they
// choose (the waiting worker then takes over and the page reloads once). Another tab's page
// that goes on running meanwhile is still served its own build (sw.js).
//
// The page says it can be played offline only once its build is stored whole (the worker
// checks every file of the build's list), never before: a first visit cut off by the network
// is not stored, and its worker is installed again when the network returns.

/** This page's build (the build writes it into index.html). */
export const PAGE_BUILD = document.querySelector('meta[name="pygames-build"]')?.getAttribute("content") ?? "";

// An answer to "status" later than this counts as "not stored" (an older worker never answers).
const STATUS_MS = 5_000;

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
 * Whether `worker` holds every file of this page's build.
 * @param {ServiceWorker} worker
 * @returns {Promise<boolean>}
 */
function stored(worker) {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    const timer = setTimeout(() => resolve(false), STATUS_MS);
    channel.port1.onmessage = (event) => {
      clearTimeout(timer);
      resolve(event.data?.build === PAGE_BUILD && event.data?.complete === true);
    };
    worker.postMessage({ type: "status", build: PAGE_BUILD }, [channel.port2]);
  });
}

/**
 * Register the service worker. `onUpdate(accept)` is called when a new build is waiting, with
 * a function that switches to it (the page then reloads); `onStored()` once this page's build
 * is stored whole, so that the page can be played offline.
 * @param {(accept: () => void) => void} onUpdate
 * @param {() => void} [onStored]
 */
export function keepOffline(onUpdate, onStored = () => {}) {
  const container = location.protocol === "file:" ? null : serviceWorkers();
  if (!container) return;
  let accepted = false;
  let isStored = false;
  /** @type {ServiceWorkerRegistration | null} */
  let registration = null;

  const checkStored = async () => {
    const worker = (await container.getRegistration())?.active;
    if (isStored || !worker || !(await stored(worker)) || isStored) return;
    isStored = true;
    // Asked only now: a site that is not stored has nothing worth keeping. A refusal changes
    // nothing (the browser may still evict the site's storage under pressure).
    navigator.storage?.persist?.().catch(() => {});
    onStored();
  };

  container.addEventListener("controllerchange", () => {
    // The first visit's worker takes control without a reload; only a chosen update reloads.
    if (accepted) location.reload();
    else checkStored();
  });
  /** @param {ServiceWorker | null} worker */
  const offer = (worker) => {
    // A waiting worker with no controlling one is a first install: nothing to announce.
    if (!worker || !container.controller) return;
    onUpdate(() => {
      accepted = true;
      // Still waiting: it takes over, and "controllerchange" reloads. Already in charge (another
      // tab accepted it first): nothing will change hands, so reload now.
      if (worker.state === "installed") worker.postMessage({ type: "skip-waiting" });
      else location.reload();
    });
  };
  /** @param {ServiceWorkerRegistration} found */
  const watch = (found) => {
    registration = found;
    if (found.waiting) offer(found.waiting);
    // A first visit's page came from the network: once its worker is in charge, it asks to be
    // served from the worker's cache too (offline from now on), which the worker grants only
    // to a page of its own build. Asked after the page has loaded, never during.
    if (!container.controller) {
      container.ready.then((ready) => {
        ready.active?.postMessage({ type: "claim", build: PAGE_BUILD });
        checkStored();
      });
    } else {
      checkStored();
    }
    found.addEventListener("updatefound", () => {
      const worker = found.installing;
      worker?.addEventListener("statechange", () => {
        if (worker.state === "installed") offer(worker);
        if (worker.state === "activated") checkStored();
      });
    });
  };
  const register = () =>
    container
      .register("./sw.js")
      .then(watch)
      .catch((err) => {
        console.warn(`Offline play is unavailable for now: ${err?.message ?? err}`);
      });

  // A first registration with no network can only fail; the first visit's install also fails
  // when the network goes during it (its worker is then dropped). Both are tried again when the
  // network returns, and a page left open then also hears of a build deployed meanwhile.
  window.addEventListener("online", () => {
    container
      .getRegistration()
      .then(async (found) => {
        if (found) await found.update();
        else await register();
      })
      .catch(() => {});
  });
  // A tab left open for days still hears about a new build.
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible") registration?.update().catch(() => {});
  });
  // A page the worker already serves registers offline too (nothing is fetched for that).
  if (navigator.onLine !== false || container.controller) register();
}
