// QR codes drawn in the page, so a code can pass from one device's screen to another's camera:
// the host's invitation links and a guest's answer. The encoder is uqr (npm, MIT, no
// dependencies), vendored under vendor/uqr by the build and loaded on first use only; this
// module draws its modules as one SVG path, a rectangle for each run of dark modules.

/**
 * The encoder's answer that the drawing needs: the modules, border included, row by row.
 * @typedef {(text: string, options: {ecc: "L" | "M" | "Q" | "H", border: number}) => {data: boolean[][]}} Encode
 */

/** @type {Promise<Encode> | null} */
let loading = null;

/** The vendored encoder, imported once (a failed import is tried again at the next call). */
export function loadEncoder() {
  loading ??= import(new URL("../vendor/uqr/index.mjs", import.meta.url).href).then(
    (module) => /** @type {Encode} */ (module.encode),
    (error) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

/** @param {string} text */
const escapeAttr = (text) => text.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");

/**
 * An SVG image of the QR code of `text` (low error correction: the densest codes here are
 * read from a screen, not from paper), named `label` for screen readers.
 * @param {Encode} encode @param {string} text @param {string} label
 */
export function qrSvg(encode, text, label) {
  const { data } = encode(text, { ecc: "L", border: 2 });
  const size = data.length;
  let path = "";
  // Each run of dark modules in a row is one rectangle.
  data.forEach((row, y) => {
    for (let x = 0; x < size; x++) {
      if (!row[x]) continue;
      let run = 1;
      while (row[x + run]) run++;
      path += `M${x} ${y}h${run}v1h-${run}z`;
      x += run;
    }
  });
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${size} ${size}" role="img" aria-label="${escapeAttr(label)}"` +
    ` shape-rendering="crispEdges"><rect width="${size}" height="${size}" fill="#fff"/><path d="${path}" fill="#000"/></svg>`
  );
}
