// What every game renderer needs the same way: escaping text into HTML, redrawing a table
// without losing keyboard focus, and sending one action at a time.

/** Text made safe for HTML content and attribute values. */
export const esc = (s) =>
  String(s).replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]);

/** "1 card", "3 cards". */
export const plural = (n, one, many = one + "s") => `${n} ${n === 1 ? one : many}`;

/** "Kenji's", "Lewis'". */
export const possessive = (name) => (name.endsWith("s") ? `${name}'` : `${name}'s`);

/**
 * Replace the table's HTML; the element that had focus (matched by its data-focus-key) gets it
 * back, so keyboard players keep their place across redraws.
 */
export function redraw(root, html) {
  const active = document.activeElement;
  const focusKey = active && root.contains(active) ? active.getAttribute("data-focus-key") : null;
  root.innerHTML = html;
  if (focusKey) {
    const again = root.querySelector(`[data-focus-key="${CSS.escape(focusKey)}"]`);
    if (again) again.focus({ preventScroll: true });
  }
}

/**
 * Send one action through the shell's `act` callback, ignoring clicks until it settles;
 * `sendingClass` marks the table meanwhile. A refusal is shown by the shell, not here.
 */
export function send(root, st, sendingClass, call) {
  st.sending = true;
  root.classList.add(sendingClass);
  return Promise.resolve()
    .then(call)
    .catch((err) => console.warn(`${sendingClass}: action refused`, err))
    .finally(() => {
      st.sending = false;
      root.classList.remove(sendingClass);
    });
}
