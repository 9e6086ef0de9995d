// Names in the words around them. A name is typed by a player and may hold right-to-left
// letters or bidi controls: an unclosed RIGHT-TO-LEFT OVERRIDE (U+202E) in a name reversed
// every log line naming that player, and Hebrew or Arabic letters pull the digits and
// punctuation after them into their run. So a name that can reorder what is around it is
// isolated wherever it is shown: in text made for attributes, tooltips and the tab's title it
// is wrapped in FIRST STRONG ISOLATE ... POP DIRECTIONAL ISOLATE (U+2068 ... U+2069); where
// that text becomes page content, each wrapped name becomes a <bdi> element (isolate() marks,
// bidiNodes() and isolateText() turn the marks into elements).

export const FSI = "\u2068";
export const PDI = "\u2069";

// What can reorder the words beside a name: right-to-left letters and digits (Hebrew, Arabic,
// Syriac, Thaana, N'Ko and the other scripts of these blocks, their presentation forms, the
// right-to-left blocks beyond the first plane) and the bidi controls (marks, embeddings,
// overrides, isolates). A name of left-to-right letters, digits and punctuation cannot move
// the English or Japanese around it: it stays as typed.
const REORDERS =
  /[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufefe\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\u{10800}-\u{10fff}\u{1e800}-\u{1efff}]/u;
const ISOLATES = /[\u2066-\u2069]/gu;
const MARKED = /\u2068([^\u2068\u2069]*)\u2069/u;

/** `name` ready to stand in any text: wrapped in FSI ... PDI when it could reorder the words
 *  around it (its own isolate controls dropped, so its end is the wrapper's), else as it is.
 *  The wrapper's PDI also ends any embedding or override the name left open.
 *  @param {string} name */
export function isolate(name) {
  return REORDERS.test(name) ? FSI + name.replace(ISOLATES, "") + PDI : name;
}

/** Elements whose text is shown as plain text (no element inside is drawn): the marks stay
 *  there, and isolate all the same. */
const PLAIN = new Set(["option", "title", "textarea", "script", "style"]);

/**
 * `text` as page content: each FSI ... PDI of isolate() becomes a <bdi> holding the name.
 * @param {string} text @param {Document} [doc]
 * @returns {(string | HTMLElement)[]}
 */
export function bidiNodes(text, doc = document) {
  /** @type {(string | HTMLElement)[]} */
  const nodes = [];
  let rest = text;
  for (let found = MARKED.exec(rest); found; found = MARKED.exec(rest)) {
    if (found.index) nodes.push(rest.slice(0, found.index));
    const bdi = doc.createElement("bdi");
    bdi.textContent = found[1];
    nodes.push(bdi);
    rest = rest.slice(found.index + found[0].length);
  }
  if (rest || !nodes.length) nodes.push(rest);
  return nodes;
}

/** Make `node`'s content `text`, names in <bdi> (see bidiNodes).
 *  @param {Element} node @param {string} text */
export function setText(node, text) {
  if (!text.includes(FSI) || PLAIN.has(node.localName) || !(node instanceof HTMLElement)) {
    node.textContent = text;
  } else {
    node.replaceChildren(...bidiNodes(text, node.ownerDocument));
  }
}

/**
 * Turn every marked name in the HTML text under `root` (a parsed table, a fragment) into a
 * <bdi>. Text inside SVG and plain-text elements keeps its marks: they isolate there too.
 * @param {Node} root
 */
export function isolateText(root) {
  const doc = root.ownerDocument ?? document;
  const walker = doc.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  /** @type {Text[]} */
  const marked = [];
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const parent = node.parentElement;
    if (node.nodeValue?.includes(FSI) && parent instanceof HTMLElement && !PLAIN.has(parent.localName)) {
      marked.push(/** @type {Text} */ (node));
    }
  }
  for (const node of marked) node.replaceWith(...bidiNodes(node.nodeValue ?? "", doc));
}
