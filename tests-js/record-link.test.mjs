// Share links: web/js/record-link.js (#r=<base64url of the record's JSON, UTF-8>).
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { describe, it } from "node:test";

import { addCatalogue } from "../web/js/i18n.js";
import { decodeRecord, encodeRecord, recordParam, shareUrl } from "../web/js/record-link.js";

addCatalogue("en", JSON.parse(readFileSync(new URL("../web/i18n/en.json", import.meta.url), "utf8")));
const DAMAGED = "This share link is damaged: the game in it cannot be read.";

/** A record as bridge.export_record gives it. */
const record = (names = ["Aiko", "Kenji"]) => ({
  version: 1,
  game: "tanbo",
  options: { first_player: 0 },
  seats: names.map((name, i) => ({ name, bot: i ? "normal" : null })),
  seed: 1234,
  actions: [[0, { type: "farmer", paddy: 2 }], [1, { type: "farmer", paddy: 0 }]],
});

describe("encodeRecord / decodeRecord", () => {
  it("round-trips a record to its exact JSON text", () => {
    const r = record();
    assert.equal(decodeRecord(encodeRecord(r)), JSON.stringify(r));
  });

  it("keeps names outside ASCII (UTF-8, not Latin-1)", () => {
    const r = record(["愛子", "Zoë 🍵"]);
    const text = decodeRecord(encodeRecord(r));
    assert.deepEqual(JSON.parse(text).seats.map((/** @type {{name: string}} */ s) => s.name), ["愛子", "Zoë 🍵"]);
  });

  it("writes base64url: no '+', '/' or '=' (safe in a URL fragment)", () => {
    // "???" and ">>>" encode to "Pz8/" and "Pj4+" in standard base64.
    const r = record(["???", ">>>>"]);
    const standard = btoa(JSON.stringify(r));
    assert.match(standard, /[+/]/, "the record should exercise both replacements");
    const encoded = encodeRecord(r);
    assert.match(encoded, /^[A-Za-z0-9_-]+$/);
    assert.equal(encoded, standard.replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, ""));
    assert.equal(decodeRecord(encoded), JSON.stringify(r));
  });

  it("reads padded and unpadded forms alike", () => {
    for (const names of [["A", "B"], ["Ab", "B"], ["Abc", "B"]]) {
      const r = record(names);
      const encoded = encodeRecord(r);
      const padded = encoded + "=".repeat((4 - (encoded.length % 4)) % 4);
      assert.equal(decodeRecord(padded), JSON.stringify(r));
    }
  });

  it("refuses a link cut short, with the readable message", () => {
    const encoded = encodeRecord(record());
    for (const cut of [1, 2, 3, 5, 10, encoded.length - 1]) {
      assert.throws(() => decodeRecord(encoded.slice(0, encoded.length - cut)), { message: DAMAGED });
    }
  });

  it("refuses characters outside base64", () => {
    assert.throws(() => decodeRecord("eyJh!!!"), { message: DAMAGED });
    assert.throws(() => decodeRecord("eyJh.IjoxfQ"), { message: DAMAGED });
  });

  it("reads a link broken across lines (base64 ignores white space)", () => {
    const encoded = encodeRecord(record());
    const broken = `${encoded.slice(0, 20)}\n  ${encoded.slice(20, 45)} ${encoded.slice(45)}`;
    assert.equal(decodeRecord(broken), JSON.stringify(record()));
  });

  it("refuses valid base64 that is not JSON, or not UTF-8", () => {
    const b64url = (/** @type {string} */ binary) => btoa(binary).replaceAll("+", "-").replaceAll("/", "_");
    assert.throws(() => decodeRecord(b64url("not json")), { message: DAMAGED });
    assert.throws(() => decodeRecord(b64url("\xff\xfe{}")), { message: DAMAGED }); // bytes, not UTF-8
    // Valid JSON but for one byte that is no UTF-8: refused, not read as "\uFFFD".
    assert.throws(() => decodeRecord(b64url('{"name":"\xe6\x84"}')), { message: DAMAGED });
    assert.throws(() => decodeRecord(""), { message: DAMAGED });
  });

  it("leaves judging the record to the engine: any JSON text passes", () => {
    // The engine's import_record says what is wrong with a record; the link only carries it.
    assert.equal(decodeRecord(encodeRecord(/** @type {any} */ ({ game: "chess" }))), '{"game":"chess"}');
  });
});

describe("recordParam", () => {
  it("finds r= in a hash or in a whole link", () => {
    assert.equal(recordParam("#r=abc"), "abc");
    assert.equal(recordParam("https://example.org/pygames/?fast=1#r=abc_-"), "abc_-");
    assert.equal(recordParam("#x=1&r=abc"), "abc");
  });

  it("is null without a hash or without r=", () => {
    assert.equal(recordParam(""), null);
    assert.equal(recordParam("https://example.org/"), null);
    assert.equal(recordParam("#"), null);
    assert.equal(recordParam("#rules"), null);
    assert.equal(recordParam("https://example.org/?r=abc"), null); // a query is not the hash
  });

  it("gives an empty r= as empty text (decodeRecord then refuses it)", () => {
    assert.equal(recordParam("#r="), "");
  });
});

describe("shareUrl", () => {
  it("keeps the page's address and query, and replaces the hash", () => {
    const r = record();
    const url = shareUrl(r, "https://example.org/pygames/index.html?fast=1#r=old");
    const parsed = new URL(url);
    assert.equal(parsed.origin + parsed.pathname, "https://example.org/pygames/index.html");
    assert.equal(parsed.search, "?fast=1");
    assert.equal(parsed.hash, `#r=${encodeRecord(r)}`);
  });

  it("opens the same record again", () => {
    const r = record(["Ann", "Ben"]);
    const param = recordParam(shareUrl(r, "http://127.0.0.1:8000/"));
    assert.ok(param);
    assert.deepEqual(JSON.parse(decodeRecord(param)), r);
  });
});
