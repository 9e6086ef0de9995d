// The page's elements as the type checker knows them (PageElements in web/js/types.d.ts, what
// dom.js `$` returns) against web/index.html: every id there, once, with the declared element.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { describe, it } from "node:test";

const read = (/** @type {string} */ path) => readFileSync(new URL(`../${path}`, import.meta.url), "utf8");

/** The element types of PageElements, by id. */
function declared() {
  const block = read("web/js/types.d.ts").match(/export interface PageElements \{\n([\s\S]*?)\n\}/);
  assert.ok(block, "PageElements not found in web/js/types.d.ts");
  /** @type {Map<string, string>} */
  const types = new Map();
  for (const line of block[1].split("\n")) {
    const m = line.match(/^\s*"?([\w-]+)"?: (HTML\w*Element);$/);
    assert.ok(m, `unexpected line in PageElements: ${line}`);
    types.set(m[1], m[2]);
  }
  return types;
}

/** The tags of web/index.html's elements, by id (each id once). */
function page() {
  /** @type {Map<string, string[]>} */
  const tags = new Map();
  for (const m of read("web/index.html").matchAll(/<([a-z][a-z0-9]*)\b[^>]*?\sid="([^"]+)"/g)) {
    tags.set(m[2], [...(tags.get(m[2]) ?? []), m[1]]);
  }
  return tags;
}

const TAGS = {
  HTMLAnchorElement: ["a"],
  HTMLButtonElement: ["button"],
  HTMLDetailsElement: ["details"],
  HTMLDialogElement: ["dialog"],
  HTMLDivElement: ["div"],
  HTMLFormElement: ["form"],
  HTMLHeadingElement: ["h1", "h2", "h3", "h4", "h5", "h6"],
  HTMLInputElement: ["input"],
  HTMLLabelElement: ["label"],
  HTMLOListElement: ["ol"],
  HTMLOutputElement: ["output"],
  HTMLParagraphElement: ["p"],
  HTMLProgressElement: ["progress"],
  HTMLSelectElement: ["select"],
  HTMLSpanElement: ["span"],
  HTMLTableElement: ["table"],
  HTMLTextAreaElement: ["textarea"],
  HTMLUListElement: ["ul"],
};

describe("the page's elements", () => {
  const types = declared();
  const tags = page();

  it("declares the elements the shell uses", () => {
    assert.ok(types.size > 50);
  });

  for (const [id, type] of types) {
    it(`#${id} is one ${type}`, () => {
      const found = tags.get(id) ?? [];
      assert.equal(found.length, 1, `#${id} is in web/index.html ${found.length} times`);
      if (type === "HTMLElement") return; // any element (a section, say)
      const allowed = TAGS[/** @type {keyof typeof TAGS} */ (type)];
      assert.ok(allowed, `no tag known for ${type}`);
      assert.ok(allowed.includes(found[0]), `#${id} is a <${found[0]}>, declared ${type}`);
    });
  }

  it("has no id twice", () => {
    const twice = [...tags].filter(([, t]) => t.length > 1).map(([id]) => id);
    assert.deepEqual(twice, []);
  });
});
