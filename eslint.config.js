// ESLint (flat config): the recommended rules over the site's own JavaScript and its node tests.
// Build-time only: nothing here ships to the browser (scripts/build_site.py copies web/ and the
// vendored runtime, never this file or node_modules).

import js from "@eslint/js";
import globals from "globals";

export default [
  {
    // Not ours, or not hand-written: the build output, the installed packages, the vendored
    // runtime, and the renderer fixtures that tests/test_*_fixtures.py write.
    ignores: [".venv/", "dist/", "node_modules/", "build/", "**/vendor/", "web/dev/*-fixtures.js", "e2e/artifacts/"],
  },
  js.configs.recommended,
  // An eslint-disable comment that no longer disables anything is an error, not a warning.
  { linterOptions: { reportUnusedDisableDirectives: "error" } },
  {
    // The page's ES modules.
    files: ["web/**/*.js"],
    ignores: ["web/sw.js"],
    languageOptions: { ecmaVersion: 2022, sourceType: "module", globals: { ...globals.browser } },
  },
  {
    // The service worker is a classic script with the worker's own globals (self, caches, clients).
    files: ["web/sw.js"],
    languageOptions: { sourceType: "script", globals: { ...globals.serviceworker } },
  },
  {
    // Node: the unit tests of the pure helpers, scripts run by node, and this config itself.
    files: ["tests-js/**/*.mjs", "scripts/**/*.mjs", "*.js"],
    languageOptions: { ecmaVersion: 2022, sourceType: "module", globals: { ...globals.node } },
  },
];
