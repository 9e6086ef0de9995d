// The page's theme: web/js/theme.js.
import assert from "node:assert/strict";
import { describe, it } from "node:test";

import { THEMES, applyTheme, isTheme, keepTheme, storedTheme } from "../web/js/theme.js";
import { blocked, memory } from "./fake-storage.mjs";

describe("the page's theme", () => {
  it("offers the system's, light and dark", () => {
    assert.deepEqual(THEMES, ["system", "light", "dark"]);
    assert.ok(isTheme("dark") && !isTheme("sepia") && !isTheme(null));
  });

  it("follows the system until chosen, then keeps the choice across visits", () => {
    const storage = memory();
    assert.equal(storedTheme(storage), "system");
    assert.equal(keepTheme(storage, "dark"), true);
    assert.equal(storedTheme(storage), "dark");
  });

  it("reads anything else as the system's, and survives storage missing or blocked", () => {
    const storage = memory();
    storage.setItem("pygames:theme", "neon");
    assert.equal(storedTheme(storage), "system");
    assert.equal(storedTheme(null), "system");
    assert.equal(storedTheme(blocked), "system");
    assert.equal(keepTheme(blocked, "light"), false);
  });

  it("pins the page's scheme when chosen and lets the system decide otherwise", () => {
    const root = { dataset: /** @type {Record<string, string>} */ ({}) };
    applyTheme(/** @type {any} */ (root), "dark");
    assert.equal(root.dataset.theme, "dark");
    applyTheme(/** @type {any} */ (root), "system");
    assert.equal("theme" in root.dataset, false);
  });
});
