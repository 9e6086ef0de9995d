// Names in the words around them: web/js/bidi.js (the DOM half is checked in e2e/test_input.py).
import assert from "node:assert/strict";
import { describe, it } from "node:test";

import { FSI, PDI, isolate } from "../web/js/bidi.js";
import { possessive } from "../web/js/games/shared.js";

describe("isolate", () => {
  it("wraps a name that could reorder its neighbours in FIRST STRONG ISOLATE ... POP", () => {
    assert.equal(isolate("\u202eEve"), `${FSI}\u202eEve${PDI}`); // an unclosed override
    assert.equal(isolate("\u05e9\u05e8\u05d4"), `${FSI}\u05e9\u05e8\u05d4${PDI}`); // Hebrew
    assert.equal(isolate("\u0639\u0644\u064a 2"), `${FSI}\u0639\u0644\u064a 2${PDI}`); // Arabic
    assert.equal(isolate("Ann\u200f"), `${FSI}Ann\u200f${PDI}`); // a right-to-left mark
    assert.equal(isolate("\u{10900}"), `${FSI}\u{10900}${PDI}`); // Phoenician, beyond the first plane
  });

  it("drops the name's own isolate controls, so the wrapper ends where the name ends", () => {
    assert.equal(isolate("a\u2069\u202eb"), `${FSI}a\u202eb${PDI}`);
    assert.equal(isolate("\u2067x"), `${FSI}x${PDI}`);
  });

  it("leaves a name that reads left to right as typed", () => {
    for (const name of ["Aiko", "花子", "Zoë", "R2-D2", "(=^.^=)", "Игорь", "\u{1f375}"]) {
      assert.equal(isolate(name), name);
    }
  });

  it("keeps the possessive outside the isolate", () => {
    assert.equal(possessive(isolate("\u202eLewis")), `${FSI}\u202eLewis${PDI}'`);
    assert.equal(possessive(isolate("\u202eKenji")), `${FSI}\u202eKenji${PDI}'s`);
  });
});
