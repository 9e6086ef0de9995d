// Bounds on what the page hands the engine: a saved game, a share link or a call's
// argument that is too long, nested too deeply or holds a number JavaScript cannot pass exactly
// is refused here, before it reaches the worker, so no input can exhaust Python's stack in
// Pyodide (which kills the engine for good). The engine checks the same bounds again
// (pygames/core/limits.py, the one source: the build writes them into js/catalog.json).

/** @import { Limits, Message } from "./types.js" */

/** @param {string} id @param {Record<string, unknown>} [args] @returns {Message} */
const message = (id, args = {}) => ({ id, args });

/**
 * How deeply the arrays and objects of JSON `text` nest, counting no bracket inside a string;
 * stops counting past `stop`. Linear in the text.
 * @param {string} text @param {number} [stop]
 */
export function jsonDepth(text, stop = Infinity) {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92) i++; // a backslash: the next character is escaped
      else if (c === 34) inString = false;
    } else if (c === 34) {
      inString = true;
    } else if (c === 91 || c === 123) {
      depth++;
      if (depth > deepest) {
        deepest = depth;
        if (deepest > stop) break;
      }
    } else if (c === 93 || c === 125) {
      depth--;
    }
  }
  return deepest;
}

/**
 * What is wrong with JSON `text` as a `what` (a core.what.* id) given at most `maxChars`
 * characters and `limits.depth` levels: a message, or null when it is within bounds.
 * @param {string} text @param {number} maxChars @param {Limits} limits @param {string} what
 * @returns {Message | null}
 */
export function textProblem(text, maxChars, limits, what) {
  const kind = message(what);
  if (text.length > maxChars) return message("core.limits.too_long", { what: kind, size: text.length, max: maxChars });
  if (jsonDepth(text, limits.depth) > limits.depth) return message("core.limits.too_deep", { what: kind, max: limits.depth });
  return null;
}

/**
 * What is wrong with a saved match's JSON text (from a file, a link or the automatic save),
 * said as the engine says it: "This share link is damaged: ..."; null when it may be opened.
 * @param {string} text @param {"save" | "link" | "autosave"} source @param {Limits} limits
 * @returns {Message | null}
 */
export function recordProblem(text, source, limits) {
  const detail = textProblem(text, limits.record_chars, limits, "core.what.record");
  return detail && message(`core.damaged.${source}`, { detail });
}

/**
 * What is wrong with a share link's encoded record or a file, before either is read whole:
 * `size` characters of base64 (a link) or bytes (a file) that cannot hold a record within
 * bounds (a character is at most 4 bytes of UTF-8, and base64 takes 4 characters for 3 bytes).
 * The refusal counts in the unit it measured: a file in bytes, a link in characters.
 * @param {number} size @param {"save" | "link"} source @param {Limits} limits
 * @returns {Message | null}
 */
export function sizeProblem(size, source, limits) {
  const bytes = limits.record_chars * 4;
  const max = source === "link" ? Math.ceil((bytes * 4) / 3) : bytes;
  if (size <= max) return null;
  const detail = source === "link"
    ? message("core.limits.too_long", { what: message("core.what.link"), size, max })
    : message("core.limits.too_large", { what: message("core.what.file"), size, max });
  return message(`core.damaged.${source}`, { detail });
}

/**
 * How deep the JSON text arguments of call `name` may nest: a view sent by another device
 * (pygames/bridge.py view_digest) to its own bound, everything else to the common one.
 * @param {string} name @param {Limits} limits
 */
export const callDepth = (name, limits) => (name === "view_digest" ? limits.view_depth : limits.depth);

/**
 * The refusal of a call to the engine whose arguments are out of bounds, in the bridge's
 * shape; null when every argument may cross. Texts: the longest any call takes (a saved
 * match) and the depth limit (`depth`: a view from another device nests deeper, to its own
 * bound); numbers: finite whole numbers no larger than a seed.
 * @param {unknown[]} args @param {Limits} limits @param {number} [depth]
 * @returns {{ok: false, error_type: "BadInput", error: string, message: Message} | null}
 */
export function callProblem(args, limits, depth = limits.depth) {
  for (const arg of args) {
    let problem = null;
    if (typeof arg === "string") {
      problem = textProblem(arg, limits.record_chars, { ...limits, depth }, "core.what.argument");
    } else if (typeof arg === "number") {
      if (!Number.isSafeInteger(arg) || Math.abs(arg) > limits.max_seed) {
        problem = message("core.bridge.not_whole", { what: message("core.what.argument"), value: String(arg) });
      }
    } else if (arg !== null && arg !== undefined && typeof arg !== "boolean") {
      problem = message("core.bridge.not_text", { what: message("core.what.argument") });
    }
    if (problem) return { ok: false, error_type: "BadInput", error: problem.id, message: problem };
  }
  return null;
}
