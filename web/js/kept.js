// A person's choice kept on this device (the bots' speed, the theme, Confirm moves, sound).
// Storage may be missing or blocked (private browsing), full, or hold anything: none of that is
// an error; the choice then holds on this page only, and reading it gives the default.

/**
 * What was kept under `key`, or null (nothing kept, or no storage to read).
 * @param {Pick<Storage, "getItem"> | null} storage @param {string} key @returns {string | null}
 */
export function readKept(storage, key) {
  try {
    return storage?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

/**
 * Keep `value` under `key` for the next visit; answers whether it was kept.
 * @param {Pick<Storage, "setItem"> | null} storage @param {string} key @param {string} value
 * @returns {boolean}
 */
export function keep(storage, key, value) {
  try {
    storage?.setItem(key, value);
    return !!storage;
  } catch {
    return false;
  }
}
