// Stand-ins for the page's Storage in the node tests: one that keeps what it is given, and one
// that throws as a blocked (private browsing) or full storage does.

/** A Storage backed by a Map. */
export const memory = () => {
  const map = new Map();
  return { getItem: (k) => map.get(k) ?? null, setItem: (k, v) => { map.set(k, String(v)); } };
};

/** A Storage that can neither be read (blocked) nor written (full). */
export const blocked = {
  getItem() { throw new DOMException("blocked", "SecurityError"); },
  setItem() { throw new DOMException("full", "QuotaExceededError"); },
};
