// Match records in URLs: #r=<base64url of the record's JSON (UTF-8)>.

import { t } from "./i18n.js";
/** @import { MatchRecord } from "./types.js" */

/**
 * The `r=` parameter of a share link: the record's JSON (UTF-8) in base64url, unpadded.
 * @param {MatchRecord} record
 * @returns {string}
 */
export function encodeRecord(record) {
  const bytes = new TextEncoder().encode(JSON.stringify(record));
  let binary = "";
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary).replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "");
}

/**
 * The record JSON text in `encoded`; throws an Error with a readable message (in the reader's
 * language).
 * @param {string} encoded
 * @returns {string}
 */
export function decodeRecord(encoded) {
  let text;
  try {
    const b64 = encoded.replaceAll("-", "+").replaceAll("_", "/");
    const binary = atob(b64 + "=".repeat((4 - (b64.length % 4)) % 4));
    const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
    JSON.parse(text);
  } catch {
    throw new Error(t("shell.load.damaged_link"));
  }
  return text;
}

/**
 * The link that opens `record`, based on the current page address.
 * @param {MatchRecord} record
 * @param {string} [href]
 */
export function shareUrl(record, href = location.href) {
  const url = new URL(href);
  url.hash = `r=${encodeRecord(record)}`;
  return url.href;
}

/**
 * The encoded record in a hash or a full link, or null.
 * @param {string} text
 * @returns {string | null}
 */
export function recordParam(text) {
  const hash = text.includes("#") ? text.slice(text.indexOf("#") + 1) : "";
  const params = new URLSearchParams(hash);
  return params.get("r");
}
