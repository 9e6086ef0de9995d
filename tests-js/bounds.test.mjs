// Bounds on what the page hands the engine: web/js/bounds.js. The limits are the
// engine's own (pygames/core/limits.py), read as the page reads them.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { describe, it } from "node:test";

import { callDepth, callProblem, jsonDepth, recordProblem, sizeProblem, textProblem } from "../web/js/bounds.js";
import { addCatalogue, say } from "../web/js/i18n.js";
import { LIMITS } from "./engine-limits.mjs";

const ROOT = new URL("../", import.meta.url);
for (const lang of ["en", "ja"]) {
  for (const file of [`web/i18n/${lang}.json`, `pygames/core/i18n/${lang}.json`]) {
    addCatalogue(lang, JSON.parse(readFileSync(new URL(file, ROOT), "utf8")));
  }
}
const deep = (/** @type {number} */ n) => "[".repeat(n) + "]".repeat(n);

describe("jsonDepth", () => {
  it("counts arrays and objects, not brackets inside strings", () => {
    assert.equal(jsonDepth("{}"), 1);
    assert.equal(jsonDepth('{"a": [[1], {"b": []}]}'), 4);
    assert.equal(jsonDepth(JSON.stringify({ name: "[[[[{{{{" })), 1);
    assert.equal(jsonDepth(deep(10_000)), 10_000);
  });

  it("reads escaped quotes and backslashes inside strings", () => {
    assert.equal(jsonDepth('["\\"[[[["]'), 1);
    assert.equal(jsonDepth('["\\\\", [[1]]]'), 3);
  });

  it("stops counting once past the bound it is given", () => {
    assert.equal(jsonDepth(deep(10_000), 10), 11);
  });
});

describe("the page's refusals", () => {
  it("refuse a record nested 10,000 deep, as the engine words it", () => {
    const text = `{"game": "tanbo", "options": ${'{"a": '.repeat(10_000)}1${"}".repeat(10_000)}}`;
    const problem = recordProblem(text, "link", LIMITS);
    assert.ok(problem);
    assert.equal(
      say(problem),
      `This share link is damaged: The saved match is nested too deeply (more than ${LIMITS.depth} levels).`,
    );
    assert.equal(recordProblem('{"game": "tanbo"}', "save", LIMITS), null);
  });

  it("refuse a record too long before anything else", () => {
    const text = JSON.stringify({ seats: [{ name: "x".repeat(LIMITS.record_chars) }] });
    const problem = recordProblem(text, "save", LIMITS);
    assert.match(say(problem ?? { id: "" }), /^This saved game is damaged: The saved match is too long/);
  });

  it("refuse a file or a link too large to hold a record, before reading it", () => {
    assert.equal(sizeProblem(1000, "save", LIMITS), null);
    // Each in the unit it was measured in: a file's size in bytes, a link's length in characters.
    const max = LIMITS.record_chars * 4;
    assert.equal(
      say(sizeProblem(10e6, "save", LIMITS) ?? { id: "" }),
      `This saved game is damaged: The file is too large (10000000 bytes; at most ${max} bytes).`,
    );
    assert.equal(
      say(sizeProblem(10e6, "save", LIMITS) ?? { id: "" }, [], "ja"),
      `この保存データは壊れています：ファイルが大きすぎます（10000000バイト。上限は${max}バイト）。`,
    );
    assert.equal(sizeProblem(max, "save", LIMITS), null);
    assert.equal(
      say(sizeProblem(10e6, "link", LIMITS) ?? { id: "" }),
      `This share link is damaged: The link is too long (10000000 characters; at most ${Math.ceil((max * 4) / 3)}).`,
    );
  });

  it("refuse call arguments the engine could not take, without crossing", () => {
    assert.equal(callProblem(["m1", 0, '{"type": "sow"}', 3, -1], LIMITS), null);
    for (const bad of [NaN, Infinity, -Infinity, 2.5, 2 ** 60]) {
      const refused = callProblem(["m1", bad], LIMITS);
      assert.equal(refused?.error_type, "BadInput", String(bad));
      assert.match(say(refused?.message ?? { id: "" }), /must be a whole number/);
    }
    assert.equal(callProblem([deep(50)], LIMITS)?.error_type, "BadInput");
    // A view from another device has its own, deeper bound (Tanbo's nest 17 deep).
    assert.equal(callProblem([deep(17)], LIMITS)?.error_type, "BadInput");
    assert.equal(callProblem([deep(LIMITS.view_depth)], LIMITS, callDepth("view_digest", LIMITS)), null);
    assert.equal(callDepth("act", LIMITS), LIMITS.depth);
    assert.equal(callProblem([deep(LIMITS.view_depth + 1)], LIMITS, LIMITS.view_depth)?.error_type, "BadInput");
    assert.equal(callProblem(["x".repeat(LIMITS.record_chars + 1)], LIMITS)?.error_type, "BadInput");
    assert.equal(callProblem([{ not: "text" }], LIMITS)?.error_type, "BadInput");
    assert.equal(textProblem(deep(LIMITS.depth), 100, LIMITS, "core.what.action"), null);
  });
});
