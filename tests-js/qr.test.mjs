// The QR codes the page draws (web/js/qr.js) with the encoder the build vendors (uqr): one dark
// square in the path for each dark module the encoder gives, on a white square, and a name.
import assert from "node:assert/strict";
import { describe, it } from "node:test";

import { encode } from "uqr";

import { qrSvg } from "../web/js/qr.js";

describe("qrSvg", () => {
  it("draws every dark module of an invitation-sized code, and only those", () => {
    const text = `http://127.0.0.1:8000/#join=pg1o.${"A1b2_-".repeat(110)}&seat=1&key=${"ab".repeat(16)}`;
    const svg = qrSvg(encode, text, 'Invitation for "Ben" <QR>');
    const { data } = encode(text, { ecc: "L", border: 2 });
    const size = data.length;
    assert.ok(size > 80 && size < 100, `a code of ${text.length} characters is ${size} modules wide`);
    assert.match(svg, new RegExp(`viewBox="0 0 ${size} ${size}"`));
    const squares = [...svg.matchAll(/M(\d+) (\d+)h(\d+)v1h-\3z/g)].flatMap((m) =>
      Array.from({ length: Number(m[3]) }, (_, i) => `${Number(m[1]) + i},${m[2]}`),
    );
    const dark = data.flatMap((row, y) => row.flatMap((on, x) => (on ? [`${x},${y}`] : [])));
    assert.deepEqual(squares, dark);
    assert.match(svg, /aria-label="Invitation for &quot;Ben&quot; &lt;QR>"/);
    assert.ok(svg.length < 40_000, `${svg.length} characters`);
  });
});
