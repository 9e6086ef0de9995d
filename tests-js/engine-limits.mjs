// The engine's bounds on input (pygames/core/limits.py `as_json`), read as the page reads them
// from js/catalog.json: the node tests check the page's code against the engine's own figures.
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";

const ROOT = new URL("../", import.meta.url);
// pygames needs only the standard library: the project's venv, else any Python 3.11+.
const venv = new URL(".venv/bin/python", ROOT).pathname;
const python = process.env.PYTHON ?? (existsSync(venv) ? venv : "python3");

/** @type {import("../web/js/types.js").Limits} */
export const LIMITS = JSON.parse(
  execFileSync(python, ["-c", "import json; from pygames.core import limits; print(json.dumps(limits.as_json()))"], {
    cwd: ROOT,
    encoding: "utf8",
  }),
);
