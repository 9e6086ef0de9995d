// The codes two devices pass by hand to link up: web/js/peer-link.js (the link itself, in
// Chromium, is in e2e/test_peer_link.py).
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { describe, it } from "node:test";

import { MAX_CODE_CHARS, PeerCodeError, decodeCode, encodeCode } from "../web/js/peer-link.js";

// An offer as Chromium writes one for a data channel with no ICE servers: one host candidate
// under an mDNS name.
const OFFER = [
  "v=0",
  "o=- 4611731400430051336 2 IN IP4 127.0.0.1",
  "s=-",
  "t=0 0",
  "a=group:BUNDLE 0",
  "a=extmap-allow-mixed",
  "a=msid-semantic: WMS",
  "m=application 52314 UDP/DTLS/SCTP webrtc-datachannel",
  "c=IN IP4 0.0.0.0",
  "a=candidate:3442447574 1 udp 2113937151 6a7c3d2e-2b1f-4d2e-9c8a-1f2e3d4c5b6a.local 52314 typ host generation 0 network-cost 999",
  "a=ice-ufrag:Kq2V",
  "a=ice-pwd:3Yc4dUe2q0h4xHc1Zk7P9mVb",
  "a=ice-options:trickle",
  "a=fingerprint:sha-256 5B:0E:7D:8A:91:2C:44:3F:6E:1A:B2:C3:D4:E5:F6:07:18:29:3A:4B:5C:6D:7E:8F:90:A1:B2:C3:D4:E5:F6:07",
  "a=setup:actpass",
  "a=mid:0",
  "a=sctp-port:5000",
  "a=max-message-size:262144",
  "",
].join("\r\n");

/** @param {Promise<unknown>} promise @param {string} reason */
async function refused(promise, reason) {
  await assert.rejects(promise, (error) => {
    assert.ok(error instanceof PeerCodeError, String(error));
    assert.equal(error.reason, reason);
    return true;
  });
}

describe("encodeCode / decodeCode", () => {
  it("round-trips an offer and an answer, shorter than the description", async () => {
    for (const kind of /** @type {const} */ (["offer", "answer"])) {
      const code = await encodeCode(kind, OFFER);
      assert.match(code, kind === "offer" ? /^pg1o\.[A-Za-z0-9_-]+$/ : /^pg1a\.[A-Za-z0-9_-]+$/);
      assert.ok(code.length < OFFER.length, `${code.length} >= ${OFFER.length}`);
      assert.equal(await decodeCode(code, kind), OFFER);
    }
  });

  it("reads a code copied with spaces and line breaks", async () => {
    const code = await encodeCode("offer", OFFER);
    const copied = ` ${code.slice(0, 20)}\n${code.slice(20, 41)}  ${code.slice(41)}\n`;
    assert.equal(await decodeCode(copied, "offer"), OFFER);
  });

  it("says when an invitation is pasted where an answer belongs, and the other way", async () => {
    await refused(decodeCode(await encodeCode("offer", OFFER), "answer"), "shell.peer.code.not_answer");
    await refused(decodeCode(await encodeCode("answer", OFFER), "offer"), "shell.peer.code.not_offer");
  });

  it("refuses damaged codes: cut, altered, not base64, not deflate, not a description", async () => {
    const code = await encodeCode("offer", OFFER);
    await refused(decodeCode(code.slice(0, code.length - 12), "offer"), "shell.peer.code.damaged");
    const flipped = code.slice(0, 30) + (code[30] === "A" ? "B" : "A") + code.slice(31);
    await refused(decodeCode(flipped, "offer"), "shell.peer.code.damaged");
    await refused(decodeCode(`${code}!`, "offer"), "shell.peer.code.damaged");
    await refused(decodeCode("pg1o.aGVsbG8", "offer"), "shell.peer.code.damaged");
    await refused(decodeCode(await encodeCode("offer", "hello"), "offer"), "shell.peer.code.damaged");
    await refused(decodeCode("https://example.org/#r=abc", "offer"), "shell.peer.code.damaged");
    await refused(decodeCode("", "offer"), "shell.peer.code.damaged");
    await refused(decodeCode(/** @type {any} */ (42), "offer"), "shell.peer.code.damaged");
  });

  it("refuses a code that is too long, or that inflates past the longest description", async () => {
    await refused(decodeCode(`pg1o.${"A".repeat(MAX_CODE_CHARS)}`, "offer"), "shell.peer.code.too_long");
    // A megabyte of one letter deflates to about a kilobyte: short enough to read, too big
    // to inflate.
    const bomb = await encodeCode("offer", `v=0\r\nm=application ${"a".repeat(1_000_000)}`);
    assert.ok(bomb.length < MAX_CODE_CHARS, String(bomb.length));
    await refused(decodeCode(bomb, "offer"), "shell.peer.code.too_long");
  });
});

describe("the reasons a code is refused", () => {
  it("are said in every language of the page", () => {
    for (const lang of ["en", "ja"]) {
      const words = JSON.parse(readFileSync(new URL(`../web/i18n/${lang}.json`, import.meta.url), "utf8"));
      for (const reason of ["shell.peer.code.damaged", "shell.peer.code.not_offer", "shell.peer.code.not_answer", "shell.peer.code.too_long"]) {
        assert.equal(typeof words[reason], "string", `${lang}: ${reason}`);
      }
    }
  });
});
