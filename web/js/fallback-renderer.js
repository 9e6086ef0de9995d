// A plain renderer for any game: the table as JSON and one button per legal action.
// Used when a game's own renderer (web/js/games/<id>.js) cannot be loaded.

import { el } from "./dom.js";
/** @import { Action, RendererProps } from "./types.js" */

/** @param {Action} action */
export function describeAction(action) {
  return Object.entries(action)
    .map(([k, v]) => (k === "type" ? String(v) : `${k} ${JSON.stringify(v)}`))
    .join(", ");
}

/**
 * @param {HTMLElement} root
 * @param {RendererProps} props
 */
export function render(root, { view, legal, busy, act }) {
  const buttons = el("div", { class: "fallback-actions" });
  for (const action of legal) {
    const text = JSON.stringify(action);
    const button = el("button", {
      type: "button",
      class: "legal",
      "data-action": text,
      "aria-label": describeAction(action),
      text: describeAction(action),
      disabled: busy,
    });
    button.addEventListener("click", () => act(action));
    buttons.append(button);
  }
  root.replaceChildren(
    el("pre", { class: "fallback-table", text: JSON.stringify(view.table, null, 1) }),
    buttons,
  );
}
