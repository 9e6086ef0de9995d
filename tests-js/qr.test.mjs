// The QR codes the page draws (web/js/qr.js) with the encoder the build vendors (uqr): one dark
// square in the path for each dark module the encoder gives, on a white square, and a name.
import assert from "node:assert/strict";
import { describe, it } from "node:test";

import jsQR from "jsqr";
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

  it("draws a code a camera reads back as the whole invitation link", () => {
    const text = `https://example.test/pygames/#join=pg1o.${"Zx9_-q".repeat(105)}&seat=3&key=${"0f".repeat(16)}`;
    const svg = qrSvg(encode, text, "Invitation");
    const size = Number(/viewBox="0 0 (\d+)/.exec(svg)?.[1]);
    // The SVG's rectangles, painted 4 pixels a module, white elsewhere.
    const scale = 4;
    const width = size * scale;
    const pixels = new Uint8ClampedArray(width * width * 4).fill(255);
    for (const [, x, y, run] of svg.matchAll(/M(\d+) (\d+)h(\d+)v1h-\3z/g)) {
      for (let dx = 0; dx < Number(run) * scale; dx++) {
        for (let dy = 0; dy < scale; dy++) {
          const at = ((Number(y) * scale + dy) * width + Number(x) * scale + dx) * 4;
          pixels.fill(0, at, at + 3);
        }
      }
    }
    assert.equal(jsQR(pixels, width, width)?.data, text);
  });
});

